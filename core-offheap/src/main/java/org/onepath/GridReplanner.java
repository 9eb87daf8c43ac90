package org.onepath;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridTopology;
import org.onepath.grids.Heuristic;
import org.onepath.grids.ManhattanHeuristic;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.StepCost;
import org.onepath.grids.ZeroHeuristic;
import org.onepath.grids.replan.ReplanSearch;
import org.onepath.grids.theta.EuclideanHeuristic;
import org.onepath.state.GridStateException;
import org.onepath.state.StateKind;

/**
 * An incremental replanner over a square {@link Grid} (tier 1; {@link Grid#createReplanner}): one
 * start and one goal, whose path is repaired rather than searched again after the grid changes.
 * {@link GridAlgorithm#LPA_STAR} runs Lifelong Planning A*; any other algorithm in the options
 * runs D* Lite, which also keeps its work when the start moves ({@link #moveStart}), as an agent
 * walking its path does. The engine is the tier-2 {@link ReplanSearch} (see there for the
 * normative rules) over the grid's {@link SquareTopology}: the same moves, diagonal rule,
 * clearance and costs as A*, so every replanned cost equals a fresh A* query's.
 *
 * <p>The replanner listens to the grid. A cell edit at (x, y) with agent size s re-examines the
 * nodes of [x - s, x + 1] x [y - s, y + 1] (a rectangle edit [x - s, x + w] x [y - s, y + h]);
 * an edit touching more than a quarter of the cells, a change of an area multiplier and a
 * restore of the grid make the next replan start from scratch. Changes the grid cannot see (a
 * delegate that now answers differently) are announced with {@link #invalidate()}.
 *
 * <p>Options: moves, diagonal rule, agent size, estimate (automatic, octile, Manhattan,
 * Euclidean or zero; it must be consistent), the step-cost and blocked delegates (a blocked cell
 * has no move into or out of it), {@link GridOptions#iterationBudget()} for {@link #replan()},
 * expansion recording. The heuristic weight must be 1.
 *
 * <p>{@link #replan(int)} stops after a number of iterations with
 * {@link PathStatus#BUDGET_EXHAUSTED}; the next call resumes, and any sequence of budgets ends
 * with the path, cost and expansion count of one unsliced call. {@link #tryReplan(int)},
 * {@link #pathLength()}, {@link #pathCost()} and {@link #copyPath(int[])} give the same result
 * without allocating.
 *
 * <p>Not thread-safe; the grid must not be edited during a replan. Owns its memory:
 * {@link #close()} frees it and stops listening; use after close throws
 * {@link IllegalStateException}.
 */
public final class GridReplanner implements AutoCloseable {
    private final Grid grid;
    private final GridOptions options;
    private final ReplanDriver driver;
    private final Listener listener = new Listener();

    GridReplanner(Grid grid, Cell start, Cell goal, GridOptions options) {
        this.grid = grid;
        this.options = options;
        int w = grid.width();
        int startCell = cellIndex(start, "start", w, grid.height());
        int goalCell = cellIndex(goal, "goal", w, grid.height());
        if (options.heuristicWeight() != 1.0) {
            throw new IllegalArgumentException("heuristic weight " + options.heuristicWeight()
                    + ": a replanner needs weight 1 (a consistent estimate)");
        }
        int agentSize = options.agentSize();
        if (agentSize > 1) {
            grid.currentClearance();
        }
        SquareTopology topology = new SquareTopology(grid, agentSize, options.connectivity(), options.diagonalRule());
        StepCost cost = options.stepCost() == null && options.blocked() == null ? DefaultStepCost.INSTANCE
                : new CellDelegateCost(w, options.stepCost(), options.blocked());
        HeuristicKind kind = options.heuristic();
        if (kind == HeuristicKind.AUTO) {
            kind = options.connectivity() == Connectivity.EIGHT ? HeuristicKind.OCTILE : HeuristicKind.MANHATTAN;
        }
        final HeuristicKind k = kind;
        GridAlgorithm algorithm = options.algorithm() == GridAlgorithm.LPA_STAR ? GridAlgorithm.LPA_STAR : GridAlgorithm.D_STAR_LITE;
        CellBlocker blocked = options.blocked();
        this.driver = new ReplanDriver("GridReplanner", StateKind.GRID_REPLANNER, algorithm, w, grid.height(), grid.areas(),
                grid::restoreCount, grid::ensureOpen, agentSize > 1 ? grid::currentClearance : () -> { },
                cell -> {
                    int x = cell % w;
                    int y = cell / w;
                    return grid.canFit(x, y, agentSize) && (blocked == null || !blocked.isBlocked(x, y));
                },
                topology, cost, scale -> heuristic(k, w, scale), startCell, goalCell, options.iterationBudget(),
                options.recordExpansions());
        grid.addChangeListener(listener);
    }

