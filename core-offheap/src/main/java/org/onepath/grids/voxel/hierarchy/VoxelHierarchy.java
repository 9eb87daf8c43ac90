package org.onepath.grids.voxel.hierarchy;

import static org.onepath.layout.VoxelHierarchyLayout.AREA_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.BLOCK_LENGTH_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.BLOCK_OFFSET_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_VOXELS;
import static org.onepath.layout.VoxelHierarchyLayout.DIRECTORY_RECORD_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.DOUBLE;
import static org.onepath.layout.VoxelHierarchyLayout.FACES;
import static org.onepath.layout.VoxelHierarchyLayout.FACE_START_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.INT;
import static org.onepath.layout.VoxelHierarchyLayout.KIND_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.KIND_OPEN;
import static org.onepath.layout.VoxelHierarchyLayout.KIND_SOLID;
import static org.onepath.layout.VoxelHierarchyLayout.KIND_STORED;
import static org.onepath.layout.VoxelHierarchyLayout.LABEL_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.LONG;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_REGION_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_VOXEL_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.REGION_COUNT_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.voxel.ChunkEditListener;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.grids.voxel.VoxelMoves;
import org.onepath.grids.voxel.VoxelTopology;
import org.onepath.layout.VoxelHierarchyLayout;
import org.onepath.memory.GrowableSegment;
import org.onepath.memory.LeakGuard;
import org.onepath.memory.OwnerState;

/**
 * One level of abstraction over the 16^3 chunks of a {@link ChunkTable} (tier 2/3): per chunk its
 * regions (the connected parts of its open voxels under the moves and corner rule, using only
 * moves that stay in the chunk), its transitions (voxels facing an open voxel of the neighbouring
 * chunk across one of its six faces) and, for a stored chunk, the cost between every two of its
 * transitions by a search confined to the chunk.
 *
 * <p>A uniform open chunk is one region with nothing stored but its transitions: inside a box
 * whose voxels all hold one open area, every move is legal (every swept voxel lies in the box),
 * so the cheapest path between two voxels costs the empty-grid distance of the move set times
 * the area's multiplier, the voxel estimate itself, and the search computes it.
 *
 * <p>Transitions. Across the face shared by two chunks, a position is open when both voxels
 * facing each other there are open; an opening is a 4-connected set of open positions (so its
 * voxels on each side lie in one region). An opening holding positions of the face's sample
 * lattice ({@code faceSamples} evenly spaced rows and columns, first and last included) gets a
 * transition at each of them; any other opening gets one, at its position nearest its centroid.
 * Face crossings suffice for completeness under {@link VoxelCornerRule#NO_CORNER_CUTTING} and
 * {@link VoxelCornerRule#NO_SQUEEZING}, because there every legal move has a monotone route of
 * face steps through open voxels, each step crossing at most one face; {@code
 * docs/voxel-hierarchy.md} gives the argument. Under {@link VoxelCornerRule#ALLOW_ALL} a diagonal
 * move may cross between chunks with no face step beside it, so 18 and 26 moves are refused with
 * that rule.
 *
 * <p>Edits: the hierarchy listens to its table and rebuilds, on {@link #refresh()}, each edited
 * chunk and the neighbours whose shared face it touched; a change of the area costs rebuilds
 * everything. The tables are a function of the voxels, the area costs and the options, so
 * {@link #contentEquals} holds between a refreshed hierarchy and a fresh one. Layout:
 * {@link VoxelHierarchyLayout}. Not thread-safe. Owns its memory: {@link #close()} frees it and
 * stops listening.
 */
public final class VoxelHierarchy implements AutoCloseable {
    /** Sample rows and columns per face of the default: 3, at the first, middle and last voxel. */
    public static final int DEFAULT_FACE_SAMPLES = 3;

    private static final int WALL = AreaCosts.WALL;

    private final ChunkTable chunks;
    private final AreaCosts areas;
    private final VoxelConnectivity connectivity;
    private final VoxelCornerRule cornerRule;
    private final int faceSamples;
    private final int sizeX;
    private final int sizeY;
    private final int sizeZ;
    private final int chunksX;
    private final int chunksY;
    private final int chunksZ;
    private final Arena arena;
    /** The chunk directory: owned, or a caller's segment read in place until the first rebuild. */
    private MemorySegment directory;
    /** The block pool; null while the tables are a caller's, read in place. */
    private GrowableSegment pool;
    /** The blocks as they are read: the pool's current segment, or the caller's. */
    private MemorySegment blocks;

    private final ChunkVoxelSearch search;
    private final OwnerState state = new OwnerState("VoxelHierarchy");
    private final long[] dirty;
    private final ChunkEditListener listener = new Listener();
    private long poolUsed;
    /** Chunk builds so far: a search's cached chunk moves are stale once it changes. */
    private long builds;

    private boolean anyDirty;
    private int areasVersion;

    // Build scratch: fixed sizes, reused for every chunk.
    private final int[] labels = new int[CHUNK_VOXELS];
    private final int[] queue = new int[CHUNK_VOXELS];
    private final int[] faceOpen = new int[256];
    private final int[] facePositions = new int[256];
    private final int[] component = new int[256];
    private final int[] nodeVoxels = new int[VoxelHierarchyLayout.MAX_CHUNK_NODES];
    private final int[] nodeRegions = new int[VoxelHierarchyLayout.MAX_CHUNK_NODES];
    private final int[] targets = new int[VoxelHierarchyLayout.MAX_CHUNK_NODES];
    private final int[] faceStart = new int[FACES + 1];
    private final boolean[] latticeU = new boolean[16];
    private final boolean[] latticeV = new boolean[16];

