package org.onepath.grids.hpa;

import static org.onepath.layout.NodeRecordLayout.CLOSED_BIT;
import static org.onepath.layout.NodeRecordLayout.G;
import static org.onepath.layout.NodeRecordLayout.GENERATION_SHIFT;
import static org.onepath.layout.NodeRecordLayout.G_OFFSET;
import static org.onepath.layout.NodeRecordLayout.INT;
import static org.onepath.layout.NodeRecordLayout.MARK_OFFSET;
import static org.onepath.layout.NodeRecordLayout.MAX_GENERATION;
import static org.onepath.layout.NodeRecordLayout.PARENT_OFFSET;
import static org.onepath.layout.NodeRecordLayout.RECORD_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;
import org.onepath.cells.Connectivity;
import org.onepath.cells.GridMath;
import org.onepath.grids.GridDistanceHeuristic;
import org.onepath.grids.ManhattanHeuristic;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.layout.HpaLayout;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.NodeHeap;
import org.onepath.memory.OwnerState;

/**
 * An HPA* query over an {@link HpaHierarchy} (tier 2): insertion of the start and goal, A* over
 * the abstract graph, refinement to cells and optional smoothing.
 *
 * <p>{@link #begin} refreshes the hierarchy, then inserts: one chunk-restricted Dijkstra from the
 * start gives the cost to every node of its chunk (and to the goal when it shares the chunk), one
 * from the goal the cost of the edges into the goal; in an open chunk (docs/hpa.md, "Open chunks")
 * those costs are computed. The abstract A* keeps its records by node number (the hierarchy's
 * numbering, then the start and the goal when they are no nodes), orders its open list by smaller
 * f, larger g, smaller cell, estimates by the octile (eight moves) or Manhattan distance times the
 * smallest area multiplier, and expands a node's edges in the order: start edges or intra-edges by
 * node index, the edge to the goal, inter-edges by target. One iteration is one abstract pop.
 *
 * <p>When the goal is popped the abstract path is refined to the parents of the chunk search
 * that priced each edge (a border crossing is one step): the start's and the goal's searches
 * are kept, an intra-edge's is run again bounded by its known cost (docs/hpa.md, "Refining an
 * intra-edge with its cost known"), and in an open chunk or a walkable box of a chunk with one
 * multiplier the parents are computed. With smoothing on the path is then shortened by straight
 * walks (paper section 5): from path position i, walking in each direction N, E, S, W, NE, SE,
 * SW, NW while moves are legal, a walk that meets a later path cell j &gt; i + 1 (a cell on the
 * path twice counts at its last position) and costs less than the path from i to j by more than
 * 1e-9 is a candidate; the largest j wins, then the lower cost, then the lower direction, and
 * the path continues from j. {@link #pathCost()} is the sum of the final cells' move costs.
 *
 * <p>The path is found exactly when one exists, as long as no cost passes the double range (area
 * multipliers near {@code Double.MAX_VALUE}: docs/hpa.md); every step is a legal move; the cost
 * is never below the optimum, but it is not optimal. A query allocates nothing once the buffers
 * have grown to the longest path seen. Owns native memory (a record per node number, a position
 * per cell for smoothing, an open list, three chunk searches, the open-chunk tables):
 * {@link #close()} frees it. Not thread-safe; the grid must not be edited during a query.
 */
public final class HpaSearch implements SlicedSearch, AutoCloseable {
    /** How much cheaper a smoothing walk must be than the path it replaces. */
    public static final double SMOOTHING_MARGIN = 1e-9;

    private final HpaHierarchy hierarchy;
    private final HpaMoves moves;
    private final boolean smoothing;
    private final int width;
    private final int height;
    private final int cellCount;
    private final Arena arena;
    /**
     * The abstract A*'s records by node number: the hierarchy's numbering of every chunk's nodes,
     * then the start and the goal when they are no nodes ({@link #idCapacity} in all).
     */
    private final MemorySegment records;
    /** Per node number: its cell (written when the search first reaches it). */
    private final MemorySegment idCells;
    /** Per cell: the last position on the path being smoothed, -1 off the path. */
    private final MemorySegment positions;

