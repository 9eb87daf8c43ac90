package org.onepath.state;

import static org.onepath.state.SearchBuffersPieceLayout.EXPANDED_NODE_BYTES;
import static org.onepath.state.SearchBuffersPieceLayout.NO_PARENT;
import static org.onepath.state.SearchBuffersPieceLayout.RECORD_BYTES;

import java.util.Arrays;
import java.util.Objects;

/**
 * The search-buffers piece ({@link SearchBuffersPieceLayout}): the visited nodes of a best-first
 * search with their closed flag, g and parent, its open set ({@link OpenSetPiece}) and the nodes
 * it expanded, in order.
 *
 * <p>Rules, all checked before a read returns (and before a write emits a byte):
 * <ul>
 *   <li>visited nodes strictly increasing and in 0..nodeCount-1; g not NaN;</li>
 *   <li>every parent is -1 or a visited node whose g is &lt;= the child's g (a route never gets
 *       cheaper along its way back to the start);</li>
 *   <li>following parents from any node ends at -1: there is no cycle, so path reconstruction
 *       after a restore terminates (checked in O(visited) walks, each node walked once);</li>
 *   <li>the open set obeys {@link OpenSetPiece}'s rules, and every open node is visited and not
 *       closed;</li>
 *   <li>expanded nodes are in 0..nodeCount-1.</li>
 * </ul>
 * Each count is bounded by nodeCount and by the bytes left, so hostile bytes cost no more memory
 * than their own size.
 */
public final class SearchBuffersPiece {
    private SearchBuffersPiece() {}

    /**
     * The state of a search, as stored. Visited record i is (visitedNodes[i], closed[i], g[i],
     * parents[i]). The arrays are not copied (they can be large); do not change them after
     * handing them over.
     *
     * @param visitedNodes  visited node indices, strictly increasing
     * @param closed        whether each visited node is closed
     * @param g             cost from the start of each visited node
     * @param parents       parent node of each visited node, {@link SearchBuffersPieceLayout#NO_PARENT} for none
     * @param open          the open set
     * @param expandedNodes expanded nodes in expansion order (empty when not recorded)
     */
    public record Buffers(
            int[] visitedNodes,
            boolean[] closed,
            double[] g,
            int[] parents,
            OpenSetPiece.Heap open,
            int[] expandedNodes) {
        /** No visited nodes, an empty open set, nothing expanded. */
        public static final Buffers EMPTY =
                new Buffers(new int[0], new boolean[0], new double[0], new int[0], OpenSetPiece.Heap.EMPTY, new int[0]);

        /**
         * Checks that the four visited arrays have one entry per record; the values are checked
         * when the buffers are written or read.
         *
         * @throws NullPointerException     if an array or the open set is null
         * @throws IllegalArgumentException if the four visited arrays differ in length
         */
        public Buffers {
            Objects.requireNonNull(visitedNodes, "visitedNodes");
            Objects.requireNonNull(closed, "closed");
            Objects.requireNonNull(g, "g");
            Objects.requireNonNull(parents, "parents");
            Objects.requireNonNull(open, "open");
            Objects.requireNonNull(expandedNodes, "expandedNodes");
            int v = visitedNodes.length;
            if (closed.length != v || g.length != v || parents.length != v) {
                throw new IllegalArgumentException("array lengths visitedNodes " + v + ", closed " + closed.length
                        + ", g " + g.length + ", parents " + parents.length + ": expected all equal");
            }
        }

        /**
         * The number of visited records.
         *
         * @return the length of the visited arrays, &gt;= 0
         */
        public int visitedCount() {
            return visitedNodes.length;
        }

        /** Equal contents, g compared bit for bit (records compare arrays by identity otherwise). */
        @Override
        public boolean equals(Object o) {
            return o instanceof Buffers b
                    && Arrays.equals(visitedNodes, b.visitedNodes)
                    && Arrays.equals(closed, b.closed)
                    && Arrays.equals(g, b.g)
                    && Arrays.equals(parents, b.parents)
                    && open.equals(b.open)
                    && Arrays.equals(expandedNodes, b.expandedNodes);
        }

        @Override
        public int hashCode() {
            int h = Arrays.hashCode(visitedNodes);
            h = h * 31 + Arrays.hashCode(closed);
            h = h * 31 + Arrays.hashCode(g);
            h = h * 31 + Arrays.hashCode(parents);
            h = h * 31 + open.hashCode();
            return h * 31 + Arrays.hashCode(expandedNodes);
        }

        @Override
        public String toString() {
            return "Buffers[visitedNodes=" + Arrays.toString(visitedNodes) + ", closed=" + Arrays.toString(closed)
                    + ", g="
                    + Arrays.toString(g) + ", parents=" + Arrays.toString(parents) + ", open=" + open
                    + ", expandedNodes="
                    + Arrays.toString(expandedNodes) + "]";
        }
    }

