package org.onepath.io;

/**
 * Malformed graph input (a DIMACS {@code .gr} or {@code .co} file). The message names the source,
 * the 1-based line and what was expected.
 */
public class GraphFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The file name, or the name the caller gave the text. */
    private final String source;
    /** The 1-based line number, 0 when not tied to a line. */
    private final long line;

    /**
     * Creates the error; the message is {@code source:line: detail}, without {@code :line} when
     * {@code line} is 0.
     *
     * @param source file name
     * @param line   1-based line number, 0 when the problem is not on one line
     * @param detail what is wrong and what was expected
     */
    public GraphFormatException(String source, long line, String detail) {
        super(source + (line > 0 ? ":" + line : "") + ": " + detail);
        this.source = source;
        this.line = line;
    }

    /**
     * Where the input came from.
     *
     * @return the file name, or the name the caller gave the text
     */
    public String source() {
        return source;
    }

    /**
     * Which line is wrong.
     *
     * @return the 1-based line number, 0 when not tied to a line
     */
    public long line() {
        return line;
    }
}