    private final OpenList open;
    /** The start's insertion search, kept for the refinement of the start's edge. */
    private final ChunkDijkstra startSearch;
    /** The goal's insertion search, kept for the refinement of the edge into the goal. */
    private final ChunkDijkstra goalSearch;
    /** The refinement of intra-edges. */
    private final ChunkDijkstra edgeSearch;
    /** Costs and paths inside open chunks, instead of the chunk searches. */
    private final OpenChunkPaths openPaths;

    private GridDistanceHeuristic heuristic;
    private double heuristicScale = Double.NaN;
    private final NativeIntList expansions = new NativeIntList();
    private final OwnerState state = new OwnerState("HpaSearch");
    private int generation;
    private boolean recordExpansions;

    private SearchStatus status = SearchStatus.NOT_STARTED;
    private int start;
    private int goal;
    private int startChunk;
    private int goalChunk;
    private int startNode;
    private int startId;
    private int goalId;
    private double startToGoal;
    /** Whether the start's chunk is open and its costs were computed rather than searched. */
    private boolean startOpen;
    /** Whether the goal's chunk is open and its costs were computed rather than searched. */
    private boolean goalOpen;

    private double[] startCosts = new double[16];
    private double[] goalCosts = new double[16];
    private int iterations;

    private int[] path = new int[64];
    private int pathLength;
    private double pathCost = Double.POSITIVE_INFINITY;
    private int[] scratch = new int[64];
    private int[] abstractPath = new int[64];
    private int[] smoothInput = new int[64];
    private double[] prefix = new double[64];
    /** Per path position i and direction d, at {@code 8 * i + d}: how far the walk may go (see {@link #reaches}). */
    private int[] reach = new int[8 * 64];
    /**
     * Per line of the grid, the smallest and largest coordinate of the path cells after the
     * position being smoothed, for {@link #reaches}: the columns (index x, their cells' y) from 0,
     * the rows (index y, x) from {@link #rows}, the diagonals (index x - y + height - 1, x) from
     * {@link #diagonals} and the anti-diagonals (index x + y, x) from {@link #antiDiagonals}; an
     * empty line holds {@code Integer.MAX_VALUE} and -1.
     */
    private final int[] lineMin;

    private final int[] lineMax;
    private final int rows;
    private final int diagonals;
    private final int antiDiagonals;

    /**
     * A search with smoothing on. Allocates its records, open list and chunk searches off-heap
     * (docs/hpa.md, "Cost"); the caller closes the search.
     *
     * @param hierarchy the hierarchy to search; it must stay open while the search is used, and
     *                  the search does not close it
     * @throws NullPointerException  if {@code hierarchy} is null
     * @throws IllegalStateException if the hierarchy has been closed
     */
    public HpaSearch(HpaHierarchy hierarchy) {
        this(hierarchy, true);
    }

