package org.onepath;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cancellation;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelTopology;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;
import org.onepath.memory.ListenerArrays;
import org.onepath.memory.OwnerState;
import org.onepath.query.AsyncQuery;
import org.onepath.query.ManyGoalsQuery;
import org.onepath.query.SearchResult;
import org.onepath.query.VoxelHierarchies;
import org.onepath.query.VoxelQueries;
import org.onepath.snapshot.VoxelState;
import org.onepath.state.GridStateException;
import org.onepath.state.Snapshottable;
import org.onepath.state.StateWriter;

/**
 * A bounded block of {@code sizeX x sizeY x sizeZ} voxels (at most 2^30), one byte each: an area
 * id 0..254 (walkable, with the multiplier {@link #areas()} gives it) or 255 for solid.
 *
 * <p>Voxels live off-heap in 16 x 16 x 16 chunks ({@link ChunkTable}): a chunk whose voxels all
 * hold the grid's default area (fixed at construction: 0 for open space, 255 for a solid block to
 * carve) takes no memory until an edit makes it differ. Node of voxel (x, y, z):
 * {@code x + sizeX * (y + sizeY * z)}. A query's search state lives in pages of 8 x 8 x 8 nodes
 * allocated as the search reaches them, so memory grows with the chunks that differ from the
 * default and the blocks a search touches, not with the size of the world.
 *
 * <p>Queries may run on several threads at once while nobody edits the grid; edits must not
 * overlap a query. Owns its memory: {@link #close()} frees it; use after close throws
 * {@link IllegalStateException}.
 */
public final class VoxelGrid implements AutoCloseable, Snapshottable {
    /** Largest number of voxels, 2^30. */
    public static final long MAX_VOXELS = ChunkTable.MAX_VOXELS;
    /** The solid area id. */
    public static final int SOLID = AreaCosts.WALL;

    private static final VoxelChangeListener[] NO_LISTENERS = new VoxelChangeListener[0];

    private final ChunkTable chunks;
    private final AreaCosts areas = new AreaCosts();
    private final OwnerState state = new OwnerState("VoxelGrid");
    private final VoxelHierarchies hierarchies;
    private final VoxelQueries queries;
    private final AsyncQuery.GridWatch watch;
    private VoxelSpace space = VoxelSpace.UNASSIGNED;
    private int version;
    private int restoreCount;
    private volatile VoxelChangeListener[] listeners = NO_LISTENERS;

    private VoxelGrid(ChunkTable chunks) {
        this.chunks = chunks;
        this.hierarchies = new VoxelHierarchies(chunks, areas);
        this.queries = new VoxelQueries(chunks, areas, hierarchies);
        this.watch = new AsyncQuery.GridWatch(
                "VoxelGrid", this::ensureOpen, () -> version, () -> restoreCount, areas::version);
    }

    /**
     * {@return a grid over a chunk table made by the caller; closing the grid closes the table}
     * Tier 3: a world store's table, over its mapped chunks.
     *
     * @param chunks the chunk table whose voxels the grid serves; the grid owns it from now on
     */
    public static VoxelGrid over(ChunkTable chunks) {
        return new VoxelGrid(Objects.requireNonNull(chunks, "chunks"));
    }

    /**
     * {@return a new block of open voxels (default area 0) that owns its memory; the caller closes it}
     *
     * @param sizeX voxels along x, at least 1
     * @param sizeY voxels along y, at least 1
     * @param sizeZ voxels along z, at least 1; the product at most 2^30
     * @throws IllegalArgumentException if a side is below 1 or the block exceeds 2^30 voxels
     */
    public static VoxelGrid create(int sizeX, int sizeY, int sizeZ) {
        return new VoxelGrid(new ChunkTable(sizeX, sizeY, sizeZ, 0));
    }

