package org.onepath;

import java.util.Objects;

/**
 * Options of a tier-1 hex-grid query ({@link HexGrid#findPath}). Immutable: build one with
 * {@link #builder()} or start from {@link #DEFAULT} with {@link #toBuilder()}.
 *
 * <p>A hex query is A* over the six hex moves for an agent of size 1 (the only size hex grids
 * support). The estimate is the hex distance scaled by the smallest area multiplier
 * ({@link HeuristicKind#AUTO}) or zero ({@link HeuristicKind#ZERO}: Dijkstra's algorithm).
 * Reusing one options object lets the grid reuse its prepared search.
 */
public final class HexOptions extends SlicedQueryOptions {
    /** Iterations per cancellation slice. */
    public static final int DEFAULT_ITERATIONS_PER_SLICE = DEFAULT_SLICE_LENGTH;

    /** Hex-distance estimate, weight 1, no budget, no recording. */
    public static final HexOptions DEFAULT = builder().build();

    private final HeuristicKind heuristic;

    private HexOptions(Builder b) {
        super(b);
        this.heuristic = b.heuristic;
    }

    /**
     * A builder at the values of {@link #DEFAULT}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder holding these values.
     *
     * @return a new builder; changing it leaves these options as they are
     */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * AUTO (hex distance) or ZERO.
     *
     * @return {@link HeuristicKind#AUTO} or {@link HeuristicKind#ZERO}
     */
    public HeuristicKind heuristic() {
        return heuristic;
    }

    /**
     * Always 1: hex grids support only agents of one cell.
     *
     * @return 1
     */
    public int agentSize() {
        return 1;
    }

    /** The values for reading in logs: the estimate and weight always, the rest where set. */
    @Override
    public String toString() {
        return "HexOptions[heuristic=" + heuristic + ", weight=" + heuristicWeight() + recordingAndBudget('=') + "]";
    }

    /**
     * Builder of {@link HexOptions}; each setter validates its value. The weight, recording,
     * budget and slice setters are the ones every query type shares.
     */
    public static final class Builder extends SlicedQueryOptions.Builder<Builder> {
        private HeuristicKind heuristic = HeuristicKind.AUTO;

        private Builder() {}

        private Builder(HexOptions from) {
            super(from);
            this.heuristic = from.heuristic;
        }

        /**
         * AUTO (the hex distance, default) or ZERO (Dijkstra's algorithm).
         *
         * @param heuristic AUTO or ZERO
         * @return this builder
         * @throws IllegalArgumentException for any other kind (MANHATTAN, OCTILE, EUCLIDEAN: square-grid estimates)
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

        /**
         * Agent size in cells: only 1 is accepted, the one size hex grids support.
         *
         * @param size the agent size; must be 1
         * @return this builder
         * @throws IllegalArgumentException naming any other size
         */
        public Builder agentSize(int size) {
            if (size != 1) {
                throw new IllegalArgumentException("agent size " + size + " is not supported on hex grids (only 1)");
            }
            return this;
        }

        /**
         * The options holding this builder's values.
         *
         * @return new options; the builder can be used again
         */
        public HexOptions build() {
            return new HexOptions(this);
        }
    }
}
