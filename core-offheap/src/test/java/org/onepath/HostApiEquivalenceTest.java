package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;

/**
 * The resumable handle under every slicing and {@link Grid#findPathAsync} for slice sizes 1..300
 * return what {@link Grid#findPath} returns (status, cells, cost bits, iterations, expanded
 * count, algorithm) on random, room, maze and cave maps with area costs and eight option
 * variants per algorithm; cancellation and refusals come through the future; the next query
 * after a cancellation is exact.
 */
class HostApiEquivalenceTest {
    private static final GridAlgorithm[] ALGORITHMS = {GridAlgorithm.ASTAR, GridAlgorithm.JPS, GridAlgorithm.JPS_PLUS};

    record Variant(String name, UnaryOperator<GridOptions.Builder> options) {}

    static final List<Variant> VARIANTS = List.of(
            new Variant("default", b -> b),
            new Variant("zero heuristic", b -> b.heuristic(HeuristicKind.ZERO)),
            new Variant("generic engines", b -> b.specializedEngines(false)),
            new Variant("four-connected", b -> b.connectivity(Connectivity.FOUR)),
            new Variant("agent size 2", b -> b.agentSize(2)),
            new Variant(
                    "allow all diagonals, weight 1.5",
                    b -> b.diagonalRule(DiagonalRule.ALLOW_ALL).heuristicWeight(1.5)),
            new Variant("blocked delegate", b -> b.blocked((x, y) -> (x * 7 + y * 3) % 13 == 0)),
            new Variant("budget 37", b -> b.iterationBudget(37)));

    /** Steps the executor's tasks by hand: each execute is one yield. */
    static final class ManualExecutor implements Executor {
        final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
        int executed;

        @Override
        public void execute(Runnable command) {
            executed++;
            tasks.add(command);
        }

        void drain() {
            while (!tasks.isEmpty()) {
                tasks.poll().run();
            }
        }
    }

    static void assertSame(GridPath expected, GridPath actual, String context) {
        assertEquals(expected.status(), actual.status(), context);
        assertEquals(expected.algorithm(), actual.algorithm(), "algorithm " + context);
        assertEquals(expected.iterations(), actual.iterations(), "iterations " + context);
        assertEquals(expected.expandedCount(), actual.expandedCount(), "expanded " + context);
        assertEquals(
                Double.doubleToRawLongBits(expected.cost()),
                Double.doubleToRawLongBits(actual.cost()),
                "cost bits " + context);
        assertArrayEquals(expected.cellIndices(), actual.cellIndices(), "cells " + context);
    }

    /** Drives a handle through the query in the given slices (cycled), as findPath would with the options' budget. */
    static GridPath viaHandle(Grid grid, GridSearch search, Cell a, Cell b, int[] slices) {
        PathStatus begun = search.tryBegin(a, b);
        if (begun != PathStatus.IN_PROGRESS) {
            return null;
        }
        int budget = search.options().iterationBudget();
        long left = budget == 0 ? Long.MAX_VALUE : budget;
        int k = 0;
        PathStatus s = PathStatus.IN_PROGRESS;
        while (s == PathStatus.IN_PROGRESS && left > 0) {
            int n = (int) Math.min(slices[k++ % slices.length], left);
            s = search.step(n);
            left -= n;
        }
        PathStatus status = s == PathStatus.IN_PROGRESS ? PathStatus.BUDGET_EXHAUSTED : s;
        int[] cells = null;
        if (status == PathStatus.FOUND) {
            cells = new int[search.pathLength()];
            assertEquals(cells.length, search.copyPath(cells));
            Cell[] asCells = new Cell[cells.length + 1];
            assertEquals(cells.length, search.copyPath(asCells));
            for (int i = 0; i < cells.length; i++) {
                assertEquals(new Cell(cells[i] % grid.width(), cells[i] / grid.width()), asCells[i]);
            }
        }
        return new GridPath(
                status,
                grid.width(),
                grid.space(),
                cells,
                status == PathStatus.FOUND ? search.cost() : Double.POSITIVE_INFINITY,
                search.expandedCount(),
                search.iterations(),
                search.algorithm(),
                null);
    }