    /**
     * {@return a new block whose every voxel starts with {@code defaultArea}, owning its memory; the
     * caller closes it}
     *
     * @param sizeX       voxels along x, at least 1
     * @param sizeY       voxels along y, at least 1
     * @param sizeZ       voxels along z, at least 1; the product at most 2^30
     * @param defaultArea the area id every voxel starts with, 0..255 (255 gives a solid block to carve)
     * @throws IllegalArgumentException if a side is below 1, the block exceeds 2^30 voxels or the
     *     area is outside 0..255
     */
    public static VoxelGrid create(int sizeX, int sizeY, int sizeZ, int defaultArea) {
        return new VoxelGrid(new ChunkTable(sizeX, sizeY, sizeZ, defaultArea));
    }

    // ---- size and contents ----

    /** {@return the grid's size along x in voxels, at least 1} */
    public int sizeX() {
        return chunks.sizeX();
    }

    /** {@return the grid's size along y in voxels, at least 1} */
    public int sizeY() {
        return chunks.sizeY();
    }

    /** {@return the grid's size along z in voxels, at least 1} */
    public int sizeZ() {
        return chunks.sizeZ();
    }

    /** {@return the number of voxels, sizeX * sizeY * sizeZ (1..2^30)} */
    public int voxelCount() {
        return sizeX() * sizeY() * sizeZ();
    }

    /** {@return the area id every voxel had at construction, 0..255} */
    public int defaultArea() {
        return chunks.defaultArea();
    }

    /** {@return the edits so far: every changed voxel bumps it; a restore puts back the saved count} */
    public int version() {
        ensureOpen();
        return version;
    }

    /** {@return the live area multipliers of this grid; changing them affects later queries} */
    public AreaCosts areas() {
        return areas;
    }

    /** {@return the grid's world mapping: the space last set, {@link VoxelSpace#UNASSIGNED} on a new grid} */
    public VoxelSpace space() {
        return space;
    }

    /**
     * Sets the world mapping used by world-point queries and {@link VoxelPath#points()}.
     *
     * @param space the mapping between world coordinates and voxels; not null
     */
    public void space(VoxelSpace space) {
        this.space = Objects.requireNonNull(space, "space");
    }

    /**
     * {@return whether a voxel lies inside the grid: 0 &lt;= x &lt; sizeX, 0 &lt;= y &lt; sizeY and
     * 0 &lt;= z &lt; sizeZ}
     *
     * @param x the voxel's x
     * @param y the voxel's y
     * @param z the voxel's z
     */
    public boolean contains(int x, int y, int z) {
        return x >= 0 && y >= 0 && z >= 0 && x < sizeX() && y < sizeY() && z < sizeZ();
    }

    /**
     * {@return the node index {@code x + sizeX * (y + sizeY * z)} of an inside voxel, 0..voxelCount-1}
     *
     * @param x the voxel's x, 0..sizeX-1
     * @param y the voxel's y, 0..sizeY-1
     * @param z the voxel's z, 0..sizeZ-1
     * @throws IllegalArgumentException if the voxel is outside the block
     */
    public int indexOf(int x, int y, int z) {
        checkInside(x, y, z);
        return x + sizeX() * (y + sizeY() * z);
    }

    /**
     * {@return the area id (0..255) of a voxel, 255 for solid}
     *
     * @param x the voxel's x, 0..sizeX-1
     * @param y the voxel's y, 0..sizeY-1
     * @param z the voxel's z, 0..sizeZ-1
     * @throws IllegalArgumentException if the voxel is outside the block
     */
    public int area(int x, int y, int z) {
        checkInside(x, y, z);
        ensureOpen();
        return chunks.area(x, y, z);
    }

    /**
     * {@return whether the voxel is not solid: true unless its area id is 255}
     *
     * @param x the voxel's x, 0..sizeX-1
     * @param y the voxel's y, 0..sizeY-1
     * @param z the voxel's z, 0..sizeZ-1
     * @throws IllegalArgumentException if the voxel is outside the block
     */
    public boolean isWalkable(int x, int y, int z) {
        return area(x, y, z) != SOLID;
    }