    /**
     * A search with smoothing on or off. Allocates its records, open list and chunk searches
     * off-heap (docs/hpa.md, "Cost"); the caller closes the search.
     *
     * @param hierarchy the hierarchy to search; it must stay open while the search is used, and
     *                  the search does not close it
     * @param smoothing whether found paths are shortened by straight walks (see the class
     *                  comment)
     * @throws NullPointerException  if {@code hierarchy} is null
     * @throws IllegalStateException if the hierarchy has been closed
     */
    public HpaSearch(HpaHierarchy hierarchy, boolean smoothing) {
        this.hierarchy = Objects.requireNonNull(hierarchy, "hierarchy");
        if (hierarchy.isClosed()) {
            throw new IllegalStateException("HpaHierarchy has been closed");
        }
        this.moves = hierarchy.moves();
        this.smoothing = smoothing;
        this.width = hierarchy.grid().width();
        this.cellCount = hierarchy.grid().cellCount();
        this.arena = Arena.ofShared();
        int ids = idCapacity(hierarchy);
        this.records = arena.allocate(ids * RECORD_BYTES, 8);
        this.idCells = arena.allocate(ids * HpaLayout.CELL_INT_BYTES, HpaLayout.CELL_INT_BYTES);
        this.positions = arena.allocate(cellCount * HpaLayout.CELL_INT_BYTES, HpaLayout.CELL_INT_BYTES);
        positions.fill((byte) 0xFF);
        this.open = new OpenList(ids, idCells);
        this.startSearch = new ChunkDijkstra(moves, hierarchy.chunkSize());
        this.goalSearch = new ChunkDijkstra(moves, hierarchy.chunkSize());
        this.edgeSearch = new ChunkDijkstra(moves, hierarchy.chunkSize());
        this.openPaths = new OpenChunkPaths(hierarchy.chunkSize(), moves.eight, width);
        this.height = hierarchy.grid().height();
        this.rows = width;
        this.diagonals = rows + height;
        this.antiDiagonals = diagonals + width + height - 1;
        this.lineMin = new int[antiDiagonals + width + height - 1];
        this.lineMax = new int[lineMin.length];
        Arrays.fill(lineMin, Integer.MAX_VALUE);
        Arrays.fill(lineMax, -1);
    }

    /**
     * The hierarchy this search runs on.
     *
     * @return the hierarchy given to the constructor; not owned by the search
     */
    public HpaHierarchy hierarchy() {
        return hierarchy;
    }

    /**
     * Whether found paths are smoothed.
     *
     * @return the flag given to the constructor
     */
    public boolean smoothing() {
        return smoothing;
    }

    /**
     * Records the popped abstract nodes (but the goal) of the next searches, for
     * {@link #expandedNodes()}; off by default.
     *
     * @param on whether the searches begun from now on record their expansions
     */
    public void recordExpansions(boolean on) {
        this.recordExpansions = on;
    }

    @Override
    public boolean canStandOn(int node) {
        ensureOpen();
        if (node < 0 || node >= cellCount) {
            return false;
        }
        hierarchy.refresh();
        return moves.walkable(node);
    }

    @Override
    public void begin(int start, int goal) {
        ensureOpen();
        SlicedSearch.checkEnds(start, goal, cellCount);
        hierarchy.refresh();
        if (!moves.walkable(start)) {
            throw new IllegalArgumentException(
                    "start cell " + start + " is not walkable for agent size " + hierarchy.agentSize());
        }
        if (!moves.walkable(goal)) {
            throw new IllegalArgumentException(
                    "goal cell " + goal + " is not walkable for agent size " + hierarchy.agentSize());
        }
        this.start = start;
        this.goal = goal;
        this.startChunk = hierarchy.chunkOf(start);
        this.goalChunk = hierarchy.chunkOf(goal);
        this.startNode = hierarchy.nodeIndex(startChunk, start);
        int total = (int) hierarchy.totalNodeCount();
        this.startId = startNode >= 0 ? hierarchy.firstNode(startChunk) + startNode : total;
        int goalNode = hierarchy.nodeIndex(goalChunk, goal);
        this.goalId = goal == start ? startId : goalNode >= 0 ? hierarchy.firstNode(goalChunk) + goalNode : total + 1;
        double scale = hierarchy.grid().areas().minCost();
        if (scale != heuristicScale) {
            heuristic = hierarchy.connectivity() == Connectivity.EIGHT
                    ? new OctileHeuristic(width, scale)
                    : new ManhattanHeuristic(width, scale);
            heuristicScale = scale;
        }
        heuristic.setGoal(goal);
        insert();
        if (generation == MAX_GENERATION) {
            records.fill((byte) 0);
            generation = 0;
        }
        generation++;
        open.clear();
        expansions.clear();
        iterations = 0;
        pathLength = 0;
        pathCost = Double.POSITIVE_INFINITY;
        long so = startId * RECORD_BYTES;
        records.set(G, so + G_OFFSET, 0.0);
        records.set(INT, so + PARENT_OFFSET, -1);
        records.set(INT, so + MARK_OFFSET, generation << GENERATION_SHIFT);
        idCells.set(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(startId), start);
        open.push(startId, heuristic.estimate(start), 0.0);
        status = SearchStatus.RUNNING;
    }

