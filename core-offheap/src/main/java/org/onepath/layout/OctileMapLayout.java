package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of {@code OctileMap}: a neighbour byte per cell and the successor table of the jump
 * point searches.
 *
 * <p>Neighbour bytes: one u8 per cell, row-major ({@code y * width + x}). Bit d is set when the
 * neighbour in direction d (the normative order of {@link org.onepath.grids.jps.Direction}) lies
 * inside the grid and is walkable:
 * <pre>
 *  bit   7    6    5    4    3    2    1    0
 *      +----+----+----+----+----+----+----+----+
 *      | NW | SW | SE | NE | W  | S  | E  | N  |
 *      +----+----+----+----+----+----+----+----+
 * </pre>
 * A straight step in direction d is legal when bit d is set; a diagonal step when the byte holds
 * the diagonal and both its straight components ({@link #stepNeed}), the rule without corner
 * cutting.
 *
 * <p>Successor table: {@code 9 x 256} u8, row r (0..7 the arrival direction, 8 the start) and
 * column n (a neighbour byte) at offset {@code r * 256 + n}. The entry is the mask of directions
 * the pruning rules search from a node with that arrival and neighbour byte, less the directions
 * whose first step is illegal (a jump that way finds nothing, so leaving it out changes no result):
 * <pre>
 *  0        256      512            2048     2304
 *  +--------+--------+----- ... ----+--------+
 *  | N      | E      |              | start  |     one byte per neighbour byte
 *  +--------+--------+----- ... ----+--------+
 * </pre>
 */
public final class OctileMapLayout {
    private OctileMapLayout() {}

    public static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

    /** Bytes per cell of the neighbour part. */
    public static final long NEIGHBOUR_BYTES = 1;

    /** Row of the successor table used for the start, which searches all eight directions. */
    public static final int START_ROW = 8;

    public static final int SUCCESSOR_ROWS = 9;
    public static final int SUCCESSOR_ROW_BYTES = 256;
    public static final long SUCCESSOR_TABLE_BYTES = (long) SUCCESSOR_ROWS * SUCCESSOR_ROW_BYTES;

    /**
     * Version of the rule that derives the neighbour bytes from the cells; a baked table carries
     * it in its fingerprint, so a change here refuses old bakes.
     */
    public static final int DERIVATION_VERSION = 1;

    /** Neighbour bits a step in direction d needs: its own bit, and for a diagonal both components. */
    public static int stepNeed(int d) {
        return switch (d) {
            case 4 -> 1 << 4 | 1 | 1 << 1;
            case 5 -> 1 << 5 | 1 << 2 | 1 << 1;
            case 6 -> 1 << 6 | 1 << 2 | 1 << 3;
            case 7 -> 1 << 7 | 1 | 1 << 3;
            default -> 1 << d;
        };
    }

    /** Offset of a row-major cell's neighbour byte. */
    public static long neighbourOffset(int cell) {
        return cell * NEIGHBOUR_BYTES;
    }

    /** Bytes of the neighbour part of a {@code width x height} grid. */
    public static long neighbourBytes(int width, int height) {
        return (long) width * height * NEIGHBOUR_BYTES;
    }

    /** Offset of the successor entry for an arrival row and a neighbour byte. */
    public static long successorOffset(int row, int neighbours) {
        return (long) row * SUCCESSOR_ROW_BYTES + (neighbours & 0xFF);
    }
}
