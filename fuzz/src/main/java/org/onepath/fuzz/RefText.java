package org.onepath.fuzz;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The plain reference lexer of the text formats, written from their rules and nothing of the
 * library's: bytes are ISO-8859-1 characters; lines end at LF (a CR right before it, or at the
 * end of the input, is dropped), or for DIMACS at LF, CRLF or CR; fields are separated by spaces
 * and tabs, and a line's spaces, tabs and CRs at either end are not part of a field; an integer is {@code [0-9]+}; a
 * number is {@code -?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?} (the minus only where signed) whose
 * double is finite. Regular expressions on purpose: a second, independent way to say the rules.
 */
final class RefText {
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    private static final Pattern SIGNED_DECIMAL = Pattern.compile("-?" + DECIMAL.pattern());
    private static final Pattern BLANKS = Pattern.compile("[ \t]+");

    /** A rejection of the reference reader, at a line. */
    static final class Reject extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final long line;

        Reject(long line, String why) {
            super("line " + line + ": " + why, null, false, false);
            this.line = line;
        }
    }

    private RefText() {}

    static String text(byte[] input) {
        return new String(input, StandardCharsets.ISO_8859_1);
    }

    /** Lines ending at LF, without a CR right before the LF (or the end); no empty last line after a final LF. */
    static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == '\n') {
                if (i == text.length() && start == i) {
                    break;
                }
                int end = i > start && text.charAt(i - 1) == '\r' ? i - 1 : i;
                out.add(text.substring(start, end));
                start = i + 1;
            }
        }
        return out;
    }

    /** Lines ending at LF, CRLF or CR (DIMACS). */
    static List<String> anyBreakLines(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                out.add(line.toString());
                line.setLength(0);
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
            } else {
                line.append(c);
            }
        }
        if (!line.isEmpty()) {
            out.add(line.toString());
        }
        return out;
    }

    /** How many lines an error may name: the lines of the input, at least one. */
    static long lineCount(byte[] input, boolean anyBreak) {
        String t = text(input);
        return Math.max(1, anyBreak ? anyBreakLines(t).size() : lines(t).size());
    }

    static String[] fields(String line) {
        // \A and \z, not ^ and $: a $ also matches before a final line terminator such as U+0085
        String t = line.replaceAll("\\A[ \t\r]+|[ \t\r]+\\z", "");
        return t.isEmpty() ? new String[0] : BLANKS.split(t);
    }

    static boolean blank(String line) {
        return fields(line).length == 0;
    }

    /** An integer field in {@code min..max}. */
    static long integer(String s, long min, long max, long line) {
        if (!DIGITS.matcher(s).matches()) {
            throw new Reject(line, "not an integer: " + s);
        }
        BigInteger v = new BigInteger(s);
        if (v.compareTo(BigInteger.valueOf(min)) < 0 || v.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new Reject(line, s + " outside " + min + ".." + max);
        }
        return v.longValue();
    }

    /** A finite number field; at least 0 unless signed. */
    static double number(String s, boolean signed, long line) {
        if (!(signed ? SIGNED_DECIMAL : DECIMAL).matcher(s).matches()) {
            throw new Reject(line, "not a number: " + s);
        }
        double v = Double.parseDouble(s);
        if (Double.isInfinite(v)) {
            throw new Reject(line, "not finite: " + s);
        }
        return v;
    }
}
