package org.onepath.grids.voxel;

/**
 * Cost hook of the paged voxel search: the cost of a move between two voxels given the
 * topology's cost. A NaN, negative or +infinite result removes the move. It receives
 * coordinates, so the search never divides a node index to call it.
 */
@FunctionalInterface
public interface VoxelMoveCost {
    double cost(int fromX, int fromY, int fromZ, int toX, int toY, int toZ, double baseCost);
}
