package org.onepath;

import java.util.Objects;
import org.onepath.cells.Cancellation;
import org.onepath.graphs.Landmarks;
import org.onepath.query.GraphQueries;
import org.onepath.query.SearchResult;

/**
 * Options of a tier-1 graph query ({@link Graph#findPath}, {@link PointGraph#findPath}).
 * Immutable: build one with {@link #builder()} or start from {@link #DEFAULT} with
 * {@link #toBuilder()}. Reusing one options object lets the graph reuse its prepared search.
 */
public final class GraphOptions extends SlicedQueryOptions {
    /** Iterations per cancellation slice. */
    public static final int DEFAULT_ITERATIONS_PER_SLICE = DEFAULT_SLICE_LENGTH;
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
    private final int landmarkCount;

    private GraphOptions(Builder b) {
        super(b);
        this.heuristic = b.heuristic;
        this.landmarkCount = b.landmarkCount;
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
     * The estimate (default {@link GraphHeuristic#AUTO}).
     *
     * @return the estimate, not null
     */
    public GraphHeuristic heuristic() {
        return heuristic;
    }

    /**
     * Landmarks a {@link GraphHeuristic#LANDMARKS} query uses.
     *
     * @return the landmark count, 1..64
     */
    public int landmarkCount() {
        return landmarkCount;
    }

    /** The values for reading in logs: the estimate and weight always, the rest where set. */
    @Override
    public String toString() {
        return "GraphOptions[heuristic=" + heuristic
                + (heuristic == GraphHeuristic.LANDMARKS ? " x" + landmarkCount : "") + ", weight=" + heuristicWeight()
                + recordingAndBudget('=') + "]";
    }

    /**
     * Builder of {@link GraphOptions}; each setter validates its value. The weight, recording,
     * budget and slice setters are the ones every query type shares.
     */
    public static final class Builder extends SlicedQueryOptions.Builder<Builder> {
        private GraphHeuristic heuristic = GraphHeuristic.AUTO;
        private int landmarkCount = DEFAULT_LANDMARK_COUNT;

        private Builder() {}

        private Builder(GraphOptions from) {
            super(from);
            this.heuristic = from.heuristic;
            this.landmarkCount = from.landmarkCount;
        }

        /**
         * The estimate, not null (default {@link GraphHeuristic#AUTO}).
         *
         * @param heuristic the estimate, not null
         * @return this builder
         */
        public Builder heuristic(GraphHeuristic heuristic) {
            this.heuristic = Objects.requireNonNull(heuristic, "heuristic");
            return this;
        }

        /**
         * Landmarks for {@link GraphHeuristic#LANDMARKS}, 1..64 (default 8).
         *
         * @param count the landmark count, 1..64
         * @return this builder
         * @throws IllegalArgumentException if the count is outside 1..64
         */
        public Builder landmarkCount(int count) {
            if (count < 1 || count > Landmarks.MAX_COUNT) {
                throw new IllegalArgumentException(
                        "landmarkCount must be in 1.." + Landmarks.MAX_COUNT + ", was " + count);
            }
            this.landmarkCount = count;
            return this;
        }

        /**
         * The options holding this builder's values.
         *
         * @return new options; the builder can be used again
         */
        public GraphOptions build() {
            return new GraphOptions(this);
        }
    }

    /**
     * Runs one query with these options: AUTO resolves to EUCLIDEAN where the nodes have
     * coordinates and to ZERO elsewhere.
     *
     * @throws IllegalArgumentException for EUCLIDEAN on a graph without coordinates
     */
    GraphPath runOn(GraphQueries queries, boolean hasCoordinates, int start, int goal, Cancellation cancellation) {
        if (allowPartial()) {
            throw new IllegalArgumentException(
                    "allowPartial is not supported by graph queries (grid, hex and voxel queries only)");
        }
        GraphHeuristic kind = heuristic();
        if (kind == GraphHeuristic.EUCLIDEAN && !hasCoordinates) {
            throw new IllegalArgumentException(
                    "heuristic EUCLIDEAN needs node coordinates: use a PointGraph, or AUTO, ZERO or LANDMARKS");
        }
        if (kind == GraphHeuristic.AUTO) {
            kind = hasCoordinates ? GraphHeuristic.EUCLIDEAN : GraphHeuristic.ZERO;
        }
        GraphQueries.Estimate estimate = switch (kind) {
            case EUCLIDEAN -> GraphQueries.Estimate.EUCLIDEAN;
            case LANDMARKS -> GraphQueries.Estimate.LANDMARKS;
            default -> GraphQueries.Estimate.ZERO;
        };
        SearchResult r = queries.findPath(
                start,
                goal,
                estimate,
                landmarkCount(),
                heuristicWeight(),
                iterationBudget(),
                iterationsPerSlice(),
                recordExpansions(),
                cancellation);
        return new GraphPath(
                r.status(), r.nodes(), r.edges(), r.cost(), r.expandedCount(), r.iterations(), kind, r.expanded());
    }
}
