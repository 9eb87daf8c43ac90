package org.onepath;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.MemoryFaults;
import org.onepath.cells.PathStatus;
import org.onepath.memory.IdleSlot;
import org.onepath.query.AsyncQuery;
import org.onepath.query.SearchResult;
import org.onepath.query.SquareQuery;
import org.onepath.state.Snapshottable;
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
 *
 * <p>On a grid over a store's mapping, a begin or step that fails reading the mapping throws the
 * exception the grid's {@link MemoryFaults} names (the store's file) instead of the JVM's error.
 */
public final class GridSearch implements AutoCloseable, Snapshottable {
    private final Grid grid;
    /** The engine choice and the query's state; this handle adds the options and the tier-1 types. */
    private final SquareQuery query;

    private GridOptions options;
    private boolean closed;
    private int[] pathScratch = new int[0];
    /** The buffer of {@link #stateLength()} and the segment save, made on first use and kept. */
    private StateWriter scratch;

    GridSearch(Grid grid, GridOptions options) {
        this.grid = grid;
        this.options = Objects.requireNonNull(options, "options");
        this.query = new SquareQuery(grid, grid.derived());
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
        return GridOptions.algorithmOf(query.engine());
    }

    /**
     * NONE before the first successful begin, then IN_PROGRESS, FOUND or NO_PATH. A refused begin
     * (its START_INVALID or GOAL_INVALID is returned by {@code tryBegin}) leaves it unchanged.
     *
     * @return the search's status, not null
     */
    public PathStatus status() {
        return query.status();
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
        MemoryFaults faults = grid.memoryFaults();
        faults.ensureReadable();
        try {
            return query.tryBegin(options.query(), startX, startY, goalX, goalY);
        } catch (RuntimeException | InternalError e) {
            throw MemoryFaults.report(faults, e);
        }
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
        MemoryFaults faults = grid.memoryFaults();
        faults.ensureReadable();
        try {
            return query.step(maxIterations);
        } catch (RuntimeException | InternalError e) {
            throw MemoryFaults.report(faults, e);
        }
    }

    /**
     * Pops of the current search.
     *
     * @return the number of pops so far, 0 or more
     */
    public int iterations() {
        return query.iterations();
    }

    /**
     * Expanded nodes of the current search.
     *
     * @return the number of expanded nodes so far, 0 or more
     */
    public int expandedCount() {
        return query.expandedCount();
    }

    /**
     * Cost of the found path; +infinity unless FOUND.
     *
     * @return the path cost, or +infinity
     */
    public double cost() {
        return query.cost();
    }

    /**
     * Cells on the found path; 0 unless FOUND.
     *
     * @return the number of path cells, start and goal included
     */
    public int pathLength() {
        return query.pathLength();
    }

    /**
     * Writes the found path as row-major cell indices, start first; allocates nothing.
     *
     * @param out receives the indices from index 0; at least {@link #pathLength()} long
     * @return the path length
     * @throws IllegalStateException unless FOUND
     */
    public int copyPath(int[] out) {
        return query.copyPath(out);
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
        if (query.status() != PathStatus.FOUND) {
            throw new IllegalStateException("no path: the search status is " + query.status());
        }
        int n = query.pathLength();
        if (out.length < n) {
            throw new IllegalArgumentException("path of " + n + " cells does not fit an array of " + out.length);
        }
        if (pathScratch.length < n) {
            pathScratch = new int[Math.max(n, 2 * pathScratch.length)];
        }
        query.copyPath(pathScratch);
        int width = grid.width();
        for (int i = 0; i < n; i++) {
            out[i] = new Cell(pathScratch[i] % width, pathScratch[i] / width);
        }
        return n;
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
        query.checkSavable();
        try (StateWriter w = new StateWriter(1024)) {
            query.writeState(w);
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
        return written().length();
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
        StateWriter w = written();
        w.writeTo(destination, offset);
        return w.length();
    }

    /** The state written into the buffer this handle keeps. */
    private StateWriter written() {
        ensureOpen();
        query.checkSavable();
        if (scratch == null) {
            scratch = new StateWriter(1024);
            query.keepStateScratch();
        }
        query.writeState(scratch.rewind());
        return scratch;
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
        query.restoreState(options.query(), state);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (scratch != null) {
            scratch.close();
        }
        query.close();
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

    /** {@link Grid#findPath(Cell, Cell, GridOptions, Cancellation)} on a search from the grid's idle slot. */
    static GridPath findPath(
            Grid grid,
            IdleSlot<GridSearch> idle,
            int sx,
            int sy,
            int gx,
            int gy,
            GridOptions options,
            Cancellation cancellation) {
        GridSearch search = take(grid, idle, options);
        try {
            return search.findPath(sx, sy, gx, gy, cancellation);
        } finally {
            idle.give(search);
        }
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
            while (query.status() == PathStatus.IN_PROGRESS && remaining > 0) {
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
        GridAlgorithm wouldRun = GridOptions.algorithmOf(query.wouldRun(options.query()));
        return GridPath.invalid(begun, grid.width(), grid.space(), wouldRun);
    }

    /**
     * The one-line result of the current query: a search still in progress ran out of budget.
     * With {@code allowPartial}, a search that did not find the goal gives the path to its
     * closest reached node instead, as PARTIAL.
     */
    GridPath queryResult() {
        SearchResult r = query.result();
        return new GridPath(
                r.status(),
                grid.width(),
                grid.space(),
                r.nodes(),
                r.hops(),
                r.cost(),
                r.expandedCount(),
                r.iterations(),
                algorithm(),
                r.expanded(),
                options.stepCost() != null);
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("GridSearch has been closed");
        }
        grid.ensureOpen();
    }
}
