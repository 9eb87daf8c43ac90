package org.onepath;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.onepath.grids.GridTables;
import org.onepath.grids.fast.OctileMap;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.hpa.HpaHierarchy;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;
import org.onepath.state.GridStateException;
import org.onepath.state.Snapshottable;
import org.onepath.state.StateWriter;

/**
 * A square grid of {@code width x height} cells, one byte each, row-major in an off-heap
 * segment ({@code index = y * width + x}). A cell byte is an area id: 0..254 walkable (with the
 * multiplier {@link #areas()} gives it), 255 a wall.
 *
 * <p>A grid made by {@link #create}, {@link #from}, {@link #fromText} or the Moving AI reader owns
 * its memory and frees it in {@link #close()}; a grid made by {@link #over} reads and writes the
 * caller's segment and never frees it. Derived data (clearance, search memory) is owned, except
 * the tables a caller hands to {@link #over(MemorySegment, int, int, GridTables)} (a baked
 * store's), which the grid uses in place. A grid over a read-only segment is read-only: edits and
 * restores throw {@link IllegalStateException}. Use after close throws
 * {@link IllegalStateException}.
 *
 * <p>Queries may run on several threads at once while nobody edits the grid; edits
 * ({@link #setArea}, area costs) must not overlap a query.
 */
public final class Grid implements AutoCloseable, Snapshottable {
    /** Largest number of cells, 2^28. */
    public static final int MAX_CELLS = org.onepath.state.GridStateFormat.MAX_CELLS;
    /** The wall area id. */
    public static final int WALL = AreaCosts.WALL;
    /** Largest agent size (and the cap of clearance values). */
    public static final int MAX_AGENT_SIZE = 255;

    private static final GridChangeListener[] NO_LISTENERS = new GridChangeListener[0];

    private final int width;
    private final int height;
    private final Arena arena;
    private final MemorySegment cells;
    private final AreaCosts areas = new AreaCosts();
    private final OwnerState state = new OwnerState("Grid");
    private final SquareQueries queries;
    private GridSpace space = GridSpace.UNASSIGNED;
    private int version;
    private int restoreCount;
    private volatile GridChangeListener[] listeners = NO_LISTENERS;
    private final boolean readOnly;
    private final GridTables baked;
    private MemorySegment clearance;
    /** Whether clearance holds every cell's value but for the edited rectangles below. */
    private boolean clearanceCurrent;
    /** Rectangles edited since clearance was current: x0, y0, x1, y1 (inclusive) each. */
    private final int[] editedRects = new int[4 * Clearance.MAX_RECTS];
    private int editedRectCount;
    /** Changed cells of a rectangle edit, for listeners that hear cells one by one. */
    private final NativeIntList changedCells = new NativeIntList();
    private BlockMap blockMap;
    private JpsPlusIndex jpsPlusIndex;
    private OctileMap octileMap;
    /** The cached content hash and what it was computed for; see {@link #contentHash()}. */
    private long hashValue;
    private boolean hashKnown;
    private int hashVersion;
    private int hashRestoreCount;
    private int hashAreaVersion;
    private int hashComputations;
    /** The HPA* hierarchies of tier-1 queries, oldest first; see {@link #hpaHierarchy}. */
    private final java.util.ArrayList<HpaHierarchy> hpaHierarchies = new java.util.ArrayList<>();
    /** Most hierarchies kept at once. */
    static final int MAX_HPA_HIERARCHIES = 8;

    private Grid(int width, int height, MemorySegment callerCells) {
        this(width, height, callerCells, GridTables.NONE);
    }

    private Grid(int width, int height, MemorySegment callerCells, GridTables baked) {
        checkSize(width, height);
        this.baked = baked;
        this.readOnly = callerCells != null && callerCells.isReadOnly();
        this.width = width;
        this.height = height;
        this.arena = Arena.ofShared();
        long count = (long) width * height;
        if (callerCells == null) {
            this.cells = arena.allocate(count, 8);
        } else {
            if (callerCells.byteSize() < count) {
                throw new IllegalArgumentException("cell segment holds " + callerCells.byteSize()
                        + " bytes, a " + width + " x " + height + " grid needs " + count);
            }
            this.cells = callerCells.asSlice(0, count);
        }
        this.queries = new SquareQueries(this);
        if (baked.clearance() != null) {
            this.clearance = baked.clearance().asSlice(0, count);
            this.clearanceCurrent = true;
        }
    }

    // ---- construction ----

    /** A grid of open cells (area 0) that owns its memory. */
    public static Grid create(int width, int height) {
        return new Grid(width, height, null);
    }

    /** A grid whose every cell holds {@code area} (0..255). */
    public static Grid create(int width, int height, int area) {
        checkAreaId(area);
        Grid grid = new Grid(width, height, null);
        grid.cells.fill((byte) area);
        return grid;
    }

