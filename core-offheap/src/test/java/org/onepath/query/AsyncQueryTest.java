package org.onepath.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;

/**
 * The one async adapter on its own, over a scripted engine: each refusal comes through the future
 * with its message and before the engine is taken, the grid is watched between slices with the
 * facade's name in the message, the result is asked under the final status, and the engine goes
 * back exactly once however the query ends.
 */
class AsyncQueryTest {

    /** A grid whose edit counts the test moves, and whose closing it decides. */
    private static final class FakeGrid {
        int version;
        int restores;
        int areaVersion;
        boolean closed;
        int openChecks;

        AsyncQuery.GridWatch watch() {
            return new AsyncQuery.GridWatch(
                    "TestGrid", this::ensureOpen, () -> version, () -> restores, () -> areaVersion);
        }

        void ensureOpen() {
            openChecks++;
            if (closed) {
                throw new IllegalStateException("TestGrid is closed");
            }
        }
    }

    /** An engine that finds its goal after {@code stepsToGoal} iterations, recording what it was asked. */
    private static final class ScriptedEngine implements AsyncQuery.Begun<String> {
        final int stepsToGoal;
        final String refused;
        final List<PathStatus> resultsAsked = new ArrayList<>();
        final List<Boolean> releases = new ArrayList<>();
        int iterations;
        Runnable beforeStep = () -> {};

        ScriptedEngine(int stepsToGoal, String refused) {
            this.stepsToGoal = stepsToGoal;
            this.refused = refused;
        }

        @Override
        public String refused() {
            return refused;
        }

        @Override
        public PathStatus step(int n) {
            beforeStep.run();
            iterations += n;
            return iterations >= stepsToGoal ? PathStatus.FOUND : PathStatus.IN_PROGRESS;
        }

        @Override
        public String result(PathStatus status) {
            resultsAsked.add(status);
            return status + " after " + iterations;
        }

        @Override
        public void release(boolean resultRead) {
            releases.add(resultRead);
        }
    }

    private static Throwable failure(CompletableFuture<?> future) {
        assertTrue(future.isCompletedExceptionally(), "the future should have failed");
        try {
            future.join();
            throw new AssertionError("no failure");
        } catch (CompletionException e) {
            return e.getCause();
        } catch (CancellationException e) {
            return e;
        }
    }

    private static CompletableFuture<String> start(
            FakeGrid grid, boolean recordExpansions, ScriptedEngine engine, int slice, int budget, Cancellation token) {
        return AsyncQuery.start(grid.watch(), recordExpansions, () -> engine, slice, budget, token, Runnable::run);
    }

    @Test
    void recordedExpansionsAreRefusedBeforeAnythingIsTaken() {
        FakeGrid grid = new FakeGrid();
        AtomicInteger begins = new AtomicInteger();
        CompletableFuture<String> f = AsyncQuery.start(
                grid.watch(),
                true,
                () -> {
                    begins.incrementAndGet();
                    return new ScriptedEngine(1, null);
                },
                4,
                0,
                null,
                Runnable::run);
        Throwable e = failure(f);
        assertInstanceOf(IllegalArgumentException.class, e);
        assertEquals(
                "findPathAsync does not record expansions (recordExpansions is set); use findPath", e.getMessage());
        assertEquals(0, begins.get());
        assertEquals(0, grid.openChecks);
    }

    @Test
    void aClosedGridOrACancelledTokenFailsTheFutureBeforeTheBegin() {
        FakeGrid closed = new FakeGrid();
        closed.closed = true;
        ScriptedEngine engine = new ScriptedEngine(1, null);
        Throwable e = failure(start(closed, false, engine, 4, 0, null));
        assertInstanceOf(IllegalStateException.class, e);
        assertEquals("TestGrid is closed", e.getMessage());

        Cancellation token = new Cancellation();
        token.cancel();
        assertInstanceOf(CancellationException.class, failure(start(new FakeGrid(), false, engine, 4, 0, token)));
        assertEquals(0, engine.iterations);
        assertTrue(engine.releases.isEmpty(), "no engine was begun, so none goes back");
    }

    @Test
    void aBeginThatThrowsFailsTheFuture() {
        IllegalArgumentException thrown = new IllegalArgumentException("bad begin");
        CompletableFuture<String> f = AsyncQuery.<String>start(
                new FakeGrid().watch(),
                false,
                () -> {
                    throw thrown;
                },
                4,
                0,
                null,
                Runnable::run);
        assertSame(thrown, failure(f));
    }

    @Test
    void aQueryTheEngineRefusedCompletesWithItsResultAndHandsTheEngineBack() {
        ScriptedEngine engine = new ScriptedEngine(1, "START_INVALID");
        CompletableFuture<String> f = start(new FakeGrid(), false, engine, 4, 0, null);
        assertEquals("START_INVALID", f.join());
        assertEquals(0, engine.iterations);
        assertEquals(List.of(false), engine.releases);
        assertTrue(engine.resultsAsked.isEmpty());

        AsyncQuery.Begun<String> refused = AsyncQuery.refusedAtBegin("GOAL_INVALID");
        assertEquals(
                "GOAL_INVALID",
                AsyncQuery.start(new FakeGrid().watch(), false, () -> refused, 4, 0, null, Runnable::run)
                        .join());
    }

