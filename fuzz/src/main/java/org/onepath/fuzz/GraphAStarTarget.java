package org.onepath.fuzz;

import org.onepath.Graph;
import org.onepath.graphs.GraphAStar;
import org.onepath.graphs.Landmarks;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.state.GraphStateException;
import org.onepath.state.OnePathFormatException;

/**
 * {@code graphastar}: {@link GraphAStar#restoreState(byte[])} into graph A* over the octile move
 * graph of the 16 x 12 search grid ({@link Fixtures#searchGraph()}) with landmark bounds. Accepted:
 * a running search steps on, a found one yields its path; only IllegalStateException may come
 * out. Rejected: a {@link GraphStateException} (not a grid one), and the search left not started.
 */
public final class GraphAStarTarget implements Target {
    private final Graph graph = Fixtures.searchGraph();
    private final Landmarks landmarks = Landmarks.of(graph.compile(), Fixtures.GRAPH_LANDMARKS);
    private final GridSearchBuffers buffers = new GridSearchBuffers(graph.nodeCount());
    private final GraphAStar<Heuristic> search = Fixtures.graphAStar(graph, landmarks, buffers);

    @Override
    public String name() {
        return "graphastar";
    }

    @Override
    public void run(byte[] input) {
        try {
            search.restoreState(input);
        } catch (OnePathFormatException e) {
            if (!(e instanceof GraphStateException)) {
                throw new AssertionError(
                        "graph A* rejected bytes with " + e.getClass().getSimpleName()
                                + ", documented: GraphStateException (" + e.getMessage() + ")",
                        e);
            }
            SearchChecks.expectNotStarted(search, e);
            throw e;
        }
        SearchChecks.exercise(search);
        if (search.status() == org.onepath.grids.SearchStatus.FOUND) {
            search.pathEdges();
        }
    }

    @Override
    public void close() {
        buffers.close();
        landmarks.close();
        graph.close();
    }
}
