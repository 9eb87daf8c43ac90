package org.onepath.grids.theta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.ReferenceGrid;
import org.onepath.cells.PathStatus;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.ZeroHeuristic;

/** The rules of {@link ThetaSearch} one by one, on hand-made grids. */
class ThetaSearchTest {

    private static ThetaSearch<Heuristic> search(Grid grid, ThetaVariant variant, GridSearchBuffers buffers) {
        return new ThetaSearch<>(
                grid,
                variant,
                new EuclideanHeuristic(grid.width(), grid.areas().get(0)),
                grid.areas().get(0),
                buffers);
    }

    @Test
    void anOpenGridGivesOneStraightSegmentPricedMTimesItsLength() {
        try (Grid grid = Grid.create(8, 5);
                GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
            for (int a = 0; a < 255; a++) {
                grid.areas().set(a, 2.5);
            }
            for (ThetaVariant variant : ThetaVariant.values()) {
                ThetaSearch<Heuristic> s = search(grid, variant, buffers);
                s.begin(grid.indexOf(0, 0), grid.indexOf(7, 3));
                assertEquals(SearchStatus.FOUND, s.run(), variant.toString());
                assertArrayEquals(new int[] {grid.indexOf(0, 0), grid.indexOf(7, 3)}, s.path(), variant + " waypoints");
                assertEquals(
                        Double.doubleToRawLongBits(2.5 * Math.sqrt(7 * 7 + 3 * 3)),
                        Double.doubleToRawLongBits(s.pathCost()),
                        variant + " cost = m * sqrt(dx^2 + dy^2)");
                assertEquals(s.pathCost(), s.segmentCost(grid.indexOf(0, 0), grid.indexOf(7, 3)));
            }
        }
    }

    @Test
    void theStartHasNoParentAndAStartThatIsTheGoalIsFoundAtOnce() {
        try (Grid grid = Grid.fromText("""
                ....
                .#..
                ....""");
                GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
            for (ThetaVariant variant : ThetaVariant.values()) {
                ThetaSearch<Heuristic> s = search(grid, variant, buffers);
                int start = grid.indexOf(0, 0);
                s.begin(start, grid.indexOf(3, 2));
                s.run();
                assertEquals(-1, buffers.parent(start), variant + ": the start has no parent");
                // the start's own neighbours take it as their parent: Theta* has no p to offer through
                assertEquals(start, buffers.parent(grid.indexOf(1, 0)), variant.toString());
                assertEquals(start, buffers.parent(grid.indexOf(0, 1)), variant.toString());

                s.begin(start, start);
                assertEquals(SearchStatus.FOUND, s.step(1), variant.toString());
                assertEquals(1, s.iterations());
                assertEquals(0, s.expandedCount(), "the goal's pop is not an expansion");
                assertArrayEquals(new int[] {start}, s.path());
                assertEquals(0.0, s.pathCost());
            }
        }
    }

    @Test
    void aWallMakesThePathTurnAtACellCentreBesideItsCorner() {
        ReferenceGrid ref = ReferenceGrid.parse("""
                ........
                ..####..
                ..####..
                ........""");
        try (Grid grid = ThetaGrids.toGrid(ref, 1.0);
                GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
            AnyAngleReference model = new AnyAngleReference(ref, 1.0);
            int start = grid.indexOf(0, 3);
            int goal = grid.indexOf(7, 0);
            double octile = model.octileFrom(start)[goal];
            for (ThetaVariant variant : ThetaVariant.values()) {
                ThetaSearch<Heuristic> s = search(grid, variant, buffers);
                s.begin(start, goal);
                assertEquals(SearchStatus.FOUND, s.run());
                int[] path = s.path();
                AnyAnglePathQualityTest.checkPath(
                        model, ref, path, start, goal, s.pathCost(), () -> variant + " " + Arrays.toString(path));
                assertTrue(
                        path.length >= 3,
                        variant + ": the wall hides the goal, so the path turns: " + Arrays.toString(path));
                assertTrue(
                        s.pathCost() < octile, variant + ": any-angle " + s.pathCost() + " beats the octile " + octile);
            }
        }
    }

