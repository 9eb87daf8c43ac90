package org.onepath.memory;

import static org.onepath.memory.QuadHeapLayout.ARITY;
import static org.onepath.memory.QuadHeapLayout.INT;
import static org.onepath.memory.QuadHeapLayout.KEY;
import static org.onepath.memory.QuadHeapLayout.PACKED_KEY_OFFSET;
import static org.onepath.memory.QuadHeapLayout.PACKED_SLOT_BYTES;
import static org.onepath.memory.QuadHeapLayout.PACKED_TIE_OFFSET;
import static org.onepath.memory.QuadHeapLayout.TIE;
import static org.onepath.memory.QuadHeapLayout.packedSlotOffset;

import java.lang.foreign.MemorySegment;

/**
 * The 4-ary heap of {@link QuadHeap} over packed 16-byte slots ({@link QuadHeapLayout}: an f64
 * key and a u64 tie word), written as static methods over the caller's slot segment. The octile
 * searches keep their open lists in it: their order (smaller f, then larger g rounded to float32,
 * then smaller cell) packs into one unsigned word ({@link #tie}), so a slot is 16 bytes and the
 * four children of a slot share one cache line.
 *
 * <p>The caller holds the segment and the size, so the heap adds no object and no field load to
 * its loop. Sifts move a hole and write the sifted slot once, with the same comparisons in the
 * same sequence as {@link QuadHeap}: a sift-up stops at the first parent the slot does not come
 * strictly before; a sift-down takes the first child of the group that no later child comes
 * strictly before, and stops when it does not come strictly before the sifted slot. The same
 * pushes and pops therefore always leave the same array (a snapshot may list it as it lies).
 *
 * <p>Why static and small: the engines that use this were measured slower when the JIT compiled
 * one large sift method on its own first and then refused to inline it into the search loop
 * ("already compiled into a big method", {@code docs/performance.md}). Every method here is
 * short, without virtual calls; the sift-down loop keeps its body to a call of
 * {@link #leastChild} and one slot move, so its compiled code stays below the size the JIT
 * inlines whatever was compiled first.
 *
 * <p>Decrease-key: a caller that re-sifts a queued slot uses the sifts that take a position
 * table, a segment in which the position of the slot whose tie word has id i (its low 32 bits)
 * lies as an i32 at {@code i * stride + offset}; every slot written then updates its entry.
 */
public final class PackedQuadHeap {
    private PackedQuadHeap() {}

    /**
     * The tie word of a g (at least 0, not NaN) and an id (at least 0): larger g rounded to
     * float32 first, then smaller id, when compared unsigned. Non-negative floats order as their
     * bits, so the complement of the bits orders larger g first.
     */
    public static long tie(double g, int id) {
        return (~(long) Float.floatToRawIntBits((float) g)) << 32 | (id & 0xFFFFFFFFL);
    }

    /** Whether slot (k1, t1) comes strictly before slot (k2, t2): smaller key, then smaller tie unsigned. */
    public static boolean before(double k1, long t1, double k2, long t2) {
        return k1 < k2 || (k1 == k2 && Long.compareUnsigned(t1, t2) < 0);
    }

    /** Key of slot {@code pos}. */
    public static double keyAt(MemorySegment h, int pos) {
        return h.get(KEY, packedSlotOffset(pos) + PACKED_KEY_OFFSET);
    }

    /** Tie word of slot {@code pos}. */
    public static long tieAt(MemorySegment h, int pos) {
        return h.get(TIE, packedSlotOffset(pos) + PACKED_TIE_OFFSET);
    }

    /** Id of slot {@code pos}: the low 32 bits of its tie word. */
    public static int idAt(MemorySegment h, int pos) {
        return (int) tieAt(h, pos);
    }

    /**
     * The slot memory, grown to hold {@code slotCount} slots if needed, keeping the first
     * {@code usedCount}; the caller keeps the returned segment.
     */
    public static MemorySegment room(GrowableSegment memory, MemorySegment h, int usedCount, int slotCount) {
        final long need = slotCount * PACKED_SLOT_BYTES;
        if (need <= h.byteSize()) {
            return h;
        }
        return memory.ensureLength(need, usedCount * PACKED_SLOT_BYTES);
    }

    /** Writes slot {@code pos} (a saved array put back slot for slot, or the end of a sift). */
    public static void write(MemorySegment h, int pos, double key, long tie) {
        final long off = packedSlotOffset(pos);
        h.set(KEY, off + PACKED_KEY_OFFSET, key);
        h.set(TIE, off + PACKED_TIE_OFFSET, tie);
    }

