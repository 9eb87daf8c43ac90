package org.onepath.layout;

import java.lang.foreign.ValueLayout;
import org.onepath.state.LittleEndian;

/**
 * Layout of the {@code JpsPlusIndex} table: per cell and direction one signed 16-bit
 * little-endian value, cell-major, so the eight values of a cell share a cache line.
 * <pre>
 *  entry offset = (cell * 8 + direction) * 2
 *
 *  0     2     4     6     8     10    12    14    16
 *  +-----+-----+-----+-----+-----+-----+-----+-----+
 *  |  N  |  E  |  S  |  W  | NE  | SE  | SW  | NW  |   one cell, 16 bytes
 *  +-----+-----+-----+-----+-----+-----+-----+-----+
 * </pre>
 * Cells are row-major. A value d &gt; 0 says the next jump point is d steps away; d &lt;= 0 says
 * there is none before a wall and -d walkable cells (legal steps) lie before it. A wall cell holds
 * eight zeros. This is the byte layout a baked store maps from disk.
 */
public final class JpsPlusLayout {
    /** Largest grid side the 16-bit entries can serve (a distance fits an i16 with room for the sign). */
    public static final int MAX_SIDE = 32766;

    private JpsPlusLayout() {}

    public static final int DIRECTIONS = 8;
    public static final long ENTRY_BYTES = 2;
    public static final long CELL_BYTES = DIRECTIONS * ENTRY_BYTES;
    public static final ValueLayout.OfShort ENTRY = LittleEndian.SHORT;

    /**
     * Version of the rules that derive the table from the cells (the class comment of
     * {@code JpsPlusIndex}). A baked table carries it in its fingerprint, so a change here
     * refuses old bakes.
     */
    public static final int DERIVATION_VERSION = 1;

    /** Bytes of the table of a {@code width x height} grid. */
    public static long byteSize(int width, int height) {
        return (long) width * height * CELL_BYTES;
    }

    /** Byte offset of the entry of {@code cell} in {@code direction}. */
    public static long offset(int cell, int direction) {
        return ((long) cell * DIRECTIONS + direction) * ENTRY_BYTES;
    }
}
