package org.onepath.grids;

/** Estimate of the remaining cost to the goal set by {@link #setGoal}. */
public interface Heuristic {
    /**
     * Sets the node the estimates aim at.
     *
     * @param goal the goal node index, 0..nodeCount-1
     */
    void setGoal(int goal);

    /**
     * Estimated cost from {@code node} to the goal; never NaN.
     *
     * @param node a node index, 0..nodeCount-1
     * @return the estimate, 0 or more and finite
     */
    double estimate(int node);
}
