package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.cells.PathStatus;
import org.onepath.graphs.CsrGraph;

/** The mutable graph: ids, edits, versions, listeners, compiling, queries and bad input. */
class GraphTest {

    @Test
    void edgesGetIdsInInsertionOrderAndUndirectedEdgesTwo() {
        try (Graph g = new Graph(4)) {
            assertEquals(0, g.addEdge(0, 1, 2.5));
            assertEquals(1, g.addUndirectedEdge(1, 2, 1.0));
            assertEquals(3, g.addEdge(3, 3, 0.0));
            assertEquals(4, g.edgeCount());
            assertEquals(1, g.from(1));
            assertEquals(2, g.to(1));
            assertEquals(2, g.from(2));
            assertEquals(1, g.to(2));
            assertEquals(1.0, g.weight(2));
            assertEquals(2.5, g.weight(0));
            assertTrue(g.isAlive(3));
        }
    }

    @Test
    void everyEditBumpsTheVersionAndTellsTheListenersAfterTheChange() {
        try (Graph g = new Graph(3)) {
            List<String> heard = new ArrayList<>();
            GraphChangeListener l =
                    (graph, edge) -> heard.add(edge + ":" + graph.weight(edge) + ":" + graph.isAlive(edge));
            g.addChangeListener(l);
            int e = g.addEdge(0, 1, 1.0);
            g.addUndirectedEdge(1, 2, 3.0);
            assertEquals(3, g.version());
            g.setWeight(e, 4.0);
            g.setWeight(e, 4.0); // unchanged: nothing
            g.removeEdge(1);
            g.removeEdge(1); // removed already: nothing
            assertEquals(5, g.version());
            assertEquals(List.of("0:1.0:true", "1:3.0:true", "2:3.0:true", "0:4.0:true", "1:3.0:false"), heard);
            assertTrue(g.removeChangeListener(l));
            assertFalse(g.removeChangeListener(l));
            g.addEdge(2, 0, 1);
            assertEquals(5, heard.size());
        }
    }

