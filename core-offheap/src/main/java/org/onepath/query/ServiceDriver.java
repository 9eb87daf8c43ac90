package org.onepath.query;

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

/**
 * The gate of a query service over one set of cells: a fixed pool of worker threads, each with
 * its own engine, answering queries in the order they are handed in, and edits that run alone on
 * the calling thread once every query handed in before them has ended. The tier-1 service names
 * the query, the answer and the engine; this driver knows only the order and the threads.
 *
 * <p>An edit waits for the queries handed in before it (queued ones run first, running ones
 * finish) and queries handed in after it wait for it, so a queued edit is never starved by a
 * stream of new queries. Futures are completed outside the gate, so a callback on a worker thread
 * may submit and edit.
 *
 * @param <Q> the query
 * @param <R> the answer
 * @param <E> a worker's engine
 * @param <T> what an edit is given (the cells the queries run on)
 */
public final class ServiceDriver<Q, R, E, T> {
    /**
     * How a worker makes, uses and frees its engine.
     *
     * @param <Q> the query
     * @param <R> the answer
     * @param <E> the engine
     */
    public interface Engines<Q, R, E> {
        /**
         * Makes a worker's engine, when its first query arrives.
         *
         * @param first the query the engine answers first
         * @return a new engine, owned by the worker
         */
        E open(Q first);

        /**
         * Answers one query on the worker's engine.
         *
         * @param engine the worker's engine
         * @param query  the query
         * @param token  set when the query's future is cancelled
         * @return the answer
         */
        R answer(E engine, Q query, Cancellation token);

        /**
         * Frees an engine when its worker ends.
         *
         * @param engine the worker's engine
         */
        void close(E engine);
    }

    private static final int OPEN = 0;
    private static final int DRAINING = 1;
    private static final int CANCELLING = 2;

    private final String name;
    private final T target;
    private final Engines<Q, R, E> engines;
    private final AutoCloseable owner;
    private final Thread[] workers;
    private final QueryTask<Q, R>[] runningTasks;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Object> queue = new ArrayDeque<>();
    private int running;
    private boolean editing;
    private int state = OPEN;
    private boolean closed;
    private long edits;

    /**
     * Starts the workers.
     *
     * @param name         the service's name in messages
     * @param threadPrefix the workers' thread names, each followed by its number
     * @param target       what the queries run on and the edits are given
     * @param workerCount  the number of worker threads, 1 or more
     * @param engines      how a worker makes, uses and frees its engine
     * @param owner        what to close after the workers, or null for nothing
     */
    @SuppressWarnings("unchecked")
    public ServiceDriver(
            String name,
            String threadPrefix,
            T target,
            int workerCount,
            Engines<Q, R, E> engines,
            AutoCloseable owner) {
        this.name = name;
        this.target = target;
        this.engines = engines;
        this.owner = owner;
        this.workers = new Thread[workerCount];
        this.runningTasks = (QueryTask<Q, R>[]) new QueryTask<?, ?>[workerCount];
        for (int i = 0; i < workerCount; i++) {
            int slot = i;
            workers[i] = Thread.ofPlatform().name(threadPrefix + i).daemon(true).unstarted(() -> work(slot));
        }
        for (Thread t : workers) {
            t.start();
        }
    }

    /** @return the number of worker threads */
    public int workerCount() {
        return workers.length;
    }

