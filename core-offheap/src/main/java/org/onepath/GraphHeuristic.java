package org.onepath;

/** The estimate a tier-1 graph query uses ({@link GraphOptions#heuristic()}). */
public enum GraphHeuristic {
    /** Euclidean for a {@link PointGraph}, zero for a {@link Graph}. */
    AUTO,
    /** 0: Dijkstra's algorithm. */
    ZERO,
    /**
     * The straight-line distance between node coordinates, scaled so that no edge is shorter
     * than its estimate ({@link PointGraph#heuristicScale()}); point graphs only.
     */
    EUCLIDEAN,
    /**
     * ALT bounds from landmarks ({@link org.onepath.graphs.Landmarks}): the graph selects
     * {@link GraphOptions#landmarkCount()} landmarks on the first such query after a change and
     * keeps them until the next change.
     */
    LANDMARKS
}