    /**
     * The insertion: costs from the start to its chunk's nodes (and to the goal in the same
     * chunk) and from the goal's chunk's nodes to the goal, computed in an open chunk
     * ({@link OpenChunkPaths}), else by a chunk search.
     */
    private void insert() {
        int cs = hierarchy.chunkSize();
        int n = hierarchy.nodeCount(startChunk);
        int[] targets = targetsOf(startChunk, n, startChunk == goalChunk ? goal : -1);
        if (startCosts.length < n) {
            startCosts = new double[Math.max(n, 2 * startCosts.length)];
        }
        double multiplier = hierarchy.chunkMultiplier(startChunk);
        startOpen = hierarchy.isOpenChunk(startChunk) && openPaths.select(multiplier);
        if (startOpen) {
            for (int i = 0; i < n; i++) {
                startCosts[i] = openPaths.cost(start, targets[i]);
            }
            startToGoal = startChunk == goalChunk ? openPaths.cost(start, goal) : Double.POSITIVE_INFINITY;
        } else {
            int x0 = (startChunk % hierarchy.chunksX()) * cs;
            int y0 = (startChunk / hierarchy.chunksX()) * cs;
            startSearch.run(x0, y0, multiplier, start, targets, startChunk == goalChunk ? n + 1 : n);
            for (int i = 0; i < n; i++) {
                startCosts[i] = startSearch.cost(targets[i]);
            }
            startToGoal = startChunk == goalChunk ? startSearch.cost(goal) : Double.POSITIVE_INFINITY;
        }
        int ng = hierarchy.nodeCount(goalChunk);
        targets = targetsOf(goalChunk, ng, -1);
        if (goalCosts.length < ng) {
            goalCosts = new double[Math.max(ng, 2 * goalCosts.length)];
        }
        multiplier = hierarchy.chunkMultiplier(goalChunk);
        goalOpen = hierarchy.isOpenChunk(goalChunk) && openPaths.select(multiplier);
        if (goalOpen) {
            for (int i = 0; i < ng; i++) {
                goalCosts[i] = openPaths.cost(goal, targets[i]);
            }
        } else {
            goalSearch.run(
                    (goalChunk % hierarchy.chunksX()) * cs,
                    (goalChunk / hierarchy.chunksX()) * cs,
                    multiplier,
                    goal,
                    targets,
                    ng);
            for (int i = 0; i < ng; i++) {
                goalCosts[i] = goalSearch.cost(targets[i]);
            }
        }
    }

    private int[] targetsOf(int chunk, int n, int extra) {
        if (scratch.length < n + 1) {
            scratch = new int[Math.max(n + 1, 2 * scratch.length)];
        }
        MemorySegment pool = hierarchy.pool();
        long base = hierarchy.blockOffset(chunk);
        for (int i = 0; i < n; i++) {
            scratch[i] = pool.get(HpaLayout.INT, base + i * HpaLayout.NODE_BYTES);
        }
        scratch[n] = extra;
        return scratch;
    }

    @Override
    public SearchStatus status() {
        return status;
    }

    @Override
    public SearchStatus step(int maxIterations) {
        ensureOpen();
        if (!SlicedSearch.checkStep(maxIterations, status, "HpaSearch")) {
            return status;
        }
        for (int it = 0; it < maxIterations; it++) {
            if (open.isEmpty()) {
                status = SearchStatus.NO_PATH;
                return status;
            }
            int c = open.pop();
            long co = c * RECORD_BYTES;
            records.set(INT, co + MARK_OFFSET, (generation << GENERATION_SHIFT) | CLOSED_BIT);
            iterations++;
            if (c == goalId) {
                finish();
                status = SearchStatus.FOUND;
                return status;
            }
            if (recordExpansions) {
                expansions.add(cellOf(c));
            }
            expand(c, records.get(G, co + G_OFFSET));
        }
        return status;
    }

