package org.onepath.grids.fast;

import java.util.Objects;
import org.onepath.grids.jps.Direction;

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

    /**
     * Improved pruning's diagonal run from row-major {@code cell} at (x, y) in diagonal d: walks
     * the run's legal steps and, at each cell reached, scans both straight components of d in
     * ascending direction order. Writes each stop found as three ints (run steps k, straight
     * direction, straight steps t) into {@code out} from index 0, in the order met; a run that
     * reaches the goal ends there with (k, d, 0). The walk lives in the finder so its loop keeps
     * the finder's memory at hand, as a diagonal jump's does.
     *
     * @param out room for {@link #runStopsLength} ints
     * @return the ints written, a multiple of 3
     */
    public abstract int diagonalRun(int cell, int x, int y, int d, int[] out);

    /** Ints a {@link #diagonalRun} may write on a {@code width x height} grid: two stops per cell and the goal. */
    public static int runStopsLength(int width, int height) {
        return 3 * (2 * Math.max(width, height) + 1);
    }

    /** Writes one stop of a run at {@code n}; returns the index after it. */
    static int putStop(int[] out, int n, int k, int dir, int t) {
        out[n] = k;
        out[n + 1] = dir;
        out[n + 2] = t;
        return n + 3;
    }

    /** The lower of a diagonal's two straight components in direction order (its scans go lower first). */
    static int lowerComponent(int d) {
        return Math.min(
                Direction.dy(d) < 0 ? Direction.NORTH : Direction.SOUTH,
                Direction.dx(d) > 0 ? Direction.EAST : Direction.WEST);
    }

    /** The higher of a diagonal's two straight components in direction order. */
    static int higherComponent(int d) {
        return Math.max(
                Direction.dy(d) < 0 ? Direction.NORTH : Direction.SOUTH,
                Direction.dx(d) > 0 ? Direction.EAST : Direction.WEST);
    }

    /** Brings derived tables up to date before a search (edits since the last one). */
    public abstract void refresh();
}
