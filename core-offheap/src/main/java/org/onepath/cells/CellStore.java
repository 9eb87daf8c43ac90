package org.onepath.cells;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.memory.LeakGuard;
import org.onepath.memory.ListenerArrays;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;
import org.onepath.state.AreasPiece;

/**
 * The cell store under the square and hex grids: {@code width x height} cells of one byte each,
 * row-major in an off-heap segment ({@code index = y * width + x}, {@link GridCellsLayout}), with
 * the grid's area multipliers, its edit version and restore count. A cell byte is an area id:
 * 0..254 walkable, 255 a wall.
 *
 * <p>What the two kinds share lives here once: bounds and id checks, single-cell and rectangle
 * edits, the listeners and what an edit tells them, the copy of restored cells with the list of
 * cells that differ, and ownership of the memory. The type parameter is the kind itself, so that
 * a listener hears the type it registered for ({@link GridChangeListener} a {@link SquareCells},
 * {@link HexChangeListener} a {@link HexCells}).
 *
 * <p>A store that allocated its cells owns them and frees them when closed; one built over a
 * caller's segment reads and writes it in place and never frees it.
 *
 * @param <S> the kind of store, the type its listeners hear
 */
public abstract class CellStore<S extends CellStore<S>> implements AutoCloseable {
    /** The wall area id. */
    public static final int WALL = AreaCosts.WALL;

    private static final CellChangeListener<?>[] NO_LISTENERS = new CellChangeListener<?>[0];

    private final int width;
    private final int height;
    private final String noun;
    private final Arena arena;
    private final MemorySegment cells;
    /** The read-only view {@link #cells()} returns, made once so that reading it allocates nothing. */
    private final MemorySegment cellsView;

    private final AreaCosts areas = new AreaCosts();
    private final OwnerState state;
    private final boolean readOnly;
    /** Changed cells of a rectangle edit or a restore, for listeners that hear cells one by one. */
    private final NativeIntList changedCells = new NativeIntList();

    private int version;
    private int restoreCount;

    @SuppressWarnings("unchecked")
    private volatile CellChangeListener<S>[] listeners = (CellChangeListener<S>[]) NO_LISTENERS;

    /**
     * A store of {@code width x height} cells: over {@code callerCells} when it is not null (at
     * least {@code width * height} bytes; read-only makes the store read-only), else in memory of
     * its own. {@code noun} names the kind in messages ("grid", "hex grid"); {@code owner} names
     * the object in the closed-object message.
     *
     * @param width       columns, at least 1
     * @param height      rows, at least 1
     * @param maxCells    the largest cell count the kind allows
     * @param noun        the kind's name in messages, such as "grid"
     * @param owner       the object's name in the closed-object message, such as "Grid"
     * @param callerCells the caller's segment of at least {@code width * height} bytes, or null for
     *                    memory of the store's own
     * @throws IllegalArgumentException if a side is below 1, the cells exceed {@code maxCells} or
     *                                  the caller's segment is too small
     */
    // LeakGuard keeps the store only as the referent of a Cleaner registration, to close the
    // arena once the store is unreachable; it never calls into the half-built object.
    @SuppressWarnings("this-escape")
    protected CellStore(int width, int height, int maxCells, String noun, String owner, MemorySegment callerCells) {
        checkSize(width, height, maxCells, noun);
        long count = (long) width * height;
        // Refused before the arena exists: a constructor that throws after making it leaves the
        // arena to the Cleaner, which frees it late and warns of a store nobody could close.
        if (callerCells != null && callerCells.byteSize() < count) {
            throw new IllegalArgumentException("cell segment holds " + callerCells.byteSize() + " bytes, a " + width
                    + " x " + height + " " + noun + " needs " + count);
        }
        this.width = width;
        this.height = height;
        this.noun = noun;
        this.state = new OwnerState(owner);
        this.readOnly = callerCells != null && callerCells.isReadOnly();
        this.arena = LeakGuard.sharedArena(this);
        this.cells = callerCells == null ? arena.allocate(count, 8) : callerCells.asSlice(0, count);
        this.cellsView = cells.asReadOnly();
    }

    // ---- size and contents ----

    /**
     * Columns.
     *
     * @return the number of columns, at least 1
     */
    public final int width() {
        return width;
    }

    /**
     * Rows.
     *
     * @return the number of rows, at least 1
     */
    public final int height() {
        return height;
    }