    /** Relaxes the abstract edges out of node number c, at cost g, in the order of docs/hpa.md. */
    private void expand(int c, double g) {
        final HpaHierarchy h = hierarchy;
        final MemorySegment pool = h.pool();
        int chunk;
        int node;
        int first;
        if (c == startId) {
            chunk = startChunk;
            node = startNode;
            first = h.firstNode(chunk);
            int n = h.nodeCount(chunk);
            long base = h.blockOffset(chunk);
            for (int j = 0; j < n; j++) {
                relax(c, g, first + j, pool.get(HpaLayout.INT, base + j * HpaLayout.NODE_BYTES), startCosts[j]);
            }
            relax(c, g, goalId, goal, startToGoal);
        } else {
            // a node: its number gives its chunk's first number, and its index there
            chunk = h.chunkOf(cellOf(c));
            first = h.firstNode(chunk);
            node = c - first;
            int n = h.nodeCount(chunk);
            long base = h.blockOffset(chunk);
            long row = base + HpaLayout.costsOffset(n) + (long) node * n * HpaLayout.COST_BYTES;
            for (int j = 0; j < n; j++) {
                if (j != node) {
                    relax(
                            c,
                            g,
                            first + j,
                            pool.get(HpaLayout.INT, base + j * HpaLayout.NODE_BYTES),
                            pool.get(HpaLayout.DOUBLE, row + j * HpaLayout.COST_BYTES));
                }
            }
            if (chunk == goalChunk) {
                relax(c, g, goalId, goal, goalCosts[node]);
            }
        }
        if (node < 0) {
            return;
        }
        int n = h.nodeCount(chunk);
        int m = h.interEdgeCount(chunk);
        long edges = h.blockOffset(chunk) + HpaLayout.edgesOffset(n);
        for (int e = 0; e < m; e++) {
            long at = edges + e * HpaLayout.EDGE_BYTES;
            int from = pool.get(HpaLayout.INT, at + HpaLayout.EDGE_NODE_OFFSET);
            if (from < node) {
                continue;
            }
            if (from > node) {
                break;
            }
            int target = pool.get(HpaLayout.INT, at + HpaLayout.EDGE_TARGET_OFFSET);
            int targetChunk = h.chunkOf(target);
            relax(
                    c,
                    g,
                    h.firstNode(targetChunk) + h.nodeIndex(targetChunk, target),
                    target,
                    pool.get(HpaLayout.DOUBLE, at + HpaLayout.EDGE_COST_OFFSET));
        }
    }

    /** Offers node number {@code to} (cell {@code toCell}) the route through {@code from} at cost g + step. */
    private void relax(int from, double g, int to, int toCell, double step) {
        if (!(step >= 0) || step == Double.POSITIVE_INFINITY) {
            return;
        }
        double g2 = g + step;
        long o = to * RECORD_BYTES;
        int mark = records.get(INT, o + MARK_OFFSET);
        boolean reached = (mark >>> GENERATION_SHIFT) == generation;
        if (!reached || g2 < records.get(G, o + G_OFFSET)) {
            if (!reached) {
                idCells.set(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(to), toCell);
            }
            records.set(G, o + G_OFFSET, g2);
            records.set(INT, o + PARENT_OFFSET, from);
            records.set(INT, o + MARK_OFFSET, generation << GENERATION_SHIFT);
            open.push(to, g2 + heuristic.estimate(toCell), g2);
        }
    }

    /** The cell of a node number the current search has reached. */
    private int cellOf(int id) {
        return idCells.get(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(id));
    }

