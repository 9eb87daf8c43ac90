package org.onepath.io;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.onepath.cells.GridFormatException;

/**
 * Reader of Moving AI {@code .3dscen} files: a first line {@code version 1} (or {@code 1.0}), the
 * map file name on a line of its own, then one problem per line with eight fields separated by
 * spaces or tabs ({@code sx sy sz gx gy gz length ratio}). Lines may end with LF or CRLF; blank
 * lines are skipped. Coordinates are checked against a map when the problems are run, not here.
 */
public final class VoxelScenarios {
    private VoxelScenarios() {}

    /**
     * Reads and parses a {@code .3dscen} file.
     *
     * @param file the {@code .3dscen} file
     * @return the problems in file order, in a new mutable list
     * @throws NullPointerException if {@code file} is null
     * @throws GridFormatException  naming the file and line of malformed input
     * @throws UncheckedIOException when the file cannot be read
     */
    public static List<VoxelScenario> read(Path file) {
        Objects.requireNonNull(file, "file");
        return parse(file.toString(), MovingAiText.read(file, "voxel scenarios"));
    }

    /**
     * Parses {@code .3dscen} text.
     *
     * @param source name used in error messages
     * @param text   the file's text
     * @return the problems in text order, in a new mutable list
     * @throws NullPointerException if an argument is null
     * @throws GridFormatException  naming the source and line of malformed input
     */
    public static List<VoxelScenario> parse(String source, String text) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
        List<VoxelScenario> out = new ArrayList<>();
        String[] map = new String[1];
        int lastLine = MovingAiText.lines(source, text, (line, trimmed) -> {
            if (map[0] != null) {
                out.add(parseLine(source, line, map[0], trimmed));
            } else if (MovingAiText.fields(trimmed).length == 1) {
                map[0] = trimmed;
            } else {
                throw new GridFormatException(
                        source,
                        line,
                        "expected the map file name on a line of its own, found '" + MovingAiText.abbreviate(trimmed)
                                + "'");
            }
        });
        if (map[0] == null) {
            throw new GridFormatException(source, lastLine, "file ends before the map file name");
        }
        return out;
    }

    /**
     * Scenarios in canonical text: {@code version 1}, the map name, then one space-separated line
     * per problem, the numbers as {@link Double#toString(double)} writes them, each line ending
     * with LF. {@link #parse} reads it back to equal records.
     *
     * @param map       the map file name (each record's map should be this one)
     * @param scenarios the problems to write, in order; their own map fields are not written
     * @return the text
     */
    public static String toText(String map, List<VoxelScenario> scenarios) {
        StringBuilder s = new StringBuilder("version 1\n").append(map).append('\n');
        for (VoxelScenario c : scenarios) {
            s.append(c.startX())
                    .append(' ')
                    .append(c.startY())
                    .append(' ')
                    .append(c.startZ())
                    .append(' ');
            s.append(c.goalX())
                    .append(' ')
                    .append(c.goalY())
                    .append(' ')
                    .append(c.goalZ())
                    .append(' ');
            s.append(c.optimalLength()).append(' ').append(c.ratio()).append('\n');
        }
        return s.toString();
    }

    private static VoxelScenario parseLine(String source, int line, String map, String text) {
        String[] f = MovingAiText.fields(text);
        if (f.length != 8) {
            throw new GridFormatException(
                    source, line, "has " + f.length + " fields, expected 8 (sx sy sz gx gy gz length ratio)");
        }
        String[] names = {"start x", "start y", "start z", "goal x", "goal y", "goal z"};
        int[] v = new int[6];
        for (int i = 0; i < 6; i++) {
            v[i] = MovingAiText.intField(source, line, names[i], f[i], 0, Integer.MAX_VALUE);
        }
        double length = MovingAiText.nonNegativeNumber(source, line, "optimal length", f[6]);
        double ratio = MovingAiText.nonNegativeNumber(source, line, "ratio", f[7]);
        return new VoxelScenario(map, v[0], v[1], v[2], v[3], v[4], v[5], length, ratio);
    }
}
