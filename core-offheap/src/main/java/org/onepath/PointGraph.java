package org.onepath;

import static org.onepath.layout.PointLayout.COORDINATE;
import static org.onepath.layout.PointLayout.X_OFFSET;
import static org.onepath.layout.PointLayout.Y_OFFSET;
import static org.onepath.layout.PointLayout.Z_OFFSET;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.Cancellation;
import org.onepath.graphs.CsrGraph;
import org.onepath.graphs.EuclideanHeuristic;
import org.onepath.graphs.Landmarks;
import org.onepath.grids.Heuristic;
import org.onepath.io.DimacsGraphs;
import org.onepath.layout.PointLayout;
import org.onepath.memory.OwnerState;
import org.onepath.query.GraphQueries;

/**
 * An immutable directed graph whose nodes have coordinates (2D or 3D): a {@link CsrGraph} and an
 * off-heap coordinate table ({@link PointLayout}). Its queries can use the straight-line
 * distance as their estimate ({@link GraphHeuristic#EUCLIDEAN}, the default here), scaled by
 * {@link #heuristicScale()} so that it is admissible whatever the units of weights and
 * coordinates: the DIMACS road networks, for one, give coordinates in millionths of a degree and
 * weights in metres or tenths of seconds.
 *
 * <p>Made by {@link #builder}, {@link #of(Graph, double[], int)} or the DIMACS reader
 * ({@link DimacsGraphs}). Immutable, so queries may run on any number of threads at once. Not
 * snapshotted (the spec leaves immutable graphs out of the state format: rebuild it instead).
 * Owns its memory: {@link #close()} frees it.
 */
public final class PointGraph implements AutoCloseable {
    /**
     * The scale is shrunk by this relative margin so that rounding in the distances and in the
     * path sums cannot make the estimate exceed a true distance.
     */
    static final double SCALE_MARGIN = 1e-9;

    private final CsrGraph graph;
    private final int dimensions;
    private final Arena arena;
    private final MemorySegment points;
    private final double scale;
    private final OwnerState state = new OwnerState("PointGraph");
    private final GraphQueries queries;
    private Landmarks landmarks;
    private int landmarksRequested;

    private PointGraph(CsrGraph graph, int dimensions, Arena arena, MemorySegment points) {
        this.graph = graph;
        this.dimensions = dimensions;
        this.arena = arena;
        this.points = points;
        this.scale = computeScale();
        this.queries = new GraphQueries(new GraphQueries.Source() {
            @Override
            public CsrGraph compiled() {
                return graph;
            }

            @Override
            public Heuristic euclidean() {
                return euclideanHeuristic();
            }

            @Override
            public Landmarks landmarks(int count) {
                return PointGraph.this.landmarks(count);
            }
        });
    }

    /**
     * A point graph of a graph's current alive edges and the given coordinates: node {@code n} at
     * {@code coordinates[n * dimensions ..]}. Both are copied; the graph stays the caller's.
     *
     * @param graph       the graph whose alive edges are copied; it stays open and the caller's
     * @param coordinates the node coordinates, {@code nodeCount * dimensions} finite values
     * @param dimensions  2 or 3
     * @return a new point graph owning its copies; the caller closes it
     * @throws IllegalArgumentException if the array does not hold {@code nodeCount * dimensions}
     *                                  values or a value is NaN or infinite
     */
    public static PointGraph of(Graph graph, double[] coordinates, int dimensions) {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(coordinates, "coordinates");
        checkDimensions(dimensions);
        int n = graph.nodeCount();
        if (coordinates.length != (long) n * dimensions) {
            throw new IllegalArgumentException("coordinates holds " + coordinates.length + " values, " + n
                    + " nodes in " + dimensions + "D need " + (long) n * dimensions);
        }
        Builder b = new Builder(n, dimensions, graph);
        try {
            for (int i = 0; i < coordinates.length; i++) {
                b.coordinate(i / dimensions, i % dimensions, coordinates[i]);
            }
            return b.build();
        } finally {
            b.discard();
        }
    }