    /**
     * How many node numbers a search over this hierarchy may need: every chunk has at most as
     * many nodes as border cells, 4C, and as cells; then the start and the goal.
     */
    private static int idCapacity(HpaHierarchy hierarchy) {
        long c = hierarchy.chunkSize();
        long nodes = Math.min((long) hierarchy.grid().cellCount(), (long) hierarchy.chunkCount() * 4 * c);
        return (int) nodes + 2;
    }

    /**
     * The abstract A*'s open list over node numbers, in the order of docs/hpa.md: smaller f, then
     * larger g, then the smaller cell (read from the search's node cells, not the number).
     */
    private static final class OpenList extends NodeHeap {
        private final MemorySegment cells;

        OpenList(int capacity, MemorySegment cells) {
            super("HpaSearch", "f", "g", capacity, Math.min(capacity, 256));
            this.cells = cells;
        }

        @Override
        protected boolean tie(double f1, double f2) {
            return f1 == f2;
        }

        @Override
        protected boolean tieBefore(double g1, int id1, double g2, int id2) {
            if (g1 != g2) {
                return g1 > g2;
            }
            return cells.get(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(id1))
                    < cells.get(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(id2));
        }
    }

    // ---- refinement and smoothing ----

    private void finish() {
        // the abstract path, goal first, into scratch
        int n = 0;
        for (int c = goalId; c != -1; c = records.get(INT, c * RECORD_BYTES + PARENT_OFFSET)) {
            n++;
        }
        if (scratch.length < n) {
            scratch = new int[Math.max(n, 2 * scratch.length)];
        }
        int i = n;
        for (int c = goalId; c != -1; c = records.get(INT, c * RECORD_BYTES + PARENT_OFFSET)) {
            scratch[--i] = cellOf(c);
        }
        if (abstractPath.length < n) {
            abstractPath = new int[Math.max(n, 2 * abstractPath.length)];
        }
        final int[] abs = abstractPath;
        System.arraycopy(scratch, 0, abs, 0, n);
        pathLength = 0;
        append(abs[0]);
        for (int k = 0; k + 1 < n; k++) {
            int a = abs[k];
            int b = abs[k + 1];
            int chunk = hierarchy.chunkOf(a);
            if (chunk != hierarchy.chunkOf(b)) {
                append(b);
                continue;
            }
            appendEdge(chunk, a, b);
        }
        if (smoothing && pathLength > 2) {
            smooth();
        }
        double cost = 0;
        for (int k = 0; k + 1 < pathLength; k++) {
            cost += moves.cost(path[k], path[k + 1], moves.directionOf(path[k], path[k + 1]));
        }
        pathCost = cost;
    }

    /**
     * Appends the cells of the edge from a to b inside one chunk, b included (a is on the path
     * already): the parents of the search that priced it, the start's or the goal's insertion
     * search (kept), a chunk search run again towards b, or the computed path of an open chunk or
     * of a walkable box in a chunk of one multiplier.
     */
    private void appendEdge(int chunk, int a, int b) {
        boolean reversed = a != start && b == goal;
        int source = reversed ? b : a;
        int target = reversed ? a : b;
        double multiplier = hierarchy.chunkMultiplier(chunk);
        boolean open = a == start
                ? startOpen
                : b == goal
                        ? goalOpen
                        : !Double.isNaN(multiplier) && (hierarchy.isOpenChunk(chunk) || walkableBox(a, b));
        if (open && openPaths.select(multiplier)) {
            int len = openPaths.pathLength(source, target);
            ensurePath(pathLength + len);
            openPaths.copyPath(source, target, len, path, pathLength - 1, reversed);
            pathLength += len - 1;
            return;
        }
        ChunkDijkstra search;
        if (a == start) {
            search = startSearch;
        } else if (b == goal) {
            search = goalSearch;
        } else {
            search = edgeSearch;
            int cs = hierarchy.chunkSize();
            int cx = hierarchy.chunksX();
            search.runTo(
                    (chunk % cx) * cs,
                    (chunk / cx) * cs,
                    multiplier,
                    a,
                    b,
                    hierarchy.intraCost(chunk, hierarchy.nodeIndex(chunk, a), hierarchy.nodeIndex(chunk, b)),
                    Double.isNaN(multiplier) ? hierarchy.grid().areas().minCost() : multiplier);
        }
        int len = search.pathLength(target);
        ensurePath(pathLength + len);
        search.copyPath(target, len, path, pathLength - 1, reversed);
        pathLength += len - 1;
    }

