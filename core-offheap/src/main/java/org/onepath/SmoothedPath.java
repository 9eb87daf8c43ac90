package org.onepath;

import java.util.List;
import java.util.Objects;
import org.onepath.cells.Cell;

/**
 * A square-grid path after {@link PathSmoother}: any-angle waypoints joined by straight segments
 * and their cost. Immutable.
 *
 * @param waypoints the kept cells, start first and goal last; empty when the input had no path
 * @param cost      the waypoints' segment costs added in path order from 0 (see
 *                  {@code docs/smoothing.md}); +infinity when the input had no path
 * @param inputCost the input's cost under the same segment costs, never below {@code cost}; for a
 *                  path of single steps it equals the search's cost
 */
public record SmoothedPath(List<Cell> waypoints, double cost, double inputCost) {
    /**
     * Checks and copies the waypoints.
     *
     * @param waypoints the kept cells, start first; copied
     * @param cost      the smoothed cost
     * @param inputCost the input's cost
     * @throws NullPointerException if {@code waypoints} or one of its cells is null
     */
    public SmoothedPath {
        waypoints = List.copyOf(Objects.requireNonNull(waypoints, "waypoints"));
    }

    /**
     * The centres of the waypoints in a grid's world coordinates.
     *
     * @param space the mapping of the grid the path was smoothed on
     * @return a new list of the centres, one per waypoint
     * @throws NullPointerException if {@code space} is null
     */
    public List<WorldPoint> points(GridSpace space) {
        Objects.requireNonNull(space, "space");
        return waypoints.stream().map(c -> space.centerOf(c.x(), c.y())).toList();
    }
}
