package org.onepath.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link PackedQuadHeap} against the open list the specialised octile A* kept before it shared
 * the primitive, transcribed below over Java arrays: slots of (f, g rounded to float32, cell),
 * ordered by smaller f, then larger g, then smaller cell, with decrease-key writing each slot's
 * position into a table by cell. After every operation the slot arrays must agree slot for slot
 * and every queued cell's position must be its slot; pops must come out sorted. Keys and costs
 * come from small sets so that ties on f and on the rounded g are common.
 */
class PackedQuadHeapPropertyTest {
    private static final int CELLS = 64;
    private static final long STRIDE = 12;
    private static final long POSITION_OFFSET = 4;

    /** The pre-sharing octile A* open list, on Java arrays. */
    static final class Reference {
        final double[] f = new double[CELLS];
        final float[] g = new float[CELLS];
        final int[] cell = new int[CELLS];
        final int[] position = new int[CELLS];
        int size;

        Reference() {
            Arrays.fill(position, -1);
        }

        static boolean before(double f1, float g1, int c1, double f2, float g2, int c2) {
            if (f1 != f2) {
                return f1 < f2;
            }
            if (g1 != g2) {
                return g1 > g2;
            }
            return c1 < c2;
        }

        void siftUp(int pos, int c, double fk, float gk) {
            while (pos > 0) {
                int parent = (pos - 1) >>> 2;
                if (!before(fk, gk, c, f[parent], g[parent], cell[parent])) {
                    break;
                }
                write(pos, cell[parent], f[parent], g[parent]);
                pos = parent;
            }
            write(pos, c, fk, gk);
        }

        void siftDown(int pos, int c, double fk, float gk) {
            final int n = size;
            while (true) {
                int first = (pos << 2) + 1;
                if (first >= n) {
                    break;
                }
                int end = Math.min(first + 4, n);
                int best = first;
                for (int k = first + 1; k < end; k++) {
                    if (f[k] > f[best]) {
                        continue;
                    }
                    if (before(f[k], g[k], cell[k], f[best], g[best], cell[best])) {
                        best = k;
                    }
                }
                if (!before(f[best], g[best], cell[best], fk, gk, c)) {
                    break;
                }
                write(pos, cell[best], f[best], g[best]);
                pos = best;
            }
            write(pos, c, fk, gk);
        }

        void write(int pos, int c, double fk, float gk) {
            f[pos] = fk;
            g[pos] = gk;
            cell[pos] = c;
            position[c] = pos;
        }

        int pop() {
            int top = cell[0];
            position[top] = -1;
            int last = --size;
            if (last > 0) {
                siftDown(0, cell[last], f[last], g[last]);
            }
            return top;
        }
    }

    /** One operation: push or decrease a cell's keys (f, g), or pop (cell -1). */
    record Op(int cell, double f, double g) {}

