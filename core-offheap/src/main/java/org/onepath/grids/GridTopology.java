package org.onepath.grids;

/**
 * A graph of integer nodes searched by the tier-2 cores (tier 3: implement it for a graph of
 * your own).
 *
 * <p>Instead of a visitor callback per neighbour, a topology writes one node's neighbours into
 * two small arrays that the search owns; the order it writes them in is the order the search
 * relaxes them, so it decides which of two equal-cost parents wins.
 */
public interface GridTopology {
    /**
     * Number of nodes; node indices are 0..nodeCount-1.
     *
     * @return the node count, 0 or more
     */
    int nodeCount();

    /**
     * Largest number of neighbours {@link #neighbors} writes for one node.
     *
     * @return the largest neighbour count, the length the {@code nodes} and {@code costs} arrays
     *         need
     */
    int maxDegree();

    /**
     * Whether an agent may stand on the node.
     *
     * @param node a node index, 0..nodeCount-1
     * @return true when the agent may stand there
     */
    boolean isWalkable(int node);

    /**
     * Writes the legal moves out of {@code node}: the target nodes into {@code nodes} and the
     * base cost of each move into {@code costs}, in the topology's normative order.
     *
     * @param node  the node to expand, 0..nodeCount-1
     * @param nodes receives the target nodes from index 0; at least {@link #maxDegree()} long
     * @param costs receives the base cost of each move from index 0; at least {@link #maxDegree()}
     *              long
     * @return the number of moves written (at most {@link #maxDegree()})
     */
    int neighbors(int node, int[] nodes, double[] costs);
}
