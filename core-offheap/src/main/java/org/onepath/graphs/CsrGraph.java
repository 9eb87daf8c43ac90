package org.onepath.graphs;

import static org.onepath.layout.CsrLayout.EDGE_BYTES;
import static org.onepath.layout.CsrLayout.INT;
import static org.onepath.layout.CsrLayout.OFFSET_BYTES;
import static org.onepath.layout.CsrLayout.TARGET_BYTES;
import static org.onepath.layout.CsrLayout.WEIGHT;
import static org.onepath.layout.CsrLayout.WEIGHT_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.layout.CsrLayout;
import org.onepath.memory.LeakGuard;
import org.onepath.memory.OwnerState;
import org.onepath.state.GraphEdgeLayout;
import org.onepath.state.GraphStateFormat;

/**
 * The immutable compiled form of a directed graph with non-negative weights (tier 2/3):
 * compressed sparse rows in off-heap segments laid out by {@link CsrLayout}. The arcs of a node
 * are its alive edges in increasing edge id, which is the order the searches relax them in.
 *
 * <p>A {@code Graph} compiles one on the first query after a change; {@link #of} builds one from
 * arrays. Read-only after construction, so any number of threads may search it at once. Owns its
 * memory: {@link #close()} frees it and later use throws {@link IllegalStateException}.
 */
public final class CsrGraph implements AutoCloseable {
    private final int nodeCount;
    private final int arcCount;
    private int maxDegree;
    private final Arena arena;
    final MemorySegment offsets;
    final MemorySegment targets;
    final MemorySegment weights;
    final MemorySegment edges;
    private final OwnerState state = new OwnerState("CsrGraph");

    private CsrGraph(int nodeCount, int arcCount) {
        this.nodeCount = nodeCount;
        this.arcCount = arcCount;
        this.arena = LeakGuard.sharedArena(this);
        this.offsets = arena.allocate((nodeCount + 1L) * OFFSET_BYTES, OFFSET_BYTES);
        this.targets = arena.allocate(Math.max(1, arcCount) * TARGET_BYTES, TARGET_BYTES);
        this.weights = arena.allocate(Math.max(1, arcCount) * WEIGHT_BYTES, WEIGHT_BYTES);
        this.edges = arena.allocate(Math.max(1, arcCount) * EDGE_BYTES, EDGE_BYTES);
    }

