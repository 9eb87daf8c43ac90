package org.onepath;

import java.util.List;
import java.util.Objects;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.CellBlocker;
import org.onepath.cells.CellStepCost;
import org.onepath.cells.Connectivity;
import org.onepath.cells.PathStatus;
import org.onepath.cells.VoxelBlocker;
import org.onepath.cells.VoxelStepCost;
import org.onepath.grids.Heuristic;
import org.onepath.grids.ManhattanHeuristic;
import org.onepath.grids.ManyGoalSearch;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.StepCost;
import org.onepath.grids.theta.EuclideanHeuristic;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.grids.voxel.VoxelTopology;

/**
 * The many-goal queries of {@link Grid#findPath(Cell, List, GridOptions, Cancellation)} and
 * {@link VoxelGrid#findPath(VoxelCell, List, VoxelOptions, Cancellation)}.
 *
 * <p>A {@link ManyGoalSearch} over the generic topology chooses the goal: A* with the minimum
 * estimate for up to {@link #ESTIMATE_GOAL_LIMIT} distinct goals, Dijkstra's wave above (the
 * crossover measured in {@code docs/many-goals.md}). The goals it settles within
 * {@link ManyGoalSearch#TIE_TOLERANCE} of the cheapest are then asked as single queries with the
 * caller's options, and the answer is the single query of the smallest cost, the first listed
 * among equal costs. So the cost is, bit for bit, the minimum over the single queries, whatever
 * order of summation the wave took, and the path is the one the single query returns.
 */
final class ManyGoals {
    /**
     * Most distinct valid goals the A* with the minimum estimate serves; more run Dijkstra's wave.
     * Measured with {@code ManyGoalsCrossover} (bench module), see {@code docs/many-goals.md}.
     */
    static final int ESTIMATE_GOAL_LIMIT = 64;

    private ManyGoals() {}

    // ---- square grids ----

