package org.onepath.state;

import java.util.Objects;

/**
 * The GridReplanner (kind 5) and HexReplanner (kind 6) states as bytes, without the engine: a
 * tier-1 incremental replanner over a square or a hex grid.
 *
 * <pre>
 *  0       8       12      16  17      21      25      29
 *  +-------+-------+-------+---+-------+-------+-------+---------------------+
 *  |header | width |height |alg|areaVer| start | goal  | replan search piece |
 *  +-------+-------+-------+---+-------+-------+-------+---------------------+
 *   alg = algorithm (u8): the GridAlgorithm code, 5 LPA*, 6 D* Lite
 * </pre>
 * start and goal are cell indexes ({@code y * width + x}, column and row on a hex grid) and equal
 * the search's own; the area version is the grid's {@code AreaCosts.version()} the search was
 * planned for. The replan search piece is {@link ReplanSearchPiece} ({@link ReplanSearchPieceLayout})
 * over {@code width * height} nodes, its mode 0 for LPA* and 1 for D* Lite.
 */
public final class GridReplannerStateFormat {
    private GridReplannerStateFormat() {}

    /** Largest number of cells, as for the grids. */
    public static final int MAX_CELLS = GridStateFormat.MAX_CELLS;

    /** GridAlgorithm code of LPA*. */
    public static final int ALGORITHM_LPA_STAR = 5;
    /** GridAlgorithm code of D* Lite. */
    public static final int ALGORITHM_D_STAR_LITE = 6;

    /** Byte offset of the i32 width in cells, from the header's first byte: 8. */
    public static final long WIDTH_OFFSET = StateLayout.HEADER_BYTES;
    /** Byte offset of the i32 height in cells: 12. */
    public static final long HEIGHT_OFFSET = WIDTH_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the u8 algorithm code: 16. */
    public static final long ALGORITHM_OFFSET = HEIGHT_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 area version the search was planned for: 17, unaligned. */
    public static final long AREA_VERSION_OFFSET = ALGORITHM_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of the i32 start cell index: 21. */
    public static final long START_OFFSET = AREA_VERSION_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 goal cell index: 25. */
    public static final long GOAL_OFFSET = START_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the replan search piece: 29. */
    public static final long SEARCH_OFFSET = GOAL_OFFSET + StateLayout.I32_BYTES;

    /**
     * A kind 5 or 6 state.
     *
     * @param kind        {@link StateKind#GRID_REPLANNER} or {@link StateKind#HEX_REPLANNER}
     * @param width       the grid's width in cells, &gt;= 1
     * @param height      the grid's height in cells, &gt;= 1, with width * height &lt;= {@link #MAX_CELLS}
     * @param algorithm   {@link #ALGORITHM_LPA_STAR} or {@link #ALGORITHM_D_STAR_LITE}
     * @param areaVersion the grid's area-cost version the search was planned for, &gt;= 0
     * @param start       the start cell index, {@code y * width + x}, in 0..width*height-1
     * @param goal        the goal cell index, in 0..width*height-1
     * @param search      the engine's state over width * height nodes, with the same mode, start
     *                    and goal
     */
    public record State(
            StateKind kind,
            int width,
            int height,
            int algorithm,
            int areaVersion,
            int start,
            int goal,
            ReplanSearchPiece.Search search) {
        /**
         * Checks that the kind and the search are present; the rest is checked when the state is
         * written or read.
         *
         * @throws NullPointerException if {@code kind} or {@code search} is null
         */
        public State {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(search, "search");
        }
    }

    /**
     * The size of a state, to size a writer before {@link #write}.
     *
     * @param s the state
     * @return the number of bytes {@link #write} emits for it, header included
     */
    public static long length(State s) {
        return SEARCH_OFFSET + ReplanSearchPiece.length(s.search());
    }

    /**
     * Writes a whole kind 5 or 6 state, header included. Nothing is written when a rule is broken.
     *
     * @param w where the bytes go, at its current position (the start of the state)
     * @param s the state to write
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if a value breaks a rule a reader checks
     */
    public static void write(StateWriter w, State s) {
        Objects.requireNonNull(w, "w");
        Objects.requireNonNull(s, "state");
        check(s, Complaint.ARGUMENT);
        w.header(s.kind())
                .i32(s.width())
                .i32(s.height())
                .u8(s.algorithm())
                .i32(s.areaVersion())
                .i32(s.start())
                .i32(s.goal());
        ReplanSearchPiece.write(w, s.search());
    }

