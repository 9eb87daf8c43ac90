package org.onepath.grids.theta;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.GridCellsLayout;
import org.onepath.cells.SquareCells;
import org.onepath.grids.ShortcutSmoother;

/**
 * Shortens a cell path of a square {@link SquareCells} into any-angle waypoints (tier 2): a path
 * modifier for the output of any search (A*, JPS, HPA*, the replanners, Theta*).
 *
 * <p>Normative behaviour. The input is a list of cells, the agent's top-left cells (its position
 * cells), start first. The output keeps the first and last cell and a subset of the others, in
 * order. From the current anchor i (the start first) the next waypoint is the largest j with
 * {@code i < j <= min(count - 1, i + lookAhead)} such that j = i + 1 or
 * <ul>
 *   <li>the segment from i to j is <em>passable</em>: for agent size 1 the two cells see each other
 *       by {@link GridLineOfSight}; for size s above 1 the same integer walk over the position
 *       cells meets only cells whose clearance is at least s (so the agent's s x s block, moved
 *       along the segment, stays on cells it fits), and</li>
 *   <li>its cost is not above the cost of the input from i to j (their segment costs added in
 *       order from 0), and the output's cost up to j is not above the input's cost up to j
 *       (both added in path order from 0; this keeps the rounding honest).</li>
 * </ul>
 * The input's own steps (j = i + 1) are kept whatever they cross, so a path that cuts corners
 * under a looser diagonal rule keeps those steps as they were.
 *
 * <p>Segment cost. A straight segment between the centres of two position cells costs its length
 * times the area multipliers of the cells it passes weighted by the fraction of the length inside
 * each: {@code L * sum(m[c] * (n_c / D))}, {@code L = sqrt(dx*dx + dy*dy)} (the sum of squares exact
 * in 64 bits, one rounding), {@code D = 2 * nx * ny} (the factors that are not 0), and {@code n_c}
 * the integer length of the walk inside cell c in units of {@code L / D}; consecutive cells with
 * the same multiplier are one term. The cells are those the integer walk of
 * {@link GridLineOfSight} enters; the two cells beside a lattice corner the segment passes hold
 * none of its length. So a straight or diagonal step costs exactly what the grid's move does,
 * {@code length * ((m[a] + m[b]) * 0.5)}, and on one area every segment costs
 * {@code L * m}, as under Theta*. The reported costs are these segment costs added in path order
 * from 0; for a path of single steps the input cost is the search's cost bit for bit.
 *
 * <p>The greedy loop, the prefix costs and the guarantee are the shared shortcut loop's
 * ({@link ShortcutSmoother}: {@link #smooth}, {@link #cost()}, {@link #inputCost()}), the same
 * loop the voxel smoother runs; this class gives only what a square grid specialises: its
 * passability (the integer walk, over clearance for agents above size 1) and its segment cost
 * (area multipliers weighted by the length inside each cell). {@link #smooth} takes row-major
 * cell indexes {@code y * width + x}, each inside the grid and a cell the agent fits; it throws
 * {@link IllegalStateException} once the grid has been closed.
 *
 * <p>Reads the live cells, area multipliers and (for agent sizes above 1) clearance at each
 * {@link #smooth} call. Keeps its working arrays between calls (grown when a longer path comes):
 * a call allocates nothing once they are large enough. Not thread-safe.
 */
public final class GridPathSmoother extends ShortcutSmoother {
    /** The look-ahead {@link #GridPathSmoother(SquareCells, int)} uses: waypoints tried per anchor. */
    public static final int DEFAULT_LOOK_AHEAD = 256;

    private final SquareCells grid;
    private final int width;
    private final int height;
    private final int agentSize;
    private MemorySegment cells;
    private MemorySegment clearance;
    private AreaCosts areas;

