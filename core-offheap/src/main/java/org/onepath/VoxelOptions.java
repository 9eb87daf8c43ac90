package org.onepath;

import java.util.Objects;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.SlicedSearch;

/**
 * Options of a tier-1 voxel query. Immutable: build one with {@link #builder()} or start from a
 * preset with {@link #toBuilder()}; a shared preset cannot be changed under another caller.
 *
 * <p>Reusing one options object for many queries lets the grid reuse its prepared search, so
 * steady-state queries allocate little beyond the returned path.
 */
public final class VoxelOptions {
    /** Iterations per cancellation slice. */
    public static final int ITERATIONS_PER_SLICE = 256;

    /** 26 moves, no corner cutting, the exact estimate, weight 1. */
    public static final VoxelOptions DEFAULT = builder().build();
    /** As {@link #DEFAULT} with the six face moves. */
    public static final VoxelOptions SIX_CONNECTED =
            builder().connectivity(VoxelConnectivity.SIX).build();
    /** As {@link #DEFAULT} with the 18 face and edge moves. */
    public static final VoxelOptions EIGHTEEN_CONNECTED =
            builder().connectivity(VoxelConnectivity.EIGHTEEN).build();

    private final VoxelConnectivity connectivity;
    private final VoxelCornerRule cornerRule;
    private final double heuristicWeight;
    private final VoxelStepCost stepCost;
    private final VoxelBlocker blocked;
    private final boolean recordExpansions;
    private final int iterationBudget;

    private VoxelOptions(Builder b) {
        this.connectivity = b.connectivity;
        this.cornerRule = b.cornerRule;
        this.heuristicWeight = b.heuristicWeight;
        this.stepCost = b.stepCost;
        this.blocked = b.blocked;
        this.recordExpansions = b.recordExpansions;
        this.iterationBudget = b.iterationBudget;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these values. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.connectivity = connectivity;
        b.cornerRule = cornerRule;
        b.heuristicWeight = heuristicWeight;
        b.stepCost = stepCost;
        b.blocked = blocked;
        b.recordExpansions = recordExpansions;
        b.iterationBudget = iterationBudget;
        return b;
    }

    public VoxelConnectivity connectivity() {
        return connectivity;
    }

    public VoxelCornerRule cornerRule() {
        return cornerRule;
    }

    /** Weight w of the estimate in {@code f = g + w * h}; 0 searches without an estimate. */
    public double heuristicWeight() {
        return heuristicWeight;
    }

    /** The step-cost delegate, or null. */
    public VoxelStepCost stepCost() {
        return stepCost;
    }

    /** The blocking delegate, or null. */
    public VoxelBlocker blocked() {
        return blocked;
    }

    public boolean recordExpansions() {
        return recordExpansions;
    }

    /** Most iterations a query may run, 0 for no limit. */
    public int iterationBudget() {
        return iterationBudget;
    }

    @Override
    public String toString() {
        return "VoxelOptions[" + connectivity + ", " + cornerRule + ", weight " + heuristicWeight
                + (stepCost != null ? ", stepCost" : "") + (blocked != null ? ", blocked" : "")
                + (recordExpansions ? ", recordExpansions" : "")
                + (iterationBudget != 0 ? ", budget " + iterationBudget : "") + "]";
    }

    /** Builder of {@link VoxelOptions}; starts at the defaults. */
    public static final class Builder {
        private VoxelConnectivity connectivity = VoxelConnectivity.TWENTY_SIX;
        private VoxelCornerRule cornerRule = VoxelCornerRule.NO_CORNER_CUTTING;
        private double heuristicWeight = 1.0;
        private VoxelStepCost stepCost;
        private VoxelBlocker blocked;
        private boolean recordExpansions;
        private int iterationBudget;

        private Builder() {}

        public Builder connectivity(VoxelConnectivity connectivity) {
            this.connectivity = Objects.requireNonNull(connectivity, "connectivity");
            return this;
        }

        public Builder cornerRule(VoxelCornerRule cornerRule) {
            this.cornerRule = Objects.requireNonNull(cornerRule, "cornerRule");
            return this;
        }

        /**
         * @param weight finite and &gt;= 0; 0 searches without an estimate, above 1 gives up
         *               optimality
         */
        public Builder heuristicWeight(double weight) {
            this.heuristicWeight = SlicedSearch.checkWeight(weight);
            return this;
        }

        /** A step-cost delegate, or null for the grid's costs. */
        public Builder stepCost(VoxelStepCost stepCost) {
            this.stepCost = stepCost;
            return this;
        }

        /** A blocking delegate, or null. */
        public Builder blocked(VoxelBlocker blocked) {
            this.blocked = blocked;
            return this;
        }

        public Builder recordExpansions(boolean on) {
            this.recordExpansions = on;
            return this;
        }

        /** Most iterations a query may run (0 = no limit); a query that runs out returns BUDGET_EXHAUSTED. */
        public Builder iterationBudget(int budget) {
            this.iterationBudget = OptionChecks.iterationBudget(budget);
            return this;
        }

        public VoxelOptions build() {
            return new VoxelOptions(this);
        }
    }
}
