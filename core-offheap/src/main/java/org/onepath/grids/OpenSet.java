package org.onepath.grids;

import static org.onepath.grids.OpenSetLayout.ABSENT;
import static org.onepath.grids.OpenSetLayout.F_OFFSET;
import static org.onepath.grids.OpenSetLayout.G_OFFSET;
import static org.onepath.grids.OpenSetLayout.INT;
import static org.onepath.grids.OpenSetLayout.KEY;
import static org.onepath.grids.OpenSetLayout.NODE_OFFSET;
import static org.onepath.grids.OpenSetLayout.POSITION_BYTES;
import static org.onepath.grids.OpenSetLayout.SLOT_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.onepath.memory.GrowableSegment;
import org.onepath.memory.OwnerState;
import org.onepath.state.OpenSetPiece;

/**
 * Indexed 4-ary min-heap over node indices with decrease-key (tier 3).
 *
 * <p>Order (normative): smaller f first; on equal f larger g first; on equal g smaller node
 * index first. Keys compare with {@code ==}, {@code <} and {@code >}; NaN keys are rejected. A node
 * is in the set at most once: pushing a queued node replaces its keys and re-sifts, so the pop
 * order depends only on the keys. Slots and positions live off-heap ({@link OpenSetLayout}).
 *
 * <p>Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
public final class OpenSet implements AutoCloseable {
    private static final int INITIAL_SLOTS = 256;

    private final int capacity;
    private final Arena arena;
    private final MemorySegment positions;
    private final GrowableSegment slots;
    private final OwnerState state = new OwnerState("OpenSet");
    private MemorySegment heap;
    private int size;

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
            int node = h.get(INT, i * SLOT_BYTES + NODE_OFFSET);
            positions.set(INT, node * POSITION_BYTES, ABSENT);
        }
        size = 0;
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
        final long posOffset = node * POSITION_BYTES;
        int pos = positions.get(INT, posOffset);
        if (pos == ABSENT) {
            MemorySegment h = heap;
            if ((size + 1) * SLOT_BYTES > h.byteSize()) {
                h = slots.ensureLength((size + 1) * SLOT_BYTES, size * SLOT_BYTES);
                heap = h;
            }
            siftUp(h, size++, node, f, g);
        } else {
            MemorySegment h = heap;
            long off = pos * SLOT_BYTES;
            double oldF = h.get(KEY, off + F_OFFSET);
            double oldG = h.get(KEY, off + G_OFFSET);
            if (before(f, g, node, oldF, oldG, node)) {
                siftUp(h, pos, node, f, g);
            } else {
                siftDown(h, pos, node, f, g);
            }
        }
    }

    /**
     * Removes and returns the first node.
     *
     * @throws IllegalStateException if the set is empty
     */
    public int pop() {
        if (size == 0) {
            throw new IllegalStateException("OpenSet is empty");
        }
        final MemorySegment h = heap;
        int top = h.get(INT, NODE_OFFSET);
        positions.set(INT, top * POSITION_BYTES, ABSENT);
        int last = --size;
        if (last > 0) {
            long off = last * SLOT_BYTES;
            siftDown(h, 0, h.get(INT, off + NODE_OFFSET), h.get(KEY, off + F_OFFSET), h.get(KEY, off + G_OFFSET));
        }
        return top;
    }

    /** The first node, without removing it. */
    public int peekNode() {
        checkNotEmpty();
        return heap.get(INT, NODE_OFFSET);
    }

    /** The f of the first node. */
    public double peekF() {
        checkNotEmpty();
        return heap.get(KEY, F_OFFSET);
    }

    /** The g of the first node. */
    public double peekG() {
        checkNotEmpty();
        return heap.get(KEY, G_OFFSET);
    }

    /** Node in heap slot {@code slot} (0 = top), for snapshots and debugging. */
    public int nodeAt(int slot) {
        checkSlot(slot);
        return heap.get(INT, slot * SLOT_BYTES + NODE_OFFSET);
    }

    /** f in heap slot {@code slot}. */
    public double fAt(int slot) {
        checkSlot(slot);
        return heap.get(KEY, slot * SLOT_BYTES + F_OFFSET);
    }

    /** g in heap slot {@code slot}. */
    public double gAt(int slot) {
        checkSlot(slot);
        return heap.get(KEY, slot * SLOT_BYTES + G_OFFSET);
    }

    /**
     * Writes the heap array as {@link #toPiece()}'s piece would be written (i32 count, then per
     * slot i32 node, f64 f, f64 g in array order) without making the piece (tier 3).
     */
    public void writeSlots(org.onepath.state.StateWriter w) {
        state.ensureOpen();
        MemorySegment h = heap;
        int n = size;
        w.i32(n);
        for (int i = 0; i < n; i++) {
            long off = i * SLOT_BYTES;
            w.i32(h.get(INT, off + NODE_OFFSET)).f64(h.get(KEY, off + F_OFFSET)).f64(h.get(KEY, off + G_OFFSET));
        }
    }

    /** The heap array as the state format stores it: slots in array order (tier 3, for snapshots). */
    public OpenSetPiece.Heap toPiece() {
        state.ensureOpen();
        int[] nodes = new int[size];
        double[] f = new double[size];
        double[] g = new double[size];
        for (int i = 0; i < size; i++) {
            long off = i * SLOT_BYTES;
            nodes[i] = heap.get(INT, off + NODE_OFFSET);
            f[i] = heap.get(KEY, off + F_OFFSET);
            g[i] = heap.get(KEY, off + G_OFFSET);
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
            writeSlot(h, i, node, piece.f()[i], piece.g()[i]);
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

    /**
     * The open order of the searches (normative): whether keys (f1, g1, n1) come strictly before
     * (f2, g2, n2): smaller f, then larger g, then smaller node.
     */
    public static boolean before(double f1, double g1, int n1, double f2, double g2, int n2) {
        if (f1 != f2) {
            return f1 < f2;
        }
        if (g1 != g2) {
            return g1 > g2;
        }
        return n1 < n2;
    }

    private void siftUp(MemorySegment h, int pos, int node, double f, double g) {
        while (pos > 0) {
            int parent = (pos - 1) >>> 2;
            long pOff = parent * SLOT_BYTES;
            double pf = h.get(KEY, pOff + F_OFFSET);
            double pg = h.get(KEY, pOff + G_OFFSET);
            int pn = h.get(INT, pOff + NODE_OFFSET);
            if (!before(f, g, node, pf, pg, pn)) {
                break;
            }
            writeSlot(h, pos, pn, pf, pg);
            pos = parent;
        }
        writeSlot(h, pos, node, f, g);
    }

    private void siftDown(MemorySegment h, int pos, int node, double f, double g) {
        final int n = size;
        while (true) {
            final int first = (pos << 2) + 1;
            if (first >= n) {
                break;
            }
            final int end = Math.min(first + 4, n);
            // Find the first child, reading g and node only when two f values tie.
            int best = first;
            long bOff = first * SLOT_BYTES;
            double bf = h.get(KEY, bOff + F_OFFSET);
            for (int c = first + 1; c < end; c++) {
                final long cOff = c * SLOT_BYTES;
                final double cf = h.get(KEY, cOff + F_OFFSET);
                if (cf < bf || (cf == bf && tieBefore(h, cOff, h.get(KEY, bOff + G_OFFSET), h.get(INT, bOff + NODE_OFFSET)))) {
                    best = c;
                    bOff = cOff;
                    bf = cf;
                }
            }
            if (bf > f || (bf == f && !tieBefore(h, bOff, g, node))) {
                break;
            }
            writeSlot(h, pos, h.get(INT, bOff + NODE_OFFSET), bf, h.get(KEY, bOff + G_OFFSET));
            pos = best;
        }
        writeSlot(h, pos, node, f, g);
    }

    /** Whether the slot at {@code off} comes before keys (f equal, g, node): larger g, then smaller node. */
    private static boolean tieBefore(MemorySegment h, long off, double g, int node) {
        double sg = h.get(KEY, off + G_OFFSET);
        if (sg != g) {
            return sg > g;
        }
        return h.get(INT, off + NODE_OFFSET) < node;
    }

    private void writeSlot(MemorySegment h, int pos, int node, double f, double g) {
        long off = pos * SLOT_BYTES;
        h.set(KEY, off + F_OFFSET, f);
        h.set(KEY, off + G_OFFSET, g);
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
            throw new IllegalStateException("OpenSet is empty");
        }
    }
}
