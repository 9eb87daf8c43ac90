package org.onepath.grids.voxel;

import static org.onepath.layout.VoxelPageLayout.CLOSED;
import static org.onepath.layout.VoxelPageLayout.COST;
import static org.onepath.layout.VoxelPageLayout.COST_OFFSET;
import static org.onepath.layout.VoxelPageLayout.INT;
import static org.onepath.layout.VoxelPageLayout.MARK_OFFSET;
import static org.onepath.layout.VoxelPageLayout.OPEN_OFFSET;
import static org.onepath.layout.VoxelPageLayout.PAGE_SHIFT;
import static org.onepath.layout.VoxelPageLayout.PARENT_OFFSET;
import static org.onepath.layout.VoxelPageLayout.REACHED;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.layout.VoxelPageLayout;

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
 * <p>What it shares with the voxel jump point search ({@link VoxelJumpSearch}): the pages, the
 * open list, the set-up of {@link #begin(int, int)}, the path rebuilt from the parent links and
 * the partial-path scan. What its loop exploits: records that keep their heap position, so a
 * cheaper route moves the queued entry (decrease-key) instead of queueing the voxel again, and a
 * neighbour in the same page found from the expanded slot without the page table.
 *
 * <p>Pages are kept between searches; {@link #trimPool()} frees them when more than
 * {@link #POOL_LIMIT_PAGES} are held. Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
public final class PagedVoxelSearch extends AbstractVoxelSearch {
    /** Pages kept between queries by {@link #trimPool()}: 4096 pages, 40 MiB. */
    public static final int POOL_LIMIT_PAGES = PAGES_KEPT;

    private final VoxelHeuristic heuristic;
    private final VoxelMoveCost moveCost;
    private final double weight;
    private final int[] nodeDelta;
    private final int[] moveIds;
    private final double[] moveCosts;

    private double pathCost = Double.POSITIVE_INFINITY;

    /**
     * A best-first search whose records live in pages allocated as it reaches them.
     *
     * @param topology  the moves, costs and block; the search reads its chunk table live
     * @param heuristic the estimate to the goal, for the same block
     * @param moveCost  cost hook, or null for the topology's costs
     * @param weight    heuristic weight w in {@code f = g + w * h}: finite and &gt;= 0
     * @throws IllegalArgumentException if the weight is negative, NaN or infinite
     */
    public PagedVoxelSearch(VoxelTopology topology, VoxelHeuristic heuristic, VoxelMoveCost moveCost, double weight) {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(heuristic, "heuristic");
        SlicedSearch.checkWeight(weight);
        super(topology, "PagedVoxelSearch", VoxelPageLayout.RECORD_BYTES, MARK_OFFSET, PARENT_OFFSET, OPEN_OFFSET);
        this.heuristic = heuristic;
        this.moveCost = moveCost;
        this.weight = weight;
        int moves = topology.maxDegree();
        this.nodeDelta = new int[moves];
        for (int j = 0; j < moves; j++) {
            nodeDelta[j] = VoxelMoves.DX[j] + sizeX * (VoxelMoves.DY[j] + sizeY * VoxelMoves.DZ[j]);
        }
        this.moveIds = new int[moves];
        this.moveCosts = new double[moves];
    }

    /**
     * Native bytes of search state held now: pages, directory, heap and page table.
     *
     * @return the bytes allocated off-heap for the search now
     */
    public long memoryBytes() {
        return sharedMemoryBytes();
    }

    @Override
    public double pathCost() {
        return pathCost;
    }

    @Override
    void aim(int goal, int x, int y, int z) {
        pathCost = Double.POSITIVE_INFINITY;
        heuristic.setGoal(goal);
    }

    @Override
    void seed(int start, int slot, int x, int y, int z) {
        final long rec = VoxelPageLayout.recordOffset(slot);
        final MemorySegment records = pages.records();
        records.set(COST, rec + COST_OFFSET, 0.0);
        records.set(INT, rec + PARENT_OFFSET, -1);
        records.set(INT, rec + MARK_OFFSET, REACHED);
        open.insert(weight * heuristic.estimate(x, y, z), 0.0, start, slot);
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
        final VoxelOpenList o = open;
        final VoxelPages store = pages;
        for (int it = 0; it < maxIterations && !o.isEmpty(); it++) {
            final int slot = o.aux(0);
            final int node = o.id(0);
            o.removeTop();
            final long rec = VoxelPageLayout.recordOffset(slot);
            final MemorySegment records = store.records();
            records.set(INT, rec + MARK_OFFSET, REACHED | CLOSED);
            iterations++;
            final double gn = records.get(COST, rec + COST_OFFSET);
            if (node == target) {
                pathCost = gn;
                return found(slot);
            }
            countExpansion(node);
            final int page = slot >>> PAGE_SHIFT;
            final int x = store.xOf(slot);
            final int y = store.yOf(slot);
            final int z = store.zOf(slot);
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
                final int tslot = ((tx ^ x) | (ty ^ y) | (tz ^ z)) >>> VoxelPageLayout.BLOCK_SHIFT == 0
                        ? page << PAGE_SHIFT | VoxelPageLayout.inPageIndex(tx, ty, tz)
                        : store.slotOf(tx, ty, tz);
                final MemorySegment p = store.records();
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

    // ---- partial paths ----

    @Override
    double partialEstimate(int x, int y, int z) {
        return heuristic.estimate(x, y, z);
    }

    @Override
    double reachedCost(MemorySegment records, long rec) {
        return records.get(COST, rec + COST_OFFSET);
    }

    @Override
    public double costTo(int node) {
        return pages.records().get(COST, VoxelPageLayout.recordOffset(reachedSlot(node)) + COST_OFFSET);
    }

    @Override
    void closeOwn() {}
}
