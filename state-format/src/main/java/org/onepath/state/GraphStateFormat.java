package org.onepath.state;

import java.util.Objects;

/**
 * The Graph state (kind 4) as bytes, without the engine: what any reader of the format (a graph's
 * restore, {@code onepath state inspect}) checks the same way.
 *
 * <pre>
 *  0       8       12      16
 *  +-------+-------+-------+-------------------------------------------+
 *  |header | nodes | edges | edge records in id order, 17 bytes each   |
 *  +-------+-------+-------+-------------------------------------------+
 * </pre>
 * nodes: i32 node count, 0..{@link #MAX_NODES}; edges: i32 edge count, 0..{@link #MAX_EDGES};
 * the records are {@link GraphEdgeLayout}'s. Nodes without an edge cost no byte: a graph of
 * 2^26 isolated nodes saves in 16 bytes. Rules checked by {@link #read}: every endpoint is below
 * the node count, every weight finite and &gt;= 0, every alive byte 0 or 1, and nothing follows
 * the last record.
 */
public final class GraphStateFormat {
    private GraphStateFormat() {}

    /** Largest node count of a graph, 2^26. */
    public static final int MAX_NODES = 1 << 26;
    /** Largest edge count of a graph, 2^30 (ids are i32, records 17 bytes). */
    public static final int MAX_EDGES = 1 << 30;

    /** Byte offset of the i32 node count, from the header's first byte: 8. */
    public static final long NODE_COUNT_OFFSET = StateLayout.HEADER_BYTES;
    /** Byte offset of the i32 edge count, removed edges included: 12. */
    public static final long EDGE_COUNT_OFFSET = NODE_COUNT_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of edge record 0: 16. */
    public static final long EDGES_OFFSET = EDGE_COUNT_OFFSET + StateLayout.I32_BYTES;

    /**
     * A checked Graph state; the edge records are {@code edgeCount * 17} bytes at
     * {@code edgesOffset} of the data read.
     *
     * @param nodeCount   the graph's node count, 0..{@link #MAX_NODES}
     * @param edgeCount   the number of edge records, removed edges included, 0..{@link #MAX_EDGES}
     * @param edgesOffset the offset of the first edge record in the data read
     * @param aliveEdges  records whose alive flag is 1
     * @param selfLoops   records (alive or not) whose endpoints are equal
     */
    public record Head(int nodeCount, int edgeCount, long edgesOffset, int aliveEdges, int selfLoops) {
        /**
         * The size of the edge records.
         *
         * @return {@code edgeCount * 17}, in bytes
         */
        public long edgesLength() {
            return edgeCount * GraphEdgeLayout.RECORD_BYTES;
        }
    }

    /**
     * The size of a Graph state, to size a writer or a buffer.
     *
     * @param edgeCount the number of edge records, removed edges included, 0..{@link #MAX_EDGES}
     * @return the state's size in bytes, header included: {@code 16 + edgeCount * 17}
     */
    public static long length(int edgeCount) {
        return EDGES_OFFSET + edgeCount * GraphEdgeLayout.RECORD_BYTES;
    }

    /**
     * Writes the header and both counts; the caller then writes {@code edgeCount} records.
     *
     * @param w         where the bytes go, at its current position (the start of the state)
     * @param nodeCount the graph's node count, 0..{@link #MAX_NODES}
     * @param edgeCount the number of edge records to follow, 0..{@link #MAX_EDGES}
     * @throws NullPointerException     if {@code w} is null
     * @throws IllegalArgumentException if a count is outside its range (a reader would reject it)
     */
    public static void writeHead(StateWriter w, int nodeCount, int edgeCount) {
        Objects.requireNonNull(w, "w");
        if (nodeCount < 0 || nodeCount > MAX_NODES) {
            throw new IllegalArgumentException("nodeCount = " + nodeCount + ": expected 0.." + MAX_NODES);
        }
        if (edgeCount < 0 || edgeCount > MAX_EDGES) {
            throw new IllegalArgumentException("edgeCount = " + edgeCount + ": expected 0.." + MAX_EDGES);
        }
        w.header(StateKind.GRAPH).i32(nodeCount).i32(edgeCount);
    }

    /**
     * Reads and checks a whole Graph state from the start of the reader's data: the header, the
     * counts (the edge count also against the bytes left), every record's rules, and the end of
     * the data right after the last record.
     *
     * @param r the bytes, positioned at the header (offset 0); it is left at the end
     * @return the checked head, with the offset of the records and what they hold
     * @throws NullPointerException   if {@code r} is null
     * @throws OnePathFormatException (the reader's subtype, {@link GraphStateException} for a
     *                                reader made by {@link StateReader#ofGraph}) naming the first
     *                                field that breaks a rule, or trailing bytes
     */
    public static Head read(StateReader r) {
        Objects.requireNonNull(r, "r");
        r.header(StateKind.GRAPH);
        int n = r.i32InRange("nodeCount", 0, MAX_NODES);
        int e = r.count("edgeCount", MAX_EDGES, GraphEdgeLayout.RECORD_BYTES);
        long at = r.offset();
        int alive = 0;
        int loops = 0;
        // The count check proved the bytes are there; names with the edge index are built only
        // for an error.
        for (int i = 0; i < e; i++) {
            long rec = r.offset();
            int from = r.i32("edge.from");
            if (from < 0 || from >= n) {
                throw r.error(
                        "edge[" + i + "].from", from, StateReader.indexRange(n), rec + GraphEdgeLayout.FROM_OFFSET);
            }
            int to = r.i32("edge.to");
            if (to < 0 || to >= n) {
                throw r.error("edge[" + i + "].to", to, StateReader.indexRange(n), rec + GraphEdgeLayout.TO_OFFSET);
            }
            double weight = r.f64("edge.weight");
            if (!(weight >= 0 && weight < Double.POSITIVE_INFINITY)) {
                throw r.error(
                        "edge[" + i + "].weight",
                        Double.toString(weight),
                        "a finite value >= 0",
                        rec + GraphEdgeLayout.WEIGHT_OFFSET);
            }
            int flag = r.u8("edge.alive");
            if (flag > 1) {
                throw r.error("edge[" + i + "].alive", flag, "0 or 1 (a flag)", rec + GraphEdgeLayout.ALIVE_OFFSET);
            }
            alive += flag;
            if (from == to) {
                loops++;
            }
        }
        r.expectEnd();
        return new Head(n, e, at, alive, loops);
    }
}