    /** Whether every cell of the box spanned by cells a and b is walkable for the agent. */
    private boolean walkableBox(int a, int b) {
        int ax = a % width;
        int ay = a / width;
        int bx = b % width;
        int by = b / width;
        int x0 = Math.min(ax, bx);
        int x1 = Math.max(ax, bx);
        for (int y = Math.min(ay, by); y <= Math.max(ay, by); y++) {
            for (int cell = y * width + x0, end = y * width + x1; cell <= end; cell++) {
                if (!moves.walkable(cell)) {
                    return false;
                }
            }
        }
        return true;
    }

    private void append(int cell) {
        ensurePath(pathLength + 1);
        path[pathLength++] = cell;
    }

    private void ensurePath(int length) {
        if (path.length < length) {
            path = Arrays.copyOf(path, Math.max(length, 2 * path.length));
        }
    }

    private void smooth() {
        final int n = pathLength;
        if (smoothInput.length < n) {
            smoothInput = new int[Math.max(n, 2 * smoothInput.length)];
        }
        final int[] p = smoothInput;
        System.arraycopy(path, 0, p, 0, n);
        final HpaMoves mv = moves;
        final int w = width;
        if (prefix.length < n) {
            prefix = new double[Math.max(n, 2 * prefix.length)];
        }
        prefix[0] = 0;
        for (int i = 0; i < n; i++) {
            positions.set(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(p[i]), i);
            if (i > 0) {
                prefix[i] = prefix[i - 1] + mv.cost(p[i - 1], p[i], mv.directionOf(p[i - 1], p[i]));
            }
        }
        reaches(p, n);
        pathLength = 0;
        final int dirs = mv.directions;
        int i = 0;
        while (i < n - 1) {
            append(p[i]);
            if (i + 2 >= n) {
                i++;
                continue;
            }
            final double rest = prefix[n - 1] - prefix[i];
            int bestJ = -1;
            double bestCost = 0;
            int bestDir = -1;
            int bestSteps = 0;
            for (int d = 0; d < dirs; d++) {
                final int limit = reach[8 * i + d];
                if (limit == 0) {
                    continue;
                }
                final int delta = HpaMoves.DY[d] * w + HpaMoves.DX[d];
                final int bit = 1 << d;
                final boolean diagonal = d >= 4;
                int cell = p[i];
                double m = mv.multiplier(cell);
                double walk = 0;
                int steps = 0;
                // each step adds what mv.cost(cell, next, d) gives, keeping the last multiplier
                while (steps < limit && (mv.moveBits(cell) & bit) != 0) {
                    final int next = cell + delta;
                    final double mn = mv.multiplier(next);
                    final double mean = (m + mn) * 0.5;
                    walk += diagonal ? GridMath.SQRT2 * mean : mean;
                    m = mn;
                    cell = next;
                    steps++;
                    // no later cell can make it a candidate once it costs as much as the rest of the path
                    if (walk >= rest - SMOOTHING_MARGIN) {
                        break;
                    }
                    int j = positions.get(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(next));
                    if (j > i + 1
                            && walk < prefix[j] - prefix[i] - SMOOTHING_MARGIN
                            && (j > bestJ || (j == bestJ && walk < bestCost))) {
                        bestJ = j;
                        bestCost = walk;
                        bestDir = d;
                        bestSteps = steps;
                    }
                }
            }
            if (bestJ < 0) {
                i++;
                continue;
            }
            int cell = p[i];
            int delta = HpaMoves.DY[bestDir] * w + HpaMoves.DX[bestDir];
            for (int s = 1; s < bestSteps; s++) {
                cell += delta;
                append(cell);
            }
            i = bestJ;
        }
        append(p[n - 1]);
        for (int k = 0; k < n; k++) {
            positions.set(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(p[k]), -1);
        }
    }

