package org.onepath;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Plain graphs for the graph tests: an edge list, made at random from a seed, with an obviously
 * correct quadratic Dijkstra written from the definition (scan for the nearest unsettled node,
 * relax every edge leaving it). Nothing here uses the engine.
 */
final class GraphReference {
    /** Directed edges in id order; removed edges stay with alive = false, as in a Graph. */
    final int nodeCount;

    final List<int[]> ends = new ArrayList<>();
    final List<Double> weights = new ArrayList<>();
    final List<Boolean> alive = new ArrayList<>();
    /** Node coordinates (x, y) when made with points, else null. */
    double[] points;

    GraphReference(int nodeCount) {
        this.nodeCount = nodeCount;
    }

    int edgeCount() {
        return ends.size();
    }

    void add(int from, int to, double w) {
        ends.add(new int[] {from, to});
        weights.add(w);
        alive.add(true);
    }

    /**
     * A random graph: 1..maxNodes nodes; sparse (about n edges), medium or dense (up to n^2);
     * weights multiples of 1/8 in 0..12 (so every sum is exact in any order), about one in six
     * 0; sometimes a cut, so that some pairs are unreachable; sometimes undirected pairs; with
     * 2D integer points when {@code points}, and then half the time road-like weights (at least
     * the length, so the Euclidean estimate is sharp).
     */
    static GraphReference random(long seed, int maxNodes, boolean points) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = 1 + r.nextInt(maxNodes);
        GraphReference g = new GraphReference(n);
        if (points) {
            g.points = new double[2 * n];
            for (int i = 0; i < 2 * n; i++) {
                g.points[i] = r.nextInt(-20, 21);
            }
        }
        int shape = r.nextInt(3);
        int m = switch (shape) {
            case 0 -> r.nextInt(n + 1);
            case 1 -> r.nextInt(3 * n + 1);
            default -> r.nextInt(n * n + 1);
        };
        boolean cut = r.nextInt(4) == 0;
        int cutAt = 1 + r.nextInt(Math.max(1, n));
        boolean roadLike = points && r.nextBoolean();
        boolean undirected = r.nextInt(3) == 0;
        for (int i = 0; i < m; i++) {
            int a = r.nextInt(n);
            int b = r.nextInt(n);
            if (cut && (a < cutAt) != (b < cutAt) && b < cutAt) {
                continue; // nothing leads back below the cut
            }
            double w;
            if (roadLike) {
                double len = g.length(a, b);
                w = Math.ceil(len * 8 * (1 + r.nextDouble())) / 8;
            } else {
                w = r.nextInt(6) == 0 ? 0 : r.nextInt(1, 97) / 8.0;
            }
            g.add(a, b, w);
            if (undirected && !cut) {
                g.add(b, a, w);
            }
        }
        return g;
    }

    double length(int a, int b) {
        double dx = points[2 * a] - points[2 * b];
        double dy = points[2 * a + 1] - points[2 * b + 1];
        return Math.sqrt(dx * dx + dy * dy);
    }

    /** Distances from {@code source} over the alive edges; +infinity when unreachable. */
    double[] dijkstra(int source) {
        double[] dist = new double[nodeCount];
        boolean[] settled = new boolean[nodeCount];
        java.util.Arrays.fill(dist, Double.POSITIVE_INFINITY);
        dist[source] = 0;
        while (true) {
            int u = -1;
            for (int v = 0; v < nodeCount; v++) {
                if (!settled[v] && dist[v] < Double.POSITIVE_INFINITY && (u < 0 || dist[v] < dist[u])) {
                    u = v;
                }
            }
            if (u < 0) {
                return dist;
            }
            settled[u] = true;
            for (int e = 0; e < ends.size(); e++) {
                if (alive.get(e) && ends.get(e)[0] == u) {
                    int v = ends.get(e)[1];
                    dist[v] = Math.min(dist[v], dist[u] + weights.get(e));
                }
            }
        }
    }

    /** Distances to {@code target} (over the edges reversed). */
    double[] dijkstraTo(int target) {
        GraphReference reversed = new GraphReference(nodeCount);
        for (int e = 0; e < ends.size(); e++) {
            reversed.add(ends.get(e)[1], ends.get(e)[0], weights.get(e));
            reversed.alive.set(e, alive.get(e));
        }
        return reversed.dijkstra(target);
    }

    /** The same edges in a new Graph (ids equal, removed edges removed). */
    Graph toGraph() {
        Graph g = new Graph(nodeCount);
        for (int e = 0; e < ends.size(); e++) {
            g.addEdge(ends.get(e)[0], ends.get(e)[1], weights.get(e));
            if (!alive.get(e)) {
                g.removeEdge(e);
            }
        }
        return g;
    }

    /** The same edges and points in a new PointGraph. */
    PointGraph toPointGraph() {
        try (Graph g = toGraph()) {
            return PointGraph.of(g, points, 2);
        }
    }

    String describe() {
        StringBuilder b = new StringBuilder(nodeCount + " nodes, edges:");
        for (int e = 0; e < ends.size(); e++) {
            b.append(' ')
                    .append(e)
                    .append(':')
                    .append(ends.get(e)[0])
                    .append("->")
                    .append(ends.get(e)[1])
                    .append('=')
                    .append(weights.get(e))
                    .append(alive.get(e) ? "" : "(removed)");
        }
        return b.toString();
    }
}
