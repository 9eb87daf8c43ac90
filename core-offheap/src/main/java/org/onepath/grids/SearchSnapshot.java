package org.onepath.grids;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.state.SearchBuffersPiece;
import org.onepath.state.SearchStateFormat;
import org.onepath.state.StateKind;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * Saving and restoring the sliced node searches over {@link GridSearchBuffers} (kinds 8 to 11,
 * laid out and checked by {@link SearchStateFormat}; tier 3). A restore reads and checks
 * everything first ({@link #read}, which adds to the format's checks the two only the search
 * knows: its node count and its weight), then the search applies it ({@link #apply}).
 */
public final class SearchSnapshot {
    private SearchSnapshot() {}

    /**
     * The counters of a search, as saved.
     *
     * @param status          the search's status
     * @param heuristicWeight the weight w in {@code f = g + w * h}
     * @param start           the start node, or -1
     * @param goal            the goal node, or -1
     * @param expanded        the expanded count
     * @param iterations      the pop count
     * @param pathCost        the found path's cost, or +infinity
     */
    public record Counters(
            SearchStatus status,
            double heuristicWeight,
            int start,
            int goal,
            int expanded,
            int iterations,
            double pathCost) {
        /**
         * Checks that the status is given; the other counters are taken as they are.
         *
         * @param status          the search's status, not null
         * @param heuristicWeight the weight w in {@code f = g + w * h}
         * @param start           the start node, or -1
         * @param goal            the goal node, or -1
         * @param expanded        the expanded count
         * @param iterations      the pop count
         * @param pathCost        the found path's cost, or +infinity
         */
        public Counters {
            Objects.requireNonNull(status, "status");
        }
    }

    /**
     * A checked state, ready to {@link #apply}.
     *
     * @param counters the counters as saved
     * @param buffers  the visited records and open set as saved; empty for a search never begun
     */
    public record Restored(Counters counters, SearchBuffersPiece.Buffers buffers) {}

    /**
     * The state of a search over {@code buffers}.
     *
     * @param kind      the state kind written in the header (8 to 11)
     * @param nodeCount the search's node count (the buffers may hold more)
     * @param c         the search's counters
     * @param buffers   the search's working memory; only read
     * @return a new array holding the state
     */
    public static byte[] save(StateKind kind, int nodeCount, Counters c, GridSearchBuffers buffers) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(c, "counters");
        SearchBuffersPiece.Buffers piece = c.status() == SearchStatus.NOT_STARTED ? null : buffers.toPiece();
        try (StateWriter w = new StateWriter(64 + (piece == null ? 0 : 32L * piece.visitedCount()))) {
            SearchStateFormat.write(
                    w,
                    kind,
                    new SearchStateFormat.State(
                            nodeCount,
                            c.status().code(),
                            c.heuristicWeight(),
                            c.start(),
                            c.goal(),
                            c.expanded(),
                            c.iterations(),
                            c.pathCost(),
                            piece));
            return w.toByteArray();
        }
    }

    /**
     * Bytes {@link #save} would return for a search in {@code status} over {@code buffers}.
     *
     * @param status  the search's status; NOT_STARTED saves no records
     * @param buffers the search's working memory
     * @return the state's length in bytes
     */
    public static long length(SearchStatus status, GridSearchBuffers buffers) {
        return length(status, buffers, visited(status, buffers));
    }

    private static long length(SearchStatus status, GridSearchBuffers buffers, int visited) {
        return SearchStateFormat.BUFFERS_OFFSET
                + (status == SearchStatus.NOT_STARTED ? 0 : buffers.pieceBytes(visited));
    }

    /** Visited nodes the piece lists; 0 when there is no piece, without a pass over the nodes. */
    private static int visited(SearchStatus status, GridSearchBuffers buffers) {
        return status == SearchStatus.NOT_STARTED ? 0 : buffers.visitedCount();
    }

    /**
     * Writes the same bytes as {@link #save} into {@code w} without making arrays or records, so a
     * writer that has grown to the state's size allocates nothing.
     *
     * @param w          the writer the state is appended to
     * @param kind       the state kind written in the header
     * @param nodeCount  the search's node count
     * @param status     the search's status
     * @param weight     the heuristic weight
     * @param start      the start node, or -1
     * @param goal       the goal node, or -1
     * @param expanded   the expanded count
     * @param iterations the pop count
     * @param pathCost   the found path's cost, or +infinity
     * @param buffers    the search's working memory; only read
     */
    public static void write(
            StateWriter w,
            StateKind kind,
            int nodeCount,
            SearchStatus status,
            double weight,
            int start,
            int goal,
            int expanded,
            int iterations,
            double pathCost,
            GridSearchBuffers buffers) {
        write(
                w,
                kind,
                nodeCount,
                status,
                weight,
                start,
                goal,
                expanded,
                iterations,
                pathCost,
                buffers,
                visited(status, buffers));
    }

    private static void write(
            StateWriter w,
            StateKind kind,
            int nodeCount,
            SearchStatus status,
            double weight,
            int start,
            int goal,
            int expanded,
            int iterations,
            double pathCost,
            GridSearchBuffers buffers,
            int visited) {
        w.header(kind)
                .i32(nodeCount)
                .u8(status.code())
                .f64(weight)
                .i32(start)
                .i32(goal)
                .i32(expanded)
                .i32(iterations)
                .f64(pathCost);
        if (status != SearchStatus.NOT_STARTED) {
            buffers.writePiece(w, visited);
        }
    }

    /**
     * Writes the bytes of {@link #save} into a caller's segment at {@code offset}, straight from
     * the buffers without an intermediate array: the segment forms of the searches' {@code saveState}.
     *
     * @param kind        the state kind written in the header
     * @param nodeCount   the search's node count
     * @param c           the search's counters
     * @param buffers     the search's working memory; only read
     * @param destination the caller's segment
     * @param offset      the byte offset in {@code destination} the state starts at
     * @return the number of bytes written
     * @throws IllegalArgumentException if the state does not fit, before anything is written
     */
    public static long saveInto(
            StateKind kind,
            int nodeCount,
            Counters c,
            GridSearchBuffers buffers,
            MemorySegment destination,
            long offset) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(c, "counters");
        // Counted once: the room check needs the length before the piece is written.
        int visited = visited(c.status(), buffers);
        long length = length(c.status(), buffers, visited);
        write(
                StateWriter.into("search", length, destination, offset),
                kind,
                nodeCount,
                c.status(),
                c.heuristicWeight(),
                c.start(),
                c.goal(),
                c.expanded(),
                c.iterations(),
                c.pathCost(),
                buffers,
                visited);
        return length;
    }

    /**
     * Reads and checks a state for a search of {@code nodeCount} nodes built with the given weight.
     *
     * @param data      the saved bytes, from offset 0
     * @param kind      the state kind expected in the header
     * @param nodeCount the restoring search's node count, which the state must match
     * @param weight    the restoring search's weight, which the state must match bit for bit
     * @return the checked state
     * @throws org.onepath.state.GridStateException naming the field, value, bound and offset
     *         ({@link org.onepath.state.GraphStateException} for {@link StateKind#GRAPH_A_STAR})
     */
    public static Restored read(MemorySegment data, StateKind kind, int nodeCount, double weight) {
        Objects.requireNonNull(data, "data");
        // Graph searches report GraphStateException, the grid-like ones GridStateException.
        StateReader r = kind == StateKind.GRAPH_A_STAR ? StateReader.ofGraph(data) : StateReader.ofGrid(data);
        SearchStateFormat.State s = SearchStateFormat.read(r, kind, Integer.MAX_VALUE);
        if (s.nodeCount() != nodeCount) {
            throw r.error(
                    "nodeCount",
                    s.nodeCount(),
                    nodeCount + " (the restoring search's node count)",
                    SearchStateFormat.NODE_COUNT_OFFSET);
        }
        if (Double.doubleToRawLongBits(s.heuristicWeight()) != Double.doubleToRawLongBits(weight)) {
            throw r.error(
                    "heuristicWeight",
                    Double.toString(s.heuristicWeight()),
                    weight + " (the restoring search's weight)",
                    SearchStateFormat.WEIGHT_OFFSET);
        }
        SearchStatus status = switch (s.status()) {
            case SearchStateFormat.NOT_STARTED -> SearchStatus.NOT_STARTED;
            case SearchStateFormat.RUNNING -> SearchStatus.RUNNING;
            case SearchStateFormat.FOUND -> SearchStatus.FOUND;
            default -> SearchStatus.NO_PATH;
        };
        Counters c = new Counters(
                status, s.heuristicWeight(), s.start(), s.goal(), s.expanded(), s.iterations(), s.pathCost());
        return new Restored(c, s.buffers() == null ? SearchBuffersPiece.Buffers.EMPTY : s.buffers());
    }

    /**
     * Loads a checked state's records into the buffers (the counters are the search's to set).
     *
     * @param restored a state {@link #read} checked
     * @param buffers  the restoring search's working memory
     */
    public static void apply(Restored restored, GridSearchBuffers buffers) {
        if (restored.counters().status() == SearchStatus.NOT_STARTED) {
            buffers.beginSearch();
        } else {
            buffers.load(restored.buffers());
        }
    }
}
