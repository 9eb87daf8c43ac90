package org.onepath;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridTopology;
import org.onepath.grids.Heuristic;
import org.onepath.grids.HexDistanceHeuristic;
import org.onepath.grids.HexTopology;
import org.onepath.grids.StepCost;
import org.onepath.grids.ZeroHeuristic;
import org.onepath.grids.replan.ReplanSearch;
import org.onepath.state.GridStateException;
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
public final class HexReplanner implements AutoCloseable {
    private final HexGrid grid;
    private final HexOptions options;
    private final ReplanDriver driver;
    private final Listener listener = new Listener();

    HexReplanner(HexGrid grid, Cell start, Cell goal, GridAlgorithm algorithm, HexOptions options) {
        this.grid = grid;
        this.options = options;
        int w = grid.width();
        int startCell = cellIndex(start, "start");
        int goalCell = cellIndex(goal, "goal");
        if (options.heuristicWeight() != 1.0) {
            throw new IllegalArgumentException("heuristic weight " + options.heuristicWeight()
                    + ": a replanner needs weight 1 (a consistent estimate)");
        }
        HeuristicKind kind = options.heuristic();
        if (kind != HeuristicKind.AUTO && kind != HeuristicKind.ZERO) {
            throw new IllegalArgumentException("heuristic " + kind + ": a hex replanner uses AUTO (hex distance) or ZERO");
        }
        boolean zero = kind == HeuristicKind.ZERO;
        HexLayout layout = grid.layout();
        GridAlgorithm a = algorithm == GridAlgorithm.LPA_STAR ? GridAlgorithm.LPA_STAR : GridAlgorithm.D_STAR_LITE;
        this.driver = new ReplanDriver("HexReplanner", StateKind.HEX_REPLANNER, a, w, grid.height(), grid.areas(),
                grid::restoreCount, grid::ensureOpen, () -> { }, cell -> grid.isWalkable(cell % w, cell / w), new HexTopology(grid),
                DefaultStepCost.INSTANCE,
                scale -> zero ? ZeroHeuristic.INSTANCE : new HexDistanceHeuristic(w, layout, scale),
                startCell, goalCell, options.iterationBudget(), options.recordExpansions());
        grid.addChangeListener(listener);
    }

    private int cellIndex(Cell cell, String what) {
        Objects.requireNonNull(cell, what);
        if (!grid.contains(cell)) {
            throw new IllegalArgumentException(what + " " + cell + " is outside the " + grid.width() + " x " + grid.height()
                    + " hex grid");
        }
        return cell.y() * grid.width() + cell.x();
    }

    /** {@link GridAlgorithm#LPA_STAR} or {@link GridAlgorithm#D_STAR_LITE}. */
    public GridAlgorithm algorithm() {
        return driver.algorithm();
    }

    public HexGrid grid() {
        return grid;
    }

    public HexOptions options() {
        return options;
    }

    /** The start as (column, row). */
    public Cell start() {
        int s = driver.start();
        return new Cell(s % grid.width(), s / grid.width());
    }

    /** The goal as (column, row). */
    public Cell goal() {
        int g = driver.goal();
        return new Cell(g % grid.width(), g / grid.width());
    }

    /** The tier-2 engine underneath. */
    public ReplanSearch<GridTopology, StepCost, Heuristic> search() {
        return driver.search();
    }

    /** Replans within {@link HexOptions#iterationBudget()} (0: to the end). */
    public HexPath replan() {
        return replan(0);
    }

    /** As {@link GridReplanner#replan(int)}. */
    public HexPath replan(int maxIterations) {
        PathStatus status = driver.tryReplan(maxIterations);
        int[] cells = null;
        if (status == PathStatus.FOUND) {
            cells = new int[driver.pathLength()];
            driver.copyPath(cells);
        }
        boolean invalid = status == PathStatus.START_INVALID || status == PathStatus.GOAL_INVALID;
        return new HexPath(status, grid.width(), grid.layout(), grid.space(), cells,
                status == PathStatus.FOUND ? driver.pathCost() : Double.POSITIVE_INFINITY,
                invalid ? 0 : driver.search().lastExpanded(), driver.iterationsForResult(),
                options.recordExpansions() ? driver.expandedNodes() : null);
    }

    /** As {@link GridReplanner#tryReplan(int)}. */
    public PathStatus tryReplan(int maxIterations) {
        return driver.tryReplan(maxIterations);
    }

    /** As {@link GridReplanner#pathLength()}. */
    public int pathLength() {
        return driver.pathLength();
    }

    /** As {@link GridReplanner#pathCost()}. */
    public double pathCost() {
        return driver.pathCost();
    }

    /** As {@link GridReplanner#copyPath(int[])}: cell indexes {@code row * width + col}. */
    public int copyPath(int[] out) {
        return driver.copyPath(out);
    }

    /** As {@link GridReplanner#moveStart}. */
    public void moveStart(Cell start) {
        driver.moveStart(cellIndex(start, "start"));
    }

    /** As {@link GridReplanner#setGoal}. */
    public void setGoal(Cell goal) {
        driver.setGoal(cellIndex(goal, "goal"));
    }

    /** As {@link GridReplanner#invalidate()}. */
    public void invalidate() {
        driver.invalidate();
    }

    int restartCount() {
        return driver.restartCount();
    }

    /** Bytes {@link #saveState()} returns now. */
    public long stateLength() {
        return driver.stateLength();
    }

    /** The replanner's state, kind 6 (the layout of kind 5). */
    public byte[] saveState() {
        return driver.saveState();
    }

    /** Writes the state into {@code destination} from {@code offset}; returns the bytes written. */
    public long saveState(MemorySegment destination, long offset) {
        return driver.saveState(destination, offset);
    }

    /** Restores a state made by {@link #saveState()}; see {@link #restoreState(MemorySegment)}. */
    public void restoreState(byte[] state) {
        Objects.requireNonNull(state, "state");
        restoreState(MemorySegment.ofArray(state));
    }

    /**
     * As {@link GridReplanner#restoreState(MemorySegment)}: checked first, unchanged on failure.
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
        return "HexReplanner[" + driver.algorithm() + ", " + grid.width() + " x " + grid.height() + ", " + start() + " -> "
                + goal() + (driver.state().isClosed() ? ", closed]" : "]");
    }

    /** Hears the grid's edits: each changed cell and its neighbours are re-examined. */
    private final class Listener implements HexBatchListener {
        @Override
        public void cellChanged(HexGrid g, int col, int row) {
            driver.hexEdit(col, row, 1, 1);
        }

        @Override
        public void rectChanged(HexGrid g, int x, int y, int w, int h) {
            driver.hexEdit(x, y, w, h);
        }
    }
}
