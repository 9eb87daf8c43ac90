package org.onepath;

import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.CellBlocker;
import org.onepath.cells.CellStepCost;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.SquareCells;
import org.onepath.grids.StepCost;
import org.onepath.query.ManyGoalsQuery;
import org.onepath.query.SquareEngine;
import org.onepath.query.SquareEstimate;
import org.onepath.query.SquareGoals;
import org.onepath.query.SquareQueryOptions;

/**
 * Options of a tier-1 square-grid query. Immutable: build one with {@link #builder()} or start
 * from a preset with {@link #toBuilder()}; a shared preset cannot be changed under another caller.
 *
 * <p>Reusing one options object for many queries lets the grid reuse its prepared search, so
 * steady-state queries allocate nothing but the returned path.
 */
public final class GridOptions extends SlicedQueryOptions {
    /** Iterations per cancellation slice. */
    public static final int DEFAULT_ITERATIONS_PER_SLICE = DEFAULT_SLICE_LENGTH;
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

    private static final GridOptions[] AGENT_SIZES = new GridOptions[SquareCells.MAX_AGENT_SIZE + 1];

    private final GridAlgorithm algorithm;
    private final Connectivity connectivity;
    private final DiagonalRule diagonalRule;
    private final int agentSize;
    private final HeuristicKind heuristic;
    private final CellStepCost stepCost;
    private final CellBlocker blocked;
    private final boolean specializedEngines;
    private final int nearestRadius;
    private final int hpaChunkSize;
    private final boolean hpaSmoothing;

    private GridOptions(Builder b) {
        super(b);
        this.algorithm = b.algorithm;
        this.connectivity = b.connectivity;
        this.diagonalRule = b.diagonalRule;
        this.agentSize = b.agentSize;
        this.heuristic = b.heuristic;
        this.stepCost = b.stepCost;
        this.blocked = b.blocked;
        this.specializedEngines = b.specializedEngines;
        this.nearestRadius = b.nearestRadius;
        this.hpaChunkSize = b.hpaChunkSize;
        this.hpaSmoothing = b.hpaSmoothing;
    }

