package org.onepath;

import java.util.Objects;
import org.onepath.cells.Cell;
import org.onepath.cells.CellBlocker;
import org.onepath.cells.Connectivity;
import org.onepath.cells.PathStatus;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.Heuristic;
import org.onepath.grids.ManhattanHeuristic;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.StepCost;
import org.onepath.grids.ZeroHeuristic;
import org.onepath.grids.replan.ReplanMode;
import org.onepath.grids.replan.ReplanSearch;
import org.onepath.grids.theta.EuclideanHeuristic;
import org.onepath.query.ReplanDriver;
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
public final class GridReplanner extends Replanner {
    private final Grid grid;
    private final GridOptions options;

    /** {@link Grid#createReplanner(Cell, Cell, GridOptions)}: checks the arguments, then makes one. */
    static GridReplanner over(Grid grid, Cell start, Cell goal, GridOptions options) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(options, "options");
        if (options.allowPartial()) {
            throw new IllegalArgumentException(
                    "a replanner does not return partial paths (allowPartial is set); use findPath");
        }
        grid.ensureOpen();
        return new GridReplanner(grid, start, goal, options);
    }

    private GridReplanner(Grid grid, Cell start, Cell goal, GridOptions options) {
        int w = grid.width();
        int startCell = indexIn(grid, start, "start");
        int goalCell = indexIn(grid, goal, "goal");
        if (options.heuristicWeight() != 1.0) {
            throw new IllegalArgumentException("heuristic weight " + options.heuristicWeight()
                    + ": a replanner needs weight 1 (a consistent estimate)");
        }
        int agentSize = options.agentSize();
        if (agentSize > 1) {
            grid.clearance();
        }
        SquareTopology topology = new SquareTopology(grid, agentSize, options.connectivity(), options.diagonalRule());
        StepCost cost = options.stepCost() == null && options.blocked() == null
                ? DefaultStepCost.INSTANCE
                : options.engineStepCost(w);
        HeuristicKind kind = options.heuristic();
        if (kind == HeuristicKind.AUTO) {
            kind = options.connectivity() == Connectivity.EIGHT ? HeuristicKind.OCTILE : HeuristicKind.MANHATTAN;
        }
        final HeuristicKind k = kind;
        ReplanMode mode = options.algorithm() == GridAlgorithm.LPA_STAR ? ReplanMode.LPA_STAR : ReplanMode.D_STAR_LITE;
        CellBlocker blocked = options.blocked();
        ReplanDriver driver = new ReplanDriver(
                "GridReplanner",
                StateKind.GRID_REPLANNER,
                mode,
                w,
                grid.height(),
                grid.areas(),
                grid::restoreCount,
                grid::ensureOpen,
                agentSize > 1 ? grid::clearance : () -> {},
                cell -> {
                    int x = cell % w;
                    int y = cell / w;
                    return grid.canFit(x, y, agentSize) && (blocked == null || !blocked.isBlocked(x, y));
                },
                topology,
                cost,
                scale -> heuristic(k, w, scale),
                startCell,
                goalCell,
                options.iterationBudget(),
                options.recordExpansions());
        this.grid = grid;
        this.options = options;
        super(driver);
        driver.listenTo(grid, agentSize);
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

    private static int indexIn(Grid grid, Cell cell, String what) {
        Objects.requireNonNull(cell, what);
        if (cell.x() < 0 || cell.y() < 0 || cell.x() >= grid.width() || cell.y() >= grid.height()) {
            throw new IllegalArgumentException(
                    what + " " + cell + " is outside the " + grid.width() + " x " + grid.height() + " grid");
        }
        return cell.y() * grid.width() + cell.x();
    }

    @Override
    int cellIndex(Cell cell, String what) {
        return indexIn(grid, cell, what);
    }

    /**
     * The grid this replanner listens to and plans on.
     *
     * @return the grid given at creation
     */
    public Grid grid() {
        return grid;
    }

    /**
     * The options every plan and repair uses.
     *
     * @return the options given at creation
     */
    public GridOptions options() {
        return options;
    }

    /**
     * Replans within {@link GridOptions#iterationBudget()} (0: to the end).
     *
     * @return the result, whose status is FOUND, NO_PATH, START_INVALID, GOAL_INVALID or
     *         BUDGET_EXHAUSTED
     */
    public GridPath replan() {
        return replan(0);
    }

    /**
     * Takes in the changes since the last call and repairs the path for at most
     * {@code maxIterations} iterations (0: the options' budget, itself 0 for no limit).
     *
     * @param maxIterations iterations before BUDGET_EXHAUSTED, 0 or more; 0 for the options' budget
     * @return FOUND with the path, NO_PATH, START_INVALID or GOAL_INVALID (the agent cannot stand
     *         there now), or BUDGET_EXHAUSTED (call again to resume). The expansion count is the
     *         expansions since the last change was taken in.
     * @throws IllegalArgumentException if maxIterations &lt; 0
     */
    public GridPath replan(int maxIterations) {
        PathStatus status = driver.tryReplan(maxIterations);
        return new GridPath(
                status,
                grid.width(),
                grid.space(),
                driver.cellsForResult(status),
                driver.costForResult(status),
                driver.expandedForResult(status),
                driver.iterationsForResult(),
                algorithm(),
                options.recordExpansions() ? driver.expandedNodes() : null);
    }
}
