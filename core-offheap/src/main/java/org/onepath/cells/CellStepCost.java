package org.onepath.cells;

/**
 * Tier-1 step-cost delegate: the cost of the move from (fromX, fromY) to (toX, toY) given the
 * grid's cost. A NaN, negative or +infinite result removes the move. Runs on the querying thread.
 */
@FunctionalInterface
public interface CellStepCost {
    /**
     * The cost of one move between neighbouring cells, replacing the grid's own.
     *
     * @param fromX    the column moved from
     * @param fromY    the row moved from
     * @param toX      the column moved to
     * @param toY      the row moved to
     * @param gridCost the cost the grid's own rule gives the move (from the area multipliers)
     * @return the move's cost, 0 or more and finite; NaN, negative or +infinity removes the move
     */
    double cost(int fromX, int fromY, int toX, int toY, double gridCost);
}
