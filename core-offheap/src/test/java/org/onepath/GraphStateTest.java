package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.cells.PathStatus;
import org.onepath.graphs.CsrGraph;
import org.onepath.graphs.GraphAStar;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.ZeroHeuristic;
import org.onepath.state.GraphStateException;

/**
 * Kind 4 (Graph) and kind 11 (graph A*): fields at their documented offsets, round trips, the
 * restore contract (checked before anything changes, listeners told per differing edge,
 * compiled form dropped) and GraphStateException naming field, value and offset.
 */
class GraphStateTest {

    private static ByteBuffer le(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    }

    @Test
    void graphGoldenFieldsSitAtTheirDocumentedOffsets() {
        byte[] bytes = StateGoldens.GRAPH.readBin();
        ByteBuffer b = le(bytes);
        assertEquals(16 + 18 * 17, bytes.length, "header, two counts, 18 records of 17 bytes");
        assertEquals(7, b.getInt(8), "nodeCount");
        assertEquals(18, b.getInt(12), "edgeCount");
        int rec3 = 16 + 3 * 17;
        assertEquals(2, b.getInt(rec3), "edge 3 from");
        assertEquals(1, b.getInt(rec3 + 4), "edge 3 to");
        assertEquals(1.125, b.getDouble(rec3 + 8), "edge 3 reweighted");
        assertEquals(1, b.get(rec3 + 16), "edge 3 alive");
        int rec14 = 16 + 14 * 17;
        assertEquals(0.5, b.getDouble(rec14 + 8), "a removed edge keeps its weight");
        assertEquals(0, b.get(rec14 + 16), "edge 14 removed");
        assertEquals(0.0, b.getDouble(16 + 17 * 17 + 8), "edge 17 weighs 0");
    }

    @Test
    void graphAStarGoldenCountersSitAtTheirDocumentedOffsets() {
        ByteBuffer b = le(StateGoldens.GRAPH_ASTAR_RUNNING.readBin());
        assertEquals(7, b.getInt(8));
        assertEquals(SearchStatus.RUNNING.code(), b.get(12));
        assertEquals(1.0, b.getDouble(13));
        assertEquals(StateGoldens.GRAPH_START, b.getInt(21));
        assertEquals(StateGoldens.GRAPH_GOAL, b.getInt(25));
        assertEquals(StateGoldens.GRAPH_ASTAR_STEPS, b.getInt(29));
        assertEquals(StateGoldens.GRAPH_ASTAR_STEPS, b.getInt(33));
        assertEquals(Double.POSITIVE_INFINITY, b.getDouble(37));
    }

    @Test
    void aRestoredGoldenSearchRunsOnAsTheUninterruptedOne() {
        try (StateGoldens.GraphAStarSubject restored = new StateGoldens.GraphAStarSubject();
                StateGoldens.GraphAStarSubject whole = new StateGoldens.GraphAStarSubject()) {
            restored.restore(StateGoldens.GRAPH_ASTAR_RUNNING.readBin());
            restored.astar.run();
            whole.astar.begin(StateGoldens.GRAPH_START, StateGoldens.GRAPH_GOAL);
            whole.astar.run();
            assertEquals(SearchStatus.FOUND, restored.astar.status());
            assertEquals(whole.astar.pathCost(), restored.astar.pathCost());
            assertArrayEquals(whole.astar.path(), restored.astar.path());
            assertArrayEquals(whole.astar.expandedNodes(), restored.astar.expandedNodes());
            // 0 -3- 4 -5- 6: 1.5 + 1.75 + 0.75 + 3.25
            assertEquals(7.25, restored.astar.pathCost());
            assertArrayEquals(new int[] {6, 16, 10, 12}, restored.astar.pathEdges());
        }
    }

    @Test
    void saveRestoreGivesTheSameGraphAndAnswers() {
        try (Graph original = StateGoldens.goldenGraph();
                Graph other = new Graph(7)) {
            other.addEdge(6, 0, 1);
            assertEquals(1.0, other.findPath(6, 0).cost());
            other.restoreState(original.saveState());
            assertArrayEquals(original.saveState(), other.saveState());
            for (int s = 0; s < 7; s++) {
                for (int t = 0; t < 7; t++) {
                    assertEquals(
                            original.findPath(s, t).cost(), other.findPath(s, t).cost(), s + " -> " + t);
                }
            }
            assertEquals(original.edgeCount(), other.edgeCount());
            assertEquals(1, other.restoreCount());
        }
    }

