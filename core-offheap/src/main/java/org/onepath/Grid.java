package org.onepath;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.GridFormatException;
import org.onepath.cells.GridTables;
import org.onepath.cells.GridText;
import org.onepath.cells.PathStatus;
import org.onepath.cells.SquareCells;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.hpa.HpaHierarchy;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.memory.IdleSlot;
import org.onepath.query.ManyGoalsQuery;
import org.onepath.snapshot.GridState;
import org.onepath.state.GridStateException;
import org.onepath.state.Snapshottable;
import org.onepath.tables.SquareTables;

/**
 * A square grid of {@code width x height} cells, one byte each, row-major off-heap
 * ({@code index = y * width + x}): an area id, 0..254 walkable (at the multiplier {@link #areas()}
 * gives it), 255 a wall. It is the {@link SquareCells} (cells, edits, listeners, clearance) plus
 * its derived tables ({@link SquareTables}), queries (drivers in {@code org.onepath.query}) and
 * snapshot.
 *
 * <p>A grid from {@link #create}, {@link #from}, {@link #fromText} or the Moving AI reader owns its
 * memory and frees it in {@link #close()}; one from {@link #over} uses the caller's segment (and
 * tables) in place and frees only what it derived. Over a read-only segment it is read-only:
 * edits and restores throw {@link IllegalStateException}, as does any use after close. Queries may
 * run on several threads at once while nobody edits; edits must not overlap a query.
 */
public final class Grid extends SquareCells implements Snapshottable {
    private final IdleSlot<GridSearch> idleSearch = new IdleSlot<>(GridSearch::close);
    private final SquareTables tables;
    private GridSpace space = GridSpace.UNASSIGNED;

    private Grid(int width, int height, MemorySegment callerCells, GridTables baked) {
        super(width, height, callerCells, baked.clearance());
        this.tables = new SquareTables(this, baked);
    }

    // ---- construction ----

    /**
     * A grid of open cells (area 0) that owns its memory.
     *
     * @param width  columns, at least 1; width times height at most {@link #MAX_CELLS}
     * @param height rows, at least 1
     * @return a new open grid; the caller closes it
     * @throws IllegalArgumentException if the size is out of range
     */
    public static Grid create(int width, int height) {
        return new Grid(width, height, null, GridTables.NONE);
    }

    /**
     * {@link #create(int, int)} with every cell holding {@code area} (0..255, 255 a wall).
     *
     * @param width  columns
     * @param height rows
     * @param area   the area id of every cell
     * @return a new grid; the caller closes it
     * @throws IllegalArgumentException if the size or the area id is out of range
     */
    public static Grid create(int width, int height, int area) {
        checkAreaId(area);
        Grid grid = create(width, height);
        grid.writableCells().fill((byte) area);
        return grid;
    }

    /**
     * {@link #create(int, int)} holding a copy of the first {@code width * height} bytes of cells.
     *
     * @param cells  row-major area ids; only read, not kept
     * @param width  columns
     * @param height rows
     * @return a new grid owning its copy; the caller closes it
     * @throws IllegalArgumentException if the segment is too small or the size is out of range
     */
    public static Grid copyOf(MemorySegment cells, int width, int height) {
        checkCellSource(cells, width, height);
        Grid grid = create(width, height);
        MemorySegment.copy(cells, 0, grid.writableCells(), 0, grid.cellCount());
        return grid;
    }

    /**
     * A grid over the caller's writable segment in place (row-major area ids, at least
     * {@code width * height} bytes), which the caller keeps alive until close.
     *
     * @param cells  the caller's segment, never freed here
     * @param width  columns, at least 1; width times height at most {@link #MAX_CELLS}
     * @param height rows, at least 1
     * @return a grid viewing {@code cells}; closing it frees only the derived data
     * @throws IllegalArgumentException if the segment is read-only or too small, or the size is bad
     */
    public static Grid over(MemorySegment cells, int width, int height) {
        Objects.requireNonNull(cells, "cells");
        if (cells.isReadOnly()) {
            throw new IllegalArgumentException("cell segment is read-only; a grid needs a writable segment");
        }
        return new Grid(width, height, cells, GridTables.NONE);
    }

