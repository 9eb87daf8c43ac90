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
     * @param field    name of the field
     * @param value    what the bytes held, in words
     * @param expected what the format or the restoring object requires
     * @param offset   byte offset of the field from the start of the data
     */
    public GridStateException(String field, String value, String expected, long offset) {
        super(field, value, expected, offset);
    }

    /** As {@link #GridStateException(String, String, String, long)} with an integer value. */
    public GridStateException(String field, long value, String expected, long offset) {
        super(field, value, expected, offset);
    }

    /** As {@link #GridStateException(String, String, String, long)} with a floating value. */
    public GridStateException(String field, double value, String expected, long offset) {
        super(field, value, expected, offset);
    }
}
