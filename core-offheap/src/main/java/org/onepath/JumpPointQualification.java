package org.onepath;

import org.onepath.cells.AreaCosts;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.grids.jps.JpsPlusIndex;

/**
 * When a tier-1 query may run a jump point search: eight moves, no corner cutting, agent size 1,
 * one cost multiplier for every area, no step-cost or blocking delegate, heuristic weight 1 and
 * an automatic, octile or zero estimate. Any other query runs A*. The any-angle searches
 * (Theta*, Lazy Theta*) qualify the same way but for the estimate (automatic, Euclidean or zero)
 * and the weight (any).
 */
final class JumpPointQualification {
    private JumpPointQualification() {}

    /**
     * The algorithm a query runs: the one asked for when it qualifies, JPS instead of JPS+ when a
     * side exceeds the tables' limit, A* otherwise.
     */
    static GridAlgorithm algorithmFor(GridOptions options, AreaCosts areas, Grid grid) {
        GridAlgorithm asked = options.algorithm();
        if (asked == GridAlgorithm.HPA) {
            return qualifiesHpa(options) ? asked : GridAlgorithm.ASTAR;
        }
        if (asked == GridAlgorithm.THETA_STAR || asked == GridAlgorithm.LAZY_THETA_STAR) {
            return qualifiesAnyAngle(options, areas) ? asked : GridAlgorithm.ASTAR;
        }
        if (asked == GridAlgorithm.ASTAR
                || asked == GridAlgorithm.LPA_STAR
                || asked == GridAlgorithm.D_STAR_LITE
                || !qualifies(options, areas)) {
            // The replanning algorithms serve createReplanner; a one-off query runs A*.
            return GridAlgorithm.ASTAR;
        }
        if (asked == GridAlgorithm.JPS_PLUS
                && (grid.width() > JpsPlusIndex.MAX_SIDE || grid.height() > JpsPlusIndex.MAX_SIDE)) {
            return GridAlgorithm.JPS;
        }
        return asked;
    }

    /**
     * When a query may run an any-angle search: as for jump point search, but with an automatic,
     * Euclidean or zero estimate and any heuristic weight.
     */
    static boolean qualifiesAnyAngle(GridOptions options, AreaCosts areas) {
        HeuristicKind h = options.heuristic();
        return options.connectivity() == Connectivity.EIGHT
                && options.diagonalRule() == DiagonalRule.NO_CORNER_CUTTING
                && options.agentSize() == 1
                && options.stepCost() == null
                && options.blocked() == null
                && (h == HeuristicKind.AUTO || h == HeuristicKind.EUCLIDEAN || h == HeuristicKind.ZERO)
                && areas.isUniform();
    }

    /**
     * When a query may run HPA*: no delegates, and not eight moves with
     * {@link DiagonalRule#ALLOW_ALL} (a diagonal crossing there needs no straight one beside it).
     */
    static boolean qualifiesHpa(GridOptions options) {
        return options.stepCost() == null
                && options.blocked() == null
                && !(options.connectivity() == Connectivity.EIGHT && options.diagonalRule() == DiagonalRule.ALLOW_ALL);
    }

    static boolean qualifies(GridOptions options, AreaCosts areas) {
        HeuristicKind h = options.heuristic();
        return options.connectivity() == Connectivity.EIGHT
                && options.diagonalRule() == DiagonalRule.NO_CORNER_CUTTING
                && options.agentSize() == 1
                && options.stepCost() == null
                && options.blocked() == null
                && options.heuristicWeight() == 1.0
                && (h == HeuristicKind.AUTO || h == HeuristicKind.OCTILE || h == HeuristicKind.ZERO)
                && areas.isUniform();
    }
}
