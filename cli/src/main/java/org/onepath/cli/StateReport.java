package org.onepath.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@code onepath state inspect} found, as named fields in order, printed either as
 * {@code name: value} lines or as one JSON object. One model feeds both forms so the text and the
 * JSON cannot disagree about what a file holds.
 *
 * <p>A value is a number, a string, a boolean, null, a nested report (a JSON object, an indented
 * block in text) or a {@link Sparse} table. A field may carry its own text (say
 * {@code "1 (Grid)"} for the JSON number 1), and a field may be in one form only when the other
 * says it in another field's words.
 */
final class StateReport {
    /** Area id, or other small key, to a count or multiplier; text lists it, JSON makes an object. */
    record Sparse(Map<Integer, ? extends Number> values) {
        String text() {
            if (values.isEmpty()) {
                return "none";
            }
            List<String> parts = new ArrayList<>();
            values.forEach((k, v) -> parts.add("area " + k + " = " + v));
            return String.join(", ", parts);
        }
    }

    /** Where a field is printed. */
    private enum Where {
        BOTH,
        TEXT,
        JSON
    }

    /** One field: its JSON value and, when the text should differ, its text (null: derived). */
    private record Field(String name, Object json, String text, Where where) {}

    private final List<Field> fields = new ArrayList<>();

    StateReport put(String name, long value) {
        return add(new Field(name, value, null, Where.BOTH));
    }

    StateReport put(String name, double value) {
        return add(new Field(name, value, null, Where.BOTH));
    }

    StateReport put(String name, String value) {
        return add(new Field(name, value, null, Where.BOTH));
    }

    StateReport put(String name, boolean value) {
        return add(new Field(name, value, null, Where.BOTH));
    }

    StateReport put(String name, Sparse value) {
        return add(new Field(name, value, null, Where.BOTH));
    }

    /** A field whose text is not simply its JSON value, e.g. a code with its name. */
    StateReport put(String name, Object json, String text) {
        return add(new Field(name, json, Objects.requireNonNull(text, "text"), Where.BOTH));
    }

    /** A field only the JSON carries (the text states it inside another field). */
    StateReport jsonOnly(String name, Object json) {
        return add(new Field(name, json, null, Where.JSON));
    }

    /** A line only the text carries (the JSON states it in other fields). */
    StateReport textOnly(String name, String text) {
        return add(new Field(name, null, Objects.requireNonNull(text, "text"), Where.TEXT));
    }

    /** A nested block, filled by the caller after this call. */
    StateReport block(String name) {
        StateReport child = new StateReport();
        add(new Field(name, child, null, Where.BOTH));
        return child;
    }

    private StateReport add(Field field) {
        Object v = field.json();
        if (v != null
                && !(v instanceof Number
                        || v instanceof String
                        || v instanceof Boolean
                        || v instanceof StateReport
                        || v instanceof Sparse)) {
            throw new IllegalArgumentException("field '" + field.name() + "': unsupported value type "
                    + v.getClass().getName());
        }
        fields.add(field);
        return this;
    }

    /** The fields as {@code name: value} lines, nested blocks indented by two spaces. */
    String toText() {
        StringBuilder b = new StringBuilder();
        appendText(b, "");
        return b.toString();
    }

    private void appendText(StringBuilder b, String indent) {
        for (Field f : fields) {
            if (f.where() == Where.JSON) {
                continue;
            }
            b.append(indent).append(f.name()).append(':');
            if (f.text() != null) {
                b.append(' ').append(f.text()).append('\n');
            } else if (f.json() instanceof StateReport child) {
                b.append('\n');
                child.appendText(b, indent + "  ");
            } else {
                b.append(' ').append(text(f.json())).append('\n');
            }
        }
    }

    private static String text(Object v) {
        return switch (v) {
            case null -> "none";
            case Sparse s -> s.text();
            default -> v.toString();
        };
    }

    /** The fields as one JSON object on one line. */
    String toJson() {
        StringBuilder b = new StringBuilder();
        appendJson(b);
        return b.toString();
    }

    private void appendJson(StringBuilder b) {
        b.append('{');
        boolean first = true;
        for (Field f : fields) {
            if (f.where() == Where.TEXT) {
                continue;
            }
            if (!first) {
                b.append(',');
            }
            first = false;
            b.append(Json.string(f.name())).append(':');
            appendJsonValue(b, f.json());
        }
        b.append('}');
    }

    private static void appendJsonValue(StringBuilder b, Object v) {
        switch (v) {
            case null -> b.append("null");
            case StateReport r -> r.appendJson(b);
            case Sparse s -> {
                b.append('{');
                boolean first = true;
                for (Map.Entry<Integer, ? extends Number> e : s.values().entrySet()) {
                    if (!first) {
                        b.append(',');
                    }
                    first = false;
                    b.append(Json.string(Integer.toString(e.getKey()))).append(':');
                    appendJsonValue(b, e.getValue());
                }
                b.append('}');
            }
            case Double d -> b.append(Json.number(d));
            case Number n -> b.append(n.longValue());
            case String s -> b.append(Json.string(s));
            case Boolean z -> b.append(z);
            default -> throw new IllegalStateException("unsupported value " + v);
        }
    }
}
