package org.onepath.bench;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.jgrapht.alg.interfaces.AStarAdmissibleHeuristic;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm;
import org.jgrapht.alg.shortestpath.ALTAdmissibleHeuristic;
import org.jgrapht.alg.shortestpath.AStarShortestPath;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.graph.DefaultDirectedWeightedGraph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.onepath.GraphHeuristic;
import org.onepath.GraphOptions;
import org.onepath.PointGraph;
import org.onepath.graphs.CsrGraph;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Point-to-point queries on the generated road-like network of {@link RoadLikeGraph} (1,000,000
 * junctions at side 1000), one query per operation, cycling through {@link #QUERIES} random
 * pairs fixed by a seed: OnePath's Dijkstra, A* with the Euclidean estimate and ALT (16
 * landmarks), and JGraphT 1.5.3's {@code DijkstraShortestPath} and {@code AStarShortestPath}
 * (with the same scaled Euclidean estimate, and with its own {@code ALTAdmissibleHeuristic} over
 * OnePath's 16 landmarks) on a {@code DefaultDirectedWeightedGraph} of the same arcs. Preprocessing
 * (building the graphs, selecting landmarks) happens in setup. Settled nodes per query are
 * deterministic and come from {@code onepath graph} / {@link GraphFigures}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 20)
@Measurement(iterations = 5, time = 20)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx8g", "--enable-native-access=ALL-UNNAMED"})
@State(Scope.Thread)
public class GraphBenchmark {
    static final int QUERIES = 64;
    static final long QUERY_SEED = 42;
    /** Landmarks of both ALT engines (the same nodes): 16, where ALT pulls ahead of A* on this network. */
    static final int LANDMARKS = 16;

    @Param({"1000"})
    public int side;

    @Param({"onepath-dijkstra", "onepath-astar", "onepath-alt", "jgrapht-dijkstra", "jgrapht-astar", "jgrapht-alt"})
    public String engine;

    private PointGraph graph;
    private GraphOptions options;
    private ShortestPathAlgorithm<Integer, DefaultWeightedEdge> peer;
    private int[] starts;
    private int[] goals;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        graph = RoadLikeGraph.build(side, RoadLikeGraph.DEFAULT_SEED);
        int[][] pairs = pairs(graph.nodeCount());
        starts = pairs[0];
        goals = pairs[1];
        switch (engine) {
            case "onepath-dijkstra" -> options = GraphOptions.DIJKSTRA;
            case "onepath-astar" ->
                options = GraphOptions.builder()
                        .heuristic(GraphHeuristic.EUCLIDEAN)
                        .build();
            case "onepath-alt" -> {
                options = GraphOptions.builder()
                        .heuristic(GraphHeuristic.LANDMARKS)
                        .landmarkCount(LANDMARKS)
                        .build();
                graph.landmarks(LANDMARKS);
            }
            case "jgrapht-dijkstra" -> peer = new DijkstraShortestPath<>(jgraphtGraph(graph.graph()));
            case "jgrapht-astar" -> {
                PointGraph g = graph;
                double scale = g.heuristicScale();
                AStarAdmissibleHeuristic<Integer> euclidean = (s, t) -> scale * g.distance(s, t);
                peer = new AStarShortestPath<>(jgraphtGraph(graph.graph()), euclidean);
            }
            case "jgrapht-alt" -> {
                var jg = jgraphtGraph(graph.graph());
                Set<Integer> landmarks = new HashSet<>();
                for (int l : graph.landmarks(LANDMARKS).nodes()) {
                    landmarks.add(l);
                }
                peer = new AStarShortestPath<>(jg, new ALTAdmissibleHeuristic<>(jg, landmarks));
            }
            default -> throw new IllegalArgumentException("unknown engine " + engine);
        }
    }

    /** {@link #QUERIES} random pairs of nodes, seeded. */
    static int[][] pairs(int nodes) {
        SplittableRandom r = new SplittableRandom(QUERY_SEED);
        int[][] out = new int[2][QUERIES];
        for (int i = 0; i < QUERIES; i++) {
            out[0][i] = r.nextInt(nodes);
            out[1][i] = r.nextInt(nodes);
        }
        return out;
    }

    /** The arcs of a compiled graph as a JGraphT graph (vertices 0..n-1, one edge per arc). */
    static DefaultDirectedWeightedGraph<Integer, DefaultWeightedEdge> jgraphtGraph(CsrGraph csr) {
        DefaultDirectedWeightedGraph<Integer, DefaultWeightedEdge> g =
                new DefaultDirectedWeightedGraph<>(DefaultWeightedEdge.class);
        for (int v = 0; v < csr.nodeCount(); v++) {
            g.addVertex(v);
        }
        for (int u = 0; u < csr.nodeCount(); u++) {
            int end = csr.endArc(u);
            for (int a = csr.firstArc(u); a < end; a++) {
                DefaultWeightedEdge e = g.addEdge(u, csr.target(a));
                g.setEdgeWeight(e, csr.weight(a));
            }
        }
        return g;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        graph.close();
    }

    @Benchmark
    public double query() {
        int i = next;
        next = i + 1 == QUERIES ? 0 : i + 1;
        if (options != null) {
            return graph.findPath(starts[i], goals[i], options).cost();
        }
        var path = peer.getPath(starts[i], goals[i]);
        return path == null ? Double.POSITIVE_INFINITY : path.getWeight();
    }
}
