package org.onepath;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.onepath.cells.Cell;
import org.onepath.grids.theta.GridPathSmoother;
import org.onepath.grids.voxel.VoxelPathSmoother;

/**
 * Path smoothing (tier 1): shortens a square-grid or voxel path into straight segments between a
 * subset of its cells by line of sight, never raising its cost under the grid's area costs. Works
 * on the path of any search (A*, JPS, HPA*, the replanners, the any-angle searches) or on a plain
 * list of cells.
 *
 * <pre>{@code
 * GridPath path = grid.findPath(start, goal);
 * PathSmoother.SmoothedPath smooth = PathSmoother.smooth(grid, path);
 * smooth.waypoints();   // start, the kept corners, goal
 * smooth.cost();        // never above smooth.inputCost(), the path's steps priced and added in order
 * }</pre>
 *
 * <p>From each kept cell the next one is the farthest later cell (at most
 * {@link GridPathSmoother#DEFAULT_LOOK_AHEAD} cells ahead on a square grid,
 * {@link VoxelPathSmoother#DEFAULT_LOOK_AHEAD} in a voxel grid) that the agent reaches in a
 * straight line ({@link org.onepath.grids.theta.GridLineOfSight}; for agent sizes above 1 every
 * position cell along the line must fit the agent) for no more than the input's cost between
 * them. A segment costs its length times the multipliers of the cells it passes, weighted by the
 * length inside each, so a single step costs what the grid's move does. The rules are in
 * {@link GridPathSmoother} and {@link VoxelPathSmoother}; {@code docs/smoothing.md} shows them.
 *
 * <p>Each call allocates its own working arrays; for many paths use the tier-2 smoothers, which
 * keep theirs. The grid must not be edited during a call.
 */
public final class PathSmoother {
    private PathSmoother() {}

    /**
     * A square-grid path after {@link PathSmoother}: any-angle waypoints joined by straight segments
     * and their cost. Immutable.
     *
     * @param waypoints the kept cells, start first and goal last; empty when the input had no path
     * @param cost      the waypoints' segment costs added in path order from 0 (see
     *                  {@code docs/smoothing.md}); +infinity when the input had no path
     * @param inputCost the input's cost under the same segment costs, never below {@code cost}; for a
     *                  path of single steps, the steps' grid costs added in path order: the search's
     *                  cost bit for bit when the search adds them so (the generic A* core, HPA*);
     *                  engines that count them otherwise (JPS, the specialised octile engines) may
     *                  differ in the last bits
     */
    public record SmoothedPath(List<Cell> waypoints, double cost, double inputCost) {
        /**
         * Checks and copies the waypoints.
         *
         * @param waypoints the kept cells, start first; copied
         * @param cost      the smoothed cost
         * @param inputCost the input's cost
         * @throws NullPointerException if {@code waypoints} or one of its cells is null
         */
        public SmoothedPath {
            waypoints = List.copyOf(Objects.requireNonNull(waypoints, "waypoints"));
        }

        /**
         * The centres of the waypoints in a grid's world coordinates.
         *
         * @param space the mapping of the grid the path was smoothed on
         * @return a new list of the centres, one per waypoint
         * @throws NullPointerException if {@code space} is null
         */
        public List<WorldPoint> points(GridSpace space) {
            Objects.requireNonNull(space, "space");
            return waypoints.stream().map(c -> space.centerOf(c.x(), c.y())).toList();
        }
    }

    /**
     * A voxel path after {@link PathSmoother}: waypoints joined by straight segments and their cost.
     * Immutable.
     *
     * @param waypoints the kept voxels, start first and goal last; empty when the input had no path
     * @param cost      the waypoints' segment costs added in path order from 0 (see
     *                  {@code docs/smoothing.md}); +infinity when the input had no path
     * @param inputCost the input's cost under the same segment costs, never below {@code cost}; for a
     *                  path of single moves, the moves' grid costs added in path order (voxel A*'s
     *                  cost bit for bit; voxel JPS counts them otherwise and may differ in the last
     *                  bits)
     */
    public record SmoothedVoxelPath(List<VoxelCell> waypoints, double cost, double inputCost) {
        /**
         * Checks and copies the waypoints.
         *
         * @param waypoints the kept voxels, start first; copied
         * @param cost      the smoothed cost
         * @param inputCost the input's cost
         * @throws NullPointerException if {@code waypoints} or one of its voxels is null
         */
        public SmoothedVoxelPath {
            waypoints = List.copyOf(Objects.requireNonNull(waypoints, "waypoints"));
        }
    }

    /**
     * Smooths a path found with the default options (agent size 1).
     *
     * @param grid the grid the path was found on
     * @param path the path; not found gives an empty result with cost +infinity
     * @return the waypoints and their cost
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the path is from a grid of another width or leaves the
     *                                  grid's walkable cells
     */
    public static SmoothedPath smooth(Grid grid, GridPath path) {
        return smooth(grid, path, GridOptions.DEFAULT);
    }

