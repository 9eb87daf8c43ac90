package org.onepath.fuzz;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.onepath.Graph;
import org.onepath.GraphHeuristic;
import org.onepath.GraphOptions;
import org.onepath.state.GraphStateException;
import org.onepath.state.OnePathFormatException;

/**
 * {@code graph}: {@link Graph#fromState(byte[])}, then {@link Graph#restoreState(byte[])} into a
 * graph of the input's node count (one kept per seed node count; any other count goes to the
 * first seed's, where the count check rejects it). A rejected restore must throw
 * {@link GraphStateException} and leave that graph unchanged (its saved bytes equal those
 * before); an accepted one is queried (Dijkstra and two landmarks, first node to last) when it has
 * at most {@link #QUERIED_NODES} nodes, so that compiling restored bytes is exercised too.
 */
public final class GraphTarget implements Target {
    /** Offset of the node count: after the 8-byte header. */
    private static final int NODE_COUNT_AT = 8;
    /** Graphs larger than this are restored but not queried (a query allocates per node). */
    static final int QUERIED_NODES = 4096;

    private static final GraphOptions TWO_LANDMARKS = GraphOptions.builder()
            .heuristic(GraphHeuristic.LANDMARKS)
            .landmarkCount(2)
            .build();

    private final List<byte[]> seeds;
    private final Map<Integer, Graph> graphs = new LinkedHashMap<>();
    private final Graph fallback;

    public GraphTarget() {
        this(Corpus.load("graph"));
    }

    /** A target over these seeds (their node counts decide the graphs restored into). */
    public GraphTarget(List<byte[]> seeds) {
        this.seeds = List.copyOf(seeds);
        for (byte[] seed : this.seeds) {
            int n = Bytes.i32(seed, NODE_COUNT_AT, 0);
            if (n >= 0 && n <= Graph.MAX_NODES) {
                graphs.computeIfAbsent(n, Graph::new);
            }
        }
        if (graphs.isEmpty()) {
            graphs.put(16, new Graph(16));
        }
        this.fallback = graphs.values().iterator().next();
    }

    @Override
    public String name() {
        return "graph";
    }

    @Override
    public List<byte[]> seeds() {
        return seeds;
    }

    @Override
    public void run(byte[] input) {
        OnePathFormatException rejected = null;
        try (Graph made = Graph.fromState(input)) {
            made.saveState();
        } catch (OnePathFormatException e) {
            rejected = e;
        }
        Graph into = graphs.getOrDefault(Bytes.i32(input, NODE_COUNT_AT, -1), fallback);
        try {
            RestoreChecks.restoreOrUnchanged("the " + into.nodeCount() + "-node graph", into, input);
        } catch (OnePathFormatException e) {
            if (!(e instanceof GraphStateException)) {
                throw new AssertionError(
                        "Graph.restoreState rejected bytes with " + e.getClass().getSimpleName()
                                + ", documented: GraphStateException (" + e.getMessage() + ")",
                        e);
            }
            throw rejected != null ? rejected : e;
        }
        if (rejected != null) {
            throw new AssertionError(
                    "Graph.restoreState accepted bytes that Graph.fromState rejected (" + rejected.getMessage() + ")",
                    rejected);
        }
        int n = into.nodeCount();
        if (n > 0 && n <= QUERIED_NODES) {
            into.findPath(0, n - 1, GraphOptions.DIJKSTRA);
            into.findPath(n - 1, 0, TWO_LANDMARKS);
        }
    }

    @Override
    public void close() {
        graphs.values().forEach(Graph::close);
    }
}
