package org.onepath.query;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.function.DoubleFunction;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.GridBatchListener;
import org.onepath.cells.HexBatchListener;
import org.onepath.cells.HexCells;
import org.onepath.cells.PathStatus;
import org.onepath.cells.SquareCells;
import org.onepath.grids.GridTopology;
import org.onepath.grids.Heuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.StepCost;
import org.onepath.grids.replan.ReplanMode;
import org.onepath.grids.replan.ReplanSearch;
import org.onepath.memory.OwnerState;
import org.onepath.state.GridReplannerStateFormat;
import org.onepath.state.GridStateException;
import org.onepath.state.StateKind;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * What the square and hex grids' replanners share: the tier-2 {@link ReplanSearch}, the
 * change handling (which nodes an edit re-examines, when it restarts instead), the area-cost and
 * restore checks, the listener that turns the grid's edits into that change handling, results
 * and snapshots (kinds 5 and 6). The two public classes add the grid's own validity rules.
 */
public final class ReplanDriver implements AutoCloseable {
    /** Decides whether the agent may stand on a cell (inside the grid, walkable for it, not blocked). */
    public interface Standing {
        boolean canStand(int cell);
    }

    private final String name;
    private final StateKind kind;
    private final ReplanMode mode;
    private final int width;
    private final int height;
    private final AreaCosts areas;
    private final RestoreCounter restores;
    private final Runnable syncTables;
    /** Throws IllegalStateException when the grid has been closed (its cells are gone). */
    private final Runnable gridOpen;

    private final Standing standing;
    private final RescalableHeuristic heuristic;
    private final ReplanSearch<GridTopology, StepCost, Heuristic> search;
    private final int budget;
    private final OwnerState state;
    private int knownAreaVersion;
    private int knownRestoreCount;
    /** Changes that restarted the search instead of a local repair (for the tests). */
    private int restarts;
    /** Unregisters the listener {@link #listenTo} registered; nothing before that. */
    private Runnable stopListening = () -> {};

    public interface RestoreCounter {
        int restoreCount();
    }

    public ReplanDriver(
            String name,
            StateKind kind,
            ReplanMode mode,
            int width,
            int height,
            AreaCosts areas,
            RestoreCounter restores,
            Runnable gridOpen,
            Runnable syncTables,
            Standing standing,
            GridTopology topology,
            StepCost cost,
            DoubleFunction<Heuristic> heuristics,
            int start,
            int goal,
            int budget,
            boolean recordExpansions) {
        this.name = name;
        this.kind = kind;
        this.mode = mode;
        this.width = width;
        this.height = height;
        this.areas = areas;
        this.restores = restores;
        this.gridOpen = gridOpen;
        this.syncTables = syncTables;
        this.standing = standing;
        this.budget = budget;
        this.state = new OwnerState(name);
        this.heuristic = new RescalableHeuristic(heuristics, areas.minCost());
        this.search = new ReplanSearch<>(topology, cost, heuristic, mode, start, goal);
        search.recordExpansions(recordExpansions);
        this.knownAreaVersion = areas.version();
        this.knownRestoreCount = restores.restoreCount();
    }

    public ReplanMode mode() {
        return mode;
    }

    /** The algorithm's code in the replanner snapshot (kinds 5 and 6). */
    private int algorithmCode() {
        return mode == ReplanMode.LPA_STAR
                ? GridReplannerStateFormat.ALGORITHM_LPA_STAR
                : GridReplannerStateFormat.ALGORITHM_D_STAR_LITE;
    }

