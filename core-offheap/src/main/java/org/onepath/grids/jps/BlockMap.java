package org.onepath.grids.jps;

import static org.onepath.grids.jps.BlockMapLayout.BITS_PER_WORD;
import static org.onepath.grids.jps.BlockMapLayout.WORD;
import static org.onepath.grids.jps.BlockMapLayout.WORD_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.Grid;
import org.onepath.GridChangeListener;
import org.onepath.memory.OwnerState;

/**
 * The walkable cells of a grid as bits, by rows and by columns ({@link BlockMapLayout}), for
 * block-based straight scans. It listens to the grid and updates one bit per orientation on every
 * edit, so it always matches the cells. Owns its memory; {@link #close()} frees it and stops
 * listening.
 */
public final class BlockMap implements GridChangeListener, AutoCloseable {
    private final Grid grid;
    private final int width;
    private final int height;
    private final int rowWords;
    private final int columnWords;
    private final Arena arena;
    private final MemorySegment rows;
    private final MemorySegment columns;
    private final OwnerState state = new OwnerState("BlockMap");

    public BlockMap(Grid grid) {
        this.grid = Objects.requireNonNull(grid, "grid");
        this.width = grid.width();
        this.height = grid.height();
        this.rowWords = BlockMapLayout.wordCount(width);
        this.columnWords = BlockMapLayout.wordCount(height);
        this.arena = Arena.ofShared();
        this.rows = arena.allocate((long) height * rowWords * WORD_BYTES, WORD_BYTES);
        this.columns = arena.allocate((long) width * columnWords * WORD_BYTES, WORD_BYTES);
        WalkableCells walkable = new WalkableCells(grid);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (walkable.at(x, y)) {
                    setBit(x, y, true);
                }
            }
        }
        grid.addChangeListener(this);
    }

    public Grid grid() {
        return grid;
    }

    /** Words per row. */
    public int rowWordCount() {
        return rowWords;
    }

    /** Words per column. */
    public int columnWordCount() {
        return columnWords;
    }

    /** Word {@code k} of row {@code y}; 0 for a row outside the grid (a missing line is blocked). */
    public long rowWord(int y, int k) {
        return y < 0 || y >= height ? 0L : rows.get(WORD, ((long) y * rowWords + k) * WORD_BYTES);
    }

    /** Word {@code k} of column {@code x}; 0 for a column outside the grid. */
    public long columnWord(int x, int k) {
        return x < 0 || x >= width ? 0L : columns.get(WORD, ((long) x * columnWords + k) * WORD_BYTES);
    }

    /** Whether the bits say (x, y) is walkable; false outside the grid. */
    public boolean isWalkable(int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height) {
            return false;
        }
        return (rowWord(y, x >>> 6) >>> (x & 63) & 1L) != 0;
    }

    /** A read-only view of the row bits. */
    public MemorySegment rows() {
        state.ensureOpen();
        return rows.asReadOnly();
    }

    /** A read-only view of the column bits. */
    public MemorySegment columns() {
        state.ensureOpen();
        return columns.asReadOnly();
    }

    @Override
    public void cellChanged(Grid source, int x, int y) {
        setBit(x, y, source.isWalkable(x, y));
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            grid.removeChangeListener(this);
            arena.close();
        }
    }

    private void setBit(int x, int y, boolean walkable) {
        flip(rows, ((long) y * rowWords + (x >>> 6)) * WORD_BYTES, x, walkable);
        flip(columns, ((long) x * columnWords + (y >>> 6)) * WORD_BYTES, y, walkable);
    }

    private static void flip(MemorySegment lines, long offset, int position, boolean on) {
        long bit = 1L << (position % BITS_PER_WORD);
        long word = lines.get(WORD, offset);
        lines.set(WORD, offset, on ? word | bit : word & ~bit);
    }
}