    @Test
    void aRemovedEdgeKeepsItsRecordAndCannotBeReweighted() {
        try (Graph g = new Graph(2)) {
            g.addEdge(0, 1, 7);
            g.removeEdge(0);
            assertFalse(g.isAlive(0));
            assertEquals(7.0, g.weight(0));
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> g.setWeight(0, 1));
            assertTrue(e.getMessage().contains("edge 0"), e.getMessage());
            assertEquals(PathStatus.NO_PATH, g.findPath(0, 1).status());
        }
    }

    @Test
    void badArgumentsNameTheValueAndTheBound() {
        assertMessage(assertThrows(IllegalArgumentException.class, () -> new Graph(-1)), "-1", "2^26");
        assertMessage(assertThrows(IllegalArgumentException.class, () -> new Graph((1 << 26) + 1)), "67108865", "2^26");
        try (Graph g = new Graph(3)) {
            assertMessage(assertThrows(IllegalArgumentException.class, () -> g.addEdge(3, 0, 1)), "node 3", "0..2");
            assertMessage(assertThrows(IllegalArgumentException.class, () -> g.addEdge(0, -1, 1)), "node -1", "0..2");
            assertMessage(assertThrows(IllegalArgumentException.class, () -> g.addEdge(0, 1, -0.5)), "-0.5");
            assertMessage(assertThrows(IllegalArgumentException.class, () -> g.addEdge(0, 1, Double.NaN)), "NaN");
            assertMessage(
                    assertThrows(
                            IllegalArgumentException.class, () -> g.addUndirectedEdge(0, 1, Double.POSITIVE_INFINITY)),
                    "Infinity");
            assertEquals(0, g.edgeCount(), "a refused edge adds nothing");
            assertMessage(assertThrows(IllegalArgumentException.class, () -> g.removeEdge(0)), "edge 0", "no edges");
            g.addEdge(0, 1, 1);
            assertMessage(assertThrows(IllegalArgumentException.class, () -> g.setWeight(1, 1)), "edge 1", "0..0");
            assertMessage(assertThrows(IllegalArgumentException.class, () -> g.setWeight(0, -1)), "-1.0");
            assertMessage(
                    assertThrows(
                            IllegalArgumentException.class,
                            () -> g.findPath(
                                    0,
                                    1,
                                    GraphOptions.builder()
                                            .heuristic(GraphHeuristic.EUCLIDEAN)
                                            .build())),
                    "EUCLIDEAN");
        }
        assertMessage(
                assertThrows(
                        IllegalArgumentException.class,
                        () -> GraphOptions.builder().landmarkCount(65)),
                "65",
                "1..64");
        assertMessage(
                assertThrows(
                        IllegalArgumentException.class,
                        () -> GraphOptions.builder().heuristicWeight(-1)),
                "-1");
        assertMessage(
                assertThrows(
                        IllegalArgumentException.class,
                        () -> GraphOptions.builder().iterationBudget(-3)),
                "-3");
    }

    private static void assertMessage(Exception e, String... parts) {
        for (String p : parts) {
            assertTrue(e.getMessage().contains(p), "message '" + e.getMessage() + "' should name " + p);
        }
    }

    @Test
    void compilingRecordsChecksThemFirst() {
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment records =
                    arena.allocate(2 * org.onepath.state.GraphEdgeLayout.RECORD_BYTES);
            try (Graph g = new Graph(3)) {
                g.addEdge(0, 1, 1.0);
                g.addEdge(1, 2, 2.0);
                java.lang.foreign.MemorySegment.copy(
                        java.lang.foreign.MemorySegment.ofArray(g.saveState()), 16, records, 0, records.byteSize());
            }
            try (CsrGraph ok = CsrGraph.compile(3, records, 2)) {
                assertEquals(2, ok.arcCount());
            }
            assertMessage(
                    assertThrows(IllegalArgumentException.class, () -> CsrGraph.compile(2, records, 2)),
                    "edge 1 to",
                    "node 2");
            records.set(org.onepath.state.GraphEdgeLayout.WEIGHT_BITS, 17 + 8, Double.doubleToRawLongBits(Double.NaN));
            assertMessage(
                    assertThrows(IllegalArgumentException.class, () -> CsrGraph.compile(3, records, 2)),
                    "edge 1 weight",
                    "NaN");
            assertMessage(
                    assertThrows(IllegalArgumentException.class, () -> CsrGraph.compile(3, records, 3)), "edgeCount 3");
            assertMessage(
                    assertThrows(
                            IllegalArgumentException.class,
                            () -> CsrGraph.of(2, new int[] {0}, new int[] {5}, new double[] {1})),
                    "to[0]",
                    "node 5");
        }
    }

    @Test
    void nodesOutsideTheGraphAreInvalidEndsNotExceptions() {
        try (Graph g = new Graph(3);
                Graph empty = new Graph(0)) {
            g.addEdge(0, 1, 1);
            assertEquals(PathStatus.START_INVALID, g.findPath(-1, 1).status());
            assertEquals(PathStatus.START_INVALID, g.findPath(3, 1).status());
            assertEquals(PathStatus.GOAL_INVALID, g.findPath(0, 3).status());
            assertEquals(PathStatus.START_INVALID, empty.findPath(0, 0).status());
            GraphPath same = g.findPath(2, 2);
            assertEquals(PathStatus.FOUND, same.status());
            assertArrayEquals(new int[] {2}, same.nodes());
            assertEquals(0, same.edges().length);
            assertEquals(0.0, same.cost());
            assertEquals(0, same.expandedCount(), "start == goal expands nothing");
        }
    }

    @Test
    void theCompiledFormIsKeptUntilAChangeAndClosedByIt() {
        try (Graph g = new Graph(3)) {
            g.addEdge(0, 1, 1);
            CsrGraph first = g.compile();
            assertSame(first, g.compile());
            assertEquals(1, first.arcCount());
            g.addEdge(1, 2, 1);
            assertTrue(first.isClosed(), "a change closes the old compiled form");
            CsrGraph second = g.compile();
            assertNotSame(first, second);
            assertEquals(2, second.arcCount());
            assertEquals(2.0, g.findPath(0, 2).cost());
            g.removeEdge(1);
            assertEquals(PathStatus.NO_PATH, g.findPath(0, 2).status(), "the query after a removal compiles again");
        }
    }

    @Test
    void equalCostAlternativesKeepTheFirstParentFound() {
        // 0 -> 1 directly (edge 0, cost 2) or through 2 (edges 1 and 2, cost 2): node 1 is
        // reached first through edge 0, and the later route is not strictly cheaper
        try (Graph g = new Graph(3)) {
            g.addEdge(0, 1, 2);
            g.addEdge(0, 2, 1);
            g.addEdge(2, 1, 1);
            assertArrayEquals(new int[] {0, 1}, g.findPath(0, 1).nodes());
            assertArrayEquals(new int[] {0}, g.findPath(0, 1).edges());
            CsrGraph c = g.compile();
            assertEquals(1, c.target(c.firstArc(0)), "the first arc of node 0 is edge 0");
            assertEquals(0, c.edgeId(c.firstArc(0)));
            assertEquals(1, c.edgeId(c.firstArc(0) + 1));
        }
        // parallel edges: the cheaper wins, and the path names it
        try (Graph g = new Graph(2)) {
            g.addEdge(0, 1, 5);
            g.addEdge(0, 1, 2);
            g.addEdge(0, 1, 2);
            GraphPath p = g.findPath(0, 1);
            assertEquals(2.0, p.cost());
            assertArrayEquals(new int[] {1}, p.edges(), "the first of the two cheapest");
        }
    }

    @Test
    void expansionsAreRecordedWhenAskedAndMatchTheCount() {
        try (Graph g = new Graph(5)) {
            for (int i = 0; i < 4; i++) {
                g.addEdge(i, i + 1, 1);
            }
            GraphPath plain = g.findPath(0, 4);
            assertFalse(plain.hasExpandedNodes());
            assertEquals(0, plain.expandedNodes().length);
            GraphPath recorded = g.findPath(
                    0, 4, GraphOptions.builder().recordExpansions(true).build());
            assertArrayEquals(new int[] {0, 1, 2, 3}, recorded.expandedNodes());
            assertEquals(recorded.expandedCount(), recorded.expandedNodes().length);
            assertEquals(GraphHeuristic.ZERO, recorded.heuristic(), "AUTO on a graph without coordinates");
        }
    }

    @Test
    void theHeuristicWeightScalesTheEstimateAndZeroIsDijkstra() {
        GraphReference ref = GraphReference.random(5, 60, true);
        try (PointGraph g = ref.toPointGraph()) {
            GraphOptions zeroWeight = GraphOptions.builder()
                    .heuristicWeight(0)
                    .recordExpansions(true)
                    .build();
            GraphOptions dijkstra =
                    GraphOptions.DIJKSTRA.toBuilder().recordExpansions(true).build();
            GraphOptions heavy = GraphOptions.builder().heuristicWeight(3).build();
            for (int s = 0; s < ref.nodeCount; s += 7) {
                for (int t = 0; t < ref.nodeCount; t += 5) {
                    GraphPath a = g.findPath(s, t, zeroWeight);
                    GraphPath b = g.findPath(s, t, dijkstra);
                    assertArrayEquals(b.expandedNodes(), a.expandedNodes(), "weight 0 expands as the zero estimate");
                    assertArrayEquals(b.nodes(), a.nodes());
                    GraphPath w = g.findPath(s, t, heavy);
                    assertEquals(b.status(), w.status());
                    assertTrue(w.cost() >= b.cost(), "a weighted search is never cheaper than the optimum");
                }
            }
        }
    }

    @Test
    void aHugeGraphOfIsolatedNodesHoldsOnlyItsEdges() {
        try (Graph g = new Graph(Graph.MAX_NODES)) {
            g.addEdge(Graph.MAX_NODES - 1, 0, 1);
            assertEquals(16 + 17, g.saveState().length, "header, two counts, one record");
            try (Graph copy = Graph.fromState(g.saveState())) {
                assertEquals(Graph.MAX_NODES, copy.nodeCount());
                assertEquals(Graph.MAX_NODES - 1, copy.from(0));
                assertEquals(0, copy.to(0));
            }
        }
    }

    @Test
    void queriesOnSeveralThreadsAtOnceGetTheirOwnAnswers() throws Exception {
        GraphReference ref = GraphReference.random(99, 60, true);
        try (PointGraph graph = ref.toPointGraph()) {
            int n = ref.nodeCount;
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(3);
            try {
                List<java.util.concurrent.Future<String>> results = new ArrayList<>();
                for (int t = 0; t < 3; t++) {
                    GraphOptions o =
                            t == 0 ? GraphOptions.DIJKSTRA : t == 1 ? GraphOptions.DEFAULT : GraphOptions.LANDMARKS;
                    results.add(pool.submit(() -> {
                        for (int k = 0; k < 300; k++) {
                            int s = k % n;
                            int goal = (k * 7 + 3) % n;
                            double expected = ref.dijkstra(s)[goal];
                            GraphPath p = graph.findPath(s, goal, o);
                            if (Double.doubleToRawLongBits(expected) != Double.doubleToRawLongBits(p.cost())) {
                                return s + " -> " + goal + " " + o + ": " + p.cost() + ", expected " + expected;
                            }
                        }
                        return "";
                    }));
                }
                for (java.util.concurrent.Future<String> f : results) {
                    assertEquals("", f.get());
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void useAfterCloseThrowsNamingTheObject() {
        Graph g = new Graph(2);
        g.addEdge(0, 1, 1);
        CsrGraph c = g.compile();
        g.close();
        g.close();
        assertTrue(c.isClosed());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> g.addEdge(0, 1, 1));
        assertTrue(e.getMessage().contains("Graph"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> g.findPath(0, 1));
        assertThrows(IllegalStateException.class, g::saveState);
        assertThrows(IllegalStateException.class, () -> c.target(0));
    }
}
