package org.onepath.grids;

/** Shared argument check of the distance heuristics. */
final class HeuristicScale {
    private HeuristicScale() {
    }

    static void check(double scale) {
        if (!(scale >= 0.0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("heuristic scale must be finite and >= 0, was " + scale);
        }
    }
}
