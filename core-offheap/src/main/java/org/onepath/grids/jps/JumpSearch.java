package org.onepath.grids.jps;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.SquareCells;
import org.onepath.grids.GridMath;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.SearchNodes;
import org.onepath.grids.SearchSnapshot;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.state.GridStateException;
import org.onepath.state.SearchBuffersPiece;
import org.onepath.state.SearchBuffersPieceLayout;
import org.onepath.state.SearchStateFormat;
import org.onepath.state.Snapshottable;
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
public final class JumpSearch<J extends Jumper, H extends Heuristic> implements SlicedSearch, Snapshottable {
    private final SquareCells grid;
    private final JumpRules rules;
    private final J jumper;
    private final H heuristic;
    private final SearchNodes nodes;
    private final double straightCost;
    private final double diagonalCost;
    private final int width;

    private SearchStatus status = SearchStatus.NOT_STARTED;
    private int start = -1;
    private int goal = -1;
    private int iterations;
    private int expanded;
    private double pathCost = Double.POSITIVE_INFINITY;

    /**
     * @param cellCost the multiplier m shared by every area (positive and finite)
     */
    public JumpSearch(SquareCells grid, J jumper, H heuristic, double cellCost, GridSearchBuffers buffers) {
        this.grid = Objects.requireNonNull(grid, "grid");
        this.jumper = Objects.requireNonNull(jumper, "jumper");
        this.heuristic = Objects.requireNonNull(heuristic, "heuristic");
        Objects.requireNonNull(buffers, "buffers");
        if (!(cellCost > 0) || Double.isInfinite(cellCost)) {
            throw new IllegalArgumentException("cellCost must be positive and finite, was " + cellCost);
        }
        if (buffers.nodeCount() < grid.cellCount()) {
            throw new IllegalArgumentException(
                    "buffers hold " + buffers.nodeCount() + " nodes, the grid has " + grid.cellCount());
        }
        this.rules = new JumpRules(grid);
        this.nodes = new SearchNodes(buffers);
        this.straightCost = cellCost;
        this.diagonalCost = cellCost * GridMath.SQRT2;
        this.width = grid.width();
    }

    @Override
    public SearchStatus status() {
        return status;
    }

    public int start() {
        return start;
    }

    public int goal() {
        return goal;
    }

    /** Pops so far. */
    @Override
    public int iterations() {
        return iterations;
    }

    /** Jump points expanded: iterations, less one when the goal was popped. */
    @Override
    public int expandedCount() {
        return expanded;
    }

    /** Cost of the found path; +infinity unless FOUND. */
    @Override
    public double pathCost() {
        return pathCost;
    }

    /** Begins a search; throws {@link IllegalArgumentException} for a cell outside the grid. */
    @Override
    public void begin(int start, int goal) {
        int n = grid.cellCount();
        SlicedSearch.checkEnds(start, goal, n);
        this.start = start;
        this.goal = goal;
        iterations = 0;
        expanded = 0;
        pathCost = Double.POSITIVE_INFINITY;
        heuristic.setGoal(goal);
        nodes.begin(start, heuristic.estimate(start));
        status = SearchStatus.RUNNING;
    }

    public SearchStatus run() {
        return step(Integer.MAX_VALUE);
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

    /** Bytes {@link #saveState()} would return now: one pass over the nodes, no allocation. */
    @Override
    public long stateLength() {
        return SearchSnapshot.length(status, nodes.buffers());
    }

    /**
     * The search's state (kind 9 of the state format, weight 1): counters and, once begun, the
     * visited jump points, the open set as its heap lies and the recorded expansions.
     */
    @Override
    public byte[] saveState() {
        return SearchSnapshot.save(StateKind.JUMP_POINT_SEARCH, grid.cellCount(), counters(), nodes.buffers());
    }

    /** Writes {@link #saveState()}'s bytes into {@code w}, allocating nothing once the writer has grown. */
    public void writeState(StateWriter w) {
        SearchSnapshot.write(
                w,
                StateKind.JUMP_POINT_SEARCH,
                grid.cellCount(),
                status,
                1.0,
                start,
                goal,
                expanded,
                iterations,
                pathCost,
                nodes.buffers());
    }

    /**
     * Writes {@link #saveState()}'s bytes into {@code destination} from {@code offset}.
     *
     * @return the number of bytes written
     * @throws IllegalArgumentException if they do not fit (nothing is written then)
     */
    @Override
    public long saveState(MemorySegment destination, long offset) {
        return SearchSnapshot.saveInto(
                StateKind.JUMP_POINT_SEARCH, grid.cellCount(), counters(), nodes.buffers(), destination, offset);
    }

    private SearchSnapshot.Counters counters() {
        return new SearchSnapshot.Counters(status, 1.0, start, goal, expanded, iterations, pathCost);
    }

    /**
     * Puts back a saved state in place into a search built the same way over the same (restored)
     * grid. Beyond the shared checks, every parent must lie on a straight or diagonal line from
     * its node, as a jump does, so the path walk between jump points ends. On
     * {@link org.onepath.state.GridStateException} the search is left not started.
     */
    @Override
    public void restoreState(MemorySegment state) {
        Objects.requireNonNull(state, "state");
        SearchSnapshot.Restored r;
        try {
            r = SearchSnapshot.read(state, StateKind.JUMP_POINT_SEARCH, grid.cellCount(), 1.0);
            checkJumps(r.buffers());
        } catch (RuntimeException e) {
            // Unusable until begun or restored again, and saved meanwhile as never begun.
            status = SearchStatus.NOT_STARTED;
            start = -1;
            goal = -1;
            expanded = 0;
            iterations = 0;
            pathCost = Double.POSITIVE_INFINITY;
            throw e;
        }
        SearchSnapshot.apply(r, nodes.buffers());
        SearchSnapshot.Counters c = r.counters();
        status = c.status();
        start = c.start();
        goal = c.goal();
        expanded = c.expanded();
        iterations = c.iterations();
        pathCost = c.pathCost();
        if (goal >= 0) {
            heuristic.setGoal(goal);
        }
    }

    private void checkJumps(SearchBuffersPiece.Buffers b) {
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
                        SearchStateFormat.BUFFERS_OFFSET
                                + SearchBuffersPieceLayout.recordOffset(i)
                                + SearchBuffersPieceLayout.PARENT_OFFSET);
            }
        }
    }

    /** Cells on the found path (every cell between the jump points), 0 unless FOUND. */
    @Override
    public int pathLength() {
        if (status != SearchStatus.FOUND) {
            return 0;
        }
        int length = 1;
        for (int c = goal; c != start; ) {
            int p = nodes.parent(c);
            length += Math.max(Math.abs(c % width - p % width), Math.abs(c / width - p / width));
            c = p;
        }
        return length;
    }

    /** Writes the found path, start first; returns its length. */
    @Override
    public int copyPath(int[] out) {
        int length = pathLength();
        SlicedSearch.checkPathBuffer(status, out, length);
        int i = length - 1;
        out[i] = goal;
        for (int c = goal; c != start; ) {
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
        return length;
    }

    @Override
    public boolean canStandOn(int cell) {
        return cell >= 0 && cell < grid.cellCount() && grid.isWalkable(cell % width, cell / width);
    }

    @Override
    public int[] expandedNodes() {
        return nodes.buffers().expandedNodes();
    }
}
