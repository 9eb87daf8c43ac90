package org.onepath.grids.voxel.hierarchy;

import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_VOXELS;
import static org.onepath.layout.VoxelHierarchyLayout.MASK_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.MOVE_SLOTS;

import java.lang.foreign.MemorySegment;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.grids.voxel.VoxelMoves;
import org.onepath.grids.voxel.VoxelTopology;
import org.onepath.layout.VoxelHierarchyLayout;
import org.onepath.memory.OwnerState;

/**
 * Dijkstra (and A*) over the voxels of one 16^3 chunk, using only the moves whose two ends lie in
 * the chunk (a move's swept voxels lie in the box of its ends, so such a move reads only voxels of
 * the chunk, and what this search finds depends on the chunk's own voxels alone). Voxels are
 * named by their in-chunk index {@code x | y << 4 | z << 8}.
 *
 * <p>{@link #prepare} reads the chunk's legal moves once, through the topology ({@link #load}
 * takes them from a hierarchy's table instead), and the voxels' area multipliers; a move costs
 * {@code length * ((m[from] + m[to]) * 0.5)}, as the topology prices it, and where every open
 * voxel of the chunk has one multiplier m the search uses {@code length * m}, the same value.
 * {@link #run} then settles voxels in order of cost (ties by smaller index) from one source until
 * every target is settled. Records carry the run that wrote them, so nothing is cleared between
 * runs.
 *
 * <p>Working memory is a handful of fixed arrays of one entry per in-chunk voxel (the cost, the
 * parent, the run mark, the open list's position) and an indexed binary heap of at most 4096
 * voxels, each voxel in it at most once: small, fixed, and reused for every chunk, so they live on
 * the Java heap. Not thread-safe.
 */
final class ChunkVoxelSearch implements AutoCloseable {
    private final VoxelTopology topology;
    private final VoxelConnectivity connectivity;
    private final ChunkTable chunks;
    private final AreaCosts areas;
    private final int sizeX;
    private final int sizeY;
    private final int sizeZ;
    private final int moveCount;
    private final int[] localDelta = new int[MOVE_SLOTS];
    private final double[] moveLength = new double[MOVE_SLOTS];
    private final int[] moveIds;
    private final double[] moveCosts;
    private final int[] masks = new int[CHUNK_VOXELS];
    private final double[] multipliers = new double[CHUNK_VOXELS];
    private final double[] cost = new double[CHUNK_VOXELS];
    private final double[] key = new double[CHUNK_VOXELS];
    private final int[] parent = new int[CHUNK_VOXELS];
    /** The run that reached the voxel, negated once it is settled. */
    private final int[] mark = new int[CHUNK_VOXELS];

    private final int[] targetMark = new int[CHUNK_VOXELS];
    private final int[] heap = new int[CHUNK_VOXELS];
    private final int[] heapIndex = new int[CHUNK_VOXELS];
    // The bucket queue of run: a ring of buckets, each a doubly linked list of voxels.
    private final int[] bucketHead = new int[MAX_BUCKETS];
    private final int[] nextInBucket = new int[CHUNK_VOXELS];
    private final int[] previousInBucket = new int[CHUNK_VOXELS];
    private final int[] bucketOf = new int[CHUNK_VOXELS];
    /** The smallest and largest multiplier of the prepared chunk's open voxels. */
    private double smallestMultiplier;

    private double largestMultiplier;
    private final OwnerState state = new OwnerState("ChunkVoxelSearch");
    /** Most buckets in the ring of {@link #run}; a chunk whose costs would need more uses the heap. */
    private static final int MAX_BUCKETS = 64;

    private int preparedSlot = -1;
    /** The one multiplier of the prepared chunk's open voxels, or NaN when they differ. */
    private double uniformMultiplier;

    private int originX;
    private int originY;
    private int originZ;
    private int run;
    private int heapSize;

