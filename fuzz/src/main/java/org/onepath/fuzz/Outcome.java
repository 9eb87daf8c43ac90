package org.onepath.fuzz;

import java.util.Objects;

/**
 * How a {@link Target} took one input: accepted, rejected the way the target declares
 * ({@link Target#rejectionKey}), or failed. The one rule every driver of the targets applies: the
 * mutation {@link Fuzzer}, the replay tests and the coverage-guided Jazzer tests.
 *
 * @param kind         what happened
 * @param rejectionKey the check the input reached when {@link Kind#REJECTED}, else null
 * @param thrown       what the target threw (the rejection or the failure), null when accepted
 */
public record Outcome(Kind kind, String rejectionKey, Throwable thrown) {
    /** Accepted, rejected or failed. */
    public enum Kind {
        /** The target returned. */
        ACCEPTED,
        /** The target threw its declared rejection. */
        REJECTED,
        /** The target threw anything else (an {@link AssertionError} of its own checks included). */
        FAILED
    }

    private static final Outcome ACCEPTED = new Outcome(Kind.ACCEPTED, null, null);

    public Outcome {
        Objects.requireNonNull(kind, "kind");
    }

    /** The outcome of an input after which {@code target} threw {@code thrown} (null: it returned). */
    public static Outcome of(Target target, Throwable thrown) {
        if (thrown == null) {
            return ACCEPTED;
        }
        String key = target.rejectionKey(thrown);
        return key != null ? new Outcome(Kind.REJECTED, key, thrown) : new Outcome(Kind.FAILED, null, thrown);
    }

    /** Runs {@code input} through {@code target} on this thread and classifies what came out. */
    public static Outcome run(Target target, byte[] input) {
        Throwable thrown = null;
        try {
            target.run(input);
        } catch (Throwable t) {
            thrown = t;
        }
        return of(target, thrown);
    }

    /**
     * Runs {@code input} through {@code target} and throws what failed it: the target's own
     * throwable, or an {@link AssertionError} when the input took longer than {@code limitNanos}
     * (the {@link Fuzzer}'s rule for an input that ends past its limit). Returns the outcome
     * otherwise, accepted or rejected.
     */
    public static Outcome require(Target target, byte[] input, long limitNanos) throws Throwable {
        long began = System.nanoTime();
        Outcome outcome = run(target, input);
        long took = System.nanoTime() - began;
        if (outcome.kind() == Kind.FAILED) {
            throw outcome.thrown();
        }
        if (took > limitNanos) {
            throw new AssertionError("target " + target.name() + ": the input took " + took / 1_000_000 + " ms (limit "
                    + limitNanos / 1_000_000 + " ms), " + input.length + " bytes");
        }
        return outcome;
    }
}
