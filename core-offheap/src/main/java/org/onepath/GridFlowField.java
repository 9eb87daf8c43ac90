package org.onepath;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cell;
import org.onepath.cells.GridBatchListener;
import org.onepath.cells.GridChangeListener;
import org.onepath.cells.HexBatchListener;
import org.onepath.cells.HexCells;
import org.onepath.cells.HexChangeListener;
import org.onepath.cells.HexCoord;
import org.onepath.cells.HexLayout;
import org.onepath.cells.SquareCells;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridTopology;
import org.onepath.grids.HexTopology;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.StepCost;
import org.onepath.grids.flow.FlowField;
import org.onepath.grids.flow.FlowStatus;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;
import org.onepath.state.GridFlowFieldStateFormat;
import org.onepath.state.GridStateException;
import org.onepath.state.Snapshottable;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

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
    private static final ValueLayout.OfByte MARK = ValueLayout.JAVA_BYTE;
    /** Dirty cells a refresh always repairs rather than recomputes, however small the grid. */
    private static final int REPAIR_MIN_LIMIT = 1024;
    /** Unit vectors of the square moves, indexed (dy + 1) * 3 + (dx + 1). */
    private static final double[] SQUARE_X = new double[9];

    private static final double[] SQUARE_Y = new double[9];

    static {
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                double length = Math.sqrt(dx * dx + dy * dy);
                SQUARE_X[(dy + 1) * 3 + dx + 1] = length == 0 ? 0 : dx / length;
                SQUARE_Y[(dy + 1) * 3 + dx + 1] = length == 0 ? 0 : dy / length;
            }
        }
    }

    private final Grid grid;
    private final HexGrid hexGrid;
    private final int width;
    private final int height;
    private final int agentSize;
    private final int budget;
    private final int[] goalCells;
    private final FlowField<GridTopology, StepCost> field;
    private final AreaCosts areas;
    private final Arena arena;
    /** One byte per cell: 1 while the cell is on the pending list. */
    private final MemorySegment pendingMarks;

    private final NativeIntList pending = new NativeIntList();
    private final Object listener;
    private final OwnerState state = new OwnerState("GridFlowField");
    private int knownAreaVersion;
    private int knownRestoreCount;
    private boolean failed;
    /** Scratch for a hex cell's neighbours when a refresh marks the region of an edit. */
    private final int[] hexNodes = new int[HexCoord.DIRECTION_COUNT];

    private final double[] hexCosts = new double[HexCoord.DIRECTION_COUNT];
    /** Refreshes that repaired locally rather than recomputed (for the tests). */
    private int repairs;

    /** A field over a square grid; see {@link Grid#createFlowField(List, GridOptions)}. */
    GridFlowField(Grid grid, List<Cell> goals, GridOptions options) {
        this.grid = grid;
        this.hexGrid = null;
        this.width = grid.width();
        this.height = grid.height();
        this.agentSize = options.agentSize();
        this.budget = options.iterationBudget();
        this.goalCells = goalIndexes(goals, width, height, "grid");
        this.areas = grid.areas();
        SquareTopology topology = new SquareTopology(grid, agentSize, options.connectivity(), options.diagonalRule());
        StepCost cost = options.stepCost() == null && options.blocked() == null
                ? DefaultStepCost.INSTANCE
                : options.engineStepCost(width);
        this.field = new FlowField<>(topology, cost, goalCells);
        this.arena = Arena.ofShared();
        this.pendingMarks = arena.allocate((long) width * height, 8);
        SquareListener l = new SquareListener();
        this.listener = l;
        grid.addChangeListener(l);
        start();
    }

    /** A field over a hex grid; see {@link HexGrid#createFlowField(List, HexOptions)}. */
    GridFlowField(HexGrid hexGrid, List<Cell> goals, HexOptions options) {
        this.grid = null;
        this.hexGrid = hexGrid;
        this.width = hexGrid.width();
        this.height = hexGrid.height();
        this.agentSize = 1;
        this.budget = options.iterationBudget();
        this.goalCells = goalIndexes(goals, width, height, "hex grid");
        this.areas = hexGrid.areas();
        this.field = new FlowField<>(new HexTopology(hexGrid), DefaultStepCost.INSTANCE, goalCells);
        this.arena = Arena.ofShared();
        this.pendingMarks = arena.allocate((long) width * height, 8);
        HexListener l = new HexListener();
        this.listener = l;
        hexGrid.addChangeListener(l);
        start();
    }

    private void start() {
        try {
            recompute();
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    // ---- what it is ----

    /**
     * Whether the field lies over a hex grid.
     *
     * @return true over a {@link HexGrid}, false over a {@link Grid}
     */
    public boolean isHex() {
        return hexGrid != null;
    }

    /**
     * The grid's width.
     *
     * @return the width in cells of the grid the field was made for
     */
    public int width() {
        return width;
    }

    /**
     * The grid's height.
     *
     * @return the height in cells of the grid the field was made for
     */
    public int height() {
        return height;
    }

    /**
     * The goal cells as given at creation, repeats included.
     *
     * @return an unmodifiable list of the goals
     */
    public List<Cell> goals() {
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
        return field;
    }

    /**
     * Cells popped by the current (or last) computation: the whole field, or a repair.
     *
     * @return the number of cells settled so far, 0 or more
     */
    public int settled() {
        state.ensureOpen();
        return field.settled();
    }

    /**
     * Whether the current computation has run to the end (the field may still be stale).
     *
     * @return true once the computation has finished
     */
    public boolean isComplete() {
        state.ensureOpen();
        return !failed && field.status() == FlowStatus.COMPLETE;
    }

    /**
     * Whether the field can be read: complete, and no edit, area-cost change or grid restore since
     * it was computed.
     *
     * @return whether the field is complete and up to date
     */
    public boolean isCurrent() {
        state.ensureOpen();
        return isComplete() && !stale() && pending.size() == 0;
    }

    /**
     * Edited cells heard since the field was last brought up to date.
     *
     * @return the number of edited cells not yet repaired, 0 or more
     */
    public int pendingEdits() {
        state.ensureOpen();
        return pending.size();
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
        ensureUsable();
        syncClearance();
        return field.step(maxIterations) == FlowStatus.COMPLETE;
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
        ensureUsable();
        if (stale()
                || field.status() == FlowStatus.NOT_STARTED
                || (pending.size() > 0 && field.status() != FlowStatus.COMPLETE)) {
            recompute();
            return field.status() == FlowStatus.COMPLETE;
        }
        if (pending.size() > 0) {
            // Past a quarter of the cells (and a few blocks) a repair would touch most of the field:
            // recompute instead (the result is the same).
            long perEdit = hexGrid != null ? 7 : (long) (agentSize + 2) * (agentSize + 2);
            if ((long) pending.size() * perEdit > Math.max(REPAIR_MIN_LIMIT, field.nodeCount() / 4)) {
                recompute();
                return field.status() == FlowStatus.COMPLETE;
            }
            syncClearance();
            markRegion();
            clearPending();
            field.repair();
            repairs++;
        }
        return runBudget();
    }

    /**
     * Recomputes the whole field from the grid as it is now, within the iteration budget; also
     * makes a field usable again after a failed restore.
     *
     * @return whether the field is complete
     */
    public boolean recompute() {
        ensureOpen();
        clearPending();
        knownAreaVersion = areas.version();
        knownRestoreCount = restoreCount();
        failed = false;
        syncClearance();
        field.begin();
        return runBudget();
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
        int index = indexOf(x, y);
        ensureCurrent();
        return field.cost(index);
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
        return n < 0 ? null : new Cell(n % width, n / width);
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
        int index = indexOf(x, y);
        ensureCurrent();
        return field.next(index);
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
        return new FlowDirection(vectorX(cell.x(), cell.y(), n), vectorY(cell.x(), cell.y(), n));
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
        return n < 0 ? 0.0 : vectorX(x, y, n);
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
        return n < 0 ? 0.0 : vectorY(x, y, n);
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
        int index = indexOf(cell.x(), cell.y());
        ensureCurrent();
        int[] nodes = new int[field.pathLength(index)];
        field.copyPath(index, nodes);
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
        ensureOpen();
        return GridFlowFieldStateFormat.fieldOffset(goalCells.length, pending.size()) + field.pieceLength();
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
        ensureOpen();
        GridFlowFieldStateFormat.State s = toState();
        long length = GridFlowFieldStateFormat.length(s);
        byte[] out = StateWriter.arrayFor("flow field", length);
        GridFlowFieldStateFormat.write(StateWriter.into(MemorySegment.ofArray(out), 0), s);
        return out;
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
        ensureOpen();
        GridFlowFieldStateFormat.State s = toState();
        long length = GridFlowFieldStateFormat.length(s);
        GridFlowFieldStateFormat.write(StateWriter.into("flow field", length, destination, offset), s);
        return length;
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
        ensureOpen();
        try {
            StateReader r = StateReader.ofGrid(data);
            GridFlowFieldStateFormat.State s = GridFlowFieldStateFormat.read(r);
            if (s.width() != width) {
                throw r.error(
                        "width",
                        s.width(),
                        width + " (the restoring field's grid width)",
                        GridFlowFieldStateFormat.WIDTH_OFFSET);
            }
            if (s.height() != height) {
                throw r.error(
                        "height",
                        s.height(),
                        height + " (the restoring field's grid height)",
                        GridFlowFieldStateFormat.HEIGHT_OFFSET);
            }
            if (!Arrays.equals(s.goals(), goalCells)) {
                throw r.error(
                        "goals",
                        Arrays.toString(s.goals()),
                        Arrays.toString(goalCells) + " (the restoring field's goals)",
                        GridFlowFieldStateFormat.GOAL_COUNT_OFFSET);
            }
            field.restore(s.field(), GridFlowFieldStateFormat.fieldOffset(s.goals().length, s.pending().length));
            clearPending();
            for (int p : s.pending()) {
                pend(p);
            }
            knownAreaVersion = s.areaVersion();
            knownRestoreCount = restoreCount();
            failed = false;
        } catch (RuntimeException e) {
            failed = true;
            field.invalidate();
            throw e;
        }
    }

    /** Frees the field's memory and stops listening to the grid. Idempotent. */
    @Override
    public void close() {
        if (state.markClosed()) {
            if (grid != null) {
                grid.removeChangeListener((GridChangeListener) listener);
            } else {
                hexGrid.removeChangeListener((HexChangeListener) listener);
            }
            field.close();
            pending.close();
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "GridFlowField[" + (hexGrid != null ? "hex " : "") + width + " x " + height + ", " + goalCells.length
                + " goals" + (state.isClosed() ? ", closed]" : "]");
    }

    // ---- internals ----

    /** Refreshes so far that repaired the affected region instead of recomputing everything. */
    int repairCount() {
        return repairs;
    }

    private GridFlowFieldStateFormat.State toState() {
        return new GridFlowFieldStateFormat.State(
                width, height, knownAreaVersion, goalCells.clone(), pending.toArray(), field.toPiece());
    }

    /** Whether something the listener cannot hear changed: an area multiplier, or a restore of the grid. */
    private boolean stale() {
        return areas.version() != knownAreaVersion || restoreCount() != knownRestoreCount;
    }

    private int restoreCount() {
        return grid != null ? grid.restoreCount() : hexGrid.restoreCount();
    }

    private boolean runBudget() {
        return field.step(budget == 0 ? Integer.MAX_VALUE : budget) == FlowStatus.COMPLETE;
    }

    /** Agents wider than a cell read clearance, which the grid recomputes lazily after edits. */
    private void syncClearance() {
        if (grid != null && agentSize > 1) {
            grid.clearance();
        }
    }

    /** Marks every node whose moves an edit of a pending cell can have changed. */
    private void markRegion() {
        final int count = pending.size();
        if (grid != null) {
            final int s = agentSize;
            for (int i = 0; i < count; i++) {
                int cell = pending.get(i);
                int x = cell % width;
                int y = cell / width;
                // A move reads the two nodes' areas, the beside cells and the s x s blocks at both
                // nodes: every node within [x - s, x + 1] x [y - s, y + 1] of the edit.
                int x0 = Math.max(0, x - s);
                int x1 = Math.min(width - 1, x + 1);
                int y0 = Math.max(0, y - s);
                int y1 = Math.min(height - 1, y + 1);
                for (int yy = y0; yy <= y1; yy++) {
                    for (int xx = x0; xx <= x1; xx++) {
                        field.markDirty(yy * width + xx);
                    }
                }
            }
        } else {
            GridTopology topology = field.topology();
            for (int i = 0; i < count; i++) {
                int cell = pending.get(i);
                field.markDirty(cell);
                int k = topology.neighbors(cell, hexNodes, hexCosts);
                for (int j = 0; j < k; j++) {
                    field.markDirty(hexNodes[j]);
                }
            }
        }
    }

    private void pend(int cell) {
        if (pendingMarks.get(MARK, cell) == 0) {
            pendingMarks.set(MARK, cell, (byte) 1);
            pending.add(cell);
        }
    }

    private void clearPending() {
        for (int i = 0; i < pending.size(); i++) {
            pendingMarks.set(MARK, pending.get(i), (byte) 0);
        }
        pending.clear();
    }

    private double vectorX(int x, int y, int next) {
        if (hexGrid == null) {
            return SQUARE_X[(next / width - y + 1) * 3 + next % width - x + 1];
        }
        return hexVector(x, y, next, true);
    }

    private double vectorY(int x, int y, int next) {
        if (hexGrid == null) {
            return SQUARE_Y[(next / width - y + 1) * 3 + next % width - x + 1];
        }
        return hexVector(x, y, next, false);
    }

    /** A component of the unit vector between two hex centres, from the axial difference. */
    private double hexVector(int col, int row, int next, boolean xComponent) {
        HexLayout layout = hexGrid.layout();
        int nc = next % width;
        int nr = next / width;
        int dq = layout.q(nc, nr) - layout.q(col, row);
        int dr = layout.r(nc, nr) - layout.r(col, row);
        double vx;
        double vy;
        if (layout.isPointy()) {
            vx = dq + dr * 0.5;
            vy = HexSpace.SQRT3_OVER_2 * dr;
        } else {
            vx = HexSpace.SQRT3_OVER_2 * dq;
            vy = dr + dq * 0.5;
        }
        double length = Math.sqrt(vx * vx + vy * vy);
        return (xComponent ? vx : vy) / length;
    }

    private int indexOf(int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height) {
            throw new IllegalArgumentException("cell (" + x + ", " + y + ") is outside the " + width + " x " + height
                    + (hexGrid != null ? " hex grid" : " grid"));
        }
        return y * width + x;
    }

    private void ensureOpen() {
        state.ensureOpen();
        if (grid != null) {
            grid.ensureOpen();
        } else {
            hexGrid.ensureOpen();
        }
    }

    private void ensureUsable() {
        ensureOpen();
        if (failed) {
            throw new IllegalStateException(
                    "GridFlowField is unusable after a failed restore: restore a state or call recompute()");
        }
    }

    private void ensureCurrent() {
        ensureUsable();
        if (field.status() != FlowStatus.COMPLETE) {
            throw new IllegalStateException("GridFlowField is still computing (" + field.settled()
                    + " cells settled): call step(n), run() or refresh() until it is complete");
        }
        if (pending.size() > 0 || stale()) {
            throw new IllegalStateException("the grid changed since the flow field was computed (" + pending.size()
                    + " pending edits" + (stale() ? ", area costs or a restore" : "") + "): call refresh()");
        }
    }

    private static int[] goalIndexes(List<Cell> goals, int width, int height, String what) {
        Objects.requireNonNull(goals, "goals");
        if (goals.isEmpty()) {
            throw new IllegalArgumentException("a flow field needs at least one goal");
        }
        int[] out = new int[goals.size()];
        for (int i = 0; i < out.length; i++) {
            Cell g = Objects.requireNonNull(goals.get(i), "goal " + i);
            if (g.x() < 0 || g.y() < 0 || g.x() >= width || g.y() >= height) {
                throw new IllegalArgumentException(
                        "goal " + g + " is outside the " + width + " x " + height + " " + what);
            }
            out[i] = g.y() * width + g.x();
        }
        return out;
    }

    /** Hears edits of a square grid: each changed cell, or a rectangle's cells, become pending. */
    private final class SquareListener implements GridBatchListener {
        @Override
        public void cellChanged(SquareCells g, int x, int y) {
            pend(y * width + x);
        }

        @Override
        public void rectChanged(SquareCells g, int x, int y, int w, int h) {
            for (int r = y; r < y + h; r++) {
                for (int c = x; c < x + w; c++) {
                    pend(r * width + c);
                }
            }
        }
    }

    /** Hears edits of a hex grid. */
    private final class HexListener implements HexBatchListener {
        @Override
        public void cellChanged(HexCells g, int col, int row) {
            pend(row * width + col);
        }

        @Override
        public void rectChanged(HexCells g, int x, int y, int w, int h) {
            for (int r = y; r < y + h; r++) {
                for (int c = x; c < x + w; c++) {
                    pend(r * width + c);
                }
            }
        }
    }
}
