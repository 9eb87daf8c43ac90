package org.onepath;

import org.onepath.cells.DiagonalRule;

/**
 * The search a tier-1 query asks for; {@link GridPath#algorithm()} says which one ran (a query an
 * algorithm cannot serve falls back to A*). {@link #code()} is the number the snapshot formats use.
 */
public enum GridAlgorithm {
    /** A* (the default). */
    ASTAR(0),
    /**
     * Jump point search. Runs when the query qualifies (eight moves, no corner cutting, agent
     * size 1, one cost for every area, no delegates, weight 1, automatic, octile or zero
     * estimate); otherwise the query runs A*.
     */
    JPS(1),
    /**
     * Jump point search over precomputed JPS+ tables, kept by the grid and updated on edits.
     * Qualifies as {@link #JPS}; falls back to JPS when a side exceeds 32766 cells.
     */
    JPS_PLUS(2),
    /**
     * Theta*: an any-angle path over cell centres ({@code org.onepath.grids.theta}). Runs when the
     * query qualifies (eight moves, no corner cutting, agent size 1, one cost for every area, no
     * delegates, an automatic, Euclidean or zero estimate; any weight); otherwise the query runs
     * A*. The path lists waypoints, consecutive ones in line of sight.
     */
    THETA_STAR(3),
    /** Lazy Theta* with re-queue: as {@link #THETA_STAR}, testing line of sight when a node is popped. */
    LAZY_THETA_STAR(4),
    /**
     * Lifelong Planning A*: the algorithm of {@link Grid#createReplanner} that repairs its path
     * after edits. A one-off {@code findPath} with it runs A*.
     */
    LPA_STAR(5),
    /**
     * D* Lite: the default algorithm of {@link Grid#createReplanner}, which also keeps its work
     * when the start moves. A one-off {@code findPath} with it runs A*.
     */
    D_STAR_LITE(6),
    /**
     * HPA*: A* over a hierarchy of chunks ({@code org.onepath.grids.hpa}), refined to cells and
     * smoothed; fast on large maps but not optimal (a few percent over at most on the Moving AI
     * sets). Uses {@link GridOptions#hpaChunkSize()} and {@link GridOptions#hpaSmoothing()}; the
     * estimate and weight options are ignored. Runs for four or eight moves with
     * {@link DiagonalRule#NO_CORNER_CUTTING} or {@link DiagonalRule#NO_SQUEEZING} (any rule with
     * four moves), any agent size and area costs, without delegates; otherwise the query runs A*.
     * The grid keeps one hierarchy per (chunk size, agent size, moves, rule), at most eight.
     */
    HPA(7),
    /**
     * JPS+ with goal bounding at jump points ({@code docs/jps.md}): JPS+ that, at every jump point,
     * follows only the directions whose baked box holds the goal. Exact, with the same costs and
     * path rules as {@link #JPS_PLUS}. Runs when the grid holds goal bounds that describe its
     * cells as they are ({@link Grid#bakeGoalBounds}, or a store baked with them) and the query
     * qualifies as for {@link #JPS} with the specialised engines; otherwise it runs
     * {@link #JPS_PLUS} (and {@link GridPath#algorithm()} says so), as it does after an edit
     * until the bounds are baked again. One-line queries only: {@link Grid#createSearch} and
     * {@link Grid#findPathAsync} refuse it.
     */
    JPS_PLUS_BOUNDED(8);

    private final int code;

    GridAlgorithm(int code) {
        this.code = code;
    }

    /**
     * The number snapshots store for this algorithm.
     *
     * @return 0 for ASTAR up to 8 for JPS_PLUS_BOUNDED, as the constants are declared
     */
    public int code() {
        return code;
    }
}
