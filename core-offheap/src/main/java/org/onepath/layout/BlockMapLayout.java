package org.onepath.layout;

import java.lang.foreign.ValueLayout;
import org.onepath.state.LittleEndian;

/**
 * Layout of {@code BlockMap}: the walkable cells as bits, once by rows and once by columns.
 *
 * <p>A line (a row, or a column) is {@code wordCount = ceil(length / 64)} little-endian u64
 * words; bit i of word k is position {@code 64k + i} along the line (x in a row, y in a column),
 * set when that cell is walkable. Positions past the line end are 0 (blocked).
 * <pre>
 *  rows:    row 0: word 0 | word 1 | ... | row 1: word 0 | ...     (height * rowWords * 8 bytes)
 *  columns: col 0: word 0 | word 1 | ... | col 1: word 0 | ...     (width * columnWords * 8 bytes)
 *
 *  one word, bit 63 .............................................. bit 0
 *           +--------------------------------------------------------+
 *           | position 64k+63                          position 64k  |
 *           +--------------------------------------------------------+
 * </pre>
 * Together the two copies take {@code cells / 4} bytes, rounded up per line.
 *
 * <p>Four stop arrays in the same layout make a straight scan one word read per 64 cells: bit p
 * of a line is set when a scan along that line in that direction stops at position p, that is when
 * the cell is a wall ({@code ~walkable}; positions past the end count) or has a forced neighbour
 * ({@code side[p] & ~side[p - 1]} forwards, {@code side[p] & ~side[p + 1]} backwards, for the two
 * neighbouring lines, a missing line or position counting as blocked):
 * <pre>
 *  rowStopForward   (east)    rowStopBackward    (west)     height * rowWords words each
 *  columnStopForward (south)  columnStopBackward (north)    width * columnWords words each
 * </pre>
 * An edit recomputes the stop words of the three lines around it in each orientation.
 *
 * <p>The six parts lie back to back in one block of memory, each starting on a word, in this
 * order; a baked store holds the same block byte for byte:
 * <pre>
 *  0                 R                 R+C            2R+C           3R+C        3R+2C       3R+3C
 *  +-----------------+-----------------+--------------+--------------+-----------+-----------+
 *  | rows            | columns         | rowStop fwd  | rowStop bwd  | colStop f | colStop b |
 *  +-----------------+-----------------+--------------+--------------+-----------+-----------+
 *  R = height * rowWords * 8 bytes, C = width * columnWords * 8 bytes
 * </pre>
 */
public final class BlockMapLayout {
    private BlockMapLayout() {}

    /** log2 of {@link #BITS_PER_WORD}: position p lies in word {@code p >>> WORD_SHIFT}. */
    public static final int WORD_SHIFT = 6;

    public static final int BITS_PER_WORD = 1 << WORD_SHIFT;
    /**
     * Mask of a position's bit within its word ({@code p & BIT_MASK}); also the number of a
     * word's top bit, which a scan or a stop rule carries across the word boundary.
     */
    public static final int BIT_MASK = BITS_PER_WORD - 1;

    public static final long WORD_BYTES = 8;
    public static final ValueLayout.OfLong WORD = LittleEndian.LONG;

    /**
     * Version of the rules that derive this block from the cells (walkable bits and the stop
     * rule above). A baked table carries it in its fingerprint, so a change here refuses old bakes.
     */
    public static final int DERIVATION_VERSION = 1;

    /** Bytes of the row part (and of each row stop array). */
    public static long rowPartBytes(int width, int height) {
        return (long) height * wordCount(width) * WORD_BYTES;
    }

    /** Bytes of the column part (and of each column stop array). */
    public static long columnPartBytes(int width, int height) {
        return (long) width * wordCount(height) * WORD_BYTES;
    }

    public static long rowsOffset() {
        return 0;
    }

    public static long columnsOffset(int width, int height) {
        return rowPartBytes(width, height);
    }

    public static long rowStopForwardOffset(int width, int height) {
        return columnsOffset(width, height) + columnPartBytes(width, height);
    }

    public static long rowStopBackwardOffset(int width, int height) {
        return rowStopForwardOffset(width, height) + rowPartBytes(width, height);
    }

    public static long columnStopForwardOffset(int width, int height) {
        return rowStopBackwardOffset(width, height) + rowPartBytes(width, height);
    }

    public static long columnStopBackwardOffset(int width, int height) {
        return columnStopForwardOffset(width, height) + columnPartBytes(width, height);
    }

    /** Bytes of the whole block of a {@code width x height} grid. */
    public static long byteSize(int width, int height) {
        return 3 * (rowPartBytes(width, height) + columnPartBytes(width, height));
    }

    /** Words of a line of {@code length} positions. */
    public static int wordCount(int length) {
        return (length + BITS_PER_WORD - 1) / BITS_PER_WORD;
    }
}