    /**
     * Sets a voxel's area id (0..254 walkable, 255 solid). A change bumps {@link #version()} and
     * tells the change listeners; writing the value the voxel already has does nothing. The first
     * change in a chunk of default voxels allocates the chunk.
     *
     * @param x    the voxel's x, 0..sizeX-1
     * @param y    the voxel's y, 0..sizeY-1
     * @param z    the voxel's z, 0..sizeZ-1
     * @param area the new area id, 0..255
     * @throws IllegalArgumentException if the voxel is outside the block or the id outside 0..255
     */
    public void setArea(int x, int y, int z, int area) {
        checkInside(x, y, z);
        if (area < 0 || area > SOLID) {
            throw new IllegalArgumentException("area id " + area + " is outside 0..255");
        }
        ensureOpen();
        if (!chunks.set(x, y, z, area)) {
            return;
        }
        version++;
        for (VoxelChangeListener listener : listeners) {
            listener.voxelChanged(this, x, y, z);
        }
    }

    /**
     * Makes a voxel open (area 0) or solid.
     *
     * @param x        the voxel's x, 0..sizeX-1
     * @param y        the voxel's y, 0..sizeY-1
     * @param z        the voxel's z, 0..sizeZ-1
     * @param walkable true for open (area 0), false for solid (255)
     * @throws IllegalArgumentException if the voxel is outside the block
     */
    public void setWalkable(int x, int y, int z, boolean walkable) {
        setArea(x, y, z, walkable ? 0 : SOLID);
    }

    /**
     * {@return whether a voxel lies inside the grid; see {@link #contains(int, int, int)}}
     *
     * @param voxel the voxel; any coordinates
     */
    public boolean contains(VoxelCell voxel) {
        Objects.requireNonNull(voxel, "voxel");
        return contains(voxel.x(), voxel.y(), voxel.z());
    }

    /**
     * {@return the node index of an inside voxel; see {@link #indexOf(int, int, int)}}
     *
     * @param voxel the voxel, inside the block
     * @throws IllegalArgumentException if the voxel is outside the block
     */
    public int indexOf(VoxelCell voxel) {
        Objects.requireNonNull(voxel, "voxel");
        return indexOf(voxel.x(), voxel.y(), voxel.z());
    }

    /**
     * {@return the area id (0..255) of a voxel, 255 for solid; see {@link #area(int, int, int)}}
     *
     * @param voxel the voxel, inside the block
     * @throws IllegalArgumentException if the voxel is outside the block
     */
    public int area(VoxelCell voxel) {
        Objects.requireNonNull(voxel, "voxel");
        return area(voxel.x(), voxel.y(), voxel.z());
    }

    /**
     * {@return whether the voxel is not solid; see {@link #isWalkable(int, int, int)}}
     *
     * @param voxel the voxel, inside the block
     * @throws IllegalArgumentException if the voxel is outside the block
     */
    public boolean isWalkable(VoxelCell voxel) {
        Objects.requireNonNull(voxel, "voxel");
        return isWalkable(voxel.x(), voxel.y(), voxel.z());
    }

    /**
     * Sets a voxel's area id; see {@link #setArea(int, int, int, int)}.
     *
     * @param voxel the voxel, inside the block
     * @param area  the new area id, 0..255
     * @throws IllegalArgumentException if the voxel is outside the block or the id outside 0..255
     */
    public void setArea(VoxelCell voxel, int area) {
        Objects.requireNonNull(voxel, "voxel");
        setArea(voxel.x(), voxel.y(), voxel.z(), area);
    }

    /**
     * Makes a voxel open (area 0) or solid; see {@link #setWalkable(int, int, int, boolean)}.
     *
     * @param voxel    the voxel, inside the block
     * @param walkable true for open (area 0), false for solid (255)
     * @throws IllegalArgumentException if the voxel is outside the block
     */
    public void setWalkable(VoxelCell voxel, boolean walkable) {
        Objects.requireNonNull(voxel, "voxel");
        setWalkable(voxel.x(), voxel.y(), voxel.z(), walkable);
    }

