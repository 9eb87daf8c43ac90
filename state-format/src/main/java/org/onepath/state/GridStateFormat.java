package org.onepath.state;

import java.util.Objects;

/**
 * The Grid state (kind 1) as bytes, without the engine: what any reader of the format (a grid's
 * restore, {@code onepath state inspect}) checks the same way.
 *
 * <pre>
 *  0       8       12      16      20      44            2088
 *  +-------+-------+-------+-------+-------+-------------+------------------------+
 *  |header | width |height |version| Space |   Areas     | cells: width*height u8 |
 *  +-------+-------+-------+-------+-------+-------------+------------------------+
 * </pre>
 * Cells are row-major, one area id each (255 = wall).
 */
public final class GridStateFormat {
    private GridStateFormat() {}

    /** Largest number of cells a grid has, 2^28. */
    public static final int MAX_CELLS = 1 << 28;

    /** Byte offset of the i32 width in cells, from the header's first byte: 8. */
    public static final long WIDTH_OFFSET = StateLayout.HEADER_BYTES;
    /** Byte offset of the i32 height in cells: 12. */
    public static final long HEIGHT_OFFSET = WIDTH_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 grid version, the grid's change counter: 16. */
    public static final long VERSION_OFFSET = HEIGHT_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the space piece ({@link GridSpaceLayout}): 20. */
    public static final long SPACE_OFFSET = VERSION_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the areas piece ({@link AreasLayout}): 44. */
    public static final long AREAS_OFFSET = SPACE_OFFSET + GridSpaceLayout.SPACE_BYTES;
    /** Byte offset of the first cell: 2088. */
    public static final long CELLS_OFFSET = AREAS_OFFSET + AreasLayout.AREAS_BYTES;

    /**
     * A checked Grid state; the cells are {@code width * height} bytes at {@code cellsOffset} of
     * the data read.
     *
     * @param width       the grid's width in cells, &gt;= 1
     * @param height      the grid's height in cells, &gt;= 1, with width * height &lt;= {@link #MAX_CELLS}
     * @param version     the grid's change counter, &gt;= 0
     * @param space       the grid's placement in the world
     * @param areas       the grid's area-cost table
     * @param cellsOffset the offset of the first cell byte in the data read
     */
    public record Head(
            int width, int height, int version, SpacePiece.Grid space, AreasPiece.Areas areas, long cellsOffset) {
        /**
         * The number of cells, and so of cell bytes.
         *
         * @return width * height, 1..{@link #MAX_CELLS}
         */
        public long cellCount() {
            return (long) width * height;
        }
    }

    /**
     * The size of a Grid state, to size a writer or a buffer.
     *
     * @param width  the grid's width in cells, &gt;= 1
     * @param height the grid's height in cells, &gt;= 1
     * @return the state's size in bytes, header and cells included: 2088 + width * height
     */
    public static long length(int width, int height) {
        return CELLS_OFFSET + (long) width * height;
    }

    /**
     * Writes everything before the cells: header, size, version, space and areas. The caller
     * writes the {@code width * height} cell bytes next, row-major.
     *
     * @param w       where the bytes go, at its current position (the start of the state)
     * @param width   the grid's width in cells; not checked here, the reader requires &gt;= 1
     * @param height  the grid's height in cells; not checked here, the reader requires &gt;= 1
     *                and width * height &lt;= {@link #MAX_CELLS}
     * @param version the grid's change counter; not checked here, the reader requires &gt;= 0
     * @param space   the grid's placement in the world
     * @param areas   the grid's area-cost table
     * @throws NullPointerException     if {@code w}, {@code space} or {@code areas} is null
     * @throws IllegalArgumentException if the space or the areas break their pieces' rules
     */
    public static void writeHead(
            StateWriter w, int width, int height, int version, SpacePiece.Grid space, AreasPiece.Areas areas) {
        w.header(StateKind.GRID).i32(width).i32(height).i32(version);
        SpacePiece.writeGrid(w, space);
        AreasPiece.write(w, areas);
    }

    /**
     * Reads and checks a whole Grid state from the start of the reader's data: the header, sides
     * of at least 1 with at most {@link #MAX_CELLS} cells, a version &gt;= 0, the pieces, and
     * exactly {@code width * height} cell bytes after them.
     *
     * @param r the bytes, positioned at the header (offset 0); it is left at the end
     * @return the checked head, with the offset of the cells
     * @throws NullPointerException   if {@code r} is null
     * @throws OnePathFormatException (the reader's subtype) naming the first field that breaks a
     *                                rule, too few cell bytes, or trailing bytes
     */
    public static Head read(StateReader r) {
        Objects.requireNonNull(r, "r");
        r.header(StateKind.GRID);
        int w = r.i32InRange("width", 1, MAX_CELLS);
        int h = r.i32InRange("height", 1, MAX_CELLS);
        if ((long) w * h > MAX_CELLS) {
            throw r.error("height", h, "at most " + (MAX_CELLS / w) + " (width * height <= 2^28)", HEIGHT_OFFSET);
        }
        int version = r.i32InRange("version", 0, Integer.MAX_VALUE);
        SpacePiece.Grid space = SpacePiece.readGrid(r);
        AreasPiece.Areas areas = AreasPiece.read(r);
        long cellCount = (long) w * h;
        long cellsAt = r.offset();
        if (r.remaining() < cellCount) {
            throw r.error(
                    "cells",
                    r.remaining() + " bytes",
                    cellCount + " bytes (width " + w + " * height " + h + ")",
                    cellsAt);
        }
        r.skip("cells", cellCount);
        r.expectEnd();
        return new Head(w, h, version, space, areas, cellsAt);
    }
}
