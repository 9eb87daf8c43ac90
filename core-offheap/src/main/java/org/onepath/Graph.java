package org.onepath;

import static org.onepath.state.GraphEdgeLayout.ALIVE;
import static org.onepath.state.GraphEdgeLayout.ALIVE_OFFSET;
import static org.onepath.state.GraphEdgeLayout.FROM_OFFSET;
import static org.onepath.state.GraphEdgeLayout.NODE;
import static org.onepath.state.GraphEdgeLayout.RECORD_BYTES;
import static org.onepath.state.GraphEdgeLayout.TO_OFFSET;
import static org.onepath.state.GraphEdgeLayout.WEIGHT_BITS;
import static org.onepath.state.GraphEdgeLayout.WEIGHT_OFFSET;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.graphs.CsrGraph;
import org.onepath.graphs.Landmarks;
import org.onepath.grids.Heuristic;
import org.onepath.memory.GrowableSegment;
import org.onepath.memory.ListenerArrays;
import org.onepath.memory.OwnerState;
import org.onepath.query.GraphQueries;
import org.onepath.state.GraphEdgeLayout;
import org.onepath.state.GraphStateException;
import org.onepath.state.GraphStateFormat;
import org.onepath.state.Snapshottable;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * A mutable directed graph of {@code nodeCount} nodes (up to 2^26) with non-negative edge
 * weights. Edges get ids in insertion order; their records live off-heap in the layout of the
 * kind-4 state ({@link GraphEdgeLayout}: i32 from, i32 to, f64 weight, u8 alive), so a save is
 * a header, two counts and one copy. Nodes cost nothing until the first query: a graph of 2^26
 * isolated nodes holds only its edge records.
 *
 * <p>Queries ({@link #findPath}) run over the compiled form, a {@link CsrGraph} built on the first
 * query after a change and kept until the next one. An edge's arcs are relaxed in edge id order,
 * so of two equal-cost routes the one whose first differing edge was added first wins.
 * Removing an edge keeps its id and record (alive = 0); a removed edge cannot come back, but a
 * new one may join the same nodes.
 *
 * <p>Queries may run on several threads at once while nobody edits the graph; edits must not
 * overlap a query. Owns its memory: {@link #close()} frees it and later use throws
 * {@link IllegalStateException}.
 */
public final class Graph implements AutoCloseable, Snapshottable {
    /** Largest node count, 2^26. */
    public static final int MAX_NODES = GraphStateFormat.MAX_NODES;
    /** Largest number of edges (ids), 2^30. */
    public static final int MAX_EDGES = GraphStateFormat.MAX_EDGES;

    private static final GraphChangeListener[] NO_LISTENERS = new GraphChangeListener[0];
    private static final long INITIAL_RECORDS = 64;

    private final int nodeCount;
    private final GrowableSegment records;
    private final OwnerState state = new OwnerState("Graph");
    private final GraphQueries queries;
    private int edgeCount;
    private int version;
    private int restoreCount;
    private volatile GraphChangeListener[] listeners = NO_LISTENERS;
    private CsrGraph compiled;
    private int compiledVersion = -1;
    private Landmarks landmarks;
    private int landmarksRequested;

    /**
     * A graph of {@code nodeCount} isolated nodes.
     *
     * @param nodeCount the number of nodes, 0..2^26; node ids are 0..nodeCount-1
     * @throws IllegalArgumentException if nodeCount is outside 0..2^26
     */
    public Graph(int nodeCount) {
        if (nodeCount < 0 || nodeCount > MAX_NODES) {
            throw new IllegalArgumentException("node count " + nodeCount + " is outside 0..2^26 (" + MAX_NODES + ")");
        }
        this.nodeCount = nodeCount;
        this.records = new GrowableSegment(INITIAL_RECORDS * RECORD_BYTES, 8);
        this.queries = new GraphQueries(new GraphQueries.Source() {
            @Override
            public CsrGraph compiled() {
                return compile();
            }

            @Override
            public Heuristic euclidean() {
                throw new IllegalStateException("a graph has no coordinates");
            }

            @Override
            public Landmarks landmarks(int count) {
                return Graph.this.landmarks(count);
            }
        });
    }

    // ---- size and contents ----

    /**
     * The number of nodes, fixed at creation.
     *
     * @return the node count, 1..2^26; nodes are 0..nodeCount-1
     */
    public int nodeCount() {
        return nodeCount;
    }

    /**
     * Edge ids handed out so far, removed edges included.
     *
     * @return the number of edge ids handed out, 0..{@link #MAX_EDGES}
     */
    public int edgeCount() {
        ensureOpen();
        return edgeCount;
    }

    /**
     * Edits so far: every added edge, changed weight and removed edge bumps it, and so does a
     * restore.
     *
     * @return the number of edits and restores so far
     */
    public int version() {
        ensureOpen();
        return version;
    }

    /**
     * Adds the directed edge {@code from -> to}.
     *
     * @param from   the tail node id, 0..nodeCount-1
     * @param to     the head node id, 0..nodeCount-1
     * @param weight the edge's cost, finite and 0 or more
     * @return its id (the previous {@link #edgeCount()})
     * @throws IllegalArgumentException naming a node outside the graph, or a weight that is NaN,
     *                                  negative or infinite
     * @throws IllegalStateException    when the graph holds {@link #MAX_EDGES} edges
     */
    public int addEdge(int from, int to, double weight) {
        checkNode("from", from);
        checkNode("to", to);
        checkWeight(weight);
        ensureOpen();
        if (edgeCount == MAX_EDGES) {
            throw new IllegalStateException("graph holds " + MAX_EDGES + " edges, the most it can");
        }
        int id = edgeCount;
        MemorySegment s = records.ensureLength((id + 1L) * RECORD_BYTES, id * RECORD_BYTES);
        long rec = GraphEdgeLayout.recordOffset(id);
        s.set(NODE, rec + FROM_OFFSET, from);
        s.set(NODE, rec + TO_OFFSET, to);
        s.set(WEIGHT_BITS, rec + WEIGHT_OFFSET, Double.doubleToRawLongBits(weight));
        s.set(ALIVE, rec + ALIVE_OFFSET, (byte) 1);
        edgeCount = id + 1;
        changed(id);
        return id;
    }

    /**
     * Adds {@code a -> b} and then {@code b -> a}, both of this weight.
     *
     * @param a      one end node id, 0..nodeCount-1
     * @param b      the other end node id, 0..nodeCount-1
     * @param weight the cost of each direction, finite and 0 or more
     * @return the id of {@code a -> b}; {@code b -> a} has the next id
     */
    public int addUndirectedEdge(int a, int b, double weight) {
        checkNode("a", a);
        checkNode("b", b);
        checkWeight(weight);
        ensureOpen();
        if (edgeCount > MAX_EDGES - 2) {
            throw new IllegalStateException("graph holds " + edgeCount + " edges; two more exceed " + MAX_EDGES);
        }
        int id = addEdge(a, b, weight);
        addEdge(b, a, weight);
        return id;
    }

    /**
     * Sets an edge's weight. Setting the weight it has (bit for bit) does nothing.
     *
     * @param edge   an edge id, 0..edgeCount-1
     * @param weight the new cost, finite and 0 or more
     * @throws IllegalArgumentException for an unknown id or a bad weight
     * @throws IllegalStateException    if the edge was removed
     */
    public void setWeight(int edge, double weight) {
        long rec = aliveRecord(edge, "set the weight of");
        checkWeight(weight);
        MemorySegment s = records.segment();
        long bits = Double.doubleToRawLongBits(weight);
        if (s.get(WEIGHT_BITS, rec + WEIGHT_OFFSET) == bits) {
            return;
        }
        s.set(WEIGHT_BITS, rec + WEIGHT_OFFSET, bits);
        changed(edge);
    }

    /**
     * Removes an edge: it keeps its id and record with alive = 0. Removing a removed edge does
     * nothing.
     *
     * @param edge an edge id, 0..edgeCount-1
     * @throws IllegalArgumentException for an unknown id
     */
    public void removeEdge(int edge) {
        checkEdge(edge);
        long rec = GraphEdgeLayout.recordOffset(edge);
        MemorySegment s = records.segment();
        if (s.get(ALIVE, rec + ALIVE_OFFSET) == 0) {
            return;
        }
        s.set(ALIVE, rec + ALIVE_OFFSET, (byte) 0);
        changed(edge);
    }

    /**
     * Tail of an edge (removed ones included).
     *
     * @param edge an edge id, 0..edgeCount-1
     * @return the node the edge leaves
     * @throws IllegalArgumentException for an unknown id
     */
    public int from(int edge) {
        checkEdge(edge);
        return records.segment().get(NODE, GraphEdgeLayout.recordOffset(edge) + FROM_OFFSET);
    }

    /**
     * Head of an edge (removed ones included).
     *
     * @param edge an edge id, 0..edgeCount-1
     * @return the node the edge enters
     * @throws IllegalArgumentException for an unknown id
     */
    public int to(int edge) {
        checkEdge(edge);
        return records.segment().get(NODE, GraphEdgeLayout.recordOffset(edge) + TO_OFFSET);
    }

    /**
     * Weight of an edge (removed ones included).
     *
     * @param edge an edge id, 0..edgeCount-1
     * @return the edge's cost, finite and 0 or more
     * @throws IllegalArgumentException for an unknown id
     */
    public double weight(int edge) {
        checkEdge(edge);
        return Double.longBitsToDouble(
                records.segment().get(WEIGHT_BITS, GraphEdgeLayout.recordOffset(edge) + WEIGHT_OFFSET));
    }

    /**
     * Whether an edge is in the graph (not removed).
     *
     * @param edge an edge id, 0..edgeCount-1
     * @return false once the edge was removed
     * @throws IllegalArgumentException for an unknown id
     */
    public boolean isAlive(int edge) {
        checkEdge(edge);
        return records.segment().get(ALIVE, GraphEdgeLayout.recordOffset(edge) + ALIVE_OFFSET) != 0;
    }

    // ---- listeners ----

    /**
     * Registers a listener for edge edits.
     *
     * @param listener told of every edge edit after it happens, on the editing thread
     */
    public synchronized void addChangeListener(GraphChangeListener listener) {
        listeners = ListenerArrays.with(listeners, listener);
    }

    /**
     * Removes a listener; returns whether it was registered.
     *
     * @param listener a listener added before
     * @return whether it was registered
     */
    public synchronized boolean removeChangeListener(GraphChangeListener listener) {
        GraphChangeListener[] current = listeners;
        listeners = ListenerArrays.without(current, listener);
        return listeners != current;
    }

    // ---- searches ----

    /**
     * The compiled form of the current contents (tier 2): built now if the graph changed since
     * the last compile, else the one built then. It belongs to the graph and stays valid until the
     * next change, restore or {@link #close()}, which close it.
     *
     * @return the compiled graph, valid until the next change, restore or close
     */
    public synchronized CsrGraph compile() {
        ensureOpen();
        if (compiled == null || compiledVersion != version) {
            dropDerived();
            compiled = CsrGraph.compile(nodeCount, records.segment(), edgeCount);
            compiledVersion = version;
        }
        return compiled;
    }

    /**
     * The landmarks of the current contents (tier 2): selected now ({@link Landmarks#select}) if
     * the graph changed since, or if they were selected with another count. They belong to the
     * graph and stay valid until the next change, restore or {@link #close()}.
     *
     * @param count 1..{@link Landmarks#MAX_COUNT}
     * @return the landmarks, valid until the next change, restore or close
     */
    public synchronized Landmarks landmarks(int count) {
        CsrGraph g = compile();
        if (landmarks == null || landmarks.graph() != g || landmarksRequested != count) {
            if (landmarks != null) {
                landmarks.close();
            }
            landmarks = Landmarks.select(g, count);
            landmarksRequested = count;
        }
        return landmarks;
    }

    /**
     * Shortest path with {@link GraphOptions#DEFAULT} (the zero estimate: Dijkstra's algorithm).
     *
     * @param start the first node id; outside the graph gives START_INVALID
     * @param goal  the last node id; outside the graph gives GOAL_INVALID
     * @return the result: its status says whether a path was found
     */
    public GraphPath findPath(int start, int goal) {
        return findPath(start, goal, GraphOptions.DEFAULT, null);
    }

    /**
     * Shortest path under the given options.
     *
     * @param start   the first node id; outside the graph gives START_INVALID
     * @param goal    the last node id; outside the graph gives GOAL_INVALID
     * @param options the estimate, weight, budget and slice length
     * @return the result: its status says whether a path was found
     */
    public GraphPath findPath(int start, int goal, GraphOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * Shortest path from {@code start} to {@code goal} under the given options. A node outside
     * the graph gives {@link PathStatus#START_INVALID} or {@link PathStatus#GOAL_INVALID}; a
     * budget that runs out gives {@link PathStatus#BUDGET_EXHAUSTED}. Cancellable like the grid
     * queries: with a token the search runs in slices of {@link GraphOptions#iterationsPerSlice()}
     * iterations and checks it before each; cancelling throws
     * {@link java.util.concurrent.CancellationException}. Slicing never changes a result.
     *
     * @param start        the first node id; outside the graph gives START_INVALID
     * @param goal         the last node id; outside the graph gives GOAL_INVALID
     * @param options      the estimate, weight, budget and slice length
     * @param cancellation the token checked before each slice, or null to run in one go
     * @return the result: its status says whether a path was found
     * @throws IllegalArgumentException for {@link GraphHeuristic#EUCLIDEAN} (a graph has no coordinates)
     */
    public GraphPath findPath(int start, int goal, GraphOptions options, Cancellation cancellation) {
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return options.runOn(queries, false, start, goal, cancellation);
    }

    // ---- snapshots ----

    /** Bytes of this graph's state: {@link #saveState()} returns exactly this many. */
    @Override
    public long stateLength() {
        ensureOpen();
        return GraphStateFormat.length(edgeCount);
    }

    /**
     * The graph's state (kind 4 of the state format, version 1): node count, edge count and the
     * edge records in id order. Saving twice without a change gives the same bytes.
     *
     * @throws IllegalStateException if the state exceeds the largest Java array (use
     *                               {@link #saveState(MemorySegment, long)})
     */
    @Override
    public byte[] saveState() {
        long length = stateLength();
        byte[] out = StateWriter.arrayFor("graph", length);
        write(StateWriter.into(MemorySegment.ofArray(out), 0));
        return out;
    }

    /**
     * Writes the graph's state into {@code destination} from {@code offset}.
     *
     * @return the number of bytes written ({@link #stateLength()})
     * @throws IllegalArgumentException if it does not fit (nothing is written then)
     */
    @Override
    public long saveState(MemorySegment destination, long offset) {
        Objects.requireNonNull(destination, "destination");
        long length = stateLength();
        write(StateWriter.into("graph", length, destination, offset));
        return length;
    }

    private void write(StateWriter w) {
        GraphStateFormat.writeHead(w, nodeCount, edgeCount);
        w.bytes(records.segment(), 0, edgeCount * RECORD_BYTES);
    }

    /**
     * Puts back a saved state in place: the edges, their ids, weights and alive flags. The node
     * count must be this graph's. Everything is checked before anything changes, so on
     * {@link GraphStateException} the graph is unchanged. The version goes up by one (versions
     * are not saved, so they never repeat), the compiled form and landmarks are dropped, and
     * listeners hear every edge id whose record differs, in increasing id.
     *
     * @throws GraphStateException naming the field, value, bound and offset of bad bytes
     */
    @Override
    public void restoreState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        ensureOpen();
        StateReader r = StateReader.ofGraph(state);
        GraphStateFormat.Head head = GraphStateFormat.read(r);
        if (head.nodeCount() != nodeCount) {
            throw r.error(
                    "nodeCount",
                    head.nodeCount(),
                    nodeCount + " (the restoring graph's node count)",
                    GraphStateFormat.NODE_COUNT_OFFSET);
        }
        MemorySegment from = state.asSlice(head.edgesOffset(), head.edgesLength());
        GraphChangeListener[] current = listeners;
        int oldCount = edgeCount;
        int newCount = head.edgeCount();
        int[] changedIds = current.length == 0 ? null : changedRecords(from, oldCount, newCount);
        MemorySegment s = records.ensureLength(Math.max(1, newCount) * RECORD_BYTES, 0);
        MemorySegment.copy(from, 0, s, 0, head.edgesLength());
        edgeCount = newCount;
        version++;
        restoreCount++;
        synchronized (this) {
            dropDerived();
        }
        if (changedIds != null) {
            for (int id : changedIds) {
                for (GraphChangeListener listener : current) {
                    listener.edgeChanged(this, id);
                }
            }
        }
    }

    /** Ids whose record differs between the current records and {@code from}, in increasing order. */
    private int[] changedRecords(MemorySegment from, int oldCount, int newCount) {
        MemorySegment mine = records.segment();
        int common = Math.min(oldCount, newCount);
        int[] out = new int[16];
        int size = 0;
        long end = common * RECORD_BYTES;
        long at = 0;
        while (at < end) {
            long m = MemorySegment.mismatch(mine, at, end, from, at, end);
            if (m < 0) {
                break;
            }
            int id = (int) ((at + m) / RECORD_BYTES);
            if (size == out.length) {
                out = Arrays.copyOf(out, size * 2);
            }
            out[size++] = id;
            at = (id + 1L) * RECORD_BYTES;
        }
        int extra = Math.max(oldCount, newCount) - common;
        out = Arrays.copyOf(out, size + extra);
        for (int id = common; id < common + extra; id++) {
            out[size++] = id;
        }
        return out;
    }

    /**
     * A new graph from a saved state; the caller closes it.
     *
     * @param state the bytes {@link #saveState()} wrote; only read
     * @return a new graph owning its memory
     * @throws GraphStateException naming the field, value, bound and offset of bad bytes
     */
    public static Graph fromState(byte[] state) {
        Objects.requireNonNull(state, "state");
        return fromState(MemorySegment.ofArray(state));
    }

    /**
     * A new graph from a saved state; the caller closes it. It allocates its edge records only:
     * nothing for the nodes until the first query.
     *
     * @param state the saved state, from its offset 0; only read
     * @return a new graph owning its memory
     * @throws GraphStateException naming the field, value, bound and offset of bad bytes
     */
    public static Graph fromState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        GraphStateFormat.Head head = GraphStateFormat.read(StateReader.ofGraph(state));
        Graph g = new Graph(head.nodeCount());
        MemorySegment s = g.records.ensureLength(Math.max(1, head.edgeCount()) * RECORD_BYTES, 0);
        MemorySegment.copy(state, head.edgesOffset(), s, 0, head.edgesLength());
        g.edgeCount = head.edgeCount();
        return g;
    }

    /**
     * Restores so far.
     *
     * @return the number of successful {@link #restoreState} calls on this graph
     */
    public int restoreCount() {
        return restoreCount;
    }

    // ---- lifetime ----

    /** Frees the edge records, the compiled form, the landmarks and the search memory. Idempotent. */
    @Override
    public void close() {
        if (state.markClosed()) {
            queries.close();
            synchronized (this) {
                dropDerived();
            }
            records.close();
        }
    }

    /**
     * Whether {@link #close()} has run.
     *
     * @return true once the graph is closed; every other method then throws {@link IllegalStateException}
     */
    public boolean isClosed() {
        return state.isClosed();
    }

    @Override
    public String toString() {
        return "Graph[" + nodeCount + " nodes, " + edgeCount + " edges" + (state.isClosed() ? ", closed]" : "]");
    }

    // ---- internals ----

    /** The edge records (tier 3 readers in this module; the first {@code edgeCount} are valid). */
    MemorySegment records() {
        return records.segment();
    }

    private void changed(int edge) {
        version++;
        if (compiled != null) {
            synchronized (this) {
                dropDerived();
            }
        }
        for (GraphChangeListener listener : listeners) {
            listener.edgeChanged(this, edge);
        }
    }

    /** Closes the compiled form and the landmarks; the next query builds them again. */
    private void dropDerived() {
        if (landmarks != null) {
            landmarks.close();
            landmarks = null;
        }
        if (compiled != null) {
            compiled.close();
            compiled = null;
        }
    }

    private long aliveRecord(int edge, String what) {
        checkEdge(edge);
        long rec = GraphEdgeLayout.recordOffset(edge);
        if (records.segment().get(ALIVE, rec + ALIVE_OFFSET) == 0) {
            throw new IllegalStateException("cannot " + what + " edge " + edge + ": it was removed");
        }
        return rec;
    }

    private void checkEdge(int edge) {
        ensureOpen();
        if (edge < 0 || edge >= edgeCount) {
            throw new IllegalArgumentException("edge " + edge + " is outside "
                    + (edgeCount == 0 ? "the graph, which has no edges" : "0.." + (edgeCount - 1)));
        }
    }

    private void checkNode(String what, int node) {
        if (node < 0 || node >= nodeCount) {
            throw new IllegalArgumentException(what + " node " + node + " is outside "
                    + (nodeCount == 0 ? "the graph, which has no nodes" : "0.." + (nodeCount - 1)));
        }
    }

    static void checkWeight(double weight) {
        if (!(weight >= 0) || weight == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("edge weight " + weight + " is not finite and >= 0");
        }
    }

    private void ensureOpen() {
        state.ensureOpen();
    }
}
