package org.onepath;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.onepath.grids.HexTopology;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;
import org.onepath.state.GridStateException;
import org.onepath.state.HexGridStateFormat;
import org.onepath.state.Snapshottable;
import org.onepath.state.StateWriter;

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
public final class HexGrid implements AutoCloseable, Snapshottable {
    /** Largest number of cells, 2^28. */
    public static final int MAX_CELLS = HexGridStateFormat.MAX_CELLS;
    /** The wall area id. */
    public static final int WALL = AreaCosts.WALL;
    /** The layout of {@link #create(int, int)} and {@link #fromText(String)}. */
    public static final HexLayout DEFAULT_LAYOUT = HexLayout.POINTY_ODD_ROW;

    private static final HexChangeListener[] NO_LISTENERS = new HexChangeListener[0];

    private final int width;
    private final int height;
    private final HexLayout layout;
    private final Arena arena;
    private final MemorySegment cells;
    private final AreaCosts areas = new AreaCosts();
    private final OwnerState state = new OwnerState("HexGrid");
    private final HexQueries queries;
    private HexSpace space = HexSpace.UNASSIGNED;
    private int version;
    private int restoreCount;
    private volatile HexChangeListener[] listeners = NO_LISTENERS;
    /** Changed cells of a rectangle edit, for listeners that hear cells one by one. */
    private final NativeIntList changedCells = new NativeIntList();

    private HexGrid(int width, int height, HexLayout layout) {
        checkSize(width, height);
        this.width = width;
        this.height = height;
        this.layout = Objects.requireNonNull(layout, "layout");
        this.arena = Arena.ofShared();
        this.cells = arena.allocate((long) width * height, 8);
        this.queries = new HexQueries(this);
    }

    // ---- construction ----

    /** A {@link #DEFAULT_LAYOUT} grid of open cells (area 0) that owns its memory. */
    public static HexGrid create(int width, int height) {
        return create(width, height, DEFAULT_LAYOUT, 0);
    }

    /** A {@link #DEFAULT_LAYOUT} grid whose every cell holds {@code area} (0..255). */
    public static HexGrid create(int width, int height, int area) {
        return create(width, height, DEFAULT_LAYOUT, area);
    }

    /** A grid of open cells (area 0) in a layout. */
    public static HexGrid create(int width, int height, HexLayout layout) {
        return create(width, height, layout, 0);
    }

    /**
     * A grid whose every cell holds {@code area} (0..255).
     *
     * @throws IllegalArgumentException if a side is below 1, the grid exceeds 2^28 cells or the
     *                                  area is outside 0..255
     */
    public static HexGrid create(int width, int height, HexLayout layout, int area) {
        Objects.requireNonNull(layout, "layout");
        checkAreaId(area);
        HexGrid grid = new HexGrid(width, height, layout);
        if (area != 0) {
            grid.cells.fill((byte) area);
        }
        return grid;
    }

    /** {@link #fromText(String, HexLayout)} in the {@link #DEFAULT_LAYOUT}. */
    public static HexGrid fromText(String picture) {
        return fromText(picture, DEFAULT_LAYOUT);
    }

    /**
     * A grid from a picture of its offset array, one text line per row: {@code .} open (area 0),
     * {@code #} wall, {@code 1}-{@code 9} that area. Lines end with LF or CRLF; one final line
     * break is allowed. The picture does not show the shift of the layout's rows or columns.
     *
     * @throws GridFormatException naming the line and column of a bad character or a ragged row
     */
    public static HexGrid fromText(String picture, HexLayout layout) {
        Objects.requireNonNull(layout, "layout");
        GridText.Picture p = GridText.read(picture);
        HexGrid grid = new HexGrid(p.width(), p.height(), layout);
        p.fill(grid.cells);
        return grid;
    }

    // ---- size and contents ----

    /** Columns. */
    public int width() {
        return width;
    }

    /** Rows. */
    public int height() {
        return height;
    }

    public HexLayout layout() {
        return layout;
    }

    /** width * height. */
    public int cellCount() {
        return width * height;
    }

    /** Edits so far: every single-cell change, and every rectangle edit that changed a cell, bumps it once. */
    public int version() {
        ensureOpen();
        return version;
    }

    /** The area multipliers of this grid. */
    public AreaCosts areas() {
        return areas;
    }

    public HexSpace space() {
        return space;
    }

    /** Sets the world mapping used by world-point queries and {@link HexPath#points()}. */
    public void space(HexSpace space) {
        this.space = Objects.requireNonNull(space, "space");
    }

    public boolean contains(int col, int row) {
        return col >= 0 && row >= 0 && col < width && row < height;
    }

