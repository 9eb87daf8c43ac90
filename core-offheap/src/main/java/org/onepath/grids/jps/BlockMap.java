package org.onepath.grids.jps;

import static org.onepath.layout.BlockMapLayout.BITS_PER_WORD;
import static org.onepath.layout.BlockMapLayout.BIT_MASK;
import static org.onepath.layout.BlockMapLayout.WORD;
import static org.onepath.layout.BlockMapLayout.WORD_BYTES;
import static org.onepath.layout.BlockMapLayout.WORD_SHIFT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.GridChangeListener;
import org.onepath.cells.SquareCells;
import org.onepath.layout.BlockMapLayout;
import org.onepath.memory.OwnerState;

/**
 * The walkable cells of a grid as bits, by rows and by columns ({@link BlockMapLayout}), for
 * block-based straight scans. It listens to the grid and updates one bit per orientation on every
 * edit, so it always matches the cells. A map it builds owns its memory; one made
 * {@link #over over} a caller's block (a baked store's) reads and updates that block and never
 * frees it. {@link #close()} stops listening and frees what it owns.
 */
public final class BlockMap implements GridChangeListener, AutoCloseable {
    private final SquareCells grid;
    private final int width;
    private final int height;
    private final int rowWords;
    private final int columnWords;
    private final Arena arena;
    private final MemorySegment memory;
    private final MemorySegment rows;
    private final MemorySegment columns;
    private final MemorySegment rowStopForward;
    private final MemorySegment rowStopBackward;
    private final MemorySegment columnStopForward;
    private final MemorySegment columnStopBackward;
    private final OwnerState state = new OwnerState("BlockMap");

    /**
     * Builds the bits of a grid and starts listening to its edits.
     *
     * @param grid the grid whose cells the bits mirror
     */
    public BlockMap(SquareCells grid) {
        this(grid, null, true);
    }

    /**
     * A block map over a block laid out as {@link BlockMapLayout} for this grid, taken as it is
     * (a baked store checks its fingerprint first). It listens to the grid's edits unless the
     * block is read-only, in which case the grid must be read-only too.
     *
     * @param grid  the grid the block was derived from
     * @param block the caller's segment of at least {@code BlockMapLayout.byteSize(width, height)}
     *              bytes, used in place and never freed
     * @return a map over the caller's block
     * @throws IllegalArgumentException if the block is smaller than the layout, or read-only
     *                                  under a writable grid
     */
    public static BlockMap over(SquareCells grid, MemorySegment block) {
        grid.checkTableOver("block map", block, BlockMapLayout.byteSize(grid.width(), grid.height()));
        return new BlockMap(grid, block, false);
    }

