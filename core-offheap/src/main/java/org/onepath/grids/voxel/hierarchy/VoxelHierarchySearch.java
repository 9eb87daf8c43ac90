package org.onepath.grids.voxel.hierarchy;

import static org.onepath.layout.VoxelHierarchyLayout.AREA_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.BLOCK_OFFSET_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.DOUBLE;
import static org.onepath.layout.VoxelHierarchyLayout.FACES;
import static org.onepath.layout.VoxelHierarchyLayout.FACE_START_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.INT;
import static org.onepath.layout.VoxelHierarchyLayout.KIND_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.KIND_OPEN;
import static org.onepath.layout.VoxelHierarchyLayout.KIND_STORED;
import static org.onepath.layout.VoxelHierarchyLayout.LONG;
import static org.onepath.layout.VoxelHierarchyLayout.MAX_CHUNK_NODES;
import static org.onepath.layout.VoxelHierarchyLayout.NATIVE_DOUBLE;
import static org.onepath.layout.VoxelHierarchyLayout.NATIVE_INT;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_CLOSED_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_G_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_INDEX_BITS;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_PARENT_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_REGION_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_VOXEL_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.OPEN_ENTRY_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.OPEN_F_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.OPEN_G_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.OPEN_NODE_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.PAGE_FIRST_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.PAGE_MARK_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.PAGE_RECORD_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.SEARCH_NODE_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.GridMath;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.grids.voxel.VoxelMath;
import org.onepath.grids.voxel.VoxelTopology;
import org.onepath.layout.VoxelHierarchyLayout;
import org.onepath.memory.GrowableSegment;
import org.onepath.memory.LeakGuard;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;

/**
 * A query over a {@link VoxelHierarchy} (tier 2): connects the start and the goal to the
 * transitions of their regions (computed in a uniform open chunk, a search confined to the chunk
 * otherwise), runs A* over the transitions with the voxel estimate, then refines each abstract
 * edge inside its chunk (a cheapest line in a uniform open chunk, the confined search in a stored
 * one) and prices the voxel path step by step as voxel A* does.
 *
 * <p>Complete: it finds a path exactly when one exists ({@code docs/voxel-hierarchy.md} says
 * why); the path is not always the cheapest. Reusable: working memory is kept between queries
 * and grows only when a query reaches more transitions than any before. Not thread-safe. Owns its
 * memory: {@link #close()} frees it.
 */
public final class VoxelHierarchySearch implements AutoCloseable {
    /** Parent mark of a node reached from the start. */
    private static final int FROM_START = -2;
    /** Parent mark of a node not reached. */
    private static final int NONE = -1;
    /** Heap id of the goal (above every node id, so it loses ties). */
    private static final int GOAL = Integer.MAX_VALUE;

    private final VoxelHierarchy hierarchy;
    private final ChunkTable chunks;
    private final AreaCosts areas;
    private final VoxelConnectivity connectivity;
    private final VoxelCornerRule cornerRule;
    private final int sizeX;
    private final int sizeY;
    private final int sizeZ;
    private final int chunksX;
    private final int chunksY;
    private final int chunksZ;
    private final VoxelTopology topology;
    private final ChunkVoxelSearch chunkSearch;
    private final Arena arena;
    private final MemorySegment pages;
    private final GrowableSegment records;
    private final GrowableSegment open;
    private final NativeIntList abstractPath = new NativeIntList();
    private final NativeIntList path = new NativeIntList();
    private final OwnerState state = new OwnerState("VoxelHierarchySearch");
    private final double[] startCost = new double[MAX_CHUNK_NODES];
    private final double[] goalCost = new double[MAX_CHUNK_NODES];
    private final int[] targets = new int[MAX_CHUNK_NODES + 1];
    private final int[] segment = new int[VoxelHierarchyLayout.CHUNK_VOXELS];
    private final int[] chunkFaces = new int[FACES + 1];

    /** Waypoints a shortcut may skip at most: bounds the boxes tried per waypoint. */
    private static final int SHORTCUT_WAYPOINTS = 24;

    private int[] wx = new int[64];
    private int[] wy = new int[64];
    private int[] wz = new int[64];
    private double[] wg = new double[64];
    private double goalCostFound;
    private double goalG;
    private int goalParent;
    private int slotG;
    private int startX;
    private int startY;
    private int startZ;
    private int query;
    private long seenBuilds = -1;
    private int recordsUsed;
    private int heapSize;
    private int goalX;
    private int goalY;
    private int goalZ;
    private double minCost;
    private int expanded;
    private double pathCost = Double.POSITIVE_INFINITY;
    private SearchStatus status = SearchStatus.NOT_STARTED;
    private int lastX;
    private int lastY;
    private int lastZ;
    private double lastMultiplier;

