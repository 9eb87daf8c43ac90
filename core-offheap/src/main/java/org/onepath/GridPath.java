package org.onepath;

import java.util.AbstractList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;
import org.onepath.cells.SquareCells;
import org.onepath.grids.fast.OctileHops;
import org.onepath.query.ManyGoalsQuery;

/**
 * Result of a tier-1 square-grid query. Immutable. On {@link PathStatus#FOUND} the cells lead
 * from start to goal; on {@link PathStatus#PARTIAL} (only with
 * {@link GridOptions#allowPartial()}) from the start to the reached cell closest to the goal,
 * with that cell's cost; on any other status the path is empty and the cost is +infinity.
 *
 * <p>A path found by the specialised jump point searches (JPS, JPS+, bounded JPS+) is kept as its
 * jump points and its length; the cells are drawn from them the first time a method needs them
 * ({@link #cells()}, {@link #cellIndices()}, {@link #points()}, {@link #stepCounts()}), so a
 * caller that reads only the cost, the length or the status never pays for a cell per step.
 */
public final class GridPath {
    private static final int[] NONE = new int[0];

    private final PathStatus status;
    private final int width;
    private final GridSpace space;
    /**
     * The cells, or null until first asked for when {@link #hops} holds the path. Volatile: a path
     * handed to another thread draws its cells there, and an array published without it could be
     * seen before its elements.
     */
    private volatile int[] cells;
    /** The path of an octile jump search as its jump points, or null when {@link #cells} holds it. */
    private final OctileHops hops;

    private final double cost;
    private final int expandedCount;
    private final int iterations;
    private final GridAlgorithm algorithm;
    private final int[] expanded;
    private final boolean hooked;

    GridPath(
            PathStatus status,
            int width,
            GridSpace space,
            int[] cells,
            double cost,
            int expandedCount,
            int iterations,
            GridAlgorithm algorithm,
            int[] expanded) {
        this(status, width, space, cells, null, cost, expandedCount, iterations, algorithm, expanded, false);
    }

    /** A path held as {@code cells}, or, when {@code hops} is not null, as its jump points. */
    GridPath(
            PathStatus status,
            int width,
            GridSpace space,
            int[] cells,
            OctileHops hops,
            double cost,
            int expandedCount,
            int iterations,
            GridAlgorithm algorithm,
            int[] expanded,
            boolean hooked) {
        this.hooked = hooked;
        this.status = status;
        this.width = width;
        this.space = space;
        this.hops = hops;
        this.cells = hops != null ? null : cells == null ? NONE : cells;
        this.cost = cost;
        this.expandedCount = expandedCount;
        this.iterations = iterations;
        this.algorithm = algorithm;
        this.expanded = expanded;
    }

    static GridPath invalid(PathStatus status, int width, GridSpace space, GridAlgorithm algorithm) {
        return new GridPath(status, width, space, NONE, Double.POSITIVE_INFINITY, 0, 0, algorithm, null);
    }

    /**
     * Grid paths as a many-goal query reads them: the single query to a listed goal, and the
     * counts without a path of a goal-choosing search that reached none.
     */
    static ManyGoalsQuery.Paths<GridPath> manyGoalPaths(
            Grid grid, Cell start, List<Cell> goals, GridOptions options, Cancellation cancellation) {
        return new ManyGoalsQuery.Paths<>(
                i -> grid.findPath(start, goals.get(i), options, cancellation),
                (status, expanded, iterations) -> new GridPath(
                        status,
                        grid.width(),
                        grid.space(),
                        null,
                        null,
                        Double.POSITIVE_INFINITY,
                        expanded,
                        iterations,
                        options.algorithmFor(grid.areas(), grid.width(), grid.height()),
                        null,
                        options.stepCost() != null),
                GridPath::status,
                GridPath::cost);
    }

    /**
     * How the query ended.
     *
     * @return FOUND when {@link #cells()} is a path to the goal, PARTIAL when it is a best-effort
     *         path towards it, otherwise why there is none
     */
    public PathStatus status() {
        return status;
    }

    /**
     * Whether a path was found.
     *
     * @return true when the status is FOUND (false for a PARTIAL path)
     */
    public boolean found() {
        return status == PathStatus.FOUND;
    }

    /**
     * The cells from start to goal (to the path's last cell when PARTIAL): consecutive cells are neighbours, except after an any-angle
     * search ({@link #isAnyAngle()}), where they are the waypoints, consecutive ones in line of
     * sight.
     *
     * @return an unmodifiable list of the cells, empty unless FOUND or PARTIAL
     */
    public List<Cell> cells() {
        return Cell.listOf(cellArray(), width);
    }

    /**
     * Row-major indices of the path cells, start first (a copy).
     *
     * @return a new array of the indices, empty when no path was found
     */
    public int[] cellIndices() {
        return cellArray().clone();
    }

