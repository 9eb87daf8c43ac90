package org.onepath;

import java.util.concurrent.atomic.AtomicReference;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.grids.voxel.PagedVoxelSearch;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.grids.voxel.VoxelMoveCost;
import org.onepath.grids.voxel.VoxelTopology;

/**
 * The tier-1 query driver of a {@link VoxelGrid}: a pool of one prepared paged search.
 *
 * <p>A query takes the idle search when it was prepared for the same moves, corner rule, weight
 * and delegates (else prepares a new one), runs it and puts it back, trimming its page pool, so
 * repeated queries reuse their pages while concurrent queries still work.
 */
final class VoxelQueries implements AutoCloseable {
    private final VoxelGrid grid;
    private final AtomicReference<Prepared> idle = new AtomicReference<>();
    private volatile boolean closed;

    VoxelQueries(VoxelGrid grid) {
        this.grid = grid;
    }

    VoxelPath findPath(
            int sx, int sy, int sz, int gx, int gy, int gz, VoxelOptions options, Cancellation cancellation) {
        PathStatus invalid = endpointStatus(sx, sy, sz, gx, gy, gz, options);
        if (invalid != null) {
            return VoxelPath.invalid(invalid, grid.sizeX(), grid.sizeY(), grid.space());
        }
        Prepared prepared = idle.getAndSet(null);
        if (prepared != null && !prepared.matches(options)) {
            prepared.search.close();
            prepared = null;
        }
        if (prepared == null) {
            prepared = prepare(options);
        }
        try {
            return run(prepared.search, grid.indexOf(sx, sy, sz), grid.indexOf(gx, gy, gz), options, cancellation);
        } finally {
            prepared.search.trimPool();
            if (closed || !idle.compareAndSet(null, prepared)) {
                prepared.search.close();
            }
        }
    }

    private VoxelPath run(
            PagedVoxelSearch search, int start, int goal, VoxelOptions options, Cancellation cancellation) {
        search.recordExpansions(options.recordExpansions());
        search.begin(start, goal);
        PathStatus status =
                search.runWithin(options.iterationBudget(), cancellation, VoxelOptions.ITERATIONS_PER_SLICE);
        int[] nodes = status == PathStatus.FOUND ? search.path() : null;
        int[] expanded = options.recordExpansions() ? search.expandedNodes() : null;
        double cost = status == PathStatus.FOUND ? search.pathCost() : Double.POSITIVE_INFINITY;
        return new VoxelPath(
                status,
                grid.sizeX(),
                grid.sizeY(),
                grid.space(),
                nodes,
                cost,
                search.expandedCount(),
                search.iterations(),
                expanded);
    }

    /** START_INVALID or GOAL_INVALID when an end is outside, solid or refused by the delegate; else null. */
    private PathStatus endpointStatus(int sx, int sy, int sz, int gx, int gy, int gz, VoxelOptions options) {
        if (!canStand(sx, sy, sz, options)) {
            return PathStatus.START_INVALID;
        }
        if (!canStand(gx, gy, gz, options)) {
            return PathStatus.GOAL_INVALID;
        }
        return null;
    }

    private boolean canStand(int x, int y, int z, VoxelOptions options) {
        if (!grid.contains(x, y, z) || !grid.isWalkable(x, y, z)) {
            return false;
        }
        VoxelBlocker blocked = options.blocked();
        return blocked == null || !blocked.isBlocked(x, y, z);
    }

    private Prepared prepare(VoxelOptions options) {
        VoxelTopology topology = grid.createTopology(options.connectivity(), options.cornerRule());
        VoxelHeuristic heuristic = new VoxelHeuristic(topology);
        VoxelMoveCost hook = moveCost(options.stepCost(), options.blocked());
        return new Prepared(new PagedVoxelSearch(topology, heuristic, hook, options.heuristicWeight()), options);
    }

    /** The delegates as one move-cost hook: a blocked destination removes the move; null when there are none. */
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

    @Override
    public void close() {
        closed = true;
        Prepared prepared = idle.getAndSet(null);
        if (prepared != null) {
            prepared.search.close();
        }
    }

    /** A search and the options it was prepared for. */
    private record Prepared(PagedVoxelSearch search, VoxelOptions options) {
        boolean matches(VoxelOptions o) {
            return o == options
                    || (o.connectivity() == options.connectivity()
                            && o.cornerRule() == options.cornerRule()
                            && o.heuristicWeight() == options.heuristicWeight()
                            && o.stepCost() == options.stepCost()
                            && o.blocked() == options.blocked());
        }
    }
}