    @Provide
    Arbitrary<List<Op>> operations() {
        Arbitrary<Op> push = Arbitraries.integers()
                .between(0, CELLS - 1)
                .flatMap(c -> Arbitraries.integers()
                        .between(0, 12)
                        .flatMap(fi -> Arbitraries.integers()
                                .between(0, 6)
                                .map(gi -> new Op(c, fi * 0.5, gi * Math.sqrt(2) + (gi % 2) * 1e-9))));
        Arbitrary<Op> pop = Arbitraries.just(new Op(-1, 0, 0));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, push), net.jqwik.api.Tuple.of(2, pop))
                .list()
                .ofMaxSize(300);
    }

    @Property(tries = 300)
    void slotsAndPositionsMatchThePreSharingOpenList(@ForAll("operations") List<Op> ops) {
        try (Arena arena = Arena.ofConfined();
                GrowableSegment memory = new GrowableSegment(QuadHeapLayout.PACKED_SLOT_BYTES, 8)) {
            MemorySegment positions = arena.allocate(CELLS * STRIDE, 4);
            Reference ref = new Reference();
            MemorySegment h = memory.segment();
            int size = 0;
            List<String> popped = new ArrayList<>();
            for (Op op : ops) {
                if (op.cell() < 0) {
                    if (size == 0) {
                        continue;
                    }
                    int expected = ref.pop();
                    int top = PackedQuadHeap.idAt(h, 0);
                    int last = --size;
                    if (last > 0) {
                        PackedQuadHeap.siftDown(
                                h,
                                last,
                                0,
                                PackedQuadHeap.keyAt(h, last),
                                PackedQuadHeap.tieAt(h, last),
                                positions,
                                STRIDE,
                                POSITION_OFFSET);
                    }
                    assertEquals(expected, top, "popped cell");
                    popped.add(top + "");
                } else if (ref.position[op.cell()] < 0) {
                    h = PackedQuadHeap.room(memory, h, size, size + 1);
                    ref.size++;
                    ref.siftUp(ref.size - 1, op.cell(), op.f(), (float) op.g());
                    PackedQuadHeap.siftUp(
                            h,
                            size++,
                            op.f(),
                            PackedQuadHeap.tie(op.g(), op.cell()),
                            positions,
                            STRIDE,
                            POSITION_OFFSET);
                } else {
                    // Decrease-key as the A* does it: only to keys that come before the old ones.
                    int pos = ref.position[op.cell()];
                    double nf = ref.f[pos] - 0.25;
                    ref.siftUp(pos, op.cell(), nf, (float) op.g());
                    int heapPos = positions.get(ValueLayout.JAVA_INT_UNALIGNED, op.cell() * STRIDE + POSITION_OFFSET);
                    PackedQuadHeap.siftUp(
                            h, heapPos, nf, PackedQuadHeap.tie(op.g(), op.cell()), positions, STRIDE, POSITION_OFFSET);
                }
                assertEquals(ref.size, size, "size");
                for (int i = 0; i < size; i++) {
                    assertEquals(ref.f[i], PackedQuadHeap.keyAt(h, i), "f of slot " + i);
                    assertEquals(ref.cell[i], PackedQuadHeap.idAt(h, i), "cell of slot " + i);
                    assertEquals(
                            PackedQuadHeap.tie(ref.g[i], ref.cell[i]), PackedQuadHeap.tieAt(h, i), "tie of slot " + i);
                    assertEquals(
                            i,
                            positions.get(ValueLayout.JAVA_INT_UNALIGNED, ref.cell[i] * STRIDE + POSITION_OFFSET),
                            "position of cell " + ref.cell[i]);
                }
            }
        }
    }

    @Property(tries = 200)
    void popsComeOutInOrderWithoutPositions(@ForAll("operations") List<Op> ops) {
        try (GrowableSegment memory = new GrowableSegment(QuadHeapLayout.PACKED_SLOT_BYTES, 8)) {
            MemorySegment h = memory.segment();
            int size = 0;
            for (Op op : ops) {
                if (op.cell() >= 0) {
                    h = PackedQuadHeap.room(memory, h, size, size + 1);
                    PackedQuadHeap.siftUp(h, size++, op.f(), PackedQuadHeap.tie(op.g(), op.cell()));
                }
            }
            double lastKey = Double.NEGATIVE_INFINITY;
            long lastTie = 0;
            while (size > 0) {
                double k = PackedQuadHeap.keyAt(h, 0);
                long t = PackedQuadHeap.tieAt(h, 0);
                assertTrue(!PackedQuadHeap.before(k, t, lastKey, lastTie), "popped out of order");
                lastKey = k;
                lastTie = t;
                int last = --size;
                if (last > 0) {
                    PackedQuadHeap.siftDown(h, last, 0, PackedQuadHeap.keyAt(h, last), PackedQuadHeap.tieAt(h, last));
                }
            }
        }
    }

    @Test
    void theTieWordOrdersLargerRoundedCostFirstThenSmallerId() {
        assertTrue(Long.compareUnsigned(PackedQuadHeap.tie(2.0, 9), PackedQuadHeap.tie(1.0, 0)) < 0);
        assertTrue(Long.compareUnsigned(PackedQuadHeap.tie(0.0, 3), PackedQuadHeap.tie(0.0, 4)) < 0);
        // Costs equal after rounding to float32 tie on the id alone.
        assertTrue(Long.compareUnsigned(PackedQuadHeap.tie(1.0 + 1e-12, 5), PackedQuadHeap.tie(1.0, 6)) < 0);
        assertEquals(7, (int) PackedQuadHeap.tie(3.5, 7));
        assertTrue(PackedQuadHeap.before(1.0, -1L, 2.0, 0L), "the key decides first");
    }

    @Test
    void roomGrowsTheMemoryAndKeepsItsSlots() {
        try (GrowableSegment memory = new GrowableSegment(QuadHeapLayout.PACKED_SLOT_BYTES, 8)) {
            MemorySegment h = memory.segment();
            for (int i = 0; i < 100; i++) {
                h = PackedQuadHeap.room(memory, h, i, i + 1);
                PackedQuadHeap.siftUp(h, i, 100 - i, PackedQuadHeap.tie(0, i));
            }
            assertEquals(99, PackedQuadHeap.idAt(h, 0));
            assertTrue(memory.length() >= 100 * QuadHeapLayout.PACKED_SLOT_BYTES);
        }
    }
}
