package org.onepath.fuzz;

import org.onepath.Grid;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.theta.EuclideanHeuristic;
import org.onepath.grids.theta.ThetaSearch;
import org.onepath.state.OnePathFormatException;

/**
 * {@code theta}: {@link ThetaSearch#restoreState(byte[])} (kind 10) into Lazy Theta* with re-queue
 * over the 16 x 12 search grid (Euclidean estimate, cost 1). Accepted: a running search steps on
 * ({@code step(10_000)}), a found one yields its waypoints; only IllegalStateException may come
 * out. Rejected: the search must be left not started.
 */
public final class ThetaTarget implements Target {
    private final Grid grid = Fixtures.searchGrid();
    private final GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount());
    private final ThetaSearch<EuclideanHeuristic> search = Fixtures.theta(grid, buffers);

    @Override
    public String name() {
        return "theta";
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
