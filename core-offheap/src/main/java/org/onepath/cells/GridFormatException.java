package org.onepath.cells;

/**
 * Malformed grid input (a picture, a Moving AI map or scenario file). The message names the
 * source, the 1-based line and what was expected.
 */
public class GridFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The file name, or "text" for a string. */
    private final String source;
    /** The 1-based line number, 0 when the problem is not on one line. */
    private final int line;

    /**
     * Creates the exception; the message is {@code source:line: detail}, without {@code :line}
     * when the line is 0.
     *
     * @param source file name or "text"
     * @param line   1-based line number, 0 when the problem is not on one line
     * @param detail what is wrong and what was expected
     */
    public GridFormatException(String source, int line, String detail) {
        super(source + (line > 0 ? ":" + line : "") + ": " + detail);
        this.source = source;
        this.line = line;
    }

    /**
     * The file name or "text".
     *
     * @return the source name given at creation
     */
    public String source() {
        return source;
    }

    /**
     * The 1-based line number, 0 when not tied to a line.
     *
     * @return the line, 1 or more, or 0
     */
    public int line() {
        return line;
    }
}
