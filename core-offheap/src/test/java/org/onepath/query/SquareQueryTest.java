package org.onepath.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.GridTables;
import org.onepath.cells.PathStatus;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.tables.SquareTables;

/** The square-grid driver on its own: the facade's answers, its refusals and its engine choice. */
class SquareQueryTest {
    private static SquareQueryOptions options(
            SquareEngine engine, Connectivity connectivity, int agentSize, SquareEstimate estimate, double weight) {
        return new SquareQueryOptions(
                engine,
                connectivity,
                DiagonalRule.NO_CORNER_CUTTING,
                agentSize,
                estimate,
                weight,
                null,
                null,
                true,
                16,
                true,
                false,
                false);
    }

    private static Grid randomGrid(long seed) {
        Random random = new Random(seed);
        Grid grid = Grid.create(40, 30);
        for (int y = 0; y < 30; y++) {
            for (int x = 0; x < 40; x++) {
                if (random.nextInt(100) < 25) {
                    grid.setArea(x, y, Grid.WALL);
                }
            }
        }
        grid.setArea(0, 0, 0);
        grid.setArea(39, 29, 0);
        return grid;
    }

    @Test
    void answersAsTheFacadeForEveryEngineItServes() {
        for (GridAlgorithm algorithm : new GridAlgorithm[] {
            GridAlgorithm.ASTAR, GridAlgorithm.JPS, GridAlgorithm.JPS_PLUS, GridAlgorithm.THETA_STAR, GridAlgorithm.HPA
        }) {
            for (boolean specialised : new boolean[] {true, false}) {
                for (long seed = 1; seed <= 5; seed++) {
                    try (Grid grid = randomGrid(seed);
                            SquareTables tables = new SquareTables(grid, GridTables.NONE);
                            SquareQuery query = new SquareQuery(grid, tables)) {
                        GridOptions facade = GridOptions.builder()
                                .algorithm(algorithm)
                                .specializedEngines(specialised)
                                .build();
                        SquareQueryOptions o = new SquareQueryOptions(
                                SquareEngine.valueOf(algorithm.name()),
                                Connectivity.EIGHT,
                                DiagonalRule.NO_CORNER_CUTTING,
                                1,
                                SquareEstimate.AUTO,
                                1.0,
                                null,
                                null,
                                specialised,
                                GridOptions.DEFAULT_HPA_CHUNK_SIZE,
                                true,
                                false,
                                false);
                        GridPath expected = grid.findPath(
                                new org.onepath.cells.Cell(0, 0), new org.onepath.cells.Cell(39, 29), facade);
                        assertEquals(PathStatus.IN_PROGRESS, query.tryBegin(o, 0, 0, 39, 29));
                        PathStatus s;
                        do {
                            s = query.step(7);
                        } while (s == PathStatus.IN_PROGRESS);
                        SearchResult r = query.result();
                        String what = algorithm + (specialised ? " specialised" : " generic") + " seed " + seed;
                        assertEquals(expected.status(), r.status(), what);
                        assertEquals(expected.algorithm().name(), query.engine().name(), what);
                        assertEquals(expected.expandedCount(), r.expandedCount(), what);
                        assertEquals(expected.iterations(), r.iterations(), what);
                        assertEquals(Double.doubleToLongBits(expected.cost()), Double.doubleToLongBits(r.cost()), what);
                        if (expected.found()) {
                            int[] cells = new int[expected.length()];
                            for (int i = 0; i < cells.length; i++) {
                                cells[i] = expected.cells().get(i).y() * 40
                                        + expected.cells().get(i).x();
                            }
                            assertArrayEquals(cells, r.pathNodes(), what);
                        } else {
                            assertNull(r.pathNodes(), what);
                        }
                    }
                }
            }
        }
    }

    @Test
    void refusesBadEndsAndStepsWithoutABegin() {
        try (Grid grid = Grid.fromText("..#\n...\n");
                SquareTables tables = new SquareTables(grid, GridTables.NONE);
                SquareQuery query = new SquareQuery(grid, tables)) {
            SquareQueryOptions o = options(SquareEngine.ASTAR, Connectivity.EIGHT, 1, SquareEstimate.AUTO, 1.0);
            IllegalStateException early = assertThrows(IllegalStateException.class, () -> query.step(1));
            assertEquals("GridSearch.step called before a successful begin", early.getMessage());
            assertEquals(PathStatus.START_INVALID, query.tryBegin(o, -1, 0, 0, 0));
            assertEquals(PathStatus.GOAL_INVALID, query.tryBegin(o, 0, 0, 2, 0));
            assertEquals(PathStatus.NONE, query.status(), "a refused begin leaves the status");
            assertNull(query.engine());
            assertEquals(PathStatus.IN_PROGRESS, query.tryBegin(o, 0, 0, 2, 1));
            grid.setArea(1, 0, Grid.WALL);
            assertThrows(IllegalStateException.class, () -> query.step(10), "an edit during the search");
        }
    }