    /**
     * width * height.
     *
     * @return the number of cells, at most the store's limit
     */
    public final int cellCount() {
        return width * height;
    }

    /**
     * Edits so far: every single-cell change, and every rectangle edit that changed a cell, bumps
     * it once.
     *
     * @return the edit count; a restore puts back the saved count
     */
    public final int version() {
        ensureOpen();
        return version;
    }

    /**
     * Restores so far. Anything derived from the cells compares this as well as the version,
     * because versions may repeat after a rollback.
     *
     * @return the number of successful restores, 0 or more
     */
    public final int restoreCount() {
        return restoreCount;
    }

    /**
     * The area multipliers of these cells.
     *
     * @return the live multipliers; changing them affects later queries
     */
    public final AreaCosts areas() {
        return areas;
    }

    /**
     * Whether (x, y) lies inside.
     *
     * @param x the column; any value
     * @param y the row; any value
     * @return whether 0 &lt;= x &lt; width and 0 &lt;= y &lt; height
     */
    public final boolean contains(int x, int y) {
        return x >= 0 && y >= 0 && x < width && y < height;
    }

    /**
     * Whether the cell lies inside; see {@link #contains(int, int)}.
     *
     * @param cell the cell (column, row); any coordinates
     * @return whether the cell lies inside the grid
     */
    public final boolean contains(Cell cell) {
        Objects.requireNonNull(cell, "cell");
        return contains(cell.x(), cell.y());
    }

    /**
     * Row-major index of an inside cell; see {@link #indexOf(int, int)}.
     *
     * @param cell the cell (column, row), inside
     * @return {@code y * width + x}
     * @throws IllegalArgumentException if the cell is outside
     */
    public final int indexOf(Cell cell) {
        Objects.requireNonNull(cell, "cell");
        return indexOf(cell.x(), cell.y());
    }

    /**
     * Area id of a cell; see {@link #area(int, int)}.
     *
     * @param cell the cell (column, row), inside
     * @return the area id, 255 for a wall
     * @throws IllegalArgumentException if the cell is outside
     */
    public final int area(Cell cell) {
        Objects.requireNonNull(cell, "cell");
        return area(cell.x(), cell.y());
    }

    /**
     * Whether the cell is not a wall; see {@link #isWalkable(int, int)}.
     *
     * @param cell the cell (column, row), inside
     * @return true unless the cell's area id is 255
     * @throws IllegalArgumentException if the cell is outside
     */
    public final boolean isWalkable(Cell cell) {
        Objects.requireNonNull(cell, "cell");
        return isWalkable(cell.x(), cell.y());
    }

    /**
     * Row-major index of an inside cell.
     *
     * @param x the column, 0..width-1
     * @param y the row, 0..height-1
     * @return {@code y * width + x}
     * @throws IllegalArgumentException if the cell is outside
     */
    public final int indexOf(int x, int y) {
        checkInside(x, y);
        return y * width + x;
    }

    /**
     * Area id (0..255) of a cell.
     *
     * @param x the column, 0..width-1
     * @param y the row, 0..height-1
     * @return the area id, 255 for a wall
     * @throws IllegalArgumentException if the cell is outside
     */
    public final int area(int x, int y) {
        checkInside(x, y);
        ensureOpen();
        return areaAt(y * width + x);
    }

    /**
     * Whether the cell is not a wall.
     *
     * @param x the column, 0..width-1
     * @param y the row, 0..height-1
     * @return true unless the cell's area id is 255
     * @throws IllegalArgumentException if the cell is outside
     */
    public final boolean isWalkable(int x, int y) {
        return area(x, y) != WALL;
    }

    /**
     * Whether the cells are a read-only segment (a store opened read-only), so edits throw.
     *
     * @return true when edits and restores throw {@link IllegalStateException}
     */
    public final boolean isReadOnly() {
        return readOnly;
    }

    /**
     * A read-only view of the cell bytes (tier 3); the same view every call, so reading it
     * allocates nothing.
     *
     * @return a read-only view of the {@link #cellCount()} bytes, valid until the store is closed
     */
    public final MemorySegment cells() {
        ensureOpen();
        return cellsView;
    }

    // ---- edits ----