    @Test
    void closedNodesAreNeverReopenedSoNoNodeIsExpandedTwice() {
        Random rnd = new Random(11);
        try (ThetaGrids.Pool pool = new ThetaGrids.Pool()) {
            for (int i = 0; i < 300; i++) {
                ReferenceGrid ref = ThetaGrids.random(rnd, 3, 14, 40, 1.0);
                int[] open = ThetaGrids.walkable(ref);
                if (open.length == 0) {
                    continue;
                }
                Grid grid = pool.grid(ref, 1.0);
                GridSearchBuffers buffers = pool.buffers(grid);
                buffers.recordExpansions(true);
                for (ThetaVariant variant : ThetaVariant.values()) {
                    ThetaSearch<Heuristic> s = search(grid, variant, buffers);
                    s.begin(open[rnd.nextInt(open.length)], open[rnd.nextInt(open.length)]);
                    s.run();
                    int[] expanded = s.expandedNodes();
                    assertEquals(
                            expanded.length,
                            Arrays.stream(expanded).distinct().count(),
                            () -> variant + " expanded a node twice: " + Arrays.toString(expanded) + "\n"
                                    + ref.picture());
                    assertEquals(s.expandedCount(), expanded.length, "the recorded list has expandedCount() nodes");
                }
            }
        }
    }

    /**
     * A grid found by {@link AnyAnglePathQualityTest}'s sweep: the paper's Lazy Theta* expands a
     * node under its optimistic cost and returns a path longer than the A* optimum; the
     * re-queue puts the repaired node back, pays extra pops, and does not.
     */
    @Test
    void theRequeueFixesAPathThePapersLazyThetaReturnsLongerThanAStar() {
        ReferenceGrid ref = ReferenceGrid.parse("""
                #..#
                ....
                ..#.
                ....
                ....
                ##..
                ...#
                ....
                ..#.
                ....""");
        try (Grid grid = ThetaGrids.toGrid(ref, 1.0);
                GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
            int start = grid.indexOf(3, 7);
            int goal = grid.indexOf(2, 0);
            AnyAngleReference model = new AnyAngleReference(ref, 1.0);
            double octile = model.octileFrom(start)[goal];
            ThetaSearch<Heuristic> lazy = search(grid, ThetaVariant.LAZY, buffers);
            lazy.begin(start, goal);
            lazy.run();
            double lazyCost = lazy.pathCost();
            int lazyIterations = lazy.iterations();
            assertEquals(
                    lazy.iterations() - 1,
                    lazy.expandedCount(),
                    "the paper's variant expands every pop but the goal's");
            ThetaSearch<Heuristic> requeue = search(grid, ThetaVariant.LAZY_REQUEUE, buffers);
            requeue.begin(start, goal);
            requeue.run();
            assertTrue(lazyCost > octile * (1 + 1e-9), "Lazy Theta* " + lazyCost + " is longer than A* " + octile);
            assertTrue(
                    requeue.pathCost() <= octile,
                    "with re-queue " + requeue.pathCost() + " is not longer than A* " + octile);
            assertTrue(
                    requeue.iterations() > requeue.expandedCount() + 1,
                    "some pop re-queued a repaired node instead of expanding it");
            assertTrue(requeue.iterations() > lazyIterations, "the re-queue costs pops");
        }
    }

    @Test
    void separatedCellsHaveNoPathAfterEveryReachableCellIsClosed() {
        try (Grid grid = Grid.fromText("""
                ..#...
                ..#...
                ###...""");
                GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
            for (ThetaVariant variant : ThetaVariant.values()) {
                ThetaSearch<Heuristic> s = search(grid, variant, buffers);
                s.begin(grid.indexOf(0, 0), grid.indexOf(5, 2));
                assertEquals(SearchStatus.NO_PATH, s.run());
                assertEquals(4, s.iterations(), "the four cells of the start's room");
                assertEquals(4, s.expandedCount());
                assertEquals(Double.POSITIVE_INFINITY, s.pathCost());
                assertEquals(0, s.pathLength());
                assertThrows(IllegalStateException.class, () -> s.copyPath(new int[10]));
            }
        }
    }

    @Test
    void theHeuristicWeightScalesTheEstimate() {
        // With weight 0 the search is uniform-cost over any-angle candidates; it still finds the
        // goal with a valid path, but pops at least as many nodes as with the estimate.
        try (Grid grid = Grid.create(9, 9);
                GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
            ThetaSearch<EuclideanHeuristic> weighted =
                    new ThetaSearch<>(grid, ThetaVariant.THETA, new EuclideanHeuristic(9, 1.0), 1.0, buffers, 1.0);
            weighted.begin(0, 80);
            weighted.run();
            ThetaSearch<EuclideanHeuristic> unweighted =
                    new ThetaSearch<>(grid, ThetaVariant.THETA, new EuclideanHeuristic(9, 1.0), 1.0, buffers, 0.0);
            unweighted.begin(0, 80);
            unweighted.run();
            ThetaSearch<ZeroHeuristic> zero =
                    new ThetaSearch<>(grid, ThetaVariant.THETA, ZeroHeuristic.INSTANCE, 1.0, buffers);
            zero.begin(0, 80);
            zero.run();
            assertEquals(unweighted.iterations(), zero.iterations(), "weight 0 is the zero estimate");
            assertTrue(
                    weighted.iterations() < unweighted.iterations(),
                    weighted.iterations() + " vs " + unweighted.iterations());
            assertEquals(
                    Double.doubleToRawLongBits(8 * Math.sqrt(2.0)), Double.doubleToRawLongBits(weighted.pathCost()));
        }
    }

