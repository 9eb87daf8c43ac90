package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;
import org.onepath.grids.BakeMonitor;

/** The partial-path option: the example of docs/partial-paths.md, its status code and its refusals. */
class PartialPathsTest {
    /** The map of docs/partial-paths.md: the goal (9, 1) sits behind a wall the start cannot pass. */
    private static final String MAP = """
            ......#...
            ......#...
            ......#...
            """;

    @Test
    void theDocumentedExampleEndsAtTheReachedCellNearestTheGoal() {
        try (Grid grid = Grid.fromText(MAP)) {
            GridOptions options = GridOptions.builder().allowPartial(true).build();
            GridPath path = grid.findPath(new Cell(0, 1), new Cell(9, 1), options);
            assertEquals(PathStatus.PARTIAL, path.status());
            assertFalse(path.found());
            // (5, 1) is the reachable cell of least octile distance to (9, 1): 4 straight steps
            List<Cell> cells = path.cells();
            assertEquals(new Cell(0, 1), cells.get(0));
            assertEquals(new Cell(5, 1), cells.get(cells.size() - 1));
            assertEquals(5.0, path.cost());
            assertEquals(6, path.length());

            GridPath plain = grid.findPath(new Cell(0, 1), new Cell(9, 1));
            assertEquals(PathStatus.NO_PATH, plain.status());
            assertTrue(plain.cells().isEmpty());
            assertEquals(plain.iterations(), path.iterations());
        }
    }

    @Test
    void aBudgetThatRunsOutGivesTheBestCellSoFar() {
        try (Grid grid = Grid.fromText(MAP)) {
            GridOptions options = GridOptions.builder()
                    .specializedEngines(false)
                    .iterationBudget(3)
                    .allowPartial(true)
                    .build();
            GridPath path = grid.findPath(new Cell(0, 1), new Cell(5, 1), options);
            assertEquals(PathStatus.PARTIAL, path.status());
            assertEquals(3, path.iterations());
            // three pops along row 1 from (0, 1): (0..2, 1) expanded, (3, 1) generated and nearest
            assertEquals(new Cell(3, 1), path.cells().get(path.length() - 1));
            assertEquals(3.0, path.cost());
            // with room to finish the same options find the goal and say FOUND
            GridPath found = grid.findPath(
                    new Cell(0, 1),
                    new Cell(5, 1),
                    options.toBuilder().iterationBudget(0).build());
            assertEquals(PathStatus.FOUND, found.status());
        }
    }

    @Test
    void theStatusCodesKeepTheirNumbersAndPartialIsEight() {
        assertEquals(8, PathStatus.PARTIAL.code());
        assertEquals(PathStatus.PARTIAL, PathStatus.ofCode(8));
        PathStatus[] earlier = {
            PathStatus.NONE,
            PathStatus.FOUND,
            PathStatus.NO_PATH,
            PathStatus.START_INVALID,
            PathStatus.GOAL_INVALID,
            PathStatus.BUDGET_EXHAUSTED,
            PathStatus.CANCELLED,
            PathStatus.IN_PROGRESS
        };
        for (int i = 0; i < earlier.length; i++) {
            assertEquals(i, earlier[i].code());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PathStatus.ofCode(9));
        assertTrue(e.getMessage().contains("0..8"), e.getMessage());
    }

    @Test
    void theOptionIsOffByDefaultAndKeptByToBuilder() {
        assertFalse(GridOptions.DEFAULT.allowPartial());
        assertFalse(HexOptions.DEFAULT.allowPartial());
        assertFalse(VoxelOptions.builder().build().allowPartial());
        GridOptions on = GridOptions.builder().allowPartial(true).build();
        assertTrue(on.toBuilder().build().allowPartial());
        assertTrue(on.toString().contains("allowPartial"), on.toString());
        assertFalse(GridOptions.DEFAULT.toString().contains("allowPartial"));
    }

