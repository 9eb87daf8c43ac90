package org.onepath.grids.voxel;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.layout.VoxelPageLayout;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;

/**
 * What the two voxel searches share, the voxel A* ({@link PagedVoxelSearch}) and the voxel jump
 * point search ({@link VoxelJumpSearch}): the paged records ({@link VoxelPages}) with their
 * reached marks, the open list ({@link VoxelOpenList}), the start and goal checks and set-up of
 * {@link #begin}, the counters and status, the expansion record, the pool rule, the path rebuilt
 * from the parent links and the partial-path scan.
 *
 * <p>What each specialises: its record layout (the A*'s cost as a double with a heap position,
 * the jump point search's exact step counts with arrival directions), its start record and goal
 * ({@link #aim}, {@link #seed}), the cost and estimate a reached record is ranked by
 * ({@link #reachedCost}, {@link #partialEstimate}) and its {@code step} loop, which stays its own:
 * the A* relaxes the topology's moves one voxel at a time with decrease-key, the jump point search
 * jumps along bit rows and queues a node again instead.
 *
 * <p>A parent link joins two voxels on one straight line of one move (a single move for the A*,
 * a jump for the jump point search), so one path writer serves both: it walks each link voxel by
 * voxel, {@code max(|dx|, |dy|, |dz|)} steps.
 *
 * <p>Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
abstract sealed class AbstractVoxelSearch implements SlicedSearch, AutoCloseable
        permits PagedVoxelSearch, VoxelJumpSearch {
    /** Pages kept between queries by {@link #trimPool()}: 4096 pages. */
    static final int PAGES_KEPT = 4096;

    private static final int INITIAL_HEAP_ENTRIES = 256;

    final VoxelTopology topology;
    final int sizeX;
    final int sizeY;
    final VoxelPages pages;
    final VoxelOpenList open;
    final NativeIntList expansions = new NativeIntList();
    final OwnerState state;
    private final String name;
    private final long markOffset;
    private final long parentOffset;

    boolean recordExpansions;
    SearchStatus status = SearchStatus.NOT_STARTED;
    int goalNode = -1;
    int goalSlot = -1;
    int iterations;
    int expanded;

    /**
     * The shared state over a topology's block.
     *
     * @param topology       the moves and block; not null
     * @param name           the search's name in messages
     * @param recordBytes    bytes of one node record
     * @param markOffset     offset of the record's i32 that is 0 when the voxel is not reached
     * @param parentOffset   offset of the record's i32 parent slot, -1 for the start
     * @param positionOffset offset of the record's i32 heap position, or -1 when the search keeps
     *                       none
     */
    AbstractVoxelSearch(
            VoxelTopology topology,
            String name,
            long recordBytes,
            long markOffset,
            long parentOffset,
            long positionOffset) {
        this.topology = Objects.requireNonNull(topology, "topology");
        this.name = name;
        this.state = new OwnerState(name);
        this.markOffset = markOffset;
        this.parentOffset = parentOffset;
        this.sizeX = topology.sizeX();
        this.sizeY = topology.sizeY();
        this.pages = new VoxelPages(sizeX, sizeY, topology.sizeZ(), recordBytes, markOffset);
        this.open = positionOffset < 0
                ? new VoxelOpenList(INITIAL_HEAP_ENTRIES)
                : new VoxelOpenList(INITIAL_HEAP_ENTRIES, pages, positionOffset);
    }

    /**
     * The moves this search expands.
     *
     * @return the topology given at construction
     */
    public final VoxelTopology topology() {
        return topology;
    }

    /**
     * Whether searches record their expanded nodes in order.
     *
     * @param on true to record the expanded nodes, false to skip them
     */
    public final void recordExpansions(boolean on) {
        this.recordExpansions = on;
    }

    /**
     * Pages the current search has allocated.
     *
     * @return the page count, 0 or more
     */
    public final int pagesUsed() {
        return pages.pagesUsed();
    }

    @Override
    public final SearchStatus status() {
        return status;
    }

    @Override
    public final int iterations() {
        return iterations;
    }

    @Override
    public final int expandedCount() {
        return expanded;
    }

    @Override
    public final boolean canStandOn(int node) {
        state.ensureOpen();
        return topology.isWalkable(node);
    }

    /**
     * Begins a search between two nodes: checks the ends, forgets the last search's pages, queue
     * and counters, and queues the start.
     *
     * @throws IllegalArgumentException if a node is outside the block
     * @throws IllegalStateException    if the search has been closed, or cannot run on the grid as
     *                                  it is now (the jump point search needs one cost for every
     *                                  area)
     */
    @Override
    public final void begin(int start, int goal) {
        state.ensureOpen();
        SlicedSearch.checkEnds(start, goal, topology.nodeCount());
        final int gx = goal % sizeX;
        final int gy = (goal / sizeX) % sizeY;
        final int gz = goal / sizeX / sizeY;
        aim(goal, gx, gy, gz);
        pages.release();
        open.clear();
        expansions.clear();
        goalNode = goal;
        goalSlot = -1;
        iterations = 0;
        expanded = 0;
        final int sx = start % sizeX;
        final int sy = (start / sizeX) % sizeY;
        final int sz = start / sizeX / sizeY;
        seed(start, pages.slotOf(sx, sy, sz), sx, sy, sz);
        status = SearchStatus.RUNNING;
    }

    /**
     * Takes the goal of a search about to begin, before anything of the last search is forgotten;
     * may refuse it.
     *
     * @param goal the goal node, inside the block
     * @param x    its x
     * @param y    its y
     * @param z    its z
     * @throws IllegalStateException if the search cannot run on the grid as it is now
     */
    abstract void aim(int goal, int x, int y, int z);

    /**
     * Writes the start's record (cost 0, parent -1, reached) and queues it.
     *
     * @param start the start node
     * @param slot  its slot, its page taken
     * @param x     its x
     * @param y     its y
     * @param z     its z
     */
    abstract void seed(int start, int slot, int x, int y, int z);

    /**
     * Runs the search to the end.
     *
     * @return FOUND or NO_PATH
     * @throws IllegalStateException if no search was begun
     */
    public final SearchStatus run() {
        return step(Integer.MAX_VALUE);
    }

    @Override
    public final int pathLength() {
        state.ensureOpen();
        if (status != SearchStatus.FOUND) {
            return 0;
        }
        return lengthFrom(goalSlot);
    }

    /** Writes the path voxel by voxel, start first. */
    @Override
    public final int copyPath(int[] out) {
        final int length = pathLength();
        SlicedSearch.checkPathBuffer(status, out, length);
        writePath(goalSlot, out, length);
        return length;
    }

    // ---- partial paths ----

    @Override
    public final boolean offersPartialPaths() {
        return true;
    }

    /**
     * The reached voxel of least (estimate, cost, node), as the search ranks its reached records:
     * one pass over the records of the pages the search took, O(pages it used); allocates
     * nothing.
     */
    @Override
    public final int closestReached() {
        checkBegun();
        final VoxelPages store = pages;
        final MemorySegment records = store.records();
        final long mark = markOffset;
        final int n = store.slotCount();
        int best = -1;
        double bestH = 0;
        double bestG = 0;
        for (int slot = 0; slot < n; slot++) {
            final long rec = store.recordOffset(slot);
            if (records.get(VoxelPageLayout.INT, rec + mark) == 0) {
                continue;
            }
            final double h = partialEstimate(store.xOf(slot), store.yOf(slot), store.zOf(slot));
            final double g = reachedCost(records, rec);
            final int node = store.nodeOf(slot);
            if (best < 0 || SlicedSearch.closerThan(h, g, node, bestH, bestG, best)) {
                best = node;
                bestH = h;
                bestG = g;
            }
        }
        return best;
    }

    /**
     * The estimate {@link #closestReached()} ranks a reached voxel by.
     *
     * @param x the voxel's x
     * @param y its y
     * @param z its z
     * @return the estimate to the goal, 0 or more
     */
    abstract double partialEstimate(int x, int y, int z);

    /**
     * The cost from the start a reached record holds, as the search orders by it.
     *
     * @param records the record memory
     * @param rec     the record's offset
     * @return the cost, 0 or more
     */
    abstract double reachedCost(MemorySegment records, long rec);

    @Override
    public final int pathLengthTo(int node) {
        return lengthFrom(reachedSlot(node));
    }

    @Override
    public final int copyPathTo(int node, int[] out) {
        final int slot = reachedSlot(node);
        final int length = lengthFrom(slot);
        if (out.length < length) {
            throw new IllegalArgumentException("path buffer holds " + out.length + " nodes, the path has " + length);
        }
        writePath(slot, out, length);
        return length;
    }

    @Override
    public final int[] expandedNodes() {
        state.ensureOpen();
        return expansions.toArray();
    }

    /**
     * Ends the current search and, when more than {@code POOL_LIMIT_PAGES} pages are held,
     * frees them, so one huge query does not keep its memory for the next ones.
     */
    public final void trimPool() {
        state.ensureOpen();
        pages.trim(PAGES_KEPT);
        status = SearchStatus.NOT_STARTED;
    }

    @Override
    public final void close() {
        if (state.markClosed()) {
            closeOwn();
            pages.close();
            open.close();
            expansions.close();
        }
    }

    /** Frees the memory the search holds beyond the shared pages, queue and expansion record. */
    abstract void closeOwn();

    /**
     * Ends the search at the goal: a {@code step} loop's last act.
     *
     * @param slot the goal's slot, just popped
     * @return FOUND
     */
    final SearchStatus found(int slot) {
        goalSlot = slot;
        status = SearchStatus.FOUND;
        return status;
    }

    /**
     * Counts an expansion and records its node when asked: a {@code step} loop's act per node.
     *
     * @param node the expanded node
     */
    final void countExpansion(int node) {
        expanded++;
        if (recordExpansions) {
            expansions.add(node);
        }
    }

    /** Native bytes of the pages, their directory and page table, and the open list. */
    final long sharedMemoryBytes() {
        return pages.memoryBytes() + open.memoryLength();
    }

    final void checkBegun() {
        state.ensureOpen();
        if (status == SearchStatus.NOT_STARTED) {
            throw new IllegalStateException(name + " has no search begun");
        }
    }

    /** The slot of a node the current search reached; throws naming the node otherwise. */
    final int reachedSlot(int node) {
        checkBegun();
        final int slot = node >= 0 && node < topology.nodeCount() ? pages.reachedSlotOf(node) : -1;
        if (slot < 0) {
            throw new IllegalArgumentException("node " + node + " has not been reached by the current search");
        }
        return slot;
    }

    final int parentOf(int slot) {
        return pages.records().get(VoxelPageLayout.INT, pages.recordOffset(slot) + parentOffset);
    }

    /** Voxels on the path to a reached slot: every voxel of each link. */
    private int lengthFrom(int slot) {
        int length = 1;
        for (int s = slot; ; ) {
            final int parent = parentOf(s);
            if (parent < 0) {
                return length;
            }
            length += steps(parent, s);
            s = parent;
        }
    }

    /** Writes the {@code length} voxels of the path to a reached slot, start first. */
    private void writePath(int slot, int[] out, int length) {
        final VoxelPages store = pages;
        int i = length - 1;
        int s = slot;
        out[i] = store.nodeOf(s);
        while (true) {
            final int parent = parentOf(s);
            if (parent < 0) {
                return;
            }
            final int px = store.xOf(parent);
            final int py = store.yOf(parent);
            final int pz = store.zOf(parent);
            final int ux = Integer.signum(store.xOf(s) - px);
            final int uy = Integer.signum(store.yOf(s) - py);
            final int uz = Integer.signum(store.zOf(s) - pz);
            final int k = steps(parent, s);
            for (int t = k - 1; t >= 0; t--) {
                out[--i] = (px + t * ux) + sizeX * ((py + t * uy) + sizeY * (pz + t * uz));
            }
            s = parent;
        }
    }

    /** Moves on the straight link from one slot's voxel to another's. */
    private int steps(int from, int to) {
        final VoxelPages store = pages;
        return Math.max(
                Math.abs(store.xOf(to) - store.xOf(from)),
                Math.max(Math.abs(store.yOf(to) - store.yOf(from)), Math.abs(store.zOf(to) - store.zOf(from))));
    }
}
