package org.onepath.memory;

import static org.onepath.memory.QuadHeapLayout.ARITY;
import static org.onepath.memory.QuadHeapLayout.ARITY_SHIFT;
import static org.onepath.memory.QuadHeapLayout.AUX_OFFSET;
import static org.onepath.memory.QuadHeapLayout.ID_OFFSET;
import static org.onepath.memory.QuadHeapLayout.INT;
import static org.onepath.memory.QuadHeapLayout.KEY;
import static org.onepath.memory.QuadHeapLayout.KEY1_OFFSET;
import static org.onepath.memory.QuadHeapLayout.KEY2_OFFSET;
import static org.onepath.memory.QuadHeapLayout.SLOT_BYTES;
import static org.onepath.memory.QuadHeapLayout.slotOffset;

import java.lang.foreign.MemorySegment;

/**
 * The indexed 4-ary min-heap of the open sets, written once: slots ({@link QuadHeapLayout}) in a
 * growable native segment, sift-up and sift-down that move a hole and write the sifted slot once,
 * insertion, new keys for a queued slot and removal from anywhere.
 *
 * <p>Order: of two slots, the one with the smaller key1 comes first unless {@link #tie} calls the
 * two key1 values a tie; then {@link #tieBefore} decides on (key2, id). The order must be strict
 * (a slot never comes before itself) but need not be transitive: each operation makes its
 * comparisons in a fixed sequence, so the same order and the same calls always leave the same
 * array. Every slot written reports its new position through {@link #placed}, so the user keeps
 * its own position index: a table by id ({@link NodeHeap}) or a field of a node record.
 *
 * <p>Each user extends this class with one small final class supplying the hooks, and calls the
 * final methods through a field declared with that final type. Inlined into the user's method,
 * the hooks are then called on a receiver whose exact class the JIT knows, so each is a direct
 * call it inlines, whatever other heaps the program uses; sift code compiled on its own falls
 * back to the call profile, monomorphic while one user class is loaded.
 *
 * <p>Not thread-safe. Owns its slots: {@link #close()} frees them.
 */
public abstract class QuadHeap implements AutoCloseable {
    private final GrowableSegment memory;
    private MemorySegment slots;
    private int size;

    /**
     * @param initialSlots slots to allocate now (at least 1); more are allocated as needed
     */
    protected QuadHeap(int initialSlots) {
        if (initialSlots < 1) {
            throw new IllegalArgumentException("initialSlots must be at least 1, was " + initialSlots);
        }
        this.memory = new GrowableSegment(initialSlots * SLOT_BYTES, Double.BYTES);
        this.slots = memory.segment();
    }

    /**
     * A heap over slot memory the caller chose (its initial length and alignment);
     * {@link #close()} closes it.
     *
     * @param memory the slot memory, empty and at least one slot long
     */
    protected QuadHeap(GrowableSegment memory) {
        if (memory.length() < SLOT_BYTES) {
            throw new IllegalArgumentException(
                    "memory must hold at least one slot, holds " + memory.length() + " bytes");
        }
        this.memory = memory;
        this.slots = memory.segment();
    }

    /** Whether first keys {@code a1} and {@code b1} tie, so that {@link #tieBefore} decides. */
    protected abstract boolean tie(double a1, double b1);

    /** With tied first keys: whether (a2, aId) comes strictly before (b2, bId). */
    protected abstract boolean tieBefore(double a2, int aId, double b2, int bId);

    /** Slot {@code pos} now holds {@code id} and {@code aux}: record the position. */
    protected abstract void placed(int id, int aux, int pos);

    /** Slot of the parent of slot {@code pos} (pos &gt; 0). */
    public static int parentOf(int pos) {
        return (pos - 1) >>> ARITY_SHIFT;
    }

    /** Slot of the first of the {@link QuadHeapLayout#ARITY} children of slot {@code pos}. */
    public static int firstChildOf(int pos) {
        return (pos << ARITY_SHIFT) + 1;
    }

    public final int size() {
        return size;
    }

    public final boolean isEmpty() {
        return size == 0;
    }

    /** Bytes of slot memory held now. */
    public final long memoryLength() {
        return memory.length();
    }

    /** key1 of slot {@code pos}; the caller checks pos against {@link #size()}. */
    public final double key1(int pos) {
        return slots.get(KEY, slotOffset(pos) + KEY1_OFFSET);
    }

    /** key2 of slot {@code pos}. */
    public final double key2(int pos) {
        return slots.get(KEY, slotOffset(pos) + KEY2_OFFSET);
    }

    /** id of slot {@code pos}. */
    public final int id(int pos) {
        return slots.get(INT, slotOffset(pos) + ID_OFFSET);
    }

    /** aux of slot {@code pos}. */
    public final int aux(int pos) {
        return slots.get(INT, slotOffset(pos) + AUX_OFFSET);
    }

    /** Adds a slot and sifts it up from the end. */
    public final void insert(double k1, double k2, int id, int aux) {
        final int pos = size;
        final MemorySegment h = room(pos + 1);
        size = pos + 1;
        siftUp(h, pos, k1, k2, id, aux);
    }

    /**
     * Gives the slot at {@code pos}, which holds {@code id}, new keys: it sifts up when they come
     * before its old keys, else down.
     */
    public final void update(int pos, double k1, double k2, int id, int aux) {
        final MemorySegment h = slots;
        final long off = slotOffset(pos);
        if (before(k1, k2, id, h.get(KEY, off + KEY1_OFFSET), h.get(KEY, off + KEY2_OFFSET), id)) {
            siftUp(h, pos, k1, k2, id, aux);
        } else {
            siftDown(h, pos, k1, k2, id, aux);
        }
    }

