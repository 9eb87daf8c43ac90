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
 * Reader of Moving AI {@code .3dscen} files: a first line {@code version 1}, the map file name on
 * a line of its own, then one problem per line with eight fields separated by spaces or tabs
 * ({@code sx sy sz gx gy gz length ratio}). Lines may end with LF or CRLF; blank lines are
 * skipped. Coordinates are checked against a map when the problems are run, not here.
 */
public final class VoxelScenarios {
    private VoxelScenarios() {
    }

    /**
     * Reads and parses a {@code .3dscen} file.
     *
     * @throws GridFormatException  naming the file and line of malformed input
     * @throws UncheckedIOException when the file cannot be read
     */
    public static List<VoxelScenario> read(Path file) {
        Objects.requireNonNull(file, "file");
        String text;
        try {
            text = Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read voxel scenarios " + file + ": " + e.getMessage(), e);
        }
        return parse(file.toString(), text);
    }

    /**
     * Parses {@code .3dscen} text.
     *
     * @param source name used in error messages
     */
    public static List<VoxelScenario> parse(String source, String text) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
        List<VoxelScenario> out = new ArrayList<>();
        String map = null;
        boolean sawVersion = false;
        int lineNumber = 0;
        int pos = 0;
        while (pos < text.length()) {
            int nl = text.indexOf('\n', pos);
            int end = nl < 0 ? text.length() : nl;
            String line = text.substring(pos, end);
            pos = end + 1;
            lineNumber++;
            String trimmed = line.strip();
            if (!sawVersion) {
                if (!trimmed.equals("version 1") && !trimmed.equals("version 1.0")) {
                    throw new GridFormatException(source, lineNumber, "expected 'version 1', found '" + VoxelMap.abbreviate(trimmed) + "'");
                }
                sawVersion = true;
                continue;
            }
            if (trimmed.isEmpty()) {
                continue;
            }
            if (map == null) {
                if (trimmed.split("[ \t]+").length != 1) {
                    throw new GridFormatException(source, lineNumber, "expected the map file name on a line of its own, found '" + VoxelMap.abbreviate(trimmed) + "'");
                }
                map = trimmed;
                continue;
            }
            out.add(parseLine(source, lineNumber, map, trimmed));
        }
        if (!sawVersion) {
            throw new GridFormatException(source, 1, "empty file; expected 'version 1'");
        }
        if (map == null) {
            throw new GridFormatException(source, lineNumber, "file ends before the map file name");
        }
        return out;
    }

    private static VoxelScenario parseLine(String source, int line, String map, String text) {
        String[] f = text.split("[ \t]+");
        if (f.length != 8) {
            throw new GridFormatException(source, line, "has " + f.length + " fields, expected 8 (sx sy sz gx gy gz length ratio)");
        }
        String[] names = {"start x", "start y", "start z", "goal x", "goal y", "goal z"};
        int[] v = new int[6];
        for (int i = 0; i < 6; i++) {
            try {
                v[i] = Integer.parseInt(f[i]);
            } catch (NumberFormatException e) {
                throw new GridFormatException(source, line, names[i] + " '" + VoxelMap.abbreviate(f[i]) + "' is not an integer");
            }
            if (v[i] < 0) {
                throw new GridFormatException(source, line, names[i] + " " + v[i] + " must be >= 0");
            }
        }
        double length = number(source, line, "optimal length", f[6]);
        double ratio = number(source, line, "ratio", f[7]);
        return new VoxelScenario(map, v[0], v[1], v[2], v[3], v[4], v[5], length, ratio);
    }

    private static double number(String source, int line, String name, String text) {
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new GridFormatException(source, line, name + " '" + VoxelMap.abbreviate(text) + "' is not a number");
        }
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new GridFormatException(source, line, name + " " + text + " must be finite and >= 0");
        }
        return value;
    }
}
