package org.onepath.cells;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The cells of a square grid (tier 3): the {@link CellStore} with the square grid's listeners
 * ({@link GridChangeListener}, {@link GridBatchListener}) and its clearance, the side of the
 * largest open square at each cell, kept lazily and repaired by the rectangles edited since it
 * was last read. Every square-grid engine takes this type; {@code org.onepath.Grid} is the
 * facade that adds the derived tables, queries and snapshots.
 */
public abstract class SquareCells extends CellStore<SquareCells> {
    /** Largest number of cells, 2^28. */
    public static final int MAX_CELLS = org.onepath.state.GridStateFormat.MAX_CELLS;
    /** Largest agent size (and the cap of clearance values). */
    public static final int MAX_AGENT_SIZE = 255;

    private MemorySegment clearance;
    /** The read-only view of {@link #clearance} handed out, made once. */
    private MemorySegment clearanceView;
    /** Whether clearance holds every cell's value but for the edited rectangles below. */
    private boolean clearanceCurrent;
    /** Rectangles edited since clearance was current: x0, y0, x1, y1 (inclusive) each. */
    private final int[] editedRects = new int[4 * Clearance.MAX_RECTS];

    private int editedRectCount;
    /** The cached content hash and what it was computed for; see {@link #contentHash()}. */
    private long hashValue;

    private boolean hashKnown;
    private int hashVersion;
    private int hashRestoreCount;
    private int hashAreaVersion;
    private int hashComputations;
    /** Who answers for the caller's memory when a query on it fails. */
    private final MemoryFaults faults;

    /**
     * Square cells over {@code callerCells} (or their own memory when it is null), with the
     * caller's clearance bytes when {@code bakedClearance} is not null (taken as current).
     *
     * @param width          columns, at least 1
     * @param height         rows, at least 1; width times height at most {@link #MAX_CELLS}
     * @param callerCells    the caller's segment of at least {@code width * height} bytes, or null
     * @param bakedClearance the caller's clearance bytes, at least {@code width * height}, or null
     *                       to compute them on first read
     */
    protected SquareCells(int width, int height, MemorySegment callerCells, MemorySegment bakedClearance) {
        this(width, height, callerCells, bakedClearance, MemoryFaults.NONE);
    }

    /**
     * Square cells as {@link #SquareCells(int, int, MemorySegment, MemorySegment)} makes them, over
     * memory whose failures {@code faults} answers for (a store's mapped file).
     *
     * @param width          columns, at least 1
     * @param height         rows, at least 1; width times height at most {@link #MAX_CELLS}
     * @param callerCells    the caller's segment of at least {@code width * height} bytes, or null
     * @param bakedClearance the caller's clearance bytes, or null to compute them on first read
     * @param faults         who answers for the caller's memory; {@link MemoryFaults#NONE} for none
     */
    protected SquareCells(
            int width, int height, MemorySegment callerCells, MemorySegment bakedClearance, MemoryFaults faults) {
        super(width, height, MAX_CELLS, "grid", "Grid", callerCells);
        this.faults = Objects.requireNonNull(faults, "faults");
        if (bakedClearance != null) {
            this.clearance = bakedClearance.asSlice(0, (long) width * height);
            this.clearanceView = clearance.asReadOnly();
            this.clearanceCurrent = true;
        }
    }

    /**
     * {@return who answers for the memory these cells were laid over when a query on it fails}
     * {@link MemoryFaults#NONE} unless the grid was made over a store's mapping.
     */
    public final MemoryFaults memoryFaults() {
        return faults;
    }

    // ---- clearance ----

    /**
     * True clearance: the side of the largest square of walkable cells with this cell as its
     * top-left corner (0 for a wall, capped at 255). 0 outside the grid.
     *
     * @param x the column; any value
     * @param y the row; any value
     * @return the clearance, 0..255
     */
    public final int maxAgentSizeAt(int x, int y) {
        ensureOpen();
        if (!contains(x, y)) {
            return 0;
        }
        return clearance().get(GridCellsLayout.CELL, (long) y * width() + x) & 0xFF;
    }

    /**
     * Whether an agent of {@code size} cells fits with its top-left cell at (x, y).
     *
     * @param x    the agent's top-left column; any value
     * @param y    the agent's top-left row; any value
     * @param size the agent's side in cells, 1..255
     * @return whether every cell of the size x size square is inside and walkable
     * @throws IllegalArgumentException if the size is outside 1..255
     */
    public final boolean canFit(int x, int y, int size) {
        checkAgentSize(size);
        return maxAgentSizeAt(x, y) >= size;
    }

