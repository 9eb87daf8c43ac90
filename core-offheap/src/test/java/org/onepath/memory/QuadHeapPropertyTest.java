package org.onepath.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/**
 * {@link QuadHeap} and {@link NodeHeap} against plain models: the pop order against a sorted list,
 * and the slot array, slot for slot, and every position reported, against the sift-up and
 * sift-down the open sets ran before they shared the primitive, transcribed below over Java
 * arrays. Two orders: the searches' (smaller key1, larger key2, smaller id; a total order) and the
 * replanners' (smaller key1, then smaller key2, each equal within a relative 1e-11, then smaller
 * id; not transitive, so only the moves can be compared).
 */
class QuadHeapPropertyTest {

    /** Whether (a1, a2, an) comes strictly before (b1, b2, bn). */
    interface Order {
        boolean before(double a1, double a2, int an, double b1, double b2, int bn);
    }

    private static final Order SEARCH = (a1, a2, an, b1, b2, bn) -> {
        if (a1 != b1) {
            return a1 < b1;
        }
        if (a2 != b2) {
            return a2 > b2;
        }
        return an < bn;
    };

    private static boolean near(double a, double b) {
        if (a == b) {
            return true;
        }
        double scale = Math.max(Math.abs(a), Math.abs(b));
        return scale != Double.POSITIVE_INFINITY && Math.abs(a - b) <= 1e-11 * Math.max(1.0, scale);
    }

    private static final Order TOLERANT = (a1, a2, an, b1, b2, bn) -> {
        if (!near(a1, b1)) {
            return a1 < b1;
        }
        if (!near(a2, b2)) {
            return a2 < b2;
        }
        return an < bn;
    };

    /** The heap under test: one of the two orders, positions kept in a table by id. */
    static final class TableHeap extends QuadHeap {
        final boolean tolerant;
        final int[] positions;

        TableHeap(boolean tolerant, int ids, int initialSlots) {
            super(initialSlots);
            this.tolerant = tolerant;
            this.positions = new int[ids];
            Arrays.fill(positions, -1);
        }

        @Override
        protected boolean tie(double a1, double b1) {
            return tolerant ? near(a1, b1) : a1 == b1;
        }

        @Override
        protected boolean tieBefore(double a2, int aId, double b2, int bId) {
            return tolerant ? TOLERANT.before(0, a2, aId, 0, b2, bId) : SEARCH.before(0, a2, aId, 0, b2, bId);
        }

        @Override
        protected void placed(int id, int aux, int pos) {
            assertEquals(aux, id * 31 + 7, "aux travels with its id");
            positions[id] = pos;
        }
    }

    /**
     * The algorithm before the primitive (OpenSet, ReplanOpenSet and PagedVoxelSearch each held a
     * copy): a 4-ary heap moving a hole, the group's best child found by comparing each child
     * with the best so far, in slot order.
     */
    static final class OldHeap {
        final Order order;
        final double[] k1;
        final double[] k2;
        final int[] id;
        final int[] aux;
        final int[] positions;
        int size;

        OldHeap(Order order, int ids) {
            this.order = order;
            this.k1 = new double[ids];
            this.k2 = new double[ids];
            this.id = new int[ids];
            this.aux = new int[ids];
            this.positions = new int[ids];
            Arrays.fill(positions, -1);
        }

        void push(int n, double a, double b, int x) {
            int pos = positions[n];
            if (pos < 0) {
                siftUp(size++, n, a, b, x);
            } else if (order.before(a, b, n, k1[pos], k2[pos], n)) {
                siftUp(pos, n, a, b, x);
            } else {
                siftDown(pos, n, a, b, x);
            }
        }

        /** OpenSet's and the voxel search's pop. */
        int pop() {
            int top = id[0];
            positions[top] = -1;
            int last = --size;
            if (last > 0) {
                siftDown(0, id[last], k1[last], k2[last], aux[last]);
            }
            return top;
        }

