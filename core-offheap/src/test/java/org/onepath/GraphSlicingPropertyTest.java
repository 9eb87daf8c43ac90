package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.graphs.CsrGraph;
import org.onepath.graphs.GraphAStar;
import org.onepath.graphs.Landmarks;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.ZeroHeuristic;

/**
 * Iteration budgets never change a graph search's result: any sequence of {@code step(n)} gives
 * the expansion order, path, edges, cost bits and counters of one unsliced run, for each
 * estimate; a search saved after k iterations (kind 11) and restored into a new GraphAStar over
 * new buffers runs on to the same result; the tier-1 budget stops after exactly that many
 * iterations with BUDGET_EXHAUSTED, and a cancellation token that is never cancelled changes
 * nothing.
 */
class GraphSlicingPropertyTest {

    /** One unsliced run's results. */
    record Outcome(
            SearchStatus status,
            long costBits,
            int iterations,
            int expanded,
            int[] path,
            int[] edges,
            int[] expansions) {
        static Outcome of(GraphAStar<?> s) {
            boolean found = s.status() == SearchStatus.FOUND;
            return new Outcome(
                    s.status(),
                    Double.doubleToRawLongBits(s.pathCost()),
                    s.iterations(),
                    s.expandedCount(),
                    found ? s.path() : new int[0],
                    found ? s.pathEdges() : new int[0],
                    s.expandedNodes());
        }

        void assertSame(Outcome o, String where) {
            assertEquals(status, o.status, where);
            assertEquals(costBits, o.costBits, where + " cost bits");
            assertEquals(iterations, o.iterations, where + " iterations");
            assertEquals(expanded, o.expanded, where + " expanded");
            assertArrayEquals(path, o.path, where + " path");
            assertArrayEquals(edges, o.edges, where + " edges");
            assertArrayEquals(expansions, o.expansions, where + " expansion order");
        }
    }

    @Property(tries = 200, edgeCases = EdgeCasesMode.NONE)
    void slicesAndSnapshotsNeverChangeTheResult(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        GraphReference ref = GraphReference.random(seed, 40, true);
        SplittableRandom r = new SplittableRandom(~seed);
        try (PointGraph pg = ref.toPointGraph();
                GridSearchBuffers b1 = buffers(ref);
                GridSearchBuffers b2 = buffers(ref);
                GridSearchBuffers b3 = buffers(ref)) {
            CsrGraph csr = pg.graph();
            Landmarks landmarks = pg.landmarks(1 + r.nextInt(4));
            for (int q = 0; q < 3; q++) {
                int start = r.nextInt(ref.nodeCount);
                int goal = r.nextInt(ref.nodeCount);
                int kind = r.nextInt(3);
                double weight = r.nextInt(4) == 0 ? 0.0 : 1.0;
                String where =
                        "seed " + seed + ", " + start + " -> " + goal + ", estimate " + kind + ", weight " + weight;
                Heuristic[] h = new Heuristic[3];
                for (int i = 0; i < 3; i++) {
                    h[i] = switch (kind) {
                        case 0 -> ZeroHeuristic.INSTANCE;
                        case 1 -> pg.euclideanHeuristic();
                        default -> landmarks.heuristic();
                    };
                }
                GraphAStar<Heuristic> whole = new GraphAStar<>(csr, h[0], b1, weight);
                whole.begin(start, goal);
                whole.run();
                Outcome expected = Outcome.of(whole);

                GraphAStar<Heuristic> sliced = new GraphAStar<>(csr, h[1], b2, weight);
                sliced.begin(start, goal);
                int k = r.nextInt(1 + expected.iterations());
                sliced.step(k);
                byte[] saved = sliced.saveState();
                while (sliced.status() == SearchStatus.RUNNING) {
                    sliced.step(1 + r.nextInt(3));
                }
                expected.assertSame(Outcome.of(sliced), where + " sliced");

                GraphAStar<Heuristic> restored = new GraphAStar<>(csr, h[2], b3, weight);
                restored.restoreState(saved);
                assertArrayEquals(saved, restored.saveState(), where + ": save, restore, save");
                while (restored.status() == SearchStatus.RUNNING) {
                    restored.step(1 + r.nextInt(5));
                }
                expected.assertSame(Outcome.of(restored), where + " restored after " + k + " iterations");
            }
        }
    }

    private static GridSearchBuffers buffers(GraphReference ref) {
        GridSearchBuffers b = new GridSearchBuffers(ref.nodeCount);
        b.recordExpansions(true);
        return b;
    }

    @Property(tries = 150, edgeCases = EdgeCasesMode.NONE)
    void theTierOneBudgetStopsAfterExactlyThatManyIterations(
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        GraphReference ref = GraphReference.random(seed, 40, false);
        SplittableRandom r = new SplittableRandom(seed);
        try (Graph graph = ref.toGraph()) {
            int start = r.nextInt(ref.nodeCount);
            int goal = r.nextInt(ref.nodeCount);
            GraphOptions base = GraphOptions.builder()
                    .recordExpansions(true)
                    .heuristic(r.nextBoolean() ? GraphHeuristic.ZERO : GraphHeuristic.LANDMARKS)
                    .build();
            GraphPath whole = graph.findPath(start, goal, base);
            GraphPath tokened = graph.findPath(
                    start,
                    goal,
                    base.toBuilder().iterationsPerSlice(1 + r.nextInt(4)).build(),
                    new Cancellation());
            assertEquals(whole.toString(), tokened.toString());
            assertArrayEquals(whole.nodes(), tokened.nodes());
            assertArrayEquals(whole.expandedNodes(), tokened.expandedNodes());
            int budget = 1 + r.nextInt(Math.max(1, whole.iterations()));
            GraphPath capped = graph.findPath(
                    start, goal, base.toBuilder().iterationBudget(budget).build());
            if (budget < whole.iterations()) {
                assertEquals(PathStatus.BUDGET_EXHAUSTED, capped.status(), "seed " + seed);
                assertEquals(budget, capped.iterations());
                assertEquals(0, capped.length());
                assertEquals(Double.POSITIVE_INFINITY, capped.cost());
            } else {
                assertEquals(whole.toString(), capped.toString(), "seed " + seed);
            }
        }
    }

    @Test
    void cancellingThrowsAndLeavesTheNextQueryExact() {
        try (Graph graph = new Graph(2000)) {
            for (int i = 0; i + 1 < 2000; i++) {
                graph.addUndirectedEdge(i, i + 1, 1);
            }
            Cancellation token = new Cancellation();
            token.cancel();
            GraphOptions sliced = GraphOptions.builder()
                    .heuristic(GraphHeuristic.ZERO)
                    .iterationsPerSlice(16)
                    .build();
            assertThrows(CancellationException.class, () -> graph.findPath(0, 1999, sliced, token));
            GraphPath after = graph.findPath(0, 1999, sliced, new Cancellation());
            assertEquals(PathStatus.FOUND, after.status());
            assertEquals(1999.0, after.cost());
            assertEquals(2000, after.iterations());
        }
    }
}
