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
     * An empty queue for nodes 0..nodeCapacity-1. The position table (one int per node) is
     * allocated off-heap now; the slots start small and grow with the queue.
     *
     * @param nodeCapacity node indices 0..nodeCapacity-1 may be pushed, &gt;= 1
     * @throws IllegalArgumentException if {@code nodeCapacity} is less than 1
     */
    public ReplanOpenSet(int nodeCapacity) {
        this.heap = new Slots(nodeCapacity, Math.min(nodeCapacity, INITIAL_SLOTS));
    }

    /**
     * The node range, fixed at construction.
     *
     * @return the capacity; node indices 0..capacity-1 are accepted
     */
    public int capacity() {
        return heap.capacity();
    }

    /**
     * How many nodes are queued.
     *
     * @return the number of queued nodes, 0..capacity
     */
    public int size() {
        return heap.size();
    }

    /**
     * Whether no node is queued.
     *
     * @return true when {@link #size()} is 0
     */
    public boolean isEmpty() {
        return heap.isEmpty();
    }

    /**
     * Whether the node is queued.
     *
     * @param node a node index, 0..capacity-1
     * @return true when the node is in the set
     * @throws IllegalArgumentException if the node is out of range
     */
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
     * @param node a node index, 0..capacity-1
     * @param key1 the primary key, not NaN (infinite is legal)
     * @param key2 the secondary key, compared when the key1s are equal within the tolerance; not
     *             NaN
     * @throws IllegalArgumentException if a key is NaN or the node is out of range
     */
    public void push(int node, double key1, double key2) {
        heap.push(node, key1, key2);
    }

    /**
     * Removes the node if it is queued.
     *
     * @param node a node index, 0..capacity-1
     * @return whether it was queued
     * @throws IllegalArgumentException if the node is out of range
     */
    public boolean remove(int node) {
        return heap.remove(node);
    }

    /**
     * Removes and returns the first node, as {@link #remove} removes any node.
     *
     * @return the node that came first in the queue order
     * @throws IllegalStateException if the set is empty
     */
    public int pop() {
        int top = heap.topId();
        heap.remove(top);
        return top;
    }

    /**
     * The first node, without removing it.
     *
     * @return the node that pops next
     * @throws IllegalStateException if the set is empty
     */
    public int topNode() {
        return heap.topId();
    }

    /**
     * The primary key of the first node.
     *
     * @return key1 of {@link #topNode()}
     * @throws IllegalStateException if the set is empty
     */
    public double topKey1() {
        return heap.topKey1();
    }

    /**
     * The secondary key of the first node.
     *
     * @return key2 of {@link #topNode()}
     * @throws IllegalStateException if the set is empty
     */
    public double topKey2() {
        return heap.topKey2();
    }

    /**
     * The node in a heap slot, for snapshots and debugging.
     *
     * @param slot a heap slot, 0..size-1 (0 = top)
     * @return the node stored in that slot
     * @throws IllegalArgumentException if the slot is out of range
     */
    public int nodeAt(int slot) {
        return heap.idAt(slot);
    }

    /**
     * The primary key in a heap slot.
     *
     * @param slot a heap slot, 0..size-1 (0 = top)
     * @return key1 of the node in that slot
     * @throws IllegalArgumentException if the slot is out of range
     */
    public double key1At(int slot) {
        return heap.key1At(slot);
    }

    /**
     * The secondary key in a heap slot.
     *
     * @param slot a heap slot, 0..size-1 (0 = top)
     * @return key2 of the node in that slot
     * @throws IllegalArgumentException if the slot is out of range
     */
    public double key2At(int slot) {
        return heap.key2At(slot);
    }

    /**
     * The heap array as the state format stores it: slots in array order (for snapshots).
     *
     * @return a new piece with arrays the caller owns
     * @throws IllegalStateException if the set has been closed
     */
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
     * @param piece the slots to load, in heap-array order
     * @throws IllegalArgumentException if a node is out of range or listed twice (the set is then
     *                                  empty)
     * @throws IllegalStateException    if the set has been closed
     */
    public void load(ReplanOpenSetPiece.Heap piece) {
        state.ensureOpen();
        heap.load(piece.nodes(), piece.key1(), piece.key2());
    }

    /** Frees the set's off-heap memory; the set must not be used afterwards. Closing twice does nothing. */
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
