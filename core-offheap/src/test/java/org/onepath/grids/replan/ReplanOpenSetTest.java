package org.onepath.grids.replan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.onepath.state.ReplanOpenSetPiece;

/** The replanner queue's order, tolerance rules and operations, against a plain sorted list. */
class ReplanOpenSetTest {

    /** Random pushes, re-keys, removals and pops pop in the order a plain list sorted by (key1, key2, node) gives. */
    @Property(tries = 200)
    void popsInTheOrderOfAPlainSortedList(@ForAll long seed) {
        Random random = new Random(seed);
        int capacity = 1 + random.nextInt(60);
        // Keys from a coarse grid of values, so the tolerance never blurs two distinct keys and the
        // plain order is a total order; infinities included.
        record Entry(int node, double k1, double k2) {}
        Comparator<Entry> order = Comparator.<Entry>comparingDouble(e -> e.k1)
                .thenComparingDouble(e -> e.k2)
                .thenComparingInt(e -> e.node);
        try (ReplanOpenSet set = new ReplanOpenSet(capacity)) {
            List<Entry> model = new ArrayList<>();
            for (int op = 0; op < 300; op++) {
                int kind = random.nextInt(10);
                if (kind < 6) {
                    int node = random.nextInt(capacity);
                    double k2 = random.nextInt(8) == 0 ? Double.POSITIVE_INFINITY : random.nextInt(20) * 0.5;
                    double k1 = k2 + random.nextInt(10) * 0.25;
                    set.push(node, k1, k2);
                    model.removeIf(e -> e.node == node);
                    model.add(new Entry(node, k1, k2));
                } else if (kind < 8) {
                    int node = random.nextInt(capacity);
                    boolean had = model.removeIf(e -> e.node == node);
                    assertEquals(had, set.remove(node), "remove " + node);
                } else if (!model.isEmpty()) {
                    model.sort(order);
                    Entry first = model.removeFirst();
                    assertEquals(first.k1, set.topKey1(), 0.0);
                    assertEquals(first.k2, set.topKey2(), 0.0);
                    assertEquals(first.node, set.pop(), "seed " + seed + " op " + op);
                }
                assertEquals(model.size(), set.size());
                for (Entry e : model) {
                    assertTrue(set.contains(e.node));
                }
            }
        }
    }

    /** Keys within a relative 1e-11 count as equal: the next key, then the node, decide. */
    @Test
    void keysWithinTheToleranceCountAsEqual() {
        try (ReplanOpenSet set = new ReplanOpenSet(10)) {
            set.push(5, 100.0, 40.0);
            set.push(7, 100.0 + 5e-10, 30.0); // equal first key (relative 5e-12), smaller second key
            assertEquals(7, set.topNode());
            set.push(3, 100.0 - 5e-10, 40.0 + 1e-10); // equal keys on paper: the smaller node wins
            assertEquals(7, set.pop());
            assertEquals(3, set.pop());
            assertEquals(5, set.pop());
            set.push(1, 0.5, 0.5);
            set.push(0, 0.5 + 5e-12, 0.5); // below 1 the tolerance is absolute 1e-11
            assertEquals(0, set.pop());
            assertEquals(1, set.pop());
            set.push(2, 1e6 + 1e-4, 0); // 1e-10 relative: not equal, larger
            set.push(4, 1e6, 0);
            assertEquals(4, set.pop());
        }
    }

    @Test
    void toleranceRules() {
        assertTrue(ReplanKeys.equal(1e3, 1e3 * (1 + 9e-12)));
        assertFalse(ReplanKeys.equal(1e3, 1e3 * (1 + 2e-11)));
        assertTrue(ReplanKeys.equal(1e-3, 1e-3 + 9e-12), "absolute below 1");
        assertFalse(ReplanKeys.equal(1e-3, 1e-3 + 2e-11));
        assertTrue(ReplanKeys.equal(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY));
        assertFalse(ReplanKeys.equal(1e300, Double.POSITIVE_INFINITY), "an infinity equals no finite value");
        assertFalse(ReplanKeys.less(5.0, 5.0 + 1e-12));
        assertTrue(ReplanKeys.less(5.0, 5.0 + 1e-9));
        assertTrue(ReplanKeys.keyLess(5.0, 1.0, 5.0 + 1e-12, 2.0), "tied first keys: the second decides");
        assertFalse(ReplanKeys.keyLess(5.0, 1.0, 5.0 + 1e-12, 1.0 + 1e-13), "equal keys are not smaller");
    }

    @Test
    void snapshotsRoundTripSlotForSlot() {
        try (ReplanOpenSet a = new ReplanOpenSet(20);
                ReplanOpenSet b = new ReplanOpenSet(20)) {
            for (int i = 0; i < 15; i++) {
                a.push((i * 7) % 20, (i * 3) % 5, i % 2);
            }
            ReplanOpenSetPiece.Heap piece = a.toPiece();
            b.load(piece);
            assertEquals(piece, b.toPiece());
            while (!a.isEmpty()) {
                assertEquals(a.pop(), b.pop());
            }
            assertThrows(
                    IllegalArgumentException.class,
                    () -> b.load(new ReplanOpenSetPiece.Heap(new int[] {1, 1}, new double[2], new double[2])));
            assertTrue(b.isEmpty(), "a refused load leaves the set empty");
        }
    }

    @Test
    void badInput() {
        try (ReplanOpenSet set = new ReplanOpenSet(3)) {
            assertThrows(IllegalArgumentException.class, () -> set.push(3, 0, 0));
            assertThrows(IllegalArgumentException.class, () -> set.push(0, Double.NaN, 0));
            assertThrows(IllegalStateException.class, set::pop);
        }
        assertThrows(IllegalArgumentException.class, () -> new ReplanOpenSet(0));
    }
}