        /** ReplanOpenSet's removal, which is also its pop. */
        void remove(int n) {
            int pos = positions[n];
            positions[n] = -1;
            int last = --size;
            if (pos != last) {
                if (order.before(k1[last], k2[last], id[last], k1[pos], k2[pos], id[pos])) {
                    siftUp(pos, id[last], k1[last], k2[last], aux[last]);
                } else {
                    siftDown(pos, id[last], k1[last], k2[last], aux[last]);
                }
            }
        }

        void siftUp(int pos, int n, double a, double b, int x) {
            while (pos > 0) {
                int parent = (pos - 1) >>> 2;
                if (!order.before(a, b, n, k1[parent], k2[parent], id[parent])) {
                    break;
                }
                write(pos, id[parent], k1[parent], k2[parent], aux[parent]);
                pos = parent;
            }
            write(pos, n, a, b, x);
        }

        void siftDown(int pos, int n, double a, double b, int x) {
            while (true) {
                int first = (pos << 2) + 1;
                if (first >= size) {
                    break;
                }
                int end = Math.min(first + 4, size);
                int best = first;
                for (int c = first + 1; c < end; c++) {
                    if (order.before(k1[c], k2[c], id[c], k1[best], k2[best], id[best])) {
                        best = c;
                    }
                }
                if (!order.before(k1[best], k2[best], id[best], a, b, n)) {
                    break;
                }
                write(pos, id[best], k1[best], k2[best], aux[best]);
                pos = best;
            }
            write(pos, n, a, b, x);
        }

        void write(int pos, int n, double a, double b, int x) {
            k1[pos] = a;
            k2[pos] = b;
            id[pos] = n;
            aux[pos] = x;
            positions[n] = pos;
        }
    }

    // ---- scripts ----

    enum Kind {
        PUSH,
        POP,
        REMOVE_TOP,
        REMOVE,
        RELOAD
    }

    /** One operation; a push (id, key1, key2), the others use the id as a seed for their choice. */
    record Op(Kind kind, int id, double k1, double k2) {
        @Override
        public String toString() {
            return kind == Kind.PUSH ? "push(" + id + ", " + k1 + ", " + k2 + ")" : kind + "(" + id + ")";
        }
    }

    record Script(int ids, int initialSlots, List<Op> ops) {}

    private static final double[] KEYS = {
        Double.NEGATIVE_INFINITY, -3.5, -1.0, -0.0, 0.0, 0.5, 1.0, 1.0, 2.0, 2.5, 7.0, 1e300, Double.POSITIVE_INFINITY,
    };

    /** Values within and just beyond the tolerance of each other, so that the tolerant order is not transitive. */
    private static final double[] NEAR = {
        0.0,
        4e-12,
        8e-12,
        1.2e-11,
        1.0,
        1.0 + 6e-12,
        1.0 + 1.2e-11,
        1.0 + 1.8e-11,
        1e6,
        1e6 + 6e-6,
        1e6 + 1.2e-5,
        Double.POSITIVE_INFINITY,
    };

    private static Arbitrary<Script> scripts(double[] values, int maxIds) {
        Arbitrary<Double> key = Arbitraries.oneOf(
                Arbitraries.integers().between(0, values.length - 1).map(i -> values[i]),
                Arbitraries.integers().between(-20, 20).map(i -> i * 0.5));
        return Combinators.combine(
                        Arbitraries.integers().between(1, maxIds),
                        Arbitraries.integers().between(1, 8))
                .as(Tuple::of)
                .flatMap(t -> {
                    int ids = t.get1();
                    Arbitrary<Integer> anId = Arbitraries.integers().between(0, ids - 1);
                    Arbitrary<Op> push =
                            Combinators.combine(anId, key, key).as((n, a, b) -> new Op(Kind.PUSH, n, a, b));
                    Arbitrary<Op> other = Combinators.combine(
                                    Arbitraries.of(Kind.POP, Kind.REMOVE_TOP, Kind.REMOVE, Kind.RELOAD), anId)
                            .as((k, n) -> new Op(k, n, 0, 0));
                    Arbitrary<Op> op = Arbitraries.frequencyOf(Tuple.of(4, push), Tuple.of(2, other));
                    return op.list().ofMaxSize(300).map(ops -> new Script(ids, t.get2(), ops));
                });
    }