    @Test
    void invalidEndsKeepTheirStatus() {
        try (Grid grid = Grid.fromText(MAP)) {
            GridOptions options = GridOptions.builder().allowPartial(true).build();
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(6, 0), new Cell(0, 0), options).status());
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new Cell(0, 0), new Cell(6, 0), options).status());
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(-1, 0), new Cell(0, 0), options).status());
        }
    }

    @Test
    void searchesWithoutPartialPathsRefuseTheOptionNamingTheAlgorithm() {
        try (Grid grid = Grid.fromText(MAP)) {
            for (GridAlgorithm a : List.of(GridAlgorithm.HPA, GridAlgorithm.LAZY_THETA_STAR)) {
                GridOptions options =
                        GridOptions.builder().algorithm(a).allowPartial(true).build();
                IllegalArgumentException e = assertThrows(
                        IllegalArgumentException.class, () -> grid.findPath(new Cell(0, 1), new Cell(9, 1), options));
                assertTrue(e.getMessage().contains(a.name()), e.getMessage());
                assertTrue(e.getMessage().contains("allowPartial"), e.getMessage());
            }
            GridOptions partial = GridOptions.builder().allowPartial(true).build();
            IllegalArgumentException search =
                    assertThrows(IllegalArgumentException.class, () -> grid.createSearch(partial));
            assertTrue(search.getMessage().contains("allowPartial"), search.getMessage());
            IllegalArgumentException replanner = assertThrows(
                    IllegalArgumentException.class,
                    () -> grid.createReplanner(new Cell(0, 0), new Cell(1, 1), partial));
            assertTrue(replanner.getMessage().contains("allowPartial"), replanner.getMessage());
            CompletableFuture<GridPath> hpa = grid.findPathAsync(
                    new Cell(0, 1),
                    new Cell(9, 1),
                    GridOptions.builder()
                            .algorithm(GridAlgorithm.HPA)
                            .allowPartial(true)
                            .build());
            CompletionException async = assertThrows(CompletionException.class, hpa::join);
            assertTrue(async.getCause() instanceof IllegalArgumentException, async.toString());
        }
        try (HexGrid hex = HexGrid.create(4, 4, org.onepath.cells.HexLayout.POINTY_ODD_ROW)) {
            HexOptions partial = HexOptions.builder().allowPartial(true).build();
            assertThrows(
                    IllegalArgumentException.class,
                    () -> hex.createReplanner(new Cell(0, 0), new Cell(1, 1), GridAlgorithm.D_STAR_LITE, partial));
        }
        try (Graph graph = new Graph(2)) {
            GraphOptions partial = GraphOptions.builder().allowPartial(true).build();
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> graph.findPath(0, 1, partial));
            assertTrue(e.getMessage().contains("graph"), e.getMessage());
        }
    }

    @Test
    void slicedCancellableAndAsyncQueriesGiveTheSamePartialPath() {
        try (Grid grid = Grid.fromText(MAP)) {
            for (GridAlgorithm a : List.of(GridAlgorithm.ASTAR, GridAlgorithm.JPS, GridAlgorithm.JPS_PLUS)) {
                for (int budget : new int[] {0, 1, 4, 9}) {
                    GridOptions options = GridOptions.builder()
                            .algorithm(a)
                            .iterationBudget(budget)
                            .iterationsPerSlice(2)
                            .allowPartial(true)
                            .build();
                    Cell s = new Cell(0, 1);
                    Cell g = new Cell(9, 1);
                    GridPath once = grid.findPath(s, g, options);
                    GridPath sliced = grid.findPath(s, g, options, new Cancellation());
                    GridPath async = grid.findPathAsync(s, g, options).join();
                    for (GridPath p : List.of(sliced, async)) {
                        assertEquals(PathStatus.PARTIAL, p.status(), a + " budget " + budget);
                        assertArrayEquals(once.cellIndices(), p.cellIndices(), a + " budget " + budget);
                        assertEquals(Double.doubleToLongBits(once.cost()), Double.doubleToLongBits(p.cost()));
                        assertEquals(once.iterations(), p.iterations());
                    }
                }
            }
        }
    }

    @Test
    void boundedJumpPointsGivePartialPathsToAJumpPointTheyExpanded() {
        try (Grid grid = Grid.fromText(MAP)) {
            grid.bakeGoalBounds(1, BakeMonitor.NONE);
            GridOptions options = GridOptions.builder()
                    .algorithm(GridAlgorithm.JPS_PLUS_BOUNDED)
                    .recordExpansions(true)
                    .allowPartial(true)
                    .build();
            GridPath path = grid.findPath(new Cell(0, 1), new Cell(9, 1), options);
            assertEquals(GridAlgorithm.JPS_PLUS_BOUNDED, path.algorithm());
            assertEquals(PathStatus.PARTIAL, path.status());
            Cell end = path.cells().get(path.length() - 1);
            assertTrue(path.expandedCells().contains(end), end + " in " + path.expandedCells());
            for (Cell c : path.expandedCells()) {
                assertTrue(octile(end, 9, 1) <= octile(c, 9, 1), c + " is nearer than the end " + end);
            }
            for (int i = 1; i < path.length(); i++) {
                Cell a = path.cells().get(i - 1);
                Cell b = path.cells().get(i);
                assertTrue(Math.max(Math.abs(a.x() - b.x()), Math.abs(a.y() - b.y())) == 1, a + " -> " + b);
            }
        }
    }

    private static double octile(Cell c, int gx, int gy) {
        int dx = Math.abs(c.x() - gx);
        int dy = Math.abs(c.y() - gy);
        return Math.max(dx, dy) - Math.min(dx, dy) + Math.min(dx, dy) * Math.sqrt(2);
    }
}
