package org.onepath.grids;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.state.SearchBuffersPieceLayout;
import org.onepath.state.SearchStateFormat;
import org.onepath.state.Snapshottable;
import org.onepath.state.StateKind;
import org.onepath.state.StateWriter;

/**
 * What the best-first searches over {@link SearchNodes} share (tier 2): the counters and ends of
 * the current search and their accessors, the path walk over the parents, and saving and
 * restoring through {@link SearchSnapshot} (kinds 8 to 11 of the state format, one layout).
 *
 * <p>The engines ({@link AStar}, {@code JumpSearch}, {@code ThetaSearch}, {@code GraphAStar}) are
 * final subclasses that keep what is their own: the moves, the expansion loop, the end checks of
 * {@code begin} and the restore checks only they can make. Their {@code step} loops read and write
 * the protected fields here directly (no accessor, no virtual call per node), so sharing this part
 * costs the hot path nothing.
 *
 * @param <H> heuristic
 */
public abstract class NodeSearch<H extends Heuristic> implements SlicedSearch, Snapshottable {
    /** The estimate to the goal, aimed at the goal by {@code begin} and by a restore. */
    protected final H heuristic;
    /** The working memory: node records, open set and expansion list. */
    protected final GridSearchBuffers buffers;
    /** The node bookkeeping over {@link #buffers}. */
    protected final SearchNodes nodes;
    /** Heuristic weight w in {@code f = g + w * h}, as saved in the state. */
    protected final double weight;
    /** Nodes of the searched graph or grid (the buffers may hold more). */
    protected final int nodeCount;
    /** The kind this search's state is saved as. */
    private final StateKind kind;

    /** NOT_STARTED until begun, RUNNING while work remains, then FOUND or NO_PATH. */
    protected SearchStatus status = SearchStatus.NOT_STARTED;
    /** Start node of the current search, -1 before the first. */
    protected int start = -1;
    /** Goal node of the current search, -1 before the first. */
    protected int goal = -1;
    /** Pops so far in the current search. */
    protected int iterations;
    /** Expanded nodes so far in the current search. */
    protected int expanded;
    /** Cost of the found path; +infinity unless FOUND. */
    protected double pathCost = Double.POSITIVE_INFINITY;

    /**
     * The subclass checks its arguments first (in its own order, with its own messages), then
     * calls this.
     *
     * @param heuristic the estimate (not null)
     * @param buffers   buffers holding at least {@code nodeCount} nodes
     * @param weight    a checked heuristic weight
     * @param nodeCount nodes of the searched graph or grid
     * @param kind      the state kind saves are written as
     */
    protected NodeSearch(H heuristic, GridSearchBuffers buffers, double weight, int nodeCount, StateKind kind) {
        this.heuristic = heuristic;
        this.buffers = buffers;
        this.weight = weight;
        this.nodeCount = nodeCount;
        this.kind = kind;
        this.nodes = new SearchNodes(buffers);
    }

    /**
     * Start node of the current search, -1 before the first.
     *
     * @return the start node, or -1
     */
    public final int start() {
        return start;
    }

    /**
     * Goal node of the current search, -1 before the first.
     *
     * @return the goal node, or -1
     */
    public final int goal() {
        return goal;
    }

    @Override
    public final SearchStatus status() {
        return status;
    }

    /** Pops so far in the current search. */
    @Override
    public final int iterations() {
        return iterations;
    }

    /** Expanded nodes so far: iterations, less one when the goal was popped. */
    @Override
    public final int expandedCount() {
        return expanded;
    }

    /** Cost of the found path; +infinity unless {@link #status()} is FOUND. */
    @Override
    public final double pathCost() {
        return pathCost;
    }

    /**
     * Performs at most {@code maxIterations} iterations; allocates nothing.
     *
     * @return RUNNING while work remains, else FOUND or NO_PATH
     * @throws IllegalArgumentException if {@code maxIterations} is negative
     * @throws IllegalStateException    if no search was begun
     */
    @Override
    public abstract SearchStatus step(int maxIterations);

