package org.onepath.state;

/**
 * Bytes that break the state format: a field whose value is outside what the format (or the
 * object being restored) allows, truncated data, or trailing bytes.
 *
 * <p>The message names all four parts, for example
 * {@code field 'open.count' = -5 at offset 12: expected 0..100}, and each part is also available
 * on its own so tools can report it in their own words. The offset is counted from the first byte
 * the {@link StateReader} was given.
 *
 * <p>Readers throw one of the two subclasses ({@link GridStateException} for grid-like objects,
 * {@link GraphStateException} for graphs) so callers can tell the domains apart; the base class is
 * what a caller catches to handle any bad snapshot.
 */
public class OnePathFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Name of the offending field. */
    private final String field;
    /** What the bytes held, in words. */
    private final String value;
    /** What was required instead. */
    private final String expected;
    /** Byte offset of the field from the first byte of the data. */
    private final long offset;

    /**
     * Creates the error for one field; the message joins the four parts as the class comment
     * shows.
     *
     * @param field    name of the field, e.g. {@code "open.count"} or {@code "visited[3].parent"}
     * @param value    what the bytes held, in words (e.g. {@code "-5"},
     *                 {@code "end of data (2 bytes left)"})
     * @param expected what the format or the restoring object requires (e.g. {@code "0..100"},
     *                 {@code "12 (the restoring grid's width)"})
     * @param offset   byte offset of the field from the start of the data, &gt;= 0
     */
    public OnePathFormatException(String field, String value, String expected, long offset) {
        super(message(field, value, expected, offset));
        this.field = field;
        this.value = value;
        this.expected = expected;
        this.offset = offset;
    }

    /**
     * As {@link #OnePathFormatException(String, String, String, long)} with an integer value.
     *
     * @param field    name of the field
     * @param value    what the bytes held, written in decimal in the message
     * @param expected what the format or the restoring object requires
     * @param offset   byte offset of the field from the start of the data, &gt;= 0
     */
    public OnePathFormatException(String field, long value, String expected, long offset) {
        this(field, Long.toString(value), expected, offset);
    }

    /**
     * As {@link #OnePathFormatException(String, String, String, long)} with a floating value.
     *
     * @param field    name of the field
     * @param value    what the bytes held, written as {@link Double#toString(double)} does
     * @param expected what the format or the restoring object requires
     * @param offset   byte offset of the field from the start of the data, &gt;= 0
     */
    public OnePathFormatException(String field, double value, String expected, long offset) {
        this(field, Double.toString(value), expected, offset);
    }

    /** The one wording every format error uses, so messages read the same wherever they arise. */
    static String message(String field, String value, String expected, long offset) {
        return "field '" + field + "' = " + value + " at offset " + offset + ": expected " + expected;
    }

    /**
     * Name of the offending field.
     *
     * @return the field name, e.g. {@code "visited[3].parent"}
     */
    public String field() {
        return field;
    }

    /**
     * What the bytes held, in words.
     *
     * @return the value as the message quotes it, e.g. {@code "-5"}
     */
    public String value() {
        return value;
    }

    /**
     * What was required instead: a range, a value or a rule.
     *
     * @return the requirement as the message quotes it, e.g. {@code "0..100"}
     */
    public String expected() {
        return expected;
    }

    /**
     * Where the field sits.
     *
     * @return the byte offset of the field, from the first byte of the data, &gt;= 0
     */
    public long offset() {
        return offset;
    }
}
