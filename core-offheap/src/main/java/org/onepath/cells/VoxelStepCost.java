package org.onepath.cells;

/**
 * Tier-1 step-cost delegate of voxel queries: the cost of the move from one voxel to a neighbour
 * given the grid's cost. A NaN, negative or +infinite result removes the move. Runs on the
 * querying thread.
 */
@FunctionalInterface
public interface VoxelStepCost {
    /**
     * The cost of one move between neighbouring voxels, replacing the grid's own.
     *
     * @param fromX    the x moved from
     * @param fromY    the y moved from
     * @param fromZ    the z moved from
     * @param toX      the x moved to
     * @param toY      the y moved to
     * @param toZ      the z moved to
     * @param gridCost the cost the grid's own rule gives the move (from the area multipliers)
     * @return the move's cost, 0 or more and finite; NaN, negative or +infinity removes the move
     */
    double cost(int fromX, int fromY, int fromZ, int toX, int toY, int toZ, double gridCost);
}