    static GridPath find(Grid grid, Cell start, List<Cell> goals, GridOptions options, Cancellation cancellation) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(options, "options");
        checkGoals(goals);
        GridAlgorithm algorithm = options.algorithm();
        if (algorithm == GridAlgorithm.THETA_STAR
                || algorithm == GridAlgorithm.LAZY_THETA_STAR
                || algorithm == GridAlgorithm.HPA) {
            throw new IllegalArgumentException(
                    "findPath with many goals needs a search that is optimal on the cells (ASTAR, JPS, JPS_PLUS,"
                            + " JPS_PLUS_BOUNDED), not " + algorithm);
        }
        if (options.heuristicWeight() != 1.0) {
            throw new IllegalArgumentException(
                    "findPath with many goals needs heuristic weight 1, was " + options.heuristicWeight());
        }
        if (options.allowPartial()) {
            throw new IllegalArgumentException(
                    "findPath with many goals does not return partial paths (allowPartial is set); ask the goals one by one");
        }
        grid.ensureOpen();
        if (!canStand(grid, start.x(), start.y(), options)) {
            return grid.findPath(start, goals.get(0), options, cancellation); // START_INVALID
        }
        int w = grid.width();
        int[] nodes = new int[goals.size()];
        int valid = 0;
        for (int i = 0; i < nodes.length; i++) {
            Cell g = goals.get(i);
            nodes[i] = canStand(grid, g.x(), g.y(), options) ? g.y() * w + g.x() : -1;
            valid += nodes[i] >= 0 ? 1 : 0;
        }
        if (valid == 0) {
            return grid.findPath(start, goals.get(0), options, cancellation); // GOAL_INVALID
        }
        int[] validNodes = compact(nodes, valid);
        Heuristic heuristic = options.heuristic() == HeuristicKind.ZERO || distinct(validNodes) > ESTIMATE_GOAL_LIMIT
                ? null
                : heuristicOf(grid, options);
        ManyGoalSearch search = new ManyGoalSearch(
                grid.createTopology(options.agentSize(), options.connectivity(), options.diagonalRule()),
                stepCost(w, options.stepCost(), options.blocked()),
                heuristic);
        search.begin(start.y() * w + start.x(), validNodes);
        SearchStatus status = run(search, options.iterationBudget(), options.iterationsPerSlice(), cancellation);
        GridAlgorithm named = options.algorithmFor(grid.areas(), grid.width(), grid.height());
        if (status != SearchStatus.FOUND) {
            PathStatus end = status == SearchStatus.NO_PATH ? PathStatus.NO_PATH : PathStatus.BUDGET_EXHAUSTED;
            return new GridPath(
                    end,
                    w,
                    grid.space(),
                    null,
                    Double.POSITIVE_INFINITY,
                    search.expandedCount(),
                    search.iterations(),
                    named,
                    null,
                    options.stepCost() != null);
        }
        GridPath best = null;
        double limit = limit(search.bestCost());
        int[] asked = new int[valid];
        int askedCount = 0;
        int v = -1;
        for (int i = 0; i < nodes.length; i++) {
            if (nodes[i] < 0) {
                continue;
            }
            v++;
            if (!(search.goalCost(v) <= limit) || contains(asked, askedCount, nodes[i])) {
                continue;
            }
            asked[askedCount++] = nodes[i];
            GridPath single = grid.findPath(start, goals.get(i), options, cancellation);
            if (best == null || better(single.status(), single.cost(), best.status(), best.cost())) {
                best = single;
            }
        }
        return best;
    }

    private static boolean canStand(Grid grid, int x, int y, GridOptions options) {
        if (!grid.contains(x, y)) {
            return false;
        }
        int size = options.agentSize();
        boolean fits = size == 1 ? grid.areaAt(y * grid.width() + x) != Grid.WALL : grid.maxAgentSizeAt(x, y) >= size;
        CellBlocker blocked = options.blocked();
        return fits && (blocked == null || !blocked.isBlocked(x, y));
    }

    private static Heuristic heuristicOf(Grid grid, GridOptions options) {
        HeuristicKind kind = options.heuristic();
        if (kind == HeuristicKind.AUTO) {
            kind = options.connectivity() == Connectivity.EIGHT ? HeuristicKind.OCTILE : HeuristicKind.MANHATTAN;
        }
        double scale = grid.areas().minCost();
        return switch (kind) {
            case OCTILE -> new OctileHeuristic(grid.width(), scale);
            case MANHATTAN -> new ManhattanHeuristic(grid.width(), scale);
            case EUCLIDEAN -> new EuclideanHeuristic(grid.width(), scale);
            case ZERO, AUTO -> null;
        };
    }

    private static StepCost stepCost(int width, CellStepCost stepCost, CellBlocker blocked) {
        if (stepCost == null && blocked == null) {
            return null;
        }
        return (from, to, base) -> {
            int tx = to % width;
            int ty = to / width;
            if (blocked != null && blocked.isBlocked(tx, ty)) {
                return Double.POSITIVE_INFINITY;
            }
            return stepCost == null ? base : stepCost.cost(from % width, from / width, tx, ty, base);
        };
    }

    // ---- voxel grids ----

    static VoxelPath find(
            VoxelGrid grid, VoxelCell start, List<VoxelCell> goals, VoxelOptions options, Cancellation cancellation) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(options, "options");
        checkGoals(goals);
        if (options.heuristicWeight() != 1.0) {
            throw new IllegalArgumentException(
                    "findPath with many goals needs heuristic weight 1, was " + options.heuristicWeight());
        }
        if (options.allowPartial()) {
            throw new IllegalArgumentException(
                    "findPath with many goals does not return partial paths (allowPartial is set); ask the goals one by one");
        }
        grid.ensureOpen();
        if (!canStand(grid, start, options)) {
            return grid.findPath(start, goals.get(0), options, cancellation); // START_INVALID
        }
        int[] nodes = new int[goals.size()];
        int valid = 0;
        for (int i = 0; i < nodes.length; i++) {
            VoxelCell g = goals.get(i);
            nodes[i] = canStand(grid, g, options) ? grid.indexOf(g.x(), g.y(), g.z()) : -1;
            valid += nodes[i] >= 0 ? 1 : 0;
        }
        if (valid == 0) {
            return grid.findPath(start, goals.get(0), options, cancellation); // GOAL_INVALID
        }
        int[] validNodes = compact(nodes, valid);
        VoxelTopology topology = grid.createTopology(options.connectivity(), options.cornerRule());
        Heuristic heuristic = distinct(validNodes) > ESTIMATE_GOAL_LIMIT ? null : new VoxelHeuristic(topology);
        ManyGoalSearch search = new ManyGoalSearch(
                topology, stepCost(grid.sizeX(), grid.sizeY(), options.stepCost(), options.blocked()), heuristic);
        search.begin(grid.indexOf(start.x(), start.y(), start.z()), validNodes);
        SearchStatus status = run(search, options.iterationBudget(), VoxelOptions.ITERATIONS_PER_SLICE, cancellation);
        if (status != SearchStatus.FOUND) {
            PathStatus end = status == SearchStatus.NO_PATH ? PathStatus.NO_PATH : PathStatus.BUDGET_EXHAUSTED;
            return new VoxelPath(
                    end,
                    grid.sizeX(),
                    grid.sizeY(),
                    grid.space(),
                    null,
                    Double.POSITIVE_INFINITY,
                    search.expandedCount(),
                    search.iterations(),
                    options.algorithmFor(grid.areas()),
                    null);
        }
        VoxelPath best = null;
        double limit = limit(search.bestCost());
        int[] asked = new int[valid];
        int askedCount = 0;
        int v = -1;
        for (int i = 0; i < nodes.length; i++) {
            if (nodes[i] < 0) {
                continue;
            }
            v++;
            if (!(search.goalCost(v) <= limit) || contains(asked, askedCount, nodes[i])) {
                continue;
            }
            asked[askedCount++] = nodes[i];
            VoxelPath single = grid.findPath(start, goals.get(i), options, cancellation);
            if (best == null || better(single.status(), single.cost(), best.status(), best.cost())) {
                best = single;
            }
        }
        return best;
    }

    private static boolean canStand(VoxelGrid grid, VoxelCell c, VoxelOptions options) {
        return grid.contains(c.x(), c.y(), c.z())
                && grid.isWalkable(c.x(), c.y(), c.z())
                && (options.blocked() == null || !options.blocked().isBlocked(c.x(), c.y(), c.z()));
    }

    private static StepCost stepCost(int sizeX, int sizeY, VoxelStepCost stepCost, VoxelBlocker blocked) {
        if (stepCost == null && blocked == null) {
            return null;
        }
        return (from, to, base) -> {
            int tx = to % sizeX;
            int tRest = to / sizeX;
            int ty = tRest % sizeY;
            int tz = tRest / sizeY;
            if (blocked != null && blocked.isBlocked(tx, ty, tz)) {
                return Double.POSITIVE_INFINITY;
            }
            if (stepCost == null) {
                return base;
            }
            int fRest = from / sizeX;
            return stepCost.cost(from % sizeX, fRest % sizeY, fRest / sizeY, tx, ty, tz, base);
        };
    }

    // ---- shared ----

    private static void checkGoals(List<?> goals) {
        Objects.requireNonNull(goals, "goals");
        if (goals.isEmpty()) {
            throw new IllegalArgumentException("goals must hold at least one cell, was an empty list");
        }
        for (int i = 0; i < goals.size(); i++) {
            Objects.requireNonNull(goals.get(i), "goals[" + i + "]");
        }
    }

    /** Runs the search within the budget (0 = none), checking the token before every slice. */
    private static SearchStatus run(ManyGoalSearch search, int budget, int slice, Cancellation cancellation) {
        long remaining = budget == 0 ? Long.MAX_VALUE : budget;
        SearchStatus status = search.status();
        while (status == SearchStatus.RUNNING && remaining > 0) {
            if (cancellation != null) {
                cancellation.throwIfCancelled();
            }
            int n = (int) Math.min(cancellation == null ? Integer.MAX_VALUE : slice, remaining);
            status = search.step(n);
            remaining -= n;
        }
        return status;
    }

    private static double limit(double best) {
        return best + ManyGoalSearch.TIE_TOLERANCE * best;
    }

    /** FOUND beats anything else; among FOUND, only a strictly smaller cost replaces the earlier. */
    private static boolean better(PathStatus status, double cost, PathStatus bestStatus, double bestCost) {
        if (status != PathStatus.FOUND) {
            return false;
        }
        return bestStatus != PathStatus.FOUND || cost < bestCost;
    }

    private static int[] compact(int[] nodes, int valid) {
        int[] out = new int[valid];
        int k = 0;
        for (int n : nodes) {
            if (n >= 0) {
                out[k++] = n;
            }
        }
        return out;
    }

    private static int distinct(int[] nodes) {
        int[] sorted = nodes.clone();
        java.util.Arrays.sort(sorted);
        int d = 0;
        for (int i = 0; i < sorted.length; i++) {
            d += i == 0 || sorted[i] != sorted[i - 1] ? 1 : 0;
        }
        return d;
    }

    private static boolean contains(int[] values, int count, int value) {
        for (int i = 0; i < count; i++) {
            if (values[i] == value) {
                return true;
            }
        }
        return false;
    }
}