    /**
     * Whether an agent of {@code size} cells fits with its top-left cell at {@code cell}; see
     * {@link #canFit(int, int, int)}.
     *
     * @param cell the agent's top-left cell
     * @param size the agent's side in cells, 1..255
     * @return whether every cell of the size x size square is inside and walkable
     */
    public final boolean canFit(Cell cell, int size) {
        java.util.Objects.requireNonNull(cell, "cell");
        return canFit(cell.x(), cell.y(), size);
    }

    /**
     * The clearance at {@code cell}; see {@link #maxAgentSizeAt(int, int)}.
     *
     * @param cell the cell; any coordinates
     * @return the clearance, 0..255
     */
    public final int maxAgentSizeAt(Cell cell) {
        java.util.Objects.requireNonNull(cell, "cell");
        return maxAgentSizeAt(cell.x(), cell.y());
    }

    /**
     * A read-only view of the clearance bytes, recomputed first if cells changed since the last
     * read (tier 3). The view stays valid: later recomputations write the same memory, and every
     * call returns the same view, so reading it allocates nothing once it exists.
     *
     * @return a read-only view of the {@link #cellCount()} clearance bytes, valid until the grid is
     *         closed
     */
    public final synchronized MemorySegment clearance() {
        ensureOpen();
        if (clearance == null) {
            clearance = arena().allocate((long) width() * height(), 8);
            clearanceView = clearance.asReadOnly();
        }
        if (!clearanceCurrent) {
            Clearance.compute(writableCells(), clearance, width(), height());
            clearanceCurrent = true;
            editedRectCount = 0;
        } else if (editedRectCount > 0) {
            Clearance.repair(writableCells(), clearance, width(), height(), editedRects, editedRectCount);
            editedRectCount = 0;
        }
        return clearanceView;
    }

    /**
     * The width of a walkability array indexed {@code [row][column]}, 0 when it has no rows.
     *
     * @param walkable rows indexed {@code [row][column]}
     * @return the length of row 0, or 0
     * @throws IllegalArgumentException naming the first row whose length differs from row 0's
     */
    protected static int widthOf(boolean[][] walkable) {
        Objects.requireNonNull(walkable, "walkable");
        int w = walkable.length == 0 ? 0 : walkable[0].length;
        for (int y = 0; y < walkable.length; y++) {
            if (walkable[y].length != w) {
                throw new IllegalArgumentException(
                        "row " + y + " has " + walkable[y].length + " cells, row 0 has " + w);
            }
        }
        return w;
    }

    /**
     * Writes a wall into every cell that {@code walkable[y][x]} says is closed (rows checked by
     * {@link #widthOf}).
     *
     * @param walkable rows indexed {@code [row][column]}, {@link #height()} rows of
     *                 {@link #width()} values
     */
    protected final void writeWalls(boolean[][] walkable) {
        MemorySegment cells = writableCells();
        int w = width();
        for (int y = 0; y < walkable.length; y++) {
            for (int x = 0; x < w; x++) {
                if (!walkable[y][x]) {
                    cells.set(GridCellsLayout.CELL, (long) y * w + x, (byte) WALL);
                }
            }
        }
    }

    /**
     * Checks that a caller's segment can give the cells of a {@code width x height} grid.
     *
     * @param cells  the caller's segment
     * @param width  columns; at least 1 to pass
     * @param height rows; at least 1 to pass
     * @throws IllegalArgumentException if the size is out of range or the segment holds fewer bytes
     */
    protected static void checkCellSource(MemorySegment cells, int width, int height) {
        Objects.requireNonNull(cells, "cells");
        checkSize(width, height, MAX_CELLS, "grid");
        long count = (long) width * height;
        if (cells.byteSize() < count) {
            throw new IllegalArgumentException("cell segment holds " + cells.byteSize() + " bytes, a " + width + " x "
                    + height + " grid needs " + count);
        }
    }

    /**
     * The exact price of a path of neighbouring cells in Q31.32 (a long counting 2^-32 units):
     * each step is the double the default search charges (the mean of the two cells' area
     * multipliers, times 1.4142135623730951 for a diagonal), multiplied by 2^32 and rounded half to
     * even; the integers are added. StepCost hooks are not priced.
     *
     * @param cells the path's cells in order, each inside the grid
     * @return the price, or empty for a path with a step between cells that are not neighbours
     *         (any-angle waypoints, repeated cells), a wall on it, or a price beyond a long;
     *         an empty path or a single cell costs 0
     * @throws IllegalArgumentException naming a cell outside the grid
     */
    public final OptionalLong tryGetFixedCost(List<Cell> cells) {
        return CellQueries.fixedCost(this, cells);
    }

