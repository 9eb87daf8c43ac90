package org.onepath.grids.jps;

import static org.onepath.layout.JpsPlusLayout.ENTRY;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.GridBatchListener;
import org.onepath.cells.SquareCells;
import org.onepath.layout.JpsPlusLayout;
import org.onepath.memory.LargePages;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;

/**
 * JPS+ tables (Harabor and Grastien 2014, with Rabin's distances): for every cell and direction
 * the signed distance to the next jump point, in the off-heap layout of {@link JpsPlusLayout}.
 *
 * <p>Straight direction: with q the next cell, 0 if q is a wall, 1 if q has a forced neighbour
 * for this arrival, else q's value one step further (v + 1 if v &gt; 0, else v - 1). Diagonal: 0
 * if the step is illegal (a side cell or the target is a wall), 1 if q's value for either
 * straight component is positive, else the same chain rule on the diagonal. Built straight tables
 * first, then diagonals, each from the far end. Costs do not enter, so changing an area
 * multiplier needs no rebuild.
 *
 * <p>The index listens to the grid (a rectangle edit adds its cells at once); {@link #refresh()}
 * (called by every query) applies pending edits: the east and west tables of the rows around each edited cell and the north and south
 * tables of the columns around it are recomputed, noting cells whose sign (positive or not)
 * changed; then the four diagonal entries reading each edited or sign-changed cell are
 * recomputed, each change followed backwards along its diagonal until an entry comes out
 * unchanged. More than max(256, cells / 64) pending edits trigger a full rebuild. The tables then
 * equal a fresh build.
 *
 * <p>An index it builds owns its memory; one made {@link #over over} a caller's table (a baked
 * store's) reads and repairs that table in place and never frees it.
 */
public final class JpsPlusIndex implements GridBatchListener, AutoCloseable {
    /** Largest grid side the 16-bit entries can serve ({@link JpsPlusLayout#MAX_SIDE}). */
    public static final int MAX_SIDE = JpsPlusLayout.MAX_SIDE;

    private final SquareCells grid;
    private final int width;
    private final int height;
    private final WalkableCells walkable;
    private final JumpRules rules;
    private final Arena arena;
    private final MemorySegment table;
    private final OwnerState state = new OwnerState("JpsPlusIndex");
    private final int rebuildThreshold;
    private final NativeIntList pending = new NativeIntList();
    private boolean rebuildPending;
    private final NativeIntList signChanged = new NativeIntList();

    /**
     * Builds the tables of a grid and starts listening to its edits.
     *
     * @param grid the grid whose cells the tables describe; both sides at most {@link #MAX_SIDE}
     * @throws IllegalArgumentException if a side exceeds {@link #MAX_SIDE}
     */
    public JpsPlusIndex(SquareCells grid) {
        this(grid, null);
    }

    /**
     * An index over a table laid out as {@link JpsPlusLayout} for this grid, taken as it is (a
     * baked store checks its fingerprint first). It listens to the grid's edits unless the table
     * is read-only, in which case the grid must be read-only too.
     *
     * @param grid  the grid the table was derived from; both sides at most {@link #MAX_SIDE}
     * @param table the caller's segment of at least {@code JpsPlusLayout.byteSize(width, height)}
     *              bytes, used in place and never freed
     * @return an index over the caller's table
     * @throws IllegalArgumentException if a side exceeds {@link #MAX_SIDE}, the table is smaller
     *                                  than the layout, or read-only under a writable grid
     */
    public static JpsPlusIndex over(SquareCells grid, MemorySegment table) {
        grid.checkTableOver("JPS+ table", table, JpsPlusLayout.byteSize(grid.width(), grid.height()));
        return new JpsPlusIndex(grid, table);
    }

    private JpsPlusIndex(SquareCells grid, MemorySegment callerTable) {
        this.grid = Objects.requireNonNull(grid, "grid");
        this.width = grid.width();
        this.height = grid.height();
        if (width > MAX_SIDE || height > MAX_SIDE) {
            throw new IllegalArgumentException("grid " + width + " x " + height + " has a side above " + MAX_SIDE
                    + ", the largest JPS+ tables can serve");
        }
        this.walkable = new WalkableCells(grid);
        this.rules = new JumpRules(grid);
        this.rebuildThreshold = Math.max(256, width * height / 64);
        long bytes = JpsPlusLayout.byteSize(width, height);
        if (callerTable == null) {
            this.arena = Arena.ofShared();
            this.table = LargePages.allocate(arena, bytes, 8);
            build();
        } else {
            this.arena = null;
            this.table = callerTable.asSlice(0, bytes);
        }
        if (!table.isReadOnly()) {
            grid.addChangeListener(this);
        }
    }

