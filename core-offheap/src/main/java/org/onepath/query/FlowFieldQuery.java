package org.onepath.query;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cell;
import org.onepath.cells.CellStore;
import org.onepath.cells.GridBatchListener;
import org.onepath.cells.HexBatchListener;
import org.onepath.cells.HexCells;
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
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * The driver of a flow field over square or hex cells: the tier-2 {@link FlowField} over the
 * cells' topology, the edits it hears as a listener of the cells (pending until a refresh), the
 * local repair of their region, the staleness checks, the unit vectors and the kind 7 state. The
 * tier-1 {@code GridFlowField} adds the cell types and the lists on top.
 *
 * <p>Reads of a complete field may run on several threads at once; computing runs on one.
 * Owns its memory: {@link #close()} frees it and unregisters the listener.
 */
public final class FlowFieldQuery implements AutoCloseable {
    private static final ValueLayout.OfByte MARK = ValueLayout.JAVA_BYTE;
    /** Dirty cells a refresh always repairs rather than recomputes, however small the grid. */
    private static final int REPAIR_MIN_LIMIT = 1024;
    /** sqrt(3) / 2, the row pitch of hex centres over their column pitch. */
    private static final double SQRT3_OVER_2 = 0.8660254037844386;
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

    private final CellStore<?> cells;
    /** The square cells, or null over hex cells. */
    private final SquareCells square;
    /** The hex cells, or null over square cells. */
    private final HexCells hex;

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

    /**
     * A field over square cells, computed now within the budget.
     *
     * @param cells   the grid's cells; the field listens to their edits
     * @param goals   the target cells, at least one, each inside the grid
     * @param options the moves, diagonal rule, agent size and delegates
     * @param budget  the iterations of each computation, 0 for no limit
     * @return a new field; the caller closes it
     * @throws IllegalArgumentException if there is no goal or one is outside the grid
     */
    public static FlowFieldQuery square(SquareCells cells, List<Cell> goals, SquareQueryOptions options, int budget) {
        return new FlowFieldQuery(cells, goals, options, budget);
    }

    /**
     * A field over the six moves of hex cells, computed now within the budget.
     *
     * @param cells  the grid's cells; the field listens to their edits
     * @param goals  the target offset cells, at least one, each inside the grid
     * @param budget the iterations of each computation, 0 for no limit
     * @return a new field; the caller closes it
     * @throws IllegalArgumentException if there is no goal or one is outside the grid
     */
    public static FlowFieldQuery hex(HexCells cells, List<Cell> goals, int budget) {
        return new FlowFieldQuery(cells, goals, budget);
    }

    private FlowFieldQuery(SquareCells grid, List<Cell> goals, SquareQueryOptions options, int budget) {
        this.cells = grid;
        this.square = grid;
        this.hex = null;
        this.width = grid.width();
        this.height = grid.height();
        this.agentSize = options.agentSize();
        this.budget = budget;
        this.goalCells = goalIndexes(goals, width, height, "grid");
        this.areas = grid.areas();
        SquareTopology topology = new SquareTopology(grid, agentSize, options.connectivity(), options.diagonalRule());
        StepCost cost = options.stepCost() == null && options.blocked() == null
                ? DefaultStepCost.INSTANCE
                : options.bothEndsStepCost(width);
        this.field = new FlowField<>(topology, cost, goalCells);
        this.arena = Arena.ofShared();
        this.pendingMarks = arena.allocate((long) width * height, 8);
        SquareListener l = new SquareListener();
        this.listener = l;
        grid.addChangeListener(l);
        start();
    }

    private FlowFieldQuery(HexCells hexGrid, List<Cell> goals, int budget) {
        this.cells = hexGrid;
        this.square = null;
        this.hex = hexGrid;
        this.width = hexGrid.width();
        this.height = hexGrid.height();
        this.agentSize = 1;
        this.budget = budget;
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

    /** @return whether the field lies over hex cells */
    public boolean isHex() {
        return hex != null;
    }

    /** @return the width in cells of the grid the field was made for */
    public int width() {
        return width;
    }

    /** @return the height in cells of the grid the field was made for */
    public int height() {
        return height;
    }

    /** @return the goals' row-major indexes as given, repeats included (the array itself: do not change it) */
    public int[] goalCells() {
        return goalCells;
    }

    /** @return the tier-2 field, owned by this driver */
    public FlowField<GridTopology, StepCost> flowField() {
        return field;
    }

    /** @return the cells settled by the current (or last) computation */
    public int settled() {
        state.ensureOpen();
        return field.settled();
    }

    /** @return whether the current computation has run to the end */
    public boolean isComplete() {
        state.ensureOpen();
        return !failed && field.status() == FlowStatus.COMPLETE;
    }

    /** @return whether the field is complete and no change came since it was computed */
    public boolean isCurrent() {
        state.ensureOpen();
        return isComplete() && !stale() && pending.size() == 0;
    }

    /** @return the edited cells heard and not yet repaired */
    public int pendingEdits() {
        state.ensureOpen();
        return pending.size();
    }

    /** @return the refreshes so far that repaired the affected region instead of recomputing */
    public int repairCount() {
        return repairs;
    }

    // ---- computing ----

    /**
     * Continues the current computation for at most {@code maxIterations} pops.
     *
     * @param maxIterations the largest number of pops to run, 0 or more
     * @return whether the field is complete
     */
    public boolean step(int maxIterations) {
        ensureUsable();
        syncClearance();
        return field.step(maxIterations) == FlowStatus.COMPLETE;
    }

    /**
     * Brings the field up to date with the cells within the budget: a local repair after edits,
     * a recomputation after an area-cost change, a restore or edits during a computation.
     *
     * @return whether the field is complete
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
            long perEdit = hex != null ? 7 : (long) (agentSize + 2) * (agentSize + 2);
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
     * Recomputes the whole field from the cells as they are now, within the budget.
     *
     * @return whether the field is complete
     */
    public boolean recompute() {
        ensureOpen();
        clearPending();
        knownAreaVersion = areas.version();
        knownRestoreCount = cells.restoreCount();
        failed = false;
        syncClearance();
        field.begin();
        return runBudget();
    }

    // ---- reading ----

    /**
     * The row-major index of a cell, checked to lie inside the grid.
     *
     * @param x the column
     * @param y the row
     * @return {@code y * width + x}
     * @throws IllegalArgumentException if the cell is outside the grid
     */
    public int indexOf(int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height) {
            throw new IllegalArgumentException("cell (" + x + ", " + y + ") is outside the " + width + " x " + height
                    + (hex != null ? " hex grid" : " grid"));
        }
        return y * width + x;
    }

    /**
     * Throws unless the field can be read: usable, complete and up to date.
     *
     * @throws IllegalStateException naming what to call
     */
    public void ensureCurrent() {
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

    /**
     * The x component of the unit vector from cell (x, y) to the cell {@code next}.
     *
     * @param x    the column
     * @param y    the row
     * @param next the row-major index of a neighbour
     * @return the component, -1..1
     */
    public double vectorX(int x, int y, int next) {
        if (hex == null) {
            return SQUARE_X[(next / width - y + 1) * 3 + next % width - x + 1];
        }
        return hexVector(x, y, next, true);
    }

    /**
     * The y component of the unit vector from cell (x, y) to the cell {@code next}.
     *
     * @param x    the column
     * @param y    the row
     * @param next the row-major index of a neighbour
     * @return the component, -1..1
     */
    public double vectorY(int x, int y, int next) {
        if (hex == null) {
            return SQUARE_Y[(next / width - y + 1) * 3 + next % width - x + 1];
        }
        return hexVector(x, y, next, false);
    }

    /** A component of the unit vector between two hex centres, from the axial difference. */
    private double hexVector(int col, int row, int next, boolean xComponent) {
        HexLayout layout = hex.layout();
        int nc = next % width;
        int nr = next / width;
        int dq = layout.q(nc, nr) - layout.q(col, row);
        int dr = layout.r(nc, nr) - layout.r(col, row);
        double vx;
        double vy;
        if (layout.isPointy()) {
            vx = dq + dr * 0.5;
            vy = SQRT3_OVER_2 * dr;
        } else {
            vx = SQRT3_OVER_2 * dq;
            vy = dr + dq * 0.5;
        }
        double length = Math.sqrt(vx * vx + vy * vy);
        return (xComponent ? vx : vy) / length;
    }

    // ---- snapshots (kind 7) ----

    /** @return the bytes of the field's state, counted without copying the field */
    public long stateLength() {
        ensureOpen();
        return GridFlowFieldStateFormat.fieldOffset(goalCells.length, pending.size()) + field.pieceLength();
    }

    /** @return the field's state as the kind 7 format writes it */
    public GridFlowFieldStateFormat.State toState() {
        ensureOpen();
        return new GridFlowFieldStateFormat.State(
                width, height, knownAreaVersion, goalCells.clone(), pending.toArray(), field.toPiece());
    }

    /**
     * Writes the state into a new array.
     *
     * @return the kind 7 bytes
     */
    public byte[] saveState() {
        GridFlowFieldStateFormat.State s = toState();
        long length = GridFlowFieldStateFormat.length(s);
        byte[] out = StateWriter.arrayFor("flow field", length);
        GridFlowFieldStateFormat.write(StateWriter.into(MemorySegment.ofArray(out), 0), s);
        return out;
    }

    /**
     * Writes the state into {@code destination} from {@code offset}.
     *
     * @param destination receives the bytes
     * @param offset      where they start
     * @return the number of bytes written
     */
    public long saveState(MemorySegment destination, long offset) {
        GridFlowFieldStateFormat.State s = toState();
        long length = GridFlowFieldStateFormat.length(s);
        GridFlowFieldStateFormat.write(StateWriter.into("flow field", length, destination, offset), s);
        return length;
    }

    /**
     * Puts back a saved state in place (width, height and goals checked); on a bad state the
     * field is unusable until restored again or recomputed.
     *
     * @param data the state, from its offset 0
     * @throws org.onepath.state.GridStateException naming the field, value, bound and offset
     */
    public void restoreState(MemorySegment data) {
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
            knownRestoreCount = cells.restoreCount();
            failed = false;
        } catch (RuntimeException e) {
            failed = true;
            field.invalidate();
            throw e;
        }
    }

    /** Frees the field's memory and stops listening to the cells. Idempotent. */
    @Override
    public void close() {
        if (state.markClosed()) {
            if (square != null) {
                square.removeChangeListener((GridBatchListener) listener);
            } else {
                hex.removeChangeListener((HexBatchListener) listener);
            }
            field.close();
            pending.close();
            arena.close();
        }
    }

    /** @return whether {@link #close()} ran */
    public boolean isClosed() {
        return state.isClosed();
    }

    // ---- internals ----

    /** Whether something the listener cannot hear changed: an area multiplier, or a restore of the grid. */
    private boolean stale() {
        return areas.version() != knownAreaVersion || cells.restoreCount() != knownRestoreCount;
    }

    private boolean runBudget() {
        return field.step(budget == 0 ? Integer.MAX_VALUE : budget) == FlowStatus.COMPLETE;
    }

    /** Agents wider than a cell read clearance, which the grid recomputes lazily after edits. */
    private void syncClearance() {
        if (square != null && agentSize > 1) {
            square.clearance();
        }
    }

    /** Marks every node whose moves an edit of a pending cell can have changed. */
    private void markRegion() {
        final int count = pending.size();
        if (square != null) {
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

    private void ensureOpen() {
        state.ensureOpen();
        cells.ensureOpen();
    }

    private void ensureUsable() {
        ensureOpen();
        if (failed) {
            throw new IllegalStateException(
                    "GridFlowField is unusable after a failed restore: restore a state or call recompute()");
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

    /** Hears edits of square cells: each changed cell, or a rectangle's cells, become pending. */
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

    /** Hears edits of hex cells. */
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