    private static Heuristic heuristic(HeuristicKind kind, int width, double scale) {
        return switch (kind) {
            case OCTILE -> new OctileHeuristic(width, scale);
            case MANHATTAN -> new ManhattanHeuristic(width, scale);
            case EUCLIDEAN -> new EuclideanHeuristic(width, scale);
            case ZERO -> ZeroHeuristic.INSTANCE;
            case AUTO -> throw new AssertionError("resolved by the caller");
        };
    }

    static int cellIndex(Cell cell, String what, int width, int height) {
        Objects.requireNonNull(cell, what);
        if (cell.x() < 0 || cell.y() < 0 || cell.x() >= width || cell.y() >= height) {
            throw new IllegalArgumentException(what + " " + cell + " is outside the " + width + " x " + height + " grid");
        }
        return cell.y() * width + cell.x();
    }

    /** {@link GridAlgorithm#LPA_STAR} or {@link GridAlgorithm#D_STAR_LITE}. */
    public GridAlgorithm algorithm() {
        return driver.algorithm();
    }

    public Grid grid() {
        return grid;
    }

    public GridOptions options() {
        return options;
    }

    public Cell start() {
        int s = driver.start();
        return new Cell(s % grid.width(), s / grid.width());
    }

    public Cell goal() {
        int g = driver.goal();
        return new Cell(g % grid.width(), g / grid.width());
    }

    /** The tier-2 engine underneath (tier 3: g, rhs, the queue). */
    public ReplanSearch<GridTopology, StepCost, Heuristic> search() {
        return driver.search();
    }

    /** Replans within {@link GridOptions#iterationBudget()} (0: to the end). */
    public GridPath replan() {
        return replan(0);
    }

    /**
     * Takes in the changes since the last call and repairs the path for at most
     * {@code maxIterations} iterations (0: the options' budget, itself 0 for no limit).
     *
     * @return FOUND with the path, NO_PATH, START_INVALID or GOAL_INVALID (the agent cannot stand
     *         there now), or BUDGET_EXHAUSTED (call again to resume). The expansion count is the
     *         expansions since the last change was taken in.
     * @throws IllegalArgumentException if maxIterations &lt; 0
     */
    public GridPath replan(int maxIterations) {
        PathStatus status = driver.tryReplan(maxIterations);
        int[] cells = null;
        if (status == PathStatus.FOUND) {
            cells = new int[driver.pathLength()];
            driver.copyPath(cells);
        }
        ReplanSearch<?, ?, ?> s = driver.search();
        return new GridPath(status, grid.width(), grid.space(), cells, status == PathStatus.FOUND ? driver.pathCost()
                : Double.POSITIVE_INFINITY, status == PathStatus.START_INVALID || status == PathStatus.GOAL_INVALID ? 0
                : s.lastExpanded(), driver.iterationsForResult(), driver.algorithm(),
                options.recordExpansions() ? driver.expandedNodes() : null);
    }

    /**
     * As {@link #replan(int)} without building a result: read {@link #pathLength()},
     * {@link #pathCost()} and {@link #copyPath(int[])} after FOUND. Allocates nothing once the
     * replanner's lists have grown.
     */
    public PathStatus tryReplan(int maxIterations) {
        return driver.tryReplan(maxIterations);
    }