    public ReplanSearch<GridTopology, StepCost, Heuristic> search() {
        return search;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public int start() {
        return search.start();
    }

    public int goal() {
        return search.goal();
    }

    public int restartCount() {
        return restarts;
    }

    public OwnerState state() {
        return state;
    }

    // ---- changes ----

    /**
     * Square grids: an edit of the rectangle (x, y, w, h) with agent size s re-examines the nodes
     * of [x - s, x + w] x [y - s, y + h] (a move reads both nodes' areas, the beside cells and the
     * s x s blocks at both nodes, all within one cell of both); past a quarter of the cells it
     * restarts instead.
     */
    public void squareEdit(int x, int y, int w, int h, int agentSize) {
        int x0 = Math.max(0, x - agentSize);
        int y0 = Math.max(0, y - agentSize);
        int x1 = Math.min(width - 1, x + w);
        int y1 = Math.min(height - 1, y + h);
        markRegion(x0, y0, x1, y1);
    }

    /**
     * Hex grids: the changed cells and their neighbours are re-examined; past a quarter of the
     * cells (counting the ring around the rectangle) it restarts instead.
     */
    public void hexEdit(int x, int y, int w, int h) {
        long touched = (long) Math.min(width, w + 2) * Math.min(height, h + 2);
        if (touched * 4 > (long) width * height) {
            restart();
            return;
        }
        for (int r = y; r < y + h; r++) {
            for (int c = x; c < x + w; c++) {
                search.markChangedWithNeighbors(r * width + c);
            }
        }
    }

    /**
     * Hears a square grid's edits from now on, each as {@link #squareEdit} with the agent size,
     * until {@link #close()}.
     *
     * @param cells     the cells this driver plans on
     * @param agentSize the agent size in cells, 1 or more
     */
    public void listenTo(SquareCells cells, int agentSize) {
        GridBatchListener listener = new SquareEdits(agentSize);
        cells.addChangeListener(listener);
        stopListening = () -> cells.removeChangeListener(listener);
    }

    /**
     * Hears a hex grid's edits from now on, each as {@link #hexEdit}, until {@link #close()}.
     *
     * @param cells the cells this driver plans on
     */
    public void listenTo(HexCells cells) {
        HexBatchListener listener = new HexEdits();
        cells.addChangeListener(listener);
        stopListening = () -> cells.removeChangeListener(listener);
    }

    private void markRegion(int x0, int y0, int x1, int y1) {
        long touched = (long) (x1 - x0 + 1) * (y1 - y0 + 1);
        if (touched * 4 > (long) width * height) {
            restart();
            return;
        }
        for (int r = y0; r <= y1; r++) {
            for (int c = x0; c <= x1; c++) {
                search.markChanged(r * width + c);
            }
        }
    }

    private void restart() {
        if (search.isInitialized()) {
            restarts++;
        }
        search.invalidateAll();
    }

    /** Changes the grid cannot see (a delegate now answering differently): plan from scratch next time. */
    public void invalidate() {
        ensureOpen();
        restart();
    }

    public void moveStart(int cell) {
        ensureOpen();
        search.moveStart(cell);
    }

    public void setGoal(int cell) {
        ensureOpen();
        search.setGoal(cell);
    }

    // ---- planning ----

    /** An area-cost change or a restore of the grid since the plan: rebuild (the heuristic's scale may have changed). */
    private void sync() {
        if (areas.version() != knownAreaVersion || restores.restoreCount() != knownRestoreCount) {
            heuristic.rescale(areas.minCost());
            restart();
            knownAreaVersion = areas.version();
            knownRestoreCount = restores.restoreCount();
        }
        syncTables.run();
    }

    /** One bounded replan; 0 means {@link #budget} (itself 0 for unlimited). */
    public PathStatus tryReplan(int maxIterations) {
        ensureOpen();
        if (maxIterations < 0) {
            throw new IllegalArgumentException(
                    "budget must be >= 0 (0 = the options' iteration budget), was " + maxIterations);
        }
        int b = maxIterations > 0 ? maxIterations : budget > 0 ? budget : Integer.MAX_VALUE;
        sync();
        if (!standing.canStand(search.start())) {
            return PathStatus.START_INVALID;
        }
        if (!standing.canStand(search.goal())) {
            return PathStatus.GOAL_INVALID;
        }
        SearchStatus s = search.replan(b);
        return switch (s) {
            case FOUND -> PathStatus.FOUND;
            case NO_PATH -> PathStatus.NO_PATH;
            default -> PathStatus.BUDGET_EXHAUSTED;
        };
    }

    public int pathLength() {
        ensureOpen();
        return search.found() ? search.pathLength() : 0;
    }

    public double pathCost() {
        ensureOpen();
        return search.found() ? search.pathCost() : Double.POSITIVE_INFINITY;
    }

    public int copyPath(int[] out) {
        ensureOpen();
        return search.copyPath(out);
    }

    public int[] expandedNodes() {
        return search.expandedNodes();
    }

    public int iterationsForResult() {
        return (int) Math.min(Integer.MAX_VALUE, search.iterations());
    }

    /** The path's cells for a result after a replan that ended with {@code status}; null unless FOUND. */
    public int[] cellsForResult(PathStatus status) {
        if (status != PathStatus.FOUND) {
            return null;
        }
        int[] cells = new int[pathLength()];
        copyPath(cells);
        return cells;
    }

    /** The cost a result reports: the path's when FOUND, else +infinity. */
    public double costForResult(PathStatus status) {
        return status == PathStatus.FOUND ? pathCost() : Double.POSITIVE_INFINITY;
    }

    /** The expansions a result reports: none when the start or the goal cannot be stood on. */
    public int expandedForResult(PathStatus status) {
        return status == PathStatus.START_INVALID || status == PathStatus.GOAL_INVALID ? 0 : search.lastExpanded();
    }

    // ---- snapshots ----

    private GridReplannerStateFormat.State toState() {
        sync();
        return new GridReplannerStateFormat.State(
                kind,
                width,
                height,
                algorithmCode(),
                knownAreaVersion,
                search.start(),
                search.goal(),
                search.toPiece());
    }

    public long stateLength() {
        ensureOpen();
        return GridReplannerStateFormat.length(toState());
    }

    public byte[] saveState() {
        ensureOpen();
        GridReplannerStateFormat.State s = toState();
        long length = GridReplannerStateFormat.length(s);
        byte[] out = StateWriter.arrayFor(name, length);
        GridReplannerStateFormat.write(StateWriter.into(MemorySegment.ofArray(out), 0), s);
        return out;
    }

    public long saveState(MemorySegment destination, long offset) {
        Objects.requireNonNull(destination, "destination");
        ensureOpen();
        GridReplannerStateFormat.State s = toState();
        long length = GridReplannerStateFormat.length(s);
        GridReplannerStateFormat.write(StateWriter.into(name, length, destination, offset), s);
        return length;
    }

    /** Checks everything, then replaces the state; on an exception nothing has changed. */
    public void restoreState(MemorySegment data) {
        Objects.requireNonNull(data, "data");
        ensureOpen();
        StateReader r = StateReader.ofGrid(data);
        GridReplannerStateFormat.State s = GridReplannerStateFormat.read(r, kind);
        if (s.width() != width) {
            throw new GridStateException(
                    "width",
                    s.width(),
                    width + " (the restoring " + name + "'s grid width)",
                    GridReplannerStateFormat.WIDTH_OFFSET);
        }
        if (s.height() != height) {
            throw new GridStateException(
                    "height",
                    s.height(),
                    height + " (the restoring " + name + "'s grid height)",
                    GridReplannerStateFormat.HEIGHT_OFFSET);
        }
        if (s.algorithm() != algorithmCode()) {
            throw new GridStateException(
                    "algorithm",
                    s.algorithm(),
                    algorithmCode() + " (the restoring " + name + "'s algorithm, " + mode + ")",
                    GridReplannerStateFormat.ALGORITHM_OFFSET);
        }
        if (s.areaVersion() != areas.version()) {
            throw new GridStateException(
                    "areaVersion",
                    s.areaVersion(),
                    areas.version() + " (the grid's area-cost version: restore the grid first)",
                    GridReplannerStateFormat.AREA_VERSION_OFFSET);
        }
        heuristic.rescale(areas.minCost());
        search.restore(s.search());
        knownAreaVersion = s.areaVersion();
        knownRestoreCount = restores.restoreCount();
    }

    void ensureOpen() {
        state.ensureOpen();
        gridOpen.run();
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            stopListening.run();
            search.close();
        }
    }

