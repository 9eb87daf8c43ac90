package org.onepath.query;

import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.voxel.PagedVoxelSearch;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.grids.voxel.VoxelJumpSearch;
import org.onepath.grids.voxel.VoxelMoveCost;
import org.onepath.grids.voxel.VoxelTopology;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchySearch;

/**
 * The engine of a voxel grid's one-line query, prepared for one set of move rules, weight and
 * hooks and kept while the next query asks for the same (hooks compared by identity): the voxel
 * A* ({@link PagedVoxelSearch}), the jump point search ({@link VoxelJumpSearch}, which keeps the
 * walkable bits it has built) or the search over a chunk hierarchy ({@link VoxelHierarchySearch},
 * kept while the grid keeps its hierarchy). The paged searches' pools are trimmed after every run;
 * the hierarchy search keeps its working memory, which grows only with the largest query so far.
 */
public final class VoxelQuery implements AutoCloseable {
    private final PagedVoxelSearch astar;
    private final VoxelJumpSearch jumps;
    private final VoxelHierarchySearch hierarchy;
    private final SlicedSearch search;
    private final VoxelConnectivity connectivity;
    private final VoxelCornerRule cornerRule;
    private final double weight;
    private final Object stepCost;
    private final Object blocked;

    private VoxelQuery(
            PagedVoxelSearch astar,
            VoxelJumpSearch jumps,
            VoxelHierarchySearch hierarchy,
            VoxelConnectivity connectivity,
            VoxelCornerRule cornerRule,
            double weight,
            Object stepCost,
            Object blocked) {
        this.astar = astar;
        this.jumps = jumps;
        this.hierarchy = hierarchy;
        this.search = astar != null ? astar : jumps != null ? jumps : hierarchy;
        this.connectivity = connectivity;
        this.cornerRule = cornerRule;
        this.weight = weight;
        this.stepCost = stepCost;
        this.blocked = blocked;
    }

    /**
     * A voxel A* over the topology's moves and rule.
     *
     * @param moveCost the hooks as one move cost, or null without hooks
     * @param stepCost the caller's step-cost hook the move cost was made from, or null
     * @param blocked the caller's blocker hook the move cost was made from, or null
     */
    public static VoxelQuery astar(
            VoxelTopology topology,
            VoxelConnectivity connectivity,
            VoxelCornerRule cornerRule,
            double weight,
            VoxelMoveCost moveCost,
            Object stepCost,
            Object blocked) {
        PagedVoxelSearch astar = new PagedVoxelSearch(topology, new VoxelHeuristic(topology), moveCost, weight);
        return new VoxelQuery(astar, null, null, connectivity, cornerRule, weight, stepCost, blocked);
    }

    /** A jump point search over a topology of 26 moves without corner cutting (the caller checked it qualifies). */
    public static VoxelQuery jumpPoints(VoxelTopology topology) {
        VoxelJumpSearch jumps = new VoxelJumpSearch(topology, false);
        return new VoxelQuery(
                null, jumps, null, VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING, 1.0, null, null);
    }

    /** A search over a grid's hierarchy (the caller checked the query has no hooks). */
    public static VoxelQuery hierarchy(VoxelHierarchy hierarchy) {
        VoxelHierarchySearch search = new VoxelHierarchySearch(hierarchy);
        return new VoxelQuery(null, null, search, hierarchy.connectivity(), hierarchy.cornerRule(), 1.0, null, null);
    }

    /** Whether this engine searches this very hierarchy (a replaced or closed one is never current). */
    public boolean searches(VoxelHierarchy current) {
        return hierarchy != null && hierarchy.hierarchy() == current;
    }

    /** Whether this engine is the paged A* or jump search asked for and was prepared for these rules, weight and hooks. */
    public boolean preparedFor(
            boolean jumpPoints,
            VoxelConnectivity connectivity,
            VoxelCornerRule cornerRule,
            double weight,
            Object stepCost,
            Object blocked) {
        return hierarchy == null
                && jumpPoints == (jumps != null)
                && connectivity == this.connectivity
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
     * @param allowPartial on a miss, the path to the closest reached voxel as PARTIAL
     * @param cancellation may be null
     */
    public SearchResult run(
            int start,
            int goal,
            int budget,
            int slice,
            boolean recordExpansions,
            boolean allowPartial,
            Cancellation cancellation) {
        try {
            begin(start, goal, recordExpansions);
            return resultOf(search.runWithin(budget, cancellation, slice), recordExpansions, allowPartial);
        } finally {
            trim();
        }
    }

    /**
     * Begins one query between two voxel indices both ends of which the caller checked. The
     * hierarchy search records no expansions, whatever is asked.
     */
    public void begin(int start, int goal, boolean recordExpansions) {
        if (astar != null) {
            astar.recordExpansions(recordExpansions);
        } else if (jumps != null) {
            jumps.recordExpansions(recordExpansions);
        }
        search.begin(start, goal);
    }

    /** Runs up to {@code n} iterations of the begun query: IN_PROGRESS, FOUND or NO_PATH. */
    public PathStatus step(int n) {
        return switch (search.step(n)) {
            case FOUND -> PathStatus.FOUND;
            case NO_PATH -> PathStatus.NO_PATH;
            default -> PathStatus.IN_PROGRESS;
        };
    }

    /**
     * The begun query's result under the status the caller reports (with {@code allowPartial}, a
     * miss gives the path to the closest reached voxel as PARTIAL); trims the page pool.
     */
    public SearchResult finish(PathStatus status, boolean recordExpansions, boolean allowPartial) {
        try {
            return resultOf(status, recordExpansions, allowPartial);
        } finally {
            trim();
        }
    }

    private SearchResult resultOf(PathStatus status, boolean askedToRecord, boolean allowPartial) {
        // The hierarchy search expands abstract nodes, not voxels: nothing is recorded.
        boolean recordExpansions = askedToRecord && hierarchy == null;
        if (status != PathStatus.FOUND && allowPartial) {
            // read before the pool is trimmed, which ends the search
            int end = search.closestReached();
            return new SearchResult(
                    PathStatus.PARTIAL,
                    search.pathTo(end),
                    null,
                    search.costTo(end),
                    search.expandedCount(),
                    search.iterations(),
                    recordExpansions ? search.expandedNodes() : null);
        }
        boolean found = status == PathStatus.FOUND;
        return new SearchResult(
                status,
                found ? search.path() : null,
                null,
                found ? search.pathCost() : Double.POSITIVE_INFINITY,
                search.expandedCount(),
                search.iterations(),
                recordExpansions ? search.expandedNodes() : null);
    }

    /** Gives back the pages the search grew beyond its pool's limit. */
    public void trim() {
        if (astar != null) {
            astar.trimPool();
        } else if (jumps != null) {
            jumps.trimPool();
        }
    }

    @Override
    public void close() {
        if (astar != null) {
            astar.close();
        } else if (jumps != null) {
            jumps.close();
        } else {
            hierarchy.close();
        }
    }
}