    /**
     * For every position i &lt;= n - 3 of the path p and every direction d, how far along the ray
     * from p[i] in direction d the farthest path cell at a position after i + 1 lies (0 when none
     * does): a walk never needs to go beyond it. One pass from the end keeps, per line of the grid,
     * the extreme coordinates of the cells after i + 1, so the whole table costs O(n).
     */
    private void reaches(int[] p, int n) {
        if (reach.length < 8 * n) {
            reach = new int[Math.max(8 * n, 2 * reach.length)];
        }
        final int w = width;
        final int height = this.height;
        final int[] min = lineMin;
        final int[] max = lineMax;
        for (int i = n - 3; i >= 0; i--) {
            int later = p[i + 2];
            int lx = later % w;
            int ly = later / w;
            widen(min, max, lx, ly);
            widen(min, max, rows + ly, lx);
            widen(min, max, diagonals + lx - ly + height - 1, lx);
            widen(min, max, antiDiagonals + lx + ly, lx);
            int x = p[i] % w;
            int y = p[i] / w;
            int column = x;
            int row = rows + y;
            int diagonal = diagonals + x - y + height - 1;
            int anti = antiDiagonals + x + y;
            int at = 8 * i;
            reach[at] = Math.max(0, y - min[column]);
            reach[at + 1] = Math.max(0, max[row] - x);
            reach[at + 2] = Math.max(0, max[column] - y);
            reach[at + 3] = Math.max(0, x - min[row]);
            reach[at + 4] = Math.max(0, max[anti] - x);
            reach[at + 5] = Math.max(0, max[diagonal] - x);
            reach[at + 6] = Math.max(0, x - min[anti]);
            reach[at + 7] = Math.max(0, x - min[diagonal]);
        }
        for (int j = 2; j < n; j++) {
            int x = p[j] % w;
            int y = p[j] / w;
            clear(min, max, x);
            clear(min, max, rows + y);
            clear(min, max, diagonals + x - y + height - 1);
            clear(min, max, antiDiagonals + x + y);
        }
    }

    private static void widen(int[] min, int[] max, int line, int coordinate) {
        if (coordinate < min[line]) {
            min[line] = coordinate;
        }
        if (coordinate > max[line]) {
            max[line] = coordinate;
        }
    }

    private static void clear(int[] min, int[] max, int line) {
        min[line] = Integer.MAX_VALUE;
        max[line] = -1;
    }

    // ---- results ----

    @Override
    public int iterations() {
        return iterations;
    }

    @Override
    public int expandedCount() {
        return status == SearchStatus.FOUND ? iterations - 1 : iterations;
    }

    @Override
    public double pathCost() {
        return status == SearchStatus.FOUND ? pathCost : Double.POSITIVE_INFINITY;
    }

    @Override
    public int pathLength() {
        return status == SearchStatus.FOUND ? pathLength : 0;
    }

    @Override
    public int copyPath(int[] out) {
        Objects.requireNonNull(out, "out");
        SlicedSearch.checkPathBuffer(status, out, pathLength);
        System.arraycopy(path, 0, out, 0, pathLength);
        return pathLength;
    }

    @Override
    public int[] expandedNodes() {
        return expansions.toArray();
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            open.close();
            startSearch.close();
            goalSearch.close();
            edgeSearch.close();
            openPaths.close();
            expansions.close();
            arena.close();
        }
    }

    private void ensureOpen() {
        state.ensureOpen();
        if (hierarchy.isClosed()) {
            throw new IllegalStateException("the HpaHierarchy of this HpaSearch has been closed");
        }
    }
}
