package org.onepath.grids.jps;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.GridMath;
import org.onepath.cells.SquareCells;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.NodeSearch;
import org.onepath.grids.SearchNodes;
import org.onepath.grids.SearchSnapshot;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.state.GridStateException;
import org.onepath.state.SearchBuffersPiece;
import org.onepath.state.SearchBuffersPieceLayout;
import org.onepath.state.StateKind;
import org.onepath.state.StateWriter;

/**
 * Jump point search (tier 2): A* over jump points with the grid core's open set (smaller f,
 * then larger g, then smaller cell). For eight moves without corner cutting, agent size 1 and one
 * cost multiplier m for every area; the caller checks that the query qualifies.
 *
 * <p>One iteration pops and expands one jump point: the successors {@link JumpRules} keeps are
 * jumped in direction order 0..7, a jump of k steps costing {@code k * m} straight or
 * {@code k * (m * sqrt2)} diagonally. A node takes a new cost only when strictly cheaper (the
 * first parent found keeps ties) and a cheaper route reopens it. The goal is tested when popped;
 * expanded nodes are the iterations less one when the goal was popped. The path lists every
 * cell between the jump points.
 *
 * @param <J> jumper
 * @param <H> heuristic (octile scaled by m, or zero)
 */
public final class JumpSearch<J extends Jumper, H extends Heuristic> extends NodeSearch<H> {
    private final SquareCells grid;
    private final JumpRules rules;
    private final J jumper;
    private final double straightCost;
    private final double diagonalCost;
    private final int width;

