package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.ZeroHeuristic;
import org.onepath.grids.theta.EuclideanHeuristic;
import org.onepath.grids.theta.ThetaSearch;
import org.onepath.grids.theta.ThetaVariant;

/**
 * The tier-1 any-angle algorithms: {@code GridAlgorithm.THETA_STAR} runs Theta*,
 * {@code LAZY_THETA_STAR} Lazy Theta* with re-queue, exactly as the tier-2 {@link ThetaSearch};
 * a query that does not qualify runs A* and says so.
 */
class AnyAngleQueriesTest {
    private static final GridOptions THETA =
            GridOptions.builder().algorithm(GridAlgorithm.THETA_STAR).build();
    private static final GridOptions LAZY =
            GridOptions.builder().algorithm(GridAlgorithm.LAZY_THETA_STAR).build();

    private static final String PICTURE = """
            ..........#.....
            ..####....#.....
            .....#....#..#..
            .....#.......#..
            ..#..######..#..
            ..#...........#.
            ..#####..####...
            ................""";

    private static ThetaVariant variantOf(GridAlgorithm algorithm) {
        return algorithm == GridAlgorithm.THETA_STAR ? ThetaVariant.THETA : ThetaVariant.LAZY_REQUEUE;
    }

    /** The tier-2 search the options stand for, run to the end, as the waypoints, cost and counts. */
    private static void assertSameAsTierTwo(Grid grid, Cell s, Cell g, GridOptions options, GridPath path) {
        double m = grid.areas().get(0);
        Heuristic h = options.heuristic() == HeuristicKind.ZERO
                ? ZeroHeuristic.INSTANCE
                : new EuclideanHeuristic(grid.width(), m);
        try (GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
            buffers.recordExpansions(true);
            ThetaSearch<Heuristic> t =
                    new ThetaSearch<>(grid, variantOf(options.algorithm()), h, m, buffers, options.heuristicWeight());
            t.begin(grid.indexOf(s.x(), s.y()), grid.indexOf(g.x(), g.y()));
            SearchStatus status = t.run();
            assertEquals(status == SearchStatus.FOUND ? PathStatus.FOUND : PathStatus.NO_PATH, path.status());
            assertEquals(options.algorithm(), path.algorithm());
            assertTrue(path.isAnyAngle());
            assertEquals(Double.doubleToRawLongBits(t.pathCost()), Double.doubleToRawLongBits(path.cost()));
            assertEquals(t.iterations(), path.iterations());
            assertEquals(t.expandedCount(), path.expandedCount());
            if (status == SearchStatus.FOUND) {
                assertArrayEquals(t.path(), path.cellIndices());
            }
            if (path.hasExpandedCells()) {
                int[] expanded = path.expandedCells().stream()
                        .mapToInt(c -> grid.indexOf(c.x(), c.y()))
                        .toArray();
                assertArrayEquals(t.expandedNodes(), expanded);
            }
        }
    }

    @Test
    void bothAlgorithmsAnswerAsTheTierTwoSearchWithWaypoints() {
        try (Grid grid = Grid.fromText(PICTURE)) {
            Cell s = new Cell(0, 7);
            Cell g = new Cell(15, 0);
            for (GridOptions options : List.of(THETA, LAZY)) {
                GridPath path = grid.findPath(s, g, options);
                assertEquals(PathStatus.FOUND, path.status());
                assertSameAsTierTwo(grid, s, g, options, path);
                List<Cell> cells = path.cells();
                assertEquals(s, cells.getFirst());
                assertEquals(g, cells.getLast());
                assertTrue(cells.size() < 10, "waypoints, not every cell: " + cells);
                GridLineOfSightCheck.assertConsecutiveSee(grid, cells);
                GridPath octile = grid.findPath(s, g);
                assertTrue(path.cost() < octile.cost(), path.cost() + " < " + octile.cost());
                assertFalse(octile.isAnyAngle());
            }
        }
    }

    @Test
    void pointsAreTheWaypointCentresInTheWorld() {
        try (Grid grid = Grid.fromText(PICTURE)) {
            grid.space(new GridSpace(10.0, -4.0, 0.5));
            GridPath path = grid.findPath(new WorldPoint(10.1, -0.2), new WorldPoint(17.9, -3.9), THETA);
            assertEquals(PathStatus.FOUND, path.status());
            List<WorldPoint> points = path.points();
            assertEquals(path.length(), points.size());
            for (int i = 0; i < points.size(); i++) {
                Cell c = path.cells().get(i);
                assertEquals(new WorldPoint(10.0 + (c.x() + 0.5) * 0.5, -4.0 + (c.y() + 0.5) * 0.5), points.get(i));
            }
        }
    }

