package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;

/** The rules of {@link PathService}: answers, order of queries and edits, closing, bad input. */
class PathServiceTest {
    private static final String MAP = """
            ..........
            ..........
            ....#.....
            ....#.....
            ....#.....
            """;

    /** Options whose blocked delegate holds the worker until the latch opens (at its first call). */
    private static GridOptions holding(CountDownLatch started, CountDownLatch release) {
        return GridOptions.builder()
                .specializedEngines(false)
                .iterationsPerSlice(1)
                .blocked((x, y) -> {
                    started.countDown();
                    try {
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return false;
                })
                .build();
    }

    private static void awaitWaiting(Thread t) throws InterruptedException {
        for (int i = 0; i < 30_000 && t.getState() != Thread.State.WAITING; i++) {
            Thread.sleep(1);
        }
        assertEquals(Thread.State.WAITING, t.getState());
    }

    private static Throwable failure(CompletableFuture<?> f) throws InterruptedException {
        try {
            f.get(30, TimeUnit.SECONDS);
            throw new AssertionError("expected a failure");
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (CancellationException e) {
            return e;
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void badInputIsNamed() {
        try (Grid grid = Grid.fromText(MAP)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PathService.over(grid, 0));
            assertTrue(e.getMessage().contains("workers") && e.getMessage().contains("0"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> PathService.over(grid, PathService.MAX_WORKERS + 1));
            assertThrows(NullPointerException.class, () -> PathService.over(null, 1));
            assertThrows(NullPointerException.class, () -> new PathService.Query(null, new Cell(0, 0)));
        }
        Grid closed = Grid.fromText(MAP);
        closed.close();
        assertThrows(IllegalStateException.class, () -> PathService.over(closed, 1));
    }

    @Test
    void answersAreTheGridsAndFailuresComeThroughTheFuture() throws Exception {
        try (Grid grid = Grid.fromText(MAP);
                PathService service = PathService.over(grid, 2)) {
            assertEquals(2, service.workerCount());
            assertTrue(service.grid() == grid);
            List<PathService.Query> batch = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                batch.add(new PathService.Query(
                        new Cell(i % 10, 0),
                        new Cell(9 - i % 10, 4),
                        i % 2 == 0
                                ? GridOptions.DEFAULT
                                : GridOptions.builder()
                                        .algorithm(GridAlgorithm.THETA_STAR)
                                        .build()));
            }
            List<GridPath> answers = service.solveAll(batch);
            for (int i = 0; i < batch.size(); i++) {
                GridPath expected = grid.findPath(
                        batch.get(i).start(), batch.get(i).goal(), batch.get(i).options());
                assertEquals(expected.cells(), answers.get(i).cells());
                assertEquals(expected.cost(), answers.get(i).cost());
                assertEquals(expected.algorithm(), answers.get(i).algorithm());
            }
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    service.submit(new PathService.Query(new Cell(0, 0), new Cell(4, 3)))
                            .get()
                            .status());
            // a throwing delegate fails its future only; the service goes on
            GridOptions throwing = GridOptions.builder()
                    .blocked((x, y) -> {
                        throw new IllegalStateException("delegate failed at " + x + "," + y);
                    })
                    .build();
            Throwable t = failure(service.submit(new PathService.Query(new Cell(0, 0), new Cell(9, 4), throwing)));
            assertTrue(t.getMessage().contains("delegate failed"), t.getMessage());
            IllegalStateException e = assertThrows(
                    IllegalStateException.class,
                    () -> service.solveAll(List.of(new PathService.Query(new Cell(0, 0), new Cell(9, 4), throwing))));
            assertTrue(e.getMessage().contains("delegate failed"));
            assertEquals(
                    PathStatus.FOUND,
                    service.submit(new PathService.Query(new Cell(0, 0), new Cell(9, 4)))
                            .get()
                            .status());
            // an edit that throws: the exception reaches the caller, the service goes on
            assertThrows(
                    ArithmeticException.class,
                    () -> service.edit(g -> {
                        throw new ArithmeticException("edit failed");
                    }));
            assertEquals(1, service.editCount());
            assertEquals(
                    PathStatus.FOUND,
                    service.submit(new PathService.Query(new Cell(0, 0), new Cell(9, 4)))
                            .get()
                            .status());
        }
    }

    @Test
    void queriesBeforeAnEditSeeTheOldGridAndQueriesAfterItTheNew() throws Exception {
        try (Grid grid = Grid.fromText(MAP);
                PathService service = PathService.over(grid, 1)) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Cell a = new Cell(0, 4);
            Cell b = new Cell(9, 4);
            double before = grid.findPath(a, b).cost();
            CompletableFuture<GridPath> holder = service.submit(new PathService.Query(a, b, holding(started, release)));
            assertTrue(started.await(30, TimeUnit.SECONDS));
            CompletableFuture<GridPath> queuedBefore = service.submit(new PathService.Query(a, b));
            // the edit closes the wall: row 1 too
            AtomicReference<Throwable> editFailure = new AtomicReference<>();
            Thread editor = Thread.ofPlatform().start(() -> {
                try {
                    service.edit(g -> {
                        g.setArea(4, 1, Grid.WALL);
                        g.setArea(4, 0, Grid.WALL);
                    });
                } catch (Throwable t) {
                    editFailure.set(t);
                }
            });
            awaitWaiting(editor); // queued behind the running and the queued query
            assertEquals(0, service.editCount());
            assertEquals(0, grid.areaAt(4)); // not applied while a query runs
            CompletableFuture<GridPath> queuedAfter = service.submit(new PathService.Query(a, b));
            release.countDown();
            editor.join(30_000);
            assertEquals(null, editFailure.get());
            assertEquals(PathStatus.FOUND, holder.get().status());
            assertEquals(before, queuedBefore.get().cost());
            assertEquals(PathStatus.NO_PATH, queuedAfter.get().status());
            assertEquals(1, service.editCount());
        }
    }

    @Test
    void closeDrainsAndClosesTheOwner() throws Exception {
        Grid grid = Grid.fromText(MAP);
        PathService service = PathService.over(grid, 2, grid);
        List<CompletableFuture<GridPath>> futures = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            futures.add(service.submit(new PathService.Query(new Cell(i % 10, 0), new Cell(9, 4))));
        }
        service.close();
        for (CompletableFuture<GridPath> f : futures) {
            assertTrue(f.isDone() && !f.isCompletedExceptionally());
        }
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> service.submit(new PathService.Query(new Cell(0, 0), new Cell(1, 1))));
        assertTrue(e.getMessage().contains("PathService"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> service.edit(g -> {}));
        assertThrows(IllegalStateException.class, () -> grid.findPath(new Cell(0, 0), new Cell(1, 1)));
        service.close(); // idempotent
        service.closeNow();
    }

