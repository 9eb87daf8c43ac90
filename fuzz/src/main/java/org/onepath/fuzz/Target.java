package org.onepath.fuzz;

import java.util.List;
import org.onepath.state.OnePathFormatException;

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
    /** Short name: {@code grid}, {@code voxel}, {@code astar}, {@code jps}, {@code gridsearch}, {@code store}, {@code theta}, {@code flow}, {@code graph}, {@code graphastar}, {@code gridhpa}, {@code replan}, or one of the reader and query targets {@link Targets#NAMES} lists. */
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

    /**
     * Whether {@code thrown} is this target's rejection of its input (fine), and under which key
     * the fuzzer counts it: one key per check the input reached. Null means {@code thrown} is a
     * failure. By default a state restore's {@link OnePathFormatException} is the only rejection;
     * a target that reads another format declares that format's exception here.
     */
    default String rejectionKey(Throwable thrown) {
        return thrown instanceof OnePathFormatException e ? Rejections.ofState(e) : null;
    }

    /**
     * Whether every input is valid: a query target builds its grid from any bytes and never
     * rejects one, so its runs have no rejections to count (false for the restores and readers).
     */
    default boolean acceptsEveryInput() {
        return false;
    }

    /** Frees the target's objects. */
    @Override
    default void close() {}
}
