package org.onepath.query;

import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.graphs.CsrGraph;
import org.onepath.graphs.GraphAStar;
import org.onepath.graphs.Landmarks;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.ZeroHeuristic;
import org.onepath.memory.IdleSlot;

/**
 * The one-line queries of a graph: one idle prepared engine (search buffers and a
 * {@link GraphAStar}) kept for the next query.
 *
 * <p>A query takes the idle engine (or makes one when another thread holds it), re-plans it only
 * when the compiled graph, the estimate, the weight or the landmarks changed since its last
 * query, runs it and puts it back, so single-threaded steady-state queries allocate little beyond
 * their result.
 */
public final class GraphQueries implements AutoCloseable {
    /** What a query needs from its graph. */
    public interface Source {
        /** The compiled graph of the current contents (compiled now if needed). */
        CsrGraph compiled();

        /** A new Euclidean estimate; only called for {@link Estimate#EUCLIDEAN}. */
        Heuristic euclidean();

        /** The landmarks of the current contents, selected now if needed. */
        Landmarks landmarks(int count);
    }

    /** The estimate a query runs with, resolved by the facade from its options. */
    public enum Estimate {
        ZERO,
        EUCLIDEAN,
        LANDMARKS
    }

    private final Source source;
    private final IdleSlot<Engine> idle = new IdleSlot<>(Engine::close);

    public GraphQueries(Source source) {
        this.source = source;
    }

    /**
     * Runs one query; a node outside the graph gives START_INVALID or GOAL_INVALID.
     *
     * @param landmarkCount the landmarks to select for {@link Estimate#LANDMARKS}
     * @param budget iterations in all, 0 for no limit
     * @param slice iterations between cancellation checks
     * @param cancellation may be null
     */
    public SearchResult findPath(
            int start,
            int goal,
            Estimate estimate,
            int landmarkCount,
            double weight,
            int budget,
            int slice,
            boolean recordExpansions,
            Cancellation cancellation) {
        CsrGraph graph = source.compiled();
        int n = graph.nodeCount();
        if (start < 0 || start >= n) {
            return invalid(PathStatus.START_INVALID);
        }
        if (goal < 0 || goal >= n) {
            return invalid(PathStatus.GOAL_INVALID);
        }
        Landmarks landmarks = estimate == Estimate.LANDMARKS ? source.landmarks(landmarkCount) : null;
        Engine engine = idle.take();
        if (engine == null || engine.nodeCount != n) {
            if (engine != null) {
                engine.close();
            }
            engine = new Engine(n);
        }
        try {
            return engine.run(
                    graph, landmarks, estimate, weight, start, goal, budget, slice, recordExpansions, cancellation);
        } finally {
            idle.give(engine);
        }
    }

    private static SearchResult invalid(PathStatus status) {
        return new SearchResult(status, null, null, Double.POSITIVE_INFINITY, 0, 0, null);
    }

    @Override
    public void close() {
        idle.close();
    }

    private final class Engine implements AutoCloseable {
        final int nodeCount;
        private final GridSearchBuffers buffers;
        private GraphAStar<Heuristic> astar;
        private CsrGraph plannedGraph;
        private Estimate plannedEstimate;
        private double plannedWeight;
        private Landmarks plannedLandmarks;

        Engine(int nodeCount) {
            this.nodeCount = nodeCount;
            this.buffers = new GridSearchBuffers(nodeCount);
        }

        SearchResult run(
                CsrGraph graph,
                Landmarks landmarks,
                Estimate estimate,
                double weight,
                int start,
                int goal,
                int budget,
                int slice,
                boolean recordExpansions,
                Cancellation cancellation) {
            if (astar == null
                    || plannedGraph != graph
                    || plannedEstimate != estimate
                    || plannedWeight != weight
                    || plannedLandmarks != landmarks) {
                Heuristic h = switch (estimate) {
                    case EUCLIDEAN -> source.euclidean();
                    case LANDMARKS -> landmarks.heuristic();
                    case ZERO -> ZeroHeuristic.INSTANCE;
                };
                astar = new GraphAStar<>(graph, h, buffers, weight);
                plannedGraph = graph;
                plannedEstimate = estimate;
                plannedWeight = weight;
                plannedLandmarks = landmarks;
            }
            buffers.recordExpansions(recordExpansions);
            astar.begin(start, goal);
            PathStatus status = astar.runWithin(budget, cancellation, slice);
            boolean found = status == PathStatus.FOUND;
            return new SearchResult(
                    status,
                    found ? astar.path() : null,
                    found ? astar.pathEdges() : null,
                    astar.pathCost(),
                    astar.expandedCount(),
                    astar.iterations(),
                    recordExpansions ? astar.expandedNodes() : null);
        }

        @Override
        public void close() {
            buffers.close();
        }
    }
}
