package org.onepath.state;

import static org.onepath.state.GridSearchStateLayout.FINDER_BLOCK_SCANS;
import static org.onepath.state.GridSearchStateLayout.FINDER_JPS_PLUS_TABLES;
import static org.onepath.state.GridSearchStateLayout.MODE_GENERIC;
import static org.onepath.state.GridSearchStateLayout.MODE_NOT_BEGUN;
import static org.onepath.state.GridSearchStateLayout.MODE_SPECIALISED_ASTAR;
import static org.onepath.state.GridSearchStateLayout.MODE_SPECIALISED_JUMP;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * The GridSearch state (kind 12) as bytes, without the engine: its modes and the fields every
 * reader checks the same way (a handle's restore, {@code onepath state inspect}). The offsets
 * and codes are {@link GridSearchStateLayout}'s.
 *
 * <pre>
 *  0       8    9       13      17
 *  +-------+----+-------+-------+----------------------------------------------+
 *  |header |mode| width |height | mode 0: nothing                              |
 *  |       |    |       |       | mode 1: fixed fields, visited records        |
 *  |       |    |       |       | mode 2: startX, startY, goalX, goalY, length,|
 *  |       |    |       |       |         the embedded kind 8 or 9 state       |
 *  |       |    |       |       | mode 3: finder, fixed fields, visited        |
 *  |       |    |       |       |         records, open list                   |
 *  +-------+----+-------+-------+----------------------------------------------+
 * </pre>
 * A state is read in the order it lies, one part at a time, so that a restore can compare each
 * part with its own engine before it reads on: {@link #readHead}, then by mode
 * {@link #readFinder} (mode 3), {@link #readFixed} (modes 1 and 3, up to and including the
 * visited count) or {@link #readGeneric} (mode 2). The visited records and the mode-3 open list
 * are the specialised engine's to read, because checking them needs the grid; a reader without
 * one steps over them with {@link #skipVisited} and {@link #skipOpenList}. Writers mirror the
 * readers and refuse, with {@link IllegalArgumentException}, the values those would reject.
 */
public final class GridSearchStateFormat {
    private GridSearchStateFormat() {}

    /** Largest number of cells, as for the grids. */
    public static final int MAX_CELLS = GridStateFormat.MAX_CELLS;

    private static final String MODES = "0..3 (not begun, specialised A*, generic, specialised jump point)";
    private static final String FINDERS =
            FINDER_BLOCK_SCANS + " or " + FINDER_JPS_PLUS_TABLES + " (block scans, JPS+ tables)";
    private static final String STATUSES =
            SearchStateFormat.RUNNING + ".." + SearchStateFormat.NO_PATH + " (running, found, no path)";

    /**
     * What every mode has: the mode code and the grid's size.
     *
     * @param mode   the mode code, {@link GridSearchStateLayout#MODE_NOT_BEGUN} to
     *               {@link GridSearchStateLayout#MODE_SPECIALISED_JUMP}
     * @param width  the grid's width in cells, &gt;= 1
     * @param height the grid's height in cells, &gt;= 1, with width * height &lt;= {@link #MAX_CELLS}
     */
    public record Head(int mode, int width, int height) {
        /**
         * The number of cells of the grid.
         *
         * @return width * height, one more than the largest cell index
         */
        public int cellCount() {
            return width * height;
        }
    }

    /**
     * The fixed fields of modes 1 and 3.
     *
     * @param mode         {@link GridSearchStateLayout#MODE_SPECIALISED_ASTAR} or
     *                     {@link GridSearchStateLayout#MODE_SPECIALISED_JUMP}, which decides the
     *                     size of a visited record
     * @param status       a search status code, {@link SearchStateFormat#RUNNING} to
     *                     {@link SearchStateFormat#NO_PATH}
     * @param zeroEstimate whether the search ranks by cost alone, with no distance estimate
     * @param start        the start cell index, {@code y * width + x}, in 0..cellCount-1
     * @param goal         the goal cell index, in 0..cellCount-1
     * @param expanded     cells expanded so far, 0..cellCount
     * @param iterations   pops that closed a cell so far, 0..cellCount
     * @param pathA        straight steps of the found path, &gt;= 0 (0 unless found)
     * @param pathB        diagonal steps of the found path, &gt;= 0 (0 unless found)
     * @param visitedCount the number of visited records that follow, 0..cellCount
     * @param offset       the offset of the status byte, from which the
     *                     {@link GridSearchStateLayout#STATUS_OFFSET fixed-field offsets} count
     */
    public record Fixed(
            int mode,
            int status,
            boolean zeroEstimate,
            int start,
            int goal,
            int expanded,
            int iterations,
            int pathA,
            int pathB,
            int visitedCount,
            long offset) {}

    /**
     * The fields of mode 2: the query's ends and where the embedded state lies in the data read.
     *
     * @param startX         the start's column, 0..width-1
     * @param startY         the start's row, 0..height-1
     * @param goalX          the goal's column, 0..width-1
     * @param goalY          the goal's row, 0..height-1
     * @param embeddedOffset the offset of the embedded state's first byte in the data read
     * @param embeddedLength the embedded state's size in bytes, header included; it ends the data
     */
    public record Generic(int startX, int startY, int goalX, int goalY, long embeddedOffset, int embeddedLength) {}

    /**
     * Mode 3's open list, stepped over: the level and the sizes of the heap and the stack.
     *
     * @param level      the estimate being popped, NaN before the first pop
     * @param heapCount  the number of heap slots, &gt;= 0
     * @param stackCount the number of cells on the equal-estimate stack, &gt;= 0
     */
    public record OpenList(double level, int heapCount, int stackCount) {}

    // ---- writing ----

    /**
     * Writes the header, the mode and the grid's size; the mode's fields follow.
     *
     * @param w      where the bytes go, at its current position
     * @param mode   the mode code, 0..3
     * @param width  the grid's width in cells, &gt;= 1
     * @param height the grid's height in cells, &gt;= 1, with width * height &lt;= {@link #MAX_CELLS}
     * @throws NullPointerException     if {@code w} is null
     * @throws IllegalArgumentException for an undefined mode or a size a reader rejects
     */
    public static void writeHead(StateWriter w, int mode, int width, int height) {
        Objects.requireNonNull(w, "w");
        checkHead(mode, width, height, Complaint.ARGUMENT);
        w.header(StateKind.GRID_SEARCH).u8(mode).i32(width).i32(height);
    }

    /**
     * Writes mode 3's finder code, {@link GridSearchStateLayout#FINDER_BLOCK_SCANS} or
     * {@link GridSearchStateLayout#FINDER_JPS_PLUS_TABLES}.
     *
     * @param w      where the byte goes, right after {@link #writeHead}
     * @param finder the finder code, 0 or 1
     * @throws NullPointerException     if {@code w} is null
     * @throws IllegalArgumentException for another code
     */
    public static void writeFinder(StateWriter w, int finder) {
        if (finder != FINDER_BLOCK_SCANS && finder != FINDER_JPS_PLUS_TABLES) {
            throw Complaint.ARGUMENT.at(
                    "finder", Integer.toString(finder), FINDERS, GridSearchStateLayout.FINDER_OFFSET);
        }
        w.u8(finder);
    }

    /**
     * Writes the fixed fields of modes 1 and 3, up to and including the visited count; the
     * visited records follow. Allocates nothing.
     *
     * @param w            where the bytes go, after the head (and the finder in mode 3)
     * @param cellCount    the grid's width * height, the bound of the cells and counters
     * @param status       the search status, {@link SearchStateFormat#RUNNING} to
     *                     {@link SearchStateFormat#NO_PATH}
     * @param zeroEstimate whether the search ranks by cost alone, with no distance estimate
     * @param start        the start cell index, in 0..cellCount-1
     * @param goal         the goal cell index, in 0..cellCount-1
     * @param expanded     cells expanded so far, 0..cellCount
     * @param iterations   pops that closed a cell so far, 0..cellCount
     * @param pathA        straight steps of the found path, &gt;= 0
     * @param pathB        diagonal steps of the found path, &gt;= 0
     * @param visitedCount the number of visited records the caller writes next, 0..cellCount
     * @throws NullPointerException     if {@code w} is null
     * @throws IllegalArgumentException if a value breaks a rule {@link #readFixed} checks
     */
    public static void writeFixed(
            StateWriter w,
            int cellCount,
            int status,
            boolean zeroEstimate,
            int start,
            int goal,
            int expanded,
            int iterations,
            int pathA,
            int pathB,
            int visitedCount) {
        Objects.requireNonNull(w, "w");
        if (status < SearchStateFormat.RUNNING || status > SearchStateFormat.NO_PATH) {
            throw Complaint.ARGUMENT.at(
                    "status", Integer.toString(status), STATUSES, GridSearchStateLayout.STATUS_OFFSET);
        }
        checkIndex("start", start, cellCount, GridSearchStateLayout.START_OFFSET);
        checkIndex("goal", goal, cellCount, GridSearchStateLayout.GOAL_OFFSET);
        checkRange("expanded", expanded, 0, cellCount, GridSearchStateLayout.EXPANDED_OFFSET);
        checkRange("iterations", iterations, 0, cellCount, GridSearchStateLayout.ITERATIONS_OFFSET);
        checkRange("pathA", pathA, 0, Integer.MAX_VALUE, GridSearchStateLayout.PATH_A_OFFSET);
        checkRange("pathB", pathB, 0, Integer.MAX_VALUE, GridSearchStateLayout.PATH_B_OFFSET);
        checkRange("visited", visitedCount, 0, cellCount, GridSearchStateLayout.VISITED_COUNT_OFFSET);
        w.u8(status)
                .flag(zeroEstimate)
                .i32(start)
                .i32(goal)
                .i32(expanded)
                .i32(iterations)
                .i32(pathA)
                .i32(pathB)
                .i32(visitedCount);
    }

    /**
     * Writes mode 2's fields after {@link #writeHead}: the query's ends as coordinates, the
     * embedded state's length and the embedded state, the bytes {@code embedded} has written.
     *
     * @param w        where the bytes go, right after {@link #writeHead} with mode 2
     * @param width    the grid's width in cells, &gt;= 1
     * @param height   the grid's height in cells, &gt;= 1
     * @param start    the query's start cell, {@code y * width + x}
     * @param goal     the query's goal cell, {@code y * width + x}
     * @param embedded the writer holding the embedded kind 8 or 9 state, header included; its
     *                 bytes are copied, and it stays open and the caller's
     * @throws NullPointerException     if {@code w} or {@code embedded} is null
     * @throws IllegalArgumentException if the size is one a reader rejects, an end is outside the
     *                                  grid, or the embedded state exceeds 2^31-1 bytes
     */
    public static void writeGeneric(StateWriter w, int width, int height, int start, int goal, StateWriter embedded) {
        Objects.requireNonNull(w, "w");
        Objects.requireNonNull(embedded, "embedded");
        checkHead(MODE_GENERIC, width, height, Complaint.ARGUMENT);
        int cells = width * height;
        checkIndex("start", start, cells, GridSearchStateLayout.GENERIC_START_X_OFFSET);
        checkIndex("goal", goal, cells, GridSearchStateLayout.GENERIC_GOAL_X_OFFSET);
        long length = embedded.length();
        if (length > Integer.MAX_VALUE) {
            throw Complaint.ARGUMENT.at(
                    "length",
                    Long.toString(length),
                    "at most " + Integer.MAX_VALUE + " bytes",
                    GridSearchStateLayout.GENERIC_LENGTH_OFFSET);
        }
        w.i32(start % width)
                .i32(start / width)
                .i32(goal % width)
                .i32(goal / width)
                .i32((int) length)
                .bytesFrom(embedded);
    }

    // ---- reading ----

    /**
     * Reads the header, the mode (0..3) and the grid's size (sides of at least 1, at most
     * {@link #MAX_CELLS} cells). After mode 0 nothing may follow: the caller checks the end once
     * it has compared the size with its own.
     *
     * @param r the bytes, positioned at the header
     * @return the mode and the grid's size
     * @throws NullPointerException if {@code r} is null
     * @throws GridStateException     if the header is not a kind 12 one, or the mode or size is out of
     *                                range
     */
    public static Head readHead(StateReader r) {
        Objects.requireNonNull(r, "r");
        r.header(StateKind.GRID_SEARCH);
        int mode = r.u8("mode");
        if (mode > MODE_SPECIALISED_JUMP) {
            throw r.error("mode", mode, MODES, GridSearchStateLayout.MODE_OFFSET);
        }
        int w = r.i32InRange("width", 1, MAX_CELLS);
        int h = r.i32InRange("height", 1, MAX_CELLS);
        checkHead(mode, w, h, Complaint.of(r));
        return new Head(mode, w, h);
    }

    /**
     * Reads mode 3's finder code.
     *
     * @param r the bytes, positioned right after the head
     * @return {@link GridSearchStateLayout#FINDER_BLOCK_SCANS} or
     *         {@link GridSearchStateLayout#FINDER_JPS_PLUS_TABLES}
     * @throws OnePathFormatException (the reader's subtype) for another code or no byte left
     */
    public static int readFinder(StateReader r) {
        long at = r.offset();
        int finder = r.u8("finder");
        if (finder != FINDER_BLOCK_SCANS && finder != FINDER_JPS_PLUS_TABLES) {
            throw r.error("finder", finder, FINDERS, at);
        }
        return finder;
    }

    /**
     * Reads the fixed fields of mode 1 or 3 (after the finder in mode 3): status 1..3, the
     * zero-estimate flag, start and goal inside the grid, expanded and iterations in
     * 0..cellCount, the path's pair &gt;= 0, and a visited count that the bytes left can hold
     * at the mode's record size.
     *
     * @param r         the bytes, positioned at the status byte
     * @param mode      {@link GridSearchStateLayout#MODE_SPECIALISED_ASTAR} or
     *                  {@link GridSearchStateLayout#MODE_SPECIALISED_JUMP}, from {@link #readHead}
     * @param cellCount the grid's width * height, &gt;= 1
     * @return the fixed fields, with the status byte's offset
     * @throws NullPointerException     if {@code r} is null
     * @throws IllegalArgumentException if {@code mode} is neither 1 nor 3
     * @throws OnePathFormatException   (the reader's subtype) naming the first field out of range
     */
    public static Fixed readFixed(StateReader r, int mode, int cellCount) {
        Objects.requireNonNull(r, "r");
        long recordBytes = recordBytes(mode);
        long base = r.offset();
        int status = r.u8("status");
        if (status < SearchStateFormat.RUNNING || status > SearchStateFormat.NO_PATH) {
            throw r.error("status", status, STATUSES, base);
        }
        boolean zero = r.flag("zeroEstimate");
        int start = r.index("start", cellCount);
        int goal = r.index("goal", cellCount);
        int expanded = r.i32InRange("expanded", 0, cellCount);
        int iterations = r.i32InRange("iterations", 0, cellCount);
        int pathA = r.i32InRange("pathA", 0, Integer.MAX_VALUE);
        int pathB = r.i32InRange("pathB", 0, Integer.MAX_VALUE);
        int visited = r.count("visited", cellCount, recordBytes);
        return new Fixed(mode, status, zero, start, goal, expanded, iterations, pathA, pathB, visited, base);
    }

    /**
     * Reads mode 2's fields: the ends inside the grid and the embedded state's length, which the
     * bytes left must hold exactly (nothing may follow it). The embedded state itself is the
     * caller's to read, as its kind; report its errors through {@link #embeddedError}.
     *
     * @param r    the bytes, positioned right after the head; it ends after the embedded state
     * @param head the head read before, whose size bounds the ends
     * @return the ends and where the embedded state lies
     * @throws NullPointerException   if an argument is null
     * @throws OnePathFormatException (the reader's subtype) if an end is outside the grid, or the
     *                                length does not match the bytes left
     */
    public static Generic readGeneric(StateReader r, Head head) {
        Objects.requireNonNull(r, "r");
        Objects.requireNonNull(head, "head");
        int sx = r.i32InRange("startX", 0, head.width() - 1);
        int sy = r.i32InRange("startY", 0, head.height() - 1);
        int gx = r.i32InRange("goalX", 0, head.width() - 1);
        int gy = r.i32InRange("goalY", 0, head.height() - 1);
        int length = r.count("length", Integer.MAX_VALUE, 1);
        long innerAt = r.skip("embedded state", length);
        r.expectEnd();
        return new Generic(sx, sy, gx, gy, innerAt, length);
    }

    /**
     * Reads the embedded state's header and checks that it is a kind mode 2 embeds: 8 (A*) or
     * 9 (jump point search). Offsets in its errors count from the embedded state's first byte.
     *
     * @param embedded the embedded state's bytes, from its header; only read
     * @return {@link StateKind#A_STAR} or {@link StateKind#JUMP_POINT_SEARCH}
     * @throws GridStateException if the header is bad or names another kind
     */
    public static StateKind embeddedKind(MemorySegment embedded) {
        StateKind kind = StateReader.ofGrid(embedded).header();
        if (kind != StateKind.A_STAR && kind != StateKind.JUMP_POINT_SEARCH) {
            throw StateReader.ofGrid(embedded)
                    .error(
                            "kind",
                            kind.code(),
                            StateKind.A_STAR.code() + " or " + StateKind.JUMP_POINT_SEARCH.code()
                                    + " (A* or jump point search)",
                            StateLayout.KIND_OFFSET);
        }
        return kind;
    }

    /**
     * An error of the embedded state as an error of the whole state: offsets count from the
     * first byte of the whole state, also inside the state mode 2 embeds.
     *
     * @param e       the error of the embedded state, with its offset from the embedded header
     * @param generic mode 2's fields, which say where the embedded state lies
     * @return a new exception with the same field, value and expectation and the shifted offset;
     *         not thrown
     */
    public static GridStateException embeddedError(OnePathFormatException e, Generic generic) {
        return new GridStateException(e.field(), e.value(), e.expected(), generic.embeddedOffset() + e.offset());
    }

    /**
     * Checks that the embedded search's ends, read from the embedded state, are the ends mode 2
     * stores; a wrong start is named as startX, a wrong goal as goalX.
     *
     * @param r             the reader of the whole state, whose exception type is used
     * @param head          the head, for the grid's width
     * @param g             mode 2's stored ends
     * @param embeddedStart the start cell the embedded state holds, {@code y * width + x}
     * @param embeddedGoal  the goal cell the embedded state holds, {@code y * width + x}
     * @throws OnePathFormatException (the reader's subtype) naming startX or goalX when an end
     *                                differs
     */
    public static void checkEnds(StateReader r, Head head, Generic g, int embeddedStart, int embeddedGoal) {
        int width = head.width();
        boolean startWrong = embeddedStart != g.startY() * width + g.startX();
        if (startWrong || embeddedGoal != g.goalY() * width + g.goalX()) {
            int wrong = startWrong ? embeddedStart : embeddedGoal;
            long at = g.embeddedOffset()
                    - GridSearchStateLayout.GENERIC_HEAD_BYTES
                    + (startWrong
                            ? GridSearchStateLayout.GENERIC_START_X_OFFSET
                            : GridSearchStateLayout.GENERIC_GOAL_X_OFFSET);
            throw r.error(
                    startWrong ? "startX" : "goalX",
                    startWrong ? g.startX() : g.goalX(),
                    "the embedded search's " + (startWrong ? "start" : "goal") + " (" + wrong % width + ", "
                            + wrong / width + ")",
                    at);
        }
    }

    /**
     * Steps over the visited records of mode 1 or 3 (their count was read with the fixed
     * fields); a restore reads them instead, checking them against its grid.
     *
     * @param r the bytes, positioned at the first visited record
     * @param f the fixed fields read before, whose mode and count give the records' size
     * @throws OnePathFormatException (the reader's subtype) if the records run past the data
     */
    public static void skipVisited(StateReader r, Fixed f) {
        r.skip("visited records", f.visitedCount() * recordBytes(f.mode()));
    }

    /**
     * Steps over mode 3's open list after the visited records, checking that its counts fit the
     * bytes left: f64 level, i32 heapCount and the heap slots, i32 stackCount and the stack cells.
     *
     * @param r the bytes, positioned right after the visited records
     * @return the level and the two counts
     * @throws OnePathFormatException (the reader's subtype) if a count is negative or more than
     *                                the bytes left hold
     */
    public static OpenList skipOpenList(StateReader r) {
        double level = r.f64("level");
        int heap = r.count("heapCount", Integer.MAX_VALUE, GridSearchStateLayout.JUMP_HEAP_SLOT_BYTES);
        r.skip("heap slots", heap * GridSearchStateLayout.JUMP_HEAP_SLOT_BYTES);
        int stack = r.count("stackCount", Integer.MAX_VALUE, GridSearchStateLayout.JUMP_STACK_ENTRY_BYTES);
        r.skip("stack cells", stack * GridSearchStateLayout.JUMP_STACK_ENTRY_BYTES);
        return new OpenList(level, heap, stack);
    }

    /**
     * The size of a visited record of a mode.
     *
     * @param mode {@link GridSearchStateLayout#MODE_SPECIALISED_ASTAR} or
     *             {@link GridSearchStateLayout#MODE_SPECIALISED_JUMP}
     * @return 13 for mode 1 and 17 for mode 3, in bytes
     * @throws IllegalArgumentException for any other mode
     */
    public static long recordBytes(int mode) {
        return switch (mode) {
            case MODE_SPECIALISED_ASTAR -> GridSearchStateLayout.ASTAR_RECORD_BYTES;
            case MODE_SPECIALISED_JUMP -> GridSearchStateLayout.JUMP_RECORD_BYTES;
            default ->
                throw new IllegalArgumentException("mode " + mode + " has no visited records: expected "
                        + MODE_SPECIALISED_ASTAR + " or " + MODE_SPECIALISED_JUMP);
        };
    }

    private static void checkHead(int mode, int width, int height, Complaint complaint) {
        if (mode < MODE_NOT_BEGUN || mode > MODE_SPECIALISED_JUMP) {
            throw complaint.at("mode", Integer.toString(mode), MODES, GridSearchStateLayout.MODE_OFFSET);
        }
        if (width < 1 || width > MAX_CELLS) {
            throw complaint.at("width", Integer.toString(width), "1.." + MAX_CELLS, GridSearchStateLayout.WIDTH_OFFSET);
        }
        if (height < 1 || (long) width * height > MAX_CELLS) {
            throw complaint.at(
                    "height",
                    Integer.toString(height),
                    "1.." + (MAX_CELLS / width) + " (width * height <= 2^28)",
                    GridSearchStateLayout.HEIGHT_OFFSET);
        }
    }

    private static void checkIndex(String field, int value, int cellCount, long offset) {
        if (value < 0 || value >= cellCount) {
            throw Complaint.ARGUMENT.at(field, Integer.toString(value), StateReader.indexRange(cellCount), offset);
        }
    }

    private static void checkRange(String field, int value, int min, int max, long offset) {
        if (value < min || value > max) {
            throw Complaint.ARGUMENT.at(field, Integer.toString(value), min + ".." + max, offset);
        }
    }
}
