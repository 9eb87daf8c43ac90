package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.PathStatus;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.hpa.HpaHierarchy;
import org.onepath.grids.hpa.HpaSearch;

/**
 * The tick-path calls of a {@link GridSearch} allocate nothing after the first search, on every
 * engine, and neither does a tier-2 HPA* query: the bytes this thread allocates across many
 * calls, as the JVM counts them, are zero.
 * (The JMH figures of {@code HostApiAllocationBenchmark} in docs/performance.md say the same.)
 */
class HostApiAllocationTest {
    // Reached by reflection: the module under test does not read java.management.
    private static final Object THREADS;
    private static final Method ALLOCATED;

    static {
        try {
            THREADS = Class.forName("java.lang.management.ManagementFactory")
                    .getMethod("getThreadMXBean")
                    .invoke(null);
            ALLOCATED = Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes");
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Bytes this thread allocated so far, as the JVM counts them (the other allocation tests use it too). */
    static long allocatedBytes() {
        try {
            return (Long) ALLOCATED.invoke(THREADS);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** What a measurement of nothing reports (the reflective call boxes its result). */
    static long overhead() {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 20; i++) {
            long a = allocatedBytes();
            long b = allocatedBytes();
            least = Math.min(least, b - a);
        }
        return least;
    }

    @Test
    void tryBeginStepCopyPathStateSizeAndSaveStateAllocateNothing() {
        GridOptions[] engines = {
            GridOptions.DEFAULT,
            GridOptions.builder().algorithm(GridAlgorithm.JPS).build(),
            GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build(),
            GridOptions.builder().specializedEngines(false).build(),
            GridOptions.builder()
                    .algorithm(GridAlgorithm.JPS)
                    .specializedEngines(false)
                    .build(),
            GridOptions.builder()
                    .algorithm(GridAlgorithm.JPS_PLUS)
                    .specializedEngines(false)
                    .build(),
            GridOptions.builder()
                    .algorithm(GridAlgorithm.JPS)
                    .connectivity(Connectivity.FOUR)
                    .build(),
        };
        try (Grid grid = TestMaps.make(TestMaps.Kind.CAVE, new Random(8), 64, 64, false);
                Arena arena = Arena.ofConfined()) {
            int[] pairs = new int[64];
            Random random = new Random(9);
            int n = 0;
            while (n < pairs.length) {
                int a = random.nextInt(64 * 64);
                int b = random.nextInt(64 * 64);
                if (grid.findPath(new Cell(a % 64, a / 64), new Cell(b % 64, b / 64))
                        .found()) {
                    pairs[n++] = a;
                    pairs[n++] = b;
                }
            }
            MemorySegment target = arena.allocate(1 << 20, 8);
            int[] path = new int[64 * 64];
            long overhead = overhead();
            for (GridOptions options : engines) {
                try (GridSearch search = grid.createSearch(options)) {
                    long sink = 0;
                    // The first searches size every buffer; later ones must allocate nothing. A
                    // round may still see the JIT's own work (a deoptimisation re-creates the
                    // objects it had scalar-replaced), so the steady state is the least of the
                    // later rounds: code that allocates allocates in every round.
                    long least = Long.MAX_VALUE;
                    for (int round = 0; round < 8 && least != 0; round++) {
                        long before = allocatedBytes();
                        for (int i = 0; i < pairs.length; i += 2) {
                            search.tryBegin(pairs[i] % 64, pairs[i] / 64, pairs[i + 1] % 64, pairs[i + 1] / 64);
                            search.step(5);
                            sink += search.stateLength();
                            sink += search.saveState(target, 0);
                            while (search.step(7) == PathStatus.IN_PROGRESS) {
                                sink++;
                            }
                            sink += search.copyPath(path);
                            sink += search.stateLength() + search.saveState(target, 8);
                        }
                        long allocated = allocatedBytes() - before - overhead;
                        if (round >= 2) {
                            least = Math.min(least, allocated);
                        }
                    }
                    assertEquals(
                            0,
                            least,
                            options + " allocated " + least + " bytes over " + pairs.length / 2 + " searches (sink "
                                    + sink + ")");
                }
            }
        }
    }

    /**
     * The tier-2 HPA* query ({@code begin}, {@code step}, {@code copyPath(int[])}) allocates
     * nothing once its buffers have grown: smoothed and not, eight moves with open rooms and area
     * costs (open chunks, one-multiplier chunks and mixed ones), four moves, agent size 2.
     */
    @Test
    void hpaBeginStepAndCopyPathAllocateNothing() {
        record Kind(String name, GridOptions options, boolean areaCosts, boolean smoothing) {}
        Kind[] kinds = {
            new Kind("eight moves, smoothed", GridOptions.DEFAULT, false, true),
            new Kind("eight moves, area costs, unsmoothed", GridOptions.DEFAULT, true, false),
            new Kind(
                    "four moves, area costs, smoothed",
                    GridOptions.builder().connectivity(Connectivity.FOUR).build(),
                    true,
                    true),
            new Kind("agent size 2, smoothed", GridOptions.forAgentSize(2), false, true),
        };
        long overhead = overhead();
        for (Kind kind : kinds) {
            GridOptions o = kind.options();
            try (Grid grid = TestMaps.make(TestMaps.Kind.ROOM, new Random(21), 96, 96, kind.areaCosts());
                    HpaHierarchy hierarchy =
                            new HpaHierarchy(grid, 8, o.agentSize(), o.connectivity(), o.diagonalRule());
                    HpaSearch search = new HpaSearch(hierarchy, kind.smoothing())) {
                int[] pairs = new int[64];
                Random random = new Random(22);
                int n = 0;
                while (n < pairs.length) {
                    int a = random.nextInt(96 * 96);
                    int b = random.nextInt(96 * 96);
                    if (grid.findPath(new Cell(a % 96, a / 96), new Cell(b % 96, b / 96), o)
                            .found()) {
                        pairs[n++] = a;
                        pairs[n++] = b;
                    }
                }
                int[] path = new int[96 * 96];
                long sink = 0;
                long least = Long.MAX_VALUE;
                for (int round = 0; round < 8 && least != 0; round++) {
                    long before = allocatedBytes();
                    for (int i = 0; i < pairs.length; i += 2) {
                        search.begin(pairs[i], pairs[i + 1]);
                        while (search.step(3) == SearchStatus.RUNNING) {
                            sink++;
                        }
                        sink += search.copyPath(path) + search.expandedCount();
                    }
                    long allocated = allocatedBytes() - before - overhead;
                    if (round >= 2) {
                        least = Math.min(least, allocated);
                    }
                }
                assertEquals(
                        0,
                        least,
                        kind.name() + ": HPA* allocated " + least + " bytes over " + pairs.length / 2
                                + " searches (sink " + sink + ")");
            }
        }
    }

    @Test
    void nearestWalkableIndexAndFixedCostAllocateNothing() {
        try (Grid grid = TestMaps.make(TestMaps.Kind.ROOM, new Random(12), 48, 48, true)) {
            GridOptions one = GridOptions.builder().nearestRadius(20).build();
            GridOptions two = GridOptions.forAgentSize(2);
            int[] path = grid.findPath(new Cell(1, 1), new Cell(46, 46)).cellIndices();
            assertEquals(true, path.length > 40, "a long path to price");
            long overhead = overhead();
            long sink = 0;
            long least = Long.MAX_VALUE;
            for (int round = 0; round < 8 && least != 0; round++) {
                long before = allocatedBytes();
                for (int i = 0; i < 500; i++) {
                    sink += grid.nearestWalkableIndex(i % 60 - 6, (i * 7) % 60 - 6, (i & 1) == 0 ? one : two);
                    sink += grid.fixedCost(path, path.length);
                }
                long allocated = allocatedBytes() - before - overhead;
                if (round >= 2) {
                    least = Math.min(least, allocated);
                }
            }
            assertEquals(0, least, "allocated " + least + " bytes per 500 calls each (sink " + sink + ")");
        }
    }
}
