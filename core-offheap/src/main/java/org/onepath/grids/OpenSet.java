package org.onepath.grids;

import static org.onepath.grids.OpenSetLayout.ABSENT;
import static org.onepath.grids.OpenSetLayout.INT;
import static org.onepath.grids.OpenSetLayout.POSITION_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.onepath.memory.OwnerState;
import org.onepath.memory.QuadHeap;
import org.onepath.state.OpenSetPiece;

/**
 * Indexed 4-ary min-heap over node indices with decrease-key (tier 3).
 *
 * <p>Order (normative): smaller f first; on equal f larger g first; on equal g smaller node
 * index first. Keys compare with {@code ==}, {@code <} and {@code >}; NaN keys are rejected. A node
 * is in the set at most once: pushing a queued node replaces its keys and re-sifts, so the pop
 * order depends only on the keys. Slots and positions live off-heap ({@link OpenSetLayout}); the
 * sifting is {@link QuadHeap}'s, in this order, writing each node's slot into the position table.
 *
 * <p>Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
public final class OpenSet implements AutoCloseable {
    private static final int INITIAL_SLOTS = 256;

    private final int capacity;
    private final Arena arena;
    private final MemorySegment positions;
    private final Slots heap;
    private final OwnerState state = new OwnerState("OpenSet");

    /**
     * @param nodeCapacity node indices 0..nodeCapacity-1 may be pushed
     */
    public OpenSet(int nodeCapacity) {
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
     * @throws IllegalArgumentException if f or g is NaN or the node is out of range
     */
    public void push(int node, double f, double g) {
        if (f != f || g != g) {
            throw new IllegalArgumentException("OpenSet keys must not be NaN (node " + node + ", f " + f + ", g " + g + ")");
        }
        checkNode(node);
        final int pos = positions.get(INT, node * POSITION_BYTES);
        if (pos == ABSENT) {
            heap.insert(f, g, node, 0);
        } else {
            heap.update(pos, f, g, node, 0);
        }
    }

    /**
     * Removes and returns the first node.
     *
     * @throws IllegalStateException if the set is empty
     */
    public int pop() {
        final Slots h = heap;
        if (h.isEmpty()) {
            throw new IllegalStateException("OpenSet is empty");
        }
        final int top = h.id(0);
        positions.set(INT, top * POSITION_BYTES, ABSENT);
        h.removeTop();
        return top;
    }

    /** The first node, without removing it. */
    public int peekNode() {
        checkNotEmpty();
        return heap.id(0);
    }

    /** The f of the first node. */
    public double peekF() {
        checkNotEmpty();
        return heap.key1(0);
    }

    /** The g of the first node. */
    public double peekG() {
        checkNotEmpty();
        return heap.key2(0);
    }

    /** Node in heap slot {@code slot} (0 = top), for snapshots and debugging. */
    public int nodeAt(int slot) {
        checkSlot(slot);
        return heap.id(slot);
    }

    /** f in heap slot {@code slot}. */
    public double fAt(int slot) {
        checkSlot(slot);
        return heap.key1(slot);
    }

    /** g in heap slot {@code slot}. */
    public double gAt(int slot) {
        checkSlot(slot);
        return heap.key2(slot);
    }

    /**
     * Writes the heap array as {@link #toPiece()}'s piece would be written (i32 count, then per
     * slot i32 node, f64 f, f64 g in array order) without making the piece (tier 3).
     */
    public void writeSlots(org.onepath.state.StateWriter w) {
        state.ensureOpen();
        final Slots h = heap;
        final int n = h.size();
        w.i32(n);
        for (int i = 0; i < n; i++) {
            w.i32(h.id(i)).f64(h.key1(i)).f64(h.key2(i));
        }
    }

    /** The heap array as the state format stores it: slots in array order (tier 3, for snapshots). */
    public OpenSetPiece.Heap toPiece() {
        state.ensureOpen();
        final int n = heap.size();
        int[] nodes = new int[n];
        double[] f = new double[n];
        double[] g = new double[n];
        for (int i = 0; i < n; i++) {
            nodes[i] = heap.id(i);
            f[i] = heap.key1(i);
            g[i] = heap.key2(i);
        }
        return new OpenSetPiece.Heap(nodes, f, g);
    }

    /**
     * Replaces the contents with a checked heap array (distinct nodes in range, heap order, as
     * {@link OpenSetPiece#read} delivers it), slot for slot, so the restored set pops exactly as
     * the saved one would have (tier 3, for snapshots).
     *
     * @throws IllegalArgumentException if a node is out of range or listed twice (the set is then
     *                                  empty)
     */
    public void load(OpenSetPiece.Heap piece) {
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
            heap.append(piece.f()[i], piece.g()[i], node, 0);
        }
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            heap.close();
            arena.close();
        }
    }

    /**
     * The open order of the searches (normative): whether keys (f1, g1, n1) come strictly before
     * (f2, g2, n2): smaller f, then larger g, then smaller node.
     */
    public static boolean before(double f1, double g1, int n1, double f2, double g2, int n2) {
        if (f1 != f2) {
            return f1 < f2;
        }
        return tieBefore(g1, n1, g2, n2);
    }

    /**
     * The open order on equal f: whether (g1, n1) comes strictly before (g2, n2): larger g, then
     * smaller node.
     */
    public static boolean tieBefore(double g1, int n1, double g2, int n2) {
        if (g1 != g2) {
            return g1 > g2;
        }
        return n1 < n2;
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
            throw new IllegalStateException("OpenSet is empty");
        }
    }

    /** The heap in the open order, keeping each queued node's slot in the position table. */
    private static final class Slots extends QuadHeap {
        private final MemorySegment positions;

        Slots(int initialSlots, MemorySegment positions) {
            super(initialSlots);
            this.positions = positions;
        }

        @Override
        protected boolean tie(double f1, double f2) {
            return f1 == f2;
        }

        @Override
        protected boolean tieBefore(double g1, int n1, double g2, int n2) {
            return OpenSet.tieBefore(g1, n1, g2, n2);
        }

        @Override
        protected void placed(int node, int aux, int pos) {
            positions.set(INT, node * POSITION_BYTES, pos);
        }
    }
}
