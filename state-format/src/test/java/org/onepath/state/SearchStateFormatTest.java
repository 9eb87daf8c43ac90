package org.onepath.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The counters rule of the search states: A*, jump point and graph A* expand every pop but the
 * goal's; Theta* (kind 10) may pop a node without expanding it (Lazy Theta* with re-queue), so
 * there the expansions are at most that count.
 */
class SearchStateFormatTest {
    /** A running search on 4 nodes: 0 closed (the start), 1 and 2 open; 1 expansion recorded. */
    private static byte[] running(StateKind kind, int expanded, int iterations) {
        SearchBuffersPiece.Buffers b = new SearchBuffersPiece.Buffers(
                new int[] {0, 1, 2},
                new boolean[] {true, false, false},
                new double[] {0, 1, 1},
                new int[] {-1, 0, 0},
                new OpenSetPiece.Heap(new int[] {1, 2}, new double[] {3, 3}, new double[] {1, 1}),
                new int[] {0});
        try (StateWriter w = new StateWriter()) {
            SearchStateFormat.write(
                    w,
                    kind,
                    new SearchStateFormat.State(
                            4,
                            SearchStateFormat.RUNNING,
                            1.0,
                            0,
                            3,
                            expanded,
                            iterations,
                            Double.POSITIVE_INFINITY,
                            b));
            return w.toByteArray();
        }
    }

    private static SearchStateFormat.State read(byte[] bytes, StateKind kind) {
        return SearchStateFormat.read(new StateReader(bytes), kind, 100);
    }

    @Test
    void everyPopButTheGoalsIsAnExpansionExceptForTheta() {
        for (StateKind kind : new StateKind[] {StateKind.A_STAR, StateKind.JUMP_POINT_SEARCH, StateKind.GRAPH_A_STAR}) {
            assertEquals(1, read(running(kind, 1, 1), kind).expanded());
            GridStateException e = assertThrows(GridStateException.class, () -> read(running(kind, 1, 2), kind));
            assertEquals("expanded", e.field(), e.getMessage());
            assertEquals(SearchStateFormat.EXPANDED_OFFSET, e.offset());
        }
        assertEquals(
                2,
                read(running(StateKind.THETA_STAR, 1, 2), StateKind.THETA_STAR).iterations(),
                "Theta*: a pop that re-queued is not an expansion");
        GridStateException e = assertThrows(
                GridStateException.class, () -> read(running(StateKind.THETA_STAR, 3, 2), StateKind.THETA_STAR));
        assertEquals("expanded", e.field(), e.getMessage());
    }
}