    private BlockMap(SquareCells grid, MemorySegment callerBlock, boolean build) {
        this.grid = Objects.requireNonNull(grid, "grid");
        this.width = grid.width();
        this.height = grid.height();
        this.rowWords = BlockMapLayout.wordCount(width);
        this.columnWords = BlockMapLayout.wordCount(height);
        long bytes = BlockMapLayout.byteSize(width, height);
        this.arena = callerBlock == null ? Arena.ofShared() : null;
        this.memory = callerBlock == null ? arena.allocate(bytes, WORD_BYTES) : callerBlock.asSlice(0, bytes);
        this.rows = part(BlockMapLayout.rowsOffset(), BlockMapLayout.rowPartBytes(width, height));
        this.columns = part(BlockMapLayout.columnsOffset(width, height), BlockMapLayout.columnPartBytes(width, height));
        this.rowStopForward = part(BlockMapLayout.rowStopForwardOffset(width, height), rows.byteSize());
        this.rowStopBackward = part(BlockMapLayout.rowStopBackwardOffset(width, height), rows.byteSize());
        this.columnStopForward = part(BlockMapLayout.columnStopForwardOffset(width, height), columns.byteSize());
        this.columnStopBackward = part(BlockMapLayout.columnStopBackwardOffset(width, height), columns.byteSize());
        if (build) {
            WalkableCells walkable = new WalkableCells(grid);
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    if (walkable.at(x, y)) {
                        setBit(x, y, true);
                    }
                }
            }
            for (int y = 0; y < height; y++) {
                computeStops(rows, rowStopForward, rowStopBackward, y, height, rowWords);
            }
            for (int x = 0; x < width; x++) {
                computeStops(columns, columnStopForward, columnStopBackward, x, width, columnWords);
            }
        }
        if (!memory.isReadOnly()) {
            grid.addChangeListener(this);
        }
    }

    private MemorySegment part(long offset, long length) {
        return memory.asSlice(offset, length);
    }

    /**
     * The grid this map mirrors and listens to.
     *
     * @return the grid given at construction
     */
    public SquareCells grid() {
        return grid;
    }

    /**
     * Words per row.
     *
     * @return the number of 64-bit words holding one row, ceil(width / 64)
     */
    public int rowWordCount() {
        return rowWords;
    }

    /**
     * Words per column.
     *
     * @return the number of 64-bit words holding one column, ceil(height / 64)
     */
    public int columnWordCount() {
        return columnWords;
    }

    /**
     * Word {@code k} of row {@code y}; 0 for a row outside the grid (a missing line is blocked).
     *
     * @param y the row; any value
     * @param k the word within the row, 0..rowWordCount-1
     * @return the word, bit i set when cell (64 * k + i, y) is walkable
     */
    public long rowWord(int y, int k) {
        return y < 0 || y >= height ? 0L : rows.get(WORD, ((long) y * rowWords + k) * WORD_BYTES);
    }

    /**
     * Word {@code k} of column {@code x}; 0 for a column outside the grid.
     *
     * @param x the column; any value
     * @param k the word within the column, 0..columnWordCount-1
     * @return the word, bit i set when cell (x, 64 * k + i) is walkable
     */
    public long columnWord(int x, int k) {
        return x < 0 || x >= width ? 0L : columns.get(WORD, ((long) x * columnWords + k) * WORD_BYTES);
    }

    /**
     * Whether the bits say (x, y) is walkable; false outside the grid.
     *
     * @param x the column; any value
     * @param y the row; any value
     * @return whether the cell's bit is set
     */
    public boolean isWalkable(int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height) {
            return false;
        }
        return (rowWord(y, x >>> WORD_SHIFT) >>> (x & BIT_MASK) & 1L) != 0;
    }

    /**
     * A read-only view of the whole block, laid out as {@link BlockMapLayout} (what a store bakes).
     *
     * @return a read-only view of the block, valid until the map is closed
     */
    public MemorySegment block() {
        state.ensureOpen();
        return memory.asReadOnly();
    }

    /**
     * A read-only view of the row bits.
     *
     * @return a read-only view of the row words, valid until the map is closed
     */
    public MemorySegment rows() {
        state.ensureOpen();
        return rows.asReadOnly();
    }

    /**
     * A read-only view of the column bits.
     *
     * @return a read-only view of the column words, valid until the map is closed
     */
    public MemorySegment columns() {
        state.ensureOpen();
        return columns.asReadOnly();
    }

    /**
     * A read-only view of the stop words of scans in a straight direction: east and west scan
     * rows forwards and backwards, south and north columns.
     *
     * @param direction {@link Direction#NORTH}, {@link Direction#EAST}, {@link Direction#SOUTH} or
     *                  {@link Direction#WEST}
     * @return a read-only view of the stop words, valid until the map is closed
     * @throws IllegalArgumentException for a diagonal direction
     */
    public MemorySegment stopWords(int direction) {
        state.ensureOpen();
        MemorySegment words = switch (direction) {
            case Direction.EAST -> rowStopForward;
            case Direction.WEST -> rowStopBackward;
            case Direction.SOUTH -> columnStopForward;
            case Direction.NORTH -> columnStopBackward;
            default ->
                throw new IllegalArgumentException(
                        "stop words exist for the straight directions 0..3, not " + direction);
        };
        return words.asReadOnly();
    }

    /**
     * Straight scan from position {@code from} of a line towards larger ({@code forward}) or
     * smaller positions: the stop word masked to the positions beyond the start, with the goal's
     * bit added when the goal lies on the line; the first set bit is the stop.
     *
     * @param rowsNotColumns scan a row (east/west) or a column (south/north)
     * @param goal           the goal's position on this line, or -1 when it is not on it
     * @return the steps to the stop when it is walkable (a forced neighbour or the goal), else 0
     */
    int scan(boolean rowsNotColumns, int line, int from, int goal, boolean forward) {
        final int words = rowsNotColumns ? rowWords : columnWords;
        final MemorySegment walk = rowsNotColumns ? rows : columns;
        final MemorySegment stops = rowsNotColumns
                ? (forward ? rowStopForward : rowStopBackward)
                : (forward ? columnStopForward : columnStopBackward);
        final long base = (long) line * words;
        if (forward) {
            final int first = from + 1;
            for (int k = first >>> WORD_SHIFT; k < words; k++) {
                long w = stops.get(WORD, (base + k) * WORD_BYTES);
                if (k == first >>> WORD_SHIFT) {
                    w &= -1L << (first & BIT_MASK);
                }
                if (goal > from && goal >>> WORD_SHIFT == k) {
                    w |= 1L << (goal & BIT_MASK);
                }
                if (w != 0) {
                    int pos = (k << WORD_SHIFT) + Long.numberOfTrailingZeros(w);
                    return (walk.get(WORD, (base + k) * WORD_BYTES) >>> (pos & BIT_MASK) & 1L) != 0 ? pos - from : 0;
                }
            }
            return 0;
        }
        final int first = from - 1;
        if (first < 0) {
            return 0;
        }
        for (int k = first >>> WORD_SHIFT; k >= 0; k--) {
            long w = stops.get(WORD, (base + k) * WORD_BYTES);
            if (k == first >>> WORD_SHIFT) {
                w &= -1L >>> (BIT_MASK - (first & BIT_MASK));
            }
            if (goal >= 0 && goal < from && goal >>> WORD_SHIFT == k) {
                w |= 1L << (goal & BIT_MASK);
            }
            if (w != 0) {
                int pos = (k << WORD_SHIFT) + BIT_MASK - Long.numberOfLeadingZeros(w);
                return (walk.get(WORD, (base + k) * WORD_BYTES) >>> (pos & BIT_MASK) & 1L) != 0 ? from - pos : 0;
            }
        }
        return 0;
    }

    @Override
    public void cellChanged(SquareCells source, int x, int y) {
        setBit(x, y, source.isWalkable(x, y));
        for (int r = Math.max(0, y - 1); r <= Math.min(height - 1, y + 1); r++) {
            computeStops(rows, rowStopForward, rowStopBackward, r, height, rowWords);
        }
        for (int c = Math.max(0, x - 1); c <= Math.min(width - 1, x + 1); c++) {
            computeStops(columns, columnStopForward, columnStopBackward, c, width, columnWords);
        }
    }

    /** Stop words of one line from its walk bits and its two neighbouring lines. */
    private static void computeStops(
            MemorySegment walk, MemorySegment forward, MemorySegment backward, int line, int lineCount, int words) {
        for (int k = 0; k < words; k++) {
            long w = word(walk, line, lineCount, words, k);
            long a = word(walk, line - 1, lineCount, words, k);
            long aBefore = word(walk, line - 1, lineCount, words, k - 1);
            long aAfter = word(walk, line - 1, lineCount, words, k + 1);
            long b = word(walk, line + 1, lineCount, words, k);
            long bBefore = word(walk, line + 1, lineCount, words, k - 1);
            long bAfter = word(walk, line + 1, lineCount, words, k + 1);
            long forcedForward =
                    (a & ~((a << 1) | (aBefore >>> BIT_MASK))) | (b & ~((b << 1) | (bBefore >>> BIT_MASK)));
            long forcedBackward = (a & ~((a >>> 1) | (aAfter << BIT_MASK))) | (b & ~((b >>> 1) | (bAfter << BIT_MASK)));
            long offset = ((long) line * words + k) * WORD_BYTES;
            forward.set(WORD, offset, ~w | forcedForward);
            backward.set(WORD, offset, ~w | forcedBackward);
        }
    }

    /** Walk word k of a line; 0 for a line or word outside the map. */
    private static long word(MemorySegment walk, int line, int lineCount, int words, int k) {
        if (line < 0 || line >= lineCount || k < 0 || k >= words) {
            return 0L;
        }
        return walk.get(WORD, ((long) line * words + k) * WORD_BYTES);
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            grid.removeChangeListener(this);
            if (arena != null) {
                arena.close();
            }
        }
    }

    private void setBit(int x, int y, boolean walkable) {
        flip(rows, ((long) y * rowWords + (x >>> WORD_SHIFT)) * WORD_BYTES, x, walkable);
        flip(columns, ((long) x * columnWords + (y >>> WORD_SHIFT)) * WORD_BYTES, y, walkable);
    }

    private static void flip(MemorySegment lines, long offset, int position, boolean on) {
        long bit = 1L << (position % BITS_PER_WORD);
        long word = lines.get(WORD, offset);
        lines.set(WORD, offset, on ? word | bit : word & ~bit);
    }
}
