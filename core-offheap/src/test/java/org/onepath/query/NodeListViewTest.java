package org.onepath.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The node-index view reads through the array it shares, in order, and refuses changes. */
class NodeListViewTest {

    @Test
    void elementsAreMadeFromTheNodesInOrder() {
        List<String> view = NodeListView.of(new int[] {3, 1, 4}, n -> "n" + n);
        assertEquals(List.of("n3", "n1", "n4"), view);
        assertEquals(3, view.size());
    }

    @Test
    void theViewSharesTheArray() {
        int[] nodes = {7, 8};
        List<Integer> view = NodeListView.of(nodes, n -> n * 10);
        nodes[1] = 9;
        assertEquals(List.of(70, 90), view);
    }

    @Test
    void anEmptyArrayIsAnEmptyList() {
        assertEquals(List.of(), NodeListView.of(new int[0], n -> n));
    }

    @Test
    void itIsUnmodifiableAndBoundsChecked() {
        List<Integer> view = NodeListView.of(new int[] {1}, n -> n);
        assertThrows(UnsupportedOperationException.class, () -> view.add(2));
        assertThrows(UnsupportedOperationException.class, () -> view.set(0, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> view.get(1));
    }
}
