package org.onepath.grids.voxel.hierarchy;

import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_COST_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_HEAP_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_HEAP_COST_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_HEAP_VOXEL_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_MARK_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_MOVES_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_PARENT_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_RECORDS_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_RECORD_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_VOXELS;
import static org.onepath.layout.VoxelHierarchyLayout.MASK_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.MOVE_SLOTS;
import static org.onepath.layout.VoxelHierarchyLayout.MULTIPLIERS_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.NATIVE_DOUBLE;
import static org.onepath.layout.VoxelHierarchyLayout.NATIVE_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.grids.voxel.VoxelMoves;
import org.onepath.grids.voxel.VoxelTopology;
import org.onepath.memory.LeakGuard;
import org.onepath.memory.OwnerState;

/**
 * Dijkstra over the voxels of one 16^3 chunk, using only the moves whose two ends lie in the
 * chunk (a move's swept voxels lie in the box of its ends, so such a move reads only voxels of the
 * chunk, and what this search finds depends on the chunk's own voxels alone). Voxels are named by
 * their in-chunk index {@code x | y << 4 | z << 8}.
 *
 * <p>{@link #prepare} reads the chunk's legal moves once, through the topology ({@link #load}
 * takes them from a hierarchy's table instead), and the voxels' area multipliers; a move costs
 * {@code length * ((m[from] + m[to]) * 0.5)}, as the topology prices it. {@link #run} then settles voxels in order of cost (ties by smaller index) from one source until
 * every target is settled. Records carry the run that wrote them, so nothing is cleared between
 * runs. Working memory: {@code VoxelHierarchyLayout}. Not thread-safe. Owns its memory.
 */
final class ChunkVoxelSearch implements AutoCloseable {
    /** Largest number of heap entries: one per relaxation, at most 26 per voxel, plus the source. */
    private static final int HEAP_ENTRIES = CHUNK_VOXELS * MOVE_SLOTS + 1;

    private final VoxelTopology topology;
    private final VoxelConnectivity connectivity;
    private final ChunkTable chunks;
    private final AreaCosts areas;
    private final double[] moveLength = new double[MOVE_SLOTS];
    private final int sizeX;
    private final int sizeY;
    private final int sizeZ;
    private final int moveCount;
    private final int[] localDelta;
    private final int[] moveIds;
    private final double[] moveCosts;
    private final int[] targetMark = new int[CHUNK_VOXELS];
    private final Arena arena;
    private final MemorySegment records;
    private final MemorySegment multipliers;
    private final MemorySegment heap;
    private final OwnerState state = new OwnerState("ChunkVoxelSearch");
    private int preparedSlot = -1;
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
        this.localDelta = new int[moveCount];
        for (int j = 0; j < moveCount; j++) {
            localDelta[j] = VoxelMoves.dx(j) + (VoxelMoves.dy(j) << 4) + (VoxelMoves.dz(j) << 8);
            moveLength[j] = VoxelMoves.length(j);
        }
        this.moveIds = new int[moveCount];
        this.moveCosts = new double[moveCount];
        this.arena = LeakGuard.sharedArena(this);
        this.records = arena.allocate(CHUNK_RECORDS_BYTES, 8);
        this.multipliers = arena.allocate(MULTIPLIERS_BYTES, 8);
        this.heap = arena.allocate(HEAP_ENTRIES * CHUNK_HEAP_BYTES, 8);
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
        // Clearing the records clears their marks; the run number keeps counting, so the
        // target marks of earlier runs never match a later run.
        records.fill((byte) 0);
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
                    records.set(NATIVE_INT, local * CHUNK_RECORD_BYTES + CHUNK_MOVES_OFFSET, mask);
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
     * @param masks  the segment holding the masks
     * @param offset where the 4096 masks start in it
     */
    void load(int slot, int cx, int cy, int cz, MemorySegment masks, long offset) {
        state.ensureOpen();
        if (slot == preparedSlot) {
            return;
        }
        final int ox = cx << 4;
        final int oy = cy << 4;
        final int oz = cz << 4;
        records.fill((byte) 0);
        for (int v = 0; v < CHUNK_VOXELS; v++) {
            records.set(
                    NATIVE_INT,
                    v * CHUNK_RECORD_BYTES + CHUNK_MOVES_OFFSET,
                    masks.get(org.onepath.layout.VoxelHierarchyLayout.INT, offset + v * MASK_BYTES));
        }
        readMultipliers(ox, oy, oz, Math.min(16, sizeX - ox), Math.min(16, sizeY - oy), Math.min(16, sizeZ - oz));
        preparedSlot = slot;
    }

    /** Reads the area multiplier of every voxel of the chunk inside the grid. */
    private void readMultipliers(int ox, int oy, int oz, int ex, int ey, int ez) {
        for (int z = 0; z < ez; z++) {
            for (int y = 0; y < ey; y++) {
                for (int x = 0; x < ex; x++) {
                    multipliers.set(
                            NATIVE_DOUBLE,
                            (x | y << 4 | z << 8) * 8L,
                            areas.multiplierOf(chunks.area(ox + x, oy + y, oz + z)));
                }
            }
        }
        originX = ox;
        originY = oy;
        originZ = oz;
    }