    /**
     * The grid this index describes and listens to.
     *
     * @return the grid given at construction
     */
    public SquareCells grid() {
        return grid;
    }

    /**
     * The value of {@code cell} in {@code direction}.
     *
     * @param cell      the row-major cell index, 0..cellCount-1
     * @param direction the direction, 0..7 ({@link Direction})
     * @return the signed distance: positive to a jump point, else 0 or negative, its magnitude the
     *         steps before the walk ends
     */
    public int entry(int cell, int direction) {
        return table.get(ENTRY, JpsPlusLayout.offset(cell, direction));
    }

    /**
     * A read-only view of the cell-major table.
     *
     * @return a read-only view of the table, valid until the index is closed
     */
    public MemorySegment table() {
        state.ensureOpen();
        return table.asReadOnly();
    }

    /**
     * The same numbers direction-major, {@code [direction * cellCount + cell]}, as 16-bit
     * little-endian values in a new segment of {@code arena}.
     *
     * @param arena the arena the copy is allocated in; the caller owns it
     * @return a new segment of {@code 8 * cellCount} entries
     */
    public MemorySegment directionMajorCopy(Arena arena) {
        state.ensureOpen();
        int cells = width * height;
        MemorySegment out = arena.allocate((long) cells * JpsPlusLayout.CELL_BYTES, 8);
        for (int d = 0; d < JpsPlusLayout.DIRECTIONS; d++) {
            for (int c = 0; c < cells; c++) {
                out.set(
                        ENTRY,
                        ((long) d * cells + c) * JpsPlusLayout.ENTRY_BYTES,
                        table.get(ENTRY, JpsPlusLayout.offset(c, d)));
            }
        }
        return out;
    }

    /**
     * Edits heard since the last refresh; once a full rebuild is due it stays at the rebuild
     * threshold, max(256, cells / 64), until the next refresh.
     *
     * @return the pending edit count, 0 or more
     */
    public synchronized int pendingEditCount() {
        return rebuildPending ? rebuildThreshold : pending.size();
    }

    @Override
    public synchronized void cellChanged(SquareCells source, int x, int y) {
        if (rebuildPending) {
            return;
        }
        if (pending.size() >= rebuildThreshold) {
            rebuildPending = true;
            pending.clear();
            return;
        }
        pending.add(y * width + x);
    }

    /** A rectangle edit adds its cells to the pending edits, or schedules a full rebuild past the threshold. */
    @Override
    public synchronized void rectChanged(SquareCells source, int x, int y, int w, int h) {
        if (rebuildPending) {
            return;
        }
        if ((long) pending.size() + (long) w * h > rebuildThreshold) {
            rebuildPending = true;
            pending.clear();
            return;
        }
        for (int r = y; r < y + h; r++) {
            for (int c = x; c < x + w; c++) {
                pending.add(r * width + c);
            }
        }
    }