    /**
     * Compiles edge records laid out by {@link GraphEdgeLayout} (a Graph's memory or a kind-4
     * payload): the alive ones become arcs, grouped by tail in increasing id. A checking pass, then
     * two passes (a counting sort), no per-arc allocation.
     *
     * @param nodeCount   nodes of the graph, 0..2^26 ({@link GraphStateFormat#MAX_NODES})
     * @param records     at least {@code edgeCount} records; only read, so the caller keeps
     *                    ownership (the result copies what it needs)
     * @param edgeCount   records to read, ids 0..edgeCount-1, &gt;= 0
     * @return a new graph owning off-heap memory; the caller closes it
     * @throws NullPointerException     if {@code records} is null
     * @throws IllegalArgumentException if the node count is outside its range, the records do not
     *                                  fit the segment, more than 2^31-2 edges are alive, or naming
     *                                  the first record with an endpoint outside the
     *                                  graph, a weight that is NaN, negative or infinite, or an
     *                                  alive flag other than 0 or 1
     */
    public static CsrGraph compile(int nodeCount, MemorySegment records, int edgeCount) {
        Objects.requireNonNull(records, "records");
        checkNodeCount(nodeCount);
        if (edgeCount < 0 || edgeCount * GraphEdgeLayout.RECORD_BYTES > records.byteSize()) {
            throw new IllegalArgumentException(
                    "edgeCount " + edgeCount + " does not fit the " + records.byteSize() + " bytes of records");
        }
        long alive = 0;
        for (int e = 0; e < edgeCount; e++) {
            long rec = GraphEdgeLayout.recordOffset(e);
            int flag = records.get(GraphEdgeLayout.ALIVE, rec + GraphEdgeLayout.ALIVE_OFFSET);
            if (flag != 0 && flag != 1) {
                throw new IllegalArgumentException("edge " + e + ": alive flag " + flag + ", expected 0 or 1");
            }
            checkNode(
                    "edge " + e + " from",
                    records.get(GraphEdgeLayout.NODE, rec + GraphEdgeLayout.FROM_OFFSET),
                    nodeCount);
            checkNode(
                    "edge " + e + " to", records.get(GraphEdgeLayout.NODE, rec + GraphEdgeLayout.TO_OFFSET), nodeCount);
            checkWeight(
                    "edge " + e + " weight",
                    Double.longBitsToDouble(
                            records.get(GraphEdgeLayout.WEIGHT_BITS, rec + GraphEdgeLayout.WEIGHT_OFFSET)));
            alive += flag;
        }
        if (alive > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException(
                    "graph has " + alive + " alive edges; a CsrGraph holds at most " + (Integer.MAX_VALUE - 1));
        }
        CsrGraph g = new CsrGraph(nodeCount, (int) alive);
        try {
            MemorySegment off = g.offsets;
            // counts at off[from + 1], then prefix sums: off[n] is the first arc of n
            for (int e = 0; e < edgeCount; e++) {
                long rec = GraphEdgeLayout.recordOffset(e);
                if (records.get(GraphEdgeLayout.ALIVE, rec + GraphEdgeLayout.ALIVE_OFFSET) != 0) {
                    long at =
                            (records.get(GraphEdgeLayout.NODE, rec + GraphEdgeLayout.FROM_OFFSET) + 1L) * OFFSET_BYTES;
                    off.set(INT, at, off.get(INT, at) + 1);
                }
            }
            g.maxDegree = prefixSums(off, nodeCount);
            // off[n] now serves as the fill cursor of n; it ends at the first arc of n + 1
            for (int e = 0; e < edgeCount; e++) {
                long rec = GraphEdgeLayout.recordOffset(e);
                if (records.get(GraphEdgeLayout.ALIVE, rec + GraphEdgeLayout.ALIVE_OFFSET) == 0) {
                    continue;
                }
                int from = records.get(GraphEdgeLayout.NODE, rec + GraphEdgeLayout.FROM_OFFSET);
                long cursorAt = (long) from * OFFSET_BYTES;
                int a = off.get(INT, cursorAt);
                off.set(INT, cursorAt, a + 1);
                g.targets.set(
                        INT, a * TARGET_BYTES, records.get(GraphEdgeLayout.NODE, rec + GraphEdgeLayout.TO_OFFSET));
                g.weights.set(
                        WEIGHT,
                        a * WEIGHT_BYTES,
                        Double.longBitsToDouble(
                                records.get(GraphEdgeLayout.WEIGHT_BITS, rec + GraphEdgeLayout.WEIGHT_OFFSET)));
                g.edges.set(INT, a * EDGE_BYTES, e);
            }
            shiftCursorsBack(off, nodeCount);
            return g;
        } catch (RuntimeException | Error t) {
            g.arena.close();
            throw t;
        }
    }

