package org.onepath;

import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.VoxelBlocker;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.cells.VoxelStepCost;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;
import org.onepath.query.ManyGoalsQuery;
import org.onepath.query.VoxelEngine;
import org.onepath.query.VoxelGoals;
import org.onepath.query.VoxelQueries;

/**
 * Options of a tier-1 voxel query. Immutable: build one with {@link #builder()} or start from a
 * preset with {@link #toBuilder()}; a shared preset cannot be changed under another caller.
 *
 * <p>Reusing one options object for many queries lets the grid reuse its prepared search, so
 * steady-state queries allocate little beyond the returned path.
 */
public final class VoxelOptions extends QueryOptions {
    /** Iterations per cancellation slice. */
    public static final int ITERATIONS_PER_SLICE = DEFAULT_SLICE_LENGTH;

    /** Default of {@link #hierarchyFaceSamples()}: the first, middle and last row of each chunk face. */
    public static final int DEFAULT_HIERARCHY_FACE_SAMPLES = VoxelHierarchy.DEFAULT_FACE_SAMPLES;

    /** A*, 26 moves, no corner cutting, the exact estimate, weight 1. */
    public static final VoxelOptions DEFAULT = builder().build();
    /** As {@link #DEFAULT} with jump point search, which qualifies for these moves and rule. */
    public static final VoxelOptions JUMP_POINTS =
            builder().algorithm(VoxelAlgorithm.JPS).build();
    /** As {@link #DEFAULT} with the six face moves. */
    public static final VoxelOptions SIX_CONNECTED =
            builder().connectivity(VoxelConnectivity.SIX).build();
    /** As {@link #DEFAULT} with the 18 face and edge moves. */
    public static final VoxelOptions EIGHTEEN_CONNECTED =
            builder().connectivity(VoxelConnectivity.EIGHTEEN).build();

    private final VoxelAlgorithm algorithm;
    private final VoxelConnectivity connectivity;
    private final VoxelCornerRule cornerRule;
    private final VoxelStepCost stepCost;
    private final VoxelBlocker blocked;
    private final int hierarchyFaceSamples;
    /** What a many-goal query runs for these options, made on first use. */
    private VoxelOptions manyGoalOptions;

