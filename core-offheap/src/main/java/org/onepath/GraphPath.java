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

    /** Whether a path was found. */
    public boolean found() {
        return status == PathStatus.FOUND;
    }

    /** The nodes from start to goal (a copy); a start equal to the goal gives one node. */
    public int[] nodes() {
        return nodes.clone();
    }

    /** The edge ids of the path, first edge first (a copy): one fewer than the nodes. */
    public int[] edges() {
        return edges.clone();
    }

    /** Number of nodes on the path. */
    public int length() {
        return nodes.length;
    }

    /** Sum of the edge weights in path order from 0; +infinity when not found. */
    public double cost() {
        return cost;
    }

    /** Nodes expanded: iterations, less one when the goal was popped. */
    public int expandedCount() {
        return expandedCount;
    }

    /** Pops of the open set (settled nodes). */
    public int iterations() {
        return iterations;
    }

    /** The estimate that ran (AUTO resolved). */
    public GraphHeuristic heuristic() {
        return heuristic;
    }

    /** Whether the expanded nodes were recorded. */
    public boolean hasExpandedNodes() {
        return expanded != null;
    }

    /** The expanded nodes in order, when recorded ({@link GraphOptions#recordExpansions()}); else empty (a copy). */
    public int[] expandedNodes() {
        return expanded == null ? NONE : expanded.clone();
    }

    @Override
    public String toString() {
        return "GraphPath[" + status + ", cost " + cost + ", " + nodes.length + " nodes, " + expandedCount
                + " expanded, " + heuristic + "]";
    }
}
