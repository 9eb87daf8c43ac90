package org.onepath.grids.replan;

import org.onepath.layout.ReplanOpenSetLayout;
import org.onepath.memory.NodeHeap;
import org.onepath.memory.OwnerState;
import org.onepath.state.ReplanOpenSetPiece;

/**
 * The queue of the incremental replanners (tier 3): an indexed 4-ary min-heap over node indices
 * keyed by (key1, key2), with decrease- and increase-key and removal of any node.
 *
 * <p>Order (normative, {@link ReplanKeys#before}): smaller key1 first, then smaller key2, then
 * smaller node index; two keys within a relative 1e-11 (absolute below 1) count as equal. A node
 * is in the set at most once: pushing a queued node replaces its keys and re-sifts. NaN keys are
 * rejected; infinite keys are legal. Slots and positions live off-heap
 * ({@link ReplanOpenSetLayout}); the heap is the shared
 * {@code org.onepath.memory.NodeHeap} in this order.
 *
 * <p>Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
public final class ReplanOpenSet implements AutoCloseable {
    private static final int INITIAL_SLOTS = 256;

    private final Slots heap;
    private final OwnerState state = new OwnerState("ReplanOpenSet");

    /**
     * @param nodeCapacity node indices 0..nodeCapacity-1 may be pushed
     */
    public ReplanOpenSet(int nodeCapacity) {
        this.heap = new Slots(nodeCapacity, Math.min(nodeCapacity, INITIAL_SLOTS));
    }

    /** Node indices accepted: 0..capacity-1. */
    public int capacity() {
        return heap.capacity();
    }

    public int size() {
        return heap.size();
    }

    public boolean isEmpty() {
        return heap.isEmpty();
    }

    /** Whether the node is queued. */
    public boolean contains(int node) {
        return heap.contains(node);
    }

    /** Empties the set; costs O(size). */
    public void clear() {
        heap.clear();
    }

    /**
     * Inserts the node, or replaces its keys if it is queued already.
     *
     * @throws IllegalArgumentException if a key is NaN or the node is out of range
     */
    public void push(int node, double key1, double key2) {
        heap.push(node, key1, key2);
    }

    /**
     * Removes the node if it is queued.
     *
     * @return whether it was queued
     */
    public boolean remove(int node) {
        return heap.remove(node);
    }

    /**
     * Removes and returns the first node, as {@link #remove} removes any node.
     *
     * @throws IllegalStateException if the set is empty
     */
    public int pop() {
        int top = heap.topId();
        heap.remove(top);
        return top;
    }

    /** The first node, without removing it. */
    public int topNode() {
        return heap.topId();
    }

    /** key1 of the first node. */
    public double topKey1() {
        return heap.topKey1();
    }

    /** key2 of the first node. */
    public double topKey2() {
        return heap.topKey2();
    }

    /** Node in heap slot {@code slot} (0 = top), for snapshots and debugging. */
    public int nodeAt(int slot) {
        return heap.idAt(slot);
    }

    /** key1 in heap slot {@code slot}. */
    public double key1At(int slot) {
        return heap.key1At(slot);
    }

    /** key2 in heap slot {@code slot}. */
    public double key2At(int slot) {
        return heap.key2At(slot);
    }

    /** The heap array as the state format stores it: slots in array order (for snapshots). */
    public ReplanOpenSetPiece.Heap toPiece() {
        state.ensureOpen();
        final int n = heap.size();
        int[] nodes = new int[n];
        double[] k1 = new double[n];
        double[] k2 = new double[n];
        for (int i = 0; i < n; i++) {
            nodes[i] = heap.id(i);
            k1[i] = heap.key1(i);
            k2[i] = heap.key2(i);
        }
        return new ReplanOpenSetPiece.Heap(nodes, k1, k2);
    }

    /**
     * Replaces the contents with a checked heap array (distinct nodes in range, keys not NaN, as
     * {@link ReplanOpenSetPiece#read} delivers it), slot for slot, so the restored set pops
     * exactly as the saved one would have. The order is not re-checked: a piece that is not a
     * heap pops in another order but cannot index out of range.
     *
     * @throws IllegalArgumentException if a node is out of range or listed twice (the set is then
     *                                  empty)
     */
    public void load(ReplanOpenSetPiece.Heap piece) {
        state.ensureOpen();
        heap.load(piece.nodes(), piece.key1(), piece.key2());
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            heap.close();
        }
    }

    /** The heap in the replanners' order ({@link ReplanKeys#before}), the node as id. */
    private static final class Slots extends NodeHeap {
        Slots(int capacity, int initialSlots) {
            super("ReplanOpenSet", "key1", "key2", capacity, initialSlots);
        }

        @Override
        protected boolean tie(double a1, double b1) {
            return ReplanKeys.equal(a1, b1);
        }

        @Override
        protected boolean tieBefore(double a2, int an, double b2, int bn) {
            return ReplanKeys.tieBefore(a2, an, b2, bn);
        }
    }
}
