package org.onepath.grids;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.state.GridStateException;
import org.onepath.state.SearchBuffersPiece;
import org.onepath.state.SearchBuffersPieceLayout;
import org.onepath.state.SearchStateFormat;
import org.onepath.state.Snapshottable;
import org.onepath.state.StateKind;
import org.onepath.state.StateWriter;

/**
 * A* (Hart, Nilsson and Raphael 1968) over a topology, a step cost and a heuristic (tier 2).
 *
 * <p>Normative behaviour: {@code g[start] = 0}, start pushed with {@code f = w * h(start)}. One
 * iteration pops the best node of the {@link OpenSet} (smaller f, larger g, smaller node) and
 * closes it; if it is the goal the search ends, otherwise its neighbours are visited in the
 * topology's order: {@code step = cost(n, m, base)}, skipped when NaN, negative or +infinity;
 * {@code g' = g[n] + step}; a neighbour never reached, or reached at a strictly higher cost,
 * takes g', parent n, is (re)opened and pushed with {@code (g' + w * h(m), g')}. Equal-cost
 * alternatives keep the first parent found. Expanded nodes are the iterations, less one when the
 * goal was popped.
 *
 * <p>{@link #step(int)} runs at most n iterations; any sequence of budgets gives the same
 * expansion order, path and cost as one {@link #run()}. Nothing is allocated per search.
 *
 * @param <T> topology
 * @param <C> step cost hook
 * @param <H> heuristic
 */