    /**
     * {@link #over(MemorySegment, int, int)} with precomputed tables (tier 3; what a baked store
     * opens), used in place and kept up to date by edits. The caller vouches that the tables
     * derive from the cells; read-only cells make a read-only grid, and need read-only tables.
     *
     * @param cells  row-major area ids
     * @param width  columns
     * @param height rows
     * @param tables the tables derived from {@code cells}, kept alive by the caller until close
     * @return a grid viewing the caller's memory; closing it frees only what the grid allocated
     * @throws IllegalArgumentException if a segment is too small, or one table's writability
     *                                  differs from the cells'
     */
    public static Grid over(MemorySegment cells, int width, int height, GridTables tables) {
        Objects.requireNonNull(cells, "cells");
        Objects.requireNonNull(tables, "tables");
        checkSize(width, height, MAX_CELLS, "grid");
        tables.check(width, height, cells.isReadOnly());
        Grid grid = new Grid(width, height, cells, tables);
        try {
            grid.tables.attachBaked();
        } catch (RuntimeException e) {
            grid.close(); // goal bounds whose fields do not fit the cells are refused here
            throw e;
        }
        return grid;
    }

    /**
     * A grid from rows of equal length ({@code [row][column]}): true open (area 0), false wall.
     *
     * @param walkable at least one row and one column
     * @return a new grid; the caller closes it
     * @throws IllegalArgumentException if the rows differ in length or the size is out of range
     */
    public static Grid from(boolean[][] walkable) {
        Grid grid = create(widthOf(walkable), walkable.length);
        grid.writeWalls(walkable);
        return grid;
    }

    /**
     * A grid from a picture, a text line per row (LF or CRLF, one final break allowed): {@code .}
     * open (area 0), {@code #} wall, {@code 1}-{@code 9} that area.
     *
     * @param picture the rows as text, top row first
     * @return a new grid; the caller closes it
     * @throws GridFormatException naming the line and column of a bad character or a ragged row
     */
    public static Grid fromText(String picture) {
        GridText.Picture p = GridText.read(picture);
        Grid grid = create(p.width(), p.height());
        p.fill(grid.writableCells());
        return grid;
    }

    // ---- world space and host queries ----

    /**
     * The grid's world mapping.
     *
     * @return the space last set, {@link GridSpace#UNASSIGNED} on a new grid
     */
    public GridSpace space() {
        return space;
    }

    /**
     * Sets the world mapping of world-point queries and {@link GridPath#points()}.
     *
     * @param space the mapping between world coordinates and cells; not null
     */
    public void space(GridSpace space) {
        this.space = Objects.requireNonNull(space, "space");
    }

    /** Times {@link #contentHash()} computed the hash (for tests of its cache). */
    int contentHashComputations() {
        return hashComputations();
    }

    /**
     * The nearest cell an agent of the options' size may stand on (it fits, the blocked delegate
     * allows it) within {@link GridOptions#nearestRadius()} Chebyshev rings of {@code cell}, by
     * squared Euclidean distance, ties to the smaller row then column.
     *
     * @param cell    the query cell; it may lie outside the grid
     * @param options the agent size, blocked delegate and nearest radius
     * @return the cell, or empty when no cell within the radius fits
     * @throws IllegalArgumentException if a coordinate of {@code cell} is beyond 2^30 in size
     */
    public Optional<Cell> tryFindNearestWalkable(Cell cell, GridOptions options) {
        Objects.requireNonNull(cell, "cell");
        int index = nearestWalkableIndex(cell.x(), cell.y(), options);
        return index < 0 ? Optional.empty() : Optional.of(new Cell(index % width(), index / width()));
    }

    /**
     * {@link #tryFindNearestWalkable(Cell, GridOptions)} from the cell of a world point (clamped).
     *
     * @param point   the world point ({@link #space()})
     * @param options the agent size, blocked delegate and nearest radius
     * @return the cell, or empty
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public Optional<Cell> tryFindNearestWalkable(WorldPoint point, GridOptions options) {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(options, "options");
        return tryFindNearestWalkable(
                new Cell(space.clampedColumnOf(point.x()), space.clampedRowOf(point.y())), options);
    }

    /**
     * The allocation-free {@link #tryFindNearestWalkable(Cell, GridOptions)}.
     *
     * @param x       the query column; may lie outside the grid
     * @param y       the query row; may lie outside the grid
     * @param options the agent size, blocked delegate and nearest radius
     * @return the row-major index {@code y * width + x} of the nearest cell, or -1 when none fits
     */
    public int nearestWalkableIndex(int x, int y, GridOptions options) {
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return nearestWalkableIndex(x, y, options.agentSize(), options.nearestRadius(), options.blocked());
    }

