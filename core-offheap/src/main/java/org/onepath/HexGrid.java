package org.onepath;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.GridCellsLayout;
import org.onepath.cells.GridFormatException;
import org.onepath.cells.GridText;
import org.onepath.cells.HexCells;
import org.onepath.cells.HexChangeListener;
import org.onepath.cells.HexCoord;
import org.onepath.cells.HexLayout;
import org.onepath.cells.PathStatus;
import org.onepath.grids.HexTopology;
import org.onepath.query.AsyncQuery;
import org.onepath.query.HexQueries;
import org.onepath.query.SearchResult;
import org.onepath.snapshot.HexGridState;
import org.onepath.state.GridStateException;
import org.onepath.state.HexGridStateFormat;
import org.onepath.state.Snapshottable;

/**
 * A hex grid: a rectangular offset array of {@code width} columns and {@code height} rows, one
 * byte per cell, row-major in an off-heap segment ({@code index = row * width + col}, the layout
 * of {@link GridCellsLayout}). A cell byte is an area id: 0..254 walkable (with the multiplier
 * {@link #areas()} gives it), 255 a wall. The {@link HexLayout} says which rows or columns are
 * shifted and so how offset cells map to axial {@link HexCoord}s; moves go to the six axial
 * neighbours.
 *
 * <p>Cells are named by offset coordinates: a {@link Cell}'s {@code x} is the column, {@code y}
 * the row. The grid owns its memory and frees it in {@link #close()}; use after close throws
 * {@link IllegalStateException}. Queries may run on several threads at once while nobody edits
 * the grid; edits ({@link #setArea}, {@link #setRect}, area costs, restores) must not overlap a
 * query.
 */
public final class HexGrid extends HexCells implements Snapshottable {
    /** The layout of {@link #create(int, int)} and {@link #fromText(String)}. */
    public static final HexLayout DEFAULT_LAYOUT = HexLayout.POINTY_ODD_ROW;

    private final HexQueries queries = new HexQueries(this);
    private final AsyncQuery.GridWatch watch = new AsyncQuery.GridWatch(
            "HexGrid", this::ensureOpen, this::version, this::restoreCount, () -> areas().version());
    private HexSpace space = HexSpace.UNASSIGNED;

    private HexGrid(int width, int height, HexLayout layout) {
        super(width, height, layout);
    }

    // ---- construction ----

    /**
     * A {@link #DEFAULT_LAYOUT} grid of open cells (area 0) that owns its memory.
     *
     * @param width  columns, at least 1; width times height at most 2^28
     * @param height rows, at least 1
     * @return a new open grid; the caller closes it
     * @throws IllegalArgumentException if the size is out of range
     */
    public static HexGrid create(int width, int height) {
        return create(width, height, DEFAULT_LAYOUT, 0);
    }

    /**
     * A {@link #DEFAULT_LAYOUT} grid whose every cell holds {@code area} (0..255).
     *
     * @param width  columns, at least 1; width times height at most 2^28
     * @param height rows, at least 1
     * @param area   the area id every cell starts with, 0..255 (255 is a wall)
     * @return a new grid; the caller closes it
     * @throws IllegalArgumentException if the size or the area id is out of range
     */
    public static HexGrid create(int width, int height, int area) {
        return create(width, height, DEFAULT_LAYOUT, area);
    }

    /**
     * A grid of open cells (area 0) in a layout.
     *
     * @param width  columns, at least 1; width times height at most 2^28
     * @param height rows, at least 1
     * @param layout which rows or columns are shifted, and the cell orientation
     * @return a new open grid; the caller closes it
     * @throws IllegalArgumentException if the size is out of range
     */
    public static HexGrid create(int width, int height, HexLayout layout) {
        return create(width, height, layout, 0);
    }

    /**
     * A grid whose every cell holds {@code area} (0..255).
     *
     * @param width  columns, at least 1
     * @param height rows, at least 1
     * @param layout which rows or columns are shifted, and the cell orientation
     * @param area   the area id every cell starts with, 0..255 (255 is a wall)
     * @return a new grid; the caller closes it
     * @throws IllegalArgumentException if a side is below 1, the grid exceeds 2^28 cells or the
     *                                  area is outside 0..255
     */
    public static HexGrid create(int width, int height, HexLayout layout, int area) {
        Objects.requireNonNull(layout, "layout");
        checkAreaId(area);
        HexGrid grid = new HexGrid(width, height, layout);
        if (area != 0) {
            grid.writableCells().fill((byte) area);
        }
        return grid;
    }