    /** @return the edits that ran so far (also those that threw) */
    public long editCount() {
        lock.lock();
        try {
            return edits;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Queues a query; cancelling its future sets the token its engine is given.
     *
     * @param query the query, not null
     * @return the future answer
     * @throws IllegalStateException if the service is closing or closed
     */
    public CompletableFuture<R> submit(Q query) {
        Objects.requireNonNull(query, "query");
        QueryTask<Q, R> task = new QueryTask<>(query);
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
     * @throws IllegalStateException if the service is closing or closed
     * @throws CancellationException if a query was cancelled
     * @throws RuntimeException      what a query threw (the first in the batch's order)
     */
    public List<R> solveAll(List<? extends Q> batch) {
        Objects.requireNonNull(batch, "batch");
        for (int i = 0; i < batch.size(); i++) {
            Objects.requireNonNull(batch.get(i), "batch[" + i + "]");
        }
        List<CompletableFuture<R>> futures = new ArrayList<>(batch.size());
        for (Q q : batch) {
            futures.add(submit(q));
        }
        List<R> out = new ArrayList<>(batch.size());
        boolean interrupted = false;
        for (CompletableFuture<R> f : futures) {
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
     * Runs an edit with no query running, on the calling thread, in the order it was handed in.
     *
     * @param edit the edit, given the target
     * @throws IllegalStateException if the service is closing or closed
     * @throws CancellationException if {@link #closeNow()} ran, or the thread was interrupted,
     *                               while the edit waited (the target is untouched)
     */
    public void edit(Consumer<? super T> edit) {
        Objects.requireNonNull(edit, "edit");
        EditTask task = new EditTask();
        lock.lock();
        try {
            checkAccepting();
            queue.addLast(task);
            while (queue.peekFirst() != task || running > 0 || editing) {
                if (task.cancelled) {
                    throw new CancellationException(name + " closed before the edit ran; the grid is untouched");
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
            edit.accept(target);
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
     * Stops accepting, answers every query and applies every edit handed in, joins the workers,
     * then closes the owner. Idempotent.
     *
     * @throws IllegalStateException if called from a worker thread, or the owner's close threw
     */
    public void close() {
        shutDown(DRAINING);
    }

    /**
     * Stops accepting, cancels what is queued or running (waiting edits throw), waits for a
     * running edit, joins the workers, then closes the owner. Idempotent.
     *
     * @throws IllegalStateException if called from a worker thread, or the owner's close threw
     */
    public void closeNow() {
        shutDown(CANCELLING);
    }

    private void shutDown(int how) {
        for (Thread t : workers) {
            if (t == Thread.currentThread()) {
                throw new IllegalStateException(name + " cannot be closed from one of its worker threads");
            }
        }
        List<QueryTask<Q, R>> dropped = new ArrayList<>();
        lock.lock();
        try {
            if (how > state) {
                state = how;
            }
            if (state == CANCELLING) {
                for (Object o : queue) {
                    if (o instanceof QueryTask<?, ?> q) {
                        @SuppressWarnings("unchecked")
                        QueryTask<Q, R> task = (QueryTask<Q, R>) q;
                        dropped.add(task);
                    } else {
                        ((EditTask) o).cancelled = true;
                    }
                }
                queue.clear();
                for (QueryTask<Q, R> q : runningTasks) {
                    if (q != null) {
                        q.token.cancel();
                    }
                }
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        for (QueryTask<Q, R> q : dropped) {
            q.future.completeExceptionally(new CancellationException(name + " closed before the query ran"));
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
                throw new IllegalStateException("closing the " + name + "'s owner failed: " + e, e);
            }
        }
    }

    private void checkAccepting() {
        if (state != OPEN) {
            throw new IllegalStateException(
                    name + " is " + (closed ? "closed" : "closing") + "; it accepts no more queries or edits");
        }
    }

    // ---- the workers ----

    private void work(int slot) {
        E engine = null;
        try {
            while (true) {
                QueryTask<Q, R> task;
                lock.lock();
                try {
                    while (true) {
                        Object head = queue.peekFirst();
                        if (head instanceof QueryTask<?, ?> q && !editing) {
                            queue.pollFirst();
                            running++;
                            @SuppressWarnings("unchecked")
                            QueryTask<Q, R> next = (QueryTask<Q, R>) q;
                            runningTasks[slot] = next;
                            task = next;
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
                R answer = null;
                Throwable failure = null;
                if (!task.future.isDone()) { // else cancelled before it ran
                    try {
                        if (engine == null) {
                            engine = engines.open(task.query);
                        }
                        answer = engines.answer(engine, task.query, task.token);
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
            if (engine != null) {
                engines.close(engine);
            }
        }
    }

    /** A queued query, its answer and the token its future's cancellation sets. */
    private static final class QueryTask<Q, R> {
        final Q query;
        final CompletableFuture<R> future = new CompletableFuture<>();
        final Cancellation token = new Cancellation();

        QueryTask(Q query) {
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
