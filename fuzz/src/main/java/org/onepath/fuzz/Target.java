package org.onepath.fuzz;

import java.util.List;

/**
 * One state restore of the library under hostile bytes.
 *
 * <p>{@link #run} restores the input into the target's object(s) and, when it is accepted,
 * exercises what was restored (a search steps on and yields its path). It returns normally when
 * the input was accepted and lets the library's {@link org.onepath.state.OnePathFormatException}
 * through when it was rejected: both are fine. Anything else it throws is a real failure: another
 * exception escaping the library, or an {@link AssertionError} from one of the target's own checks
 * (a grid changed by a rejected restore, a search not left "not started").
 *
 * <p>A target keeps its objects between inputs and is used by one thread at a time; whether an
 * input is accepted depends only on its bytes (never on the inputs before), so a finding replays.
 */
public interface Target extends AutoCloseable {
    /** Short name: {@code grid}, {@code voxel}, {@code astar}, {@code jps}, {@code gridsearch}, {@code store}, {@code theta}, {@code flow}, {@code graph}, {@code graphastar}, {@code gridhpa} or {@code replan}. */
    String name();

    /** The checked-in seed corpus of this target: valid states that restore successfully. */
    default List<byte[]> seeds() {
        return Corpus.load(name());
    }

    /**
     * Restores {@code input} and exercises the result.
     *
     * @throws org.onepath.state.OnePathFormatException when the library rejects the bytes (fine)
     * @throws Exception                                 anything else: a real failure
     */
    void run(byte[] input) throws Exception;

    /** Frees the target's objects. */
    @Override
    default void close() {}
}
