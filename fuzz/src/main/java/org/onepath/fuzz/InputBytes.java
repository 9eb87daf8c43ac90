package org.onepath.fuzz;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The choices a query target makes, read from its input: the input's bytes in order, then (once
 * they run out) bytes of a generator seeded by the input's contents. So every input is valid, and
 * the same input makes the same grid and queries.
 */
final class InputBytes {
    private final byte[] input;
    private int at;
    private SplittableRandom after;

    InputBytes(byte[] input) {
        this.input = input;
    }

    /** The next byte, 0..255. */
    int next() {
        if (at < input.length) {
            return input[at++] & 0xFF;
        }
        if (after == null) {
            after = new SplittableRandom(Arrays.hashCode(input));
        }
        return after.nextInt(256);
    }

    /** A value in {@code 0..bound-1} (bound at most 65536). */
    int below(int bound) {
        return ((next() << 8) | next()) % bound;
    }

    boolean flag() {
        return (next() & 1) != 0;
    }
}
