package org.onepath.query;

import java.lang.foreign.MemorySegment;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.CellBlocker;
import org.onepath.cells.CellStepCost;
import org.onepath.cells.Connectivity;
import org.onepath.cells.PathStatus;
import org.onepath.cells.SquareCells;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.ManhattanHeuristic;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.StepCost;
import org.onepath.grids.ZeroHeuristic;
import org.onepath.grids.fast.BitFinder;
import org.onepath.grids.fast.GoalBounds;
import org.onepath.grids.fast.OctileAStar;
import org.onepath.grids.fast.OctileHops;
import org.onepath.grids.fast.OctileJump;
import org.onepath.grids.fast.TableFinder;
import org.onepath.grids.hpa.HpaHierarchy;
import org.onepath.grids.hpa.HpaSearch;
import org.onepath.grids.jps.BlockJumper;
import org.onepath.grids.jps.JumpSearch;
import org.onepath.grids.jps.TableJumper;
import org.onepath.grids.theta.EuclideanHeuristic;
import org.onepath.grids.theta.ThetaSearch;
import org.onepath.grids.theta.ThetaVariant;
import org.onepath.state.GridSearchStateFormat;
import org.onepath.state.GridSearchStateLayout;
import org.onepath.state.OnePathFormatException;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;
import org.onepath.tables.SquareTables;

/**
 * The driver of a square grid's resumable and one-line queries: it chooses the engine the options
 * select (the specialised octile engines when they qualify, else the generic cores; a jump point
 * search whose options do not qualify runs A*), keeps every engine it made for the next query,
 * and holds the query's state between begin, steps and result, and its snapshot (kind 12).
 *
 * <p>After the first query with the same options, begin, step and {@link #copyPath} allocate
 * nothing. Not thread-safe; owns its engines' memory, freed by {@link #close()}.
 */
public final class SquareQuery implements AutoCloseable {
    private final SquareCells cells;
    private final SquareTables tables;
    /**
     * The generic cores' node records and open set, 20 bytes a cell: made on first use, since the
     * specialised octile engines (the default for A*, JPS and JPS+) keep records of their own and
     * a handle that only runs them never needs these.
     */
    private GridSearchBuffers buffers;

    private SquareQueryOptions options;

    // The engines are made on first need and kept; `active` is the one the options select.
    private OctileAStar octileAStar;
    private OctileJump<BitFinder> octileBlockJump;
    private OctileJump<TableFinder> octileTableJump;
    /** JPS+ with goal bounding, over the bounds it was made for ({@link #boundedFor}). */
    private OctileJump<TableFinder> octileBoundedJump;

    private GoalBounds boundedFor;
    /** The goal bounds the plan of a bounded query ran with, or null when it fell back to JPS+. */
    private GoalBounds plannedBounds;

    private HpaSearch hpaSearch;
    private SlicedSearch active;
    private SquareEngine engine;
    private SquareQueryOptions plannedFor;
    private int plannedAreaVersion = -1;
    private int plannedRestoreCount = -1;

    private PathStatus status = PathStatus.NONE;
    private int beganVersion;
    private int beganRestoreCount;
    private int beganAreaVersion;

    private StateWriter innerScratch;

    /**
     * A driver over the cells and the tables derived from them.
     *
     * @param cells  the grid's cells
     * @param tables the tables the grid keeps for its queries
     */
    public SquareQuery(SquareCells cells, SquareTables tables) {
        this.cells = cells;
        this.tables = tables;
    }

    /**
     * The search the current query runs (after any fallback).
     *
     * @return the running search, or null before the first begin
     */
    public SquareEngine engine() {
        return engine;
    }

    /**
     * NONE before the first successful begin, then IN_PROGRESS, FOUND or NO_PATH.
     *
     * @return the query's status
     */
    public PathStatus status() {
        return status;
    }