    /**
     * Settles voxels from {@code source} in order of cost until every target is settled or no
     * voxel is left.
     *
     * @param source      the in-chunk index to start from, an open voxel
     * @param targets     in-chunk indices to settle; may include the source
     * @param targetCount how many of {@code targets} to read
     */
    void run(int source, int[] targets, int targetCount) {
        if (run == Integer.MAX_VALUE) {
            clearMarks();
        }
        final int r = ++run;
        final int[] mark = targetMark;
        int pending = 0;
        for (int i = 0; i < targetCount; i++) {
            if (mark[targets[i]] != r) {
                mark[targets[i]] = r;
                pending++;
            }
        }
        final MemorySegment rec = records;
        final MemorySegment mult = multipliers;
        final int[] delta = localDelta;
        final double[] length = moveLength;
        heapSize = 0;
        reach(source, 0.0, source, r);
        push(0.0, source);
        while (heapSize > 0 && pending > 0) {
            final long top = 0;
            final double g = heap.get(NATIVE_DOUBLE, top + CHUNK_HEAP_COST_OFFSET);
            final int v = heap.get(NATIVE_INT, top + CHUNK_HEAP_VOXEL_OFFSET);
            pop();
            final long at = v * CHUNK_RECORD_BYTES;
            if (rec.get(NATIVE_INT, at + CHUNK_MARK_OFFSET) == -r
                    || g > rec.get(NATIVE_DOUBLE, at + CHUNK_COST_OFFSET)) {
                continue;
            }
            rec.set(NATIVE_INT, at + CHUNK_MARK_OFFSET, -r);
            if (mark[v] == r) {
                pending--;
            }
            int mask = rec.get(NATIVE_INT, at + CHUNK_MOVES_OFFSET);
            while (mask != 0) {
                final int j = Integer.numberOfTrailingZeros(mask);
                mask &= mask - 1;
                final int t = v + delta[j];
                final long tat = t * CHUNK_RECORD_BYTES;
                final int tm = rec.get(NATIVE_INT, tat + CHUNK_MARK_OFFSET);
                if (tm == -r) {
                    continue;
                }
                final double ng =
                        g + length[j] * ((mult.get(NATIVE_DOUBLE, v * 8L) + mult.get(NATIVE_DOUBLE, t * 8L)) * 0.5);
                if (tm != r || ng < rec.get(NATIVE_DOUBLE, tat + CHUNK_COST_OFFSET)) {
                    reach(t, ng, v, r);
                    push(ng, t);
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
        if (run == Integer.MAX_VALUE) {
            clearMarks();
        }
        final int r = ++run;
        final MemorySegment rec = records;
        final MemorySegment mult = multipliers;
        final int[] delta = localDelta;
        final double[] length = moveLength;
        final int tx = target & 15;
        final int ty = (target >>> 4) & 15;
        final int tz = target >>> 8;
        heapSize = 0;
        reach(source, 0.0, source, r);
        push(estimate(source, tx, ty, tz, minMultiplier), source);
        while (heapSize > 0) {
            final double f = heap.get(NATIVE_DOUBLE, CHUNK_HEAP_COST_OFFSET);
            final int v = heap.get(NATIVE_INT, CHUNK_HEAP_VOXEL_OFFSET);
            pop();
            final long at = v * CHUNK_RECORD_BYTES;
            final double g = rec.get(NATIVE_DOUBLE, at + CHUNK_COST_OFFSET);
            if (rec.get(NATIVE_INT, at + CHUNK_MARK_OFFSET) == -r || f > g + estimate(v, tx, ty, tz, minMultiplier)) {
                continue;
            }
            rec.set(NATIVE_INT, at + CHUNK_MARK_OFFSET, -r);
            if (v == target) {
                return;
            }
            int mask = rec.get(NATIVE_INT, at + CHUNK_MOVES_OFFSET);
            while (mask != 0) {
                final int j = Integer.numberOfTrailingZeros(mask);
                mask &= mask - 1;
                final int t = v + delta[j];
                final long tat = t * CHUNK_RECORD_BYTES;
                final int tm = rec.get(NATIVE_INT, tat + CHUNK_MARK_OFFSET);
                if (tm == -r) {
                    continue;
                }
                final double ng =
                        g + length[j] * ((mult.get(NATIVE_DOUBLE, v * 8L) + mult.get(NATIVE_DOUBLE, t * 8L)) * 0.5);
                if (tm != r || ng < rec.get(NATIVE_DOUBLE, tat + CHUNK_COST_OFFSET)) {
                    reach(t, ng, v, r);
                    push(ng + estimate(t, tx, ty, tz, minMultiplier), t);
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

    /** Starts the run numbers again from zero once they would overflow. */
    private void clearMarks() {
        for (int v = 0; v < CHUNK_VOXELS; v++) {
            records.set(NATIVE_INT, v * CHUNK_RECORD_BYTES + CHUNK_MARK_OFFSET, 0);
        }
        java.util.Arrays.fill(targetMark, 0);
        run = 0;
    }

    private void reach(int voxel, double g, int parent, int r) {
        final long at = voxel * CHUNK_RECORD_BYTES;
        records.set(NATIVE_DOUBLE, at + CHUNK_COST_OFFSET, g);
        records.set(NATIVE_INT, at + CHUNK_PARENT_OFFSET, parent);
        records.set(NATIVE_INT, at + CHUNK_MARK_OFFSET, r);
    }

    /**
     * The cost the last run found to a settled voxel, +infinity when it was not settled.
     *
     * @param voxel an in-chunk index
     * @return the cost, or +infinity
     */
    double cost(int voxel) {
        final long at = voxel * CHUNK_RECORD_BYTES;
        return records.get(NATIVE_INT, at + CHUNK_MARK_OFFSET) == -run
                ? records.get(NATIVE_DOUBLE, at + CHUNK_COST_OFFSET)
                : Double.POSITIVE_INFINITY;
    }

    /**
     * The voxel before a settled voxel on its cheapest path from the last run's source (the
     * source is its own parent).
     *
     * @param voxel an in-chunk index settled by the last run
     * @return the parent's in-chunk index
     */
    int parent(int voxel) {
        return records.get(NATIVE_INT, voxel * CHUNK_RECORD_BYTES + CHUNK_PARENT_OFFSET);
    }

    /**
     * The legal in-chunk moves out of a voxel of the prepared chunk, as a mask by move number.
     *
     * @param voxel an in-chunk index
     * @return bit j set when move j is legal and ends in the chunk; 0 for a solid voxel
     */
    int moveMask(int voxel) {
        return records.get(NATIVE_INT, voxel * CHUNK_RECORD_BYTES + CHUNK_MOVES_OFFSET);
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

    private boolean less(long a, long b) {
        final double ca = heap.get(NATIVE_DOUBLE, a + CHUNK_HEAP_COST_OFFSET);
        final double cb = heap.get(NATIVE_DOUBLE, b + CHUNK_HEAP_COST_OFFSET);
        if (ca != cb) {
            return ca < cb;
        }
        return heap.get(NATIVE_INT, a + CHUNK_HEAP_VOXEL_OFFSET) < heap.get(NATIVE_INT, b + CHUNK_HEAP_VOXEL_OFFSET);
    }

    private void swap(long a, long b) {
        final double ca = heap.get(NATIVE_DOUBLE, a + CHUNK_HEAP_COST_OFFSET);
        final int va = heap.get(NATIVE_INT, a + CHUNK_HEAP_VOXEL_OFFSET);
        heap.set(NATIVE_DOUBLE, a + CHUNK_HEAP_COST_OFFSET, heap.get(NATIVE_DOUBLE, b + CHUNK_HEAP_COST_OFFSET));
        heap.set(NATIVE_INT, a + CHUNK_HEAP_VOXEL_OFFSET, heap.get(NATIVE_INT, b + CHUNK_HEAP_VOXEL_OFFSET));
        heap.set(NATIVE_DOUBLE, b + CHUNK_HEAP_COST_OFFSET, ca);
        heap.set(NATIVE_INT, b + CHUNK_HEAP_VOXEL_OFFSET, va);
    }

    private void push(double g, int voxel) {
        int i = heapSize++;
        final long at = i * CHUNK_HEAP_BYTES;
        heap.set(NATIVE_DOUBLE, at + CHUNK_HEAP_COST_OFFSET, g);
        heap.set(NATIVE_INT, at + CHUNK_HEAP_VOXEL_OFFSET, voxel);
        while (i > 0) {
            final int p = (i - 1) >>> 1;
            if (!less(i * CHUNK_HEAP_BYTES, p * CHUNK_HEAP_BYTES)) {
                break;
            }
            swap(i * CHUNK_HEAP_BYTES, p * CHUNK_HEAP_BYTES);
            i = p;
        }
    }

    private void pop() {
        final int last = --heapSize;
        if (last == 0) {
            return;
        }
        swap(0, last * CHUNK_HEAP_BYTES);
        int i = 0;
        while (true) {
            final int l = 2 * i + 1;
            if (l >= last) {
                break;
            }
            int m = l;
            if (l + 1 < last && less((l + 1) * CHUNK_HEAP_BYTES, l * CHUNK_HEAP_BYTES)) {
                m = l + 1;
            }
            if (!less(m * CHUNK_HEAP_BYTES, i * CHUNK_HEAP_BYTES)) {
                break;
            }
            swap(m * CHUNK_HEAP_BYTES, i * CHUNK_HEAP_BYTES);
            i = m;
        }
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            arena.close();
        }
    }
}
