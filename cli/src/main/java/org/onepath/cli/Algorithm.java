package org.onepath.cli;

import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.io.ScenarioRules;

/**
 * A named search the command can run over a grid: {@link #prepare} does the per-map work
 * (timed as preprocessing), then the solver answers queries (timed as search).
 */
interface Algorithm {
    /** The name used on the command line and in reports. */
    String name();

    /** One line for {@code --help}. */
    String description();

    /**
     * Whether the search returns any-angle paths (waypoints in line of sight, costed by straight
     * segments): such a cost may lie below the published eight-connected optimum, so reports
     * check that it is not longer rather than equal.
     */
    default boolean anyAngle() {
        return false;
    }

    /**
     * Whether the search gives up optimality for speed (HPA*): its cost may lie above the
     * published optimum, so reports count a shorter or missing path as a mismatch, not a longer
     * one, and give per map the mean and maximum percentage over the optimum.
     */
    default boolean suboptimal() {
        return false;
    }

    /**
     * The rule its costs are checked by against the published optimum: any-angle, suboptimal or
     * exact ({@link ScenarioRules}, the one definition of a mismatch).
     */
    default ScenarioRules.Rule rule() {
        return anyAngle()
                ? ScenarioRules.Rule.ANY_ANGLE
                : suboptimal() ? ScenarioRules.Rule.SUBOPTIMAL : ScenarioRules.Rule.EXACT;
    }

    /**
     * Whether {@code onepath demo} runs it. A whole-map algorithm (a flow field per query) would
     * take the demo's map from seconds to minutes, so it runs in {@code scen} only.
     */
    default boolean inDemo() {
        return true;
    }

    /**
     * Whether it answers with the goal bounds of the grid ({@code jpsplus-bounded}): from a map
     * preparing bakes them, from a store it uses the store's, and without them it runs JPS+.
     */
    default boolean usesGoalBounds() {
        return false;
    }

    /**
     * The tier-1 algorithm a solver reports for a query it answered as asked, or null when it
     * reports none; a query that reports another one fell back, and the run counts it apart.
     */
    default GridAlgorithm reported() {
        return null;
    }

    /** Builds what the search needs for this grid. */
    Solver prepare(Grid grid);

    /**
     * Builds what the search needs for a grid opened from a store: what the store holds is used
     * and nothing it could hold is computed (the goal bounds are not baked).
     */
    default Solver prepareStored(Grid grid) {
        return prepare(grid);
    }

    /** Answers queries on one grid; not thread-safe. */
    interface Solver extends AutoCloseable {
        /**
         * Cost of a shortest path, or +infinity when there is none (an invalid end counts as
         * none).
         */
        double solve(int startX, int startY, int goalX, int goalY);

        /** Expanded nodes of the last {@link #solve}. */
        long lastExpanded();

        /** The tier-1 algorithm that answered the last {@link #solve}, or null when it reports none. */
        default GridAlgorithm lastAlgorithm() {
            return null;
        }

        /** Native bytes of the per-map structure {@code prepare} built (0 when there is none worth reporting). */
        default long preparedBytes() {
            return 0;
        }

        @Override
        void close();
    }
}
