package org.onepath.fuzz;

import org.onepath.Grid;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SquareTopology;
import org.onepath.state.OnePathFormatException;

/**
 * {@code astar}: {@link AStar#restoreState(byte[])} into A* over the 16 x 12 search grid (eight
 * moves without corner cutting, {@link DefaultStepCost}, octile heuristic, weight 1). Accepted: a
 * running search steps on ({@code step(10_000)}), a found one yields its path; only
 * IllegalStateException may come out. Rejected: the search must be left not started.
 */
public final class AStarTarget implements Target {
    private final Grid grid = Fixtures.searchGrid();
    private final GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount());
    private final AStar<SquareTopology, DefaultStepCost, OctileHeuristic> search = Fixtures.astar(grid, buffers);

    @Override
    public String name() {
        return "astar";
    }

    @Override
    public void run(byte[] input) {
        try {
            search.restoreState(input);
        } catch (OnePathFormatException e) {
            SearchChecks.expectNotStarted(search, e);
            throw e;
        }
        SearchChecks.exercise(search);
    }

    @Override
    public void close() {
        buffers.close();
        grid.close();
    }
}