    /**
     * {@link #fromText(String, HexLayout)} in the {@link #DEFAULT_LAYOUT}.
     *
     * @param picture the offset array as text, top row first
     * @return a new grid; the caller closes it
     * @throws GridFormatException naming the line and column of a bad character or a ragged row
     */
    public static HexGrid fromText(String picture) {
        return fromText(picture, DEFAULT_LAYOUT);
    }

    /**
     * A grid from a picture of its offset array, one text line per row: {@code .} open (area 0),
     * {@code #} wall, {@code 1}-{@code 9} that area. Lines end with LF or CRLF; one final line
     * break is allowed. The picture does not show the shift of the layout's rows or columns.
     *
     * @param picture the offset array as text, top row first
     * @param layout  the layout the picture's cells are laid out in
     * @return a new grid; the caller closes it
     * @throws GridFormatException naming the line and column of a bad character or a ragged row
     */
    public static HexGrid fromText(String picture, HexLayout layout) {
        Objects.requireNonNull(layout, "layout");
        GridText.Picture p = GridText.read(picture);
        HexGrid grid = new HexGrid(p.width(), p.height(), layout);
        p.fill(grid.writableCells());
        return grid;
    }

    // ---- size and contents ----

    /**
     * The grid's world mapping.
     *
     * @return the space last set, {@link HexSpace#UNASSIGNED} on a new grid
     */
    public HexSpace space() {
        return space;
    }

    /**
     * Sets the world mapping used by world-point queries and {@link HexPath#points()}.
     *
     * @param space the mapping between world coordinates and hex cells; not null
     */
    public void space(HexSpace space) {
        this.space = Objects.requireNonNull(space, "space");
    }

    // ---- coordinates ----

    /**
     * Axial coordinates of offset cell (col, row) under this grid's layout (any cell, inside or
     * not).
     *
     * @param col the offset column; any value
     * @param row the offset row; any value
     * @return the axial coordinates (q, r)
     */
    public HexCoord hexOf(int col, int row) {
        return layout().toAxial(col, row);
    }

    /**
     * Axial coordinates of an offset cell.
     *
     * @param cell the offset cell (column, row); any value
     * @return the axial coordinates (q, r)
     */
    public HexCoord hexOf(Cell cell) {
        return layout().toAxial(cell);
    }

    /**
     * The offset cell of axial coordinates (it may lie outside the grid).
     *
     * @param hex the axial coordinates
     * @return the offset cell (column, row) under this grid's layout
     */
    public Cell cellOf(HexCoord hex) {
        return layout().toOffset(hex);
    }

    /**
     * Hex distance between two offset cells: the fewest moves between them on an open grid.
     *
     * @param a one offset cell; any value
     * @param b the other offset cell; any value
     * @return the number of hex steps between them, 0 when they are equal
     */
    public int distance(Cell a, Cell b) {
        return hexOf(a).distanceTo(hexOf(b));
    }

    /**
     * Centre of offset cell (col, row) in world coordinates.
     *
     * @param col the offset column; any value
     * @param row the offset row; any value
     * @return the centre in world units under {@link #space()}
     */
    public WorldPoint centerOf(int col, int row) {
        return space.centerOf(layout().toAxial(col, row), layout());
    }

    /**
     * Centre of an offset cell in world coordinates.
     *
     * @param cell the offset cell; any value
     * @return the centre in world units under {@link #space()}
     */
    public WorldPoint centerOf(Cell cell) {
        return centerOf(cell.x(), cell.y());
    }

    /**
     * The offset cell containing a world point; it may lie outside the grid (see
     * {@link #contains(Cell)}). Points exactly between cells follow {@link HexCoord#round}.
     *
     * @param point a point in world units under {@link #space()}
     * @return the offset cell containing it
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public Cell cellAt(WorldPoint point) {
        return layout().toOffset(space.hexAt(point, layout()));
    }

    // ---- searches ----

    /**
     * The topology of this grid (tier 2): the six hex moves, reading the live cells and costs.
     *
     * @return a topology reading this grid's cells
     */
    public HexTopology createTopology() {
        ensureOpen();
        return new HexTopology(this);
    }

