package org.onepath;

/**
 * The search a tier-1 query asks for; {@link GridPath#algorithm()} says which one ran (a query an
 * algorithm cannot serve falls back to A*). {@link #code()} is the number the snapshot formats use.
 */
public enum GridAlgorithm {
    /** A* (the default). */
    ASTAR(0);

    private final int code;

    GridAlgorithm(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
