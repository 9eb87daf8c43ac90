package org.onepath;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;

/**
 * The cooperative form of one query ({@link Grid#findPathAsync}): the query's handle stepped in
 * slices of {@link GridOptions#iterationsPerSlice()} iterations, the token checked before each
 * slice, and the next slice handed to the executor (the yield). The result is what
 * {@code findPath} returns, whatever the slicing: the budget counts the same iterations.
 *
 * <p>An executor that runs tasks on the calling thread is trampolined: the next slice runs in
 * this loop instead of one stack frame deeper, so millions of slices need no deeper stack.
 */
final class SlicedQuery implements Runnable {
    private final CompletableFuture<GridPath> future;
    private final SquareQueries pool;
    private final GridSearch search;
    private final Cancellation cancellation;
    private final Executor executor;
    private final int slice;
    private long remaining;
    /** The thread inside {@link #run()}, to tell a synchronous re-entry from a real yield. */
    private final AtomicReference<Thread> runner = new AtomicReference<>();
    /**
     * The thread whose own execute call ran the task at once (so it goes round its loop again).
     * A thread and not a flag: a task that another thread runs must not make this one loop.
     */
    private volatile Thread again;

    private boolean finished;

    private SlicedQuery(
            CompletableFuture<GridPath> future,
            SquareQueries pool,
            GridSearch search,
            Cancellation cancellation,
            Executor executor) {
        this.future = future;
        this.pool = pool;
        this.search = search;
        this.cancellation = cancellation;
        this.executor = executor;
        this.slice = search.options().iterationsPerSlice();
        int budget = search.options().iterationBudget();
        this.remaining = budget == 0 ? Long.MAX_VALUE : budget;
    }

    /**
     * Starts a query: the first slice runs on the calling thread, the later ones on the executor.
     * Every failure (unsupported options, a cancelled token, an edit during the query, a refused
     * task) completes the future exceptionally.
     */
    static CompletableFuture<GridPath> start(
            Grid grid,
            SquareQueries pool,
            int sx,
            int sy,
            int gx,
            int gy,
            GridOptions options,
            Cancellation cancellation,
            Executor executor) {
        CompletableFuture<GridPath> future = new CompletableFuture<>();
        GridAlgorithm alg = options.algorithm();
        if (alg != GridAlgorithm.ASTAR && alg != GridAlgorithm.JPS && alg != GridAlgorithm.JPS_PLUS) {
            future.completeExceptionally(new IllegalArgumentException(
                    "findPathAsync supports ASTAR, JPS and JPS_PLUS, not " + alg + "; use findPath"));
            return future;
        }
        if (options.recordExpansions()) {
            future.completeExceptionally(new IllegalArgumentException(
                    "findPathAsync does not record expansions (recordExpansions is set); use findPath"));
            return future;
        }
        GridSearch search;
        try {
            grid.ensureOpen();
            if (cancellation != null) {
                cancellation.throwIfCancelled();
            }
            search = pool.acquire(options);
        } catch (RuntimeException e) {
            future.completeExceptionally(e);
            return future;
        }
        GridPath refused;
        try {
            refused = search.beginQuery(sx, sy, gx, gy);
        } catch (RuntimeException e) {
            pool.release(search);
            future.completeExceptionally(e);
            return future;
        }
        if (refused != null) {
            pool.release(search);
            future.complete(refused);
            return future;
        }
        new SlicedQuery(future, pool, search, cancellation, executor).run();
        return future;
    }

    @Override
    public void run() {
        Thread me = Thread.currentThread();
        if (runner.get() == me) {
            // The executor ran the task inside our own execute call: go round the loop instead.
            again = me;
            return;
        }
        runner.set(me);
        try {
            boolean more;
            do {
                again = null;
                more = runSlice();
                if (more) {
                    try {
                        executor.execute(this);
                    } catch (RuntimeException e) {
                        finish(null, e);
                        return;
                    }
                }
            } while (more && again == me);
        } finally {
            runner.compareAndSet(me, null);
        }
    }

    /** One slice; true when another is due. */
    private boolean runSlice() {
        if (finished) {
            return false;
        }
        try {
            if (future.isDone()) {
                // the caller cancelled the future itself
                finish(null, null);
                return false;
            }
            if (cancellation != null && cancellation.isCancelled()) {
                finish(null, new CancellationException("path query cancelled"));
                return false;
            }
            int n = (int) Math.min(slice, remaining);
            PathStatus s = search.step(n);
            remaining -= n;
            if (s != PathStatus.IN_PROGRESS || remaining == 0) {
                finish(search.queryResult(), null);
                return false;
            }
            return true;
        } catch (RuntimeException e) {
            finish(null, e);
            return false;
        }
    }

    private void finish(GridPath result, RuntimeException failure) {
        finished = true;
        pool.release(search);
        if (failure != null) {
            future.completeExceptionally(failure);
        } else if (result != null) {
            future.complete(result);
        }
    }
}