    /**
     * Runs the search to the end.
     *
     * @return FOUND or NO_PATH
     * @throws IllegalStateException if no search was begun
     */
    public final SearchStatus run() {
        return step(Integer.MAX_VALUE);
    }

    /**
     * Sets the ends of a new search from {@code start} to {@code goal} with its counters at zero
     * and aims the heuristic at the goal; the subclass has checked the ends and then opens the
     * start with {@link #openStart}.
     *
     * @param start the start node, checked by the subclass
     * @param goal  the goal node, checked by the subclass
     */
    protected final void resetFor(int start, int goal) {
        this.start = start;
        this.goal = goal;
        this.iterations = 0;
        this.expanded = 0;
        this.pathCost = Double.POSITIVE_INFINITY;
        heuristic.setGoal(goal);
    }

    /**
     * Opens the start node of the search {@link #resetFor} set up, at g = 0 and f = {@code startF}.
     *
     * @param startF the start's f, {@code w * h(start)} for A*
     */
    protected final void openStart(double startF) {
        nodes.begin(start, startF);
        status = SearchStatus.RUNNING;
    }

    // ---- path ----

    /** Number of nodes on the found path, start and goal included; 0 unless FOUND. */
    @Override
    public final int pathLength() {
        return status == SearchStatus.FOUND ? lengthTo(goal) : 0;
    }

    /**
     * Writes the found path, start first, into {@code out}.
     *
     * @return the number of nodes written
     * @throws IllegalStateException unless FOUND
     * @throws IllegalArgumentException if {@code out} is shorter than {@link #pathLength()}
     */
    @Override
    public final int copyPath(int[] out) {
        int length = pathLength();
        SlicedSearch.checkPathBuffer(status, out, length);
        writePathTo(goal, out, length);
        return length;
    }

    /**
     * Nodes on the path from the start to a reached node along the parents, both included; the
     * path walk of found and partial paths alike.
     *
     * @param end a node the current search has reached
     * @return the node count, at least 1
     */
    protected int lengthTo(int end) {
        int length = 1;
        for (int n = end; n != start; n = nodes.parent(n)) {
            length++;
        }
        return length;
    }

    /**
     * Writes the path from the start to a reached node, start first, {@code length} nodes as
     * {@link #lengthTo} counted them.
     *
     * @param end    a node the current search has reached
     * @param out    receives the nodes from index 0
     * @param length {@code lengthTo(end)}
     */
    protected void writePathTo(int end, int[] out, int length) {
        int n = end;
        for (int i = length - 1; i >= 0; i--) {
            out[i] = n;
            n = nodes.parent(n);
        }
    }

    // ---- partial paths ----

    /** Every search over node records offers partial paths, unless a subclass says otherwise. */
    @Override
    public boolean offersPartialPaths() {
        return true;
    }

    /** The reached node of least (estimate, cost, node): one pass over the node records. */
    @Override
    public final int closestReached() {
        checkPartial();
        return buffers.closestVisited(heuristic, nodeCount);
    }

    @Override
    public final int pathLengthTo(int node) {
        checkReached(node);
        return lengthTo(node);
    }

    @Override
    public final int copyPathTo(int node, int[] out) {
        checkReached(node);
        int length = lengthTo(node);
        if (out.length < length) {
            throw new IllegalArgumentException("path buffer holds " + out.length + " nodes, the path has " + length);
        }
        writePathTo(node, out, length);
        return length;
    }

    @Override
    public final double costTo(int node) {
        checkReached(node);
        return nodes.cost(node);
    }

    private void checkPartial() {
        if (!offersPartialPaths()) {
            throw new UnsupportedOperationException(getClass().getSimpleName() + " offers no partial paths");
        }
        if (status == SearchStatus.NOT_STARTED) {
            throw new IllegalStateException(getClass().getSimpleName() + " has no search begun");
        }
    }

    private void checkReached(int node) {
        checkPartial();
        if (node < 0 || node >= nodeCount || !nodes.isVisited(node)) {
            throw new IllegalArgumentException("node " + node + " has not been reached by the current search");
        }
    }

