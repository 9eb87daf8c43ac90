package org.onepath;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.query.ServiceDriver;

/**
 * A query service for servers over one grid: a fixed pool of worker threads, each with its own
 * search engines, answering {@link #submit} and {@link #solveAll}, with edits applied through
 * {@link #edit} so that no edit ever runs under a query.
 *
 * <p>Queries and edits are taken in the order they are handed in. An edit waits for the queries
 * handed in before it to end (queued ones run first, running ones finish), then runs alone on the
 * calling thread; queries handed in after it wait for it. So every query sees the grid with every
 * edit handed in before it applied in full and none handed in after it, and a queued edit is never
 * starved by a stream of new queries. Each answer equals what {@link Grid#findPath(Cell, Cell,
 * GridOptions)} returns on the grid as that query sees it.
 *
 * <p>The grid must not be edited except through {@link #edit} while the service is open. A grid
 * from an opened store ({@code GridStore.grid()}) works the same way; the service closes the store
 * (or any other owner) only when it is handed one at creation. {@link #close()} stops accepting,
 * answers everything handed in, joins the workers and closes their engines; {@link #closeNow()}
 * cancels what is queued or running instead. Future callbacks may run on a worker thread, outside
 * any query, so they may submit and edit; {@code close} from a worker thread is refused.
 */
public final class PathService implements AutoCloseable {
    /**
     * One query: the cells and the options, as {@link Grid#findPath(Cell, Cell, GridOptions)}
     * takes them.
     *
     * @param start   the first cell
     * @param goal    the last cell
     * @param options the algorithm, moves, agent size, budget and delegates
     */
    public record Query(Cell start, Cell goal, GridOptions options) {
        /**
         * Checks the parts.
         *
         * @param start   the first cell, not null
         * @param goal    the last cell, not null
         * @param options the options, not null
         */
        public Query {
            Objects.requireNonNull(start, "start");
            Objects.requireNonNull(goal, "goal");
            Objects.requireNonNull(options, "options");
        }

        /**
         * A query with {@link GridOptions#DEFAULT}.
         *
         * @param start the first cell
         * @param goal  the last cell
         */
        public Query(Cell start, Cell goal) {
            this(start, goal, GridOptions.DEFAULT);
        }
    }

    /** Most worker threads a service may have. */
    public static final int MAX_WORKERS = 256;

    private final Grid grid;
    /** The queue, the workers and the edit gate; this type names the query, the answer and the engine. */
    private final ServiceDriver<Query, GridPath, GridSearch, Grid> driver;

    private PathService(Grid grid, int workerCount, AutoCloseable owner) {
        this.grid = grid;
        this.driver = new ServiceDriver<>(
                "PathService",
                "onepath-path-service-",
                grid,
                workerCount,
                new ServiceDriver.Engines<>() {
                    @Override
                    public GridSearch open(Query first) {
                        return new GridSearch(grid, first.options());
                    }

                    @Override
                    public GridPath answer(GridSearch search, Query q, Cancellation token) {
                        search.options(q.options());
                        return search.findPath(
                                q.start().x(),
                                q.start().y(),
                                q.goal().x(),
                                q.goal().y(),
                                token);
                    }

                    @Override
                    public void close(GridSearch search) {
                        search.close();
                    }
                },
                owner);
    }

    /**
     * A service over a grid it does not own: closing the service leaves the grid open.
     *
     * @param grid    the grid the queries run on; edited only through {@link #edit} from now on
     * @param workers the number of worker threads, 1..{@link #MAX_WORKERS}
     * @return a running service; the caller closes it
     * @throws IllegalArgumentException if the worker count is out of range
     * @throws IllegalStateException    if the grid is closed
     */
    public static PathService over(Grid grid, int workers) {
        return over(grid, workers, null);
    }

    /**
     * A service over a grid, closing {@code owner} after its workers when it closes: the store the
     * grid came from ({@code PathService.over(store.grid(), 2, store)}), or the grid itself.
     *
     * @param grid    the grid the queries run on; edited only through {@link #edit} from now on
     * @param workers the number of worker threads, 1..{@link #MAX_WORKERS}
     * @param owner   what to close after the workers, or null for nothing
     * @return a running service; the caller closes it
     * @throws IllegalArgumentException if the worker count is out of range
     * @throws IllegalStateException    if the grid is closed
     */
    public static PathService over(Grid grid, int workers, AutoCloseable owner) {
        Objects.requireNonNull(grid, "grid");
        if (workers < 1 || workers > MAX_WORKERS) {
            throw new IllegalArgumentException("workers must be 1.." + MAX_WORKERS + ", was " + workers);
        }
        grid.ensureOpen();
        return new PathService(grid, workers, owner);
    }

    /**
     * The grid the queries run on.
     *
     * @return the grid given at creation
     */
    public Grid grid() {
        return grid;
    }

    /**
     * The number of worker threads.
     *
     * @return the count given at creation
     */
    public int workerCount() {
        return driver.workerCount();
    }

    /**
     * Edits applied through {@link #edit} so far.
     *
     * @return the count of edits that ran (also those that threw)
     */
    public long editCount() {
        return driver.editCount();
    }

    /**
     * Queues a query. Its future completes with what {@link Grid#findPath(Cell, Cell, GridOptions)}
     * returns, or exceptionally with what it throws; cancelling the future stops the query at its
     * next slice of {@link GridOptions#iterationsPerSlice()} iterations (or before it starts).
     *
     * @param query the query
     * @return the future answer
     * @throws IllegalStateException if the service is closing or closed
     */
    public CompletableFuture<GridPath> submit(Query query) {
        return driver.submit(query);
    }

    /**
     * Submits every query of the batch, in order, and waits for all the answers.
     *
     * @param batch the queries
     * @return the answers in the batch's order
     * @throws IllegalStateException      if the service is closing or closed
     * @throws CancellationException      if a query was cancelled (by {@link #closeNow()})
     * @throws RuntimeException           what a query threw (the first in the batch's order)
     */
    public List<GridPath> solveAll(List<Query> batch) {
        return driver.solveAll(batch);
    }

    /**
     * Applies an edit of the grid with no query running: waits for every query handed in before
     * (queued ones run first), runs {@code edit} on the calling thread while queries handed in
     * after wait, then lets them run. An exception of the edit is thrown here after the queries
     * are let go (the edit may have changed part of the grid: the caller decides).
     *
     * @param edit the edit, given the grid
     * @throws IllegalStateException if the service is closing or closed
     * @throws CancellationException if {@link #closeNow()} ran, or the thread was interrupted,
     *                               while the edit waited (the grid is untouched)
     */
    public void edit(Consumer<? super Grid> edit) {
        driver.edit(edit);
    }

    /**
     * Stops accepting, answers every query and applies every edit handed in, joins the workers
     * (closing their engines), then closes the owner given at creation, if any. Idempotent.
     *
     * @throws IllegalStateException if called from a worker thread, or the owner's close threw
     */
    @Override
    public void close() {
        driver.close();
    }

    /**
     * Stops accepting, completes every queued query's future with {@link CancellationException},
     * makes every waiting {@link #edit} throw it (their edits are not applied), cancels the
     * running queries at their next slice, waits for a running edit, joins the workers (closing
     * their engines), then closes the owner given at creation, if any. Idempotent.
     *
     * @throws IllegalStateException if called from a worker thread, or the owner's close threw
     */
    public void closeNow() {
        driver.closeNow();
    }
}