    @Test
    void aRestoreDropsTheCompiledFormAndBumpsTheVersion() {
        try (Graph g = new Graph(3)) {
            g.addEdge(0, 1, 1);
            byte[] one = g.saveState();
            g.addEdge(1, 2, 1);
            CsrGraph compiled = g.compile();
            int version = g.version();
            g.restoreState(one);
            assertTrue(compiled.isClosed());
            assertEquals(version + 1, g.version(), "versions are not saved; a restore is one more change");
            assertEquals(PathStatus.NO_PATH, g.findPath(0, 2).status());
            assertEquals(1, g.edgeCount());
        }
    }

    @Test
    void listenersHearEveryEdgeWhoseRecordDiffersInIncreasingId() {
        try (Graph g = StateGoldens.goldenGraph();
                Graph target = StateGoldens.goldenGraph()) {
            target.setWeight(2, 9.0); // differs
            target.removeEdge(5); // differs
            target.addEdge(0, 6, 1.0); // id 18: dropped by the restore
            target.addEdge(6, 0, 1.0); // id 19: dropped
            List<Integer> heard = new ArrayList<>();
            target.addChangeListener((graph, edge) -> {
                heard.add(edge);
                assertEquals(18, graph.edgeCount(), "listeners run after the whole restore");
            });
            target.restoreState(g.saveState());
            assertEquals(List.of(2, 5, 18, 19), heard);
            heard.clear();
            try (Graph shorter = new Graph(7)) {
                shorter.addEdge(0, 1, 2.5); // equals edge 0
                g.addChangeListener((graph, edge) -> heard.add(edge));
                g.restoreState(shorter.saveState());
            }
            List<Integer> expected = new ArrayList<>();
            for (int id = 1; id < 18; id++) {
                expected.add(id);
            }
            assertEquals(expected, heard, "ids past the restored count are told too");
        }
    }

    @Test
    void badBytesThrowGraphStateExceptionAndLeaveTheGraphUnchanged() {
        byte[] golden = StateGoldens.GRAPH.readBin();
        int rec = 16 + 4 * 17;
        check(patchI32(golden, rec, 7), "edge[4].from", "7", rec, "0..6");
        check(patchI32(golden, rec + 4, -1), "edge[4].to", "-1", rec + 4, "0..6");
        check(patchF64(golden, rec + 8, Double.NaN), "edge[4].weight", "NaN", rec + 8, "finite");
        check(patchF64(golden, rec + 8, -0.5), "edge[4].weight", "-0.5", rec + 8, ">= 0");
        check(patchF64(golden, rec + 8, Double.POSITIVE_INFINITY), "edge[4].weight", "Infinity", rec + 8, "finite");
        byte[] alive = golden.clone();
        alive[rec + 16] = 2;
        check(alive, "edge[4].alive", "2", rec + 16, "0 or 1");
        check(patchI32(golden, 12, 19), "edgeCount", "19", 12, "at most 18");
        check(patchI32(golden, 8, (1 << 26) + 1), "nodeCount", "67108865", 8, "0..67108864");
        check(Arrays.copyOf(golden, golden.length - 1), "edgeCount", "18", 12, "at most 17");
        check(Arrays.copyOf(golden, golden.length + 1), "end", "1 trailing byte", golden.length, "end of the data");
        check(patchI32(golden, 8, 8), "nodeCount", "8", 8, "7 (the restoring graph's node count)");
    }

