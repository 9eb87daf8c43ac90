package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.onepath.cells.Cell;
import org.onepath.cells.CellStepCost;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;

/** Rule 8 at tier 1: search counters, end cells, relaxation, delegates, budgets and heuristics. */
class FindPathTest {
    private static final GridOptions FOUR_DIJKSTRA = GridOptions.builder()
            .connectivity(Connectivity.FOUR)
            .heuristic(HeuristicKind.ZERO)
            .recordExpansions(true)
            .build();

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void startEqualsGoalIsFoundWithCostZeroAndOneIteration(int agentSize) {
        try (Grid grid = Grid.create(5, 5)) {
            GridPath path = grid.findPath(new Cell(1, 2), new Cell(1, 2), GridOptions.forAgentSize(agentSize));
            assertEquals(PathStatus.FOUND, path.status());
            assertTrue(path.found());
            assertEquals(0.0, path.cost());
            assertEquals(List.of(new Cell(1, 2)), path.cells());
            assertEquals(0, path.expandedCount());
            assertEquals(1, path.iterations());
        }
    }

    @Test
    void anIterationIsOnePopAndTheGoalPopIsNotAnExpansion() {
        try (Grid grid = Grid.fromText(".....")) {
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(4, 0), FOUR_DIJKSTRA);
            assertEquals(PathStatus.FOUND, path.status());
            assertEquals(5, path.iterations());
            assertEquals(4, path.expandedCount());
            assertTrue(path.hasExpandedCells());
            assertEquals(List.of(new Cell(0, 0), new Cell(1, 0), new Cell(2, 0), new Cell(3, 0)), path.expandedCells());
            assertEquals(4.0, path.cost());
        }
    }

    @Test
    void noPathExpandsEveryPoppedNode() {
        try (Grid grid = Grid.fromText("..#..")) {
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(4, 0), FOUR_DIJKSTRA);
            assertEquals(PathStatus.NO_PATH, path.status());
            assertFalse(path.found());
            assertEquals(2, path.iterations());
            assertEquals(2, path.expandedCount());
            assertEquals(List.of(new Cell(0, 0), new Cell(1, 0)), path.expandedCells());
            assertTrue(path.cells().isEmpty());
            assertEquals(0, path.cellIndices().length);
            assertEquals(Double.POSITIVE_INFINITY, path.cost());
        }
    }

    @Test
    void longExpansionRecordsStayCompleteAndInDijkstraOrder() {
        // thousands of expansions: with the zero estimate nodes are expanded in non-decreasing
        // distance from the start, each once
        ReferenceGrid ref = new ReferenceGrid(60, 50);
        for (int y = 0; y < 50; y++) {
            for (int x = 0; x < 60; x++) {
                ref.setArea(x, y, (x * 7 + y * 13) % 11 == 4 ? ReferenceGrid.WALL : (x + y) % 3);
            }
        }
        ref.setMultiplier(1, 0.5);
        ref.setMultiplier(2, 1.75);
        double[] dist = ref.distancesFrom(0, 0, true, DiagonalRule.NO_CORNER_CUTTING, 1);
        try (Grid grid = ref.toGrid()) {
            GridOptions options = GridOptions.builder()
                    .heuristic(HeuristicKind.ZERO)
                    .recordExpansions(true)
                    .build();
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(59, 49), options);
            assertEquals(PathStatus.FOUND, path.status());
            List<Cell> expanded = path.expandedCells();
            assertTrue(expanded.size() > 2000, "expanded " + expanded.size());
            assertEquals(path.expandedCount(), expanded.size());
            Set<Cell> seen = new HashSet<>();
            double last = 0.0;
            for (Cell c : expanded) {
                assertTrue(seen.add(c), "expanded twice: " + c);
                double d = dist[c.y() * 60 + c.x()];
                assertTrue(d >= last - 1e-9, "expansion order goes back from " + last + " to " + d + " at " + c);
                last = Math.max(last, d);
            }
            assertEquals(dist[49 * 60 + 59], path.cost(), 1e-9);
        }
    }

    @Test
    void expansionsAreNotRecordedUnlessAsked() {
        try (Grid grid = Grid.create(4, 4)) {
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(3, 3));
            assertFalse(path.hasExpandedCells());
            assertTrue(path.expandedCells().isEmpty());
        }
    }

    @Test
    void wallsAndCellsOutsideTheGridAreInvalidEnds() {
        try (Grid grid = Grid.fromText("""
                .#
                ..
                """)) {
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(1, 0), new Cell(0, 0)).status());
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new Cell(0, 0), new Cell(1, 0)).status());
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(-1, 0), new Cell(0, 0)).status());
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(0, 2), new Cell(0, 0)).status());
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new Cell(0, 0), new Cell(2, 1)).status());
            GridPath invalid = grid.findPath(new Cell(1, 0), new Cell(1, 0));
            assertEquals(PathStatus.START_INVALID, invalid.status());
            assertEquals(0, invalid.iterations());
            assertEquals(Double.POSITIVE_INFINITY, invalid.cost());
        }
    }

    @Test
    void equalCostAlternativeKeepsTheFirstParent() {
        // Hand-derived with the zero estimate: (0,0) pushes E (1,0) and S (0,1), both g = 1; the
        // smaller index (1,0) pops first and reaches (1,1) with g = 2; (0,1) then offers (1,1) the
        // same g = 2, which must not replace the parent.
        try (Grid grid = Grid.create(2, 2)) {
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(1, 1), FOUR_DIJKSTRA);
            assertEquals(List.of(new Cell(0, 0), new Cell(1, 0), new Cell(1, 1)), path.cells());
            assertEquals(List.of(new Cell(0, 0), new Cell(1, 0), new Cell(0, 1)), path.expandedCells());
            assertEquals(4, path.iterations());
            assertEquals(3, path.expandedCount());
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, -1.0, -1e-300, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY})
    void unusableStepCostsRemoveTheMove(double bad) {
        try (Grid grid = Grid.fromText("""
                ...
                ...
                """)) {
            // every move into column 1 is refused: columns 0 and 2 are cut apart
            GridOptions options = GridOptions.builder()
                    .stepCost((fx, fy, tx, ty, cost) -> tx == 1 ? bad : cost)
                    .build();
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(2, 1), options);
            assertEquals(PathStatus.NO_PATH, path.status());
            // start inside column 1: moves out of it are allowed, moves back are not
            GridPath out = grid.findPath(new Cell(1, 0), new Cell(2, 1), options);
            assertEquals(PathStatus.FOUND, out.status());
            assertEquals(ReferenceGrid.DIAGONAL, out.cost());
        }
    }

    @Test
    void stepCostDelegateGetsTheGridCostAndItsResultIsTheStepCost() {
        ReferenceGrid ref = ReferenceGrid.parse("""
                .1.2
                3...
                .#4.""".strip());
        ref.setMultiplier(1, 3.5);
        ref.setMultiplier(2, 0.25);
        ref.setMultiplier(3, 1.75);
        ref.setMultiplier(4, 6.0);
        List<String> wrongBase = new ArrayList<>();
        CellStepCost hook = (fx, fy, tx, ty, cost) -> {
            if (Double.doubleToLongBits(cost) != Double.doubleToLongBits(ref.stepCost(fx, fy, tx, ty))) {
                wrongBase.add(fx + "," + fy + "->" + tx + "," + ty + ": " + cost);
            }
            return cost * 2.0 + tx * 0.125;
        };
        try (Grid grid = ref.toGrid()) {
            GridPath path = grid.findPath(
                    new Cell(0, 0),
                    new Cell(3, 2),
                    GridOptions.builder().stepCost(hook).build());
            assertEquals(PathStatus.FOUND, path.status());
            assertEquals(List.of(), wrongBase, "the delegate gets the grid's own step cost");
            double sum = 0.0;
            List<Cell> cells = path.cells();
            for (int i = 1; i < cells.size(); i++) {
                Cell a = cells.get(i - 1);
                Cell b = cells.get(i);
                sum += ref.stepCost(a.x(), a.y(), b.x(), b.y()) * 2.0 + b.x() * 0.125;
            }
            assertEquals(Double.doubleToLongBits(sum), Double.doubleToLongBits(path.cost()));
        }
    }

    @Test
    void stepCostDelegateSteersThePath() {
        try (Grid grid = Grid.create(3, 3)) {
            GridOptions avoidCentre = GridOptions.builder()
                    .connectivity(Connectivity.FOUR)
                    .stepCost((fx, fy, tx, ty, cost) -> tx == 1 && ty == 1 ? 100.0 : cost)
                    .build();
            GridPath path = grid.findPath(new Cell(1, 0), new Cell(1, 2), avoidCentre);
            assertEquals(4.0, path.cost());
            assertFalse(path.cells().contains(new Cell(1, 1)));
            GridPath plain = grid.findPath(new Cell(1, 0), new Cell(1, 2), GridOptions.FOUR_CONNECTED);
            assertEquals(List.of(new Cell(1, 0), new Cell(1, 1), new Cell(1, 2)), plain.cells());
        }
    }

    @Test
    void blockedStartAndGoalAreInvalid() {
        try (Grid grid = Grid.create(4, 4)) {
            GridOptions options =
                    GridOptions.builder().blocked((x, y) -> x == 3 && y == 3).build();
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(3, 3), new Cell(0, 0), options).status());
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new Cell(0, 0), new Cell(3, 3), options).status());
            assertEquals(
                    PathStatus.FOUND,
                    grid.findPath(new Cell(0, 0), new Cell(2, 3), options).status());
        }
    }

    @Test
    void blockedCellsAreNotEntered() {
        Set<Cell> blockedCells = Set.of(new Cell(1, 0), new Cell(1, 1), new Cell(1, 2));
        try (Grid grid = Grid.create(3, 4)) {
            GridOptions options = GridOptions.builder()
                    .connectivity(Connectivity.FOUR)
                    .blocked((x, y) -> blockedCells.contains(new Cell(x, y)))
                    .build();
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(2, 0), options);
            assertEquals(PathStatus.FOUND, path.status());
            // down column 0, across row 3, up column 2
            assertEquals(8.0, path.cost());
            for (Cell c : path.cells()) {
                assertFalse(blockedCells.contains(c), c + " is blocked: " + path.cells());
            }
            GridOptions wall = GridOptions.builder().blocked((x, y) -> x == 1).build();
            assertEquals(
                    PathStatus.NO_PATH,
                    grid.findPath(new Cell(0, 0), new Cell(2, 0), wall).status());
        }
    }

    @Test
    void blockerAndStepCostDelegateWorkTogether() {
        try (Grid grid = Grid.create(3, 3)) {
            GridOptions options = GridOptions.builder()
                    .connectivity(Connectivity.FOUR)
                    .blocked((x, y) -> x == 1 && y == 1)
                    .stepCost((fx, fy, tx, ty, cost) -> cost * 10.0)
                    .build();
            GridPath path = grid.findPath(new Cell(0, 1), new Cell(2, 1), options);
            assertEquals(40.0, path.cost());
            assertFalse(path.cells().contains(new Cell(1, 1)));
        }
    }

    @Test
    void iterationBudgetStopsAfterExactlyThatManyIterations() {
        try (Grid grid = Grid.create(10, 10)) {
            GridOptions.Builder b =
                    GridOptions.builder().heuristic(HeuristicKind.ZERO).recordExpansions(true);
            GridPath unlimited = grid.findPath(new Cell(0, 0), new Cell(9, 9), b.build());
            assertEquals(PathStatus.FOUND, unlimited.status());
            assertTrue(unlimited.iterations() > 20);
            for (int budget : new int[] {1, 2, 7, 20, unlimited.iterations() - 1}) {
                GridPath cut = grid.findPath(
                        new Cell(0, 0),
                        new Cell(9, 9),
                        b.iterationBudget(budget).build());
                assertEquals(PathStatus.BUDGET_EXHAUSTED, cut.status(), "budget " + budget);
                assertEquals(budget, cut.iterations(), "budget " + budget);
                assertEquals(budget, cut.expandedCount(), "budget " + budget);
                assertEquals(unlimited.expandedCells().subList(0, budget), cut.expandedCells());
                assertTrue(cut.cells().isEmpty());
                assertEquals(Double.POSITIVE_INFINITY, cut.cost());
            }
            for (int budget : new int[] {unlimited.iterations(), unlimited.iterations() + 1, 1_000_000}) {
                GridPath enough = grid.findPath(
                        new Cell(0, 0),
                        new Cell(9, 9),
                        b.iterationBudget(budget).build());
                assertEquals(PathStatus.FOUND, enough.status());
                assertEquals(unlimited.cells(), enough.cells());
                assertEquals(Double.doubleToLongBits(unlimited.cost()), Double.doubleToLongBits(enough.cost()));
                assertEquals(unlimited.iterations(), enough.iterations());
            }
            GridPath same = grid.findPath(
                    new Cell(4, 4), new Cell(4, 4), b.iterationBudget(1).build());
            assertEquals(PathStatus.FOUND, same.status());
        }
        assertThrows(IllegalArgumentException.class, () -> GridOptions.builder().iterationBudget(-1));
    }

    @Test
    void budgetCoveringEveryIterationOfAFailedSearchGivesNoPath() {
        // Without a budget the search pops (0,0) and (1,0), finds the open set empty and reports
        // NO_PATH after 2 iterations. A budget of 2 covers every iteration that search needs, so it
        // must give the same answer rather than BUDGET_EXHAUSTED.
        try (Grid grid = Grid.fromText("..#..")) {
            GridPath unlimited = grid.findPath(new Cell(0, 0), new Cell(4, 0), FOUR_DIJKSTRA);
            assertEquals(PathStatus.NO_PATH, unlimited.status());
            assertEquals(2, unlimited.iterations());
            GridOptions exact = FOUR_DIJKSTRA.toBuilder()
                    .iterationBudget(unlimited.iterations())
                    .build();
            GridPath budgeted = grid.findPath(new Cell(0, 0), new Cell(4, 0), exact);
            assertEquals(
                    PathStatus.NO_PATH,
                    budgeted.status(),
                    "a budget equal to the iterations of the unlimited search changes its answer");
            assertEquals(unlimited.iterations(), budgeted.iterations());
        }
    }

    @ParameterizedTest
    @EnumSource(Connectivity.class)
    void heuristicIsScaledByTheSmallestMultiplier(Connectivity connectivity) {
        // The straight route along row 0 costs 8; the detour through the cheap area 1 costs about 1.09.
        // An estimate not scaled by the smallest multiplier would overestimate and return the straight route.
        ReferenceGrid ref = ReferenceGrid.parse("""
                .........
                111111111""".strip());
        ref.setMultiplier(1, 0.01);
        boolean eight = connectivity == Connectivity.EIGHT;
        double expected = ref.distancesFrom(0, 0, eight, DiagonalRule.NO_CORNER_CUTTING, 1)[8];
        assertTrue(expected < 1.1, "the reference finds the detour: " + expected);
        try (Grid grid = ref.toGrid()) {
            for (HeuristicKind kind : HeuristicKind.values()) {
                if (kind == HeuristicKind.MANHATTAN && eight) {
                    continue; // not admissible with diagonal moves
                }
                GridOptions options = GridOptions.builder()
                        .connectivity(connectivity)
                        .heuristic(kind)
                        .build();
                GridPath path = grid.findPath(new Cell(0, 0), new Cell(8, 0), options);
                assertEquals(expected, path.cost(), 1e-12, kind.toString());
                assertEquals(Double.doubleToLongBits(ref.pathCost(path.cells())), Double.doubleToLongBits(path.cost()));
            }
        }
    }

    @Test
    void changingAreaCostsBetweenQueriesWithTheSameOptionsRescalesTheEstimate() {
        try (Grid grid = Grid.fromText("""
                .........
                111111111""")) {
            GridOptions options = GridOptions.FOUR_CONNECTED;
            Cell start = new Cell(0, 0);
            Cell goal = new Cell(8, 0);
            assertEquals(8.0, grid.findPath(start, goal, options).cost());
            grid.areas().set(1, 0.01);
            GridPath cheap = grid.findPath(start, goal, options);
            // down 0.505, eight steps of 0.01, up 0.505, summed in path order
            double expected = 0.0;
            expected += (1.0 + 0.01) * 0.5;
            for (int i = 0; i < 8; i++) {
                expected += (0.01 + 0.01) * 0.5;
            }
            expected += (0.01 + 1.0) * 0.5;
            assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(cheap.cost()));
            grid.areas().set(1, 1.0);
            assertEquals(8.0, grid.findPath(start, goal, options).cost());
        }
    }

    @Test
    void autoIsManhattanForFourMovesAndOctileForEight() {
        String picture = """
                ..........
                ...#......
                ...#..##..
                ...#......
                ......#...
                ..........
                ..........
                """;
        Cell start = new Cell(0, 1);
        Cell goal = new Cell(8, 5);
        try (Grid grid = Grid.fromText(picture)) {
            List<Cell> fourAuto = expansions(grid, start, goal, Connectivity.FOUR, HeuristicKind.AUTO);
            List<Cell> fourManhattan = expansions(grid, start, goal, Connectivity.FOUR, HeuristicKind.MANHATTAN);
            List<Cell> fourOctile = expansions(grid, start, goal, Connectivity.FOUR, HeuristicKind.OCTILE);
            assertNotEquals(fourManhattan, fourOctile, "the grid must tell the two estimates apart");
            assertEquals(fourManhattan, fourAuto);

            List<Cell> eightAuto = expansions(grid, start, goal, Connectivity.EIGHT, HeuristicKind.AUTO);
            List<Cell> eightManhattan = expansions(grid, start, goal, Connectivity.EIGHT, HeuristicKind.MANHATTAN);
            List<Cell> eightOctile = expansions(grid, start, goal, Connectivity.EIGHT, HeuristicKind.OCTILE);
            assertNotEquals(eightManhattan, eightOctile, "the grid must tell the two estimates apart");
            assertEquals(eightOctile, eightAuto);

            List<Cell> zero = expansions(grid, start, goal, Connectivity.EIGHT, HeuristicKind.ZERO);
            assertNotEquals(zero, eightOctile);
        }
    }

    @Test
    void weightZeroIsDijkstra() {
        try (Grid grid = Grid.fromText("""
                ......
                .##...
                ...#..
                ......
                """)) {
            GridOptions zero = GridOptions.builder()
                    .heuristic(HeuristicKind.ZERO)
                    .recordExpansions(true)
                    .build();
            GridOptions weightZero = GridOptions.builder()
                    .heuristicWeight(0.0)
                    .recordExpansions(true)
                    .build();
            GridPath a = grid.findPath(new Cell(0, 0), new Cell(5, 3), zero);
            GridPath b = grid.findPath(new Cell(0, 0), new Cell(5, 3), weightZero);
            assertEquals(a.expandedCells(), b.expandedCells());
            assertEquals(a.cells(), b.cells());
        }
        assertThrows(IllegalArgumentException.class, () -> GridOptions.builder().heuristicWeight(-0.5));
        assertThrows(IllegalArgumentException.class, () -> GridOptions.builder().heuristicWeight(Double.NaN));
        assertThrows(
                IllegalArgumentException.class, () -> GridOptions.builder().heuristicWeight(Double.POSITIVE_INFINITY));
    }

    @Test
    void presetsHoldTheDocumentedValues() {
        GridOptions d = GridOptions.DEFAULT;
        assertEquals(GridAlgorithm.ASTAR, d.algorithm());
        assertEquals(Connectivity.EIGHT, d.connectivity());
        assertEquals(DiagonalRule.NO_CORNER_CUTTING, d.diagonalRule());
        assertEquals(1, d.agentSize());
        assertEquals(HeuristicKind.AUTO, d.heuristic());
        assertEquals(1.0, d.heuristicWeight());
        assertEquals(0, d.iterationBudget());
        assertEquals(256, d.iterationsPerSlice());
        assertFalse(d.recordExpansions());
        assertEquals(null, d.stepCost());
        assertEquals(null, d.blocked());
        assertEquals(Connectivity.FOUR, GridOptions.FOUR_CONNECTED.connectivity());
        assertEquals(DiagonalRule.NO_CORNER_CUTTING, GridOptions.FOUR_CONNECTED.diagonalRule());
        assertEquals(DiagonalRule.NO_SQUEEZING, GridOptions.NO_SQUEEZING.diagonalRule());
        assertEquals(Connectivity.EIGHT, GridOptions.NO_SQUEEZING.connectivity());
        for (int s : new int[] {1, 2, 3, 255}) {
            GridOptions o = GridOptions.forAgentSize(s);
            assertEquals(s, o.agentSize());
            assertEquals(Connectivity.EIGHT, o.connectivity());
            assertTrue(o == GridOptions.forAgentSize(s), "agent-size presets are shared");
        }
        assertThrows(IllegalArgumentException.class, () -> GridOptions.forAgentSize(0));
        assertThrows(IllegalArgumentException.class, () -> GridOptions.forAgentSize(256));
        GridOptions copy = GridOptions.NO_SQUEEZING.toBuilder().agentSize(2).build();
        assertEquals(DiagonalRule.NO_SQUEEZING, copy.diagonalRule());
        assertEquals(2, copy.agentSize());
        assertEquals(1, GridOptions.NO_SQUEEZING.agentSize(), "a preset is not changed by its builder");
    }

    @Test
    void foundPathCellsAreDistinctNeighbours() {
        try (Grid grid = Grid.fromText("""
                ..........
                .########.
                .#......#.
                .#.####.#.
                ...#..#...
                """)) {
            GridPath path = grid.findPath(new Cell(2, 2), new Cell(9, 4));
            assertEquals(PathStatus.FOUND, path.status());
            Set<Cell> seen = new HashSet<>();
            for (Cell c : path.cells()) {
                assertTrue(seen.add(c), "cell repeats: " + path.cells());
            }
        }
    }

    private static List<Cell> expansions(Grid grid, Cell start, Cell goal, Connectivity c, HeuristicKind kind) {
        GridOptions options = GridOptions.builder()
                .connectivity(c)
                .heuristic(kind)
                .recordExpansions(true)
                .build();
        GridPath path = grid.findPath(start, goal, options);
        assertEquals(PathStatus.FOUND, path.status());
        assertEquals(path.expandedCount(), path.expandedCells().size());
        return path.expandedCells();
    }
}
