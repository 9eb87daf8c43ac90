package org.onepath.state;

/**
 * A snapshot of a grid-like object (square, hex or voxel grid, or a search, replanner or flow
 * field over one) whose bytes break the format or do not fit the object being restored. The
 * message names the field, its value, the byte offset and the expected bound; see
 * {@link OnePathFormatException}. Readers throw this class unless made for graphs.
 */
public final class GridStateException extends OnePathFormatException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the error for one field of a grid-like object's snapshot; the message is built from the four
     * parts as {@link OnePathFormatException} words it.
     *
     * @param field    name of the field, e.g. {@code "open.count"}
     * @param value    what the bytes held, in words
     * @param expected what the format or the restoring object requires
     * @param offset   byte offset of the field from the start of the data, &gt;= 0
     */
    public GridStateException(String field, String value, String expected, long offset) {
        super(field, value, expected, offset);
    }

    /**
     * As {@link #GridStateException(String, String, String, long)} with an integer value.
     *
     * @param field    name of the field
     * @param value    what the bytes held, written in decimal in the message
     * @param expected what the format or the restoring object requires
     * @param offset   byte offset of the field from the start of the data, &gt;= 0
     */
    public GridStateException(String field, long value, String expected, long offset) {
        super(field, value, expected, offset);
    }

    /**
     * As {@link #GridStateException(String, String, String, long)} with a floating value.
     *
     * @param field    name of the field
     * @param value    what the bytes held, written as {@link Double#toString(double)} does
     * @param expected what the format or the restoring object requires
     * @param offset   byte offset of the field from the start of the data, &gt;= 0
     */
    public GridStateException(String field, double value, String expected, long offset) {
        super(field, value, expected, offset);
    }
}