    /**
     * Number of cells on the path.
     *
     * @return the cell count, 0 when no path was found
     */
    public int length() {
        return hops != null ? hops.length() : cells.length;
    }

    /**
     * Centres of the path cells (the waypoints after an any-angle search) in world coordinates.
     *
     * @return an unmodifiable list of the centres, one per path cell
     */
    public List<WorldPoint> points() {
        final int[] c = cellArray();
        final int w = width;
        final GridSpace s = space;
        return new AbstractList<>() {
            @Override
            public WorldPoint get(int i) {
                return s.centerOf(c[i] % w, c[i] / w);
            }

            @Override
            public int size() {
                return c.length;
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
     * Nodes expanded: iterations, less one when the goal was popped (Lazy Theta* also leaves out
     * the pops that put a repaired node back into the open set).
     *
     * @return the number of expanded nodes, 0 or more
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
     * The algorithm that ran (after any fallback).
     *
     * @return the algorithm that ran, not null
     */
    public GridAlgorithm algorithm() {
        return algorithm;
    }

    /**
     * Whether an any-angle search ran (THETA_STAR or LAZY_THETA_STAR), so the cells are waypoints.
     *
     * @return true when the cells are any-angle waypoints
     */
    public boolean isAnyAngle() {
        return algorithm == GridAlgorithm.THETA_STAR || algorithm == GridAlgorithm.LAZY_THETA_STAR;
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
     * The expanded cells in order, when recorded ({@link GridOptions#recordExpansions()}); else
     * empty.
     *
     * @return an unmodifiable list of the expanded cells, in expansion order
     */
    public List<Cell> expandedCells() {
        return Cell.listOf(expanded == null ? NONE : expanded, width);
    }

    /**
     * Whether a {@link org.onepath.cells.CellStepCost} hook priced the steps, so
     * {@link Grid#tryGetFixedCost(GridPath)} refuses it.
     *
     * @return true when a step-cost hook priced the path
     */
    public boolean isHooked() {
        return hooked;
    }

    /**
     * Exact numbers of straight and diagonal steps of a path.
     *
     * @param straight the number of straight steps, 0 or more
     * @param diagonal the number of diagonal steps, 0 or more
     */
    public record StepCounts(int straight, int diagonal) {}

    /**
     * The exact numbers of straight and diagonal steps, when every step joins neighbouring cells:
     * empty after an any-angle search (its waypoints are not neighbours) and when nothing was
     * found (a PARTIAL path has its counts). A path of one cell has no steps.
     *
     * @return the step counts, or empty
     */
    public Optional<StepCounts> stepCounts() {
        if (status != PathStatus.FOUND && status != PathStatus.PARTIAL) {
            return Optional.empty();
        }
        long packed = stepCounts(cellArray(), width);
        return packed < 0 ? Optional.empty() : Optional.of(new StepCounts((int) (packed >>> 32), (int) packed));
    }

    /** {@link Grid#tryGetFixedCost(GridPath)}: this path's Q31.32 price on cells of its width. */
    OptionalLong fixedCostOn(SquareCells grid) {
        if (width != grid.width()) {
            throw new IllegalArgumentException("path of a grid " + width + " cells wide, this grid is " + grid.width());
        }
        if (!found() || isHooked() || isAnyAngle()) {
            return OptionalLong.empty();
        }
        long cost = grid.fixedCost(cellArray(), length());
        return cost < 0 ? OptionalLong.empty() : OptionalLong.of(cost);
    }

    /** The row-major cells themselves, not copied (package use only). */
    int[] cellsView() {
        return cellArray();
    }

    /**
     * The cells, drawn from the jump points on first use. Two threads may both draw them; each
     * draws the same cells.
     */
    private int[] cellArray() {
        int[] c = cells;
        if (c == null) {
            c = hops.cells();
            cells = c;
        }
        return c;
    }

    int width() {
        return width;
    }

    @Override
    public String toString() {
        return "GridPath[" + status + ", cost " + cost + ", " + length() + " cells, " + expandedCount + " expanded, "
                + algorithm + "]";
    }

    /**
     * Straight steps in the high 32 bits, diagonal steps in the low 32 bits, or -1 when a step
     * joins cells that are not neighbours (or the same cell).
     */
    private static long stepCounts(int[] cells, int width) {
        long straight = 0;
        long diagonal = 0;
        for (int i = 1; i < cells.length; i++) {
            int a = cells[i - 1];
            int b = cells[i];
            int dx = Math.abs(a % width - b % width);
            int dy = Math.abs(a / width - b / width);
            if (dx > 1 || dy > 1 || (dx == 0 && dy == 0)) {
                return -1;
            }
            if (dx + dy == 2) {
                diagonal++;
            } else {
                straight++;
            }
        }
        return straight << 32 | diagonal;
    }
}
