package org.onepath.bench;

import java.util.Locale;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.GridReplanner;
import org.onepath.cells.Cell;

/**
 * The deterministic side of {@link ReplanBenchmark}: expansion counts of the first plan, of the
 * repair after each edit of the benchmark (a wall near the path, a wall far from it, a wall
 * blocking a one-cell-wide passage of the path, each followed by its removal) for LPA* and D* Lite, against a fresh A* (the generic core's expansions and the
 * specialised engine's), with the costs checked equal. {@code java -cp bench/target/benchmarks.jar
 * org.onepath.bench.ReplanFigures}.
 */
public final class ReplanFigures {
    private ReplanFigures() {}

    public static void main(String[] args) {
        for (GridAlgorithm algorithm : new GridAlgorithm[] {GridAlgorithm.LPA_STAR, GridAlgorithm.D_STAR_LITE}) {
            try (Grid grid = ReplanBenchmark.map()) {
                Cell start = ReplanBenchmark.open(grid, ReplanBenchmark.START.x(), ReplanBenchmark.START.y());
                Cell goal = ReplanBenchmark.goalOf(grid);
                try (GridReplanner r = grid.createReplanner(
                        start, goal, GridOptions.builder().algorithm(algorithm).build())) {
                    GridPath first = r.replan();
                    Cell[] edits = ReplanBenchmark.edits(grid, first);
                    System.out.printf(
                            Locale.ROOT,
                            "%s %s -> %s: first plan cost %.6f, %d cells, %d expansions (%d iterations)%n",
                            algorithm,
                            start,
                            goal,
                            first.cost(),
                            first.length(),
                            first.expandedCount(),
                            first.iterations());
                    String[] names = {
                        "wall near the path " + edits[0],
                        "near wall removed",
                        "wall far from the path " + edits[1],
                        "far wall removed",
                        "corridor on the path blocked " + edits[2],
                        "corridor reopened"
                    };
                    for (int i = 0; i < 6; i++) {
                        Cell c = edits[i / 2];
                        grid.setWalkable(c.x(), c.y(), i % 2 == 1);
                        long t0 = System.nanoTime();
                        GridPath p = r.replan();
                        double ms = (System.nanoTime() - t0) / 1e6;
                        GridPath fresh = grid.findPath(
                                start,
                                goal,
                                GridOptions.builder().specializedEngines(false).build());
                        GridPath fast = grid.findPath(start, goal);
                        boolean same = Math.abs(p.cost() - fresh.cost()) <= 1e-9 * fresh.cost()
                                && Math.abs(p.cost() - fast.cost()) <= 1e-9 * fast.cost();
                        System.out.printf(
                                Locale.ROOT,
                                "  %-42s repair %7d expansions (%.2f ms once) | fresh A* %7d (generic), %7d"
                                        + " (specialised) | cost %.6f %s%n",
                                names[i],
                                p.expandedCount(),
                                ms,
                                fresh.expandedCount(),
                                fast.expandedCount(),
                                p.cost(),
                                same ? "equal" : "DIFFERENT from A* " + fresh.cost());
                    }
                }
            }
        }
    }
}