    /** Removes slot 0 (the heap is not empty): the last slot takes its place and sifts down. */
    public final void removeTop() {
        final int last = --size;
        if (last > 0) {
            final MemorySegment h = slots;
            final long off = slotOffset(last);
            siftDown(
                    h,
                    0,
                    h.get(KEY, off + KEY1_OFFSET),
                    h.get(KEY, off + KEY2_OFFSET),
                    h.get(INT, off + ID_OFFSET),
                    h.get(INT, off + AUX_OFFSET));
        }
    }

    /**
     * Removes slot {@code pos}: the last slot takes its place and sifts up when it comes before
     * the removed one, else down.
     */
    public final void removeAt(int pos) {
        final int last = --size;
        if (pos != last) {
            final MemorySegment h = slots;
            final long off = slotOffset(last);
            final double l1 = h.get(KEY, off + KEY1_OFFSET);
            final double l2 = h.get(KEY, off + KEY2_OFFSET);
            final int lId = h.get(INT, off + ID_OFFSET);
            final int lAux = h.get(INT, off + AUX_OFFSET);
            final long pOff = slotOffset(pos);
            if (before(
                    l1,
                    l2,
                    lId,
                    h.get(KEY, pOff + KEY1_OFFSET),
                    h.get(KEY, pOff + KEY2_OFFSET),
                    h.get(INT, pOff + ID_OFFSET))) {
                siftUp(h, pos, l1, l2, lId, lAux);
            } else {
                siftDown(h, pos, l1, l2, lId, lAux);
            }
        }
    }

    /** Makes room for {@code slotCount} slots at once (a restore that knows its count). */
    public final void reserve(int slotCount) {
        room(slotCount);
    }

    /** Adds a slot at the end without sifting: a saved heap array put back slot for slot. */
    public final void append(double k1, double k2, int id, int aux) {
        final int pos = size;
        final MemorySegment h = room(pos + 1);
        write(h, pos, k1, k2, id, aux);
        size = pos + 1;
    }

    /** Forgets every slot; a subclass that keeps positions resets them too. */
    public void clear() {
        size = 0;
    }

    /** Frees the slots; a subclass that owns more memory frees it too. */
    @Override
    public void close() {
        memory.close();
    }

    /** The slot memory, grown to hold {@code slotCount} slots if needed, keeping the slots in use. */
    private MemorySegment room(int slotCount) {
        MemorySegment h = slots;
        if (slotCount * SLOT_BYTES > h.byteSize()) {
            h = memory.ensureLength(slotCount * SLOT_BYTES, size * SLOT_BYTES);
            slots = h;
        }
        return h;
    }

    private boolean before(double a1, double a2, int aId, double b1, double b2, int bId) {
        return tie(a1, b1) ? tieBefore(a2, aId, b2, bId) : a1 < b1;
    }

    private void siftUp(MemorySegment h, int pos, double k1, double k2, int id, int aux) {
        while (pos > 0) {
            final int parent = parentOf(pos);
            final long pOff = slotOffset(parent);
            final double p1 = h.get(KEY, pOff + KEY1_OFFSET);
            final double p2 = h.get(KEY, pOff + KEY2_OFFSET);
            final int pId = h.get(INT, pOff + ID_OFFSET);
            if (!before(k1, k2, id, p1, p2, pId)) {
                break;
            }
            write(h, pos, p1, p2, pId, h.get(INT, pOff + AUX_OFFSET));
            pos = parent;
        }
        write(h, pos, k1, k2, id, aux);
    }

    private void siftDown(MemorySegment h, int pos, double k1, double k2, int id, int aux) {
        final int n = size;
        while (true) {
            final int first = firstChildOf(pos);
            if (first >= n) {
                break;
            }
            final int end = Math.min(first + ARITY, n);
            // The first child of the group; key2 and id are read only when two key1 values tie.
            int best = first;
            long bOff = slotOffset(first);
            double b1 = h.get(KEY, bOff + KEY1_OFFSET);
            for (int c = first + 1; c < end; c++) {
                final long cOff = slotOffset(c);
                final double c1 = h.get(KEY, cOff + KEY1_OFFSET);
                if (tie(c1, b1)
                        ? tieBefore(
                                h.get(KEY, cOff + KEY2_OFFSET),
                                h.get(INT, cOff + ID_OFFSET),
                                h.get(KEY, bOff + KEY2_OFFSET),
                                h.get(INT, bOff + ID_OFFSET))
                        : c1 < b1) {
                    best = c;
                    bOff = cOff;
                    b1 = c1;
                }
            }
            if (!(tie(b1, k1)
                    ? tieBefore(h.get(KEY, bOff + KEY2_OFFSET), h.get(INT, bOff + ID_OFFSET), k2, id)
                    : b1 < k1)) {
                break;
            }
            write(
                    h,
                    pos,
                    b1,
                    h.get(KEY, bOff + KEY2_OFFSET),
                    h.get(INT, bOff + ID_OFFSET),
                    h.get(INT, bOff + AUX_OFFSET));
            pos = best;
        }
        write(h, pos, k1, k2, id, aux);
    }

    private void write(MemorySegment h, int pos, double k1, double k2, int id, int aux) {
        final long off = slotOffset(pos);
        h.set(KEY, off + KEY1_OFFSET, k1);
        h.set(KEY, off + KEY2_OFFSET, k2);
        h.set(INT, off + ID_OFFSET, id);
        h.set(INT, off + AUX_OFFSET, aux);
        placed(id, aux, pos);
    }
}
