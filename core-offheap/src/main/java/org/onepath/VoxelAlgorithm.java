package org.onepath;

/**
 * The search a tier-1 voxel query asks for ({@link VoxelOptions#algorithm()}) and the one that ran
 * ({@link VoxelPath#algorithm()}).
 */
public enum VoxelAlgorithm {
    /** A* over the chosen moves, corner rule, costs and hooks; every query can run it. */
    ASTAR,
    /**
     * Jump point search (tier 2 {@code org.onepath.grids.voxel.VoxelJumpSearch};
     * {@code docs/voxels.md}). It runs when the query qualifies: 26 moves, no corner cutting, one
     * cost multiplier for every walkable area, no step-cost or blocking delegate, weight 1. Any
     * other query runs {@link #ASTAR}, which finds the same costs.
     */
    JPS
}
