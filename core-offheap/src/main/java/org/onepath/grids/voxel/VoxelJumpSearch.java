package org.onepath.grids.voxel;

import static org.onepath.layout.VoxelJumpNodeLayout.ARRIVED_OFFSET;
import static org.onepath.layout.VoxelJumpNodeLayout.CORNERS_OFFSET;
import static org.onepath.layout.VoxelJumpNodeLayout.EDGES_OFFSET;
import static org.onepath.layout.VoxelJumpNodeLayout.EXPANDED_OFFSET;
import static org.onepath.layout.VoxelJumpNodeLayout.FACES_OFFSET;
import static org.onepath.layout.VoxelJumpNodeLayout.INT;
import static org.onepath.layout.VoxelJumpNodeLayout.PARENT_OFFSET;
import static org.onepath.layout.VoxelJumpNodeLayout.SCANNED_OFFSET;
import static org.onepath.layout.VoxelJumpNodeLayout.START_BIT;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.GridMath;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.OpenSet;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.layout.VoxelJumpNodeLayout;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;
import org.onepath.memory.QuadHeap;

/**
 * Jump point search over a voxel grid with 26 moves and no corner cutting, every area at one
 * cost (tier 2/3; {@code docs/voxels.md}, "Jump point search"). It finds the cost voxel A*
 * ({@link PagedVoxelSearch}) finds, expanding only jump points.
 *
 * <p>Costs are exact: a node keeps its face, edge and corner steps as integers, g is
 * {@code faces + edges * sqrt2 + corners * sqrt3} formed from them, so two routes with the same
 * steps tie exactly. The open list orders by smaller f, then larger g, then smaller node
 * {@code x + sizeX * (y + sizeY * z)}; with the voxel estimate f is
 * {@code (faces + (hi - mid)) + (edges + (mid - lo)) * sqrt2 + (corners + lo) * sqrt3} for the sorted
 * offsets lo &lt;= mid &lt;= hi to the goal, the integer sums formed first; with the zero estimate
 * f = g. The path cost is the grid's one multiplier times g.
 *
 * <p>A node remembers every direction by which a route of its best cost arrived, and expands the
 * successors of each: a second arrival at the same cost after the node was expanded queues it
 * again for the new directions only. A queued entry whose cost is no longer the node's, or whose
 * node has nothing left to expand, is skipped and is not an iteration. One iteration pops and
 * expands one jump point, so {@link #step(int)} slices it exactly.
 *
 * <p>What it shares: the search state lives in {@link VoxelPages}, as the voxel A*'s, pages
 * taken as the search reaches their blocks and kept between queries under the same pool rule
 * ({@link #trimPool()}); the open list is the shared {@link QuadHeap} without decrease-key. What
 * it adds: the walkable bits along x, y and z ({@link VoxelBitRows}), which it owns and which
 * follow the chunk table's edits, so the search may be kept across edits of its grid (not during a
 * search: edit between {@link #begin} and the end of the search and the result is undefined).
 *
 * <p>Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
public final class VoxelJumpSearch implements SlicedSearch, AutoCloseable {
    /** Pages kept between queries by {@link #trimPool()}, as {@link PagedVoxelSearch#POOL_LIMIT_PAGES}. */
    public static final int POOL_LIMIT_PAGES = PagedVoxelSearch.POOL_LIMIT_PAGES;

    private static final int INITIAL_HEAP_ENTRIES = 256;
    private static final double SQRT3 = VoxelMath.SQRT3;

    private final VoxelTopology topology;
    private final boolean zeroEstimate;
    private final int sizeX;
    private final int sizeY;
    private final VoxelBitRows bits;
    private final VoxelBitRows columnsY;
    private final VoxelBitRows columnsZ;
    private final VoxelJumper jumper;
    private final VoxelPages pages;
    private final OpenList open = new OpenList(INITIAL_HEAP_ENTRIES);
    private final NativeIntList expansions = new NativeIntList();
    private final OwnerState state = new OwnerState("VoxelJumpSearch");
    private boolean recordExpansions;

    private SearchStatus status = SearchStatus.NOT_STARTED;
    private int goalNode = -1;
    private int goalX;
    private int goalY;
    private int goalZ;
    private int goalSlot = -1;
    private int iterations;
    private int expanded;
    private double multiplier;

    /**
     * Jump point search over a 26-move voxel topology without corner cutting.
     *
     * @param topology     26 moves, {@link VoxelCornerRule#NO_CORNER_CUTTING}
     * @param zeroEstimate true to search without an estimate (Dijkstra order), false for the voxel
     *                     estimate (weight 1)
     * @throws IllegalArgumentException for another connectivity or corner rule
     */
    public VoxelJumpSearch(VoxelTopology topology, boolean zeroEstimate) {
        this.topology = Objects.requireNonNull(topology, "topology");
        if (topology.connectivity() != VoxelConnectivity.TWENTY_SIX
                || topology.cornerRule() != VoxelCornerRule.NO_CORNER_CUTTING) {
            throw new IllegalArgumentException(
                    "voxel jump point search needs TWENTY_SIX moves and NO_CORNER_CUTTING, not "
                            + topology.connectivity() + " and " + topology.cornerRule());
        }
        this.zeroEstimate = zeroEstimate;
        this.sizeX = topology.sizeX();
        this.sizeY = topology.sizeY();
        this.bits = new VoxelBitRows(topology.chunks(), 0);
        this.columnsY = new VoxelBitRows(topology.chunks(), 1);
        this.columnsZ = new VoxelBitRows(topology.chunks(), 2);
        this.jumper = new VoxelJumper(bits, columnsY, columnsZ);
        this.pages = new VoxelPages(
                sizeX, sizeY, topology.sizeZ(), VoxelJumpNodeLayout.RECORD_BYTES, VoxelJumpNodeLayout.ARRIVED_OFFSET);
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
     * The walkable bits along x the jumps read (the columns along y and z lie alike).
     *
     * @return the bit rows along x, owned by this search
     */
    public VoxelBitRows bits() {
        return bits;
    }

    /**
     * Whether searches record their expanded jump points in order.
     *
     * @param on true to record the expanded jump points, false to skip them
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
     * Native bytes held now: pages, directory, page table, heap and bit rows.
     *
     * @return the bytes allocated off-heap for the search now
     */
    public long memoryBytes() {
        state.ensureOpen();
        return pages.memoryBytes()
                + open.memoryLength()
                + bits.storageBytes()
                + columnsY.storageBytes()
                + columnsZ.storageBytes();
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

    /**
     * Face, edge and corner steps of the found path (zeros unless FOUND).
     *
     * @return a new array {face, edge, corner} of step counts
     */
    public int[] pathSteps() {
        state.ensureOpen();
        if (status != SearchStatus.FOUND) {
            return new int[3];
        }
        MemorySegment r = pages.records();
        long rec = pages.recordOffset(goalSlot);
        return new int[] {
            r.get(INT, rec + FACES_OFFSET), r.get(INT, rec + EDGES_OFFSET), r.get(INT, rec + CORNERS_OFFSET)
        };
    }

    @Override
    public double pathCost() {
        state.ensureOpen();
        if (status != SearchStatus.FOUND) {
            return Double.POSITIVE_INFINITY;
        }
        MemorySegment r = pages.records();
        return multiplier * cost(r, pages.recordOffset(goalSlot));
    }

    @Override
    public boolean canStandOn(int node) {
        state.ensureOpen();
        return topology.isWalkable(node);
    }

    /**
     * Begins a search between two nodes.
     *
     * @throws IllegalArgumentException if a node is outside the block
     * @throws IllegalStateException    if the grid's areas do not all have one cost
     */
    @Override
    public void begin(int start, int goal) {
        state.ensureOpen();
        SlicedSearch.checkEnds(start, goal, topology.nodeCount());
        if (!topology.areas().isUniform()) {
            throw new IllegalStateException("voxel jump point search needs one cost for every area");
        }
        multiplier = topology.areas().minCost();
        pages.release();
        open.clear();
        expansions.clear();
        goalNode = goal;
        goalX = goal % sizeX;
        goalY = (goal / sizeX) % sizeY;
        goalZ = goal / sizeX / sizeY;
        jumper.target(goalX, goalY, goalZ);
        goalSlot = -1;
        iterations = 0;
        expanded = 0;
        int sx = start % sizeX;
        int sy = (start / sizeX) % sizeY;
        int sz = start / sizeX / sizeY;
        int slot = pages.slotOf(sx, sy, sz);
        MemorySegment r = pages.records();
        long rec = pages.recordOffset(slot);
        r.set(INT, rec + FACES_OFFSET, 0);
        r.set(INT, rec + EDGES_OFFSET, 0);
        r.set(INT, rec + CORNERS_OFFSET, 0);
        r.set(INT, rec + PARENT_OFFSET, -1);
        r.set(INT, rec + ARRIVED_OFFSET, START_BIT);
        r.set(INT, rec + EXPANDED_OFFSET, 0);
        r.set(INT, rec + SCANNED_OFFSET, 0);
        open.insert(key(0, 0, 0, sx, sy, sz), 0.0, start, slot);
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
        state.ensureOpen();
        if (!SlicedSearch.checkStep(maxIterations, status, "VoxelJumpSearch")) {
            return status;
        }
        final OpenList o = open;
        final VoxelPages store = pages;
        final VoxelJumper j = jumper;
        int done = 0;
        while (done < maxIterations && !o.isEmpty()) {
            final int slot = o.aux(0);
            final int node = o.id(0);
            final double g = o.key2(0);
            o.removeTop();
            final long rec = store.recordOffset(slot);
            MemorySegment r = store.records();
            if (cost(r, rec) != g) {
                continue; // a cheaper route replaced this entry
            }
            final int arrived = r.get(INT, rec + ARRIVED_OFFSET);
            final int pending = arrived & ~r.get(INT, rec + EXPANDED_OFFSET);
            if (pending == 0) {
                continue; // expanded already for every arrival it has
            }
            done++;
            iterations++;
            if (node == goalNode) {
                goalSlot = slot;
                status = SearchStatus.FOUND;
                return status;
            }
            expanded++;
            if (recordExpansions) {
                expansions.add(node);
            }
            r.set(INT, rec + EXPANDED_OFFSET, arrived);
            final int x = store.xOf(slot);
            final int y = store.yOf(slot);
            final int z = store.zOf(slot);
            final int around = j.neighbourhood(x, y, z);
            final int scanned = r.get(INT, rec + SCANNED_OFFSET);
            final int directions = VoxelJumpRules.successors(pending, around, START_BIT) & ~scanned;
            r.set(INT, rec + SCANNED_OFFSET, scanned | directions);
            final int faces = r.get(INT, rec + FACES_OFFSET);
            final int edges = r.get(INT, rec + EDGES_OFFSET);
            final int corners = r.get(INT, rec + CORNERS_OFFSET);
            for (int left = directions; left != 0; left &= left - 1) {
                final int dir = Integer.numberOfTrailingZeros(left);
                final int k = j.jump(x, y, z, dir);
                if (k == 0) {
                    continue;
                }
                final int axes = VoxelJumpRules.AXES[dir];
                reach(
                        x + k * VoxelMoves.DX[dir],
                        y + k * VoxelMoves.DY[dir],
                        z + k * VoxelMoves.DZ[dir],
                        axes == 1 ? faces + k : faces,
                        axes == 2 ? edges + k : edges,
                        axes == 3 ? corners + k : corners,
                        slot,
                        dir);
            }
        }
        if (o.isEmpty() && status == SearchStatus.RUNNING) {
            status = SearchStatus.NO_PATH;
        }
        return status;
    }

    /** Offers voxel (x, y, z) the route with the given steps from {@code parent}, arriving by {@code dir}. */
    private void reach(int x, int y, int z, int faces, int edges, int corners, int parent, int dir) {
        final VoxelPages store = pages;
        final int slot = store.slotOf(x, y, z);
        final long rec = store.recordOffset(slot);
        final MemorySegment r = store.records();
        final double g = cost(faces, edges, corners);
        final int arrived = r.get(INT, rec + ARRIVED_OFFSET);
        final int bit = 1 << dir;
        if (arrived == 0 || g < cost(r, rec)) {
            r.set(INT, rec + FACES_OFFSET, faces);
            r.set(INT, rec + EDGES_OFFSET, edges);
            r.set(INT, rec + CORNERS_OFFSET, corners);
            r.set(INT, rec + PARENT_OFFSET, parent);
            r.set(INT, rec + ARRIVED_OFFSET, bit);
            r.set(INT, rec + EXPANDED_OFFSET, 0);
            r.set(INT, rec + SCANNED_OFFSET, 0);
        } else if (g == cost(r, rec) && (arrived & bit) == 0) {
            r.set(INT, rec + ARRIVED_OFFSET, arrived | bit);
            if ((arrived & ~r.get(INT, rec + EXPANDED_OFFSET)) != 0) {
                return; // still queued: its pop expands the new arrival too
            }
        } else {
            return;
        }
        open.insert(key(faces, edges, corners, x, y, z), g, x + sizeX * (y + sizeY * z), slot);
    }

    /** g of the steps: {@code faces + edges * sqrt2 + corners * sqrt3}. */
    static double cost(int faces, int edges, int corners) {
        return faces + edges * GridMath.SQRT2 + corners * SQRT3;
    }

    private static double cost(MemorySegment r, long rec) {
        return cost(r.get(INT, rec + FACES_OFFSET), r.get(INT, rec + EDGES_OFFSET), r.get(INT, rec + CORNERS_OFFSET));
    }

    /** f of the steps at (x, y, z): the steps plus the empty-world steps to the goal, summed as integers first. */
    private double key(int faces, int edges, int corners, int x, int y, int z) {
        if (zeroEstimate) {
            return cost(faces, edges, corners);
        }
        final int dx = Math.abs(x - goalX);
        final int dy = Math.abs(y - goalY);
        final int dz = Math.abs(z - goalZ);
        final int lo = Math.min(dx, Math.min(dy, dz));
        final int hi = Math.max(dx, Math.max(dy, dz));
        final int mid = dx + dy + dz - lo - hi;
        return (faces + (hi - mid)) + (edges + (mid - lo)) * GridMath.SQRT2 + (corners + lo) * SQRT3;
    }

    @Override
    public int pathLength() {
        state.ensureOpen();
        if (status != SearchStatus.FOUND) {
            return 0;
        }
        return lengthFrom(goalSlot);
    }

    /** Writes the path voxel by voxel, start first: every jump is a straight line of one move. */
    @Override
    public int copyPath(int[] out) {
        final int length = pathLength();
        SlicedSearch.checkPathBuffer(status, out, length);
        writePath(goalSlot, out, length);
        return length;
    }

    /** Voxels on the path to a reached slot: every voxel between the jump points. */
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
        int i = length - 1;
        int s = slot;
        out[i] = pages.nodeOf(s);
        while (true) {
            final int parent = parentOf(s);
            if (parent < 0) {
                return;
            }
            final int x = pages.xOf(s);
            final int y = pages.yOf(s);
            final int z = pages.zOf(s);
            final int px = pages.xOf(parent);
            final int py = pages.yOf(parent);
            final int pz = pages.zOf(parent);
            final int ux = Integer.signum(x - px);
            final int uy = Integer.signum(y - py);
            final int uz = Integer.signum(z - pz);
            final int k = steps(parent, s);
            for (int t = k - 1; t >= 0; t--) {
                out[--i] = (px + t * ux) + sizeX * ((py + t * uy) + sizeY * (pz + t * uz));
            }
            s = parent;
        }
    }

    // ---- partial paths ----

    @Override
    public boolean offersPartialPaths() {
        return true;
    }

    /**
     * The reached jump point of least (estimate, cost, node), the estimate being the key's
     * empty-world steps to the goal (0 for the zero estimate): the candidates are the jump points
     * this search generated. One pass over the records of the pages it took; allocates nothing.
     */
    @Override
    public int closestReached() {
        checkBegun();
        final VoxelPages store = pages;
        final MemorySegment r = store.records();
        final int n = store.slotCount();
        int best = -1;
        double bestH = 0;
        double bestG = 0;
        for (int slot = 0; slot < n; slot++) {
            final long rec = store.recordOffset(slot);
            if (r.get(INT, rec + ARRIVED_OFFSET) == 0) {
                continue;
            }
            final double g = cost(r, rec);
            final double h = zeroEstimate ? 0.0 : estimate(store.xOf(slot), store.yOf(slot), store.zOf(slot));
            final int node = store.nodeOf(slot);
            if (best < 0 || SlicedSearch.closerThan(h, g, node, bestH, bestG, best)) {
                best = node;
                bestH = h;
                bestG = g;
            }
        }
        return best;
    }

    /** The empty-world steps from (x, y, z) to the goal, summed as integers first. */
    private double estimate(int x, int y, int z) {
        final int dx = Math.abs(x - goalX);
        final int dy = Math.abs(y - goalY);
        final int dz = Math.abs(z - goalZ);
        final int lo = Math.min(dx, Math.min(dy, dz));
        final int hi = Math.max(dx, Math.max(dy, dz));
        final int mid = dx + dy + dz - lo - hi;
        return (hi - mid) + (mid - lo) * GridMath.SQRT2 + lo * SQRT3;
    }

    @Override
    public int pathLengthTo(int node) {
        return lengthFrom(reachedSlot(node));
    }

    @Override
    public int copyPathTo(int node, int[] out) {
        int slot = reachedSlot(node);
        int length = lengthFrom(slot);
        if (out.length < length) {
            throw new IllegalArgumentException("path buffer holds " + out.length + " nodes, the path has " + length);
        }
        writePath(slot, out, length);
        return length;
    }

    @Override
    public double costTo(int node) {
        int slot = reachedSlot(node);
        return multiplier * cost(pages.records(), pages.recordOffset(slot));
    }

    private void checkBegun() {
        state.ensureOpen();
        if (status == SearchStatus.NOT_STARTED) {
            throw new IllegalStateException("VoxelJumpSearch has no search begun");
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

    private int steps(int from, int to) {
        return Math.max(
                Math.abs(pages.xOf(to) - pages.xOf(from)),
                Math.max(Math.abs(pages.yOf(to) - pages.yOf(from)), Math.abs(pages.zOf(to) - pages.zOf(from))));
    }

    private int parentOf(int slot) {
        return pages.records().get(INT, pages.recordOffset(slot) + PARENT_OFFSET);
    }

    @Override
    public int[] expandedNodes() {
        state.ensureOpen();
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
            bits.close();
            columnsY.close();
            columnsZ.close();
            pages.close();
            open.close();
            expansions.close();
        }
    }

    /** The open list: (f, g, node) in the {@link OpenSet} order, the slot carried along; no positions kept. */
    private static final class OpenList extends QuadHeap {
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
        protected void placed(int node, int slot, int pos) {}
    }
}