    /**
     * Begins a query unless an end is invalid (outside the grid, a wall, too narrow for the agent
     * size, or refused by the blocked delegate): then START_INVALID or GOAL_INVALID, and a running
     * query is left alone.
     *
     * @param options the query's options
     * @param sx      the start column
     * @param sy      the start row
     * @param gx      the goal column
     * @param gy      the goal row
     * @return IN_PROGRESS, or START_INVALID or GOAL_INVALID for a refused end
     */
    public PathStatus tryBegin(SquareQueryOptions options, int sx, int sy, int gx, int gy) {
        if (!canStand(options, sx, sy)) {
            return PathStatus.START_INVALID;
        }
        if (!canStand(options, gx, gy)) {
            return PathStatus.GOAL_INVALID;
        }
        this.options = options;
        prepare();
        int width = cells.width();
        active.tryBegin(sy * width + sx, gy * width + gx);
        markBegun();
        status = PathStatus.IN_PROGRESS;
        return status;
    }

    /**
     * The search a refused begin names: what these options would run on the grid as it is.
     *
     * @param options the query's options
     * @return the search the plan would choose, after the bounded search's fallback
     */
    public SquareEngine wouldRun(SquareQueryOptions options) {
        AreaCosts areas = cells.areas();
        SquareEngine chosen = options.engineFor(areas, cells.width(), cells.height());
        if (chosen == SquareEngine.JPS_PLUS_BOUNDED
                && !(options.specializedEngines() && options.qualifiesForJumpPoints(areas) && usableBounds() != null)) {
            return SquareEngine.JPS_PLUS; // as plan() would fall back
        }
        return chosen;
    }

    /**
     * Pops at most {@code maxIterations} times.
     *
     * @param maxIterations the largest number of pops in this slice
     * @return IN_PROGRESS while work remains, else FOUND or NO_PATH
     * @throws IllegalStateException if no query was begun or the grid was edited since
     */
    public PathStatus step(int maxIterations) {
        if (status == PathStatus.NONE || active == null) {
            throw new IllegalStateException("GridSearch.step called before a successful begin");
        }
        if (status != PathStatus.IN_PROGRESS) {
            return status;
        }
        if (cells.version() != beganVersion
                || cells.restoreCount() != beganRestoreCount
                || cells.areas().version() != beganAreaVersion) {
            throw new IllegalStateException("the grid was edited or restored while a search was in progress (version "
                    + beganVersion + " -> " + cells.version() + ", area costs " + beganAreaVersion + " -> "
                    + cells.areas().version() + "); begin again");
        }
        status = switch (active.step(maxIterations)) {
            case FOUND -> PathStatus.FOUND;
            case NO_PATH -> PathStatus.NO_PATH;
            case RUNNING -> PathStatus.IN_PROGRESS;
            case NOT_STARTED -> throw new IllegalStateException("search did not start");
        };
        return status;
    }

    /**
     * Pops of the current query.
     *
     * @return the pops so far, 0 before the first begin
     */
    public int iterations() {
        return active == null ? 0 : active.iterations();
    }

    /**
     * Expanded nodes of the current query.
     *
     * @return the expanded nodes so far, 0 before the first begin
     */
    public int expandedCount() {
        return active == null ? 0 : active.expandedCount();
    }

    /**
     * Cost of the found path.
     *
     * @return the cost, or +infinity unless FOUND
     */
    public double cost() {
        return status == PathStatus.FOUND ? active.pathCost() : Double.POSITIVE_INFINITY;
    }

    /**
     * Cells on the found path.
     *
     * @return the path's cells, start and goal included; 0 unless FOUND
     */
    public int pathLength() {
        return status == PathStatus.FOUND ? active.pathLength() : 0;
    }

    /**
     * Writes the found path as row-major cell indices, start first; allocates nothing.
     *
     * @param out receives the indices from index 0; at least {@link #pathLength()} long
     * @return the path length
     * @throws IllegalStateException unless FOUND
     */
    public int copyPath(int[] out) {
        if (status != PathStatus.FOUND) {
            throw new IllegalStateException("no path: the search status is " + status);
        }
        return active.copyPath(out);
    }