    /**
     * Jump point search over a grid with a jumper.
     *
     * @param grid      the cells to search, all areas priced {@code cellCost}
     * @param jumper    finds the jump points; it must read the same grid
     * @param heuristic the estimate (octile scaled by {@code cellCost}, or zero)
     * @param cellCost  the multiplier m shared by every area (positive and finite)
     * @param buffers   the working memory, holding at least the grid's cell count
     * @throws IllegalArgumentException if {@code cellCost} is not positive and finite or the
     *                                  buffers are too small
     */
    public JumpSearch(SquareCells grid, J jumper, H heuristic, double cellCost, GridSearchBuffers buffers) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(jumper, "jumper");
        Objects.requireNonNull(heuristic, "heuristic");
        Objects.requireNonNull(buffers, "buffers");
        if (!(cellCost > 0) || Double.isInfinite(cellCost)) {
            throw new IllegalArgumentException("cellCost must be positive and finite, was " + cellCost);
        }
        if (buffers.nodeCount() < grid.cellCount()) {
            throw new IllegalArgumentException(
                    "buffers hold " + buffers.nodeCount() + " nodes, the grid has " + grid.cellCount());
        }
        // Weight 1: the heuristic is added unweighted and the state says 1.
        super(heuristic, buffers, 1.0, grid.cellCount(), StateKind.JUMP_POINT_SEARCH);
        this.grid = grid;
        this.jumper = jumper;
        this.rules = new JumpRules(grid);
        this.straightCost = cellCost;
        this.diagonalCost = cellCost * GridMath.SQRT2;
        this.width = grid.width();
    }

    /**
     * Begins a search from {@code start} to {@code goal}, opening the start with all eight
     * directions to search.
     *
     * @param start the start cell, row-major, 0..cellCount-1
     * @param goal  the goal cell, row-major, 0..cellCount-1
     * @throws IllegalArgumentException if a cell is outside the grid
     */
    @Override
    public void begin(int start, int goal) {
        SlicedSearch.checkEnds(start, goal, nodeCount);
        resetFor(start, goal);
        openStart(heuristic.estimate(start));
    }

    /** At most {@code maxIterations} pops; RUNNING while work remains. */
    @Override
    public SearchStatus step(int maxIterations) {
        if (!SlicedSearch.checkStep(maxIterations, status, "JumpSearch")) {
            return status;
        }
        final SearchNodes ns = nodes;
        final int w = width;
        for (int it = 0; it < maxIterations && !ns.openIsEmpty(); it++) {
            final int n = ns.popAndClose();
            iterations++;
            final double gn = ns.cost(n);
            if (n == goal) {
                pathCost = gn;
                status = SearchStatus.FOUND;
                return status;
            }
            expanded++;
            ns.recordExpansion(n);
            final int x = n % w;
            final int y = n / w;
            final int parent = ns.parent(n);
            final int arrival = parent < 0
                    ? Direction.NONE
                    : Direction.of(Integer.signum(x - parent % w), Integer.signum(y - parent / w));
            int mask = rules.successors(x, y, arrival);
            for (int d = 0; d < 8; d++) {
                if ((mask & (1 << d)) == 0) {
                    continue;
                }
                int steps = jumper.jump(n, d, goal);
                if (steps == 0) {
                    continue;
                }
                int m = n + steps * (Direction.dx(d) + Direction.dy(d) * w);
                double g2 = gn + steps * (Direction.isDiagonal(d) ? diagonalCost : straightCost);
                if (!ns.isVisited(m) || g2 < ns.cost(m)) {
                    ns.update(m, n, g2, g2 + heuristic.estimate(m));
                }
            }
        }
        if (ns.openIsEmpty()) {
            status = SearchStatus.NO_PATH;
        }
        return status;
    }

    /**
     * Writes {@link #saveState()}'s bytes into {@code w}, allocating nothing once the writer has
     * grown.
     *
     * @param w the writer the state is appended to
     */
    public void writeState(StateWriter w) {
        writeStateTo(w);
    }

    /**
     * Puts back a saved state in place into a search built the same way over the same (restored)
     * grid. Beyond the shared checks, every parent must lie on a straight or diagonal line from
     * its node, as a jump does, so the path walk between jump points ends. On
     * {@link org.onepath.state.GridStateException} the search is left not started.
     */
    @Override
    public void restoreState(MemorySegment state) {
        restore(state);
    }

    @Override
    protected void checkRestored(SearchSnapshot.Restored restored) {
        SearchBuffersPiece.Buffers b = restored.buffers();
        int[] visited = b.visitedNodes();
        for (int i = 0; i < visited.length; i++) {
            int p = b.parents()[i];
            if (p < 0) {
                continue;
            }
            int dx = Math.abs(visited[i] % width - p % width);
            int dy = Math.abs(visited[i] / width - p / width);
            if (dx != 0 && dy != 0 && dx != dy) {
                throw new GridStateException(
                        "visited[" + i + "].parent",
                        p,
                        "a cell on a straight or diagonal line from cell " + visited[i] + " (a jump)",
                        recordAt(i, SearchBuffersPieceLayout.PARENT_OFFSET));
            }
        }
    }

    /** Cells on the path to a reached jump point: every cell between the jump points. */
    @Override
    protected int lengthTo(int end) {
        int length = 1;
        for (int c = end; c != start; ) {
            int p = nodes.parent(c);
            length += Math.max(Math.abs(c % width - p % width), Math.abs(c / width - p / width));
            c = p;
        }
        return length;
    }

    /** Writes the path to a reached jump point, start first, every cell between the jump points. */
    @Override
    protected void writePathTo(int end, int[] out, int length) {
        int i = length - 1;
        out[i] = end;
        for (int c = end; c != start; ) {
            int p = nodes.parent(c);
            int sx = Integer.signum(p % width - c % width);
            int sy = Integer.signum(p / width - c / width);
            int step = sx + sy * width;
            for (int cell = c + step; cell != p; cell += step) {
                out[--i] = cell;
            }
            out[--i] = p;
            c = p;
        }
    }

    @Override
    public boolean canStandOn(int cell) {
        return cell >= 0 && cell < grid.cellCount() && grid.isWalkable(cell % width, cell / width);
    }
}