    @Provide
    Arbitrary<Script> searchScripts() {
        return scripts(KEYS, 80);
    }

    @Provide
    Arbitrary<Script> tolerantScripts() {
        return scripts(NEAR, 80);
    }

    @Property(tries = 400)
    void searchOrderMakesTheOldMovesAndPopsInSortedOrder(@ForAll("searchScripts") Script script) {
        run(script, false);
    }

    @Property(tries = 400)
    void tolerantOrderMakesTheOldMoves(@ForAll("tolerantScripts") Script script) {
        run(script, true);
    }

    private static void run(Script script, boolean tolerant) {
        OldHeap old = new OldHeap(tolerant ? TOLERANT : SEARCH, script.ids());
        try (TableHeap heap = new TableHeap(tolerant, script.ids(), script.initialSlots())) {
            int step = 0;
            for (Op op : script.ops()) {
                step++;
                switch (op.kind()) {
                    case PUSH -> {
                        int pos = heap.positions[op.id()];
                        if (pos < 0) {
                            heap.insert(op.k1(), op.k2(), op.id(), aux(op.id()));
                        } else {
                            heap.update(pos, op.k1(), op.k2(), op.id(), aux(op.id()));
                        }
                        old.push(op.id(), op.k1(), op.k2(), aux(op.id()));
                    }
                    case POP -> {
                        if (old.size == 0) {
                            continue;
                        }
                        int top = heap.id(0);
                        if (!tolerant) {
                            assertEquals(sortedFirst(old), top, "the first in the sorted list pops at step " + step);
                        }
                        heap.positions[top] = -1;
                        heap.removeTop();
                        assertEquals(old.pop(), top, "pop at step " + step);
                    }
                    case REMOVE_TOP -> {
                        if (old.size == 0) {
                            continue;
                        }
                        int top = heap.id(0);
                        heap.positions[top] = -1;
                        heap.removeAt(0);
                        old.remove(top);
                    }
                    case REMOVE -> {
                        int n = op.id();
                        if (old.positions[n] < 0) {
                            continue;
                        }
                        int pos = heap.positions[n];
                        heap.positions[n] = -1;
                        heap.removeAt(pos);
                        old.remove(n);
                    }
                    case RELOAD -> {
                        // a saved array put back slot for slot, into less room than it needs
                        int n = heap.size();
                        double[] a = new double[n];
                        double[] b = new double[n];
                        int[] ids = new int[n];
                        for (int i = 0; i < n; i++) {
                            a[i] = heap.key1(i);
                            b[i] = heap.key2(i);
                            ids[i] = heap.id(i);
                            heap.positions[ids[i]] = -1;
                        }
                        heap.clear();
                        if (op.id() % 2 == 0) {
                            heap.reserve(n);
                        }
                        for (int i = 0; i < n; i++) {
                            heap.append(a[i], b[i], ids[i], aux(ids[i]));
                        }
                    }
                    default -> throw new AssertionError(op);
                }
                sameArray(heap, old, step);
            }
            if (!tolerant) {
                List<Integer> drained = new ArrayList<>();
                List<Integer> expected = sortedIds(old);
                while (!heap.isEmpty()) {
                    int top = heap.id(0);
                    heap.positions[top] = -1;
                    heap.removeTop();
                    drained.add(top);
                }
                assertEquals(expected, drained, "drained in sorted order");
            }
        }
    }

    /** A NodeHeap in one of the two orders. */
    static final class Nodes extends NodeHeap {
        final boolean tolerant;

