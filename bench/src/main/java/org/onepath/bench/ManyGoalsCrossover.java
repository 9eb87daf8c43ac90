package org.onepath.bench;

import java.util.Locale;
import java.util.SplittableRandom;
import org.onepath.Grid;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.grids.ManyGoalSearch;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SearchStatus;

/**
 * Measures where Dijkstra's wave overtakes the A* with the minimum estimate in a many-goal query
 * ({@link ManyGoalSearch}, the goal-choosing search of {@code Grid.findPath(start, goals)}): on one
 * dao map, for goal counts 1 to 1024, the same random starts and goal sets (seeded) run through
 * both engines, and the mean time per query of each is printed with the nodes it expanded.
 * The count where the wave becomes faster is the crossover
 * {@code org.onepath.query.ManyGoalsQuery.ESTIMATE_GOAL_LIMIT} is set from ({@code docs/many-goals.md}).
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar org.onepath.bench.ManyGoalsCrossover
 * [map] [queries] [rounds]} (defaults {@code dao/brc202d 200 3}); each count warms up one round.
 */
public final class ManyGoalsCrossover {
    private ManyGoalsCrossover() {}

    public static void main(String[] args) {
        String map = args.length > 0 ? args[0] : "dao/brc202d";
        int queries = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        try (Grid grid = BenchData.grid(map);
                ManyGoalSearch estimate = new ManyGoalSearch(
                        grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING),
                        null,
                        new OctileHeuristic(grid.width(), grid.areas().minCost()));
                ManyGoalSearch wave = new ManyGoalSearch(
                        grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING), null, null)) {
            int[] open = openCells(grid);
            System.out.printf(
                    Locale.ROOT,
                    "%s: %d open cells, %d queries per count, best of %d rounds%n",
                    map,
                    open.length,
                    queries,
                    rounds);
            System.out.println("goals  estimate us/query (expanded)  wave us/query (expanded)");
            for (int k : new int[] {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}) {
                SplittableRandom random = new SplittableRandom(20261202L + k);
                int[] starts = new int[queries];
                int[][] goals = new int[queries][k];
                for (int q = 0; q < queries; q++) {
                    starts[q] = open[random.nextInt(open.length)];
                    for (int j = 0; j < k; j++) {
                        goals[q][j] = open[random.nextInt(open.length)];
                    }
                }
                long[] a = measure(estimate, starts, goals, rounds);
                long[] b = measure(wave, starts, goals, rounds);
                System.out.printf(
                        Locale.ROOT,
                        "%5d  %10.1f (%9d)  %10.1f (%9d)  %s%n",
                        k,
                        a[0] / 1e3 / queries,
                        a[1] / queries,
                        b[0] / 1e3 / queries,
                        b[1] / queries,
                        a[0] <= b[0] ? "estimate" : "wave");
            }
        }
    }

    /** Best total nanoseconds over the rounds after one warm-up round, and expanded nodes in all. */
    private static long[] measure(ManyGoalSearch search, int[] starts, int[][] goals, int rounds) {
        long best = Long.MAX_VALUE;
        long expanded = 0;
        for (int r = 0; r <= rounds; r++) {
            long t0 = System.nanoTime();
            long e = 0;
            for (int q = 0; q < starts.length; q++) {
                search.begin(starts[q], goals[q]);
                if (search.step(Integer.MAX_VALUE) == SearchStatus.RUNNING) {
                    throw new AssertionError("unbounded step left work");
                }
                e += search.expandedCount();
            }
            long t = System.nanoTime() - t0;
            if (r > 0) {
                best = Math.min(best, t);
            }
            expanded = e;
        }
        return new long[] {best, expanded};
    }

    private static int[] openCells(Grid grid) {
        int n = 0;
        int[] cells = new int[grid.cellCount()];
        for (int y = 0; y < grid.height(); y++) {
            for (int x = 0; x < grid.width(); x++) {
                if (grid.isWalkable(x, y)) {
                    cells[n++] = y * grid.width() + x;
                }
            }
        }
        return java.util.Arrays.copyOf(cells, n);
    }
}
