package org.onepath.grids.theta;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;
import org.onepath.cells.GridCellsLayout;
import org.onepath.cells.SquareCells;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.NodeSearch;
import org.onepath.grids.SearchNodes;
import org.onepath.grids.SearchSnapshot;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.state.GridStateException;
import org.onepath.state.OpenSetPieceLayout;
import org.onepath.state.SearchBuffersPiece;
import org.onepath.state.SearchBuffersPieceLayout;
import org.onepath.state.SearchStateFormat;
import org.onepath.state.StateKind;

/**
 * Any-angle search over cell centres (tier 2): Theta*, Lazy Theta* and Lazy Theta* with
 * re-queue ({@link ThetaVariant}). For a square grid with eight moves, no corner cutting, agent
 * size 1 and one cost multiplier m for every area; the caller checks that the query qualifies.
 *
 * <p>Normative behaviour. Nodes are the cells (the same nodes as A*). The open set is the grid
 * core's {@link org.onepath.grids.OpenSet} (smaller f, larger g, smaller cell), with
 * {@code f = g + w * h}. One iteration pops one node. The neighbours of an expanded node s are
 * its legal moves in the order north, east, south, west, north-east, south-east, south-west,
 * north-west; a closed node is never reopened, and a neighbour takes a candidate only when it
 * was never reached or the candidate is strictly cheaper, so the first parent found wins ties.
 * The start has no parent. With p the parent of s and {@code c(a, b) = m * sqrt(dx*dx + dy*dy)}
 * (the sum exact in 64 bits, one correctly rounded root):
 * <ul>
 *   <li>{@link ThetaVariant#THETA}: a neighbour t is offered {@code g(p) + c(p, t)} with parent p
 *       when p exists and sees t ({@link GridLineOfSight}), else {@code g(s) + c(s, t)} with
 *       parent s;</li>
 *   <li>{@link ThetaVariant#LAZY}: t is always offered {@code g(p) + c(p, t)} with parent p (the
 *       start offers through itself). When a node is popped, SetVertex: if it has a parent that
 *       does not see it, its parent becomes the closed legal neighbour u minimising
 *       {@code g(u) + c(u, node)} (neighbour order, first on ties) and its g that sum; then it is
 *       closed and expanded;</li>
 *   <li>{@link ThetaVariant#LAZY_REQUEUE}: as LAZY, but a node SetVertex repaired goes back into the
 *       open set under its corrected g and f and is not expanded in that iteration (the pop still
 *       counts).</li>
 * </ul>
 * The goal is tested when popped (after SetVertex). A node's cost is always its parent's plus
 * the segment between them, added in path order, so the reported cost is the sum of the path's
 * segment costs from 0. The path lists the waypoints only.
 *
 * <p>Counts: {@link #iterations()} are the pops; {@link #expandedCount()} the nodes expanded (not
 * the goal's pop, nor a pop that re-queued a node), so for THETA and LAZY it is the iterations
 * less one when the goal was popped, as for A*.
 *
 * <p>{@link #step(int)} runs at most n iterations; any sequence of budgets gives the same result
 * as one {@link #run()}. Reads the live cells: the grid must not be edited during a search.
 * Nothing is allocated per search.
 *
 * @param <H> heuristic ({@link EuclideanHeuristic} scaled by m, or zero)
 */
public final class ThetaSearch<H extends Heuristic> extends NodeSearch<H> {
    private final SquareCells grid;
    private final MemorySegment cells;
    private final int width;
    private final int height;
    private final ThetaVariant variant;
    private final double cellCost;
    private final int[] neighbours = new int[8];

    /**
     * A search with heuristic weight 1: with {@link EuclideanHeuristic} scaled by m (or zero), the
     * variants' usual any-angle paths.
     *
     * @param grid      the square grid whose live cells are searched; not owned, and not edited
     *                  during a search
     * @param variant   Theta*, Lazy Theta* or Lazy Theta* with re-queue
     * @param heuristic the estimate of the cost to the goal, used by this search alone
     * @param cellCost  the multiplier m shared by every area (positive and finite)
     * @param buffers   the working memory, at least the grid's cell count; the caller owns and
     *                  closes it, and no other search may use it at the same time
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the cost is not positive and finite, or the buffers hold
     *                                  fewer nodes than the grid has cells
     */
    public ThetaSearch(
            SquareCells grid, ThetaVariant variant, H heuristic, double cellCost, GridSearchBuffers buffers) {
        this(grid, variant, heuristic, cellCost, buffers, 1.0);
    }

