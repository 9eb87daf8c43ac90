package org.onepath;

import java.util.Objects;
import org.onepath.grids.SlicedSearch;

/**
 * Options of a tier-1 hex-grid query ({@link HexGrid#findPath}). Immutable: build one with
 * {@link #builder()} or start from {@link #DEFAULT} with {@link #toBuilder()}.
 *
 * <p>A hex query is A* over the six hex moves for an agent of size 1 (the only size hex grids
 * support). The estimate is the hex distance scaled by the smallest area multiplier
 * ({@link HeuristicKind#AUTO}) or zero ({@link HeuristicKind#ZERO}: Dijkstra's algorithm).
 * Reusing one options object lets the grid reuse its prepared search.
 */
public final class HexOptions {
    /** Iterations per cancellation slice. */
    public static final int DEFAULT_ITERATIONS_PER_SLICE = GridOptions.DEFAULT_ITERATIONS_PER_SLICE;

    /** Hex-distance estimate, weight 1, no budget, no recording. */
    public static final HexOptions DEFAULT = builder().build();

    private final HeuristicKind heuristic;
    private final double heuristicWeight;
    private final boolean recordExpansions;
    private final int iterationBudget;
    private final int iterationsPerSlice;

    private HexOptions(Builder b) {
        this.heuristic = b.heuristic;
        this.heuristicWeight = b.heuristicWeight;
        this.recordExpansions = b.recordExpansions;
        this.iterationBudget = b.iterationBudget;
        this.iterationsPerSlice = b.iterationsPerSlice;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these values. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.heuristic = heuristic;
        b.heuristicWeight = heuristicWeight;
        b.recordExpansions = recordExpansions;
        b.iterationBudget = iterationBudget;
        b.iterationsPerSlice = iterationsPerSlice;
        return b;
    }

    /** AUTO (hex distance) or ZERO. */
    public HeuristicKind heuristic() {
        return heuristic;
    }

    public double heuristicWeight() {
        return heuristicWeight;
    }

    /** Always 1: hex grids support only agents of one cell. */
    public int agentSize() {
        return 1;
    }

    public boolean recordExpansions() {
        return recordExpansions;
    }

    /** Iterations after which the query stops with BUDGET_EXHAUSTED; 0 is unlimited. */
    public int iterationBudget() {
        return iterationBudget;
    }

    /** Iterations between cancellation checks. */
    public int iterationsPerSlice() {
        return iterationsPerSlice;
    }

    @Override
    public String toString() {
        return "HexOptions[heuristic=" + heuristic + ", weight=" + heuristicWeight
                + (recordExpansions ? ", recordExpansions" : "")
                + (iterationBudget != 0 ? ", budget=" + iterationBudget : "") + "]";
    }

    /** Builder of {@link HexOptions}; each setter validates its value. */
    public static final class Builder {
        private HeuristicKind heuristic = HeuristicKind.AUTO;
        private double heuristicWeight = 1.0;
        private boolean recordExpansions;
        private int iterationBudget;
        private int iterationsPerSlice = DEFAULT_ITERATIONS_PER_SLICE;

        private Builder() {}

        /**
         * AUTO (the hex distance, default) or ZERO (Dijkstra's algorithm).
         *
         * @throws IllegalArgumentException for MANHATTAN or OCTILE, which are square-grid estimates
         */
        public Builder heuristic(HeuristicKind heuristic) {
            Objects.requireNonNull(heuristic, "heuristic");
            if (heuristic != HeuristicKind.AUTO && heuristic != HeuristicKind.ZERO) {
                throw new IllegalArgumentException("heuristic " + heuristic
                        + " is a square-grid estimate; a hex query takes AUTO (hex distance) or ZERO");
            }
            this.heuristic = heuristic;
            return this;
        }

        /** Weight w of {@code f = g + w * h}: finite and &gt;= 0; above 1 gives up optimality. */
        public Builder heuristicWeight(double weight) {
            this.heuristicWeight = SlicedSearch.checkWeight(weight);
            return this;
        }

        /**
         * Agent size in cells: only 1 is accepted, the one size hex grids support.
         *
         * @throws IllegalArgumentException naming any other size
         */
        public Builder agentSize(int size) {
            if (size != 1) {
                throw new IllegalArgumentException("agent size " + size + " is not supported on hex grids (only 1)");
            }
            return this;
        }

        /** Record the expanded cells in order ({@link HexPath#expandedCells()}). */
        public Builder recordExpansions(boolean on) {
            this.recordExpansions = on;
            return this;
        }

        /** Iterations after which the query stops with BUDGET_EXHAUSTED; 0 (default) is unlimited. */
        public Builder iterationBudget(int budget) {
            this.iterationBudget = OptionChecks.iterationBudget(budget);
            return this;
        }

        /** Iterations between cancellation checks, at least 1 (default 256). */
        public Builder iterationsPerSlice(int iterations) {
            this.iterationsPerSlice = OptionChecks.iterationsPerSlice(iterations);
            return this;
        }

        public HexOptions build() {
            return new HexOptions(this);
        }
    }
}
