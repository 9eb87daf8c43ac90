package org.onepath;

import java.util.Objects;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.grids.SlicedSearch;

/**
 * Options of a tier-1 square-grid query. Immutable: build one with {@link #builder()} or start
 * from a preset with {@link #toBuilder()}; a shared preset cannot be changed under another caller.
 *
 * <p>Reusing one options object for many queries lets the grid reuse its prepared search, so
 * steady-state queries allocate nothing but the returned path.
 */
public final class GridOptions {
    /** Iterations per cancellation slice. */
    public static final int DEFAULT_ITERATIONS_PER_SLICE = 256;
    /** {@link #nearestRadius()} without a bound: the nearest-walkable search may cover the whole grid. */
    public static final int UNBOUNDED_RADIUS = Integer.MAX_VALUE;
    /** Default chunk side of {@link GridAlgorithm#HPA}. */
    public static final int DEFAULT_HPA_CHUNK_SIZE = 16;

    /** A*, eight moves, no corner cutting, agent size 1, automatic estimate, weight 1. */
    public static final GridOptions DEFAULT = builder().build();
    /** As {@link #DEFAULT} with four moves. */
    public static final GridOptions FOUR_CONNECTED =
            builder().connectivity(Connectivity.FOUR).build();
    /** As {@link #DEFAULT} with {@link DiagonalRule#NO_SQUEEZING}. */
    public static final GridOptions NO_SQUEEZING =
            builder().diagonalRule(DiagonalRule.NO_SQUEEZING).build();

    private static final GridOptions[] AGENT_SIZES = new GridOptions[Grid.MAX_AGENT_SIZE + 1];

    private final GridAlgorithm algorithm;
    private final Connectivity connectivity;
    private final DiagonalRule diagonalRule;
    private final int agentSize;
    private final HeuristicKind heuristic;
    private final double heuristicWeight;
    private final CellStepCost stepCost;
    private final CellBlocker blocked;
    private final boolean recordExpansions;
    private final int iterationBudget;
    private final int iterationsPerSlice;
    private final boolean specializedEngines;
    private final int nearestRadius;
    private final int hpaChunkSize;
    private final boolean hpaSmoothing;

    private GridOptions(Builder b) {
        this.algorithm = b.algorithm;
        this.connectivity = b.connectivity;
        this.diagonalRule = b.diagonalRule;
        this.agentSize = b.agentSize;
        this.heuristic = b.heuristic;
        this.heuristicWeight = b.heuristicWeight;
        this.stepCost = b.stepCost;
        this.blocked = b.blocked;
        this.recordExpansions = b.recordExpansions;
        this.iterationBudget = b.iterationBudget;
        this.iterationsPerSlice = b.iterationsPerSlice;
        this.specializedEngines = b.specializedEngines;
        this.nearestRadius = b.nearestRadius;
        this.hpaChunkSize = b.hpaChunkSize;
        this.hpaSmoothing = b.hpaSmoothing;
    }

