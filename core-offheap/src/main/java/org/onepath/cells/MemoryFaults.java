package org.onepath.cells;

/**
 * Who answers for the memory a grid was laid over when a query on it fails (tier 3: the
 * {@code faults} of {@code Grid.over} and {@code ChunkTable.over}). A store maps a file: a read of
 * a page the file no longer backs (the file was truncated while mapped) raises the JVM's
 * {@link InternalError} in whichever query touched it, and bytes written into the file in place
 * may make a query trip a bounds check. The grid's queries ask {@link #ensureReadable()} before
 * they read and hand what they throw to {@link #failure(Throwable)}, so that the caller sees the
 * owner of the memory named (the store's file) rather than the JVM's error.
 *
 * <p>The queries that do so are every one-line {@code findPath} (one goal or many, cells or world
 * points), every {@code findPathAsync}, {@code GridSearch} and {@code PathService}.
 */
public interface MemoryFaults {
    /** Memory the grid owns or its caller answers for: nothing is checked, failures pass unchanged. */
    MemoryFaults NONE = new MemoryFaults() {
        @Override
        public void ensureReadable() {}

        @Override
        public RuntimeException failure(Throwable failure) {
            return null;
        }

        @Override
        public String toString() {
            return "MemoryFaults.NONE";
        }
    };

    /**
     * Throws when an earlier failure made the memory unfit to read; called before a query reads it.
     *
     * @throws RuntimeException naming the memory's owner and the earlier failure
     */
    void ensureReadable();

    /**
     * {@return the exception a query that threw {@code failure} throws in its place, naming the
     * memory's owner, or null when the memory was not at fault (the failure is thrown unchanged)}
     * Handed an exception it returned before (a query inside a query), it returns that exception.
     *
     * @param failure what the query threw: a {@link RuntimeException} or an {@link InternalError}
     */
    RuntimeException failure(Throwable failure);

    /**
     * {@return what a query that threw {@code failure} throws: the exception {@code faults} names,
     * or the failure itself when it is a {@link RuntimeException}}
     *
     * @param faults  who answers for the grid's memory
     * @param failure what the query threw: a {@link RuntimeException} or an {@link Error}
     * @throws Error the failure itself, when it is an {@link Error} the memory was not at fault for
     */
    static RuntimeException report(MemoryFaults faults, Throwable failure) {
        RuntimeException named = faults.failure(failure);
        if (named != null) {
            return named;
        }
        if (failure instanceof RuntimeException r) {
            return r;
        }
        throw (Error) failure;
    }
}