    /**
     * A query engine over a hierarchy; the hierarchy must stay open while it is used.
     *
     * @param hierarchy the transitions and tables to search
     */
    public VoxelHierarchySearch(VoxelHierarchy hierarchy) {
        this.hierarchy = Objects.requireNonNull(hierarchy, "hierarchy");
        this.chunks = hierarchy.chunks();
        this.areas = hierarchy.areas();
        this.connectivity = hierarchy.connectivity();
        this.cornerRule = hierarchy.cornerRule();
        this.sizeX = chunks.sizeX();
        this.sizeY = chunks.sizeY();
        this.sizeZ = chunks.sizeZ();
        this.chunksX = chunks.chunksX();
        this.chunksY = chunks.chunksY();
        this.chunksZ = chunks.chunksZ();
        this.topology = new VoxelTopology(chunks, areas, connectivity, hierarchy.cornerRule());
        this.arena = LeakGuard.sharedArena(this);
        GrowableSegment r = null;
        GrowableSegment o = null;
        ChunkVoxelSearch c = null;
        try {
            this.pages = arena.allocate(chunks.chunkCount() * PAGE_RECORD_BYTES, 8);
            r = new GrowableSegment(1024 * SEARCH_NODE_BYTES, 8);
            o = new GrowableSegment(1024 * OPEN_ENTRY_BYTES, 8);
            c = new ChunkVoxelSearch(topology);
        } catch (RuntimeException | Error e) {
            if (r != null) {
                r.close();
            }
            if (o != null) {
                o.close();
            }
            arena.close();
            throw e;
        }
        this.records = r;
        this.open = o;
        this.chunkSearch = c;
    }

    /**
     * The hierarchy searched.
     *
     * @return the hierarchy given at construction
     */
    public VoxelHierarchy hierarchy() {
        return hierarchy;
    }

    /**
     * Finds a path from one voxel to another: {@link #begin} then {@link #step} without a limit.
     * A start or goal outside the block or solid gives {@link SearchStatus#NO_PATH}.
     *
     * @param sx the start's x
     * @param sy the start's y
     * @param sz the start's z
     * @param gx the goal's x
     * @param gy the goal's y
     * @param gz the goal's z
     * @return {@link SearchStatus#FOUND} or {@link SearchStatus#NO_PATH}
     */
    public SearchStatus findPath(int sx, int sy, int sz, int gx, int gy, int gz) {
        if (begin(sx, sy, sz, gx, gy, gz) == SearchStatus.RUNNING) {
            step(Integer.MAX_VALUE);
        }
        return status;
    }

    /**
     * Starts a query: brings the hierarchy up to date, connects the start and the goal to their
     * regions' transitions and seeds the open list; {@link #step} runs it. The voxels must not
     * change until the query ends. A start or goal outside the block or solid ends it at once with
     * {@link SearchStatus#NO_PATH}; a start equal to the goal with {@link SearchStatus#FOUND}.
     *
     * @param sx the start's x
     * @param sy the start's y
     * @param sz the start's z
     * @param gx the goal's x
     * @param gy the goal's y
     * @param gz the goal's z
     * @return {@link SearchStatus#RUNNING}, or the final status when the query ended at once
     */
    public SearchStatus begin(int sx, int sy, int sz, int gx, int gy, int gz) {
        state.ensureOpen();
        hierarchy.ensureOpen();
        hierarchy.refresh();
        if (hierarchy.builds() != seenBuilds) {
            // An edit rebuilt chunks since the last query: the cached chunk moves may be stale.
            seenBuilds = hierarchy.builds();
            chunkSearch.invalidate();
        }
        path.clear();
        abstractPath.clear();
        expanded = 0;
        heapSize = 0;
        pathCost = Double.POSITIVE_INFINITY;
        if (!topology.isOpen(sx, sy, sz) || !topology.isOpen(gx, gy, gz)) {
            status = SearchStatus.NO_PATH;
            return status;
        }
        if (sx == gx && sy == gy && sz == gz) {
            path.add(nodeOf(sx, sy, sz));
            pathCost = 0.0;
            status = SearchStatus.FOUND;
            return status;
        }
        startX = sx;
        startY = sy;
        startZ = sz;
        abstractBegin(sx, sy, sz, gx, gy, gz);
        status = SearchStatus.RUNNING;
        return status;
    }

    /**
     * Runs the query for at most {@code maxExpansions} abstract expansions. However the
     * expansions are sliced, the result (status, path, cost, expansions) equals the unsliced run.
     *
     * @param maxExpansions expansions to run at most, 1 or more
     * @return {@link SearchStatus#RUNNING} while unfinished, then FOUND or NO_PATH
     * @throws IllegalArgumentException if the limit is below 1
     * @throws IllegalStateException    if no query is running
     */
    public SearchStatus step(int maxExpansions) {
        state.ensureOpen();
        if (maxExpansions < 1) {
            throw new IllegalArgumentException("expansion limit " + maxExpansions + " must be at least 1");
        }
        if (status != SearchStatus.RUNNING) {
            throw new IllegalStateException("VoxelHierarchySearch has no running query: status " + status);
        }
        final int found = abstractStep(maxExpansions);
        if (found > 0) {
            status = SearchStatus.FOUND;
            refine(startX, startY, startZ, goalX, goalY, goalZ);
        } else if (found < 0) {
            status = SearchStatus.NO_PATH;
        }
        return status;
    }