    /** {@link #DEFAULT} for an agent of {@code size} cells (1..255); presets are shared. */
    public static GridOptions forAgentSize(int size) {
        Grid.checkAgentSize(size);
        synchronized (AGENT_SIZES) {
            GridOptions o = AGENT_SIZES[size];
            if (o == null) {
                o = builder().agentSize(size).build();
                AGENT_SIZES[size] = o;
            }
            return o;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these values. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.algorithm = algorithm;
        b.connectivity = connectivity;
        b.diagonalRule = diagonalRule;
        b.agentSize = agentSize;
        b.heuristic = heuristic;
        b.heuristicWeight = heuristicWeight;
        b.stepCost = stepCost;
        b.blocked = blocked;
        b.recordExpansions = recordExpansions;
        b.iterationBudget = iterationBudget;
        b.iterationsPerSlice = iterationsPerSlice;
        b.specializedEngines = specializedEngines;
        b.nearestRadius = nearestRadius;
        b.hpaChunkSize = hpaChunkSize;
        b.hpaSmoothing = hpaSmoothing;
        return b;
    }

    public GridAlgorithm algorithm() {
        return algorithm;
    }

    public Connectivity connectivity() {
        return connectivity;
    }

    public DiagonalRule diagonalRule() {
        return diagonalRule;
    }

    public int agentSize() {
        return agentSize;
    }

    public HeuristicKind heuristic() {
        return heuristic;
    }

    public double heuristicWeight() {
        return heuristicWeight;
    }

    /** The step-cost delegate, or null. */
    public CellStepCost stepCost() {
        return stepCost;
    }

    /** The blocking delegate, or null. */
    public CellBlocker blocked() {
        return blocked;
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

    /**
     * Whether a qualifying query may run the specialised octile engine (exact integer-pair costs;
     * see {@code docs/grids.md}). Both engines are optimal but may break ties between equal-cost
     * paths differently; false forces the generic engine.
     */
    public boolean specializedEngines() {
        return specializedEngines;
    }

    /**
     * How far {@link Grid#tryFindNearestWalkable(Cell, GridOptions)} looks, in Chebyshev rings
     * around the query cell (0 = the cell itself); {@link #UNBOUNDED_RADIUS} by default.
     */
    public int nearestRadius() {
        return nearestRadius;
    }

    /** Chunk side of the {@link GridAlgorithm#HPA} hierarchy (default 16). */
    public int hpaChunkSize() {
        return hpaChunkSize;
    }

    /** Whether {@link GridAlgorithm#HPA} smooths its refined path (default true). */
    public boolean hpaSmoothing() {
        return hpaSmoothing;
    }

    @Override
    public String toString() {
        return "GridOptions[" + algorithm + ", " + connectivity + ", " + diagonalRule + ", agentSize=" + agentSize
                + ", heuristic=" + heuristic + ", weight=" + heuristicWeight
                + (stepCost != null ? ", stepCost" : "") + (blocked != null ? ", blocked" : "")
                + (recordExpansions ? ", recordExpansions" : "")
                + (iterationBudget != 0 ? ", budget=" + iterationBudget : "")
                + (specializedEngines ? "" : ", generic engines")
                + (nearestRadius != UNBOUNDED_RADIUS ? ", nearestRadius=" + nearestRadius : "")
                + (algorithm == GridAlgorithm.HPA
                        ? ", chunk " + hpaChunkSize + (hpaSmoothing ? "" : ", unsmoothed")
                        : "")
                + "]";
    }

    /** Builder of {@link GridOptions}; each setter validates its value. */
    public static final class Builder {
        private GridAlgorithm algorithm = GridAlgorithm.ASTAR;
        private Connectivity connectivity = Connectivity.EIGHT;
        private DiagonalRule diagonalRule = DiagonalRule.NO_CORNER_CUTTING;
        private int agentSize = 1;
        private HeuristicKind heuristic = HeuristicKind.AUTO;
        private double heuristicWeight = 1.0;
        private CellStepCost stepCost;
        private CellBlocker blocked;
        private boolean recordExpansions;
        private int iterationBudget;
        private int iterationsPerSlice = DEFAULT_ITERATIONS_PER_SLICE;
        private boolean specializedEngines = true;
        private int nearestRadius = UNBOUNDED_RADIUS;
        private int hpaChunkSize = DEFAULT_HPA_CHUNK_SIZE;
        private boolean hpaSmoothing = true;

        private Builder() {}

        /** Chebyshev rings the nearest-walkable search may scan, at least 0 (default {@link #UNBOUNDED_RADIUS}). */
        public Builder nearestRadius(int radius) {
            if (radius < 0) {
                throw new IllegalArgumentException(
                        "nearestRadius must be >= 0 (0 = the query cell only), was " + radius);
            }
            this.nearestRadius = radius;
            return this;
        }

        /** Chunk side of the {@link GridAlgorithm#HPA} hierarchy, 2..256 (default 16). */
        public Builder hpaChunkSize(int size) {
            if (size < 2 || size > 256) {
                throw new IllegalArgumentException("hpaChunkSize must be in 2..256, was " + size);
            }
            this.hpaChunkSize = size;
            return this;
        }

        /** Whether {@link GridAlgorithm#HPA} smooths its refined path (default true). */
        public Builder hpaSmoothing(boolean on) {
            this.hpaSmoothing = on;
            return this;
        }

        /** Whether qualifying queries may run the specialised octile engine (default true). */
        public Builder specializedEngines(boolean on) {
            this.specializedEngines = on;
            return this;
        }

        public Builder algorithm(GridAlgorithm algorithm) {
            this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
            return this;
        }

        public Builder connectivity(Connectivity connectivity) {
            this.connectivity = Objects.requireNonNull(connectivity, "connectivity");
            return this;
        }

        public Builder diagonalRule(DiagonalRule rule) {
            this.diagonalRule = Objects.requireNonNull(rule, "diagonalRule");
            return this;
        }

        /** Agent side in cells, 1..255. */
        public Builder agentSize(int size) {
            Grid.checkAgentSize(size);
            this.agentSize = size;
            return this;
        }

        public Builder heuristic(HeuristicKind heuristic) {
            this.heuristic = Objects.requireNonNull(heuristic, "heuristic");
            return this;
        }

        /** Weight w of {@code f = g + w * h}: finite and &gt;= 0; above 1 gives up optimality. */
        public Builder heuristicWeight(double weight) {
            this.heuristicWeight = SlicedSearch.checkWeight(weight);
            return this;
        }

        /** Step-cost delegate, or null for the grid's costs. */
        public Builder stepCost(CellStepCost stepCost) {
            this.stepCost = stepCost;
            return this;
        }

        /** Blocking delegate, or null. */
        public Builder blocked(CellBlocker blocked) {
            this.blocked = blocked;
            return this;
        }

        /** Record the expanded cells in order ({@link GridPath#expandedCells()}). */
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

        public GridOptions build() {
            return new GridOptions(this);
        }
    }
}
