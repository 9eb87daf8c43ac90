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
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.layout.VoxelJumpNodeLayout;

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
 * <p>What it shares with the voxel A* ({@link PagedVoxelSearch}): the search state in
 * {@link VoxelPages}, pages taken as the search reaches their blocks and kept between queries under
 * the same pool rule ({@link #trimPool()}), the open list in the same order, the set-up of
 * {@link #begin(int, int)}, the path rebuilt from the parent links and the partial-path scan.
 * What its loop exploits: one cost for every area, so a node keeps integer step counts and routes
 * with the same steps tie exactly; jumps along the walkable bits along x, y and z
 * ({@link VoxelBitRows}), which it owns and which follow the chunk table's edits, so the search
 * may be kept across edits of its grid (not during a search: edit between {@link #begin} and the
 * end of the search and the result is undefined); and a second queue entry instead of
 * decrease-key, so its records keep no heap position.
 *
 * <p>Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
public final class VoxelJumpSearch extends AbstractVoxelSearch {
    /** Pages kept between queries by {@link #trimPool()}, as {@link PagedVoxelSearch#POOL_LIMIT_PAGES}. */
    public static final int POOL_LIMIT_PAGES = PagedVoxelSearch.POOL_LIMIT_PAGES;

    private static final double SQRT3 = VoxelMath.SQRT3;

    private final boolean zeroEstimate;
    private final VoxelBitRows bits;
    private final VoxelBitRows columnsY;
    private final VoxelBitRows columnsZ;
    private final VoxelJumper jumper;

    private int goalX;
    private int goalY;
    private int goalZ;
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
        Objects.requireNonNull(topology, "topology");
        if (topology.connectivity() != VoxelConnectivity.TWENTY_SIX
                || topology.cornerRule() != VoxelCornerRule.NO_CORNER_CUTTING) {
            throw new IllegalArgumentException(
                    "voxel jump point search needs TWENTY_SIX moves and NO_CORNER_CUTTING, not "
                            + topology.connectivity() + " and " + topology.cornerRule());
        }
        super(topology, "VoxelJumpSearch", VoxelJumpNodeLayout.RECORD_BYTES, ARRIVED_OFFSET, PARENT_OFFSET, -1);
        this.zeroEstimate = zeroEstimate;
        this.bits = new VoxelBitRows(topology.chunks(), 0);
        this.columnsY = new VoxelBitRows(topology.chunks(), 1);
        this.columnsZ = new VoxelBitRows(topology.chunks(), 2);
        this.jumper = new VoxelJumper(bits, columnsY, columnsZ);
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
     * Native bytes held now: pages, directory, page table, heap and bit rows.
     *
     * @return the bytes allocated off-heap for the search now
     */
    public long memoryBytes() {
        state.ensureOpen();
        return sharedMemoryBytes() + bits.storageBytes() + columnsY.storageBytes() + columnsZ.storageBytes();
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

    /**
     * Refuses a grid whose areas do not all have one cost; else takes the multiplier and aims the
     * jumps at the goal.
     */
    @Override
    void aim(int goal, int x, int y, int z) {
        if (!topology.areas().isUniform()) {
            throw new IllegalStateException("voxel jump point search needs one cost for every area");
        }
        multiplier = topology.areas().minCost();
        goalX = x;
        goalY = y;
        goalZ = z;
        jumper.target(x, y, z);
    }

    @Override
    void seed(int start, int slot, int x, int y, int z) {
        final MemorySegment r = pages.records();
        final long rec = pages.recordOffset(slot);
        r.set(INT, rec + FACES_OFFSET, 0);
        r.set(INT, rec + EDGES_OFFSET, 0);
        r.set(INT, rec + CORNERS_OFFSET, 0);
        r.set(INT, rec + PARENT_OFFSET, -1);
        r.set(INT, rec + ARRIVED_OFFSET, START_BIT);
        r.set(INT, rec + EXPANDED_OFFSET, 0);
        r.set(INT, rec + SCANNED_OFFSET, 0);
        open.insert(key(0, 0, 0, x, y, z), 0.0, start, slot);
    }

    @Override
    public SearchStatus step(int maxIterations) {
        state.ensureOpen();
        if (!SlicedSearch.checkStep(maxIterations, status, "VoxelJumpSearch")) {
            return status;
        }
        final VoxelOpenList o = open;
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
                return found(slot);
            }
            countExpansion(node);
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

    // ---- partial paths ----

    /**
     * The estimate of the partial-path scan: the key's empty-world steps to the goal, 0 for the
     * zero estimate. The candidates are the jump points this search generated.
     */
    @Override
    double partialEstimate(int x, int y, int z) {
        return zeroEstimate ? 0.0 : estimate(x, y, z);
    }

    @Override
    double reachedCost(MemorySegment records, long rec) {
        return cost(records, rec);
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
    public double costTo(int node) {
        int slot = reachedSlot(node);
        return multiplier * cost(pages.records(), pages.recordOffset(slot));
    }

    @Override
    void closeOwn() {
        bits.close();
        columnsY.close();
        columnsZ.close();
    }
}