    /**
     * Sets a cell's area id (0..254 walkable, 255 wall). A change bumps {@link #version()} and
     * tells the change listeners; writing the value the cell already has does nothing.
     *
     * @param x    the column, 0..width-1
     * @param y    the row, 0..height-1
     * @param area the new area id, 0..255
     * @throws IllegalArgumentException if the cell is outside or the id outside 0..255
     * @throws IllegalStateException if the store is read-only or closed
     */
    public final void setArea(int x, int y, int area) {
        checkInside(x, y);
        checkAreaId(area);
        ensureWritable();
        long index = (long) y * width + x;
        if ((cells.get(GridCellsLayout.CELL, index) & 0xFF) == area) {
            return;
        }
        cells.set(GridCellsLayout.CELL, index, (byte) area);
        version++;
        edited(x, y, x, y);
        cellEdited(x, y);
    }

    /**
     * Sets a cell's area id; see {@link #setArea(int, int, int)}.
     *
     * @param cell the cell (column, row), inside
     * @param area the new area id, 0..255
     * @throws IllegalArgumentException if the cell is outside or the id outside 0..255
     * @throws IllegalStateException if the store is read-only or closed
     */
    public final void setArea(Cell cell, int area) {
        Objects.requireNonNull(cell, "cell");
        setArea(cell.x(), cell.y(), area);
    }

    /**
     * Makes a cell open (area 0) or a wall; see {@link #setWalkable(int, int, boolean)}.
     *
     * @param cell     the cell (column, row), inside
     * @param walkable true for open (area 0), false for a wall (255)
     * @throws IllegalArgumentException if the cell is outside
     * @throws IllegalStateException if the store is read-only or closed
     */
    public final void setWalkable(Cell cell, boolean walkable) {
        Objects.requireNonNull(cell, "cell");
        setWalkable(cell.x(), cell.y(), walkable);
    }

    /**
     * Makes a cell open (area 0) or a wall.
     *
     * @param x        the column, 0..width-1
     * @param y        the row, 0..height-1
     * @param walkable true for open (area 0), false for a wall (255)
     * @throws IllegalArgumentException if the cell is outside
     * @throws IllegalStateException if the store is read-only or closed
     */
    public final void setWalkable(int x, int y, boolean walkable) {
        setArea(x, y, walkable ? 0 : WALL);
    }

    /**
     * Sets every cell of a rectangle (columns {@code x .. x + w - 1}, rows {@code y .. y + h - 1})
     * to {@code area}, as one edit; see {@link #setRect(int, int, int, int, byte[])}.
     *
     * @param x    the first column, 0..width-1
     * @param y    the first row, 0..height-1
     * @param w    the rectangle's width in cells
     * @param h    the rectangle's height in cells
     * @param area the area id written to every cell, 0..255
     * @throws IllegalArgumentException naming the rectangle if it is not inside (nothing is
     *                                  written), or if the area is outside 0..255
     */
    public final void setRect(int x, int y, int w, int h, int area) {
        checkRect(x, y, w, h);
        checkAreaId(area);
        writeRect(x, y, w, h, null, (byte) area);
    }

    /**
     * Writes a rectangle of area ids as one edit: {@code areas} holds {@code w * h} ids row-major
     * (read unsigned, so 255 is a wall). Cells are written in row-major order; if any changed,
     * {@link #version()} goes up once and the listeners hear once: a batch listener gets the
     * smallest rectangle holding every changed cell, any other listener one call per changed
     * cell, row-major. The cells already hold the final state when they are called.
     *
     * @param x     the first column, 0..width-1
     * @param y     the first row, 0..height-1
     * @param w     the rectangle's width in cells
     * @param h     the rectangle's height in cells
     * @param areas the {@code w * h} area ids, row-major; only read
     * @throws IllegalArgumentException naming the rectangle if it is not inside, or naming both
     *                                  lengths if {@code areas} does not hold {@code w * h} ids;
     *                                  nothing is written then
     */
    public final void setRect(int x, int y, int w, int h, byte[] areas) {
        Objects.requireNonNull(areas, "areas");
        checkRect(x, y, w, h);
        long needed = (long) w * h;
        if (areas.length != needed) {
            throw new IllegalArgumentException(
                    "areas holds " + areas.length + " ids, a " + w + " x " + h + " rectangle needs " + needed);
        }
        writeRect(x, y, w, h, areas, (byte) 0);
    }

    private void writeRect(int x, int y, int w, int h, byte[] source, byte fill) {
        ensureWritable();
        // The changed cells are listed only when some listener wants them one by one.
        changedCells.clear();
        CellRects.Changed r =
                CellRects.write(cells, width, x, y, w, h, source, fill, wantsCellByCell() ? changedCells : null);
        if (r == null) {
            return;
        }
        version++;
        edited(r.x0(), r.y0(), r.x1(), r.y1());
        rectEdited(r.x0(), r.y0(), r.width(), r.height(), changedCells);
    }