    /**
     * The one-line result of the current query: a query still in progress ran out of budget.
     * With {@code allowPartial}, a query that did not find the goal gives the path to its
     * closest reached node instead, as PARTIAL.
     *
     * @return the status, path, cost, counts and recorded expansions
     */
    public SearchResult result() {
        PathStatus result = status == PathStatus.IN_PROGRESS ? PathStatus.BUDGET_EXHAUSTED : status;
        int[] nodes = null;
        OctileHops hops = null;
        double cost = cost();
        if (result == PathStatus.FOUND && active instanceof OctileJump<?> jump) {
            hops = jump.pathHops(); // the cells are drawn when the caller asks for them
        } else if (result == PathStatus.FOUND) {
            nodes = new int[pathLength()];
            copyPath(nodes);
        } else if (options.allowPartial()) {
            int end = active.closestReached();
            nodes = active.pathTo(end);
            cost = active.costTo(end);
            result = PathStatus.PARTIAL;
        }
        int[] expanded = options.recordExpansions() ? active.expandedNodes() : null;
        return new SearchResult(result, nodes, null, cost, expandedCount(), iterations(), expanded, hops);
    }

    // ---- engine choice ----

    private boolean canStand(SquareQueryOptions options, int x, int y) {
        if (!cells.contains(x, y)) {
            return false;
        }
        int size = options.agentSize();
        boolean fits = size == 1
                ? cells.areaAt(y * cells.width() + x) != SquareCells.WALL
                : cells.maxAgentSizeAt(x, y) >= size;
        CellBlocker blocked = options.blocked();
        return fits && (blocked == null || !blocked.isBlocked(x, y));
    }

    private void markBegun() {
        beganVersion = cells.version();
        beganRestoreCount = cells.restoreCount();
        beganAreaVersion = cells.areas().version();
    }

    /** Selects the engine these options run, unless the last query had the same options and area costs. */
    private void prepare() {
        AreaCosts areas = cells.areas();
        if (options.agentSize() > 1) {
            cells.clearance(); // brings the clearance a cached topology reads up to date
        }
        // Area versions may repeat after a restore, so a restore also forces a new plan.
        if (plannedFor != options
                || plannedAreaVersion != areas.version()
                || plannedRestoreCount != cells.restoreCount()
                || (options.asked() == SquareEngine.JPS_PLUS_BOUNDED && plannedBounds != usableBounds())) {
            plan(areas);
            plannedFor = options;
            plannedAreaVersion = areas.version();
            plannedRestoreCount = cells.restoreCount();
        }
        if (engine == SquareEngine.JPS_PLUS || engine == SquareEngine.JPS_PLUS_BOUNDED) {
            tables.jpsPlusIndex().refresh();
        }
        if (engine == SquareEngine.HPA) {
            // looked up on every query: a restore or the cache's limit may have dropped the last one
            HpaHierarchy hierarchy = tables.hpaHierarchy(
                    options.hpaChunkSize(), options.agentSize(), options.connectivity(), options.diagonalRule());
            if (hpaSearch == null
                    || hpaSearch.hierarchy() != hierarchy
                    || hpaSearch.smoothing() != options.hpaSmoothing()) {
                if (hpaSearch != null) {
                    hpaSearch.close();
                }
                hpaSearch = new HpaSearch(hierarchy, options.hpaSmoothing());
            }
            hpaSearch.recordExpansions(options.recordExpansions());
            active = hpaSearch;
        }
        boolean record = options.recordExpansions();
        if (buffers != null) {
            buffers.recordExpansions(record);
        }
        if (octileAStar != null) {
            octileAStar.recordExpansions(record);
        }
        if (octileBlockJump != null) {
            octileBlockJump.recordExpansions(record);
        }
        if (octileTableJump != null) {
            octileTableJump.recordExpansions(record);
        }
        if (octileBoundedJump != null) {
            octileBoundedJump.recordExpansions(record);
        }
    }