    // ---- chunks (tier 3) ----

    /** The live chunk table (package use: the path smoother reads it). */
    ChunkTable chunkTable() {
        ensureOpen();
        return chunks;
    }

    /** {@return the number of chunk columns along x, ceil(sizeX / 16)} */
    public int chunksX() {
        return chunks.chunksX();
    }

    /** {@return the number of chunk rows along y, ceil(sizeY / 16)} */
    public int chunksY() {
        return chunks.chunksY();
    }

    /** {@return the number of chunk layers along z, ceil(sizeZ / 16)} */
    public int chunksZ() {
        return chunks.chunksZ();
    }

    /** {@return the chunks stored, each with its own 4096 bytes, because an edit made them differ from the default} */
    public int storedChunkCount() {
        ensureOpen();
        return chunks.storedChunkCount();
    }

    /** {@return the native bytes of the voxel storage: the chunk table and the stored chunks} */
    public long storageBytes() {
        ensureOpen();
        return chunks.storageBytes();
    }

    /**
     * The 4096 area bytes of chunk (cx, cy, cz), read-only: voxel (x, y, z) of the chunk at
     * {@code x | y << 4 | z << 8}.
     *
     * @param cx the chunk's x, 0..chunksX-1
     * @param cy the chunk's y, 0..chunksY-1
     * @param cz the chunk's z, 0..chunksZ-1
     * @return a read-only view of the chunk's bytes, or null for an all-default chunk
     */
    public MemorySegment chunk(int cx, int cy, int cz) {
        if (cx < 0 || cy < 0 || cz < 0 || cx >= chunksX() || cy >= chunksY() || cz >= chunksZ()) {
            throw new IllegalArgumentException("chunk (" + cx + ", " + cy + ", " + cz + ") is outside the " + chunksX()
                    + " x " + chunksY() + " x " + chunksZ() + " chunk table");
        }
        ensureOpen();
        return chunks.chunk(chunks.slotOf(cx, cy, cz));
    }

    // ---- listeners ----

    /**
     * Registers a listener for voxel edits.
     *
     * @param listener told of every voxel change after it happens, on the editing thread
     */
    public synchronized void addChangeListener(VoxelChangeListener listener) {
        listeners = ListenerArrays.with(listeners, listener);
    }

    /**
     * Removes a listener.
     *
     * @param listener a listener added before
     * @return whether it was registered
     */
    public synchronized boolean removeChangeListener(VoxelChangeListener listener) {
        VoxelChangeListener[] current = listeners;
        listeners = ListenerArrays.without(current, listener);
        return listeners != current;
    }

    /**
     * Hands the grid a chunk hierarchy of its own voxels (tier 3), which {@link VoxelAlgorithm#HPA}
     * queries with the hierarchy's connectivity, corner rule and face samples then search instead of
     * building one: typically tables a store baked, read in place with
     * {@link VoxelHierarchy#over} over {@code chunks} (the table this grid was made
     * {@link #over}) and {@link #areas()}. The grid owns it from now on: it keeps it up to date
     * with edits and closes it on {@link #close()}, when a restore puts back other area costs, when
     * another hierarchy of the same rules is installed, or to make room among the eight it keeps.
     * Call it before queries run, as an edit.
     *
     * @param hierarchy a hierarchy over this grid's chunk table and area costs
     * @throws IllegalArgumentException if it reads another chunk table or other area costs
     */
    public void installHierarchy(VoxelHierarchy hierarchy) {
        ensureOpen();
        hierarchies.install(hierarchy);
    }

    /** The hierarchies HPA queries search (package use: tests read them). */
    VoxelHierarchies derived() {
        return hierarchies;
    }

    // ---- searches ----

