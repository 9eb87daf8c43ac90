package org.onepath.query;

import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cancellation;
import org.onepath.cells.MemoryFaults;
import org.onepath.cells.PathStatus;
import org.onepath.cells.VoxelBlocker;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.cells.VoxelStepCost;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelMoveCost;
import org.onepath.grids.voxel.VoxelTopology;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;
import org.onepath.memory.IdleSlot;

/**
 * The one-line queries of a voxel grid: one idle engine per search kind ({@link VoxelQuery}), so
 * queries that alternate A*, jump point search and the hierarchy keep each (the jump search's
 * walkable bits and the hierarchy search's working memory are worth keeping). A query takes the
 * idle engine of its kind when it was prepared for the same moves, weight and hooks, or searches
 * the grid's current hierarchy for its rules (else makes one), runs it and puts it back. The
 * hierarchies themselves are the grid's ({@link VoxelHierarchies}).
 */
public final class VoxelQueries implements AutoCloseable {
    /**
     * The options of one query, read by the facade: the search and move rules an idle engine must
     * have been prepared for, and the run's limits.
     *
     * @param engine the search to run ({@link VoxelEngine#chosen}: the facade checked the query
     *     qualifies)
     * @param connectivity which of the 26 neighbour moves are allowed
     * @param cornerRule when a diagonal move may pass solid voxels beside it
     * @param faceSamples the face samples of the hierarchy an HPA query searches
     * @param weight the heuristic weight
     * @param stepCost the step-cost hook, or null
     * @param blocked the blocking hook, or null
     * @param budget iterations in all, 0 for no limit
     * @param slice iterations between cancellation checks
     * @param recordExpansions whether the run records its expanded nodes
     * @param allowPartial on a miss, the path to the closest reached voxel as PARTIAL
     */
    public record Moves(
            VoxelEngine engine,
            VoxelConnectivity connectivity,
            VoxelCornerRule cornerRule,
            int faceSamples,
            double weight,
            VoxelStepCost stepCost,
            VoxelBlocker blocked,
            int budget,
            int slice,
            boolean recordExpansions,
            boolean allowPartial) {}

    private final ChunkTable chunks;
    private final AreaCosts areas;
    private final VoxelHierarchies hierarchies;
    private final IdleSlot<VoxelQuery> idleAStar = new IdleSlot<>(VoxelQuery::close);
    private final IdleSlot<VoxelQuery> idleJumps = new IdleSlot<>(VoxelQuery::close);
    private final IdleSlot<VoxelQuery> idleHierarchy = new IdleSlot<>(VoxelQuery::close);

    /**
     * The queries over a grid's voxels.
     *
     * @param chunks the grid's voxels, read live
     * @param areas the grid's area multipliers, read live
     * @param hierarchies the grid's hierarchies, which HPA queries search
     */
    public VoxelQueries(ChunkTable chunks, AreaCosts areas, VoxelHierarchies hierarchies) {
        this.chunks = chunks;
        this.areas = areas;
        this.hierarchies = hierarchies;
    }

    /**
     * Runs one query between two voxels of an open grid. An HPA query builds the hierarchy it
     * needs first when the grid has none for its rules yet.
     *
     * @param cancellation may be null; also checked while a hierarchy is built
     * @return the run's result, START_INVALID or GOAL_INVALID for an end outside the block, solid
     *     or blocked
     */
    public SearchResult run(int sx, int sy, int sz, int gx, int gy, int gz, Moves moves, Cancellation cancellation) {
        MemoryFaults faults = chunks.memoryFaults();
        faults.ensureReadable();
        try {
            return runReadable(sx, sy, sz, gx, gy, gz, moves, cancellation);
        } catch (RuntimeException | InternalError e) {
            throw MemoryFaults.report(faults, e);
        }
    }

    private SearchResult runReadable(
            int sx, int sy, int sz, int gx, int gy, int gz, Moves moves, Cancellation cancellation) {
        SearchResult refused = refusedEnds(sx, sy, sz, gx, gy, gz, moves.blocked());
        if (refused != null) {
            return refused;
        }
        VoxelQuery query = take(moves, cancellation);
        try {
            return query.run(
                    nodeOf(sx, sy, sz),
                    nodeOf(gx, gy, gz),
                    moves.budget(),
                    moves.slice(),
                    moves.recordExpansions(),
                    moves.allowPartial(),
                    cancellation);
        } finally {
            idleOf(moves).give(query);
        }
    }

