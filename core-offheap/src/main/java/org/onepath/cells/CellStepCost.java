package org.onepath.cells;

/**
 * Tier-1 step-cost delegate: the cost of the move from (fromX, fromY) to (toX, toY) given the
 * grid's cost. A NaN, negative or +infinite result removes the move. Runs on the querying thread.
 */
@FunctionalInterface
public interface CellStepCost {
    double cost(int fromX, int fromY, int toX, int toY, double gridCost);
}