    @Test
    void boundedSearchesNameJpsPlusWithoutCurrentBounds() {
        try (Grid grid = Grid.create(8, 8);
                SquareTables tables = new SquareTables(grid, GridTables.NONE);
                SquareQuery query = new SquareQuery(grid, tables)) {
            SquareQueryOptions o =
                    options(SquareEngine.JPS_PLUS_BOUNDED, Connectivity.EIGHT, 1, SquareEstimate.AUTO, 1.0);
            assertEquals(SquareEngine.JPS_PLUS, query.wouldRun(o));
            assertEquals(PathStatus.IN_PROGRESS, query.tryBegin(o, 0, 0, 7, 7));
            assertEquals(SquareEngine.JPS_PLUS, query.engine());
            tables.bakeGoalBounds(1, org.onepath.grids.BakeMonitor.NONE);
            assertEquals(SquareEngine.JPS_PLUS_BOUNDED, query.wouldRun(o));
            assertEquals(PathStatus.IN_PROGRESS, query.tryBegin(o, 0, 0, 7, 7));
            assertEquals(SquareEngine.JPS_PLUS_BOUNDED, query.engine());
        }
    }

    @Test
    void engineChoiceFollowsTheQualifyingRules() {
        try (Grid grid = Grid.create(4, 4)) {
            AreaCosts areas = grid.areas();
            assertEquals(
                    SquareEngine.ASTAR,
                    options(SquareEngine.LPA_STAR, Connectivity.EIGHT, 1, SquareEstimate.AUTO, 1.0)
                            .engineFor(areas, 4, 4));
            assertEquals(
                    SquareEngine.ASTAR,
                    options(SquareEngine.D_STAR_LITE, Connectivity.EIGHT, 1, SquareEstimate.AUTO, 1.0)
                            .engineFor(areas, 4, 4));
            assertEquals(
                    SquareEngine.JPS,
                    options(SquareEngine.JPS, Connectivity.EIGHT, 1, SquareEstimate.OCTILE, 1.0)
                            .engineFor(areas, 4, 4));
            assertEquals(
                    SquareEngine.ASTAR,
                    options(SquareEngine.JPS, Connectivity.FOUR, 1, SquareEstimate.AUTO, 1.0)
                            .engineFor(areas, 4, 4),
                    "four moves do not qualify");
            assertEquals(
                    SquareEngine.ASTAR,
                    options(SquareEngine.JPS, Connectivity.EIGHT, 2, SquareEstimate.AUTO, 1.0)
                            .engineFor(areas, 4, 4),
                    "a wide agent does not qualify");
            assertEquals(
                    SquareEngine.ASTAR,
                    options(SquareEngine.JPS, Connectivity.EIGHT, 1, SquareEstimate.AUTO, 1.5)
                            .engineFor(areas, 4, 4),
                    "a weight does not qualify");
            assertEquals(
                    SquareEngine.ASTAR,
                    options(SquareEngine.JPS, Connectivity.EIGHT, 1, SquareEstimate.MANHATTAN, 1.0)
                            .engineFor(areas, 4, 4),
                    "the Manhattan estimate does not qualify");
            assertEquals(
                    SquareEngine.JPS,
                    options(SquareEngine.JPS_PLUS, Connectivity.EIGHT, 1, SquareEstimate.AUTO, 1.0)
                            .engineFor(areas, JpsPlusIndex.MAX_SIDE + 1, 4),
                    "no JPS+ table past its side");
            assertEquals(
                    SquareEngine.THETA_STAR,
                    options(SquareEngine.THETA_STAR, Connectivity.EIGHT, 1, SquareEstimate.EUCLIDEAN, 2.0)
                            .engineFor(areas, 4, 4));
            assertEquals(
                    SquareEngine.ASTAR,
                    options(SquareEngine.THETA_STAR, Connectivity.EIGHT, 1, SquareEstimate.OCTILE, 1.0)
                            .engineFor(areas, 4, 4),
                    "the any-angle searches take the Euclidean estimate");
            assertEquals(
                    SquareEngine.HPA,
                    options(SquareEngine.HPA, Connectivity.FOUR, 3, SquareEstimate.MANHATTAN, 1.0)
                            .engineFor(areas, 4, 4));
            areas.set(1, 2.0);
            assertTrue(
                    !options(SquareEngine.JPS, Connectivity.EIGHT, 1, SquareEstimate.AUTO, 1.0)
                            .qualifiesForJumpPoints(areas),
                    "area costs that differ do not qualify");
        }
    }

    @Test
    void theBothEndsStepCostRefusesAMoveOutOfABlockedCell() {
        SquareQueryOptions o = new SquareQueryOptions(
                SquareEngine.ASTAR,
                Connectivity.EIGHT,
                DiagonalRule.NO_CORNER_CUTTING,
                1,
                SquareEstimate.AUTO,
                1.0,
                (fx, fy, tx, ty, base) -> base * 2,
                (x, y) -> x == 1 && y == 0,
                true,
                16,
                true,
                false,
                false);
        var cost = o.bothEndsStepCost(4);
        assertEquals(Double.POSITIVE_INFINITY, cost.cost(1, 2, 1.0), "out of the blocked cell");
        assertEquals(Double.POSITIVE_INFINITY, cost.cost(0, 1, 1.0), "into the blocked cell");
        assertEquals(2.0, cost.cost(2, 3, 1.0), "elsewhere the delegate prices");
    }
}
