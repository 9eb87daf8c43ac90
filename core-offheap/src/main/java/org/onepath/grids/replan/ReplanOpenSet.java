package org.onepath.grids.replan;

import static org.onepath.grids.replan.ReplanOpenSetLayout.ABSENT;
import static org.onepath.grids.replan.ReplanOpenSetLayout.INT;
import static org.onepath.grids.replan.ReplanOpenSetLayout.KEY;
import static org.onepath.grids.replan.ReplanOpenSetLayout.KEY1_OFFSET;
import static org.onepath.grids.replan.ReplanOpenSetLayout.KEY2_OFFSET;
import static org.onepath.grids.replan.ReplanOpenSetLayout.NODE_OFFSET;
import static org.onepath.grids.replan.ReplanOpenSetLayout.POSITION_BYTES;
import static org.onepath.grids.replan.ReplanOpenSetLayout.SLOT_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.onepath.memory.GrowableSegment;
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
 * ({@link ReplanOpenSetLayout}).
 *
 * <p>Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
public final class ReplanOpenSet implements AutoCloseable {
    private static final int INITIAL_SLOTS = 256;

    private final int capacity;
    private final Arena arena;
    private final MemorySegment positions;
    private final GrowableSegment slots;
    private final OwnerState state = new OwnerState("ReplanOpenSet");
    private MemorySegment heap;
    private int size;

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
        this.slots = new GrowableSegment(Math.min(nodeCapacity, INITIAL_SLOTS) * SLOT_BYTES, 8);
        this.heap = slots.segment();
    }

    /** Node indices accepted: 0..capacity-1. */
    public int capacity() {
        return capacity;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Whether the node is queued. */
    public boolean contains(int node) {
        checkNode(node);
        return positions.get(INT, node * POSITION_BYTES) != ABSENT;
    }

    /** Empties the set; costs O(size). */
    public void clear() {
        final MemorySegment h = heap;
        for (int i = 0; i < size; i++) {
            positions.set(INT, h.get(INT, i * SLOT_BYTES + NODE_OFFSET) * POSITION_BYTES, ABSENT);
        }
        size = 0;
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
        int pos = positions.get(INT, node * POSITION_BYTES);
        MemorySegment h = heap;
        if (pos == ABSENT) {
            if ((size + 1) * SLOT_BYTES > h.byteSize()) {
                h = slots.ensureLength((size + 1) * SLOT_BYTES, size * SLOT_BYTES);
                heap = h;
            }
            siftUp(h, size++, node, key1, key2);
        } else {
            long off = pos * SLOT_BYTES;
            if (ReplanKeys.before(key1, key2, node, h.get(KEY, off + KEY1_OFFSET), h.get(KEY, off + KEY2_OFFSET), node)) {
                siftUp(h, pos, node, key1, key2);
            } else {
                siftDown(h, pos, node, key1, key2);
            }
        }
    }

    /**
     * Removes the node if it is queued.
     *
     * @return whether it was queued
     */
    public boolean remove(int node) {
        checkNode(node);
        int pos = positions.get(INT, node * POSITION_BYTES);
        if (pos == ABSENT) {
            return false;
        }
        final MemorySegment h = heap;
        positions.set(INT, node * POSITION_BYTES, ABSENT);
        int last = --size;
        if (pos != last) {
            long off = last * SLOT_BYTES;
            int ln = h.get(INT, off + NODE_OFFSET);
            double l1 = h.get(KEY, off + KEY1_OFFSET);
            double l2 = h.get(KEY, off + KEY2_OFFSET);
            long pOff = pos * SLOT_BYTES;
            if (ReplanKeys.before(l1, l2, ln, h.get(KEY, pOff + KEY1_OFFSET), h.get(KEY, pOff + KEY2_OFFSET),
                    h.get(INT, pOff + NODE_OFFSET))) {
                siftUp(h, pos, ln, l1, l2);
            } else {
                siftDown(h, pos, ln, l1, l2);
            }
        }
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
        return heap.get(INT, NODE_OFFSET);
    }

    /** key1 of the first node. */
    public double topKey1() {
        checkNotEmpty();
        return heap.get(KEY, KEY1_OFFSET);
    }

    /** key2 of the first node. */
    public double topKey2() {
        checkNotEmpty();
        return heap.get(KEY, KEY2_OFFSET);
    }

    /** Node in heap slot {@code slot} (0 = top), for snapshots and debugging. */
    public int nodeAt(int slot) {
        checkSlot(slot);
        return heap.get(INT, slot * SLOT_BYTES + NODE_OFFSET);
    }

    /** key1 in heap slot {@code slot}. */
    public double key1At(int slot) {
        checkSlot(slot);
        return heap.get(KEY, slot * SLOT_BYTES + KEY1_OFFSET);
    }

    /** key2 in heap slot {@code slot}. */
    public double key2At(int slot) {
        checkSlot(slot);
        return heap.get(KEY, slot * SLOT_BYTES + KEY2_OFFSET);
    }

    /** The heap array as the state format stores it: slots in array order (for snapshots). */
    public ReplanOpenSetPiece.Heap toPiece() {
        state.ensureOpen();
        int[] nodes = new int[size];
        double[] k1 = new double[size];
        double[] k2 = new double[size];
        for (int i = 0; i < size; i++) {
            long off = i * SLOT_BYTES;
            nodes[i] = heap.get(INT, off + NODE_OFFSET);
            k1[i] = heap.get(KEY, off + KEY1_OFFSET);
            k2[i] = heap.get(KEY, off + KEY2_OFFSET);
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
        MemorySegment h = heap;
        if (n * SLOT_BYTES > h.byteSize()) {
            h = slots.ensureLength(n * SLOT_BYTES, 0);
            heap = h;
        }
        for (int i = 0; i < n; i++) {
            int node = piece.nodes()[i];
            if (positions.get(INT, node * POSITION_BYTES) != ABSENT) {
                size = i;
                clear();
                throw new IllegalArgumentException("node " + node + " is listed twice in the heap (slot " + i + ")");
            }
            writeSlot(h, i, node, piece.key1()[i], piece.key2()[i]);
        }
        size = n;
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            slots.close();
            arena.close();
        }
    }

    private void siftUp(MemorySegment h, int pos, int node, double k1, double k2) {
        while (pos > 0) {
            int parent = (pos - 1) >>> 2;
            long pOff = parent * SLOT_BYTES;
            double p1 = h.get(KEY, pOff + KEY1_OFFSET);
            double p2 = h.get(KEY, pOff + KEY2_OFFSET);
            int pn = h.get(INT, pOff + NODE_OFFSET);
            if (!ReplanKeys.before(k1, k2, node, p1, p2, pn)) {
                break;
            }
            writeSlot(h, pos, pn, p1, p2);
            pos = parent;
        }
        writeSlot(h, pos, node, k1, k2);
    }

    private void siftDown(MemorySegment h, int pos, int node, double k1, double k2) {
        final int n = size;
        while (true) {
            final int first = (pos << 2) + 1;
            if (first >= n) {
                break;
            }
            final int end = Math.min(first + 4, n);
            int best = first;
            long bOff = first * SLOT_BYTES;
            double b1 = h.get(KEY, bOff + KEY1_OFFSET);
            double b2 = h.get(KEY, bOff + KEY2_OFFSET);
            int bn = h.get(INT, bOff + NODE_OFFSET);
            for (int c = first + 1; c < end; c++) {
                final long cOff = c * SLOT_BYTES;
                final double c1 = h.get(KEY, cOff + KEY1_OFFSET);
                final double c2 = h.get(KEY, cOff + KEY2_OFFSET);
                final int cn = h.get(INT, cOff + NODE_OFFSET);
                if (ReplanKeys.before(c1, c2, cn, b1, b2, bn)) {
                    best = c;
                    bOff = cOff;
                    b1 = c1;
                    b2 = c2;
                    bn = cn;
                }
            }
            if (!ReplanKeys.before(b1, b2, bn, k1, k2, node)) {
                break;
            }
            writeSlot(h, pos, bn, b1, b2);
            pos = best;
        }
        writeSlot(h, pos, node, k1, k2);
    }

    private void writeSlot(MemorySegment h, int pos, int node, double k1, double k2) {
        long off = pos * SLOT_BYTES;
        h.set(KEY, off + KEY1_OFFSET, k1);
        h.set(KEY, off + KEY2_OFFSET, k2);
        h.set(INT, off + NODE_OFFSET, node);
        positions.set(INT, node * POSITION_BYTES, pos);
    }

    private void checkNode(int node) {
        if (node < 0 || node >= capacity) {
            throw new IllegalArgumentException("node " + node + " is outside 0.." + (capacity - 1));
        }
    }

    private void checkSlot(int slot) {
        if (slot < 0 || slot >= size) {
            throw new IllegalArgumentException("slot " + slot + " is outside 0.." + (size - 1));
        }
    }

    private void checkNotEmpty() {
        if (size == 0) {
            throw new IllegalStateException("ReplanOpenSet is empty");
        }
    }
}
