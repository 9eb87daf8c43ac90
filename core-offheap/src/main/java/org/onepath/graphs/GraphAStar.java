package org.onepath.graphs;

import static org.onepath.layout.CsrLayout.INT;
import static org.onepath.layout.CsrLayout.OFFSET_BYTES;
import static org.onepath.layout.CsrLayout.TARGET_BYTES;
import static org.onepath.layout.CsrLayout.WEIGHT;
import static org.onepath.layout.CsrLayout.WEIGHT_BYTES;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.NodeSearch;
import org.onepath.grids.SearchNodes;
import org.onepath.grids.SearchSnapshot;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.state.GraphStateException;
import org.onepath.state.SearchBuffersPiece;
import org.onepath.state.SearchBuffersPieceLayout;
import org.onepath.state.StateKind;

/**
 * A* over a {@link CsrGraph} (tier 2): the rules of the grid core's {@link org.onepath.grids.AStar}
 * with the graph's arcs as the moves.
 *
 * <p>{@code g[start] = 0}, start pushed with {@code f = w * h(start)}. One iteration pops the best
 * node of the {@link org.onepath.grids.OpenSet} (smaller f, larger g, smaller node) and closes
 * it; if it is the goal the search ends, otherwise its arcs are relaxed in increasing edge id:
 * {@code g' = g[n] + weight}; a head never reached, or reached at a strictly higher cost, takes
 * g', parent n, is (re)opened and pushed with {@code (g' + w * h(m), g')}. Equal-cost
 * alternatives keep the first parent found. With a weight of 0 the estimate is not consulted
 * ({@code f = g}: Dijkstra's algorithm). An estimate of +infinity (a landmark's proof that the node
 * cannot reach the goal) keeps the node out of the open set: pushed with f = +infinity, such
 * nodes would pop last in order of larger g and reopen each other for nothing. The start is
 * pushed whatever its estimate.
 *
 * <p>{@link #step(int)} runs at most n iterations; any sequence of budgets gives the same
 * expansion order, path and cost as one {@link #run()}. Nothing is allocated per search. The
 * state saves and restores as kind 11 of the state format.
 *
 * <p>The relaxation loop reads the CSR segments directly (this class and {@link CsrGraph} share
 * the package): no neighbour arrays are filled, unlike the grid core, whose topologies compute
 * their moves.
 *
 * @param <H> heuristic
 */
public final class GraphAStar<H extends Heuristic> extends NodeSearch<H> {
    private final CsrGraph graph;

    /**
     * A* with heuristic weight 1: optimal when the heuristic is admissible.
     *
     * @param graph     the graph to search; must stay open while the search is used
     * @param heuristic the estimate of the cost to the goal, in the weights' units; used by this
     *                  search alone (its goal is set on {@link #begin})
     * @param buffers   the working memory, at least the graph's node count; the caller owns and
     *                  closes it, and no other search may use it at the same time
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the buffers hold fewer nodes than the graph
     * @throws IllegalStateException    if the graph has been closed
     */
    public GraphAStar(CsrGraph graph, H heuristic, GridSearchBuffers buffers) {
        this(graph, heuristic, buffers, 1.0);
    }

    /**
     * A* with a heuristic weight.
     *
     * @param graph     the graph to search; must stay open while the search is used
     * @param heuristic the estimate of the cost to the goal, in the weights' units; used by this
     *                  search alone (its goal is set on {@link #begin})
     * @param buffers   the working memory, at least the graph's node count; the caller owns and
     *                  closes it, and no other search may use it at the same time
     * @param weight    heuristic weight w in {@code f = g + w * h}: finite and &gt;= 0 (0 is
     *                  Dijkstra's algorithm; above 1 gives up optimality)
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the weight is out of range or the buffers hold fewer
     *                                  nodes than the graph
     * @throws IllegalStateException    if the graph has been closed
     */
    public GraphAStar(CsrGraph graph, H heuristic, GridSearchBuffers buffers, double weight) {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(heuristic, "heuristic");
        Objects.requireNonNull(buffers, "buffers");
        SlicedSearch.checkWeight(weight);
        graph.ensureOpen();
        if (buffers.nodeCount() < graph.nodeCount()) {
            throw new IllegalArgumentException(
                    "buffers hold " + buffers.nodeCount() + " nodes, the graph has " + graph.nodeCount());
        }
        super(heuristic, buffers, weight, graph.nodeCount(), StateKind.GRAPH_A_STAR);
        this.graph = graph;
    }

    /**
     * The graph this search runs on.
     *
     * @return the graph given to the constructor; not owned by the search
     */
    public CsrGraph graph() {
        return graph;
    }

    /**
     * The estimate this search uses.
     *
     * @return the heuristic given to the constructor
     */
    public H heuristic() {
        return heuristic;
    }

    /**
     * The working memory this search uses.
     *
     * @return the buffers given to the constructor; the caller who made them closes them
     */
    public GridSearchBuffers buffers() {
        return buffers;
    }

    /**
     * The heuristic weight w in {@code f = g + w * h}.
     *
     * @return the weight, finite and &gt;= 0
     */
    public double weight() {
        return weight;
    }

