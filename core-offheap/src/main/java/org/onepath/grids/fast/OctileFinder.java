package org.onepath.grids.fast;

/**
 * Finds the next jump point for {@link OctileJump} (tier 3): {@link BitFinder} scans the stop
 * words, {@link TableFinder} reads the JPS+ tables. Against {@link org.onepath.grids.jps.Jumper}
 * it exploits that the search knows each node's column and row and keeps one goal per search, so
 * a jump divides nothing.
 */
public sealed interface OctileFinder permits BitFinder, TableFinder {
    /** The neighbour bytes the search prunes with. */
    OctileMap map();

    /** Sets the goal of the jumps that follow (column and row). */
    void target(int goalX, int goalY);

    /**
     * Steps from row-major {@code cell} at (x, y) in direction {@code d} to the next jump point or
     * the goal, 0 when there is none.
     */
    int jump(int cell, int x, int y, int d);

    /** Brings derived tables up to date before a search (edits since the last one). */
    void refresh();
}