    /** Cells on the path of the last FOUND replan, start and goal included; 0 otherwise or after a change. */
    public int pathLength() {
        return driver.pathLength();
    }

    /** Cost of that path, summed from the start in path order; +infinity without one. */
    public double pathCost() {
        return driver.pathCost();
    }

    /**
     * Writes the path's cell indexes ({@code y * width + x}), start first.
     *
     * @return the number written
     * @throws IllegalStateException    without a current path
     * @throws IllegalArgumentException if {@code out} is shorter than {@link #pathLength()}
     */
    public int copyPath(int[] out) {
        return driver.copyPath(out);
    }

    /**
     * Moves the start (the agent's cell). D* Lite keeps its work; LPA* plans from scratch.
     *
     * @throws IllegalArgumentException if the cell is outside the grid
     */
    public void moveStart(Cell start) {
        driver.moveStart(cellIndex(start, "start", grid.width(), grid.height()));
    }

    /**
     * Changes the goal; the next replan plans from scratch.
     *
     * @throws IllegalArgumentException if the cell is outside the grid
     */
    public void setGoal(Cell goal) {
        driver.setGoal(cellIndex(goal, "goal", grid.width(), grid.height()));
    }

    /** Announces changes the grid cannot report (a delegate answering differently): the next replan plans from scratch. */
    public void invalidate() {
        driver.invalidate();
    }

    /** Edits so far that restarted the search instead of repairing it (for the tests). */
    int restartCount() {
        return driver.restartCount();
    }

    // ---- snapshots ----

    /** Bytes {@link #saveState()} returns now. */
    public long stateLength() {
        return driver.stateLength();
    }

    /**
     * The replanner's state (kind 5 of the state format, version 1): size, algorithm, the
     * area-cost version planned for, start, goal and the replan search. Saving twice without a
     * change gives the same bytes.
     */
    public byte[] saveState() {
        return driver.saveState();
    }

    /**
     * Writes the state into {@code destination} from {@code offset}.
     *
     * @return the number of bytes written
     * @throws IllegalArgumentException if it does not fit (nothing is written then)
     */
    public long saveState(MemorySegment destination, long offset) {
        return driver.saveState(destination, offset);
    }

    /** Restores a state made by {@link #saveState()}; see {@link #restoreState(MemorySegment)}. */
    public void restoreState(byte[] state) {
        Objects.requireNonNull(state, "state");
        restoreState(MemorySegment.ofArray(state));
    }

    /**
     * Puts back a saved state in place, into a replanner created the same way over the same grid
     * (restored first; same options; the delegates are the caller's to supply again). The size,
     * the algorithm and the area-cost version must match; start and goal are taken from the
     * state. Everything is checked first: on {@link GridStateException} nothing has changed.
     *
     * @throws GridStateException naming the field, value, bound and offset of bad bytes or a mismatch
     */
    public void restoreState(MemorySegment state) {
        driver.restoreState(state);
    }

    /** Frees the replanner's memory and stops listening to the grid. Idempotent. */
    @Override
    public void close() {
        if (!driver.state().isClosed()) {
            grid.removeChangeListener(listener);
            driver.close();
        }
    }

    @Override
    public String toString() {
        return "GridReplanner[" + driver.algorithm() + ", " + grid.width() + " x " + grid.height() + ", " + start() + " -> "
                + goal() + (driver.state().isClosed() ? ", closed]" : "]");
    }

    /** Hears the grid's edits: a changed cell or rectangle marks the nodes whose moves it can change. */
    private final class Listener implements GridBatchListener {
        @Override
        public void cellChanged(Grid g, int x, int y) {
            driver.squareEdit(x, y, 1, 1, options.agentSize());
        }

        @Override
        public void rectChanged(Grid g, int x, int y, int w, int h) {
            driver.squareEdit(x, y, w, h, options.agentSize());
        }
    }
}
