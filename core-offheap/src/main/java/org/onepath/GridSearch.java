package org.onepath;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.CellBlocker;
import org.onepath.cells.CellStepCost;
import org.onepath.cells.Connectivity;
import org.onepath.cells.PathStatus;
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
import org.onepath.memory.IdleSlot;
import org.onepath.query.AsyncQuery;
import org.onepath.state.GridSearchStateFormat;
import org.onepath.state.GridSearchStateLayout;
import org.onepath.state.OnePathFormatException;
import org.onepath.state.Snapshottable;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * A resumable A*, JPS or JPS+ query on a grid ({@link Grid#createSearch}): {@link #tryBegin},
 * then {@link #step} in slices of iterations, then {@link #copyPath}. It chooses its engine
 * exactly as {@link Grid#findPath} does (the specialised octile engine when the options allow it,
 * else the generic core; a jump point algorithm whose options do not qualify runs A*), and
 * {@code findPath} is {@code tryBegin} then {@code step(iterationBudget)}, so every slicing returns
 * cell for cell the path {@code findPath} returns, with the same counts and cost bits.
 *
 * <p>After the first search, {@code tryBegin}, {@code step} and {@code copyPath(int[])} allocate
 * nothing. The grid must not be edited while a search is in progress: {@code step} then throws
 * {@link IllegalStateException}. Not thread-safe; owns its memory, freed by {@link #close()}.
 */
public final class GridSearch implements AutoCloseable, Snapshottable {
    private final Grid grid;
    /**
     * The generic cores' node records and open set, 20 bytes a cell: made on first use, since the
     * specialised octile engines (the default for A*, JPS and JPS+) keep records of their own and
     * a handle that only runs them never needs these.
     */
    private GridSearchBuffers buffers;

    private GridOptions options;

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
    private GridAlgorithm algorithm;
    private GridOptions plannedFor;
    private int plannedAreaVersion = -1;
    private int plannedRestoreCount = -1;

    private PathStatus status = PathStatus.NONE;
    private int beganVersion;
    private int beganRestoreCount;
    private int beganAreaVersion;
    private boolean closed;
    private int[] pathScratch = new int[0];
    /** Buffers of {@link #stateLength()} and the segment save, made on first use and kept. */
    private StateWriter scratch;

    private StateWriter innerScratch;

    GridSearch(Grid grid, GridOptions options) {
        this.grid = grid;
        this.options = Objects.requireNonNull(options, "options");
    }

    /**
     * The options the next {@code begin} runs with.
     *
     * @return the options given at creation or last set
     */
    public GridOptions options() {
        return options;
    }

    /** Replaces the options for the next search (the pool of one-line queries reuses handles). */
    void options(GridOptions options) {
        this.options = options;
    }

    /**
     * The algorithm the current search runs (after any fallback); null before the first begin.
     *
     * @return the running algorithm, or null before the first begin
     */
    public GridAlgorithm algorithm() {
        return algorithm;
    }

    /**
     * NONE before the first successful begin, then IN_PROGRESS, FOUND or NO_PATH. A refused begin
     * (its START_INVALID or GOAL_INVALID is returned by {@code tryBegin}) leaves it unchanged.
     *
     * @return the search's status, not null
     */
    public PathStatus status() {
        return status;
    }

    /**
     * Begins a search unless an end is invalid (outside the grid, a wall, too narrow for the agent
     * size, or refused by the blocked delegate): then START_INVALID or GOAL_INVALID, and a running
     * search is left alone. Otherwise IN_PROGRESS.
     *
     * @param start the first cell
     * @param goal  the last cell
     * @return IN_PROGRESS, or START_INVALID or GOAL_INVALID for a refused end
     */
    public PathStatus tryBegin(Cell start, Cell goal) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        return tryBegin(start.x(), start.y(), goal.x(), goal.y());
    }

    /**
     * As {@link #tryBegin(Cell, Cell)} with coordinates.
     *
     * @param startX the start column
     * @param startY the start row
     * @param goalX  the goal column
     * @param goalY  the goal row
     * @return IN_PROGRESS, or START_INVALID or GOAL_INVALID for a refused end
     */
    public PathStatus tryBegin(int startX, int startY, int goalX, int goalY) {
        ensureOpen();
        if (!canStand(startX, startY)) {
            return PathStatus.START_INVALID;
        }
        if (!canStand(goalX, goalY)) {
            return PathStatus.GOAL_INVALID;
        }
        prepare();
        int width = grid.width();
        active.tryBegin(startY * width + startX, goalY * width + goalX);
        beganVersion = grid.version();
        beganRestoreCount = grid.restoreCount();
        beganAreaVersion = grid.areas().version();
        status = PathStatus.IN_PROGRESS;
        return status;
    }

    /**
     * The throwing twin of {@link #tryBegin(Cell, Cell)}.
     *
     * @param start the first cell: inside the grid, open and wide enough for the agent
     * @param goal  the last cell, under the same rules
     * @throws IllegalArgumentException naming the invalid end
     */
    public void begin(Cell start, Cell goal) {
        PathStatus s = tryBegin(start, goal);
        if (s == PathStatus.START_INVALID) {
            throw new IllegalArgumentException("start " + start
                    + " is outside the grid, blocked or too narrow for agent size " + options.agentSize());
        }
        if (s == PathStatus.GOAL_INVALID) {
            throw new IllegalArgumentException("goal " + goal
                    + " is outside the grid, blocked or too narrow for agent size " + options.agentSize());
        }
    }

    /**
     * Pops at most {@code maxIterations} times.
     *
     * @param maxIterations the largest number of pops in this slice
     * @return IN_PROGRESS while work remains, else FOUND or NO_PATH
     * @throws IllegalStateException if no search was begun or the grid was edited since
     */
    public PathStatus step(int maxIterations) {
        ensureOpen();
        if (status == PathStatus.NONE || active == null) {
            throw new IllegalStateException("GridSearch.step called before a successful begin");
        }
        if (status != PathStatus.IN_PROGRESS) {
            return status;
        }
        if (grid.version() != beganVersion
                || grid.restoreCount() != beganRestoreCount
                || grid.areas().version() != beganAreaVersion) {
            throw new IllegalStateException("the grid was edited or restored while a search was in progress (version "
                    + beganVersion + " -> " + grid.version() + ", area costs " + beganAreaVersion + " -> "
                    + grid.areas().version() + "); begin again");
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
     * Pops of the current search.
     *
     * @return the number of pops so far, 0 or more
     */
    public int iterations() {
        return active == null ? 0 : active.iterations();
    }

    /**
     * Expanded nodes of the current search.
     *
     * @return the number of expanded nodes so far, 0 or more
     */
    public int expandedCount() {
        return active == null ? 0 : active.expandedCount();
    }

    /**
     * Cost of the found path; +infinity unless FOUND.
     *
     * @return the path cost, or +infinity
     */
    public double cost() {
        return status == PathStatus.FOUND ? active.pathCost() : Double.POSITIVE_INFINITY;
    }

    /**
     * Cells on the found path; 0 unless FOUND.
     *
     * @return the number of path cells, start and goal included
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
     * Writes the found path into {@code out} as cells, start first (each {@link Cell} is a new
     * object; {@link #copyPath(int[])} allocates nothing).
     *
     * @param out receives the cells from index 0; at least {@link #pathLength()} long
     * @return the path length
     * @throws IllegalStateException unless FOUND
     * @throws IllegalArgumentException if {@code out} is shorter than the path
     */
    public int copyPath(Cell[] out) {
        Objects.requireNonNull(out, "out");
        if (status != PathStatus.FOUND) {
            throw new IllegalStateException("no path: the search status is " + status);
        }
        int n = active.pathLength();
        if (out.length < n) {
            throw new IllegalArgumentException("path of " + n + " cells does not fit an array of " + out.length);
        }
        int[] scratch = pathScratch(n);
        active.copyPath(scratch);
        int width = grid.width();
        for (int i = 0; i < n; i++) {
            out[i] = new Cell(scratch[i] % width, scratch[i] / width);
        }
        return n;
    }

    private int[] pathScratch(int n) {
        if (pathScratch.length < n) {
            pathScratch = new int[Math.max(n, 2 * pathScratch.length)];
        }
        return pathScratch;
    }

    // ---- snapshots (kind 12) ----

    /**
     * The search's state (kind 12 of the state format): u8 mode (0 not begun, 1 specialised A*,
     * 2 generic core, 3 specialised jump point search), i32 width, i32 height, then the mode's
     * fields. Mode 2 embeds the generic core's own state (kind 8 for A*, 9 for jump point search)
     * behind the query's ends and its length.
     */
    @Override
    public byte[] saveState() {
        ensureOpen();
        checkSavable();
        try (StateWriter w = new StateWriter(1024)) {
            writeState(w);
            return w.toByteArray();
        }
    }

    /**
     * Bytes {@link #saveState()} would return now. After the first save of a search this length
     * allocates nothing (it writes the state into a buffer the handle keeps, which grows to the
     * largest state seen).
     */
    @Override
    public long stateLength() {
        ensureOpen();
        checkSavable();
        StateWriter w = scratch();
        writeState(w.rewind());
        return w.length();
    }

    /**
     * Writes {@link #saveState()}'s bytes into {@code destination} from {@code offset}; allocates
     * nothing once the handle's buffer has grown to the state's size.
     *
     * @return the number of bytes written
     * @throws IllegalArgumentException if they do not fit (nothing is written then)
     */
    @Override
    public long saveState(MemorySegment destination, long offset) {
        Objects.requireNonNull(destination, "destination");
        ensureOpen();
        checkSavable();
        StateWriter w = scratch();
        writeState(w.rewind());
        w.writeTo(destination, offset);
        return w.length();
    }

    private void checkSavable() {
        if (active instanceof ThetaSearch<?>) {
            throw new IllegalStateException(
                    "a GridSearch running " + algorithm + " has no kind 12 state; save a tier-2 ThetaSearch (kind 10)");
        }
    }

    private StateWriter scratch() {
        if (scratch == null) {
            scratch = new StateWriter(1024);
            innerScratch = new StateWriter(1024);
        }
        return scratch;
    }

    /** The kind 12 bytes: header, mode, size, then the mode's fields. */
    private void writeState(StateWriter w) {
        int width = grid.width();
        int height = grid.height();
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
     * Puts back a saved state into this handle. Restore the grid first: the handle picks its
     * engine from its options and the grid as a begin would, and the state's mode (and finder)
     * must be that engine's. On {@link org.onepath.state.GridStateException} the handle is left
     * not begun: begin or restore again.
     */
    @Override
    public void restoreState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        ensureOpen();
        try {
            restoreChecked(state);
        } catch (RuntimeException e) {
            status = PathStatus.NONE;
            throw e;
        }
    }

    private void restoreChecked(MemorySegment data) {
        StateReader r = StateReader.ofGrid(data);
        GridSearchStateFormat.Head head = GridSearchStateFormat.readHead(r);
        if (head.width() != grid.width()) {
            throw r.error(
                    "width", head.width(), grid.width() + " (the grid's width)", GridSearchStateLayout.WIDTH_OFFSET);
        }
        if (head.height() != grid.height()) {
            throw r.error(
                    "height",
                    head.height(),
                    grid.height() + " (the grid's height)",
                    GridSearchStateLayout.HEIGHT_OFFSET);
        }
        int mode = head.mode();
        if (mode == GridSearchStateLayout.MODE_NOT_BEGUN) {
            r.expectEnd();
            status = PathStatus.NONE;
            return;
        }
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
        beganVersion = grid.version();
        beganRestoreCount = grid.restoreCount();
        beganAreaVersion = grid.areas().version();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (buffers != null) {
            buffers.close();
        }
        if (scratch != null) {
            scratch.close();
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

    // ---- the one-line query ----

    /**
     * Throws unless the options' algorithm runs through a resumable handle (A*, JPS, JPS+), naming
     * the call that runs it instead.
     */
    static void checkResumable(GridOptions options) {
        java.util.Objects.requireNonNull(options, "options");
        GridAlgorithm algorithm = options.algorithm();
        if (algorithm == GridAlgorithm.THETA_STAR
                || algorithm == GridAlgorithm.LAZY_THETA_STAR
                || algorithm == GridAlgorithm.HPA) {
            throw new IllegalArgumentException("GridSearch supports ASTAR, JPS and JPS_PLUS, not " + algorithm
                    + "; use findPath or the tier-2 " + (algorithm == GridAlgorithm.HPA ? "HpaSearch" : "ThetaSearch"));
        }
        if (algorithm == GridAlgorithm.LPA_STAR || algorithm == GridAlgorithm.D_STAR_LITE) {
            throw new IllegalArgumentException(
                    "GridSearch supports ASTAR, JPS and JPS_PLUS, not " + algorithm + "; use createReplanner");
        }
        if (algorithm == GridAlgorithm.JPS_PLUS_BOUNDED) {
            // The state formats record the JPS+ engine, not the goal bounds it ran with.
            throw new IllegalArgumentException(
                    "GridSearch supports ASTAR, JPS and JPS_PLUS, not " + algorithm + "; use findPath");
        }
        if (options.allowPartial()) {
            throw new IllegalArgumentException(
                    "GridSearch does not return partial paths (allowPartial is set); use findPath or findPathAsync");
        }
    }

    /**
     * Refuses {@code allowPartial} for the algorithms whose search gives no partial path: HPA*
     * (its abstract search reaches chunk entrances, not cells) and Lazy Theta* (its open nodes
     * carry parents whose line of sight is not yet tested).
     */
    static void checkPartial(GridOptions options) {
        GridAlgorithm algorithm = options.algorithm();
        if (options.allowPartial() && (algorithm == GridAlgorithm.HPA || algorithm == GridAlgorithm.LAZY_THETA_STAR)) {
            throw new IllegalArgumentException("allowPartial is not supported by " + algorithm
                    + " (see docs/partial-paths.md); use ASTAR, JPS, JPS_PLUS, JPS_PLUS_BOUNDED or THETA_STAR");
        }
    }

    /** A search for these options from the grid's idle slot, or a new one; give it back when done. */
    static GridSearch take(Grid grid, IdleSlot<GridSearch> idle, GridOptions options) {
        GridSearch search = idle.take();
        if (search == null) {
            return new GridSearch(grid, options);
        }
        search.options(options);
        return search;
    }

    /**
     * {@link Grid#findPathAsync}: checks what the sliced form supports, begins the query on the
     * calling thread and hands it to the one async adapter, {@link AsyncQuery}.
     */
    static CompletableFuture<GridPath> findPathAsync(
            Grid grid,
            IdleSlot<GridSearch> idle,
            int sx,
            int sy,
            int gx,
            int gy,
            GridOptions options,
            Cancellation cancellation,
            Executor executor) {
        try {
            checkPartial(options);
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        GridAlgorithm alg = options.algorithm();
        if (alg != GridAlgorithm.ASTAR && alg != GridAlgorithm.JPS && alg != GridAlgorithm.JPS_PLUS) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    "findPathAsync supports ASTAR, JPS and JPS_PLUS, not " + alg + "; use findPath"));
        }
        // GridSearch.step checks the grid is open and unedited itself, with its own message.
        return AsyncQuery.start(
                AsyncQuery.GridWatch.watchedByEngine("Grid", grid::ensureOpen),
                options.recordExpansions(),
                () -> {
                    GridSearch search = take(grid, idle, options);
                    GridPath refused;
                    try {
                        refused = search.beginQuery(sx, sy, gx, gy);
                    } catch (RuntimeException e) {
                        idle.give(search);
                        throw e;
                    }
                    return new AsyncQuery.Begun<>() {
                        @Override
                        public GridPath refused() {
                            return refused;
                        }

                        @Override
                        public PathStatus step(int n) {
                            return search.step(n);
                        }

                        @Override
                        public GridPath result(PathStatus status) {
                            return search.queryResult(); // maps a search the budget stopped itself
                        }

                        @Override
                        public void release(boolean resultRead) {
                            idle.give(search);
                        }
                    };
                },
                options.iterationsPerSlice(),
                options.iterationBudget(),
                cancellation,
                executor);
    }

    /** {@code findPath}: tryBegin, then step(iterationBudget) in cancellable slices, as a GridPath. */
    GridPath findPath(int sx, int sy, int gx, int gy, Cancellation cancellation) {
        checkPartial(options);
        GridPath refused = beginQuery(sx, sy, gx, gy);
        if (refused != null) {
            return refused;
        }
        int budget = options.iterationBudget();
        long remaining = budget == 0 ? Long.MAX_VALUE : budget;
        if (cancellation == null) {
            step((int) Math.min(remaining, Integer.MAX_VALUE));
        } else {
            int slice = options.iterationsPerSlice();
            while (status == PathStatus.IN_PROGRESS && remaining > 0) {
                cancellation.throwIfCancelled();
                int n = (int) Math.min(slice, remaining);
                step(n);
                remaining -= n;
            }
        }
        return queryResult();
    }

    /**
     * Begins a one-line query: null when begun, else the result of a refused end (nothing ran;
     * it names the search these options would run).
     */
    GridPath beginQuery(int sx, int sy, int gx, int gy) {
        PathStatus begun = tryBegin(sx, sy, gx, gy);
        if (begun == PathStatus.IN_PROGRESS) {
            return null;
        }
        GridAlgorithm wouldRun = options.algorithmFor(grid.areas(), grid.width(), grid.height());
        if (wouldRun == GridAlgorithm.JPS_PLUS_BOUNDED
                && !(options.specializedEngines()
                        && options.qualifiesForJumpPoints(grid.areas())
                        && usableBounds() != null)) {
            wouldRun = GridAlgorithm.JPS_PLUS; // as plan() would fall back
        }
        return GridPath.invalid(begun, grid.width(), grid.space(), wouldRun);
    }

    /**
     * The one-line result of the current query: a search still in progress ran out of budget.
     * With {@code allowPartial}, a search that did not find the goal gives the path to its
     * closest reached node instead, as PARTIAL.
     */
    GridPath queryResult() {
        PathStatus result = status == PathStatus.IN_PROGRESS ? PathStatus.BUDGET_EXHAUSTED : status;
        int[] cells = null;
        double cost = cost();
        if (result == PathStatus.FOUND) {
            cells = new int[pathLength()];
            copyPath(cells);
        } else if (options.allowPartial()) {
            int end = active.closestReached();
            cells = active.pathTo(end);
            cost = active.costTo(end);
            result = PathStatus.PARTIAL;
        }
        int[] expanded = options.recordExpansions() ? active.expandedNodes() : null;
        return new GridPath(
                result,
                grid.width(),
                grid.space(),
                cells,
                cost,
                expandedCount(),
                iterations(),
                algorithm,
                expanded,
                options.stepCost() != null);
    }

    // ---- engine choice ----

    private boolean canStand(int x, int y) {
        if (!grid.contains(x, y)) {
            return false;
        }
        int size = options.agentSize();
        boolean fits = size == 1 ? grid.areaAt(y * grid.width() + x) != Grid.WALL : grid.maxAgentSizeAt(x, y) >= size;
        CellBlocker blocked = options.blocked();
        return fits && (blocked == null || !blocked.isBlocked(x, y));
    }

    /** Selects the engine these options run, unless the last search had the same options and area costs. */
    private void prepare() {
        AreaCosts areas = grid.areas();
        if (options.agentSize() > 1) {
            grid.clearance(); // brings the clearance a cached topology reads up to date
        }
        // Area versions may repeat after a restore, so a restore also forces a new plan.
        if (plannedFor != options
                || plannedAreaVersion != areas.version()
                || plannedRestoreCount != grid.restoreCount()
                || (options.algorithm() == GridAlgorithm.JPS_PLUS_BOUNDED && plannedBounds != usableBounds())) {
            plan(areas);
            plannedFor = options;
            plannedAreaVersion = areas.version();
            plannedRestoreCount = grid.restoreCount();
        }
        if (algorithm == GridAlgorithm.JPS_PLUS || algorithm == GridAlgorithm.JPS_PLUS_BOUNDED) {
            grid.derived().jpsPlusIndex().refresh();
        }
        if (algorithm == GridAlgorithm.HPA) {
            // looked up on every query: a restore or the cache's limit may have dropped the last one
            HpaHierarchy hierarchy = grid.derived()
                    .hpaHierarchy(
                            options.hpaChunkSize(),
                            options.agentSize(),
                            options.connectivity(),
                            options.diagonalRule());
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
        GoalBounds bounds = grid.derived().goalBounds();
        return bounds != null && bounds.isCurrent() ? bounds : null;
    }

    /** The generic cores' buffers, made now if this handle has none yet. */
    private GridSearchBuffers buffers() {
        if (buffers == null) {
            buffers = new GridSearchBuffers(grid.cellCount());
            buffers.recordExpansions(options.recordExpansions());
        }
        return buffers;
    }

    private void plan(AreaCosts areas) {
        algorithm = options.algorithmFor(areas, grid.width(), grid.height());
        boolean zero = options.heuristic() == HeuristicKind.ZERO;
        boolean fast = options.specializedEngines() && options.qualifiesForJumpPoints(areas);
        Heuristic heuristic = heuristicOf(areas.minCost());
        double m = areas.get(0);
        plannedBounds = null;
        if (algorithm == GridAlgorithm.JPS_PLUS_BOUNDED) {
            GoalBounds bounds = usableBounds();
            if (fast && bounds != null) {
                if (octileBoundedJump == null || boundedFor != bounds) {
                    if (octileBoundedJump != null) {
                        octileBoundedJump.close();
                    }
                    octileBoundedJump = OctileJump.goalBounded(
                            grid,
                            new TableFinder(
                                    grid.derived().jpsPlusIndex(),
                                    grid.derived().octileMap()),
                            bounds);
                    boundedFor = bounds;
                }
                octileBoundedJump.zeroEstimate(zero);
                active = octileBoundedJump;
                plannedBounds = bounds;
                return;
            }
            // No current bounds, or a query the specialised engine does not serve: plain JPS+.
            algorithm = GridAlgorithm.JPS_PLUS;
        }
        switch (algorithm) {
            case JPS -> {
                if (fast) {
                    if (octileBlockJump == null) {
                        octileBlockJump = new OctileJump<>(
                                grid,
                                new BitFinder(
                                        grid.derived().blockMap(),
                                        grid.derived().octileMap()));
                    }
                    octileBlockJump.zeroEstimate(zero);
                    active = octileBlockJump;
                } else {
                    active = new JumpSearch<>(
                            grid, new BlockJumper(grid.derived().blockMap()), heuristic, m, buffers());
                }
            }
            case JPS_PLUS -> {
                if (fast) {
                    if (octileTableJump == null) {
                        octileTableJump = new OctileJump<>(
                                grid,
                                new TableFinder(
                                        grid.derived().jpsPlusIndex(),
                                        grid.derived().octileMap()));
                    }
                    octileTableJump.zeroEstimate(zero);
                    active = octileTableJump;
                } else {
                    active = new JumpSearch<>(
                            grid, new TableJumper(grid.derived().jpsPlusIndex()), heuristic, m, buffers());
                }
            }
            case THETA_STAR, LAZY_THETA_STAR -> {
                // Only the one-line query gets here: Grid.createSearch refuses the any-angle algorithms.
                ThetaVariant variant =
                        algorithm == GridAlgorithm.THETA_STAR ? ThetaVariant.THETA : ThetaVariant.LAZY_REQUEUE;
                Heuristic estimate = options.heuristic() == HeuristicKind.ZERO
                        ? ZeroHeuristic.INSTANCE
                        : new EuclideanHeuristic(grid.width(), m);
                active = new ThetaSearch<>(grid, variant, estimate, m, buffers(), options.heuristicWeight());
            }
            case HPA -> {
                // the search itself is chosen per query in prepare()
            }
            case JPS_PLUS_BOUNDED -> throw new AssertionError("planned above");
            case ASTAR -> {
                if (fast) {
                    if (octileAStar == null) {
                        octileAStar = new OctileAStar(grid, false);
                    }
                    octileAStar.zeroEstimate(zero);
                    active = octileAStar;
                } else {
                    SquareTopology topology =
                            grid.createTopology(options.agentSize(), options.connectivity(), options.diagonalRule());
                    active = new AStar<>(topology, stepCost(), heuristic, buffers(), options.heuristicWeight());
                }
            }
        }
    }

    private StepCost stepCost() {
        if (options.stepCost() == null && options.blocked() == null) {
            return DefaultStepCost.INSTANCE;
        }
        return new DelegateStepCost(grid.width(), options.stepCost(), options.blocked());
    }

    private Heuristic heuristicOf(double scale) {
        HeuristicKind kind = options.heuristic();
        if (kind == HeuristicKind.AUTO) {
            kind = options.connectivity() == Connectivity.EIGHT ? HeuristicKind.OCTILE : HeuristicKind.MANHATTAN;
        }
        return switch (kind) {
            case OCTILE -> new OctileHeuristic(grid.width(), scale);
            case MANHATTAN -> new ManhattanHeuristic(grid.width(), scale);
            case ZERO -> ZeroHeuristic.INSTANCE;
            case EUCLIDEAN -> new EuclideanHeuristic(grid.width(), scale);
            case AUTO -> throw new AssertionError("resolved above");
        };
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("GridSearch has been closed");
        }
        grid.ensureOpen();
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