    /** Writes slot {@code pos} and the slot's position into the position table. */
    public static void place(
            MemorySegment h, int pos, double key, long tie, MemorySegment positions, long stride, long offset) {
        write(h, pos, key, tie);
        positions.set(INT, (tie & 0xFFFFFFFFL) * stride + offset, pos);
    }

    // Each sift comes in two forms, without and with a position table, rather than one form that
    // tests for a table: the JIT unswitches a loop on such a test into two copies of the loop,
    // and the sift compiled on its own then grew past the size it inlines even with
    // -XX:InlineSmallCode=6000 (refused in every run of the inlining log, docs/performance.md).

    /**
     * Places (key, tie) at slot {@code pos} or above: every parent it comes strictly before moves
     * down into the hole. A push sifts up from the end.
     */
    public static void siftUp(MemorySegment h, int pos, double key, long tie) {
        while (pos > 0) {
            final int parent = QuadHeap.parentOf(pos);
            final double pk = keyAt(h, parent);
            final long pt = tieAt(h, parent);
            if (!before(key, tie, pk, pt)) {
                break;
            }
            write(h, pos, pk, pt);
            pos = parent;
        }
        write(h, pos, key, tie);
    }

    /**
     * {@link #siftUp(MemorySegment, int, double, long)} that records every slot it writes in the
     * position table; a decrease-key sifts up from the slot's position.
     */
    public static void siftUp(
            MemorySegment h, int pos, double key, long tie, MemorySegment positions, long stride, long offset) {
        while (pos > 0) {
            final int parent = QuadHeap.parentOf(pos);
            final double pk = keyAt(h, parent);
            final long pt = tieAt(h, parent);
            if (!before(key, tie, pk, pt)) {
                break;
            }
            place(h, pos, pk, pt, positions, stride, offset);
            pos = parent;
        }
        place(h, pos, key, tie, positions, stride, offset);
    }

    /**
     * Places (key, tie) at slot {@code pos} or below, in a heap of {@code size} slots: while the
     * least child comes strictly before it, that child moves up into the hole. A pop sifts the
     * last slot down from the root.
     *
     * <p>The least child's key and tie stay in locals while its siblings are compared (their tie
     * words read only on equal keys), so each slot is read once per level: re-reading the least
     * child from the segment for every sibling and again for the move made {@code jps-improved}
     * 7 to 11% slower on all of dao ({@code docs/performance.md}, "Floor plan, second step").
     */
    public static void siftDown(MemorySegment h, int size, int pos, double key, long tie) {
        while (true) {
            final int first = QuadHeap.firstChildOf(pos);
            if (first >= size) {
                break;
            }
            final int end = Math.min(first + ARITY, size);
            int best = first;
            double bk = keyAt(h, first);
            long bt = tieAt(h, first);
            for (int c = first + 1; c < end; c++) {
                final double ck = keyAt(h, c);
                if (ck > bk) {
                    continue;
                }
                final long ct = tieAt(h, c);
                if (before(ck, ct, bk, bt)) {
                    best = c;
                    bk = ck;
                    bt = ct;
                }
            }
            if (!before(bk, bt, key, tie)) {
                break;
            }
            write(h, pos, bk, bt);
            pos = best;
        }
        write(h, pos, key, tie);
    }

    /**
     * {@link #siftDown(MemorySegment, int, int, double, long)} that records every slot it writes
     * in the position table.
     */
    public static void siftDown(
            MemorySegment h,
            int size,
            int pos,
            double key,
            long tie,
            MemorySegment positions,
            long stride,
            long offset) {
        while (true) {
            final int first = QuadHeap.firstChildOf(pos);
            if (first >= size) {
                break;
            }
            final int end = Math.min(first + ARITY, size);
            int best = first;
            double bk = keyAt(h, first);
            long bt = tieAt(h, first);
            for (int c = first + 1; c < end; c++) {
                final double ck = keyAt(h, c);
                if (ck > bk) {
                    continue;
                }
                final long ct = tieAt(h, c);
                if (before(ck, ct, bk, bt)) {
                    best = c;
                    bk = ck;
                    bt = ct;
                }
            }
            if (!before(bk, bt, key, tie)) {
                break;
            }
            place(h, pos, bk, bt, positions, stride, offset);
            pos = best;
        }
        place(h, pos, key, tie, positions, stride, offset);
    }
}