    ChunkVoxelSearch(VoxelTopology topology) {
        this.topology = topology;
        this.connectivity = topology.connectivity();
        this.chunks = topology.chunks();
        this.areas = topology.areas();
        this.sizeX = topology.sizeX();
        this.sizeY = topology.sizeY();
        this.sizeZ = topology.sizeZ();
        this.moveCount = topology.maxDegree();
        for (int j = 0; j < moveCount; j++) {
            localDelta[j] = VoxelMoves.dx(j) + (VoxelMoves.dy(j) << 4) + (VoxelMoves.dz(j) << 8);
            moveLength[j] = VoxelMoves.length(j);
        }
        this.moveIds = new int[moveCount];
        this.moveCosts = new double[moveCount];
    }

    /** Forgets the prepared chunk, so the next {@link #prepare} reads the voxels again (after an edit). */
    void invalidate() {
        preparedSlot = -1;
    }

    /**
     * Reads the legal in-chunk moves of chunk (cx, cy, cz), unless it is the chunk prepared last.
     *
     * @param slot the chunk's slot, a key for the cache
     */
    void prepare(int slot, int cx, int cy, int cz) {
        state.ensureOpen();
        if (slot == preparedSlot) {
            return;
        }
        final int ox = cx << 4;
        final int oy = cy << 4;
        final int oz = cz << 4;
        final int ex = Math.min(16, sizeX - ox);
        final int ey = Math.min(16, sizeY - oy);
        final int ez = Math.min(16, sizeZ - oz);
        java.util.Arrays.fill(masks, 0);
        final int[] ids = moveIds;
        final double[] c = moveCosts;
        for (int z = 0; z < ez; z++) {
            for (int y = 0; y < ey; y++) {
                for (int x = 0; x < ex; x++) {
                    if (!topology.isOpen(ox + x, oy + y, oz + z)) {
                        continue;
                    }
                    final int local = x | y << 4 | z << 8;
                    final int k = topology.moves(ox + x, oy + y, oz + z, ids, c);
                    int mask = 0;
                    for (int i = 0; i < k; i++) {
                        final int j = ids[i];
                        final int tx = x + VoxelMoves.dx(j);
                        final int ty = y + VoxelMoves.dy(j);
                        final int tz = z + VoxelMoves.dz(j);
                        if (tx < 0 || ty < 0 || tz < 0 || tx >= ex || ty >= ey || tz >= ez) {
                            continue;
                        }
                        mask |= 1 << j;
                    }
                    masks[local] = mask;
                }
            }
        }
        readMultipliers(ox, oy, oz, ex, ey, ez);
        preparedSlot = slot;
    }

    /**
     * Takes the legal in-chunk moves of chunk (cx, cy, cz) from a table of one u32 mask per
     * in-chunk voxel (a stored chunk's masks in a hierarchy block), unless it is the chunk
     * prepared last.
     *
     * @param slot   the chunk's slot, a key for the cache
     * @param table  the segment holding the masks
     * @param offset where the 4096 masks start in it
     */
    void load(int slot, int cx, int cy, int cz, MemorySegment table, long offset) {
        state.ensureOpen();
        if (slot == preparedSlot) {
            return;
        }
        final int ox = cx << 4;
        final int oy = cy << 4;
        final int oz = cz << 4;
        for (int v = 0; v < CHUNK_VOXELS; v++) {
            masks[v] = table.get(VoxelHierarchyLayout.INT, offset + v * MASK_BYTES);
        }
        readMultipliers(ox, oy, oz, Math.min(16, sizeX - ox), Math.min(16, sizeY - oy), Math.min(16, sizeZ - oz));
        preparedSlot = slot;
    }

    /** Reads the area multiplier of every voxel of the chunk inside the grid, and whether the open ones share one. */
    private void readMultipliers(int ox, int oy, int oz, int ex, int ey, int ez) {
        double common = Double.NaN;
        boolean uniform = true;
        double smallest = Double.POSITIVE_INFINITY;
        double largest = 0;
        for (int z = 0; z < ez; z++) {
            for (int y = 0; y < ey; y++) {
                for (int x = 0; x < ex; x++) {
                    final int area = chunks.area(ox + x, oy + y, oz + z);
                    final double m = areas.multiplierOf(area);
                    multipliers[x | y << 4 | z << 8] = m;
                    if (area != AreaCosts.WALL) {
                        smallest = Math.min(smallest, m);
                        largest = Math.max(largest, m);
                        if (Double.isNaN(common)) {
                            common = m;
                        } else if (m != common) {
                            uniform = false;
                        }
                    }
                }
            }
        }
        uniformMultiplier = uniform ? common : Double.NaN;
        smallestMultiplier = smallest;
        largestMultiplier = largest;
        originX = ox;
        originY = oy;
        originZ = oz;
    }

