package org.onepath.grids;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.state.SearchBuffersPiece;
import org.onepath.state.StateKind;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * The state shared by the sliced node searches (kinds 8 to 11 of the state format, tier 3):
 * i32 nodeCount, u8 status ({@link SearchStatus#code()}), f64 heuristicWeight, i32 start
 * (-1 if unused), i32 goal, i32 expanded, i32 iterations, f64 pathCost, then, unless the status
 * is NOT_STARTED, the search buffers piece.
 *
 * <p>A restore reads and checks everything first ({@link #read}), then the search applies it
 * ({@link #apply}); the checks beyond the piece's own: the node count and weight are the
 * restoring search's, the ends are in range and the start is visited at cost 0 without a parent,
 * a found search has its goal closed at the saved path cost, an unfinished one has open nodes,
 * every open entry's g is its node's cost, and the counters are consistent.
 */
public final class SearchSnapshot {
    private SearchSnapshot() {
    }

    /** The counters of a search, as saved. */
    public record Counters(SearchStatus status, double heuristicWeight, int start, int goal, int expanded,
                           int iterations, double pathCost) {
        public Counters {
            Objects.requireNonNull(status, "status");
        }
    }

    /** A checked state, ready to {@link #apply}. */
    public record Restored(Counters counters, SearchBuffersPiece.Buffers buffers) {
    }

    /**
     * Writes the state of a search over {@code buffers}.
     *
     * @param nodeCount the search's node count (the buffers may hold more)
     */
    public static byte[] save(StateKind kind, int nodeCount, Counters c, GridSearchBuffers buffers) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(c, "counters");
        SearchBuffersPiece.Buffers piece = c.status() == SearchStatus.NOT_STARTED ? null : buffers.toPiece();
        try (StateWriter w = new StateWriter(64 + (piece == null ? 0 : 32L * piece.visitedCount()))) {
            w.header(kind).i32(nodeCount).u8(c.status().code()).f64(c.heuristicWeight()).i32(c.start()).i32(c.goal())
                    .i32(c.expanded()).i32(c.iterations()).f64(c.pathCost());
            if (piece != null) {
                SearchBuffersPiece.write(w, piece, nodeCount);
            }
            return w.toByteArray();
        }
    }

    /**
     * Reads and checks a state for a search of {@code nodeCount} nodes and the given weight.
     *
     * @throws org.onepath.state.GridStateException naming the field, value, bound and offset
     */
    public static Restored read(MemorySegment data, StateKind kind, int nodeCount, double weight) {
        Objects.requireNonNull(data, "data");
        StateReader r = StateReader.ofGrid(data);
        r.header(kind);
        long at = r.offset();
        int n = r.i32("nodeCount");
        if (n != nodeCount) {
            throw r.error("nodeCount", n, nodeCount + " (the restoring search's node count)", at);
        }
        at = r.offset();
        int code = r.u8("status");
        SearchStatus status = switch (code) {
            case 0 -> SearchStatus.NOT_STARTED;
            case 1 -> SearchStatus.RUNNING;
            case 2 -> SearchStatus.FOUND;
            case 3 -> SearchStatus.NO_PATH;
            default -> throw r.error("status", code, "0..3 (not started, running, found, no path)", at);
        };
        at = r.offset();
        double w = r.f64("heuristicWeight");
        if (Double.doubleToRawLongBits(w) != Double.doubleToRawLongBits(weight)) {
            throw r.error("heuristicWeight", Double.toString(w), weight + " (the restoring search's weight)", at);
        }
        long startAt = r.offset();
        int start = r.i32InRange("start", -1, nodeCount - 1);
        long goalAt = r.offset();
        int goal = r.i32InRange("goal", -1, nodeCount - 1);
        long expandedAt = r.offset();
        int expanded = r.i32InRange("expanded", 0, Integer.MAX_VALUE);
        long iterationsAt = r.offset();
        int iterations = r.i32InRange("iterations", 0, Integer.MAX_VALUE);
        long costAt = r.offset();
        double pathCost = r.f64("pathCost");
        Counters c = new Counters(status, w, start, goal, expanded, iterations, pathCost);
        if (status == SearchStatus.NOT_STARTED) {
            r.expectEnd();
            if (expanded != 0 || iterations != 0) {
                throw r.error("iterations", iterations, "0 (a search not started has no iterations)", iterationsAt);
            }
            if (pathCost != Double.POSITIVE_INFINITY) {
                throw r.error("pathCost", Double.toString(pathCost), "+Infinity (no path yet)", costAt);
            }
            return new Restored(c, SearchBuffersPiece.Buffers.EMPTY);
        }
        if (start < 0) {
            throw r.error("start", start, "0.." + (nodeCount - 1) + " (a begun search has a start)", startAt);
        }
        if (goal < 0) {
            throw r.error("goal", goal, "0.." + (nodeCount - 1) + " (a begun search has a goal)", goalAt);
        }
        if (expanded > iterations) {
            throw r.error("expanded", expanded, "at most iterations (" + iterations + ")", expandedAt);
        }
        long piecesAt = r.offset();
        SearchBuffersPiece.Buffers b = SearchBuffersPiece.read(r, nodeCount);
        r.expectEnd();
        int s = indexOf(b, start);
        if (s < 0 || b.g()[s] != 0.0 || b.parents()[s] != -1) {
            throw r.error("start", start, "a visited node with cost 0 and no parent", piecesAt);
        }
        int gi = indexOf(b, goal);
        boolean goalClosed = gi >= 0 && b.closed()[gi];
        if (status == SearchStatus.FOUND) {
            if (!goalClosed || Double.doubleToRawLongBits(b.g()[gi]) != Double.doubleToRawLongBits(pathCost)) {
                throw r.error("pathCost", Double.toString(pathCost), "the cost of the closed goal (a found search)", costAt);
            }
            if (expanded != iterations - 1) {
                throw r.error("expanded", expanded, (iterations - 1) + " (iterations less the goal's pop)", expandedAt);
            }
        } else {
            if (pathCost != Double.POSITIVE_INFINITY) {
                throw r.error("pathCost", Double.toString(pathCost), "+Infinity (no path found yet)", costAt);
            }
            if (expanded != iterations) {
                throw r.error("expanded", expanded, iterations + " (every pop expands until the goal)", expandedAt);
            }
            if (goalClosed) {
                throw r.error("goal", goal, "not closed unless the search found it", goalAt);
            }
        }
        int open = b.open().nodes().length;
        if (status == SearchStatus.RUNNING && open == 0) {
            throw r.error("open.count", 0, "at least 1 (a running search has open nodes)", piecesAt);
        }
        if (status == SearchStatus.NO_PATH && open != 0) {
            throw r.error("open.count", open, "0 (a search without a path ran out of open nodes)", piecesAt);
        }
        for (int i = 0; i < open; i++) {
            int node = b.open().nodes()[i];
            if (Double.doubleToRawLongBits(b.open().g()[i]) != Double.doubleToRawLongBits(b.g()[indexOf(b, node)])) {
                throw r.error("open[" + i + "].g", Double.toString(b.open().g()[i]), "the cost of node " + node, piecesAt);
            }
        }
        return new Restored(c, b);
    }

    /** Loads a checked state's records into the buffers (the counters are the search's to set). */
    public static void apply(Restored restored, GridSearchBuffers buffers) {
        if (restored.counters().status() == SearchStatus.NOT_STARTED) {
            buffers.beginSearch();
        } else {
            buffers.load(restored.buffers());
        }
    }

    private static int indexOf(SearchBuffersPiece.Buffers b, int node) {
        return java.util.Arrays.binarySearch(b.visitedNodes(), node);
    }
}