    /** Applies the pending edits, so the tables equal a fresh build of the current cells. */
    public synchronized void refresh() {
        state.ensureOpen();
        if (rebuildPending) {
            rebuildPending = false;
            pending.clear();
            build();
            return;
        }
        if (pending.size() == 0) {
            return;
        }
        signChanged.clear();
        for (int i = 0; i < pending.size(); i++) {
            int cell = pending.get(i);
            int x = cell % width;
            int y = cell / width;
            for (int r = y - 1; r <= y + 1; r++) {
                if (r >= 0 && r < height) {
                    rebuildRow(r, true);
                }
            }
            for (int c = x - 1; c <= x + 1; c++) {
                if (c >= 0 && c < width) {
                    rebuildColumn(c, true);
                }
            }
        }
        for (int i = 0; i < pending.size(); i++) {
            repairDiagonalsAround(pending.get(i));
        }
        for (int i = 0; i < signChanged.size(); i++) {
            repairDiagonalsAround(signChanged.get(i));
        }
        pending.clear();
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            grid.removeChangeListener(this);
            pending.close();
            signChanged.close();
            if (arena != null) {
                arena.close();
            }
        }
    }

    // ---- building ----

    private void build() {
        for (int y = 0; y < height; y++) {
            rebuildRow(y, false);
        }
        for (int x = 0; x < width; x++) {
            rebuildColumn(x, false);
        }
        // Diagonals read the row the step lands in: north-going ones from the top, south-going from the bottom.
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                set(x, y, Direction.NORTH_EAST, diagonalValue(x, y, Direction.NORTH_EAST));
                set(x, y, Direction.NORTH_WEST, diagonalValue(x, y, Direction.NORTH_WEST));
            }
        }
        for (int y = height - 1; y >= 0; y--) {
            for (int x = 0; x < width; x++) {
                set(x, y, Direction.SOUTH_EAST, diagonalValue(x, y, Direction.SOUTH_EAST));
                set(x, y, Direction.SOUTH_WEST, diagonalValue(x, y, Direction.SOUTH_WEST));
            }
        }
    }

    private void rebuildRow(int y, boolean noteSigns) {
        for (int x = width - 1; x >= 0; x--) {
            update(x, y, Direction.EAST, straightValue(x, y, Direction.EAST), noteSigns);
        }
        for (int x = 0; x < width; x++) {
            update(x, y, Direction.WEST, straightValue(x, y, Direction.WEST), noteSigns);
        }
    }

    private void rebuildColumn(int x, boolean noteSigns) {
        for (int y = height - 1; y >= 0; y--) {
            update(x, y, Direction.SOUTH, straightValue(x, y, Direction.SOUTH), noteSigns);
        }
        for (int y = 0; y < height; y++) {
            update(x, y, Direction.NORTH, straightValue(x, y, Direction.NORTH), noteSigns);
        }
    }

    private void update(int x, int y, int direction, int value, boolean noteSigns) {
        if (noteSigns) {
            int old = get(x, y, direction);
            if ((old > 0) != (value > 0)) {
                noteSignChange(y * width + x);
            }
        }
        set(x, y, direction, value);
    }

    /** Recomputes the diagonal entries that read {@code cell}, following each change backwards. */
    private void repairDiagonalsAround(int cell) {
        int x = cell % width;
        int y = cell / width;
        for (int d = Direction.NORTH_EAST; d <= Direction.NORTH_WEST; d++) {
            int dx = Direction.dx(d);
            int dy = Direction.dy(d);
            repairChain(x, y, d);
            repairChain(x - dx, y, d);
            repairChain(x, y - dy, d);
            repairChain(x - dx, y - dy, d);
        }
    }

    private void repairChain(int x, int y, int d) {
        int dx = Direction.dx(d);
        int dy = Direction.dy(d);
        while (x >= 0 && y >= 0 && x < width && y < height) {
            int value = diagonalValue(x, y, d);
            if (value == get(x, y, d)) {
                return;
            }
            set(x, y, d, value);
            x -= dx;
            y -= dy;
        }
    }

    private void noteSignChange(int cell) {
        signChanged.add(cell);
    }

    private int straightValue(int x, int y, int d) {
        if (!walkable.at(x, y)) {
            return 0;
        }
        int qx = x + Direction.dx(d);
        int qy = y + Direction.dy(d);
        if (!walkable.at(qx, qy)) {
            return 0;
        }
        if (rules.hasForcedNeighbour(qx, qy, d)) {
            return 1;
        }
        return chain(get(qx, qy, d));
    }

    private int diagonalValue(int x, int y, int d) {
        int dx = Direction.dx(d);
        int dy = Direction.dy(d);
        if (!walkable.at(x, y) || !walkable.at(x + dx, y) || !walkable.at(x, y + dy) || !walkable.at(x + dx, y + dy)) {
            return 0;
        }
        int qx = x + dx;
        int qy = y + dy;
        if (get(qx, qy, Direction.of(dx, 0)) > 0 || get(qx, qy, Direction.of(0, dy)) > 0) {
            return 1;
        }
        return chain(get(qx, qy, d));
    }

    private static int chain(int v) {
        return v > 0 ? v + 1 : v - 1;
    }

    private int get(int x, int y, int d) {
        return table.get(ENTRY, JpsPlusLayout.offset(y * width + x, d));
    }

    private void set(int x, int y, int d, int value) {
        table.set(ENTRY, JpsPlusLayout.offset(y * width + x, d), (short) value);
    }
}
