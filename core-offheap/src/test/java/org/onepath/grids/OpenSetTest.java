package org.onepath.grids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/** Rule 7: the open set's order, key replacement and key checks. */
class OpenSetTest {

    @Test
    void popsSmallerFThenLargerGThenSmallerNode() {
        try (OpenSet open = new OpenSet(10)) {
            open.push(5, 1.0, 0.0);
            open.push(3, 1.0, 0.0);
            open.push(7, 1.0, 0.5);
            open.push(1, 0.5, 0.0);
            open.push(9, 2.0, 9.0);
            open.push(0, 1.0, 0.0);
            assertEquals(6, open.size());
            List<Integer> order = new ArrayList<>();
            while (!open.isEmpty()) {
                order.add(open.pop());
            }
            assertEquals(List.of(1, 7, 0, 3, 5, 9), order);
        }
    }

    @Test
    void pushingAQueuedNodeReplacesItsKeysBothWays() {
        try (OpenSet open = new OpenSet(8)) {
            for (int n = 0; n < 8; n++) {
                open.push(n, 10.0 + n, 0.0);
            }
            open.push(6, 1.0, 0.0); // decrease
            open.push(0, 100.0, 0.0); // increase
            open.push(3, 13.0, 5.0); // same f, larger g: still after 1 and 2 (smaller f)
            assertEquals(8, open.size(), "a node is in the set at most once");
            assertTrue(open.contains(6));
            assertEquals(6, open.peekNode());
            assertEquals(1.0, open.peekF());
            assertEquals(0.0, open.peekG());
            List<Integer> order = new ArrayList<>();
            while (!open.isEmpty()) {
                order.add(open.pop());
            }
            assertEquals(List.of(6, 1, 2, 3, 4, 5, 7, 0), order);
            assertFalse(open.contains(6));
        }
    }

    @Test
    void reInsertingAfterPopWorks() {
        try (OpenSet open = new OpenSet(3)) {
            open.push(2, 1.0, 1.0);
            assertEquals(2, open.pop());
            assertFalse(open.contains(2));
            open.push(2, 5.0, 1.0);
            open.push(1, 4.0, 1.0);
            assertEquals(1, open.pop());
            assertEquals(2, open.pop());
        }
    }

    @Test
    void nanKeysAreRejectedAndLeaveTheSetUnchanged() {
        try (OpenSet open = new OpenSet(4)) {
            open.push(1, 2.0, 1.0);
            assertThrows(IllegalArgumentException.class, () -> open.push(0, Double.NaN, 0.0));
            assertThrows(IllegalArgumentException.class, () -> open.push(0, 0.0, Double.NaN));
            assertThrows(IllegalArgumentException.class, () -> open.push(1, Double.NaN, 1.0));
            assertThrows(IllegalArgumentException.class, () -> open.push(1, 0.0, Double.NaN));
            assertEquals(1, open.size());
            assertFalse(open.contains(0));
            assertEquals(2.0, open.peekF());
            assertEquals(1.0, open.peekG());
        }
    }

    @Test
    void infiniteKeysAreOrderedLikeAnyOther() {
        try (OpenSet open = new OpenSet(4)) {
            open.push(0, Double.POSITIVE_INFINITY, 0.0);
            open.push(1, Double.NEGATIVE_INFINITY, 0.0);
            open.push(2, 0.0, Double.POSITIVE_INFINITY);
            open.push(3, 0.0, 1.0);
            assertEquals(1, open.pop());
            assertEquals(2, open.pop());
            assertEquals(3, open.pop());
            assertEquals(0, open.pop());
        }
    }

    @Test
    void rangeAndEmptinessChecks() {
        try (OpenSet open = new OpenSet(3)) {
            assertEquals(3, open.capacity());
            assertThrows(IllegalArgumentException.class, () -> open.push(3, 0, 0));
            assertThrows(IllegalArgumentException.class, () -> open.push(-1, 0, 0));
            assertThrows(IllegalArgumentException.class, () -> open.contains(3));
            assertThrows(IllegalStateException.class, open::pop);
            assertThrows(IllegalStateException.class, open::peekNode);
            assertThrows(IllegalStateException.class, open::peekF);
            assertThrows(IllegalArgumentException.class, () -> open.nodeAt(0));
            open.push(0, 1, 1);
            open.push(2, 0.5, 1);
            open.clear();
            assertTrue(open.isEmpty());
            assertFalse(open.contains(0));
            assertFalse(open.contains(2));
            open.push(0, 1, 1);
            assertEquals(0, open.pop());
        }
        assertThrows(IllegalArgumentException.class, () -> new OpenSet(0));
    }

