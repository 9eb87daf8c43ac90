package org.onepath.cells;

/**
 * Tier-1 blocking delegate of voxel queries: a voxel it refuses is not entered, and as a start or
 * goal makes the query return START_INVALID or GOAL_INVALID. It does not take part in the corner
 * rule, which reads the grid alone. Runs on the querying thread.
 */
@FunctionalInterface
public interface VoxelBlocker {
    boolean isBlocked(int x, int y, int z);
}
