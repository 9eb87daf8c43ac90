package org.onepath.store;

/** Hears how far a long store operation (a bake, a verify) has come. */
@FunctionalInterface
public interface StoreProgress {
    /** Hears nothing. */
    StoreProgress NONE = (phase, done, total) -> {};

    /**
     * Called as the operation advances, on the thread running it; keep it cheap.
     *
     * @param phase what is being done ("deriving tables", "writing", "verifying")
     * @param done  units done so far (bytes when writing or verifying)
     * @param total units in all, 0 when unknown
     */
    void update(String phase, long done, long total);
}
