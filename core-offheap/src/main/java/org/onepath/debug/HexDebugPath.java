package org.onepath.debug;

import java.util.List;
import java.util.Objects;
import org.onepath.WorldPoint;
import org.onepath.cells.Cell;
import org.onepath.cells.HexCoord;
import org.onepath.cells.PathStatus;

/**
 * A hex-grid result as immutable plain data ({@link GridDebug#describe(org.onepath.HexPath)}),
 * from a one-off query or a {@link org.onepath.HexReplanner}.
 *
 * @param status             the query's status
 * @param cost               the path cost; +infinity unless found
 * @param expandedCount      nodes expanded
 * @param iterations         pops of the open set
 * @param path               the path cells (column, row), start first
 * @param hexes              the same path in axial coordinates
 * @param waypoints          the start, every cell where the axial step changes, and the goal
 * @param points             the world centres of the path cells
 * @param expansionsRecorded whether the expanded cells were recorded
 * @param expanded           the expanded cells in order when recorded (then as many as
 *                           {@code expandedCount}); else empty
 */
public record HexDebugPath(
        PathStatus status,
        double cost,
        int expandedCount,
        int iterations,
        List<Cell> path,
        List<HexCoord> hexes,
        List<Cell> waypoints,
        List<WorldPoint> points,
        boolean expansionsRecorded,
        List<Cell> expanded) {
    /**
     * Copies every list into an immutable one, so the record does not change when the caller's
     * lists do.
     *
     * @throws NullPointerException     if {@code status}, a list or an element is null
     * @throws IllegalArgumentException if recorded expansions are not {@code expandedCount} cells
     */
    public HexDebugPath {
        Objects.requireNonNull(status, "status");
        path = List.copyOf(path);
        hexes = List.copyOf(hexes);
        waypoints = List.copyOf(waypoints);
        points = List.copyOf(points);
        expanded = List.copyOf(expanded);
        if (expansionsRecorded && expanded.size() != expandedCount) {
            throw new IllegalArgumentException(
                    "recorded expansions hold " + expanded.size() + " cells, expandedCount is " + expandedCount);
        }
    }
}