    /**
     * Reads and checks a whole kind 5 or 6 state from the start of the reader's data: the header,
     * sides of at least 1 with at most {@link #MAX_CELLS} cells, algorithm 5 or 6, an area version
     * &gt;= 0, start and goal inside the grid, and a replan search over exactly width * height
     * nodes whose mode, start and goal agree.
     *
     * @param r    the bytes, positioned at the header (offset 0); it is left at the end
     * @param kind {@link StateKind#GRID_REPLANNER} or {@link StateKind#HEX_REPLANNER}, the kind
     *             the caller restores
     * @return the checked state
     * @throws NullPointerException     if {@code r} is null
     * @throws IllegalArgumentException if {@code kind} is another kind
     * @throws OnePathFormatException   (the reader's subtype) naming the first field that breaks a
     *                                  rule, or trailing bytes
     */
    public static State read(StateReader r, StateKind kind) {
        Objects.requireNonNull(r, "r");
        requireKind(kind);
        r.header(kind);
        int w = r.i32InRange("width", 1, MAX_CELLS);
        int h = r.i32InRange("height", 1, MAX_CELLS);
        if ((long) w * h > MAX_CELLS) {
            throw r.error("height", h, "at most " + (MAX_CELLS / w) + " (width * height <= 2^28)", HEIGHT_OFFSET);
        }
        int cells = w * h;
        int algorithm = r.u8("algorithm");
        if (algorithm != ALGORITHM_LPA_STAR && algorithm != ALGORITHM_D_STAR_LITE) {
            throw r.error("algorithm", algorithm, "5 (LPA*) or 6 (D* Lite)", ALGORITHM_OFFSET);
        }
        int areaVersion = r.i32InRange("areaVersion", 0, Integer.MAX_VALUE);
        int start = r.index("start", cells);
        int goal = r.index("goal", cells);
        ReplanSearchPiece.Search search = ReplanSearchPiece.read(r, cells);
        r.expectEnd();
        State s = new State(kind, w, h, algorithm, areaVersion, start, goal, search);
        check(s, Complaint.of(r));
        return s;
    }

    private static void requireKind(StateKind kind) {
        if (kind != StateKind.GRID_REPLANNER && kind != StateKind.HEX_REPLANNER) {
            throw new IllegalArgumentException("kind " + kind + ": expected GRID_REPLANNER (5) or HEX_REPLANNER (6)");
        }
    }

    private static void check(State s, Complaint complaint) {
        requireKind(s.kind());
        int w = s.width();
        int h = s.height();
        if (w < 1 || h < 1 || (long) w * h > MAX_CELLS) {
            throw complaint.at("width", w + " x " + h, "sides >= 1 and at most 2^28 cells", WIDTH_OFFSET);
        }
        int cells = w * h;
        if (s.algorithm() != ALGORITHM_LPA_STAR && s.algorithm() != ALGORITHM_D_STAR_LITE) {
            throw complaint.at(
                    "algorithm", Integer.toString(s.algorithm()), "5 (LPA*) or 6 (D* Lite)", ALGORITHM_OFFSET);
        }
        if (s.areaVersion() < 0) {
            throw complaint.at("areaVersion", Integer.toString(s.areaVersion()), ">= 0", AREA_VERSION_OFFSET);
        }
        if (s.start() < 0 || s.start() >= cells) {
            throw complaint.at("start", Integer.toString(s.start()), StateReader.indexRange(cells), START_OFFSET);
        }
        if (s.goal() < 0 || s.goal() >= cells) {
            throw complaint.at("goal", Integer.toString(s.goal()), StateReader.indexRange(cells), GOAL_OFFSET);
        }
        ReplanSearchPiece.Search search = s.search();
        if (search.nodeCount() != cells) {
            throw complaint.at(
                    "replan.nodeCount",
                    Integer.toString(search.nodeCount()),
                    cells + " (width * height)",
                    SEARCH_OFFSET + ReplanSearchPieceLayout.NODE_COUNT_OFFSET);
        }
        int mode = s.algorithm() == ALGORITHM_LPA_STAR
                ? ReplanSearchPieceLayout.MODE_LPA_STAR
                : ReplanSearchPieceLayout.MODE_D_STAR_LITE;
        if (search.mode() != mode) {
            throw complaint.at(
                    "replan.mode",
                    Integer.toString(search.mode()),
                    mode + " (the mode of algorithm " + s.algorithm() + ")",
                    SEARCH_OFFSET + ReplanSearchPieceLayout.MODE_OFFSET);
        }
        if (search.start() != s.start()) {
            throw complaint.at(
                    "replan.start",
                    Integer.toString(search.start()),
                    s.start() + " (the replanner's start)",
                    SEARCH_OFFSET + ReplanSearchPieceLayout.START_OFFSET);
        }
        if (search.goal() != s.goal()) {
            throw complaint.at(
                    "replan.goal",
                    Integer.toString(search.goal()),
                    s.goal() + " (the replanner's goal)",
                    SEARCH_OFFSET + ReplanSearchPieceLayout.GOAL_OFFSET);
        }
    }
}