    /**
     * A smoother with the default look-ahead.
     *
     * @param grid      the square grid whose live cells are read; not owned
     * @param agentSize the agent's side in cells, 1..255
     * @throws NullPointerException     if {@code grid} is null
     * @throws IllegalArgumentException if the agent size is outside 1..255
     */
    public GridPathSmoother(SquareCells grid, int agentSize) {
        this(grid, agentSize, DEFAULT_LOOK_AHEAD);
    }

    /**
     * A smoother trying at most {@code lookAhead} later waypoints from each anchor.
     *
     * @param grid      the square grid whose live cells are read; not owned
     * @param agentSize the agent's side in cells, 1..255
     * @param lookAhead how many later input cells an anchor may reach, 1 or more (1 keeps the
     *                  input as it is)
     * @throws NullPointerException     if {@code grid} is null
     * @throws IllegalArgumentException if the agent size is outside 1..255 or the look-ahead below 1
     */
    public GridPathSmoother(SquareCells grid, int agentSize, int lookAhead) {
        this.grid = Objects.requireNonNull(grid, "grid");
        SquareCells.checkAgentSize(agentSize);
        super(lookAhead, "cells");
        this.width = grid.width();
        this.height = grid.height();
        this.agentSize = agentSize;
    }

    /**
     * The agent's side in cells.
     *
     * @return the agent size given to the constructor, 1..255
     */
    public int agentSize() {
        return agentSize;
    }

    /**
     * Whether the agent may follow the straight segment between two position cells (see the class
     * comment): both ends and every cell of the walk fit the agent.
     *
     * @param from a cell index, {@code y * width + x}, in 0..width*height-1
     * @param to   a cell index, in 0..width*height-1
     * @return true when the segment is passable for this smoother's agent size
     * @throws IllegalArgumentException if an index is out of range
     * @throws IllegalStateException    if the grid has been closed
     */
    public boolean isPassable(int from, int to) {
        checkCell(from);
        checkCell(to);
        refresh();
        return fits(from) && fits(to) && passable(from, to);
    }

    /**
     * The cost of the straight segment between two position cells (see the class comment); sight
     * is not checked.
     *
     * @param from a cell index, {@code y * width + x}, in 0..width*height-1
     * @param to   a cell index, in 0..width*height-1
     * @return the segment's cost, 0 or more (+infinity when it crosses a wall)
     * @throws IllegalArgumentException if an index is out of range
     * @throws IllegalStateException    if the grid has been closed
     */
    public double segmentCost(int from, int to) {
        checkCell(from);
        checkCell(to);
        refresh();
        return price(from, to);
    }

    // ---- the hooks of the shared shortcut loop: the square grid's sight and segment cost ----

    @Override
    protected void prepare() {
        refresh();
    }

    @Override
    protected void checkWaypoint(int index, int c) {
        final int n = width * height;
        if (c < 0 || c >= n) {
            throw new IllegalArgumentException("path[" + index + "] = " + c + " is outside 0.." + (n - 1));
        }
        if (!fits(c)) {
            throw new IllegalArgumentException("path[" + index + "] = " + c + " (" + c % width + ", " + c / width
                    + ") is not a cell an agent of size " + agentSize + " fits");
        }
    }

    @Override
    protected double stepCost(int from, int to) {
        return price(from, to);
    }

    /** The integer walk (over the agent's fit predicate above size 1), then the priced segment. */
    @Override
    protected double shortcutCost(int from, int to) {
        return passable(from, to) ? price(from, to) : Double.NaN;
    }

    private void refresh() {
        cells = grid.cells();
        areas = grid.areas();
        clearance = agentSize > 1 ? grid.clearance() : null;
    }

    private void checkCell(int cell) {
        int n = width * height;
        if (cell < 0 || cell >= n) {
            throw new IllegalArgumentException("cell index " + cell + " is outside 0.." + (n - 1));
        }
    }