    /**
     * {@return the topology of this grid for a connectivity and corner rule (tier 2)} It reads the
     * live chunk table; use one per search.
     *
     * @param connectivity which of the 26 neighbour moves are allowed
     * @param cornerRule   when a diagonal move may pass solid voxels beside it
     */
    public VoxelTopology createTopology(VoxelConnectivity connectivity, VoxelCornerRule cornerRule) {
        ensureOpen();
        return new VoxelTopology(chunks, areas, connectivity, cornerRule);
    }

    /**
     * {@return the shortest path with {@link VoxelOptions#DEFAULT}; its status says whether one was found}
     *
     * @param start the first voxel
     * @param goal  the last voxel
     */
    public VoxelPath findPath(VoxelCell start, VoxelCell goal) {
        return findPath(start, goal, VoxelOptions.DEFAULT, null);
    }

    /**
     * {@return the shortest path under the given options; its status says whether one was found}
     *
     * @param start   the first voxel
     * @param goal    the last voxel
     * @param options the algorithm, moves, corner rule, weight, budget and delegates
     */
    public VoxelPath findPath(VoxelCell start, VoxelCell goal, VoxelOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * Shortest path under the given options, cancellable: the search runs in slices of 256
     * iterations and checks the token before each; cancelling leaves the grid untouched.
     *
     * @param start        the first voxel; outside the block, solid or blocked gives START_INVALID
     * @param goal         the last voxel; outside the block, solid or blocked gives GOAL_INVALID
     * @param options      the algorithm, moves, corner rule, weight, budget and delegates
     * @param cancellation the token checked before each slice of 256 iterations, or null
     * @return the result: its status says whether a path was found
     * @throws java.util.concurrent.CancellationException if the token is cancelled
     */
    public VoxelPath findPath(VoxelCell start, VoxelCell goal, VoxelOptions options, Cancellation cancellation) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return findPath(start.x(), start.y(), start.z(), goal.x(), goal.y(), goal.z(), options, cancellation);
    }

    /**
     * {@return the shortest path between the voxels containing two world points, with the default
     * options; its status says whether one was found}
     *
     * @param start the start point in world units ({@link #space()})
     * @param goal  the goal point in world units
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public VoxelPath findPath(VoxelPoint start, VoxelPoint goal) {
        return findPath(start, goal, VoxelOptions.DEFAULT, null);
    }

    /**
     * {@return the shortest path between the voxels containing two world points; its status says
     * whether one was found}
     *
     * @param start   the start point in world units ({@link #space()})
     * @param goal    the goal point in world units
     * @param options the algorithm, moves, corner rule, weight, budget and delegates
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public VoxelPath findPath(VoxelPoint start, VoxelPoint goal, VoxelOptions options) {
        return findPath(start, goal, options, null);
    }

    /**
     * Shortest path between the voxels containing two world points.
     *
     * @param start        the start point in world units ({@link #space()}); outside the block gives START_INVALID
     * @param goal         the goal point in world units; outside the block gives GOAL_INVALID
     * @param options      the algorithm, moves, corner rule, weight, budget and delegates
     * @param cancellation the token checked before each slice of 256 iterations, or null
     * @return the result: its status says whether a path was found
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public VoxelPath findPath(VoxelPoint start, VoxelPoint goal, VoxelOptions options, Cancellation cancellation) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        VoxelSpace s = space;
        int sx = clampToInt(s.indexOf("x", start.x(), s.originX()));
        int sy = clampToInt(s.indexOf("y", start.y(), s.originY()));
        int sz = clampToInt(s.indexOf("z", start.z(), s.originZ()));
        int gx = clampToInt(s.indexOf("x", goal.x(), s.originX()));
        int gy = clampToInt(s.indexOf("y", goal.y(), s.originY()));
        int gz = clampToInt(s.indexOf("z", goal.z(), s.originZ()));
        return findPath(sx, sy, sz, gx, gy, gz, options, cancellation);
    }

    // ---- many goals ----

    /**
     * {@return the path to the cheapest of several goals with {@link VoxelOptions#DEFAULT}, the
     * first listed among equal costs} See {@link #findPath(VoxelCell, List, VoxelOptions, Cancellation)}.
     *
     * @param start the first voxel
     * @param goals the candidate last voxels, at least one; repeats are allowed
     * @throws IllegalArgumentException if the list is empty
     */
    public VoxelPath findPath(VoxelCell start, List<VoxelCell> goals) {
        return findPath(start, goals, VoxelOptions.DEFAULT, null);
    }