    /** The grid's goal bounds when they describe its cells as they are, else null. */
    private GoalBounds usableBounds() {
        GoalBounds bounds = tables.goalBounds();
        return bounds != null && bounds.isCurrent() ? bounds : null;
    }

    /** The generic cores' buffers, made now if this driver has none yet. */
    private GridSearchBuffers buffers() {
        if (buffers == null) {
            buffers = new GridSearchBuffers(cells.cellCount());
            buffers.recordExpansions(options.recordExpansions());
        }
        return buffers;
    }

    private void plan(AreaCosts areas) {
        engine = options.engineFor(areas, cells.width(), cells.height());
        boolean zero = options.estimate() == SquareEstimate.ZERO;
        boolean fast = options.specializedEngines() && options.qualifiesForJumpPoints(areas);
        Heuristic heuristic = heuristicOf(areas.minCost());
        double m = areas.get(0);
        plannedBounds = null;
        if (engine == SquareEngine.JPS_PLUS_BOUNDED) {
            GoalBounds bounds = usableBounds();
            if (fast && bounds != null) {
                if (octileBoundedJump == null || boundedFor != bounds) {
                    if (octileBoundedJump != null) {
                        octileBoundedJump.close();
                    }
                    octileBoundedJump = OctileJump.goalBounded(
                            cells, new TableFinder(tables.jpsPlusIndex(), tables.octileMap()), bounds);
                    boundedFor = bounds;
                }
                octileBoundedJump.zeroEstimate(zero);
                active = octileBoundedJump;
                plannedBounds = bounds;
                return;
            }
            // No current bounds, or a query the specialised engine does not serve: plain JPS+.
            engine = SquareEngine.JPS_PLUS;
        }
        switch (engine) {
            case JPS -> {
                if (fast) {
                    if (octileBlockJump == null) {
                        octileBlockJump = new OctileJump<>(cells, new BitFinder(tables.blockMap(), tables.octileMap()));
                    }
                    octileBlockJump.zeroEstimate(zero);
                    active = octileBlockJump;
                } else {
                    active = new JumpSearch<>(cells, new BlockJumper(tables.blockMap()), heuristic, m, buffers());
                }
            }
            case JPS_PLUS -> {
                if (fast) {
                    if (octileTableJump == null) {
                        octileTableJump =
                                new OctileJump<>(cells, new TableFinder(tables.jpsPlusIndex(), tables.octileMap()));
                    }
                    octileTableJump.zeroEstimate(zero);
                    active = octileTableJump;
                } else {
                    active = new JumpSearch<>(cells, new TableJumper(tables.jpsPlusIndex()), heuristic, m, buffers());
                }
            }
            case THETA_STAR, LAZY_THETA_STAR -> {
                // Only the one-line query gets here: the resumable handle refuses the any-angle searches.
                ThetaVariant variant =
                        engine == SquareEngine.THETA_STAR ? ThetaVariant.THETA : ThetaVariant.LAZY_REQUEUE;
                Heuristic estimate = options.estimate() == SquareEstimate.ZERO
                        ? ZeroHeuristic.INSTANCE
                        : new EuclideanHeuristic(cells.width(), m);
                active = new ThetaSearch<>(cells, variant, estimate, m, buffers(), options.weight());
            }
            case HPA -> {
                // the search itself is chosen per query in prepare()
            }
            case JPS_PLUS_BOUNDED -> throw new AssertionError("planned above");
            case ASTAR, LPA_STAR, D_STAR_LITE -> {
                // engineFor never answers a replanning search: they share A*'s branch
                if (fast) {
                    if (octileAStar == null) {
                        octileAStar = new OctileAStar(cells, false);
                    }
                    octileAStar.zeroEstimate(zero);
                    active = octileAStar;
                } else {
                    SquareTopology topology = new SquareTopology(
                            cells, options.agentSize(), options.connectivity(), options.diagonalRule());
                    active = new AStar<>(topology, stepCost(), heuristic, buffers(), options.weight());
                }
            }
        }
    }

