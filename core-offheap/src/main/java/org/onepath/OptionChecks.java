package org.onepath;

/** The argument checks the option builders share, so each option is refused with one message. */
final class OptionChecks {
    private OptionChecks() {}

    /** @return the budget, 0 meaning unlimited; IllegalArgumentException when negative */
    static int iterationBudget(int budget) {
        if (budget < 0) {
            throw new IllegalArgumentException("iterationBudget must be >= 0 (0 = unlimited), was " + budget);
        }
        return budget;
    }

    /** @return the slice length; IllegalArgumentException below 1 */
    static int iterationsPerSlice(int iterations) {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterationsPerSlice must be at least 1, was " + iterations);
        }
        return iterations;
    }
}