    private boolean fits(long at) {
        if (agentSize == 1) {
            return cells.get(GridCellsLayout.CELL, at) != GridCellsLayout.WALL_BYTE;
        }
        return (clearance.get(GridCellsLayout.CELL, at) & 0xFF) >= agentSize;
    }

    /** The walk of {@link GridLineOfSight} over the agent's fit predicate. */
    private boolean passable(int from, int to) {
        final int x0 = from % width;
        final int y0 = from / width;
        final int x1 = to % width;
        final int y1 = to / width;
        if (agentSize == 1) {
            return GridLineOfSight.visible(cells, width, height, x0, y0, x1, y1);
        }
        long at = from;
        final long stepX = Integer.signum(x1 - x0);
        final long stepY = (long) Integer.signum(y1 - y0) * width;
        final long nx = Math.abs(x1 - x0);
        final long ny = Math.abs(y1 - y0);
        if (nx == 0 || ny == 0) {
            final long step = nx == 0 ? stepY : stepX;
            for (long k = nx + ny; k > 0; k--) {
                at += step;
                if (!fits(at)) {
                    return false;
                }
            }
            return true;
        }
        long ix = 0;
        long iy = 0;
        long d = ny - nx;
        while (ix < nx || iy < ny) {
            if (d < 0) {
                at += stepX;
                ix++;
                d += 2 * ny;
            } else if (d > 0) {
                at += stepY;
                iy++;
                d -= 2 * nx;
            } else {
                if (!fits(at + stepX) || !fits(at + stepY)) {
                    return false;
                }
                at += stepX + stepY;
                ix++;
                iy++;
                d += 2 * ny - 2 * nx;
            }
            if (!fits(at)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The segment cost: the walk's cells weighted by the integer length inside each. A crossing of
     * x boundary ix lies at {@code (2ix+1) * ny} in units of {@code L / D}, of y boundary iy at
     * {@code (2iy+1) * nx}, {@code D = 2 * nx * ny} (a factor 0 left out).
     */
    private double price(int from, int to) {
        if (from == to) {
            return 0.0;
        }
        final AreaCosts m = areas;
        final int dx = to % width - from % width;
        final int dy = to / width - from / width;
        final long nx = Math.abs(dx);
        final long ny = Math.abs(dy);
        final double length = EuclideanHeuristic.length(dx, dy);
        final long px = ny == 0 ? 1 : ny; // D / (2 nx)
        final long py = nx == 0 ? 1 : nx; // D / (2 ny)
        final long denominator = 2 * (nx == 0 ? 1 : nx) * (ny == 0 ? 1 : ny);
        final double den = denominator;
        final long stepX = Integer.signum(dx);
        final long stepY = (long) Integer.signum(dy) * width;
        long at = from;
        long nextX = nx == 0 ? Long.MAX_VALUE : px; // (2*0+1) * px
        long nextY = ny == 0 ? Long.MAX_VALUE : py;
        long here = 0;
        double runMultiplier = m.multiplierOf(cells.get(GridCellsLayout.CELL, at) & 0xFF);
        long runLength = 0;
        double weighted = 0.0;
        while (here < denominator) {
            final long next = Math.min(Math.min(nextX, nextY), denominator);
            runLength += next - here;
            here = next;
            if (here == denominator) {
                break;
            }
            if (nextX == here) {
                at += stepX;
                nextX = nextX + 2 * px > denominator ? Long.MAX_VALUE : nextX + 2 * px;
            }
            if (nextY == here) {
                at += stepY;
                nextY = nextY + 2 * py > denominator ? Long.MAX_VALUE : nextY + 2 * py;
            }
            final double mc = m.multiplierOf(cells.get(GridCellsLayout.CELL, at) & 0xFF);
            if (mc != runMultiplier) {
                weighted += runMultiplier * (runLength / den);
                runMultiplier = mc;
                runLength = 0;
            }
        }
        weighted += runMultiplier * (runLength / den);
        return length * weighted;
    }
}
