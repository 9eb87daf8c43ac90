package org.onepath.query;

/**
 * The estimates a square-grid query may ask for, as the driver names them: the same constants in
 * the same order as the tier-1 {@code HeuristicKind}.
 */
public enum SquareEstimate {
    /** Octile with eight moves, Manhattan with four (Euclidean for the any-angle searches). */
    AUTO,
    /** |dx| + |dy|. */
    MANHATTAN,
    /** The octile distance. */
    OCTILE,
    /** Zero: Dijkstra's order. */
    ZERO,
    /** The straight distance between cell centres. */
    EUCLIDEAN
}
