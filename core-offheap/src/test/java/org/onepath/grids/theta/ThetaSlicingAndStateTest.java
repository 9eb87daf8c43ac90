package org.onepath.grids.theta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.ReferenceGrid;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.SearchStatus;
import org.onepath.state.GridStateException;

/**
 * Slicing and snapshots of {@link ThetaSearch}: every fixed budget from 1 to 50 gives what one
 * unsliced run gives, and a search saved after k iterations and restored into a fresh search
 * (new buffers) runs on to the same path, cost and counts; restores check what the kind 10
 * state may hold.
 */
class ThetaSlicingAndStateTest {
    private static final ThetaGrids.Pool POOL = new ThetaGrids.Pool();

    /** Everything a finished search reports. */
    record Outcome(SearchStatus status, long costBits, int[] path, int iterations, int expanded, int[] expansions) {
        static Outcome of(ThetaSearch<?> s) {
            return new Outcome(
                    s.status(),
                    Double.doubleToRawLongBits(s.pathCost()),
                    s.status() == SearchStatus.FOUND ? s.path() : new int[0],
                    s.iterations(),
                    s.expandedCount(),
                    s.expandedNodes());
        }

        void assertSame(Outcome o, Supplier<String> where) {
            assertEquals(status, o.status, where);
            assertEquals(costBits, o.costBits, () -> "cost bits: " + where.get());
            assertArrayEquals(path, o.path, () -> "path: " + where.get());
            assertEquals(iterations, o.iterations, () -> "iterations: " + where.get());
            assertEquals(expanded, o.expanded, () -> "expanded: " + where.get());
            assertArrayEquals(expansions, o.expansions, () -> "expansions: " + where.get());
        }
    }

    private static ThetaSearch<EuclideanHeuristic> search(
            Grid grid, ThetaVariant variant, GridSearchBuffers buffers, double m) {
        return new ThetaSearch<>(grid, variant, new EuclideanHeuristic(grid.width(), m), m, buffers);
    }

    @Property(tries = 120)
    void everyBudgetFrom1To50MatchesOneRun(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random rnd = new Random(seed);
        double m = rnd.nextBoolean() ? 1.0 : 2.5;
        ReferenceGrid ref = ThetaGrids.random(rnd, 2, 14, 40, m);
        int[] open = ThetaGrids.walkable(ref);
        if (open.length == 0) {
            return;
        }
        Grid grid = POOL.grid(ref, m);
        GridSearchBuffers buffers = POOL.buffers(grid);
        buffers.recordExpansions(true);
        int start = open[rnd.nextInt(open.length)];
        int goal = open[rnd.nextInt(open.length)];
        for (ThetaVariant variant : ThetaVariant.values()) {
            ThetaSearch<EuclideanHeuristic> s = search(grid, variant, buffers, m);
            s.begin(start, goal);
            s.run();
            Outcome whole = Outcome.of(s);
            for (int budget = 1; budget <= 50; budget++) {
                s.begin(start, goal);
                int before = 0;
                while (s.status() == SearchStatus.RUNNING) {
                    SearchStatus status = s.step(budget);
                    int ran = s.iterations() - before;
                    assertTrue(ran <= budget, "step(" + budget + ") ran " + ran);
                    if (status == SearchStatus.RUNNING) {
                        assertEquals(budget, ran, "a running search uses its whole budget");
                    }
                    before = s.iterations();
                }
                int b = budget;
                whole.assertSame(
                        Outcome.of(s),
                        () -> variant + " budget " + b + " " + start + " -> " + goal + "\n" + ref.picture());
            }
        }
    }

    @Property(tries = 150)
    void aSearchSavedAfterKIterationsRunsOnInAFreshSearch(
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random rnd = new Random(seed);
        double m = rnd.nextBoolean() ? 1.0 : 0.75;
        ReferenceGrid ref = ThetaGrids.random(rnd, 2, 14, 40, m);
        int[] open = ThetaGrids.walkable(ref);
        if (open.length == 0) {
            return;
        }
        Grid grid = POOL.grid(ref, m);
        GridSearchBuffers buffers = POOL.buffers(grid);
        buffers.recordExpansions(true);
        int start = open[rnd.nextInt(open.length)];
        int goal = open[rnd.nextInt(open.length)];
        for (ThetaVariant variant : ThetaVariant.values()) {
            ThetaSearch<EuclideanHeuristic> s = search(grid, variant, buffers, m);
            s.begin(start, goal);
            s.run();
            Outcome whole = Outcome.of(s);
            int k = rnd.nextInt(whole.iterations() + 1);
            s.begin(start, goal);
            s.step(k);
            byte[] saved = s.saveState();
            try (GridSearchBuffers fresh = new GridSearchBuffers(grid.cellCount())) {
                fresh.recordExpansions(true);
                ThetaSearch<EuclideanHeuristic> restored = search(grid, variant, fresh, m);
                restored.restoreState(saved);
                assertArrayEquals(saved, restored.saveState(), "save, restore, save gives the same bytes");
                assertEquals(s.status(), restored.status());
                restored.run();
                whole.assertSame(
                        Outcome.of(restored),
                        () -> variant + " saved after " + k + " iterations, " + start + " -> " + goal + "\n"
                                + ref.picture());
            }
        }
    }