    /**
     * A graph from arrays: edge {@code i} runs {@code from[i] -> to[i]} with weight
     * {@code weight[i]}; its id is {@code i}.
     *
     * @param nodeCount nodes of the graph, 0..2^26 ({@link GraphStateFormat#MAX_NODES})
     * @param from      each edge's tail node, in 0..nodeCount-1
     * @param to        each edge's head node, in 0..nodeCount-1
     * @param weight    each edge's weight, finite and &gt;= 0
     * @return a new graph owning off-heap memory; the caller closes it. The arrays are not kept.
     * @throws NullPointerException     if an array is null
     * @throws IllegalArgumentException if the node count is outside its range, or naming the first
     *                                  bad endpoint or weight, or arrays of different lengths
     */
    public static CsrGraph of(int nodeCount, int[] from, int[] to, double[] weight) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(weight, "weight");
        checkNodeCount(nodeCount);
        if (from.length != to.length || from.length != weight.length) {
            throw new IllegalArgumentException("array lengths from " + from.length + ", to " + to.length + ", weight "
                    + weight.length + ": expected all equal");
        }
        try (Arena temp = Arena.ofConfined()) {
            MemorySegment records = temp.allocate(Math.max(1, from.length) * GraphEdgeLayout.RECORD_BYTES);
            for (int i = 0; i < from.length; i++) {
                checkNode("from[" + i + "]", from[i], nodeCount);
                checkNode("to[" + i + "]", to[i], nodeCount);
                checkWeight("weight[" + i + "]", weight[i]);
                long rec = GraphEdgeLayout.recordOffset(i);
                records.set(GraphEdgeLayout.NODE, rec + GraphEdgeLayout.FROM_OFFSET, from[i]);
                records.set(GraphEdgeLayout.NODE, rec + GraphEdgeLayout.TO_OFFSET, to[i]);
                records.set(
                        GraphEdgeLayout.WEIGHT_BITS,
                        rec + GraphEdgeLayout.WEIGHT_OFFSET,
                        Double.doubleToRawLongBits(weight[i]));
                records.set(GraphEdgeLayout.ALIVE, rec + GraphEdgeLayout.ALIVE_OFFSET, (byte) 1);
            }
            return compile(nodeCount, records, from.length);
        }
    }

    /**
     * The reverse graph: an arc {@code v -> u} of weight w for every arc {@code u -> v} of weight
     * w, keeping its edge id; the arcs of a node stay in increasing id. The caller closes it.
     *
     * @return a new graph of the same node and arc counts, owning its own memory (closing this
     *         graph leaves it usable)
     * @throws IllegalStateException if this graph has been closed
     */
    public CsrGraph reverse() {
        state.ensureOpen();
        CsrGraph r = new CsrGraph(nodeCount, arcCount);
        try {
            MemorySegment off = r.offsets;
            for (int a = 0; a < arcCount; a++) {
                long at = (targets.get(INT, a * TARGET_BYTES) + 1L) * OFFSET_BYTES;
                off.set(INT, at, off.get(INT, at) + 1);
            }
            r.maxDegree = prefixSums(off, nodeCount);
            // Filled in tail order, then each reversed list is sorted by edge id.
            for (int u = 0; u < nodeCount; u++) {
                int end = offsets.get(INT, (u + 1L) * OFFSET_BYTES);
                for (int a = offsets.get(INT, (long) u * OFFSET_BYTES); a < end; a++) {
                    int v = targets.get(INT, a * TARGET_BYTES);
                    long cursorAt = (long) v * OFFSET_BYTES;
                    int b = off.get(INT, cursorAt);
                    off.set(INT, cursorAt, b + 1);
                    r.targets.set(INT, b * TARGET_BYTES, u);
                    r.weights.set(WEIGHT, b * WEIGHT_BYTES, weights.get(WEIGHT, a * WEIGHT_BYTES));
                    r.edges.set(INT, b * EDGE_BYTES, edges.get(INT, a * EDGE_BYTES));
                }
            }
            shiftCursorsBack(off, nodeCount);
            for (int v = 0; v < nodeCount; v++) {
                r.sortArcsById(off.get(INT, (long) v * OFFSET_BYTES), off.get(INT, (v + 1L) * OFFSET_BYTES));
            }
            return r;
        } catch (RuntimeException | Error t) {
            r.arena.close();
            throw t;
        }
    }

    /** Insertion sort of arcs begin..end-1 by edge id (lists are short and nearly sorted). */
    private void sortArcsById(int begin, int end) {
        for (int i = begin + 1; i < end; i++) {
            int id = edges.get(INT, i * EDGE_BYTES);
            int t = targets.get(INT, i * TARGET_BYTES);
            double w = weights.get(WEIGHT, i * WEIGHT_BYTES);
            int j = i - 1;
            while (j >= begin && edges.get(INT, j * EDGE_BYTES) > id) {
                edges.set(INT, (j + 1) * EDGE_BYTES, edges.get(INT, j * EDGE_BYTES));
                targets.set(INT, (j + 1) * TARGET_BYTES, targets.get(INT, j * TARGET_BYTES));
                weights.set(WEIGHT, (j + 1) * WEIGHT_BYTES, weights.get(WEIGHT, j * WEIGHT_BYTES));
                j--;
            }
            edges.set(INT, (j + 1) * EDGE_BYTES, id);
            targets.set(INT, (j + 1) * TARGET_BYTES, t);
            weights.set(WEIGHT, (j + 1) * WEIGHT_BYTES, w);
        }
    }

    /** Turns counts at off[n + 1] into starts at off[n]; returns the largest count. */
    private static int prefixSums(MemorySegment off, int nodeCount) {
        int sum = 0;
        int max = 0;
        for (int n = 0; n <= nodeCount; n++) {
            long at = (long) n * OFFSET_BYTES;
            int c = off.get(INT, at);
            max = Math.max(max, c);
            sum += c;
            off.set(INT, at, sum);
        }
        return max;
    }

    /** After filling, off[n] holds the start of n + 1: shift every entry one node up. */
    private static void shiftCursorsBack(MemorySegment off, int nodeCount) {
        for (int n = nodeCount; n > 0; n--) {
            off.set(INT, (long) n * OFFSET_BYTES, off.get(INT, (n - 1L) * OFFSET_BYTES));
        }
        off.set(INT, 0, 0);
    }

    // ---- reading ----

    /**
     * The number of nodes; readable after close.
     *
     * @return the node count, 0..2^26
     */
    public int nodeCount() {
        return nodeCount;
    }

    /**
     * The number of arcs (the alive edges when compiled from a Graph); readable after close.
     *
     * @return the arc count, &gt;= 0
     */
    public int arcCount() {
        return arcCount;
    }

    /**
     * The largest number of arcs leaving one node, for sizing per-node scratch.
     *
     * @return the largest out-degree, 0 for a graph without arcs
     */
    public int maxDegree() {
        return maxDegree;
    }

    /**
     * The first arc of a node; its arcs are {@code firstArc(node) .. endArc(node) - 1}.
     *
     * @param node a node, 0..nodeCount-1
     * @return the index of the node's first arc, 0..arcCount
     * @throws IllegalStateException    if the graph has been closed
     * @throws IllegalArgumentException if the node is out of range
     */
    public int firstArc(int node) {
        checkNodeArg(node);
        return offsets.get(INT, (long) node * OFFSET_BYTES);
    }

    /**
     * One past the last arc of a node.
     *
     * @param node a node, 0..nodeCount-1
     * @return the index after the node's last arc, {@code firstArc(node)..arcCount}
     * @throws IllegalStateException    if the graph has been closed
     * @throws IllegalArgumentException if the node is out of range
     */
    public int endArc(int node) {
        checkNodeArg(node);
        return offsets.get(INT, (node + 1L) * OFFSET_BYTES);
    }

    /**
     * The number of arcs leaving a node.
     *
     * @param node a node, 0..nodeCount-1
     * @return the out-degree, 0..{@link #maxDegree()}
     * @throws IllegalStateException    if the graph has been closed
     * @throws IllegalArgumentException if the node is out of range
     */
    public int outDegree(int node) {
        return endArc(node) - firstArc(node);
    }

    /**
     * The node an arc leads to.
     *
     * @param arc an arc index, 0..arcCount-1
     * @return the arc's head node, 0..nodeCount-1
     * @throws IllegalStateException    if the graph has been closed
     * @throws IllegalArgumentException if the arc is out of range
     */
    public int target(int arc) {
        checkArc(arc);
        return targets.get(INT, arc * TARGET_BYTES);
    }

    /**
     * The weight of an arc.
     *
     * @param arc an arc index, 0..arcCount-1
     * @return the weight, finite and &gt;= 0
     * @throws IllegalStateException    if the graph has been closed
     * @throws IllegalArgumentException if the arc is out of range
     */
    public double weight(int arc) {
        checkArc(arc);
        return weights.get(WEIGHT, arc * WEIGHT_BYTES);
    }

    /**
     * The edge an arc was compiled from.
     *
     * @param arc an arc index, 0..arcCount-1
     * @return the edge id in the graph it was compiled from (its array index for {@link #of})
     * @throws IllegalStateException    if the graph has been closed
     * @throws IllegalArgumentException if the arc is out of range
     */
    public int edgeId(int arc) {
        checkArc(arc);
        return edges.get(INT, arc * EDGE_BYTES);
    }

    /**
     * Whether the graph has been closed.
     *
     * @return true after {@link #close()}
     */
    public boolean isClosed() {
        return state.isClosed();
    }

    /**
     * Checks that the graph is still open, for callers that read its segments directly.
     *
     * @throws IllegalStateException naming the graph when it has been closed
     */
    public void ensureOpen() {
        state.ensureOpen();
    }

    /**
     * Frees the graph's off-heap memory; later reads throw {@link IllegalStateException}. Closing
     * twice does nothing. Close only when no search uses the graph any more.
     */
    @Override
    public void close() {
        if (state.markClosed()) {
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "CsrGraph[" + nodeCount + " nodes, " + arcCount + " arcs" + (state.isClosed() ? ", closed]" : "]");
    }

    // ---- checks ----

    static void checkNodeCount(int nodeCount) {
        if (nodeCount < 0 || nodeCount > GraphStateFormat.MAX_NODES) {
            throw new IllegalArgumentException(
                    "node count " + nodeCount + " is outside 0..2^26 (" + GraphStateFormat.MAX_NODES + ")");
        }
    }

    static void checkNode(String what, int node, int nodeCount) {
        if (node < 0 || node >= nodeCount) {
            throw new IllegalArgumentException(what + " = node " + node + " is outside "
                    + (nodeCount == 0 ? "the empty graph" : "0.." + (nodeCount - 1)));
        }
    }

    static void checkWeight(String what, double weight) {
        if (!(weight >= 0) || weight == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(what + " = " + weight + ": expected a finite weight >= 0");
        }
    }

    private void checkNodeArg(int node) {
        state.ensureOpen();
        checkNode("node", node, nodeCount);
    }

    private void checkArc(int arc) {
        state.ensureOpen();
        if (arc < 0 || arc >= arcCount) {
            throw new IllegalArgumentException(
                    "arc " + arc + " is outside " + (arcCount == 0 ? "the empty arc list" : "0.." + (arcCount - 1)));
        }
    }
}
