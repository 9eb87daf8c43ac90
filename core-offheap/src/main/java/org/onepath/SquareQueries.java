package org.onepath;

import java.util.concurrent.atomic.AtomicReference;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.ManhattanHeuristic;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.jps.JumpSearch;
import org.onepath.grids.fast.OctileAStar;
import org.onepath.grids.fast.OctileJump;
import org.onepath.grids.jps.BlockJumper;
import org.onepath.grids.jps.Jumper;
import org.onepath.grids.jps.TableJumper;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.StepCost;
import org.onepath.grids.ZeroHeuristic;

/**
 * The tier-1 query driver of a {@link Grid}: checks the end cells, adapts the options onto the
 * tier-2 core and turns its result into a {@link GridPath}.
 *
 * <p>Search memory is kept between queries in one idle slot: a query takes it (or makes a new
 * one when another thread holds it) and puts it back, so single-threaded steady-state queries
 * allocate nothing but their result while concurrent queries still work.
 */
final class SquareQueries implements AutoCloseable {
    private final Grid grid;
    private final AtomicReference<SearchContext> idle = new AtomicReference<>();
    private volatile boolean closed;

    SquareQueries(Grid grid) {
        this.grid = grid;
    }

    GridPath findPath(int sx, int sy, int gx, int gy, GridOptions options, Cancellation cancellation) {
        final int width = grid.width();
        if (!canStand(sx, sy, options)) {
            return GridPath.invalid(PathStatus.START_INVALID, width, grid.space(), options.algorithm());
        }
        if (!canStand(gx, gy, options)) {
            return GridPath.invalid(PathStatus.GOAL_INVALID, width, grid.space(), options.algorithm());
        }
        SearchContext context = idle.getAndSet(null);
        if (context == null) {
            context = new SearchContext(grid);
        }
        try {
            return context.findPath(sy * width + sx, gy * width + gx, options, cancellation);
        } finally {
            if (closed || !idle.compareAndSet(null, context)) {
                context.close();
            }
        }
    }

    private boolean canStand(int x, int y, GridOptions options) {
        if (!grid.contains(x, y)) {
            return false;
        }
        int size = options.agentSize();
        boolean fits = size == 1 ? grid.areaAt(y * grid.width() + x) != Grid.WALL : grid.maxAgentSizeAt(x, y) >= size;
        CellBlocker blocked = options.blocked();
        return fits && (blocked == null || !blocked.isBlocked(x, y));
    }

    @Override
    public void close() {
        closed = true;
        SearchContext context = idle.getAndSet(null);
        if (context != null) {
            context.close();
        }
    }

    /** Search memory and the searches prepared for the last options seen. */
    private static final class SearchContext implements AutoCloseable {
        private final Grid grid;
        private final GridSearchBuffers buffers;
        private GridOptions plannedFor;
        private int plannedAreaVersion = -1;
        private AStar<SquareTopology, StepCost, Heuristic> astar;
        private OctileAStar octileAStar;
        private OctileJump<BlockJumper> octileBlockJump;
        private OctileJump<TableJumper> octileTableJump;
        private SlicedSearch specialised;
        private JumpSearch<? extends Jumper, Heuristic> jumpSearch;
        private GridAlgorithm plannedAlgorithm;

        SearchContext(Grid grid) {
            this.grid = grid;
            this.buffers = new GridSearchBuffers(grid.cellCount());
        }

        GridPath findPath(int start, int goal, GridOptions options, Cancellation cancellation) {
            prepare(options);
            GridAlgorithm ran = plannedAlgorithm;
            if (ran == GridAlgorithm.JPS_PLUS) {
                grid.jpsPlusIndex().refresh();
            }
            buffers.recordExpansions(options.recordExpansions());
            if (octileAStar != null) {
                octileAStar.recordExpansions(options.recordExpansions());
            }
            if (octileBlockJump != null) {
                octileBlockJump.recordExpansions(options.recordExpansions());
            }
            if (octileTableJump != null) {
                octileTableJump.recordExpansions(options.recordExpansions());
            }
            SlicedSearch search = specialised != null ? specialised : jumpSearch != null ? jumpSearch : astar;
            search.tryBegin(start, goal); // the ends were checked above

            int budget = options.iterationBudget();
            long remaining = budget == 0 ? Long.MAX_VALUE : budget;
            if (cancellation == null) {
                search.step((int) Math.min(remaining, Integer.MAX_VALUE));
            } else {
                int slice = options.iterationsPerSlice();
                while (search.status() == SearchStatus.RUNNING && remaining > 0) {
                    cancellation.throwIfCancelled();
                    int n = (int) Math.min(slice, remaining);
                    search.step(n);
                    remaining -= n;
                }
            }
            int[] expanded = options.recordExpansions() ? expandedCells(search) : null;
            PathStatus status = switch (search.status()) {
                case FOUND -> PathStatus.FOUND;
                case NO_PATH -> PathStatus.NO_PATH;
                case RUNNING -> PathStatus.BUDGET_EXHAUSTED;
                case NOT_STARTED -> throw new IllegalStateException("search did not start");
            };
            int[] cells = status == PathStatus.FOUND ? search.path() : null;
            return new GridPath(status, grid.width(), grid.space(), cells, search.pathCost(), search.expandedCount(),
                    search.iterations(), ran, expanded);
        }

