package org.onepath;

import java.util.concurrent.atomic.AtomicReference;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.HexDistanceHeuristic;
import org.onepath.grids.HexTopology;
import org.onepath.grids.ZeroHeuristic;

/**
 * The tier-1 query driver of a {@link HexGrid}: a pool of one prepared engine (search buffers
 * and the generic {@link AStar} over a {@link HexTopology}).
 *
 * <p>A query takes the idle engine (or makes one when another thread holds it), re-plans it only
 * when the options, the area costs or a restore changed since its last query, runs it and puts
 * it back, so single-threaded steady-state queries allocate little beyond their result.
 */
final class HexQueries implements AutoCloseable {
    private final HexGrid grid;
    private final AtomicReference<Engine> idle = new AtomicReference<>();
    private volatile boolean closed;

    HexQueries(HexGrid grid) {
        this.grid = grid;
    }

    HexPath findPath(int sc, int sr, int gc, int gr, HexOptions options, Cancellation cancellation) {
        if (!canStand(sc, sr)) {
            return HexPath.invalid(PathStatus.START_INVALID, grid.width(), grid.layout(), grid.space());
        }
        if (!canStand(gc, gr)) {
            return HexPath.invalid(PathStatus.GOAL_INVALID, grid.width(), grid.layout(), grid.space());
        }
        Engine engine = idle.getAndSet(null);
        if (engine == null) {
            engine = new Engine(grid);
        }
        try {
            int w = grid.width();
            return engine.run(sr * w + sc, gr * w + gc, options, cancellation);
        } finally {
            if (closed || !idle.compareAndSet(null, engine)) {
                engine.close();
            }
        }
    }

    private boolean canStand(int col, int row) {
        return grid.contains(col, row) && grid.areaAt(row * grid.width() + col) != HexGrid.WALL;
    }

    @Override
    public void close() {
        closed = true;
        Engine engine = idle.getAndSet(null);
        if (engine != null) {
            engine.close();
        }
    }

    /** Buffers, topology and the A* the last options planned. */
    private static final class Engine implements AutoCloseable {
        private final HexGrid grid;
        private final GridSearchBuffers buffers;
        private final HexTopology topology;
        private AStar<HexTopology, DefaultStepCost, Heuristic> astar;
        private HexOptions plannedFor;
        private int plannedAreaVersion = -1;
        private int plannedRestoreCount = -1;

        Engine(HexGrid grid) {
            this.grid = grid;
            this.buffers = new GridSearchBuffers(grid.cellCount());
            this.topology = new HexTopology(grid);
        }

        HexPath run(int start, int goal, HexOptions options, Cancellation cancellation) {
            AreaCosts areas = grid.areas();
            // Area versions may repeat after a restore, so a restore also forces a new plan.
            if (plannedFor != options
                    || plannedAreaVersion != areas.version()
                    || plannedRestoreCount != grid.restoreCount()) {
                Heuristic h = options.heuristic() == HeuristicKind.ZERO
                        ? ZeroHeuristic.INSTANCE
                        : new HexDistanceHeuristic(grid.width(), grid.layout(), areas.minCost());
                astar = new AStar<>(topology, DefaultStepCost.INSTANCE, h, buffers, options.heuristicWeight());
                plannedFor = options;
                plannedAreaVersion = areas.version();
                plannedRestoreCount = grid.restoreCount();
            }
            buffers.recordExpansions(options.recordExpansions());
            astar.begin(start, goal);
            PathStatus status = astar.runWithin(options.iterationBudget(), cancellation, options.iterationsPerSlice());
            int[] cells = status == PathStatus.FOUND ? astar.path() : null;
            int[] expanded = options.recordExpansions() ? astar.expandedNodes() : null;
            return new HexPath(
                    status,
                    grid.width(),
                    grid.layout(),
                    grid.space(),
                    cells,
                    astar.pathCost(),
                    astar.expandedCount(),
                    astar.iterations(),
                    expanded);
        }

        @Override
        public void close() {
            buffers.close();
        }
    }
}
