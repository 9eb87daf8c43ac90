package org.onepath.query;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.ToDoubleFunction;
import org.onepath.cells.Cancellation;
import org.onepath.cells.MemoryFaults;
import org.onepath.cells.PathStatus;
import org.onepath.grids.GridTopology;
import org.onepath.grids.Heuristic;
import org.onepath.grids.ManyGoalSearch;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.StepCost;

/**
 * The many-goal query of square and voxel grids: the path to the cheapest of several goals.
 *
 * <p>A {@link ManyGoalSearch} over the shape's generic topology chooses the goal: A* with the
 * minimum estimate for up to {@link #ESTIMATE_GOAL_LIMIT} distinct goals, Dijkstra's wave above
 * (the crossover measured in {@code docs/many-goals.md}). The goals it settles within
 * {@link ManyGoalSearch#TIE_TOLERANCE} of the cheapest are then asked as the facade's single
 * queries, and the answer is the single query of the smallest cost, the first listed among equal
 * costs. So the cost is, bit for bit, the minimum over the single queries, whatever order of
 * summation the wave took, and the path is the one the single query returns.
 *
 * <p>The shape ({@link SquareGoals}, {@link VoxelGoals}) says where an agent may stand and how it
 * moves; the facade's {@link Paths} ask its single query and read its results, so this driver
 * never sees a tier-1 type.
 */
public final class ManyGoalsQuery {
    /**
     * Most distinct valid goals the A* with the minimum estimate serves; more run Dijkstra's wave.
     * Measured with {@code ManyGoalsCrossover} (bench module), see {@code docs/many-goals.md}.
     */
    public static final int ESTIMATE_GOAL_LIMIT = 64;

    private ManyGoalsQuery() {}

    /**
     * What one shape of grid supplies to the goal-choosing search.
     *
     * @param <C> the shape's cell type
     * @param <T> the shape's topology type
     */
    public interface Shape<C, T extends GridTopology> {
        /** Throws {@link IllegalStateException} when the grid has been closed. */
        void ensureOpen();

        /**
         * Who answers for the grid's memory when the query fails reading it.
         *
         * @return the grid's memory faults, {@link MemoryFaults#NONE} for memory the grid owns
         */
        MemoryFaults memoryFaults();

        /**
         * The node of a cell the query's agent may stand on.
         *
         * @param cell a listed start or goal, not null
         * @return its node, or -1 when it lies outside, is a wall or solid, is too narrow for the
         *     agent or is refused by the blocking hook
         */
        int standingNode(C cell);

        /**
         * The query's moves, made once per query.
         *
         * @return a topology reading the live grid
         */
        T topology();

        /**
         * The query's hooks as one step cost.
         *
         * @return the step cost, or null for the topology's base costs
         */
        StepCost stepCost();

        /**
         * The estimate towards one goal; asked only when few distinct goals are valid.
         *
         * @param topology the topology {@link #topology()} made for this query
         * @return the estimate, or null to run Dijkstra's wave (a zero estimate)
         */
        Heuristic estimate(T topology);
    }

    /**
     * The facade's result for a goal-choosing search that ended without reaching a goal.
     *
     * @param <P> the facade's path type
     */
    @FunctionalInterface
    public interface Unreached<P> {
        /**
         * The result with no path.
         *
         * @param status NO_PATH or BUDGET_EXHAUSTED
         * @param expandedCount the nodes the goal-choosing search expanded
         * @param iterations the iterations it ran
         * @return the facade's path
         */
        P of(PathStatus status, int expandedCount, int iterations);
    }

    /**
     * The facade's side of a many-goal query: its single query and what it reads of a result.
     *
     * @param single the single query from the start to the goal at a list index
     * @param unreached the result when no goal was reached
     * @param status a result's status
     * @param cost a result's cost
     * @param <P> the facade's path type
     */
    public record Paths<P>(
            IntFunction<P> single, Unreached<P> unreached, Function<P, PathStatus> status, ToDoubleFunction<P> cost) {}

    /**
     * The options of a many-goal query, read by the facade.
     *
     * @param unsupportedAlgorithm the asked algorithm when it is not optimal on the cells (it is
     *     refused), or null
     * @param heuristicWeight must be 1
     * @param allowPartial must be false
     * @param iterationBudget iterations of the goal-choosing search, 0 for no limit
     * @param iterationsPerSlice iterations between cancellation checks
     */
    public record Rules(
            Object unsupportedAlgorithm,
            double heuristicWeight,
            boolean allowPartial,
            int iterationBudget,
            int iterationsPerSlice) {}

