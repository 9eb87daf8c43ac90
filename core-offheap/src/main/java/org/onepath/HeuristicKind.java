package org.onepath;

/** The estimate a tier-1 query uses; every kind is scaled by {@link AreaCosts#minCost()}. */
public enum HeuristicKind {
    /** Manhattan for four moves, octile for eight. */
    AUTO,
    /** |dx| + |dy|. */
    MANHATTAN,
    /** (max - min) + min * sqrt2 of |dx| and |dy|. */
    OCTILE,
    /** 0: Dijkstra's algorithm. */
    ZERO
}
