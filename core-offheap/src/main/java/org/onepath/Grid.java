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
import org.onepath.cells.MemoryFaults;
import org.onepath.cells.PathStatus;
import org.onepath.cells.SquareCells;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.memory.IdleSlot;
import org.onepath.query.ManyGoalsQuery;
import org.onepath.snapshot.GridState;
import org.onepath.state.GridStateException;
import org.onepath.state.Snapshottable;
import org.onepath.tables.SquareTables;

/**
 * A square grid of {@code width x height} cells, one byte each, row-major off-heap ({@code index = y *
 * width + x}): an area id, 0..254 walkable (at the multiplier {@link #areas()} gives it), 255 a wall;
 * the {@link SquareCells} plus derived tables ({@link SquareTables}), queries and snapshot.
 *
 * <p>A grid from {@link #create}, {@link #from}, {@link #fromText} or the Moving AI reader owns its memory
 * and frees it in {@link #close()}; one from {@link #over} uses the caller's segment (and tables) in place
 * and frees only what it derived. Over a read-only segment, edits and restores throw {@link
 * IllegalStateException}, as any use after close does. Queries may run at once while nobody edits.
 *
 * <p>Every query takes its start and goal as cells (outside the grid or a wall gives START_INVALID
 * or GOAL_INVALID) or as world points ({@link #space()}, clamped to the grid); a coordinate of a
 * world point that is NaN, infinite or beyond 2^21 throws {@link IllegalArgumentException}.
 */
public final class Grid extends SquareCells implements Snapshottable {
    private final IdleSlot<GridSearch> idleSearch = new IdleSlot<>(GridSearch::close);
    private final SquareTables tables;
    private GridSpace space = GridSpace.UNASSIGNED;

    private Grid(int width, int height, MemorySegment callerCells, GridTables baked, MemoryFaults faults) {
        super(width, height, callerCells, baked.clearance(), faults);
        this.tables = new SquareTables(this, baked);
    }

    // ---- construction ----

    /**
     * {@return a new grid of open cells (area 0) that owns its memory; the caller closes it}
     *
     * @param width  columns, at least 1; width times height at most {@link #MAX_CELLS}
     * @param height rows, at least 1
     * @throws IllegalArgumentException if the size is out of range
     */
    public static Grid create(int width, int height) {
        return new Grid(width, height, null, GridTables.NONE, MemoryFaults.NONE);
    }

    /**
     * {@return a new grid as {@link #create(int, int)} makes it, every cell holding {@code area}}
     *
     * @param width  columns
     * @param height rows
     * @param area   the area id of every cell, 0..255 (255 a wall)
     * @throws IllegalArgumentException if the size or the area id is out of range
     */
    public static Grid create(int width, int height, int area) {
        checkAreaId(area);
        Grid grid = create(width, height);
        grid.writableCells().fill((byte) area);
        return grid;
    }

    /**
     * {@return a new grid as {@link #create(int, int)} makes it, holding a copy of {@code cells}}
     *
     * @param cells  row-major area ids, at least {@code width * height} bytes; only read, not kept
     * @param width  columns
     * @param height rows
     * @throws IllegalArgumentException if the segment is too small or the size is out of range
     */
    public static Grid copyOf(MemorySegment cells, int width, int height) {
        checkCellSource(cells, width, height);
        Grid grid = create(width, height);
        MemorySegment.copy(cells, 0, grid.writableCells(), 0, grid.cellCount());
        return grid;
    }

    /**
     * {@return a grid over the caller's writable segment in place; closing it frees only the derived data}
     *
     * @param cells  row-major area ids, at least {@code width * height} bytes; the caller keeps it alive until close
     * @param width  columns, at least 1; width times height at most {@link #MAX_CELLS}
     * @param height rows, at least 1
     * @throws IllegalArgumentException if the segment is read-only or too small, or the size is bad
     */
    public static Grid over(MemorySegment cells, int width, int height) {
        Objects.requireNonNull(cells, "cells");
        if (cells.isReadOnly()) {
            throw new IllegalArgumentException("cell segment is read-only; a grid needs a writable segment");
        }
        return new Grid(width, height, cells, GridTables.NONE, MemoryFaults.NONE);
    }

    /**
     * {@return {@link #over(MemorySegment, int, int)} with precomputed tables (tier 3; what a baked store opens)}
     * Both are used in place and kept up to date by edits; read-only cells make a read-only grid and need
     * read-only tables. Closing the grid frees only what it allocated.
     *
     * @param cells  row-major area ids
     * @param width  columns
     * @param height rows
     * @param tables the tables derived from {@code cells} (the caller vouches), kept alive until close
     * @throws IllegalArgumentException if a segment is too small, or a table's writability differs from the cells'
     */
    public static Grid over(MemorySegment cells, int width, int height, GridTables tables) {
        return over(cells, width, height, tables, MemoryFaults.NONE);
    }

