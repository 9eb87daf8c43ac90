package org.onepath;

import org.onepath.grids.jps.JpsPlusIndex;

/**
 * When a tier-1 query may run a jump point search: eight moves, no corner cutting, agent size 1,
 * one cost multiplier for every area, no step-cost or blocking delegate, heuristic weight 1 and
 * an automatic, octile or zero estimate. Any other query runs A*.
 */
final class JumpPointQualification {
    private JumpPointQualification() {
    }

    /**
     * The algorithm a query runs: the one asked for when it qualifies, JPS instead of JPS+ when a
     * side exceeds the tables' limit, A* otherwise.
     */
    static GridAlgorithm algorithmFor(GridOptions options, AreaCosts areas, Grid grid) {
        GridAlgorithm asked = options.algorithm();
        if (asked == GridAlgorithm.ASTAR || !qualifies(options, areas)) {
            return GridAlgorithm.ASTAR;
        }
        if (asked == GridAlgorithm.JPS_PLUS
                && (grid.width() > JpsPlusIndex.MAX_SIDE || grid.height() > JpsPlusIndex.MAX_SIDE)) {
            return GridAlgorithm.JPS;
        }
        return asked;
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
