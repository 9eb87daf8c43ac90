package org.onepath.grids;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.state.GridStateException;
import org.onepath.state.SearchBuffersPiece;
import org.onepath.state.SearchBuffersPieceLayout;
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
 * expansion order, path and cost as one {@link #run()}. Nothing is allocated per search. The
 * state saves and restores as kind 8 of the state format.
 *
 * @param <T> topology
 * @param <C> step cost hook
 * @param <H> heuristic
 */
public final class AStar<T extends GridTopology, C extends StepCost, H extends Heuristic> extends NodeSearch<H> {
    private final T topology;
    private final C stepCost;
    private final int[] neighborNodes;
    private final double[] neighborCosts;

    /**
     * A* with heuristic weight 1.
     *
     * @param topology  the moves and base costs; its node count must not exceed the buffers'
     * @param stepCost  the hook that prices each move from its base cost
     * @param heuristic the estimate to the goal, aimed by {@code begin}
     * @param buffers   the working memory, holding at least the topology's node count; shared only
     *                  with searches that do not run at the same time
     * @throws IllegalArgumentException if the buffers hold fewer nodes than the topology
     */
    public AStar(T topology, C stepCost, H heuristic, GridSearchBuffers buffers) {
        this(topology, stepCost, heuristic, buffers, 1.0);
    }

    /**
     * A* with a heuristic weight.
     *
     * @param topology  the moves and base costs; its node count must not exceed the buffers'
     * @param stepCost  the hook that prices each move from its base cost
     * @param heuristic the estimate to the goal, aimed by {@code begin}
     * @param buffers   the working memory, holding at least the topology's node count
     * @param weight    heuristic weight w in {@code f = g + w * h}: finite and &gt;= 0 (above 1
     *                  gives up optimality)
     * @throws IllegalArgumentException if the weight is out of range or the buffers hold fewer
     *                                  nodes than the topology
     */
    public AStar(T topology, C stepCost, H heuristic, GridSearchBuffers buffers, double weight) {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(stepCost, "stepCost");
        Objects.requireNonNull(heuristic, "heuristic");
        Objects.requireNonNull(buffers, "buffers");
        SlicedSearch.checkWeight(weight);
        if (buffers.nodeCount() < topology.nodeCount()) {
            throw new IllegalArgumentException(
                    "buffers hold " + buffers.nodeCount() + " nodes, the topology has " + topology.nodeCount());
        }
        super(heuristic, buffers, weight, topology.nodeCount(), StateKind.A_STAR);
        this.topology = topology;
        this.stepCost = stepCost;
        this.neighborNodes = new int[topology.maxDegree()];
        this.neighborCosts = new double[topology.maxDegree()];
    }

    /**
     * The moves this search expands.
     *
     * @return the topology given at construction
     */
    public T topology() {
        return topology;
    }

    /**
     * The working memory this search uses.
     *
     * @return the buffers given at construction
     */
    public GridSearchBuffers buffers() {
        return buffers;
    }

    /**
     * The heuristic weight w in {@code f = g + w * h}.
     *
     * @return the weight, finite and 0 or more
     */
    public double weight() {
        return weight;
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
        SlicedSearch.checkEnds(start, goal, nodeCount);
        buffers.beginSearch();
        resetFor(start, goal);
        openStart(weight * heuristic.estimate(start));
    }

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

    /**
     * Writes {@link #saveState()}'s bytes into {@code w}, allocating nothing once the writer has
     * grown.
     *
     * @param w the writer the state is appended to
     */
    public void writeState(StateWriter w) {
        writeStateTo(w);
    }

    /**
     * Puts back a saved state in place. The node count and heuristic weight must be this
     * search's (the topology, step cost and heuristic are the caller's to build the same way;
     * the grid is restored first). On {@link org.onepath.state.GridStateException} the search is
     * left not started: begin or restore again.
     */
    @Override
    public void restoreState(MemorySegment state) {
        restore(state);
    }

    /**
     * Every parent must be a node the topology moves from to its child, so that a restored path
     * is a chain of moves.
     */
    @Override
    protected void checkRestored(SearchSnapshot.Restored restored) {
        SearchBuffersPiece.Buffers b = restored.buffers();
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
                        recordAt(i, SearchBuffersPieceLayout.PARENT_OFFSET));
            }
        }
    }
}