    /**
     * {@return the path to the cheapest of several goals under the given options, the first listed
     * among equal costs} See {@link #findPath(VoxelCell, List, VoxelOptions, Cancellation)}.
     *
     * @param start   the first voxel
     * @param goals   the candidate last voxels, at least one; repeats are allowed
     * @param options the algorithm, moves, corner rule, heuristic weight 1, budget and delegates
     * @throws IllegalArgumentException if the list is empty or the heuristic weight is not 1
     */
    public VoxelPath findPath(VoxelCell start, List<VoxelCell> goals, VoxelOptions options) {
        return findPath(start, goals, options, null);
    }

    /**
     * The path to the cheapest of several goals: its cost equals, bit for bit, the smallest cost of
     * {@code findPath(start, goal, options)} over the goals, and among goals of that cost the first
     * listed wins; the result is the single query's to that goal. A search over the voxel moves
     * chooses the goal (A* with the minimum of the estimates for a few distinct goals, Dijkstra's
     * wave for many, {@code docs/many-goals.md}); the goals it finds tied with the cheapest within
     * rounding are then asked as single queries. Solid, outside or blocked goals are skipped
     * (GOAL_INVALID when all are); an invalid start gives START_INVALID; a goal equal to the start
     * costs 0; no reachable goal gives NO_PATH.
     *
     * @param start        the first voxel
     * @param goals        the candidate last voxels, at least one; repeats are allowed
     * @param options      the algorithm, moves, corner rule, heuristic weight 1, budget and delegates
     * @param cancellation the token checked before each slice, or null
     * @return the path to the cheapest goal, the first listed among equal costs
     * @throws IllegalArgumentException if the list is empty or the heuristic weight is not 1
     * @throws java.util.concurrent.CancellationException if the token is cancelled
     */
    public VoxelPath findPath(VoxelCell start, List<VoxelCell> goals, VoxelOptions options, Cancellation cancellation) {
        Objects.requireNonNull(start, "start");
        VoxelOptions exact = Objects.requireNonNull(options, "options").manyGoalOptions();
        return ManyGoalsQuery.find(
                start,
                goals,
                exact.manyGoalShape(chunks, areas, this::ensureOpen),
                exact.manyGoalRules(),
                VoxelPath.manyGoalPaths(this, start, goals, exact, cancellation),
                cancellation);
    }

    private VoxelPath findPath(
            int sx, int sy, int sz, int gx, int gy, int gz, VoxelOptions options, Cancellation cancellation) {
        VoxelAlgorithm algorithm = options.algorithmFor(areas);
        SearchResult r = queries.run(sx, sy, sz, gx, gy, gz, options.moves(algorithm), cancellation);
        return VoxelPath.of(r, sizeX(), sizeY(), space, algorithm);
    }

    // ---- the cooperative sliced form ----

    /**
     * {@link #findPathAsync(VoxelCell, VoxelCell, VoxelOptions, Cancellation, Executor)} with the
     * default options, no token, on the calling thread.
     *
     * @param start the first voxel; outside the block, solid or blocked gives START_INVALID
     * @param goal  the last voxel; outside the block, solid or blocked gives GOAL_INVALID
     * @return a future of the result, already complete when this returns
     */
    public CompletableFuture<VoxelPath> findPathAsync(VoxelCell start, VoxelCell goal) {
        return findPathAsync(start, goal, VoxelOptions.DEFAULT, null, Runnable::run);
    }

