package org.onepath.fuzz;

import java.util.Arrays;
import java.util.List;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.GridSearch;
import org.onepath.HeuristicKind;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.jps.JpsPlusIndex;

/**
 * {@code grid-query} (A*) and {@code grid-jps} (JPS, JPS+ and JPS+ with goal bounds baked on
 * one or two threads for the input's grid): a grid of up to 16 x 16 cells
 * from the input ({@link QuerySetup}; for jump point search three inputs in four have the shape
 * it serves, the rest fall back to A*), then three queries through {@code Grid.findPath} with
 * the input's algorithm, estimate and engine switch. Each is checked against {@link RefGrid}'s
 * Dijkstra (status, cost within 1e-9 relative), its path move by move, and the same query run
 * in slices of 1-7 iterations (a never-cancelled token) and through a {@link GridSearch} stepped
 * 1-7 iterations at a time must give the same status, cost bits and cells. A bounded query must
 * say it ran bounded exactly when the same query asked for JPS+ ran the specialised JPS+ (else
 * what that one ran), and the resumable handle must refuse it.
 */
final class GridQueryTarget implements Target {
    private final String name;
    private final List<GridAlgorithm> algorithms;
    private final boolean jumps;

    GridQueryTarget(String name, boolean jumps) {
        this.name = name;
        this.jumps = jumps;
        this.algorithms = jumps
                ? List.of(GridAlgorithm.JPS, GridAlgorithm.JPS_PLUS, GridAlgorithm.JPS_PLUS_BOUNDED)
                : List.of(GridAlgorithm.ASTAR);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean acceptsEveryInput() {
        return true;
    }

    @Override
    public void run(byte[] input) {
        InputBytes in = new InputBytes(input);
        try (QuerySetup q = QuerySetup.make(in, 16, jumps && in.below(4) != 0)) {
            GridAlgorithm algorithm = algorithms.get(in.below(algorithms.size()));
            List<HeuristicKind> estimates = q.ref.eight
                    ? List.of(HeuristicKind.AUTO, HeuristicKind.OCTILE, HeuristicKind.ZERO)
                    : List.of(HeuristicKind.AUTO, HeuristicKind.MANHATTAN, HeuristicKind.OCTILE, HeuristicKind.ZERO);
            GridOptions options = GridOptions.builder()
                    .algorithm(algorithm)
                    .connectivity(q.connectivity)
                    .diagonalRule(q.rule)
                    .agentSize(q.ref.size)
                    .heuristic(estimates.get(in.below(estimates.size())))
                    .specializedEngines(in.flag())
                    .build();
            int cells = q.ref.width * q.ref.height;
            boolean bounded = algorithm == GridAlgorithm.JPS_PLUS_BOUNDED;
            if (bounded && q.ref.width <= JpsPlusIndex.MAX_SIDE) {
                q.grid.bakeGoalBounds(1 + in.below(2), BakeMonitor.NONE);
            }
            for (int k = 0; k < 3; k++) {
                int s = in.below(cells);
                int g = in.below(cells);
                String where = algorithm + " " + options + " " + q.describe(s, g);
                GridPath whole = q.grid.findPath(q.cell(s), q.cell(g), options);
                double[] d = q.ref.dijkstra(s);
                PathStatus expected = q.expected(s, g, d);
                if (whole.status() != expected) {
                    throw new AssertionError(whole.status() + " where Dijkstra says " + expected + ": " + where);
                }
                if (expected == PathStatus.FOUND) {
                    if (!RefGrid.close(whole.cost(), d[g])) {
                        throw new AssertionError("cost " + whole.cost() + ", Dijkstra " + d[g] + ": " + where);
                    }
                    q.checkCellPath(whole.cellIndices(), whole.cost(), s, g, where);
                }
                int slice = 1 + in.below(7);
                GridPath sliced = q.grid.findPath(
                        q.cell(s),
                        q.cell(g),
                        options.toBuilder().iterationsPerSlice(slice).build(),
                        new Cancellation());
                QuerySetup.sameResult(sliced, whole, "slices of " + slice + ", " + where);
                if (bounded) {
                    checkBoundedReport(q, options, s, g, whole, where);
                    continue;
                }
                handle(q, options, s, g, 1 + in.below(7), whole, where);
            }
        }
    }

    /** A bounded query reports what ran: bounded where JPS+ ran specialised, else what JPS+ ran. */
    private static void checkBoundedReport(
            QuerySetup q, GridOptions options, int s, int g, GridPath whole, String where) {
        GridOptions plusOptions =
                options.toBuilder().algorithm(GridAlgorithm.JPS_PLUS).build();
        GridPath plus = q.grid.findPath(q.cell(s), q.cell(g), plusOptions);
        GridAlgorithm expected = plus.algorithm() == GridAlgorithm.JPS_PLUS && options.specializedEngines()
                ? GridAlgorithm.JPS_PLUS_BOUNDED
                : plus.algorithm();
        if ((whole.status() == PathStatus.FOUND || whole.status() == PathStatus.NO_PATH)
                && whole.algorithm() != expected) {
            throw new AssertionError("bounded query reported " + whole.algorithm() + " where " + expected
                    + " ran (JPS+ reported " + plus.algorithm() + "): " + where);
        }
        if (whole.status() != plus.status()
                || (whole.found()
                        && Double.doubleToRawLongBits(whole.cost()) != Double.doubleToRawLongBits(plus.cost()))) {
            throw new AssertionError("bounded " + whole + ", JPS+ " + plus + ": " + where);
        }
        try (GridSearch search = q.grid.createSearch(options)) {
            throw new AssertionError("createSearch accepted " + search.options().algorithm() + ": " + where);
        } catch (IllegalArgumentException refused) {
            // the resumable form records the JPS+ engine only
        }
    }

    /** The resumable handle stepped {@code n} at a time gives what findPath gave. */
    private static void handle(QuerySetup q, GridOptions options, int s, int g, int n, GridPath whole, String where) {
        try (GridSearch search = q.grid.createSearch(options)) {
            PathStatus status = search.tryBegin(q.cell(s), q.cell(g));
            while (status == PathStatus.IN_PROGRESS) {
                status = search.step(n);
            }
            if (status != whole.status()) {
                throw new AssertionError("GridSearch " + status + ", findPath " + whole.status() + ": " + where);
            }
            if (status == PathStatus.FOUND) {
                int[] path = new int[search.pathLength()];
                search.copyPath(path);
                if (Double.doubleToRawLongBits(search.cost()) != Double.doubleToRawLongBits(whole.cost())
                        || !Arrays.equals(path, whole.cellIndices())) {
                    throw new AssertionError("GridSearch stepped " + n + " at a time found " + Arrays.toString(path)
                            + " at " + search.cost() + ", findPath " + whole + ": " + where);
                }
            }
        }
    }
}
