package org.onepath;

/**
 * The coordinate rule: world values cross the API as doubles with |v| &lt;= 2^21, which keeps them
 * exact in Q31.32 fixed point.
 */
final class Coordinates {
    /** The bound on every world coordinate, 2^21. */
    static final double LIMIT = 2097152.0;

    private Coordinates() {}

    /** Throws {@link IllegalArgumentException} naming the value and the bound unless |v| &lt;= 2^21. */
    static double check(String name, double value) {
        if (!(Math.abs(value) <= LIMIT)) {
            throw new IllegalArgumentException(
                    name + " = " + value + " is outside the world bound |v| <= 2^21 (" + (long) LIMIT + ")");
        }
        return value;
    }
}