    /**
     * A grid over the caller's segment of at least {@code width * height} bytes, row-major. The
     * grid reads and writes it in place and never frees it; the caller keeps it alive until the
     * grid is closed.
     */
    public static Grid over(MemorySegment cells, int width, int height) {
        Objects.requireNonNull(cells, "cells");
        if (cells.isReadOnly()) {
            throw new IllegalArgumentException("cell segment is read-only; a grid needs a writable segment");
        }
        return new Grid(width, height, cells);
    }

    /**
     * A grid over the caller's cells and precomputed tables (tier 3; what a baked store opens):
     * the tables are used in place, taken as they are, and kept up to date by edits. The caller
     * vouches that they were derived from these cells (a store checks fingerprints) and keeps
     * every segment alive until the grid is closed. Over read-only cells the grid is read-only,
     * and so must every table be.
     *
     * @throws IllegalArgumentException if a segment is too small for the grid, or the cells are
     *                                  read-only and a table is writable or the reverse
     */
    public static Grid over(MemorySegment cells, int width, int height, GridTables tables) {
        Objects.requireNonNull(cells, "cells");
        Objects.requireNonNull(tables, "tables");
        checkSize(width, height);
        tables.check(width, height, cells.isReadOnly());
        Grid grid = new Grid(width, height, cells, tables);
        // Made now, not on first use, so they hear every edit from the start; over given memory
        // they compute nothing.
        if (tables.blockMap() != null) {
            grid.blockMap();
        }
        if (tables.jpsPlus() != null) {
            grid.jpsPlusIndex();
        }
        if (tables.octileNeighbours() != null) {
            grid.octileMap();
        }
        return grid;
    }

