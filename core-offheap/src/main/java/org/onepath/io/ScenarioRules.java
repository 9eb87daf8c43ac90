package org.onepath.io;

import java.util.Objects;
import org.onepath.GridAlgorithm;

/**
 * When a computed cost answers a Moving AI scenario problem: the one definition of "a mismatch"
 * that {@code onepath scen} and the distributed scenario job both apply.
 *
 * <p>A published length of 0 between distinct cells means the problem has no path: it is answered
 * only by "no path" (an infinite cost), whatever the rule. Otherwise the rule of the search
 * decides ({@link Rule}): an optimal search must meet the published length within the problem's
 * {@link MovingAiScenario#matchTolerance() tolerance}; an any-angle search (Theta*, Lazy Theta*)
 * must not be longer than the eight-connected optimum; a search that trades optimality for speed
 * (HPA*) must find a path and not be shorter than the optimum by more than the tolerance. Voxel
 * problems take the same rules with their absolute {@link VoxelScenario#matchTolerance()
 * tolerance}.
 */
public final class ScenarioRules {
    /**
     * The relative slack of "not longer" for any-angle costs: the published lengths differ from
     * exact octile sums by up to 1.7e-9 of the length.
     */
    public static final double ANY_ANGLE_SLACK = 1e-6;

    /** How a search's cost is compared with the published optimum. */
    public enum Rule {
        /** An optimal search: equal to the optimum within the problem's tolerance. */
        EXACT,
        /**
         * An any-angle search: not longer than the eight-connected optimum (relative {@link
         * #ANY_ANGLE_SLACK}), as straight segments may cut its corners.
         */
        ANY_ANGLE,
        /** A suboptimal search (HPA*): a path, not shorter than the optimum beyond the tolerance. */
        SUBOPTIMAL
    }

    private ScenarioRules() {}

    /**
     * The rule a tier-1 algorithm's costs are checked by: {@link Rule#ANY_ANGLE} for Theta* and
     * Lazy Theta*, {@link Rule#SUBOPTIMAL} for HPA*, {@link Rule#EXACT} for the rest.
     *
     * @param algorithm a tier-1 algorithm
     * @return its rule
     */
    public static Rule ruleOf(GridAlgorithm algorithm) {
        return switch (Objects.requireNonNull(algorithm, "algorithm")) {
            case THETA_STAR, LAZY_THETA_STAR -> Rule.ANY_ANGLE;
            case HPA -> Rule.SUBOPTIMAL;
            case ASTAR, JPS, JPS_PLUS, LPA_STAR, D_STAR_LITE, JPS_PLUS_BOUNDED -> Rule.EXACT;
        };
    }

    /**
     * Whether the problem has a path: a published length of 0 between distinct cells says it has
     * none.
     *
     * @param problem a scenario problem
     * @return false for a no-path line
     */
    public static boolean hasPath(MovingAiScenario problem) {
        boolean sameCell = problem.startX() == problem.goalX() && problem.startY() == problem.goalY();
        return problem.optimalLength() != 0 || sameCell;
    }

    /**
     * Whether a cost answers the problem under a rule.
     *
     * @param problem a scenario problem
     * @param cost    the search's cost, {@link Double#POSITIVE_INFINITY} for "no path" (an invalid
     *                end counts as none); NaN never matches
     * @param rule    the search's rule
     * @return true when it matches, false for a mismatch
     */
    public static boolean matches(MovingAiScenario problem, double cost, Rule rule) {
        Objects.requireNonNull(rule, "rule");
        if (!hasPath(problem)) {
            return cost == Double.POSITIVE_INFINITY;
        }
        double optimal = problem.optimalLength();
        return switch (rule) {
            case EXACT -> Math.abs(cost - optimal) <= problem.matchTolerance();
            case ANY_ANGLE -> cost <= optimal * (1 + ANY_ANGLE_SLACK);
            case SUBOPTIMAL -> cost < Double.POSITIVE_INFINITY && cost >= optimal - problem.matchTolerance();
        };
    }

    /**
     * Whether a cost answers a voxel problem: within its absolute {@link
     * VoxelScenario#matchTolerance() tolerance} of the published length.
     *
     * @param problem a voxel scenario problem
     * @param cost    the search's cost, {@link Double#POSITIVE_INFINITY} for "no path"
     * @return true when it matches
     */
    public static boolean matches(VoxelScenario problem, double cost) {
        return matches(problem, cost, Rule.EXACT);
    }

    /**
     * Whether a cost answers a voxel problem under a rule: {@link Rule#EXACT} within its absolute
     * {@link VoxelScenario#matchTolerance() tolerance} of the published length; {@link
     * Rule#SUBOPTIMAL} (the voxel hierarchy) a path not shorter than the published length beyond
     * that tolerance; {@link Rule#ANY_ANGLE} a cost not longer than it (relative {@link
     * #ANY_ANGLE_SLACK}).
     *
     * @param problem a voxel scenario problem
     * @param cost    the search's cost, {@link Double#POSITIVE_INFINITY} for "no path"; NaN never
     *                matches
     * @param rule    the search's rule
     * @return true when it matches, false for a mismatch
     */
    public static boolean matches(VoxelScenario problem, double cost, Rule rule) {
        Objects.requireNonNull(rule, "rule");
        double optimal = problem.optimalLength();
        return switch (rule) {
            case EXACT -> Math.abs(cost - optimal) <= problem.matchTolerance();
            case ANY_ANGLE -> cost <= optimal * (1 + ANY_ANGLE_SLACK);
            case SUBOPTIMAL -> cost < Double.POSITIVE_INFINITY && cost >= optimal - problem.matchTolerance();
        };
    }
}