public final class AStar<T extends GridTopology, C extends StepCost, H extends Heuristic>
        implements SlicedSearch, Snapshottable {
    private final T topology;
    private final C stepCost;
    private final H heuristic;
    private final GridSearchBuffers buffers;
    private final double weight;
    private final int[] neighborNodes;
    private final double[] neighborCosts;
    private final SearchNodes nodes;

    private SearchStatus status = SearchStatus.NOT_STARTED;
    private int start = -1;
    private int goal = -1;
    private int iterations;
    private int expanded;
    private double pathCost = Double.POSITIVE_INFINITY;

    /** A* with heuristic weight 1. */
    public AStar(T topology, C stepCost, H heuristic, GridSearchBuffers buffers) {
        this(topology, stepCost, heuristic, buffers, 1.0);
    }

    /**
     * @param weight heuristic weight w in {@code f = g + w * h}: finite and &gt;= 0 (above 1 gives
     *               up optimality)
     */
    public AStar(T topology, C stepCost, H heuristic, GridSearchBuffers buffers, double weight) {
        this.topology = Objects.requireNonNull(topology, "topology");
        this.stepCost = Objects.requireNonNull(stepCost, "stepCost");
        this.heuristic = Objects.requireNonNull(heuristic, "heuristic");
        this.buffers = Objects.requireNonNull(buffers, "buffers");
        SlicedSearch.checkWeight(weight);
        if (buffers.nodeCount() < topology.nodeCount()) {
            throw new IllegalArgumentException(
                    "buffers hold " + buffers.nodeCount() + " nodes, the topology has " + topology.nodeCount());
        }
        this.weight = weight;
        this.neighborNodes = new int[topology.maxDegree()];
        this.neighborCosts = new double[topology.maxDegree()];
        this.nodes = new SearchNodes(buffers);
    }

    public T topology() {
        return topology;
    }

    public GridSearchBuffers buffers() {
        return buffers;
    }

    public double weight() {
        return weight;
    }

    /** Start node of the current search, -1 before the first. */
    public int start() {
        return start;
    }

    /** Goal node of the current search, -1 before the first. */
    public int goal() {
        return goal;
    }

    @Override
    public SearchStatus status() {
        return status;
    }

    /** Pops so far in the current search. */
    @Override
    public int iterations() {
        return iterations;
    }

    /** Expanded nodes so far: iterations, less one when the goal was popped. */
    @Override
    public int expandedCount() {
        return expanded;
    }

    /** Cost of the found path; +infinity unless {@link #status()} is FOUND. */
    @Override
    public double pathCost() {
        return pathCost;
    }

    @Override
    public boolean canStandOn(int node) {
        return topology.isWalkable(node);
    }

    /**
     * Begins a search from {@code start} to {@code goal}.
     *
     * @throws IllegalArgumentException if a node is outside the topology
     */
    @Override
    public void begin(int start, int goal) {
        int n = topology.nodeCount();
        SlicedSearch.checkEnds(start, goal, n);
        buffers.beginSearch();
        this.start = start;
        this.goal = goal;
        this.iterations = 0;
        this.expanded = 0;
        this.pathCost = Double.POSITIVE_INFINITY;
        heuristic.setGoal(goal);
        nodes.begin(start, weight * heuristic.estimate(start));
        status = SearchStatus.RUNNING;
    }

    /** Runs the search to the end. */
    public SearchStatus run() {
        return step(Integer.MAX_VALUE);
    }

    /**
     * Performs at most {@code maxIterations} iterations.
     *
     * @return RUNNING while work remains, else FOUND or NO_PATH
     * @throws IllegalStateException if no search was begun
     */
    @Override
    public SearchStatus step(int maxIterations) {
        if (!SlicedSearch.checkStep(maxIterations, status, "AStar")) {
            return status;
        }
        final T topo = topology;
        final C cost = stepCost;
        final H h = heuristic;
        final SearchNodes ns = nodes;
        final int target = goal;
        final double w = weight;
        final int[] nb = neighborNodes;
        final double[] nc = neighborCosts;
        for (int it = 0; it < maxIterations && !ns.openIsEmpty(); it++) {
            final int n = ns.popAndClose();
            iterations++;
            final double gn = ns.cost(n);
            if (n == target) {
                pathCost = gn;
                status = SearchStatus.FOUND;
                return status;
            }
            expanded++;
            ns.recordExpansion(n);
            final int k = topo.neighbors(n, nb, nc);
            for (int j = 0; j < k; j++) {
                final int m = nb[j];
                final double step = cost.cost(n, m, nc[j]);
                if (!(step >= 0.0) || step == Double.POSITIVE_INFINITY) {
                    continue;
                }
                final double g2 = gn + step;
                if (!ns.isVisited(m) || g2 < ns.cost(m)) {
                    ns.update(m, n, g2, g2 + w * h.estimate(m));
                }
            }
        }
        if (ns.openIsEmpty()) {
            // No work remains: report the end now rather than on the next call.
            status = SearchStatus.NO_PATH;
        }
        return status;
    }

    /** Bytes {@link #saveState()} would return now: one pass over the nodes, no allocation. */
    @Override
    public long stateLength() {
        return SearchSnapshot.length(status, buffers);
    }

    /**
     * The search's state (kind 8 of the state format): counters and, once begun, the visited
     * records, the open set as its heap lies and the recorded expansions. Restored into an A*
     * built the same way, stepping on gives what this search would have given.
     */
    @Override
    public byte[] saveState() {
        return SearchSnapshot.save(StateKind.A_STAR, topology.nodeCount(), counters(), buffers);
    }

    /** Writes {@link #saveState()}'s bytes into {@code w}, allocating nothing once the writer has grown. */
    public void writeState(StateWriter w) {
        SearchSnapshot.write(
                w,
                StateKind.A_STAR,
                topology.nodeCount(),
                status,
                weight,
                start,
                goal,
                expanded,
                iterations,
                pathCost,
                buffers);
    }

    /**
     * Writes {@link #saveState()}'s bytes into {@code destination} from {@code offset}.
     *
     * @return the number of bytes written
     * @throws IllegalArgumentException if they do not fit (nothing is written then)
     */
    @Override
    public long saveState(MemorySegment destination, long offset) {
        return SearchSnapshot.saveInto(
                StateKind.A_STAR, topology.nodeCount(), counters(), buffers, destination, offset);
    }

    private SearchSnapshot.Counters counters() {
        return new SearchSnapshot.Counters(status, weight, start, goal, expanded, iterations, pathCost);
    }

    /**
     * Puts back a saved state in place. The node count and heuristic weight must be this
     * search's (the topology, step cost and heuristic are the caller's to build the same way;
     * the grid is restored first). On {@link org.onepath.state.GridStateException} the search is
     * left not started: begin or restore again.
     */
    @Override
    public void restoreState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        SearchSnapshot.Restored r;
        try {
            r = SearchSnapshot.read(state, StateKind.A_STAR, topology.nodeCount(), weight);
            checkParentsAreNeighbours(r.buffers());
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
        if (goal >= 0) {
            heuristic.setGoal(goal);
        }
    }

    /**
     * Every parent must be a node the topology moves from to its child, so that a restored path
     * is a chain of moves.
     */
    private void checkParentsAreNeighbours(SearchBuffersPiece.Buffers b) {
        int[] visited = b.visitedNodes();
        for (int i = 0; i < visited.length; i++) {
            int p = b.parents()[i];
            if (p < 0) {
                continue;
            }
            int k = topology.neighbors(p, neighborNodes, neighborCosts);
            boolean neighbour = false;
            for (int j = 0; j < k && !neighbour; j++) {
                neighbour = neighborNodes[j] == visited[i];
            }
            if (!neighbour) {
                throw new GridStateException(
                        "visited[" + i + "].parent",
                        p,
                        "a node with a move to node " + visited[i],
                        SearchStateFormat.BUFFERS_OFFSET
                                + SearchBuffersPieceLayout.recordOffset(i)
                                + SearchBuffersPieceLayout.PARENT_OFFSET);
            }
        }
    }

    /** Number of nodes on the found path, start and goal included; 0 unless FOUND. */
    @Override
    public int pathLength() {
        if (status != SearchStatus.FOUND) {
            return 0;
        }
        int length = 1;
        for (int n = goal; n != start; n = nodes.parent(n)) {
            length++;
        }
        return length;
    }

    /**
     * Writes the found path, start first, into {@code out}.
     *
     * @return the number of nodes written
     * @throws IllegalStateException unless FOUND
     * @throws IllegalArgumentException if {@code out} is shorter than {@link #pathLength()}
     */
    @Override
    public int copyPath(int[] out) {
        int length = pathLength();
        SlicedSearch.checkPathBuffer(status, out, length);
        int n = goal;
        for (int i = length - 1; i >= 0; i--) {
            out[i] = n;
            n = nodes.parent(n);
        }
        return length;
    }

    @Override
    public int[] path() {
        int[] out = new int[pathLength()];
        copyPath(out);
        return out;
    }

    @Override
    public int[] expandedNodes() {
        return buffers.expandedNodes();
    }
}
