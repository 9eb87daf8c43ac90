package org.onepath.io;

import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.onepath.cells.GridFormatException;

/**
 * Reader of Moving AI {@code .scen} files: a first line {@code version 1} or {@code version 1.0},
 * then one problem per line with nine fields separated by tabs or spaces (bucket, map, map width,
 * map height, start x, start y, goal x, goal y, optimal length). Lines may end with LF or CRLF;
 * blank lines are skipped.
 */
public final class MovingAiScenarios {
    private MovingAiScenarios() {}

    /**
     * Reads and parses a scenario file.
     *
     * @param file the {@code .scen} file
     * @return the problems in file order, in a new mutable list
     * @throws NullPointerException if {@code file} is null
     * @throws GridFormatException  naming the file and line of malformed input
     * @throws UncheckedIOException when the file cannot be read
     */
    public static List<MovingAiScenario> read(Path file) {
        Objects.requireNonNull(file, "file");
        return parse(file.toString(), MovingAiText.read(file, "scenarios"));
    }

    /**
     * Parses scenario text.
     *
     * @param source name used in error messages
     * @param text   the file's text
     * @return the problems in text order, in a new mutable list
     * @throws NullPointerException if an argument is null
     * @throws GridFormatException  naming the source and line of malformed input
     */
    public static List<MovingAiScenario> parse(String source, String text) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
        List<MovingAiScenario> out = new ArrayList<>();
        MovingAiText.lines(source, text, (line, trimmed) -> out.add(parseLine(source, line, trimmed)));
        return out;
    }

    /**
     * Scenarios in canonical text: {@code version 1}, then one tab-separated line per problem,
     * the length with its record's {@link MovingAiScenario#lengthDecimals} decimal places (as
     * {@link BigDecimal#toString()} writes that scale), each line ending with LF.
     * {@link #parse} reads it back to equal records when each length needs no more decimal places
     * than its record says, as for every record {@link #parse} made (a length is rounded half-even
     * to its places otherwise).
     *
     * @param scenarios the problems to write, in order; their map fields are written as they are
     * @return the text
     */
    public static String toText(List<MovingAiScenario> scenarios) {
        StringBuilder s = new StringBuilder("version 1\n");
        for (MovingAiScenario c : scenarios) {
            s.append(c.bucket()).append('\t').append(c.map()).append('\t');
            s.append(c.mapWidth()).append('\t').append(c.mapHeight()).append('\t');
            s.append(c.startX()).append('\t').append(c.startY()).append('\t');
            s.append(c.goalX()).append('\t').append(c.goalY()).append('\t');
            s.append(BigDecimal.valueOf(c.optimalLength()).setScale(c.lengthDecimals(), RoundingMode.HALF_EVEN))
                    .append('\n');
        }
        return s.toString();
    }

    private static MovingAiScenario parseLine(String source, int line, String text) {
        String[] f = MovingAiText.fields(text);
        if (f.length != 9) {
            throw new GridFormatException(
                    source,
                    line,
                    "has " + f.length + " fields, expected 9 (bucket map width height sx sy gx gy length)");
        }
        int bucket = MovingAiText.intField(source, line, "bucket", f[0], 0, Integer.MAX_VALUE);
        int width = MovingAiText.intField(source, line, "map width", f[2], 1, MovingAiMap.MAX_SIDE);
        int height = MovingAiText.intField(source, line, "map height", f[3], 1, MovingAiMap.MAX_SIDE);
        int sx = MovingAiText.intField(source, line, "start x", f[4], 0, width - 1);
        int sy = MovingAiText.intField(source, line, "start y", f[5], 0, height - 1);
        int gx = MovingAiText.intField(source, line, "goal x", f[6], 0, width - 1);
        int gy = MovingAiText.intField(source, line, "goal y", f[7], 0, height - 1);
        double length = MovingAiText.nonNegativeNumber(source, line, "optimal length", f[8]);
        int decimals = MovingAiText.decimalPlaces(source, line, "optimal length", f[8]);
        return new MovingAiScenario(bucket, f[1], width, height, sx, sy, gx, gy, length, decimals);
    }
}