    @Test
    void growsBeyondItsFirstBlock() {
        int n = 5000;
        try (OpenSet open = new OpenSet(n)) {
            for (int i = 0; i < n; i++) {
                open.push(i, (i * 7919) % 1000, 0.0);
            }
            double lastF = Double.NEGATIVE_INFINITY;
            int lastNode = -1;
            for (int i = 0; i < n; i++) {
                double f = open.peekF();
                int node = open.pop();
                assertTrue(f > lastF || (f == lastF && node > lastNode), "order at pop " + i);
                lastF = f;
                lastNode = node;
            }
        }
    }

    // ---- property: random operation sequences against a plain model ----

    /** One operation: a push (node, f, g) or, when node is -1, a pop. */
    record Op(int node, double f, double g) {
        @Override
        public String toString() {
            return node < 0 ? "pop" : "push(" + node + ", " + f + ", " + g + ")";
        }
    }

    record Script(int capacity, List<Op> ops) {}

    private static final double[] KEYS = {
        Double.NEGATIVE_INFINITY, -3.5, -1.0, -0.0, 0.0, 0.5, 1.0, 1.0, 2.0, 2.5, 7.0, 1e300, Double.POSITIVE_INFINITY,
    };

    @Provide
    Arbitrary<Script> scripts() {
        Arbitrary<Double> key = Arbitraries.oneOf(
                Arbitraries.integers().between(0, KEYS.length - 1).map(i -> KEYS[i]),
                Arbitraries.doubles().between(-10, 10).ofScale(1));
        return Arbitraries.integers().between(1, 40).flatMap(capacity -> {
            Arbitrary<Op> push = Combinators.combine(Arbitraries.integers().between(0, capacity - 1), key, key)
                    .as(Op::new);
            Arbitrary<Op> pop = Arbitraries.just(new Op(-1, 0, 0));
            Arbitrary<Op> op = Arbitraries.frequencyOf(Tuple.of(3, push), Tuple.of(1, pop));
            return op.list().ofMaxSize(200).map(ops -> new Script(capacity, ops));
        });
    }

    /** The normative order, written with plain comparisons. */
    private static final Comparator<Op> ORDER = (a, b) -> {
        if (a.f() != b.f()) {
            return a.f() < b.f() ? -1 : 1;
        }
        if (a.g() != b.g()) {
            return a.g() > b.g() ? -1 : 1;
        }
        return Integer.compare(a.node(), b.node());
    };

    @Property(tries = 500)
    void behavesLikeASortedListOfEntries(@ForAll("scripts") Script script) {
        Map<Integer, Op> model = new LinkedHashMap<>();
        try (OpenSet open = new OpenSet(script.capacity())) {
            int step = 0;
            for (Op op : script.ops()) {
                step++;
                if (op.node() >= 0) {
                    open.push(op.node(), op.f(), op.g());
                    model.put(op.node(), op);
                } else if (model.isEmpty()) {
                    assertThrows(IllegalStateException.class, open::pop);
                } else {
                    Op first = model.values().stream().min(ORDER).orElseThrow();
                    assertEquals(first.node(), open.pop(), "pop at step " + step);
                    model.remove(first.node());
                }
                check(open, model, script.capacity(), step);
            }
            // drain in order
            List<Op> rest = new ArrayList<>(model.values());
            rest.sort(ORDER);
            for (Op expected : rest) {
                assertEquals(expected.node(), open.pop());
            }
            assertTrue(open.isEmpty());
        }
    }

    private static void check(OpenSet open, Map<Integer, Op> model, int capacity, int step) {
        assertEquals(model.size(), open.size(), "size at step " + step);
        for (int n = 0; n < capacity; n++) {
            assertEquals(model.containsKey(n), open.contains(n), "contains(" + n + ") at step " + step);
        }
        if (model.isEmpty()) {
            assertTrue(open.isEmpty());
            return;
        }
        Op first = model.values().stream().min(ORDER).orElseThrow();
        assertEquals(first.node(), open.peekNode(), "peek at step " + step);
        assertEquals(
                Double.doubleToRawLongBits(first.f()),
                Double.doubleToRawLongBits(open.peekF()),
                "peekF at step " + step);
        assertEquals(
                Double.doubleToRawLongBits(first.g()),
                Double.doubleToRawLongBits(open.peekG()),
                "peekG at step " + step);
        // the slots hold exactly the current entries with their latest keys
        Set<Integer> seen = new HashSet<>();
        for (int slot = 0; slot < open.size(); slot++) {
            int node = open.nodeAt(slot);
            assertTrue(seen.add(node), "node " + node + " twice in the heap");
            Op entry = model.get(node);
            assertEquals(Double.doubleToRawLongBits(entry.f()), Double.doubleToRawLongBits(open.fAt(slot)));
            assertEquals(Double.doubleToRawLongBits(entry.g()), Double.doubleToRawLongBits(open.gAt(slot)));
        }
    }
}
