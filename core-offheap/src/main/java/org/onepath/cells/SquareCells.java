package org.onepath.cells;

import java.lang.foreign.MemorySegment;

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

    /**
     * Square cells over {@code callerCells} (or their own memory when it is null), with the
     * caller's clearance bytes when {@code bakedClearance} is not null (taken as current).
     */
    protected SquareCells(int width, int height, MemorySegment callerCells, MemorySegment bakedClearance) {
        super(width, height, MAX_CELLS, "grid", "Grid", callerCells);
        if (bakedClearance != null) {
            this.clearance = bakedClearance.asSlice(0, (long) width * height);
            this.clearanceView = clearance.asReadOnly();
            this.clearanceCurrent = true;
        }
    }

    // ---- clearance ----

    /**
     * True clearance: the side of the largest square of walkable cells with this cell as its
     * top-left corner (0 for a wall, capped at 255). 0 outside the grid.
     */
    public final int maxAgentSizeAt(int x, int y) {
        ensureOpen();
        if (!contains(x, y)) {
            return 0;
        }
        return clearance().get(GridCellsLayout.CELL, (long) y * width() + x) & 0xFF;
    }

    /** Whether an agent of {@code size} cells fits with its top-left cell at (x, y). */
    public final boolean canFit(int x, int y, int size) {
        checkAgentSize(size);
        return maxAgentSizeAt(x, y) >= size;
    }

    /** Whether an agent of {@code size} cells fits with its top-left cell at {@code cell}; see {@link #canFit(int, int, int)}. */
    public final boolean canFit(Cell cell, int size) {
        java.util.Objects.requireNonNull(cell, "cell");
        return canFit(cell.x(), cell.y(), size);
    }

    /** The clearance at {@code cell}; see {@link #maxAgentSizeAt(int, int)}. */
    public final int maxAgentSizeAt(Cell cell) {
        java.util.Objects.requireNonNull(cell, "cell");
        return maxAgentSizeAt(cell.x(), cell.y());
    }

    /**
     * A read-only view of the clearance bytes, recomputed first if cells changed since the last
     * read (tier 3). The view stays valid: later recomputations write the same memory, and every
     * call returns the same view, so reading it allocates nothing once it exists.
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

    /** Throws naming the size unless it is 1..{@value #MAX_AGENT_SIZE}. */
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

    /** Times {@link #contentHash()} computed the hash. */
    protected final synchronized int hashComputations() {
        return hashComputations;
    }

    // ---- listeners ----

    /** Registers a listener for cell edits; a {@link GridBatchListener} hears rectangle edits as one call. */
    public final void addChangeListener(GridChangeListener listener) {
        addListener(listener);
    }

    /** Removes a listener; returns whether it was registered. */
    public final boolean removeChangeListener(GridChangeListener listener) {
        return removeListener(listener);
    }
}
