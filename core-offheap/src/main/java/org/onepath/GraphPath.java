package org.onepath;

import org.onepath.cells.PathStatus;

/**
 * Result of a tier-1 graph query. Immutable. On any status but {@link PathStatus#FOUND} the path
 * is empty and the cost is +infinity.
 */
public final class GraphPath {
    private static final int[] NONE = new int[0];

    private final PathStatus status;
    private final int[] nodes;
    private final int[] edges;
    private final double cost;
    private final int expandedCount;
    private final int iterations;
    private final GraphHeuristic heuristic;
    private final int[] expanded;

    GraphPath(
            PathStatus status,
            int[] nodes,
            int[] edges,
            double cost,
            int expandedCount,
            int iterations,
            GraphHeuristic heuristic,
            int[] expanded) {
        this.status = status;
        this.nodes = nodes == null ? NONE : nodes;
        this.edges = edges == null ? NONE : edges;
        this.cost = cost;
        this.expandedCount = expandedCount;
        this.iterations = iterations;
        this.heuristic = heuristic;
        this.expanded = expanded;
    }

    static GraphPath invalid(PathStatus status, GraphHeuristic heuristic) {
        return new GraphPath(status, NONE, NONE, Double.POSITIVE_INFINITY, 0, 0, heuristic, null);
    }

    /**
     * How the query ended.
     *
     * @return FOUND, NO_PATH, CANCELLED or the other {@link PathStatus} values
     */
    public PathStatus status() {
        return status;
    }

    /**
     * Whether a path was found.
     *
     * @return true when the status is FOUND
     */
    public boolean found() {
        return status == PathStatus.FOUND;
    }

    /**
     * The nodes from start to goal (a copy); a start equal to the goal gives one node.
     *
     * @return a new array of node ids, empty when no path was found
     */
    public int[] nodes() {
        return nodes.clone();
    }

    /**
     * The edge ids of the path, first edge first (a copy): one fewer than the nodes.
     *
     * @return a new array of edge ids, empty for a one-node path or when not found
     */
    public int[] edges() {
        return edges.clone();
    }

    /**
     * Number of nodes on the path.
     *
     * @return the node count, 0 when no path was found
     */
    public int length() {
        return nodes.length;
    }

    /**
     * Sum of the edge weights in path order from 0; +infinity when not found.
     *
     * @return the cost, 0 or more, or +infinity
     */
    public double cost() {
        return cost;
    }

    /**
     * Nodes expanded: iterations, less one when the goal was popped.
     *
     * @return the number of expanded nodes, 0 or more
     */
    public int expandedCount() {
        return expandedCount;
    }

    /**
     * Pops of the open set (settled nodes).
     *
     * @return the number of pops, 0 or more
     */
    public int iterations() {
        return iterations;
    }

    /**
     * The estimate that ran (AUTO resolved).
     *
     * @return the estimate used, never AUTO
     */
    public GraphHeuristic heuristic() {
        return heuristic;
    }

    /**
     * Whether the expanded nodes were recorded.
     *
     * @return true when {@link #expandedNodes()} holds the expansions
     */
    public boolean hasExpandedNodes() {
        return expanded != null;
    }

    /**
     * The expanded nodes in order, when recorded ({@link GraphOptions#recordExpansions()}); else
     * empty (a copy).
     *
     * @return a new array of the expanded node ids, in expansion order
     */
    public int[] expandedNodes() {
        return expanded == null ? NONE : expanded.clone();
    }

    @Override
    public String toString() {
        return "GraphPath[" + status + ", cost " + cost + ", " + nodes.length + " nodes, " + expandedCount
                + " expanded, " + heuristic + "]";
    }
}
