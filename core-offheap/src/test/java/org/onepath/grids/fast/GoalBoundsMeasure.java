package org.onepath.grids.fast;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.onepath.Grid;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;

/**
 * Not a test: bakes the goal-bounding boxes of one Moving AI map on one thread and runs every
 * scenario with plain JPS+ and with JPS+ goal-bounded, side by side. Prints the bake's wall and
 * processor time, the bytes, the jump points with boxes, the stored boxes, mean and median
 * microseconds per query of each (after warm-up passes over all scenarios; the two alternate
 * which runs first), expansions and mismatches (a bounded cost pair unlike the plain one, or a
 * cost outside the published length's tolerance); and, untimed, the expansions of JPS+ with
 * improved pruning.
 *
 * <pre>
 * java -cp ... org.onepath.grids.fast.GoalBoundsMeasure [map, default lak303d; dao/NAME or SET/NAME] [data folder] [passes]
 * </pre>
 */
public final class GoalBoundsMeasure {
    private GoalBoundsMeasure() {}

    public static void main(String[] args) {
        String name = args.length > 0 ? args[0] : "lak303d";
        // A bare name is a dao map; "street/Berlin_0_256" names another set.
        Path root = Path.of(args.length > 1 ? args[1] : "/work/shared/data")
                .resolve("movingai")
                .resolve(name.contains("/") ? "" : "dao");
        int passes = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Path mapFile = root.resolve(name + ".map");
        Path scenFile = root.resolve(name + ".map.scen");
        if (!Files.isRegularFile(mapFile) || !Files.isRegularFile(scenFile)) {
            System.err.println("missing " + mapFile + " or " + scenFile);
            System.exit(2);
        }
        List<MovingAiScenario> problems = MovingAiScenarios.read(scenFile);
        try (Grid grid = MovingAiMap.read(mapFile).toGrid();
                JpsPlusIndex index = new JpsPlusIndex(grid);
                OctileMap octile = new OctileMap(grid)) {
            long t0 = System.nanoTime();
            long c0 = threadCpuNanos();
            try (GoalBounds bounds = GoalBoundsBake.bake(index, octile, 1, org.onepath.grids.BakeMonitor.NONE);
                    OctileJump<TableFinder> plain = new OctileJump<>(grid, new TableFinder(index, octile));
                    OctileJump<TableFinder> improved = new OctileJump<>(grid, new TableFinder(index, octile), true);
                    OctileJump<TableFinder> bounded =
                            OctileJump.goalBounded(grid, new TableFinder(index, octile), bounds)) {
                long bakeNanos = System.nanoTime() - t0;
                // One worker thread bakes while this one waits, so the process's processor time
                // less this thread's is the worker's (up to the JIT's threads).
                long bakeCpu = processCpuNanos() - threadCpuNanos() + c0;
                int walkable = 0;
                for (int c = 0; c < grid.cellCount(); c++) {
                    if (grid.isWalkable(c % grid.width(), c / grid.width())) {
                        walkable++;
                    }
                }
                System.out.printf(
                        Locale.ROOT,
                        "%s: %d x %d, %d walkable cells, %d jump points, bake %.2f s wall (one thread), %.2f s cpu,"
                                + " %d bytes (%.1f per cell), %d stored boxes%n",
                        name,
                        grid.width(),
                        grid.height(),
                        walkable,
                        bounds.jumpPointCount(),
                        bakeNanos / 1e9,
                        bakeCpu / 1e9,
                        bounds.byteSize(),
                        (double) bounds.byteSize() / grid.cellCount(),
                        bounds.storedBoxes());
                int n = problems.size();
                long[] plainNanos = new long[n];
                long[] boundedNanos = new long[n];
                long plainExpanded = 0;
                long improvedExpanded = 0;
                int improvedMisses = 0;
                long boundedExpanded = 0;
                int mismatches = 0;
                int plainMisses = 0;
                for (int pass = 0; pass <= passes; pass++) {
                    boolean record = pass == passes;
                    for (int i = 0; i < n; i++) {
                        MovingAiScenario p = problems.get(i);
                        int start = p.startY() * grid.width() + p.startX();
                        int goal = p.goalY() * grid.width() + p.goalX();
                        // Alternate which search runs first, so neither always finds the
                        // tables warm from the other.
                        boolean plainFirst = (i & 1) == 0;
                        long t1 = System.nanoTime();
                        SearchStatus first = run(plainFirst ? plain : bounded, start, goal);
                        long t2 = System.nanoTime();
                        SearchStatus second = run(plainFirst ? bounded : plain, start, goal);
                        long t3 = System.nanoTime();
                        if (!record) {
                            continue;
                        }
                        SearchStatus ps = plainFirst ? first : second;
                        SearchStatus bs = plainFirst ? second : first;
                        plainNanos[i] = plainFirst ? t2 - t1 : t3 - t2;
                        boundedNanos[i] = plainFirst ? t3 - t2 : t2 - t1;
                        plainExpanded += plain.expandedCount();
                        boundedExpanded += bounded.expandedCount();
                        // Improved pruning, untimed: its expansions beside the other two.
                        if (run(improved, start, goal) != SearchStatus.FOUND
                                || Math.abs(improved.pathCost() - p.optimalLength()) > p.matchTolerance()) {
                            improvedMisses++;
                        }
                        improvedExpanded += improved.expandedCount();
                        if (ps != SearchStatus.FOUND
                                || Math.abs(plain.pathCost() - p.optimalLength()) > p.matchTolerance()) {
                            plainMisses++;
                        }
                        if (bs != ps
                                || bounded.pathStraightSteps() != plain.pathStraightSteps()
                                || bounded.pathDiagonalSteps() != plain.pathDiagonalSteps()
                                || Math.abs(bounded.pathCost() - p.optimalLength()) > p.matchTolerance()) {
                            mismatches++;
                        }
                    }
                }
                report("jpsplus", plainNanos, plainExpanded, plainMisses, n);
                report("jpsplus goal-bounded", boundedNanos, boundedExpanded, mismatches, n);
                System.out.printf(
                        Locale.ROOT,
                        "  %-22s %d problems: untimed, expanded %d, mismatches %d%n",
                        "jpsplus improved",
                        n,
                        improvedExpanded,
                        improvedMisses);
            }
        }
    }

    /** The calling thread's processor time, through {@code java.lang.management} found by reflection (the module does not read it); 0 without it. */
    private static long threadCpuNanos() {
        try {
            Class<?> factory = Class.forName("java.lang.management.ManagementFactory");
            Object bean = factory.getMethod("getThreadMXBean").invoke(null);
            return (long) Class.forName("java.lang.management.ThreadMXBean")
                    .getMethod("getCurrentThreadCpuTime")
                    .invoke(bean);
        } catch (ReflectiveOperationException e) {
            return 0;
        }
    }

    /** The process's processor time, or 0 when the platform bean does not say. */
    private static long processCpuNanos() {
        return ProcessHandle.current()
                .info()
                .totalCpuDuration()
                .map(java.time.Duration::toNanos)
                .orElse(0L);
    }

    private static SearchStatus run(OctileJump<TableFinder> engine, int start, int goal) {
        engine.begin(start, goal);
        return engine.step(Integer.MAX_VALUE);
    }

    private static void report(String engine, long[] nanos, long expanded, int mismatches, int n) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(nanos).sum() / 1e3 / n;
        double median = (n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0) / 1e3;
        System.out.printf(
                Locale.ROOT,
                "  %-22s %d problems: mean %.2f us, median %.2f us, expanded %d, mismatches %d%n",
                engine,
                n,
                mean,
                median,
                expanded,
                mismatches);
    }
}