        private int[] expandedCells(SlicedSearch search) {
            if (search == octileAStar) {
                return octileAStar.expandedCells();
            }
            if (search == octileBlockJump) {
                return octileBlockJump.expandedCells();
            }
            if (search == octileTableJump) {
                return octileTableJump.expandedCells();
            }
            return buffers.expandedNodes();
        }

        /** Builds the search these options run, unless the last query had the same options and area costs. */
        private void prepare(GridOptions options) {
            AreaCosts areas = grid.areas();
            if (options.agentSize() > 1) {
                grid.currentClearance(); // brings the clearance the cached topology reads up to date
            }
            if (plannedFor == options && plannedAreaVersion == areas.version()) {
                return;
            }
            astar = null;
            jumpSearch = null;
            specialised = null;
            Heuristic heuristic = heuristicOf(options, areas.minCost());
            plannedAlgorithm = JumpPointQualification.algorithmFor(options, areas, grid);
            boolean zero = options.heuristic() == HeuristicKind.ZERO;
            boolean fast = options.specializedEngines() && JumpPointQualification.qualifies(options, areas);
            switch (plannedAlgorithm) {
                case JPS -> {
                    if (fast) {
                        if (octileBlockJump == null) {
                            octileBlockJump = new OctileJump<>(grid, new BlockJumper(grid.blockMap()), false);
                        }
                        octileBlockJump.zeroEstimate(zero);
                        specialised = octileBlockJump;
                    } else {
                        jumpSearch = new JumpSearch<>(grid, new BlockJumper(grid.blockMap()), heuristic, areas.get(0), buffers);
                    }
                }
                case JPS_PLUS -> {
                    if (fast) {
                        if (octileTableJump == null) {
                            octileTableJump = new OctileJump<>(grid, new TableJumper(grid.jpsPlusIndex()), false);
                        }
                        octileTableJump.zeroEstimate(zero);
                        specialised = octileTableJump;
                    } else {
                        jumpSearch = new JumpSearch<>(grid, new TableJumper(grid.jpsPlusIndex()), heuristic, areas.get(0), buffers);
                    }
                }
                case ASTAR -> {
                    if (fast) {
                        if (octileAStar == null) {
                            octileAStar = new OctileAStar(grid, false);
                        }
                        octileAStar.zeroEstimate(zero);
                        specialised = octileAStar;
                    } else {
                        SquareTopology topology = grid.createTopology(options.agentSize(), options.connectivity(), options.diagonalRule());
                        astar = new AStar<>(topology, stepCostOf(options), heuristic, buffers, options.heuristicWeight());
                    }
                }
            }
            plannedFor = options;
            plannedAreaVersion = areas.version();
        }
        private StepCost stepCostOf(GridOptions options) {
            if (options.stepCost() == null && options.blocked() == null) {
                return DefaultStepCost.INSTANCE;
            }
            return new DelegateStepCost(grid.width(), options.stepCost(), options.blocked());
        }

        private Heuristic heuristicOf(GridOptions options, double scale) {
            HeuristicKind kind = options.heuristic();
            if (kind == HeuristicKind.AUTO) {
                kind = options.connectivity() == Connectivity.EIGHT ? HeuristicKind.OCTILE : HeuristicKind.MANHATTAN;
            }
            return switch (kind) {
                case OCTILE -> new OctileHeuristic(grid.width(), scale);
                case MANHATTAN -> new ManhattanHeuristic(grid.width(), scale);
                case ZERO -> ZeroHeuristic.INSTANCE;
                case AUTO -> throw new AssertionError("resolved above");
            };
        }

        @Override
        public void close() {
            buffers.close();
            if (octileAStar != null) {
                octileAStar.close();
            }
            if (octileBlockJump != null) {
                octileBlockJump.close();
            }
            if (octileTableJump != null) {
                octileTableJump.close();
            }
        }
    }

    /** Adapts the tier-1 delegates (cells as x, y) onto the tier-2 hook (node indices). */
    private record DelegateStepCost(int width, CellStepCost stepCost, CellBlocker blocked) implements StepCost {
        @Override
        public double cost(int from, int to, double baseCost) {
            int tx = to % width;
            int ty = to / width;
            if (blocked != null && blocked.isBlocked(tx, ty)) {
                return Double.POSITIVE_INFINITY;
            }
            return stepCost == null ? baseCost : stepCost.cost(from % width, from / width, tx, ty, baseCost);
        }
    }
}
