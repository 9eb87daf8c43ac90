package org.onepath.grids;

/** State of a tier-2 search. {@link #code()} is the value snapshots store. */
public enum SearchStatus {
    /** Nothing begun yet. */
    NOT_STARTED(0),
    /** Work remains; call {@code step} again. */
    RUNNING(1),
    /** The goal was popped; the path and cost are available. */
    FOUND(2),
    /** The open set emptied before the goal was popped. */
    NO_PATH(3);

    private final int code;

    SearchStatus(int code) {
        this.code = code;
    }

    /**
     * The status's number in the state format.
     *
     * @return the code, 0..3
     */
    public int code() {
        return code;
    }
}
