package org.onepath.state;

import java.util.Optional;

/**
 * The object a snapshot belongs to: the u16 at {@link StateLayout#KIND_OFFSET} of the header.
 * Codes are part of the format and never change meaning; a new kind gets a new code.
 */
public enum StateKind {
    /** A square grid. */
    GRID(1, "Grid"),
    /** A hexagonal grid. */
    HEX_GRID(2, "HexGrid"),
    /** A voxel grid. */
    VOXEL_GRID(3, "VoxelGrid"),
    /** A graph. */
    GRAPH(4, "Graph"),
    /** An incremental replanner over a square grid. */
    GRID_REPLANNER(5, "GridReplanner"),
    /** An incremental replanner over a hex grid. */
    HEX_REPLANNER(6, "HexReplanner"),
    /** A flow field over a square grid. */
    GRID_FLOW_FIELD(7, "GridFlowField"),
    /** An A* search. */
    A_STAR(8, "A*"),
    /** A jump point search. */
    JUMP_POINT_SEARCH(9, "jump point search"),
    /** A Theta* search. */
    THETA_STAR(10, "Theta*"),
    /** An A* search over a graph. */
    GRAPH_A_STAR(11, "graph A*"),
    /** A grid search handle (the tier-1 search object). */
    GRID_SEARCH(12, "GridSearch");

    // Indexed by code so a lookup costs one array read; index 0 is unused (no kind has code 0).
    private static final StateKind[] BY_CODE = new StateKind[13];

    static {
        for (StateKind kind : values()) {
            BY_CODE[kind.code] = kind;
        }
    }

    private final int code;
    private final String label;

    StateKind(int code, String label) {
        this.code = code;
        this.label = label;
    }

    /**
     * The code written in the header for this kind.
     *
     * @return the u16 code, 1..12, fixed by the format
     */
    public int code() {
        return code;
    }

    /**
     * The human-readable name used in messages.
     *
     * @return the label, e.g. {@code "VoxelGrid"} or {@code "A*"}; never null
     */
    public String label() {
        return label;
    }

    /**
     * Looks a kind up by its code without throwing.
     *
     * @param code a u16 code as read from a header; any int is accepted
     * @return the kind with this code, or empty when no kind has it (0, negative, or above 12)
     */
    public static Optional<StateKind> find(int code) {
        return code > 0 && code < BY_CODE.length ? Optional.ofNullable(BY_CODE[code]) : Optional.empty();
    }

    /**
     * The kind with this code, for a reader that must reject an unknown one.
     *
     * @param code a u16 code as read from a header; valid codes are 1..12
     * @return the kind with this code
     * @throws OnePathFormatException naming the code and the valid range, at the header's kind
     *                                offset, when no kind has it
     */
    public static StateKind of(int code) {
        return find(code)
                .orElseThrow(() -> new OnePathFormatException(
                        "kind", code, "a known kind code 1.." + (BY_CODE.length - 1), StateLayout.KIND_OFFSET));
    }

    /** The code and label, as messages quote a kind: {@code "3 (VoxelGrid)"}. */
    String describe() {
        return code + " (" + label + ")";
    }
}