    private int nodeOf(int x, int y, int z) {
        return x + sizeX * (y + sizeY * z);
    }

    /**
     * The status of the last query.
     *
     * @return {@link SearchStatus#NOT_STARTED} before the first, else FOUND or NO_PATH
     */
    public SearchStatus status() {
        return status;
    }

    /**
     * The cost of the path found: the sum of its steps' costs, in path order.
     *
     * @return the cost, +infinity without a path
     */
    public double pathCost() {
        return pathCost;
    }

    /**
     * Abstract nodes the last query expanded.
     *
     * @return the count, 0 or more
     */
    public int expanded() {
        return expanded;
    }

    /**
     * Voxels on the path found, start and goal included.
     *
     * @return the count, 0 without a path
     */
    public int pathLength() {
        return path.size();
    }

    /**
     * The node ({@code x + sizeX * (y + sizeY * z)}) of the i-th voxel of the path.
     *
     * @param i the position on the path, 0 for the start
     * @return the node
     */
    public int pathNode(int i) {
        return path.get(i);
    }

    /**
     * Copies the path's nodes, start first.
     *
     * @param out receives {@link #pathLength()} nodes from index 0
     * @return the number copied
     */
    public int copyPath(int[] out) {
        int n = path.size();
        if (out.length < n) {
            throw new IllegalArgumentException("path of " + n + " voxels does not fit " + out.length);
        }
        for (int i = 0; i < n; i++) {
            out[i] = path.get(i);
        }
        return n;
    }

    // ---- The abstract search ----

    private void abstractBegin(int sx, int sy, int sz, int gx, int gy, int gz) {
        if (++query == Integer.MAX_VALUE) {
            pages.fill((byte) 0);
            query = 1;
        }
        recordsUsed = 0;
        heapSize = 0;
        goalX = gx;
        goalY = gy;
        goalZ = gz;
        minCost = areas.minCost();
        final MemorySegment dir = hierarchy.directory();
        final int slotS = chunks.slotOf(sx >>> 4, sy >>> 4, sz >>> 4);
        slotG = chunks.slotOf(gx >>> 4, gy >>> 4, gz >>> 4);
        final int localS = (sx & 15) | (sy & 15) << 4 | (sz & 15) << 8;
        final int localG = (gx & 15) | (gy & 15) << 4 | (gz & 15) << 8;
        final int regionS = hierarchy.region(slotS, localS);
        final int regionG = hierarchy.region(slotG, localG);
        double direct = Double.POSITIVE_INFINITY;
        // Start costs to the transitions of the start's region.
        final int nS = hierarchy.nodeCount(slotS);
        final boolean sameRegion = slotS == slotG && regionS == regionG;
        if (kindOf(dir, slotS) == KIND_OPEN) {
            final int area = dir.get(INT, VoxelHierarchyLayout.directoryOffset(slotS) + AREA_OFFSET);
            for (int i = 0; i < nS; i++) {
                startCost[i] = hierarchy.openCost(area, localS, hierarchy.nodeVoxel(slotS, i));
            }
            if (sameRegion) {
                direct = hierarchy.openCost(area, localS, localG);
            }
        } else {
            confinedCosts(slotS, localS, regionS, nS, startCost, sameRegion ? localG : -1);
            if (sameRegion) {
                direct = chunkSearch.cost(localG);
            }
        }
        final int nG = hierarchy.nodeCount(slotG);
        if (kindOf(dir, slotG) == KIND_OPEN) {
            final int area = dir.get(INT, VoxelHierarchyLayout.directoryOffset(slotG) + AREA_OFFSET);
            for (int i = 0; i < nG; i++) {
                goalCost[i] = hierarchy.openCost(area, localG, hierarchy.nodeVoxel(slotG, i));
            }
        } else {
            confinedCosts(slotG, localG, regionG, nG, goalCost, -1);
        }
        goalG = Double.POSITIVE_INFINITY;
        goalParent = NONE;
        if (direct < Double.POSITIVE_INFINITY) {
            goalG = direct;
            goalParent = FROM_START;
            push(direct, direct, GOAL);
        }
        for (int i = 0; i < nS; i++) {
            final double g = startCost[i];
            if (g < Double.POSITIVE_INFINITY) {
                final int id = slotS << NODE_INDEX_BITS | i;
                final long rec = record(id);
                final MemorySegment r = records.segment();
                if (g < r.get(NATIVE_DOUBLE, rec + NODE_G_OFFSET)) {
                    r.set(NATIVE_DOUBLE, rec + NODE_G_OFFSET, g);
                    r.set(NATIVE_INT, rec + NODE_PARENT_OFFSET, FROM_START);
                    push(g + estimate(id), g, id);
                }
            }
        }
    }

