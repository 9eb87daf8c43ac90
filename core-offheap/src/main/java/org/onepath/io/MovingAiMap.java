package org.onepath.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.onepath.Grid;
import org.onepath.cells.GridCellsLayout;
import org.onepath.cells.GridFormatException;

/**
 * A parsed Moving AI {@code .map} file: a header ({@code type}, {@code height}, {@code width},
 * then {@code map}) and {@code height} rows of {@code width} characters. Rows may end with LF or
 * CRLF; header fields are separated by spaces or tabs and the sides are ASCII digits (the rules
 * of {@link TextFields}). Every character is checked when the file is parsed, so {@link #toGrid()} cannot fail.
 *
 * <p>Sizes are bounded (1..65536 per side, at most 2^28 cells), and the rows must be present in
 * the file before any grid memory is allocated.
 */
public final class MovingAiMap {
    /** Largest side accepted. */
    public static final int MAX_SIDE = 65536;

    private final String source;
    private final String type;
    private final int width;
    private final int height;
    private final byte[] content;
    private final int[] rowOffsets;

    private MovingAiMap(String source, String type, int width, int height, byte[] content, int[] rowOffsets) {
        this.source = source;
        this.type = type;
        this.width = width;
        this.height = height;
        this.content = content;
        this.rowOffsets = rowOffsets;
    }