    // ---- what a restore refuses ----

    /** A Theta* search over the picture, stepped a few times, with its state. */
    private record Saved(Grid grid, GridSearchBuffers buffers, byte[] state) implements AutoCloseable {
        @Override
        public void close() {
            buffers.close();
            grid.close();
        }
    }

    private static final String PICTURE = """
            ........
            ..##....
            ..#.....
            ....###.
            ........""";

    private static Saved saved(ThetaVariant variant, int steps) {
        Grid grid = Grid.fromText(PICTURE);
        GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount());
        ThetaSearch<EuclideanHeuristic> s = search(grid, variant, buffers, 1.0);
        s.begin(grid.indexOf(0, 4), grid.indexOf(7, 0));
        s.step(steps);
        assertEquals(SearchStatus.RUNNING, s.status());
        return new Saved(grid, buffers, s.saveState());
    }

    private static GridStateException refused(ThetaVariant variant, Grid grid, byte[] state) {
        try (GridSearchBuffers b = new GridSearchBuffers(grid.cellCount())) {
            ThetaSearch<EuclideanHeuristic> target = search(grid, variant, b, 1.0);
            target.begin(0, 1);
            GridStateException e = assertThrows(GridStateException.class, () -> target.restoreState(state));
            assertEquals(SearchStatus.NOT_STARTED, target.status(), "a refused restore leaves the search not started");
            assertThrows(IllegalStateException.class, () -> target.step(1));
            return e;
        }
    }

    private static int visitedCount(byte[] state) {
        return ByteBuffer.wrap(state).order(ByteOrder.LITTLE_ENDIAN).getInt(45);
    }

    private static int recordAt(int i) {
        return 49 + 17 * i;
    }

    @Test
    void aCostThatIsNotTheParentsPlusTheSegmentIsRefused() {
        try (Saved s = saved(ThetaVariant.THETA, 6)) {
            byte[] state = s.state().clone();
            ByteBuffer b = ByteBuffer.wrap(state).order(ByteOrder.LITTLE_ENDIAN);
            int v = visitedCount(state);
            int i = 0;
            while (b.get(recordAt(i) + 4) == 0 || b.getInt(recordAt(i) + 13) < 0) {
                i++; // a closed node other than the start: not in the open set, so only the search checks its cost
            }
            double g = b.getDouble(recordAt(i) + 5);
            b.putDouble(recordAt(i) + 5, Math.nextUp(g));
            GridStateException e = refused(ThetaVariant.THETA, s.grid(), state);
            assertTrue(e.getMessage().contains("visited[" + i + "]"), e.getMessage());
        }
    }

    @Test
    void iterationsThatAreNotTheClosedNodesAreRefusedWithoutRequeue() {
        try (Saved s = saved(ThetaVariant.LAZY, 7)) {
            byte[] state = s.state().clone();
            ByteBuffer b = ByteBuffer.wrap(state).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(29, b.getInt(29) - 1); // expanded one fewer: a pop that re-queued
            GridStateException e = refused(ThetaVariant.LAZY, s.grid(), state);
            assertTrue(e.getMessage().contains("expanded"), e.getMessage());
            b.putInt(29, b.getInt(29) + 1);
            b.putInt(33, b.getInt(33) + 1); // one more iteration than closed nodes
            e = refused(ThetaVariant.LAZY, s.grid(), state);
            assertTrue(e.getMessage().contains("iterations"), e.getMessage());
        }
    }

    @Test
    void aRequeueStateNeedsARequeueSearch() {
        // Find a re-queue search that re-queued before its save: its iterations exceed its closed
        // nodes, which only the re-queue variant accepts.
        try (Grid grid = Grid.fromText(PICTURE);
                GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
            ThetaSearch<EuclideanHeuristic> s = search(grid, ThetaVariant.LAZY_REQUEUE, buffers, 1.0);
            s.begin(grid.indexOf(0, 4), grid.indexOf(7, 0));
            while (s.status() == SearchStatus.RUNNING && s.iterations() == s.expandedCount()) {
                s.step(1);
            }
            assertEquals(
                    SearchStatus.RUNNING, s.status(), "the picture makes Lazy Theta* repair a node before the goal");
            byte[] state = s.saveState();
            try (GridSearchBuffers b = new GridSearchBuffers(grid.cellCount())) {
                search(grid, ThetaVariant.LAZY_REQUEUE, b, 1.0).restoreState(state);
            }
            GridStateException e = refused(ThetaVariant.LAZY, grid, state);
            assertTrue(e.getMessage().contains("iterations"), e.getMessage());
        }
    }

    @Test
    void anOpenEntryWhoseFIsNotGPlusTheEstimateIsRefused() {
        try (Saved s = saved(ThetaVariant.THETA, 5)) {
            byte[] state = s.state().clone();
            ByteBuffer b = ByteBuffer.wrap(state).order(ByteOrder.LITTLE_ENDIAN);
            int openAt = recordAt(visitedCount(state));
            int last = b.getInt(openAt) - 1;
            assertTrue(last > 0);
            int fAt = openAt + 4 + 20 * last + 4;
            b.putDouble(fAt, Math.nextUp(b.getDouble(fAt))); // a leaf: still a heap
            GridStateException e = refused(ThetaVariant.THETA, s.grid(), state);
            assertTrue(e.getMessage().contains("open[" + last + "].f"), e.getMessage());
        }
    }

    @Test
    void aVisitedCellThatIsAWallOnTheRestoringGridIsRefused() {
        try (Saved s = saved(ThetaVariant.THETA, 5);
                Grid other = Grid.fromText(PICTURE)) {
            int v = visitedCount(s.state());
            int node = ByteBuffer.wrap(s.state()).order(ByteOrder.LITTLE_ENDIAN).getInt(recordAt(v - 1));
            other.setWalkable(node % other.width(), node / other.width(), false);
            GridStateException e = refused(ThetaVariant.THETA, other, s.state());
            assertTrue(e.getMessage().contains("wall"), e.getMessage());
        }
    }

    @Test
    void aParentHiddenBehindAWallIsRefused() {
        // A hand-made Theta* state on 3 x 2 cells from (0, 0) to (2, 1): (0, 0), (1, 0) and (2, 0)
        // closed, (2, 1) open with the start as its parent at cost sqrt(5). The segment between
        // them touches the unvisited cell (1, 1): with it walkable the state is accepted, with
        // it a wall the parent no longer sees its child.
        double root5 = Math.sqrt(5.0);
        ByteBuffer b = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x5347504F).putShort((short) 1).putShort((short) 10);
        b.putInt(6)
                .put((byte) 1)
                .putDouble(1.0)
                .putInt(0)
                .putInt(5)
                .putInt(3)
                .putInt(3)
                .putDouble(Double.POSITIVE_INFINITY);
        b.putInt(4);
        b.putInt(0).put((byte) 1).putDouble(0.0).putInt(-1);
        b.putInt(1).put((byte) 1).putDouble(1.0).putInt(0);
        b.putInt(2).put((byte) 1).putDouble(2.0).putInt(0);
        b.putInt(5).put((byte) 0).putDouble(root5).putInt(0);
        b.putInt(1).putInt(5).putDouble(root5).putDouble(root5);
        b.putInt(0);
        byte[] state = Arrays.copyOf(b.array(), b.position());
        try (Grid open = Grid.create(3, 2);
                Grid walled = Grid.fromText("""
                ...
                .#.""");
                GridSearchBuffers buffers = new GridSearchBuffers(6)) {
            ThetaSearch<EuclideanHeuristic> s = search(open, ThetaVariant.THETA, buffers, 1.0);
            s.restoreState(state);
            assertArrayEquals(state, s.saveState());
            s.run();
            assertEquals(SearchStatus.FOUND, s.status());
            assertArrayEquals(new int[] {0, 5}, s.path());
            GridStateException e = refused(ThetaVariant.THETA, walled, state);
            assertTrue(
                    e.getMessage().contains("visited[3].parent")
                            && e.getMessage().contains("sees"),
                    e.getMessage());
        }
    }

    @Test
    void aSearchNotStartedRoundTripsWithoutBuffers() {
        try (Grid grid = Grid.fromText(PICTURE);
                GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
            ThetaSearch<EuclideanHeuristic> s = search(grid, ThetaVariant.THETA, buffers, 1.0);
            byte[] state = s.saveState();
            assertEquals(45, state.length);
            assertEquals(10, state[6], "kind 10");
            s.begin(0, 5);
            s.step(2);
            s.restoreState(state);
            assertEquals(SearchStatus.NOT_STARTED, s.status());
            assertArrayEquals(state, s.saveState());
            assertTrue(Arrays.equals(state, s.saveState()));
        }
    }
}
