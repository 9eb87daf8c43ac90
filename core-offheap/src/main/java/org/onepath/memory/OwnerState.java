package org.onepath.memory;

/**
 * Open/closed flag of an object that owns native memory, so that use after {@code close()}
 * fails with a message naming the object rather than a raw arena error.
 */
public final class OwnerState {
    private final String name;
    private volatile boolean closed;

    public OwnerState(String name) {
        this.name = name;
    }

    /** Throws {@link IllegalStateException} naming the object when it has been closed. */
    public void ensureOpen() {
        if (closed) {
            throw new IllegalStateException(name + " has been closed");
        }
    }

    public boolean isClosed() {
        return closed;
    }

    /** Marks the object closed; returns false when it already was. */
    public boolean markClosed() {
        if (closed) {
            return false;
        }
        closed = true;
        return true;
    }
}
