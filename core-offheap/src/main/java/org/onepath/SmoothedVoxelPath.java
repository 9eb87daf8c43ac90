package org.onepath;

import java.util.List;
import java.util.Objects;

/**
 * A voxel path after {@link PathSmoother}: waypoints joined by straight segments and their cost.
 * Immutable.
 *
 * @param waypoints the kept voxels, start first and goal last; empty when the input had no path
 * @param cost      the waypoints' segment costs added in path order from 0 (see
 *                  {@code docs/smoothing.md}); +infinity when the input had no path
 * @param inputCost the input's cost under the same segment costs, never below {@code cost}; for a
 *                  path of single moves it equals the search's cost
 */
public record SmoothedVoxelPath(List<VoxelCell> waypoints, double cost, double inputCost) {
    /**
     * Checks and copies the waypoints.
     *
     * @param waypoints the kept voxels, start first; copied
     * @param cost      the smoothed cost
     * @param inputCost the input's cost
     * @throws NullPointerException if {@code waypoints} or one of its voxels is null
     */
    public SmoothedVoxelPath {
        waypoints = List.copyOf(Objects.requireNonNull(waypoints, "waypoints"));
    }
}