    /** Expands up to {@code limit} nodes: 1 when the goal is reached, -1 when nothing is left, 0 otherwise. */
    private int abstractStep(int limit) {
        final MemorySegment dir = hierarchy.directory();
        int budget = limit;
        while (heapSize > 0) {
            // Peek first: the budget counts expansions only, and an unspent slice leaves the
            // open list as it found it, so slicing never changes the order.
            final MemorySegment h = open.segment();
            final double g = h.get(NATIVE_DOUBLE, OPEN_G_OFFSET);
            final int id = h.get(NATIVE_INT, OPEN_NODE_OFFSET);
            if (id == GOAL) {
                pop();
                if (g > goalG) {
                    continue;
                }
                goalCostFound = goalG;
                trace(goalParent);
                return 1;
            }
            final long rec = record(id);
            MemorySegment r = records.segment();
            if (r.get(NATIVE_INT, rec + NODE_CLOSED_OFFSET) != 0 || g > r.get(NATIVE_DOUBLE, rec + NODE_G_OFFSET)) {
                pop();
                continue;
            }
            if (budget == 0) {
                return 0;
            }
            budget--;
            pop();
            r.set(NATIVE_INT, rec + NODE_CLOSED_OFFSET, 1);
            expanded++;
            final int slot = id >>> NODE_INDEX_BITS;
            final int i = id & (MAX_CHUNK_NODES - 1);
            final long d = VoxelHierarchyLayout.directoryOffset(slot);
            final int kind = dir.get(INT, d + KIND_OFFSET);
            final int area = dir.get(INT, d + AREA_OFFSET);
            final long block = dir.get(LONG, d + BLOCK_OFFSET_OFFSET);
            for (int f = 0; f <= FACES; f++) {
                chunkFaces[f] = dir.get(INT, d + FACE_START_OFFSET + f * 4L);
            }
            final int n = chunkFaces[FACES];
            final MemorySegment blocks = hierarchy.blocks();
            final long nodes = block + VoxelHierarchyLayout.nodesOffset(kind);
            final int voxel = blocks.get(INT, nodes + i * NODE_BYTES + NODE_VOXEL_OFFSET);
            final int region = blocks.get(INT, nodes + i * NODE_BYTES + NODE_REGION_OFFSET);
            if (slot == slotG && goalCost[i] < Double.POSITIVE_INFINITY) {
                final double ng = g + goalCost[i];
                if (ng < goalG) {
                    goalG = ng;
                    goalParent = id;
                    push(ng, ng, GOAL);
                }
            }
            // The transition's partner across its face.
            int f = 0;
            while (chunkFaces[f + 1] <= i) {
                f++;
            }
            final int cx = slot % chunksX;
            final int rest = slot / chunksX;
            final int cy = rest % chunksY;
            final int cz = rest / chunksY;
            final int nx = cx + (f == 0 ? -1 : f == 1 ? 1 : 0);
            final int ny = cy + (f == 2 ? -1 : f == 3 ? 1 : 0);
            final int nz = cz + (f == 4 ? -1 : f == 5 ? 1 : 0);
            final int nSlot = chunks.slotOf(nx, ny, nz);
            final int partner =
                    dir.get(INT, VoxelHierarchyLayout.directoryOffset(nSlot) + FACE_START_OFFSET + (f ^ 1) * 4L)
                            + (i - chunkFaces[f]);
            final int px = (cx << 4) + (voxel & 15);
            final int py = (cy << 4) + ((voxel >>> 4) & 15);
            final int pz = (cz << 4) + (voxel >>> 8);
            final double across = (areas.multiplierOf(chunks.area(px, py, pz))
                            + areas.multiplierOf(chunks.area(px + (nx - cx), py + (ny - cy), pz + (nz - cz))))
                    * 0.5;
            relax(nSlot << NODE_INDEX_BITS | partner, g + across, id, px + (nx - cx), py + (ny - cy), pz + (nz - cz));
            // The other transitions of its region in this chunk.
            final long costs = block + VoxelHierarchyLayout.costsOffset(n) + (long) i * n * 8;
            final int ox = cx << 4;
            final int oy = cy << 4;
            final int oz = cz << 4;
            for (int j = 0; j < n; j++) {
                if (j == i) {
                    continue;
                }
                final int vj = blocks.get(INT, nodes + j * NODE_BYTES + NODE_VOXEL_OFFSET);
                double c;
                if (kind == KIND_OPEN) {
                    c = hierarchy.openCost(area, voxel, vj);
                } else {
                    if (blocks.get(INT, nodes + j * NODE_BYTES + NODE_REGION_OFFSET) != region) {
                        continue;
                    }
                    c = blocks.get(DOUBLE, costs + j * 8L);
                }
                if (c < Double.POSITIVE_INFINITY) {
                    relax(
                            slot << NODE_INDEX_BITS | j,
                            g + c,
                            id,
                            ox + (vj & 15),
                            oy + ((vj >>> 4) & 15),
                            oz + (vj >>> 8));
                }
            }
        }
        return -1;
    }