    // ---- listeners ----

    /**
     * Registers a listener; a {@link CellBatchListener} hears rectangle edits as one call.
     *
     * @param listener told of every cell edit after it happens, on the editing thread
     */
    protected final synchronized void addListener(CellChangeListener<S> listener) {
        listeners = ListenerArrays.with(listeners, listener);
    }

    /**
     * Removes a listener; returns whether it was registered.
     *
     * @param listener a listener added before
     * @return whether it was registered
     */
    protected final synchronized boolean removeListener(CellChangeListener<S> listener) {
        CellChangeListener<S>[] current = listeners;
        listeners = ListenerArrays.without(current, listener);
        return listeners != current;
    }

    /**
     * Whether any listener is registered (a restore then lists the cells that differ).
     *
     * @return true when at least one listener is registered
     */
    protected final boolean hasListeners() {
        return listeners.length > 0;
    }

    @SuppressWarnings("unchecked")
    private S self() {
        return (S) this;
    }

    /** Whether some listener hears rectangle edits cell by cell (so the changed cells are listed). */
    private boolean wantsCellByCell() {
        for (CellChangeListener<S> listener : listeners) {
            if (!(listener instanceof CellBatchListener)) {
                return true;
            }
        }
        return false;
    }

    /** Tells every listener that one cell changed; the store holds the new value. */
    private void cellEdited(int x, int y) {
        S self = self();
        for (CellChangeListener<S> listener : listeners) {
            listener.cellChanged(self, x, y);
        }
    }

    /**
     * Tells every listener of a rectangle edit: batch listeners the rectangle, the others each
     * changed cell of {@code changed} (row-major indexes, listed when {@link #wantsCellByCell()}).
     */
    private void rectEdited(int x, int y, int w, int h, NativeIntList changed) {
        S self = self();
        for (CellChangeListener<S> listener : listeners) {
            if (listener instanceof CellBatchListener<S> batch) {
                batch.rectChanged(self, x, y, w, h);
            } else {
                for (int i = 0; i < changed.size(); i++) {
                    int index = changed.get(i);
                    listener.cellChanged(self, index % width, index / width);
                }
            }
        }
    }

    /**
     * Hook for derived data kept beside the cells: the inclusive bounds of an edit, called before
     * the listeners hear it. Does nothing by default.
     *
     * @param x0 the edit's first column
     * @param y0 the edit's first row
     * @param x1 the edit's last column, inclusive
     * @param y1 the edit's last row, inclusive
     */
    protected void edited(int x0, int y0, int x1, int y1) {}

    // ---- restores ----

    /**
     * Puts restored cells, version and area costs in place of the current ones (already checked
     * by the caller), runs {@code alsoRestore} for what the owner keeps beside them, then tells
     * the listeners about each cell that differs, in row-major order, as single-cell edits.
     *
     * @param from            the restored cell bytes, {@link #cellCount()} of them from offset 0
     * @param restoredVersion the version the state carried
     * @param restoredAreas   the area costs the state carried
     * @param listened        whether listeners were registered when the restore began, so changed
     *                        cells are collected
     * @param alsoRestore     runs after the cells and costs are in place and before the listeners
     *                        hear
     */
    protected final void restoreCells(
            MemorySegment from,
            int restoredVersion,
            AreasPiece.Areas restoredAreas,
            boolean listened,
            Runnable alsoRestore) {
        long count = (long) width * height;
        if (!listened) {
            MemorySegment.copy(from, 0, cells, 0, count);
            applyRestored(restoredVersion, restoredAreas, alsoRestore);
            return;
        }
        NativeIntList changed = new NativeIntList();
        try {
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
            applyRestored(restoredVersion, restoredAreas, alsoRestore);
            for (int i = 0; i < changed.size(); i++) {
                int index = changed.get(i);
                cellEdited(index % width, index / width);
            }
        } finally {
            changed.close();
        }
    }

    private void applyRestored(int restoredVersion, AreasPiece.Areas restoredAreas, Runnable alsoRestore) {
        version = restoredVersion;
        areas.restore(restoredAreas);
        restoreCount++;
        alsoRestore.run();
    }

    /** Makes a store made from a saved state count no restore. */
    protected final void clearRestoreCount() {
        restoreCount = 0;
    }

