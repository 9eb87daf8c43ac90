package org.onepath.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.onepath.cells.GridFormatException;

/**
 * What the readers of Moving AI text share: the scenario readers ({@link MovingAiScenarios},
 * {@link VoxelScenarios}) read the file, the version line, the later lines and checked fields
 * through it, and {@link VoxelMap} its header's sides and the abbreviation of bad values. Every
 * error is a {@link GridFormatException} naming the source and the line.
 */
final class MovingAiText {
    private MovingAiText() {}

    /** Takes one non-blank line after the version line. */
    @FunctionalInterface
    interface LineHandler {
        /**
         * @param number the line's number, 1 for the first line of the text
         * @param text   the line without its surrounding spaces and tabs (and without a CR before the LF)
         */
        void line(int number, String text);
    }

    /**
     * The file's text, read as ISO-8859-1 so that any byte reads.
     *
     * @param what what the file holds, for the message of an unreadable file
     */
    static String read(Path file, String what) {
        try {
            return Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + what + " " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Checks that the first line is {@code version 1} or {@code version 1.0}, then hands every
     * later non-blank line to {@code handler} in order. Lines end with LF or CRLF.
     *
     * @return the number of the last line of the text
     */
    static int lines(String source, String text, LineHandler handler) {
        int number = 0;
        int pos = 0;
        boolean sawVersion = false;
        while (pos < text.length()) {
            int nl = text.indexOf('\n', pos);
            int end = nl < 0 ? text.length() : nl;
            int cut = end > pos && text.charAt(end - 1) == '\r' ? end - 1 : end;
            String trimmed = TextFields.trim(text.substring(pos, cut));
            pos = end + 1;
            number++;
            if (!sawVersion) {
                String[] v = TextFields.fields(trimmed);
                if (v.length != 2 || !v[0].equals("version") || !v[1].equals("1") && !v[1].equals("1.0")) {
                    throw new GridFormatException(
                            source,
                            number,
                            "expected 'version 1' or 'version 1.0', found '" + abbreviate(trimmed) + "'");
                }
                sawVersion = true;
            } else if (!trimmed.isEmpty()) {
                handler.line(number, trimmed);
            }
        }
        if (!sawVersion) {
            throw new GridFormatException(source, 1, "empty file; expected 'version 1' or 'version 1.0'");
        }
        return number;
    }

    /** A line's fields: the runs between spaces and tabs. */
    static String[] fields(String line) {
        return TextFields.fields(line);
    }

    /** An integer field (ASCII digits, no sign) within {@code min..max}. */
    static int intField(String source, int line, String name, String text, int min, int max) {
        int value;
        try {
            if (!TextFields.isDigits(text)) {
                throw new NumberFormatException(text);
            }
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new GridFormatException(source, line, name + " '" + abbreviate(text) + "' is not an integer");
        }
        if (value < min || value > max) {
            String expected = max == Integer.MAX_VALUE ? " must be >= " + min : " is outside " + min + ".." + max;
            throw new GridFormatException(source, line, name + " " + value + expected);
        }
        return value;
    }

    /** A finite plain decimal field, zero or more (an optimal length, a ratio). */
    static double nonNegativeNumber(String source, int line, String name, String text) {
        double value;
        try {
            if (!TextFields.isDecimal(text, false)) {
                throw new NumberFormatException(text);
            }
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new GridFormatException(source, line, name + " '" + abbreviate(text) + "' is not a number");
        }
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new GridFormatException(source, line, name + " " + abbreviate(text) + " must be finite and >= 0");
        }
        return value;
    }

    /** Fewest decimal places a length may be printed with: a unit of 10^308 is the largest a double holds. */
    static final int MIN_DECIMALS = -308;
    /** Most decimal places: a double's exact decimal expansion never needs more than 1074. */
    static final int MAX_DECIMALS = 1074;

    /**
     * The decimal places a number field (already read by {@link #nonNegativeNumber}) was printed
     * with: its scale as a decimal, digits after the point less the exponent.
     */
    static int decimalPlaces(String source, int line, String name, String text) {
        int scale;
        try {
            scale = new BigDecimal(text).scale();
        } catch (NumberFormatException | ArithmeticException e) {
            scale = Integer.MIN_VALUE; // an exponent beyond an int: out of range below
        }
        if (scale < MIN_DECIMALS || scale > MAX_DECIMALS) {
            throw new GridFormatException(
                    source,
                    line,
                    name + " " + abbreviate(text) + " is printed with "
                            + (scale == Integer.MIN_VALUE ? "too many or too few" : String.valueOf(scale))
                            + " decimal places, expected " + MIN_DECIMALS + ".." + MAX_DECIMALS);
        }
        return scale;
    }

    /** The first 40 characters of a bad value, for a message of one line. */
    static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
