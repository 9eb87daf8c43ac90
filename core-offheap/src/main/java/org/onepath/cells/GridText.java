package org.onepath.cells;

import java.lang.foreign.MemorySegment;

/**
 * The picture format of {@code Grid.fromText} and {@code HexGrid.fromText}: one text line per
 * row, {@code .} open (area 0), {@code #} wall, {@code 1}-{@code 9} that area.
 */
public final class GridText {
    private GridText() {}

    /**
     * A checked picture: its size and its rows, every character a valid cell.
     *
     * @param width  the number of columns, the length of every row
     * @param height the number of rows, at least 1
     * @param rows   the lines of the picture, top first, without line breaks
     */
    public record Picture(int width, int height, String[] rows) {
        /**
         * Writes the area ids into {@code cells}, row-major, {@code width} bytes a row.
         *
         * @param cells a segment of at least {@code width * height} bytes, written from offset 0
         */
        public void fill(MemorySegment cells) {
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    cells.set(GridCellsLayout.CELL, (long) y * width + x, (byte) areaOf(rows[y].charAt(x), y, x));
                }
            }
        }
    }

    /**
     * Reads and checks a picture. Lines end with LF or CRLF; one final line break is allowed.
     *
     * @param picture the text, one line per row
     * @return the checked picture
     * @throws GridFormatException naming the line and column of a bad character or a ragged row
     */
    public static Picture read(String picture) {
        if (picture == null) {
            throw new NullPointerException("picture");
        }
        String text = picture.endsWith("\n") ? picture.substring(0, picture.length() - 1) : picture;
        String[] lines = text.split("\n", -1);
        int height = lines.length;
        for (int i = 0; i < height; i++) {
            if (lines[i].endsWith("\r")) {
                lines[i] = lines[i].substring(0, lines[i].length() - 1);
            }
        }
        int width = lines[0].length();
        if (width == 0) {
            throw new GridFormatException("text", 1, "empty row; expected at least one of . # 1-9");
        }
        for (int y = 0; y < height; y++) {
            if (lines[y].length() != width) {
                throw new GridFormatException(
                        "text", y + 1, "row has " + lines[y].length() + " cells, expected " + width);
            }
            for (int x = 0; x < width; x++) {
                areaOf(lines[y].charAt(x), y, x);
            }
        }
        return new Picture(width, height, lines);
    }

    private static int areaOf(char c, int y, int x) {
        if (c == '.') {
            return 0;
        }
        if (c == '#') {
            return AreaCosts.WALL;
        }
        if (c >= '1' && c <= '9') {
            return c - '0';
        }
        throw new GridFormatException(
                "text", y + 1, "column " + (x + 1) + ": unexpected '" + c + "', expected . # or 1-9");
    }
}