    // ---- memory and state ----

    /**
     * The cell memory itself, for builders filling a store no one else has seen yet.
     *
     * @return the writable cell segment, {@link #cellCount()} bytes
     */
    protected final MemorySegment writableCells() {
        return cells;
    }

    /**
     * The arena the store owns, for derived memory that lives and dies with the cells.
     *
     * @return the store's shared arena, closed with the store
     */
    protected final Arena arena() {
        return arena;
    }

    /**
     * Area id (0..255) of the cell at a row-major index (0..cellCount-1); no open check.
     *
     * @param index a row-major index, 0..cellCount-1
     * @return the area id, 255 for a wall
     */
    public final int areaAt(int index) {
        return cells.get(GridCellsLayout.CELL, index) & 0xFF;
    }

    /** Throws {@link IllegalStateException} naming the owner when it has been closed. */
    public final void ensureOpen() {
        state.ensureOpen();
    }

    /**
     * Whether {@link #close()} has run.
     *
     * @return true once the store is closed
     */
    protected final boolean isClosed() {
        return state.isClosed();
    }

    /** Throws unless open and writable. */
    protected final void ensureWritable() {
        state.ensureOpen();
        if (readOnly) {
            throw new IllegalStateException(
                    noun + " " + width + " x " + height + " is read-only: its cells are a read-only segment");
        }
    }

    /**
     * Checks a caller's table before a table object is built over it for these cells: at least
     * {@code need} bytes, and not read-only under writable cells (their edits would have nowhere
     * to go).
     *
     * @param name  the table's name, used in the messages
     * @param table the caller's segment
     * @param need  the bytes the table must hold at least
     * @throws IllegalArgumentException naming the table, its size and what the cells need
     */
    public final void checkTableOver(String name, MemorySegment table, long need) {
        Objects.requireNonNull(table, name);
        if (table.byteSize() < need) {
            throw new IllegalArgumentException(name + " of " + table.byteSize() + " bytes, a " + width + " x " + height
                    + " " + noun + " needs " + need);
        }
        if (table.isReadOnly() && !readOnly) {
            throw new IllegalArgumentException(name + " memory is read-only but the " + noun + " is writable");
        }
    }

    /**
     * Frees the memory the store owns (not a caller's segment). Idempotent; {@link #closeDerived}
     * runs first, once.
     */
    @Override
    public final void close() {
        if (state.markClosed()) {
            closeDerived();
            changedCells.close();
            arena.close();
        }
    }

    /** Closes what the owner keeps beside the cells; runs once, before the cells are freed. */
    protected void closeDerived() {}

    /**
     * Throws naming the cell unless it lies inside.
     *
     * @param x the column
     * @param y the row
     * @throws IllegalArgumentException if the cell lies outside
     */
    protected final void checkInside(int x, int y) {
        if (!contains(x, y)) {
            throw new IllegalArgumentException(
                    "cell (" + x + ", " + y + ") is outside the " + width + " x " + height + " " + noun);
        }
    }

    private void checkRect(int x, int y, int w, int h) {
        if (w < 0 || h < 0 || x < 0 || y < 0 || x > width - w || y > height - h) {
            throw new IllegalArgumentException("rectangle at (" + x + ", " + y + ") of " + w + " x " + h
                    + " is not inside the " + width + " x " + height + " " + noun);
        }
    }

    /**
     * Throws naming the size unless both sides are at least 1 and the cells at most {@code maxCells};
     * {@code noun} names the kind ("grid", "hex grid").
     *
     * @param width    columns; at least 1 to pass
     * @param height   rows; at least 1 to pass
     * @param maxCells the largest cell count allowed
     * @param noun     the kind's name in the message
     * @throws IllegalArgumentException if a side is below 1 or the cells exceed {@code maxCells}
     */
    protected static void checkSize(int width, int height, int maxCells, String noun) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException(noun + " size " + width + " x " + height + " must be at least 1 x 1");
        }
        if ((long) width * height > maxCells) {
            throw new IllegalArgumentException(
                    noun + " size " + width + " x " + height + " exceeds " + maxCells + " cells");
        }
    }

    /**
     * Throws naming the id unless it is 0..255.
     *
     * @param area the area id to check
     * @throws IllegalArgumentException unless the id is 0..255
     */
    protected static void checkAreaId(int area) {
        if (area < 0 || area > WALL) {
            throw new IllegalArgumentException("area id " + area + " is outside 0..255");
        }
    }
}