    /**
     * The allocation-free form of {@link #tryGetFixedCost(List)} over row-major indices
     * {@code cells[0..count)}: the price, or -1 when it cannot be priced.
     *
     * @param cells the path's row-major indices
     * @param count the number of indices to read, 0..cells.length
     * @return the price in 2^-32 units, or -1
     * @throws IllegalArgumentException naming an index outside the grid, or a count outside the array
     */
    public final long fixedCost(int[] cells, int count) {
        return CellQueries.fixedCost(this, cells, count);
    }

    /**
     * The row-major index of the nearest cell an agent of {@code agentSize} may stand on (it
     * fits, and {@code blocked}, when not null, does not refuse it) within {@code radius}
     * Chebyshev rings of (x, y), or -1; the facade's nearest-walkable queries.
     *
     * @param x         the query column; may lie outside the grid
     * @param y         the query row; may lie outside the grid
     * @param agentSize the agent's side in cells, 1..255
     * @param radius    the number of rings to scan, 0 or more
     * @param blocked   the delegate that may refuse cells, or null
     * @return the row-major index of the nearest cell, or -1
     */
    protected final int nearestWalkableIndex(int x, int y, int agentSize, int radius, CellBlocker blocked) {
        ensureOpen();
        return CellQueries.nearestWalkable(this, x, y, agentSize, radius, blocked);
    }

    /** After a restore: clearance is recomputed in full on the next read. */
    protected final synchronized void markClearanceStale() {
        clearanceCurrent = false;
        editedRectCount = 0;
    }

    /**
     * Notes an edited rectangle for the next clearance read. Nothing is kept while clearance was
     * never read or is due a full recompute; more than {@link Clearance#MAX_RECTS} rectangles
     * merge into their bounding box.
     */
    @Override
    protected final synchronized void edited(int x0, int y0, int x1, int y1) {
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

    /**
     * Throws naming the size unless it is 1..{@value #MAX_AGENT_SIZE}.
     *
     * @param size the agent's side in cells
     * @throws IllegalArgumentException unless size is 1..{@value #MAX_AGENT_SIZE}
     */
    public static void checkAgentSize(int size) {
        if (size < 1 || size > MAX_AGENT_SIZE) {
            throw new IllegalArgumentException("agent size " + size + " is outside 1..255");
        }
    }

    // ---- content hash ----

    /**
     * The 64-bit content hash of the size, the cells and the 255 area multipliers, as the spec
     * defines it (see {@code docs/host-api.md}); the version, world mapping and edit history are
     * not part of it. The value is cached: a repeated call with no edit in between is O(1), and a
     * cell edit ({@link #setArea}, {@link #setRect}), a restore or an area-cost change makes the
     * next call recompute.
     *
     * @return the hash, any 64-bit value
     */
    public final synchronized long contentHash() {
        ensureOpen();
        int areaVersion = areas().version();
        int version = version();
        if (!hashKnown
                || hashVersion != version
                || hashRestoreCount != restoreCount()
                || hashAreaVersion != areaVersion) {
            hashValue = ContentHash.compute(writableCells(), width(), height(), areas());
            hashVersion = version;
            hashRestoreCount = restoreCount();
            hashAreaVersion = areaVersion;
            hashKnown = true;
            hashComputations++;
        }
        return hashValue;
    }

    /**
     * Times {@link #contentHash()} computed the hash.
     *
     * @return the number of hash computations since the store was made
     */
    protected final synchronized int hashComputations() {
        return hashComputations;
    }

    // ---- listeners ----

    /**
     * Registers a listener for cell edits; a {@link GridBatchListener} hears rectangle edits as one
     * call.
     *
     * @param listener told of every cell edit after it happens, on the editing thread
     */
    public final void addChangeListener(GridChangeListener listener) {
        addListener(listener);
    }

    /**
     * Removes a listener; returns whether it was registered.
     *
     * @param listener a listener added before
     * @return whether it was registered
     */
    public final boolean removeChangeListener(GridChangeListener listener) {
        return removeListener(listener);
    }
}