    @Test
    void theResultIsAskedUnderTheFinalStatusAndTheEngineGoesBackOnce() {
        ScriptedEngine found = new ScriptedEngine(10, null);
        assertEquals(
                "FOUND after 12",
                start(new FakeGrid(), false, found, 4, 0, null).join());
        assertEquals(List.of(PathStatus.FOUND), found.resultsAsked);
        assertEquals(List.of(true), found.releases);

        // The budget counts iterations, not slices: 4 + 4 + 1 and the search still runs.
        ScriptedEngine stopped = new ScriptedEngine(100, null);
        assertEquals(
                "BUDGET_EXHAUSTED after 9",
                start(new FakeGrid(), false, stopped, 4, 9, null).join());
        assertEquals(List.of(PathStatus.BUDGET_EXHAUSTED), stopped.resultsAsked);
        assertEquals(List.of(true), stopped.releases);
    }

    @Test
    void anEditBetweenSlicesFailsTheQueryNamingTheFacade() {
        for (int which = 0; which < 3; which++) {
            FakeGrid grid = new FakeGrid();
            ScriptedEngine engine = new ScriptedEngine(100, null);
            ArrayDeque<Runnable> later = new ArrayDeque<>();
            CompletableFuture<String> f = AsyncQuery.start(grid.watch(), false, () -> engine, 4, 0, null, later::add);
            assertEquals(4, engine.iterations, "the first slice runs on the calling thread");
            switch (which) {
                case 0 -> grid.version++;
                case 1 -> grid.restores++;
                default -> grid.areaVersion++;
            }
            later.poll().run();
            Throwable e = failure(f);
            assertInstanceOf(IllegalStateException.class, e);
            assertEquals("the TestGrid was edited during findPathAsync; query again", e.getMessage());
            assertEquals(4, engine.iterations, "the edited query takes no further step");
            assertEquals(List.of(false), engine.releases);
            assertTrue(engine.resultsAsked.isEmpty());
        }
    }

    @Test
    void aGridClosedBetweenSlicesFailsTheQuery() {
        FakeGrid grid = new FakeGrid();
        ScriptedEngine engine = new ScriptedEngine(100, null);
        ArrayDeque<Runnable> later = new ArrayDeque<>();
        CompletableFuture<String> f = AsyncQuery.start(grid.watch(), false, () -> engine, 4, 0, null, later::add);
        grid.closed = true;
        later.poll().run();
        assertEquals("TestGrid is closed", failure(f).getMessage());
        assertEquals(List.of(false), engine.releases);
    }

    @Test
    void anEngineThatWatchesItselfIsNotCheckedBetweenSlices() {
        FakeGrid grid = new FakeGrid();
        ScriptedEngine engine = new ScriptedEngine(12, null);
        ArrayDeque<Runnable> later = new ArrayDeque<>();
        CompletableFuture<String> f = AsyncQuery.start(
                AsyncQuery.GridWatch.watchedByEngine("TestGrid", grid::ensureOpen),
                false,
                () -> engine,
                4,
                0,
                null,
                later::add);
        assertEquals(1, grid.openChecks, "checked once, before the begin");
        grid.version++;
        while (!later.isEmpty()) {
            later.poll().run();
        }
        assertEquals("FOUND after 12", f.join());
        assertEquals(1, grid.openChecks);
    }

    @Test
    void mapTurnsTheRefusedAndTheFinalResultButStepsAndReleasesTheSameEngine() {
        ScriptedEngine engine = new ScriptedEngine(3, null);
        AsyncQuery.Begun<Integer> mapped = engine.map(String::length);
        assertEquals(null, mapped.refused());
        assertEquals(PathStatus.FOUND, mapped.step(3));
        assertEquals("FOUND after 3".length(), mapped.result(PathStatus.FOUND));
        mapped.release(true);
        assertEquals(List.of(true), engine.releases);
        assertEquals(
                13, new ScriptedEngine(1, "x".repeat(13)).map(String::length).refused());
    }

    @Test
    void aTokenCancelledBetweenSlicesStopsTheQueryAndHandsTheEngineBack() {
        Cancellation token = new Cancellation();
        ScriptedEngine engine = new ScriptedEngine(100, null);
        ArrayDeque<Runnable> later = new ArrayDeque<>();
        CompletableFuture<String> f =
                AsyncQuery.start(new FakeGrid().watch(), false, () -> engine, 4, 0, token, later::add);
        token.cancel();
        later.poll().run();
        assertInstanceOf(CancellationException.class, failure(f));
        assertEquals(4, engine.iterations);
        assertEquals(List.of(false), engine.releases);
    }
}
