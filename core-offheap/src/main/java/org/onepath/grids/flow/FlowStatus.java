package org.onepath.grids.flow;

/** State of a {@link FlowField}. {@link #code()} is the value snapshots store. */
public enum FlowStatus {
    /** Nothing computed: never begun, or left so by a failed restore. */
    NOT_STARTED(0),
    /** A computation (the whole field or a repair) has open nodes left; call {@code step} again. */
    RUNNING(1),
    /** Every reachable node is settled and the direction field is current. */
    COMPLETE(2);

    private static final FlowStatus[] BY_CODE = values();

    private final int code;

    FlowStatus(int code) {
        this.code = code;
    }

    /**
     * The code snapshots store for this status, the flow field piece's status byte.
     *
     * @return 0, 1 or 2
     */
    public int code() {
        return code;
    }

    /**
     * The status with a code.
     *
     * @param code a status code as {@link #code()} gives it, 0..2
     * @return the status with that code
     * @throws IllegalArgumentException for a code outside 0..2
     */
    public static FlowStatus ofCode(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("flow status code " + code + " is outside 0.." + (BY_CODE.length - 1));
        }
        return BY_CODE[code];
    }
}