    /**
     * Settles voxels from {@code source} in order of cost until every target is settled or no
     * voxel is left.
     *
     * <p>Voxels wait in buckets of width w, the cheapest move (a face move at the smallest
     * multiplier): a voxel is settled from the lowest non-empty bucket, in any order within it.
     * That is exact, because a voxel of bucket k costs less than (k + 1) w and anything a later pop
     * could offer it costs at least k w + w. Buckets form a ring, since a move reaches at most
     * (longest move / w) + 1 buckets ahead. The order inside a bucket (last in, first out) fixes
     * the parents, so every run over the same chunk gives the same bits.
     *
     * @param source      the in-chunk index to start from, an open voxel
     * @param targets     in-chunk indices to settle; may include the source
     * @param targetCount how many of {@code targets} to read
     */
    void run(int source, int[] targets, int targetCount) {
        open(source);
        final int r = run;
        int pending = 0;
        for (int i = 0; i < targetCount; i++) {
            if (targetMark[targets[i]] != r && mark[targets[i]] != -r) {
                targetMark[targets[i]] = r;
                pending++;
            }
        }
        advance(pending);
    }

    /**
     * Starts a resumable Dijkstra from {@code source}: {@link #settleTo} then settles voxels in
     * order of cost only as far as each asked voxel, keeping its open voxels between calls, so
     * asking for several voxels one at a time costs what one run to the farthest of them costs.
     *
     * @param source the in-chunk index to start from, an open voxel
     */
    void open(int source) {
        final int r = nextRun();
        final double width = smallestMultiplier;
        final double longest = moveLength[moveCount - 1] * largestMultiplier;
        ring = (int) Math.ceil(longest / width) + 2;
        useHeap = !(width > 0) || ring > MAX_BUCKETS;
        perWidth = 1.0 / width;
        reach(source, 0.0, source, r);
        heapSize = 0;
        queued = 1;
        current = 0;
        if (useHeap) {
            offer(source, 0.0);
        } else {
            java.util.Arrays.fill(bucketHead, 0, ring, -1);
            insert(source, 0, ring);
        }
    }

    /**
     * Settles voxels of the run {@link #open} started until {@code target} is settled or none is
     * left.
     *
     * @param target an in-chunk index
     * @return the target's cost from the source, +infinity when it cannot be reached in the chunk
     */
    double settleTo(int target) {
        final int r = run;
        if (mark[target] != -r) {
            targetMark[target] = r;
            advance(1);
        }
        return cost(target);
    }

    /** Settles voxels in order of cost until {@code pending} targets more are settled or none is left. */
    private void advance(int pendingTargets) {
        if (useHeap) {
            advanceWithHeap(pendingTargets);
            return;
        }
        int pending = pendingTargets;
        final int r = run;
        final int[] tm = targetMark;
        final int[] mk = mark;
        final int[] mask = masks;
        final int[] delta = localDelta;
        final double[] length = moveLength;
        final double[] g = cost;
        final double[] mult = multipliers;
        final int[] head = bucketHead;
        final int[] next = nextInBucket;
        final int[] previous = previousInBucket;
        final int[] bucket = bucketOf;
        final double m = uniformMultiplier;
        final boolean uniform = !Double.isNaN(m);
        final double per = perWidth;
        final int ringSize = ring;
        int live = queued;
        int at = current;
        while (live > 0 && pending > 0) {
            int slot = at % ringSize;
            while (head[slot] < 0) {
                at++;
                slot = at % ringSize;
            }
            final int v = head[slot];
            final int after = next[v];
            head[slot] = after;
            if (after >= 0) {
                previous[after] = -1;
            }
            live--;
            mk[v] = -r;
            if (tm[v] == r) {
                pending--;
            }
            final double gv = g[v];
            int bits = mask[v];
            while (bits != 0) {
                final int j = Integer.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                final int t = v + delta[j];
                final int tmk = mk[t];
                if (tmk == -r) {
                    continue;
                }
                final double ng = uniform ? gv + length[j] * m : gv + length[j] * ((mult[v] + mult[t]) * 0.5);
                if (tmk != r) {
                    reach(t, ng, v, r);
                    insert(t, (int) (ng * per), ringSize);
                    live++;
                } else if (ng < g[t]) {
                    g[t] = ng;
                    parent[t] = v;
                    final int b = (int) (ng * per);
                    if (b != bucket[t]) {
                        unlink(t, ringSize);
                        insert(t, b, ringSize);
                    }
                }
            }
        }
        queued = live;
        current = at;
    }

