package org.onepath.grids.replan;

/**
 * The tolerance rules of the incremental replanners (normative). Costs are sums of doubles added
 * in different orders by different repairs, so costs equal on paper can differ in the last bits:
 * "equal", "smaller" and "consistent" therefore allow a relative difference of 1e-11 (an
 * absolute 1e-11 below 1). Two infinities are equal; an infinity equals no finite value.
 */
public final class ReplanKeys {
    private ReplanKeys() {}

    /** The relative (absolute below 1) tolerance. */
    public static final double TOLERANCE = 1e-11;

    /**
     * Whether two costs are equal within the tolerance.
     *
     * @param a a cost, not NaN; may be infinite
     * @param b a cost, not NaN; may be infinite
     * @return true when they are identical, or both finite and differ by at most
     *         {@code TOLERANCE * max(1, |a|, |b|)}
     */
    public static boolean equal(double a, double b) {
        if (a == b) {
            return true;
        }
        double scale = Math.max(Math.abs(a), Math.abs(b));
        // An infinity equals only itself (handled above): its scale would make any difference tolerable.
        return scale != Double.POSITIVE_INFINITY && Math.abs(a - b) <= TOLERANCE * Math.max(1.0, scale);
    }

    /**
     * Whether one cost is smaller than another by more than the tolerance.
     *
     * @param a a cost, not NaN; may be infinite
     * @param b a cost, not NaN; may be infinite
     * @return true when {@code a < b} and they are not {@link #equal}
     */
    public static boolean less(double a, double b) {
        return a < b && !equal(a, b);
    }

    /**
     * Whether key (a1, a2) is smaller than key (b1, b2): the first keys decide unless they are
     * equal within the tolerance, then the second keys; equal keys are not smaller.
     *
     * @param a1 the first key of a, not NaN
     * @param a2 the second key of a, not NaN
     * @param b1 the first key of b, not NaN
     * @param b2 the second key of b, not NaN
     * @return true when key a is smaller than key b beyond the tolerance
     */
    public static boolean keyLess(double a1, double a2, double b1, double b2) {
        if (!equal(a1, b1)) {
            return a1 < b1;
        }
        return less(a2, b2);
    }

    /**
     * The queue order of {@link ReplanOpenSet}: whether (a1, a2, an) comes strictly before
     * (b1, b2, bn): smaller first key, then smaller second key (each within the tolerance), then
     * smaller node index.
     *
     * @param a1 the first key of entry a, not NaN
     * @param a2 the second key of entry a, not NaN
     * @param an the node of entry a
     * @param b1 the first key of entry b, not NaN
     * @param b2 the second key of entry b, not NaN
     * @param bn the node of entry b
     * @return true when entry a pops before entry b; false for equal keys and the same node
     */
    public static boolean before(double a1, double a2, int an, double b1, double b2, int bn) {
        if (!equal(a1, b1)) {
            return a1 < b1;
        }
        return tieBefore(a2, an, b2, bn);
    }

    /**
     * The queue order on first keys equal within the tolerance: whether (a2, an) comes strictly
     * before (b2, bn): smaller second key (within the tolerance), then smaller node index.
     *
     * @param a2 the second key of entry a, not NaN
     * @param an the node of entry a
     * @param b2 the second key of entry b, not NaN
     * @param bn the node of entry b
     * @return true when entry a pops before entry b
     */
    public static boolean tieBefore(double a2, int an, double b2, int bn) {
        if (!equal(a2, b2)) {
            return a2 < b2;
        }
        return an < bn;
    }
}