    /**
     * A flow field towards one goal with {@link HexOptions#DEFAULT}; see
     * {@link #createFlowField(List, HexOptions)}.
     *
     * @param goal the target offset cell, inside the grid
     * @return a new flow field; the caller closes it
     * @throws IllegalArgumentException if the goal is outside the grid
     */
    public GridFlowField createFlowField(Cell goal) {
        Objects.requireNonNull(goal, "goal");
        return createFlowField(List.of(goal), HexOptions.DEFAULT);
    }

    /**
     * A flow field over the six hex moves towards the nearest of the goals (offset cells; at least
     * one, each inside the grid), computed now within {@link HexOptions#iterationBudget()}. It
     * listens to this grid's edits. The caller closes it.
     *
     * @param goals   the target offset cells, at least one
     * @param options the iteration budget the computation runs within
     * @return a new flow field; the caller closes it
     * @throws IllegalArgumentException if there is no goal or one is outside the grid
     */
    public GridFlowField createFlowField(List<Cell> goals, HexOptions options) {
        Objects.requireNonNull(goals, "goals");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return GridFlowField.hex(this, goals, options);
    }

    /**
     * A D* Lite replanner with {@link HexOptions#DEFAULT}; see
     * {@link #createReplanner(Cell, Cell, GridAlgorithm, HexOptions)}.
     *
     * @param start the offset cell the agent stands on, inside the grid
     * @param goal  the target offset cell, inside the grid
     * @return a new replanner that has not searched yet; the caller closes it
     * @throws IllegalArgumentException if start or goal is outside the grid
     */
    public HexReplanner createReplanner(Cell start, Cell goal) {
        return createReplanner(start, goal, GridAlgorithm.D_STAR_LITE, HexOptions.DEFAULT);
    }