    /**
     * Reads and parses a map file.
     *
     * @param file the {@code .map} file; read whole into memory
     * @return the parsed map, named by the file's path in messages
     * @throws NullPointerException if {@code file} is null
     * @throws GridFormatException  naming the file and line of malformed input
     * @throws UncheckedIOException when the file cannot be read
     */
    public static MovingAiMap read(Path file) {
        Objects.requireNonNull(file, "file");
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read map " + file + ": " + e.getMessage(), e);
        }
        return parse(file.toString(), bytes);
    }

    /**
     * Parses map text.
     *
     * @param source  name used in error messages
     * @param content the bytes of a {@code .map} file; kept by the map, not copied, so do not
     *                change them afterwards
     * @return the parsed map
     * @throws NullPointerException if an argument is null
     * @throws GridFormatException naming the source and line of malformed input
     */
    public static MovingAiMap parse(String source, byte[] content) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(content, "content");
        LineReader lines = new LineReader(content);
        String type = null;
        int width = -1;
        int height = -1;
        while (true) {
            if (!lines.next()) {
                throw new GridFormatException(
                        source, Math.max(1, lines.number()), "file ends in the header; expected a line 'map'");
            }
            String line = TextFields.trim(lines.text());
            if (line.isEmpty()) {
                continue;
            }
            String[] parts = TextFields.fields(line);
            String key = parts[0];
            if (key.equals("map") && parts.length == 1) {
                break;
            }
            if (parts.length != 2) {
                throw new GridFormatException(
                        source,
                        lines.number(),
                        "unexpected header line '" + MovingAiText.abbreviate(line)
                                + "'; expected 'type T', 'height H', 'width W' or 'map'");
            }
            switch (key) {
                case "type" -> {
                    if (type != null) {
                        throw new GridFormatException(source, lines.number(), "second 'type' line");
                    }
                    type = parts[1];
                }
                case "height" -> {
                    if (height >= 0) {
                        throw new GridFormatException(source, lines.number(), "second 'height' line");
                    }
                    height = parseSide(source, lines.number(), "height", parts[1]);
                }
                case "width" -> {
                    if (width >= 0) {
                        throw new GridFormatException(source, lines.number(), "second 'width' line");
                    }
                    width = parseSide(source, lines.number(), "width", parts[1]);
                }
                default ->
                    throw new GridFormatException(
                            source,
                            lines.number(),
                            "unexpected header field '" + MovingAiText.abbreviate(key)
                                    + "'; expected type, height, width or map");
            }
        }
        if (type == null || width < 0 || height < 0) {
            throw new GridFormatException(
                    source,
                    lines.number(),
                    "header before 'map' lacks " + (type == null ? "'type'" : width < 0 ? "'width'" : "'height'"));
        }
        if ((long) width * height > Grid.MAX_CELLS) {
            throw new GridFormatException(
                    source,
                    lines.number(),
                    "map size " + width + " x " + height + " exceeds " + Grid.MAX_CELLS + " cells");
        }
        // Grows with the rows read: a header announcing many rows allocates nothing until they are there.
        int[] rowOffsets = new int[Math.min(height, 256)];
        for (int y = 0; y < height; y++) {
            if (!lines.next()) {
                throw new GridFormatException(
                        source, lines.number(), "file ends after " + y + " of " + height + " map rows");
            }
            if (lines.length() != width) {
                throw new GridFormatException(
                        source,
                        lines.number(),
                        "map row " + y + " has " + lines.length() + " characters, expected " + width);
            }
            int start = lines.start();
            for (int x = 0; x < width; x++) {
                byte c = content[start + x];
                if (!isMapChar(c)) {
                    throw new GridFormatException(
                            source,
                            lines.number(),
                            "column " + (x + 1) + ": unexpected character '" + printable(c)
                                    + "', expected one of . G S @ O T W");
                }
            }
            if (y == rowOffsets.length) {
                rowOffsets = java.util.Arrays.copyOf(rowOffsets, Math.min(height, 2 * y));
            }
            rowOffsets[y] = start;
        }
        while (lines.next()) {
            if (!TextFields.trim(lines.text()).isEmpty()) {
                throw new GridFormatException(source, lines.number(), "text after the " + height + " map rows");
            }
        }
        return new MovingAiMap(source, type, width, height, content, rowOffsets);
    }

    /**
     * Where the map came from.
     *
     * @return the file's path, or the name given to {@link #parse}
     */
    public String source() {
        return source;
    }

    /**
     * The header's type, not interpreted.
     *
     * @return the type word, normally {@code octile}
     */
    public String type() {
        return type;
    }

    /**
     * The map's width.
     *
     * @return the number of columns, 1..{@link #MAX_SIDE}
     */
    public int width() {
        return width;
    }

    /**
     * The map's height.
     *
     * @return the number of rows, 1..{@link #MAX_SIDE}
     */
    public int height() {
        return height;
    }

    /**
     * The map in canonical text: {@code type}, {@code height}, {@code width} and {@code map} lines,
     * then the rows, each line ending with LF. {@link #parse} reads it back to an equal map.
     *
     * @return the text, about {@code (width + 1) * height} characters
     */
    public String toText() {
        StringBuilder s = new StringBuilder((width + 1) * height + 64);
        s.append("type ").append(type).append('\n');
        s.append("height ").append(height).append('\n');
        s.append("width ").append(width).append('\n');
        s.append("map\n");
        for (int y = 0; y < height; y++) {
            s.append(new String(content, rowOffsets[y], width, java.nio.charset.StandardCharsets.ISO_8859_1))
                    .append('\n');
        }
        return s.toString();
    }

    /**
     * The character of one cell as the file has it.
     *
     * @param x the column, 0..width-1
     * @param y the row, 0..height-1, row 0 being the file's first map row
     * @return one of {@code . G S @ O T W}
     * @throws IndexOutOfBoundsException if the cell is outside the map
     */
    public char charAt(int x, int y) {
        Objects.checkIndex(x, width);
        Objects.checkIndex(y, height);
        return (char) content[rowOffsets[y] + x];
    }

    /**
     * A new grid with {@link MovingAiOptions#DEFAULT}; the caller closes it.
     *
     * @return a new grid of the map's size, as {@link #toGrid(MovingAiOptions)} makes it
     */
    public Grid toGrid() {
        return toGrid(MovingAiOptions.DEFAULT);
    }

    /**
     * A new grid; the caller closes it. {@code .} and {@code G} become area 0, {@code S} and
     * {@code W} area 0 or a wall as the options say, and every other character a wall.
     *
     * @param options which terrain characters are walkable
     * @return a new grid of the map's size, owning off-heap memory until closed
     * @throws NullPointerException if {@code options} is null
     */
    public Grid toGrid(MovingAiOptions options) {
        Objects.requireNonNull(options, "options");
        byte[] areaOf = new byte[256];
        java.util.Arrays.fill(areaOf, GridCellsLayout.WALL_BYTE);
        areaOf['.'] = 0;
        areaOf['G'] = 0;
        areaOf['S'] = options.swampWalkable() ? 0 : GridCellsLayout.WALL_BYTE;
        areaOf['W'] = options.waterWalkable() ? 0 : GridCellsLayout.WALL_BYTE;
        // The cells are written once into memory of this call's own, then copied into the grid.
        try (java.lang.foreign.Arena scratch = java.lang.foreign.Arena.ofConfined()) {
            MemorySegment cells = scratch.allocate((long) width * height);
            for (int y = 0; y < height; y++) {
                int offset = rowOffsets[y];
                long row = (long) y * width;
                for (int x = 0; x < width; x++) {
                    cells.set(GridCellsLayout.CELL, row + x, areaOf[content[offset + x] & 0xFF]);
                }
            }
            return Grid.copyOf(cells, width, height);
        }
    }

    private static boolean isMapChar(byte c) {
        return c == '.' || c == 'G' || c == 'S' || c == '@' || c == 'O' || c == 'T' || c == 'W';
    }

    private static String printable(byte c) {
        return c >= 0x20 && c < 0x7F ? String.valueOf((char) c) : String.format("\\x%02X", c & 0xFF);
    }

    private static int parseSide(String source, int line, String field, String text) {
        int value;
        try {
            if (!TextFields.isDigits(text)) {
                throw new NumberFormatException(text);
            }
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new GridFormatException(
                    source, line, field + " '" + MovingAiText.abbreviate(text) + "' is not an integer");
        }
        if (value < 1 || value > MAX_SIDE) {
            throw new GridFormatException(source, line, field + " " + value + " is outside 1.." + MAX_SIDE);
        }
        return value;
    }

    /** Splits bytes into lines ending in LF, CRLF or the end of input, without copying rows. */
    static final class LineReader {
        private final byte[] bytes;
        private int pos;
        private int start;
        private int end;
        private int number;

        LineReader(byte[] bytes) {
            this.bytes = bytes;
        }

        boolean next() {
            if (pos >= bytes.length) {
                return false;
            }
            start = pos;
            int i = pos;
            while (i < bytes.length && bytes[i] != '\n') {
                i++;
            }
            pos = i + 1;
            end = i > start && bytes[i - 1] == '\r' ? i - 1 : i;
            number++;
            return true;
        }

        int number() {
            return number;
        }

        int start() {
            return start;
        }

        int length() {
            return end - start;
        }

        String text() {
            return new String(bytes, start, end - start, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
    }
}