    /**
     * The Q31.32 price of a found path ({@link SquareCells#tryGetFixedCost(List)}); empty when it
     * was not found, is any-angle or was priced by a {@link CellStepCost} hook.
     *
     * @param path a path returned by this grid (or one of the same width)
     * @return the price in 2^-32 units, or empty
     * @throws IllegalArgumentException if the path belongs to a grid of another width
     */
    public OptionalLong tryGetFixedCost(GridPath path) {
        Objects.requireNonNull(path, "path");
        return path.fixedCostOn(this);
    }

    // ---- tables and goal bounds ----

    /**
     * The precomputed tables (tier 3), up to date and each built on first use, as read-only views
     * in a baked store's layouts: clearance, block map, JPS+ table (null past
     * {@link JpsPlusIndex#MAX_SIDE}), neighbour bytes, goal bounds while current (else null).
     *
     * @return the tables, valid until the grid is closed
     */
    public GridTables tables() {
        ensureOpen();
        return tables.current();
    }

    /**
     * Bakes the goal bounds of the cells as they are ({@code docs/jps.md}) for
     * {@link GridAlgorithm#JPS_PLUS_BOUNDED}, replacing earlier ones: one exact search per jump
     * point (minutes on large maps: keep them in a {@code GridStore}). An edit makes them stale
     * (bounded queries run JPS+ until the next bake). Queries may run meanwhile, edits not.
     *
     * @param threads worker threads, at least 1
     * @param monitor hears progress in jump points and may cancel
     * @return what the bounds hold
     * @throws IllegalArgumentException if threads &lt; 1, or a side exceeds {@link JpsPlusIndex#MAX_SIDE}
     * @throws java.util.concurrent.CancellationException if cancelled or interrupted; the old bounds stay
     */
    public GoalBoundsSummary bakeGoalBounds(int threads, BakeMonitor monitor) {
        ensureOpen();
        tables.checkGoalBoundsSides();
        return GoalBoundsSummary.of(tables.bakeGoalBounds(threads, monitor));
    }

    /**
     * Lists the jump points of the cells as they are for a bake in {@link GoalBoundsPieces}, baked
     * apart and installed as {@link #bakeGoalBounds}; no edits until the pieces are installed.
     *
     * @return the listed jump points, to close after use
     * @throws IllegalArgumentException if a side exceeds {@link JpsPlusIndex#MAX_SIDE} (no JPS+ table)
     */
    public GoalBoundsPieces goalBoundsPieces() {
        ensureOpen();
        tables.checkGoalBoundsSides();
        return new GoalBoundsPieces(this, tables);
    }

    /**
     * The goal bounds bounded queries use, baked or from a store; maybe stale.
     *
     * @return what the grid's goal bounds hold, or null when it has none
     */
    public GoalBoundsSummary goalBounds() {
        ensureOpen();
        return GoalBoundsSummary.of(tables.goalBounds());
    }

    // ---- searches ----

    /**
     * The topology of the live cells for an agent size and moves (tier 2); remake it after edits
     * when the agent size is above 1.
     *
     * @param agentSize    the agent's side in cells, 1..{@link #MAX_AGENT_SIZE}
     * @param connectivity four or eight neighbours
     * @param rule         when a diagonal step may pass a blocked corner
     * @return a topology reading this grid's cells
     */
    public SquareTopology createTopology(int agentSize, Connectivity connectivity, DiagonalRule rule) {
        ensureOpen();
        return new SquareTopology(this, agentSize, connectivity, rule);
    }