    private static void check(byte[] state, String field, String value, long offset, String expected) {
        try (Graph g = StateGoldens.goldenGraph()) {
            g.addEdge(6, 6, 3.0);
            assertEquals(7.25, g.findPath(0, 6).cost(), "0 -> 3 -> 4 -> 5 -> 6");
            byte[] before = g.saveState();
            int version = g.version();
            int[] heard = {0};
            g.addChangeListener((graph, edge) -> heard[0]++);
            GraphStateException e = assertThrows(GraphStateException.class, () -> g.restoreState(state), field);
            assertEquals(field, e.field(), e.getMessage());
            assertTrue(e.value().contains(value), e.getMessage());
            assertEquals(offset, e.offset(), e.getMessage());
            assertTrue(e.expected().contains(expected), e.getMessage());
            assertArrayEquals(before, g.saveState(), field + ": graph unchanged");
            assertEquals(version, g.version(), field + ": version unchanged");
            assertEquals(0, heard[0], field + ": no listener called");
            assertEquals(7.25, g.findPath(0, 6).cost(), field + ": queries still answer from the old edges");
            assertEquals(19, g.edgeCount());
        }
        boolean onlyTheNodeCountDiffers = expected.contains("restoring graph");
        if (!onlyTheNodeCountDiffers) {
            assertThrows(GraphStateException.class, () -> Graph.fromState(state), field + " (fromState)");
        }
    }

    @Test
    void graphAStarRestoreChecksWhatOnlyTheSearchKnows() {
        byte[] running = StateGoldens.GRAPH_ASTAR_RUNNING.readBin();
        try (StateGoldens.GraphAStarSubject s = new StateGoldens.GraphAStarSubject()) {
            GraphStateException nodes =
                    assertThrows(GraphStateException.class, () -> s.astar.restoreState(patchI32(running, 8, 8)));
            assertEquals("nodeCount", nodes.field());
            assertEquals(SearchStatus.NOT_STARTED, s.astar.status(), "a failed restore leaves the search not started");
            assertThrows(IllegalStateException.class, () -> s.astar.step(1));
            GraphStateException weight =
                    assertThrows(GraphStateException.class, () -> s.astar.restoreState(patchF64(running, 13, 1.5)));
            assertEquals("heuristicWeight", weight.field());
            // visited[3] is node 4 with parent 3; make it 1, which has no alive edge to 4 (edge 14 is removed)
            int parentAt = 0x71;
            GraphStateException parent =
                    assertThrows(GraphStateException.class, () -> s.astar.restoreState(patchI32(running, parentAt, 1)));
            assertEquals("visited[3].parent", parent.field(), parent.getMessage());
            assertEquals(parentAt, parent.offset());
            assertTrue(parent.expected().contains("edge to node 4"), parent.getMessage());
            byte[] gridKind = running.clone();
            gridKind[6] = 8;
            GraphStateException kind = assertThrows(GraphStateException.class, () -> s.astar.restoreState(gridKind));
            assertEquals("kind", kind.field());
            s.astar.restoreState(running);
            assertEquals(SearchStatus.RUNNING, s.astar.status());
        }
    }

    @Test
    void savingIntoASegmentWritesTheSameBytesAndRefusesAShortOne() {
        try (Graph g = StateGoldens.goldenGraph();
                Arena arena = Arena.ofConfined();
                Graph fresh = new Graph(7);
                CsrGraph csr = CsrGraph.of(2, new int[] {0}, new int[] {1}, new double[] {1});
                GridSearchBuffers buffers = new GridSearchBuffers(2)) {
            byte[] bytes = g.saveState();
            MemorySegment dest = arena.allocate(bytes.length + 5);
            assertEquals(bytes.length, g.saveState(dest, 5));
            assertArrayEquals(bytes, dest.asSlice(5).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            assertThrows(IllegalArgumentException.class, () -> g.saveState(dest, 6));
            fresh.restoreState(dest.asSlice(5));
            assertArrayEquals(bytes, fresh.saveState());
            GraphAStar<ZeroHeuristic> a = new GraphAStar<>(csr, ZeroHeuristic.INSTANCE, buffers);
            a.begin(0, 1);
            byte[] state = a.saveState();
            MemorySegment s2 = arena.allocate(state.length);
            assertEquals(state.length, a.saveState(s2, 0));
            a.run();
            a.restoreState(s2);
            assertEquals(SearchStatus.RUNNING, a.status());
            assertEquals(SearchStatus.FOUND, a.run());
        }
    }

    private static byte[] patchI32(byte[] state, int offset, int value) {
        byte[] out = state.clone();
        le(out).putInt(offset, value);
        return out;
    }

    private static byte[] patchF64(byte[] state, int offset, double value) {
        byte[] out = state.clone();
        le(out).putDouble(offset, value);
        return out;
    }
}
