package org.onepath.state;

import java.util.Arrays;
import java.util.Objects;

/**
 * The state of the sliced node searches (kinds 8 to 11: A*, jump point search, Theta*, graph A*)
 * as bytes, without the engine.
 *
 * <pre>
 *  0       8       12  13              21      25      29      33      37              45
 *  +-------+-------+---+---------------+-------+-------+-------+-------+---------------+---------+
 *  |header |nodes  |st |weight (f64)   | start | goal  |expand.|iterat.|pathCost (f64) | buffers |
 *  +-------+-------+---+---------------+-------+-------+-------+-------+---------------+---------+
 * </pre>
 * st is the status code: {@link #NOT_STARTED} 0, {@link #RUNNING} 1, {@link #FOUND} 2,
 * {@link #NO_PATH} 3; the search buffers piece is absent when the status is 0.
 *
 * <p>What {@link #read} checks needs no engine: a search not started has ends -1 (or unset),
 * no counts and no path; a begun one has both ends, its start visited at cost 0 without a
 * parent, and it is the only node without one; a found one has its goal closed at exactly the path cost and one expansion fewer than
 * its iterations; otherwise the cost is +infinity, every iteration expanded and the goal open
 * (Theta*, kind 10, may re-queue a popped node without expanding it: there the expansions are at
 * most those counts);
 * a running search has open nodes and one without a path has none; every open entry's G is its
 * node's cost. The engine adds what only it knows: the node count and the weight it was built
 * with.
 */
public final class SearchStateFormat {
    private SearchStateFormat() {}

    /** Status code of a search not begun: no buffers follow. */
    public static final int NOT_STARTED = 0;
    /** Status code of a search under way, with open nodes left. */
    public static final int RUNNING = 1;
    /** Status code of a search that closed its goal. */
    public static final int FOUND = 2;
    /** Status code of a search that ran out of open nodes without reaching its goal. */
    public static final int NO_PATH = 3;

    /** Byte offset of the i32 node count, from the header's first byte: 8. */
    public static final long NODE_COUNT_OFFSET = StateLayout.HEADER_BYTES;
    /** Byte offset of the u8 status: 12. */
    public static final long STATUS_OFFSET = NODE_COUNT_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the f64 heuristic weight: 13, unaligned. */
    public static final long WEIGHT_OFFSET = STATUS_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of the i32 start node: 21. */
    public static final long START_OFFSET = WEIGHT_OFFSET + StateLayout.F64_BYTES;
    /** Byte offset of the i32 goal node: 25. */
    public static final long GOAL_OFFSET = START_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 expansion count: 29. */
    public static final long EXPANDED_OFFSET = GOAL_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 iteration count: 33. */
    public static final long ITERATIONS_OFFSET = EXPANDED_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the f64 path cost: 37. */
    public static final long PATH_COST_OFFSET = ITERATIONS_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the search buffers piece, present unless the status is 0: 45. */
    public static final long BUFFERS_OFFSET = PATH_COST_OFFSET + StateLayout.F64_BYTES;

    /**
     * A search's state; {@code buffers} is null when it has not started.
     *
     * @param nodeCount       nodes of the searched object, &gt;= 0
     * @param status          {@link #NOT_STARTED}, {@link #RUNNING}, {@link #FOUND} or
     *                        {@link #NO_PATH}
     * @param heuristicWeight the weight the search multiplies its estimate by, finite and &gt;= 0
     * @param start           the start node, 0..nodeCount-1, or -1 when not started and unset
     * @param goal            the goal node, 0..nodeCount-1, or -1 when not started and unset
     * @param expanded        nodes expanded so far, &gt;= 0
     * @param iterations      pops so far, &gt;= 0
     * @param pathCost        the found path's cost, +infinity until one is found
     * @param buffers         what the search has seen, or null when the status is
     *                        {@link #NOT_STARTED}
     */
    public record State(
            int nodeCount,
            int status,
            double heuristicWeight,
            int start,
            int goal,
            int expanded,
            int iterations,
            double pathCost,
            SearchBuffersPiece.Buffers buffers) {}

    /**
     * Writes a search's state, header included (the buffers only when the status is not
     * {@link #NOT_STARTED}). Only the status byte and the buffers are checked here; {@link #read}
     * checks the rest.
     *
     * @param w     where the bytes go, at its current position (the start of the state)
     * @param kind  the search's kind, {@link StateKind#A_STAR} to {@link StateKind#GRAPH_A_STAR}
     * @param s     the state to write
     * @throws NullPointerException     if an argument is null, or the buffers of a begun search are
     * @throws IllegalArgumentException if the status is outside 0..255, or the buffers break a rule
     */
    public static void write(StateWriter w, StateKind kind, State s) {
        Objects.requireNonNull(s, "state");
        w.header(kind)
                .i32(s.nodeCount())
                .u8(s.status())
                .f64(s.heuristicWeight())
                .i32(s.start())
                .i32(s.goal())
                .i32(s.expanded())
                .i32(s.iterations())
                .f64(s.pathCost());
        if (s.status() != NOT_STARTED) {
            SearchBuffersPiece.write(w, s.buffers(), s.nodeCount());
        }
    }

