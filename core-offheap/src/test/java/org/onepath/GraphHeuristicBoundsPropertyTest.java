package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.onepath.graphs.CsrGraph;
import org.onepath.graphs.Landmarks;
import org.onepath.grids.Heuristic;

/**
 * The estimates of the graph searches are admissible (never above the true distance, taken
 * from {@link GraphReference}'s plain Dijkstra) and consistent (for every alive edge
 * {@code u -> v}: {@code h(u) <= w + h(v)}), for every goal of every tested graph. Weights are
 * multiples of 1/8, so the landmark distances are exact and so are both checks; +infinity (a
 * landmark's proof that no path exists) must be given exactly for nodes that cannot reach the
 * goal. The Euclidean estimate is checked the same way, to within the rounding of a square root.
 */
class GraphHeuristicBoundsPropertyTest {

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void landmarkBoundsAreAdmissibleAndConsistent(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        GraphReference ref = GraphReference.random(seed, 24, false);
        int count = 1 + new SplittableRandom(seed ^ 0x5DEECE66DL).nextInt(6);
        try (Graph graph = ref.toGraph()) {
            Landmarks landmarks = graph.landmarks(count);
            Supplier<String> where = () -> "seed " + seed + ", " + landmarks.count() + " landmarks "
                    + Arrays.toString(landmarks.nodes()) + "\n" + ref.describe();
            checkDistanceTables(ref, landmarks, where);
            for (int goal = 0; goal < ref.nodeCount; goal++) {
                Heuristic h = landmarks.heuristic();
                h.setGoal(goal);
                int t = goal;
                checkBounds(ref, goal, h, 0.0, () -> where.get() + "\ngoal " + t);
            }
        }
    }

    @Property(tries = 200, edgeCases = EdgeCasesMode.NONE)
    void euclideanBoundsAreAdmissibleAndConsistent(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        GraphReference ref = GraphReference.random(seed, 24, true);
        try (PointGraph graph = ref.toPointGraph()) {
            Supplier<String> where = () -> "seed " + seed + ", scale " + graph.heuristicScale() + "\n" + ref.describe();
            for (int goal = 0; goal < ref.nodeCount; goal++) {
                Heuristic h = graph.euclideanHeuristic();
                h.setGoal(goal);
                int t = goal;
                checkBounds(ref, goal, h, 1e-12, () -> where.get() + "\ngoal " + t);
            }
        }
    }

    /** Each landmark's table equals the plain Dijkstra from and to it. */
    private static void checkDistanceTables(GraphReference ref, Landmarks landmarks, Supplier<String> where) {
        int[] nodes = landmarks.nodes();
        for (int l = 0; l < nodes.length; l++) {
            double[] from = ref.dijkstra(nodes[l]);
            double[] to = ref.dijkstraTo(nodes[l]);
            for (int v = 0; v < ref.nodeCount; v++) {
                int lm = l;
                int node = v;
                assertEquals(
                        from[v], landmarks.distanceFrom(l, v), () -> where.get() + "\nd(L" + lm + ", " + node + ")");
                assertEquals(to[v], landmarks.distanceTo(l, v), () -> where.get() + "\nd(" + node + ", L" + lm + ")");
            }
        }
    }

    /**
     * h(goal) = 0, h(v) <= d(v, goal) for every v (+infinity allowed only when d is), and
     * h(u) <= w + h(v) on every alive edge, each within a relative {@code slack}.
     */
    private static void checkBounds(GraphReference ref, int goal, Heuristic h, double slack, Supplier<String> where) {
        double[] toGoal = ref.dijkstraTo(goal);
        double[] est = new double[ref.nodeCount];
        for (int v = 0; v < ref.nodeCount; v++) {
            est[v] = h.estimate(v);
            double d = toGoal[v];
            double e = est[v];
            int node = v;
            assertTrue(e >= 0, () -> where.get() + "\nh(" + node + ") = " + e + " is negative");
            assertTrue(
                    e <= d || e <= d * (1 + slack),
                    () -> where.get() + "\nh(" + node + ") = " + e + " exceeds d(" + node + ", goal) = " + d);
        }
        assertEquals(0.0, est[goal], () -> where.get() + "\nh(goal)");
        for (int e = 0; e < ref.edgeCount(); e++) {
            if (!ref.alive.get(e)) {
                continue;
            }
            int u = ref.ends.get(e)[0];
            int v = ref.ends.get(e)[1];
            double w = ref.weights.get(e);
            double right = w + est[v];
            int edge = e;
            // +infinity on the left needs +infinity on the right: a node that cannot reach the goal
            // has only successors that cannot either
            assertTrue(
                    est[u] <= right
                            || est[u] < Double.POSITIVE_INFINITY && est[u] <= right + slack * Math.max(est[u], 1),
                    () -> where.get() + "\nedge " + edge + ": h(" + u + ") = " + est[u] + " > w " + w + " + h(" + v
                            + ") = " + est[v]);
        }
    }

    @Test
    void aLandmarkProvesUnreachabilityWithInfinity() {
        // 0 -> 1 -> 2, and 3 -> 0: landmark 3 reaches every node, and no other node reaches 3
        try (Graph graph = new Graph(4)) {
            graph.addEdge(0, 1, 1);
            graph.addEdge(1, 2, 1);
            graph.addEdge(3, 0, 1);
            try (Landmarks l = Landmarks.of(graph.compile(), 3)) {
                assertEquals(
                        Double.POSITIVE_INFINITY,
                        l.bound(0, 3),
                        "the goal 3 reaches the landmark (itself), 0 does not");
                assertEquals(2.0, l.bound(0, 2), "d(3,2) - d(3,0) = 3 - 1");
                assertEquals(0.0, l.bound(2, 2));
                assertEquals(
                        0.0,
                        l.bound(2, 0),
                        "no term proves that 2 cannot reach 0: d(3,0) - d(3,2) < 0 and d(0,3) is infinite");
            }
        }
    }

    @Test
    void farthestSelectionPicksTheEndsOfAPath() {
        // a path 0 - 1 - ... - 9 (undirected): the node farthest from the seed 0 is 9, then 0
        try (Graph graph = new Graph(10)) {
            for (int i = 0; i < 9; i++) {
                graph.addUndirectedEdge(i, i + 1, 1);
            }
            Landmarks l = graph.landmarks(2);
            assertEquals("[9, 0]", Arrays.toString(l.nodes()));
            assertEquals(9.0, l.bound(0, 9), "the landmark 9 gives the exact distance on a path");
        }
    }

    @Test
    void landmarksNeverOutnumberTheNodesWithEdges() {
        try (Graph graph = new Graph(100)) {
            graph.addEdge(5, 6, 1);
            Landmarks l = graph.landmarks(8);
            assertEquals(2, l.count(), "only nodes 5 and 6 have edges");
            assertTrue(Arrays.equals(new int[] {6, 5}, l.nodes()), Arrays.toString(l.nodes()));
        }
        try (Graph graph = new Graph(3);
                CsrGraph csr = CsrGraph.of(3, new int[0], new int[0], new double[0]);
                Landmarks none = Landmarks.select(csr, 4)) {
            assertEquals(0, none.count());
            assertEquals(0.0, none.bound(0, 2), "no landmark, no bound");
            assertEquals(0, graph.edgeCount());
        }
    }
}
