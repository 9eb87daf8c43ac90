package org.onepath;

import org.onepath.grids.SlicedSearch;

/**
 * The option values every tier-1 query takes, whatever it searches: the heuristic weight, whether
 * the expansions are recorded and the iteration budget. {@link VoxelOptions} extends it directly;
 * {@link GridOptions}, {@link HexOptions} and {@link GraphOptions} extend it through
 * {@link SlicedQueryOptions}, which adds the slice length. Each common value has one field, one
 * getter, one builder setter and one check here, so every query type holds the same default for
 * it and refuses the same bad value with the same message.
 *
 * <p>Package-private and sealed: callers see the getters and setters through the four public
 * types, whose builders extend {@link Builder} with themselves as {@code B} so that a common
 * setter returns the concrete builder. The values are copied into final fields at
 * {@code build()}; a query reads them and allocates nothing for them.
 */
abstract sealed class QueryOptions permits SlicedQueryOptions, VoxelOptions {
    /** Iterations per slice unless set, the same for every query type. */
    static final int DEFAULT_SLICE_LENGTH = 256;

    private final double heuristicWeight;
    private final boolean recordExpansions;
    private final int iterationBudget;
    private final boolean allowPartial;

    /** The common values of {@code b}, already checked by its setters. */
    QueryOptions(Builder<?> b) {
        this.heuristicWeight = b.heuristicWeight;
        this.recordExpansions = b.recordExpansions;
        this.iterationBudget = b.iterationBudget;
        this.allowPartial = b.allowPartial;
    }

    /**
     * Weight w of the estimate in {@code f = g + w * h}: 1 by default, 0 searches without an
     * estimate, above 1 gives up optimality.
     *
     * @return the weight, finite and 0 or more
     */
    public double heuristicWeight() {
        return heuristicWeight;
    }

    /**
     * Whether the query records the cells or nodes it expands, in order, in the returned path.
     *
     * @return whether expansions are recorded
     */
    public boolean recordExpansions() {
        return recordExpansions;
    }

    /**
     * Iterations after which the query stops with BUDGET_EXHAUSTED; 0 (the default) is unlimited.
     *
     * @return the budget, 0 or more
     */
    public int iterationBudget() {
        return iterationBudget;
    }

    /**
     * Whether a query that does not find the goal (not connected, or out of budget) returns the
     * path to the reached node closest to the goal by the query's estimate, with status
     * {@link org.onepath.cells.PathStatus#PARTIAL}, instead of an empty NO_PATH or
     * BUDGET_EXHAUSTED result ({@code docs/partial-paths.md}); off by default. A query that finds
     * the goal returns exactly what it returns without this option.
     *
     * @return whether best-effort partial paths are returned
     */
    public boolean allowPartial() {
        return allowPartial;
    }

    /**
     * The part of a {@code toString()} the common values write: {@code ", recordExpansions"} when
     * recording, then {@code ", budget"}, the separator and the budget when there is one.
     */
    final String recordingAndBudget(char separator) {
        return (recordExpansions ? ", recordExpansions" : "")
                + (iterationBudget != 0 ? ", budget" + separator + iterationBudget : "")
                + (allowPartial ? ", allowPartial" : "");
    }

    /**
     * The setters and checks of the common values, for the builder of each options type; each
     * setter checks its value before it stores it, so a refused value leaves the builder as it was.
     *
     * @param <B> the concrete builder, which each setter returns for chaining
     */
    abstract static sealed class Builder<B extends Builder<B>>
            permits SlicedQueryOptions.Builder, VoxelOptions.Builder {
        private double heuristicWeight = 1.0;
        private boolean recordExpansions;
        private int iterationBudget;
        private boolean allowPartial;

        /** A builder at the defaults. */
        Builder() {}

        /** A builder holding the common values of {@code from}. */
        Builder(QueryOptions from) {
            this.heuristicWeight = from.heuristicWeight;
            this.recordExpansions = from.recordExpansions;
            this.iterationBudget = from.iterationBudget;
            this.allowPartial = from.allowPartial;
        }

        /**
         * Weight w of the estimate in {@code f = g + w * h} (default 1).
         *
         * @param weight finite and &gt;= 0; 0 searches without an estimate, above 1 gives up
         *               optimality
         * @return this builder
         * @throws IllegalArgumentException naming the weight unless it is finite and &gt;= 0
         */
        public B heuristicWeight(double weight) {
            this.heuristicWeight = SlicedSearch.checkWeight(weight);
            return self();
        }

        /**
         * Record the expanded cells or nodes in order, for the path's {@code expandedCells()}
         * ({@code expandedNodes()} on a graph path); off by default.
         *
         * @param on true to record the expansions, false to skip them
         * @return this builder
         */
        public B recordExpansions(boolean on) {
            this.recordExpansions = on;
            return self();
        }

        /**
         * Iterations after which the query stops with BUDGET_EXHAUSTED; 0 (default) is unlimited.
         *
         * @param budget the iteration limit, 0 (unlimited) or more
         * @return this builder
         * @throws IllegalArgumentException naming the budget when it is negative
         */
        public B iterationBudget(int budget) {
            if (budget < 0) {
                throw new IllegalArgumentException("iterationBudget must be >= 0 (0 = unlimited), was " + budget);
            }
            this.iterationBudget = budget;
            return self();
        }

        /**
         * Return a best-effort path when the goal is not found: the path to the reached node
         * closest to the goal by the query's estimate (ties: the smaller cost so far, then the
         * smaller node), with status {@link org.onepath.cells.PathStatus#PARTIAL}
         * ({@code docs/partial-paths.md}); off by default. Queries that find the goal are
         * unchanged.
         *
         * @param on true to return partial paths, false for the plain NO_PATH and
         *           BUDGET_EXHAUSTED results
         * @return this builder
         */
        public B allowPartial(boolean on) {
            this.allowPartial = on;
            return self();
        }

        /** This builder as its concrete type: every permitted builder extends {@code Builder<itself>}. */
        @SuppressWarnings("unchecked")
        final B self() {
            return (B) this;
        }
    }
}
