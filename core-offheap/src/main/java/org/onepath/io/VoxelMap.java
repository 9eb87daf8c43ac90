package org.onepath.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import org.onepath.VoxelGrid;
import org.onepath.cells.GridFormatException;

/**
 * A parsed Moving AI {@code .3dmap} file: a first line {@code voxel X Y Z}, then one solid voxel
 * {@code x y z} per line (fields separated by spaces or tabs, lines ending with LF or CRLF, blank
 * lines skipped). Every line is checked when the file is parsed, so {@link #toGrid()} cannot fail
 * on the file's content.
 */
public final class VoxelMap {
    private final String source;
    private final int sizeX;
    private final int sizeY;
    private final int sizeZ;
    private final int[] solid;

    private VoxelMap(String source, int sizeX, int sizeY, int sizeZ, int[] solid) {
        this.source = source;
        this.sizeX = sizeX;
        this.sizeY = sizeY;
        this.sizeZ = sizeZ;
        this.solid = solid;
    }

    /**
     * Reads and parses a {@code .3dmap} file.
     *
     * @param file the {@code .3dmap} file; read whole into memory
     * @return the parsed map, named by the file's path in messages
     * @throws NullPointerException if {@code file} is null
     * @throws GridFormatException  naming the file and line of malformed input
     * @throws UncheckedIOException when the file cannot be read
     */
    public static VoxelMap read(Path file) {
        Objects.requireNonNull(file, "file");
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read voxel map " + file + ": " + e.getMessage(), e);
        }
        return parse(file.toString(), bytes);
    }

    /**
     * Parses {@code .3dmap} text.
     *
     * @param source  name used in error messages
     * @param content the bytes of a {@code .3dmap} file; only read, not kept
     * @return the parsed map
     * @throws NullPointerException if an argument is null
     * @throws GridFormatException naming the source and line of malformed input
     */
    public static VoxelMap parse(String source, byte[] content) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(content, "content");
        MovingAiMap.LineReader lines = new MovingAiMap.LineReader(content);
        String header = null;
        while (lines.next()) {
            String text = TextFields.trim(lines.text());
            if (!text.isEmpty()) {
                header = text;
                break;
            }
        }
        if (header == null) {
            throw new GridFormatException(source, Math.max(1, lines.number()), "empty file; expected 'voxel X Y Z'");
        }
        String[] h = MovingAiText.fields(header);
        if (h.length != 4 || !h[0].equals("voxel")) {
            throw new GridFormatException(
                    source, lines.number(), "expected 'voxel X Y Z', found '" + MovingAiText.abbreviate(header) + "'");
        }
        int headerLine = lines.number();
        int sx = MovingAiText.intField(source, headerLine, "X", h[1], 1, Integer.MAX_VALUE);
        int sy = MovingAiText.intField(source, headerLine, "Y", h[2], 1, Integer.MAX_VALUE);
        int sz = MovingAiText.intField(source, headerLine, "Z", h[3], 1, Integer.MAX_VALUE);
        if ((long) sx * sy * sz > VoxelGrid.MAX_VOXELS) {
            throw new GridFormatException(
                    source, headerLine, "voxel map size " + sx + " x " + sy + " x " + sz + " exceeds 2^30 voxels");
        }
        int[] coords = new int[3 * 1024];
        int count = 0;
        int[] bounds = {sx, sy, sz};
        String[] names = {"x", "y", "z"};
        while (lines.next()) {
            int pos = lines.start();
            int end = pos + lines.length();
            while (pos < end && TextFields.isEdge(content[pos])) {
                pos++;
            }
            while (end > pos && TextFields.isEdge(content[end - 1])) {
                end--;
            }
            int field = 0;
            int[] value = new int[3];
            while (true) {
                while (pos < end && (content[pos] == ' ' || content[pos] == '\t')) {
                    pos++;
                }
                if (pos >= end) {
                    break;
                }
                int tokenStart = pos;
                long v = 0;
                boolean digits = true;
                while (pos < end && content[pos] != ' ' && content[pos] != '\t') {
                    byte c = content[pos++];
                    if (c < '0' || c > '9') {
                        digits = false;
                    } else if (v < 1L << 40) {
                        v = v * 10 + (c - '0'); // stays past every bound once past 2^40: leading zeros are fine
                    }
                }
                if (field == 3) {
                    throw new GridFormatException(source, lines.number(), "has more than 3 fields, expected 'x y z'");
                }
                String token =
                        new String(content, tokenStart, pos - tokenStart, java.nio.charset.StandardCharsets.ISO_8859_1);
                if (!digits) {
                    throw new GridFormatException(
                            source,
                            lines.number(),
                            names[field] + " '" + MovingAiText.abbreviate(token) + "' is not a non-negative integer");
                }
                if (v >= bounds[field]) {
                    throw new GridFormatException(
                            source,
                            lines.number(),
                            names[field] + " " + token + " is outside 0.." + (bounds[field] - 1));
                }
                value[field++] = (int) v;
            }
            if (field == 0) {
                continue;
            }
            if (field != 3) {
                throw new GridFormatException(source, lines.number(), "has " + field + " fields, expected 'x y z'");
            }
            if (count * 3 + 3 > coords.length) {
                coords = Arrays.copyOf(coords, coords.length * 2);
            }
            coords[count * 3] = value[0];
            coords[count * 3 + 1] = value[1];
            coords[count * 3 + 2] = value[2];
            count++;
        }
        return new VoxelMap(source, sx, sy, sz, Arrays.copyOf(coords, count * 3));
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
     * The map's size along x.
     *
     * @return the header's X, &gt;= 1
     */
    public int sizeX() {
        return sizeX;
    }

    /**
     * The map's size along y.
     *
     * @return the header's Y, &gt;= 1
     */
    public int sizeY() {
        return sizeY;
    }

    /**
     * The map's size along z.
     *
     * @return the header's Z, &gt;= 1; X * Y * Z is at most {@link VoxelGrid#MAX_VOXELS}
     */
    public int sizeZ() {
        return sizeZ;
    }

    /**
     * The number of solid voxel lines in the file (a voxel listed twice counts twice).
     *
     * @return the count, &gt;= 0
     */
    public int solidCount() {
        return solid.length / 3;
    }

    /**
     * One solid voxel line, in file order.
     *
     * @param i the line's index among the voxel lines, 0..{@link #solidCount()}-1
     * @return a new array {@code {x, y, z}}, each inside the map's size
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public int[] solid(int i) {
        Objects.checkIndex(i, solid.length / 3);
        return new int[] {solid[3 * i], solid[3 * i + 1], solid[3 * i + 2]};
    }

    /**
     * The map in canonical text: {@code voxel X Y Z}, then one {@code x y z} line per solid voxel
     * in file order, each line ending with LF. {@link #parse} reads it back to an equal map.
     *
     * @return the text
     */
    public String toText() {
        StringBuilder s = new StringBuilder(32 + 12 * (solid.length / 3));
        s.append("voxel ")
                .append(sizeX)
                .append(' ')
                .append(sizeY)
                .append(' ')
                .append(sizeZ)
                .append('\n');
        for (int i = 0; i < solid.length; i += 3) {
            s.append(solid[i])
                    .append(' ')
                    .append(solid[i + 1])
                    .append(' ')
                    .append(solid[i + 2])
                    .append('\n');
        }
        return s.toString();
    }

    /**
     * A new grid, open except for the listed voxels; the caller closes it.
     *
     * @return a new voxel grid of the map's size whose listed voxels are {@link VoxelGrid#SOLID}
     *         and the rest area 0; it owns off-heap memory until closed
     */
    public VoxelGrid toGrid() {
        VoxelGrid grid = VoxelGrid.create(sizeX, sizeY, sizeZ);
        int[] s = solid;
        for (int i = 0; i < s.length; i += 3) {
            grid.setArea(s[i], s[i + 1], s[i + 2], VoxelGrid.SOLID);
        }
        return grid;
    }
}
