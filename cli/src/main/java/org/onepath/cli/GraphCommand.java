package org.onepath.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.onepath.Graph;
import org.onepath.GraphHeuristic;
import org.onepath.GraphOptions;
import org.onepath.GraphPath;
import org.onepath.PointGraph;
import org.onepath.cells.PathStatus;
import org.onepath.io.DimacsGraphs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code onepath graph}: random shortest-path queries on a DIMACS road network, answered by
 * Dijkstra's algorithm, A* with the Euclidean estimate (when the {@code .co} file is there) and
 * ALT, with the time per query and the settled nodes of each.
 */
@Command(
        name = "graph",
        mixinStandardHelpOptions = true,
        header = "Runs Dijkstra, A* and ALT queries on a DIMACS graph and checks that they agree.",
        description = {
            "Runs random queries on a DIMACS shortest-path graph (.gr, with its .co "
                    + "coordinates when present) with Dijkstra, A* (Euclidean estimate, needs "
                    + "coordinates) and ALT (landmarks), and reports the time per query and the "
                    + "settled nodes (pops of the open set) per query. Every query's cost must "
                    + "agree with Dijkstra's to 1e-9 of the length: exit status 0 exactly when "
                    + "all agree."
        })
final class GraphCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--queries", paramLabel = "N", description = "Random start-goal pairs (default: ${DEFAULT-VALUE}).")
    int queries = 100;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the pairs (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(
            names = "--landmarks",
            paramLabel = "K",
            description = "Landmarks of ALT, 1..64 (default: ${DEFAULT-VALUE}).")
    int landmarks = GraphOptions.DEFAULT_LANDMARK_COUNT;

    @Option(
            names = "--warmup",
            paramLabel = "N",
            description = "Untimed queries per algorithm first (default: ${DEFAULT-VALUE}).")
    int warmup = 10;

    @Option(
            names = "--co",
            paramLabel = "FILE",
            description = "Coordinates (default: the .co file beside the .gr file, if any).")
    Path coordinates;

    @Option(names = "--json", description = "Print one JSON object instead of a table.")
    boolean json;

    @Parameters(paramLabel = "FILE.gr", description = "A DIMACS .gr file of arcs.")
    Path gr;

    /** One algorithm's figures. */
    record Result(
            String alg,
            int queries,
            int found,
            double searchSeconds,
            long settled,
            double preprocessSeconds,
            int disagreements) {
        double microsPerQuery() {
            return queries == 0 ? 0 : searchSeconds * 1e6 / queries;
        }

        double settledPerQuery() {
            return queries == 0 ? 0 : (double) settled / queries;
        }
    }

    /** A graph or a point graph, as the runs see it. */
    private interface Target extends AutoCloseable {
        GraphPath find(int start, int goal, GraphOptions options);

        @Override
        void close();
    }

    @Override
    public Integer call() {
        if (queries < 1) {
            throw new IllegalArgumentException("--queries must be at least 1, was " + queries);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup must be >= 0, was " + warmup);
        }
        if (landmarks < 1 || landmarks > 64) {
            throw new IllegalArgumentException("--landmarks must be in 1..64, was " + landmarks);
        }
        if (!Files.isRegularFile(gr)) {
            throw new IllegalArgumentException(gr + ": no such file");
        }
        Path co = coordinates != null ? coordinates : DimacsGraphs.coordinatesBeside(gr);
        if (coordinates != null && !Files.isRegularFile(coordinates)) {
            throw new IllegalArgumentException(coordinates + ": no such file (--co)");
        }
        boolean points = Files.isRegularFile(co);
        long t0 = System.nanoTime();
        int nodes;
        int arcs;
        Target target;
        PointGraph pointGraph = null;
        Graph graph = null;
        if (points) {
            pointGraph = DimacsGraphs.readPointGraph(gr, co);
            PointGraph g = pointGraph;
            nodes = g.nodeCount();
            arcs = g.graph().arcCount();
            target = new Target() {
                public GraphPath find(int s, int t, GraphOptions o) {
                    return g.findPath(s, t, o);
                }

                public void close() {
                    g.close();
                }
            };
        } else {
            graph = DimacsGraphs.readGraph(gr);
            Graph g = graph;
            nodes = g.nodeCount();
            arcs = g.edgeCount();
            target = new Target() {
                public GraphPath find(int s, int t, GraphOptions o) {
                    return g.findPath(s, t, o);
                }

                public void close() {
                    g.close();
                }
            };
        }
        double loadSeconds = (System.nanoTime() - t0) / 1e9;
        try (target) {
            if (nodes == 0) {
                throw new IllegalArgumentException(gr + ": the graph has no nodes to query");
            }
            SplittableRandom random = new SplittableRandom(seed);
            int[] starts = new int[queries];
            int[] goals = new int[queries];
            for (int i = 0; i < queries; i++) {
                starts[i] = random.nextInt(nodes);
                goals[i] = random.nextInt(nodes);
            }
            // the compiled graph is built by the first query, outside the timed runs
            long c0 = System.nanoTime();
            target.find(starts[0], starts[0], GraphOptions.DIJKSTRA);
            double compileSeconds = (System.nanoTime() - c0) / 1e9;
            List<Result> results = new ArrayList<>();
            double[] reference = new double[queries];
            results.add(run("dijkstra", target, GraphOptions.DIJKSTRA, starts, goals, reference, true, 0));
            if (points) {
                GraphOptions astar = GraphOptions.builder()
                        .heuristic(GraphHeuristic.EUCLIDEAN)
                        .build();
                results.add(run("astar", target, astar, starts, goals, reference, false, 0));
            }
            long l0 = System.nanoTime();
            if (pointGraph != null) {
                pointGraph.landmarks(landmarks);
            } else {
                graph.landmarks(landmarks);
            }
            double landmarkSeconds = (System.nanoTime() - l0) / 1e9;
            GraphOptions alt = GraphOptions.builder()
                    .heuristic(GraphHeuristic.LANDMARKS)
                    .landmarkCount(landmarks)
                    .build();
            results.add(run("alt", target, alt, starts, goals, reference, false, landmarkSeconds));
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(toJson(nodes, arcs, points, loadSeconds, compileSeconds, results));
            } else {
                printTable(out, nodes, arcs, points, co, loadSeconds, compileSeconds, results);
            }
            out.flush();
            return results.stream().mapToInt(Result::disagreements).sum() == 0 ? 0 : OnePathCli.FAILED;
        }
    }

    private Result run(
            String name,
            Target target,
            GraphOptions options,
            int[] starts,
            int[] goals,
            double[] reference,
            boolean isReference,
            double preprocess) {
        for (int i = 0; i < Math.min(warmup, starts.length); i++) {
            target.find(starts[i], goals[i], options);
        }
        double[] costs = new double[starts.length];
        long settled = 0;
        int found = 0;
        long s0 = System.nanoTime();
        for (int i = 0; i < starts.length; i++) {
            GraphPath p = target.find(starts[i], goals[i], options);
            costs[i] = p.cost();
            settled += p.iterations();
            if (p.status() == PathStatus.FOUND) {
                found++;
            }
        }
        double seconds = (System.nanoTime() - s0) / 1e9;
        int disagreements = 0;
        for (int i = 0; i < starts.length; i++) {
            if (isReference) {
                reference[i] = costs[i];
            } else if (!agrees(reference[i], costs[i])) {
                disagreements++;
            }
        }
        return new Result(name, starts.length, found, seconds, settled, preprocess, disagreements);
    }

    static boolean agrees(double expected, double cost) {
        if (expected == Double.POSITIVE_INFINITY || cost == Double.POSITIVE_INFINITY) {
            return expected == cost;
        }
        return Math.abs(expected - cost) <= 1e-9 * Math.max(1, expected);
    }

    private void printTable(
            PrintWriter out,
            int nodes,
            int arcs,
            boolean points,
            Path co,
            double loadSeconds,
            double compileSeconds,
            List<Result> results) {
        out.printf(
                Locale.ROOT,
                "%s: %d nodes, %d arcs, %s; load %.3f s, compile %.3f s (not in the times below)%n",
                gr,
                nodes,
                arcs,
                points ? "coordinates from " + co : "no coordinates (" + co + " not found: no astar row)",
                loadSeconds,
                compileSeconds);
        out.printf(
                Locale.ROOT,
                "%d random queries, seed %d, %d untimed first; alt with %d landmarks%n",
                queries,
                seed,
                warmup,
                landmarks);
        out.printf(
                Locale.ROOT,
                "%-9s %8s %7s %12s %15s %14s %13s %13s%n",
                "algorithm",
                "queries",
                "found",
                "us/query",
                "settled/query",
                "settled",
                "preprocess s",
                "disagreements");
        for (Result r : results) {
            out.printf(
                    Locale.ROOT,
                    "%-9s %8d %7d %12.1f %15.1f %14d %13.3f %13d%n",
                    r.alg(),
                    r.queries(),
                    r.found(),
                    r.microsPerQuery(),
                    r.settledPerQuery(),
                    r.settled(),
                    r.preprocessSeconds(),
                    r.disagreements());
        }
    }

    private String toJson(
            int nodes, int arcs, boolean points, double loadSeconds, double compileSeconds, List<Result> results) {
        StringBuilder b = new StringBuilder("{\"graph\":")
                .append(Json.string(gr.toString()))
                .append(",\"nodes\":")
                .append(nodes)
                .append(",\"arcs\":")
                .append(arcs)
                .append(",\"coordinates\":")
                .append(points)
                .append(",\"queries\":")
                .append(queries)
                .append(",\"seed\":")
                .append(seed)
                .append(",\"landmarks\":")
                .append(landmarks)
                .append(",\"loadSeconds\":")
                .append(Json.number(loadSeconds))
                .append(",\"compileSeconds\":")
                .append(Json.number(compileSeconds))
                .append(",\"results\":[");
        for (int i = 0; i < results.size(); i++) {
            Result r = results.get(i);
            if (i > 0) {
                b.append(',');
            }
            b.append("{\"alg\":")
                    .append(Json.string(r.alg()))
                    .append(",\"queries\":")
                    .append(r.queries())
                    .append(",\"found\":")
                    .append(r.found())
                    .append(",\"searchSeconds\":")
                    .append(Json.number(r.searchSeconds()))
                    .append(",\"microsPerQuery\":")
                    .append(Json.number(r.microsPerQuery()))
                    .append(",\"settled\":")
                    .append(r.settled())
                    .append(",\"settledPerQuery\":")
                    .append(Json.number(r.settledPerQuery()))
                    .append(",\"preprocessSeconds\":")
                    .append(Json.number(r.preprocessSeconds()))
                    .append(",\"disagreements\":")
                    .append(r.disagreements())
                    .append('}');
        }
        return b.append("]}").toString();
    }
}