    /**
     * {@return {@link #over(MemorySegment, int, int, GridTables)} over memory whose failures {@code faults} answers
     * for} A store passes its mapped file's: a query that fails reading it throws the exception {@code faults} names.
     *
     * @param cells  row-major area ids
     * @param width  columns
     * @param height rows
     * @param tables the tables derived from {@code cells} (the caller vouches), kept alive until close
     * @param faults who answers for the memory of {@code cells} and {@code tables}
     * @throws IllegalArgumentException if a segment is too small, or a table's writability differs from the cells'
     */
    public static Grid over(MemorySegment cells, int width, int height, GridTables tables, MemoryFaults faults) {
        Objects.requireNonNull(cells, "cells");
        Objects.requireNonNull(tables, "tables");
        Objects.requireNonNull(faults, "faults");
        checkSize(width, height, MAX_CELLS, "grid");
        tables.check(width, height, cells.isReadOnly());
        Grid grid = new Grid(width, height, cells, tables, faults);
        try {
            grid.tables.attachBaked();
        } catch (RuntimeException e) {
            grid.close(); // goal bounds whose fields do not fit the cells are refused here
            throw e;
        }
        return grid;
    }

    /**
     * {@return a new grid from rows of equal length ({@code [row][column]}): true open (area 0), false wall}
     *
     * @param walkable at least one row and one column
     * @throws IllegalArgumentException if the rows differ in length or the size is out of range
     */
    public static Grid from(boolean[][] walkable) {
        Grid grid = create(widthOf(walkable), walkable.length);
        grid.writeWalls(walkable);
        return grid;
    }

    /**
     * {@return a new grid from a picture: {@code .} open (area 0), {@code #} wall, {@code 1}-{@code 9} that area}
     *
     * @param picture a text line per row, top row first (LF or CRLF, one final break allowed)
     * @throws GridFormatException naming the line and column of a bad character or a ragged row
     */
    public static Grid fromText(String picture) {
        GridText.Picture p = GridText.read(picture);
        Grid grid = create(p.width(), p.height());
        p.fill(grid.writableCells());
        return grid;
    }

    // ---- world space and host queries ----