    /**
     * Smooths a path for the agent size of {@code options}.
     *
     * @param grid    the grid the path was found on
     * @param path    the path; not found gives an empty result with cost +infinity
     * @param options the query's options: the agent size is used; shortcuts follow the strict
     *                line of sight whatever the diagonal rule (the input's own steps are kept as
     *                they are)
     * @return the waypoints and their cost
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the path is from a grid of another width, leaves the
     *                                  cells the agent fits, or the options carry a step-cost or
     *                                  blocking delegate (the smoother prices by area costs only)
     */
    public static SmoothedPath smooth(Grid grid, GridPath path, GridOptions options) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(path, "path");
        checkOptions(options);
        if (!path.found()) {
            return new SmoothedPath(List.of(), Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
        }
        if (path.width() != grid.width()) {
            throw new IllegalArgumentException(
                    "the path is from a grid " + path.width() + " cells wide, this grid is " + grid.width());
        }
        return run(grid, path.cellsView(), options.agentSize());
    }

    /**
     * Smooths a list of cells (consecutive cells usually neighbours, though any cells inside the
     * grid are accepted: a step between far cells is kept and priced like a segment).
     *
     * @param grid    the grid
     * @param cells   the path, start first; each inside the grid and a cell the agent fits
     * @param options the options whose agent size is used (see
     *                {@link #smooth(Grid, GridPath, GridOptions)})
     * @return the waypoints and their cost
     * @throws NullPointerException     if an argument or a cell is null
     * @throws IllegalArgumentException if a cell is outside the grid or one the agent does not fit,
     *                                  or the options carry a step-cost or blocking delegate
     */
    public static SmoothedPath smooth(Grid grid, List<Cell> cells, GridOptions options) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(cells, "cells");
        checkOptions(options);
        int[] path = new int[cells.size()];
        for (int i = 0; i < path.length; i++) {
            Cell c = Objects.requireNonNull(cells.get(i), "cells[" + i + "]");
            if (!grid.contains(c.x(), c.y())) {
                throw new IllegalArgumentException("cells[" + i + "] = " + c + " is outside the " + grid.width() + " x "
                        + grid.height() + " grid");
            }
            path[i] = c.y() * grid.width() + c.x();
        }
        return run(grid, path, options.agentSize());
    }

    /**
     * Smooths a voxel path.
     *
     * @param grid the voxel grid the path was found on
     * @param path the path; not found gives an empty result with cost +infinity
     * @return the waypoints and their cost
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if a voxel of the path is outside the grid or solid
     */
    public static SmoothedVoxelPath smooth(VoxelGrid grid, VoxelPath path) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(path, "path");
        if (!path.found()) {
            return new SmoothedVoxelPath(List.of(), Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
        }
        return smooth(grid, path.cells());
    }

    /**
     * Smooths a list of voxels (consecutive voxels usually neighbours).
     *
     * @param grid  the voxel grid
     * @param cells the path, start first; each inside the grid and open
     * @return the waypoints and their cost
     * @throws NullPointerException     if an argument or a voxel is null
     * @throws IllegalArgumentException if a voxel is outside the grid or solid
     */
    public static SmoothedVoxelPath smooth(VoxelGrid grid, List<VoxelCell> cells) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(cells, "cells");
        int[] path = new int[cells.size()];
        for (int i = 0; i < path.length; i++) {
            VoxelCell c = Objects.requireNonNull(cells.get(i), "cells[" + i + "]");
            if (!grid.contains(c.x(), c.y(), c.z())) {
                throw new IllegalArgumentException("cells[" + i + "] = " + c + " is outside the " + grid.sizeX() + " x "
                        + grid.sizeY() + " x " + grid.sizeZ() + " voxel grid");
            }
            path[i] = grid.indexOf(c.x(), c.y(), c.z());
        }
        VoxelPathSmoother smoother = new VoxelPathSmoother(grid.chunkTable(), grid.areas());
        int[] out = new int[path.length];
        int k = smoother.smooth(path, path.length, out);
        List<VoxelCell> waypoints = new ArrayList<>(k);
        int sx = grid.sizeX();
        int sy = grid.sizeY();
        for (int i = 0; i < k; i++) {
            int n = out[i];
            waypoints.add(new VoxelCell(n % sx, (n / sx) % sy, n / sx / sy));
        }
        return new SmoothedVoxelPath(waypoints, smoother.cost(), smoother.inputCost());
    }

    private static void checkOptions(GridOptions options) {
        Objects.requireNonNull(options, "options");
        if (options.stepCost() != null) {
            throw new IllegalArgumentException(
                    "options carry a stepCost delegate; the smoother prices segments by the grid's area costs only");
        }
        if (options.blocked() != null) {
            throw new IllegalArgumentException(
                    "options carry a blocked delegate; the smoother tests sight against the grid's cells only");
        }
    }

    private static SmoothedPath run(Grid grid, int[] path, int agentSize) {
        GridPathSmoother smoother = new GridPathSmoother(grid, agentSize);
        int[] out = new int[path.length];
        int k = smoother.smooth(path, path.length, out);
        return new SmoothedPath(
                Cell.listOf(Arrays.copyOf(out, k), grid.width()), smoother.cost(), smoother.inputCost());
    }
}
