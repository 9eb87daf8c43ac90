package org.onepath.bench;

import java.util.Locale;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm;
import org.jgrapht.alg.shortestpath.AStarShortestPath;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.onepath.GraphHeuristic;
import org.onepath.GraphOptions;
import org.onepath.GraphPath;
import org.onepath.PointGraph;
import org.onepath.cells.PathStatus;

/**
 * The deterministic side of {@link GraphBenchmark}: for its {@link GraphBenchmark#QUERIES} pairs
 * on the road-like network, the settled nodes (pops) per query of OnePath's Dijkstra, A* and ALT,
 * the graph's size and preprocessing times, and a check that JGraphT's Dijkstra and A* return
 * the same costs on the first queries. {@code java -Xmx8g -cp bench/target/benchmarks.jar
 * org.onepath.bench.GraphFigures [SIDE]}.
 */
public final class GraphFigures {
    private GraphFigures() {}

    public static void main(String[] args) {
        int side = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        long t0 = System.nanoTime();
        try (PointGraph g = RoadLikeGraph.build(side, RoadLikeGraph.DEFAULT_SEED)) {
            double build = (System.nanoTime() - t0) / 1e9;
            long l0 = System.nanoTime();
            g.landmarks(GraphBenchmark.LANDMARKS);
            double landmarks = (System.nanoTime() - l0) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "graph: %d nodes, %d arcs, scale %.6f; built in %.2f s; %d landmarks in %.2f s (%d MB)%n",
                    g.nodeCount(),
                    g.graph().arcCount(),
                    g.heuristicScale(),
                    build,
                    GraphBenchmark.LANDMARKS,
                    landmarks,
                    g.landmarks(GraphBenchmark.LANDMARKS).tableBytes() >> 20);
            int[][] pairs = GraphBenchmark.pairs(g.nodeCount());
            GraphOptions[] options = {
                GraphOptions.DIJKSTRA,
                GraphOptions.builder().heuristic(GraphHeuristic.EUCLIDEAN).build(),
                GraphOptions.builder()
                        .heuristic(GraphHeuristic.LANDMARKS)
                        .landmarkCount(GraphBenchmark.LANDMARKS)
                        .build()
            };
            String[] names = {"dijkstra", "astar", "alt"};
            double[] reference = new double[GraphBenchmark.QUERIES];
            int found = 0;
            for (int k = 0; k < options.length; k++) {
                long settled = 0;
                int disagreements = 0;
                for (int i = 0; i < GraphBenchmark.QUERIES; i++) {
                    GraphPath p = g.findPath(pairs[0][i], pairs[1][i], options[k]);
                    settled += p.iterations();
                    if (k == 0) {
                        reference[i] = p.cost();
                        found += p.status() == PathStatus.FOUND ? 1 : 0;
                    } else if (Math.abs(reference[i] - p.cost()) > 1e-9 * Math.max(1, reference[i])
                            && reference[i] != p.cost()) {
                        disagreements++;
                    }
                }
                System.out.printf(
                        Locale.ROOT,
                        "%-9s settled/query %12.1f  disagreements %d%n",
                        names[k],
                        (double) settled / GraphBenchmark.QUERIES,
                        disagreements);
            }
            System.out.printf(Locale.ROOT, "%d of %d pairs connected%n", found, GraphBenchmark.QUERIES);
            long j0 = System.nanoTime();
            var jg = GraphBenchmark.jgraphtGraph(g.graph());
            System.out.printf(Locale.ROOT, "JGraphT graph built in %.2f s%n", (System.nanoTime() - j0) / 1e9);
            ShortestPathAlgorithm<Integer, DefaultWeightedEdge> dijkstra = new DijkstraShortestPath<>(jg);
            double scale = g.heuristicScale();
            ShortestPathAlgorithm<Integer, DefaultWeightedEdge> astar =
                    new AStarShortestPath<>(jg, (s, t) -> scale * g.distance(s, t));
            int checked = Math.min(8, GraphBenchmark.QUERIES);
            for (int i = 0; i < checked; i++) {
                var a = dijkstra.getPath(pairs[0][i], pairs[1][i]);
                var b = astar.getPath(pairs[0][i], pairs[1][i]);
                double ca = a == null ? Double.POSITIVE_INFINITY : a.getWeight();
                double cb = b == null ? Double.POSITIVE_INFINITY : b.getWeight();
                if (ca != reference[i] || cb != reference[i]) {
                    System.out.printf(
                            Locale.ROOT, "query %d: OnePath %s, JGraphT Dijkstra %s, A* %s%n", i, reference[i], ca, cb);
                }
            }
            System.out.printf(Locale.ROOT, "JGraphT Dijkstra and A* checked on the first %d queries%n", checked);
        }
    }
}