    public boolean contains(Cell cell) {
        return contains(cell.x(), cell.y());
    }

    /** Row-major index of an inside cell. */
    public int indexOf(int col, int row) {
        checkInside(col, row);
        return row * width + col;
    }

    /** Area id (0..255) of a cell. */
    public int area(int col, int row) {
        checkInside(col, row);
        ensureOpen();
        return areaAt(row * width + col);
    }

    /** Whether the cell is not a wall. */
    public boolean isWalkable(int col, int row) {
        return area(col, row) != WALL;
    }

    /**
     * Sets a cell's area id (0..254 walkable, 255 wall). A change bumps {@link #version()} and
     * tells the change listeners; writing the value the cell already has does nothing.
     */
    public void setArea(int col, int row, int area) {
        checkInside(col, row);
        checkAreaId(area);
        ensureOpen();
        long index = (long) row * width + col;
        if ((cells.get(GridCellsLayout.CELL, index) & 0xFF) == area) {
            return;
        }
        cells.set(GridCellsLayout.CELL, index, (byte) area);
        version++;
        for (HexChangeListener listener : listeners) {
            listener.cellChanged(this, col, row);
        }
    }

    /** Makes a cell open (area 0) or a wall. */
    public void setWalkable(int col, int row, boolean walkable) {
        setArea(col, row, walkable ? 0 : WALL);
    }

    /**
     * Sets every cell of a rectangle (columns {@code x .. x + w - 1}, rows {@code y .. y + h - 1})
     * to {@code area}, as one edit; see {@link #setRect(int, int, int, int, byte[])}.
     *
     * @throws IllegalArgumentException naming the rectangle if it is not inside the grid (nothing is
     *                                  written), or if the area is outside 0..255
     */
    public void setRect(int x, int y, int w, int h, int area) {
        checkRect(x, y, w, h);
        checkAreaId(area);
        ensureOpen();
        applyRect(x, y, w, h, null, (byte) area);
    }

    /**
     * Writes a rectangle of area ids (row-major, {@code w * h} of them, each read as 0..255) as one
     * edit: cells are written in row-major order; {@link #version()} goes up once if any cell
     * changed, and nothing happens otherwise. Then, with the grid holding the final state, each
     * {@link HexBatchListener} gets one {@link HexBatchListener#rectChanged} with the smallest
     * rectangle holding every changed cell, and each other listener one
     * {@link HexChangeListener#cellChanged} per changed cell, row-major.
     *
     * @throws IllegalArgumentException naming the rectangle if it is not inside the grid, or naming
     *                                  both lengths if {@code areas} does not hold {@code w * h}
     *                                  ids; nothing is written then
     */
    public void setRect(int x, int y, int w, int h, byte[] areas) {
        Objects.requireNonNull(areas, "areas");
        checkRect(x, y, w, h);
        long needed = (long) w * h;
        if (areas.length != needed) {
            throw new IllegalArgumentException("areas holds " + areas.length + " ids, a " + w + " x " + h
                    + " rectangle needs " + needed);
        }
        ensureOpen();
        applyRect(x, y, w, h, areas, (byte) 0);
    }

    /** A read-only view of the cell bytes (tier 3). */
    public MemorySegment cells() {
        ensureOpen();
        return cells.asReadOnly();
    }

    // ---- coordinates ----

    /** Axial coordinates of offset cell (col, row) under this grid's layout (any cell, inside or not). */
    public HexCoord hexOf(int col, int row) {
        return layout.toAxial(col, row);
    }

    /** Axial coordinates of an offset cell. */
    public HexCoord hexOf(Cell cell) {
        return layout.toAxial(cell);
    }

    /** The offset cell of axial coordinates (it may lie outside the grid). */
    public Cell cellOf(HexCoord hex) {
        return layout.toOffset(hex);
    }

    /** Hex distance between two offset cells: the fewest moves between them on an open grid. */
    public int distance(Cell a, Cell b) {
        return hexOf(a).distanceTo(hexOf(b));
    }

    /** Centre of offset cell (col, row) in world coordinates. */
    public WorldPoint centerOf(int col, int row) {
        return space.centerOf(layout.toAxial(col, row), layout);
    }

    /** Centre of an offset cell in world coordinates. */
    public WorldPoint centerOf(Cell cell) {
        return centerOf(cell.x(), cell.y());
    }

    /**
     * The offset cell containing a world point; it may lie outside the grid (see
     * {@link #contains(Cell)}). Points exactly between cells follow {@link HexCoord#round}.
     *
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public Cell cellAt(WorldPoint point) {
        return layout.toOffset(space.hexAt(point, layout));
    }

    // ---- listeners ----

    /** Registers a listener for cell edits; a {@link HexBatchListener} hears rectangle edits as one call. */
    public synchronized void addChangeListener(HexChangeListener listener) {
        listeners = ListenerArrays.with(listeners, listener);
    }

