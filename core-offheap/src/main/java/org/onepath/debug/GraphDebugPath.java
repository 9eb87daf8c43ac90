package org.onepath.debug;

import java.util.List;
import java.util.Objects;
import org.onepath.cells.PathStatus;

/**
 * A graph result as immutable plain data ({@link GridDebug#describe(org.onepath.GraphPath)}).
 *
 * @param status             the query's status
 * @param cost               the path cost; +infinity unless found
 * @param expandedCount      nodes expanded
 * @param iterations         pops of the open set
 * @param nodes              the path's nodes, start first
 * @param edges              the edges taken, one fewer than the nodes
 * @param expansionsRecorded whether the expanded nodes were recorded
 * @param expanded           the expanded nodes in order when recorded (then as many as
 *                           {@code expandedCount}); else empty
 */
public record GraphDebugPath(
        PathStatus status,
        double cost,
        int expandedCount,
        int iterations,
        List<Integer> nodes,
        List<Integer> edges,
        boolean expansionsRecorded,
        List<Integer> expanded) {
    /**
     * Copies every list into an immutable one, so the record does not change when the caller's
     * lists do.
     *
     * @throws NullPointerException     if {@code status}, a list or an element is null
     * @throws IllegalArgumentException if recorded expansions are not {@code expandedCount} nodes
     */
    public GraphDebugPath {
        Objects.requireNonNull(status, "status");
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        expanded = List.copyOf(expanded);
        if (expansionsRecorded && expanded.size() != expandedCount) {
            throw new IllegalArgumentException(
                    "recorded expansions hold " + expanded.size() + " nodes, expandedCount is " + expandedCount);
        }
    }
}