    /** A square grid's edits: a changed cell or rectangle marks the nodes whose moves it can change. */
    private final class SquareEdits implements GridBatchListener {
        private final int agentSize;

        SquareEdits(int agentSize) {
            this.agentSize = agentSize;
        }

        @Override
        public void cellChanged(SquareCells g, int x, int y) {
            squareEdit(x, y, 1, 1, agentSize);
        }

        @Override
        public void rectChanged(SquareCells g, int x, int y, int w, int h) {
            squareEdit(x, y, w, h, agentSize);
        }
    }

    /** A hex grid's edits: each changed cell and its neighbours are re-examined. */
    private final class HexEdits implements HexBatchListener {
        @Override
        public void cellChanged(HexCells g, int col, int row) {
            hexEdit(col, row, 1, 1);
        }

        @Override
        public void rectChanged(HexCells g, int x, int y, int w, int h) {
            hexEdit(x, y, w, h);
        }
    }

    /**
     * The heuristic of the tier-1 replanners: the grid's distance estimate scaled by the smallest
     * area multiplier, rebuilt when the multipliers change (which restarts the search).
     */
    private static final class RescalableHeuristic implements Heuristic {
        private final DoubleFunction<Heuristic> factory;
        private Heuristic current;
        private int goal = -1;

        RescalableHeuristic(DoubleFunction<Heuristic> factory, double scale) {
            this.factory = factory;
            this.current = factory.apply(scale);
        }

        void rescale(double scale) {
            current = factory.apply(scale);
            if (goal >= 0) {
                current.setGoal(goal);
            }
        }

        @Override
        public void setGoal(int goal) {
            this.goal = goal;
            current.setGoal(goal);
        }

        @Override
        public double estimate(int node) {
            return current.estimate(node);
        }
    }
}
