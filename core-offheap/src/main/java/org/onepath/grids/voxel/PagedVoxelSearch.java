package org.onepath.grids.voxel;

import static org.onepath.layout.VoxelPageLayout.CLOSED;
import static org.onepath.layout.VoxelPageLayout.COST;
import static org.onepath.layout.VoxelPageLayout.COST_OFFSET;
import static org.onepath.layout.VoxelPageLayout.INT;
import static org.onepath.layout.VoxelPageLayout.MARK_OFFSET;
import static org.onepath.layout.VoxelPageLayout.OPEN_OFFSET;
import static org.onepath.layout.VoxelPageLayout.PAGE_SHIFT;
import static org.onepath.layout.VoxelPageLayout.PARENT_OFFSET;
import static org.onepath.layout.VoxelPageLayout.REACHED;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.OpenSet;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.layout.VoxelHeapLayout;
import org.onepath.layout.VoxelPageLayout;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;
import org.onepath.memory.QuadHeap;

/**
 * A* over a voxel grid whose search state lives in pages of 8 x 8 x 8 nodes, allocated when the
 * search first reaches a voxel of the block ({@link VoxelPageLayout}), so search memory grows with
 * the blocks the search touches, not with the size of the world (tier 2/3).
 *
 * <p>It is the same algorithm as {@link org.onepath.grids.AStar} over a {@link VoxelTopology}:
 * the same open-list order (smaller f, larger g, smaller node), strict-improvement relaxation with
 * reopening and the topology's neighbour order, so cost, path, expansion order and iteration
 * counts are equal. Expansions read their voxel's coordinates from the page directory; no node
 * index is ever divided except the start and goal in {@link #begin(int, int)}.
 *
 * <p>Pages are kept between searches; {@link #trimPool()} frees them when more than
 * {@link #POOL_LIMIT_PAGES} are held. Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
public final class PagedVoxelSearch implements SlicedSearch, AutoCloseable {
    /** Pages kept between queries by {@link #trimPool()}: 4096 pages, 40 MiB. */
    public static final int POOL_LIMIT_PAGES = 4096;

    private static final int INITIAL_HEAP_ENTRIES = 256;

    private final VoxelTopology topology;
    private final VoxelHeuristic heuristic;
    private final VoxelMoveCost moveCost;
    private final double weight;
    private final int sizeX;
    private final int sizeY;
    private final int[] nodeDelta;
    private final int[] moveIds;
    private final double[] moveCosts;
    private final VoxelPages pages;
    private final NativeIntList expansions = new NativeIntList();
    private final OwnerState state = new OwnerState("PagedVoxelSearch");
    private final OpenList open;
    private boolean recordExpansions;

    private SearchStatus status = SearchStatus.NOT_STARTED;
    private int startNode = -1;
    private int goalNode = -1;
    private int goalSlot = -1;
    private int iterations;
    private int expanded;
    private double pathCost = Double.POSITIVE_INFINITY;

    /**
     * A best-first search whose records live in pages allocated as it reaches them.
     *
     * @param topology  the moves, costs and block; the search reads its chunk table live
     * @param heuristic the estimate to the goal, for the same block
     * @param moveCost  cost hook, or null for the topology's costs
     * @param weight    heuristic weight w in {@code f = g + w * h}: finite and &gt;= 0
     * @throws IllegalArgumentException if the weight is negative, NaN or infinite
     */
    public PagedVoxelSearch(VoxelTopology topology, VoxelHeuristic heuristic, VoxelMoveCost moveCost, double weight) {
        this.topology = Objects.requireNonNull(topology, "topology");
        this.heuristic = Objects.requireNonNull(heuristic, "heuristic");
        SlicedSearch.checkWeight(weight);
        this.moveCost = moveCost;
        this.weight = weight;
        this.sizeX = topology.sizeX();
        this.sizeY = topology.sizeY();
        int moves = topology.maxDegree();
        this.nodeDelta = new int[moves];
        for (int j = 0; j < moves; j++) {
            nodeDelta[j] = VoxelMoves.DX[j] + sizeX * (VoxelMoves.DY[j] + sizeY * VoxelMoves.DZ[j]);
        }
        this.moveIds = new int[moves];
        this.moveCosts = new double[moves];
        this.pages = new VoxelPages(sizeX, sizeY, topology.sizeZ(), VoxelPageLayout.RECORD_BYTES, MARK_OFFSET);
        this.open = new OpenList(INITIAL_HEAP_ENTRIES, pages);
    }

    /**
     * The moves this search expands.
     *
     * @return the topology given at construction
     */
    public VoxelTopology topology() {
        return topology;
    }

    /**
     * Whether searches record their expanded nodes in order.
     *
     * @param on true to record the expanded nodes, false to skip them
     */
    public void recordExpansions(boolean on) {
        this.recordExpansions = on;
    }

    /**
     * Pages the current search has allocated.
     *
     * @return the page count, 0 or more
     */
    public int pagesUsed() {
        return pages.pagesUsed();
    }

    /**
     * Native bytes of search state held now: pages, directory, heap and page table.
     *
     * @return the bytes allocated off-heap for the search now
     */
    public long memoryBytes() {
        return pages.memoryBytes() + open.memoryLength();
    }

    @Override
    public SearchStatus status() {
        return status;
    }

    @Override
    public int iterations() {
        return iterations;
    }

    @Override
    public int expandedCount() {
        return expanded;
    }

    @Override
    public double pathCost() {
        return pathCost;
    }

    @Override
    public boolean canStandOn(int node) {
        return topology.isWalkable(node);
    }

    @Override
    public void begin(int start, int goal) {
        state.ensureOpen();
        SlicedSearch.checkEnds(start, goal, topology.nodeCount());
        pages.release();
        open.clear();
        expansions.clear();
        startNode = start;
        goalNode = goal;
        goalSlot = -1;
        iterations = 0;
        expanded = 0;
        pathCost = Double.POSITIVE_INFINITY;
        heuristic.setGoal(goal);
        int sx = start % sizeX;
        int rest = start / sizeX;
        int sy = rest % sizeY;
        int sz = rest / sizeY;
        int slot = pages.slotOf(sx, sy, sz);
        long rec = VoxelPageLayout.recordOffset(slot);
        MemorySegment records = pages.records();
        records.set(COST, rec + COST_OFFSET, 0.0);
        records.set(INT, rec + PARENT_OFFSET, -1);
        records.set(INT, rec + MARK_OFFSET, REACHED);
        open.insert(weight * heuristic.estimate(sx, sy, sz), 0.0, start, slot);
        status = SearchStatus.RUNNING;
    }

    /**
     * Runs the search to the end.
     *
     * @return FOUND or NO_PATH
     * @throws IllegalStateException if no search was begun
     */
    public SearchStatus run() {
        return step(Integer.MAX_VALUE);
    }

    @Override
    public SearchStatus step(int maxIterations) {
        if (!SlicedSearch.checkStep(maxIterations, status, "PagedVoxelSearch")) {
            return status;
        }
        state.ensureOpen();
        final VoxelTopology topo = topology;
        final VoxelHeuristic h = heuristic;
        final VoxelMoveCost hook = moveCost;
        final double w = weight;
        final int target = goalNode;
        final int[] ids = moveIds;
        final double[] costs = moveCosts;
        final int[] delta = nodeDelta;
        final OpenList o = open;
        final VoxelPages store = pages;
        for (int it = 0; it < maxIterations && !o.isEmpty(); it++) {
            final int slot = o.aux(0);
            final int node = o.id(0);
            o.removeTop();
            final long rec = VoxelPageLayout.recordOffset(slot);
            final MemorySegment records = store.records();
            records.set(INT, rec + MARK_OFFSET, REACHED | CLOSED);
            iterations++;
            final double gn = records.get(COST, rec + COST_OFFSET);
            if (node == target) {
                pathCost = gn;
                goalSlot = slot;
                status = SearchStatus.FOUND;
                return status;
            }
            expanded++;
            if (recordExpansions) {
                expansions.add(node);
            }
            final int page = slot >>> PAGE_SHIFT;
            final int x = store.xOf(slot);
            final int y = store.yOf(slot);
            final int z = store.zOf(slot);
            final int k = topo.moves(x, y, z, ids, costs);
            for (int j = 0; j < k; j++) {
                final int move = ids[j];
                final int tx = x + VoxelMoves.DX[move];
                final int ty = y + VoxelMoves.DY[move];
                final int tz = z + VoxelMoves.DZ[move];
                final double stepCost = hook == null ? costs[j] : hook.cost(x, y, z, tx, ty, tz, costs[j]);
                if (!(stepCost >= 0.0) || stepCost == Double.POSITIVE_INFINITY) {
                    continue;
                }
                final double g2 = gn + stepCost;
                final int tslot = ((tx ^ x) | (ty ^ y) | (tz ^ z)) >>> VoxelPageLayout.BLOCK_SHIFT == 0
                        ? page << PAGE_SHIFT | VoxelPageLayout.inPageIndex(tx, ty, tz)
                        : store.slotOf(tx, ty, tz);
                final MemorySegment p = store.records();
                final long trec = VoxelPageLayout.recordOffset(tslot);
                final int mark = p.get(INT, trec + MARK_OFFSET);
                if (mark == 0 || g2 < p.get(COST, trec + COST_OFFSET)) {
                    p.set(COST, trec + COST_OFFSET, g2);
                    p.set(INT, trec + PARENT_OFFSET, slot);
                    p.set(INT, trec + MARK_OFFSET, REACHED);
                    final double f = g2 + w * h.estimate(tx, ty, tz);
                    if (mark == REACHED) {
                        o.update(p.get(INT, trec + OPEN_OFFSET), f, g2, node + delta[move], tslot);
                    } else {
                        o.insert(f, g2, node + delta[move], tslot);
                    }
                }
            }
        }
        if (o.isEmpty()) {
            status = SearchStatus.NO_PATH;
        }
        return status;
    }

    @Override
    public int pathLength() {
        if (status != SearchStatus.FOUND) {
            return 0;
        }
        int length = 0;
        for (int s = goalSlot; s != -1; s = parentOf(s)) {
            length++;
        }
        return length;
    }

    @Override
    public int copyPath(int[] out) {
        int length = pathLength();
        SlicedSearch.checkPathBuffer(status, out, length);
        int s = goalSlot;
        for (int i = length - 1; i >= 0; i--) {
            out[i] = pages.nodeOf(s);
            s = parentOf(s);
        }
        return length;
    }

    // ---- partial paths ----

    @Override
    public boolean offersPartialPaths() {
        return true;
    }

    /**
     * The reached voxel of least (estimate, cost, node): one pass over the records of the pages
     * the search took, O(pages it used); allocates nothing.
     */
    @Override
    public int closestReached() {
        checkBegun();
        final VoxelPages store = pages;
        final MemorySegment records = store.records();
        final int n = store.slotCount();
        int best = -1;
        double bestH = 0;
        double bestG = 0;
        for (int slot = 0; slot < n; slot++) {
            final long rec = VoxelPageLayout.recordOffset(slot);
            if (records.get(INT, rec + MARK_OFFSET) == 0) {
                continue;
            }
            final double h = heuristic.estimate(store.xOf(slot), store.yOf(slot), store.zOf(slot));
            final double g = records.get(COST, rec + COST_OFFSET);
            final int node = store.nodeOf(slot);
            if (best < 0 || SlicedSearch.closerThan(h, g, node, bestH, bestG, best)) {
                best = node;
                bestH = h;
                bestG = g;
            }
        }
        return best;
    }

    @Override
    public int pathLengthTo(int node) {
        int length = 0;
        for (int s = reachedSlot(node); s != -1; s = parentOf(s)) {
            length++;
        }
        return length;
    }

    @Override
    public int copyPathTo(int node, int[] out) {
        int length = pathLengthTo(node);
        if (out.length < length) {
            throw new IllegalArgumentException("path buffer holds " + out.length + " nodes, the path has " + length);
        }
        int s = reachedSlot(node);
        for (int i = length - 1; i >= 0; i--) {
            out[i] = pages.nodeOf(s);
            s = parentOf(s);
        }
        return length;
    }

    @Override
    public double costTo(int node) {
        return pages.records().get(COST, VoxelPageLayout.recordOffset(reachedSlot(node)) + COST_OFFSET);
    }

    private void checkBegun() {
        state.ensureOpen();
        if (status == SearchStatus.NOT_STARTED) {
            throw new IllegalStateException("PagedVoxelSearch has no search begun");
        }
    }

    private int reachedSlot(int node) {
        checkBegun();
        int slot = node >= 0 && node < topology.nodeCount() ? pages.reachedSlotOf(node) : -1;
        if (slot < 0) {
            throw new IllegalArgumentException("node " + node + " has not been reached by the current search");
        }
        return slot;
    }

    @Override
    public int[] expandedNodes() {
        return expansions.toArray();
    }

    /**
     * Ends the current search and, when more than {@link #POOL_LIMIT_PAGES} pages are held,
     * frees them, so one huge query does not keep its memory for the next ones.
     */
    public void trimPool() {
        state.ensureOpen();
        pages.trim(POOL_LIMIT_PAGES);
        status = SearchStatus.NOT_STARTED;
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            pages.close();
            open.close();
            expansions.close();
        }
    }

    private int parentOf(int slot) {
        return pages.records().get(INT, VoxelPageLayout.recordOffset(slot) + PARENT_OFFSET);
    }

    // ---- open list ----

    /**
     * The open list: the heap in the {@link OpenSet} order over (f, g, node), carrying each node's
     * slot as aux ({@link VoxelHeapLayout}); the slot's record keeps the heap position.
     */
    private static final class OpenList extends QuadHeap {
        /** The pages, whose memory may be replaced as they grow. */
        private final VoxelPages pages;

        OpenList(int initialSlots, VoxelPages pages) {
            super(initialSlots);
            this.pages = pages;
        }

        @Override
        protected boolean tie(double f1, double f2) {
            return f1 == f2;
        }

        @Override
        protected boolean tieBefore(double g1, int n1, double g2, int n2) {
            return OpenSet.tieBefore(g1, n1, g2, n2);
        }

        @Override
        protected void placed(int node, int slot, int pos) {
            pages.records().set(INT, VoxelPageLayout.recordOffset(slot) + OPEN_OFFSET, pos);
        }
    }
}
