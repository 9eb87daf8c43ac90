package org.onepath.grids;

import org.onepath.layout.OpenSetLayout;
import org.onepath.memory.NodeHeap;
import org.onepath.memory.OwnerState;
import org.onepath.state.OpenSetPiece;

/**
 * Indexed 4-ary min-heap over node indices with decrease-key (tier 3).
 *
 * <p>Order (normative): smaller f first; on equal f larger g first; on equal g smaller node
 * index first. Keys compare with {@code ==}, {@code <} and {@code >}; NaN keys are rejected. A node
 * is in the set at most once: pushing a queued node replaces its keys and re-sifts, so the pop
 * order depends only on the keys. Slots and positions live off-heap ({@link OpenSetLayout}); the
 * heap is the shared {@code org.onepath.memory.NodeHeap} in this order.
 *
 * <p>Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
public final class OpenSet implements AutoCloseable {
    private static final int INITIAL_SLOTS = 256;

    private final Slots heap;
    private final OwnerState state = new OwnerState("OpenSet");

    /**
     * An empty set for nodes 0..nodeCapacity-1; slots grow off-heap as nodes are pushed.
     *
     * @param nodeCapacity node indices 0..nodeCapacity-1 may be pushed
     */
    public OpenSet(int nodeCapacity) {
        this.heap = new Slots(nodeCapacity, Math.min(nodeCapacity, INITIAL_SLOTS));
    }

    /**
     * Node indices accepted: 0..capacity-1.
     *
     * @return the node capacity
     */
    public int capacity() {
        return heap.capacity();
    }

    /**
     * The number of queued nodes.
     *
     * @return the size, 0..capacity
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
     * @param node a node index; any value
     * @return true when the node is queued
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
     * @param node the node index, 0..capacity-1
     * @param f    the node's f, not NaN
     * @param g    the node's g, not NaN
     * @throws IllegalArgumentException if f or g is NaN or the node is out of range
     */
    public void push(int node, double f, double g) {
        heap.push(node, f, g);
    }

    /**
     * Removes and returns the first node.
     *
     * @return the node with the smallest f (then largest g, then smallest index)
     * @throws IllegalStateException if the set is empty
     */
    public int pop() {
        return heap.pop();
    }

    /**
     * The first node, without removing it.
     *
     * @return the top node
     * @throws IllegalStateException if the set is empty
     */
    public int peekNode() {
        return heap.topId();
    }

    /**
     * The f of the first node.
     *
     * @return the top node's f
     * @throws IllegalStateException if the set is empty
     */
    public double peekF() {
        return heap.topKey1();
    }

    /**
     * The g of the first node.
     *
     * @return the top node's g
     * @throws IllegalStateException if the set is empty
     */
    public double peekG() {
        return heap.topKey2();
    }

    /**
     * Node in heap slot {@code slot} (0 = top), for snapshots and debugging.
     *
     * @param slot the heap slot, 0..size-1
     * @return the node in that slot
     */
    public int nodeAt(int slot) {
        return heap.idAt(slot);
    }

    /**
     * f in heap slot {@code slot}.
     *
     * @param slot the heap slot, 0..size-1
     * @return the f in that slot
     */
    public double fAt(int slot) {
        return heap.key1At(slot);
    }

    /**
     * g in heap slot {@code slot}.
     *
     * @param slot the heap slot, 0..size-1
     * @return the g in that slot
     */
    public double gAt(int slot) {
        return heap.key2At(slot);
    }

    /**
     * Writes the heap array as {@link #toPiece()}'s piece would be written (i32 count, then per
     * slot i32 node, f64 f, f64 g in array order) without making the piece (tier 3).
     *
     * @param w the writer the slots are appended to
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

    /**
     * The heap array as the state format stores it: slots in array order (tier 3, for snapshots).
     *
     * @return a new piece holding copies of the slots
     */
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
     * @param piece the checked heap array
     * @throws IllegalArgumentException if a node is out of range or listed twice (the set is then
     *                                  empty)
     */
    public void load(OpenSetPiece.Heap piece) {
        state.ensureOpen();
        heap.load(piece.nodes(), piece.f(), piece.g());
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            heap.close();
        }
    }

    /**
     * The open order of the searches (normative): whether keys (f1, g1, n1) come strictly before
     * (f2, g2, n2): smaller f, then larger g, then smaller node.
     *
     * @param f1 the first entry's f
     * @param g1 the first entry's g
     * @param n1 the first entry's node
     * @param f2 the second entry's f
     * @param g2 the second entry's g
     * @param n2 the second entry's node
     * @return true when the first entry pops first
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
     *
     * @param g1 the first entry's g
     * @param n1 the first entry's node
     * @param g2 the second entry's g
     * @param n2 the second entry's node
     * @return true when the first entry pops first
     */
    public static boolean tieBefore(double g1, int n1, double g2, int n2) {
        if (g1 != g2) {
            return g1 > g2;
        }
        return n1 < n2;
    }

    /** The heap in the open order: f as key1, g as key2, the node as id. */
    private static final class Slots extends NodeHeap {
        Slots(int capacity, int initialSlots) {
            super("OpenSet", "f", "g", capacity, initialSlots);
        }

        @Override
        protected boolean tie(double f1, double f2) {
            return f1 == f2;
        }

        @Override
        protected boolean tieBefore(double g1, int n1, double g2, int n2) {
            return OpenSet.tieBefore(g1, n1, g2, n2);
        }
    }
}
