package org.onepath.cells;

/**
 * Tier-1 blocking delegate: a cell it refuses is not entered, and as a start or goal makes the
 * query return START_INVALID or GOAL_INVALID. Runs on the querying thread.
 */
@FunctionalInterface
public interface CellBlocker {
    boolean isBlocked(int x, int y);
}
