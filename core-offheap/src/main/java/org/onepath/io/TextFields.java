package org.onepath.io;

import java.util.ArrayList;
import java.util.List;

/**
 * The lexical rules every text reader of this package shares: blanks are spaces and tabs (no
 * other control character separates or pads a field), an integer field is ASCII digits only (no
 * sign), and a number field is a plain decimal, {@code D+(.D+)?([eE][+-]?D+)?} after an optional
 * minus where the reader allows one. So a file reads the same in every reader, and a value such
 * as {@code +5}, {@code 0x1p3}, {@code 2f} or {@code 1\u000B} is refused rather than read by a
 * lenient JDK parser. A line is trimmed of spaces, tabs and carriage returns at its ends (a line
 * ending {@code \r\r\n} reads as one ending {@code \r\n}, so no field ends with a CR that a
 * canonical writer could not give back).
 */
final class TextFields {
    private TextFields() {}

    static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    /** Whether {@code c} is trimmed from the ends of a line: a blank or a carriage return. */
    static boolean isEdge(int c) {
        return c == ' ' || c == '\t' || c == '\r';
    }

    /** {@code s} without the spaces, tabs and carriage returns at either end. */
    static String trim(String s) {
        int from = 0;
        int to = s.length();
        while (from < to && isEdge(s.charAt(from))) {
            from++;
        }
        while (to > from && isEdge(s.charAt(to - 1))) {
            to--;
        }
        return s.substring(from, to);
    }

    /** The runs of a trimmed, non-empty line between spaces and tabs. */
    static String[] fields(String line) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (i < n) {
            while (i < n && isBlank(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !isBlank(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(line.substring(start, i));
            }
        }
        return out.toArray(String[]::new);
    }

    /** Whether {@code s} is one or more ASCII digits. */
    static boolean isDigits(String s) {
        return digitsFrom(s, 0) == s.length() && !s.isEmpty();
    }

    /** Whether {@code s} is a plain decimal {@code D+(.D+)?([eE][+-]?D+)?}, with a leading minus if {@code signed}. */
    static boolean isDecimal(String s, boolean signed) {
        int i = signed && s.startsWith("-") ? 1 : 0;
        int end = digitsFrom(s, i);
        if (end == i) {
            return false;
        }
        i = end;
        if (i < s.length() && s.charAt(i) == '.') {
            end = digitsFrom(s, i + 1);
            if (end == i + 1) {
                return false;
            }
            i = end;
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            end = digitsFrom(s, i);
            if (end == i) {
                return false;
            }
            i = end;
        }
        return i == s.length();
    }

    private static int digitsFrom(String s, int i) {
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        return i;
    }
}
