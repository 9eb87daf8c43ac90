package org.onepath.query;

import org.onepath.cells.PathStatus;

/**
 * What one engine run found, before a facade wraps it into its path type.
 *
 * @param nodes the path's nodes from start to goal, or null unless FOUND
 * @param edges the path's edges (graphs only), or null
 * @param cost the path's cost, or positive infinity
 * @param expanded the expanded nodes in order when recorded, or null
 */
public record SearchResult(
        PathStatus status, int[] nodes, int[] edges, double cost, int expandedCount, int iterations, int[] expanded) {}
