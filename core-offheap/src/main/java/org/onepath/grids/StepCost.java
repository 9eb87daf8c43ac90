package org.onepath.grids;

/**
 * Cost hook of the tier-2 searches: the cost of the move {@code from -> to} given the
 * topology's base cost. A NaN, negative or positive infinite result removes the move.
 */
@FunctionalInterface
public interface StepCost {
    double cost(int from, int to, double baseCost);
}