    @Test
    void closeNowCancelsQueuedAndRunningQueriesAndWaitingEdits() throws Exception {
        try (Grid grid = Grid.fromText(MAP)) {
            PathService service = PathService.over(grid, 1);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            CompletableFuture<GridPath> running =
                    service.submit(new PathService.Query(new Cell(0, 4), new Cell(9, 4), holding(started, release)));
            assertTrue(started.await(30, TimeUnit.SECONDS));
            CompletableFuture<GridPath> queued = service.submit(new PathService.Query(new Cell(0, 0), new Cell(9, 4)));
            AtomicReference<Throwable> editFailure = new AtomicReference<>();
            Thread editor = Thread.ofPlatform().start(() -> {
                try {
                    service.edit(g -> g.setArea(0, 0, Grid.WALL));
                } catch (Throwable t) {
                    editFailure.set(t);
                }
            });
            awaitWaiting(editor);
            Thread closer = Thread.ofPlatform().start(service::closeNow);
            editor.join(30_000);
            assertInstanceOf(CancellationException.class, editFailure.get());
            assertInstanceOf(CancellationException.class, failure(queued));
            release.countDown(); // the running query sees its token at the next slice
            closer.join(30_000);
            assertFalse(closer.isAlive());
            assertInstanceOf(CancellationException.class, failure(running));
            assertEquals(0, grid.areaAt(0)); // the cancelled edit did not run
            assertEquals(
                    PathStatus.FOUND,
                    grid.findPath(new Cell(0, 0), new Cell(9, 4)).status());
        }
    }

    @Test
    void aCancelledFutureStopsItsQuery() throws Exception {
        try (Grid grid = Grid.fromText(MAP);
                PathService service = PathService.over(grid, 1)) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            CompletableFuture<GridPath> running =
                    service.submit(new PathService.Query(new Cell(0, 4), new Cell(9, 4), holding(started, release)));
            assertTrue(started.await(30, TimeUnit.SECONDS));
            CompletableFuture<GridPath> queued = service.submit(new PathService.Query(new Cell(0, 0), new Cell(9, 4)));
            queued.cancel(false);
            running.cancel(false);
            release.countDown();
            // the worker is free again, and the next answer is exact
            assertEquals(
                    grid.findPath(new Cell(0, 0), new Cell(9, 4)).cost(),
                    service.submit(new PathService.Query(new Cell(0, 0), new Cell(9, 4)))
                            .get()
                            .cost());
            assertTrue(queued.isCancelled() && running.isCancelled());
        }
    }
}
