package org.onepath;

import java.util.AbstractList;
import java.util.List;
import org.onepath.cells.Cell;
import org.onepath.cells.HexCoord;
import org.onepath.cells.HexLayout;
import org.onepath.cells.PathStatus;

/**
 * Result of a tier-1 hex-grid query. Immutable. Cells are offset cells (column as {@code x}, row
 * as {@code y}). On {@link PathStatus#FOUND} the path leads from start to goal, on
 * {@link PathStatus#PARTIAL} (only with {@link HexOptions#allowPartial()}) from the start to the
 * reached cell closest to the goal, with that cell's cost; on any other status the path is empty
 * and the cost is +infinity.
 */
public final class HexPath {
    private static final int[] NONE = new int[0];

    private final PathStatus status;
    private final int width;
    private final HexLayout layout;
    private final HexSpace space;
    private final int[] cells;
    private final double cost;
    private final int expandedCount;
    private final int iterations;
    private final int[] expanded;

    HexPath(
            PathStatus status,
            int width,
            HexLayout layout,
            HexSpace space,
            int[] cells,
            double cost,
            int expandedCount,
            int iterations,
            int[] expanded) {
        this.status = status;
        this.width = width;
        this.layout = layout;
        this.space = space;
        this.cells = cells == null ? NONE : cells;
        this.cost = cost;
        this.expandedCount = expandedCount;
        this.iterations = iterations;
        this.expanded = expanded;
    }

    /**
     * How the query ended.
     *
     * @return FOUND when the path holds cells to the goal, PARTIAL when it leads towards it,
     *         otherwise why there is none
     */
    public PathStatus status() {
        return status;
    }

    /**
     * Whether a path was found.
     *
     * @return true when the status is FOUND
     */
    public boolean found() {
        return status == PathStatus.FOUND;
    }

    /**
     * The offset cells from start to goal (consecutive cells are hex neighbours).
     *
     * @return an unmodifiable list of the offset cells, empty when no path was found
     */
    public List<Cell> cells() {
        return Cell.listOf(cells, width);
    }

    /**
     * The path in axial coordinates, start first.
     *
     * @return an unmodifiable list of the axial coordinates, one per path cell
     */
    public List<HexCoord> hexes() {
        final int[] c = cells;
        final int w = width;
        final HexLayout l = layout;
        return new AbstractList<>() {
            @Override
            public HexCoord get(int i) {
                return l.toAxial(c[i] % w, c[i] / w);
            }

            @Override
            public int size() {
                return c.length;
            }
        };
    }

    /**
     * Row-major indices ({@code row * width + col}) of the path cells, start first (a copy).
     *
     * @return a new array of the indices, empty when no path was found
     */
    public int[] cellIndices() {
        return cells.clone();
    }

    /**
     * Number of cells on the path.
     *
     * @return the cell count, 0 when no path was found
     */
    public int length() {
        return cells.length;
    }

    /**
     * Centres of the path cells in world coordinates (the grid's space when the query ran).
     *
     * @return an unmodifiable list of the centres, one per path cell
     */
    public List<WorldPoint> points() {
        final List<HexCoord> hexes = hexes();
        final HexSpace s = space;
        final HexLayout l = layout;
        return new AbstractList<>() {
            @Override
            public WorldPoint get(int i) {
                return s.centerOf(hexes.get(i), l);
            }

            @Override
            public int size() {
                return hexes.size();
            }
        };
    }

    /**
     * Sum of the step costs in path order from 0; +infinity unless FOUND or PARTIAL.
     *
     * @return the cost, 0 or more, or +infinity
     */
    public double cost() {
        return cost;
    }

    /**
     * Cells expanded: iterations, less one when the goal was popped.
     *
     * @return the number of expanded cells, 0 or more
     */
    public int expandedCount() {
        return expandedCount;
    }

    /**
     * Pops of the open set.
     *
     * @return the number of pops, 0 or more
     */
    public int iterations() {
        return iterations;
    }

    /**
     * Whether the expanded cells were recorded.
     *
     * @return true when {@link #expandedCells()} holds the expansions
     */
    public boolean hasExpandedCells() {
        return expanded != null;
    }

    /**
     * The expanded cells in order, when recorded ({@link HexOptions#recordExpansions()}); else
     * empty.
     *
     * @return an unmodifiable list of the expanded cells, in expansion order
     */
    public List<Cell> expandedCells() {
        return Cell.listOf(expanded == null ? NONE : expanded, width);
    }

    @Override
    public String toString() {
        return "HexPath[" + status + ", cost " + cost + ", " + cells.length + " cells, " + expandedCount + " expanded]";
    }
}