    /**
     * A resumable search (ASTAR, JPS or JPS_PLUS): begin, step in slices, copy the path.
     *
     * @param options the algorithm, moves, agent size, budget and delegates; fixed for its life
     * @return a new search handle; the caller closes it
     * @throws IllegalArgumentException for allowPartial, an any-angle algorithm or HPA (use
     *                                  {@link #findPath}, {@code ThetaSearch} or {@code HpaSearch}),
     *                                  or a replanning one (use {@link #createReplanner})
     */
    public GridSearch createSearch(GridOptions options) {
        GridSearch.checkResumable(options);
        ensureOpen();
        return new GridSearch(this, options);
    }

    /**
     * {@link #createFlowField(List, GridOptions)} towards one goal with the default options.
     *
     * @param goal the target cell, inside the grid
     * @return a new flow field; the caller closes it
     * @throws IllegalArgumentException if the goal is outside the grid
     */
    public GridFlowField createFlowField(Cell goal) {
        Objects.requireNonNull(goal, "goal");
        return createFlowField(List.of(goal), GridOptions.DEFAULT);
    }

    /**
     * A flow field towards the nearest of the goals (repeats allowed), computed now within the
     * options' budget; it listens to this grid's edits.
     *
     * @param goals   the target cells, at least one, each inside the grid
     * @param options the moves, diagonal rule, agent size, delegates and iteration budget
     * @return a new flow field; the caller closes it
     * @throws IllegalArgumentException if there is no goal or one is outside the grid
     */
    public GridFlowField createFlowField(List<Cell> goals, GridOptions options) {
        Objects.requireNonNull(goals, "goals");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return GridFlowField.square(this, goals, options);
    }

    /**
     * {@link #createReplanner(Cell, Cell, GridOptions)} with the default options (D* Lite).
     *
     * @param start the cell the agent stands on
     * @param goal  the target cell
     * @return a new replanner; the caller closes it
     * @throws IllegalArgumentException if start or goal is outside the grid
     */
    public GridReplanner createReplanner(Cell start, Cell goal) {
        return createReplanner(start, goal, GridOptions.DEFAULT);
    }

    /**
     * An incremental replanner listening to this grid's edits, searching from the first
     * {@link GridReplanner#replan()}: LPA* for {@link GridAlgorithm#LPA_STAR}, else D* Lite.
     *
     * @param start   the cell the agent stands on, inside the grid
     * @param goal    the target cell, inside the grid
     * @param options the algorithm, moves, agent size and delegates; heuristic weight 1
     * @return a new replanner; the caller closes it
     * @throws IllegalArgumentException if an end is outside the grid, the weight is not 1, or allowPartial is set
     */
    public GridReplanner createReplanner(Cell start, Cell goal, GridOptions options) {
        return GridReplanner.over(this, start, goal, options);
    }

    /**
     * {@link #findPath(Cell, Cell, GridOptions, Cancellation)} with the default options.
     *
     * @param start the first cell
     * @param goal  the last cell
     * @return the result: its status says whether a path was found
     */
    public GridPath findPath(Cell start, Cell goal) {
        return findPath(start, goal, GridOptions.DEFAULT, null);
    }

