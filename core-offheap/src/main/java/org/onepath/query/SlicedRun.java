package org.onepath.query;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;

/**
 * The cooperative form of one begun query: its search stepped in slices, the token checked before
 * each slice, and the next slice handed to the executor (the yield). The result is what the
 * blocking call returns, whatever the slicing: the budget counts the same iterations.
 *
 * <p>An executor that runs tasks on the calling thread is trampolined: the next slice runs in
 * this loop instead of one stack frame deeper, so millions of slices need no deeper stack.
 *
 * @param <R> the facade's result type
 */
public final class SlicedRun<R> implements Runnable {
    /** A begun search, seen from the run: its steps, its result and its return to the facade. */
    public interface Search<R> {
        /** Runs up to {@code n} iterations; IN_PROGRESS while the search goes on. */
        PathStatus step(int n);

        /** The result of the query as it stands (a search still in progress ran out of budget). */
        R result();

        /** Hands the search back to its owner; called once, after the last step. */
        void release();
    }

    private final CompletableFuture<R> future;
    private final Search<R> search;
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

    private SlicedRun(
            CompletableFuture<R> future,
            Search<R> search,
            int slice,
            int budget,
            Cancellation cancellation,
            Executor executor) {
        this.future = future;
        this.search = search;
        this.cancellation = cancellation;
        this.executor = executor;
        this.slice = slice;
        this.remaining = budget == 0 ? Long.MAX_VALUE : budget;
    }

    /**
     * Runs the first slice on the calling thread and the rest on the executor, completing the
     * future with the result or the failure.
     *
     * @param slice iterations per slice (at least 1)
     * @param budget iterations in all, 0 for no limit
     * @param cancellation may be null
     */
    public static <R> void start(
            CompletableFuture<R> future,
            Search<R> search,
            int slice,
            int budget,
            Cancellation cancellation,
            Executor executor) {
        new SlicedRun<>(future, search, slice, budget, cancellation, executor).run();
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
                finish(search.result(), null);
                return false;
            }
            return true;
        } catch (RuntimeException e) {
            finish(null, e);
            return false;
        }
    }

    private void finish(R result, RuntimeException failure) {
        finished = true;
        search.release();
        if (failure != null) {
            future.completeExceptionally(failure);
        } else if (result != null) {
            future.complete(result);
        }
    }
}
