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

    public static final long WIDTH_OFFSET = StateLayout.HEADER_BYTES;
    public static final long HEIGHT_OFFSET = WIDTH_OFFSET + StateLayout.I32_BYTES;
    public static final long AREA_VERSION_OFFSET = HEIGHT_OFFSET + StateLayout.I32_BYTES;
    public static final long GOAL_COUNT_OFFSET = AREA_VERSION_OFFSET + StateLayout.I32_BYTES;
    public static final long GOALS_OFFSET = GOAL_COUNT_OFFSET + StateLayout.I32_BYTES;

    /** A goal cell or a pending cell: i32. */
    public static final long CELL_BYTES = StateLayout.I32_BYTES;

    /** Offset of the pending count after {@code goals} goal cells. */
    public static long pendingCountOffset(int goals) {
        return GOALS_OFFSET + goals * CELL_BYTES;
    }

    /** Offset of the flow field search piece. */
    public static long fieldOffset(int goals, int pending) {
        return pendingCountOffset(goals) + StateLayout.I32_BYTES + pending * CELL_BYTES;
    }

    /**
     * A kind 7 state.
     *
     * @param goals   goal cells in creation order
     * @param pending pending edited cells, distinct
     */
    public record State(
            int width, int height, int areaVersion, int[] goals, int[] pending, FlowFieldPiece.Field field) {
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

    /** Bytes {@link #write} emits. */
    public static long length(State s) {
        return fieldOffset(s.goals().length, s.pending().length) + FlowFieldPiece.length(s.field());
    }

    /**
     * Writes a whole kind 7 state.
     *
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
