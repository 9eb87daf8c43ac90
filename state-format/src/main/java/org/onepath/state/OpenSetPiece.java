package org.onepath.state;

import static org.onepath.state.OpenSetPieceLayout.ARITY;

import java.util.Arrays;
import java.util.Objects;

/**
 * The open-set piece ({@link OpenSetPieceLayout}): the slots of a search's 4-ary min-heap in
 * heap-array order, so a restore copies them back without re-sifting and pops in exactly the
 * order the original would have.
 *
 * <p>Rules: count in 0..nodeCount, nodes distinct and in 0..nodeCount-1, F and G not NaN; and
 * heap order: no slot precedes its parent (slot (i-1)/4) in the order "smaller F first, then
 * larger G, then smaller node". The heap-order check is a separate step
 * ({@link #checkHeapOrder(StateReader, Heap, long)}) so a caller that rebuilds its heap anyway can
 * skip it with {@link #readAnyOrder}; {@link #read} does both.
 */
public final class OpenSetPiece {
    private OpenSetPiece() {}

    static final HeapSlots.Shape SHAPE = new HeapSlots.Shape(
            "open",
            "f",
            "g",
            OpenSetPieceLayout.SLOTS_OFFSET,
            OpenSetPieceLayout.NODE_OFFSET,
            OpenSetPieceLayout.F_OFFSET,
            OpenSetPieceLayout.G_OFFSET,
            OpenSetPieceLayout.SLOT_BYTES);

    /**
     * The heap slots as parallel arrays, slot i being (nodes[i], f[i], g[i]). The arrays are not
     * copied (an open set can hold millions of slots); do not change them after handing them over.
     *
     * @param nodes the node of each slot, in heap-array order; checked (in range, distinct) when
     *              written or read
     * @param f     each slot's F key (the estimated total cost through the node), not NaN
     * @param g     each slot's G key (the cost from the start to the node), not NaN
     */
    public record Heap(int[] nodes, double[] f, double[] g) {
        /** An empty open set. */
        public static final Heap EMPTY = new Heap(new int[0], new double[0], new double[0]);

        /**
         * Checks that the three arrays have one entry per slot; their values are checked when the
         * heap is written or read.
         *
         * @throws NullPointerException     if an array is null
         * @throws IllegalArgumentException if the arrays differ in length
         */
        public Heap {
            Objects.requireNonNull(nodes, "nodes");
            Objects.requireNonNull(f, "f");
            Objects.requireNonNull(g, "g");
            HeapSlots.requireSameLength(nodes, f, g, "f", "g");
        }

        /**
         * The number of slots.
         *
         * @return the length of the arrays, &gt;= 0
         */
        public int count() {
            return nodes.length;
        }

        /** Equal slots, keys compared bit for bit (records compare arrays by identity otherwise). */
        @Override
        public boolean equals(Object o) {
            return o instanceof Heap h
                    && Arrays.equals(nodes, h.nodes)
                    && Arrays.equals(f, h.f)
                    && Arrays.equals(g, h.g);
        }

        @Override
        public int hashCode() {
            return (Arrays.hashCode(nodes) * 31 + Arrays.hashCode(f)) * 31 + Arrays.hashCode(g);
        }

        @Override
        public String toString() {
            return "Heap[" + HeapSlots.describe(nodes, f, g, "f", "g") + "]";
        }
    }

    /**
     * Writes the heap: the count, then each slot in array order
     * ({@link OpenSetPieceLayout#pieceBytes(int)} bytes). Nothing is written when a rule is
     * broken.
     *
     * @param writer    where the bytes go, at its current position
     * @param heap      the slots to write
     * @param nodeCount nodes of the object the heap belongs to, &gt;= 0; slots must hold
     *                  0..nodeCount-1
     * @throws NullPointerException     if {@code heap} is null
     * @throws IllegalArgumentException if nodeCount is negative, or naming the slot, value and
     *                                  rule if the heap breaks a rule, heap order included
     */
    public static void write(StateWriter writer, Heap heap, int nodeCount) {
        Objects.requireNonNull(heap, "heap");
        requireNodeCount(nodeCount);
        check(heap, nodeCount, 0, Complaint.ARGUMENT);
        checkHeapOrder(heap, 0, Complaint.ARGUMENT);
        HeapSlots.write(writer, heap.nodes(), heap.f(), heap.g());
    }