    /** The ring size, bucket width and position of the run {@link #open} started, kept between calls. */
    private int ring;

    private boolean useHeap;
    private double perWidth;
    private int queued;
    private int current;

    private void insert(int voxel, int b, int ring) {
        final int slot = b % ring;
        final int first = bucketHead[slot];
        nextInBucket[voxel] = first;
        previousInBucket[voxel] = -1;
        if (first >= 0) {
            previousInBucket[first] = voxel;
        }
        bucketHead[slot] = voxel;
        bucketOf[voxel] = b;
    }

    private void unlink(int voxel, int ring) {
        final int before = previousInBucket[voxel];
        final int after = nextInBucket[voxel];
        if (before >= 0) {
            nextInBucket[before] = after;
        } else {
            bucketHead[bucketOf[voxel] % ring] = after;
        }
        if (after >= 0) {
            previousInBucket[after] = before;
        }
    }

    /** {@link #advance} with a heap, for a chunk whose multipliers differ too much for a small ring. */
    private void advanceWithHeap(int pendingTargets) {
        int pending = pendingTargets;
        final int r = run;
        final int[] tm = targetMark;
        final int[] mk = mark;
        final int[] mask = masks;
        final int[] delta = localDelta;
        final double[] length = moveLength;
        final double[] g = cost;
        final double[] mult = multipliers;
        while (heapSize > 0 && pending > 0) {
            final int v = popMin();
            mk[v] = -r;
            if (tm[v] == r) {
                pending--;
            }
            final double gv = g[v];
            int bits = mask[v];
            while (bits != 0) {
                final int j = Integer.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                final int t = v + delta[j];
                final int tmk = mk[t];
                if (tmk == -r) {
                    continue;
                }
                final double ng = gv + length[j] * ((mult[v] + mult[t]) * 0.5);
                if (tmk != r) {
                    reach(t, ng, v, r);
                    offer(t, ng);
                } else if (ng < g[t]) {
                    g[t] = ng;
                    parent[t] = v;
                    decrease(t, ng);
                }
            }
        }
    }

    /**
     * Settles voxels from {@code source} until {@code target} is settled, in order of cost plus
     * the voxel estimate to the target (A*): the estimate is consistent, so the target's cost is
     * the cheapest inside the chunk, as {@link #run} finds it, while far fewer voxels are settled.
     *
     * @param source        the in-chunk index to start from, an open voxel
     * @param target        the in-chunk index to reach
     * @param minMultiplier the smallest area multiplier, scaling the estimate
     */
    void runTo(int source, int target, double minMultiplier) {
        final int r = nextRun();
        final int[] mk = mark;
        final int[] mask = masks;
        final int[] delta = localDelta;
        final double[] length = moveLength;
        final double[] g = cost;
        final double[] mult = multipliers;
        final double m = uniformMultiplier;
        final boolean uniform = !Double.isNaN(m);
        final int tx = target & 15;
        final int ty = (target >>> 4) & 15;
        final int tz = target >>> 8;
        heapSize = 0;
        reach(source, 0.0, source, r);
        offer(source, estimate(source, tx, ty, tz, minMultiplier));
        while (heapSize > 0) {
            final int v = popMin();
            mk[v] = -r;
            if (v == target) {
                return;
            }
            final double gv = g[v];
            int bits = mask[v];
            while (bits != 0) {
                final int j = Integer.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                final int t = v + delta[j];
                final int tmk = mk[t];
                if (tmk == -r) {
                    continue;
                }
                final double ng = uniform ? gv + length[j] * m : gv + length[j] * ((mult[v] + mult[t]) * 0.5);
                if (tmk != r) {
                    reach(t, ng, v, r);
                    offer(t, ng + estimate(t, tx, ty, tz, minMultiplier));
                } else if (ng < g[t]) {
                    g[t] = ng;
                    parent[t] = v;
                    decrease(t, ng + estimate(t, tx, ty, tz, minMultiplier));
                }
            }
        }
    }

