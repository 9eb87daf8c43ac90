package org.onepath.cells;

import java.lang.foreign.ValueLayout;

/**
 * Layout of a square grid's cells (and of its clearance, which has the same shape): one byte
 * per cell, row-major, {@code offset = y * width + x}.
 *
 * <pre>
 *  row 0                          row 1
 *  +------+------+-----+--------+------+-----
 *  | (0,0)| (1,0)| ... | (w-1,0)| (0,1)| ...        u8 each
 *  +------+------+-----+--------+------+-----
 * </pre>
 * A cell byte is an area id: 0..254 walkable, {@link #WALL} (255) a wall. A clearance byte is the
 * side of the largest walkable square with that cell as its top-left corner, 0..255. The
 * snapshot format stores the cells in exactly this order.
 *
 * <p>A {@link HexCells}' offset array has the same layout, with x the column and y the row of the
 * offset cell (snapshot kind 2 stores it in the same order).
 */
public final class GridCellsLayout {
    private GridCellsLayout() {}

    /** Bytes per cell: one. */
    public static final long CELL_BYTES = 1;
    /** The value layout of one cell (or clearance) byte, read unsigned by masking with 0xFF. */
    public static final ValueLayout.OfByte CELL = ValueLayout.JAVA_BYTE;
    /** The wall area id. */
    public static final int WALL = 255;
    /** The wall as a signed byte, for comparisons with a raw read. */
    public static final byte WALL_BYTE = (byte) WALL;

    /**
     * Version of the clearance rule (the class comment of {@link SquareCells#maxAgentSizeAt}). A baked
     * clearance table carries it in its fingerprint, so a change here refuses old bakes.
     */
    public static final int CLEARANCE_DERIVATION_VERSION = 1;

    /**
     * Byte offset of cell (x, y) in a grid {@code width} cells wide.
     *
     * @param x     the column, 0..width-1
     * @param y     the row, 0..height-1
     * @param width the grid's width in cells, at least 1
     * @return {@code y * width + x}, in bytes
     */
    public static long offset(int x, int y, int width) {
        return (long) y * width + x;
    }
}
