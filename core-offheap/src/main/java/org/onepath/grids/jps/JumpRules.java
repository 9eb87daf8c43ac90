package org.onepath.grids.jps;

import org.onepath.cells.SquareCells;

/**
 * Pruned successors of jump point search (Harabor and Grastien 2011), for eight moves without
 * corner cutting and agent size 1.
 *
 * <p>A node reached by a step of sign (dx, dy) searches:
 * <ul>
 *   <li>diagonal arrival: the diagonal and its two straight components (no neighbour is forced,
 *       since a diagonal step needs both side cells free);</li>
 *   <li>straight arrival: straight on, and for each side s perpendicular to the step where the
 *       cell beside the node on side s is free while the cell beside the previous cell on that
 *       side is a wall, the straight direction s and the diagonal (step + s);</li>
 *   <li>the start: all eight directions.</li>
 * </ul>
 * Results are bit masks over {@link Direction} indices.
 */
public final class JumpRules {
    private final WalkableCells walkable;

    /**
     * The pruning rules over a grid's live cells, agent size 1.
     *
     * @param grid the cells to read; walls and cells outside the grid block
     */
    public JumpRules(SquareCells grid) {
        this.walkable = new WalkableCells(grid);
    }

    /** Mask of every direction. */
    public static final int ALL = 0xFF;

    /**
     * The directions to search from (x, y) when it was reached in direction {@code arrival}
     * ({@link Direction#NONE} for the start).
     *
     * @param x       the node's column
     * @param y       the node's row
     * @param arrival the direction it was reached in, 0..7, or {@link Direction#NONE}
     * @return a mask with bit d set for each direction d to search
     */
    public int successors(int x, int y, int arrival) {
        if (arrival == Direction.NONE) {
            return ALL;
        }
        int dx = Direction.dx(arrival);
        int dy = Direction.dy(arrival);
        if (dx != 0 && dy != 0) {
            return 1 << arrival | 1 << Direction.of(dx, 0) | 1 << Direction.of(0, dy);
        }
        int mask = 1 << arrival;
        if (dx != 0) {
            for (int sy = -1; sy <= 1; sy += 2) {
                if (forced(x, y + sy, x - dx, y + sy)) {
                    mask |= 1 << Direction.of(0, sy) | 1 << Direction.of(dx, sy);
                }
            }
        } else {
            for (int sx = -1; sx <= 1; sx += 2) {
                if (forced(x + sx, y, x + sx, y - dy)) {
                    mask |= 1 << Direction.of(sx, 0) | 1 << Direction.of(sx, dy);
                }
            }
        }
        return mask;
    }

    /**
     * Whether (x, y), reached by a straight step in direction {@code arrival}, has a forced
     * neighbour (the stop condition of a straight scan). Always false for a diagonal arrival.
     *
     * @param x       the node's column
     * @param y       the node's row
     * @param arrival the straight direction it was reached in
     * @return true when the node has a forced neighbour
     */
    public boolean hasForcedNeighbour(int x, int y, int arrival) {
        return !Direction.isDiagonal(arrival) && successors(x, y, arrival) != 1 << arrival;
    }

    private boolean forced(int sideX, int sideY, int behindX, int behindY) {
        return walkable.at(sideX, sideY) && !walkable.at(behindX, behindY);
    }
}
