package org.onepath.cells;

/** Outcome of a path query. {@link #code()} is the number the snapshot and host formats use. */
public enum PathStatus {
    /** No query has produced a result. */
    NONE(0),
    /** A path was found. */
    FOUND(1),
    /** Start and goal are valid but not connected. */
    NO_PATH(2),
    /** The start is outside the grid, a wall, too narrow for the agent or blocked by the caller. */
    START_INVALID(3),
    /** The goal is outside the grid, a wall, too narrow for the agent or blocked by the caller. */
    GOAL_INVALID(4),
    /** The iteration budget ran out first; the query is not resumable. */
    BUDGET_EXHAUSTED(5),
    /**
     * Reserved for hosts that record a cancelled request. The engine's own calls report
     * cancellation by throwing {@link java.util.concurrent.CancellationException}.
     */
    CANCELLED(6),
    /** A resumable search has work left. */
    IN_PROGRESS(7),
    /**
     * The goal was not found (not connected, or the iteration budget ran out first) and the query
     * asked for a best-effort answer ({@code allowPartial}): the path leads to the reached node
     * closest to the goal by the query's estimate ({@code docs/partial-paths.md}). Never returned
     * when the goal was found, nor by a query without {@code allowPartial}.
     */
    PARTIAL(8);

    private static final PathStatus[] BY_CODE = values();

    private final int code;

    PathStatus(int code) {
        this.code = code;
    }

    /**
     * The status's number in the snapshot and host formats; codes never change meaning.
     *
     * @return the code, 0..8
     */
    public int code() {
        return code;
    }

    /**
     * The status with a code.
     *
     * @param code a status code, 0..8
     * @return the status with that code
     * @throws IllegalArgumentException for a code outside 0..8
     */
    public static PathStatus ofCode(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("path status code " + code + " is outside 0.." + (BY_CODE.length - 1));
        }
        return BY_CODE[code];
    }
}
