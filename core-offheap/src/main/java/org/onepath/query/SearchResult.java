package org.onepath.query;

import org.onepath.cells.PathStatus;
import org.onepath.grids.fast.OctileHops;

/**
 * What one engine run found, before a facade wraps it into its path type.
 *
 * @param nodes the path's nodes from start to goal, or null unless FOUND, or null when
 *        {@code hops} holds the path
 * @param edges the path's edges (graphs only), or null
 * @param cost the path's cost, or positive infinity
 * @param expanded the expanded nodes in order when recorded, or null
 * @param hops the path of an octile jump search as its jump points, cells drawn on demand, or
 *        null when {@code nodes} holds the path (or there is none)
 */
public record SearchResult(
        PathStatus status,
        int[] nodes,
        int[] edges,
        double cost,
        int expandedCount,
        int iterations,
        int[] expanded,
        OctileHops hops) {

    /** A result whose path, if any, is {@code nodes}. */
    public SearchResult(
            PathStatus status,
            int[] nodes,
            int[] edges,
            double cost,
            int expandedCount,
            int iterations,
            int[] expanded) {
        this(status, nodes, edges, cost, expandedCount, iterations, expanded, null);
    }

    /** The path's nodes from start to goal, drawn from {@code hops} when it holds them; null when there is no path. */
    public int[] pathNodes() {
        return hops != null ? hops.cells() : nodes;
    }
}
