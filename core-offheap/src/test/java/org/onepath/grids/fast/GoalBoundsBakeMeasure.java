package org.onepath.grids.fast;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.onepath.Grid;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.io.MovingAiMap;

/**
 * Not a test: bakes the goal-bounding boxes of Moving AI maps on one thread with the previous
 * baker ({@link PreviousGoalBoundsBaker}) and with {@link GoalBoundsBaker}, one after the other
 * in the same run, checks that the bytes are equal and prints both times and their ratio: wall
 * time and the baking thread's processor time, which a machine shared with other work disturbs
 * less.
 *
 * <pre>
 * java -cp ... org.onepath.grids.fast.GoalBoundsBakeMeasure [data folder] [map names, default brc000d lak303d]
 * </pre>
 */
public final class GoalBoundsBakeMeasure {
    private GoalBoundsBakeMeasure() {}

    public static void main(String[] args) {
        Path root = Path.of(args.length > 0 ? args[0] : "/work/shared/data")
                .resolve("movingai")
                .resolve("dao");
        String[] names = args.length > 1
                ? java.util.Arrays.copyOfRange(args, 1, args.length)
                : new String[] {"brc000d", "lak303d"};
        boolean allEqual = true;
        for (String name : names) {
            Path mapFile = root.resolve(name + ".map");
            if (!Files.isRegularFile(mapFile)) {
                System.err.println("missing " + mapFile);
                System.exit(2);
            }
            try (Grid grid = MovingAiMap.read(mapFile).toGrid();
                    JpsPlusIndex index = new JpsPlusIndex(grid);
                    OctileMap octile = new OctileMap(grid);
                    GoalBounds listed = GoalBounds.list(index, octile);
                    Arena arena = Arena.ofConfined()) {
                int count = listed.jumpPointCount();
                int walkable = 0;
                for (int c = 0; c < grid.cellCount(); c++) {
                    if (grid.isWalkable(c % grid.width(), c / grid.width())) {
                        walkable++;
                    }
                }
                long c0 = threadCpuNanos();
                long t0 = System.nanoTime();
                MemorySegment previous;
                try (PreviousGoalBoundsBaker baker = new PreviousGoalBoundsBaker(octile, listed.segment(), count)) {
                    previous = baker.bakeRange(0, count, arena);
                }
                long t1 = System.nanoTime();
                long c1 = threadCpuNanos();
                MemorySegment fast;
                try (GoalBoundsBaker baker = listed.baker(octile)) {
                    fast = baker.bakeRange(0, count, arena);
                }
                long t2 = System.nanoTime();
                long c2 = threadCpuNanos();
                boolean equal = previous.mismatch(fast) == -1;
                allEqual &= equal;
                System.out.printf(
                        Locale.ROOT,
                        "%s: %d x %d, %d walkable, %d jump points: wall previous %.2f s, new %.2f s, ratio %.2f;"
                                + " thread cpu previous %.2f s, new %.2f s, ratio %.2f; bytes %s%n",
                        name,
                        grid.width(),
                        grid.height(),
                        walkable,
                        count,
                        (t1 - t0) / 1e9,
                        (t2 - t1) / 1e9,
                        (double) (t1 - t0) / (t2 - t1),
                        (c1 - c0) / 1e9,
                        (c2 - c1) / 1e9,
                        (double) (c1 - c0) / (c2 - c1),
                        equal ? "equal" : "DIFFER");
            }
        }
        if (!allEqual) {
            System.exit(1);
        }
    }

    /**
     * The calling thread's processor time in nanoseconds, through {@code java.lang.management}
     * found by reflection (the library's module does not read that module; reflection needs no
     * such edge); 0 when it is not there.
     */
    private static long threadCpuNanos() {
        try {
            Class<?> factory = Class.forName("java.lang.management.ManagementFactory");
            Object bean = factory.getMethod("getThreadMXBean").invoke(null);
            Method cpu = Class.forName("java.lang.management.ThreadMXBean").getMethod("getCurrentThreadCpuTime");
            return (long) cpu.invoke(bean);
        } catch (ReflectiveOperationException e) {
            return 0;
        }
    }
}
