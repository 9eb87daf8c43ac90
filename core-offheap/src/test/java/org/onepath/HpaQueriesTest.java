package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;
import org.onepath.grids.hpa.HpaHierarchy;

/** The tier-1 GridAlgorithm.HPA: options, fallback to A*, the hierarchy cache, edits and restores. */
class HpaQueriesTest {
    private static final GridOptions HPA =
            GridOptions.builder().algorithm(GridAlgorithm.HPA).build();

    private static Grid rooms(long seed, int w, int h) {
        Random rnd = new Random(seed);
        Grid grid = Grid.create(w, h);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (rnd.nextInt(100) < 22 || (x % 12 == 0 && y % 5 != 2)) {
                    grid.setArea(x, y, Grid.WALL);
                }
            }
        }
        return grid;
    }

    private static Cell walkableCell(Grid grid, Random rnd) {
        while (true) {
            int x = rnd.nextInt(grid.width());
            int y = rnd.nextInt(grid.height());
            if (grid.isWalkable(x, y)) {
                return new Cell(x, y);
            }
        }
    }

    @Test
    void theDefaultsAreChunk16WithSmoothing() {
        assertEquals(16, GridOptions.DEFAULT.hpaChunkSize());
        assertTrue(GridOptions.DEFAULT.hpaSmoothing());
        GridOptions o = HPA.toBuilder().hpaChunkSize(8).hpaSmoothing(false).build();
        assertEquals(8, o.toBuilder().build().hpaChunkSize());
        assertFalse(o.toBuilder().build().hpaSmoothing());
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> GridOptions.builder().hpaChunkSize(1))
                .getMessage()
                .contains("was 1"));
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> GridOptions.builder().hpaChunkSize(257))
                .getMessage()
                .contains("257"));
    }

    @Test
    void hpaFindsAPathNoCheaperThanAStarAndSaysItRan() {
        try (Grid grid = rooms(7, 70, 50)) {
            Random rnd = new Random(3);
            int found = 0;
            for (int q = 0; q < 60; q++) {
                Cell a = walkableCell(grid, rnd);
                Cell b = walkableCell(grid, rnd);
                GridPath astar = grid.findPath(a, b);
                GridPath hpa = grid.findPath(a, b, HPA);
                assertEquals(GridAlgorithm.HPA, hpa.algorithm());
                assertEquals(astar.status(), hpa.status(), a + " -> " + b);
                if (hpa.found()) {
                    found++;
                    assertTrue(hpa.cost() >= astar.cost() - 1e-9, a + " -> " + b);
                    assertEquals(a, hpa.cells().getFirst());
                    assertEquals(b, hpa.cells().getLast());
                    double sum = 0;
                    List<Cell> cells = hpa.cells();
                    for (int i = 0; i + 1 < cells.size(); i++) {
                        Cell p = cells.get(i);
                        Cell n = cells.get(i + 1);
                        int dx = Math.abs(p.x() - n.x());
                        int dy = Math.abs(p.y() - n.y());
                        assertTrue(dx <= 1 && dy <= 1 && dx + dy > 0);
                        sum += dx + dy == 2 ? Math.sqrt(2.0) : 1.0;
                    }
                    assertEquals(sum, hpa.cost());
                }
            }
            assertTrue(found > 20, "found " + found);
        }
    }

    @Test
    void unsupportedQueriesRunAStarAndSaySo() {
        try (Grid grid = rooms(11, 40, 30)) {
            Random rnd = new Random(5);
            Cell a = walkableCell(grid, rnd);
            Cell b = walkableCell(grid, rnd);
            GridOptions delegate =
                    HPA.toBuilder().stepCost((fx, fy, tx, ty, base) -> base).build();
            GridOptions allowAll =
                    HPA.toBuilder().diagonalRule(DiagonalRule.ALLOW_ALL).build();
            GridOptions blocked = HPA.toBuilder().blocked((x, y) -> false).build();
            for (GridOptions o : List.of(delegate, allowAll, blocked)) {
                GridPath p = grid.findPath(a, b, o);
                GridPath expected = grid.findPath(
                        a, b, o.toBuilder().algorithm(GridAlgorithm.ASTAR).build());
                assertEquals(GridAlgorithm.ASTAR, p.algorithm(), o.toString());
                assertEquals(expected.cost(), p.cost());
                assertEquals(expected.cells(), p.cells());
            }
            assertTrue(grid.derived().hpaHierarchies().isEmpty());
            // four moves with any rule is supported
            GridOptions four = HPA.toBuilder()
                    .connectivity(Connectivity.FOUR)
                    .diagonalRule(DiagonalRule.ALLOW_ALL)
                    .build();
            assertEquals(GridAlgorithm.HPA, grid.findPath(a, b, four).algorithm());
            // an invalid end reports what would have run
            assertEquals(
                    GridAlgorithm.HPA, grid.findPath(new Cell(-1, 0), b, HPA).algorithm());
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(-1, 0), b, HPA).status());
            assertThrows(IllegalArgumentException.class, () -> grid.createSearch(HPA));
        }
    }

    @Test
    void theGridKeepsAtMostEightHierarchiesDroppingTheOldest() {
        try (Grid grid = Grid.create(20, 20)) {
            Cell a = new Cell(0, 0);
            Cell b = new Cell(15, 15);
            for (int chunk = 2; chunk <= 9; chunk++) {
                assertTrue(
                        grid.findPath(a, b, HPA.toBuilder().hpaChunkSize(chunk).build())
                                .found());
            }
            List<HpaHierarchy> eight = grid.derived().hpaHierarchies();
            assertEquals(8, eight.size());
            // a repeated key reuses its hierarchy
            grid.findPath(a, b, HPA.toBuilder().hpaChunkSize(5).build());
            assertEquals(eight, grid.derived().hpaHierarchies());
            grid.findPath(a, b, HPA.toBuilder().agentSize(2).build());
            List<HpaHierarchy> after = grid.derived().hpaHierarchies();
            assertEquals(8, after.size());
            assertTrue(eight.getFirst().isClosed());
            assertEquals(2, eight.getFirst().chunkSize());
            assertSame(eight.get(1), after.getFirst());
            assertEquals(2, after.getLast().agentSize());
        }
    }

    @Test
    void editsAreSeenByTheNextQueryAndARestoreDropsTheHierarchies() {
        try (Grid grid = rooms(13, 48, 32);
                Grid copy = rooms(13, 48, 32)) {
            byte[] saved = grid.saveState();
            Random rnd = new Random(9);
            Cell a = walkableCell(grid, rnd);
            Cell b = walkableCell(grid, rnd);
            grid.findPath(a, b, HPA);
            HpaHierarchy first = grid.derived().hpaHierarchies().getFirst();
            for (int e = 0; e < 40; e++) {
                int x = rnd.nextInt(48);
                int y = rnd.nextInt(32);
                int area = rnd.nextBoolean() ? Grid.WALL : 0;
                if (!(x == a.x() && y == a.y()) && !(x == b.x() && y == b.y())) {
                    grid.setArea(x, y, area);
                    copy.setArea(x, y, area);
                }
            }
            GridPath edited = grid.findPath(a, b, HPA);
            GridPath fresh = copy.findPath(a, b, HPA);
            assertSame(first, grid.derived().hpaHierarchies().getFirst());
            assertEquals(fresh.status(), edited.status());
            assertEquals(fresh.cells(), edited.cells());
            grid.restoreState(saved);
            assertTrue(first.isClosed());
            assertTrue(grid.derived().hpaHierarchies().isEmpty());
            try (Grid original = Grid.fromState(saved)) {
                assertEquals(
                        original.findPath(a, b, HPA).cells(),
                        grid.findPath(a, b, HPA).cells());
            }
        }
    }

    @Test
    void theBudgetCountsAbstractPops() {
        try (Grid grid = rooms(17, 80, 40)) {
            Cell a = new Cell(1, 1);
            Cell b = new Cell(78, 38);
            grid.setArea(1, 1, 0);
            grid.setArea(78, 38, 0);
            GridPath whole = grid.findPath(a, b, HPA);
            if (!whole.found()) {
                return;
            }
            assertTrue(whole.iterations() > 2);
            GridPath cut =
                    grid.findPath(a, b, HPA.toBuilder().iterationBudget(2).build());
            assertEquals(PathStatus.BUDGET_EXHAUSTED, cut.status());
            GridPath enough = grid.findPath(
                    a, b, HPA.toBuilder().iterationBudget(whole.iterations()).build());
            assertEquals(whole.cells(), enough.cells());
            GridPath recorded =
                    grid.findPath(a, b, HPA.toBuilder().recordExpansions(true).build());
            assertEquals(recorded.expandedCount(), recorded.expandedCells().size());
            assertEquals(a, recorded.expandedCells().getFirst());
        }
    }
}
