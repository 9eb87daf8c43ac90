package org.onepath.grids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Supplier;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.ReferenceGrid;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.grids.jps.JumpSearch;
import org.onepath.grids.jps.OnlineJumper;
import org.onepath.grids.theta.EuclideanHeuristic;
import org.onepath.grids.theta.ThetaSearch;
import org.onepath.grids.theta.ThetaVariant;

/**
 * The tier-2 partial-path methods against a scan written here over the search's own records
 * ({@link GridSearchBuffers#isVisited}, {@link GridSearchBuffers#cost}) with the search's estimate:
 * after any number of iterations {@link SlicedSearch#closestReached()} is the visited node of
 * least (estimate, cost, node), and the path to it runs from the start along legal moves to it
 * at its cost.
 */
class PartialSearchPropertyTest {

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void closestReachedIsTheVisitedNodeOfLeastEstimateCostAndIndex(
            @ForAll @LongRange(min = 0) long seed, @ForAll @IntRange(min = 1, max = 60) int budget) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        int w = 3 + random.nextInt(12);
        int h = 3 + random.nextInt(12);
        ReferenceGrid ref = new ReferenceGrid(w, h);
        int walls = random.nextInt(40);
        for (int i = 0; i < w * h; i++) {
            ref.setArea(i % w, i / w, random.nextInt(100) < walls ? ReferenceGrid.WALL : 0);
        }
        int start = random.nextInt(w * h);
        int goal = random.nextInt(w * h);
        ref.setArea(start % w, start / w, 0);
        ref.setArea(goal % w, goal / w, 0);
        int engine = random.nextInt(3);
        try (Grid grid = ref.toGrid();
                GridSearchBuffers buffers = new GridSearchBuffers(w * h)) {
            Heuristic estimate;
            NodeSearch<?> search;
            boolean eight = true;
            switch (engine) {
                case 0 -> {
                    eight = random.nextBoolean();
                    Connectivity c = eight ? Connectivity.EIGHT : Connectivity.FOUR;
                    estimate = eight ? new OctileHeuristic(w, 1.0) : new ManhattanHeuristic(w, 1.0);
                    search = new AStar<>(
                            grid.createTopology(1, c, DiagonalRule.NO_CORNER_CUTTING),
                            DefaultStepCost.INSTANCE,
                            eight ? new OctileHeuristic(w, 1.0) : new ManhattanHeuristic(w, 1.0),
                            buffers);
                }
                case 1 -> {
                    estimate = new OctileHeuristic(w, 1.0);
                    search = new JumpSearch<>(grid, new OnlineJumper(grid), new OctileHeuristic(w, 1.0), 1.0, buffers);
                }
                default -> {
                    estimate = new EuclideanHeuristic(w, 1.0);
                    search = new ThetaSearch<>(grid, ThetaVariant.THETA, new EuclideanHeuristic(w, 1.0), 1.0, buffers);
                }
            }
            estimate.setGoal(goal);
            search.begin(start, goal);
            SearchStatus status = search.step(budget);
            Statistics.label("status").collect(status);
            assertTrue(search.offersPartialPaths());
            int expected = -1;
            for (int n = 0; n < w * h; n++) {
                if (!buffers.isVisited(n)) {
                    continue;
                }
                if (expected < 0
                        || estimate.estimate(n) < estimate.estimate(expected)
                        || (estimate.estimate(n) == estimate.estimate(expected)
                                && buffers.cost(n) < buffers.cost(expected))) {
                    expected = n; // ascending n: an equal key keeps the smaller node
                }
            }
            int end = search.closestReached();
            int want = expected;
            Supplier<String> where = () -> "engine " + engine + " " + (start % w) + "," + (start / w) + " -> "
                    + (goal % w) + "," + (goal / w) + " budget " + budget + " status " + status + " end " + end
                    + " want " + want + "\n" + ref.picture();
            assertEquals(expected, end, where);
            int[] path = search.pathTo(end);
            assertEquals(search.pathLengthTo(end), path.length, where);
            assertEquals(start, path[0], where);
            assertEquals(end, path[path.length - 1], where);
            assertEquals(buffers.cost(end), search.costTo(end), where);
            if (engine != 2) {
                for (int i = 1; i < path.length; i++) {
                    int a = path[i - 1];
                    int b = path[i];
                    assertTrue(ref.isMove(a % w, a / w, b % w, b / w, eight, DiagonalRule.NO_CORNER_CUTTING, 1), where);
                }
            }
            if (engine == 0) {
                java.util.List<org.onepath.cells.Cell> cells = new java.util.ArrayList<>();
                for (int n : path) {
                    cells.add(new org.onepath.cells.Cell(n % w, n / w));
                }
                assertEquals(Double.doubleToLongBits(ref.pathCost(cells)), Double.doubleToLongBits(search.costTo(end)));
            }
            if (status == SearchStatus.FOUND) {
                assertEquals(goal, end, where);
                assertEquals(search.pathLength(), path.length, where);
            }
            int unreached = -1;
            for (int n = 0; n < w * h && unreached < 0; n++) {
                if (!buffers.isVisited(n)) {
                    unreached = n;
                }
            }
            if (unreached >= 0) {
                int u = unreached;
                assertThrows(IllegalArgumentException.class, () -> search.pathTo(u), where);
            }
        }
    }

    @Test
    void lazyThetaOffersNoPartialPaths() {
        try (Grid grid = Grid.create(4, 4);
                GridSearchBuffers buffers = new GridSearchBuffers(16)) {
            ThetaSearch<EuclideanHeuristic> lazy =
                    new ThetaSearch<>(grid, ThetaVariant.LAZY_REQUEUE, new EuclideanHeuristic(4, 1.0), 1.0, buffers);
            lazy.begin(0, 15);
            lazy.step(2);
            assertFalse(lazy.offersPartialPaths());
            assertThrows(UnsupportedOperationException.class, lazy::closestReached);
        }
        try (Grid grid = Grid.create(4, 4);
                GridSearchBuffers buffers = new GridSearchBuffers(16)) {
            AStar<SquareTopology, DefaultStepCost, ZeroHeuristic> astar = new AStar<>(
                    grid.createTopology(1, Connectivity.FOUR, DiagonalRule.NO_CORNER_CUTTING),
                    DefaultStepCost.INSTANCE,
                    ZeroHeuristic.INSTANCE,
                    buffers);
            assertThrows(IllegalStateException.class, astar::closestReached);
        }
    }
}
