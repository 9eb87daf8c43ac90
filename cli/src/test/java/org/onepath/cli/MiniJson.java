package org.onepath.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON reader for checking reports: objects become {@link Map}, arrays
 * {@link List}, numbers {@link Double}, plus {@link String}, {@link Boolean} and null.
 */
final class MiniJson {
    private final String text;
    private int pos;

    private MiniJson(String text) {
        this.text = text;
    }

    /** Parses exactly one JSON value, surrounded only by whitespace. */
    static Object parse(String text) {
        MiniJson p = new MiniJson(text);
        p.skipSpace();
        Object v = p.value();
        p.skipSpace();
        if (p.pos != text.length()) {
            throw p.error("text after the value");
        }
        return v;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object v) {
        if (!(v instanceof Map)) {
            throw new AssertionError("expected a JSON object, got " + v);
        }
        return (Map<String, Object>) v;
    }

    @SuppressWarnings("unchecked")
    static List<Object> array(Object v) {
        if (!(v instanceof List)) {
            throw new AssertionError("expected a JSON array, got " + v);
        }
        return (List<Object>) v;
    }

    static double number(Object v) {
        if (!(v instanceof Double d)) {
            throw new AssertionError("expected a JSON number, got " + v);
        }
        return d;
    }

    /** A number that must be a whole number. */
    static long integer(Object v) {
        double d = number(v);
        if (d != Math.rint(d)) {
            throw new AssertionError("expected a whole number, got " + d);
        }
        return (long) d;
    }

    private Object value() {
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> objectValue();
            case '[' -> arrayValue();
            case '"' -> stringValue();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> numberValue();
        };
    }

    private Map<String, Object> objectValue() {
        Map<String, Object> out = new LinkedHashMap<>();
        pos++;
        skipSpace();
        if (peek() == '}') {
            pos++;
            return out;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') {
                throw error("expected a key");
            }
            String key = stringValue();
            skipSpace();
            expect(':');
            skipSpace();
            if (out.containsKey(key)) {
                throw error("duplicate key " + key);
            }
            out.put(key, value());
            skipSpace();
            char c = next();
            if (c == '}') {
                return out;
            }
            if (c != ',') {
                throw error("expected , or }");
            }
        }
    }

    private List<Object> arrayValue() {
        List<Object> out = new ArrayList<>();
        pos++;
        skipSpace();
        if (peek() == ']') {
            pos++;
            return out;
        }
        while (true) {
            skipSpace();
            out.add(value());
            skipSpace();
            char c = next();
            if (c == ']') {
                return out;
            }
            if (c != ',') {
                throw error("expected , or ]");
            }
        }
    }

    private String stringValue() {
        expect('"');
        StringBuilder b = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '"') {
                return b.toString();
            }
            if (c < 0x20) {
                throw error("control character in string");
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = next();
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("short \\u escape");
                    }
                    b.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    pos += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private Double numberValue() {
        int start = pos;
        while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        String n = text.substring(start, pos);
        if (!n.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?")) {
            throw error("bad number '" + n + "'");
        }
        return Double.parseDouble(n);
    }

    private Object literal(String word, Object v) {
        if (!text.startsWith(word, pos)) {
            throw error("expected " + word);
        }
        pos += word.length();
        return v;
    }

    private void skipSpace() {
        while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private char peek() {
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        return text.charAt(pos);
    }

    private char next() {
        char c = peek();
        pos++;
        return c;
    }

    private void expect(char c) {
        if (next() != c) {
            throw error("expected '" + c + "'");
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON: " + what + " at offset " + pos + " in: " + text);
    }
}
