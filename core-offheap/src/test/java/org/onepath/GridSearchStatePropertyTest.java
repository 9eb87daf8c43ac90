package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;
import org.onepath.state.GridStateException;
import org.onepath.state.OnePathFormatException;

/**
 * The resumable {@link GridSearch} state (kind 12) in every mode: 1 (specialised A*), 2 (generic
 * core, embedded kind 8 or 9) and 3 (specialised jump point search with block scans or JPS+
 * tables). A handle saved after k iterations and restored into a fresh handle with the same
 * options, then run on in slices, gives the path, cost bits, counts and status of an
 * uninterrupted run; a re-save right after the restore gives the same bytes.
 */
class GridSearchStatePropertyTest {

    /** The option sets, one per engine the handle can select on a uniform-cost grid. */
    enum Engine {
        FAST_ASTAR(GridOptions.DEFAULT, 1),
        FAST_ASTAR_ZERO(GridOptions.builder().heuristic(HeuristicKind.ZERO).build(), 1),
        GENERIC_ASTAR(GridOptions.builder().specializedEngines(false).build(), 2),
        GENERIC_WEIGHTED(GridOptions.builder().heuristicWeight(1.5).build(), 2),
        GENERIC_JPS(
                GridOptions.builder()
                        .algorithm(GridAlgorithm.JPS)
                        .specializedEngines(false)
                        .build(),
                2),
        FAST_JPS(GridOptions.builder().algorithm(GridAlgorithm.JPS).build(), 3),
        FAST_JPS_PLUS(GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build(), 3);

        final GridOptions options;
        final int mode;

        Engine(GridOptions options, int mode) {
            this.options = options;
            this.mode = mode;
        }
    }

    @Provide
    Arbitrary<Engine> engines() {
        return Arbitraries.of(Engine.class);
    }

    @Property(tries = 250)
    void savedAfterKIterationsThenRestoredRunsOnAsTheUninterruptedSearch(
            @ForAll("engines") Engine engine,
            @ForAll @IntRange(min = 0, max = 1_000_000) int seed,
            @ForAll @IntRange(min = 0, max = 400) int k,
            @ForAll @IntRange(min = 1, max = 60) int slice) {
        Random random = new Random(seed);
        int width = 4 + random.nextInt(30);
        int height = 4 + random.nextInt(30);
        try (Grid grid = randomGrid(random, width, height, random.nextInt(40))) {
            int[] ends = openEnds(grid, random);
            if (ends == null) {
                return;
            }
            try (GridSearch original = grid.createSearch(engine.options);
                    GridSearch uninterrupted = grid.createSearch(engine.options);
                    GridSearch restored = grid.createSearch(engine.options)) {
                assertEquals(PathStatus.IN_PROGRESS, original.tryBegin(ends[0], ends[1], ends[2], ends[3]));
                uninterrupted.tryBegin(ends[0], ends[1], ends[2], ends[3]);
                uninterrupted.step(Integer.MAX_VALUE);
                original.step(k);
                byte[] state = original.saveState();
                assertEquals(engine.mode, state[8], "mode byte");
                restored.restoreState(state);
                assertArrayEquals(state, restored.saveState(), "save, restore, save gives the same bytes");
                assertEquals(original.status(), restored.status());
                while (restored.status() == PathStatus.IN_PROGRESS) {
                    restored.step(slice);
                }
                assertSameResult(uninterrupted, restored);
                Statistics.label("engine").collect(engine);
                Statistics.label("status").collect(restored.status());
            }
        }
    }

    @Property(tries = 60)
    void restoringTheSameHandleRollsItBack(
            @ForAll("engines") Engine engine,
            @ForAll @IntRange(min = 0, max = 1_000_000) int seed,
            @ForAll @IntRange(min = 1, max = 100) int k) {
        Random random = new Random(seed);
        try (Grid grid = randomGrid(random, 24, 20, 25)) {
            int[] ends = openEnds(grid, random);
            if (ends == null) {
                return;
            }
            try (GridSearch search = grid.createSearch(engine.options);
                    GridSearch uninterrupted = grid.createSearch(engine.options)) {
                uninterrupted.tryBegin(ends[0], ends[1], ends[2], ends[3]);
                uninterrupted.step(Integer.MAX_VALUE);
                search.tryBegin(ends[0], ends[1], ends[2], ends[3]);
                search.step(k);
                byte[] state = search.saveState();
                search.step(Integer.MAX_VALUE);
                search.restoreState(state);
                search.step(Integer.MAX_VALUE);
                assertSameResult(uninterrupted, search);
            }
        }
    }

    @Property(tries = 40)
    void hostileBytesGiveOnlyFormatErrors(
            @ForAll("engines") Engine engine, @ForAll @IntRange(min = 0, max = 1_000_000) int seed) {
        Random random = new Random(seed);
        try (Grid grid = randomGrid(random, 9, 7, 20)) {
            int[] ends = openEnds(grid, random);
            if (ends == null) {
                return;
            }
            byte[] state;
            try (GridSearch search = grid.createSearch(engine.options)) {
                search.tryBegin(ends[0], ends[1], ends[2], ends[3]);
                search.step(1 + random.nextInt(8));
                state = search.saveState();
            }
            try (GridSearch target = grid.createSearch(engine.options)) {
                for (int length = 0; length < state.length; length++) {
                    restoreOrFormatError(target, java.util.Arrays.copyOf(state, length));
                }
                for (int bit = 0; bit < state.length * 8; bit++) {
                    byte[] flipped = state.clone();
                    flipped[bit >>> 3] ^= (byte) (1 << (bit & 7));
                    restoreOrFormatError(target, flipped);
                }
            }
        }
    }

