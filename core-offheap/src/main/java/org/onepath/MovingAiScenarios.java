package org.onepath;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reader of Moving AI {@code .scen} files: a first line {@code version 1} or {@code version 1.0},
 * then one problem per line with nine fields separated by tabs or spaces (bucket, map, map width,
 * map height, start x, start y, goal x, goal y, optimal length). Lines may end with LF or CRLF;
 * blank lines are skipped.
 */
public final class MovingAiScenarios {
    private MovingAiScenarios() {
    }

    /**
     * Reads and parses a scenario file.
     *
     * @throws GridFormatException  naming the file and line of malformed input
     * @throws UncheckedIOException when the file cannot be read
     */
    public static List<MovingAiScenario> read(Path file) {
        Objects.requireNonNull(file, "file");
        String text;
        try {
            text = Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read scenarios " + file + ": " + e.getMessage(), e);
        }
        return parse(file.toString(), text);
    }

    /**
     * Parses scenario text.
     *
     * @param source name used in error messages
     */
    public static List<MovingAiScenario> parse(String source, String text) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
        List<MovingAiScenario> out = new ArrayList<>();
        int lineNumber = 0;
        int pos = 0;
        boolean sawVersion = false;
        while (pos < text.length()) {
            int nl = text.indexOf('\n', pos);
            int end = nl < 0 ? text.length() : nl;
            String line = text.substring(pos, end);
            pos = end + 1;
            lineNumber++;
            if (line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            String trimmed = line.strip();
            if (!sawVersion) {
                if (!trimmed.equals("version 1") && !trimmed.equals("version 1.0")) {
                    throw new GridFormatException(source, lineNumber, "expected 'version 1' or 'version 1.0', found '" + abbreviate(trimmed) + "'");
                }
                sawVersion = true;
                continue;
            }
            if (trimmed.isEmpty()) {
                continue;
            }
            out.add(parseLine(source, lineNumber, trimmed));
        }
        if (!sawVersion) {
            throw new GridFormatException(source, 1, "empty file; expected 'version 1' or 'version 1.0'");
        }
        return out;
    }

    private static MovingAiScenario parseLine(String source, int line, String text) {
        String[] f = text.split("[ \t]+");
        if (f.length != 9) {
            throw new GridFormatException(source, line, "has " + f.length + " fields, expected 9 (bucket map width height sx sy gx gy length)");
        }
        int bucket = intField(source, line, "bucket", f[0], 0, Integer.MAX_VALUE);
        int width = intField(source, line, "map width", f[2], 1, MovingAiMap.MAX_SIDE);
        int height = intField(source, line, "map height", f[3], 1, MovingAiMap.MAX_SIDE);
        int sx = intField(source, line, "start x", f[4], 0, width - 1);
        int sy = intField(source, line, "start y", f[5], 0, height - 1);
        int gx = intField(source, line, "goal x", f[6], 0, width - 1);
        int gy = intField(source, line, "goal y", f[7], 0, height - 1);
        double length;
        try {
            length = Double.parseDouble(f[8]);
        } catch (NumberFormatException e) {
            throw new GridFormatException(source, line, "optimal length '" + abbreviate(f[8]) + "' is not a number");
        }
        if (!(length >= 0) || Double.isInfinite(length)) {
            throw new GridFormatException(source, line, "optimal length " + f[8] + " must be finite and >= 0");
        }
        return new MovingAiScenario(bucket, f[1], width, height, sx, sy, gx, gy, length);
    }

    private static int intField(String source, int line, String name, String text, int min, int max) {
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new GridFormatException(source, line, name + " '" + abbreviate(text) + "' is not an integer");
        }
        if (value < min || value > max) {
            throw new GridFormatException(source, line, name + " " + value + " is outside " + min + ".." + max);
        }
        return value;
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