    /** Removes a listener; returns whether it was registered. */
    public synchronized boolean removeChangeListener(HexChangeListener listener) {
        HexChangeListener[] current = listeners;
        listeners = ListenerArrays.without(current, listener);
        return listeners != current;
    }

    // ---- searches ----

    /** The topology of this grid (tier 2): the six hex moves, reading the live cells and costs. */
    public HexTopology createTopology() {
        ensureOpen();
        return new HexTopology(this);
    }

    /** A flow field towards one goal with {@link HexOptions#DEFAULT}; see {@link #createFlowField(List, HexOptions)}. */
    public GridFlowField createFlowField(Cell goal) {
        Objects.requireNonNull(goal, "goal");
        return createFlowField(List.of(goal), HexOptions.DEFAULT);
    }

    /**
     * A flow field over the six hex moves towards the nearest of the goals (offset cells; at least
     * one, each inside the grid), computed now within {@link HexOptions#iterationBudget()}. It
     * listens to this grid's edits. The caller closes it.
     *
     * @throws IllegalArgumentException if there is no goal or one is outside the grid
     */
    public GridFlowField createFlowField(List<Cell> goals, HexOptions options) {
        Objects.requireNonNull(goals, "goals");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return new GridFlowField(this, goals, options);
    }

    /** A D* Lite replanner with {@link HexOptions#DEFAULT}; see {@link #createReplanner(Cell, Cell, GridAlgorithm, HexOptions)}. */
    public HexReplanner createReplanner(Cell start, Cell goal) {
        return createReplanner(start, goal, GridAlgorithm.D_STAR_LITE, HexOptions.DEFAULT);
    }

