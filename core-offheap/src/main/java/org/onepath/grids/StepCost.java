package org.onepath.grids;

/**
 * Cost hook of the tier-2 searches: the cost of the move {@code from -> to} given the
 * topology's base cost. A NaN, negative or positive infinite result removes the move.
 */
@FunctionalInterface
public interface StepCost {
    /**
     * The cost of the move {@code from -> to}.
     *
     * @param from     the node moved from
     * @param to       the node moved to
     * @param baseCost the topology's cost of the move
     * @return the move's cost, 0 or more and finite; NaN, negative or +infinity removes the move
     */
    double cost(int from, int to, double baseCost);
}