    /** The voxel estimate from an in-chunk voxel to the target's coordinates. */
    private double estimate(int v, int tx, int ty, int tz, double minMultiplier) {
        return VoxelHeuristic.distance(
                        connectivity,
                        Math.abs((v & 15) - tx),
                        Math.abs(((v >>> 4) & 15) - ty),
                        Math.abs((v >>> 8) - tz))
                * minMultiplier;
    }

    /** The next run number, starting the marks again from zero once they would overflow. */
    private int nextRun() {
        if (run == Integer.MAX_VALUE) {
            java.util.Arrays.fill(mark, 0);
            java.util.Arrays.fill(targetMark, 0);
            run = 0;
        }
        return ++run;
    }

    private void reach(int voxel, double g, int from, int r) {
        cost[voxel] = g;
        parent[voxel] = from;
        mark[voxel] = r;
    }

    /**
     * The cost the last run found to a settled voxel, +infinity when it was not settled.
     *
     * @param voxel an in-chunk index
     * @return the cost, or +infinity
     */
    double cost(int voxel) {
        return mark[voxel] == -run ? cost[voxel] : Double.POSITIVE_INFINITY;
    }

    /**
     * The voxel before a settled voxel on its cheapest path from the last run's source (the
     * source is its own parent).
     *
     * @param voxel an in-chunk index settled by the last run
     * @return the parent's in-chunk index
     */
    int parent(int voxel) {
        return parent[voxel];
    }

    /**
     * The legal in-chunk moves out of a voxel of the prepared chunk, as a mask by move number.
     *
     * @param voxel an in-chunk index
     * @return bit j set when move j is legal and ends in the chunk; 0 for a solid voxel
     */
    int moveMask(int voxel) {
        return masks[voxel];
    }

    /** The x of the prepared chunk's first voxel. */
    int originX() {
        return originX;
    }

    /** The y of the prepared chunk's first voxel. */
    int originY() {
        return originY;
    }

    /** The z of the prepared chunk's first voxel. */
    int originZ() {
        return originZ;
    }

    // ---- Indexed binary heap: smaller key, then smaller voxel; each voxel at most once ----

    private boolean less(int a, int b) {
        final double ka = key[a];
        final double kb = key[b];
        return ka < kb || (ka == kb && a < b);
    }

    private void offer(int voxel, double k) {
        key[voxel] = k;
        final int i = heapSize++;
        siftUp(voxel, i);
    }

    private void decrease(int voxel, double k) {
        key[voxel] = k;
        siftUp(voxel, heapIndex[voxel]);
    }

    private void siftUp(int voxel, int from) {
        final int[] h = heap;
        int i = from;
        while (i > 0) {
            final int p = (i - 1) >>> 1;
            final int up = h[p];
            if (!less(voxel, up)) {
                break;
            }
            h[i] = up;
            heapIndex[up] = i;
            i = p;
        }
        h[i] = voxel;
        heapIndex[voxel] = i;
    }

    private int popMin() {
        final int[] h = heap;
        final int top = h[0];
        final int last = h[--heapSize];
        final int n = heapSize;
        if (n > 0) {
            int i = 0;
            while (true) {
                final int l = 2 * i + 1;
                if (l >= n) {
                    break;
                }
                int c = h[l];
                int ci = l;
                if (l + 1 < n && less(h[l + 1], c)) {
                    c = h[l + 1];
                    ci = l + 1;
                }
                if (!less(c, last)) {
                    break;
                }
                h[i] = c;
                heapIndex[c] = i;
                i = ci;
            }
            h[i] = last;
            heapIndex[last] = i;
        }
        return top;
    }

    @Override
    public void close() {
        state.markClosed();
    }
}
