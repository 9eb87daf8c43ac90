package org.onepath.grids.voxel.hierarchy;

import static org.onepath.layout.VoxelHierarchyLayout.AREA_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.BLOCK_OFFSET_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.CHUNK_VOXELS;
import static org.onepath.layout.VoxelHierarchyLayout.DOUBLE;
import static org.onepath.layout.VoxelHierarchyLayout.FACES;
import static org.onepath.layout.VoxelHierarchyLayout.FACE_START_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.INT;
import static org.onepath.layout.VoxelHierarchyLayout.KIND_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.KIND_OPEN;
import static org.onepath.layout.VoxelHierarchyLayout.KIND_STORED;
import static org.onepath.layout.VoxelHierarchyLayout.LONG;
import static org.onepath.layout.VoxelHierarchyLayout.MASKS_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.MASK_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.MAX_CHUNK_NODES;
import static org.onepath.layout.VoxelHierarchyLayout.NATIVE_DOUBLE;
import static org.onepath.layout.VoxelHierarchyLayout.NATIVE_INT;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_FLAGS_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_G_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_INDEX_BITS;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_KEY_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_PARENT_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_REGION_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.NODE_VOXEL_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.PAGE_FIRST_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.PAGE_MARK_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.PAGE_RECORD_BYTES;
import static org.onepath.layout.VoxelHierarchyLayout.REGION_COUNT_OFFSET;
import static org.onepath.layout.VoxelHierarchyLayout.SEARCH_NODE_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.GridMath;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.grids.voxel.VoxelMath;
import org.onepath.grids.voxel.VoxelMoves;
import org.onepath.grids.voxel.VoxelTopology;
import org.onepath.layout.VoxelHierarchyLayout;
import org.onepath.memory.GrowableSegment;
import org.onepath.memory.LeakGuard;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;
import org.onepath.memory.PackedQuadHeap;
import org.onepath.memory.QuadHeapLayout;