    @Override
    public final int[] expandedNodes() {
        return buffers.expandedNodes();
    }

    // ---- state (kinds 8 to 11) ----

    /** Bytes {@link #saveState()} would return now: one pass over the nodes, no allocation. */
    @Override
    public final long stateLength() {
        return SearchSnapshot.length(status, buffers);
    }

    /**
     * The search's state (kind 8 for {@code AStar}, 9 for {@code JumpSearch}, 10 for
     * {@code ThetaSearch}, 11 for {@code GraphAStar}; one layout): counters and, once begun, the
     * visited records, the open set as its heap lies and the recorded expansions. Restored into a
     * search built the same way, stepping on gives what this search would have given.
     */
    @Override
    public final byte[] saveState() {
        return SearchSnapshot.save(kind, nodeCount, counters(), buffers);
    }

    /**
     * Writes {@link #saveState()}'s bytes into {@code destination} from {@code offset}.
     *
     * @return the number of bytes written
     * @throws IllegalArgumentException if they do not fit (nothing is written then)
     */
    @Override
    public final long saveState(MemorySegment destination, long offset) {
        return SearchSnapshot.saveInto(kind, nodeCount, counters(), buffers, destination, offset);
    }

    /**
     * Writes {@link #saveState()}'s bytes into {@code w}, allocating nothing once the writer has
     * grown.
     *
     * @param w the writer the state is appended to
     */
    protected final void writeStateTo(StateWriter w) {
        SearchSnapshot.write(w, kind, nodeCount, status, weight, start, goal, expanded, iterations, pathCost, buffers);
    }

    private SearchSnapshot.Counters counters() {
        return new SearchSnapshot.Counters(status, weight, start, goal, expanded, iterations, pathCost);
    }

    /**
     * Puts back a saved state in place: reads it and checks it against the format, this search's
     * node count and weight and {@link #checkRestored}, and only then applies it and
     * {@link #aimRestored aims} the heuristic. If anything throws, the search is left not started
     * (and saved meanwhile as never begun) and the exception goes on.
     *
     * @param state the saved bytes, from offset 0
     * @throws org.onepath.state.OnePathFormatException naming the field, value, bound and offset
     *         of bad bytes: a {@link org.onepath.state.GridStateException} from the grid searches,
     *         a {@link org.onepath.state.GraphStateException} from the graph search
     */
    protected final void restore(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        SearchSnapshot.Restored r;
        try {
            r = SearchSnapshot.read(state, kind, nodeCount, weight);
            checkRestored(r);
        } catch (RuntimeException e) {
            // Unusable until begun or restored again, and saved meanwhile as never begun.
            status = SearchStatus.NOT_STARTED;
            start = -1;
            goal = -1;
            expanded = 0;
            iterations = 0;
            pathCost = Double.POSITIVE_INFINITY;
            throw e;
        }
        SearchSnapshot.apply(r, buffers);
        SearchSnapshot.Counters c = r.counters();
        status = c.status();
        start = c.start();
        goal = c.goal();
        expanded = c.expanded();
        iterations = c.iterations();
        pathCost = c.pathCost();
        aimRestored();
    }

    /**
     * The checks of a read state that only this search can make (its moves, its rules), before
     * anything is applied; throws a state exception naming the field, value, bound and offset.
     *
     * @param restored the state read and checked against the format
     * @throws org.onepath.state.OnePathFormatException naming the field, value, bound and offset
     *         of a value this search cannot take
     */
    protected abstract void checkRestored(SearchSnapshot.Restored restored);

    /** After a restore, aims the heuristic at the restored goal when there is one. */
    protected void aimRestored() {
        if (goal >= 0) {
            heuristic.setGoal(goal);
        }
    }

    /**
     * Offset in a saved state of a field of the {@code i}-th visited record.
     *
     * @param i     the visited record's position in the state, 0 or more
     * @param field the field's offset within a record
     * @return the byte offset from the state's start
     */
    protected static long recordAt(int i, long field) {
        return SearchStateFormat.BUFFERS_OFFSET + SearchBuffersPieceLayout.recordOffset(i) + field;
    }
}
