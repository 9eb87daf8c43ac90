package org.onepath;

import java.util.concurrent.atomic.AtomicReference;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.graphs.CsrGraph;
import org.onepath.graphs.GraphAStar;
import org.onepath.graphs.Landmarks;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.ZeroHeuristic;

/**
 * The tier-1 query driver of a {@link Graph} or {@link PointGraph}: a pool of one prepared engine
 * (search buffers and a {@link GraphAStar}).
 *
 * <p>A query takes the idle engine (or makes one when another thread holds it), re-plans it only
 * when the compiled graph, the options or the landmarks changed since its last query, runs it and
 * puts it back, so single-threaded steady-state queries allocate little beyond their result.
 */
final class GraphQueries implements AutoCloseable {
    /** What a query needs from its graph. */
    interface Source {
        /** The compiled graph of the current contents (compiled now if needed). */
        CsrGraph compiled();

        /** Whether the nodes have coordinates (then {@link #euclidean()} gives an estimate). */
        boolean hasCoordinates();

        /** A new Euclidean estimate; only called when {@link #hasCoordinates()}. */
        Heuristic euclidean();

        /** The landmarks of the current contents, selected now if needed. */
        Landmarks landmarks(int count);
    }

    private final Source source;
    private final AtomicReference<Engine> idle = new AtomicReference<>();
    private volatile boolean closed;

    GraphQueries(Source source) {
        this.source = source;
    }

    GraphPath findPath(int start, int goal, GraphOptions options, Cancellation cancellation) {
        GraphHeuristic kind = options.heuristic();
        if (kind == GraphHeuristic.EUCLIDEAN && !source.hasCoordinates()) {
            throw new IllegalArgumentException(
                    "heuristic EUCLIDEAN needs node coordinates: use a PointGraph, or AUTO, ZERO or LANDMARKS");
        }
        if (kind == GraphHeuristic.AUTO) {
            kind = source.hasCoordinates() ? GraphHeuristic.EUCLIDEAN : GraphHeuristic.ZERO;
        }
        CsrGraph graph = source.compiled();
        int n = graph.nodeCount();
        if (start < 0 || start >= n) {
            return GraphPath.invalid(PathStatus.START_INVALID, kind);
        }
        if (goal < 0 || goal >= n) {
            return GraphPath.invalid(PathStatus.GOAL_INVALID, kind);
        }
        Landmarks landmarks = kind == GraphHeuristic.LANDMARKS ? source.landmarks(options.landmarkCount()) : null;
        Engine engine = idle.getAndSet(null);
        if (engine == null || engine.nodeCount != n) {
            if (engine != null) {
                engine.close();
            }
            engine = new Engine(n);
        }
        try {
            return engine.run(graph, landmarks, kind, start, goal, options, cancellation);
        } finally {
            if (closed || !idle.compareAndSet(null, engine)) {
                engine.close();
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        Engine engine = idle.getAndSet(null);
        if (engine != null) {
            engine.close();
        }
    }

    /** Buffers and the A* the last query planned. */
    private final class Engine implements AutoCloseable {
        final int nodeCount;
        private final GridSearchBuffers buffers;
        private GraphAStar<Heuristic> astar;
        private CsrGraph plannedGraph;
        private GraphOptions plannedOptions;
        private GraphHeuristic plannedKind;
        private Landmarks plannedLandmarks;

        Engine(int nodeCount) {
            this.nodeCount = nodeCount;
            this.buffers = new GridSearchBuffers(nodeCount);
        }

        GraphPath run(
                CsrGraph graph,
                Landmarks landmarks,
                GraphHeuristic kind,
                int start,
                int goal,
                GraphOptions options,
                Cancellation cancellation) {
            if (astar == null
                    || plannedGraph != graph
                    || plannedOptions != options
                    || plannedKind != kind
                    || plannedLandmarks != landmarks) {
                Heuristic h = switch (kind) {
                    case EUCLIDEAN -> source.euclidean();
                    case LANDMARKS -> landmarks.heuristic();
                    default -> ZeroHeuristic.INSTANCE;
                };
                astar = new GraphAStar<>(graph, h, buffers, options.heuristicWeight());
                plannedGraph = graph;
                plannedOptions = options;
                plannedKind = kind;
                plannedLandmarks = landmarks;
            }
            buffers.recordExpansions(options.recordExpansions());
            astar.begin(start, goal);
            PathStatus status = astar.runWithin(options.iterationBudget(), cancellation, options.iterationsPerSlice());
            int[] nodes = status == PathStatus.FOUND ? astar.path() : null;
            int[] edges = status == PathStatus.FOUND ? astar.pathEdges() : null;
            int[] expanded = options.recordExpansions() ? astar.expandedNodes() : null;
            return new GraphPath(
                    status, nodes, edges, astar.pathCost(), astar.expandedCount(), astar.iterations(), kind, expanded);
        }

        @Override
        public void close() {
            buffers.close();
        }
    }
}
