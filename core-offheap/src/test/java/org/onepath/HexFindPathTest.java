package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.HexLayout;
import org.onepath.cells.PathStatus;

/** The one-line hex query: statuses, options, results and the path's shapes. */
class HexFindPathTest {

    private static final String PICTURE = """
            .......
            .####..
            ...#...
            .#.#.#.
            .#...#.
            """;

    @Test
    void invalidEndsAreStatusesNotExceptions() {
        try (HexGrid grid = HexGrid.fromText(PICTURE)) {
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(-1, 0), new Cell(0, 0)).status());
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(7, 0), new Cell(0, 0)).status());
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(1, 1), new Cell(0, 0)).status(),
                    "a wall");
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new Cell(0, 0), new Cell(0, 5)).status());
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new Cell(0, 0), new Cell(2, 1)).status(),
                    "a wall");
            HexPath invalid = grid.findPath(new Cell(0, 0), new Cell(2, 1));
            assertEquals(0, invalid.length());
            assertEquals(Double.POSITIVE_INFINITY, invalid.cost());
            assertEquals(0, invalid.iterations());
            assertFalse(invalid.found());
        }
    }

    @Test
    void startEqualsGoalAndNoPath() {
        try (HexGrid grid = HexGrid.fromText(PICTURE, HexLayout.FLAT_ODD_COLUMN)) {
            HexPath same = grid.findPath(new Cell(4, 2), new Cell(4, 2));
            assertEquals(PathStatus.FOUND, same.status());
            assertEquals(0.0, same.cost());
            assertEquals(List.of(new Cell(4, 2)), same.cells());
            assertEquals(1, same.iterations());
            assertEquals(0, same.expandedCount());
            // wall off (6, 0): in a flat odd-column layout its neighbours in the grid are (5, 0) and (6, 1)
            grid.setRect(5, 0, 1, 2, HexGrid.WALL);
            grid.setWalkable(6, 1, false);
            HexPath none = grid.findPath(new Cell(0, 0), new Cell(6, 0));
            assertEquals(PathStatus.NO_PATH, none.status());
            assertEquals(Double.POSITIVE_INFINITY, none.cost());
            assertTrue(none.iterations() > 0);
            assertEquals(none.iterations(), none.expandedCount(), "no goal popped: every pop expanded");
        }
    }

    @Test
    void pathIsAChainOfNeighboursWithCostAndPoints() {
        for (HexLayout layout : HexLayout.values()) {
            try (HexGrid grid = HexGrid.fromText(PICTURE, layout)) {
                grid.areas().set(0, 1.5);
                grid.space(new HexSpace(1, 2, 3));
                HexPath path = grid.findPath(
                        new Cell(0, 4),
                        new Cell(6, 4),
                        HexOptions.builder().recordExpansions(true).build());
                assertEquals(PathStatus.FOUND, path.status(), layout.toString());
                List<Cell> cells = path.cells();
                assertEquals(new Cell(0, 4), cells.getFirst());
                assertEquals(new Cell(6, 4), cells.getLast());
                for (int i = 1; i < cells.size(); i++) {
                    assertEquals(1, grid.distance(cells.get(i - 1), cells.get(i)), layout + " step " + i);
                    assertTrue(grid.isWalkable(cells.get(i).x(), cells.get(i).y()));
                    assertEquals(grid.hexOf(cells.get(i)), path.hexes().get(i));
                    assertEquals(grid.centerOf(cells.get(i)), path.points().get(i));
                }
                // every area costs 1.5, so the cost is 1.5 per step
                assertEquals(1.5 * (cells.size() - 1), path.cost());
                assertTrue(path.hasExpandedCells());
                assertEquals(path.expandedCount(), path.expandedCells().size());
                assertEquals(new Cell(0, 4), path.expandedCells().getFirst());
                assertEquals(path.cells().size(), path.cellIndices().length);
                assertTrue(path.toString().contains("FOUND"), path.toString());
                HexPath dijkstra = grid.findPath(
                        new Cell(0, 4),
                        new Cell(6, 4),
                        HexOptions.builder().heuristic(HeuristicKind.ZERO).build());
                assertEquals(path.cost(), dijkstra.cost());
                assertTrue(dijkstra.expandedCount() >= path.expandedCount(), "the estimate prunes");
                assertFalse(dijkstra.hasExpandedCells());
                assertEquals(List.of(), dijkstra.expandedCells());
            }
        }
    }

    @Test
    void areaCostChangesReplanTheEstimate() {
        try (HexGrid grid = HexGrid.create(12, 9, HexLayout.POINTY_EVEN_ROW)) {
            Cell s = new Cell(0, 0);
            Cell g = new Cell(11, 8);
            HexPath unit = grid.findPath(s, g);
            assertEquals(grid.distance(s, g), unit.cost());
            // a cheaper area: the estimate must be scaled by the new smallest multiplier
            grid.areas().set(4, 0.25);
            grid.setRect(0, 4, 12, 1, 4);
            HexPath cheap = grid.findPath(s, g);
            HexPath dijkstra = grid.findPath(
                    s, g, HexOptions.builder().heuristic(HeuristicKind.ZERO).build());
            assertEquals(dijkstra.cost(), cheap.cost());
            assertTrue(cheap.cost() < unit.cost());
        }
    }

    @Test
    void optionsAreValidated() {
        IllegalArgumentException size = assertThrows(
                IllegalArgumentException.class, () -> HexOptions.builder().agentSize(2));
        assertTrue(size.getMessage().contains("agent size 2"), size.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HexOptions.builder().agentSize(0));
        assertEquals(1, HexOptions.builder().agentSize(1).build().agentSize());
        IllegalArgumentException octile = assertThrows(
                IllegalArgumentException.class, () -> HexOptions.builder().heuristic(HeuristicKind.OCTILE));
        assertTrue(octile.getMessage().contains("OCTILE"), octile.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HexOptions.builder().heuristic(HeuristicKind.MANHATTAN));
        assertThrows(IllegalArgumentException.class, () -> HexOptions.builder().heuristicWeight(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> HexOptions.builder().heuristicWeight(-1));
        assertThrows(IllegalArgumentException.class, () -> HexOptions.builder().iterationBudget(-1));
        assertThrows(IllegalArgumentException.class, () -> HexOptions.builder().iterationsPerSlice(0));
        HexOptions o = HexOptions.builder()
                .heuristic(HeuristicKind.ZERO)
                .heuristicWeight(2)
                .recordExpansions(true)
                .iterationBudget(9)
                .iterationsPerSlice(3)
                .build();
        HexOptions copy = o.toBuilder().build();
        assertEquals(HeuristicKind.ZERO, copy.heuristic());
        assertEquals(2.0, copy.heuristicWeight());
        assertTrue(copy.recordExpansions());
        assertEquals(9, copy.iterationBudget());
        assertEquals(3, copy.iterationsPerSlice());
        assertEquals(HeuristicKind.AUTO, HexOptions.DEFAULT.heuristic());
        assertEquals(256, HexOptions.DEFAULT.iterationsPerSlice());
    }

    @Test
    void aWeightedSearchStillFindsAPath() {
        try (HexGrid grid = HexGrid.fromText(PICTURE, HexLayout.POINTY_EVEN_ROW)) {
            HexPath greedy = grid.findPath(
                    new Cell(0, 4),
                    new Cell(6, 4),
                    HexOptions.builder().heuristicWeight(3).build());
            HexPath best = grid.findPath(new Cell(0, 4), new Cell(6, 4));
            assertEquals(PathStatus.FOUND, greedy.status());
            assertTrue(greedy.cost() >= best.cost());
        }
    }

    @Test
    void queriesFromSeveralThreadsAgree() throws InterruptedException {
        try (HexGrid grid = HexGrid.fromText(PICTURE.repeat(6), HexLayout.FLAT_EVEN_COLUMN)) {
            HexPath expected = grid.findPath(new Cell(0, 0), new Cell(6, 29));
            assertEquals(PathStatus.FOUND, expected.status());
            Thread[] threads = new Thread[4];
            HexPath[][] results = new HexPath[threads.length][50];
            for (int t = 0; t < threads.length; t++) {
                int id = t;
                threads[t] = Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < 50; i++) {
                        results[id][i] = grid.findPath(new Cell(0, 0), new Cell(6, 29));
                    }
                });
            }
            for (Thread t : threads) {
                t.join();
            }
            for (HexPath[] rs : results) {
                for (HexPath r : rs) {
                    assertEquals(expected.cells(), r.cells());
                    assertEquals(expected.iterations(), r.iterations());
                }
            }
        }
    }
}
