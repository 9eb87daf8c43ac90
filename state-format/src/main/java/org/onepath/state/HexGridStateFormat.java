package org.onepath.state;

import java.util.Objects;

/**
 * The HexGrid state (kind 2) as bytes, without the engine: what any reader of the format (a hex
 * grid's restore, {@code onepath state inspect}) checks the same way.
 *
 * <pre>
 *  0       8       12      16      20      24      48            2092
 *  +-------+-------+-------+-------+-------+-------+-------------+------------------------+
 *  |header | width |height |layout |version| Space |   Areas     | cells: width*height u8 |
 *  +-------+-------+-------+-------+-------+-------+-------------+------------------------+
 * </pre>
 * Cells are the offset array row-major ({@code row * width + col}), one area id each (255 = wall).
 * The layout is one of the {@link #LAYOUT_COUNT} codes the engine fixes ({@code HexLayout.code()}:
 * 0 pointy odd row, 1 pointy even row, 2 flat odd column, 3 flat even column); see
 * {@code docs/formats/state-v1.md}.
 */
public final class HexGridStateFormat {
    private HexGridStateFormat() {}

    /** Largest number of cells a hex grid has, 2^28 (as a square grid). */
    public static final int MAX_CELLS = GridStateFormat.MAX_CELLS;
    /** Layout codes are 0..LAYOUT_COUNT-1. */
    public static final int LAYOUT_COUNT = 4;
    /** Names of the layout codes, indexed by code, for messages and reports. */
    private static final String[] LAYOUT_NAMES = {
        "pointy odd row", "pointy even row", "flat odd column", "flat even column"
    };

    /** Byte offset of the i32 width in cells (columns of the offset array): 8. */
    public static final long WIDTH_OFFSET = StateLayout.HEADER_BYTES;
    /** Byte offset of the i32 height in cells (rows of the offset array): 12. */
    public static final long HEIGHT_OFFSET = WIDTH_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 layout code, 0..3: 16. */
    public static final long LAYOUT_OFFSET = HEIGHT_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 grid version, the grid's change counter: 20. */
    public static final long VERSION_OFFSET = LAYOUT_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the space piece ({@link GridSpaceLayout}): 24. */
    public static final long SPACE_OFFSET = VERSION_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the areas piece ({@link AreasLayout}): 48. */
    public static final long AREAS_OFFSET = SPACE_OFFSET + GridSpaceLayout.SPACE_BYTES;
    /** Byte offset of the first cell: 2092. */
    public static final long CELLS_OFFSET = AREAS_OFFSET + AreasLayout.AREAS_BYTES;

    /**
     * A checked HexGrid state; the cells are {@code width * height} bytes at {@code cellsOffset}
     * of the data read.
     *
     * @param width       the grid's width in cells, &gt;= 1
     * @param height      the grid's height in cells, &gt;= 1, with width * height &lt;= {@link #MAX_CELLS}
     * @param layout      the layout code, 0..{@link #LAYOUT_COUNT}-1 (see {@link #layoutName(int)})
     * @param version     the grid's change counter, &gt;= 0
     * @param space       the grid's placement in the world
     * @param areas       the grid's area-cost table
     * @param cellsOffset the offset of the first cell byte in the data read
     */
    public record Head(
            int width,
            int height,
            int layout,
            int version,
            SpacePiece.Grid space,
            AreasPiece.Areas areas,
            long cellsOffset) {
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
     * The name of a layout code, for messages and reports.
     *
     * @param code a layout code; any int is accepted
     * @return {@code "pointy odd row"}, {@code "pointy even row"}, {@code "flat odd column"} or
     *         {@code "flat even column"} for codes 0..3, {@code "unknown"} otherwise
     */
    public static String layoutName(int code) {
        return code >= 0 && code < LAYOUT_COUNT ? LAYOUT_NAMES[code] : "unknown";
    }

    /**
     * The size of a HexGrid state, to size a writer or a buffer.
     *
     * @param width  the grid's width in cells, &gt;= 1
     * @param height the grid's height in cells, &gt;= 1
     * @return the state's size in bytes, header and cells included: 2092 + width * height
     */
    public static long length(int width, int height) {
        return CELLS_OFFSET + (long) width * height;
    }

    /**
     * Writes everything before the cells: header, size, layout, version, space and areas. The
     * caller writes the {@code width * height} cell bytes next, row-major.
     *
     * @param w       where the bytes go, at its current position (the start of the state)
     * @param width   the grid's width in cells; not checked here, the reader requires &gt;= 1
     * @param height  the grid's height in cells; not checked here, the reader requires &gt;= 1
     *                and width * height &lt;= {@link #MAX_CELLS}
     * @param layout  the layout code, 0..3
     * @param version the grid's change counter; not checked here, the reader requires &gt;= 0
     * @param space   the grid's placement in the world
     * @param areas   the grid's area-cost table
     * @throws NullPointerException     if {@code w}, {@code space} or {@code areas} is null
     * @throws IllegalArgumentException if the layout code is outside 0..3 (a reader would reject
     *                                  it), or the space or the areas break their pieces' rules
     */
    public static void writeHead(
            StateWriter w,
            int width,
            int height,
            int layout,
            int version,
            SpacePiece.Grid space,
            AreasPiece.Areas areas) {
        Objects.requireNonNull(w, "w");
        if (layout < 0 || layout >= LAYOUT_COUNT) {
            throw new IllegalArgumentException("hex layout code " + layout + " is outside 0.." + (LAYOUT_COUNT - 1));
        }
        w.header(StateKind.HEX_GRID).i32(width).i32(height).i32(layout).i32(version);
        SpacePiece.writeGrid(w, space);
        AreasPiece.write(w, areas);
    }

    /**
     * Reads and checks a whole HexGrid state from the start of the reader's data: the header,
     * sides of at least 1 with at most {@link #MAX_CELLS} cells, a layout code 0..3, a version
     * &gt;= 0, the pieces, and exactly {@code width * height} cell bytes after them.
     *
     * @param r the bytes, positioned at the header (offset 0); it is left at the end
     * @return the checked head, with the offset of the cells
     * @throws NullPointerException   if {@code r} is null
     * @throws OnePathFormatException (the reader's subtype) naming the first field that breaks a
     *                                rule, too few cell bytes, or trailing bytes
     */
    public static Head read(StateReader r) {
        Objects.requireNonNull(r, "r");
        r.header(StateKind.HEX_GRID);
        int w = r.i32InRange("width", 1, MAX_CELLS);
        int h = r.i32InRange("height", 1, MAX_CELLS);
        if ((long) w * h > MAX_CELLS) {
            throw r.error("height", h, "at most " + (MAX_CELLS / w) + " (width * height <= 2^28)", HEIGHT_OFFSET);
        }
        long layoutAt = r.offset();
        int layout = r.i32("layout");
        if (layout < 0 || layout >= LAYOUT_COUNT) {
            throw r.error(
                    "layout",
                    layout,
                    "0..3 (pointy odd row, pointy even row, flat odd column, flat even column)",
                    layoutAt);
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
        return new Head(w, h, layout, version, space, areas, cellsAt);
    }
}