    /**
     * {@link #findPath(Cell, Cell, GridOptions, Cancellation)} without a token.
     *
     * @param start   the first cell
     * @param goal    the last cell
     * @param options the algorithm, moves, heuristic, agent size, budget and delegates
     * @return the result: its status says whether a path was found
     * @throws IllegalArgumentException if allowPartial is set for HPA or LAZY_THETA_STAR
     */
    public GridPath findPath(Cell start, Cell goal, GridOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * Shortest path; with allowPartial a miss gives a {@link PathStatus#PARTIAL} path
     * ({@code docs/partial-paths.md}). A token is checked before each slice of
     * {@link GridOptions#iterationsPerSlice()} (no token: one run); slicing never changes the
     * result, and cancelling leaves the grid untouched.
     *
     * @param start        the first cell; outside the grid or a wall gives START_INVALID
     * @param goal         the last cell; outside the grid or a wall gives GOAL_INVALID
     * @param options      the algorithm, moves, heuristic, agent size, budget and delegates
     * @param cancellation the token checked before each slice, or null to run in one go
     * @return the result: its status says whether a path was found
     * @throws IllegalArgumentException if allowPartial is set for HPA or LAZY_THETA_STAR
     * @throws java.util.concurrent.CancellationException if the token is cancelled
     */
    public GridPath findPath(Cell start, Cell goal, GridOptions options, Cancellation cancellation) {
        checkQuery(start, goal, options);
        return findPath(start.x(), start.y(), goal.x(), goal.y(), options, cancellation);
    }

    /**
     * {@link #findPath(WorldPoint, WorldPoint, GridOptions, Cancellation)} with the default options.
     *
     * @param start the start point in world units
     * @param goal  the goal point in world units
     * @return the result: its status says whether a path was found
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public GridPath findPath(WorldPoint start, WorldPoint goal) {
        return findPath(start, goal, GridOptions.DEFAULT, null);
    }

    /**
     * {@link #findPath(WorldPoint, WorldPoint, GridOptions, Cancellation)} without a token.
     *
     * @param start   the start point in world units
     * @param goal    the goal point in world units
     * @param options the algorithm, moves, heuristic, agent size, budget and delegates
     * @return the result: its status says whether a path was found
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public GridPath findPath(WorldPoint start, WorldPoint goal, GridOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * {@link #findPath(Cell, Cell, GridOptions, Cancellation)} between the cells of two world
     * points ({@link #space()}, clamped); a point outside the grid gives START_INVALID or
     * GOAL_INVALID.
     *
     * @param start        the start point in world units
     * @param goal         the goal point in world units
     * @param options      the algorithm, moves, heuristic, agent size, budget and delegates
     * @param cancellation the token checked before each slice, or null to run in one go
     * @return the result: its status says whether a path was found
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public GridPath findPath(WorldPoint start, WorldPoint goal, GridOptions options, Cancellation cancellation) {
        checkQuery(start, goal, options);
        GridSpace s = space;
        int sx = s.clampedColumnOf(start.x());
        int sy = s.clampedRowOf(start.y());
        return findPath(sx, sy, s.clampedColumnOf(goal.x()), s.clampedRowOf(goal.y()), options, cancellation);
    }

    /** The checks every one-line query makes first, in this order: the ends, the options, open. */
    private void checkQuery(Object start, Object goal, GridOptions options) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        ensureOpen();
    }

    private GridPath findPath(int sx, int sy, int gx, int gy, GridOptions options, Cancellation cancellation) {
        GridSearch search = GridSearch.take(this, idleSearch, options);
        try {
            return search.findPath(sx, sy, gx, gy, cancellation);
        } finally {
            idleSearch.give(search);
        }
    }

    // ---- many goals ----

    /**
     * {@link #findPath(Cell, List, GridOptions, Cancellation)} with the default options.
     *
     * @param start the first cell
     * @param goals the candidate last cells, at least one; repeats are allowed
     * @return the path to the cheapest goal, the first listed among equal costs
     * @throws IllegalArgumentException if the list is empty
     */
    public GridPath findPath(Cell start, List<Cell> goals) {
        return findPath(start, goals, GridOptions.DEFAULT, null);
    }

    /**
     * {@link #findPath(Cell, List, GridOptions, Cancellation)} without a token.
     *
     * @param start   the first cell
     * @param goals   the candidate last cells, at least one; repeats are allowed
     * @param options an optimal algorithm, heuristic weight 1, moves, agent size, budget and delegates
     * @return the path to the cheapest goal, the first listed among equal costs
     * @throws IllegalArgumentException if the list is empty, the algorithm is THETA_STAR,
     *                                  LAZY_THETA_STAR or HPA, or the heuristic weight is not 1
     */
    public GridPath findPath(Cell start, List<Cell> goals, GridOptions options) {
        return findPath(start, goals, options, null);
    }

    /**
     * The path to the cheapest of several goals: the single query's result (path, counts,
     * algorithm) to the goal whose {@code findPath(start, goal, options)} cost is smallest, bit for
     * bit, the first listed among equals. A search over the generic moves chooses it (A* with the
     * least of the estimates for a few distinct goals, Dijkstra's wave for many:
     * {@code docs/many-goals.md}), then asks the goals tied within rounding as single queries.
     *
     * <p>Goals outside the grid, on a wall, too narrow for the agent or refused by {@code blocked}
     * are skipped (all skipped: GOAL_INVALID). An invalid start gives START_INVALID, a goal equal
     * to the start costs 0, no reachable goal gives NO_PATH. The iteration budget bounds the
     * goal-choosing search (BUDGET_EXHAUSTED) and each single query.
     *
     * @param start        the first cell
     * @param goals        the candidate last cells, at least one; repeats are allowed
     * @param options      an optimal algorithm (ASTAR, JPS, JPS_PLUS, JPS_PLUS_BOUNDED; the
     *                     replanning ones run A*), weight 1, moves, agent size, budget, delegates
     * @param cancellation the token checked before each slice, or null
     * @return the path to the cheapest goal, the first listed among equal costs
     * @throws IllegalArgumentException if the list is empty, the algorithm is THETA_STAR,
     *                                  LAZY_THETA_STAR or HPA, or the heuristic weight is not 1
     * @throws java.util.concurrent.CancellationException if the token is cancelled
     */
    public GridPath findPath(Cell start, List<Cell> goals, GridOptions options, Cancellation cancellation) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(options, "options");
        return ManyGoalsQuery.find(
                start,
                goals,
                options.manyGoalShape(this),
                options.manyGoalRules(),
                GridPath.manyGoalPaths(this, start, goals, options, cancellation),
                cancellation);
    }

    // ---- the cooperative sliced form ----

    /**
     * {@link #findPathAsync(Cell, Cell, GridOptions, Cancellation, Executor)} with the default options.
     *
     * @param start the first cell
     * @param goal  the last cell
     * @return a future of the result, already complete when this returns
     */
    public CompletableFuture<GridPath> findPathAsync(Cell start, Cell goal) {
        return findPathAsync(start, goal, GridOptions.DEFAULT, null, Runnable::run);
    }

    /**
     * {@link #findPathAsync(Cell, Cell, GridOptions, Cancellation, Executor)} on the calling thread.
     *
     * @param start   the first cell
     * @param goal    the last cell
     * @param options ASTAR, JPS or JPS_PLUS without recorded expansions
     * @return a future of the result, already complete when this returns
     */
    public CompletableFuture<GridPath> findPathAsync(Cell start, Cell goal, GridOptions options) {
        return findPathAsync(start, goal, options, null, Runnable::run);
    }

    /**
     * {@link #findPathAsync(Cell, Cell, GridOptions, Cancellation, Executor)} on the calling thread.
     *
     * @param start        the first cell
     * @param goal         the last cell
     * @param options      ASTAR, JPS or JPS_PLUS without recorded expansions
     * @param cancellation the token checked before each slice, or null
     * @return a future of the result, already complete when this returns
     */
    public CompletableFuture<GridPath> findPathAsync(
            Cell start, Cell goal, GridOptions options, Cancellation cancellation) {
        return findPathAsync(start, goal, options, cancellation, Runnable::run);
    }

    /**
     * The cooperative sliced query: slices of {@link GridOptions#iterationsPerSlice()} iterations,
     * the first on the calling thread, each later one handed to {@code executor} (the yield), the
     * token checked before each. The future completes with exactly what {@link #findPath} returns
     * for the same options however the work is sliced (a budget that runs out gives
     * BUDGET_EXHAUSTED after the same iterations); with a direct executor, before this returns.
     *
     * <p>Only ASTAR, JPS and JPS_PLUS without {@link GridOptions#recordExpansions()}; other options
     * complete the future with {@link IllegalArgumentException}. A cancelled token completes it
     * with {@link java.util.concurrent.CancellationException} and leaves the grid and the next
     * query exact; an edit during the query completes it with {@link IllegalStateException}. The
     * options' callbacks run on the threads that run slices.
     *
     * @param start        the first cell; outside the grid or a wall gives START_INVALID
     * @param goal         the last cell; outside the grid or a wall gives GOAL_INVALID
     * @param options      ASTAR, JPS or JPS_PLUS without recorded expansions
     * @param cancellation the token checked before each slice, or null to run in one go
     * @param executor     runs each slice after the first
     * @return a future of the result, or completed exceptionally as described above
     */
    public CompletableFuture<GridPath> findPathAsync(
            Cell start, Cell goal, GridOptions options, Cancellation cancellation, Executor executor) {
        checkAsync(start, goal, options, executor);
        return GridSearch.findPathAsync(
                this, idleSearch, start.x(), start.y(), goal.x(), goal.y(), options, cancellation, executor);
    }

    /**
     * {@link #findPathAsync(Cell, Cell, GridOptions, Cancellation, Executor)} between the cells
     * containing two world points ({@link #space()}, clamped); a point outside the grid gives
     * START_INVALID or GOAL_INVALID.
     *
     * @param start        the start point in world units
     * @param goal         the goal point in world units
     * @param options      ASTAR, JPS or JPS_PLUS without recorded expansions
     * @param cancellation the token checked before each slice, or null
     * @param executor     runs each slice after the first
     * @return a future of the result
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public CompletableFuture<GridPath> findPathAsync(
            WorldPoint start, WorldPoint goal, GridOptions options, Cancellation cancellation, Executor executor) {
        checkAsync(start, goal, options, executor);
        GridSpace s = space;
        int sx = s.clampedColumnOf(start.x());
        int sy = s.clampedRowOf(start.y());
        int gx = s.clampedColumnOf(goal.x());
        int gy = s.clampedRowOf(goal.y());
        return GridSearch.findPathAsync(this, idleSearch, sx, sy, gx, gy, options, cancellation, executor);
    }

    /** The async form's null checks, in this order; the driver checks the grid is open. */
    private static void checkAsync(Object start, Object goal, GridOptions options, Executor executor) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(executor, "executor");
    }

