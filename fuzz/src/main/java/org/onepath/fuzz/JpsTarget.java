package org.onepath.fuzz;

import org.onepath.Grid;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.jps.BlockJumper;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JumpSearch;
import org.onepath.state.OnePathFormatException;

/**
 * {@code jps}: {@link JumpSearch#restoreState(byte[])} into jump point search over the 16 x 12
 * search grid (a {@link BlockJumper} over a {@link BlockMap}, octile heuristic, cost 1). Accepted:
 * a running search steps on ({@code step(10_000)}), a found one yields its path; only
 * IllegalStateException may come out. Rejected: the search must be left not started.
 */
public final class JpsTarget implements Target {
    private final Grid grid = Fixtures.searchGrid();
    private final BlockMap map = new BlockMap(grid);
    private final GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount());
    private final JumpSearch<BlockJumper, OctileHeuristic> search = Fixtures.jps(grid, map, buffers);

    @Override
    public String name() {
        return "jps";
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
        map.close();
        grid.close();
    }
}
