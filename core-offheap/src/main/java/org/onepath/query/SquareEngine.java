package org.onepath.query;

/**
 * The searches a square-grid query may ask for or run, as the driver names them: the same
 * constants in the same order as the tier-1 {@code GridAlgorithm} (its numeric codes are the
 * ordinals here), so the facade converts by ordinal without a table of its own.
 */
public enum SquareEngine {
    /** A* over the generic moves, or the specialised octile A* where the query qualifies. */
    ASTAR,
    /** Jump point search with block scans. */
    JPS,
    /** Jump point search over the precomputed JPS+ table. */
    JPS_PLUS,
    /** Any-angle Theta*. */
    THETA_STAR,
    /** Any-angle Lazy Theta*. */
    LAZY_THETA_STAR,
    /** LPA*: a replanner's algorithm; a one-off query runs A*. */
    LPA_STAR,
    /** D* Lite: a replanner's algorithm; a one-off query runs A*. */
    D_STAR_LITE,
    /** Hierarchical A* over chunk entrances. */
    HPA,
    /** JPS+ pruned by goal bounds; JPS+ when the grid has no current bounds. */
    JPS_PLUS_BOUNDED
}
