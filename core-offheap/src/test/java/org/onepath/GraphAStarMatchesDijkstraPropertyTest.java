package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.Supplier;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.onepath.cells.PathStatus;

/**
 * Tier-1 graph queries, with every estimate, against the plain quadratic Dijkstra of
 * {@link GraphReference} on random graphs: 1,000 graphs (zero estimate and landmarks, after a
 * few random edits) and 400 point graphs (Euclidean, landmarks, zero), sparse to dense, zero
 * weights, parallel edges, self loops, and cuts that leave pairs unreachable. Weights are
 * multiples of 1/8, so costs are exact and compared bit for bit. A found path must run from
 * start to goal over alive edges whose ids the path reports, and their weights summed in path
 * order from 0 must give the reported cost exactly.
 */
class GraphAStarMatchesDijkstraPropertyTest {

    @Property(tries = 1000, edgeCases = EdgeCasesMode.NONE)
    void graphQueriesAgreeWithPlainDijkstra(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        GraphReference ref = GraphReference.random(seed, 30, false);
        SplittableRandom r = new SplittableRandom(~seed);
        try (Graph graph = ref.toGraph()) {
            // a first round of queries compiles the graph; then edits must be seen by the next round
            queries(graph::findPath, ref, r, seed, 3, GraphOptions.DIJKSTRA, GraphOptions.LANDMARKS);
            int edits = ref.edgeCount() == 0 ? 0 : r.nextInt(4);
            for (int i = 0; i < edits; i++) {
                int e = r.nextInt(ref.edgeCount());
                if (r.nextBoolean()) {
                    graph.removeEdge(e);
                    ref.alive.set(e, false);
                } else if (ref.alive.get(e)) {
                    double w = r.nextInt(0, 97) / 8.0;
                    graph.setWeight(e, w);
                    ref.weights.set(e, w);
                }
            }
            GraphOptions fewLandmarks = GraphOptions.builder()
                    .heuristic(GraphHeuristic.LANDMARKS)
                    .landmarkCount(1 + r.nextInt(4))
                    .build();
            queries(graph::findPath, ref, r, seed, 4, GraphOptions.DEFAULT, fewLandmarks, GraphOptions.LANDMARKS);
        }
    }

    @Property(tries = 400, edgeCases = EdgeCasesMode.NONE)
    void pointGraphQueriesAgreeWithPlainDijkstra(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        GraphReference ref = GraphReference.random(seed, 30, true);
        SplittableRandom r = new SplittableRandom(~seed);
        try (PointGraph graph = ref.toPointGraph()) {
            GraphOptions euclidean =
                    GraphOptions.builder().heuristic(GraphHeuristic.EUCLIDEAN).build();
            queries(
                    graph::findPath,
                    ref,
                    r,
                    seed,
                    5,
                    GraphOptions.DEFAULT,
                    euclidean,
                    GraphOptions.DIJKSTRA,
                    GraphOptions.LANDMARKS);
        }
    }

    interface Query {
        GraphPath find(int start, int goal, GraphOptions options);
    }

    static void queries(
            Query q, GraphReference ref, SplittableRandom r, long seed, int count, GraphOptions... options) {
        int n = ref.nodeCount;
        int[] starts = new int[count];
        int[] goals = new int[count];
        double[] expected = new double[count];
        for (int i = 0; i < count; i++) {
            starts[i] = r.nextInt(n);
            goals[i] = r.nextInt(n);
            expected[i] = ref.dijkstra(starts[i])[goals[i]];
        }
        // options outermost: a graph keeps the landmarks of one count at a time
        for (GraphOptions o : options) {
            for (int i = 0; i < count; i++) {
                int start = starts[i];
                int goal = goals[i];
                GraphPath path = q.find(start, goal, o);
                Supplier<String> where =
                        () -> "seed " + seed + ", " + start + " -> " + goal + " " + o + "\n" + ref.describe();
                checkPath(ref, start, goal, expected[i], path, where);
            }
        }
    }

    /** The path is found exactly when the goal is reachable, optimal, and made of the edges it names. */
    static void checkPath(
            GraphReference ref, int start, int goal, double expected, GraphPath path, Supplier<String> where) {
        if (expected == Double.POSITIVE_INFINITY) {
            assertEquals(PathStatus.NO_PATH, path.status(), where);
            assertEquals(Double.POSITIVE_INFINITY, path.cost(), where);
            assertEquals(0, path.length(), where);
            assertEquals(path.iterations(), path.expandedCount(), where);
            return;
        }
        assertEquals(PathStatus.FOUND, path.status(), where);
        assertEquals(
                Double.doubleToRawLongBits(expected),
                Double.doubleToRawLongBits(path.cost()),
                () -> where.get() + "\ncost " + path.cost() + ", Dijkstra " + expected);
        int[] nodes = path.nodes();
        int[] edges = path.edges();
        assertEquals(start, nodes[0], where);
        assertEquals(goal, nodes[nodes.length - 1], where);
        assertEquals(nodes.length - 1, edges.length, where);
        double sum = 0;
        for (int i = 0; i < edges.length; i++) {
            int e = edges[i];
            int at = i;
            assertTrue(
                    e >= 0 && e < ref.edgeCount() && ref.alive.get(e),
                    () -> where.get() + "\nedge " + e + " is not an alive edge");
            assertEquals(
                    nodes[i],
                    ref.ends.get(e)[0],
                    () -> where.get() + "\nedge " + e + " does not leave node " + nodes[at]);
            assertEquals(
                    nodes[i + 1],
                    ref.ends.get(e)[1],
                    () -> where.get() + "\nedge " + e + " does not reach node " + nodes[at + 1]);
            sum += ref.weights.get(e);
        }
        assertEquals(Double.doubleToRawLongBits(path.cost()), Double.doubleToRawLongBits(sum), where);
        assertEquals(path.iterations() - 1, path.expandedCount(), where);
    }
}
