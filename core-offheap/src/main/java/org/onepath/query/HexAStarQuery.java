package org.onepath.query;

import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cancellation;
import org.onepath.cells.HexCells;
import org.onepath.cells.PathStatus;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.HexDistanceHeuristic;
import org.onepath.grids.HexTopology;
import org.onepath.grids.ZeroHeuristic;

/**
 * The engine of a hex grid's one-line query: search buffers and the generic {@link AStar} over a
 * {@link HexTopology}, re-planned only when the estimate, the weight, the area costs or a restore
 * changed since its last run, so steady-state queries allocate little beyond their result.
 */
public final class HexAStarQuery implements AutoCloseable {
    private final HexCells cells;
    private final GridSearchBuffers buffers;
    private final HexTopology topology;
    private AStar<HexTopology, DefaultStepCost, Heuristic> astar;
    private boolean plannedZero;
    private double plannedWeight;
    private int plannedAreaVersion = -1;
    private int plannedRestoreCount = -1;

    public HexAStarQuery(HexCells cells) {
        this.cells = cells;
        this.buffers = new GridSearchBuffers(cells.cellCount());
        this.topology = new HexTopology(cells);
    }

    /**
     * Runs one query between two row-major cells both ends of which the caller checked.
     *
     * @param zeroEstimate the zero estimate instead of the hex distance
     * @param budget iterations in all, 0 for no limit
     * @param slice iterations between cancellation checks
     * @param allowPartial on a miss, the path to the closest reached cell as PARTIAL
     * @param cancellation may be null
     */
    public SearchResult run(
            int start,
            int goal,
            boolean zeroEstimate,
            double weight,
            int budget,
            int slice,
            boolean recordExpansions,
            boolean allowPartial,
            Cancellation cancellation) {
        begin(start, goal, zeroEstimate, weight, recordExpansions);
        PathStatus status = astar.runWithin(budget, cancellation, slice);
        if (status != PathStatus.FOUND && allowPartial) {
            return partialResult(recordExpansions);
        }
        return result(status, recordExpansions);
    }

    /** Begins one query between two row-major cells both ends of which the caller checked. */
    public void begin(int start, int goal, boolean zeroEstimate, double weight, boolean recordExpansions) {
        AreaCosts areas = cells.areas();
        // Area versions may repeat after a restore, so a restore also forces a new plan.
        if (astar == null
                || plannedZero != zeroEstimate
                || plannedWeight != weight
                || plannedAreaVersion != areas.version()
                || plannedRestoreCount != cells.restoreCount()) {
            Heuristic h = zeroEstimate
                    ? ZeroHeuristic.INSTANCE
                    : new HexDistanceHeuristic(cells.width(), cells.layout(), areas.minCost());
            astar = new AStar<>(topology, DefaultStepCost.INSTANCE, h, buffers, weight);
            plannedZero = zeroEstimate;
            plannedWeight = weight;
            plannedAreaVersion = areas.version();
            plannedRestoreCount = cells.restoreCount();
        }
        buffers.recordExpansions(recordExpansions);
        astar.begin(start, goal);
    }

    /** Runs up to {@code n} iterations of the begun query: IN_PROGRESS, FOUND or NO_PATH. */
    public PathStatus step(int n) {
        return switch (astar.step(n)) {
            case FOUND -> PathStatus.FOUND;
            case NO_PATH -> PathStatus.NO_PATH;
            default -> PathStatus.IN_PROGRESS;
        };
    }

    /**
     * The begun query's best-effort result when it missed its goal: the path to the reached node
     * closest to the goal, as {@link PathStatus#PARTIAL}.
     */
    public SearchResult partialResult(boolean recordExpansions) {
        int end = astar.closestReached();
        return new SearchResult(
                PathStatus.PARTIAL,
                astar.pathTo(end),
                null,
                astar.costTo(end),
                astar.expandedCount(),
                astar.iterations(),
                recordExpansions ? astar.expandedNodes() : null);
    }

    /** The begun query's result under the status the caller reports. */
    public SearchResult result(PathStatus status, boolean recordExpansions) {
        return new SearchResult(
                status,
                status == PathStatus.FOUND ? astar.path() : null,
                null,
                astar.pathCost(),
                astar.expandedCount(),
                astar.iterations(),
                recordExpansions ? astar.expandedNodes() : null);
    }

    @Override
    public void close() {
        buffers.close();
    }
}