    /**
     * The path to the cheapest of the goals, as the facades' many-goal {@code findPath} describes
     * it: skipped invalid goals (GOAL_INVALID, the single query's, when all are), an invalid start
     * (START_INVALID), NO_PATH or BUDGET_EXHAUSTED from the goal-choosing search, else the single
     * query to the cheapest goal.
     *
     * @param start the start cell, not null (the facade checked it)
     * @param goals the listed goals, at least one
     * @param cancellation the token checked before each slice, or null
     * @param <C> the shape's cell type
     * @param <T> the shape's topology type
     * @param <P> the facade's path type
     * @return the facade's path
     * @throws IllegalArgumentException if the list is empty, the algorithm is refused, the
     *     heuristic weight is not 1 or the options allow partial paths
     */
    public static <C, T extends GridTopology, P> P find(
            C start, List<C> goals, Shape<C, T> shape, Rules rules, Paths<P> paths, Cancellation cancellation) {
        checkGoals(goals);
        if (rules.unsupportedAlgorithm() != null) {
            throw new IllegalArgumentException(
                    "findPath with many goals needs a search that is optimal on the cells (ASTAR, JPS, JPS_PLUS,"
                            + " JPS_PLUS_BOUNDED), not " + rules.unsupportedAlgorithm());
        }
        if (rules.heuristicWeight() != 1.0) {
            throw new IllegalArgumentException(
                    "findPath with many goals needs heuristic weight 1, was " + rules.heuristicWeight());
        }
        if (rules.allowPartial()) {
            throw new IllegalArgumentException(
                    "findPath with many goals does not return partial paths (allowPartial is set); ask the goals one by one");
        }
        shape.ensureOpen();
        MemoryFaults faults = shape.memoryFaults();
        faults.ensureReadable();
        try {
            return choose(start, goals, shape, rules, paths, cancellation);
        } catch (RuntimeException | InternalError e) {
            throw MemoryFaults.report(faults, e);
        }
    }

    /** {@link #find} on an open grid whose memory is readable, after the checks of the options. */
    private static <C, T extends GridTopology, P> P choose(
            C start, List<C> goals, Shape<C, T> shape, Rules rules, Paths<P> paths, Cancellation cancellation) {
        int startNode = shape.standingNode(start);
        if (startNode < 0) {
            return paths.single().apply(0); // START_INVALID
        }
        int[] nodes = new int[goals.size()];
        int valid = 0;
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = shape.standingNode(goals.get(i));
            valid += nodes[i] >= 0 ? 1 : 0;
        }
        if (valid == 0) {
            return paths.single().apply(0); // GOAL_INVALID
        }
        int[] validNodes = compact(nodes, valid);
        T topology = shape.topology();
        Heuristic heuristic = distinct(validNodes) > ESTIMATE_GOAL_LIMIT ? null : shape.estimate(topology);
        try (ManyGoalSearch search = new ManyGoalSearch(topology, shape.stepCost(), heuristic)) {
            search.begin(startNode, validNodes);
            SearchStatus status = run(search, rules.iterationBudget(), rules.iterationsPerSlice(), cancellation);
            if (status != SearchStatus.FOUND) {
                PathStatus end = status == SearchStatus.NO_PATH ? PathStatus.NO_PATH : PathStatus.BUDGET_EXHAUSTED;
                return paths.unreached().of(end, search.expandedCount(), search.iterations());
            }
            return cheapestTied(search, nodes, valid, paths);
        }
    }

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

    /**
     * Asks, as single queries, each distinct goal the search reached within the rounding limit of
     * its best cost, and keeps the cheapest answer (the first listed among equal ones): the
     * answer's cost is then a single query's, bit for bit, on every shape alike.
     *
     * @param nodes the goals' nodes in list order, -1 for a goal skipped as invalid
     * @param valid the goals not skipped
     */
    private static <P> P cheapestTied(ManyGoalSearch search, int[] nodes, int valid, Paths<P> paths) {
        P best = null;
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
            P single = paths.single().apply(i);
            if (best == null
                    || better(
                            paths.status().apply(single),
                            paths.cost().applyAsDouble(single),
                            paths.status().apply(best),
                            paths.cost().applyAsDouble(best))) {
                best = single;
            }
        }
        return best;
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
        Arrays.sort(sorted);
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
