package org.onepath.cells;

/**
 * Malformed grid input (a picture, a Moving AI map or scenario file). The message names the
 * source, the 1-based line and what was expected.
 */
public class GridFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;

    /**
     * @param source file name or "text"
     * @param line   1-based line number, 0 when the problem is not on one line
     * @param detail what is wrong and what was expected
     */
    public GridFormatException(String source, int line, String detail) {
        super(source + (line > 0 ? ":" + line : "") + ": " + detail);
        this.source = source;
        this.line = line;
    }

    /** The file name or "text". */
    public String source() {
        return source;
    }

    /** The 1-based line number, 0 when not tied to a line. */
    public int line() {
        return line;
    }
}