    @Test
    void uniformCostsWeightsAndTheZeroOrEuclideanEstimateQualify() {
        try (Grid grid = Grid.fromText(PICTURE)) {
            for (int a = 0; a < 255; a++) {
                grid.areas().set(a, 3.25);
            }
            Cell s = new Cell(1, 0);
            Cell g = new Cell(12, 7);
            for (GridOptions base : List.of(THETA, LAZY)) {
                for (Function<GridOptions.Builder, GridOptions.Builder> change :
                        List.<Function<GridOptions.Builder, GridOptions.Builder>>of(
                                b -> b,
                                b -> b.heuristic(HeuristicKind.EUCLIDEAN),
                                b -> b.heuristic(HeuristicKind.ZERO),
                                b -> b.heuristicWeight(1.75),
                                b -> b.heuristicWeight(0),
                                b -> b.recordExpansions(true))) {
                    GridOptions options = change.apply(base.toBuilder()).build();
                    GridPath path = grid.findPath(s, g, options);
                    assertSameAsTierTwo(grid, s, g, options, path);
                }
            }
        }
    }

    @Test
    void aQueryThatDoesNotQualifyRunsAStarAndSaysSo() {
        try (Grid grid = Grid.fromText(PICTURE)) {
            Cell s = new Cell(0, 7);
            Cell g = new Cell(15, 0);
            List<Function<GridOptions.Builder, GridOptions.Builder>> disqualifying = List.of(
                    b -> b.connectivity(Connectivity.FOUR),
                    b -> b.diagonalRule(DiagonalRule.NO_SQUEEZING),
                    b -> b.diagonalRule(DiagonalRule.ALLOW_ALL),
                    b -> b.agentSize(2),
                    b -> b.heuristic(HeuristicKind.OCTILE),
                    b -> b.heuristic(HeuristicKind.MANHATTAN),
                    b -> b.stepCost((fx, fy, tx, ty, cost) -> cost),
                    b -> b.blocked((x, y) -> false));
            for (GridOptions base : List.of(THETA, LAZY)) {
                for (Function<GridOptions.Builder, GridOptions.Builder> change : disqualifying) {
                    GridOptions options = change.apply(base.toBuilder()).build();
                    GridPath path = grid.findPath(s, g, options);
                    GridPath astar = grid.findPath(
                            s,
                            g,
                            options.toBuilder().algorithm(GridAlgorithm.ASTAR).build());
                    assertEquals(GridAlgorithm.ASTAR, path.algorithm(), options.toString());
                    assertFalse(path.isAnyAngle());
                    assertEquals(astar.status(), path.status(), options.toString());
                    assertEquals(
                            Double.doubleToRawLongBits(astar.cost()),
                            Double.doubleToRawLongBits(path.cost()),
                            options.toString());
                    assertEquals(astar.cells(), path.cells(), options.toString());
                }
            }
            grid.areas().set(7, 2.0); // no cell uses area 7, but the costs are no longer one value
            GridPath path = grid.findPath(s, g, THETA);
            assertEquals(GridAlgorithm.ASTAR, path.algorithm(), "area costs that differ");
        }
    }

    @Test
    void theEuclideanEstimateKeepsAStarOptimal() {
        try (Grid grid = Grid.fromText(PICTURE)) {
            GridOptions euclidean =
                    GridOptions.builder().heuristic(HeuristicKind.EUCLIDEAN).build();
            GridPath a = grid.findPath(new Cell(0, 7), new Cell(15, 0), euclidean);
            GridPath octile = grid.findPath(new Cell(0, 7), new Cell(15, 0));
            assertEquals(GridAlgorithm.ASTAR, a.algorithm());
            assertEquals(octile.cost(), a.cost(), 1e-9);
            GridPath four = grid.findPath(
                    new Cell(0, 7),
                    new Cell(15, 0),
                    euclidean.toBuilder().connectivity(Connectivity.FOUR).build());
            GridPath manhattan = grid.findPath(new Cell(0, 7), new Cell(15, 0), GridOptions.FOUR_CONNECTED);
            assertEquals(manhattan.cost(), four.cost(), 1e-9);
        }
    }