    /**
     * An incremental replanner from {@code start} to {@code goal} (column, row) that listens to
     * this grid's edits: {@link GridAlgorithm#LPA_STAR} runs LPA*, any other algorithm D* Lite.
     * Nothing is searched until the first {@link HexReplanner#replan()}. The caller closes it.
     *
     * @param start     the offset cell the agent stands on, inside the grid
     * @param goal      the target offset cell, inside the grid
     * @param algorithm {@link GridAlgorithm#LPA_STAR} for LPA*, any other value for D* Lite
     * @param options   the estimate (automatic or zero), heuristic weight 1 and the iteration budget
     * @return a new replanner that has not searched yet; the caller closes it
     * @throws IllegalArgumentException if start or goal is outside the grid, the heuristic weight
     *                                  is not 1, the estimate is neither automatic nor zero, or the
     *                                  options set allowPartial
     */
    public HexReplanner createReplanner(Cell start, Cell goal, GridAlgorithm algorithm, HexOptions options) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(options, "options");
        if (options.allowPartial()) {
            throw new IllegalArgumentException(
                    "a replanner does not return partial paths (allowPartial is set); use findPath");
        }
        ensureOpen();
        return new HexReplanner(this, start, goal, algorithm, options);
    }

    /**
     * Shortest path with {@link HexOptions#DEFAULT}.
     *
     * @param start the first offset cell
     * @param goal  the last offset cell
     * @return the result: its status says whether a path was found
     */
    public HexPath findPath(Cell start, Cell goal) {
        return findPath(start, goal, HexOptions.DEFAULT, null);
    }

    /**
     * Shortest path under the given options.
     *
     * @param start   the first offset cell
     * @param goal    the last offset cell
     * @param options the estimate, weight, budget and slice length
     * @return the result: its status says whether a path was found
     */
    public HexPath findPath(Cell start, Cell goal, HexOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * Shortest path between two offset cells under the given options, cancellable: with a token
     * the search runs in slices of {@link HexOptions#iterationsPerSlice()} iterations and checks it
     * before each; cancelling throws {@link java.util.concurrent.CancellationException} and leaves
     * the grid untouched. Slicing never changes the result. A start or goal outside the grid or on
     * a wall gives {@link PathStatus#START_INVALID} or {@link PathStatus#GOAL_INVALID}.
     *
     * @param start        the first offset cell
     * @param goal         the last offset cell
     * @param options      the estimate, weight, budget and slice length
     * @param cancellation the token checked before each slice, or null to run in one go
     * @return the result: its status says whether a path was found
     * @throws java.util.concurrent.CancellationException if the token is cancelled
     */
    public HexPath findPath(Cell start, Cell goal, HexOptions options, Cancellation cancellation) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return findPath(start.x(), start.y(), goal.x(), goal.y(), options, cancellation);
    }

    /**
     * Shortest path between the cells containing two world points, with the default options.
     *
     * @param start the start point in world units ({@link #space()})
     * @param goal  the goal point in world units
     * @return the result: its status says whether a path was found
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public HexPath findPath(WorldPoint start, WorldPoint goal) {
        return findPath(start, goal, HexOptions.DEFAULT, null);
    }

    /**
     * Shortest path between the cells containing two world points.
     *
     * @param start   the start point in world units ({@link #space()})
     * @param goal    the goal point in world units
     * @param options the estimate, weight, budget and slice length
     * @return the result: its status says whether a path was found
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public HexPath findPath(WorldPoint start, WorldPoint goal, HexOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * Shortest path between the cells containing two world points. A point outside the grid gives
     * {@link PathStatus#START_INVALID} or {@link PathStatus#GOAL_INVALID}.
     *
     * @param start        the start point in world units ({@link #space()})
     * @param goal         the goal point in world units
     * @param options      the estimate, weight, budget and slice length
     * @param cancellation the token checked before each slice, or null to run in one go
     * @return the result: its status says whether a path was found
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public HexPath findPath(WorldPoint start, WorldPoint goal, HexOptions options, Cancellation cancellation) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        Cell s = cellAt(start);
        Cell g = cellAt(goal);
        return findPath(s.x(), s.y(), g.x(), g.y(), options, cancellation);
    }

    private HexPath findPath(int sc, int sr, int gc, int gr, HexOptions options, Cancellation cancellation) {
        SearchResult r = queries.run(
                sc,
                sr,
                gc,
                gr,
                options.heuristic() == HeuristicKind.ZERO,
                options.heuristicWeight(),
                options.iterationBudget(),
                options.iterationsPerSlice(),
                options.recordExpansions(),
                options.allowPartial(),
                cancellation);
        return pathOf(r, space);
    }

    // ---- the cooperative sliced form ----

    /**
     * {@link #findPathAsync(Cell, Cell, HexOptions, Cancellation, Executor)} with the default
     * options, no token, on the calling thread.
     *
     * @param start the first cell; outside the grid or a wall gives START_INVALID
     * @param goal  the last cell; outside the grid or a wall gives GOAL_INVALID
     * @return a future of the result, already complete when this returns
     */
    public CompletableFuture<HexPath> findPathAsync(Cell start, Cell goal) {
        return findPathAsync(start, goal, HexOptions.DEFAULT, null, Runnable::run);
    }

    /**
     * {@link #findPathAsync(Cell, Cell, HexOptions, Cancellation, Executor)} with no token, on the
     * calling thread.
     *
     * @param start   the first cell
     * @param goal    the last cell
     * @param options the estimate, weight and budget, without recorded expansions
     * @return a future of the result, already complete when this returns
     */
    public CompletableFuture<HexPath> findPathAsync(Cell start, Cell goal, HexOptions options) {
        return findPathAsync(start, goal, options, null, Runnable::run);
    }

    /**
     * The cooperative sliced query, as {@code Grid.findPathAsync}: the search runs in slices of
     * {@link HexOptions#iterationsPerSlice()} iterations, the first on the calling thread and each
     * later one handed to {@code executor}; the token is checked before every slice. The future
     * completes with exactly what {@link #findPath(Cell, Cell, HexOptions)} returns for the same
     * options, however the iterations are sliced (a budget that runs out gives BUDGET_EXHAUSTED
     * after the same iterations). An executor that runs tasks at once runs the whole query before
     * this returns.
     *
     * <p>Everything comes through the future: {@link HexOptions#recordExpansions()} completes it
     * with {@link IllegalArgumentException}; a cancelled token with
     * {@link java.util.concurrent.CancellationException} (the grid untouched, the next query
     * exact); an edit or restore of the grid during the query with {@link IllegalStateException};
     * a refused executor with its exception. Cancelling the future stops the slices. Do not edit
     * the grid until the future completes.
     *
     * @param start        the first cell; outside the grid or a wall gives START_INVALID
     * @param goal         the last cell; outside the grid or a wall gives GOAL_INVALID
     * @param options      the estimate, weight and budget, without recorded expansions
     * @param cancellation the token checked before each slice, or null
     * @param executor     runs each slice after the first
     * @return a future of the result, or completed exceptionally as described above
     */
    public CompletableFuture<HexPath> findPathAsync(
            Cell start, Cell goal, HexOptions options, Cancellation cancellation, Executor executor) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(executor, "executor");
        HexSpace at = space;
        return AsyncQuery.start(
                watch,
                options.recordExpansions(),
                () -> queries.beginAsync(
                                start.x(),
                                start.y(),
                                goal.x(),
                                goal.y(),
                                options.heuristic() == HeuristicKind.ZERO,
                                options.heuristicWeight(),
                                options.allowPartial())
                        .map(r -> pathOf(r, at)),
                options.iterationsPerSlice(),
                options.iterationBudget(),
                cancellation,
                executor);
    }

    private HexPath pathOf(SearchResult r, HexSpace at) {
        return new HexPath(
                r.status(),
                width(),
                layout(),
                at,
                r.nodes(),
                r.cost(),
                r.expandedCount(),
                r.iterations(),
                r.expanded());
    }

    // ---- snapshots ----

    /** Bytes of this grid's state: {@link #saveState()} returns exactly this many. */
    @Override
    public long stateLength() {
        return HexGridStateFormat.length(width(), height());
    }

    /**
     * The grid's state (kind 2 of the state format, version 1): size, layout, version, world
     * space, area costs and cells. Saving twice without a change gives the same bytes.
     *
     * @throws IllegalStateException if the state exceeds the largest Java array (use
     *                               {@link #saveState(MemorySegment, long)})
     */
    @Override
    public byte[] saveState() {
        ensureOpen();
        return HexGridState.save(this, space.toPiece());
    }

    /**
     * Writes the grid's state into {@code destination} from {@code offset}.
     *
     * @return the number of bytes written ({@link #stateLength()})
     * @throws IllegalArgumentException if it does not fit (nothing is written then)
     */
    @Override
    public long saveState(MemorySegment destination, long offset) {
        Objects.requireNonNull(destination, "destination");
        ensureOpen();
        return HexGridState.save(this, space.toPiece(), destination, offset);
    }

    /**
     * Puts back a saved state in place: cells, version, world space and area costs. Everything is
     * checked before anything changes, so on {@link GridStateException} the grid is unchanged.
     * The width, height and layout must be this grid's. Listeners then see each cell that differs
     * as an ordinary edit ({@link HexChangeListener#cellChanged}), in row-major order, after the
     * grid holds the whole restored state.
     *
     * @throws GridStateException naming the field, value, bound and offset of bad bytes
     */
    @Override
    public void restoreState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        ensureOpen();
        HexGridState.Parsed parsed = HexGridState.read(state, width(), height(), layout());
        restoreCells(
                parsed.cells(),
                parsed.version(),
                parsed.areas(),
                hasListeners(),
                () -> space = HexSpace.of(parsed.space()));
    }

    /**
     * A new grid from a saved state; the caller closes it.
     *
     * @param state the bytes {@link #saveState()} wrote; only read
     * @return a new grid owning its memory
     * @throws GridStateException naming the field, value, bound and offset of bad bytes
     */
    public static HexGrid fromState(byte[] state) {
        Objects.requireNonNull(state, "state");
        return fromState(MemorySegment.ofArray(state));
    }

    /**
     * A new grid from a saved state, in the state's layout; the caller closes it.
     *
     * @param state the saved state, from its offset 0; only read
     * @return a new grid owning its memory, in the state's layout
     * @throws GridStateException naming the field, value, bound and offset of bad bytes
     */
    public static HexGrid fromState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        HexGridState.Parsed parsed = HexGridState.read(state, -1, -1, null);
        HexGrid grid = new HexGrid(parsed.width(), parsed.height(), parsed.layout());
        grid.restoreCells(
                parsed.cells(),
                parsed.version(),
                parsed.areas(),
                false,
                () -> grid.space = HexSpace.of(parsed.space()));
        grid.clearRestoreCount();
        return grid;
    }

    /** Frees the queries' memory before the cells go. */
    @Override
    protected void closeDerived() {
        queries.close();
    }

    @Override
    public String toString() {
        return "HexGrid[" + width() + " x " + height() + ", " + layout() + (isClosed() ? ", closed]" : "]");
    }

    // ---- package internals ----

}