    /**
     * A builder for a point graph of {@code nodeCount} nodes (up to 2^26) in 2 or 3 dimensions;
     * every node starts at the origin.
     *
     * @param nodeCount  the number of nodes, 0..2^26
     * @param dimensions 2 or 3
     * @return a new builder
     * @throws IllegalArgumentException if the count or the dimensions are out of range
     */
    public static Builder builder(int nodeCount, int dimensions) {
        if (nodeCount < 0 || nodeCount > Graph.MAX_NODES) {
            throw new IllegalArgumentException(
                    "node count " + nodeCount + " is outside 0..2^26 (" + Graph.MAX_NODES + ")");
        }
        checkDimensions(dimensions);
        return new Builder(nodeCount, dimensions, null);
    }

    private static void checkDimensions(int dimensions) {
        if (dimensions != 2 && dimensions != 3) {
            throw new IllegalArgumentException("dimensions = " + dimensions + ": expected 2 or 3");
        }
    }

    /** min over arcs of positive length of weight / length, less the margin; 0 without such arcs. */
    private double computeScale() {
        double min = Double.POSITIVE_INFINITY;
        for (int u = 0; u < graph.nodeCount(); u++) {
            int end = graph.endArc(u);
            for (int a = graph.firstArc(u); a < end; a++) {
                double length = distance(u, graph.target(a));
                if (length > 0) {
                    min = Math.min(min, graph.weight(a) / length);
                }
            }
        }
        return min == Double.POSITIVE_INFINITY ? 0.0 : min * (1 - SCALE_MARGIN);
    }

    // ---- reading ----

    /**
     * The number of nodes, fixed at creation.
     *
     * @return the node count; nodes are 0..nodeCount-1
     */
    public int nodeCount() {
        return graph.nodeCount();
    }

    /**
     * 2 or 3.
     *
     * @return the number of coordinates per node, 2 or 3
     */
    public int dimensions() {
        return dimensions;
    }

    /**
     * The compiled graph (tier 2); it belongs to this point graph.
     *
     * @return the compiled graph, valid until this point graph is closed
     */
    public CsrGraph graph() {
        ensureOpen();
        return graph;
    }

    /**
     * The coordinate table as a read-only segment ({@link PointLayout}; tier 3).
     *
     * @return a read-only view of the coordinates, valid until this point graph is closed
     */
    public MemorySegment points() {
        ensureOpen();
        return points.asReadOnly();
    }

    /**
     * A node's x coordinate.
     *
     * @param node 0..nodeCount-1
     * @return the x coordinate given for it
     * @throws IllegalArgumentException if the node is outside 0..nodeCount-1
     */
    public double x(int node) {
        return coordinate(node, X_OFFSET);
    }

    /**
     * A node's y coordinate.
     *
     * @param node 0..nodeCount-1
     * @return the y coordinate given for it
     * @throws IllegalArgumentException if the node is outside 0..nodeCount-1
     */
    public double y(int node) {
        return coordinate(node, Y_OFFSET);
    }

    /**
     * The z coordinate; 0 in 2D.
     *
     * @param node a node id, 0..nodeCount-1
     * @return the node's z coordinate
     */
    public double z(int node) {
        return dimensions == 3 ? coordinate(node, Z_OFFSET) : 0.0;
    }