        Nodes(boolean tolerant, int capacity, int initialSlots) {
            super("Nodes", "k1", "k2", capacity, initialSlots);
            this.tolerant = tolerant;
        }

        @Override
        protected boolean tie(double a1, double b1) {
            return tolerant ? near(a1, b1) : a1 == b1;
        }

        @Override
        protected boolean tieBefore(double a2, int aId, double b2, int bId) {
            return tolerant ? TOLERANT.before(0, a2, aId, 0, b2, bId) : SEARCH.before(0, a2, aId, 0, b2, bId);
        }
    }

    @Property(tries = 300)
    void nodeHeapMakesTheOldMoves(@ForAll("tolerantScripts") Script script, @ForAll boolean tolerant) {
        OldHeap old = new OldHeap(tolerant ? TOLERANT : SEARCH, script.ids());
        try (Nodes heap = new Nodes(tolerant, script.ids(), script.initialSlots())) {
            int step = 0;
            for (Op op : script.ops()) {
                step++;
                switch (op.kind()) {
                    case PUSH -> {
                        heap.push(op.id(), op.k1(), op.k2());
                        old.push(op.id(), op.k1(), op.k2(), 0);
                    }
                    case POP -> {
                        if (old.size == 0) {
                            assertThrows(IllegalStateException.class, heap::pop);
                            continue;
                        }
                        assertEquals(old.pop(), heap.pop(), "pop at step " + step);
                    }
                    case REMOVE_TOP -> {
                        if (old.size == 0) {
                            continue;
                        }
                        int top = heap.topId();
                        assertTrue(heap.remove(top));
                        old.remove(top);
                    }
                    case REMOVE -> {
                        boolean queued = old.positions[op.id()] >= 0;
                        assertEquals(queued, heap.remove(op.id()), "remove at step " + step);
                        if (queued) {
                            old.remove(op.id());
                        }
                    }
                    case RELOAD -> {
                        int n = heap.size();
                        int[] ids = new int[n];
                        double[] a = new double[n];
                        double[] b = new double[n];
                        for (int i = 0; i < n; i++) {
                            ids[i] = heap.idAt(i);
                            a[i] = heap.key1At(i);
                            b[i] = heap.key2At(i);
                        }
                        heap.load(ids, a, b);
                    }
                    default -> throw new AssertionError(op);
                }
                assertEquals(old.size, heap.size(), "size at step " + step);
                for (int i = 0; i < old.size; i++) {
                    assertEquals(
                            Double.doubleToRawLongBits(old.k1[i]),
                            Double.doubleToRawLongBits(heap.key1At(i)),
                            "key1 at step " + step);
                    assertEquals(
                            Double.doubleToRawLongBits(old.k2[i]),
                            Double.doubleToRawLongBits(heap.key2At(i)),
                            "key2 at step " + step);
                    assertEquals(old.id[i], heap.idAt(i), "id of slot " + i + " at step " + step);
                    assertEquals(0, heap.aux(i));
                }
                for (int n = 0; n < script.ids(); n++) {
                    assertEquals(old.positions[n] >= 0, heap.contains(n), "contains(" + n + ") at step " + step);
                }
            }
        }
    }

    @Test
    void nodeHeapChecksKeysIdsSlotsAndLoads() {
        assertThrows(IllegalArgumentException.class, () -> new Nodes(false, 0, 1));
        try (Nodes heap = new Nodes(false, 4, 1)) {
            assertThrows(IllegalArgumentException.class, () -> heap.push(0, Double.NaN, 0));
            assertThrows(IllegalArgumentException.class, () -> heap.push(0, 0, Double.NaN));
            assertThrows(IllegalArgumentException.class, () -> heap.push(4, 0, 0));
            assertThrows(IllegalArgumentException.class, () -> heap.contains(-1));
            assertThrows(IllegalStateException.class, heap::topKey1);
            heap.push(2, 1, 1);
            heap.push(3, 0.5, 1);
            assertThrows(IllegalArgumentException.class, () -> heap.idAt(2));
            assertThrows(
                    IllegalArgumentException.class, () -> heap.load(new int[] {1, 1}, new double[2], new double[2]));
            assertTrue(heap.isEmpty(), "a refused load leaves the heap empty");
            for (int n = 0; n < 4; n++) {
                assertTrue(!heap.contains(n));
            }
            heap.load(new int[] {3, 2}, new double[] {0.5, 1}, new double[] {1, 1});
            assertEquals(3, heap.pop());
            assertEquals(2, heap.pop());
        }
    }