    /**
     * Reads a heap and checks every rule, heap order included.
     *
     * @param reader    the bytes, positioned at the piece's count
     * @param nodeCount nodes of the restoring object, &gt;= 0; bounds the count and the nodes
     * @return the heap, with new arrays owned by the caller
     * @throws IllegalArgumentException if nodeCount is negative
     * @throws OnePathFormatException   (the reader's subtype) naming the first field that breaks a
     *                                  rule, or the data ending early
     */
    public static Heap read(StateReader reader, int nodeCount) {
        long at = reader.offset();
        Heap heap = readAnyOrder(reader, nodeCount);
        checkHeapOrder(reader, heap, at);
        return heap;
    }

    /**
     * Reads a heap and checks every rule except heap order (for callers that re-heapify).
     *
     * @param reader    the bytes, positioned at the piece's count
     * @param nodeCount nodes of the restoring object, &gt;= 0; bounds the count and the nodes
     * @return the heap, with new arrays owned by the caller
     * @throws IllegalArgumentException if nodeCount is negative
     * @throws OnePathFormatException   (the reader's subtype) naming the first field that breaks a
     *                                  rule, or the data ending early
     */
    public static Heap readAnyOrder(StateReader reader, int nodeCount) {
        requireNodeCount(nodeCount);
        long at = reader.offset();
        HeapSlots.Raw raw = HeapSlots.read(reader, nodeCount, SHAPE);
        Heap heap = new Heap(raw.nodes(), raw.key1(), raw.key2());
        check(heap, nodeCount, at, Complaint.of(reader));
        return heap;
    }

    /**
     * Checks heap order: no slot precedes its parent.
     *
     * @param reader      the reader the heap came from, whose exception type is used
     * @param heap        the heap to check
     * @param pieceOffset offset of the piece's count field, for the error's offset
     * @throws OnePathFormatException (the reader's subclass) naming the first slot out of order
     */
    public static void checkHeapOrder(StateReader reader, Heap heap, long pieceOffset) {
        checkHeapOrder(heap, pieceOffset, Complaint.of(reader));
    }

    /**
     * Checks heap order: no slot precedes its parent. For callers that build a heap and want the
     * writer's verdict before writing.
     *
     * @param heap the heap to check
     * @throws IllegalArgumentException naming the first slot out of order
     */
    public static void checkHeapOrder(Heap heap) {
        checkHeapOrder(heap, 0, Complaint.ARGUMENT);
    }

    /**
     * The heap's order: whether slot a (fa, ga, na) pops before slot b. Keys compare with
     * {@code <}, {@code >} and {@code ==} (so -0.0 equals 0.0), as the engine's heap does.
     */
    static boolean precedes(double fa, double ga, int na, double fb, double gb, int nb) {
        if (fa != fb) {
            return fa < fb;
        }
        if (ga != gb) {
            return ga > gb;
        }
        return na < nb;
    }

    static void check(Heap heap, int nodeCount, long at, Complaint complaint) {
        HeapSlots.check(heap.nodes(), heap.f(), heap.g(), nodeCount, at, SHAPE, complaint);
    }

    static void checkHeapOrder(Heap heap, long at, Complaint complaint) {
        int[] n = heap.nodes();
        double[] f = heap.f();
        double[] g = heap.g();
        for (int i = 1; i < n.length; i++) {
            int p = (i - 1) / ARITY;
            if (precedes(f[i], g[i], n[i], f[p], g[p], n[p])) {
                throw complaint.at(
                        HeapSlots.slotField(SHAPE, i, "node"),
                        n[i] + " (F " + f[i] + ", G " + g[i] + ")",
                        "a slot that does not precede its parent, slot " + p + " (node " + n[p] + ", F " + f[p] + ", G "
                                + g[p] + "), in the order smaller F, then larger G, then smaller node",
                        SHAPE.slotAt(at, i) + SHAPE.nodeOffset());
            }
        }
    }

    static void requireNodeCount(int nodeCount) {
        if (nodeCount < 0) {
            throw new IllegalArgumentException("nodeCount = " + nodeCount + ": expected >= 0");
        }
    }
}