    private StepCost stepCost() {
        if (options.stepCost() == null && options.blocked() == null) {
            return DefaultStepCost.INSTANCE;
        }
        return new DelegateStepCost(cells.width(), options.stepCost(), options.blocked());
    }

    private Heuristic heuristicOf(double scale) {
        SquareEstimate kind = options.estimate();
        if (kind == SquareEstimate.AUTO) {
            kind = options.connectivity() == Connectivity.EIGHT ? SquareEstimate.OCTILE : SquareEstimate.MANHATTAN;
        }
        return switch (kind) {
            case OCTILE -> new OctileHeuristic(cells.width(), scale);
            case MANHATTAN -> new ManhattanHeuristic(cells.width(), scale);
            case ZERO -> ZeroHeuristic.INSTANCE;
            case EUCLIDEAN -> new EuclideanHeuristic(cells.width(), scale);
            case AUTO -> throw new AssertionError("resolved above");
        };
    }

    // ---- snapshots (kind 12) ----

    /**
     * Throws unless the current query has a kind 12 state (an any-angle search has none).
     *
     * @throws IllegalStateException naming the tier-2 state to save instead
     */
    public void checkSavable() {
        if (active instanceof ThetaSearch<?>) {
            throw new IllegalStateException(
                    "a GridSearch running " + engine + " has no kind 12 state; save a tier-2 ThetaSearch (kind 10)");
        }
    }

    /**
     * Writes the kind 12 bytes: header, mode, size, then the mode's fields.
     *
     * @param w receives the state
     */
    public void writeState(StateWriter w) {
        int width = cells.width();
        int height = cells.height();
        if (status == PathStatus.NONE || active == null) {
            GridSearchStateFormat.writeHead(w, GridSearchStateLayout.MODE_NOT_BEGUN, width, height);
        } else if (active == octileAStar) {
            GridSearchStateFormat.writeHead(w, GridSearchStateLayout.MODE_SPECIALISED_ASTAR, width, height);
            octileAStar.writeState(w);
        } else if (active == octileBlockJump || active == octileTableJump) {
            GridSearchStateFormat.writeHead(w, GridSearchStateLayout.MODE_SPECIALISED_JUMP, width, height);
            GridSearchStateFormat.writeFinder(w, selectedFinder());
            ((OctileJump<?>) active).writeState(w);
        } else {
            StateWriter inner = innerScratch != null ? innerScratch.rewind() : new StateWriter(1024);
            try {
                int start;
                int goal;
                if (active instanceof AStar<?, ?, ?> a) {
                    start = a.start();
                    goal = a.goal();
                    a.writeState(inner);
                } else {
                    JumpSearch<?, ?> j = (JumpSearch<?, ?>) active;
                    start = j.start();
                    goal = j.goal();
                    j.writeState(inner);
                }
                GridSearchStateFormat.writeHead(w, GridSearchStateLayout.MODE_GENERIC, width, height);
                GridSearchStateFormat.writeGeneric(w, width, height, start, goal, inner);
            } finally {
                if (inner != innerScratch) {
                    inner.close();
                }
            }
        }
    }

    /** Keeps a buffer for the embedded state of the generic cores from now on (saves then allocate nothing). */
    public void keepStateScratch() {
        if (innerScratch == null) {
            innerScratch = new StateWriter(1024);
        }
    }

    /** The mode of the engine {@link #prepare()} selected. */
    private int selectedMode() {
        if (active == octileAStar) {
            return GridSearchStateLayout.MODE_SPECIALISED_ASTAR;
        }
        return active == octileBlockJump || active == octileTableJump
                ? GridSearchStateLayout.MODE_SPECIALISED_JUMP
                : GridSearchStateLayout.MODE_GENERIC;
    }

    /** The finder code of the specialised jump point engine selected. */
    private int selectedFinder() {
        return active == octileBlockJump
                ? GridSearchStateLayout.FINDER_BLOCK_SCANS
                : GridSearchStateLayout.FINDER_JPS_PLUS_TABLES;
    }

