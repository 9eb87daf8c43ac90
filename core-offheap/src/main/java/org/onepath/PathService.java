package org.onepath;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;

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

    private static final int OPEN = 0;
    private static final int DRAINING = 1;
    private static final int CANCELLING = 2;

    private final Grid grid;
    private final AutoCloseable owner;
    private final Thread[] workers;
    private final QueryTask[] runningTasks;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Object> queue = new ArrayDeque<>();
    private int running;
    private boolean editing;
    private int state = OPEN;
    private boolean closed;
    private long edits;

    private PathService(Grid grid, int workerCount, AutoCloseable owner) {
        this.grid = grid;
        this.owner = owner;
        this.workers = new Thread[workerCount];
        this.runningTasks = new QueryTask[workerCount];
        for (int i = 0; i < workerCount; i++) {
            int slot = i;
            workers[i] = Thread.ofPlatform()
                    .name("onepath-path-service-" + i)
                    .daemon(true)
                    .unstarted(() -> work(slot));
        }
        for (Thread t : workers) {
            t.start();
        }
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
        return workers.length;
    }

    /**
     * Edits applied through {@link #edit} so far.
     *
     * @return the count of edits that ran (also those that threw)
     */
    public long editCount() {
        lock.lock();
        try {
            return edits;
        } finally {
            lock.unlock();
        }
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
        Objects.requireNonNull(query, "query");
        QueryTask task = new QueryTask(query);
        lock.lock();
        try {
            checkAccepting();
            queue.addLast(task);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        return task.future;
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
        Objects.requireNonNull(batch, "batch");
        for (int i = 0; i < batch.size(); i++) {
            Objects.requireNonNull(batch.get(i), "batch[" + i + "]");
        }
        List<CompletableFuture<GridPath>> futures = new ArrayList<>(batch.size());
        for (Query q : batch) {
            futures.add(submit(q));
        }
        List<GridPath> out = new ArrayList<>(batch.size());
        boolean interrupted = false;
        for (CompletableFuture<GridPath> f : futures) {
            while (true) {
                try {
                    out.add(f.get());
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (interrupted) {
                        Thread.currentThread().interrupt();
                    }
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException r) {
                        throw r;
                    }
                    if (cause instanceof Error err) {
                        throw err;
                    }
                    throw new CompletionException(cause);
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return out;
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
        Objects.requireNonNull(edit, "edit");
        EditTask task = new EditTask();
        lock.lock();
        try {
            checkAccepting();
            queue.addLast(task);
            while (queue.peekFirst() != task || running > 0 || editing) {
                if (task.cancelled) {
                    throw new CancellationException("PathService closed before the edit ran; the grid is untouched");
                }
                try {
                    changed.await();
                } catch (InterruptedException e) {
                    queue.remove(task);
                    changed.signalAll();
                    Thread.currentThread().interrupt();
                    throw new CancellationException("interrupted while the edit waited; the grid is untouched");
                }
            }
            queue.pollFirst();
            editing = true;
        } finally {
            lock.unlock();
        }
        try {
            edit.accept(grid);
        } finally {
            lock.lock();
            try {
                editing = false;
                edits++;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Stops accepting, answers every query and applies every edit handed in, joins the workers
     * (closing their engines), then closes the owner given at creation, if any. Idempotent.
     *
     * @throws IllegalStateException if called from a worker thread, or the owner's close threw
     */
    @Override
    public void close() {
        shutDown(DRAINING);
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
        shutDown(CANCELLING);
    }

    private void shutDown(int how) {
        for (Thread t : workers) {
            if (t == Thread.currentThread()) {
                throw new IllegalStateException("PathService cannot be closed from one of its worker threads");
            }
        }
        List<QueryTask> dropped = new ArrayList<>();
        lock.lock();
        try {
            if (how > state) {
                state = how;
            }
            if (state == CANCELLING) {
                for (Object o : queue) {
                    if (o instanceof QueryTask q) {
                        dropped.add(q);
                    } else {
                        ((EditTask) o).cancelled = true;
                    }
                }
                queue.clear();
                for (QueryTask q : runningTasks) {
                    if (q != null) {
                        q.token.cancel();
                    }
                }
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        for (QueryTask q : dropped) {
            q.future.completeExceptionally(new CancellationException("PathService closed before the query ran"));
        }
        boolean interrupted = false;
        for (Thread t : workers) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        // edits still waiting (drained: they run once the queue reaches them) end before this returns
        lock.lock();
        try {
            while (editing || !queue.isEmpty()) {
                changed.awaitUninterruptibly();
            }
            if (closed) {
                return;
            }
            closed = true;
        } finally {
            lock.unlock();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (owner != null) {
            try {
                owner.close();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("closing the PathService's owner failed: " + e, e);
            }
        }
    }

    private void checkAccepting() {
        if (state != OPEN) {
            throw new IllegalStateException(
                    "PathService is " + (closed ? "closed" : "closing") + "; it accepts no more queries or edits");
        }
    }

    // ---- the workers ----

    private void work(int slot) {
        GridSearch search = null;
        try {
            while (true) {
                QueryTask task;
                lock.lock();
                try {
                    while (true) {
                        Object head = queue.peekFirst();
                        if (head instanceof QueryTask q && !editing) {
                            queue.pollFirst();
                            running++;
                            runningTasks[slot] = q;
                            task = q;
                            break;
                        }
                        if (head == null && state != OPEN) {
                            return;
                        }
                        changed.awaitUninterruptibly();
                    }
                } finally {
                    lock.unlock();
                }
                GridPath answer = null;
                Throwable failure = null;
                if (!task.future.isDone()) { // else cancelled before it ran
                    try {
                        if (search == null) {
                            search = new GridSearch(grid, task.query.options());
                        }
                        search.options(task.query.options());
                        Query q = task.query;
                        answer = search.findPath(
                                q.start().x(),
                                q.start().y(),
                                q.goal().x(),
                                q.goal().y(),
                                task.token);
                    } catch (Throwable t) {
                        failure = t;
                    }
                }
                lock.lock();
                try {
                    running--;
                    runningTasks[slot] = null;
                    changed.signalAll();
                } finally {
                    lock.unlock();
                }
                // completed outside the gate, so a callback on this thread may submit or edit
                if (failure != null) {
                    task.future.completeExceptionally(failure);
                } else if (answer != null) {
                    task.future.complete(answer);
                }
            }
        } finally {
            if (search != null) {
                search.close();
            }
        }
    }

    /** A queued query, its answer and the token its future's cancellation sets. */
    private static final class QueryTask {
        final Query query;
        final CompletableFuture<GridPath> future = new CompletableFuture<>();
        final Cancellation token = new Cancellation();

        QueryTask(Query query) {
            this.query = query;
            future.whenComplete((r, e) -> {
                if (future.isCancelled()) {
                    token.cancel();
                }
            });
        }
    }

    /** A queued edit; set cancelled by {@link #closeNow()}. */
    private static final class EditTask {
        boolean cancelled;
    }
}
