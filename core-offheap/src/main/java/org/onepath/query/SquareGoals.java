package org.onepath.query;

import org.onepath.cells.Cell;
import org.onepath.cells.CellBlocker;
import org.onepath.cells.CellStepCost;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.MemoryFaults;
import org.onepath.cells.SquareCells;
import org.onepath.grids.Heuristic;
import org.onepath.grids.ManhattanHeuristic;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.StepCost;
import org.onepath.grids.theta.EuclideanHeuristic;

/**
 * A square grid as a many-goal query sees it ({@link ManyGoalsQuery}): the cells an agent of the
 * query's size may stand on, the generic moves, the hooks and the estimate the options name.
 */
public final class SquareGoals implements ManyGoalsQuery.Shape<Cell, SquareTopology> {
    private final SquareCells cells;
    private final int agentSize;
    private final Connectivity connectivity;
    private final DiagonalRule rule;
    private final CellStepCost stepCost;
    private final CellBlocker blocked;
    private final SquareEstimate estimate;

    /**
     * The grid under one query's options; nothing is read until the query runs.
     *
     * @param cells the grid's cells
     * @param agentSize the agent's side in cells
     * @param connectivity four or eight moves
     * @param rule when a diagonal step may pass a blocked corner
     * @param stepCost the step-cost hook, or null
     * @param blocked the blocking hook, or null
     * @param estimate the estimate the options name
     */
    public SquareGoals(
            SquareCells cells,
            int agentSize,
            Connectivity connectivity,
            DiagonalRule rule,
            CellStepCost stepCost,
            CellBlocker blocked,
            SquareEstimate estimate) {
        this.cells = cells;
        this.agentSize = agentSize;
        this.connectivity = connectivity;
        this.rule = rule;
        this.stepCost = stepCost;
        this.blocked = blocked;
        this.estimate = estimate;
    }

    @Override
    public void ensureOpen() {
        cells.ensureOpen();
    }

    @Override
    public MemoryFaults memoryFaults() {
        return cells.memoryFaults();
    }

    @Override
    public int standingNode(Cell cell) {
        int x = cell.x();
        int y = cell.y();
        if (!cells.contains(x, y)) {
            return -1;
        }
        int node = y * cells.width() + x;
        boolean fits =
                agentSize == 1 ? cells.areaAt(node) != SquareCells.WALL : cells.maxAgentSizeAt(x, y) >= agentSize;
        return fits && (blocked == null || !blocked.isBlocked(x, y)) ? node : -1;
    }

    @Override
    public SquareTopology topology() {
        return new SquareTopology(cells, agentSize, connectivity, rule);
    }

    @Override
    public StepCost stepCost() {
        CellStepCost hook = stepCost;
        CellBlocker blocker = blocked;
        if (hook == null && blocker == null) {
            return null;
        }
        int width = cells.width();
        return (from, to, base) -> {
            int tx = to % width;
            int ty = to / width;
            if (blocker != null && blocker.isBlocked(tx, ty)) {
                return Double.POSITIVE_INFINITY;
            }
            return hook == null ? base : hook.cost(from % width, from / width, tx, ty, base);
        };
    }

    @Override
    public Heuristic estimate(SquareTopology topology) {
        SquareEstimate kind = estimate;
        if (kind == SquareEstimate.AUTO) {
            // the many-goal search runs the generic moves only, never an any-angle search
            kind = connectivity == Connectivity.EIGHT ? SquareEstimate.OCTILE : SquareEstimate.MANHATTAN;
        }
        double scale = cells.areas().minCost();
        return switch (kind) {
            case OCTILE -> new OctileHeuristic(cells.width(), scale);
            case MANHATTAN -> new ManhattanHeuristic(cells.width(), scale);
            case EUCLIDEAN -> new EuclideanHeuristic(cells.width(), scale);
            case ZERO, AUTO -> null;
        };
    }
}