    /**
     * A grid from a walkability array indexed {@code [row][column]}: true is open (area 0), false a
     * wall. Rows must all have the same length.
     */
    public static Grid from(boolean[][] walkable) {
        Objects.requireNonNull(walkable, "walkable");
        int h = walkable.length;
        int w = h == 0 ? 0 : walkable[0].length;
        for (int y = 0; y < h; y++) {
            if (walkable[y].length != w) {
                throw new IllegalArgumentException("row " + y + " has " + walkable[y].length + " cells, row 0 has " + w);
            }
        }
        Grid grid = new Grid(w, h, null);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (!walkable[y][x]) {
                    grid.cells.set(GridCellsLayout.CELL, (long) y * w + x, (byte) WALL);
                }
            }
        }
        return grid;
    }

    /**
     * A grid from a picture, one text line per row: {@code .} open (area 0), {@code #} wall,
     * {@code 1}-{@code 9} that area. Lines end with LF or CRLF; one final line break is allowed.
     *
     * @throws GridFormatException naming the line and column of a bad character or a ragged row
     */
    public static Grid fromText(String picture) {
        return GridText.parse(picture);
    }

    // ---- size and contents ----

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** width * height. */
    public int cellCount() {
        return width * height;
    }

    /** Edits so far; every changed cell bumps it. */
    public int version() {
        ensureOpen();
        return version;
    }

    /** The area multipliers of this grid. */
    public AreaCosts areas() {
        return areas;
    }

    public GridSpace space() {
        return space;
    }

    /** Sets the world mapping used by world-point queries and {@link GridPath#points()}. */
    public void space(GridSpace space) {
        this.space = Objects.requireNonNull(space, "space");
    }

    public boolean contains(int x, int y) {
        return x >= 0 && y >= 0 && x < width && y < height;
    }

    /** Row-major index of an inside cell. */
    public int indexOf(int x, int y) {
        checkInside(x, y);
        return y * width + x;
    }

    /** Area id (0..255) of a cell. */
    public int area(int x, int y) {
        checkInside(x, y);
        ensureOpen();
        return areaAt(y * width + x);
    }

    /** Whether the cell is not a wall. */
    public boolean isWalkable(int x, int y) {
        return area(x, y) != WALL;
    }

    /**
     * Sets a cell's area id (0..254 walkable, 255 wall). A change bumps {@link #version()} and
     * tells the change listeners; writing the value the cell already has does nothing.
     */
    public void setArea(int x, int y, int area) {
        checkInside(x, y);
        checkAreaId(area);
        ensureWritable();
        long index = (long) y * width + x;
        if ((cells.get(GridCellsLayout.CELL, index) & 0xFF) == area) {
            return;
        }
        cells.set(GridCellsLayout.CELL, index, (byte) area);
        version++;
        markEdited(x, y, x, y);
        for (GridChangeListener listener : listeners) {
            listener.cellChanged(this, x, y);
        }
    }

    /**
     * Sets every cell of a rectangle to {@code area} as one edit; see
     * {@link #setRect(int, int, int, int, byte[])}.
     */
    public void setRect(int x, int y, int w, int h, int area) {
        checkAreaId(area);
        checkRect(x, y, w, h);
        writeRect(x, y, w, h, null, area);
    }

    /**
     * Writes a rectangle of area ids as one edit: {@code areas} holds {@code w * h} ids row-major
     * (read unsigned, so 255 is a wall). Cells are written in row-major order; if any changed,
     * {@link #version()} goes up once and the listeners hear once: a {@link GridBatchListener}
     * gets the smallest rectangle holding every changed cell, any other listener one call per
     * changed cell, row-major. The grid already holds the final state when they are called.
     *
     * @throws IllegalArgumentException if the rectangle is not inside the grid (nothing is
     *                                  written) or {@code areas} does not hold {@code w * h} ids
     */
    public void setRect(int x, int y, int w, int h, byte[] areas) {
        Objects.requireNonNull(areas, "areas");
        checkRect(x, y, w, h);
        if (areas.length != (long) w * h) {
            throw new IllegalArgumentException("areas holds " + areas.length + " ids, a " + w + " x " + h + " rectangle needs " + (long) w * h);
        }
        writeRect(x, y, w, h, areas, 0);
    }

    private void checkRect(int x, int y, int w, int h) {
        if (w < 0 || h < 0 || x < 0 || y < 0 || x > width - w || y > height - h) {
            throw new IllegalArgumentException("rectangle at (" + x + ", " + y + ") of " + w + " x " + h
                    + " is not inside the " + width + " x " + height + " grid");
        }
    }

    private void writeRect(int x, int y, int w, int h, byte[] areas, int area) {
        ensureWritable();
        GridChangeListener[] current = listeners;
        boolean perCell = false;
        for (GridChangeListener listener : current) {
            perCell |= !(listener instanceof GridBatchListener);
        }
        changedCells.clear();
        CellRects.Changed r = CellRects.write(cells, width, x, y, w, h, areas, (byte) area, perCell ? changedCells : null);
        if (r == null) {
            return;
        }
        version++;
        markEdited(r.x0(), r.y0(), r.x1(), r.y1());
        for (GridChangeListener listener : current) {
            if (listener instanceof GridBatchListener batch) {
                batch.rectChanged(this, r.x0(), r.y0(), r.width(), r.height());
            } else {
                for (int i = 0; i < changedCells.size(); i++) {
                    int index = changedCells.get(i);
                    listener.cellChanged(this, index % width, index / width);
                }
            }
        }
    }

    /** Makes a cell open (area 0) or a wall. */
    public void setWalkable(int x, int y, boolean walkable) {
        setArea(x, y, walkable ? 0 : WALL);
    }

    /**
     * True clearance: the side of the largest square of walkable cells with this cell as its
     * top-left corner (0 for a wall, capped at 255). 0 outside the grid.
     */
    public int maxAgentSizeAt(int x, int y) {
        ensureOpen();
        if (!contains(x, y)) {
            return 0;
        }
        return currentClearance().get(GridCellsLayout.CELL, (long) y * width + x) & 0xFF;
    }

    /** Whether an agent of {@code size} cells fits with its top-left cell at (x, y). */
    public boolean canFit(int x, int y, int size) {
        checkAgentSize(size);
        return maxAgentSizeAt(x, y) >= size;
    }

    /** Whether an agent of {@code size} cells fits with its top-left cell at {@code cell}; see {@link #canFit(int, int, int)}. */
    public boolean canFit(Cell cell, int size) {
        Objects.requireNonNull(cell, "cell");
        return canFit(cell.x(), cell.y(), size);
    }

    /** The clearance at {@code cell}; see {@link #maxAgentSizeAt(int, int)}. */
    public int maxAgentSizeAt(Cell cell) {
        Objects.requireNonNull(cell, "cell");
        return maxAgentSizeAt(cell.x(), cell.y());
    }

    /**
     * The 64-bit content hash of the size, the cells and the 255 area multipliers, as the spec
     * defines it (see {@code docs/host-api.md}); the version, world mapping and edit history are
     * not part of it. The value is cached: a repeated call with no edit in between is O(1), and a
     * cell edit ({@link #setArea}, {@link #setRect}), a restore or an area-cost change makes the
     * next call recompute.
     */
    public synchronized long contentHash() {
        ensureOpen();
        int areaVersion = areas.version();
        if (!hashKnown || hashVersion != version || hashRestoreCount != restoreCount || hashAreaVersion != areaVersion) {
            hashValue = ContentHash.compute(cells, width, height, areas);
            hashVersion = version;
            hashRestoreCount = restoreCount;
            hashAreaVersion = areaVersion;
            hashKnown = true;
            hashComputations++;
        }
        return hashValue;
    }

    /** Times {@link #contentHash()} computed the hash (for tests of its cache). */
    synchronized int contentHashComputations() {
        return hashComputations;
    }

    /**
     * The nearest cell an agent of the options' size may stand on (it fits, and the blocked
     * delegate does not refuse it): nearest by squared Euclidean distance between cell indexes,
     * ties to the smaller row and then the smaller column, within
     * {@link GridOptions#nearestRadius()} Chebyshev rings of {@code cell}. The query cell may lie
     * outside the grid. Rings are scanned outward until one is farther than the best hit.
     *
     * @return the cell, or empty when no cell within the radius fits
     * @throws IllegalArgumentException if a coordinate of {@code cell} is beyond 2^30 in size
     */
    public Optional<Cell> tryFindNearestWalkable(Cell cell, GridOptions options) {
        Objects.requireNonNull(cell, "cell");
        int index = nearestWalkableIndex(cell.x(), cell.y(), options);
        return index < 0 ? Optional.empty() : Optional.of(new Cell(index % width, index / width));
    }

    /**
     * As {@link #tryFindNearestWalkable(Cell, GridOptions)} for the cell containing a world point
     * ({@link #space()}).
     *
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public Optional<Cell> tryFindNearestWalkable(WorldPoint point, GridOptions options) {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(options, "options");
        long x = space.columnOf(point.x());
        long y = space.rowOf(point.y());
        return tryFindNearestWalkable(new Cell(clampToInt(x), clampToInt(y)), options);
    }

    /**
     * The allocation-free form of {@link #tryFindNearestWalkable(Cell, GridOptions)}: the row-major
     * index of the cell, or -1.
     */
    public int nearestWalkableIndex(int x, int y, GridOptions options) {
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return HostQueries.nearestWalkable(this, x, y, options);
    }

    /**
     * The exact price of a path of neighbouring cells in Q31.32 (a long counting 2^-32 units):
     * each step is the double the default search charges (the mean of the two cells' area
     * multipliers, times 1.4142135623730951 for a diagonal), multiplied by 2^32 and rounded half to
     * even; the integers are added. StepCost hooks are not priced.
     *
     * @return the price, or empty for a path with a step between cells that are not neighbours
     *         (any-angle waypoints, repeated cells), a wall on it, or a price beyond a long;
     *         an empty path or a single cell costs 0
     * @throws IllegalArgumentException naming a cell outside the grid
     */
    public OptionalLong tryGetFixedCost(List<Cell> cells) {
        Objects.requireNonNull(cells, "cells");
        int[] indices = new int[cells.size()];
        for (int i = 0; i < indices.length; i++) {
            Cell c = Objects.requireNonNull(cells.get(i), "cell");
            if (!contains(c.x(), c.y())) {
                throw new IllegalArgumentException("path cell " + i + " " + c + " is outside the " + width + " x " + height + " grid");
            }
            indices[i] = c.y() * width + c.x();
        }
        long cost = fixedCost(indices, indices.length);
        return cost < 0 ? OptionalLong.empty() : OptionalLong.of(cost);
    }

    /**
     * The Q31.32 price of a found path (see {@link #tryGetFixedCost(List)}); empty when it was not
     * found, is any-angle or was priced by a {@link CellStepCost} hook.
     *
     * @throws IllegalArgumentException if the path belongs to a grid of another width
     */
    public OptionalLong tryGetFixedCost(GridPath path) {
        Objects.requireNonNull(path, "path");
        if (path.width() != width) {
            throw new IllegalArgumentException("path of a grid " + path.width() + " cells wide, this grid is " + width);
        }
        if (!path.found() || path.isHooked() || path.isAnyAngle()) {
            return OptionalLong.empty();
        }
        long cost = fixedCost(path.cellsView(), path.length());
        return cost < 0 ? OptionalLong.empty() : OptionalLong.of(cost);
    }

    /**
     * The allocation-free form of {@link #tryGetFixedCost(List)} over row-major indices
     * {@code cells[0..count)}: the price, or -1 when it cannot be priced.
     *
     * @throws IllegalArgumentException naming an index outside the grid, or a count outside the array
     */
    public long fixedCost(int[] cells, int count) {
        Objects.requireNonNull(cells, "cells");
        if (count < 0 || count > cells.length) {
            throw new IllegalArgumentException("count " + count + " is outside 0.." + cells.length + " (the array length)");
        }
        ensureOpen();
        return HostQueries.fixedCost(this, cells, count);
    }

    /** Whether the cells are a read-only segment (a store opened read-only), so edits throw. */
    public boolean isReadOnly() {
        return readOnly;
    }

    /** A read-only view of the cell bytes (tier 3). */
    public MemorySegment cells() {
        ensureOpen();
        return cells.asReadOnly();
    }

    /**
     * A read-only view of the clearance bytes, recomputed first if cells changed since the last
     * read (tier 3). The view stays valid: later recomputations write the same memory.
     */
    public MemorySegment clearance() {
        ensureOpen();
        return currentClearance().asReadOnly();
    }

    /**
     * The grid's precomputed tables brought up to date (each built on first use) as read-only
     * views, in the layouts a baked store holds (tier 3): clearance, the block map, when both
     * sides are at most {@link JpsPlusIndex#MAX_SIDE} the JPS+ table (else null), and the neighbour
     * bytes of the jump point searches. The views stay
     * valid until the grid is closed; later edits update the same memory.
     */
    public GridTables tables() {
        ensureOpen();
        MemorySegment jps = null;
        if (width <= JpsPlusIndex.MAX_SIDE && height <= JpsPlusIndex.MAX_SIDE) {
            JpsPlusIndex index = jpsPlusIndex();
            index.refresh();
            jps = index.table();
        }
        return new GridTables(clearance(), blockMap().block(), jps, octileMap().neighbourBytes());
    }

    // ---- listeners ----

    /** Registers a listener for cell edits. */
    public synchronized void addChangeListener(GridChangeListener listener) {
        listeners = ListenerArrays.with(listeners, listener);
    }

    /** Removes a listener; returns whether it was registered. */
    public synchronized boolean removeChangeListener(GridChangeListener listener) {
        GridChangeListener[] current = listeners;
        listeners = ListenerArrays.without(current, listener);
        return listeners != current;
    }

    // ---- searches ----

    /**
     * The topology of this grid for an agent size (1..255), connectivity and diagonal rule (tier 2).
     * It reads the live cells; create a new one after editing cells when the agent size is above 1.
     */
    public SquareTopology createTopology(int agentSize, Connectivity connectivity, DiagonalRule rule) {
        ensureOpen();
        return new SquareTopology(this, agentSize, connectivity, rule);
    }

    /**
     * A resumable search handle for these options (A*, JPS or JPS+): begin, step in slices, copy
     * the path. The caller closes it.
     *
     * @throws IllegalArgumentException for an any-angle algorithm (THETA_STAR, LAZY_THETA_STAR) or
     *                                  HPA: use {@link #findPath} or the tier-2
     *                                  {@code org.onepath.grids.theta.ThetaSearch} or
     *                                  {@code org.onepath.grids.hpa.HpaSearch}; for a replanning
     *                                  one (LPA_STAR, D_STAR_LITE): use {@link #createReplanner}
     */
    public GridSearch createSearch(GridOptions options) {
        Objects.requireNonNull(options, "options");
        if (options.algorithm() == GridAlgorithm.THETA_STAR || options.algorithm() == GridAlgorithm.LAZY_THETA_STAR
                || options.algorithm() == GridAlgorithm.HPA) {
            throw new IllegalArgumentException("GridSearch supports ASTAR, JPS and JPS_PLUS, not " + options.algorithm()
                    + "; use findPath or the tier-2 " + (options.algorithm() == GridAlgorithm.HPA ? "HpaSearch" : "ThetaSearch"));
        }
        if (options.algorithm() == GridAlgorithm.LPA_STAR || options.algorithm() == GridAlgorithm.D_STAR_LITE) {
            throw new IllegalArgumentException("GridSearch supports ASTAR, JPS and JPS_PLUS, not " + options.algorithm()
                    + "; use createReplanner");
        }
        ensureOpen();
        return new GridSearch(this, options);
    }

    /** A flow field towards one goal with {@link GridOptions#DEFAULT}; see {@link #createFlowField(List, GridOptions)}. */
    public GridFlowField createFlowField(Cell goal) {
        Objects.requireNonNull(goal, "goal");
        return createFlowField(List.of(goal), GridOptions.DEFAULT);
    }

    /**
     * A flow field towards the nearest of the goals (at least one, each inside the grid; repeats
     * are allowed), computed now within {@link GridOptions#iterationBudget()}. It uses the options'
     * moves, diagonal rule, agent size and delegates, and listens to this grid's edits. The caller
     * closes it.
     *
     * @throws IllegalArgumentException if there is no goal or one is outside the grid
     */
    public GridFlowField createFlowField(List<Cell> goals, GridOptions options) {
        Objects.requireNonNull(goals, "goals");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return new GridFlowField(this, goals, options);
    }

    /** A D* Lite replanner with {@link GridOptions#DEFAULT}; see {@link #createReplanner(Cell, Cell, GridOptions)}. */
    public GridReplanner createReplanner(Cell start, Cell goal) {
        return createReplanner(start, goal, GridOptions.DEFAULT);
    }

    /**
     * An incremental replanner from {@code start} to {@code goal} that listens to this grid's
     * edits: {@link GridAlgorithm#LPA_STAR} in the options runs LPA*, any other algorithm D* Lite.
     * Nothing is searched until the first {@link GridReplanner#replan()}. The caller closes it.
     *
     * @throws IllegalArgumentException if start or goal is outside the grid, or the heuristic
     *                                  weight is not 1
     */
    public GridReplanner createReplanner(Cell start, Cell goal, GridOptions options) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return new GridReplanner(this, start, goal, options);
    }

    /** Shortest path with {@link GridOptions#DEFAULT}. */
    public GridPath findPath(Cell start, Cell goal) {
        return findPath(start, goal, GridOptions.DEFAULT, null);
    }

    /** Shortest path under the given options. */
    public GridPath findPath(Cell start, Cell goal, GridOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * Shortest path under the given options, cancellable: the search runs in slices of 256
     * iterations and checks the token before each; cancelling throws
     * {@link java.util.concurrent.CancellationException} and leaves the grid untouched.
     *
     * @param cancellation may be null
     */
    public GridPath findPath(Cell start, Cell goal, GridOptions options, Cancellation cancellation) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return queries.findPath(start.x(), start.y(), goal.x(), goal.y(), options, cancellation);
    }

    /** Shortest path between the cells containing two world points, with the default options. */
    public GridPath findPath(WorldPoint start, WorldPoint goal) {
        return findPath(start, goal, GridOptions.DEFAULT, null);
    }

    /** Shortest path between the cells containing two world points. */
    public GridPath findPath(WorldPoint start, WorldPoint goal, GridOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * Shortest path between the cells containing two world points. A point outside the grid gives
     * {@link PathStatus#START_INVALID} or {@link PathStatus#GOAL_INVALID}.
     *
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public GridPath findPath(WorldPoint start, WorldPoint goal, GridOptions options, Cancellation cancellation) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        GridSpace s = space;
        long sx = s.columnOf(start.x());
        long sy = s.rowOf(start.y());
        long gx = s.columnOf(goal.x());
        long gy = s.rowOf(goal.y());
        return queries.findPath(clampToInt(sx), clampToInt(sy), clampToInt(gx), clampToInt(gy), options, cancellation);
    }

    // ---- the cooperative sliced form ----

    /** {@link #findPathAsync(Cell, Cell, GridOptions, Cancellation, Executor)} with the default options, no token, on the calling thread. */
    public CompletableFuture<GridPath> findPathAsync(Cell start, Cell goal) {
        return findPathAsync(start, goal, GridOptions.DEFAULT, null, Runnable::run);
    }

    /** {@link #findPathAsync(Cell, Cell, GridOptions, Cancellation, Executor)} with no token, on the calling thread. */
    public CompletableFuture<GridPath> findPathAsync(Cell start, Cell goal, GridOptions options) {
        return findPathAsync(start, goal, options, null, Runnable::run);
    }

    /** {@link #findPathAsync(Cell, Cell, GridOptions, Cancellation, Executor)} on the calling thread. */
    public CompletableFuture<GridPath> findPathAsync(Cell start, Cell goal, GridOptions options, Cancellation cancellation) {
        return findPathAsync(start, goal, options, cancellation, Runnable::run);
    }

    /**
     * The cooperative sliced query: the resumable search runs in slices of
     * {@link GridOptions#iterationsPerSlice()} iterations, the first on the calling thread and each
     * later one handed to {@code executor} (the yield between slices); the token is checked before
     * every slice. The future completes with exactly what {@link #findPath} returns for the same
     * options, however the iterations are sliced (a budget that runs out gives BUDGET_EXHAUSTED
     * after the same iterations). With an executor that runs tasks at once on the calling thread
     * the future is complete when this returns.
     *
     * <p>It supports ASTAR, JPS and JPS_PLUS without {@link GridOptions#recordExpansions()}; other
     * options complete the future with {@link IllegalArgumentException}. Cancelling the token
     * completes it with {@link java.util.concurrent.CancellationException} and leaves the grid and
     * the next query exact; an edit of the grid during the query completes it with
     * {@link IllegalStateException}. Callbacks of the options run on the threads that run slices.
     *
     * @param cancellation may be null
     */
    public CompletableFuture<GridPath> findPathAsync(Cell start, Cell goal, GridOptions options, Cancellation cancellation,
                                                     Executor executor) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(executor, "executor");
        return SlicedQuery.start(this, queries, start.x(), start.y(), goal.x(), goal.y(), options, cancellation, executor);
    }

    /**
     * {@link #findPathAsync(Cell, Cell, GridOptions, Cancellation, Executor)} between the cells
     * containing two world points; a point outside the grid gives START_INVALID or GOAL_INVALID.
     *
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public CompletableFuture<GridPath> findPathAsync(WorldPoint start, WorldPoint goal, GridOptions options, Cancellation cancellation,
                                                     Executor executor) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(executor, "executor");
        GridSpace s = space;
        int sx = clampToInt(s.columnOf(start.x()));
        int sy = clampToInt(s.rowOf(start.y()));
        int gx = clampToInt(s.columnOf(goal.x()));
        int gy = clampToInt(s.rowOf(goal.y()));
        return SlicedQuery.start(this, queries, sx, sy, gx, gy, options, cancellation, executor);
    }

    // ---- snapshots ----

    /** Bytes of this grid's state: {@link #saveState()} returns exactly this many. */
    @Override
    public long stateLength() {
        return org.onepath.state.GridStateFormat.length(width, height);
    }

    /**
     * The grid's state (kind 1 of the state format, version 1): size, version, world space, area
     * costs and cells. Saving twice without a change gives the same bytes.
     *
     * @throws IllegalStateException if the state exceeds the largest Java array (use
     *                               {@link #saveState(MemorySegment, long)})
     */
    @Override
    public byte[] saveState() {
        ensureOpen();
        long length = stateLength();
        byte[] out = StateWriter.arrayFor("grid", length);
        GridState.write(this, StateWriter.into(MemorySegment.ofArray(out), 0));
        return out;
    }

    /**
     * Writes the grid's state into {@code destination} from {@code offset}.
     *
     * @return the number of bytes written ({@link #stateLength()})
     * @throws IllegalArgumentException if it does not fit
     */
    @Override
    public long saveState(MemorySegment destination, long offset) {
        Objects.requireNonNull(destination, "destination");
        ensureOpen();
        long length = stateLength();
        GridState.write(this, StateWriter.into("grid", length, destination, offset));
        return length;
    }

    /**
     * Puts back a saved state in place: cells, version, world space and area costs. Everything is
     * checked before anything changes, so on {@link GridStateException} the grid is unchanged.
     * The width and height must be this grid's. Listeners then see each cell that differs as an
     * ordinary edit, in row-major order; derived data (clearance, tables, searches begun before)
     * is not trusted across a restore, since versions may repeat after a rollback.
     *
     * @throws GridStateException naming the field, value, bound and offset of bad bytes
     */
    @Override
    public void restoreState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        ensureWritable();
        GridState.Parsed parsed = GridState.read(state, width, height);
        GridChangeListener[] current = listeners;
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
                for (GridChangeListener listener : current) {
                    listener.cellChanged(this, index % width, index / width);
                }
            }
        } finally {
            changed.close();
        }
    }

    /** A new grid from a saved state; the caller closes it. */
    public static Grid fromState(byte[] state) {
        Objects.requireNonNull(state, "state");
        return fromState(MemorySegment.ofArray(state));
    }

    /**
     * A new grid from a saved state; the caller closes it.
     *
     * @throws GridStateException naming the field, value, bound and offset of bad bytes
     */
    public static Grid fromState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        GridState.Parsed parsed = GridState.read(state, -1, -1);
        Grid grid = new Grid(parsed.width(), parsed.height(), null);
        MemorySegment.copy(parsed.cells(), 0, grid.cells, 0, (long) parsed.width() * parsed.height());
        grid.applyRestored(parsed);
        grid.restoreCount = 0;
        return grid;
    }

    /**
     * Restores so far. A search begun before a restore compares this as well as the version,
     * because versions may repeat after a rollback.
     */
    public int restoreCount() {
        return restoreCount;
    }

    private void applyRestored(GridState.Parsed parsed) {
        version = parsed.version();
        space = parsed.space();
        areas.restore(parsed.areas());
        restoreCount++;
        markClearanceStale();
        dropHpaHierarchies();
    }

    /** Frees the memory this grid owns (not a caller's cell segment). Idempotent. */
    @Override
    public void close() {
        if (state.markClosed()) {
            queries.close();
            changedCells.close();
            synchronized (this) {
                if (blockMap != null) {
                    blockMap.close();
                }
                if (jpsPlusIndex != null) {
                    jpsPlusIndex.close();
                }
                if (octileMap != null) {
                    octileMap.close();
                }
            }
            dropHpaHierarchies();
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "Grid[" + width + " x " + height + (state.isClosed() ? ", closed]" : "]");
    }

    // ---- package internals ----

    /** After a restore: clearance is recomputed in full on the next read. */
    private synchronized void markClearanceStale() {
        clearanceCurrent = false;
        editedRectCount = 0;
    }

    /**
     * Notes an edited rectangle for the next clearance read. Nothing is kept while clearance was
     * never read or is due a full recompute; more than {@link Clearance#MAX_RECTS} rectangles
     * merge into their bounding box.
     */
    private synchronized void markEdited(int x0, int y0, int x1, int y1) {
        if (!clearanceCurrent) {
            return;
        }
        if (editedRectCount == Clearance.MAX_RECTS) {
            for (int i = 1; i < editedRectCount; i++) {
                editedRects[0] = Math.min(editedRects[0], editedRects[4 * i]);
                editedRects[1] = Math.min(editedRects[1], editedRects[4 * i + 1]);
                editedRects[2] = Math.max(editedRects[2], editedRects[4 * i + 2]);
                editedRects[3] = Math.max(editedRects[3], editedRects[4 * i + 3]);
            }
            editedRectCount = 1;
        }
        int at = 4 * editedRectCount++;
        editedRects[at] = x0;
        editedRects[at + 1] = y0;
        editedRects[at + 2] = x1;
        editedRects[at + 3] = y1;
    }

    /** The cell memory itself, for builders filling a grid no one else has seen yet. */
    MemorySegment writableCells() {
        return cells;
    }

    /** The clearance bytes, recomputed first if cells changed since they were last computed. */
    synchronized MemorySegment currentClearance() {
        if (clearance == null) {
            clearance = arena.allocate((long) width * height, 8);
        }
        if (!clearanceCurrent) {
            Clearance.compute(cells, clearance, width, height);
            clearanceCurrent = true;
            editedRectCount = 0;
        } else if (editedRectCount > 0) {
            Clearance.repair(cells, clearance, width, height, editedRects, editedRectCount);
            editedRectCount = 0;
        }
        return clearance;
    }

    /** The block map the tier-1 jump point search scans, made on first use and kept up to date by edits. */
    synchronized BlockMap blockMap() {
        if (blockMap == null) {
            blockMap = baked.blockMap() != null ? BlockMap.over(this, baked.blockMap()) : new BlockMap(this);
        }
        return blockMap;
    }

    /** The neighbour bytes of the tier-1 jump point searches, made on first use and kept up to date by edits. */
    synchronized OctileMap octileMap() {
        if (octileMap == null) {
            octileMap = baked.octileNeighbours() != null ? OctileMap.over(this, baked.octileNeighbours()) : new OctileMap(this);
        }
        return octileMap;
    }

    /** The JPS+ tables of the tier-1 search, made on first use; callers refresh them before a query. */
    synchronized JpsPlusIndex jpsPlusIndex() {
        if (jpsPlusIndex == null) {
            jpsPlusIndex = baked.jpsPlus() != null ? JpsPlusIndex.over(this, baked.jpsPlus()) : new JpsPlusIndex(this);
        }
        return jpsPlusIndex;
    }

    /**
     * The HPA* hierarchy tier-1 queries use for these options, built on first need. At most
     * {@value #MAX_HPA_HIERARCHIES} are kept, one per (chunk size, agent size, moves, rule); making
     * a ninth closes the oldest. A restore drops them all (they are rebuilt on next use).
     */
    synchronized HpaHierarchy hpaHierarchy(int chunkSize, int agentSize, Connectivity connectivity, DiagonalRule rule) {
        for (HpaHierarchy h : hpaHierarchies) {
            if (h.chunkSize() == chunkSize && h.agentSize() == agentSize && h.connectivity() == connectivity
                    && h.diagonalRule() == rule) {
                return h;
            }
        }
        HpaHierarchy made = new HpaHierarchy(this, chunkSize, agentSize, connectivity, rule);
        if (hpaHierarchies.size() == MAX_HPA_HIERARCHIES) {
            hpaHierarchies.removeFirst().close();
        }
        hpaHierarchies.add(made);
        return made;
    }

    /** The hierarchies kept for tier-1 HPA* queries, oldest first (a copy). */
    synchronized List<HpaHierarchy> hpaHierarchies() {
        return List.copyOf(hpaHierarchies);
    }

    private synchronized void dropHpaHierarchies() {
        for (HpaHierarchy h : hpaHierarchies) {
            h.close();
        }
        hpaHierarchies.clear();
    }

    int areaAt(int index) {
        return cells.get(GridCellsLayout.CELL, index) & 0xFF;
    }

    void ensureOpen() {
        state.ensureOpen();
    }

    private void ensureWritable() {
        state.ensureOpen();
        if (readOnly) {
            throw new IllegalStateException("grid " + width + " x " + height + " is read-only: its cells are a read-only segment");
        }
    }

    static void checkAgentSize(int size) {
        if (size < 1 || size > MAX_AGENT_SIZE) {
            throw new IllegalArgumentException("agent size " + size + " is outside 1..255");
        }
    }

    private void checkInside(int x, int y) {
        if (!contains(x, y)) {
            throw new IllegalArgumentException("cell (" + x + ", " + y + ") is outside the " + width + " x " + height + " grid");
        }
    }

    private static void checkAreaId(int area) {
        if (area < 0 || area > WALL) {
            throw new IllegalArgumentException("area id " + area + " is outside 0..255");
        }
    }

    private static void checkSize(int width, int height) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("grid size " + width + " x " + height + " must be at least 1 x 1");
        }
        if ((long) width * height > MAX_CELLS) {
            throw new IllegalArgumentException("grid size " + width + " x " + height + " exceeds " + MAX_CELLS + " cells");
        }
    }

    private static int clampToInt(long v) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
    }
}
