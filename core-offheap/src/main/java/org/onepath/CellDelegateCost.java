package org.onepath;

import org.onepath.grids.StepCost;

/**
 * The tier-1 delegates on the tier-2 hook for the searches that repair or fill whole regions
 * (replanners, flow fields): a blocked cell has no move into or out of it, and the step-cost
 * delegate sees the move from {@code from} to {@code to} as cells (x, y).
 */
record CellDelegateCost(int width, CellStepCost stepCost, CellBlocker blocked) implements StepCost {
    @Override
    public double cost(int from, int to, double baseCost) {
        int fx = from % width;
        int fy = from / width;
        int tx = to % width;
        int ty = to / width;
        if (blocked != null && (blocked.isBlocked(fx, fy) || blocked.isBlocked(tx, ty))) {
            return Double.POSITIVE_INFINITY;
        }
        return stepCost == null ? baseCost : stepCost.cost(fx, fy, tx, ty, baseCost);
    }
}