    static Cell somewhere(Random random, Grid grid) {
        // mostly open cells, sometimes anything (walls, outside) for the refusals
        if (random.nextInt(10) == 0) {
            return new Cell(random.nextInt(grid.width() + 2) - 1, random.nextInt(grid.height() + 2) - 1);
        }
        for (int t = 0; t < 200; t++) {
            Cell c = new Cell(random.nextInt(grid.width()), random.nextInt(grid.height()));
            if (grid.isWalkable(c.x(), c.y())) {
                return c;
            }
        }
        return new Cell(0, 0);
    }

    @Test
    void theHandleUnderEverySlicingEqualsFindPathOnEveryMapFamily() {
        Random random = new Random(0x4057);
        int[][] slicings = {{1}, {2}, {3}, {7}, {1, 5, 2}, {64}, {Integer.MAX_VALUE}, {0, 1}};
        int compared = 0;
        int found = 0;
        int exhausted = 0;
        for (TestMaps.Kind kind : TestMaps.Kind.values()) {
            for (int m = 0; m < 3; m++) {
                try (Grid grid =
                        TestMaps.make(kind, random, 12 + random.nextInt(20), 12 + random.nextInt(20), m != 0)) {
                    for (Variant variant : VARIANTS) {
                        for (GridAlgorithm alg : ALGORITHMS) {
                            GridOptions options = variant.options()
                                    .apply(GridOptions.builder().algorithm(alg))
                                    .build();
                            try (GridSearch search = grid.createSearch(options)) {
                                for (int q = 0; q < 3; q++) {
                                    Cell a = somewhere(random, grid);
                                    Cell b = somewhere(random, grid);
                                    GridPath expected = grid.findPath(a, b, options);
                                    for (int[] slices : slicings) {
                                        String context = kind + " " + variant.name() + " " + alg + " " + a + "->" + b
                                                + " slices " + java.util.Arrays.toString(slices);
                                        GridPath actual = viaHandle(grid, search, a, b, slices);
                                        if (actual == null) {
                                            assertEquals(expected.status(), search.tryBegin(a, b), context);
                                            continue;
                                        }
                                        assertSame(expected, actual, context);
                                        compared++;
                                        found += actual.found() ? 1 : 0;
                                        exhausted += actual.status() == PathStatus.BUDGET_EXHAUSTED ? 1 : 0;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assertTrue(
                compared > 4000 && found > compared / 3 && exhausted > 100,
                "compared " + compared + ", found " + found + ", exhausted " + exhausted);
    }

    @Test
    void findPathAsyncEqualsFindPathForSliceSizes1To300() {
        Random random = new Random(0xA5C);
        int compared = 0;
        for (int slice = 1; slice <= 300; slice++) {
            TestMaps.Kind kind = TestMaps.Kind.values()[slice % 4];
            try (Grid grid =
                    TestMaps.make(kind, random, 16 + random.nextInt(24), 16 + random.nextInt(24), slice % 3 != 0)) {
                Variant variant = VARIANTS.get(random.nextInt(VARIANTS.size()));
                GridAlgorithm alg = ALGORITHMS[random.nextInt(3)];
                GridOptions options = variant.options()
                        .apply(GridOptions.builder().algorithm(alg))
                        .iterationsPerSlice(slice)
                        .build();
                for (int q = 0; q < 2; q++) {
                    Cell a = somewhere(random, grid);
                    Cell b = somewhere(random, grid);
                    GridPath expected = grid.findPath(a, b, options);
                    String context =
                            "slice " + slice + " " + kind + " " + variant.name() + " " + alg + " " + a + "->" + b;
                    // on the calling thread: complete on return
                    CompletableFuture<GridPath> direct = grid.findPathAsync(a, b, options);
                    assertTrue(direct.isDone(), context);
                    assertSame(expected, direct.join(), context);
                    // with a yield per slice: one execute per slice after the first
                    ManualExecutor executor = new ManualExecutor();
                    CompletableFuture<GridPath> yielding =
                            grid.findPathAsync(a, b, options, new Cancellation(), executor);
                    executor.drain();
                    assertTrue(yielding.isDone(), context);
                    GridPath got = yielding.join();
                    assertSame(expected, got, context);
                    if (got.status() != PathStatus.START_INVALID && got.status() != PathStatus.GOAL_INVALID) {
                        int slices = got.iterations() == 0 ? 1 : (got.iterations() + slice - 1) / slice;
                        // a search that ends exactly on a slice boundary learns it in that slice
                        assertTrue(
                                executor.executed == slices - 1 || executor.executed == slices,
                                context + ": " + executor.executed + " yields for " + got.iterations() + " iterations");
                    } else {
                        assertEquals(0, executor.executed, context);
                    }
                    compared++;
                }
            }
        }
        assertEquals(600, compared);
    }

    @Test
    void onAnotherThreadAndByWorldPointsItIsTheSame() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Grid grid = TestMaps.make(TestMaps.Kind.CAVE, new Random(5), 48, 40, true)) {
            grid.space(new GridSpace(-10, 4, 0.5));
            Random random = new Random(6);
            for (int q = 0; q < 20; q++) {
                Cell a = somewhere(random, grid);
                Cell b = somewhere(random, grid);
                GridOptions options = GridOptions.builder()
                        .algorithm(ALGORITHMS[q % 3])
                        .iterationsPerSlice(1 + q * 7)
                        .build();
                GridPath expected = grid.findPath(a, b, options);
                assertSame(
                        expected,
                        grid.findPathAsync(a, b, options, null, pool).get(10, TimeUnit.SECONDS),
                        "thread " + q);
                WorldPoint pa = new WorldPoint(-10 + 0.5 * a.x() + 0.25, 4 + 0.5 * a.y() + 0.25);
                WorldPoint pb = new WorldPoint(-10 + 0.5 * b.x() + 0.25, 4 + 0.5 * b.y() + 0.25);
                assertSame(
                        grid.findPath(pa, pb, options),
                        grid.findPathAsync(pa, pb, options, null, pool).get(10, TimeUnit.SECONDS),
                        "points " + q);
                // an executor that runs some tasks at once and hands others to the pool
                java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
                Executor mixed = r -> {
                    if (calls.incrementAndGet() % 3 == 0) {
                        pool.execute(r);
                    } else {
                        r.run();
                    }
                };
                assertSame(
                        expected,
                        grid.findPathAsync(a, b, options, null, mixed).get(10, TimeUnit.SECONDS),
                        "mixed " + q);
            }
        } finally {
            pool.shutdown();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void aSynchronousExecutorDoesNotDeepenTheStack() {
        // One iteration per slice on a long maze: tens of thousands of slices, each handed to an
        // executor that runs it at once. Without the trampoline this would overflow the stack.
        try (Grid grid = TestMaps.make(TestMaps.Kind.MAZE, new Random(3), 301, 301, false)) {
            GridOptions options = GridOptions.builder().iterationsPerSlice(1).build();
            Cell a = new Cell(0, 0);
            Cell b = new Cell(300, 300);
            GridPath expected = grid.findPath(a, b, options);
            assertTrue(expected.iterations() > 10_000, "iterations " + expected.iterations());
            int[] executed = {0};
            CompletableFuture<GridPath> f = grid.findPathAsync(a, b, options, null, r -> {
                executed[0]++;
                r.run();
            });
            assertTrue(f.isDone());
            assertSame(expected, f.join(), "maze");
            assertTrue(executed[0] >= expected.iterations() - 1);
        }
    }

    @Test
    void cancellationCompletesWithCancellationExceptionAndTheNextQueryIsExact() {
        Random random = new Random(11);
        for (int round = 0; round < 40; round++) {
            try (Grid grid = TestMaps.make(TestMaps.Kind.values()[round % 4], random, 40, 40, true)) {
                GridOptions options = GridOptions.builder()
                        .algorithm(ALGORITHMS[round % 3])
                        .iterationsPerSlice(1 + random.nextInt(5))
                        .build();
                Cell a = somewhere(random, grid);
                Cell b = somewhere(random, grid);
                GridPath expected = grid.findPath(a, b, options);
                if (expected.iterations() < 4) {
                    continue;
                }
                Cancellation token = new Cancellation();
                ManualExecutor executor = new ManualExecutor();
                CompletableFuture<GridPath> f = grid.findPathAsync(a, b, options, token, executor);
                int before = random.nextInt(2);
                for (int i = 0; i < before && !executor.tasks.isEmpty(); i++) {
                    executor.tasks.poll().run();
                }
                assertFalse(f.isDone());
                token.cancel();
                executor.drain();
                assertTrue(f.isCompletedExceptionally() && f.isCancelled(), "round " + round);
                assertThrows(CancellationException.class, f::join);
                // the next queries, one-line and sliced, are exact
                assertSame(expected, grid.findPath(a, b, options), "after cancel " + round);
                assertSame(expected, grid.findPathAsync(a, b, options).join(), "async after cancel " + round);
            }
        }
        try (Grid grid = Grid.create(8, 8)) {
            Cancellation cancelled = new Cancellation();
            cancelled.cancel();
            CompletableFuture<GridPath> f =
                    grid.findPathAsync(new Cell(0, 0), new Cell(7, 7), GridOptions.DEFAULT, cancelled);
            assertThrows(CancellationException.class, f::join, "a token cancelled before the call");
        }
    }

    @Test
    void cancellingTheFutureItselfStopsTheSlices() {
        try (Grid grid = TestMaps.make(TestMaps.Kind.MAZE, new Random(9), 61, 61, false)) {
            ManualExecutor executor = new ManualExecutor();
            GridOptions options = GridOptions.builder().iterationsPerSlice(2).build();
            CompletableFuture<GridPath> f =
                    grid.findPathAsync(new Cell(0, 0), new Cell(60, 60), options, null, executor);
            executor.tasks.poll().run();
            f.cancel(false);
            executor.drain();
            assertTrue(executor.executed <= 2, "no slice after the future was cancelled: " + executor.executed);
            GridPath expected = grid.findPath(new Cell(0, 0), new Cell(60, 60), options);
            assertSame(
                    expected,
                    grid.findPathAsync(new Cell(0, 0), new Cell(60, 60), options)
                            .join(),
                    "after");
        }
    }

    @Test
    void unsupportedOptionsEditsAndRefusalsComeThroughTheFuture() {
        try (Grid grid = Grid.create(30, 30)) {
            grid.setRect(3, 10, 24, 1, Grid.WALL);
            Cell a = new Cell(1, 1);
            Cell b = new Cell(28, 28);
            for (GridOptions bad : List.of(
                    GridOptions.builder().algorithm(GridAlgorithm.THETA_STAR).build(),
                    GridOptions.builder()
                            .algorithm(GridAlgorithm.LAZY_THETA_STAR)
                            .build(),
                    GridOptions.builder().recordExpansions(true).build())) {
                CompletableFuture<GridPath> f = grid.findPathAsync(a, b, bad);
                ExecutionException e = assertThrows(ExecutionException.class, f::get);
                assertInstanceOf(IllegalArgumentException.class, e.getCause(), bad.toString());
            }
            // refused ends complete normally, as findPath returns them
            grid.setArea(0, 0, Grid.WALL);
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPathAsync(new Cell(0, 0), b).join().status());
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPathAsync(a, new Cell(-1, 3)).join().status());
            // an edit during the query
            ManualExecutor executor = new ManualExecutor();
            GridOptions slices = GridOptions.builder().iterationsPerSlice(1).build();
            CompletableFuture<GridPath> f = grid.findPathAsync(a, b, slices, null, executor);
            assertFalse(f.isDone());
            grid.setArea(15, 15, grid.area(15, 15) == Grid.WALL ? 0 : Grid.WALL);
            executor.drain();
            CompletionException e = assertThrows(CompletionException.class, f::join);
            assertInstanceOf(IllegalStateException.class, e.getCause());
            assertSame(grid.findPath(a, b), grid.findPathAsync(a, b).join(), "after the failed query");
            // an executor that refuses
            CompletableFuture<GridPath> refused = grid.findPathAsync(a, b, slices, null, r -> {
                throw new java.util.concurrent.RejectedExecutionException("full");
            });
            assertTrue(refused.isCompletedExceptionally());
        }
        Grid closed = Grid.create(3, 3);
        closed.close();
        assertTrue(closed.findPathAsync(new Cell(0, 0), new Cell(2, 2)).isCompletedExceptionally());
    }

    @Test
    void tickPathHandleCalls() {
        Random random = new Random(21);
        for (int round = 0; round < 60; round++) {
            try (Grid grid = TestMaps.make(TestMaps.Kind.values()[round % 4], random, 20, 20, round % 2 == 0)) {
                Variant variant = VARIANTS.get(round % VARIANTS.size());
                GridOptions options = variant.options()
                        .apply(GridOptions.builder().algorithm(ALGORITHMS[round % 3]))
                        .build();
                try (GridSearch search = grid.createSearch(options)) {
                    assertEquals(search.saveState().length, search.stateLength(), "not begun");
                    Cell a = somewhere(random, grid);
                    Cell b = somewhere(random, grid);
                    if (search.tryBegin(a, b) != PathStatus.IN_PROGRESS) {
                        continue;
                    }
                    while (search.status() == PathStatus.IN_PROGRESS) {
                        byte[] saved = search.saveState();
                        assertEquals(saved.length, search.stateLength(), variant.name());
                        byte[] out = new byte[saved.length + 5];
                        assertEquals(saved.length, search.saveState(java.lang.foreign.MemorySegment.ofArray(out), 3));
                        assertArrayEquals(saved, java.util.Arrays.copyOfRange(out, 3, 3 + saved.length));
                        byte[] small = new byte[saved.length - 1];
                        assertThrows(
                                IllegalArgumentException.class,
                                () -> search.saveState(java.lang.foreign.MemorySegment.ofArray(small), 0));
                        assertArrayEquals(new byte[small.length], small, "nothing written when it does not fit");
                        search.step(1 + random.nextInt(20));
                    }
                    assertEquals(search.saveState().length, search.stateLength());
                    if (search.status() == PathStatus.FOUND) {
                        Cell[] tooShort = new Cell[search.pathLength() - 1];
                        if (tooShort.length > 0) {
                            assertThrows(IllegalArgumentException.class, () -> search.copyPath(tooShort));
                        }
                    } else {
                        assertThrows(IllegalStateException.class, () -> search.copyPath(new Cell[4]));
                    }
                }
            }
        }
    }

    @Test
    void theAllocationFreeWritersGiveTheSavedBytes() {
        // Tier-2 A* and jump point search: writeState into a reused writer equals saveState at
        // every point of a search, with expansions recorded.
        Random random = new Random(77);
        int compared = 0;
        try (org.onepath.state.StateWriter w = new org.onepath.state.StateWriter(16)) {
            for (int round = 0; round < 30; round++) {
                try (Grid grid = TestMaps.make(TestMaps.Kind.values()[round % 4], random, 18, 18, false);
                        org.onepath.grids.jps.BlockMap map = new org.onepath.grids.jps.BlockMap(grid);
                        org.onepath.grids.GridSearchBuffers forAStar =
                                new org.onepath.grids.GridSearchBuffers(grid.cellCount());
                        org.onepath.grids.GridSearchBuffers forJump =
                                new org.onepath.grids.GridSearchBuffers(grid.cellCount())) {
                    forAStar.recordExpansions(true);
                    forJump.recordExpansions(true);
                    var astar = new org.onepath.grids.AStar<>(
                            grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING),
                            org.onepath.grids.DefaultStepCost.INSTANCE,
                            new org.onepath.grids.OctileHeuristic(
                                    grid.width(), grid.areas().minCost()),
                            forAStar);
                    var jump = new org.onepath.grids.jps.JumpSearch<>(
                            grid,
                            new org.onepath.grids.jps.BlockJumper(map),
                            new org.onepath.grids.OctileHeuristic(grid.width(), 1.0),
                            1.0,
                            forJump);
                    w.rewind();
                    astar.writeState(w);
                    assertArrayEquals(astar.saveState(), w.toByteArray(), "not begun");
                    Cell a = somewhere(random, grid);
                    Cell b = somewhere(random, grid);
                    int width = grid.width();
                    if (!grid.contains(a.x(), a.y())
                            || !grid.contains(b.x(), b.y())
                            || !grid.isWalkable(a.x(), a.y())
                            || !grid.isWalkable(b.x(), b.y())) {
                        continue;
                    }
                    astar.tryBegin(a.y() * width + a.x(), b.y() * width + b.x());
                    jump.begin(a.y() * width + a.x(), b.y() * width + b.x());
                    boolean more = true;
                    while (more) {
                        w.rewind();
                        astar.writeState(w);
                        assertArrayEquals(astar.saveState(), w.toByteArray(), "A* round " + round);
                        w.rewind();
                        jump.writeState(w);
                        assertArrayEquals(jump.saveState(), w.toByteArray(), "jump round " + round);
                        compared++;
                        int n = 1 + random.nextInt(6);
                        more = astar.step(n) == org.onepath.grids.SearchStatus.RUNNING;
                        more |= jump.step(n) == org.onepath.grids.SearchStatus.RUNNING;
                    }
                }
            }
        }
        assertTrue(compared > 200, "compared " + compared);
    }

    @Test
    void everyEditKindMidSearchMakesStepThrow() {
        List<java.util.function.Consumer<Grid>> edits = new ArrayList<>();
        edits.add(g -> g.setArea(5, 5, Grid.WALL));
        edits.add(g -> g.setRect(2, 2, 3, 3, 1));
        edits.add(g -> g.areas().set(4, 2.0));
        byte[][] saved = new byte[1][];
        edits.add(g -> g.restoreState(saved[0]));
        for (var edit : edits) {
            for (GridAlgorithm alg : ALGORITHMS) {
                try (Grid grid = Grid.create(30, 30);
                        GridSearch search = grid.createSearch(
                                GridOptions.builder().algorithm(alg).build())) {
                    grid.setArea(10, 0, Grid.WALL);
                    saved[0] = grid.saveState();
                    assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(new Cell(0, 0), new Cell(29, 29)));
                    search.step(1);
                    edit.accept(grid);
                    assertThrows(IllegalStateException.class, () -> search.step(1), alg.toString());
                    // a refusal leaves the (stale) search alone; a new begin runs on the edited grid
                    assertEquals(PathStatus.START_INVALID, search.tryBegin(new Cell(-1, 0), new Cell(29, 29)));
                    assertThrows(IllegalStateException.class, () -> search.step(1));
                    assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(new Cell(0, 0), new Cell(29, 29)));
                    while (search.step(100) == PathStatus.IN_PROGRESS) {
                        // runs to the end
                    }
                    assertEquals(
                            grid.findPath(new Cell(0, 0), new Cell(29, 29), search.options())
                                    .expandedCount(),
                            search.expandedCount());
                }
            }
        }
    }
}
