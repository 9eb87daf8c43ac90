package org.onepath.debug;

import java.util.List;
import java.util.Objects;
import org.onepath.GridAlgorithm;
import org.onepath.WorldPoint;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;

/**
 * A square-grid result as immutable plain data ({@link GridDebug#describe(org.onepath.GridPath)}).
 *
 * @param status             the query's status
 * @param algorithm          the algorithm that ran (after any fallback)
 * @param cost               the path cost; +infinity unless found
 * @param expandedCount      nodes expanded
 * @param iterations         pops of the open set
 * @param path               the path cells, start first (the waypoints after an any-angle search)
 * @param waypoints          the start, every cell where the direction changes, and the goal
 *                           (every cell after an any-angle search)
 * @param points             the world centres of the path cells
 * @param expansionsRecorded whether the expanded cells were recorded
 * @param expanded           the expanded cells in order when recorded (then as many as
 *                           {@code expandedCount}); else empty
 */
public record GridDebugPath(
        PathStatus status,
        GridAlgorithm algorithm,
        double cost,
        int expandedCount,
        int iterations,
        List<Cell> path,
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
    public GridDebugPath {
        Objects.requireNonNull(status, "status");
        path = List.copyOf(path);
        waypoints = List.copyOf(waypoints);
        points = List.copyOf(points);
        expanded = List.copyOf(expanded);
        if (expansionsRecorded && expanded.size() != expandedCount) {
            throw new IllegalArgumentException(
                    "recorded expansions hold " + expanded.size() + " cells, expandedCount is " + expandedCount);
        }
    }
}
