package org.onepath.grids;

/** Estimate of the remaining cost to the goal set by {@link #setGoal}. */
public interface Heuristic {
    /** Sets the node the estimates aim at. */
    void setGoal(int goal);

    /** Estimated cost from {@code node} to the goal; never NaN. */
    double estimate(int node);
}
