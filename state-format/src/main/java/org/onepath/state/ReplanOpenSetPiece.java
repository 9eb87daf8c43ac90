package org.onepath.state;

import java.util.Arrays;
import java.util.Objects;

/**
 * The replanner open-set piece ({@link ReplanOpenSetPieceLayout}): the slots of an incremental
 * replanner's heap keyed by (key1, key2, node), in heap-array order.
 *
 * <p>Rules: count in 0..nodeCount, nodes distinct and in 0..nodeCount-1, keys not NaN. Keys may
 * be infinite. No heap order is checked: the replanner's tie-breaking belongs to its engine, and
 * a restore that distrusts the order re-heapifies.
 */
public final class ReplanOpenSetPiece {
    private ReplanOpenSetPiece() {}

    static final HeapSlots.Shape SHAPE = new HeapSlots.Shape(
            "open",
            "key1",
            "key2",
            ReplanOpenSetPieceLayout.SLOTS_OFFSET,
            ReplanOpenSetPieceLayout.NODE_OFFSET,
            ReplanOpenSetPieceLayout.KEY1_OFFSET,
            ReplanOpenSetPieceLayout.KEY2_OFFSET,
            ReplanOpenSetPieceLayout.SLOT_BYTES);

    /**
     * The heap slots as parallel arrays, slot i being (nodes[i], key1[i], key2[i]). The arrays
     * are not copied; do not change them after handing them over.
     *
     * @param nodes the node of each slot, in heap-array order; checked (in range, distinct) when
     *              written or read
     * @param key1  each slot's primary key, not NaN (may be infinite)
     * @param key2  each slot's secondary key, compared on equal key1; not NaN (may be infinite)
     */
    public record Heap(int[] nodes, double[] key1, double[] key2) {
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
            Objects.requireNonNull(key1, "key1");
            Objects.requireNonNull(key2, "key2");
            HeapSlots.requireSameLength(nodes, key1, key2, "key1", "key2");
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
                    && Arrays.equals(key1, h.key1)
                    && Arrays.equals(key2, h.key2);
        }

        @Override
        public int hashCode() {
            return (Arrays.hashCode(nodes) * 31 + Arrays.hashCode(key1)) * 31 + Arrays.hashCode(key2);
        }

        @Override
        public String toString() {
            return "Heap[" + HeapSlots.describe(nodes, key1, key2, "key1", "key2") + "]";
        }
    }

    /**
     * Writes the heap: the count, then each slot in array order
     * ({@link ReplanOpenSetPieceLayout#pieceBytes(int)} bytes). Nothing is written when a rule is
     * broken.
     *
     * @param writer    where the bytes go, at its current position
     * @param heap      the slots to write
     * @param nodeCount nodes of the object the heap belongs to, &gt;= 0; slots must hold
     *                  0..nodeCount-1
     * @throws NullPointerException     if {@code heap} is null
     * @throws IllegalArgumentException if nodeCount is negative, or naming the slot, value and
     *                                  rule if the heap breaks a rule
     */
    public static void write(StateWriter writer, Heap heap, int nodeCount) {
        Objects.requireNonNull(heap, "heap");
        OpenSetPiece.requireNodeCount(nodeCount);
        HeapSlots.check(heap.nodes(), heap.key1(), heap.key2(), nodeCount, 0, SHAPE, Complaint.ARGUMENT);
        HeapSlots.write(writer, heap.nodes(), heap.key1(), heap.key2());
    }

    /**
     * Reads a heap and checks every rule (there is no order rule).
     *
     * @param reader    the bytes, positioned at the piece's count
     * @param nodeCount nodes of the restoring object, &gt;= 0; bounds the count and the nodes
     * @return the heap, with new arrays owned by the caller
     * @throws IllegalArgumentException if nodeCount is negative
     * @throws OnePathFormatException   (the reader's subtype) naming the first field that breaks a
     *                                  rule, or the data ending early
     */
    public static Heap read(StateReader reader, int nodeCount) {
        OpenSetPiece.requireNodeCount(nodeCount);
        long at = reader.offset();
        HeapSlots.Raw raw = HeapSlots.read(reader, nodeCount, SHAPE);
        Heap heap = new Heap(raw.nodes(), raw.key1(), raw.key2());
        HeapSlots.check(heap.nodes(), heap.key1(), heap.key2(), nodeCount, at, SHAPE, Complaint.of(reader));
        return heap;
    }
}
