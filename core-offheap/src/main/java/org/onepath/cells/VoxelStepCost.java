package org.onepath.cells;

/**
 * Tier-1 step-cost delegate of voxel queries: the cost of the move from one voxel to a neighbour
 * given the grid's cost. A NaN, negative or +infinite result removes the move. Runs on the
 * querying thread.
 */
@FunctionalInterface
public interface VoxelStepCost {
    double cost(int fromX, int fromY, int fromZ, int toX, int toY, int toZ, double gridCost);
}
