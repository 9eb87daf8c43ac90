package org.onepath.grids.jps;

/**
 * Finds the next jump point from a cell in one direction (tier 3). A straight walk stops at the
 * goal or at a cell with a forced neighbour; a diagonal walk (each step needs both side cells and
 * the target free) stops at the goal or at a cell from which a straight scan along either
 * component stops somewhere. A wall ends the walk with no result.
 */
public interface Jumper {
    /**
     * @return the number of unit steps to the jump point (or the goal), 0 when there is none
     */
    int jump(int cell, int direction, int goal);
}