    private static int aux(int id) {
        return id * 31 + 7;
    }

    private static void sameArray(TableHeap heap, OldHeap old, int step) {
        assertEquals(old.size, heap.size(), "size at step " + step);
        for (int i = 0; i < old.size; i++) {
            String at = "slot " + i + " at step " + step;
            assertEquals(
                    Double.doubleToRawLongBits(old.k1[i]), Double.doubleToRawLongBits(heap.key1(i)), "key1 of " + at);
            assertEquals(
                    Double.doubleToRawLongBits(old.k2[i]), Double.doubleToRawLongBits(heap.key2(i)), "key2 of " + at);
            assertEquals(old.id[i], heap.id(i), "id of " + at);
            assertEquals(old.aux[i], heap.aux(i), "aux of " + at);
        }
        for (int n = 0; n < old.positions.length; n++) {
            assertEquals(old.positions[n], heap.positions[n], "position of id " + n + " at step " + step);
        }
    }

    /** The plain model of the search order: the queued entries sorted. */
    private static List<Integer> sortedIds(OldHeap old) {
        List<int[]> entries = new ArrayList<>();
        for (int i = 0; i < old.size; i++) {
            entries.add(new int[] {i});
        }
        entries.sort((x, y) -> {
            int a = x[0];
            int b = y[0];
            if (SEARCH.before(old.k1[a], old.k2[a], old.id[a], old.k1[b], old.k2[b], old.id[b])) {
                return -1;
            }
            return SEARCH.before(old.k1[b], old.k2[b], old.id[b], old.k1[a], old.k2[a], old.id[a]) ? 1 : 0;
        });
        List<Integer> ids = new ArrayList<>();
        for (int[] e : entries) {
            ids.add(old.id[e[0]]);
        }
        return ids;
    }

    private static int sortedFirst(OldHeap old) {
        return sortedIds(old).get(0);
    }

    // ---- named cases ----

    @Test
    void slotArithmeticIsFourAry() {
        assertEquals(0, QuadHeap.parentOf(1));
        assertEquals(0, QuadHeap.parentOf(4));
        assertEquals(1, QuadHeap.parentOf(5));
        assertEquals(1, QuadHeap.firstChildOf(0));
        assertEquals(5, QuadHeap.firstChildOf(1));
        assertEquals(QuadHeapLayout.ARITY, 1 << QuadHeapLayout.ARITY_SHIFT);
        assertEquals(24, QuadHeapLayout.SLOT_BYTES);
    }

    @Test
    void growsPastItsFirstBlockKeepingTheSlots() {
        int n = 3000;
        try (TableHeap heap = new TableHeap(false, n, 1)) {
            OldHeap old = new OldHeap(SEARCH, n);
            for (int i = 0; i < n; i++) {
                double f = (i * 7919) % 101;
                heap.insert(f, i % 7, i, aux(i));
                old.push(i, f, i % 7, aux(i));
            }
            assertTrue(heap.memoryLength() >= n * QuadHeapLayout.SLOT_BYTES);
            sameArray(heap, old, 0);
        }
    }

    @Test
    void refusesAnEmptyFirstBlock() {
        assertThrows(IllegalArgumentException.class, () -> new TableHeap(false, 1, 0));
    }
}