    /**
     * A hierarchy with {@value #DEFAULT_FACE_SAMPLES} samples per face row; see
     * {@link #VoxelHierarchy(ChunkTable, AreaCosts, VoxelConnectivity, VoxelCornerRule, int)}.
     *
     * @param chunks       the voxels; read now and after each edit, not owned
     * @param areas        the area multipliers, read live
     * @param connectivity 6, 18 or 26 moves
     * @param cornerRule   when an edge or corner move may pass solid voxels
     * @throws IllegalArgumentException for 18 or 26 moves with {@link VoxelCornerRule#ALLOW_ALL}
     */
    public VoxelHierarchy(
            ChunkTable chunks, AreaCosts areas, VoxelConnectivity connectivity, VoxelCornerRule cornerRule) {
        this(chunks, areas, connectivity, cornerRule, DEFAULT_FACE_SAMPLES);
    }

    /**
     * Builds the hierarchy of a chunk table for one move set and corner rule.
     *
     * @param chunks       the voxels; read now and after each edit, not owned
     * @param areas        the area multipliers, read live
     * @param connectivity 6, 18 or 26 moves
     * @param cornerRule   when an edge or corner move may pass solid voxels
     * @param faceSamples  rows and columns of the sample lattice of a face, 1..16
     * @throws IllegalArgumentException for 18 or 26 moves with {@link VoxelCornerRule#ALLOW_ALL},
     *                                  or samples outside 1..16
     */
    public VoxelHierarchy(
            ChunkTable chunks,
            AreaCosts areas,
            VoxelConnectivity connectivity,
            VoxelCornerRule cornerRule,
            int faceSamples) {
        this(chunks, areas, connectivity, cornerRule, faceSamples, BakeMonitor.NONE);
    }