    /**
     * Straight-line distance between two nodes' coordinates.
     *
     * @param a one node id, 0..nodeCount-1
     * @param b the other node id, 0..nodeCount-1
     * @return the Euclidean distance, 0 or more
     */
    public double distance(int a, int b) {
        double dx = x(a) - x(b);
        double dy = y(a) - y(b);
        double dz = z(a) - z(b);
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /**
     * The factor of the Euclidean estimate: the smallest weight-to-length ratio over the edges
     * of positive length, less a relative 1e-9 for rounding; 0 when there is no such edge (then
     * the estimate is 0). No edge is cheaper than its estimate, so the estimate is admissible and
     * consistent.
     *
     * @return the scale, 0 or more
     */
    public double heuristicScale() {
        return scale;
    }

    /**
     * A new Euclidean estimate for one tier-2 search over {@link #graph()}.
     *
     * @return a new estimate reading this point graph's coordinates, usable until the point graph
     *         is closed
     */
    public EuclideanHeuristic euclideanHeuristic() {
        ensureOpen();
        return new EuclideanHeuristic(points, dimensions, graph.nodeCount(), scale);
    }

    /**
     * The landmarks of this graph (tier 2): selected on first use ({@link Landmarks#select}) and
     * kept, again when asked for another count.
     *
     * @param count the number of landmarks, 1..{@link Landmarks#MAX_COUNT}
     * @return the landmarks, valid until this point graph is closed
     */
    public synchronized Landmarks landmarks(int count) {
        ensureOpen();
        if (landmarks == null || landmarksRequested != count) {
            if (landmarks != null) {
                landmarks.close();
            }
            landmarks = Landmarks.select(graph, count);
            landmarksRequested = count;
        }
        return landmarks;
    }

    // ---- queries ----

    /**
     * Shortest path with {@link GraphOptions#DEFAULT} (the Euclidean estimate).
     *
     * @param start the first node id; outside the graph gives START_INVALID
     * @param goal  the last node id; outside the graph gives GOAL_INVALID
     * @return the result: its status says whether a path was found
     */
    public GraphPath findPath(int start, int goal) {
        return findPath(start, goal, GraphOptions.DEFAULT, null);
    }

    /**
     * {@link #findPath(int, int, GraphOptions, Cancellation)} without cancellation.
     *
     * @param start   the first node id; outside the graph gives START_INVALID
     * @param goal    the last node id; outside the graph gives GOAL_INVALID
     * @param options the estimate (AUTO means EUCLIDEAN here), weight and limits
     * @return the path, or a status saying why there is none
     */
    public GraphPath findPath(int start, int goal, GraphOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * As {@link Graph#findPath(int, int, GraphOptions, Cancellation)}; AUTO means EUCLIDEAN here.
     *
     * @param start        the first node id; outside the graph gives START_INVALID
     * @param goal         the last node id; outside the graph gives GOAL_INVALID
     * @param options      the estimate, weight, budget and slice length
     * @param cancellation the token checked before each slice, or null to run in one go
     * @return the result: its status says whether a path was found
     */
    public GraphPath findPath(int start, int goal, GraphOptions options, Cancellation cancellation) {
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return options.runOn(queries, true, start, goal, cancellation);
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            queries.close();
            synchronized (this) {
                if (landmarks != null) {
                    landmarks.close();
                }
            }
            graph.close();
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "PointGraph[" + graph.nodeCount() + " nodes, " + graph.arcCount() + " edges, " + dimensions + "D"
                + (state.isClosed() ? ", closed]" : "]");
    }

    private double coordinate(int node, long within) {
        ensureOpen();
        if (node < 0 || node >= graph.nodeCount()) {
            throw new IllegalArgumentException("node " + node + " is outside 0.." + (graph.nodeCount() - 1));
        }
        return points.get(COORDINATE, node * PointLayout.recordBytes(dimensions) + within);
    }

    private void ensureOpen() {
        state.ensureOpen();
    }

    /**
     * Collects coordinates and edges, then {@link #build()}s the point graph. Edge ids are the
     * order of adding, as in {@link Graph}. Not thread-safe; a builder builds once. It holds
     * native memory until built or closed: use it in try-with-resources.
     */
    public static final class Builder implements AutoCloseable {
        private final int nodeCount;
        private final int dimensions;
        private final Graph edges;
        private final boolean ownsEdges;
        private Arena arena;
        private MemorySegment points;

        private Builder(int nodeCount, int dimensions, Graph given) {
            this.nodeCount = nodeCount;
            this.dimensions = dimensions;
            this.ownsEdges = given == null;
            this.edges = given == null ? new Graph(nodeCount) : given;
            this.arena = Arena.ofShared();
            this.points = arena.allocate(Math.max(1, nodeCount * PointLayout.recordBytes(dimensions)), 8);
        }

        /**
         * Places a node in 2D (z = 0 for a 3D graph).
         *
         * @param node a node id, 0..nodeCount-1
         * @param x    the x coordinate, finite
         * @param y    the y coordinate, finite
         * @return this builder
         * @throws IllegalArgumentException if the node is outside the graph or a coordinate is not
         *                                  finite
         */
        public Builder point(int node, double x, double y) {
            coordinate(node, 0, x);
            coordinate(node, 1, y);
            return this;
        }

        /**
         * Places a node in 3D.
         *
         * @param node a node id, 0..nodeCount-1
         * @param x    the x coordinate, finite
         * @param y    the y coordinate, finite
         * @param z    the z coordinate, finite
         * @return this builder
         * @throws IllegalArgumentException for a 2D builder
         */
        public Builder point(int node, double x, double y, double z) {
            if (dimensions != 3) {
                throw new IllegalArgumentException("a 2D point graph takes no z coordinate (node " + node + ")");
            }
            coordinate(node, 0, x);
            coordinate(node, 1, y);
            coordinate(node, 2, z);
            return this;
        }

        /**
         * Adds the directed edge {@code from -> to}; returns its id. See {@link Graph#addEdge}.
         *
         * @param from   the tail node id, 0..nodeCount-1
         * @param to     the head node id, 0..nodeCount-1
         * @param weight the edge's cost, finite and 0 or more
         * @return the new edge's id
         */
        public int edge(int from, int to, double weight) {
            checkOpen();
            return edges.addEdge(from, to, weight);
        }

        /**
         * Adds {@code a -> b} and {@code b -> a}; returns the first id.
         *
         * @param a      one end node id, 0..nodeCount-1
         * @param b      the other end node id, 0..nodeCount-1
         * @param weight the cost of each direction, finite and 0 or more
         * @return the id of {@code a -> b}; {@code b -> a} has the next id
         */
        public int undirectedEdge(int a, int b, double weight) {
            checkOpen();
            return edges.addUndirectedEdge(a, b, weight);
        }

        /**
         * The point graph; the builder is spent afterwards.
         *
         * @return a new point graph; the caller closes it
         * @throws IllegalStateException if it was built already
         */
        public PointGraph build() {
            checkOpen();
            CsrGraph csr = CsrGraph.compile(nodeCount, edges.records(), edges.edgeCount());
            Arena a = arena;
            MemorySegment p = points;
            arena = null;
            points = null;
            if (ownsEdges) {
                edges.close();
            }
            try {
                return new PointGraph(csr, dimensions, a, p);
            } catch (RuntimeException | Error e) {
                csr.close();
                a.close();
                throw e;
            }
        }

        void coordinate(int node, int axis, double value) {
            checkOpen();
            if (node < 0 || node >= nodeCount) {
                throw new IllegalArgumentException("node " + node + " is outside 0.." + (nodeCount - 1));
            }
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException("coordinate " + "xyz".charAt(axis) + " of node " + node + " is "
                        + value + ": expected a finite value");
            }
            points.set(
                    COORDINATE,
                    node * PointLayout.recordBytes(dimensions) + axis * PointLayout.COORDINATE_BYTES,
                    value);
        }

        /** Frees what an unbuilt builder holds; after {@link #build()} it does nothing. */
        @Override
        public void close() {
            discard();
        }

        void discard() {
            if (arena != null) {
                arena.close();
                arena = null;
                points = null;
                if (ownsEdges) {
                    edges.close();
                }
            }
        }

        private void checkOpen() {
            if (arena == null) {
                throw new IllegalStateException("PointGraph.Builder has built its graph already");
            }
        }
    }
}
