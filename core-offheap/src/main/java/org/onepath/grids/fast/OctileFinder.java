package org.onepath.grids.fast;

import java.util.Objects;

/**
 * Finds the next jump point for {@link OctileJump} (tier 3): {@link BitFinder} scans the stop
 * words, {@link TableFinder} reads the JPS+ tables. Against {@link org.onepath.grids.jps.Jumper}
 * it exploits that the search knows each node's column and row and keeps one goal per search, so
 * a jump divides nothing.
 */
public abstract sealed class OctileFinder permits BitFinder, TableFinder {
    private final OctileMap map;
    /** Column and row of the goal of the current search. */
    int goalX = -1;
    int goalY = -1;

    OctileFinder(OctileMap map) {
        this.map = Objects.requireNonNull(map, "map");
    }

    /** The neighbour bytes the search prunes with. */
    public final OctileMap map() {
        return map;
    }

    /** Sets the goal of the jumps that follow (column and row). */
    public final void target(int goalX, int goalY) {
        this.goalX = goalX;
        this.goalY = goalY;
    }

    /**
     * Steps from row-major {@code cell} at (x, y) in direction {@code d} to the next jump point or
     * the goal, 0 when there is none.
     */
    public abstract int jump(int cell, int x, int y, int d);

    /** Brings derived tables up to date before a search (edits since the last one). */
    public abstract void refresh();
}
