package org.onepath.cells;

import java.util.concurrent.CancellationException;

/**
 * A cancellation token: any thread may {@link #cancel()}; a search holding it checks it between
 * slices of iterations and throws {@link CancellationException}. A token stays cancelled.
 */
public final class Cancellation {
    private volatile boolean cancelled;

    /** A token that is not cancelled. */
    public Cancellation() {}

    /** Requests cancellation. */
    public void cancel() {
        cancelled = true;
    }

    /**
     * Whether {@link #cancel()} has been called; a volatile read, so any thread sees it.
     *
     * @return true once cancelled
     */
    public boolean isCancelled() {
        return cancelled;
    }

    /** Throws {@link CancellationException} when cancelled. */
    public void throwIfCancelled() {
        if (cancelled) {
            throw new CancellationException("path query cancelled");
        }
    }
}
