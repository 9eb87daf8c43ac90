package org.onepath.io;

/**
 * Malformed graph input (a DIMACS {@code .gr} or {@code .co} file). The message names the source,
 * the 1-based line and what was expected.
 */
public class GraphFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final long line;

    /**
     * @param source file name
     * @param line   1-based line number, 0 when the problem is not on one line
     * @param detail what is wrong and what was expected
     */
    public GraphFormatException(String source, long line, String detail) {
        super(source + (line > 0 ? ":" + line : "") + ": " + detail);
        this.source = source;
        this.line = line;
    }

    /** The file name. */
    public String source() {
        return source;
    }

    /** The 1-based line number, 0 when not tied to a line. */
    public long line() {
        return line;
    }
}
