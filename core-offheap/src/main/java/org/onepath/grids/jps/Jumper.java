package org.onepath.grids.jps;

/**
 * Finds the next jump point from a cell in one direction (tier 3). A straight walk stops at the
 * goal or at a cell with a forced neighbour; a diagonal walk (each step needs both side cells and
 * the target free) stops at the goal or at a cell from which a straight scan along either
 * component stops somewhere. A wall ends the walk with no result.
 */
public interface Jumper {
    /**
     * The distance from {@code cell} to the next jump point in {@code direction}.
     *
     * @param cell      the row-major cell the walk starts from (not itself tested)
     * @param direction the direction, 0..7 ({@link Direction})
     * @param goal      the row-major goal cell, where any walk that reaches it stops
     * @return the number of unit steps to the jump point (or the goal), 0 when there is none
     */
    int jump(int cell, int direction, int goal);
}
