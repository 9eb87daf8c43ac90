package org.onepath.state;

import java.util.Arrays;
import java.util.Objects;

/**
 * The GridFlowField state (kind 7) as bytes, without the engine: a tier-1 flow field over a square
 * or hex grid.
 *
 * <pre>
 *  0       8       12      16      20      24
 *  +-------+-------+-------+-------+-------+---------------+---------+---------------+------------+
 *  |header | width |height |areaVer| goals | g x i32 cell  | pending | p x i32 cell  | flow field |
 *  |       |       |       |       | (i32) | (as created)  |  (i32)  |  (distinct)   | search     |
 *  +-------+-------+-------+-------+-------+---------------+---------+---------------+------------+
 * </pre>
 * The goals are the cells the field was created with, in that order (duplicates kept); the
 * pending cells are the grid edits heard since the field was last brought up to date. The flow
 * field search is {@link FlowFieldPiece} ({@link FlowFieldPieceLayout}) over
 * {@code width * height} nodes, the cell indexes.
 */
public final class GridFlowFieldStateFormat {
    private GridFlowFieldStateFormat() {}

    /** Largest number of cells, as for the grids. */
    public static final int MAX_CELLS = GridStateFormat.MAX_CELLS;

    /** Byte offset of the i32 width in cells, from the header's first byte: 8. */
    public static final long WIDTH_OFFSET = StateLayout.HEADER_BYTES;
    /** Byte offset of the i32 height in cells: 12. */
    public static final long HEIGHT_OFFSET = WIDTH_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 area version the field was computed for: 16. */
    public static final long AREA_VERSION_OFFSET = HEIGHT_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 goal count: 20. */
    public static final long GOAL_COUNT_OFFSET = AREA_VERSION_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of goal cell 0: 24. */
    public static final long GOALS_OFFSET = GOAL_COUNT_OFFSET + StateLayout.I32_BYTES;

    /** A goal cell or a pending cell: i32. */
    public static final long CELL_BYTES = StateLayout.I32_BYTES;

    /**
     * Where the pending count sits.
     *
     * @param goals the number of goal cells before it, &gt;= 0
     * @return the byte offset of the pending count from the start of the state
     */
    public static long pendingCountOffset(int goals) {
        return GOALS_OFFSET + goals * CELL_BYTES;
    }

    /**
     * Where the flow field search piece starts.
     *
     * @param goals   the number of goal cells, &gt;= 0
     * @param pending the number of pending cells, &gt;= 0
     * @return the byte offset of the piece from the start of the state
     */
    public static long fieldOffset(int goals, int pending) {
        return pendingCountOffset(goals) + StateLayout.I32_BYTES + pending * CELL_BYTES;
    }

    /**
     * A kind 7 state.
     *
     * @param width       the grid's width in cells, &gt;= 1
     * @param height      the grid's height in cells, &gt;= 1, with width * height &lt;= {@link #MAX_CELLS}
     * @param areaVersion the grid's area-cost version the field was computed for, &gt;= 0
     * @param goals       goal cells in creation order, duplicates kept; at least one, each in
     *                    0..width*height-1
     * @param pending     pending edited cells, distinct, each in 0..width*height-1
     * @param field       the flow field search over width * height nodes, whose goals are the goal
     *                    cells sorted without repeats
     */
    public record State(
            int width, int height, int areaVersion, int[] goals, int[] pending, FlowFieldPiece.Field field) {
        /**
         * Checks that the arrays and the field are present; the rest is checked when the state is
         * written or read. The arrays are not copied.
         *
         * @throws NullPointerException if an argument is null
         */
        public State {
            Objects.requireNonNull(goals, "goals");
            Objects.requireNonNull(pending, "pending");
            Objects.requireNonNull(field, "field");
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof State s
                    && width == s.width
                    && height == s.height
                    && areaVersion == s.areaVersion
                    && Arrays.equals(goals, s.goals)
                    && Arrays.equals(pending, s.pending)
                    && field.equals(s.field);
        }

        @Override
        public int hashCode() {
            return Objects.hash(width, height, areaVersion, Arrays.hashCode(goals), Arrays.hashCode(pending), field);
        }

        @Override
        public String toString() {
            return "State[" + width + " x " + height + ", areaVersion=" + areaVersion + ", goals="
                    + Arrays.toString(goals) + ", pending=" + pending.length + ", " + field + "]";
        }
    }

    /**
     * The size of a state, to size a writer before {@link #write}.
     *
     * @param s the state
     * @return the number of bytes {@link #write} emits for it, header included
     */
    public static long length(State s) {
        return fieldOffset(s.goals().length, s.pending().length) + FlowFieldPiece.length(s.field());
    }

    /**
     * Writes a whole kind 7 state, header included. Nothing is written when a rule is broken.
     *
     * @param w where the bytes go, at its current position (the start of the state)
     * @param s the state to write
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if a value breaks a rule a reader checks
     */
    public static void write(StateWriter w, State s) {
        Objects.requireNonNull(w, "w");
        Objects.requireNonNull(s, "state");
        check(s, Complaint.ARGUMENT, fieldOffset(s.goals().length, s.pending().length));
        w.header(StateKind.GRID_FLOW_FIELD).i32(s.width()).i32(s.height()).i32(s.areaVersion());
        w.i32(s.goals().length);
        for (int g : s.goals()) {
            w.i32(g);
        }
        w.i32(s.pending().length);
        for (int p : s.pending()) {
            w.i32(p);
        }
        FlowFieldPiece.write(w, s.field());
    }

