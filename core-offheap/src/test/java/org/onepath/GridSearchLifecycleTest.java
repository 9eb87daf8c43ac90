package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SquareTopology;

/**
 * The life of a {@link GridSearch}: refused begins leave a running search alone, the throwing
 * begin, step before a begin, step after an edit, use after close, searches after edits equal a
 * fresh grid's, and the generic engine equals a hand-built A* cell for cell.
 */
class GridSearchLifecycleTest {
    /** The algorithms a GridSearch handle runs (the any-angle ones are findPath's only). */
    private static final GridAlgorithm[] HANDLE_ALGORITHMS = {
        GridAlgorithm.ASTAR, GridAlgorithm.JPS, GridAlgorithm.JPS_PLUS
    };

    private static List<GridOptions> algorithmsBothEngines() {
        List<GridOptions> all = new ArrayList<>();
        for (GridAlgorithm a : HANDLE_ALGORITHMS) {
            for (boolean specialised : new boolean[] {true, false}) {
                all.add(GridOptions.builder()
                        .algorithm(a)
                        .specializedEngines(specialised)
                        .build());
            }
        }
        return all;
    }

    /** A copy of the grid's cells and area costs in a new grid. */
    private static Grid copyOf(Grid grid) {
        Grid copy = Grid.create(grid.width(), grid.height());
        for (int y = 0; y < grid.height(); y++) {
            for (int x = 0; x < grid.width(); x++) {
                copy.setArea(x, y, grid.area(x, y));
            }
        }
        copy.areas().copyFrom(grid.areas());
        return copy;
    }

    private static Cell randomOpenCell(Random random, Grid grid) {
        for (int tries = 0; tries < 1000; tries++) {
            int x = random.nextInt(grid.width());
            int y = random.nextInt(grid.height());
            if (grid.isWalkable(x, y)) {
                return new Cell(x, y);
            }
        }
        return null;
    }

    private static Cell randomWall(Random random, Grid grid) {
        for (int tries = 0; tries < 1000; tries++) {
            int x = random.nextInt(grid.width());
            int y = random.nextInt(grid.height());
            if (!grid.isWalkable(x, y)) {
                return new Cell(x, y);
            }
        }
        return null;
    }

