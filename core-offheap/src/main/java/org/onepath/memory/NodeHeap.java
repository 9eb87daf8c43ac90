package org.onepath.memory;

import static org.onepath.memory.QuadHeapLayout.ABSENT;
import static org.onepath.memory.QuadHeapLayout.INT;
import static org.onepath.memory.QuadHeapLayout.POSITION_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A {@link QuadHeap} over the ids 0..capacity-1 that keeps each queued id's slot in a position
 * table ({@link QuadHeapLayout}), so an id is queued at most once: pushing a queued id replaces
 * its keys and re-sifts it. The open sets of the node searches are made of it; a user extends it
 * with a final class giving the order ({@link #tie}, {@link #tieBefore}) and calls it through a
 * field of that type. Keys are checked not NaN, ids and slots in range, with messages naming the
 * user and its keys.
 *
 * <p>Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
public abstract class NodeHeap extends QuadHeap {
    private final String name;
    private final String key1Name;
    private final String key2Name;
    private final int capacity;
    private final Arena arena;
    private final MemorySegment positions;

    /**
     * @param name         the user, for messages
     * @param key1Name     its name for key1, for messages
     * @param key2Name     its name for key2, for messages
     * @param capacity     ids 0..capacity-1 may be pushed (at least 1)
     * @param initialSlots slots to allocate now (at least 1)
     */
    protected NodeHeap(String name, String key1Name, String key2Name, int capacity, int initialSlots) {
        if (capacity < 1) {
            throw new IllegalArgumentException("nodeCapacity must be at least 1, was " + capacity);
        }
        super(initialSlots);
        this.name = name;
        this.key1Name = key1Name;
        this.key2Name = key2Name;
        this.capacity = capacity;
        this.arena = LeakGuard.sharedArena(this);
        this.positions = arena.allocate(capacity * POSITION_BYTES, POSITION_BYTES);
        positions.fill((byte) 0xFF); // every position ABSENT (-1)
    }

    /** Ids accepted: 0..capacity-1. */
    public final int capacity() {
        return capacity;
    }

    /** Whether the id is queued. */
    public final boolean contains(int id) {
        checkId(id);
        return positions.get(INT, id * POSITION_BYTES) != ABSENT;
    }

    /** Empties the heap; costs O(size). */
    @Override
    public final void clear() {
        final int n = size();
        for (int i = 0; i < n; i++) {
            positions.set(INT, id(i) * POSITION_BYTES, ABSENT);
        }
        super.clear();
    }

    /**
     * Inserts the id, or gives it new keys if it is queued already.
     *
     * @throws IllegalArgumentException if a key is NaN or the id is out of range
     */
    public final void push(int id, double k1, double k2) {
        if (k1 != k1 || k2 != k2) {
            throw new IllegalArgumentException(name + " keys must not be NaN (node " + id + ", " + key1Name + " " + k1
                    + ", " + key2Name + " " + k2 + ")");
        }
        checkId(id);
        final int pos = positions.get(INT, id * POSITION_BYTES);
        if (pos == ABSENT) {
            insert(k1, k2, id, 0);
        } else {
            update(pos, k1, k2, id, 0);
        }
    }

    /**
     * Removes and returns the first id: the last slot takes its place and sifts down.
     *
     * @throws IllegalStateException if the heap is empty
     */
    public final int pop() {
        checkNotEmpty();
        final int top = id(0);
        positions.set(INT, top * POSITION_BYTES, ABSENT);
        removeTop();
        return top;
    }

    /**
     * Removes the id if it is queued: the last slot takes its place and sifts up or down.
     *
     * @return whether it was queued
     */
    public final boolean remove(int id) {
        checkId(id);
        final int pos = positions.get(INT, id * POSITION_BYTES);
        if (pos == ABSENT) {
            return false;
        }
        positions.set(INT, id * POSITION_BYTES, ABSENT);
        removeAt(pos);
        return true;
    }

    /** The first id, without removing it. */
    public final int topId() {
        checkNotEmpty();
        return id(0);
    }

    /** key1 of the first id. */
    public final double topKey1() {
        checkNotEmpty();
        return key1(0);
    }

    /** key2 of the first id. */
    public final double topKey2() {
        checkNotEmpty();
        return key2(0);
    }

    /** Id in slot {@code slot} (0 = top), checked against the size. */
    public final int idAt(int slot) {
        checkSlot(slot);
        return id(slot);
    }

    /** key1 in slot {@code slot}. */
    public final double key1At(int slot) {
        checkSlot(slot);
        return key1(slot);
    }

    /** key2 in slot {@code slot}. */
    public final double key2At(int slot) {
        checkSlot(slot);
        return key2(slot);
    }

    /**
     * Replaces the contents with a saved heap array, slot for slot, so that the heap pops as the
     * saved one would have. The order is not re-checked.
     *
     * @throws IllegalArgumentException if an id is out of range or listed twice (the heap is then
     *                                  empty)
     */
    public final void load(int[] ids, double[] k1, double[] k2) {
        clear();
        final int n = ids.length;
        for (int i = 0; i < n; i++) {
            checkId(ids[i]);
        }
        reserve(n);
        for (int i = 0; i < n; i++) {
            final int id = ids[i];
            if (positions.get(INT, id * POSITION_BYTES) != ABSENT) {
                clear();
                throw new IllegalArgumentException("node " + id + " is listed twice in the heap (slot " + i + ")");
            }
            append(k1[i], k2[i], id, 0);
        }
    }

    @Override
    public final void close() {
        super.close();
        arena.close();
    }

    /** Writes the slot into the position table. */
    @Override
    protected final void placed(int id, int aux, int pos) {
        positions.set(INT, id * POSITION_BYTES, pos);
    }

    private void checkId(int id) {
        if (id < 0 || id >= capacity) {
            throw new IllegalArgumentException("node " + id + " is outside 0.." + (capacity - 1));
        }
    }

    private void checkSlot(int slot) {
        if (slot < 0 || slot >= size()) {
            throw new IllegalArgumentException("slot " + slot + " is outside 0.." + (size() - 1));
        }
    }

    private void checkNotEmpty() {
        if (isEmpty()) {
            throw new IllegalStateException(name + " is empty");
        }
    }
}