    /**
     * Builds the hierarchy of a chunk table, telling a monitor how many chunks are built (a few
     * times a second and once at the end) and stopping when it asks.
     *
     * @param chunks       the voxels; read now and after each edit, not owned
     * @param areas        the area multipliers, read live
     * @param connectivity 6, 18 or 26 moves
     * @param cornerRule   when an edge or corner move may pass solid voxels
     * @param faceSamples  rows and columns of the sample lattice of a face, 1..16
     * @param monitor      hears the progress in chunks and may cancel
     * @throws IllegalArgumentException for 18 or 26 moves with {@link VoxelCornerRule#ALLOW_ALL},
     *                                  or samples outside 1..16
     * @throws java.util.concurrent.CancellationException when the monitor cancels; nothing is
     *                                  kept
     */
    public VoxelHierarchy(
            ChunkTable chunks,
            AreaCosts areas,
            VoxelConnectivity connectivity,
            VoxelCornerRule cornerRule,
            int faceSamples,
            BakeMonitor monitor) {
        this(chunks, areas, connectivity, cornerRule, faceSamples, null, null);
        Objects.requireNonNull(monitor, "monitor");
        try {
            ensureOwnedTables();
            final int count = chunks.chunkCount();
            long reported = System.nanoTime();
            for (int slot = 0; slot < count; slot++) {
                buildChunk(slot);
                if ((slot & 63) == 63) {
                    if (System.nanoTime() - reported > 200_000_000L) {
                        reported = System.nanoTime();
                        monitor.progress(slot + 1, count);
                    }
                    if (monitor.isCancelled()) {
                        throw new java.util.concurrent.CancellationException(
                                "voxel hierarchy build cancelled after " + (slot + 1) + " of " + count + " chunks");
                    }
                }
            }
            monitor.progress(count, count);
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
        chunks.addEditListener(listener);
    }

    /**
     * A hierarchy over tables built before (a store's section), read in place: nothing is built,
     * so the first query runs at once. The tables are checked here (every directory record, every
     * node record and each block's bounds); the first rebuild after an edit or a change of the
     * area costs copies them into memory of its own. The caller keeps the segments alive for as
     * long as the hierarchy lives and frees them; the hierarchy never writes them.
     *
     * @param chunks       the voxels the tables were built from; not owned
     * @param areas        the area multipliers they were built with, read live
     * @param connectivity 6, 18 or 26 moves, as built
     * @param cornerRule   the corner rule, as built
     * @param faceSamples  the face samples, as built
     * @param directory    {@link #directoryBytes()} bytes: one directory record per chunk slot,
     *                     little-endian
     * @param blocks       the blocks the directory records point into, as {@link #exportTables}
     *                     writes them
     * @return the hierarchy
     * @throws IllegalArgumentException naming the first slot, field and value that do not fit the
     *                                  chunk table or the layout
     */
    public static VoxelHierarchy over(
            ChunkTable chunks,
            AreaCosts areas,
            VoxelConnectivity connectivity,
            VoxelCornerRule cornerRule,
            int faceSamples,
            MemorySegment directory,
            MemorySegment blocks) {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(blocks, "blocks");
        VoxelHierarchy h = new VoxelHierarchy(chunks, areas, connectivity, cornerRule, faceSamples, directory, blocks);
        try {
            h.checkTables();
        } catch (RuntimeException | Error e) {
            h.close();
            throw e;
        }
        chunks.addEditListener(h.listener);
        return h;
    }

    /** Sets the fields; with null segments the caller builds every chunk next. */
    private VoxelHierarchy(
            ChunkTable chunks,
            AreaCosts areas,
            VoxelConnectivity connectivity,
            VoxelCornerRule cornerRule,
            int faceSamples,
            MemorySegment directory,
            MemorySegment blocks) {
        this.chunks = Objects.requireNonNull(chunks, "chunks");
        this.areas = Objects.requireNonNull(areas, "areas");
        this.connectivity = Objects.requireNonNull(connectivity, "connectivity");
        this.cornerRule = Objects.requireNonNull(cornerRule, "cornerRule");
        if (cornerRule == VoxelCornerRule.ALLOW_ALL && connectivity != VoxelConnectivity.SIX) {
            throw new IllegalArgumentException("the voxel hierarchy does not support " + connectivity.moves()
                    + " moves with ALLOW_ALL: a diagonal move may cross between chunks with no face step beside it");
        }
        if (faceSamples < 1 || faceSamples > 16) {
            throw new IllegalArgumentException("face samples " + faceSamples + " is outside 1..16");
        }
        this.faceSamples = faceSamples;
        this.sizeX = chunks.sizeX();
        this.sizeY = chunks.sizeY();
        this.sizeZ = chunks.sizeZ();
        this.chunksX = chunks.chunksX();
        this.chunksY = chunks.chunksY();
        this.chunksZ = chunks.chunksZ();
        int count = chunks.chunkCount();
        this.dirty = new long[(count + 63) >>> 6];
        this.arena = LeakGuard.sharedArena(this);
        try {
            this.search = new ChunkVoxelSearch(new VoxelTopology(chunks, areas, connectivity, cornerRule));
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
        this.areasVersion = areas.version();
        if (directory != null) {
            if (directory.byteSize() != count * DIRECTORY_RECORD_BYTES) {
                close();
                throw new IllegalArgumentException("hierarchy directory of " + directory.byteSize()
                        + " bytes does not fit " + count + " chunk slots (expected " + count * DIRECTORY_RECORD_BYTES
                        + ")");
            }
            this.directory = directory;
            this.blocks = blocks;
            this.poolUsed = blocks.byteSize();
        }
    }

    /** Makes the tables the hierarchy's own before a write: copies a caller's tables once. */
    private void ensureOwnedTables() {
        if (pool != null) {
            return;
        }
        final int count = chunks.chunkCount();
        final MemorySegment ownDirectory = arena.allocate(count * DIRECTORY_RECORD_BYTES, 8);
        final GrowableSegment ownPool = new GrowableSegment(Math.max(1 << 16, poolUsed), 8);
        if (directory != null) {
            MemorySegment.copy(directory, 0, ownDirectory, 0, ownDirectory.byteSize());
            MemorySegment.copy(blocks, 0, ownPool.segment(), 0, poolUsed);
        }
        directory = ownDirectory;
        pool = ownPool;
        blocks = ownPool.segment();
    }

    /** Marks a chunk and its face neighbours for rebuild as the table reports edits. */
    private final class Listener implements ChunkEditListener {
        @Override
        public void voxelEdited(int x, int y, int z) {
            int cx = x >>> 4;
            int cy = y >>> 4;
            int cz = z >>> 4;
            markDirty(cx, cy, cz);
            // The neighbour's transitions on a shared face read this chunk's border layer.
            if ((x & 15) == 0) {
                markDirty(cx - 1, cy, cz);
            }
            if ((x & 15) == 15) {
                markDirty(cx + 1, cy, cz);
            }
            if ((y & 15) == 0) {
                markDirty(cx, cy - 1, cz);
            }
            if ((y & 15) == 15) {
                markDirty(cx, cy + 1, cz);
            }
            if ((z & 15) == 0) {
                markDirty(cx, cy, cz - 1);
            }
            if ((z & 15) == 15) {
                markDirty(cx, cy, cz + 1);
            }
        }

        @Override
        public void chunkReplaced(int slot) {
            markWithFaceNeighbours(slot);
        }
    }

    private void markDirty(int cx, int cy, int cz) {
        if (cx < 0 || cy < 0 || cz < 0 || cx >= chunksX || cy >= chunksY || cz >= chunksZ) {
            return;
        }
        int slot = chunks.slotOf(cx, cy, cz);
        dirty[slot >>> 6] |= 1L << slot;
        anyDirty = true;
    }

    /**
     * Brings the tables up to date with the voxels and area costs: rebuilds each edited chunk,
     * the neighbours sharing a touched face, and all six face neighbours of a chunk whose kind
     * changed (an open chunk that became stored gives its open neighbours transitions on the
     * shared face); every chunk after a change of the area costs. Searches call it before each
     * query.
     */
    public void refresh() {
        state.ensureOpen();
        if (areas.version() != areasVersion) {
            areasVersion = areas.version();
            java.util.Arrays.fill(dirty, 0);
            anyDirty = false;
            rebuild();
            return;
        }
        while (anyDirty) {
            anyDirty = false;
            search.invalidate();
            for (int w = 0; w < dirty.length; w++) {
                long bits = dirty[w];
                dirty[w] = 0;
                while (bits != 0) {
                    int slot = (w << 6) + Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    int before = directory.get(INT, VoxelHierarchyLayout.directoryOffset(slot) + KIND_OFFSET);
                    buildChunk(slot);
                    if (before != directory.get(INT, VoxelHierarchyLayout.directoryOffset(slot) + KIND_OFFSET)) {
                        markWithFaceNeighbours(slot);
                    }
                }
            }
        }
    }

    /**
     * Marks a chunk and its six face neighbours for rebuild: a change of the chunk's voxels or
     * kind changes the transitions of the faces it shares, which belong to both sides.
     */
    private void markWithFaceNeighbours(int slot) {
        int cx = slot % chunksX;
        int rest = slot / chunksX;
        int cy = rest % chunksY;
        int cz = rest / chunksY;
        markDirty(cx, cy, cz);
        markDirty(cx - 1, cy, cz);
        markDirty(cx + 1, cy, cz);
        markDirty(cx, cy - 1, cz);
        markDirty(cx, cy + 1, cz);
        markDirty(cx, cy, cz - 1);
        markDirty(cx, cy, cz + 1);
    }

    /** Rebuilds every chunk from the voxels, as a new hierarchy would. */
    public void rebuild() {
        state.ensureOpen();
        search.invalidate();
        for (int slot = 0; slot < chunks.chunkCount(); slot++) {
            buildChunk(slot);
        }
    }

    /**
     * Rebuilds the tables of one chunk from the voxels. The caller rebuilds the face neighbours
     * too when the chunk's kind changed ({@link #refresh()} does).
     *
     * @param slot the chunk's slot, 0..chunkCount-1
     */
    public void rebuildChunk(int slot) {
        state.ensureOpen();
        checkSlot(slot);
        search.invalidate();
        buildChunk(slot);
    }

    // ---- Building ----

    private void buildChunk(int slot) {
        ensureOwnedTables();
        builds++;
        final int cx = slot % chunksX;
        final int rest = slot / chunksX;
        final int cy = rest % chunksY;
        final int cz = rest / chunksY;
        final int uniform = chunks.uniformAreaOf(cx, cy, cz);
        final int kind = uniform == WALL ? KIND_SOLID : uniform >= 0 ? KIND_OPEN : KIND_STORED;
        int regionCount = 0;
        int n = 0;
        if (kind == KIND_STORED) {
            search.prepare(slot, cx, cy, cz);
            regionCount = labelRegions();
        } else if (kind == KIND_OPEN) {
            regionCount = 1;
            // Node 0 of an open chunk is its centre voxel, where the chunk meets its open neighbours.
            nodeVoxels[0] = centreVoxel(cx, cy, cz);
            nodeRegions[0] = 0;
            n = 1;
        }
        for (int f = 0; f < FACES; f++) {
            faceStart[f] = n;
            if (kind == KIND_SOLID) {
                continue;
            }
            int k = faceTransitions(cx, cy, cz, f, facePositions);
            for (int i = 0; i < k; i++) {
                int voxel = faceVoxel(f, facePositions[i]);
                nodeVoxels[n] = voxel;
                nodeRegions[n] = kind == KIND_STORED ? labels[voxel] - 1 : 0;
                n++;
            }
        }
        faceStart[FACES] = n;
        final long length = VoxelHierarchyLayout.blockLength(kind, n);
        final long dir = VoxelHierarchyLayout.directoryOffset(slot);
        long offset = directory.get(LONG, dir + BLOCK_OFFSET_OFFSET);
        long reserved = directory.get(LONG, dir + BLOCK_LENGTH_OFFSET);
        if (length > reserved) {
            offset = poolUsed;
            reserved = length;
            blocks = pool.ensureLength(poolUsed + length, poolUsed);
            poolUsed += length;
        }
        directory.set(LONG, dir + BLOCK_OFFSET_OFFSET, offset);
        directory.set(LONG, dir + BLOCK_LENGTH_OFFSET, reserved);
        directory.set(INT, dir + KIND_OFFSET, kind);
        directory.set(INT, dir + AREA_OFFSET, kind == KIND_STORED ? -1 : uniform);
        directory.set(INT, dir + REGION_COUNT_OFFSET, regionCount);
        for (int f = 0; f <= FACES; f++) {
            directory.set(INT, dir + FACE_START_OFFSET + f * 4L, faceStart[f]);
        }
        if (length == 0) {
            return;
        }
        final MemorySegment block = blocks.asSlice(offset, length);
        if (kind == KIND_STORED) {
            for (int v = 0; v < CHUNK_VOXELS; v++) {
                block.set(SHORT, v * LABEL_BYTES, (short) labels[v]);
                block.set(
                        INT,
                        VoxelHierarchyLayout.MASKS_OFFSET + v * VoxelHierarchyLayout.MASK_BYTES,
                        search.moveMask(v));
            }
        }
        final long nodes = VoxelHierarchyLayout.nodesOffset(kind);
        for (int i = 0; i < n; i++) {
            block.set(INT, nodes + i * NODE_BYTES + NODE_VOXEL_OFFSET, nodeVoxels[i]);
            block.set(INT, nodes + i * NODE_BYTES + NODE_REGION_OFFSET, nodeRegions[i]);
        }
        if (kind == KIND_STORED) {
            writeIntraCosts(block, n);
        }
    }

    /** The in-chunk index of a chunk's centre voxel: the middle of its extent on each axis (lower on ties). */
    private int centreVoxel(int cx, int cy, int cz) {
        final int ex = Math.min(16, sizeX - (cx << 4));
        final int ey = Math.min(16, sizeY - (cy << 4));
        final int ez = Math.min(16, sizeZ - (cz << 4));
        return ((ex - 1) >> 1) | ((ey - 1) >> 1) << 4 | ((ez - 1) >> 1) << 8;
    }

    /** Labels the prepared chunk's voxels by region (1 + region, 0 solid) in {@link #labels}. */
    private int labelRegions() {
        final int[] lab = labels;
        java.util.Arrays.fill(lab, 0);
        int regions = 0;
        for (int v = 0; v < CHUNK_VOXELS; v++) {
            if (lab[v] != 0 || !openLocal(v)) {
                continue;
            }
            regions++;
            int head = 0;
            int tail = 0;
            queue[tail++] = v;
            lab[v] = regions;
            while (head < tail) {
                final int u = queue[head++];
                int mask = search.moveMask(u);
                while (mask != 0) {
                    final int j = Integer.numberOfTrailingZeros(mask);
                    mask &= mask - 1;
                    final int t = u + VoxelMoves.dx(j) + (VoxelMoves.dy(j) << 4) + (VoxelMoves.dz(j) << 8);
                    if (lab[t] == 0) {
                        lab[t] = regions;
                        queue[tail++] = t;
                    }
                }
            }
        }
        return regions;
    }

    /** Whether an in-chunk voxel of the prepared chunk is inside the grid and open. */
    private boolean openLocal(int v) {
        final int x = search.originX() + (v & 15);
        final int y = search.originY() + ((v >>> 4) & 15);
        final int z = search.originZ() + (v >>> 8);
        return x < sizeX && y < sizeY && z < sizeZ && chunks.area(x, y, z) != WALL;
    }

    /**
     * Writes the intra costs of the n nodes of the prepared chunk: one confined search from each
     * node, stopped once every later node of its region is settled; the matrix is symmetric
     * because moves and their costs are.
     */
    private void writeIntraCosts(MemorySegment block, int n) {
        for (int i = 0; i < n; i++) {
            block.set(DOUBLE, VoxelHierarchyLayout.intraCostOffset(n, i, i), 0.0);
            int k = 0;
            for (int j = i + 1; j < n; j++) {
                if (nodeRegions[j] == nodeRegions[i]) {
                    targets[k++] = nodeVoxels[j];
                }
            }
            if (k > 0) {
                search.run(nodeVoxels[i], targets, k);
            }
            for (int j = i + 1; j < n; j++) {
                double c = nodeRegions[j] == nodeRegions[i] ? search.cost(nodeVoxels[j]) : Double.POSITIVE_INFINITY;
                block.set(DOUBLE, VoxelHierarchyLayout.intraCostOffset(n, i, j), c);
                block.set(DOUBLE, VoxelHierarchyLayout.intraCostOffset(n, j, i), c);
            }
        }
    }

    /** The in-chunk voxel of a chunk's transition at face position {@code p = u + 16 v} on face f. */
    static int faceVoxel(int f, int p) {
        final int u = p & 15;
        final int v = p >>> 4;
        final int w = (f & 1) == 0 ? 0 : 15;
        return switch (f >>> 1) {
            case 0 -> w | u << 4 | v << 8;
            case 1 -> u | w << 4 | v << 8;
            default -> u | v << 4 | w << 8;
        };
    }

    /** Global coordinates of face position p (u + 16 v) on the lower chunk's side of an axis. */
    private int voxelArea(int axis, int lowX, int lowY, int lowZ, int p, int side) {
        final int u = p & 15;
        final int v = p >>> 4;
        final int w = side == 0 ? 15 : 16;
        return switch (axis) {
            case 0 -> chunks.area(lowX + w, lowY + u, lowZ + v);
            case 1 -> chunks.area(lowX + u, lowY + w, lowZ + v);
            default -> chunks.area(lowX + u, lowY + v, lowZ + w);
        };
    }

    /**
     * The transitions on face f of chunk (cx, cy, cz): their face positions ({@code u + 16 v},
     * u and v the two other axes in x, y, z order) ascending into {@code out}. The same list
     * results from either chunk of the face, so the k-th transition of a face is one pair of
     * voxels for both.
     *
     * @return the number of transitions, 0 at the grid's edge
     */
    private int faceTransitions(int cx, int cy, int cz, int f, int[] out) {
        final int axis = f >>> 1;
        int lx = cx;
        int ly = cy;
        int lz = cz;
        if ((f & 1) == 0) {
            // The lower chunk of the face is the neighbour.
            if (axis == 0) {
                lx--;
            } else if (axis == 1) {
                ly--;
            } else {
                lz--;
            }
            if (lx < 0 || ly < 0 || lz < 0) {
                return 0;
            }
        } else {
            int hx = cx + (axis == 0 ? 1 : 0);
            int hy = cy + (axis == 1 ? 1 : 0);
            int hz = cz + (axis == 2 ? 1 : 0);
            if (hx >= chunksX || hy >= chunksY || hz >= chunksZ) {
                return 0;
            }
        }
        final int hx = lx + (axis == 0 ? 1 : 0);
        final int hy = ly + (axis == 1 ? 1 : 0);
        final int hz = lz + (axis == 2 ? 1 : 0);
        final int lowArea = chunks.uniformAreaOf(lx, ly, lz);
        final int highArea = chunks.uniformAreaOf(hx, hy, hz);
        if (lowArea == WALL || highArea == WALL) {
            // Solid on one side: nothing crosses.
            return 0;
        }
        if (lowArea >= 0 && highArea >= 0) {
            // Open on both sides: the two chunks' centres are joined directly (a straight line
            // through two open chunks is legal), no transition.
            return 0;
        }
        final int ox = lx << 4;
        final int oy = ly << 4;
        final int oz = lz << 4;
        final int extentU = axis == 0 ? Math.min(16, sizeY - oy) : Math.min(16, sizeX - ox);
        final int extentV = axis == 2 ? Math.min(16, sizeY - oy) : Math.min(16, sizeZ - oz);
        lattice(latticeU, extentU);
        lattice(latticeV, extentV);
        final int[] open = faceOpen;
        for (int v = 0; v < 16; v++) {
            for (int u = 0; u < 16; u++) {
                final int p = u + (v << 4);
                if (u >= extentU || v >= extentV) {
                    open[p] = 0;
                } else {
                    open[p] = voxelArea(axis, ox, oy, oz, p, 0) != WALL && voxelArea(axis, ox, oy, oz, p, 1) != WALL
                            ? 1
                            : 0;
                }
            }
        }
        // 4-connected openings; open[p] becomes 2 once p is in a found opening.
        int count = 0;
        final int[] comp = component;
        for (int start = 0; start < 256; start++) {
            if (open[start] != 1) {
                continue;
            }
            int size = 0;
            comp[size++] = start;
            open[start] = 2;
            for (int head = 0; head < size; head++) {
                final int p = comp[head];
                final int u = p & 15;
                final int v = p >>> 4;
                if (u > 0 && open[p - 1] == 1) {
                    open[p - 1] = 2;
                    comp[size++] = p - 1;
                }
                if (u < 15 && open[p + 1] == 1) {
                    open[p + 1] = 2;
                    comp[size++] = p + 1;
                }
                if (v > 0 && open[p - 16] == 1) {
                    open[p - 16] = 2;
                    comp[size++] = p - 16;
                }
                if (v < 15 && open[p + 16] == 1) {
                    open[p + 16] = 2;
                    comp[size++] = p + 16;
                }
            }
            int hits = 0;
            long sumU = 0;
            long sumV = 0;
            for (int i = 0; i < size; i++) {
                final int p = comp[i];
                sumU += p & 15;
                sumV += p >>> 4;
                if (latticeU[p & 15] && latticeV[p >>> 4]) {
                    out[count + hits++] = p;
                }
            }
            if (hits == 0) {
                // One transition at the position nearest the opening's centroid (ties: smaller p),
                // compared in exact integers: size * position against the sums.
                int best = -1;
                long bestDistance = Long.MAX_VALUE;
                for (int i = 0; i < size; i++) {
                    final int p = comp[i];
                    final long du = (long) size * (p & 15) - sumU;
                    final long dv = (long) size * (p >>> 4) - sumV;
                    final long d = du * du + dv * dv;
                    if (d < bestDistance || (d == bestDistance && p < best)) {
                        bestDistance = d;
                        best = p;
                    }
                }
                out[count + hits++] = best;
            }
            count += hits;
        }
        java.util.Arrays.sort(out, 0, count);
        return count;
    }

    /** Marks the sample rows of a face side of {@code extent} positions. */
    private void lattice(boolean[] marks, int extent) {
        java.util.Arrays.fill(marks, false);
        if (faceSamples == 1 || extent == 1) {
            marks[(extent - 1) / 2] = true;
            return;
        }
        for (int k = 0; k < faceSamples; k++) {
            marks[k * (extent - 1) / (faceSamples - 1)] = true;
        }
    }

    // ---- Reading ----

    private void checkSlot(int slot) {
        if (slot < 0 || slot >= chunks.chunkCount()) {
            throw new IllegalArgumentException("chunk slot " + slot + " is outside 0.." + (chunks.chunkCount() - 1));
        }
    }

    /**
     * The chunk table the hierarchy is built over.
     *
     * @return the table, not owned
     */
    public ChunkTable chunks() {
        return chunks;
    }

    /**
     * The area multipliers.
     *
     * @return the live area costs
     */
    public AreaCosts areas() {
        return areas;
    }

    /**
     * The move set.
     *
     * @return the connectivity
     */
    public VoxelConnectivity connectivity() {
        return connectivity;
    }

    /**
     * The corner rule.
     *
     * @return the rule
     */
    public VoxelCornerRule cornerRule() {
        return cornerRule;
    }

    /**
     * Sample rows and columns per face.
     *
     * @return 1..16
     */
    public int faceSamples() {
        return faceSamples;
    }

    /**
     * What a chunk is: {@link VoxelHierarchyLayout#KIND_SOLID}, {@code KIND_OPEN} or
     * {@code KIND_STORED}.
     *
     * @param slot the chunk's slot
     * @return the kind code
     */
    public int kind(int slot) {
        state.ensureOpen();
        checkSlot(slot);
        return directory.get(INT, VoxelHierarchyLayout.directoryOffset(slot) + KIND_OFFSET);
    }

    /**
     * The area of every voxel of a uniform chunk.
     *
     * @param slot the chunk's slot
     * @return the area id, or -1 for a stored chunk
     */
    public int uniformArea(int slot) {
        state.ensureOpen();
        checkSlot(slot);
        return directory.get(INT, VoxelHierarchyLayout.directoryOffset(slot) + AREA_OFFSET);
    }

    /**
     * The number of regions of a chunk.
     *
     * @param slot the chunk's slot
     * @return 0 for a solid chunk, 1 for a uniform open one
     */
    public int regionCount(int slot) {
        state.ensureOpen();
        checkSlot(slot);
        return directory.get(INT, VoxelHierarchyLayout.directoryOffset(slot) + REGION_COUNT_OFFSET);
    }

    /**
     * The number of transitions (abstract nodes) of a chunk.
     *
     * @param slot the chunk's slot
     * @return the node count, 0 or more
     */
    public int nodeCount(int slot) {
        return faceStart(slot, FACES);
    }

    /**
     * The index of a chunk's first node on a face, or (face 6) its node count.
     *
     * @param slot the chunk's slot
     * @param face 0..5 for -x, +x, -y, +y, -z, +z; 6 for the end
     * @return the node index
     */
    public int faceStart(int slot, int face) {
        state.ensureOpen();
        checkSlot(slot);
        return directory.get(INT, VoxelHierarchyLayout.directoryOffset(slot) + FACE_START_OFFSET + face * 4L);
    }

    /**
     * The in-chunk index ({@code x | y << 4 | z << 8}) of a node's voxel.
     *
     * @param slot the chunk's slot
     * @param node the node's index, 0..nodeCount-1
     * @return the in-chunk index
     */
    public int nodeVoxel(int slot, int node) {
        return nodeField(slot, node, NODE_VOXEL_OFFSET);
    }

    /**
     * The region of a node.
     *
     * @param slot the chunk's slot
     * @param node the node's index, 0..nodeCount-1
     * @return the region, 0..regionCount-1
     */
    public int nodeRegion(int slot, int node) {
        return nodeField(slot, node, NODE_REGION_OFFSET);
    }

    private int nodeField(int slot, int node, long field) {
        int n = nodeCount(slot);
        Objects.checkIndex(node, n);
        long dir = VoxelHierarchyLayout.directoryOffset(slot);
        long offset = directory.get(LONG, dir + BLOCK_OFFSET_OFFSET);
        int kind = directory.get(INT, dir + KIND_OFFSET);
        return blocks.get(INT, offset + VoxelHierarchyLayout.nodesOffset(kind) + node * NODE_BYTES + field);
    }

    /**
     * The region of an in-chunk voxel: the label of a stored chunk, 0 in a uniform open chunk.
     *
     * @param slot  the chunk's slot
     * @param voxel the in-chunk index
     * @return the region, or -1 for a solid voxel
     */
    public int region(int slot, int voxel) {
        state.ensureOpen();
        checkSlot(slot);
        Objects.checkIndex(voxel, CHUNK_VOXELS);
        long dir = VoxelHierarchyLayout.directoryOffset(slot);
        int kind = directory.get(INT, dir + KIND_OFFSET);
        if (kind == KIND_SOLID) {
            return -1;
        }
        if (kind == KIND_OPEN) {
            return 0;
        }
        long offset = directory.get(LONG, dir + BLOCK_OFFSET_OFFSET);
        return (blocks.get(SHORT, offset + voxel * LABEL_BYTES) & 0xFFFF) - 1;
    }

    /**
     * The cost of the cheapest path between two nodes of a chunk that stays inside it: stored for
     * a stored chunk, the empty-grid distance times the area's multiplier in a uniform one.
     *
     * @param slot the chunk's slot
     * @param from a node index
     * @param to   a node index
     * @return the cost, +infinity across regions, 0 from a node to itself
     */
    public double intraCost(int slot, int from, int to) {
        int n = nodeCount(slot);
        Objects.checkIndex(from, n);
        Objects.checkIndex(to, n);
        long dir = VoxelHierarchyLayout.directoryOffset(slot);
        int kind = directory.get(INT, dir + KIND_OFFSET);
        if (kind == KIND_OPEN) {
            return openCost(directory.get(INT, dir + AREA_OFFSET), nodeVoxel(slot, from), nodeVoxel(slot, to));
        }
        long offset = directory.get(LONG, dir + BLOCK_OFFSET_OFFSET);
        return blocks.get(DOUBLE, offset + VoxelHierarchyLayout.intraCostOffset(n, from, to));
    }

    /** The cost between two in-chunk voxels of a uniform open chunk of this area. */
    double openCost(int area, int a, int b) {
        int dx = Math.abs((a & 15) - (b & 15));
        int dy = Math.abs(((a >>> 4) & 15) - ((b >>> 4) & 15));
        int dz = Math.abs((a >>> 8) - (b >>> 8));
        return VoxelHeuristic.distance(connectivity, dx, dy, dz) * areas.multiplierOf(area);
    }

    /** Loads a stored chunk's moves from its block into a confined search. */
    void load(ChunkVoxelSearch into, int slot) {
        long dir = VoxelHierarchyLayout.directoryOffset(slot);
        long offset = directory.get(LONG, dir + BLOCK_OFFSET_OFFSET);
        int cx = slot % chunksX;
        int rest = slot / chunksX;
        into.load(slot, cx, rest % chunksY, rest / chunksY, blocks, offset + VoxelHierarchyLayout.MASKS_OFFSET);
    }

    /** Chunk builds so far, for a search to know when the voxels it cached may have changed. */
    long builds() {
        return builds;
    }

    /** The directory, for the search (read-only use). */
    MemorySegment directory() {
        return directory;
    }

    /** The block pool's current segment, for the search (read-only use; replaced as it grows). */
    MemorySegment blocks() {
        return blocks;
    }

    /**
     * Whether two hierarchies hold the same tables: per chunk the same kind, area, regions, face
     * starts and block bytes (the blocks' places in their pools may differ).
     *
     * @param other another hierarchy
     * @return true when every chunk's tables are equal byte for byte
     */
    public boolean contentEquals(VoxelHierarchy other) {
        state.ensureOpen();
        if (other.chunks.chunkCount() != chunks.chunkCount()
                || other.chunksX != chunksX
                || other.chunksY != chunksY
                || other.connectivity != connectivity
                || other.cornerRule != cornerRule
                || other.faceSamples != faceSamples) {
            return false;
        }
        MemorySegment mine = blocks;
        MemorySegment theirs = other.blocks;
        for (int slot = 0; slot < chunks.chunkCount(); slot++) {
            long a = VoxelHierarchyLayout.directoryOffset(slot);
            if (MemorySegment.mismatch(
                            directory,
                            a + KIND_OFFSET,
                            a + DIRECTORY_RECORD_BYTES,
                            other.directory,
                            a + KIND_OFFSET,
                            a + DIRECTORY_RECORD_BYTES)
                    != -1) {
                return false;
            }
            int kind = directory.get(INT, a + KIND_OFFSET);
            int n = directory.get(INT, a + FACE_START_OFFSET + FACES * 4L);
            long length = VoxelHierarchyLayout.blockLength(kind, n);
            long x = directory.get(LONG, a + BLOCK_OFFSET_OFFSET);
            long y = other.directory.get(LONG, a + BLOCK_OFFSET_OFFSET);
            if (length > 0 && MemorySegment.mismatch(mine, x, x + length, theirs, y, y + length) != -1) {
                return false;
            }
        }
        return true;
    }

    /**
     * Bytes of the tables: the directory and the blocks in use.
     *
     * @return the bytes
     */
    public long tableBytes() {
        return directory.byteSize() + poolUsed;
    }

    /**
     * Bytes of the directory {@link #exportTables} writes: one record per chunk slot.
     *
     * @return {@code chunkCount * DIRECTORY_RECORD_BYTES}
     */
    public long directoryBytes() {
        state.ensureOpen();
        return chunks.chunkCount() * DIRECTORY_RECORD_BYTES;
    }

    /**
     * Bytes of the blocks {@link #exportTables} writes: each chunk's block once, without the room
     * a rebuild left unused.
     *
     * @return the bytes, a multiple of 8
     */
    public long blockBytes() {
        state.ensureOpen();
        refresh();
        long total = 0;
        for (int slot = 0; slot < chunks.chunkCount(); slot++) {
            total += usedLength(slot);
        }
        return total;
    }

    /** The bytes a chunk's block uses (its reserved room may be larger). */
    private long usedLength(int slot) {
        long d = VoxelHierarchyLayout.directoryOffset(slot);
        return VoxelHierarchyLayout.blockLength(
                directory.get(INT, d + KIND_OFFSET), directory.get(INT, d + FACE_START_OFFSET + FACES * 4L));
    }

    /**
     * Writes the tables in their canonical form, as a store keeps them: the directory with each
     * block's offset into {@code blocksOut} and its length exactly the bytes it uses, the blocks
     * back to back in slot order. Equal hierarchies write equal bytes. Brings the tables up to date
     * first.
     *
     * @param directoryOut receives {@link #directoryBytes()} bytes from offset 0
     * @param blocksOut    receives {@link #blockBytes()} bytes from offset 0
     * @throws IllegalArgumentException if a segment is too small
     */
    public void exportTables(MemorySegment directoryOut, MemorySegment blocksOut) {
        state.ensureOpen();
        refresh();
        final int count = chunks.chunkCount();
        if (directoryOut.byteSize() < directoryBytes()) {
            throw new IllegalArgumentException(
                    "directory segment of " + directoryOut.byteSize() + " bytes is below " + directoryBytes());
        }
        long need = blockBytes();
        if (blocksOut.byteSize() < need) {
            throw new IllegalArgumentException("block segment of " + blocksOut.byteSize() + " bytes is below " + need);
        }
        long at = 0;
        for (int slot = 0; slot < count; slot++) {
            long d = VoxelHierarchyLayout.directoryOffset(slot);
            long length = usedLength(slot);
            MemorySegment.copy(directory, d, directoryOut, d, DIRECTORY_RECORD_BYTES);
            directoryOut.set(LONG, d + BLOCK_OFFSET_OFFSET, length == 0 ? 0 : at);
            directoryOut.set(LONG, d + BLOCK_LENGTH_OFFSET, length);
            if (length > 0) {
                MemorySegment.copy(blocks, directory.get(LONG, d + BLOCK_OFFSET_OFFSET), blocksOut, at, length);
                at += length;
            }
        }
    }

    /**
     * Checks tables read in place against the chunk table and the layout: each record's kind
     * agrees with the chunk (solid, uniform open, stored), its area with a uniform chunk's, its
     * region count and face starts are in range, its block lies inside the blocks with exactly the
     * length its kind and node count give, and each node's voxel lies on its face's border layer
     * (an open chunk's node 0 at the chunk's centre) with a region below the count. Labels, masks
     * and costs are not read here: the store's checksum covers them.
     */
    private void checkTables() {
        final int count = chunks.chunkCount();
        final long size = blocks.byteSize();
        for (int slot = 0; slot < count; slot++) {
            final long d = VoxelHierarchyLayout.directoryOffset(slot);
            final int cx = slot % chunksX;
            final int rest = slot / chunksX;
            final int cy = rest % chunksY;
            final int cz = rest / chunksY;
            final int uniform = chunks.uniformAreaOf(cx, cy, cz);
            final int expectedKind = uniform == WALL ? KIND_SOLID : uniform >= 0 ? KIND_OPEN : KIND_STORED;
            final int kind = directory.get(INT, d + KIND_OFFSET);
            if (kind != expectedKind) {
                throw tableError(slot, "kind", kind, "the chunk's kind " + expectedKind);
            }
            final int area = directory.get(INT, d + AREA_OFFSET);
            if (area != (kind == KIND_STORED ? -1 : uniform)) {
                throw tableError(slot, "area", area, "the chunk's " + (kind == KIND_STORED ? -1 : uniform));
            }
            final int regions = directory.get(INT, d + REGION_COUNT_OFFSET);
            final int maxRegions = kind == KIND_SOLID ? 0 : kind == KIND_OPEN ? 1 : CHUNK_VOXELS;
            if (regions < (kind == KIND_SOLID ? 0 : 1) || regions > maxRegions) {
                throw tableError(slot, "regions", regions, "0.." + maxRegions);
            }
            int previous = kind == KIND_OPEN ? 1 : 0;
            for (int f = 0; f <= FACES; f++) {
                final int start = directory.get(INT, d + FACE_START_OFFSET + f * 4L);
                final int bound =
                        f < FACES ? VoxelHierarchyLayout.MAX_CHUNK_NODES : VoxelHierarchyLayout.MAX_CHUNK_NODES;
                if (start < previous || start > bound || (f == 0 && start != previous)) {
                    throw tableError(slot, "face start " + f, start, previous + ".." + bound);
                }
                previous = start;
            }
            final int n = previous;
            if (kind == KIND_SOLID && n != 0) {
                throw tableError(slot, "node count", n, "0 for a solid chunk");
            }
            final long length = VoxelHierarchyLayout.blockLength(kind, n);
            final long offset = directory.get(LONG, d + BLOCK_OFFSET_OFFSET);
            final long reserved = directory.get(LONG, d + BLOCK_LENGTH_OFFSET);
            if (reserved != length) {
                throw tableError(slot, "block length", reserved, Long.toString(length));
            }
            if (length > 0 && (offset < 0 || (offset & 7) != 0 || offset > size - length)) {
                throw tableError(
                        slot, "block offset", offset, "an 8-aligned offset with " + length + " bytes inside " + size);
            }
            final long nodes = offset + VoxelHierarchyLayout.nodesOffset(kind);
            for (int i = 0; i < n; i++) {
                final int voxel = blocks.get(INT, nodes + i * NODE_BYTES + NODE_VOXEL_OFFSET);
                final int region = blocks.get(INT, nodes + i * NODE_BYTES + NODE_REGION_OFFSET);
                int face = 0;
                while (face < FACES && directory.get(INT, d + FACE_START_OFFSET + (face + 1) * 4L) <= i) {
                    face++;
                }
                final boolean placed = kind == KIND_OPEN && i == 0
                        ? voxel == centreVoxel(cx, cy, cz)
                        : voxel >= 0 && voxel < CHUNK_VOXELS && onFace(voxel, face);
                if (!placed) {
                    throw tableError(
                            slot,
                            "node " + i + " voxel",
                            voxel,
                            kind == KIND_OPEN && i == 0 ? "the chunk's centre" : "a voxel on face " + face);
                }
                if (region < 0 || region >= regions) {
                    throw tableError(slot, "node " + i + " region", region, "0.." + (regions - 1));
                }
            }
        }
    }

    /** Whether an in-chunk voxel lies on a face's border layer. */
    private static boolean onFace(int voxel, int face) {
        final int axis = face >>> 1;
        final int c = axis == 0 ? voxel & 15 : axis == 1 ? (voxel >>> 4) & 15 : voxel >>> 8;
        return c == ((face & 1) == 0 ? 0 : 15);
    }

    private static IllegalArgumentException tableError(int slot, String field, long value, String expected) {
        return new IllegalArgumentException(
                "hierarchy chunk " + slot + ": " + field + " " + value + " is not " + expected);
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            chunks.removeEditListener(listener);
            search.close();
            if (pool != null) {
                pool.close();
            }
            arena.close();
        }
    }

    /** Throws the hierarchy's clear exception once it is closed. */
    void ensureOpen() {
        state.ensureOpen();
    }
}