    /** {@return the grid's world mapping: the space last set, {@link GridSpace#UNASSIGNED} on a new grid} */
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
     * {@return the nearest cell an agent of the options' size may stand on, or empty} It fits and the blocked
     * delegate allows it; nearest by squared Euclidean distance (ties to the smaller row then column), within
     * {@link GridOptions#nearestRadius()} Chebyshev rings of {@code cell}.
     *
     * @param cell    the query cell; it may lie outside the grid
     * @param options the agent size, blocked delegate and nearest radius
     * @throws IllegalArgumentException if a coordinate of {@code cell} is beyond 2^30 in size
     */
    public Optional<Cell> tryFindNearestWalkable(Cell cell, GridOptions options) {
        Objects.requireNonNull(cell, "cell");
        int index = nearestWalkableIndex(cell.x(), cell.y(), options);
        return index < 0 ? Optional.empty() : Optional.of(new Cell(index % width(), index / width()));
    }

    /**
     * {@return {@link #tryFindNearestWalkable(Cell, GridOptions)} from the cell of a world point}
     *
     * @param point   the world point
     * @param options the agent size, blocked delegate and nearest radius
     */
    public Optional<Cell> tryFindNearestWalkable(WorldPoint point, GridOptions options) {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(options, "options");
        return tryFindNearestWalkable(space.clampedCellOf(point), options);
    }

    /**
     * {@return the row-major index of the cell {@link #tryFindNearestWalkable(Cell, GridOptions)} finds, or -1}
     * Allocates nothing; the index is {@code y * width + x}.
     *
     * @param x       the query column; may lie outside the grid
     * @param y       the query row; may lie outside the grid
     * @param options the agent size, blocked delegate and nearest radius
     */
    public int nearestWalkableIndex(int x, int y, GridOptions options) {
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return nearestWalkableIndex(x, y, options.agentSize(), options.nearestRadius(), options.blocked());
    }

    /**
     * {@return the Q31.32 price of a found path in 2^-32 units ({@link SquareCells#tryGetFixedCost(List)})} Empty
     * when it was not found, is any-angle or was priced by a {@link org.onepath.cells.CellStepCost} hook.
     *
     * @param path a path returned by this grid (or one of the same width)
     * @throws IllegalArgumentException if the path belongs to a grid of another width
     */
    public OptionalLong tryGetFixedCost(GridPath path) {
        Objects.requireNonNull(path, "path");
        return path.fixedCostOn(this);
    }

    // ---- tables and goal bounds ----

    /**
     * {@return the precomputed tables (tier 3), up to date, valid until the grid is closed} Each is built on first use,
     * a read-only view in a baked store's layout: clearance, block map, JPS+ table (null past {@link
     * JpsPlusIndex#MAX_SIDE}), neighbour bytes, goal bounds while current (else null).
     */
    public GridTables tables() {
        ensureOpen();
        return tables.current();
    }

    /**
     * Bakes the goal bounds of the cells as they are ({@code docs/jps.md}) for {@link GridAlgorithm#JPS_PLUS_BOUNDED},
     * replacing earlier ones: one canonical search per jump point that keeps boxes (minutes on large maps: keep
     * them in a {@code GridStore}); an edit makes them stale (JPS+ runs until the next bake). Queries may run
     * meanwhile, edits not.
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
     * {@return the jump points of the cells as they are, to close after use, for a bake in pieces baked apart and
     * installed as {@link #bakeGoalBounds} installs; no edits until then}
     *
     * @throws IllegalArgumentException if a side exceeds {@link JpsPlusIndex#MAX_SIDE} (no JPS+ table)
     */
    public GoalBoundsPieces goalBoundsPieces() {
        ensureOpen();
        tables.checkGoalBoundsSides();
        return new GoalBoundsPieces(this, tables);
    }

    /** {@return what the goal bounds bounded queries use hold (baked or from a store, maybe stale), or null} */
    public GoalBoundsSummary goalBounds() {
        ensureOpen();
        return GoalBoundsSummary.of(tables.goalBounds());
    }

    // ---- searches ----

    /**
     * {@return the topology of the live cells for an agent size and moves (tier 2); remake it after edits if size > 1}
     *
     * @param agentSize    the agent's side in cells, 1..{@link #MAX_AGENT_SIZE}
     * @param connectivity four or eight neighbours
     * @param rule         when a diagonal step may pass a blocked corner
     */
    public SquareTopology createTopology(int agentSize, Connectivity connectivity, DiagonalRule rule) {
        ensureOpen();
        return new SquareTopology(this, agentSize, connectivity, rule);
    }

    /**
     * {@return a new resumable search (ASTAR, JPS or JPS_PLUS) to begin, step in slices and copy the path from}
     *
     * @param options the algorithm, moves, agent size, budget and delegates; fixed for its life
     * @throws IllegalArgumentException for allowPartial, any-angle or HPA ({@link #findPath}, {@code ThetaSearch},
     *                                  {@code HpaSearch}), or a replanning algorithm ({@link #createReplanner})
     */
    public GridSearch createSearch(GridOptions options) {
        GridSearch.checkResumable(options);
        ensureOpen();
        return new GridSearch(this, options);
    }

    /**
     * {@return {@link #createFlowField(List, GridOptions)} towards one goal with the default options}
     *
     * @param goal the target cell, inside the grid
     */
    public GridFlowField createFlowField(Cell goal) {
        Objects.requireNonNull(goal, "goal");
        return createFlowField(List.of(goal), GridOptions.DEFAULT);
    }

    /**
     * {@return a new flow field to the nearest goal, computed now within the budget, following edits; close it}
     *
     * @param goals   the target cells, at least one (repeats allowed), each inside the grid
     * @param options the moves, diagonal rule, agent size, delegates and iteration budget
     * @throws IllegalArgumentException if there is no goal or one is outside the grid
     */
    public GridFlowField createFlowField(List<Cell> goals, GridOptions options) {
        return GridFlowField.square(this, goals, options);
    }

    /**
     * {@return {@link #createReplanner(Cell, Cell, GridOptions)} with the default options (D* Lite)}
     *
     * @param start the cell the agent stands on
     * @param goal  the target cell
     */
    public GridReplanner createReplanner(Cell start, Cell goal) {
        return createReplanner(start, goal, GridOptions.DEFAULT);
    }

    /**
     * {@return a new replanner following edits, to close after use: LPA* for {@link GridAlgorithm#LPA_STAR}, else
     * D* Lite} It first searches at {@link GridReplanner#replan()}.
     *
     * @param start   the cell the agent stands on, inside the grid
     * @param goal    the target cell, inside the grid
     * @param options the algorithm, moves, agent size and delegates; heuristic weight 1
     * @throws IllegalArgumentException if an end is outside the grid, the weight is not 1, or allowPartial is set
     */
    public GridReplanner createReplanner(Cell start, Cell goal, GridOptions options) {
        return GridReplanner.over(this, start, goal, options);
    }

    /**
     * {@return {@link #findPath(Cell, Cell, GridOptions, Cancellation)} with the default options}
     *
     * @param start the first cell
     * @param goal  the last cell
     */
    public GridPath findPath(Cell start, Cell goal) {
        return findPath(start, goal, GridOptions.DEFAULT, null);
    }

    /**
     * {@return {@link #findPath(Cell, Cell, GridOptions, Cancellation)} without a token}
     *
     * @param start   the first cell
     * @param goal    the last cell
     * @param options the algorithm, moves, heuristic, agent size, budget and delegates
     */
    public GridPath findPath(Cell start, Cell goal, GridOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * {@return the shortest path; its status says whether one was found} With allowPartial a miss gives a {@link
     * PathStatus#PARTIAL} path ({@code docs/partial-paths.md}). A token is checked before each slice of {@link
     * GridOptions#iterationsPerSlice()} (no token: one run); slicing never changes the result, cancelling leaves
     * the grid untouched.
     *
     * @param start        the first cell
     * @param goal         the last cell
     * @param options      the algorithm, moves, heuristic, agent size, budget and delegates
     * @param cancellation the token checked before each slice, or null to run in one go
     * @throws IllegalArgumentException if allowPartial is set for HPA or LAZY_THETA_STAR
     * @throws java.util.concurrent.CancellationException if the token is cancelled
     */
    public GridPath findPath(Cell start, Cell goal, GridOptions options, Cancellation cancellation) {
        checkQuery(start, goal, options);
        return GridSearch.findPath(this, idleSearch, start.x(), start.y(), goal.x(), goal.y(), options, cancellation);
    }

    /**
     * {@return {@link #findPath(WorldPoint, WorldPoint, GridOptions, Cancellation)} with the default options}
     *
     * @param start the start point
     * @param goal  the goal point
     */
    public GridPath findPath(WorldPoint start, WorldPoint goal) {
        return findPath(start, goal, GridOptions.DEFAULT, null);
    }

    /**
     * {@return {@link #findPath(WorldPoint, WorldPoint, GridOptions, Cancellation)} without a token}
     *
     * @param start   the start point
     * @param goal    the goal point
     * @param options the algorithm, moves, heuristic, agent size, budget and delegates
     */
    public GridPath findPath(WorldPoint start, WorldPoint goal, GridOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * {@return {@link #findPath(Cell, Cell, GridOptions, Cancellation)} between the cells of two world points}
     *
     * @param start        the start point in world units
     * @param goal         the goal point in world units
     * @param options      the algorithm, moves, heuristic, agent size, budget and delegates
     * @param cancellation the token checked before each slice, or null to run in one go
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public GridPath findPath(WorldPoint start, WorldPoint goal, GridOptions options, Cancellation cancellation) {
        checkQuery(start, goal, options);
        return findPath(space.clampedCellOf(start), space.clampedCellOf(goal), options, cancellation);
    }

    /** The checks every one-line query makes first, in this order: the ends, the options, open. */
    private void checkQuery(Object start, Object goal, GridOptions options) {
        checkAsync(start, goal, options, Runnable::run);
        ensureOpen();
    }

    // ---- many goals ----

    /**
     * {@return {@link #findPath(Cell, List, GridOptions, Cancellation)} with the default options}
     *
     * @param start the first cell
     * @param goals the candidate last cells
     */
    public GridPath findPath(Cell start, List<Cell> goals) {
        return findPath(start, goals, GridOptions.DEFAULT, null);
    }

    /**
     * {@return {@link #findPath(Cell, List, GridOptions, Cancellation)} without a token}
     *
     * @param start   the first cell
     * @param goals   the candidate last cells
     * @param options an optimal algorithm, heuristic weight 1, moves, agent size, budget and delegates
     */
    public GridPath findPath(Cell start, List<Cell> goals, GridOptions options) {
        return findPath(start, goals, options, null);
    }

    /**
     * {@return the single query's result (path, counts, algorithm) to the goal of least {@code findPath(start,
     * goal, options)} cost, bit for bit, the first listed among equals} How the goal is chosen and which goals are
     * skipped (all skipped: GOAL_INVALID; invalid start: START_INVALID; none reachable: NO_PATH; the budget bounds
     * the choosing search and each single query) is in {@code docs/many-goals.md}.
     *
     * @param start        the first cell
     * @param goals        the candidate last cells, at least one; repeats are allowed
     * @param options      an optimal algorithm (ASTAR, JPS, JPS_PLUS, JPS_PLUS_BOUNDED; the replanning ones run
     *                     A*), heuristic weight 1, moves, agent size, budget and delegates
     * @param cancellation the token checked before each slice, or null
     * @throws IllegalArgumentException if the list is empty, the algorithm is THETA_STAR, LAZY_THETA_STAR or HPA,
     *                                  or the heuristic weight is not 1
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
     * {@return {@link #findPathAsync(Cell, Cell, GridOptions, Cancellation, Executor)} with the default options}
     *
     * @param start the first cell
     * @param goal  the last cell
     */
    public CompletableFuture<GridPath> findPathAsync(Cell start, Cell goal) {
        return findPathAsync(start, goal, GridOptions.DEFAULT, null, Runnable::run);
    }

    /**
     * {@return {@link #findPathAsync(Cell, Cell, GridOptions, Cancellation, Executor)} on the calling thread}
     *
     * @param start   the first cell
     * @param goal    the last cell
     * @param options ASTAR, JPS or JPS_PLUS without recorded expansions
     */
    public CompletableFuture<GridPath> findPathAsync(Cell start, Cell goal, GridOptions options) {
        return findPathAsync(start, goal, options, null, Runnable::run);
    }

    /**
     * {@return {@link #findPathAsync(Cell, Cell, GridOptions, Cancellation, Executor)} on the calling thread}
     *
     * @param start        the first cell
     * @param goal         the last cell
     * @param options      ASTAR, JPS or JPS_PLUS without recorded expansions
     * @param cancellation the token checked before each slice, or null
     */
    public CompletableFuture<GridPath> findPathAsync(
            Cell start, Cell goal, GridOptions options, Cancellation cancellation) {
        return findPathAsync(start, goal, options, cancellation, Runnable::run);
    }

    /**
     * {@return a future of exactly what {@link #findPath} returns for the same options, however the work is
     * sliced (a budget counts the same iterations)} Slices of {@link GridOptions#iterationsPerSlice()} run, the
     * first on the calling thread, later ones on {@code executor}, the token checked before each; the options'
     * callbacks run there too, and a direct executor completes the future before this returns. Options other than
     * ASTAR, JPS and JPS_PLUS without recorded expansions, a cancelled token (the grid and next query stay exact)
     * and an edit during the query complete it with {@link IllegalArgumentException},
     * {@link java.util.concurrent.CancellationException} and {@link IllegalStateException}.
     *
     * @param start        the first cell
     * @param goal         the last cell
     * @param options      ASTAR, JPS or JPS_PLUS without recorded expansions
     * @param cancellation the token checked before each slice, or null to run in one go
     * @param executor     runs each slice after the first
     */
    public CompletableFuture<GridPath> findPathAsync(
            Cell start, Cell goal, GridOptions options, Cancellation cancellation, Executor executor) {
        checkAsync(start, goal, options, executor);
        return GridSearch.findPathAsync(
                this, idleSearch, start.x(), start.y(), goal.x(), goal.y(), options, cancellation, executor);
    }

    /**
     * {@return {@link #findPathAsync(Cell, Cell, GridOptions, Cancellation, Executor)} between two world points}
     *
     * @param start        the start point in world units
     * @param goal         the goal point in world units
     * @param options      ASTAR, JPS or JPS_PLUS without recorded expansions
     * @param cancellation the token checked before each slice, or null
     * @param executor     runs each slice after the first
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public CompletableFuture<GridPath> findPathAsync(
            WorldPoint start, WorldPoint goal, GridOptions options, Cancellation cancellation, Executor executor) {
        checkAsync(start, goal, options, executor);
        return findPathAsync(space.clampedCellOf(start), space.clampedCellOf(goal), options, cancellation, executor);
    }

    /** The null checks of every query, in this order (the async driver checks the grid is open). */
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
     * {@return {@link #fromState(MemorySegment)} from an array}
     *
     * @param state the bytes {@link #saveState()} wrote; only read
     */
    public static Grid fromState(byte[] state) {
        Objects.requireNonNull(state, "state");
        return fromState(MemorySegment.ofArray(state));
    }

    /**
     * {@return a new grid owning its memory from a saved state; the caller closes it}
     *
     * @param state the saved state, from its offset 0; only read
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

    /** The derived tables this grid keeps for its one-line queries. */
    SquareTables derived() {
        return tables;
    }
}