    /**
     * Writes the buffers ({@link SearchBuffersPieceLayout#pieceBytes(int, int, int)} bytes).
     * Nothing is written when a rule is broken.
     *
     * @param writer    where the bytes go, at its current position
     * @param buffers   the search state to write
     * @param nodeCount nodes of the searched object, &gt;= 0; bounds every node index
     * @throws NullPointerException     if {@code buffers} is null
     * @throws IllegalArgumentException if nodeCount is negative, or naming the record, value and rule if the buffers break a
     *                                  rule (the open set's heap order included)
     */
    public static void write(StateWriter writer, Buffers buffers, int nodeCount) {
        Objects.requireNonNull(buffers, "buffers");
        OpenSetPiece.requireNodeCount(nodeCount);
        check(buffers, nodeCount, 0, Complaint.ARGUMENT, true);
        int[] nodes = buffers.visitedNodes();
        boolean[] closed = buffers.closed();
        double[] g = buffers.g();
        int[] parents = buffers.parents();
        writer.i32(nodes.length);
        for (int i = 0; i < nodes.length; i++) {
            writer.i32(nodes[i]).flag(closed[i]).f64(g[i]).i32(parents[i]);
        }
        OpenSetPiece.Heap open = buffers.open();
        HeapSlots.write(writer, open.nodes(), open.f(), open.g());
        writer.i32(buffers.expandedNodes().length);
        for (int node : buffers.expandedNodes()) {
            writer.i32(node);
        }
    }

    /**
     * Reads the buffers and checks every rule, the open set's heap order included.
     *
     * @param reader    the bytes, positioned at the visited count
     * @param nodeCount nodes of the restoring object, &gt;= 0; bounds every count and node
     * @return the buffers, with new arrays owned by the caller
     * @throws IllegalArgumentException if nodeCount is negative
     * @throws OnePathFormatException   (the reader's subtype) naming the first field that breaks a
     *                                  rule, or the data ending early
     */
    public static Buffers read(StateReader reader, int nodeCount) {
        return read(reader, nodeCount, true);
    }

    /**
     * Reads the buffers and checks every rule except the open set's heap order (for callers
     * that re-heapify).
     *
     * @param reader    the bytes, positioned at the visited count
     * @param nodeCount nodes of the restoring object, &gt;= 0; bounds every count and node
     * @return the buffers, with new arrays owned by the caller
     * @throws IllegalArgumentException if nodeCount is negative
     * @throws OnePathFormatException   (the reader's subtype) naming the first field that breaks a
     *                                  rule, or the data ending early
     */
    public static Buffers readAnyOrder(StateReader reader, int nodeCount) {
        return read(reader, nodeCount, false);
    }

    private static Buffers read(StateReader reader, int nodeCount, boolean heapOrder) {
        OpenSetPiece.requireNodeCount(nodeCount);
        long at = reader.offset();
        int v = reader.count("visited.count", nodeCount, RECORD_BYTES);
        int[] nodes = new int[v];
        boolean[] closed = new boolean[v];
        double[] g = new double[v];
        int[] parents = new int[v];
        // The count check guarantees the bytes, so only the flag can fail here; names with the
        // record index are built only for that error.
        for (int i = 0; i < v; i++) {
            nodes[i] = reader.i32("visited.node");
            long flagAt = reader.offset();
            int flag = reader.u8("visited.closed");
            if (flag > 1) {
                throw reader.error("visited[" + i + "].closed", flag, "0 or 1 (a flag)", flagAt);
            }
            closed[i] = flag == 1;
            g[i] = reader.f64("visited.g");
            parents[i] = reader.i32("visited.parent");
        }
        HeapSlots.Raw raw = HeapSlots.read(reader, nodeCount, OpenSetPiece.SHAPE);
        int e = reader.count("expanded.count", nodeCount, EXPANDED_NODE_BYTES);
        int[] expanded = new int[e];
        for (int i = 0; i < e; i++) {
            expanded[i] = reader.i32("expanded.node");
        }
        Buffers buffers = new Buffers(
                nodes, closed, g, parents, new OpenSetPiece.Heap(raw.nodes(), raw.key1(), raw.key2()), expanded);
        check(buffers, nodeCount, at, Complaint.of(reader), heapOrder);
        return buffers;
    }

