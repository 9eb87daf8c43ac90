package org.onepath.grids.replan;

import static org.onepath.grids.replan.ReplanOpenSetLayout.ABSENT;
import static org.onepath.grids.replan.ReplanOpenSetLayout.INT;
import static org.onepath.grids.replan.ReplanOpenSetLayout.POSITION_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.onepath.memory.OwnerState;
import org.onepath.memory.QuadHeap;
import org.onepath.state.ReplanOpenSetPiece;

/**
 * The queue of the incremental replanners (tier 3): an indexed 4-ary min-heap over node indices
 * keyed by (key1, key2), with decrease- and increase-key and removal of any node.
 *
 * <p>Order (normative, {@link ReplanKeys#before}): smaller key1 first, then smaller key2, then
 * smaller node index; two keys within a relative 1e-11 (absolute below 1) count as equal. A node
 * is in the set at most once: pushing a queued node replaces its keys and re-sifts. NaN keys are
 * rejected; infinite keys are legal. Slots and positions live off-heap
 * ({@link ReplanOpenSetLayout}); the sifting is {@link QuadHeap}'s, in this order, writing each
 * node's slot into the position table.
 *
 * <p>Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
public final class ReplanOpenSet implements AutoCloseable {
    private static final int INITIAL_SLOTS = 256;

    private final int capacity;
    private final Arena arena;
    private final MemorySegment positions;
    private final Slots heap;
    private final OwnerState state = new OwnerState("ReplanOpenSet");

    /**
     * @param nodeCapacity node indices 0..nodeCapacity-1 may be pushed
     */
    public ReplanOpenSet(int nodeCapacity) {
        if (nodeCapacity < 1) {
            throw new IllegalArgumentException("nodeCapacity must be at least 1, was " + nodeCapacity);
        }
        this.capacity = nodeCapacity;
        this.arena = Arena.ofShared();
        this.positions = arena.allocate(nodeCapacity * POSITION_BYTES, POSITION_BYTES);
        positions.fill((byte) 0xFF); // every position ABSENT (-1)
        this.heap = new Slots(Math.min(nodeCapacity, INITIAL_SLOTS), positions);
    }

    /** Node indices accepted: 0..capacity-1. */
    public int capacity() {
        return capacity;
    }

    public int size() {
        return heap.size();
    }

    public boolean isEmpty() {
        return heap.isEmpty();
    }

    /** Whether the node is queued. */
    public boolean contains(int node) {
        checkNode(node);
        return positions.get(INT, node * POSITION_BYTES) != ABSENT;
    }

    /** Empties the set; costs O(size). */
    public void clear() {
        final Slots h = heap;
        final int n = h.size();
        for (int i = 0; i < n; i++) {
            positions.set(INT, h.id(i) * POSITION_BYTES, ABSENT);
        }
        h.clear();
    }

    /**
     * Inserts the node, or replaces its keys if it is queued already.
     *
     * @throws IllegalArgumentException if a key is NaN or the node is out of range
     */
    public void push(int node, double key1, double key2) {
        if (key1 != key1 || key2 != key2) {
            throw new IllegalArgumentException("ReplanOpenSet keys must not be NaN (node " + node + ", key1 " + key1
                    + ", key2 " + key2 + ")");
        }
        checkNode(node);
        final int pos = positions.get(INT, node * POSITION_BYTES);
        if (pos == ABSENT) {
            heap.insert(key1, key2, node, 0);
        } else {
            heap.update(pos, key1, key2, node, 0);
        }
    }

    /**
     * Removes the node if it is queued.
     *
     * @return whether it was queued
     */
    public boolean remove(int node) {
        checkNode(node);
        final int pos = positions.get(INT, node * POSITION_BYTES);
        if (pos == ABSENT) {
            return false;
        }
        positions.set(INT, node * POSITION_BYTES, ABSENT);
        heap.remove(pos);
        return true;
    }

    /**
     * Removes and returns the first node.
     *
     * @throws IllegalStateException if the set is empty
     */
    public int pop() {
        int top = topNode();
        remove(top);
        return top;
    }

    /** The first node, without removing it. */
    public int topNode() {
        checkNotEmpty();
        return heap.id(0);
    }

    /** key1 of the first node. */
    public double topKey1() {
        checkNotEmpty();
        return heap.key1(0);
    }

    /** key2 of the first node. */
    public double topKey2() {
        checkNotEmpty();
        return heap.key2(0);
    }

    /** Node in heap slot {@code slot} (0 = top), for snapshots and debugging. */
    public int nodeAt(int slot) {
        checkSlot(slot);
        return heap.id(slot);
    }

    /** key1 in heap slot {@code slot}. */
    public double key1At(int slot) {
        checkSlot(slot);
        return heap.key1(slot);
    }

    /** key2 in heap slot {@code slot}. */
    public double key2At(int slot) {
        checkSlot(slot);
        return heap.key2(slot);
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
        clear();
        int n = piece.nodes().length;
        for (int i = 0; i < n; i++) {
            checkNode(piece.nodes()[i]);
        }
        heap.reserve(n);
        for (int i = 0; i < n; i++) {
            int node = piece.nodes()[i];
            if (positions.get(INT, node * POSITION_BYTES) != ABSENT) {
                clear();
                throw new IllegalArgumentException("node " + node + " is listed twice in the heap (slot " + i + ")");
            }
            heap.append(piece.key1()[i], piece.key2()[i], node, 0);
        }
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            heap.close();
            arena.close();
        }
    }

    private void checkNode(int node) {
        if (node < 0 || node >= capacity) {
            throw new IllegalArgumentException("node " + node + " is outside 0.." + (capacity - 1));
        }
    }

    private void checkSlot(int slot) {
        if (slot < 0 || slot >= heap.size()) {
            throw new IllegalArgumentException("slot " + slot + " is outside 0.." + (heap.size() - 1));
        }
    }

    private void checkNotEmpty() {
        if (heap.isEmpty()) {
            throw new IllegalStateException("ReplanOpenSet is empty");
        }
    }

    /** The heap in the replanners' order, keeping each queued node's slot in the position table. */
    private static final class Slots extends QuadHeap {
        private final MemorySegment positions;

        Slots(int initialSlots, MemorySegment positions) {
            super(initialSlots);
            this.positions = positions;
        }

        @Override
        protected boolean tie(double a1, double b1) {
            return ReplanKeys.equal(a1, b1);
        }

        @Override
        protected boolean tieBefore(double a2, int an, double b2, int bn) {
            return ReplanKeys.tieBefore(a2, an, b2, bn);
        }

        @Override
        protected void placed(int node, int aux, int pos) {
            positions.set(INT, node * POSITION_BYTES, pos);
        }
    }
}