    /** Any node of the graph may start or end a search. */
    @Override
    public boolean canStandOn(int node) {
        return node >= 0 && node < graph.nodeCount();
    }

    /**
     * Begins a search from {@code start} to {@code goal}.
     *
     * @throws IllegalArgumentException if a node is outside the graph
     * @throws IllegalStateException    if the graph has been closed
     */
    @Override
    public void begin(int start, int goal) {
        graph.ensureOpen();
        SlicedSearch.checkEnds(start, goal, graph.nodeCount());
        resetFor(start, goal);
        openStart(weight == 0.0 ? 0.0 : weight * heuristic.estimate(start));
    }

    @Override
    public SearchStatus step(int maxIterations) {
        if (!SlicedSearch.checkStep(maxIterations, status, "GraphAStar")) {
            return status;
        }
        graph.ensureOpen();
        final MemorySegment off = graph.offsets;
        final MemorySegment heads = graph.targets;
        final MemorySegment costs = graph.weights;
        final H h = heuristic;
        final SearchNodes ns = nodes;
        final int target = goal;
        final double w = weight;
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
            final int end = off.get(INT, (n + 1L) * OFFSET_BYTES);
            for (int a = off.get(INT, (long) n * OFFSET_BYTES); a < end; a++) {
                final int m = heads.get(INT, a * TARGET_BYTES);
                final double g2 = gn + costs.get(WEIGHT, a * WEIGHT_BYTES);
                if (!ns.isVisited(m) || g2 < ns.cost(m)) {
                    if (w == 0.0) {
                        ns.update(m, n, g2, g2);
                    } else {
                        final double hm = h.estimate(m);
                        // +infinity proves m cannot reach the goal: it is never pushed
                        if (hm != Double.POSITIVE_INFINITY) {
                            ns.update(m, n, g2, g2 + w * hm);
                        }
                    }
                }
            }
        }
        if (ns.openIsEmpty()) {
            status = SearchStatus.NO_PATH;
        }
        return status;
    }

    /**
     * Writes the edge ids of the found path, first edge first, into {@code out} (one fewer than
     * the nodes). Between a node and its parent the edge is the first arc, in id order, from the
     * parent to the node whose weight added to the parent's cost gives the node's cost exactly:
     * the arc the search took, or one the search could not tell from it.
     *
     * @param out the array to fill from index 0, at least {@code pathLength() - 1} long
     * @return the number of edges written
     * @throws IllegalStateException    unless FOUND
     * @throws IllegalArgumentException if {@code out} is shorter than {@code pathLength() - 1}
     */
    public int copyPathEdges(int[] out) {
        int length = pathLength() - 1;
        SlicedSearch.checkPathBuffer(status, out, length);
        int n = goal;
        for (int i = length - 1; i >= 0; i--) {
            int p = nodes.parent(n);
            out[i] = edgeBetween(p, n);
            n = p;
        }
        return length;
    }

    /**
     * The edge ids of the found path as a new array, first edge first; see
     * {@link #copyPathEdges(int[])} for which edge joins two nodes.
     *
     * @return a new array of {@code pathLength() - 1} edge ids (empty when start is the goal)
     * @throws IllegalStateException unless FOUND
     */
    public int[] pathEdges() {
        int[] out = new int[Math.max(0, pathLength() - 1)];
        copyPathEdges(out);
        return out;
    }

    private int edgeBetween(int parent, int child) {
        double gp = nodes.cost(parent);
        double gc = nodes.cost(child);
        int end = graph.endArc(parent);
        int fallback = -1;
        for (int a = graph.firstArc(parent); a < end; a++) {
            if (graph.target(a) == child) {
                if (gp + graph.weight(a) == gc) {
                    return graph.edgeId(a);
                }
                if (fallback < 0) {
                    fallback = graph.edgeId(a);
                }
            }
        }
        // Only a restored state can get here (its costs are trusted, not recomputed).
        return fallback;
    }

    // ---- state (kind 11) ----

    /**
     * Puts back a saved state in place. The node count and heuristic weight must be this
     * search's, and every parent a node with an arc to its child in this graph. On
     * {@link GraphStateException} the search is left not started: begin or restore again.
     *
     * @throws GraphStateException naming the field, value, bound and offset of bad bytes
     */
    @Override
    public void restoreState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        graph.ensureOpen();
        restore(state);
    }

    /** Every parent must have an arc to its child, so a restored path is a chain of edges. */
    @Override
    protected void checkRestored(SearchSnapshot.Restored restored) {
        SearchBuffersPiece.Buffers b = restored.buffers();
        int[] visited = b.visitedNodes();
        int[] parents = b.parents();
        for (int i = 0; i < visited.length; i++) {
            int p = parents[i];
            if (p < 0) {
                continue;
            }
            boolean arc = false;
            int end = graph.endArc(p);
            for (int a = graph.firstArc(p); a < end && !arc; a++) {
                arc = graph.target(a) == visited[i];
            }
            if (!arc) {
                throw new GraphStateException(
                        "visited[" + i + "].parent",
                        p,
                        "a node with an edge to node " + visited[i],
                        recordAt(i, SearchBuffersPieceLayout.PARENT_OFFSET));
            }
        }
    }
}
