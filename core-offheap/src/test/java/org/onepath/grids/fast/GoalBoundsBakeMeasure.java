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
import org.onepath.layout.GoalBoundsLayout;

/**
 * Not a test: bakes the goal-bounding boxes of Moving AI maps on one thread with the previous
 * baker ({@link PreviousGoalBoundsBaker}) and with {@link GoalBoundsBaker}, side by side in the
 * same run (the two take the sources in alternating turns of a few hundred), checks that the bytes are equal and prints both times and their ratio: wall
 * time and the baking thread's processor time, which a machine shared with other work disturbs
 * less.
 *
 * <pre>
 * java -cp ... org.onepath.grids.fast.GoalBoundsBakeMeasure [data folder] [map names, default brc000d lak303d]
 * </pre>
 */
public final class GoalBoundsBakeMeasure {
    /** Sources per turn. */
    private static final int CHUNK = 250;

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
                    GoalBoundsBake listed = GoalBoundsBake.list(index, octile);
                    Arena arena = Arena.ofConfined()) {
                int count = listed.jumpPointCount();
                int walkable = 0;
                for (int c = 0; c < grid.cellCount(); c++) {
                    if (grid.isWalkable(c % grid.width(), c / grid.width())) {
                        walkable++;
                    }
                }
                // Both bakers take the sources in turns of CHUNK, the one to start alternating, so
                // both meet the same load on a shared machine; each turn's wall and processor time
                // goes to the baker that ran it.
                MemorySegment previous = arena.allocate(Math.max(1, count * GoalBoundsLayout.SLOT_BYTES), 64);
                MemorySegment fast = arena.allocate(Math.max(1, count * GoalBoundsLayout.SLOT_BYTES), 64);
                long previousWall = 0;
                long previousCpu = 0;
                long fastWall = 0;
                long fastCpu = 0;
                try (PreviousGoalBoundsBaker before = new PreviousGoalBoundsBaker(octile, listed.segment(), count);
                        GoalBoundsBaker after = listed.baker(octile)) {
                    for (int first = 0, turn = 0; first < count; first += CHUNK, turn++) {
                        int end = Math.min(count, first + CHUNK);
                        long at = first * GoalBoundsLayout.SLOT_BYTES;
                        long length = (end - first) * GoalBoundsLayout.SLOT_BYTES;
                        for (int k = 0; k < 2; k++) {
                            boolean runPrevious = (k == 0) == (turn % 2 == 0);
                            long c0 = threadCpuNanos();
                            long t0 = System.nanoTime();
                            if (runPrevious) {
                                before.bakeRange(first, end, previous.asSlice(at, length));
                            } else {
                                after.bakeRange(first, end, fast.asSlice(at, length));
                            }
                            long wall = System.nanoTime() - t0;
                            long cpu = threadCpuNanos() - c0;
                            if (runPrevious) {
                                previousWall += wall;
                                previousCpu += cpu;
                            } else {
                                fastWall += wall;
                                fastCpu += cpu;
                            }
                        }
                    }
                }
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
                        previousWall / 1e9,
                        fastWall / 1e9,
                        (double) previousWall / fastWall,
                        previousCpu / 1e9,
                        fastCpu / 1e9,
                        (double) previousCpu / fastCpu,
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