    // ---- snapshots ----

    @Override
    public long stateLength() {
        return org.onepath.state.GridStateFormat.length(width(), height());
    }

    /** The grid's state: kind 1 of the state format (size, version, world space, area costs, cells). */
    @Override
    public byte[] saveState() {
        ensureOpen();
        return GridState.save(this, space.toPiece());
    }

    @Override
    public long saveState(MemorySegment destination, long offset) {
        Objects.requireNonNull(destination, "destination");
        ensureOpen();
        return GridState.save(this, space.toPiece(), destination, offset);
    }

    /**
     * Puts back a saved state of this grid's size in place: cells, version, world space, area
     * costs, all checked first (on {@link GridStateException} nothing changed). Listeners see each
     * differing cell as an edit, row-major; derived data is not trusted across a restore (versions
     * may repeat after a rollback).
     */
    @Override
    public void restoreState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        ensureWritable();
        GridState.Parsed parsed = GridState.read(state, width(), height());
        restoreCells(parsed.cells(), parsed.version(), parsed.areas(), hasListeners(), () -> restoredBeside(parsed));
    }

    /**
     * {@link #fromState(MemorySegment)} from an array.
     *
     * @param state the bytes {@link #saveState()} wrote; only read
     * @return a new grid owning its memory
     * @throws GridStateException naming the field, value, bound and offset of bad bytes
     */
    public static Grid fromState(byte[] state) {
        Objects.requireNonNull(state, "state");
        return fromState(MemorySegment.ofArray(state));
    }

    /**
     * A new grid from a saved state; the caller closes it.
     *
     * @param state the saved state, from its offset 0; only read
     * @return a new grid owning its memory
     * @throws GridStateException naming the field, value, bound and offset of bad bytes
     */
    public static Grid fromState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        GridState.Parsed parsed = GridState.read(state, -1, -1);
        Grid grid = create(parsed.width(), parsed.height());
        grid.restoreCells(parsed.cells(), parsed.version(), parsed.areas(), false, () -> grid.restoredBeside(parsed));
        grid.clearRestoreCount();
        return grid;
    }

    /** Puts back the world space; clearance and HPA* hierarchies are not trusted across a restore. */
    private void restoredBeside(GridState.Parsed parsed) {
        space = GridSpace.of(parsed.space());
        markClearanceStale();
        tables.dropHpaHierarchies();
    }

    /** Frees the queries' memory and the derived tables, before the cells go. */
    @Override
    protected void closeDerived() {
        idleSearch.close();
        tables.close();
    }

    @Override
    public String toString() {
        return "Grid[" + width() + " x " + height() + (isClosed() ? ", closed]" : "]");
    }

    // ---- package internals ----

    /** The derived tables this grid keeps for its one-line queries. */
    SquareTables derived() {
        return tables;
    }

    /** The hierarchies kept for tier-1 HPA* queries, oldest first (a copy). */
    List<HpaHierarchy> hpaHierarchies() {
        return tables.hpaHierarchies();
    }
}
