package org.onepath;

import org.onepath.cells.AreaCosts;

/** The estimate a tier-1 query uses; every kind is scaled by {@link AreaCosts#minCost()}. */
public enum HeuristicKind {
    /** Manhattan for four moves, octile for eight; Euclidean for the any-angle searches. */
    AUTO,
    /** |dx| + |dy|. */
    MANHATTAN,
    /** (max - min) + min * sqrt2 of |dx| and |dy|. */
    OCTILE,
    /** 0: Dijkstra's algorithm. */
    ZERO,
    /**
     * sqrt(dx * dx + dy * dy), the straight distance between cell centres: the estimate of the
     * any-angle searches (what {@link #AUTO} means for them); admissible for A* too.
     */
    EUCLIDEAN
}