    @Test
    void beforeAnyBeginNothingRunsAndStepThrows() {
        try (Grid grid = Grid.fromText("....\n.#..\n....\n");
                GridSearch search = grid.createSearch(GridOptions.DEFAULT)) {
            assertNull(search.algorithm());
            assertEquals(PathStatus.NONE, search.status());
            assertEquals(0, search.iterations());
            assertEquals(0, search.expandedCount());
            assertEquals(Double.POSITIVE_INFINITY, search.cost());
            assertEquals(0, search.pathLength());
            assertThrows(IllegalStateException.class, () -> search.step(1));
            assertThrows(IllegalStateException.class, () -> search.copyPath(new int[12]));
            // A refused begin is not a begin.
            assertEquals(PathStatus.START_INVALID, search.tryBegin(1, 1, 0, 0));
            assertEquals(PathStatus.GOAL_INVALID, search.tryBegin(0, 0, 4, 0));
            assertThrows(IllegalStateException.class, () -> search.step(1));
            assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(0, 0, 3, 2));
            assertEquals(GridAlgorithm.ASTAR, search.algorithm());
            assertEquals(PathStatus.FOUND, search.step(Integer.MAX_VALUE));
        }
    }

    @Test
    void beginThrowsForInvalidEnds() {
        try (Grid grid = Grid.fromText("....\n.#..\n....\n")) {
            for (GridOptions options : algorithmsBothEngines()) {
                try (GridSearch search = grid.createSearch(options)) {
                    assertThrows(IllegalArgumentException.class, () -> search.begin(new Cell(1, 1), new Cell(0, 0)));
                    assertThrows(IllegalArgumentException.class, () -> search.begin(new Cell(0, 0), new Cell(1, 1)));
                    assertThrows(IllegalArgumentException.class, () -> search.begin(new Cell(-1, 0), new Cell(0, 0)));
                    assertThrows(IllegalArgumentException.class, () -> search.begin(new Cell(0, 0), new Cell(0, 3)));
                    assertThrows(IllegalStateException.class, () -> search.step(1), "a throwing begin did not begin");
                    assertDoesNotThrow(() -> search.begin(new Cell(0, 0), new Cell(3, 2)));
                    assertEquals(PathStatus.IN_PROGRESS, search.status());
                }
            }
            // Too narrow for the agent, and refused by the blocking delegate.
            try (GridSearch search = grid.createSearch(GridOptions.forAgentSize(2))) {
                assertEquals(PathStatus.START_INVALID, search.tryBegin(3, 0, 2, 0));
                assertEquals(PathStatus.GOAL_INVALID, search.tryBegin(2, 0, 0, 0));
                assertThrows(IllegalArgumentException.class, () -> search.begin(new Cell(0, 2), new Cell(2, 0)));
                assertDoesNotThrow(() -> search.begin(new Cell(2, 1), new Cell(2, 0)));
            }
            GridOptions blocked = GridOptions.builder()
                    .algorithm(GridAlgorithm.JPS)
                    .blocked((x, y) -> x == 3 && y == 2)
                    .build();
            try (GridSearch search = grid.createSearch(blocked)) {
                assertEquals(PathStatus.GOAL_INVALID, search.tryBegin(0, 0, 3, 2));
                assertThrows(IllegalArgumentException.class, () -> search.begin(new Cell(3, 2), new Cell(0, 0)));
            }
        }
    }

    @Test
    void refusedBeginsLeaveARunningSearchAlone() {
        Random random = new Random(5150);
        int compared = 0;
        for (GridOptions options : algorithmsBothEngines()) {
            for (int round = 0; round < 30; round++) {
                try (Grid grid = GridSearchSlicingTest.randomGrid(random, GridSearchSlicingTest.Cells.PLAIN, 6, 20);
                        GridSearch search = grid.createSearch(options)) {
                    Cell start = randomOpenCell(random, grid);
                    Cell goal = randomOpenCell(random, grid);
                    Cell wall = randomWall(random, grid);
                    if (start == null || wall == null) {
                        continue;
                    }
                    GridPath expected = grid.findPath(start, goal, options);
                    assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(start, goal));
                    GridAlgorithm algorithm = search.algorithm();
                    search.step(1 + random.nextInt(4));
                    PathStatus before = search.status();
                    int iterations = search.iterations();
                    assertEquals(PathStatus.START_INVALID, search.tryBegin(wall, goal));
                    assertEquals(PathStatus.START_INVALID, search.tryBegin(new Cell(grid.width(), 0), goal));
                    assertEquals(PathStatus.GOAL_INVALID, search.tryBegin(start, wall));
                    assertEquals(PathStatus.GOAL_INVALID, search.tryBegin(start.x(), start.y(), -1, 0));
                    assertThrows(IllegalArgumentException.class, () -> search.begin(start, wall));
                    assertEquals(before, search.status());
                    assertEquals(iterations, search.iterations());
                    assertEquals(algorithm, search.algorithm());
                    GridSearchSlicingTest.stepToEnd(search, random);
                    GridSearchSlicingTest.assertSameAs(
                            expected, search, random, options + " round " + round + " " + start + " -> " + goal);
                    compared++;
                }
            }
        }
        assertTrue(compared > 100, "compared " + compared);
    }

    @Test
    void stepAfterAnEditThrowsAndANewBeginSeesTheEdit() {
        for (GridOptions options : algorithmsBothEngines()) {
            try (Grid grid = Grid.create(16, 16);
                    GridSearch search = grid.createSearch(options)) {
                for (int y = 2; y < 14; y++) {
                    grid.setWalkable(8, y, false);
                }
                assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(0, 8, 15, 8));
                // Writing the value a cell already has is no edit.
                grid.setArea(0, 0, 0);
                assertEquals(PathStatus.IN_PROGRESS, search.step(0));
                // An edit undone is still two edits.
                grid.setWalkable(3, 3, false);
                grid.setWalkable(3, 3, true);
                assertThrows(IllegalStateException.class, () -> search.step(1), options.toString());
                assertThrows(IllegalStateException.class, () -> search.step(0), options.toString());
                // Open the wall in the middle: the new search goes straight through.
                grid.setWalkable(8, 8, true);
                GridPath expected;
                try (Grid fresh = copyOf(grid)) {
                    expected = fresh.findPath(new Cell(0, 8), new Cell(15, 8), options);
                }
                assertEquals(PathStatus.FOUND, expected.status());
                assertEquals(15.0, expected.cost(), 1e-12);
                assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(0, 8, 15, 8));
                GridSearchSlicingTest.stepToEnd(search, new Random(1));
                GridSearchSlicingTest.assertSameAs(expected, search, new Random(2), options.toString());
            }
        }
    }

    @Test
    void searchesAfterEditsEqualAFreshGrids() {
        Random random = new Random(8086);
        int compared = 0;
        for (GridOptions options : algorithmsBothEngines()) {
            for (int round = 0; round < 12; round++) {
                try (Grid grid = GridSearchSlicingTest.randomGrid(random, GridSearchSlicingTest.Cells.PLAIN, 4, 20);
                        GridSearch search = grid.createSearch(options)) {
                    for (int phase = 0; phase < 6; phase++) {
                        if (phase > 0) {
                            int edits = 1 + random.nextInt(8);
                            for (int k = 0; k < edits; k++) {
                                grid.setArea(
                                        random.nextInt(grid.width()),
                                        random.nextInt(grid.height()),
                                        random.nextBoolean() ? Grid.WALL : 0);
                            }
                        }
                        try (Grid fresh = copyOf(grid)) {
                            for (int q = 0; q < 3; q++) {
                                Cell start = randomOpenCell(random, grid);
                                Cell goal = randomOpenCell(random, grid);
                                if (start == null) {
                                    continue;
                                }
                                GridPath expected = fresh.findPath(start, goal, options);
                                assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(start, goal));
                                GridSearchSlicingTest.stepToEnd(search, random);
                                GridSearchSlicingTest.assertSameAs(
                                        expected,
                                        search,
                                        random,
                                        options + " round " + round + " phase " + phase + " " + start + " -> " + goal);
                                compared++;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(compared > 300, "compared " + compared);
    }

    @Test
    void areaCostChangesBetweenSearchesChooseTheEngineAgain() {
        // One handle per algorithm; between searches the area costs become non-uniform (an area no
        // cell uses), uniform again at 2, and back to 1. Jump point queries fall back to A* and
        // return; costs follow the multiplier; every search equals findPath.
        Random random = new Random(64);
        for (GridAlgorithm asked : HANDLE_ALGORITHMS) {
            GridOptions options = GridOptions.builder().algorithm(asked).build();
            try (Grid grid = Grid.fromText("......\n.##...\n...#..\n......\n");
                    GridSearch search = grid.createSearch(options)) {
                Cell start = new Cell(0, 0);
                Cell goal = new Cell(5, 3);
                double[] cost = new double[4];
                for (int phase = 0; phase < 4; phase++) {
                    switch (phase) {
                        case 1 -> grid.areas().set(3, 4.0);
                        case 2 -> {
                            for (int a = 0; a < AreaCosts.AREA_COUNT; a++) {
                                grid.areas().set(a, 2.0);
                            }
                        }
                        case 3 -> {
                            for (int a = 0; a < AreaCosts.AREA_COUNT; a++) {
                                grid.areas().set(a, 1.0);
                            }
                        }
                        default -> {}
                    }
                    GridPath expected = grid.findPath(start, goal, options);
                    assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(start, goal));
                    GridSearchSlicingTest.stepToEnd(search, random);
                    GridSearchSlicingTest.assertSameAs(expected, search, random, asked + " phase " + phase);
                    GridAlgorithm ran = phase == 1 ? GridAlgorithm.ASTAR : asked;
                    assertEquals(ran, search.algorithm(), asked + " phase " + phase);
                    cost[phase] = search.cost();
                }
                assertEquals(cost[0], cost[1], 1e-12, asked + ": an unused area's cost changes no cost");
                assertEquals(2 * cost[0], cost[2], 1e-12, asked + ": every multiplier doubled doubles the cost");
                assertEquals(
                        Double.doubleToRawLongBits(cost[0]),
                        Double.doubleToRawLongBits(cost[3]),
                        asked + ": back to 1");
            }
        }
    }

    @Test
    void afterCloseCallsThrow() {
        for (GridOptions options : algorithmsBothEngines()) {
            try (Grid grid = Grid.fromText("....\n.#..\n....\n")) {
                GridSearch search = grid.createSearch(options);
                assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(0, 0, 3, 2));
                assertEquals(PathStatus.FOUND, search.step(Integer.MAX_VALUE));
                search.close();
                assertThrows(IllegalStateException.class, () -> search.tryBegin(0, 0, 3, 2), options.toString());
                assertThrows(
                        IllegalStateException.class,
                        () -> search.tryBegin(new Cell(0, 0), new Cell(3, 2)),
                        options.toString());
                assertThrows(
                        IllegalStateException.class,
                        () -> search.begin(new Cell(0, 0), new Cell(3, 2)),
                        options.toString());
                assertThrows(IllegalStateException.class, () -> search.step(1), options.toString());
                assertThrows(IllegalStateException.class, () -> search.copyPath(new int[16]), options.toString());
                assertDoesNotThrow(search::close, "close is idempotent");
            }
        }
        Grid grid = Grid.fromText("....\n....\n");
        GridSearch search = grid.createSearch(GridOptions.DEFAULT);
        assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(0, 0, 3, 1));
        grid.close();
        assertThrows(IllegalStateException.class, () -> search.step(1), "the grid is closed");
        assertThrows(IllegalStateException.class, () -> search.tryBegin(0, 0, 3, 1), "the grid is closed");
        assertThrows(IllegalStateException.class, () -> grid.createSearch(GridOptions.DEFAULT));
        search.close();
    }

    @Test
    void genericEngineEqualsAHandBuiltAStarCellForCell() {
        Random random = new Random(1234);
        GridOptions generic = GridOptions.builder()
                .specializedEngines(false)
                .recordExpansions(true)
                .build();
        int compared = 0;
        for (int round = 0; round < 150; round++) {
            GridSearchSlicingTest.Cells cells =
                    random.nextInt(3) == 0 ? GridSearchSlicingTest.Cells.MIXED : GridSearchSlicingTest.Cells.PLAIN;
            try (Grid grid = GridSearchSlicingTest.randomGrid(random, cells, 2, 20);
                    GridSearch search = grid.createSearch(generic);
                    GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
                buffers.recordExpansions(true);
                AStar<SquareTopology, DefaultStepCost, OctileHeuristic> astar = new AStar<>(
                        grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING),
                        DefaultStepCost.INSTANCE,
                        new OctileHeuristic(grid.width(), grid.areas().minCost()),
                        buffers);
                for (int q = 0; q < 3; q++) {
                    Cell start = randomOpenCell(random, grid);
                    Cell goal = randomOpenCell(random, grid);
                    if (start == null) {
                        continue;
                    }
                    String context = "round " + round + " " + start + " -> " + goal;
                    int w = grid.width();
                    assertEquals(
                            PathStatus.IN_PROGRESS, astar.tryBegin(start.y() * w + start.x(), goal.y() * w + goal.x()));
                    SearchStatus status = astar.run();
                    GridPath path = grid.findPath(start, goal, generic);
                    assertEquals(GridAlgorithm.ASTAR, path.algorithm());
                    assertEquals(
                            status == SearchStatus.FOUND ? PathStatus.FOUND : PathStatus.NO_PATH,
                            path.status(),
                            context);
                    assertEquals(astar.iterations(), path.iterations(), context);
                    assertEquals(astar.expandedCount(), path.expandedCount(), context);
                    assertEquals(
                            Double.doubleToRawLongBits(astar.pathCost()),
                            Double.doubleToRawLongBits(path.cost()),
                            context);
                    assertArrayEquals(
                            status == SearchStatus.FOUND ? astar.path() : new int[0], path.cellIndices(), context);
                    int[] expansions = astar.expandedNodes();
                    assertEquals(expansions.length, path.expandedCells().size(), context);
                    for (int i = 0; i < expansions.length; i++) {
                        Cell c = path.expandedCells().get(i);
                        assertEquals(expansions[i], c.y() * w + c.x(), context + " expansion " + i);
                    }
                    // The resumable handle, sliced, gives the same.
                    assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(start, goal));
                    GridSearchSlicingTest.stepToEnd(search, random);
                    GridSearchSlicingTest.assertSameAs(path, search, random, context);
                    compared++;
                }
            }
        }
        assertTrue(compared > 300, "compared " + compared);
    }
}
