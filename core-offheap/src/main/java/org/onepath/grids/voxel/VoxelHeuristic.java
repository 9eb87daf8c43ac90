package org.onepath.grids.voxel;

import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.GridMath;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.grids.Heuristic;

/**
 * The exact empty-grid distance of a connectivity times {@link AreaCosts#minCost()}, so it is
 * admissible and consistent (tier 2/3). With sorted absolute offsets a &lt;= b &lt;= c and
 * m = a + b + c: six moves m; 26 moves {@code a*sqrt3 + (b-a)*sqrt2 + (c-b)}; 18 moves
 * {@code e*sqrt2 + (m - 2e)} with {@code e = min(floor(m/2), a + b)}.
 *
 * <p>{@link #estimate(int)} divides the node into coordinates (the dense tier-2 form);
 * {@link #estimate(int, int, int)} takes them directly (the paged search).
 */
public final class VoxelHeuristic implements Heuristic {
    private final VoxelConnectivity connectivity;
    private final int moves;
    private final AreaCosts areas;
    private final int sizeX;
    private final int sizeY;
    private int goalX;
    private int goalY;
    private int goalZ;

    /**
     * An estimate for a block {@code sizeX} by {@code sizeY} voxels across (the z side is not
     * needed to split a node).
     *
     * @param connectivity the move set whose empty-grid distance is estimated
     * @param areas        the area costs; their smallest multiplier scales the distance, read at
     *                     each estimate
     * @param sizeX        voxels along x, at least 1
     * @param sizeY        voxels along y, at least 1
     * @throws IllegalArgumentException if a side is below 1
     */
    public VoxelHeuristic(VoxelConnectivity connectivity, AreaCosts areas, int sizeX, int sizeY) {
        this.connectivity = Objects.requireNonNull(connectivity, "connectivity");
        this.moves = connectivity.moves();
        this.areas = Objects.requireNonNull(areas, "areas");
        if (sizeX < 1 || sizeY < 1) {
            throw new IllegalArgumentException("voxel grid sides must be at least 1, were " + sizeX + " and " + sizeY);
        }
        this.sizeX = sizeX;
        this.sizeY = sizeY;
    }

    /**
     * For the block a topology covers.
     *
     * @param topology the topology whose connectivity, area costs and block the estimate uses
     */
    public VoxelHeuristic(VoxelTopology topology) {
        this(topology.connectivity(), topology.areas(), topology.sizeX(), topology.sizeY());
    }

    @Override
    public void setGoal(int goal) {
        goalX = goal % sizeX;
        int rest = goal / sizeX;
        goalY = rest % sizeY;
        goalZ = rest / sizeY;
    }

    /**
     * Sets the goal by coordinates.
     *
     * @param x the goal's x
     * @param y the goal's y
     * @param z the goal's z
     */
    public void setGoal(int x, int y, int z) {
        goalX = x;
        goalY = y;
        goalZ = z;
    }

    @Override
    public double estimate(int node) {
        int x = node % sizeX;
        int rest = node / sizeX;
        return estimate(x, rest % sizeY, rest / sizeY);
    }

    /**
     * Estimate from voxel (x, y, z) to the goal.
     *
     * @param x the voxel's x
     * @param y the voxel's y
     * @param z the voxel's z
     * @return the estimate, 0 or more and finite
     */
    public double estimate(int x, int y, int z) {
        return distance(moves, Math.abs(x - goalX), Math.abs(y - goalY), Math.abs(z - goalZ)) * areas.minCost();
    }

    /**
     * The empty-grid distance of offsets (dx, dy, dz) &gt;= 0 under a connectivity.
     *
     * @param connectivity the move set
     * @param dx           the absolute x offset, 0 or more
     * @param dy           the absolute y offset, 0 or more
     * @param dz           the absolute z offset, 0 or more
     * @return the distance in unit steps, 0 or more
     */
    public static double distance(VoxelConnectivity connectivity, int dx, int dy, int dz) {
        return distance(connectivity.moves(), dx, dy, dz);
    }

    /** As {@link #distance(VoxelConnectivity, int, int, int)} by number of moves (6, 18 or 26). */
    private static double distance(int moves, int dx, int dy, int dz) {
        // Sort so that a <= b <= c.
        int a = Math.min(dx, Math.min(dy, dz));
        int c = Math.max(dx, Math.max(dy, dz));
        int b = dx + dy + dz - a - c;
        int m = a + b + c;
        if (moves == 26) {
            return a * VoxelMath.SQRT3 + (b - a) * GridMath.SQRT2 + (c - b);
        }
        if (moves == 6) {
            return m;
        }
        int e = Math.min(m / 2, a + b);
        return e * GridMath.SQRT2 + (m - 2 * e);
    }
}
