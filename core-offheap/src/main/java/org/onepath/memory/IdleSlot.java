package org.onepath.memory;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * One idle engine kept for the next query, so a facade called from one thread at a time reuses
 * its buffers, while concurrent callers each get their own engine (the extra ones are closed when
 * returned). After {@link #close()} a returned engine is closed at once.
 *
 * @param <E> the engine kept
 */
public final class IdleSlot<E extends AutoCloseable> implements AutoCloseable {
    private final AtomicReference<E> idle = new AtomicReference<>();
    private final Consumer<E> closer;
    private volatile boolean closed;

    /** @param closer closes an engine that is not kept (its {@code close()} without checked exceptions) */
    public IdleSlot(Consumer<E> closer) {
        this.closer = closer;
    }

    /** The idle engine, which the caller now owns, or null when there is none. */
    public E take() {
        return idle.getAndSet(null);
    }

    /** Keeps an engine the caller is done with, or closes it when one is kept already or this is closed. */
    public void give(E engine) {
        if (closed || !idle.compareAndSet(null, engine)) {
            closer.accept(engine);
            return;
        }
        // close() may have run between the check and the set: the slot must not keep it then.
        if (closed && idle.compareAndSet(engine, null)) {
            closer.accept(engine);
        }
    }

    /** Closes the idle engine and every engine given back from now on. */
    @Override
    public void close() {
        closed = true;
        E engine = idle.getAndSet(null);
        if (engine != null) {
            closer.accept(engine);
        }
    }
}
