package org.onepath.grids.voxel;

import static org.onepath.layout.VoxelPageLayout.BLOCK_MASK;
import static org.onepath.layout.VoxelPageLayout.BLOCK_SHIFT;
import static org.onepath.layout.VoxelPageLayout.CLOSED;
import static org.onepath.layout.VoxelPageLayout.COST;
import static org.onepath.layout.VoxelPageLayout.COST_OFFSET;
import static org.onepath.layout.VoxelPageLayout.DIR_BLOCK_OFFSET;
import static org.onepath.layout.VoxelPageLayout.DIR_ENTRY_BYTES;
import static org.onepath.layout.VoxelPageLayout.DIR_X_OFFSET;
import static org.onepath.layout.VoxelPageLayout.DIR_Y_OFFSET;
import static org.onepath.layout.VoxelPageLayout.DIR_Z_OFFSET;
import static org.onepath.layout.VoxelPageLayout.ENTRY;
import static org.onepath.layout.VoxelPageLayout.INT;
import static org.onepath.layout.VoxelPageLayout.IN_PAGE_MASK;
import static org.onepath.layout.VoxelPageLayout.MARK_OFFSET;
import static org.onepath.layout.VoxelPageLayout.OPEN_OFFSET;
import static org.onepath.layout.VoxelPageLayout.PAGE_BYTES;
import static org.onepath.layout.VoxelPageLayout.PAGE_NODES;
import static org.onepath.layout.VoxelPageLayout.PAGE_SHIFT;
import static org.onepath.layout.VoxelPageLayout.PARENT_OFFSET;
import static org.onepath.layout.VoxelPageLayout.REACHED;
import static org.onepath.layout.VoxelPageLayout.RECORD_BYTES;
import static org.onepath.layout.VoxelPageLayout.TABLE_ENTRY_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.OpenSet;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.layout.VoxelHeapLayout;
import org.onepath.layout.VoxelPageLayout;
import org.onepath.memory.GrowableSegment;
import org.onepath.memory.LeakGuard;
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

    private static final int INITIAL_PAGES = 16;
    private static final int INITIAL_HEAP_ENTRIES = 256;

    private final VoxelTopology topology;
    private final VoxelHeuristic heuristic;
    private final VoxelMoveCost moveCost;
    private final double weight;
    private final int sizeX;
    private final int sizeY;
    private final int blocksX;
    private final int blocksY;
    private final int[] nodeDelta;
    private final int[] moveIds;
    private final double[] moveCosts;
    private final Arena arena;
    private final MemorySegment pageTable;
    private final NativeIntList expansions = new NativeIntList();
    private final OwnerState state = new OwnerState("PagedVoxelSearch");

    private GrowableSegment pageMemory;
    private MemorySegment pages;
    private GrowableSegment directoryMemory;
    private MemorySegment directory;
    private int pagesUsed;
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
     * @param moveCost cost hook, or null for the topology's costs
     * @param weight   heuristic weight w in {@code f = g + w * h}: finite and &gt;= 0
     */
    public PagedVoxelSearch(VoxelTopology topology, VoxelHeuristic heuristic, VoxelMoveCost moveCost, double weight) {
        this.topology = Objects.requireNonNull(topology, "topology");
        this.heuristic = Objects.requireNonNull(heuristic, "heuristic");
        SlicedSearch.checkWeight(weight);
        this.moveCost = moveCost;
        this.weight = weight;
        this.sizeX = topology.sizeX();
        this.sizeY = topology.sizeY();
        this.blocksX = (sizeX + BLOCK_MASK) >>> BLOCK_SHIFT;
        this.blocksY = (sizeY + BLOCK_MASK) >>> BLOCK_SHIFT;
        int blocksZ = (topology.sizeZ() + BLOCK_MASK) >>> BLOCK_SHIFT;
        int moves = topology.maxDegree();
        this.nodeDelta = new int[moves];
        for (int j = 0; j < moves; j++) {
            nodeDelta[j] = VoxelMoves.DX[j] + sizeX * (VoxelMoves.DY[j] + sizeY * VoxelMoves.DZ[j]);
        }
        this.moveIds = new int[moves];
        this.moveCosts = new double[moves];
        this.arena = LeakGuard.sharedArena(this);
        this.pageTable = arena.allocate(
                (long) blocksX * blocksY * blocksZ * TABLE_ENTRY_BYTES, TABLE_ENTRY_BYTES); // zeroed: no pages
        this.open = new OpenList(INITIAL_HEAP_ENTRIES);
        allocatePool();
    }

    public VoxelTopology topology() {
        return topology;
    }

    /** Whether searches record their expanded nodes in order. */
    public void recordExpansions(boolean on) {
        this.recordExpansions = on;
    }

    /** Pages the current search has allocated. */
    public int pagesUsed() {
        return pagesUsed;
    }

    /** Native bytes of search state held now: pages, directory, heap and page table. */
    public long memoryBytes() {
        return pageMemory.length() + directoryMemory.length() + open.memoryLength() + pageTable.byteSize();
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
        releasePages();
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
        int slot = slotOf(sx, sy, sz);
        long rec = VoxelPageLayout.recordOffset(slot);
        pages.set(COST, rec + COST_OFFSET, 0.0);
        pages.set(INT, rec + PARENT_OFFSET, -1);
        pages.set(INT, rec + MARK_OFFSET, REACHED);
        open.insert(weight * heuristic.estimate(sx, sy, sz), 0.0, start, slot);
        status = SearchStatus.RUNNING;
    }

    /** Runs the search to the end. */
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
        for (int it = 0; it < maxIterations && !o.isEmpty(); it++) {
            final int slot = o.aux(0);
            final int node = o.id(0);
            o.removeTop();
            final long rec = VoxelPageLayout.recordOffset(slot);
            pages.set(INT, rec + MARK_OFFSET, REACHED | CLOSED);
            iterations++;
            final double gn = pages.get(COST, rec + COST_OFFSET);
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
            final int index = slot & IN_PAGE_MASK;
            final long dir = page * DIR_ENTRY_BYTES;
            final int x = directory.get(ENTRY, dir + DIR_X_OFFSET) + (index & BLOCK_MASK);
            final int y = directory.get(ENTRY, dir + DIR_Y_OFFSET) + ((index >>> BLOCK_SHIFT) & BLOCK_MASK);
            final int z = directory.get(ENTRY, dir + DIR_Z_OFFSET) + (index >>> (2 * BLOCK_SHIFT));
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
                final int tslot = ((tx ^ x) | (ty ^ y) | (tz ^ z)) >>> BLOCK_SHIFT == 0
                        ? page << PAGE_SHIFT | VoxelPageLayout.inPageIndex(tx, ty, tz)
                        : slotOf(tx, ty, tz);
                final MemorySegment p = pages;
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
            out[i] = nodeOf(s);
            s = parentOf(s);
        }
        return length;
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
        releasePages();
        status = SearchStatus.NOT_STARTED;
        if (pageMemory.length() > POOL_LIMIT_PAGES * PAGE_BYTES) {
            pageMemory.close();
            directoryMemory.close();
            allocatePool();
        }
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            pageMemory.close();
            directoryMemory.close();
            open.close();
            expansions.close();
            arena.close();
        }
    }

    // ---- pages ----

    private void allocatePool() {
        pageMemory = new GrowableSegment(INITIAL_PAGES * PAGE_BYTES, 8);
        pages = pageMemory.segment();
        open.records = pages;
        directoryMemory = new GrowableSegment(INITIAL_PAGES * DIR_ENTRY_BYTES, 8);
        directory = directoryMemory.segment();
    }

    /** Forgets the pages of the last search: O(pages it used). */
    private void releasePages() {
        final MemorySegment d = directory;
        for (int p = 0; p < pagesUsed; p++) {
            pageTable.set(ENTRY, d.get(ENTRY, p * DIR_ENTRY_BYTES + DIR_BLOCK_OFFSET) * TABLE_ENTRY_BYTES, 0);
        }
        pagesUsed = 0;
    }

    /** Slot of voxel (x, y, z), taking a page for its block when the search first reaches it. */
    private int slotOf(int x, int y, int z) {
        final int block = (x >>> BLOCK_SHIFT) + blocksX * ((y >>> BLOCK_SHIFT) + blocksY * (z >>> BLOCK_SHIFT));
        final long entry = (long) block * TABLE_ENTRY_BYTES;
        int page = pageTable.get(ENTRY, entry) - 1;
        if (page < 0) {
            page = pagesUsed++;
            pages = pageMemory.ensureLength((long) pagesUsed * PAGE_BYTES, (long) page * PAGE_BYTES);
            open.records = pages;
            directory = directoryMemory.ensureLength(pagesUsed * DIR_ENTRY_BYTES, page * DIR_ENTRY_BYTES);
            final MemorySegment p = pages;
            final long base = (long) page * PAGE_BYTES + MARK_OFFSET;
            for (int i = 0; i < PAGE_NODES; i++) {
                p.set(INT, base + i * RECORD_BYTES, 0);
            }
            final long dir = page * DIR_ENTRY_BYTES;
            directory.set(ENTRY, dir + DIR_X_OFFSET, x & ~BLOCK_MASK);
            directory.set(ENTRY, dir + DIR_Y_OFFSET, y & ~BLOCK_MASK);
            directory.set(ENTRY, dir + DIR_Z_OFFSET, z & ~BLOCK_MASK);
            directory.set(ENTRY, dir + DIR_BLOCK_OFFSET, block);
            pageTable.set(ENTRY, entry, page + 1);
        }
        return page << PAGE_SHIFT | VoxelPageLayout.inPageIndex(x, y, z);
    }

    private int parentOf(int slot) {
        return pages.get(INT, VoxelPageLayout.recordOffset(slot) + PARENT_OFFSET);
    }

    /** Node index of a slot, from its page's block origin. */
    private int nodeOf(int slot) {
        final long dir = (slot >>> PAGE_SHIFT) * DIR_ENTRY_BYTES;
        final int index = slot & IN_PAGE_MASK;
        final int x = directory.get(ENTRY, dir + DIR_X_OFFSET) + (index & BLOCK_MASK);
        final int y = directory.get(ENTRY, dir + DIR_Y_OFFSET) + ((index >>> BLOCK_SHIFT) & BLOCK_MASK);
        final int z = directory.get(ENTRY, dir + DIR_Z_OFFSET) + (index >>> (2 * BLOCK_SHIFT));
        return x + sizeX * (y + sizeY * z);
    }

    // ---- open list ----

    /**
     * The open list: the heap in the {@link OpenSet} order over (f, g, node), carrying each node's
     * slot as aux ({@link VoxelHeapLayout}); the slot's record keeps the heap position.
     */
    private static final class OpenList extends QuadHeap {
        /** The page memory, followed whenever it is replaced. */
        MemorySegment records;

        OpenList(int initialSlots) {
            super(initialSlots);
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
            records.set(INT, VoxelPageLayout.recordOffset(slot) + OPEN_OFFSET, pos);
        }
    }
}