    /**
     * Reads and checks a whole search state of the given kind from the start of the reader's
     * data.
     *
     * @param r            the bytes, positioned at the header (offset 0); it is left at the end
     * @param kind         the kind the caller restores, 8 to 11
     * @param maxNodeCount the largest node count accepted (the engine's bound), &gt;= 0
     * @return the checked state; its buffers are null when it has not started
     * @throws NullPointerException   if {@code r} or {@code kind} is null
     * @throws OnePathFormatException (the reader's subtype) naming the first field that breaks a
     *                                rule of the class comment, or trailing bytes
     */
    public static State read(StateReader r, StateKind kind, int maxNodeCount) {
        Objects.requireNonNull(r, "r");
        r.header(kind);
        int n = r.i32InRange("nodeCount", 0, maxNodeCount);
        int status = r.u8("status");
        if (status > NO_PATH) {
            throw r.error("status", status, "0..3 (not started, running, found, no path)", STATUS_OFFSET);
        }
        double weight = r.f64("heuristicWeight");
        if (!(weight >= 0) || weight == Double.POSITIVE_INFINITY) {
            throw r.error("heuristicWeight", Double.toString(weight), "a finite value >= 0", WEIGHT_OFFSET);
        }
        int start = r.i32InRange("start", -1, n - 1);
        int goal = r.i32InRange("goal", -1, n - 1);
        int expanded = r.i32InRange("expanded", 0, Integer.MAX_VALUE);
        int iterations = r.i32InRange("iterations", 0, Integer.MAX_VALUE);
        double pathCost = r.f64("pathCost");
        if (status == NOT_STARTED) {
            r.expectEnd();
            if (iterations != 0 || expanded != 0) {
                throw r.error(
                        "iterations", iterations, "0 (a search not started has no iterations)", ITERATIONS_OFFSET);
            }
            if (pathCost != Double.POSITIVE_INFINITY) {
                throw r.error("pathCost", Double.toString(pathCost), "+Infinity (no path yet)", PATH_COST_OFFSET);
            }
            return new State(n, status, weight, start, goal, expanded, iterations, pathCost, null);
        }
        if (start < 0) {
            throw r.error("start", start, "0.." + (n - 1) + " (a begun search has a start)", START_OFFSET);
        }
        if (goal < 0) {
            throw r.error("goal", goal, "0.." + (n - 1) + " (a begun search has a goal)", GOAL_OFFSET);
        }
        SearchBuffersPiece.Buffers b = SearchBuffersPiece.read(r, n);
        r.expectEnd();
        int s = Arrays.binarySearch(b.visitedNodes(), start);
        if (s < 0 || b.g()[s] != 0.0 || b.parents()[s] != -1) {
            throw r.error("start", start, "a visited node with cost 0 and no parent", START_OFFSET);
        }
        long openAt = BUFFERS_OFFSET + SearchBuffersPieceLayout.openSetOffset(b.visitedCount());
        // The parent links have no cycle (the piece checks it), so with the start their only root
        // every visited node's chain ends at the start and a path walk always terminates there.
        int[] parents = b.parents();
        for (int i = 0; i < parents.length; i++) {
            if (parents[i] == -1 && b.visitedNodes()[i] != start) {
                throw r.error(
                        "visited[" + i + "].parent",
                        -1,
                        "a visited node (only the start has no parent)",
                        BUFFERS_OFFSET
                                + SearchBuffersPieceLayout.recordOffset(i)
                                + SearchBuffersPieceLayout.PARENT_OFFSET);
            }
        }
        // Theta* with re-queue may pop a node without expanding it (kind 10 only).
        boolean requeues = kind == StateKind.THETA_STAR;
        int gi = Arrays.binarySearch(b.visitedNodes(), goal);
        boolean goalClosed = gi >= 0 && b.closed()[gi];
        if (status == FOUND) {
            if (!goalClosed || Double.doubleToRawLongBits(b.g()[gi]) != Double.doubleToRawLongBits(pathCost)) {
                throw r.error(
                        "pathCost",
                        Double.toString(pathCost),
                        "the cost of the closed goal (a found search)",
                        PATH_COST_OFFSET);
            }
            if (requeues ? expanded > iterations - 1 : expanded != iterations - 1) {
                throw r.error(
                        "expanded",
                        expanded,
                        (requeues ? "at most " : "") + (iterations - 1) + " (iterations less the goal's pop)",
                        EXPANDED_OFFSET);
            }
        } else {
            if (pathCost != Double.POSITIVE_INFINITY) {
                throw r.error("pathCost", Double.toString(pathCost), "+Infinity (no path found yet)", PATH_COST_OFFSET);
            }
            if (requeues ? expanded > iterations : expanded != iterations) {
                throw r.error(
                        "expanded",
                        expanded,
                        requeues
                                ? "at most " + iterations + " (a pop expands at most one node)"
                                : iterations + " (every pop expands until the goal)",
                        EXPANDED_OFFSET);
            }
            if (goalClosed) {
                throw r.error("goal", goal, "not closed unless the search found it", GOAL_OFFSET);
            }
        }
        int open = b.open().nodes().length;
        if (status == RUNNING && open == 0) {
            throw r.error("open.count", 0, "at least 1 (a running search has open nodes)", openAt);
        }
        if (status == NO_PATH && open != 0) {
            throw r.error("open.count", open, "0 (a search without a path ran out of open nodes)", openAt);
        }
        for (int i = 0; i < open; i++) {
            int node = b.open().nodes()[i];
            double g = b.g()[Arrays.binarySearch(b.visitedNodes(), node)];
            if (Double.doubleToRawLongBits(b.open().g()[i]) != Double.doubleToRawLongBits(g)) {
                throw r.error(
                        "open[" + i + "].g",
                        Double.toString(b.open().g()[i]),
                        "the cost of node " + node + " (" + g + ")",
                        openAt + OpenSetPieceLayout.slotOffset(i) + OpenSetPieceLayout.G_OFFSET);
            }
        }
        return new State(n, status, weight, start, goal, expanded, iterations, pathCost, b);
    }
}
