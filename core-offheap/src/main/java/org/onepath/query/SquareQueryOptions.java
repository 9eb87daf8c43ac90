package org.onepath.query;

import org.onepath.cells.AreaCosts;
import org.onepath.cells.CellBlocker;
import org.onepath.cells.CellStepCost;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.grids.StepCost;
import org.onepath.grids.jps.JpsPlusIndex;

/**
 * What a square-grid query asks for, as the drivers read it: the facade builds one from its
 * options once and keeps it, so a driver recognises repeated options by identity.
 *
 * @param asked              the search asked for
 * @param connectivity       four or eight moves
 * @param diagonalRule       when a diagonal move is legal
 * @param agentSize          the agent's side in cells
 * @param estimate           the estimate asked for
 * @param weight             the heuristic weight
 * @param stepCost           the step-cost delegate, or null
 * @param blocked            the blocking delegate, or null
 * @param specializedEngines whether qualifying queries may run the specialised octile engines
 * @param hpaChunkSize       the chunk side of the HPA* hierarchy
 * @param hpaSmoothing       whether HPA* smooths its refined path
 * @param recordExpansions   whether the engines record the expanded nodes
 * @param allowPartial       whether a miss gives the path to the closest reached node
 */
public record SquareQueryOptions(
        SquareEngine asked,
        Connectivity connectivity,
        DiagonalRule diagonalRule,
        int agentSize,
        SquareEstimate estimate,
        double weight,
        CellStepCost stepCost,
        CellBlocker blocked,
        boolean specializedEngines,
        int hpaChunkSize,
        boolean hpaSmoothing,
        boolean recordExpansions,
        boolean allowPartial) {

    // A one-line query may run a jump point search with eight moves, no corner cutting, agent size
    // 1, one cost multiplier for every area, no step-cost or blocking delegate, heuristic weight 1
    // and an automatic, octile or zero estimate. Any other query runs A*. The any-angle searches
    // (Theta*, Lazy Theta*) qualify the same way but for the estimate (automatic, Euclidean or
    // zero) and the weight (any).

    /**
     * The search a one-line query with these options runs on a grid of this size (before the
     * bounded search's fallback for want of current goal bounds).
     *
     * @param areas  the grid's area costs
     * @param width  the grid's width
     * @param height the grid's height
     * @return the search to run, never a replanning one
     */
    public SquareEngine engineFor(AreaCosts areas, int width, int height) {
        if (asked == SquareEngine.HPA) {
            return qualifiesHpa() ? asked : SquareEngine.ASTAR;
        }
        if (asked == SquareEngine.THETA_STAR || asked == SquareEngine.LAZY_THETA_STAR) {
            return qualifiesAnyAngle(areas) ? asked : SquareEngine.ASTAR;
        }
        if (asked == SquareEngine.ASTAR
                || asked == SquareEngine.LPA_STAR
                || asked == SquareEngine.D_STAR_LITE
                || !qualifiesForJumpPoints(areas)) {
            // The replanning algorithms serve createReplanner; a one-off query runs A*.
            return SquareEngine.ASTAR;
        }
        if ((asked == SquareEngine.JPS_PLUS || asked == SquareEngine.JPS_PLUS_BOUNDED)
                && (width > JpsPlusIndex.MAX_SIDE || height > JpsPlusIndex.MAX_SIDE)) {
            return SquareEngine.JPS;
        }
        return asked;
    }

    private boolean qualifiesAnyAngle(AreaCosts areas) {
        return connectivity == Connectivity.EIGHT
                && diagonalRule == DiagonalRule.NO_CORNER_CUTTING
                && agentSize == 1
                && stepCost == null
                && blocked == null
                && (estimate == SquareEstimate.AUTO
                        || estimate == SquareEstimate.EUCLIDEAN
                        || estimate == SquareEstimate.ZERO)
                && areas.isUniform();
    }

    private boolean qualifiesHpa() {
        return stepCost == null
                && blocked == null
                && !(connectivity == Connectivity.EIGHT && diagonalRule == DiagonalRule.ALLOW_ALL);
    }

    /**
     * Whether a query with these options may run a jump point search (and the specialised octile
     * engines) over cells with these area costs.
     *
     * @param areas the grid's area costs
     * @return true when the moves, agent, delegates, weight, estimate and costs qualify
     */
    public boolean qualifiesForJumpPoints(AreaCosts areas) {
        return connectivity == Connectivity.EIGHT
                && diagonalRule == DiagonalRule.NO_CORNER_CUTTING
                && agentSize == 1
                && stepCost == null
                && blocked == null
                && weight == 1.0
                && (estimate == SquareEstimate.AUTO
                        || estimate == SquareEstimate.OCTILE
                        || estimate == SquareEstimate.ZERO)
                && areas.isUniform();
    }

    /**
     * The delegates as the engines' step cost over row-major cells, where a move touching a
     * blocked cell at either end costs infinity (the flow field's and the replanners' rule).
     *
     * @param width the grid's width
     * @return the step cost reading both delegates
     */
    public StepCost bothEndsStepCost(int width) {
        return new BothEndsCost(width, stepCost, blocked);
    }

    /** A move touching a blocked cell costs infinity; otherwise the step-cost delegate decides. */
    private record BothEndsCost(int width, CellStepCost stepCost, CellBlocker blocked) implements StepCost {
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
}