    /**
     * Reads and checks a whole kind 7 state from the start of the reader's data: the header,
     * sides of at least 1 with at most {@link #MAX_CELLS} cells, an area version &gt;= 0, at least
     * one goal cell and every goal inside the grid, distinct pending cells inside it, and a flow
     * field search over exactly width * height nodes whose goals are the goal cells sorted and
     * deduplicated.
     *
     * @param r the bytes, positioned at the header (offset 0); it is left at the end
     * @return the checked state, with new arrays owned by the caller
     * @throws NullPointerException   if {@code r} is null
     * @throws OnePathFormatException (the reader's subtype) naming the first field that breaks a
     *                                rule, or trailing bytes
     */
    public static State read(StateReader r) {
        Objects.requireNonNull(r, "r");
        r.header(StateKind.GRID_FLOW_FIELD);
        int w = r.i32InRange("width", 1, MAX_CELLS);
        int h = r.i32InRange("height", 1, MAX_CELLS);
        if ((long) w * h > MAX_CELLS) {
            throw r.error("height", h, "at most " + (MAX_CELLS / w) + " (width * height <= 2^28)", HEIGHT_OFFSET);
        }
        int cells = w * h;
        int areaVersion = r.i32InRange("areaVersion", 0, Integer.MAX_VALUE);
        int g = r.count("goals.count", Integer.MAX_VALUE, CELL_BYTES);
        int[] goals = new int[g];
        for (int i = 0; i < g; i++) {
            goals[i] = r.i32("goal");
        }
        int p = r.count("pending.count", cells, CELL_BYTES);
        int[] pending = new int[p];
        for (int i = 0; i < p; i++) {
            pending[i] = r.i32("pending");
        }
        long fieldAt = r.offset();
        FlowFieldPiece.Field field = FlowFieldPiece.read(r, cells);
        r.expectEnd();
        State s = new State(w, h, areaVersion, goals, pending, field);
        check(s, Complaint.of(r), fieldAt);
        return s;
    }

    private static void check(State s, Complaint complaint, long fieldAt) {
        int w = s.width();
        int h = s.height();
        if (w < 1 || h < 1 || (long) w * h > MAX_CELLS) {
            throw complaint.at("width", w + " x " + h, "sides >= 1 and at most 2^28 cells", WIDTH_OFFSET);
        }
        int cells = w * h;
        if (s.areaVersion() < 0) {
            throw complaint.at("areaVersion", Integer.toString(s.areaVersion()), ">= 0", AREA_VERSION_OFFSET);
        }
        int[] goals = s.goals();
        if (goals.length == 0) {
            throw complaint.at("goals.count", "0", "at least 1 (a field has a goal)", GOAL_COUNT_OFFSET);
        }
        for (int i = 0; i < goals.length; i++) {
            if (goals[i] < 0 || goals[i] >= cells) {
                throw complaint.at(
                        "goal[" + i + "]",
                        Integer.toString(goals[i]),
                        StateReader.indexRange(cells),
                        GOALS_OFFSET + i * CELL_BYTES);
            }
        }
        int[] pending = s.pending();
        long pendingAt = pendingCountOffset(goals.length) + StateLayout.I32_BYTES;
        int[] sorted = pending.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < pending.length; i++) {
            if (pending[i] < 0 || pending[i] >= cells) {
                throw complaint.at(
                        "pending[" + i + "]",
                        Integer.toString(pending[i]),
                        StateReader.indexRange(cells),
                        pendingAt + i * CELL_BYTES);
            }
        }
        for (int k = 1; k < sorted.length; k++) {
            if (sorted[k] == sorted[k - 1]) {
                int dup = sorted[k];
                int first = -1;
                for (int i = 0; i < pending.length; i++) {
                    if (pending[i] == dup) {
                        if (first >= 0) {
                            throw complaint.at(
                                    "pending[" + i + "]",
                                    Integer.toString(dup),
                                    "a cell not already listed at pending[" + first + "] (pending cells are distinct)",
                                    pendingAt + i * CELL_BYTES);
                        }
                        first = i;
                    }
                }
            }
        }
        FlowFieldPiece.Field f = s.field();
        if (f.nodeCount() != cells) {
            throw complaint.at(
                    "flow.nodeCount",
                    Integer.toString(f.nodeCount()),
                    cells + " (width * height)",
                    fieldAt + FlowFieldPieceLayout.NODE_COUNT_OFFSET);
        }
        int[] distinct = Arrays.stream(goals).sorted().distinct().toArray();
        if (!Arrays.equals(distinct, f.goals())) {
            throw complaint.at(
                    "flow.goals",
                    Arrays.toString(f.goals()),
                    Arrays.toString(distinct) + " (the goal cells sorted, without repeats)",
                    fieldAt + FlowFieldPieceLayout.GOAL_COUNT_OFFSET);
        }
    }
}