    /**
     * A search with a heuristic weight.
     *
     * @param grid      the square grid whose live cells are searched; not owned, and not edited
     *                  during a search
     * @param variant   Theta*, Lazy Theta* or Lazy Theta* with re-queue
     * @param heuristic the estimate of the cost to the goal, used by this search alone
     * @param cellCost  the multiplier m shared by every area (positive and finite)
     * @param buffers   the working memory, at least the grid's cell count; the caller owns and
     *                  closes it, and no other search may use it at the same time
     * @param weight    heuristic weight w in {@code f = g + w * h}: finite and &gt;= 0
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the cost is not positive and finite, the weight is out of
     *                                  range, or the buffers hold fewer nodes than the grid has
     *                                  cells
     */
    public ThetaSearch(
            SquareCells grid,
            ThetaVariant variant,
            H heuristic,
            double cellCost,
            GridSearchBuffers buffers,
            double weight) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(heuristic, "heuristic");
        Objects.requireNonNull(buffers, "buffers");
        if (!(cellCost > 0) || Double.isInfinite(cellCost)) {
            throw new IllegalArgumentException("cellCost must be positive and finite, was " + cellCost);
        }
        SlicedSearch.checkWeight(weight);
        if (buffers.nodeCount() < grid.cellCount()) {
            throw new IllegalArgumentException(
                    "buffers hold " + buffers.nodeCount() + " nodes, the grid has " + grid.cellCount());
        }
        super(heuristic, buffers, weight, grid.width() * grid.height(), StateKind.THETA_STAR);
        this.grid = grid;
        this.variant = variant;
        this.cells = grid.cells();
        this.width = grid.width();
        this.height = grid.height();
        this.cellCost = cellCost;
    }

    /**
     * The grid this search runs on.
     *
     * @return the grid given to the constructor; not owned by the search
     */
    public SquareCells grid() {
        return grid;
    }

    /**
     * Which any-angle rule this search follows.
     *
     * @return the variant given to the constructor
     */
    public ThetaVariant variant() {
        return variant;
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
     * The multiplier m of every segment's length.
     *
     * @return m, positive and finite
     */
    public double cellCost() {
        return cellCost;
    }

    /**
     * The heuristic weight w in {@code f = g + w * h}.
     *
     * @return the weight, finite and &gt;= 0
     */
    public double weight() {
        return weight;
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
     * The cost of the straight segment between two cells: {@code m * sqrt(dx*dx + dy*dy)}. Line
     * of sight is not checked.
     *
     * @param from a cell index, {@code y * width + x}, in 0..width*height-1
     * @param to   a cell index, in 0..width*height-1
     * @return the segment's cost, &gt;= 0
     * @throws IllegalArgumentException if an index is out of range
     */
    public double segmentCost(int from, int to) {
        checkNode(from);
        checkNode(to);
        return cellCost * EuclideanHeuristic.length(to % width - from % width, to / width - from / width);
    }

    @Override
    public boolean canStandOn(int node) {
        return node >= 0 && node < width * height && !wall(node);
    }

    /**
     * Begins a search from {@code start} to {@code goal}.
     *
     * @throws IllegalArgumentException if a node is outside the grid or a wall
     */
    @Override
    public void begin(int start, int goal) {
        SlicedSearch.checkEnds(start, goal, width * height);
        if (wall(start)) {
            throw new IllegalArgumentException(
                    "start node " + start + " (" + start % width + ", " + start / width + ") is a wall");
        }
        if (wall(goal)) {
            throw new IllegalArgumentException(
                    "goal node " + goal + " (" + goal % width + ", " + goal / width + ") is a wall");
        }
        resetFor(start, goal);
        openStart(weight * heuristic.estimate(start));
    }

    /**
     * Theta* only: it tests line of sight before it gives a node a parent, so every reached node's
     * parent chain is a chain of waypoints in sight. The lazy variants give open nodes parents
     * they have not yet tested, so they offer no partial paths.
     */
    @Override
    public boolean offersPartialPaths() {
        return variant == ThetaVariant.THETA;
    }

    @Override
    public SearchStatus step(int maxIterations) {
        if (!SlicedSearch.checkStep(maxIterations, status, "ThetaSearch")) {
            return status;
        }
        final MemorySegment c = cells;
        final int w = width;
        final int h = height;
        final SearchNodes ns = nodes;
        final H est = heuristic;
        final double m = cellCost;
        final double wt = weight;
        final int target = goal;
        final int[] nb = neighbours;
        final boolean lazy = variant != ThetaVariant.THETA;
        final boolean requeue = variant == ThetaVariant.LAZY_REQUEUE;
        for (int it = 0; it < maxIterations && !ns.openIsEmpty(); it++) {
            final int n = ns.popAndClose();
            iterations++;
            final int nx = n % w;
            final int ny = n / w;
            if (lazy) {
                final int p = ns.parent(n);
                if (p >= 0 && !GridLineOfSight.visible(c, w, h, p % w, p / w, nx, ny)) {
                    // SetVertex: the cheapest closed neighbour, first in neighbour order on ties.
                    final int k = neighbours(n, nb);
                    double best = Double.POSITIVE_INFINITY;
                    int bestParent = -1;
                    for (int j = 0; j < k; j++) {
                        final int u = nb[j];
                        if (ns.isClosed(u)) {
                            final double candidate = ns.cost(u) + m * EuclideanHeuristic.length(nx - u % w, ny - u / w);
                            if (candidate < best) {
                                best = candidate;
                                bestParent = u;
                            }
                        }
                    }
                    if (bestParent < 0) {
                        // The node was offered by an expanded (closed) neighbour, so one exists.
                        throw new IllegalStateException("node " + n + " has no closed neighbour to repair its parent");
                    }
                    if (requeue) {
                        ns.update(n, bestParent, best, best + wt * est.estimate(n));
                        continue;
                    }
                    ns.repair(n, bestParent, best);
                }
            }
            final double gn = ns.cost(n);
            if (n == target) {
                pathCost = gn;
                status = SearchStatus.FOUND;
                return status;
            }
            expanded++;
            ns.recordExpansion(n);
            final int p = ns.parent(n);
            final int px = p >= 0 ? p % w : 0;
            final int py = p >= 0 ? p / w : 0;
            final double gp = p >= 0 ? ns.cost(p) : 0.0;
            final int k = neighbours(n, nb);
            for (int j = 0; j < k; j++) {
                final int t = nb[j];
                if (ns.isClosed(t)) {
                    continue;
                }
                final int tx = t % w;
                final int ty = t / w;
                final boolean reached = ns.isVisited(t);
                final double candidate;
                final int parent;
                if (p < 0) {
                    candidate = gn + m * EuclideanHeuristic.length(tx - nx, ty - ny);
                    parent = n;
                } else if (lazy) {
                    candidate = gp + m * EuclideanHeuristic.length(tx - px, ty - py);
                    parent = p;
                } else {
                    final double viaP = gp + m * EuclideanHeuristic.length(tx - px, ty - py);
                    final double viaN = gn + m * EuclideanHeuristic.length(tx - nx, ty - ny);
                    if (reached) {
                        final double gt = ns.cost(t);
                        if (gt <= viaP && gt <= viaN) {
                            // Neither candidate is strictly cheaper, so whatever the line of sight
                            // says t keeps its cost: skip the walk (the result is the same).
                            continue;
                        }
                    }
                    if (GridLineOfSight.visible(c, w, h, px, py, tx, ty)) {
                        candidate = viaP;
                        parent = p;
                    } else {
                        candidate = viaN;
                        parent = n;
                    }
                }
                if (!reached || candidate < ns.cost(t)) {
                    ns.update(t, parent, candidate, candidate + wt * est.estimate(t));
                }
            }
        }
        if (ns.openIsEmpty()) {
            status = SearchStatus.NO_PATH;
        }
        return status;
    }

    /**
     * The legal moves out of {@code n} in the normative order (north, east, south, west, north-east,
     * south-east, south-west, north-west): the target walkable and, for a diagonal, both cells
     * beside it walkable.
     */
    private int neighbours(int n, int[] out) {
        final int w = width;
        final int x = n % w;
        final int y = n / w;
        final boolean north = y > 0 && !wall(n - w);
        final boolean east = x < w - 1 && !wall(n + 1);
        final boolean south = y < height - 1 && !wall(n + w);
        final boolean west = x > 0 && !wall(n - 1);
        int k = 0;
        if (north) {
            out[k++] = n - w;
        }
        if (east) {
            out[k++] = n + 1;
        }
        if (south) {
            out[k++] = n + w;
        }
        if (west) {
            out[k++] = n - 1;
        }
        if (north && east && !wall(n - w + 1)) {
            out[k++] = n - w + 1;
        }
        if (south && east && !wall(n + w + 1)) {
            out[k++] = n + w + 1;
        }
        if (south && west && !wall(n + w - 1)) {
            out[k++] = n + w - 1;
        }
        if (north && west && !wall(n - w - 1)) {
            out[k++] = n - w - 1;
        }
        return k;
    }

    private boolean wall(int node) {
        return cells.get(GridCellsLayout.CELL, node) == GridCellsLayout.WALL_BYTE;
    }

    private void checkNode(int node) {
        int n = width * height;
        if (node < 0 || node >= n) {
            throw new IllegalArgumentException("node " + node + " is outside 0.." + (n - 1));
        }
    }

    // ---- snapshots (kind 10) ----

    /**
     * Puts back a saved state in place, into a search built the same way (same grid, restored
     * first, same variant, cell cost, heuristic and weight). Beyond the format's checks
     * ({@link SearchStateFormat}), the search checks what only it knows: every visited node is a
     * walkable cell; the start is closed once anything popped; every other visited node's parent
     * is closed, is the node's offerer or the offerer's parent for some closed legal neighbour
     * (the offerer), and the node's g is exactly the parent's g plus the segment between them;
     * a closed node's parent sees it, and so does every parent under {@link ThetaVariant#THETA};
     * the open set holds exactly the visited nodes that are not closed, each with
     * {@code F = g + w * h}; the closed nodes are the expansions plus the goal when found, and
     * without re-queue they are the iterations too. On
     * {@link org.onepath.state.GridStateException} the search is left not started: begin or
     * restore again.
     */
    @Override
    public void restoreState(MemorySegment state) {
        restore(state);
    }

    /** Aims the heuristic at the restored goal first: the open set's f values are checked with it. */
    @Override
    protected void checkRestored(SearchSnapshot.Restored r) {
        if (r.counters().status() != SearchStatus.NOT_STARTED) {
            heuristic.setGoal(r.counters().goal());
            check(r);
        }
    }

    /** Nothing to do: {@link #checkRestored} aimed the heuristic before checking. */
    @Override
    protected void aimRestored() {}

    private void check(SearchSnapshot.Restored r) {
        SearchSnapshot.Counters counters = r.counters();
        SearchBuffersPiece.Buffers b = r.buffers();
        int[] visited = b.visitedNodes();
        boolean[] closed = b.closed();
        double[] g = b.g();
        int[] parents = b.parents();
        final int w = width;
        int closedCount = 0;
        for (int i = 0; i < visited.length; i++) {
            int node = visited[i];
            if (wall(node)) {
                throw new GridStateException(
                        "visited[" + i + "].node",
                        node,
                        "a walkable cell (" + node % w + ", " + node / w + ") is a wall",
                        recordAt(i, SearchBuffersPieceLayout.NODE_OFFSET));
            }
            if (closed[i]) {
                closedCount++;
            }
        }
        int startAt = Arrays.binarySearch(visited, counters.start());
        if (closed[startAt] != (counters.iterations() > 0)) {
            throw new GridStateException(
                    "visited[" + startAt + "].closed",
                    closed[startAt] ? 1 : 0,
                    (counters.iterations() > 0 ? 1 : 0) + " (the start is closed by the first pop and never reopened)",
                    recordAt(startAt, SearchBuffersPieceLayout.CLOSED_OFFSET));
        }
        int expectedExpanded = closedCount - (counters.status() == SearchStatus.FOUND ? 1 : 0);
        if (counters.expanded() != expectedExpanded) {
            throw new GridStateException(
                    "expanded",
                    counters.expanded(),
                    expectedExpanded + " (the closed nodes, less the goal when found)",
                    SearchStateFormat.EXPANDED_OFFSET);
        }
        if (variant != ThetaVariant.LAZY_REQUEUE && counters.iterations() != closedCount) {
            throw new GridStateException(
                    "iterations",
                    counters.iterations(),
                    closedCount + " (the closed nodes: without re-queue every pop closes one)",
                    SearchStateFormat.ITERATIONS_OFFSET);
        }
        int open = b.open().nodes().length;
        long openAt = SearchStateFormat.BUFFERS_OFFSET + SearchBuffersPieceLayout.openSetOffset(visited.length);
        if (open != visited.length - closedCount) {
            throw new GridStateException(
                    "open.count",
                    open,
                    (visited.length - closedCount) + " (every visited node that is not closed is open)",
                    openAt);
        }
        for (int s = 0; s < open; s++) {
            int node = b.open().nodes()[s];
            double gv = g[Arrays.binarySearch(visited, node)];
            double f = gv + weight * heuristic.estimate(node);
            if (Double.doubleToRawLongBits(b.open().f()[s]) != Double.doubleToRawLongBits(f)) {
                throw new GridStateException(
                        "open[" + s + "].f",
                        Double.toString(b.open().f()[s]),
                        f + " (g + w * h of node " + node + ")",
                        openAt + OpenSetPieceLayout.slotOffset(s) + OpenSetPieceLayout.F_OFFSET);
            }
        }
        for (int i = 0; i < visited.length; i++) {
            int node = visited[i];
            int p = parents[i];
            if (p < 0) {
                continue; // the start (the format allows no other root)
            }
            int pi = Arrays.binarySearch(visited, p);
            long parentAt = recordAt(i, SearchBuffersPieceLayout.PARENT_OFFSET);
            if (!closed[pi]) {
                throw new GridStateException(
                        "visited[" + i + "].parent", p, "a closed node (parents are closed and final)", parentAt);
            }
            if (!offeredThrough(node, p, visited, closed, parents)) {
                throw new GridStateException(
                        "visited[" + i + "].parent",
                        p,
                        "a closed legal neighbour of node " + node + " or the parent of one",
                        parentAt);
            }
            double expected = g[pi] + segmentCost(p, node);
            if (Double.doubleToRawLongBits(g[i]) != Double.doubleToRawLongBits(expected)) {
                throw new GridStateException(
                        "visited[" + i + "].g",
                        Double.toString(g[i]),
                        expected + " (the parent's g plus the segment to it)",
                        recordAt(i, SearchBuffersPieceLayout.G_OFFSET));
            }
            if ((closed[i] || variant == ThetaVariant.THETA)
                    && !GridLineOfSight.visible(cells, w, height, p % w, p / w, node % w, node / w)) {
                throw new GridStateException(
                        "visited[" + i + "].parent",
                        p,
                        "a node that sees node " + node
                                + (closed[i]
                                        ? " (a closed node's parent sees it)"
                                        : " (Theta* gives only visible parents)"),
                        parentAt);
            }
        }
    }

    /** Whether some closed legal neighbour s of {@code node} has {@code p == s} or {@code p == parent(s)}. */
    private boolean offeredThrough(int node, int p, int[] visited, boolean[] closed, int[] parents) {
        int k = neighbours(node, neighbours);
        for (int j = 0; j < k; j++) {
            int s = neighbours[j];
            int si = Arrays.binarySearch(visited, s);
            if (si >= 0 && closed[si] && (s == p || parents[si] == p)) {
                return true;
            }
        }
        return false;
    }
}
