package org.onepath;

import java.lang.foreign.MemorySegment;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;
import org.onepath.grids.GridTopology;
import org.onepath.grids.Heuristic;
import org.onepath.grids.StepCost;
import org.onepath.grids.replan.ReplanMode;
import org.onepath.grids.replan.ReplanSearch;
import org.onepath.query.ReplanDriver;
import org.onepath.state.GridStateException;
import org.onepath.state.Snapshottable;

/**
 * An incremental replanner (tier 1): one start and one goal, whose path is repaired rather than
 * searched again after the grid changes. {@link GridReplanner} plans over a square grid and
 * {@link HexReplanner} over a hex grid; both run the tier-2 {@link ReplanSearch}, and what they
 * share (the allocation-free result, moving the ends, snapshots, closing) is here.
 *
 * <p>{@link #tryReplan(int)} stops after a number of iterations with
 * {@link PathStatus#BUDGET_EXHAUSTED}; the next call resumes, and any sequence of budgets ends
 * with the path, cost and expansion count of one unsliced call.
 *
 * <p>Not thread-safe; the grid must not be edited during a replan. Owns its memory:
 * {@link #close()} frees it and stops listening to the grid; use after close throws
 * {@link IllegalStateException}.
 */
public abstract sealed class Replanner implements AutoCloseable, Snapshottable permits GridReplanner, HexReplanner {
    final ReplanDriver driver;

    Replanner(ReplanDriver driver) {
        this.driver = driver;
    }

    /** Row-major index of an end, or IllegalArgumentException naming it when outside the grid. */
    abstract int cellIndex(Cell cell, String what);

    /**
     * {@link GridAlgorithm#LPA_STAR} or {@link GridAlgorithm#D_STAR_LITE}.
     *
     * @return the algorithm this replanner runs, not null
     */
    public GridAlgorithm algorithm() {
        return driver.mode() == ReplanMode.LPA_STAR ? GridAlgorithm.LPA_STAR : GridAlgorithm.D_STAR_LITE;
    }

    /**
     * The start as (x, y), or (column, row) on a hex grid.
     *
     * @return the start cell, not null
     */
    public Cell start() {
        return cellAt(driver.start());
    }

    /**
     * The goal as (x, y), or (column, row) on a hex grid.
     *
     * @return the goal cell, not null
     */
    public Cell goal() {
        return cellAt(driver.goal());
    }

    private Cell cellAt(int index) {
        return new Cell(index % driver.width(), index / driver.width());
    }

    /**
     * The tier-2 engine underneath (tier 3: g, rhs, the queue).
     *
     * @return the engine, owned by this replanner and valid until it is closed
     */
    public ReplanSearch<GridTopology, StepCost, Heuristic> search() {
        return driver.search();
    }

    /**
     * Replans without building a result: read {@link #pathLength()}, {@link #pathCost()} and
     * {@link #copyPath(int[])} after FOUND. Allocates nothing once the replanner's lists have
     * grown.
     *
     * @param maxIterations iterations before BUDGET_EXHAUSTED; 0 for the options' budget, itself 0
     *                      for no limit
     * @return FOUND, NO_PATH or BUDGET_EXHAUSTED (the next call resumes)
     * @throws IllegalArgumentException if maxIterations &lt; 0
     */
    public PathStatus tryReplan(int maxIterations) {
        return driver.tryReplan(maxIterations);
    }

    /**
     * Cells on the path of the last FOUND replan, start and goal included; 0 otherwise or after a
     * change.
     *
     * @return the path's cell count, 0 or more
     */
    public int pathLength() {
        return driver.pathLength();
    }

    /**
     * Cost of that path, summed from the start in path order; +infinity without one.
     *
     * @return the cost, 0 or more, or +infinity
     */
    public double pathCost() {
        return driver.pathCost();
    }

    /**
     * Writes the path's cell indexes ({@code y * width + x}), start first.
     *
     * @param out receives the indexes from index 0; at least {@link #pathLength()} long
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
     * @param start the new start cell, inside the grid
     * @throws IllegalArgumentException if the cell is outside the grid
     */
    public void moveStart(Cell start) {
        driver.moveStart(cellIndex(start, "start"));
    }

    /**
     * Changes the goal; the next replan plans from scratch.
     *
     * @param goal the new goal cell, inside the grid
     * @throws IllegalArgumentException if the cell is outside the grid
     */
    public void setGoal(Cell goal) {
        driver.setGoal(cellIndex(goal, "goal"));
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
    @Override
    public long stateLength() {
        return driver.stateLength();
    }

    /**
     * The replanner's state (kind 5 of the state format for {@link GridReplanner}, kind 6 with the
     * same layout for {@link HexReplanner}, version 1): size, algorithm, the area-cost version
     * planned for, start, goal and the replan search. Saving twice without a change gives the
     * same bytes.
     */
    @Override
    public byte[] saveState() {
        return driver.saveState();
    }

    /**
     * Writes the state into {@code destination} from {@code offset}.
     *
     * @return the number of bytes written
     * @throws IllegalArgumentException if it does not fit (nothing is written then)
     */
    @Override
    public long saveState(MemorySegment destination, long offset) {
        return driver.saveState(destination, offset);
    }

    /**
     * Puts back a saved state in place, into a replanner created the same way over the same grid
     * (restored first; same options; the delegates are the caller's to supply again). The size,
     * the algorithm and the area-cost version must match; start and goal are taken from the
     * state. Everything is checked first: on {@link GridStateException} nothing has changed.
     *
     * @throws GridStateException naming the field, value, bound and offset of bad bytes or a mismatch
     */
    @Override
    public void restoreState(MemorySegment state) {
        driver.restoreState(state);
    }

    /** Frees the replanner's memory and stops listening to the grid. Idempotent. */
    @Override
    public void close() {
        driver.close();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + algorithm() + ", " + driver.width() + " x " + driver.height() + ", "
                + start() + " -> " + goal() + (driver.state().isClosed() ? ", closed]" : "]");
    }
}
