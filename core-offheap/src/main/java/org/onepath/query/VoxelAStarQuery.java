package org.onepath.query;

import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.voxel.PagedVoxelSearch;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.grids.voxel.VoxelMoveCost;
import org.onepath.grids.voxel.VoxelTopology;

/**
 * The engine of a voxel grid's one-line query: a {@link PagedVoxelSearch} prepared for one set of
 * move rules, weight and hooks, kept while the next query asks for the same (hooks compared by
 * identity), its page pool trimmed after every run.
 */
public final class VoxelAStarQuery implements AutoCloseable {
    private final PagedVoxelSearch search;
    private final VoxelConnectivity connectivity;
    private final VoxelCornerRule cornerRule;
    private final double weight;
    private final Object stepCost;
    private final Object blocked;

    /**
     * @param moveCost the hooks as one move cost, or null without hooks
     * @param stepCost the caller's step-cost hook the move cost was made from, or null
     * @param blocked the caller's blocker hook the move cost was made from, or null
     */
    public VoxelAStarQuery(
            VoxelTopology topology,
            VoxelConnectivity connectivity,
            VoxelCornerRule cornerRule,
            double weight,
            VoxelMoveCost moveCost,
            Object stepCost,
            Object blocked) {
        this.search = new PagedVoxelSearch(topology, new VoxelHeuristic(topology), moveCost, weight);
        this.connectivity = connectivity;
        this.cornerRule = cornerRule;
        this.weight = weight;
        this.stepCost = stepCost;
        this.blocked = blocked;
    }

    /** Whether this engine was prepared for these rules, weight and hooks. */
    public boolean preparedFor(
            VoxelConnectivity connectivity,
            VoxelCornerRule cornerRule,
            double weight,
            Object stepCost,
            Object blocked) {
        return connectivity == this.connectivity
                && cornerRule == this.cornerRule
                && weight == this.weight
                && stepCost == this.stepCost
                && blocked == this.blocked;
    }

    /**
     * Runs one query between two voxel indices both ends of which the caller checked.
     *
     * @param budget iterations in all, 0 for no limit
     * @param slice iterations between cancellation checks
     * @param cancellation may be null
     */
    public SearchResult run(
            int start, int goal, int budget, int slice, boolean recordExpansions, Cancellation cancellation) {
        try {
            search.recordExpansions(recordExpansions);
            search.begin(start, goal);
            PathStatus status = search.runWithin(budget, cancellation, slice);
            boolean found = status == PathStatus.FOUND;
            return new SearchResult(
                    status,
                    found ? search.path() : null,
                    null,
                    found ? search.pathCost() : Double.POSITIVE_INFINITY,
                    search.expandedCount(),
                    search.iterations(),
                    recordExpansions ? search.expandedNodes() : null);
        } finally {
            search.trimPool();
        }
    }

    @Override
    public void close() {
        search.close();
    }
}