    @Test
    void badArgumentsAreRefusedNamingTheValue() {
        try (Grid grid = Grid.fromText("""
                .#.
                ...""");
                GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount());
                GridSearchBuffers small = new GridSearchBuffers(2)) {
            ThetaSearch<Heuristic> s = search(grid, ThetaVariant.THETA, buffers);
            IllegalStateException early = assertThrows(IllegalStateException.class, () -> s.step(1));
            assertTrue(early.getMessage().contains("before begin"), early.getMessage());
            IllegalArgumentException wall = assertThrows(IllegalArgumentException.class, () -> s.begin(1, 0));
            assertTrue(wall.getMessage().contains("start node 1 (1, 0) is a wall"), wall.getMessage());
            IllegalArgumentException goalWall = assertThrows(IllegalArgumentException.class, () -> s.begin(0, 1));
            assertTrue(goalWall.getMessage().contains("goal node 1"), goalWall.getMessage());
            IllegalArgumentException outside = assertThrows(IllegalArgumentException.class, () -> s.begin(0, 6));
            assertTrue(
                    outside.getMessage().contains("6") && outside.getMessage().contains("0..5"), outside.getMessage());
            assertEquals(PathStatus.START_INVALID, s.tryBegin(1, 0));
            assertEquals(PathStatus.GOAL_INVALID, s.tryBegin(0, -1));
            assertEquals(SearchStatus.NOT_STARTED, s.status(), "a refused begin leaves the search alone");
            s.begin(0, 2);
            IllegalArgumentException budget = assertThrows(IllegalArgumentException.class, () -> s.step(-1));
            assertTrue(budget.getMessage().contains("-1"), budget.getMessage());
            assertThrows(IllegalArgumentException.class, () -> s.segmentCost(0, 7));
            IllegalArgumentException cost = assertThrows(
                    IllegalArgumentException.class,
                    () -> new ThetaSearch<>(grid, ThetaVariant.LAZY, ZeroHeuristic.INSTANCE, 0.0, buffers));
            assertTrue(
                    cost.getMessage().contains("cellCost") && cost.getMessage().contains("0.0"), cost.getMessage());
            assertThrows(
                    IllegalArgumentException.class,
                    () -> new ThetaSearch<>(grid, ThetaVariant.LAZY, ZeroHeuristic.INSTANCE, Double.NaN, buffers));
            IllegalArgumentException weight = assertThrows(
                    IllegalArgumentException.class,
                    () -> new ThetaSearch<>(grid, ThetaVariant.LAZY, ZeroHeuristic.INSTANCE, 1.0, buffers, -1.0));
            assertTrue(weight.getMessage().contains("-1.0"), weight.getMessage());
            IllegalArgumentException room = assertThrows(
                    IllegalArgumentException.class,
                    () -> new ThetaSearch<>(grid, ThetaVariant.LAZY, ZeroHeuristic.INSTANCE, 1.0, small));
            assertTrue(
                    room.getMessage().contains("2 nodes") && room.getMessage().contains("6"), room.getMessage());
            assertThrows(IllegalArgumentException.class, () -> new EuclideanHeuristic(0, 1.0));
            assertThrows(IllegalArgumentException.class, () -> new EuclideanHeuristic(3, Double.POSITIVE_INFINITY));
        }
    }

    @Test
    void theEuclideanEstimateIsMTimesTheCentreDistance() {
        EuclideanHeuristic h = new EuclideanHeuristic(10, 2.5);
        h.setGoal(3 * 10 + 7);
        assertEquals(0.0, h.estimate(37));
        assertEquals(
                Double.doubleToRawLongBits(2.5 * Math.sqrt(7 * 7 + 3 * 3)), Double.doubleToRawLongBits(h.estimate(0)));
        assertEquals(
                Double.doubleToRawLongBits(2.5 * Math.sqrt(2.0)), Double.doubleToRawLongBits(h.estimate(2 * 10 + 6)));
        // the sum of squares is formed in 64 bits: no int overflow for long offsets
        assertEquals(Math.sqrt(2.0 * 60000L * 60000L), EuclideanHeuristic.length(60000, -60000));
    }
}
