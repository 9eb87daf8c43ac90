package org.onepath;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.onepath.cells.Cell;
import org.onepath.cells.HexCells;
import org.onepath.cells.SquareCells;
import org.onepath.grids.GridTopology;
import org.onepath.grids.HexTopology;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.StepCost;
import org.onepath.grids.flow.FlowField;
import org.onepath.query.FlowFieldQuery;
import org.onepath.state.GridStateException;
import org.onepath.state.Snapshottable;

/**
 * A flow field over a {@link Grid} or a {@link HexGrid} (tier 1; {@link Grid#createFlowField},
 * {@link HexGrid#createFlowField}): for every cell, the cost of the cheapest way to the nearest of
 * the goals ({@link #cost}), the cell to move to ({@link #next}), the unit vector towards it
 * ({@link #direction}) and the whole way ({@link #pathFrom}). Many agents with one goal set read
 * one field instead of searching one path each. The engine is the tier-2
 * {@link FlowField} (see there for the normative rules) over the grid's
 * {@link SquareTopology} (the same moves, diagonal rule, clearance and costs as A*) or
 * {@link HexTopology} (the six hex moves).
 *
 * <p>A goal the agent cannot stand on (a wall, or too narrow for the agent size) is inactive. The
 * blocked delegate of {@link GridOptions} isolates a cell (no move into or out of it); the
 * step-cost delegate sees (from, to, grid cost) for the move out of a cell and must give a move
 * the same cost both ways. {@link GridOptions#iterationBudget()} (or
 * {@link HexOptions#iterationBudget()}) bounds the work of the constructor and of each
 * {@link #refresh()} and {@link #recompute()}: call {@link #step} or {@link #run} to finish.
 *
 * <p>The field listens to the grid. After cell edits, {@link #refresh()} repairs only the
 * affected region (the 3x3 block around each edited cell, widened up and left by the agent size
 * - 1; on a hex grid the cell and its neighbours), and the result is bit-identical to a field
 * computed from scratch. A change of an area multiplier, a restore of the grid, or
 * {@link #recompute()} recomputes everything. Changes the grid cannot report (a delegate that
 * answers differently) need {@link #recompute()}. Reads throw {@link IllegalStateException}
 * while the field is not complete or the grid changed since it was computed.
 *
 * <p>Threads: a field is computed on one thread. Fields for different goal sets may be created
 * and computed on several threads at once over one grid that is not being edited (listener
 * registration is locked); nothing here depends on the number of threads. Reads of a complete
 * field may run on several threads at once. Owns its memory: {@link #close()} frees it and
 * unregisters the field; use after close throws {@link IllegalStateException}.
 */
public final class GridFlowField implements AutoCloseable, Snapshottable {
    /** The field, its listener, repairs and state over the cells; this type adds the cell types. */
    private final FlowFieldQuery query;

    private GridFlowField(FlowFieldQuery query) {
        this.query = query;
    }

    /** A field over a square grid; see {@link Grid#createFlowField(List, GridOptions)}. */
    static GridFlowField square(SquareCells grid, List<Cell> goals, GridOptions options) {
        Objects.requireNonNull(goals, "goals");
        Objects.requireNonNull(options, "options");
        grid.ensureOpen();
        return new GridFlowField(FlowFieldQuery.square(grid, goals, options.query(), options.iterationBudget()));
    }

    /** A field over a hex grid; see {@link HexGrid#createFlowField(List, HexOptions)}. */
    static GridFlowField hex(HexCells grid, List<Cell> goals, HexOptions options) {
        return new GridFlowField(FlowFieldQuery.hex(grid, goals, options.iterationBudget()));
    }

    // ---- what it is ----

    /**
     * Whether the field lies over a hex grid.
     *
     * @return true over a {@link HexGrid}, false over a {@link Grid}
     */
    public boolean isHex() {
        return query.isHex();
    }

    /**
     * The grid's width.
     *
     * @return the width in cells of the grid the field was made for
     */
    public int width() {
        return query.width();
    }

    /**
     * The grid's height.
     *
     * @return the height in cells of the grid the field was made for
     */
    public int height() {
        return query.height();
    }

