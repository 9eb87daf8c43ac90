package org.onepath.grids.replan;

/**
 * Which incremental algorithm a {@link ReplanSearch} runs. {@link #code()} is the mode byte of the
 * replan search piece of the state format.
 */
public enum ReplanMode {
    /** Lifelong Planning A*: searches from the start (the root) towards the goal (the focus). */
    LPA_STAR(0),
    /** D* Lite: searches from the goal (the root) towards the start (the focus), which may move. */
    D_STAR_LITE(1);

    private final int code;

    ReplanMode(int code) {
        this.code = code;
    }

    /**
     * The mode byte the state format stores for this algorithm.
     *
     * @return 0 for LPA*, 1 for D* Lite
     */
    public int code() {
        return code;
    }
}
