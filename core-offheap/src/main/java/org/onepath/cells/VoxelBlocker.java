package org.onepath.cells;

/**
 * Tier-1 blocking delegate of voxel queries: a voxel it refuses is not entered, and as a start or
 * goal makes the query return START_INVALID or GOAL_INVALID. It does not take part in the corner
 * rule, which reads the grid alone. Runs on the querying thread.
 */
@FunctionalInterface
public interface VoxelBlocker {
    /**
     * Whether the agent may not enter voxel (x, y, z).
     *
     * @param x the voxel's x, 0..sizeX-1
     * @param y the voxel's y, 0..sizeY-1
     * @param z the voxel's z, 0..sizeZ-1
     * @return true to refuse the voxel
     */
    boolean isBlocked(int x, int y, int z);
}
