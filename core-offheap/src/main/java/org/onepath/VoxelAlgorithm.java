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
    JPS,
    /**
     * HPA* in 3D: a search over a hierarchy of the grid's 16 x 16 x 16 chunks (tier 2
     * {@code org.onepath.grids.voxel.hierarchy}; {@code docs/voxel-hierarchy.md}), refined to voxel
     * moves and pulled taut. It finds a path exactly when one exists, never cheaper than the
     * optimum and usually within 1 to 2 % of it, expanding far fewer nodes than the exact searches
     * on large worlds. It runs for 6 moves with any corner rule and for 18 or 26 moves with
     * {@link org.onepath.cells.VoxelCornerRule#NO_CORNER_CUTTING} or
     * {@link org.onepath.cells.VoxelCornerRule#NO_SQUEEZING}, any area costs and any heuristic
     * weight (which it does not read), without a step-cost or blocking delegate. Any other query
     * runs the exact search, {@link #JPS} when that qualifies, else {@link #ASTAR}, and
     * {@link VoxelPath#algorithm()} says which. The grid builds one hierarchy per (connectivity,
     * corner rule, {@link VoxelOptions#hierarchyFaceSamples()}) on the first query that needs it and
     * keeps it up to date with edits; it keeps at most eight. Expanded voxels are not recorded
     * (its expansions are abstract nodes). {@code docs/voxels.md} says what else differs.
     */
    HPA
}