    /**
     * An incremental replanner from {@code start} to {@code goal} (column, row) that listens to
     * this grid's edits: {@link GridAlgorithm#LPA_STAR} runs LPA*, any other algorithm D* Lite.
     * Nothing is searched until the first {@link HexReplanner#replan()}. The caller closes it.
     *
     * @throws IllegalArgumentException if start or goal is outside the grid, the heuristic weight
     *                                  is not 1 or the estimate is neither automatic nor zero
     */
    public HexReplanner createReplanner(Cell start, Cell goal, GridAlgorithm algorithm, HexOptions options) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return new HexReplanner(this, start, goal, algorithm, options);
    }

    /** Shortest path with {@link HexOptions#DEFAULT}. */
    public HexPath findPath(Cell start, Cell goal) {
        return findPath(start, goal, HexOptions.DEFAULT, null);
    }

    /** Shortest path under the given options. */
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
     * @param cancellation may be null
     */
    public HexPath findPath(Cell start, Cell goal, HexOptions options, Cancellation cancellation) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return queries.findPath(start.x(), start.y(), goal.x(), goal.y(), options, cancellation);
    }

    /** Shortest path between the cells containing two world points, with the default options. */
    public HexPath findPath(WorldPoint start, WorldPoint goal) {
        return findPath(start, goal, HexOptions.DEFAULT, null);
    }

    /** Shortest path between the cells containing two world points. */
    public HexPath findPath(WorldPoint start, WorldPoint goal, HexOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * Shortest path between the cells containing two world points. A point outside the grid gives
     * {@link PathStatus#START_INVALID} or {@link PathStatus#GOAL_INVALID}.
     *
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public HexPath findPath(WorldPoint start, WorldPoint goal, HexOptions options, Cancellation cancellation) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        Cell s = cellAt(start);
        Cell g = cellAt(goal);
        return queries.findPath(s.x(), s.y(), g.x(), g.y(), options, cancellation);
    }

    // ---- snapshots ----

    /** Bytes of this grid's state: {@link #saveState()} returns exactly this many. */
    @Override
    public long stateLength() {
        return HexGridStateFormat.length(width, height);
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
        long length = stateLength();
        byte[] out = StateWriter.arrayFor("hex grid", length);
        HexGridState.write(this, StateWriter.into(MemorySegment.ofArray(out), 0));
        return out;
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
        long length = stateLength();
        HexGridState.write(this, StateWriter.into("hex grid", length, destination, offset));
        return length;
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
        HexGridState.Parsed parsed = HexGridState.read(state, width, height, layout);
        HexChangeListener[] current = listeners;
        long count = (long) width * height;
        if (current.length == 0) {
            MemorySegment.copy(parsed.cells(), 0, cells, 0, count);
            applyRestored(parsed);
            return;
        }
        NativeIntList changed = new NativeIntList();
        try {
            MemorySegment from = parsed.cells();
            long at = 0;
            while (at < count) {
                long m = MemorySegment.mismatch(cells, at, count, from, at, count);
                if (m < 0) {
                    break;
                }
                changed.add((int) (at + m));
                at += m + 1;
            }
            MemorySegment.copy(from, 0, cells, 0, count);
            applyRestored(parsed);
            for (int i = 0; i < changed.size(); i++) {
                int index = changed.get(i);
                for (HexChangeListener listener : current) {
                    listener.cellChanged(this, index % width, index / width);
                }
            }
        } finally {
            changed.close();
        }
    }

    /** A new grid from a saved state; the caller closes it. */
    public static HexGrid fromState(byte[] state) {
        Objects.requireNonNull(state, "state");
        return fromState(MemorySegment.ofArray(state));
    }

    /**
     * A new grid from a saved state, in the state's layout; the caller closes it.
     *
     * @throws GridStateException naming the field, value, bound and offset of bad bytes
     */
    public static HexGrid fromState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        HexGridState.Parsed parsed = HexGridState.read(state, -1, -1, null);
        HexGrid grid = new HexGrid(parsed.width(), parsed.height(), parsed.layout());
        MemorySegment.copy(parsed.cells(), 0, grid.cells, 0, (long) parsed.width() * parsed.height());
        grid.applyRestored(parsed);
        grid.restoreCount = 0;
        return grid;
    }

    /**
     * Restores so far. Anything derived from the grid compares this as well as the version,
     * because versions may repeat after a rollback.
     */
    public int restoreCount() {
        return restoreCount;
    }

    private void applyRestored(HexGridState.Parsed parsed) {
        version = parsed.version();
        space = parsed.space();
        areas.restore(parsed.areas());
        restoreCount++;
    }

    /** Frees the memory this grid owns. Idempotent. */
    @Override
    public void close() {
        if (state.markClosed()) {
            queries.close();
            changedCells.close();
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "HexGrid[" + width + " x " + height + ", " + layout + (state.isClosed() ? ", closed]" : "]");
    }

    // ---- package internals ----

    /** The cell memory itself, for the state writer. */
    MemorySegment writableCells() {
        return cells;
    }

    int areaAt(int index) {
        return cells.get(GridCellsLayout.CELL, index) & 0xFF;
    }

    void ensureOpen() {
        state.ensureOpen();
    }

    /**
     * Writes a checked rectangle row-major from {@code source} (or {@code fill} when it is null),
     * then bumps the version once and tells the listeners if any cell changed.
     */
    private void applyRect(int x, int y, int w, int h, byte[] source, byte fill) {
        HexChangeListener[] current = listeners;
        boolean perCell = false;
        for (HexChangeListener listener : current) {
            perCell |= !(listener instanceof HexBatchListener);
        }
        // The changed cells are listed only when some listener wants them one by one.
        changedCells.clear();
        CellRects.Changed r = CellRects.write(cells, width, x, y, w, h, source, fill, perCell ? changedCells : null);
        if (r == null) {
            return;
        }
        version++;
        for (HexChangeListener listener : current) {
            if (listener instanceof HexBatchListener batch) {
                batch.rectChanged(this, r.x0(), r.y0(), r.width(), r.height());
            } else {
                for (int k = 0; k < changedCells.size(); k++) {
                    int index = changedCells.get(k);
                    listener.cellChanged(this, index % width, index / width);
                }
            }
        }
    }

    private void checkRect(int x, int y, int w, int h) {
        if (x < 0 || y < 0 || w < 0 || h < 0 || (long) x + w > width || (long) y + h > height) {
            throw new IllegalArgumentException("rectangle at (" + x + ", " + y + ") of " + w + " x " + h
                    + " is not inside the " + width + " x " + height + " hex grid");
        }
    }

    private void checkInside(int col, int row) {
        if (!contains(col, row)) {
            throw new IllegalArgumentException("cell (" + col + ", " + row + ") is outside the " + width + " x " + height
                    + " hex grid");
        }
    }

    private static void checkAreaId(int area) {
        if (area < 0 || area > WALL) {
            throw new IllegalArgumentException("area id " + area + " is outside 0..255");
        }
    }

    private static void checkSize(int width, int height) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("hex grid size " + width + " x " + height + " must be at least 1 x 1");
        }
        if ((long) width * height > MAX_CELLS) {
            throw new IllegalArgumentException("hex grid size " + width + " x " + height + " exceeds " + MAX_CELLS + " cells");
        }
    }
}
