package org.onepath.query;

import java.util.function.ToIntFunction;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.MemoryFaults;
import org.onepath.cells.VoxelBlocker;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.cells.VoxelStepCost;
import org.onepath.grids.Heuristic;
import org.onepath.grids.StepCost;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.grids.voxel.VoxelTopology;

/**
 * A voxel grid as a many-goal query sees it ({@link ManyGoalsQuery}): the open voxels the hook
 * does not block, the voxel moves, the hooks and the voxel estimate.
 *
 * @param <C> the facade's voxel type, read through the coordinate functions
 */
public final class VoxelGoals<C> implements ManyGoalsQuery.Shape<C, VoxelTopology> {
    private final ChunkTable chunks;
    private final AreaCosts areas;
    private final Runnable gridOpen;
    private final VoxelConnectivity connectivity;
    private final VoxelCornerRule cornerRule;
    private final VoxelStepCost stepCost;
    private final VoxelBlocker blocked;
    private final ToIntFunction<C> x;
    private final ToIntFunction<C> y;
    private final ToIntFunction<C> z;

    /**
     * The grid under one query's options; nothing is read until the query runs.
     *
     * @param chunks the grid's voxels
     * @param areas the grid's area multipliers
     * @param gridOpen throws {@link IllegalStateException} when the grid has been closed
     * @param connectivity which of the 26 neighbour moves are allowed
     * @param cornerRule when a diagonal move may pass solid voxels beside it
     * @param stepCost the step-cost hook, or null
     * @param blocked the blocking hook, or null
     * @param x a voxel's x
     * @param y a voxel's y
     * @param z a voxel's z
     */
    public VoxelGoals(
            ChunkTable chunks,
            AreaCosts areas,
            Runnable gridOpen,
            VoxelConnectivity connectivity,
            VoxelCornerRule cornerRule,
            VoxelStepCost stepCost,
            VoxelBlocker blocked,
            ToIntFunction<C> x,
            ToIntFunction<C> y,
            ToIntFunction<C> z) {
        this.chunks = chunks;
        this.areas = areas;
        this.gridOpen = gridOpen;
        this.connectivity = connectivity;
        this.cornerRule = cornerRule;
        this.stepCost = stepCost;
        this.blocked = blocked;
        this.x = x;
        this.y = y;
        this.z = z;
    }

    @Override
    public void ensureOpen() {
        gridOpen.run();
    }

    @Override
    public MemoryFaults memoryFaults() {
        return chunks.memoryFaults();
    }

    @Override
    public int standingNode(C cell) {
        int vx = x.applyAsInt(cell);
        int vy = y.applyAsInt(cell);
        int vz = z.applyAsInt(cell);
        int sizeX = chunks.sizeX();
        int sizeY = chunks.sizeY();
        boolean inside = vx >= 0 && vy >= 0 && vz >= 0 && vx < sizeX && vy < sizeY && vz < chunks.sizeZ();
        return inside
                        && chunks.area(vx, vy, vz) != AreaCosts.WALL
                        && (blocked == null || !blocked.isBlocked(vx, vy, vz))
                ? vx + sizeX * (vy + sizeY * vz)
                : -1;
    }

    @Override
    public VoxelTopology topology() {
        return new VoxelTopology(chunks, areas, connectivity, cornerRule);
    }

    @Override
    public StepCost stepCost() {
        VoxelStepCost hook = stepCost;
        VoxelBlocker blocker = blocked;
        if (hook == null && blocker == null) {
            return null;
        }
        int sizeX = chunks.sizeX();
        int sizeY = chunks.sizeY();
        return (from, to, base) -> {
            int tx = to % sizeX;
            int tRest = to / sizeX;
            int ty = tRest % sizeY;
            int tz = tRest / sizeY;
            if (blocker != null && blocker.isBlocked(tx, ty, tz)) {
                return Double.POSITIVE_INFINITY;
            }
            if (hook == null) {
                return base;
            }
            int fRest = from / sizeX;
            return hook.cost(from % sizeX, fRest % sizeY, fRest / sizeY, tx, ty, tz, base);
        };
    }

    @Override
    public Heuristic estimate(VoxelTopology topology) {
        return new VoxelHeuristic(topology);
    }
}