    /**
     * {@link #DEFAULT} for an agent of {@code size} cells (1..255); presets are shared.
     *
     * @param size the agent's side in cells, 1..255
     * @return the shared options for that size
     * @throws IllegalArgumentException if the size is outside 1..255
     */
    public static GridOptions forAgentSize(int size) {
        SquareCells.checkAgentSize(size);
        synchronized (AGENT_SIZES) {
            GridOptions o = AGENT_SIZES[size];
            if (o == null) {
                o = builder().agentSize(size).build();
                AGENT_SIZES[size] = o;
            }
            return o;
        }
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
     * The search asked for (default {@link GridAlgorithm#ASTAR}); the path says which one ran.
     *
     * @return the requested algorithm, not null
     */
    public GridAlgorithm algorithm() {
        return algorithm;
    }

    /**
     * Four or eight moves (default eight).
     *
     * @return four or eight neighbours, not null
     */
    public Connectivity connectivity() {
        return connectivity;
    }

    /**
     * When a diagonal move is legal (default {@link DiagonalRule#NO_CORNER_CUTTING}).
     *
     * @return the diagonal rule, not null
     */
    public DiagonalRule diagonalRule() {
        return diagonalRule;
    }

    /**
     * Agent side in cells, 1..255 (default 1).
     *
     * @return the agent's side in cells, 1..255
     */
    public int agentSize() {
        return agentSize;
    }

    /**
     * The estimate (default {@link HeuristicKind#AUTO}: the one the moves and the algorithm call
     * for).
     *
     * @return the estimate kind, not null
     */
    public HeuristicKind heuristic() {
        return heuristic;
    }

    /**
     * The step-cost delegate, or null.
     *
     * @return the delegate that prices each step, or null for the grid's area costs
     */
    public CellStepCost stepCost() {
        return stepCost;
    }

    /**
     * The blocking delegate, or null.
     *
     * @return the delegate that may refuse cells, or null when only walls block
     */
    public CellBlocker blocked() {
        return blocked;
    }

    /**
     * Whether a qualifying query may run the specialised octile engine (exact integer-pair costs;
     * see {@code docs/grids.md}). Both engines are optimal but may break ties between equal-cost
     * paths differently; false forces the generic engine.
     *
     * @return whether the specialised engine may run
     */
    public boolean specializedEngines() {
        return specializedEngines;
    }

    /**
     * How far {@link Grid#tryFindNearestWalkable(Cell, GridOptions)} looks, in Chebyshev rings
     * around the query cell (0 = the cell itself); {@link #UNBOUNDED_RADIUS} by default.
     *
     * @return the ring count, 0 or more
     */
    public int nearestRadius() {
        return nearestRadius;
    }

    /**
     * Chunk side of the {@link GridAlgorithm#HPA} hierarchy (default 16).
     *
     * @return the chunk side in cells, 2..256
     */
    public int hpaChunkSize() {
        return hpaChunkSize;
    }

    /**
     * Whether {@link GridAlgorithm#HPA} smooths its refined path (default true).
     *
     * @return whether HPA* smooths its path
     */
    public boolean hpaSmoothing() {
        return hpaSmoothing;
    }

    /** The values for reading in logs: the moves and estimate always, the rest where set. */
    @Override
    public String toString() {
        return "GridOptions[" + algorithm + ", " + connectivity + ", " + diagonalRule + ", agentSize=" + agentSize
                + ", heuristic=" + heuristic + ", weight=" + heuristicWeight()
                + (stepCost != null ? ", stepCost" : "") + (blocked != null ? ", blocked" : "")
                + recordingAndBudget('=')
                + (specializedEngines ? "" : ", generic engines")
                + (nearestRadius != UNBOUNDED_RADIUS ? ", nearestRadius=" + nearestRadius : "")
                + (algorithm == GridAlgorithm.HPA
                        ? ", chunk " + hpaChunkSize + (hpaSmoothing ? "" : ", unsmoothed")
                        : "")
                + "]";
    }

    /**
     * Builder of {@link GridOptions}; each setter validates its value. The weight, recording,
     * budget and slice setters are the ones every query type shares.
     */
    public static final class Builder extends SlicedQueryOptions.Builder<Builder> {
        private GridAlgorithm algorithm = GridAlgorithm.ASTAR;
        private Connectivity connectivity = Connectivity.EIGHT;
        private DiagonalRule diagonalRule = DiagonalRule.NO_CORNER_CUTTING;
        private int agentSize = 1;
        private HeuristicKind heuristic = HeuristicKind.AUTO;
        private CellStepCost stepCost;
        private CellBlocker blocked;
        private boolean specializedEngines = true;
        private int nearestRadius = UNBOUNDED_RADIUS;
        private int hpaChunkSize = DEFAULT_HPA_CHUNK_SIZE;
        private boolean hpaSmoothing = true;

        private Builder() {}

        private Builder(GridOptions from) {
            super(from);
            this.algorithm = from.algorithm;
            this.connectivity = from.connectivity;
            this.diagonalRule = from.diagonalRule;
            this.agentSize = from.agentSize;
            this.heuristic = from.heuristic;
            this.stepCost = from.stepCost;
            this.blocked = from.blocked;
            this.specializedEngines = from.specializedEngines;
            this.nearestRadius = from.nearestRadius;
            this.hpaChunkSize = from.hpaChunkSize;
            this.hpaSmoothing = from.hpaSmoothing;
        }

        /**
         * Chebyshev rings the nearest-walkable search may scan, at least 0 (default
         * {@link #UNBOUNDED_RADIUS}).
         *
         * @param radius the ring count, 0 (the query cell only) or more
         * @return this builder
         * @throws IllegalArgumentException if the radius is negative
         */
        public Builder nearestRadius(int radius) {
            if (radius < 0) {
                throw new IllegalArgumentException(
                        "nearestRadius must be >= 0 (0 = the query cell only), was " + radius);
            }
            this.nearestRadius = radius;
            return this;
        }

        /**
         * Chunk side of the {@link GridAlgorithm#HPA} hierarchy, 2..256 (default 16).
         *
         * @param size the chunk side in cells, 2..256
         * @return this builder
         * @throws IllegalArgumentException if the size is outside 2..256
         */
        public Builder hpaChunkSize(int size) {
            if (size < 2 || size > 256) {
                throw new IllegalArgumentException("hpaChunkSize must be in 2..256, was " + size);
            }
            this.hpaChunkSize = size;
            return this;
        }

        /**
         * Whether {@link GridAlgorithm#HPA} smooths its refined path (default true).
         *
         * @param on true to smooth, false to keep the refined path as it is
         * @return this builder
         */
        public Builder hpaSmoothing(boolean on) {
            this.hpaSmoothing = on;
            return this;
        }

        /**
         * Whether qualifying queries may run the specialised octile engine (default true).
         *
         * @param on true to allow the specialised engine, false to force the generic one
         * @return this builder
         */
        public Builder specializedEngines(boolean on) {
            this.specializedEngines = on;
            return this;
        }

        /**
         * The search to run, not null (default {@link GridAlgorithm#ASTAR}).
         *
         * @param algorithm the algorithm, not null
         * @return this builder
         */
        public Builder algorithm(GridAlgorithm algorithm) {
            this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
            return this;
        }

        /**
         * Four or eight moves, not null (default eight).
         *
         * @param connectivity four or eight neighbours, not null
         * @return this builder
         */
        public Builder connectivity(Connectivity connectivity) {
            this.connectivity = Objects.requireNonNull(connectivity, "connectivity");
            return this;
        }

        /**
         * When a diagonal move is legal, not null (default {@link DiagonalRule#NO_CORNER_CUTTING}).
         *
         * @param rule the diagonal rule, not null
         * @return this builder
         */
        public Builder diagonalRule(DiagonalRule rule) {
            this.diagonalRule = Objects.requireNonNull(rule, "diagonalRule");
            return this;
        }

        /**
         * Agent side in cells, 1..255.
         *
         * @param size the agent's side in cells, 1..255
         * @return this builder
         * @throws IllegalArgumentException if the size is outside 1..255
         */
        public Builder agentSize(int size) {
            SquareCells.checkAgentSize(size);
            this.agentSize = size;
            return this;
        }

        /**
         * The estimate, not null (default {@link HeuristicKind#AUTO}).
         *
         * @param heuristic the estimate kind, not null
         * @return this builder
         */
        public Builder heuristic(HeuristicKind heuristic) {
            this.heuristic = Objects.requireNonNull(heuristic, "heuristic");
            return this;
        }

        /**
         * Step-cost delegate, or null for the grid's costs.
         *
         * @param stepCost the delegate that prices each step, or null
         * @return this builder
         */
        public Builder stepCost(CellStepCost stepCost) {
            this.stepCost = stepCost;
            return this;
        }

        /**
         * Blocking delegate, or null.
         *
         * @param blocked the delegate that may refuse cells, or null
         * @return this builder
         */
        public Builder blocked(CellBlocker blocked) {
            this.blocked = blocked;
            return this;
        }

        /**
         * The options holding this builder's values.
         *
         * @return new options; the builder can be used again
         */
        public GridOptions build() {
            return new GridOptions(this);
        }
    }

    // ---- the engine these options choose ----

    private static final GridAlgorithm[] ALGORITHMS = GridAlgorithm.values();
    private static final SquareEngine[] ENGINES = SquareEngine.values();
    private static final SquareEstimate[] ESTIMATES = SquareEstimate.values();

    /** These options as the square-grid drivers read them, made on first use and kept. */
    private SquareQueryOptions query;

    /**
     * These options as the square-grid drivers read them; one object per options, so a driver
     * recognises repeated options by identity. A race may build two equal ones: harmless.
     */
    SquareQueryOptions query() {
        SquareQueryOptions q = query;
        if (q == null) {
            q = new SquareQueryOptions(
                    ENGINES[algorithm.ordinal()],
                    connectivity,
                    diagonalRule,
                    agentSize,
                    ESTIMATES[heuristic.ordinal()],
                    heuristicWeight(),
                    stepCost,
                    blocked,
                    specializedEngines,
                    hpaChunkSize,
                    hpaSmoothing,
                    recordExpansions(),
                    allowPartial());
            query = q;
        }
        return q;
    }

    /** The tier-1 name of a driver's search (the enums share their order), or null for null. */
    static GridAlgorithm algorithmOf(SquareEngine engine) {
        return engine == null ? null : ALGORITHMS[engine.ordinal()];
    }

    /** The algorithm a one-line query with these options runs on a grid of this size. */
    GridAlgorithm algorithmFor(AreaCosts areas, int width, int height) {
        return algorithmOf(query().engineFor(areas, width, height));
    }

    /** Whether a jump point search (or the specialised octile A*) may answer these options. */
    boolean qualifiesForJumpPoints(AreaCosts areas) {
        return query().qualifiesForJumpPoints(areas);
    }

    /** The step-cost and blocking delegates as the engines' step cost over row-major cells. */
    StepCost engineStepCost(int width) {
        return query().bothEndsStepCost(width);
    }

    /** These options as a many-goal query reads them: the any-angle and hierarchical searches are refused. */
    ManyGoalsQuery.Rules manyGoalRules() {
        return new ManyGoalsQuery.Rules(
                switch (algorithm) {
                    case THETA_STAR, LAZY_THETA_STAR, HPA -> algorithm;
                    default -> null;
                },
                heuristicWeight(),
                allowPartial(),
                iterationBudget(),
                iterationsPerSlice());
    }

    /** A many-goal query's view of the grid's cells under these moves, agent size, hooks and estimate. */
    SquareGoals manyGoalShape(SquareCells cells) {
        return new SquareGoals(
                cells, agentSize, connectivity, diagonalRule, stepCost, blocked, ESTIMATES[heuristic.ordinal()]);
    }
}