    /**
     * Puts back a saved state (kind 12). The driver picks its engine from the options and the grid
     * as a begin would, and the state's mode (and finder) must be that engine's. On a bad state the
     * driver is left not begun.
     *
     * @param options the options the handle runs with
     * @param data    the state, from its offset 0
     * @throws org.onepath.state.GridStateException naming the field, value, bound and offset
     */
    public void restoreState(SquareQueryOptions options, MemorySegment data) {
        try {
            restoreChecked(options, data);
        } catch (RuntimeException e) {
            status = PathStatus.NONE;
            throw e;
        }
    }

    private void restoreChecked(SquareQueryOptions options, MemorySegment data) {
        StateReader r = StateReader.ofGrid(data);
        GridSearchStateFormat.Head head = GridSearchStateFormat.readHead(r);
        if (head.width() != cells.width()) {
            throw r.error(
                    "width", head.width(), cells.width() + " (the grid's width)", GridSearchStateLayout.WIDTH_OFFSET);
        }
        if (head.height() != cells.height()) {
            throw r.error(
                    "height",
                    head.height(),
                    cells.height() + " (the grid's height)",
                    GridSearchStateLayout.HEIGHT_OFFSET);
        }
        int mode = head.mode();
        if (mode == GridSearchStateLayout.MODE_NOT_BEGUN) {
            r.expectEnd();
            status = PathStatus.NONE;
            return;
        }
        this.options = options;
        prepare();
        int selected = selectedMode();
        if (mode != selected) {
            throw r.error(
                    "mode",
                    mode,
                    selected + " (the engine these options select on this grid)",
                    GridSearchStateLayout.MODE_OFFSET);
        }
        switch (mode) {
            case GridSearchStateLayout.MODE_SPECIALISED_ASTAR -> octileAStar.readState(r);
            case GridSearchStateLayout.MODE_SPECIALISED_JUMP -> {
                int finder = GridSearchStateFormat.readFinder(r);
                int expected = selectedFinder();
                if (finder != expected) {
                    throw r.error(
                            "finder",
                            finder,
                            expected + " (the finder these options select)",
                            GridSearchStateLayout.FINDER_OFFSET);
                }
                ((OctileJump<?>) active).readState(r);
            }
            default -> {
                GridSearchStateFormat.Generic generic = GridSearchStateFormat.readGeneric(r, head);
                MemorySegment inner = data.asSlice(generic.embeddedOffset(), generic.embeddedLength());
                int start;
                int goal;
                try {
                    if (active instanceof AStar<?, ?, ?> a) {
                        a.restoreState(inner);
                        start = a.start();
                        goal = a.goal();
                    } else {
                        JumpSearch<?, ?> j = (JumpSearch<?, ?>) active;
                        j.restoreState(inner);
                        start = j.start();
                        goal = j.goal();
                    }
                } catch (OnePathFormatException e) {
                    throw GridSearchStateFormat.embeddedError(e, generic);
                }
                GridSearchStateFormat.checkEnds(r, head, generic, start, goal);
            }
        }
        status = switch (active.status()) {
            case FOUND -> PathStatus.FOUND;
            case NO_PATH -> PathStatus.NO_PATH;
            case RUNNING -> PathStatus.IN_PROGRESS;
            case NOT_STARTED -> PathStatus.NONE;
        };
        markBegun();
    }

    /** Frees every engine, buffer and scratch made. */
    @Override
    public void close() {
        if (buffers != null) {
            buffers.close();
        }
        if (innerScratch != null) {
            innerScratch.close();
        }
        if (octileAStar != null) {
            octileAStar.close();
        }
        if (octileBlockJump != null) {
            octileBlockJump.close();
        }
        if (octileTableJump != null) {
            octileTableJump.close();
        }
        if (octileBoundedJump != null) {
            octileBoundedJump.close();
        }
        if (hpaSearch != null) {
            hpaSearch.close();
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