    /**
     * Begins a cooperative query ({@link AsyncQuery}) between two voxels of an open grid; the
     * engine goes back to its slot when the query ends (or at once when the begin throws), its page
     * pool trimmed. The slice and budget are the caller's to run; expansions are not recorded. An
     * HPA query builds the hierarchy it needs here, on the calling thread, when the grid has none
     * for its rules yet.
     *
     * @param cancellation checked while a hierarchy is built, or null
     * @return the begun query, or one refused with START_INVALID or GOAL_INVALID (no engine taken)
     */
    public AsyncQuery.Begun<SearchResult> beginAsync(
            int sx, int sy, int sz, int gx, int gy, int gz, Moves moves, Cancellation cancellation) {
        MemoryFaults faults = chunks.memoryFaults();
        faults.ensureReadable();
        SearchResult refused;
        try {
            refused = refusedEnds(sx, sy, sz, gx, gy, gz, moves.blocked());
        } catch (RuntimeException | InternalError e) {
            throw MemoryFaults.report(faults, e);
        }
        if (refused != null) {
            return AsyncQuery.refusedAtBegin(refused);
        }
        IdleSlot<VoxelQuery> idle = idleOf(moves);
        VoxelQuery query = take(moves, cancellation);
        try {
            query.begin(nodeOf(sx, sy, sz), nodeOf(gx, gy, gz), false);
        } catch (RuntimeException | InternalError e) {
            query.trim();
            idle.give(query);
            throw MemoryFaults.report(faults, e);
        }
        return new AsyncQuery.Begun<>() {
            @Override
            public PathStatus step(int n) {
                faults.ensureReadable();
                try {
                    return query.step(n);
                } catch (RuntimeException | InternalError e) {
                    throw MemoryFaults.report(faults, e);
                }
            }

            @Override
            public SearchResult result(PathStatus status) {
                return query.finish(status, false, moves.allowPartial());
            }

            @Override
            public void release(boolean resultRead) {
                if (!resultRead) {
                    query.trim(); // finish trims the pool itself
                }
                idle.give(query);
            }
        };
    }

    private SearchResult refusedEnds(int sx, int sy, int sz, int gx, int gy, int gz, VoxelBlocker blocked) {
        if (!canStand(sx, sy, sz, blocked)) {
            return refused(PathStatus.START_INVALID);
        }
        if (!canStand(gx, gy, gz, blocked)) {
            return refused(PathStatus.GOAL_INVALID);
        }
        return null;
    }

    /** A refused end: nothing ran. */
    private static SearchResult refused(PathStatus status) {
        return new SearchResult(status, null, null, Double.POSITIVE_INFINITY, 0, 0, null);
    }

    private boolean canStand(int x, int y, int z, VoxelBlocker blocked) {
        boolean inside = x >= 0 && y >= 0 && z >= 0 && x < chunks.sizeX() && y < chunks.sizeY() && z < chunks.sizeZ();
        return inside && chunks.area(x, y, z) != AreaCosts.WALL && (blocked == null || !blocked.isBlocked(x, y, z));
    }

    private int nodeOf(int x, int y, int z) {
        return x + chunks.sizeX() * (y + chunks.sizeY() * z);
    }

    private IdleSlot<VoxelQuery> idleOf(Moves moves) {
        return switch (moves.engine()) {
            case ASTAR -> idleAStar;
            case JPS -> idleJumps;
            case HPA -> idleHierarchy;
        };
    }

    /** The idle engine for these moves, or a new one; give it back to the slot of its kind. */
    private VoxelQuery take(Moves moves, Cancellation cancellation) {
        if (moves.engine() == VoxelEngine.HPA) {
            VoxelHierarchy current =
                    hierarchies.current(moves.connectivity(), moves.cornerRule(), moves.faceSamples(), cancellation);
            VoxelQuery query = idleHierarchy.take();
            if (query != null && !query.searches(current)) {
                query.close();
                query = null;
            }
            return query != null ? query : VoxelQuery.hierarchy(current);
        }
        boolean jumpPoints = moves.engine() == VoxelEngine.JPS;
        VoxelQuery query = idleOf(moves).take();
        if (query != null
                && !query.preparedFor(
                        jumpPoints,
                        moves.connectivity(),
                        moves.cornerRule(),
                        moves.weight(),
                        moves.stepCost(),
                        moves.blocked())) {
            query.close();
            query = null;
        }
        if (query == null) {
            VoxelTopology topology = new VoxelTopology(chunks, areas, moves.connectivity(), moves.cornerRule());
            query = jumpPoints
                    ? VoxelQuery.jumpPoints(topology)
                    : VoxelQuery.astar(
                            topology,
                            moves.connectivity(),
                            moves.cornerRule(),
                            moves.weight(),
                            moveCost(moves.stepCost(), moves.blocked()),
                            moves.stepCost(),
                            moves.blocked());
        }
        return query;
    }

    /** The hooks as the engine's one move cost: a blocked voxel is never entered. */
    private static VoxelMoveCost moveCost(VoxelStepCost stepCost, VoxelBlocker blocked) {
        if (stepCost == null && blocked == null) {
            return null;
        }
        return (fx, fy, fz, tx, ty, tz, base) -> {
            if (blocked != null && blocked.isBlocked(tx, ty, tz)) {
                return Double.POSITIVE_INFINITY;
            }
            return stepCost == null ? base : stepCost.cost(fx, fy, fz, tx, ty, tz, base);
        };
    }

    /** Frees the idle engines (not the hierarchies, which are the grid's). */
    @Override
    public void close() {
        idleAStar.close();
        idleJumps.close();
        idleHierarchy.close();
    }
}
