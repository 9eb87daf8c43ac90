package org.onepath.cells;

/**
 * Tier-1 blocking delegate: a cell it refuses is not entered, and as a start or goal makes the
 * query return START_INVALID or GOAL_INVALID. Runs on the querying thread.
 */
@FunctionalInterface
public interface CellBlocker {
    /**
     * Whether the agent may not enter cell (x, y) (column and row on a hex grid).
     *
     * @param x the column, 0..width-1
     * @param y the row, 0..height-1
     * @return true to refuse the cell
     */
    boolean isBlocked(int x, int y);
}
