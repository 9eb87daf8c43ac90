package org.onepath.grids.voxel;

/**
 * Cost hook of the paged voxel search: the cost of a move between two voxels given the
 * topology's cost. A NaN, negative or +infinite result removes the move. It receives
 * coordinates, so the search never divides a node index to call it.
 */
@FunctionalInterface
public interface VoxelMoveCost {
    /**
     * The cost of the move between two neighbouring voxels.
     *
     * @param fromX    the x moved from
     * @param fromY    the y moved from
     * @param fromZ    the z moved from
     * @param toX      the x moved to
     * @param toY      the y moved to
     * @param toZ      the z moved to
     * @param baseCost the topology's cost of the move
     * @return the move's cost, 0 or more and finite; NaN, negative or +infinity removes the move
     */
    double cost(int fromX, int fromY, int fromZ, int toX, int toY, int toZ, double baseCost);
}