/**
 * A query over a {@link VoxelHierarchy} (tier 2): connects the start and the goal to the nodes of
 * their chunks, runs a lazy any-angle A* (Lazy Theta*) over the abstract graph with the voxel
 * estimate, then turns each abstract edge into voxel moves (a straight line, or a path confined
 * to a stored chunk) and prices the voxel path step by step as voxel A* does.
 *
 * <p>The abstract graph: the centre of every open chunk, joined to the centres of the open chunks
 * around it (those whose box of chunks between them is all open) and to its own transitions; the
 * transitions of stored chunks, joined across their face and to the other transitions of their
 * region at the stored intra cost. Relaxing a neighbour n of the expanded node s, the search also
 * offers n the straight line from s's parent (its voxel estimate as a cost); the line is checked,
 * and its cost taken exactly, only when n is expanded, and a line that is not legal gives way to
 * n's cheapest expanded graph neighbour, n then going back to the open list when its cost rose.
 * So in open space the costs are those of straight lines, which is what the estimate assumes,
 * and the search heads for the goal instead of filling the volume between.
 *
 * <p>Complete: it finds a path exactly when one exists ({@code docs/voxel-hierarchy.md} says why);
 * the path is not always the cheapest, never cheaper than the cheapest, and each of its steps is
 * a legal move. Resumable in slices ({@link #step}) with the same result however sliced.
 * Reusable: working memory is kept between queries and grows only when a query reaches more nodes
 * than any before. Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
public final class VoxelHierarchySearch implements SlicedSearch, AutoCloseable {
    /** Id of the start in parent links. */
    private static final int START = Integer.MAX_VALUE - 1;
    /** Heap id of the goal (above every node id, so it loses ties). */
    private static final int GOAL = Integer.MAX_VALUE;
    /** Parent mark of a node not reached. */
    private static final int NONE = -1;

    /** Record flag: expanded. */
    private static final int CLOSED = 1;
    /** Record flag: the edge from the parent is a path confined to a stored chunk, not a line. */
    private static final int CONFINED = 2;
    /** Record flag: the edge from the parent is a line not checked yet. */
    private static final int UNCHECKED = 4;

    /** Relative slack under which a checked line's cost counts as the cost assumed for it. */
    private static final double SAME_COST = 1e-9;

    /** Per chunk move: the neighbourhood bits of the chunks its box covers besides the centre. */
    private static final int[] CHUNK_BOX = new int[VoxelMoves.COUNT];

    static {
        for (int j = 0; j < VoxelMoves.COUNT; j++) {
            CHUNK_BOX[j] = VoxelMoves.cubeMask(j);
        }
    }

    private final VoxelHierarchy hierarchy;
    private final ChunkTable chunks;
    private final AreaCosts areas;
    private final VoxelConnectivity connectivity;
    private final int moveCount;
    private final int sizeX;
    private final int sizeY;
    private final int sizeZ;
    private final int chunksX;
    private final int chunksY;
    private final int chunksZ;
    private final VoxelTopology topology;
    private final ChunkVoxelSearch chunkSearch;
    /** Confined searches kept on the start's and the goal's chunks while a query prices their edges. */
    private final ChunkVoxelSearch startSearch;

    private final ChunkVoxelSearch goalSearch;
    private final Arena arena;
    private final MemorySegment pages;
    private final GrowableSegment records;
    private final GrowableSegment open;
    private final NativeIntList path = new NativeIntList();
    private final NativeIntList abstractPath = new NativeIntList();
    private final OwnerState state = new OwnerState("VoxelHierarchySearch");
    private final double[] startCost = new double[MAX_CHUNK_NODES];
    private final boolean[] startConfined = new boolean[MAX_CHUNK_NODES];
    private final double[] goalCost = new double[MAX_CHUNK_NODES];
    private final boolean[] goalConfined = new boolean[MAX_CHUNK_NODES];
    /** Per node of the start's chunk: its edge from the start was priced by the confined Dijkstra. */
    private final boolean[] startSearched = new boolean[MAX_CHUNK_NODES];
    /** Per node of an end's chunk: the confined edge still holds its lower bound, not its cost. */
    private final boolean[] startPending = new boolean[MAX_CHUNK_NODES];

    private final boolean[] goalPending = new boolean[MAX_CHUNK_NODES];
    /** Whether the direct edge still holds its lower bound. */
    private boolean directPending;

    private final int[] segment = new int[CHUNK_VOXELS];
    private final int[] faces = new int[FACES + 1];
    /** Graph neighbours of the node being expanded or checked: id, edge cost, edge flags. */
    private final int[] nbId = new int[MAX_CHUNK_NODES + VoxelMoves.COUNT + 2];

    private final double[] nbCost = new double[nbId.length];
    private final int[] nbX = new int[nbId.length];
    private final int[] nbY = new int[nbId.length];
    private final int[] nbZ = new int[nbId.length];
    private final int[] nbFlags = new int[nbId.length];

    private MemorySegment dir;
    private MemorySegment blocks;
    private int query;
    private long seenBuilds = -1;
    private int recordsUsed;
    private int heapSize;
    private int startX;
    private int startY;
    private int startZ;
    private int goalX;
    private int goalY;
    private int goalZ;
    private int slotS;
    private int slotG;
    private int regionS;
    private int regionG;
    private double minCost;
    private double goalG;
    private int goalParent;
    private int goalFlags;
    private int expanded;
    private int iterations;
    private int closest;
    private double closestH;
    private double closestG;
    private double pathCost = Double.POSITIVE_INFINITY;
    private SearchStatus status = SearchStatus.NOT_STARTED;
    /** Coordinates {@link #locate} found. */
    private int lx;

    private int ly;
    private int lz;
    // The last voxel of the path being refined and its multiplier.
    private int lastX;
    private int lastY;
    private int lastZ;
    private double lastMultiplier;
    private int[] wx = new int[64];
    private int[] wy = new int[64];
    private int[] wz = new int[64];
    private boolean[] wConfined = new boolean[64];

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
        this.moveCount = connectivity.moves();
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
        try {
            this.pages = arena.allocate(chunks.chunkCount() * PAGE_RECORD_BYTES, 8);
            r = new GrowableSegment(1024 * SEARCH_NODE_BYTES, 8);
            o = new GrowableSegment(1024 * QuadHeapLayout.PACKED_SLOT_BYTES, 8);
            this.chunkSearch = new ChunkVoxelSearch(topology);
            this.startSearch = new ChunkVoxelSearch(topology);
            this.goalSearch = new ChunkVoxelSearch(topology);
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
        this.heap = o.segment();
    }

    /**
     * The hierarchy searched.
     *
     * @return the hierarchy given at construction
     */
    public VoxelHierarchy hierarchy() {
        return hierarchy;
    }

    // ---- Queries by coordinates ----

    /**
     * Finds a path from one voxel to another: {@link #begin(int, int, int, int, int, int)} then
     * {@link #step} without a limit. A start or goal outside the block or solid gives
     * {@link SearchStatus#NO_PATH}.
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
     * Starts a query: brings the hierarchy up to date, connects the start and the goal to the
     * nodes of their chunks and seeds the open list; {@link #step} runs it. The voxels must not
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
            startSearch.invalidate();
            goalSearch.invalidate();
        }
        dir = hierarchy.directory();
        blocks = hierarchy.blocks();
        path.clear();
        abstractPath.clear();
        expanded = 0;
        iterations = 0;
        heapSize = 0;
        closest = NONE;
        pathCost = Double.POSITIVE_INFINITY;
        startX = sx;
        startY = sy;
        startZ = sz;
        goalX = gx;
        goalY = gy;
        goalZ = gz;
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
        if (++query == Integer.MAX_VALUE) {
            pages.fill((byte) 0);
            query = 1;
        }
        recordsUsed = 0;
        minCost = areas.minCost();
        final boolean oneMultiplier = areas.isUniform();
        geodesicsAllowed = moveCount == 26 && oneMultiplier;
        uniformMultiplier = oneMultiplier ? areas.multiplierOf(0) : 0;
        slotS = chunks.slotOf(sx >>> 4, sy >>> 4, sz >>> 4);
        slotG = chunks.slotOf(gx >>> 4, gy >>> 4, gz >>> 4);
        final int localS = local(sx, sy, sz);
        final int localG = local(gx, gy, gz);
        regionS = hierarchy.region(slotS, localS);
        regionG = hierarchy.region(slotG, localG);
        final boolean sameRegion = slotS == slotG && regionS == regionG;
        // The start's edges, from the start to each node of its region, the direct edge with them;
        // then the goal's. Confined edges are priced lazily: see connect.
        directCost = Double.POSITIVE_INFINITY;
        directConfined = false;
        directPending = false;
        startOpened = false;
        goalOpened = false;
        connect(slotS, localS, regionS, startCost, startConfined, startPending, sameRegion ? localG : -1, true);
        Arrays.fill(startSearched, 0, nodeCount(slotS), false);
        connect(slotG, localG, regionG, goalCost, goalConfined, goalPending, -1, false);
        goalG = Double.POSITIVE_INFINITY;
        goalParent = NONE;
        goalFlags = 0;
        if (directCost < Double.POSITIVE_INFINITY) {
            goalG = directCost;
            goalParent = START;
            goalFlags = directConfined ? CONFINED : 0;
            push(directCost, directCost, GOAL);
        }
        final int n = nodeCount(slotS);
        for (int i = 0; i < n; i++) {
            if (startCost[i] < Double.POSITIVE_INFINITY) {
                final int id = slotS << NODE_INDEX_BITS | i;
                locate(id);
                offer(id, startCost[i], START, startConfined[i] ? CONFINED : 0, lx, ly, lz);
            }
        }
        status = SearchStatus.RUNNING;
        return status;
    }

    // ---- SlicedSearch ----

    @Override
    public boolean canStandOn(int node) {
        if (node < 0 || (long) node >= (long) sizeX * sizeY * sizeZ) {
            return false;
        }
        final int x = node % sizeX;
        final int rest = node / sizeX;
        return topology.isOpen(x, rest % sizeY, rest / sizeY);
    }

    /**
     * Begins a query between two voxel nodes ({@code x + sizeX * (y + sizeY * z)}), as
     * {@link #begin(int, int, int, int, int, int)}.
     *
     * @param start the start node
     * @param goal  the goal node
     * @throws IllegalArgumentException if a node is outside the block
     */
    @Override
    public void begin(int start, int goal) {
        SlicedSearch.checkEnds(start, goal, (int) Math.min(Integer.MAX_VALUE, (long) sizeX * sizeY * sizeZ));
        final int sx = start % sizeX;
        final int sr = start / sizeX;
        final int gx = goal % sizeX;
        final int gr = goal / sizeX;
        begin(sx, sr % sizeY, sr / sizeY, gx, gr % sizeY, gr / sizeY);
    }

    /**
     * Runs the query for at most {@code maxIterations} iterations: an expansion, a node whose
     * line from its parent was checked and whose cost rose (it goes back to the open list), or the
     * goal taken from the open list. However they are sliced, status, path, cost bits and counts
     * equal the unsliced run.
     *
     * @param maxIterations iterations to run at most, 0 or more
     * @return {@link SearchStatus#RUNNING} while unfinished, then FOUND or NO_PATH
     * @throws IllegalArgumentException if the limit is negative
     * @throws IllegalStateException    if no query was begun
     */
    @Override
    public SearchStatus step(int maxIterations) {
        state.ensureOpen();
        if (!SlicedSearch.checkStep(maxIterations, status, "VoxelHierarchySearch")) {
            return status;
        }
        final int found = abstractStep(maxIterations);
        if (found > 0) {
            status = SearchStatus.FOUND;
            traceFrom(GOAL);
            refine();
        } else if (found < 0) {
            status = SearchStatus.NO_PATH;
        }
        return status;
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
     * Abstract nodes the last query expanded.
     *
     * @return the count, 0 or more
     */
    public int expanded() {
        return expanded;
    }

    /**
     * The cost of the path found: the sum of its steps' costs, in path order.
     *
     * @return the cost, +infinity without a path
     */
    @Override
    public double pathCost() {
        return status == SearchStatus.FOUND ? pathCost : Double.POSITIVE_INFINITY;
    }

    @Override
    public int pathLength() {
        return status == SearchStatus.FOUND ? path.size() : 0;
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

    @Override
    public int copyPath(int[] out) {
        final int n = pathLength();
        SlicedSearch.checkPathBuffer(status, out, n);
        for (int i = 0; i < n; i++) {
            out[i] = path.get(i);
        }
        return n;
    }

    @Override
    public int[] expandedNodes() {
        return new int[0];
    }

    // ---- Partial paths: to the expanded node of least estimate ----

    @Override
    public boolean offersPartialPaths() {
        return true;
    }

    /**
     * The voxel a partial path ends at: of the abstract nodes expanded so far, the one of least
     * estimate to the goal (ties to the smaller cost, then the smaller node id); the start when
     * none was expanded. The reached voxels are the abstract nodes' voxels.
     */
    @Override
    public int closestReached() {
        if (status == SearchStatus.NOT_STARTED) {
            throw new IllegalStateException("VoxelHierarchySearch has not begun a query");
        }
        if (closest == NONE) {
            return nodeOf(startX, startY, startZ);
        }
        locate(closest);
        return nodeOf(lx, ly, lz);
    }

    @Override
    public int pathLengthTo(int node) {
        buildPathTo(node);
        return path.size();
    }

    @Override
    public int copyPathTo(int node, int[] out) {
        buildPathTo(node);
        final int n = path.size();
        if (out.length < n) {
            throw new IllegalArgumentException("path buffer holds " + out.length + " nodes, the path has " + n);
        }
        for (int i = 0; i < n; i++) {
            out[i] = path.get(i);
        }
        return n;
    }

    @Override
    public double costTo(int node) {
        buildPathTo(node);
        return pathCost;
    }

    /** Refines the path to a reached voxel into {@link #path} (the found path when it is the goal). */
    private void buildPathTo(int node) {
        if (status == SearchStatus.NOT_STARTED) {
            throw new IllegalStateException("VoxelHierarchySearch has not begun a query");
        }
        final int goalNode = nodeOf(goalX, goalY, goalZ);
        if (status == SearchStatus.FOUND && node == goalNode) {
            return;
        }
        final int id = reachedId(node);
        path.clear();
        abstractPath.clear();
        if (id == START) {
            path.add(node);
            pathCost = 0.0;
        } else {
            traceFrom(id);
            refine();
        }
        if (status == SearchStatus.FOUND) {
            // The found path is gone now; keep the status honest about what the buffers hold.
            status = SearchStatus.NO_PATH;
        }
    }

    /** The abstract node (or {@link #START}) of a reached voxel: expanded, the closest on a tie of voxels. */
    private int reachedId(int node) {
        if (node == nodeOf(startX, startY, startZ)) {
            return START;
        }
        if (closest != NONE) {
            locate(closest);
            if (nodeOf(lx, ly, lz) == node) {
                return closest;
            }
        }
        if (node >= 0 && (long) node < (long) sizeX * sizeY * sizeZ && status != SearchStatus.NOT_STARTED) {
            final int x = node % sizeX;
            final int rest = node / sizeX;
            final int y = rest % sizeY;
            final int z = rest / sizeY;
            final int slot = chunks.slotOf(x >>> 4, y >>> 4, z >>> 4);
            if (pages.get(NATIVE_INT, slot * PAGE_RECORD_BYTES + PAGE_MARK_OFFSET) == query) {
                final int v = local(x, y, z);
                final int n = nodeCount(slot);
                int best = NONE;
                double bestG = Double.POSITIVE_INFINITY;
                for (int i = 0; i < n; i++) {
                    final int id = slot << NODE_INDEX_BITS | i;
                    final long rec = record(id);
                    final MemorySegment r = records.segment();
                    if (nodeVoxel(slot, i) == v
                            && (r.get(NATIVE_INT, rec + NODE_FLAGS_OFFSET) & CLOSED) != 0
                            && r.get(NATIVE_DOUBLE, rec + NODE_G_OFFSET) < bestG) {
                        bestG = r.get(NATIVE_DOUBLE, rec + NODE_G_OFFSET);
                        best = id;
                    }
                }
                if (best != NONE) {
                    return best;
                }
            }
        }
        throw new IllegalArgumentException("voxel node " + node + " was not reached by the current query");
    }

    // ---- Connecting the ends ----

    /** The edge from the start straight to the goal, when both lie in one region of one chunk. */
    private double directCost;

    private boolean directConfined;

    /**
     * Prices the edges between an end and the nodes of its region: a straight segment where one
     * is legal (the cheapest path there is); else, through a node the end sees, the bound of
     * {@link #priceThroughSeenNodes}; else the path confined to the chunk, priced for now at its
     * lower bound, the voxel estimate, and marked confined and pending. The confined Dijkstra
     * from the end prices such an edge ({@link #priceStartEdge}, {@link #priceGoalEdge}) only when
     * the search is about to rely on it. From the start the segments run from the end; towards
     * the goal they run from the node, as the path will. With {@code other} (an in-chunk voxel of
     * the same region) the direct edge is priced into {@link #directCost} by its line or its
     * confined path.
     */
    private void connect(
            int slot,
            int localEnd,
            int region,
            double[] cost,
            boolean[] confined,
            boolean[] pending,
            int other,
            boolean fromEnd) {
        final int n = nodeCount(slot);
        final long d = VoxelHierarchyLayout.directoryOffset(slot);
        final int kind = dir.get(INT, d + KIND_OFFSET);
        if (kind == KIND_OPEN) {
            final int area = dir.get(INT, d + AREA_OFFSET);
            for (int i = 0; i < n; i++) {
                cost[i] = hierarchy.openCost(area, localEnd, nodeVoxel(slot, i));
                confined[i] = false;
                pending[i] = false;
            }
            if (other >= 0) {
                directCost = hierarchy.openCost(area, localEnd, other);
            }
            return;
        }
        final int ox = (slot % chunksX) << 4;
        final int oy = ((slot / chunksX) % chunksY) << 4;
        final int oz = (slot / chunksX / chunksY) << 4;
        final int ex = ox + (localEnd & 15);
        final int ey = oy + ((localEnd >>> 4) & 15);
        final int ez = oz + (localEnd >>> 8);
        for (int i = 0; i < n; i++) {
            confined[i] = false;
            pending[i] = false;
            if (nodeRegion(slot, i) != region) {
                cost[i] = Double.POSITIVE_INFINITY;
                continue;
            }
            final int v = nodeVoxel(slot, i);
            final int vx = ox + (v & 15);
            final int vy = oy + ((v >>> 4) & 15);
            final int vz = oz + (v >>> 8);
            // A straight segment (the line, or another order of its moves) is the cheapest path.
            cost[i] = fromEnd ? segmentCost(ex, ey, ez, vx, vy, vz) : segmentCost(vx, vy, vz, ex, ey, ez);
            if (cost[i] == Double.POSITIVE_INFINITY) {
                cost[i] = distance(ex, ey, ez, vx, vy, vz);
                confined[i] = true;
                pending[i] = true;
            }
        }
        priceThroughSeenNodes(slot, n, cost, pending);
        if (other >= 0) {
            final int gx = ox + (other & 15);
            final int gy = oy + ((other >>> 4) & 15);
            final int gz = oz + (other >>> 8);
            directCost = lineCost(ex, ey, ez, gx, gy, gz);
            if (directCost == Double.POSITIVE_INFINITY) {
                directCost = distance(ex, ey, ez, gx, gy, gz);
                directConfined = true;
                directPending = true;
            }
        }
    }

    /**
     * Of the detour a pending end edge may take through a node the end sees, the most allowed, as
     * a share of the query's straight distance. Measured on every 5th Warframe problem (3 passes):
     * no limit gave 0.74 ms a query and 0.64% over the optimum (128% at worst, a short query
     * sent round through a far transition); 0.25 gives 0.77 ms and 0.56% (61% at worst, as with
     * every edge searched); 0.1 gives 0.81 ms and 0.54%; every edge searched 1.03-1.09 ms, 0.52%.
     */
    private static final double SEEN_DETOUR = 0.25;

    /**
     * Prices pending end edges by the cheapest route through a node the end sees: the segment to
     * that node, then its stored intra cost to the pending one. That route is a path inside the
     * chunk, so its cost bounds the edge from above, and the edge keeps its confined mark:
     * refinement draws the cheapest confined path, which costs no more. Searching the chunk from
     * the end to price such an edge exactly settles most of its voxels when a wall stands
     * between them, most of a query's time where the ends lie in stored chunks; the bound costs
     * one pass over the seen nodes. An edge takes the bound when it exceeds the edge's lower bound
     * by at most {@link #SEEN_DETOUR} of the query's straight distance (a detour through a seen
     * node matters little to a long path, much to a short one); the others stay pending.
     *
     * <p>The costs so given meet the triangle inequality with the seen nodes' segments, each
     * other's bounds and the searched costs of pending edges (each bound is a minimum over routes
     * through a seen node plus intra costs, which meet it), but not with a cost the Dijkstra finds
     * later through an opening no seen node lies on: {@link #expand} lets such a node offer its
     * chunk mates their edges.
     */
    private void priceThroughSeenNodes(int slot, int n, double[] cost, boolean[] pending) {
        int seen = 0;
        int waiting = 0;
        for (int j = 0; j < n; j++) {
            if (pending[j]) {
                waiting++;
            } else if (cost[j] < Double.POSITIVE_INFINITY) {
                seenNodes[seen++] = j;
            }
        }
        if (seen == 0 || waiting == 0) {
            return;
        }
        final double allowed = SEEN_DETOUR * distance(startX, startY, startZ, goalX, goalY, goalZ);
        final long block = dir.get(LONG, VoxelHierarchyLayout.directoryOffset(slot) + BLOCK_OFFSET_OFFSET);
        for (int i = 0; i < n; i++) {
            if (!pending[i]) {
                continue;
            }
            double best = Double.POSITIVE_INFINITY;
            for (int k = 0; k < seen; k++) {
                // The intra costs are symmetric, so one order serves both ends.
                final long at = block + VoxelHierarchyLayout.intraCostOffset(n, seenNodes[k], i);
                best = Math.min(best, cost[seenNodes[k]] + blocks.get(DOUBLE, at));
            }
            if (best - cost[i] <= allowed) {
                cost[i] = best;
                pending[i] = false;
            }
        }
    }

    /** The nodes an end sees, while {@link #priceThroughSeenNodes} runs. */
    private final int[] seenNodes = new int[MAX_CHUNK_NODES];

    /** Whether the end's resumable confined Dijkstra has been started in this query. */
    private boolean startOpened;

    private boolean goalOpened;

    /**
     * Prices the start's pending edge to node i of its chunk: its cost by the Dijkstra from the
     * start confined to the chunk, resumed only as far as that node, so pricing several edges one
     * at a time costs what one search to the farthest of them costs.
     */
    private void priceStartEdge(int i) {
        hierarchy.load(startSearch, slotS);
        if (!startOpened) {
            startSearch.open(local(startX, startY, startZ));
            startOpened = true;
        }
        startCost[i] = startSearch.settleTo(nodeVoxel(slotS, i));
        startPending[i] = false;
        startSearched[i] = true;
    }

    /** Prices the goal's pending edge from node i of its chunk, as {@link #priceStartEdge} (costs are symmetric). */
    private void priceGoalEdge(int i) {
        hierarchy.load(goalSearch, slotG);
        if (!goalOpened) {
            goalSearch.open(local(goalX, goalY, goalZ));
            goalOpened = true;
        }
        goalCost[i] = goalSearch.settleTo(nodeVoxel(slotG, i));
        goalPending[i] = false;
    }

    /** Prices the pending direct edge from the start to the goal inside their chunk. */
    private void priceDirectEdge() {
        hierarchy.load(startSearch, slotS);
        if (!startOpened) {
            startSearch.open(local(startX, startY, startZ));
            startOpened = true;
        }
        directCost = startSearch.settleTo(local(goalX, goalY, goalZ));
        directPending = false;
    }

    // ---- The abstract search ----

    /** Runs up to {@code limit} iterations: 1 when the goal is reached, -1 when nothing is left, 0 otherwise. */
    private int abstractStep(int limit) {
        int budget = limit;
        while (heapSize > 0) {
            // Peek first: the budget counts iterations only, and an unspent slice leaves the
            // open list as it found it, so slicing never changes the order.
            final double topKey = PackedQuadHeap.keyAt(heap, 0);
            final int id = PackedQuadHeap.idAt(heap, 0);
            if (id == GOAL) {
                // The goal's key is its cost.
                if (topKey != goalG) {
                    pop();
                    continue;
                }
                if (budget == 0) {
                    return 0;
                }
                budget--;
                iterations++;
                pop();
                if (((goalFlags & UNCHECKED) != 0 || (goalFlags & CONFINED) != 0) && !settleGoal()) {
                    continue;
                }
                return 1;
            }
            final long rec = record(id);
            final MemorySegment r = records.segment();
            final int flags = r.get(NATIVE_INT, rec + NODE_FLAGS_OFFSET);
            if ((flags & CLOSED) != 0 || topKey != r.get(NATIVE_DOUBLE, rec + NODE_KEY_OFFSET)) {
                pop();
                continue;
            }
            final double g = r.get(NATIVE_DOUBLE, rec + NODE_G_OFFSET);
            if (budget == 0) {
                return 0;
            }
            budget--;
            iterations++;
            pop();
            if ((flags & CONFINED) != 0
                    && r.get(NATIVE_INT, rec + NODE_PARENT_OFFSET) == START
                    && startPending[id & (MAX_CHUNK_NODES - 1)]) {
                // Its cost is a confined edge's lower bound: price the edge, then go on in the
                // order the true cost gives.
                final int i = id & (MAX_CHUNK_NODES - 1);
                priceStartEdge(i);
                final double c = startCost[i];
                final MemorySegment rs = records.segment();
                rs.set(NATIVE_DOUBLE, rec + NODE_G_OFFSET, c);
                if (c == Double.POSITIVE_INFINITY) {
                    // Not reachable inside the chunk after all (only tables read from a store
                    // whose masks disagree with its labels do this): off the open list until
                    // another node offers it a cost.
                    continue;
                }
                locate(id);
                queue(rec, key(c, lx, ly, lz), c, id);
                continue;
            }
            if ((flags & UNCHECKED) != 0 && !settle(id, g)) {
                continue;
            }
            expand(id);
        }
        return -1;
    }

    /**
     * Checks the line a node was offered from its parent (path 2 of Theta*): keeps it when it is
     * legal and costs what was assumed; else takes the cheapest of that line's true cost and the
     * node's expanded graph neighbours (path 1). Returns whether the node may be expanded now; when
     * its cost rose it is back on the open list instead.
     */
    private boolean settle(int id, double g) {
        final long rec = record(id);
        MemorySegment r = records.segment();
        final int parent = r.get(NATIVE_INT, rec + NODE_PARENT_OFFSET);
        locate(id);
        final int x = lx;
        final int y = ly;
        final int z = lz;
        double best = Double.POSITIVE_INFINITY;
        int bestParent = NONE;
        int bestFlags = 0;
        final double parentG = gOf(parent);
        locate(parent);
        final double line = lineCost(lx, ly, lz, x, y, z);
        if (line < Double.POSITIVE_INFINITY) {
            best = parentG + line;
            bestParent = parent;
            if (best <= g + SAME_COST * (1.0 + g)) {
                // The line costs what it was offered at, which no expanded neighbour undercut.
                final MemorySegment rs = records.segment();
                rs.set(NATIVE_DOUBLE, rec + NODE_G_OFFSET, best);
                rs.set(NATIVE_INT, rec + NODE_FLAGS_OFFSET, 0);
                return true;
            }
        }
        final int k = neighbours(id);
        if (k > 0 && nbId[0] == START && startPending[id & (MAX_CHUNK_NODES - 1)]) {
            priceStartEdge(id & (MAX_CHUNK_NODES - 1));
            nbCost[0] = startCost[id & (MAX_CHUNK_NODES - 1)];
        }
        for (int j = 0; j < k; j++) {
            final int n = nbId[j];
            if (n != START && !isClosed(n)) {
                continue;
            }
            final double c = gOf(n) + nbCost[j];
            if (c < best) {
                best = c;
                bestParent = n;
                bestFlags = nbFlags[j];
            }
        }
        r = records.segment();
        r.set(NATIVE_DOUBLE, rec + NODE_G_OFFSET, best);
        r.set(NATIVE_INT, rec + NODE_PARENT_OFFSET, bestParent);
        r.set(NATIVE_INT, rec + NODE_FLAGS_OFFSET, bestFlags);
        if (best > g + SAME_COST * (1.0 + g)) {
            queue(rec, key(best, x, y, z), best, id);
            return false;
        }
        return true;
    }

    /**
     * As {@link #settle} for the goal: checks the line from its parent, or prices the confined
     * edge it came by, then takes the cheapest of that and the goal's edges from its expanded
     * nodes and the direct edge. Returns whether the goal is reached; when its cost rose it is
     * back on the open list instead.
     */
    private boolean settleGoal() {
        final double g = goalG;
        double line = Double.POSITIVE_INFINITY;
        final int lineParent = goalParent;
        if ((goalFlags & UNCHECKED) != 0) {
            locate(goalParent);
            final double c = lineCost(lx, ly, lz, goalX, goalY, goalZ);
            if (c < Double.POSITIVE_INFINITY) {
                line = gOf(goalParent) + c;
            }
        }
        // The cheapest of the checked line, the goal's edges from its expanded nodes and the
        // direct edge; an edge still at its lower bound is priced when it would win, and the
        // choice is made again.
        while (true) {
            double best = line;
            int bestParent = line < Double.POSITIVE_INFINITY ? lineParent : NONE;
            int bestFlags = 0;
            int bestNode = -1;
            final int n = nodeCount(slotG);
            for (int i = 0; i < n; i++) {
                final int id = slotG << NODE_INDEX_BITS | i;
                if (goalCost[i] < Double.POSITIVE_INFINITY && isReached(id) && isClosed(id)) {
                    final double c = gOf(id) + goalCost[i];
                    if (c < best) {
                        best = c;
                        bestParent = id;
                        bestFlags = goalConfined[i] ? CONFINED : 0;
                        bestNode = i;
                    }
                }
            }
            boolean direct = false;
            if (directCost < best) {
                best = directCost;
                bestParent = START;
                bestFlags = directConfined ? CONFINED : 0;
                direct = true;
            }
            if (direct && directPending) {
                priceDirectEdge();
                continue;
            }
            if (!direct && bestNode >= 0 && goalPending[bestNode]) {
                priceGoalEdge(bestNode);
                continue;
            }
            goalG = best;
            goalParent = bestParent;
            goalFlags = bestFlags;
            if (best == Double.POSITIVE_INFINITY) {
                return false;
            }
            if (best > g + SAME_COST * (1.0 + g)) {
                push(best, best, GOAL);
                return false;
            }
            return true;
        }
    }

    /** Closes a node and relaxes its graph neighbours, each also offered the line from the node's parent. */
    private void expand(int id) {
        final long rec = record(id);
        final MemorySegment r = records.segment();
        final double g = r.get(NATIVE_DOUBLE, rec + NODE_G_OFFSET);
        final int parent = r.get(NATIVE_INT, rec + NODE_PARENT_OFFSET);
        r.set(NATIVE_INT, rec + NODE_FLAGS_OFFSET, r.get(NATIVE_INT, rec + NODE_FLAGS_OFFSET) | CLOSED);
        expanded++;
        locate(id);
        final double h = estimate(lx, ly, lz);
        if (closest == NONE || SlicedSearch.closerThan(h, g, id, closestH, closestG, closest)) {
            closest = id;
            closestH = h;
            closestG = g;
        }
        final double parentG = gOf(parent);
        locate(parent);
        final int px = lx;
        final int py = ly;
        final int pz = lz;
        final int slot = id >>> NODE_INDEX_BITS;
        // When the parent is a node of this chunk (and region), its expansion already offered
        // every other node of the chunk its edge, and the cost between two nodes of a region is
        // never more than through a third (cheapest paths, or straight lines in an open chunk):
        // nothing this node could offer them would be cheaper, so they are skipped. A line from
        // the parent (Theta*'s other offer) is no cheaper either: where it is legal it is the
        // cheapest path, which the parent's own edge already costs. From the start, a node whose
        // edge the confined Dijkstra priced is the exception: a mate priced through a seen node
        // (priceThroughSeenNodes) may cost more than through it, so it offers them its edges.
        final boolean skipChunk = parent == START
                ? slot == slotS && sameRegion(slot, id, regionS) && !startSearched[id & (MAX_CHUNK_NODES - 1)]
                : (parent >>> NODE_INDEX_BITS) == slot && sameRegion(slot, id, nodeRegionOf(parent));
        final int k = neighbours(id);
        for (int j = 0; j < k; j++) {
            final int n = nbId[j];
            if (n == START || (skipChunk && (n >>> NODE_INDEX_BITS) == slot)) {
                continue;
            }
            final long nrec = record(n);
            final MemorySegment nr = records.segment();
            if ((nr.get(NATIVE_INT, nrec + NODE_FLAGS_OFFSET) & CLOSED) != 0) {
                continue;
            }
            final int x = nbX[j];
            final int y = nbY[j];
            final int z = nbZ[j];
            double best = g + nbCost[j];
            int bestParent = id;
            int bestFlags = nbFlags[j];
            final double viaParent = parentG + distance(px, py, pz, x, y, z);
            if (viaParent < best) {
                best = viaParent;
                bestParent = parent;
                bestFlags = UNCHECKED;
            }
            if (best < nr.get(NATIVE_DOUBLE, nrec + NODE_G_OFFSET)) {
                nr.set(NATIVE_DOUBLE, nrec + NODE_G_OFFSET, best);
                nr.set(NATIVE_INT, nrec + NODE_PARENT_OFFSET, bestParent);
                nr.set(NATIVE_INT, nrec + NODE_FLAGS_OFFSET, bestFlags);
                queue(nrec, key(best, x, y, z), best, n);
            }
        }
        // The goal, from a node of its chunk and region.
        final int i = id & (MAX_CHUNK_NODES - 1);
        if (slot == slotG && goalCost[i] < Double.POSITIVE_INFINITY) {
            double best = g + goalCost[i];
            int bestParent = id;
            int bestFlags = goalConfined[i] ? CONFINED : 0;
            final double viaParent = parentG + distance(px, py, pz, goalX, goalY, goalZ);
            if (viaParent < best) {
                best = viaParent;
                bestParent = parent;
                bestFlags = UNCHECKED;
            }
            if (best < goalG) {
                goalG = best;
                goalParent = bestParent;
                goalFlags = bestFlags;
                push(best, best, GOAL);
            }
        }
    }

    /** Gives node {@code id} at (x, y, z) the cost g through {@code parent} when that is cheaper. */
    private void offer(int id, double g, int parent, int flags, int x, int y, int z) {
        final long rec = record(id);
        final MemorySegment r = records.segment();
        if (!(g < r.get(NATIVE_DOUBLE, rec + NODE_G_OFFSET))) {
            return;
        }
        r.set(NATIVE_DOUBLE, rec + NODE_G_OFFSET, g);
        r.set(NATIVE_INT, rec + NODE_PARENT_OFFSET, parent);
        r.set(NATIVE_INT, rec + NODE_FLAGS_OFFSET, flags);
        queue(rec, key(g, x, y, z), g, id);
    }

    /**
     * Lists the graph neighbours of a node into {@link #nbId}, {@link #nbCost}, {@link #nbFlags}:
     * the start when the node is one of its edges; for an open chunk's centre, the centres of the
     * open chunks around it whose box of chunks is all open, and its own transitions; for an open
     * chunk's transition, its partner across the face and the chunk's other nodes; for a stored chunk's
     * transition, its partner and the other transitions of its region (confined paths).
     */
    private int neighbours(int id) {
        final int slot = id >>> NODE_INDEX_BITS;
        final int i = id & (MAX_CHUNK_NODES - 1);
        final long d = VoxelHierarchyLayout.directoryOffset(slot);
        final int kind = dir.get(INT, d + KIND_OFFSET);
        final int area = dir.get(INT, d + AREA_OFFSET);
        for (int f = 0; f <= FACES; f++) {
            faces[f] = dir.get(INT, d + FACE_START_OFFSET + f * 4L);
        }
        final int n = faces[FACES];
        final int cx = slot % chunksX;
        final int rest = slot / chunksX;
        final int cy = rest % chunksY;
        final int cz = rest / chunksY;
        final int ox = cx << 4;
        final int oy = cy << 4;
        final int oz = cz << 4;
        final long block = dir.get(LONG, d + BLOCK_OFFSET_OFFSET);
        final long nodes = block + VoxelHierarchyLayout.nodesOffset(kind);
        final int voxel = blocks.get(INT, nodes + i * NODE_BYTES + NODE_VOXEL_OFFSET);
        int k = 0;
        if (slot == slotS && startCost[i] < Double.POSITIVE_INFINITY) {
            k = neighbour(k, START, startCost[i], startConfined[i] ? CONFINED : 0, startX, startY, startZ);
        }
        if (kind == KIND_OPEN && i == 0) {
            final double m = areas.multiplierOf(area);
            final int around = openChunksAround(cx, cy, cz);
            final int vx = ox + (voxel & 15);
            final int vy = oy + ((voxel >>> 4) & 15);
            final int vz = oz + (voxel >>> 8);
            for (int j = 0; j < moveCount; j++) {
                final int box = CHUNK_BOX[j];
                if ((around & box) != box) {
                    continue;
                }
                final int nx = cx + VoxelMoves.dx(j);
                final int ny = cy + VoxelMoves.dy(j);
                final int nz = cz + VoxelMoves.dz(j);
                final int nSlot = chunks.slotOf(nx, ny, nz);
                // The centre is the middle of the chunk's extent (as VoxelHierarchy places it).
                final int wx = (nx << 4) + ((Math.min(16, sizeX - (nx << 4)) - 1) >> 1);
                final int wy = (ny << 4) + ((Math.min(16, sizeY - (ny << 4)) - 1) >> 1);
                final int wz = (nz << 4) + ((Math.min(16, sizeZ - (nz << 4)) - 1) >> 1);
                final int nArea = dir.get(INT, VoxelHierarchyLayout.directoryOffset(nSlot) + AREA_OFFSET);
                final double length =
                        VoxelHeuristic.distance(connectivity, Math.abs(wx - vx), Math.abs(wy - vy), Math.abs(wz - vz));
                // Between two open areas the line is about half in each; the exact price is taken
                // when the path is refined.
                final double c = nArea == area ? length * m : length * ((m + areas.multiplierOf(nArea)) * 0.5);
                k = neighbour(k, nSlot << NODE_INDEX_BITS, c, 0, wx, wy, wz);
            }
            return openMates(k, slot, i, n, area, voxel, nodes);
        }
        // A transition: its partner across its face.
        int f = 0;
        while (faces[f + 1] <= i) {
            f++;
        }
        final int nx = cx + (f == 0 ? -1 : f == 1 ? 1 : 0);
        final int ny = cy + (f == 2 ? -1 : f == 3 ? 1 : 0);
        final int nz = cz + (f == 4 ? -1 : f == 5 ? 1 : 0);
        final int nSlot = chunks.slotOf(nx, ny, nz);
        final int partner = dir.get(INT, VoxelHierarchyLayout.directoryOffset(nSlot) + FACE_START_OFFSET + (f ^ 1) * 4L)
                + (i - faces[f]);
        final int px = ox + (voxel & 15);
        final int py = oy + ((voxel >>> 4) & 15);
        final int pz = oz + (voxel >>> 8);
        final int qx = px + nx - cx;
        final int qy = py + ny - cy;
        final int qz = pz + nz - cz;
        k = neighbour(
                k,
                nSlot << NODE_INDEX_BITS | partner,
                (areas.multiplierOf(chunks.area(px, py, pz)) + areas.multiplierOf(chunks.area(qx, qy, qz))) * 0.5,
                0,
                qx,
                qy,
                qz);
        if (kind == KIND_OPEN) {
            return openMates(k, slot, i, n, area, voxel, nodes);
        }

        // One region (most stored chunks): every other node is a mate, no label to read.
        final boolean oneRegion = dir.get(INT, d + REGION_COUNT_OFFSET) == 1;
        final int region = oneRegion ? 0 : blocks.get(INT, nodes + i * NODE_BYTES + NODE_REGION_OFFSET);
        for (int t = 0; t < n; t++) {
            if (t == i || (!oneRegion && blocks.get(INT, nodes + t * NODE_BYTES + NODE_REGION_OFFSET) != region)) {
                continue;
            }
            final int tv = blocks.get(INT, nodes + t * NODE_BYTES + NODE_VOXEL_OFFSET);
            k = neighbour(
                    k,
                    slot << NODE_INDEX_BITS | t,
                    blocks.get(DOUBLE, block + VoxelHierarchyLayout.intraCostOffset(n, i, t)),
                    CONFINED,
                    ox + (tv & 15),
                    oy + ((tv >>> 4) & 15),
                    oz + (tv >>> 8));
        }
        return k;
    }

    /**
     * Appends every node of open chunk {@code slot} but node {@code i} (at {@code voxel}), the
     * centre first, each at the cost of the line to it inside the open box; returns the new count.
     */
    private int openMates(int k, int slot, int i, int n, int area, int voxel, long nodes) {
        final int ox = (slot % chunksX) << 4;
        final int oy = ((slot / chunksX) % chunksY) << 4;
        final int oz = ((slot / chunksX) / chunksY) << 4;
        int count = k;
        for (int t = 0; t < n; t++) {
            if (t != i) {
                final int tv = blocks.get(INT, nodes + t * NODE_BYTES + NODE_VOXEL_OFFSET);
                count = neighbour(
                        count,
                        slot << NODE_INDEX_BITS | t,
                        hierarchy.openCost(area, voxel, tv),
                        0,
                        ox + (tv & 15),
                        oy + ((tv >>> 4) & 15),
                        oz + (tv >>> 8));
            }
        }
        return count;
    }

    /** Appends one neighbour to the lists {@link #neighbours} fills; returns the new count. */
    private int neighbour(int k, int id, double cost, int flags, int x, int y, int z) {
        nbId[k] = id;
        nbCost[k] = cost;
        nbFlags[k] = flags;
        nbX[k] = x;
        nbY[k] = y;
        nbZ[k] = z;
        return k + 1;
    }

    /** The 27-bit mask, by neighbourhood number, of the open chunks in the 3 x 3 x 3 block around a chunk. */
    private int openChunksAround(int cx, int cy, int cz) {
        int mask = 0;
        int bit = 0;
        for (int dz = -1; dz <= 1; dz++) {
            final int z = cz + dz;
            for (int dy = -1; dy <= 1; dy++) {
                final int y = cy + dy;
                for (int dx = -1; dx <= 1; dx++, bit++) {
                    final int x = cx + dx;
                    if (x >= 0
                            && y >= 0
                            && z >= 0
                            && x < chunksX
                            && y < chunksY
                            && z < chunksZ
                            && dir.get(INT, VoxelHierarchyLayout.directoryOffset(chunks.slotOf(x, y, z)) + KIND_OFFSET)
                                    == KIND_OPEN) {
                        mask |= 1 << bit;
                    }
                }
            }
        }
        return mask;
    }

    /** Whether node {@code id} of a chunk lies in the given region (always, in an open chunk). */
    private boolean sameRegion(int slot, int id, int region) {
        return dir.get(INT, VoxelHierarchyLayout.directoryOffset(slot) + KIND_OFFSET) != KIND_STORED
                || nodeRegion(slot, id & (MAX_CHUNK_NODES - 1)) == region;
    }

    private int nodeRegionOf(int id) {
        return nodeRegion(id >>> NODE_INDEX_BITS, id & (MAX_CHUNK_NODES - 1));
    }

    private boolean isClosed(int id) {
        final long rec = record(id);
        return (records.segment().get(NATIVE_INT, rec + NODE_FLAGS_OFFSET) & CLOSED) != 0;
    }

    /** Whether a node's chunk has records in this query (so reading it allocates nothing). */
    private boolean isReached(int id) {
        return pages.get(NATIVE_INT, (id >>> NODE_INDEX_BITS) * PAGE_RECORD_BYTES + PAGE_MARK_OFFSET) == query;
    }

    private double gOf(int id) {
        if (id == START) {
            return 0.0;
        }
        final long rec = record(id);
        return records.segment().get(NATIVE_DOUBLE, rec + NODE_G_OFFSET);
    }

    /** Sets {@link #lx}, {@link #ly}, {@link #lz} to the voxel of a node or of {@link #START}. */
    private void locate(int id) {
        if (id == START) {
            lx = startX;
            ly = startY;
            lz = startZ;
            return;
        }
        if (id == GOAL) {
            lx = goalX;
            ly = goalY;
            lz = goalZ;
            return;
        }
        final int slot = id >>> NODE_INDEX_BITS;
        final int voxel = nodeVoxel(slot, id & (MAX_CHUNK_NODES - 1));
        final int cx = slot % chunksX;
        final int rest = slot / chunksX;
        lx = (cx << 4) + (voxel & 15);
        ly = ((rest % chunksY) << 4) + ((voxel >>> 4) & 15);
        lz = ((rest / chunksY) << 4) + (voxel >>> 8);
    }

    private int nodeCount(int slot) {
        return dir.get(INT, VoxelHierarchyLayout.directoryOffset(slot) + FACE_START_OFFSET + FACES * 4L);
    }

    private int nodeVoxel(int slot, int i) {
        final long d = VoxelHierarchyLayout.directoryOffset(slot);
        final long block = dir.get(LONG, d + BLOCK_OFFSET_OFFSET);
        return blocks.get(
                INT,
                block
                        + VoxelHierarchyLayout.nodesOffset(dir.get(INT, d + KIND_OFFSET))
                        + i * NODE_BYTES
                        + NODE_VOXEL_OFFSET);
    }

    private int nodeRegion(int slot, int i) {
        final long d = VoxelHierarchyLayout.directoryOffset(slot);
        final long block = dir.get(LONG, d + BLOCK_OFFSET_OFFSET);
        return blocks.get(
                INT,
                block
                        + VoxelHierarchyLayout.nodesOffset(dir.get(INT, d + KIND_OFFSET))
                        + i * NODE_BYTES
                        + NODE_REGION_OFFSET);
    }

    /**
     * The weight on the estimate in the open list's key. In the voxel metric a great many paths
     * between two voxels are equally short (any order of the distance's corner, edge and face
     * moves), so with the plain estimate every node of that volume whose line from the start is
     * legal has f equal to the straight distance, below the cheapest path as soon as it bends a
     * little, and the search settles the whole volume before it takes the goal (A1: 11,641
     * expansions for a path 0.1% above the straight distance). Weighting the estimate by 1.03
     * makes nodes nearer the goal come first among them; the search then follows the straight
     * line and widens only where it is blocked (137 expansions for that query; 12 times fewer on
     * average over A1), and the paths, pulled taut afterwards, are as short (0.83% above the
     * optimum on every 50th A1 problem against 0.78% unweighted).
     */
    private static final double ESTIMATE_WEIGHT = 1.03;

    /** The open list's key of a node at (x, y, z) with cost g: g plus the weighted estimate. */
    private double key(double g, int x, int y, int z) {
        return g + ESTIMATE_WEIGHT * estimate(x, y, z);
    }

    /** The voxel estimate from (x, y, z) to the goal. */
    private double estimate(int x, int y, int z) {
        return distance(x, y, z, goalX, goalY, goalZ);
    }

    /** The empty-grid distance between two voxels times the smallest multiplier: a line's least cost. */
    private double distance(int x0, int y0, int z0, int x1, int y1, int z1) {
        return VoxelHeuristic.distance(connectivity, Math.abs(x1 - x0), Math.abs(y1 - y0), Math.abs(z1 - z0)) * minCost;
    }

    /** The offset of a node's search record, allocating its chunk's page on first touch in this query. */
    private long record(int id) {
        final int slot = id >>> NODE_INDEX_BITS;
        final long p = slot * PAGE_RECORD_BYTES;
        int first;
        if (pages.get(NATIVE_INT, p + PAGE_MARK_OFFSET) != query) {
            final int n = nodeCount(slot);
            first = recordsUsed;
            final MemorySegment r =
                    records.ensureLength((long) (first + n) * SEARCH_NODE_BYTES, (long) first * SEARCH_NODE_BYTES);
            for (int i = 0; i < n; i++) {
                final long at = (long) (first + i) * SEARCH_NODE_BYTES;
                r.set(NATIVE_DOUBLE, at + NODE_G_OFFSET, Double.POSITIVE_INFINITY);
                r.set(NATIVE_INT, at + NODE_PARENT_OFFSET, NONE);
                r.set(NATIVE_INT, at + NODE_FLAGS_OFFSET, 0);
            }
            recordsUsed = first + n;
            pages.set(NATIVE_INT, p + PAGE_MARK_OFFSET, query);
            pages.set(NATIVE_INT, p + PAGE_FIRST_OFFSET, first);
        } else {
            first = pages.get(NATIVE_INT, p + PAGE_FIRST_OFFSET);
        }
        return (long) (first + (id & (MAX_CHUNK_NODES - 1))) * SEARCH_NODE_BYTES;
    }

    /** Lists the abstract nodes from a node back to the start's first edge, node first, into {@link #abstractPath}. */
    private void traceFrom(int last) {
        abstractPath.clear();
        int id = last;
        int flags = goalFlags;
        int parent = goalParent;
        if (last != GOAL) {
            final long rec = record(last);
            flags = records.segment().get(NATIVE_INT, rec + NODE_FLAGS_OFFSET);
            parent = records.segment().get(NATIVE_INT, rec + NODE_PARENT_OFFSET);
        }
        while (true) {
            abstractPath.add(id);
            abstractPath.add(flags & CONFINED);
            if (parent == START) {
                break;
            }
            id = parent;
            final long rec = record(id);
            flags = records.segment().get(NATIVE_INT, rec + NODE_FLAGS_OFFSET);
            parent = records.segment().get(NATIVE_INT, rec + NODE_PARENT_OFFSET);
        }
    }

    // ---- The open list: smaller key, then larger g (rounded to float32), then smaller id ----

    /** The open list's slot memory, as the last {@link #push} left it (the packed 4-ary heap). */
    private MemorySegment heap;

    /** Puts a node on the open list, its record keeping the key so older entries read as stale. */
    private void queue(long rec, double key, double g, int id) {
        records.segment().set(NATIVE_DOUBLE, rec + NODE_KEY_OFFSET, key);
        push(key, g, id);
    }

    private void push(double key, double g, int id) {
        heap = PackedQuadHeap.room(open, heap, heapSize, heapSize + 1);
        PackedQuadHeap.siftUp(heap, heapSize++, key, PackedQuadHeap.tie(g, id));
    }

    private void pop() {
        final int last = --heapSize;
        if (last > 0) {
            PackedQuadHeap.siftDown(heap, last, 0, PackedQuadHeap.keyAt(heap, last), PackedQuadHeap.tieAt(heap, last));
        }
    }

    // ---- Lines ----

    /**
     * The cost of {@link #line} from (x0, y0, z0) to (x1, y1, z1), summed step by step as the
     * path will be priced, or +infinity when one of its moves is not legal. A move inside an open
     * chunk is legal at once; one inside a stored chunk reads the chunk's move mask; one that
     * crosses a chunk border is legal at once when every chunk its cube touches is open, else the
     * topology checks it.
     */
    private double lineCost(int x0, int y0, int z0, int x1, int y1, int z1) {
        if (uniformMultiplier > 0) {
            // One multiplier for every open area: a legal line costs its distance times it (the
            // sum of its steps in another order, equal but for the last bits), so only its
            // legality needs the walk.
            return lineLegal(x0, y0, z0, x1, y1, z1)
                    ? VoxelHeuristic.distance(connectivity, Math.abs(x1 - x0), Math.abs(y1 - y0), Math.abs(z1 - z0))
                            * uniformMultiplier
                    : Double.POSITIVE_INFINITY;
        }
        return lineCostByStep(x0, y0, z0, x1, y1, z1);
    }

    /** Whether every move of {@link #line} from (x0, y0, z0) to (x1, y1, z1) is legal. */
    private boolean lineLegal(int x0, int y0, int z0, int x1, int y1, int z1) {
        int x = x0;
        int y = y0;
        int z = z0;
        int slot = -1;
        int kind = 0;
        long masks = 0;
        while (x != x1 || y != y1 || z != z1) {
            final int s = lineStep(x1 - x, y1 - y, z1 - z);
            final int dx = (s & 3) - 1;
            final int dy = ((s >>> 2) & 3) - 1;
            final int dz = ((s >>> 4) & 3) - 1;
            final int ux = (x & 15) + dx;
            final int uy = (y & 15) + dy;
            final int uz = (z & 15) + dz;
            if (((ux | uy | uz) & ~15) == 0) {
                final int here = chunks.slotOf(x >>> 4, y >>> 4, z >>> 4);
                if (here != slot) {
                    slot = here;
                    final long d = VoxelHierarchyLayout.directoryOffset(slot);
                    kind = dir.get(INT, d + KIND_OFFSET);
                    masks = kind == KIND_STORED ? dir.get(LONG, d + BLOCK_OFFSET_OFFSET) + MASKS_OFFSET : 0;
                }
                // The move's cube lies in this chunk: open, legal; stored, its mask says.
                if (kind != KIND_OPEN) {
                    final int local = (x & 15) | (y & 15) << 4 | (z & 15) << 8;
                    if ((blocks.get(INT, masks + local * MASK_BYTES) & (1 << VoxelMoves.moveOf(dx, dy, dz))) == 0) {
                        return false;
                    }
                }
            } else if (!crossingOpen(x, y, z, dx, dy, dz)
                    && !topology.isLegal(x, y, z, VoxelMoves.moveOf(dx, dy, dz))) {
                return false;
            }
            x += dx;
            y += dy;
            z += dz;
        }
        return true;
    }

    /**
     * Whether the moves of {@link #line} from (x0, y0, z0) to (x1, y1, z1) from step {@code from}
     * (0-based) to step {@code to} (exclusive) are legal; the earlier steps are only walked. A
     * cheap first test for a line that differs from a legal one near one end.
     */
    private boolean lineLegalBetween(int x0, int y0, int z0, int x1, int y1, int z1, int from, int to) {
        int x = x0;
        int y = y0;
        int z = z0;
        for (int step = 0; step < to && (x != x1 || y != y1 || z != z1); step++) {
            final int s = lineStep(x1 - x, y1 - y, z1 - z);
            final int dx = (s & 3) - 1;
            final int dy = ((s >>> 2) & 3) - 1;
            final int dz = ((s >>> 4) & 3) - 1;
            if (step >= from && !stepLegal(x, y, z, dx, dy, dz, VoxelMoves.moveOf(dx, dy, dz))) {
                return false;
            }
            x += dx;
            y += dy;
            z += dz;
        }
        return true;
    }

    /** Steps of the line between two voxels: the largest absolute offset with 26 moves, more with fewer. */
    private int lineSteps(int dx, int dy, int dz) {
        final int ax = Math.abs(dx);
        final int ay = Math.abs(dy);
        final int az = Math.abs(dz);
        if (moveCount == 26) {
            return Math.max(ax, Math.max(ay, az));
        }
        return moveCount == 6 ? ax + ay + az : Math.max(Math.max(ax, Math.max(ay, az)), (ax + ay + az + 1) / 2);
    }

    /** {@link #lineCost} where the open areas' multipliers differ: the walk adds each step's price. */
    private double lineCostByStep(int x0, int y0, int z0, int x1, int y1, int z1) {
        int x = x0;
        int y = y0;
        int z = z0;
        int slot = -1;
        int kind = 0;
        double chunkMultiplier = 0;
        long masks = 0;
        double m = areas.multiplierOf(chunks.area(x, y, z));
        double cost = 0.0;
        while (x != x1 || y != y1 || z != z1) {
            final int s = lineStep(x1 - x, y1 - y, z1 - z);
            final int dx = (s & 3) - 1;
            final int dy = ((s >>> 2) & 3) - 1;
            final int dz = ((s >>> 4) & 3) - 1;
            final int move = VoxelMoves.moveOf(dx, dy, dz);
            final int here = chunks.slotOf(x >>> 4, y >>> 4, z >>> 4);
            if (here != slot) {
                slot = here;
                final long d = VoxelHierarchyLayout.directoryOffset(slot);
                kind = dir.get(INT, d + KIND_OFFSET);
                chunkMultiplier = kind == KIND_OPEN ? areas.multiplierOf(dir.get(INT, d + AREA_OFFSET)) : 0;
                masks = kind == KIND_STORED ? dir.get(LONG, d + BLOCK_OFFSET_OFFSET) + MASKS_OFFSET : 0;
            }
            final int ux = (x & 15) + dx;
            final int uy = (y & 15) + dy;
            final int uz = (z & 15) + dz;
            final double mt;
            if (((ux | uy | uz) & ~15) == 0) {
                // The move's cube lies in this chunk.
                if (kind == KIND_OPEN) {
                    mt = chunkMultiplier;
                } else {
                    final int local = (x & 15) | (y & 15) << 4 | (z & 15) << 8;
                    if ((blocks.get(INT, masks + local * MASK_BYTES) & (1 << move)) == 0) {
                        return Double.POSITIVE_INFINITY;
                    }
                    mt = areas.multiplierOf(chunks.area(x + dx, y + dy, z + dz));
                }
            } else {
                if (!crossingOpen(x, y, z, dx, dy, dz) && !topology.isLegal(x, y, z, move)) {
                    return Double.POSITIVE_INFINITY;
                }
                mt = areas.multiplierOf(chunks.area(x + dx, y + dy, z + dz));
            }
            x += dx;
            y += dy;
            z += dz;
            cost = cost + VoxelMoves.length(move) * ((m + mt) * 0.5);
            m = mt;
        }
        return cost;
    }

    /** Whether one move out of an open voxel is legal, by the same fast tests as {@link #lineCost}. */
    private boolean stepLegal(int x, int y, int z, int dx, int dy, int dz, int move) {
        final int ux = (x & 15) + dx;
        final int uy = (y & 15) + dy;
        final int uz = (z & 15) + dz;
        if (((ux | uy | uz) & ~15) == 0) {
            final long d = VoxelHierarchyLayout.directoryOffset(chunks.slotOf(x >>> 4, y >>> 4, z >>> 4));
            final int kind = dir.get(INT, d + KIND_OFFSET);
            if (kind == KIND_OPEN) {
                return true;
            }
            if (kind != KIND_STORED) {
                return false;
            }
            final long masks = dir.get(LONG, d + BLOCK_OFFSET_OFFSET) + MASKS_OFFSET;
            final int local = (x & 15) | (y & 15) << 4 | (z & 15) << 8;
            return (blocks.get(INT, masks + local * MASK_BYTES) & (1 << move)) != 0;
        }
        return crossingOpen(x, y, z, dx, dy, dz) || topology.isLegal(x, y, z, move);
    }

    /**
     * Most states of the table {@link #geodesic} fills; longer segments are tried as lines only.
     * Bends are short segments; on Complex a limit of 512 takes the excess from 2.6% (lines only)
     * to 1.8% at a quarter more time, and 4096 to 1.6% at twice the time.
     */
    private static final int GEODESIC_STATES = 512;

    private final boolean[] geodesicReach = new boolean[GEODESIC_STATES];
    private int geoCorner;
    private int geoEdge;
    private int geoFace;
    private int geoCx;
    private int geoCy;
    private int geoCz;
    private int geoEx;
    private int geoEy;
    private int geoEz;
    private int geoFx;
    private int geoFy;
    private int geoFz;

    /**
     * The cost of the cheapest legal path from (x0, y0, z0) to (x1, y1, z1) when some path as
     * short as the empty-space distance is legal, else +infinity. With 26 moves every such path
     * uses the same moves in some order: a corner moves along the offset's signs (a the smallest
     * absolute offset), b - a edge moves along its two largest axes and c - b face moves along the
     * largest; a table over how many of each have been made says which orders run through legal
     * moves. The line ({@link #lineCost}) is one of these orders; this finds any, so a segment
     * whose line grazes a corner still counts as straight. Only where every open area has one
     * multiplier (so every such path costs the same) and the table is small; otherwise the line.
     */
    private double segmentCost(int x0, int y0, int z0, int x1, int y1, int z1) {
        final double line = lineCost(x0, y0, z0, x1, y1, z1);
        if (line < Double.POSITIVE_INFINITY || !geodesicsAllowed || !geodesic(x0, y0, z0, x1, y1, z1)) {
            return line;
        }
        return distance(x0, y0, z0, x1, y1, z1);
    }

    /** Whether the ends' segments may be any shortest order of moves: 26 moves, one open multiplier. */
    private boolean geodesicsAllowed;

    /** The multiplier every open area has, or 0 when they differ (set per query). */
    private double uniformMultiplier;

    private final int[] geoAbs = new int[3];
    private final int[] geoSign = new int[3];

    /** Fills {@link #geodesicReach} for the segment; returns whether its end is reached. */
    private boolean geodesic(int x0, int y0, int z0, int x1, int y1, int z1) {
        final int dx = x1 - x0;
        final int dy = y1 - y0;
        final int dz = z1 - z0;
        final int ax = Math.abs(dx);
        final int ay = Math.abs(dy);
        final int az = Math.abs(dz);
        // Axes by absolute offset, largest first (ties in x, y, z order); the arrays are fields
        // so that a segment allocates nothing where the JIT does not scalar-replace them.
        final int[] a = geoAbs;
        a[0] = ax;
        a[1] = ay;
        a[2] = az;
        int hi = 0;
        int mid = 1;
        int lo = 2;
        if (a[mid] > a[hi]) {
            hi = 1;
            mid = 0;
        }
        if (a[lo] > a[mid]) {
            final int t = mid;
            mid = lo;
            lo = t;
            if (a[mid] > a[hi]) {
                final int u = hi;
                hi = mid;
                mid = u;
            }
        }
        final int[] sg = geoSign;
        sg[0] = Integer.signum(dx);
        sg[1] = Integer.signum(dy);
        sg[2] = Integer.signum(dz);
        geoCorner = a[lo];
        geoEdge = a[mid] - a[lo];
        geoFace = a[hi] - a[mid];
        if ((long) (geoCorner + 1) * (geoEdge + 1) * (geoFace + 1) > GEODESIC_STATES) {
            return false;
        }
        geoCx = sg[0];
        geoCy = sg[1];
        geoCz = sg[2];
        geoEx = hi == 0 || mid == 0 ? sg[0] : 0;
        geoEy = hi == 1 || mid == 1 ? sg[1] : 0;
        geoEz = hi == 2 || mid == 2 ? sg[2] : 0;
        geoFx = hi == 0 ? sg[0] : 0;
        geoFy = hi == 1 ? sg[1] : 0;
        geoFz = hi == 2 ? sg[2] : 0;
        final int cornerMove = VoxelMoves.moveOf(geoCx, geoCy, geoCz);
        final int edgeMove = geoEdge > 0 ? VoxelMoves.moveOf(geoEx, geoEy, geoEz) : -1;
        final int faceMove = geoFace > 0 ? VoxelMoves.moveOf(geoFx, geoFy, geoFz) : -1;
        final int ne = geoEdge + 1;
        final int nf = geoFace + 1;
        final boolean[] reach = geodesicReach;
        for (int i = 0; i <= geoCorner; i++) {
            boolean planeReached = false;
            for (int j = 0; j <= geoEdge; j++) {
                for (int k = 0; k <= geoFace; k++) {
                    final int at = (i * ne + j) * nf + k;
                    if (at == 0) {
                        reach[0] = true;
                        continue;
                    }
                    final int x = x0 + i * geoCx + j * geoEx + k * geoFx;
                    final int y = y0 + i * geoCy + j * geoEy + k * geoFy;
                    final int z = z0 + i * geoCz + j * geoEz + k * geoFz;
                    reach[at] = (i > 0
                                    && reach[at - ne * nf]
                                    && stepLegal(x - geoCx, y - geoCy, z - geoCz, geoCx, geoCy, geoCz, cornerMove))
                            || (j > 0
                                    && reach[at - nf]
                                    && stepLegal(x - geoEx, y - geoEy, z - geoEz, geoEx, geoEy, geoEz, edgeMove))
                            || (k > 0
                                    && reach[at - 1]
                                    && stepLegal(x - geoFx, y - geoFy, z - geoFz, geoFx, geoFy, geoFz, faceMove));
                    planeReached |= reach[at];
                }
            }
            if (!planeReached) {
                // A plane of corner moves is entered only from the one before: none reached, none later.
                return false;
            }
        }
        return reach[(geoCorner * ne + geoEdge) * nf + geoFace];
    }

    /**
     * Appends a segment from the last voxel to (x, y, z): the line when it is legal, else a legal
     * shortest order of moves {@link #geodesic} found (traced back through its table).
     */
    private void segmentTo(int x, int y, int z) {
        if (lineCost(lastX, lastY, lastZ, x, y, z) < Double.POSITIVE_INFINITY || !geodesicsAllowed) {
            line(x, y, z);
            return;
        }
        final int x0 = lastX;
        final int y0 = lastY;
        final int z0 = lastZ;
        if (!geodesic(x0, y0, z0, x, y, z)) {
            line(x, y, z);
            return;
        }
        final int ne = geoEdge + 1;
        final int nf = geoFace + 1;
        int i = geoCorner;
        int j = geoEdge;
        int k = geoFace;
        int count = 0;
        // Walk back from the end through reached states; record the moves, then replay them.
        while (i + j + k > 0) {
            final int at = (i * ne + j) * nf + k;
            final int px = x0 + i * geoCx + j * geoEx + k * geoFx;
            final int py = y0 + i * geoCy + j * geoEy + k * geoFy;
            final int pz = z0 + i * geoCz + j * geoEz + k * geoFz;
            if (i > 0
                    && geodesicReach[at - ne * nf]
                    && stepLegal(
                            px - geoCx,
                            py - geoCy,
                            pz - geoCz,
                            geoCx,
                            geoCy,
                            geoCz,
                            VoxelMoves.moveOf(geoCx, geoCy, geoCz))) {
                segment[count++] = 0;
                i--;
            } else if (j > 0
                    && geodesicReach[at - nf]
                    && stepLegal(
                            px - geoEx,
                            py - geoEy,
                            pz - geoEz,
                            geoEx,
                            geoEy,
                            geoEz,
                            VoxelMoves.moveOf(geoEx, geoEy, geoEz))) {
                segment[count++] = 1;
                j--;
            } else {
                segment[count++] = 2;
                k--;
            }
        }
        for (int c = count - 1; c >= 0; c--) {
            final int type = segment[c];
            if (type == 0) {
                appendStep(lastX + geoCx, lastY + geoCy, lastZ + geoCz);
            } else if (type == 1) {
                appendStep(lastX + geoEx, lastY + geoEy, lastZ + geoEz);
            } else {
                appendStep(lastX + geoFx, lastY + geoFy, lastZ + geoFz);
            }
        }
    }

    /**
     * Whether every chunk a move's cube touches is an open chunk (so the move is legal), for a
     * move out of (x, y, z) that crosses a chunk border.
     */
    private boolean crossingOpen(int x, int y, int z, int dx, int dy, int dz) {
        final int tx = x + dx;
        final int ty = y + dy;
        final int tz = z + dz;
        if (tx < 0 || ty < 0 || tz < 0 || tx >= sizeX || ty >= sizeY || tz >= sizeZ) {
            return false;
        }
        final int cx0 = x >>> 4;
        final int cy0 = y >>> 4;
        final int cz0 = z >>> 4;
        final int cx1 = tx >>> 4;
        final int cy1 = ty >>> 4;
        final int cz1 = tz >>> 4;
        for (int cz = Math.min(cz0, cz1); cz <= Math.max(cz0, cz1); cz++) {
            for (int cy = Math.min(cy0, cy1); cy <= Math.max(cy0, cy1); cy++) {
                for (int cx = Math.min(cx0, cx1); cx <= Math.max(cx0, cx1); cx++) {
                    if (dir.get(INT, VoxelHierarchyLayout.directoryOffset(chunks.slotOf(cx, cy, cz)) + KIND_OFFSET)
                            != KIND_OPEN) {
                        return false;
                    }
                }
            }
        }
        return true;
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
        if (moveCount == 26) {
            final int most = Math.max(ax, Math.max(ay, az));
            mx = ax > 0 && 2 * ax >= most ? 1 : 0;
            my = ay > 0 && 2 * ay >= most ? 1 : 0;
            mz = az > 0 && 2 * az >= most ? 1 : 0;
        } else if (moveCount == 6 && axes > 1) {
            // The axis with the most left (first in x, y, z order on ties).
            mx = ax >= ay && ax >= az ? 1 : 0;
            my = mx == 0 && ay >= az ? 1 : 0;
            mz = mx == 0 && my == 0 ? 1 : 0;
        } else if (moveCount == 18 && axes == 3) {
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

    // ---- Refinement ----

    /**
     * Turns the traced abstract path into voxels: each edge is a line (checked when it was taken,
     * or a move inside an open box) or a path confined to a stored chunk, found by A* towards its
     * end (a legal line first, which is the cheapest there is). Prices the path step by step.
     */
    private void refine() {
        final int count = abstractPath.size() / 2 + 1;
        if (wx.length < count) {
            final int length = Math.max(count, 2 * wx.length);
            wx = new int[length];
            wy = new int[length];
            wz = new int[length];
            wConfined = new boolean[length];
        }
        wx[0] = startX;
        wy[0] = startY;
        wz[0] = startZ;
        for (int k = abstractPath.size() / 2 - 1, w = 1; k >= 0; k--, w++) {
            locate(abstractPath.get(2 * k));
            wx[w] = lx;
            wy[w] = ly;
            wz[w] = lz;
            wConfined[w] = abstractPath.get(2 * k + 1) != 0;
        }
        path.clear();
        pathCost = 0.0;
        lastX = startX;
        lastY = startY;
        lastZ = startZ;
        lastMultiplier = areas.multiplierOf(chunks.area(startX, startY, startZ));
        path.add(nodeOf(startX, startY, startZ));
        for (int w = 1; w < count; w++) {
            if (wConfined[w] && segmentCost(lastX, lastY, lastZ, wx[w], wy[w], wz[w]) == Double.POSITIVE_INFINITY) {
                confinedTo(wx[w], wy[w], wz[w]);
            } else {
                segmentTo(wx[w], wy[w], wz[w]);
            }
        }
        if (path.size() > 2) {
            pullTaut();
        }
    }

    /**
     * Straightens the voxel path: from each anchor (the start first) the farthest later voxel of
     * the path that a legal line reaches for no more than the path's cost between them becomes
     * the next anchor (found by doubling the distance, then halving back); the anchors are then
     * relaxed as {@link #relaxWaypoints} does, and the path redrawn as lines between them. Where
     * the path came through stored chunks as confined paths, this gives it straight lines and
     * bends at the corners it passes, not at the sampled transitions.
     */
    private void pullTaut() {
        final int n = path.size();
        if (px.length < n) {
            final int length = Math.max(n, 2 * px.length);
            px = new int[length];
            py = new int[length];
            pz = new int[length];
            prefix = new double[length];
        }
        double m0 = 0;
        for (int i = 0; i < n; i++) {
            final int node = path.get(i);
            px[i] = node % sizeX;
            final int rest = node / sizeX;
            py[i] = rest % sizeY;
            pz[i] = rest / sizeY;
            final double m = areas.multiplierOf(chunks.area(px[i], py[i], pz[i]));
            if (i == 0) {
                prefix[0] = 0.0;
            } else {
                final int axes =
                        (px[i] != px[i - 1] ? 1 : 0) + (py[i] != py[i - 1] ? 1 : 0) + (pz[i] != pz[i - 1] ? 1 : 0);
                final double length = axes == 1 ? 1.0 : axes == 2 ? GridMath.SQRT2 : VoxelMath.SQRT3;
                prefix[i] = prefix[i - 1] + length * ((m0 + m) * 0.5);
            }
            m0 = m;
        }
        int count = 0;
        ensureWaypoints(n);
        wx[count] = px[0];
        wy[count] = py[0];
        wz[count] = pz[0];
        wConfined[count] = false;
        count++;
        int i = 0;
        while (i < n - 1) {
            int good = i + 1;
            int step = 2;
            int bad = n;
            while (i + step < n) {
                if (shortcut(i, i + step)) {
                    good = i + step;
                    step *= 2;
                } else {
                    bad = i + step;
                    break;
                }
            }
            if (bad == n && good < n - 1 && shortcut(i, n - 1)) {
                good = n - 1;
            } else {
                // Halve back between the last line found and the first that failed.
                int lo = good;
                int hi = Math.min(bad, n) - 1;
                while (lo < hi) {
                    final int mid = (lo + hi + 1) >>> 1;
                    if (shortcut(i, mid)) {
                        lo = mid;
                    } else {
                        hi = mid - 1;
                    }
                }
                good = lo;
            }
            wx[count] = px[good];
            wy[count] = py[good];
            wz[count] = pz[good];
            wConfined[count] = false;
            count++;
            i = good;
        }
        final int kept = relaxWaypoints(count);
        path.clear();
        pathCost = 0.0;
        lastX = wx[0];
        lastY = wy[0];
        lastZ = wz[0];
        lastMultiplier = areas.multiplierOf(chunks.area(lastX, lastY, lastZ));
        path.add(nodeOf(lastX, lastY, lastZ));
        for (int w = 1; w < kept; w++) {
            segmentTo(wx[w], wy[w], wz[w]);
        }
    }

    /** Whether a legal line joins path voxels i and j for no more than the path between them. */
    private boolean shortcut(int i, int j) {
        final double c = segmentCost(px[i], py[i], pz[i], px[j], py[j], pz[j]);
        return c <= prefix[j] - prefix[i] + SAME_COST * (1.0 + prefix[j]);
    }

    private void ensureWaypoints(int count) {
        if (wx.length < count) {
            final int length = Math.max(count, 2 * wx.length);
            wx = new int[length];
            wy = new int[length];
            wz = new int[length];
            wConfined = new boolean[length];
        }
    }

    private int[] px = new int[256];
    private int[] py = new int[256];
    private int[] pz = new int[256];
    private double[] prefix = new double[256];

    /** Passes over the waypoints at most; each pass drops or moves every waypoint it can. */
    private static final int RELAX_PASSES = 3;

    /** Step lengths, in voxels, by which a waypoint moves: long steps first, then shorter ones. */
    private static final int[] RELAX_STEPS = {4, 2, 1};

    /**
     * Pulls the waypoints taut. A waypoint between two lines is dropped when the line between its
     * neighbours is legal and costs no more; otherwise it moves, a step of 4, 2 or 1 voxels along
     * one of the 26 directions at a time, while both its lines stay legal and their cost falls.
     * The sum of two empty-space distances is convex in the waypoint, so the moves head for the
     * straight segment between the neighbours and stop where geometry holds them: at the corner
     * the cheapest path bends around, which the sampled transitions only come near. Waypoints
     * next to a confined path stay where they are. Returns the number of waypoints kept.
     */
    private int relaxWaypoints(int count) {
        int n = count;
        for (int pass = 0; pass < RELAX_PASSES; pass++) {
            boolean changed = false;
            int k = 1;
            while (k < n - 1) {
                if (wConfined[k] || wConfined[k + 1]) {
                    k++;
                    continue;
                }
                final double through = segmentCost(wx[k - 1], wy[k - 1], wz[k - 1], wx[k], wy[k], wz[k])
                        + segmentCost(wx[k], wy[k], wz[k], wx[k + 1], wy[k + 1], wz[k + 1]);
                final double skip = segmentCost(wx[k - 1], wy[k - 1], wz[k - 1], wx[k + 1], wy[k + 1], wz[k + 1]);
                if (skip <= through) {
                    System.arraycopy(wx, k + 1, wx, k, n - k - 1);
                    System.arraycopy(wy, k + 1, wy, k, n - k - 1);
                    System.arraycopy(wz, k + 1, wz, k, n - k - 1);
                    System.arraycopy(wConfined, k + 1, wConfined, k, n - k - 1);
                    n--;
                    changed = true;
                    continue;
                }
                changed |= moveWaypoint(k, through);
                k++;
            }
            if (!changed) {
                break;
            }
        }
        return n;
    }

    /** Moves waypoint k downhill as {@link #relaxWaypoints} says; returns whether it moved. */
    private boolean moveWaypoint(int k, double cost) {
        final int ax = wx[k - 1];
        final int ay = wy[k - 1];
        final int az = wz[k - 1];
        final int bx = wx[k + 1];
        final int by = wy[k + 1];
        final int bz = wz[k + 1];
        double best = cost;
        boolean moved = false;
        for (int step : RELAX_STEPS) {
            while (true) {
                // Candidates in order of their lower bound; the first legal one that is cheaper wins.
                int candidates = 0;
                for (int j = 0; j < VoxelMoves.COUNT; j++) {
                    final int cx = wx[k] + step * VoxelMoves.dx(j);
                    final int cy = wy[k] + step * VoxelMoves.dy(j);
                    final int cz = wz[k] + step * VoxelMoves.dz(j);
                    if (cx < 0 || cy < 0 || cz < 0 || cx >= sizeX || cy >= sizeY || cz >= sizeZ) {
                        continue;
                    }
                    final double lower = distance(ax, ay, az, cx, cy, cz) + distance(cx, cy, cz, bx, by, bz);
                    if (!(lower < best)) {
                        continue;
                    }
                    int at = candidates++;
                    while (at > 0 && candidateBound[at - 1] > lower) {
                        candidateBound[at] = candidateBound[at - 1];
                        candidateMove[at] = candidateMove[at - 1];
                        at--;
                    }
                    candidateBound[at] = lower;
                    candidateMove[at] = j;
                }
                boolean improved = false;
                for (int c = 0; c < candidates && candidateBound[c] < best; c++) {
                    final int j = candidateMove[c];
                    final int cx = wx[k] + step * VoxelMoves.dx(j);
                    final int cy = wy[k] + step * VoxelMoves.dy(j);
                    final int cz = wz[k] + step * VoxelMoves.dz(j);
                    if (chunks.area(cx, cy, cz) == AreaCosts.WALL) {
                        continue;
                    }
                    // A candidate a few voxels from a waypoint whose lines are legal mostly fails,
                    // if at all, near itself: test the lines' last and first steps there first,
                    // unless a blocked line might still be straight another way (a short segment).
                    final int stepsIn = lineSteps(cx - ax, cy - ay, cz - az);
                    if (!lineLegalBetween(ax, ay, az, cx, cy, cz, stepsIn - NEAR_STEPS, stepsIn)
                            && !geodesicSized(ax, ay, az, cx, cy, cz)) {
                        continue;
                    }
                    if (!lineLegalBetween(cx, cy, cz, bx, by, bz, 0, NEAR_STEPS)
                            && !geodesicSized(cx, cy, cz, bx, by, bz)) {
                        continue;
                    }
                    final double first = segmentCost(ax, ay, az, cx, cy, cz);
                    if (first == Double.POSITIVE_INFINITY) {
                        continue;
                    }
                    final double total = first + segmentCost(cx, cy, cz, bx, by, bz);
                    if (total < best) {
                        best = total;
                        wx[k] = cx;
                        wy[k] = cy;
                        wz[k] = cz;
                        improved = true;
                        moved = true;
                        break;
                    }
                }
                if (!improved) {
                    break;
                }
            }
        }
        return moved;
    }

    private final double[] candidateBound = new double[VoxelMoves.COUNT];

    /** Steps next to a moved waypoint whose legality is tested before its whole lines are. */
    private static final int NEAR_STEPS = 8;

    /** Whether {@link #geodesic} would try the segment (so a blocked line does not settle it). */
    private boolean geodesicSized(int x0, int y0, int z0, int x1, int y1, int z1) {
        if (!geodesicsAllowed) {
            return false;
        }
        final int ax = Math.abs(x1 - x0);
        final int ay = Math.abs(y1 - y0);
        final int az = Math.abs(z1 - z0);
        final int hi = Math.max(ax, Math.max(ay, az));
        final int lo = Math.min(ax, Math.min(ay, az));
        final int mid = ax + ay + az - hi - lo;
        return (long) (lo + 1) * (mid - lo + 1) * (hi - mid + 1) <= GEODESIC_STATES;
    }

    private final int[] candidateMove = new int[VoxelMoves.COUNT];

    /** Appends the path from the last voxel to (x, y, z), both in one stored chunk, that A* finds inside it. */
    private void confinedTo(int x, int y, int z) {
        final int slot = chunks.slotOf(x >>> 4, y >>> 4, z >>> 4);
        hierarchy.load(chunkSearch, slot);
        final int from = local(lastX, lastY, lastZ);
        final int to = local(x, y, z);
        chunkSearch.runTo(from, to, minCost);
        int count = 0;
        for (int v = to; v != from; v = chunkSearch.parent(v)) {
            segment[count++] = v;
        }
        final int ox = x & ~15;
        final int oy = y & ~15;
        final int oz = z & ~15;
        for (int i = count - 1; i >= 0; i--) {
            final int v = segment[i];
            appendStep(ox + (v & 15), oy + ((v >>> 4) & 15), oz + (v >>> 8));
        }
    }

    /** Appends the line from the last voxel to (x, y, z) ({@link #lineStep}). */
    private void line(int x, int y, int z) {
        while (lastX != x || lastY != y || lastZ != z) {
            final int s = lineStep(x - lastX, y - lastY, z - lastZ);
            appendStep(lastX + (s & 3) - 1, lastY + ((s >>> 2) & 3) - 1, lastZ + ((s >>> 4) & 3) - 1);
        }
    }

    /** Appends one move from the last voxel and adds its cost as voxel A* prices it. */
    private void appendStep(int x, int y, int z) {
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

    private int nodeOf(int x, int y, int z) {
        return x + sizeX * (y + sizeY * z);
    }

    private static int local(int x, int y, int z) {
        return (x & 15) | (y & 15) << 4 | (z & 15) << 8;
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            chunkSearch.close();
            startSearch.close();
            goalSearch.close();
            records.close();
            open.close();
            path.close();
            abstractPath.close();
            arena.close();
        }
    }
}