    /**
     * {@link #findPathAsync(VoxelCell, VoxelCell, VoxelOptions, Cancellation, Executor)} with no
     * token, on the calling thread.
     *
     * @param start   the first voxel
     * @param goal    the last voxel
     * @param options the algorithm, moves, corner rule, weight, budget and delegates, no recorded expansions
     * @return a future of the result, already complete when this returns
     */
    public CompletableFuture<VoxelPath> findPathAsync(VoxelCell start, VoxelCell goal, VoxelOptions options) {
        return findPathAsync(start, goal, options, null, Runnable::run);
    }

    /**
     * The cooperative sliced query, as {@code Grid.findPathAsync}: slices of
     * {@link VoxelOptions#ITERATIONS_PER_SLICE} iterations, the first on the calling thread, each
     * later one handed to {@code executor}, the token checked before every slice. The future
     * completes with exactly what {@link #findPath(VoxelCell, VoxelCell, VoxelOptions)} returns,
     * however the iterations are sliced (a budget that runs out gives BUDGET_EXHAUSTED after the
     * same iterations); a direct executor runs the whole query before this returns.
     *
     * <p>Everything comes through the future: recorded expansions with
     * {@link IllegalArgumentException}; a cancelled token with
     * {@link java.util.concurrent.CancellationException} (the grid untouched, the next query
     * exact); an edit or restore of the grid during the query with {@link IllegalStateException};
     * a refused executor with its exception. Cancelling the future stops the slices. Delegates run
     * on whichever thread runs a slice. Do not edit the grid until the future completes.
     *
     * @param start        the first voxel; outside the block, solid or blocked gives START_INVALID
     * @param goal         the last voxel; outside the block, solid or blocked gives GOAL_INVALID
     * @param options      the algorithm, moves, corner rule, weight, budget and delegates, no recorded expansions
     * @param cancellation the token checked before each slice, or null
     * @param executor     runs each slice after the first
     * @return a future of the result, or completed exceptionally as described above
     */
    public CompletableFuture<VoxelPath> findPathAsync(
            VoxelCell start, VoxelCell goal, VoxelOptions options, Cancellation cancellation, Executor executor) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(executor, "executor");
        VoxelAlgorithm algorithm = options.algorithmFor(areas);
        VoxelSpace at = space;
        return AsyncQuery.start(
                watch,
                options.recordExpansions(),
                () -> queries.beginAsync(
                                start.x(),
                                start.y(),
                                start.z(),
                                goal.x(),
                                goal.y(),
                                goal.z(),
                                options.moves(algorithm),
                                cancellation)
                        .map(r -> VoxelPath.of(r, sizeX(), sizeY(), at, algorithm)),
                VoxelOptions.ITERATIONS_PER_SLICE,
                options.iterationBudget(),
                cancellation,
                executor);
    }

    // ---- snapshots ----

    /** Bytes of this grid's state: {@link #saveState()} returns exactly this many. */
    @Override
    public long stateLength() {
        ensureOpen();
        return VoxelState.length(chunks);
    }

    /**
     * The grid's state (kind 3 of the state format, version 1): size, default area, version,
     * world space, area costs and every stored chunk; saving twice without a change gives the same.
     *
     * @throws IllegalStateException if the state exceeds the largest Java array (use
     *     {@link #saveState(MemorySegment, long)})
     */
    @Override
    public byte[] saveState() {
        long length = stateLength();
        byte[] out = StateWriter.arrayFor("voxel grid", length);
        VoxelState.write(chunks, version(), space.toPiece(), areas, StateWriter.into(MemorySegment.ofArray(out), 0));
        return out;
    }

    /**
     * Writes the grid's state into {@code destination} from {@code offset}.
     *
     * @return the number of bytes written ({@link #stateLength()})
     * @throws IllegalArgumentException if it does not fit
     */
    @Override
    public long saveState(MemorySegment destination, long offset) {
        Objects.requireNonNull(destination, "destination");
        long length = stateLength();
        VoxelState.write(
                chunks, version(), space.toPiece(), areas, StateWriter.into("voxel grid", length, destination, offset));
        return length;
    }

    /**
     * Puts back a saved state in place: voxels, version, world space and area costs. The size and
     * default area must be this grid's. Everything is checked before anything changes, so on
     * {@link GridStateException} the grid is unchanged. Listeners then see each voxel that
     * differs as an ordinary edit, in ascending node order. The {@link VoxelAlgorithm#HPA}
     * hierarchies are kept when the restored area costs are the ones they were made with (the
     * chunks the restore replaced are rebuilt on the next query) and built again otherwise.
     *
     * @throws GridStateException naming the field, value, bound and offset of bad bytes
     */
    @Override
    public void restoreState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        ensureOpen();
        VoxelState.Parsed parsed = VoxelState.read(state, chunks);
        VoxelChangeListener[] current = listeners;
        int[] changed = current.length == 0 ? null : VoxelState.changedNodes(parsed, chunks);
        VoxelState.applyChunks(parsed, chunks);
        applyRestored(parsed);
        hierarchies.restored();
        if (changed != null) {
            int sx = sizeX();
            int sy = sizeY();
            for (int node : changed) {
                int rest = node / sx;
                for (VoxelChangeListener listener : current) {
                    listener.voxelChanged(this, node % sx, rest % sy, rest / sy);
                }
            }
        }
    }

    /**
     * {@return a new grid, owning its memory, from a saved state; the caller closes it}
     *
     * @param state the bytes {@link #saveState()} wrote; only read
     * @throws GridStateException naming the field, value, bound and offset of bad bytes
     */
    public static VoxelGrid fromState(byte[] state) {
        Objects.requireNonNull(state, "state");
        return fromState(MemorySegment.ofArray(state));
    }

    /**
     * {@return a new grid, owning its memory, from a saved state; the caller closes it}
     *
     * @param state the saved state, from its offset 0; only read
     * @throws GridStateException naming the field, value, bound and offset of bad bytes
     */
    public static VoxelGrid fromState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        VoxelState.Parsed parsed = VoxelState.read(state, null);
        VoxelGrid grid =
                new VoxelGrid(new ChunkTable(parsed.sizeX(), parsed.sizeY(), parsed.sizeZ(), parsed.defaultArea()));
        VoxelState.applyChunks(parsed, grid.chunks);
        grid.applyRestored(parsed);
        grid.restoreCount = 0;
        return grid;
    }

    /**
     * {@return the number of successful {@link #restoreState} calls on this grid} Versions may
     * repeat after a rollback, so derived data compares both.
     */
    public int restoreCount() {
        return restoreCount;
    }

    private void applyRestored(VoxelState.Parsed parsed) {
        version = parsed.version();
        space = VoxelSpace.of(parsed.space());
        areas.restore(parsed.areas());
        restoreCount++;
    }

    /** Frees the memory this grid owns. Idempotent. */
    @Override
    public void close() {
        if (state.markClosed()) {
            queries.close();
            hierarchies.close();
            chunks.close();
        }
    }

    @Override
    public String toString() {
        return "VoxelGrid[" + sizeX() + " x " + sizeY() + " x " + sizeZ() + (state.isClosed() ? ", closed]" : "]");
    }

    void ensureOpen() {
        state.ensureOpen();
    }

    private void checkInside(int x, int y, int z) {
        if (!contains(x, y, z)) {
            throw new IllegalArgumentException("voxel (" + x + ", " + y + ", " + z + ") is outside the " + sizeX()
                    + " x " + sizeY() + " x " + sizeZ() + " grid");
        }
    }

    private static int clampToInt(long v) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
    }
}