    private VoxelOptions(Builder b) {
        super(b);
        this.algorithm = b.algorithm;
        this.connectivity = b.connectivity;
        this.cornerRule = b.cornerRule;
        this.stepCost = b.stepCost;
        this.blocked = b.blocked;
        this.hierarchyFaceSamples = b.hierarchyFaceSamples;
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
     * The search asked for (default {@link VoxelAlgorithm#ASTAR}); {@link VoxelPath#algorithm()}
     * says which ran.
     *
     * @return the requested algorithm, not null
     */
    public VoxelAlgorithm algorithm() {
        return algorithm;
    }

    /**
     * Six, 18 or 26 moves (default 26).
     *
     * @return the move set, not null
     */
    public VoxelConnectivity connectivity() {
        return connectivity;
    }

    /**
     * When an edge or corner move is legal (default {@link VoxelCornerRule#NO_CORNER_CUTTING}).
     *
     * @return the corner rule, not null
     */
    public VoxelCornerRule cornerRule() {
        return cornerRule;
    }

    /**
     * Sample rows and columns per chunk face of the {@link VoxelAlgorithm#HPA} hierarchy (default
     * {@value #DEFAULT_HIERARCHY_FACE_SAMPLES}): each opening between two chunks gets a transition
     * at every sample position it holds (at least one), so more samples give paths closer to the
     * optimum for a larger hierarchy and slower queries.
     *
     * @return the face samples, 1..16
     */
    public int hierarchyFaceSamples() {
        return hierarchyFaceSamples;
    }

    /**
     * The step-cost delegate, or null.
     *
     * @return the delegate that prices each step, or null for the grid's area costs
     */
    public VoxelStepCost stepCost() {
        return stepCost;
    }

    /**
     * The blocking delegate, or null.
     *
     * @return the delegate that may refuse voxels, or null when only solid voxels block
     */
    public VoxelBlocker blocked() {
        return blocked;
    }

    /** The values for reading in logs: the moves and weight always, the rest where set. */
    @Override
    public String toString() {
        return "VoxelOptions["
                + (algorithm == VoxelAlgorithm.ASTAR ? "" : algorithm + ", ")
                + (algorithm == VoxelAlgorithm.HPA ? "faceSamples " + hierarchyFaceSamples + ", " : "")
                + connectivity + ", "
                + cornerRule + ", weight " + heuristicWeight()
                + (stepCost != null ? ", stepCost" : "") + (blocked != null ? ", blocked" : "")
                + recordingAndBudget(' ') + "]";
    }

    /**
     * Builder of {@link VoxelOptions}; starts at the defaults and each setter validates its value.
     * The weight, recording and budget setters are the ones every query type shares; voxel
     * queries have no slice setter (they run in slices of {@link #ITERATIONS_PER_SLICE}).
     */
    public static final class Builder extends QueryOptions.Builder<Builder> {
        private VoxelAlgorithm algorithm = VoxelAlgorithm.ASTAR;
        private VoxelConnectivity connectivity = VoxelConnectivity.TWENTY_SIX;
        private VoxelCornerRule cornerRule = VoxelCornerRule.NO_CORNER_CUTTING;
        private VoxelStepCost stepCost;
        private VoxelBlocker blocked;
        private int hierarchyFaceSamples = DEFAULT_HIERARCHY_FACE_SAMPLES;

        private Builder() {}

        private Builder(VoxelOptions from) {
            super(from);
            this.algorithm = from.algorithm;
            this.connectivity = from.connectivity;
            this.cornerRule = from.cornerRule;
            this.stepCost = from.stepCost;
            this.blocked = from.blocked;
            this.hierarchyFaceSamples = from.hierarchyFaceSamples;
        }

        /**
         * The search to run when the query qualifies, not null (default
         * {@link VoxelAlgorithm#ASTAR}).
         *
         * @param algorithm the algorithm, not null
         * @return this builder
         */
        public Builder algorithm(VoxelAlgorithm algorithm) {
            this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
            return this;
        }

        /**
         * Six, 18 or 26 moves, not null (default 26).
         *
         * @param connectivity the move set, not null
         * @return this builder
         */
        public Builder connectivity(VoxelConnectivity connectivity) {
            this.connectivity = Objects.requireNonNull(connectivity, "connectivity");
            return this;
        }

        /**
         * When an edge or corner move is legal, not null (default
         * {@link VoxelCornerRule#NO_CORNER_CUTTING}).
         *
         * @param cornerRule the corner rule, not null
         * @return this builder
         */
        public Builder cornerRule(VoxelCornerRule cornerRule) {
            this.cornerRule = Objects.requireNonNull(cornerRule, "cornerRule");
            return this;
        }

        /**
         * Sample rows and columns per chunk face of the {@link VoxelAlgorithm#HPA} hierarchy,
         * 1..16 (default {@value VoxelOptions#DEFAULT_HIERARCHY_FACE_SAMPLES}); each value has a
         * hierarchy of its own.
         *
         * @param samples the face samples, 1..16
         * @return this builder
         * @throws IllegalArgumentException if the value is outside 1..16
         */
        public Builder hierarchyFaceSamples(int samples) {
            if (samples < 1 || samples > 16) {
                throw new IllegalArgumentException("hierarchyFaceSamples must be in 1..16, was " + samples);
            }
            this.hierarchyFaceSamples = samples;
            return this;
        }

        /**
         * A step-cost delegate, or null for the grid's costs.
         *
         * @param stepCost the delegate that prices each step, or null
         * @return this builder
         */
        public Builder stepCost(VoxelStepCost stepCost) {
            this.stepCost = stepCost;
            return this;
        }

        /**
         * A blocking delegate, or null.
         *
         * @param blocked the delegate that may refuse voxels, or null
         * @return this builder
         */
        public Builder blocked(VoxelBlocker blocked) {
            this.blocked = blocked;
            return this;
        }

        /**
         * The options holding this builder's values.
         *
         * @return new options; the builder can be used again
         */
        public VoxelOptions build() {
            return new VoxelOptions(this);
        }
    }

    /** The search a query with these options runs on a grid with these area costs ({@link VoxelEngine#chosen}). */
    VoxelAlgorithm algorithmFor(AreaCosts areas) {
        VoxelEngine engine = VoxelEngine.chosen(
                VoxelEngine.values()[algorithm.ordinal()],
                connectivity,
                cornerRule,
                heuristicWeight(),
                stepCost != null || blocked != null,
                areas);
        return VoxelAlgorithm.values()[engine.ordinal()];
    }

    /** These options as a query that runs {@code algorithm} reads them. */
    VoxelQueries.Moves moves(VoxelAlgorithm algorithm) {
        return new VoxelQueries.Moves(
                VoxelEngine.values()[algorithm.ordinal()],
                connectivity,
                cornerRule,
                hierarchyFaceSamples,
                heuristicWeight(),
                stepCost,
                blocked,
                iterationBudget(),
                ITERATIONS_PER_SLICE,
                recordExpansions(),
                allowPartial());
    }

    /**
     * The options a many-goal query runs: these, or for {@link VoxelAlgorithm#HPA} the same with
     * jump point search asked for, since the goal is chosen by exact costs and the hierarchy's are
     * not (so the exact search answers, JPS where it qualifies, else A*).
     */
    VoxelOptions manyGoalOptions() {
        VoxelOptions o = manyGoalOptions;
        if (o == null) {
            o = algorithm == VoxelAlgorithm.HPA
                    ? toBuilder().algorithm(VoxelAlgorithm.JPS).build()
                    : this;
            manyGoalOptions = o;
        }
        return o;
    }

    /** These options as a many-goal query reads them. */
    ManyGoalsQuery.Rules manyGoalRules() {
        return new ManyGoalsQuery.Rules(
                null, heuristicWeight(), allowPartial(), iterationBudget(), ITERATIONS_PER_SLICE);
    }

    /** A many-goal query's view of the grid's voxels under these moves and hooks. */
    VoxelGoals<VoxelCell> manyGoalShape(ChunkTable chunks, AreaCosts areas, Runnable gridOpen) {
        return new VoxelGoals<>(
                chunks,
                areas,
                gridOpen,
                connectivity,
                cornerRule,
                stepCost,
                blocked,
                VoxelCell::x,
                VoxelCell::y,
                VoxelCell::z);
    }
}