    private static int kindOf(MemorySegment dir, int slot) {
        return dir.get(INT, VoxelHierarchyLayout.directoryOffset(slot) + KIND_OFFSET);
    }

    /** Costs from an in-chunk voxel of a stored chunk to the chunk's nodes of its region, by a confined search. */
    private void confinedCosts(int slot, int local, int region, int n, double[] out, int alsoTarget) {
        hierarchy.load(chunkSearch, slot);
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (hierarchy.nodeRegion(slot, i) == region) {
                targets[k++] = hierarchy.nodeVoxel(slot, i);
            }
        }
        if (alsoTarget >= 0) {
            targets[k++] = alsoTarget;
        }
        chunkSearch.run(local, targets, k);
        for (int i = 0; i < n; i++) {
            out[i] = hierarchy.nodeRegion(slot, i) == region
                    ? chunkSearch.cost(hierarchy.nodeVoxel(slot, i))
                    : Double.POSITIVE_INFINITY;
        }
    }

    /** Offers node {@code id}, whose voxel is (x, y, z), the cost g through {@code parent}. */
    private void relax(int id, double g, int parent, int x, int y, int z) {
        final long rec = record(id);
        final MemorySegment r = records.segment();
        if (r.get(NATIVE_INT, rec + NODE_CLOSED_OFFSET) != 0 || !(g < r.get(NATIVE_DOUBLE, rec + NODE_G_OFFSET))) {
            return;
        }
        r.set(NATIVE_DOUBLE, rec + NODE_G_OFFSET, g);
        r.set(NATIVE_INT, rec + NODE_PARENT_OFFSET, parent);
        push(g + estimate(x, y, z), g, id);
    }

    /** The voxel estimate from a node's voxel to the goal. */
    private double estimate(int id) {
        final int slot = id >>> NODE_INDEX_BITS;
        final int voxel = hierarchy.nodeVoxel(slot, id & (MAX_CHUNK_NODES - 1));
        final int cx = slot % chunksX;
        final int rest = slot / chunksX;
        return estimate(
                (cx << 4) + (voxel & 15),
                ((rest % chunksY) << 4) + ((voxel >>> 4) & 15),
                ((rest / chunksY) << 4) + (voxel >>> 8));
    }

    /** The voxel estimate from (x, y, z) to the goal. */
    private double estimate(int x, int y, int z) {
        return VoxelHeuristic.distance(connectivity, Math.abs(x - goalX), Math.abs(y - goalY), Math.abs(z - goalZ))
                * minCost;
    }

    /** The offset of a node's search record, allocating its chunk's page on first touch in this query. */
    private long record(int id) {
        final int slot = id >>> NODE_INDEX_BITS;
        final long p = slot * PAGE_RECORD_BYTES;
        int first;
        if (pages.get(NATIVE_INT, p + PAGE_MARK_OFFSET) != query) {
            final int n = hierarchy.nodeCount(slot);
            first = recordsUsed;
            final MemorySegment r =
                    records.ensureLength((long) (first + n) * SEARCH_NODE_BYTES, (long) first * SEARCH_NODE_BYTES);
            for (int i = 0; i < n; i++) {
                final long at = (long) (first + i) * SEARCH_NODE_BYTES;
                r.set(NATIVE_DOUBLE, at + NODE_G_OFFSET, Double.POSITIVE_INFINITY);
                r.set(NATIVE_INT, at + NODE_PARENT_OFFSET, NONE);
                r.set(NATIVE_INT, at + NODE_CLOSED_OFFSET, 0);
            }
            recordsUsed = first + n;
            pages.set(NATIVE_INT, p + PAGE_MARK_OFFSET, query);
            pages.set(NATIVE_INT, p + PAGE_FIRST_OFFSET, first);
        } else {
            first = pages.get(NATIVE_INT, p + PAGE_FIRST_OFFSET);
        }
        return (long) (first + (id & (MAX_CHUNK_NODES - 1))) * SEARCH_NODE_BYTES;
    }

    /** Lists the abstract nodes from the start to the goal's parent into {@link #abstractPath}. */
    private boolean trace(int goalParent) {
        int id = goalParent;
        while (id != FROM_START) {
            abstractPath.add(id);
            id = records.segment().get(NATIVE_INT, record(id) + NODE_PARENT_OFFSET);
        }
        return true;
    }

    // ---- The open list: smaller f, then larger g, then smaller id ----

    private boolean before(MemorySegment h, long a, long b) {
        final double fa = h.get(NATIVE_DOUBLE, a + OPEN_F_OFFSET);
        final double fb = h.get(NATIVE_DOUBLE, b + OPEN_F_OFFSET);
        if (fa != fb) {
            return fa < fb;
        }
        final double ga = h.get(NATIVE_DOUBLE, a + OPEN_G_OFFSET);
        final double gb = h.get(NATIVE_DOUBLE, b + OPEN_G_OFFSET);
        if (ga != gb) {
            return ga > gb;
        }
        return h.get(NATIVE_INT, a + OPEN_NODE_OFFSET) < h.get(NATIVE_INT, b + OPEN_NODE_OFFSET);
    }

    private static void swap(MemorySegment h, long a, long b) {
        final double fa = h.get(NATIVE_DOUBLE, a + OPEN_F_OFFSET);
        final double ga = h.get(NATIVE_DOUBLE, a + OPEN_G_OFFSET);
        final int na = h.get(NATIVE_INT, a + OPEN_NODE_OFFSET);
        h.set(NATIVE_DOUBLE, a + OPEN_F_OFFSET, h.get(NATIVE_DOUBLE, b + OPEN_F_OFFSET));
        h.set(NATIVE_DOUBLE, a + OPEN_G_OFFSET, h.get(NATIVE_DOUBLE, b + OPEN_G_OFFSET));
        h.set(NATIVE_INT, a + OPEN_NODE_OFFSET, h.get(NATIVE_INT, b + OPEN_NODE_OFFSET));
        h.set(NATIVE_DOUBLE, b + OPEN_F_OFFSET, fa);
        h.set(NATIVE_DOUBLE, b + OPEN_G_OFFSET, ga);
        h.set(NATIVE_INT, b + OPEN_NODE_OFFSET, na);
    }

    private void push(double f, double g, int id) {
        int i = heapSize++;
        final MemorySegment h = open.ensureLength((long) heapSize * OPEN_ENTRY_BYTES, (long) i * OPEN_ENTRY_BYTES);
        long at = i * OPEN_ENTRY_BYTES;
        h.set(NATIVE_DOUBLE, at + OPEN_F_OFFSET, f);
        h.set(NATIVE_DOUBLE, at + OPEN_G_OFFSET, g);
        h.set(NATIVE_INT, at + OPEN_NODE_OFFSET, id);
        while (i > 0) {
            final int p = (i - 1) >>> 1;
            if (!before(h, i * OPEN_ENTRY_BYTES, p * OPEN_ENTRY_BYTES)) {
                break;
            }
            swap(h, i * OPEN_ENTRY_BYTES, p * OPEN_ENTRY_BYTES);
            i = p;
        }
    }

    private void pop() {
        final MemorySegment h = open.segment();
        final int last = --heapSize;
        if (last == 0) {
            return;
        }
        swap(h, 0, last * OPEN_ENTRY_BYTES);
        int i = 0;
        while (true) {
            final int l = 2 * i + 1;
            if (l >= last) {
                break;
            }
            int m = l;
            if (l + 1 < last && before(h, (l + 1) * OPEN_ENTRY_BYTES, l * OPEN_ENTRY_BYTES)) {
                m = l + 1;
            }
            if (!before(h, m * OPEN_ENTRY_BYTES, i * OPEN_ENTRY_BYTES)) {
                break;
            }
            swap(h, m * OPEN_ENTRY_BYTES, i * OPEN_ENTRY_BYTES);
            i = m;
        }
    }

    // ---- Refinement ----

    /**
     * Turns the abstract path into voxels. Consecutive waypoints (start, transitions, goal) are
     * joined inside their chunk, or by the one face step between a transition and its partner;
     * but where the cheapest empty-space line between two waypoints (see {@link #line}) is made
     * of legal moves and costs no more than the abstract path between them, the line replaces
     * the waypoints in between. That removes most detours through face samples across open
     * space; the moves are checked as the topology checks them, so the path stays legal.
     */
    private void refine(int sx, int sy, int sz, int gx, int gy, int gz) {
        final int count = abstractPath.size() + 2;
        if (wx.length < count) {
            int length = Math.max(count, 2 * wx.length);
            wx = new int[length];
            wy = new int[length];
            wz = new int[length];
            wg = new double[length];
        }
        wx[0] = sx;
        wy[0] = sy;
        wz[0] = sz;
        wg[0] = 0.0;
        for (int k = abstractPath.size() - 1, w = 1; k >= 0; k--, w++) {
            final int id = abstractPath.get(k);
            final int slot = id >>> NODE_INDEX_BITS;
            final int voxel = hierarchy.nodeVoxel(slot, id & (MAX_CHUNK_NODES - 1));
            final int cx = slot % chunksX;
            final int rest = slot / chunksX;
            wx[w] = (cx << 4) + (voxel & 15);
            wy[w] = ((rest % chunksY) << 4) + ((voxel >>> 4) & 15);
            wz[w] = ((rest / chunksY) << 4) + (voxel >>> 8);
            wg[w] = records.segment().get(NATIVE_DOUBLE, record(id) + NODE_G_OFFSET);
        }
        wx[count - 1] = gx;
        wy[count - 1] = gy;
        wz[count - 1] = gz;
        wg[count - 1] = goalCostFound;
        pathCost = 0.0;
        lastX = sx;
        lastY = sy;
        lastZ = sz;
        lastMultiplier = areas.multiplierOf(chunks.area(sx, sy, sz));
        path.add(nodeOf(sx, sy, sz));
        int a = 0;
        while (a < count - 1) {
            int jump = -1;
            for (int j = Math.min(count - 1, a + SHORTCUT_WAYPOINTS); j >= a + 2; j--) {
                if (lineCost(wx[a], wy[a], wz[a], wx[j], wy[j], wz[j]) <= wg[j] - wg[a]) {
                    jump = j;
                    break;
                }
            }
            if (jump > 0) {
                line(wx[jump], wy[jump], wz[jump]);
                a = jump;
                continue;
            }
            final int x = wx[a + 1];
            final int y = wy[a + 1];
            final int z = wz[a + 1];
            if ((lastX >>> 4) == (x >>> 4) && (lastY >>> 4) == (y >>> 4) && (lastZ >>> 4) == (z >>> 4)) {
                segmentTo(chunks.slotOf(x >>> 4, y >>> 4, z >>> 4), x, y, z);
            } else {
                step(x, y, z);
            }
            a++;
        }
    }

    /**
     * The cost of {@link #line} from (x0, y0, z0) to (x1, y1, z1), summed step by step, or
     * +infinity when one of its moves is not legal.
     */
    private double lineCost(int x0, int y0, int z0, int x1, int y1, int z1) {
        int x = x0;
        int y = y0;
        int z = z0;
        double m = areas.multiplierOf(chunks.area(x, y, z));
        double cost = 0.0;
        while (x != x1 || y != y1 || z != z1) {
            final int s = lineStep(x1 - x, y1 - y, z1 - z);
            final int dx = (s & 3) - 1;
            final int dy = ((s >>> 2) & 3) - 1;
            final int dz = ((s >>> 4) & 3) - 1;
            if (!legal(x, y, z, dx, dy, dz)) {
                return Double.POSITIVE_INFINITY;
            }
            x += dx;
            y += dy;
            z += dz;
            final double mt = areas.multiplierOf(chunks.area(x, y, z));
            final int axes = (dx != 0 ? 1 : 0) + (dy != 0 ? 1 : 0) + (dz != 0 ? 1 : 0);
            cost = cost + (axes == 1 ? 1.0 : axes == 2 ? GridMath.SQRT2 : VoxelMath.SQRT3) * ((m + mt) * 0.5);
            m = mt;
        }
        return cost;
    }

    /**
     * Whether the move (dx, dy, dz) out of voxel (x, y, z) is legal, from the definitions: the
     * destination open and, for an edge or corner move, the corner rule over the move's cube
     * (every voxel of it open, or one monotone route of face steps through open voxels).
     */
    private boolean legal(int x, int y, int z, int dx, int dy, int dz) {
        final int tx = x + dx;
        final int ty = y + dy;
        final int tz = z + dz;
        if (tx < 0 || ty < 0 || tz < 0 || tx >= sizeX || ty >= sizeY || tz >= sizeZ || !open(tx, ty, tz)) {
            return false;
        }
        final int axes = (dx != 0 ? 1 : 0) + (dy != 0 ? 1 : 0) + (dz != 0 ? 1 : 0);
        if (axes == 1 || cornerRule == VoxelCornerRule.ALLOW_ALL) {
            return true;
        }
        if (cornerRule == VoxelCornerRule.NO_CORNER_CUTTING) {
            for (int ez = 0; ez <= Math.abs(dz); ez++) {
                for (int ey = 0; ey <= Math.abs(dy); ey++) {
                    for (int ex = 0; ex <= Math.abs(dx); ex++) {
                        final int k = ex + ey + ez;
                        if (k != 0 && k != axes && !open(x + ex * dx, y + ey * dy, z + ez * dz)) {
                            return false;
                        }
                    }
                }
            }
            return true;
        }
        // NO_SQUEEZING: a face voxel, and for a corner move an edge voxel containing it, open.
        if (axes == 2) {
            return dx == 0
                    ? open(x, y + dy, z) || open(x, y, z + dz)
                    : dy == 0 ? open(x + dx, y, z) || open(x, y, z + dz) : open(x + dx, y, z) || open(x, y + dy, z);
        }
        final boolean fx = open(x + dx, y, z);
        final boolean fy = open(x, y + dy, z);
        final boolean fz = open(x, y, z + dz);
        final boolean exy = open(x + dx, y + dy, z);
        final boolean exz = open(x + dx, y, z + dz);
        final boolean eyz = open(x, y + dy, z + dz);
        return (fx && (exy || exz)) || (fy && (exy || eyz)) || (fz && (exz || eyz));
    }

    private boolean open(int x, int y, int z) {
        return chunks.area(x, y, z) != AreaCosts.WALL;
    }

    /**
     * The next step of a cheapest empty-space line for the offset (dx, dy, dz) left, packed as
     * {@code (sx+1) | (sy+1) << 2 | (sz+1) << 4}.
     *
     * <p>26 moves: every axis with at least half the largest offset left moves. The largest always
     * moves and no axis ever has more left than it, so the line takes max-offset steps; an axis
     * moves only while every axis with more left moves too, so the smallest offset's moves are
     * corner moves and the middle one's the rest of the edge moves: the distance's a corner,
     * b - a edge and c - b face moves, interleaved along the straight segment. 18 and 6 moves:
     * as many axes as the move set allows, those with the most left to go.
     */
    private int lineStep(int dx, int dy, int dz) {
        final int ax = Math.abs(dx);
        final int ay = Math.abs(dy);
        final int az = Math.abs(dz);
        int mx = ax > 0 ? 1 : 0;
        int my = ay > 0 ? 1 : 0;
        int mz = az > 0 ? 1 : 0;
        final int axes = mx + my + mz;
        final int moves = connectivity.moves();
        if (moves == 26) {
            final int most = Math.max(ax, Math.max(ay, az));
            mx = ax > 0 && 2 * ax >= most ? 1 : 0;
            my = ay > 0 && 2 * ay >= most ? 1 : 0;
            mz = az > 0 && 2 * az >= most ? 1 : 0;
        } else if (moves == 6 && axes > 1) {
            // The axis with the most left (first in x, y, z order on ties).
            mx = ax >= ay && ax >= az ? 1 : 0;
            my = mx == 0 && ay >= az ? 1 : 0;
            mz = mx == 0 && my == 0 ? 1 : 0;
        } else if (moves == 18 && axes == 3) {
            // Drop the axis with the least left (last in x, y, z order on ties).
            if (az <= ax && az <= ay) {
                mz = 0;
            } else if (ay <= ax) {
                my = 0;
            } else {
                mx = 0;
            }
        }
        return (mx * Integer.signum(dx) + 1) | (my * Integer.signum(dy) + 1) << 2 | (mz * Integer.signum(dz) + 1) << 4;
    }

    /** Appends the voxels from the last one to (x, y, z), both in chunk {@code slot}, along a path inside it. */
    private void segmentTo(int slot, int x, int y, int z) {
        if (x == lastX && y == lastY && z == lastZ) {
            return;
        }
        final MemorySegment dir = hierarchy.directory();
        if (kindOf(dir, slot) == KIND_OPEN) {
            line(x, y, z);
            return;
        }
        assert kindOf(dir, slot) == KIND_STORED;
        hierarchy.load(chunkSearch, slot);
        final int from = (lastX & 15) | (lastY & 15) << 4 | (lastZ & 15) << 8;
        final int to = (x & 15) | (y & 15) << 4 | (z & 15) << 8;
        chunkSearch.runTo(from, to, areas.minCost());
        int count = 0;
        for (int v = to; v != from; v = chunkSearch.parent(v)) {
            segment[count++] = v;
        }
        final int ox = x & ~15;
        final int oy = y & ~15;
        final int oz = z & ~15;
        for (int i = count - 1; i >= 0; i--) {
            final int v = segment[i];
            step(ox + (v & 15), oy + ((v >>> 4) & 15), oz + (v >>> 8));
        }
    }

    /** Appends the cheapest empty-space line from the last voxel to (x, y, z) ({@link #lineStep}). */
    private void line(int x, int y, int z) {
        while (lastX != x || lastY != y || lastZ != z) {
            final int s = lineStep(x - lastX, y - lastY, z - lastZ);
            step(lastX + (s & 3) - 1, lastY + ((s >>> 2) & 3) - 1, lastZ + ((s >>> 4) & 3) - 1);
        }
    }

    /** Appends one move from the last voxel and adds its cost as voxel A* prices it. */
    private void step(int x, int y, int z) {
        final int axes = (x != lastX ? 1 : 0) + (y != lastY ? 1 : 0) + (z != lastZ ? 1 : 0);
        final double length = axes == 1 ? 1.0 : axes == 2 ? GridMath.SQRT2 : VoxelMath.SQRT3;
        final double m = areas.multiplierOf(chunks.area(x, y, z));
        pathCost = pathCost + length * ((lastMultiplier + m) * 0.5);
        lastMultiplier = m;
        lastX = x;
        lastY = y;
        lastZ = z;
        path.add(nodeOf(x, y, z));
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            chunkSearch.close();
            records.close();
            open.close();
            path.close();
            abstractPath.close();
            arena.close();
        }
    }
}