    @Test
    void invalidEndsBudgetsAndNoPathAreReportedAsForAStar() {
        try (Grid grid = Grid.fromText("""
                ..#...
                ..#...
                ..#...""")) {
            GridPath startWall = grid.findPath(new Cell(2, 0), new Cell(0, 0), THETA);
            assertEquals(PathStatus.START_INVALID, startWall.status());
            assertEquals(GridAlgorithm.THETA_STAR, startWall.algorithm(), "the algorithm these options would run");
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new Cell(0, 0), new Cell(9, 0), LAZY).status());
            GridPath none = grid.findPath(new Cell(0, 0), new Cell(5, 2), LAZY);
            assertEquals(PathStatus.NO_PATH, none.status());
            assertEquals(6, none.iterations());
            assertTrue(none.cells().isEmpty());
            assertEquals(Double.POSITIVE_INFINITY, none.cost());
            GridPath budget = grid.findPath(
                    new Cell(0, 0),
                    new Cell(5, 2),
                    THETA.toBuilder().iterationBudget(4).build());
            assertEquals(PathStatus.BUDGET_EXHAUSTED, budget.status());
            assertEquals(4, budget.iterations());
        }
    }

    @Test
    void cancellableQueriesRunInSlicesWithTheSameResult() {
        try (Grid grid = Grid.fromText(PICTURE)) {
            for (GridOptions base : List.of(THETA, LAZY)) {
                GridOptions sliced = base.toBuilder()
                        .iterationsPerSlice(3)
                        .recordExpansions(true)
                        .build();
                GridPath whole = grid.findPath(
                        new Cell(0, 7),
                        new Cell(15, 0),
                        base.toBuilder().recordExpansions(true).build());
                GridPath inSlices = grid.findPath(new Cell(0, 7), new Cell(15, 0), sliced, new Cancellation());
                assertEquals(whole.cellIndices().length, inSlices.cellIndices().length);
                assertArrayEquals(whole.cellIndices(), inSlices.cellIndices());
                assertEquals(Double.doubleToRawLongBits(whole.cost()), Double.doubleToRawLongBits(inSlices.cost()));
                assertEquals(whole.iterations(), inSlices.iterations());
                assertEquals(whole.expandedCells(), inSlices.expandedCells());
                Cancellation cancelled = new Cancellation();
                cancelled.cancel();
                assertThrows(
                        CancellationException.class,
                        () -> grid.findPath(new Cell(0, 7), new Cell(15, 0), sliced, cancelled));
                GridPath after = grid.findPath(new Cell(0, 7), new Cell(15, 0), base);
                assertArrayEquals(whole.cellIndices(), after.cellIndices(), "the next query is exact");
            }
        }
    }

    @Test
    void theResumableHandleRefusesTheAnyAngleAlgorithms() {
        try (Grid grid = Grid.create(4, 4)) {
            for (GridOptions options : List.of(THETA, LAZY)) {
                IllegalArgumentException e =
                        assertThrows(IllegalArgumentException.class, () -> grid.createSearch(options));
                assertTrue(e.getMessage().contains(options.algorithm().toString()), e.getMessage());
            }
            assertEquals(3, GridAlgorithm.THETA_STAR.code());
            assertEquals(4, GridAlgorithm.LAZY_THETA_STAR.code());
        }
    }

    /** Random qualifying grids: tier 1 equals tier 2 for both algorithms, queries reusing the grid's handle. */
    @Test
    void randomQueriesEqualTheTierTwoSearch() {
        Random rnd = new Random(42);
        for (int i = 0; i < 150; i++) {
            int w = 1 + rnd.nextInt(14);
            int h = 1 + rnd.nextInt(14);
            try (Grid grid = Grid.create(w, h)) {
                for (int c = 0; c < w * h; c++) {
                    if (rnd.nextInt(100) < 30) {
                        grid.setWalkable(c % w, c / w, false);
                    }
                }
                for (int q = 0; q < 4; q++) {
                    Cell s = new Cell(rnd.nextInt(w), rnd.nextInt(h));
                    Cell g = new Cell(rnd.nextInt(w), rnd.nextInt(h));
                    for (GridOptions options : List.of(THETA, LAZY)) {
                        GridPath path = grid.findPath(s, g, options);
                        if (!grid.isWalkable(s.x(), s.y()) || !grid.isWalkable(g.x(), g.y())) {
                            assertEquals(
                                    grid.isWalkable(s.x(), s.y()) ? PathStatus.GOAL_INVALID : PathStatus.START_INVALID,
                                    path.status());
                            continue;
                        }
                        assertSameAsTierTwo(grid, s, g, options, path);
                    }
                }
            }
        }
    }

    /** Line of sight between consecutive cells of a path, by the library's test (checked exactly elsewhere). */
    static final class GridLineOfSightCheck {
        static void assertConsecutiveSee(Grid grid, List<Cell> cells) {
            org.onepath.grids.theta.GridLineOfSight los = new org.onepath.grids.theta.GridLineOfSight(grid);
            for (int i = 1; i < cells.size(); i++) {
                Cell a = cells.get(i - 1);
                Cell b = cells.get(i);
                assertTrue(los.visible(a.x(), a.y(), b.x(), b.y()), a + " sees " + b);
            }
        }
    }
}
