package org.onepath.debug;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.onepath.GraphPath;
import org.onepath.GridPath;
import org.onepath.HexPath;
import org.onepath.VoxelCell;
import org.onepath.VoxelPath;
import org.onepath.WorldPoint;
import org.onepath.cells.Cell;
import org.onepath.cells.HexCoord;

/**
 * Copies query results (square, hex, voxel and graph queries, and replanners') into immutable
 * plain data for drawing and logging: the path, its
 * waypoints (the start, every cell where the direction of travel changes, the goal), world
 * points, and the expanded cells in expansion order when they were recorded
 * ({@code recordExpansions} on the options; the list's length is then the expanded count).
 *
 * <p>What an expanded cell is: the cell popped and expanded (A*, voxel, Theta*), the jump point
 * popped (JPS, JPS+). The happy path pays nothing for this: nothing is recorded unless asked.
 */
public final class GridDebug {
    private GridDebug() {}

    /**
     * A square-grid result as plain data.
     *
     * @param path a square-grid query's or a grid replanner's result
     * @return an immutable copy; after an any-angle search the waypoints are the path's cells
     * @throws NullPointerException if {@code path} is null
     */
    public static GridDebugPath describe(GridPath path) {
        Objects.requireNonNull(path, "path");
        List<Cell> cells = List.copyOf(path.cells());
        List<Cell> waypoints = path.isAnyAngle() ? cells : turns(cells);
        List<WorldPoint> points = List.copyOf(path.points());
        List<Cell> expanded = path.hasExpandedCells() ? List.copyOf(path.expandedCells()) : List.of();
        return new GridDebugPath(
                path.status(),
                path.algorithm(),
                path.cost(),
                path.expandedCount(),
                path.iterations(),
                cells,
                waypoints,
                points,
                path.hasExpandedCells(),
                expanded);
    }

    /**
     * A voxel result as plain data. Waypoints are where the 3D step changes.
     *
     * @param path a voxel query's result
     * @return an immutable copy
     * @throws NullPointerException if {@code path} is null
     */
    public static VoxelDebugPath describe(VoxelPath path) {
        Objects.requireNonNull(path, "path");
        List<VoxelCell> cells = List.copyOf(path.cells());
        List<VoxelCell> waypoints = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            if (i == 0 || i == cells.size() - 1 || turnsAt(cells.get(i - 1), cells.get(i), cells.get(i + 1))) {
                waypoints.add(cells.get(i));
            }
        }
        List<VoxelCell> expanded = path.hasExpandedCells() ? List.copyOf(path.expandedCells()) : List.of();
        return new VoxelDebugPath(
                path.status(),
                path.cost(),
                path.expandedCount(),
                path.iterations(),
                cells,
                List.copyOf(waypoints),
                List.copyOf(path.points()),
                path.hasExpandedCells(),
                expanded);
    }

    /**
     * A hex-grid result as plain data: a one-off query's or a {@link org.onepath.HexReplanner}'s
     * (a {@link org.onepath.GridReplanner}'s result is a {@link GridPath}). Waypoints are where the
     * axial step changes, since a straight hex line keeps one axial step while its offset column
     * and row steps alternate.
     *
     * @param path a hex query's or a hex replanner's result
     * @return an immutable copy
     * @throws NullPointerException if {@code path} is null
     */
    public static HexDebugPath describe(HexPath path) {
        Objects.requireNonNull(path, "path");
        List<Cell> cells = List.copyOf(path.cells());
        List<HexCoord> hexes = List.copyOf(path.hexes());
        List<Cell> waypoints = new ArrayList<>();
        for (int i = 0; i < hexes.size(); i++) {
            if (i == 0 || i == hexes.size() - 1 || turnsAt(hexes.get(i - 1), hexes.get(i), hexes.get(i + 1))) {
                waypoints.add(cells.get(i));
            }
        }
        List<Cell> expanded = path.hasExpandedCells() ? List.copyOf(path.expandedCells()) : List.of();
        return new HexDebugPath(
                path.status(),
                path.cost(),
                path.expandedCount(),
                path.iterations(),
                cells,
                hexes,
                List.copyOf(waypoints),
                List.copyOf(path.points()),
                path.hasExpandedCells(),
                expanded);
    }

    /**
     * A graph result as plain data (every node of a graph path is a waypoint).
     *
     * @param path a graph query's result
     * @return an immutable copy, node and edge ids boxed into lists
     * @throws NullPointerException if {@code path} is null
     */
    public static GraphDebugPath describe(GraphPath path) {
        Objects.requireNonNull(path, "path");
        return new GraphDebugPath(
                path.status(),
                path.cost(),
                path.expandedCount(),
                path.iterations(),
                boxed(path.nodes()),
                boxed(path.edges()),
                path.hasExpandedNodes(),
                path.hasExpandedNodes() ? boxed(path.expandedNodes()) : List.of());
    }

    private static List<Integer> boxed(int[] values) {
        List<Integer> out = new ArrayList<>(values.length);
        for (int v : values) {
            out.add(v);
        }
        return List.copyOf(out);
    }

    private static List<Cell> turns(List<Cell> cells) {
        List<Cell> out = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            if (i == 0 || i == cells.size() - 1) {
                out.add(cells.get(i));
                continue;
            }
            Cell a = cells.get(i - 1);
            Cell b = cells.get(i);
            Cell c = cells.get(i + 1);
            if (b.x() - a.x() != c.x() - b.x() || b.y() - a.y() != c.y() - b.y()) {
                out.add(b);
            }
        }
        return List.copyOf(out);
    }

    private static boolean turnsAt(HexCoord a, HexCoord b, HexCoord c) {
        return b.q() - a.q() != c.q() - b.q() || b.r() - a.r() != c.r() - b.r();
    }

    private static boolean turnsAt(VoxelCell a, VoxelCell b, VoxelCell c) {
        return b.x() - a.x() != c.x() - b.x() || b.y() - a.y() != c.y() - b.y() || b.z() - a.z() != c.z() - b.z();
    }
}
