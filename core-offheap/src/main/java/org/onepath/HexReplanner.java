package org.onepath;

import java.util.Objects;
import org.onepath.cells.Cell;
import org.onepath.cells.HexLayout;
import org.onepath.cells.PathStatus;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.HexDistanceHeuristic;
import org.onepath.grids.HexTopology;
import org.onepath.grids.ZeroHeuristic;
import org.onepath.grids.replan.ReplanMode;
import org.onepath.query.ReplanDriver;
import org.onepath.state.StateKind;

/**
 * An incremental replanner over a {@link HexGrid} (tier 1; {@link HexGrid#createReplanner}):
 * as {@link GridReplanner}, over the six hex moves ({@link HexTopology}) with the hex distance
 * estimate (or zero). An edited cell re-examines itself and its neighbours; an edit touching more
 * than a quarter of the cells, an area-cost change and a restore of the grid make the next replan
 * start from scratch. Snapshots are kind 6.
 *
 * <p>Not thread-safe; the grid must not be edited during a replan. Owns its memory:
 * {@link #close()} frees it and stops listening; use after close throws
 * {@link IllegalStateException}.
 */
public final class HexReplanner extends Replanner {
    private final HexGrid grid;
    private final HexOptions options;

    HexReplanner(HexGrid grid, Cell start, Cell goal, GridAlgorithm algorithm, HexOptions options) {
        int w = grid.width();
        int startCell = indexIn(grid, start, "start");
        int goalCell = indexIn(grid, goal, "goal");
        if (options.heuristicWeight() != 1.0) {
            throw new IllegalArgumentException("heuristic weight " + options.heuristicWeight()
                    + ": a replanner needs weight 1 (a consistent estimate)");
        }
        HeuristicKind kind = options.heuristic();
        if (kind != HeuristicKind.AUTO && kind != HeuristicKind.ZERO) {
            throw new IllegalArgumentException(
                    "heuristic " + kind + ": a hex replanner uses AUTO (hex distance) or ZERO");
        }
        boolean zero = kind == HeuristicKind.ZERO;
        HexLayout layout = grid.layout();
        ReplanMode mode = algorithm == GridAlgorithm.LPA_STAR ? ReplanMode.LPA_STAR : ReplanMode.D_STAR_LITE;
        ReplanDriver driver = new ReplanDriver(
                "HexReplanner",
                StateKind.HEX_REPLANNER,
                mode,
                w,
                grid.height(),
                grid.areas(),
                grid::restoreCount,
                grid::ensureOpen,
                () -> {},
                cell -> grid.isWalkable(cell % w, cell / w),
                new HexTopology(grid),
                DefaultStepCost.INSTANCE,
                scale -> zero ? ZeroHeuristic.INSTANCE : new HexDistanceHeuristic(w, layout, scale),
                startCell,
                goalCell,
                options.iterationBudget(),
                options.recordExpansions());
        this.grid = grid;
        this.options = options;
        super(driver);
        driver.listenTo(grid);
    }

    @Override
    int cellIndex(Cell cell, String what) {
        return indexIn(grid, cell, what);
    }

    private static int indexIn(HexGrid grid, Cell cell, String what) {
        Objects.requireNonNull(cell, what);
        if (!grid.contains(cell)) {
            throw new IllegalArgumentException(
                    what + " " + cell + " is outside the " + grid.width() + " x " + grid.height() + " hex grid");
        }
        return cell.y() * grid.width() + cell.x();
    }

    /**
     * The hex grid this replanner listens to and plans on.
     *
     * @return the grid given at creation
     */
    public HexGrid grid() {
        return grid;
    }

    /**
     * The options every plan and repair uses.
     *
     * @return the options given at creation
     */
    public HexOptions options() {
        return options;
    }

    /**
     * Replans within {@link HexOptions#iterationBudget()} (0: to the end).
     *
     * @return the result, whose status is FOUND, NO_PATH, START_INVALID, GOAL_INVALID or
     *         BUDGET_EXHAUSTED
     */
    public HexPath replan() {
        return replan(0);
    }

    /**
     * As {@link GridReplanner#replan(int)}.
     *
     * @param maxIterations iterations before BUDGET_EXHAUSTED, 0 or more; 0 for the options'
     *                      budget, itself 0 for no limit
     * @return the result, whose status is FOUND, NO_PATH, START_INVALID, GOAL_INVALID or
     *         BUDGET_EXHAUSTED
     * @throws IllegalArgumentException if maxIterations &lt; 0
     */
    public HexPath replan(int maxIterations) {
        PathStatus status = driver.tryReplan(maxIterations);
        return new HexPath(
                status,
                grid.width(),
                grid.layout(),
                grid.space(),
                driver.cellsForResult(status),
                driver.costForResult(status),
                driver.expandedForResult(status),
                driver.iterationsForResult(),
                options.recordExpansions() ? driver.expandedNodes() : null);
    }
}