    private static void check(Buffers b, int nodeCount, long at, Complaint complaint, boolean heapOrder) {
        int[] nodes = b.visitedNodes();
        double[] g = b.g();
        int[] parents = b.parents();
        int v = nodes.length;
        for (int i = 0; i < v; i++) {
            long recordAt = at + SearchBuffersPieceLayout.recordOffset(i);
            if (nodes[i] < 0 || nodes[i] >= nodeCount) {
                throw complaint.at(
                        record(i, "node"),
                        Integer.toString(nodes[i]),
                        StateReader.indexRange(nodeCount),
                        recordAt + SearchBuffersPieceLayout.NODE_OFFSET);
            }
            if (i > 0 && nodes[i] <= nodes[i - 1]) {
                throw complaint.at(
                        record(i, "node"),
                        Integer.toString(nodes[i]),
                        "> " + nodes[i - 1] + " (visited nodes strictly increasing)",
                        recordAt + SearchBuffersPieceLayout.NODE_OFFSET);
            }
            if (Double.isNaN(g[i])) {
                throw complaint.at(
                        record(i, "g"), "NaN", "a number (not NaN)", recordAt + SearchBuffersPieceLayout.G_OFFSET);
            }
        }
        // Parent positions by binary search: the visited nodes are sorted now, and the lookup
        // needs memory proportional to the visited count, not to nodeCount.
        int[] parentAt = new int[v];
        for (int i = 0; i < v; i++) {
            long parentOffset = at + SearchBuffersPieceLayout.recordOffset(i) + SearchBuffersPieceLayout.PARENT_OFFSET;
            int p = parents[i];
            if (p == NO_PARENT) {
                parentAt[i] = -1;
                continue;
            }
            int pos = p >= 0 ? Arrays.binarySearch(nodes, p) : -1;
            if (pos < 0) {
                throw complaint.at(record(i, "parent"), Integer.toString(p), "-1 or a visited node", parentOffset);
            }
            if (!(g[pos] <= g[i])) {
                throw complaint.at(
                        record(i, "parent"),
                        p + " (whose g is " + g[pos] + ")",
                        "a parent whose g is <= this node's g " + g[i],
                        parentOffset);
            }
            parentAt[i] = pos;
        }
        checkNoCycle(nodes, parents, parentAt, at, complaint);
        OpenSetPiece.Heap open = b.open();
        long openAt = at + SearchBuffersPieceLayout.openSetOffset(v);
        OpenSetPiece.check(open, nodeCount, openAt, complaint);
        boolean[] closed = b.closed();
        int[] openNodes = open.nodes();
        for (int s = 0; s < openNodes.length; s++) {
            long nodeOffset = OpenSetPiece.SHAPE.slotAt(openAt, s) + OpenSetPieceLayout.NODE_OFFSET;
            int pos = Arrays.binarySearch(nodes, openNodes[s]);
            if (pos < 0) {
                throw complaint.at(
                        HeapSlots.slotField(OpenSetPiece.SHAPE, s, "node"),
                        Integer.toString(openNodes[s]),
                        "a visited node",
                        nodeOffset);
            }
            if (closed[pos]) {
                throw complaint.at(
                        HeapSlots.slotField(OpenSetPiece.SHAPE, s, "node"),
                        Integer.toString(openNodes[s]),
                        "a node that is not closed (visited[" + pos + "] is closed)",
                        nodeOffset);
            }
        }
        if (heapOrder) {
            OpenSetPiece.checkHeapOrder(open, openAt, complaint);
        }
        int[] expanded = b.expandedNodes();
        for (int i = 0; i < expanded.length; i++) {
            if (expanded[i] < 0 || expanded[i] >= nodeCount) {
                throw complaint.at(
                        "expanded[" + i + "]",
                        Integer.toString(expanded[i]),
                        StateReader.indexRange(nodeCount),
                        at + SearchBuffersPieceLayout.expandedNodeOffset(v, openNodes.length, i));
            }
        }
    }

    /**
     * Rejects a parent cycle. Each walk marks the records it passes as "on this walk" and stops
     * at -1 or at a record an earlier walk proved sound; meeting its own mark means a cycle. The
     * walk's records are then marked sound, so every record is walked once: O(visited) in all.
     */
    private static void checkNoCycle(int[] nodes, int[] parents, int[] parentAt, long at, Complaint complaint) {
        final byte unknown = 0;
        final byte onWalk = 1;
        final byte sound = 2;
        byte[] state = new byte[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            if (state[i] != unknown) {
                continue;
            }
            int j = i;
            while (j >= 0 && state[j] == unknown) {
                state[j] = onWalk;
                j = parentAt[j];
            }
            if (j >= 0 && state[j] == onWalk) {
                throw complaint.at(
                        record(j, "parent"),
                        Integer.toString(parents[j]),
                        "a parent chain that ends at -1 (node " + nodes[j] + " is its own ancestor)",
                        at + SearchBuffersPieceLayout.recordOffset(j) + SearchBuffersPieceLayout.PARENT_OFFSET);
            }
            for (int k = i; k >= 0 && state[k] == onWalk; k = parentAt[k]) {
                state[k] = sound;
            }
        }
    }

    private static String record(int i, String name) {
        return "visited[" + i + "]." + name;
    }
}