    @Test
    void aStateOfAnotherEngineIsRefusedNamingTheMode() {
        try (Grid grid = Grid.fromText("....\n.#..\n....\n");
                GridSearch fast = grid.createSearch(GridOptions.DEFAULT);
                GridSearch jps = grid.createSearch(Engine.FAST_JPS.options)) {
            fast.tryBegin(0, 0, 3, 2);
            fast.step(2);
            byte[] state = fast.saveState();
            GridStateException e = assertThrows(GridStateException.class, () -> jps.restoreState(state));
            assertTrue(e.getMessage().contains("'mode' = 1"), e.getMessage());
            assertEquals(PathStatus.NONE, jps.status(), "a failed restore leaves the handle not begun");
            assertThrows(IllegalStateException.class, () -> jps.step(1));
        }
    }

    @Test
    void theSegmentFormsWriteTheSameBytesAndRefuseASegmentTooSmall() {
        try (Grid grid = Grid.fromText("......\n.##...\n......\n");
                GridSearch search = grid.createSearch(GridOptions.DEFAULT);
                org.onepath.grids.GridSearchBuffers buffers =
                        new org.onepath.grids.GridSearchBuffers(grid.cellCount());
                java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            search.tryBegin(0, 0, 5, 2);
            search.step(3);
            byte[] expected = search.saveState();
            java.lang.foreign.MemorySegment target = arena.allocate(expected.length + 10);
            assertEquals(expected.length, search.saveState(target, 10));
            assertArrayEquals(expected, target.asSlice(10).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            java.lang.foreign.MemorySegment small = arena.allocate(expected.length - 1);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> search.saveState(small, 0));
            assertTrue(e.getMessage().contains(Integer.toString(expected.length)), e.getMessage());
            assertEquals(0, small.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)[0], "nothing written");

            var astar = new org.onepath.grids.AStar<>(
                    grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING),
                    org.onepath.grids.DefaultStepCost.INSTANCE,
                    new org.onepath.grids.OctileHeuristic(grid.width(), 1.0),
                    buffers);
            astar.begin(0, 17);
            astar.step(2);
            byte[] kind8 = astar.saveState();
            java.lang.foreign.MemorySegment exact = arena.allocate(kind8.length);
            assertEquals(kind8.length, astar.saveState(exact, 0));
            assertArrayEquals(kind8, exact.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void aHandleNeverBegunSavesModeZero() {
        try (Grid grid = Grid.create(5, 3);
                GridSearch search = grid.createSearch(GridOptions.DEFAULT)) {
            byte[] state = search.saveState();
            assertArrayEquals(new byte[] {0x4F, 0x50, 0x47, 0x53, 1, 0, 12, 0, 0, 5, 0, 0, 0, 3, 0, 0, 0}, state);
            try (GridSearch other = grid.createSearch(GridOptions.DEFAULT)) {
                other.restoreState(state);
                assertEquals(PathStatus.NONE, other.status());
            }
        }
    }

    @Test
    void aRestoredGridMakesAnEarlierSearchRefuseToStep() {
        try (Grid grid = Grid.create(6, 6);
                GridSearch search = grid.createSearch(GridOptions.DEFAULT)) {
            byte[] gridState = grid.saveState();
            search.tryBegin(0, 0, 5, 5);
            search.step(1);
            grid.restoreState(gridState);
            assertThrows(IllegalStateException.class, () -> search.step(1));
        }
    }

    private static void restoreOrFormatError(GridSearch target, byte[] bytes) {
        try {
            target.restoreState(bytes);
            if (target.status() == PathStatus.IN_PROGRESS) {
                target.step(100_000);
            }
            if (target.status() == PathStatus.FOUND) {
                int[] path = new int[target.pathLength()];
                target.copyPath(path);
            }
        } catch (OnePathFormatException expected) {
            assertEquals(PathStatus.NONE, target.status(), "a failed restore leaves the handle not begun");
        }
    }

    private static void assertSameResult(GridSearch expected, GridSearch actual) {
        assertEquals(expected.status(), actual.status());
        assertEquals(Double.doubleToRawLongBits(expected.cost()), Double.doubleToRawLongBits(actual.cost()));
        assertEquals(expected.iterations(), actual.iterations());
        assertEquals(expected.expandedCount(), actual.expandedCount());
        if (expected.status() == PathStatus.FOUND) {
            int[] a = new int[expected.pathLength()];
            int[] b = new int[actual.pathLength()];
            expected.copyPath(a);
            actual.copyPath(b);
            assertArrayEquals(a, b);
        }
    }

    private static Grid randomGrid(Random random, int width, int height, int wallPercent) {
        Grid grid = Grid.create(width, height);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (random.nextInt(100) < wallPercent) {
                    grid.setWalkable(x, y, false);
                }
            }
        }
        return grid;
    }

    /** Two open cells (start x, y, goal x, y), or null when the grid has none. */
    private static int[] openEnds(Grid grid, Random random) {
        int[] ends = new int[4];
        for (int e = 0; e < 2; e++) {
            boolean found = false;
            for (int attempt = 0; attempt < 200 && !found; attempt++) {
                int x = random.nextInt(grid.width());
                int y = random.nextInt(grid.height());
                if (grid.isWalkable(x, y)) {
                    ends[2 * e] = x;
                    ends[2 * e + 1] = y;
                    found = true;
                }
            }
            if (!found) {
                return null;
            }
        }
        return ends;
    }
}
