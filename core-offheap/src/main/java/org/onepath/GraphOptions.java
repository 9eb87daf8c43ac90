package org.onepath;

import java.util.Objects;
import org.onepath.graphs.Landmarks;
import org.onepath.grids.SlicedSearch;

/**
 * Options of a tier-1 graph query ({@link Graph#findPath}, {@link PointGraph#findPath}).
 * Immutable: build one with {@link #builder()} or start from {@link #DEFAULT} with
 * {@link #toBuilder()}. Reusing one options object lets the graph reuse its prepared search.
 */
public final class GraphOptions {
    /** Iterations per cancellation slice. */
    public static final int DEFAULT_ITERATIONS_PER_SLICE = GridOptions.DEFAULT_ITERATIONS_PER_SLICE;
    /** Landmarks a {@link GraphHeuristic#LANDMARKS} query selects unless told otherwise. */
    public static final int DEFAULT_LANDMARK_COUNT = 8;

    /** Automatic estimate, weight 1, no budget, no recording. */
    public static final GraphOptions DEFAULT = builder().build();
    /** Dijkstra's algorithm (the zero estimate). */
    public static final GraphOptions DIJKSTRA =
            builder().heuristic(GraphHeuristic.ZERO).build();
    /** ALT with {@link #DEFAULT_LANDMARK_COUNT} landmarks. */
    public static final GraphOptions LANDMARKS =
            builder().heuristic(GraphHeuristic.LANDMARKS).build();

    private final GraphHeuristic heuristic;
    private final double heuristicWeight;
    private final int landmarkCount;
    private final boolean recordExpansions;
    private final int iterationBudget;
    private final int iterationsPerSlice;

    private GraphOptions(Builder b) {
        this.heuristic = b.heuristic;
        this.heuristicWeight = b.heuristicWeight;
        this.landmarkCount = b.landmarkCount;
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
        b.landmarkCount = landmarkCount;
        b.recordExpansions = recordExpansions;
        b.iterationBudget = iterationBudget;
        b.iterationsPerSlice = iterationsPerSlice;
        return b;
    }

    public GraphHeuristic heuristic() {
        return heuristic;
    }

    public double heuristicWeight() {
        return heuristicWeight;
    }

    /** Landmarks a {@link GraphHeuristic#LANDMARKS} query uses. */
    public int landmarkCount() {
        return landmarkCount;
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
        return "GraphOptions[heuristic=" + heuristic
                + (heuristic == GraphHeuristic.LANDMARKS ? " x" + landmarkCount : "")
                + ", weight=" + heuristicWeight + (recordExpansions ? ", recordExpansions" : "")
                + (iterationBudget != 0 ? ", budget=" + iterationBudget : "") + "]";
    }

    /** Builder of {@link GraphOptions}; each setter validates its value. */
    public static final class Builder {
        private GraphHeuristic heuristic = GraphHeuristic.AUTO;
        private double heuristicWeight = 1.0;
        private int landmarkCount = DEFAULT_LANDMARK_COUNT;
        private boolean recordExpansions;
        private int iterationBudget;
        private int iterationsPerSlice = DEFAULT_ITERATIONS_PER_SLICE;

        private Builder() {}

        public Builder heuristic(GraphHeuristic heuristic) {
            this.heuristic = Objects.requireNonNull(heuristic, "heuristic");
            return this;
        }

        /** Weight w of {@code f = g + w * h}: finite and &gt;= 0; above 1 gives up optimality. */
        public Builder heuristicWeight(double weight) {
            this.heuristicWeight = SlicedSearch.checkWeight(weight);
            return this;
        }

        /** Landmarks for {@link GraphHeuristic#LANDMARKS}, 1..64 (default 8). */
        public Builder landmarkCount(int count) {
            if (count < 1 || count > Landmarks.MAX_COUNT) {
                throw new IllegalArgumentException(
                        "landmarkCount must be in 1.." + Landmarks.MAX_COUNT + ", was " + count);
            }
            this.landmarkCount = count;
            return this;
        }

        /** Record the expanded nodes in order ({@link GraphPath#expandedNodes()}). */
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

        public GraphOptions build() {
            return new GraphOptions(this);
        }
    }
}