    /**
     * The goal cells as given at creation, repeats included.
     *
     * @return an unmodifiable list of the goals
     */
    public List<Cell> goals() {
        int[] goalCells = query.goalCells();
        int width = query.width();
        List<Cell> out = new ArrayList<>(goalCells.length);
        for (int g : goalCells) {
            out.add(new Cell(g % width, g / width));
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * The tier-2 field underneath (tier 3: its costs and directions as segments).
     *
     * @return the engine, owned by this field and valid until it is closed
     */
    public FlowField<GridTopology, StepCost> flowField() {
        return query.flowField();
    }

    /**
     * Cells popped by the current (or last) computation: the whole field, or a repair.
     *
     * @return the number of cells settled so far, 0 or more
     */
    public int settled() {
        return query.settled();
    }

    /**
     * Whether the current computation has run to the end (the field may still be stale).
     *
     * @return true once the computation has finished
     */
    public boolean isComplete() {
        return query.isComplete();
    }

    /**
     * Whether the field can be read: complete, and no edit, area-cost change or grid restore since
     * it was computed.
     *
     * @return whether the field is complete and up to date
     */
    public boolean isCurrent() {
        return query.isCurrent();
    }

    /**
     * Edited cells heard since the field was last brought up to date.
     *
     * @return the number of edited cells not yet repaired, 0 or more
     */
    public int pendingEdits() {
        return query.pendingEdits();
    }

    // ---- computing ----

    /**
     * Continues the current computation for at most {@code maxIterations} pops.
     *
     * @param maxIterations the largest number of pops to run, 0 or more
     * @return whether the field is complete
     * @throws IllegalStateException after a failed restore (restore again or {@link #recompute()})
     * @throws IllegalArgumentException if {@code maxIterations} is negative
     */
    public boolean step(int maxIterations) {
        return query.step(maxIterations);
    }

    /** Runs the current computation to the end. */
    public void run() {
        step(Integer.MAX_VALUE);
    }

    /**
     * Brings the field up to date with the grid, within the iteration budget: after cell edits
     * only the affected region is recomputed; after an area-cost change or a grid restore (or
     * edits made while a computation was running) everything is. Without changes a running
     * computation continues.
     *
     * @return whether the field is complete
     * @throws IllegalStateException after a failed restore (restore again or {@link #recompute()})
     */
    public boolean refresh() {
        return query.refresh();
    }

    /**
     * Recomputes the whole field from the grid as it is now, within the iteration budget; also
     * makes a field usable again after a failed restore.
     *
     * @return whether the field is complete
     */
    public boolean recompute() {
        return query.recompute();
    }

    // ---- reading ----

    /**
     * Cost of the cheapest way from the cell to a goal: 0 at an active goal, +infinity when there
     * is none (a wall, a cell too narrow for the agent, or cut off).
     *
     * @param cell the cell, inside the grid (column and row on a hex grid)
     * @return the cost, 0 or more, or +infinity
     * @throws IllegalArgumentException if the cell is outside the grid
     * @throws IllegalStateException    if the field is not current (see {@link #isCurrent()})
     */
    public double cost(Cell cell) {
        Objects.requireNonNull(cell, "cell");
        return cost(cell.x(), cell.y());
    }

    /**
     * As {@link #cost(Cell)} with coordinates (column and row on a hex grid).
     *
     * @param x the column, 0..width-1
     * @param y the row, 0..height-1
     * @return the cost, 0 or more, or +infinity
     * @throws IllegalArgumentException if the cell is outside the grid
     * @throws IllegalStateException if the field is not current
     */
    public double cost(int x, int y) {
        int index = query.indexOf(x, y);
        query.ensureCurrent();
        return query.flowField().cost(index);
    }

    /**
     * The cell to move to from this one, or null at a goal and where no way leads to one.
     *
     * @param cell the cell, inside the grid
     * @return the next cell, or null
     * @throws IllegalArgumentException if the cell is outside the grid
     * @throws IllegalStateException    if the field is not current
     */
    public Cell next(Cell cell) {
        Objects.requireNonNull(cell, "cell");
        int n = nextIndex(cell.x(), cell.y());
        return n < 0 ? null : new Cell(n % query.width(), n / query.width());
    }

    /**
     * The row-major index of the cell to move to from (x, y), or -1; allocates nothing.
     *
     * @param x the column, 0..width-1
     * @param y the row, 0..height-1
     * @return the row-major index {@code y * width + x} of the next cell, or -1
     * @throws IllegalArgumentException if the cell is outside the grid
     * @throws IllegalStateException if the field is not current
     */
    public int nextIndex(int x, int y) {
        int index = query.indexOf(x, y);
        query.ensureCurrent();
        return query.flowField().next(index);
    }

    /**
     * The unit vector from the cell's centre to the centre of the cell to move to;
     * {@link FlowDirection#NONE} at a goal and where no way leads to one.
     *
     * @param cell the cell, inside the grid
     * @return the direction, {@link FlowDirection#NONE} when there is none
     * @throws IllegalArgumentException if the cell is outside the grid
     * @throws IllegalStateException    if the field is not current
     */
    public FlowDirection direction(Cell cell) {
        Objects.requireNonNull(cell, "cell");
        int n = nextIndex(cell.x(), cell.y());
        if (n < 0) {
            return FlowDirection.NONE;
        }
        return new FlowDirection(query.vectorX(cell.x(), cell.y(), n), query.vectorY(cell.x(), cell.y(), n));
    }

    /**
     * The x of {@link #direction(Cell)}, allocating nothing.
     *
     * @param x the column, 0..width-1
     * @param y the row, 0..height-1
     * @return the x component, -1..1; 0 where there is no direction
     * @throws IllegalArgumentException if the cell is outside the grid
     * @throws IllegalStateException if the field is not current
     */
    public double directionX(int x, int y) {
        int n = nextIndex(x, y);
        return n < 0 ? 0.0 : query.vectorX(x, y, n);
    }

    /**
     * The y of {@link #direction(Cell)}, allocating nothing.
     *
     * @param x the column, 0..width-1
     * @param y the row, 0..height-1
     * @return the y component, -1..1; 0 where there is no direction
     * @throws IllegalArgumentException if the cell is outside the grid
     * @throws IllegalStateException if the field is not current
     */
    public double directionY(int x, int y) {
        int n = nextIndex(x, y);
        return n < 0 ? 0.0 : query.vectorY(x, y, n);
    }

    /**
     * The cells from {@code cell} to a goal along the direction field, {@code cell} first: empty
     * when no way leads to a goal, the cell alone at a goal. Its cost is {@link #cost(Cell)}.
     *
     * @param cell the first cell, inside the grid
     * @return a new list of the cells, {@code cell} first and a goal last
     * @throws IllegalArgumentException if the cell is outside the grid
     * @throws IllegalStateException    if the field is not current, or its direction field is
     *                                  inconsistent (a restored state): "contains a cycle", "has a
     *                                  cost but no path"
     */
    public List<Cell> pathFrom(Cell cell) {
        Objects.requireNonNull(cell, "cell");
        int index = query.indexOf(cell.x(), cell.y());
        query.ensureCurrent();
        FlowField<GridTopology, StepCost> field = query.flowField();
        int[] nodes = new int[field.pathLength(index)];
        field.copyPath(index, nodes);
        int width = query.width();
        List<Cell> out = new ArrayList<>(nodes.length);
        for (int n : nodes) {
            out.add(new Cell(n % width, n / width));
        }
        return Collections.unmodifiableList(out);
    }

    // ---- snapshots ----

    /** Bytes {@link #saveState()} returns now, counted without copying the field. */
    @Override
    public long stateLength() {
        return query.stateLength();
    }

    /**
     * The field's state (kind 7 of the state format, version 1): size, the area-cost version the
     * field was computed for, the goals as created, the pending edits and the flow field search.
     * Saving twice without a change gives the same bytes.
     *
     * @throws IllegalStateException if the state exceeds the largest Java array
     */
    @Override
    public byte[] saveState() {
        return query.saveState();
    }

    /**
     * Writes the state into {@code destination} from {@code offset}.
     *
     * @return the number of bytes written
     * @throws IllegalArgumentException if it does not fit (nothing is written then)
     */
    @Override
    public long saveState(MemorySegment destination, long offset) {
        Objects.requireNonNull(destination, "destination");
        return query.saveState(destination, offset);
    }

    /**
     * Puts back a saved state in place, into a field created the same way (same grid, restored
     * first; same goals and options; the delegates are the caller's to supply again). The width,
     * height and goals are checked. The state is read in place: on {@link GridStateException} the
     * field is unusable until restored again or {@link #recompute() recomputed}.
     *
     * @throws GridStateException naming the field, value, bound and offset of bad bytes or a mismatch
     */
    @Override
    public void restoreState(MemorySegment data) {
        Objects.requireNonNull(data, "data");
        query.restoreState(data);
    }

    /** Frees the field's memory and stops listening to the grid. Idempotent. */
    @Override
    public void close() {
        query.close();
    }

    @Override
    public String toString() {
        return "GridFlowField[" + (query.isHex() ? "hex " : "") + query.width() + " x " + query.height() + ", "
                + query.goalCells().length + " goals" + (query.isClosed() ? ", closed]" : "]");
    }

    // ---- internals ----

    /** Refreshes so far that repaired the affected region instead of recomputing everything. */
    int repairCount() {
        return query.repairCount();
    }
}
