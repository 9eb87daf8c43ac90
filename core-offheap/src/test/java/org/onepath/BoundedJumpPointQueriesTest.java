package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.GridTables;
import org.onepath.grids.BakeMonitor;

/**
 * Tier-1 {@link GridAlgorithm#JPS_PLUS_BOUNDED}: with current goal bounds it runs and says so,
 * with the JPS+ cost and a legal path; without bounds, after an edit, or for a query the
 * specialised engine does not serve it runs JPS+ (or A*) and says so; a rebake brings it back; a
 * grid over tables that hold the bounds (what a store hands over) runs it from the first query;
 * the resumable and async forms refuse it.
 */
class BoundedJumpPointQueriesTest {
    private static final GridOptions BOUNDED =
            GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS_BOUNDED).build();
    private static final GridOptions PLUS =
            GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build();

    private static Grid randomGrid(Random random, int w, int h, int percent) {
        Grid grid = Grid.create(w, h);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (random.nextInt(100) < percent) {
                    grid.setWalkable(x, y, false);
                }
            }
        }
        return grid;
    }

    private static Cell openCell(Grid grid, Random random) {
        while (true) {
            int x = random.nextInt(grid.width());
            int y = random.nextInt(grid.height());
            if (grid.isWalkable(x, y)) {
                return new Cell(x, y);
            }
        }
    }

    /** Compares a bounded query with JPS+ and returns the algorithm the bounded one reported. */
    private static GridAlgorithm compare(Grid grid, Cell s, Cell g, String context) {
        GridPath plus = grid.findPath(s, g, PLUS);
        GridPath bounded = grid.findPath(s, g, BOUNDED);
        assertEquals(plus.status(), bounded.status(), context);
        assertEquals(plus.cost(), bounded.cost(), 1e-9, context);
        if (bounded.found()) {
            assertEquals(plus.stepCounts(), bounded.stepCounts(), context);
            int[] cells = bounded.cellIndices();
            assertEquals(cells.length, bounded.length(), "the length kept beside the jump points " + context);
            assertEquals(s.y() * grid.width() + s.x(), cells[0], context);
            assertEquals(g.y() * grid.width() + g.x(), cells[cells.length - 1], context);
            for (int i = 1; i < cells.length; i++) {
                int ax = cells[i - 1] % grid.width();
                int ay = cells[i - 1] / grid.width();
                int bx = cells[i] % grid.width();
                int by = cells[i] / grid.width();
                assertTrue(Math.abs(ax - bx) <= 1 && Math.abs(ay - by) <= 1 && cells[i] != cells[i - 1], context);
                assertTrue(grid.isWalkable(bx, by), context);
                if (ax != bx && ay != by) {
                    assertTrue(grid.isWalkable(bx, ay) && grid.isWalkable(ax, by), "no corner cut " + context);
                }
            }
        }
        return bounded.algorithm();
    }

    @Test
    void boundedQueriesRunWithCurrentBoundsAndEqualJpsPlus() {
        Random random = new Random(0xB0B0_0001L);
        for (int round = 0; round < 20; round++) {
            try (Grid grid = randomGrid(random, 10 + random.nextInt(40), 10 + random.nextInt(40), random.nextInt(35))) {
                assertNull(grid.goalBounds());
                assertEquals(
                        GridAlgorithm.JPS_PLUS,
                        compare(grid, openCell(grid, random), openCell(grid, random), "no bounds"));
                GoalBoundsSummary bounds = grid.bakeGoalBounds(2, BakeMonitor.NONE);
                assertEquals(bounds, grid.goalBounds());
                assertTrue(bounds.current());
                assertEquals(bounds.bytes(), grid.tables().goalBounds().byteSize());
                int boundedRuns = 0;
                for (int q = 0; q < 60; q++) {
                    Cell s = openCell(grid, random);
                    Cell g = openCell(grid, random);
                    if (compare(grid, s, g, "round " + round + " " + s + " -> " + g)
                            == GridAlgorithm.JPS_PLUS_BOUNDED) {
                        boundedRuns++;
                    }
                }
                assertEquals(60, boundedRuns, "every qualifying query ran bounded");
                // An edit makes the bounds stale: JPS+ runs and says so, with the edited cells.
                Cell wall = openCell(grid, random);
                grid.setWalkable(wall.x(), wall.y(), false);
                assertNull(grid.tables().goalBounds(), "stale bounds are not handed to a store");
                assertFalse(grid.goalBounds().current());
                for (int q = 0; q < 20; q++) {
                    Cell s = openCell(grid, random);
                    Cell g = openCell(grid, random);
                    assertEquals(GridAlgorithm.JPS_PLUS, compare(grid, s, g, "after an edit"));
                }
                grid.bakeGoalBounds(1, BakeMonitor.NONE);
                assertEquals(
                        GridAlgorithm.JPS_PLUS_BOUNDED,
                        compare(grid, openCell(grid, random), openCell(grid, random), "rebaked"));
            }
        }
    }

    @Test
    void queriesTheSpecialisedEngineDoesNotServeFallBack() {
        try (Grid grid = Grid.fromText("........\n..##....\n........\n....#...\n........\n")) {
            grid.bakeGoalBounds(1, BakeMonitor.NONE);
            Cell s = new Cell(0, 0);
            Cell g = new Cell(7, 4);
            assertEquals(
                    GridAlgorithm.JPS_PLUS_BOUNDED, grid.findPath(s, g, BOUNDED).algorithm());
            GridOptions generic = GridOptions.builder()
                    .algorithm(GridAlgorithm.JPS_PLUS_BOUNDED)
                    .specializedEngines(false)
                    .build();
            GridPath p = grid.findPath(s, g, generic);
            assertEquals(GridAlgorithm.JPS_PLUS, p.algorithm());
            assertEquals(grid.findPath(s, g, PLUS).cost(), p.cost(), 1e-9);
            GridOptions big = GridOptions.builder()
                    .algorithm(GridAlgorithm.JPS_PLUS_BOUNDED)
                    .agentSize(2)
                    .build();
            assertEquals(GridAlgorithm.ASTAR, grid.findPath(s, g, big).algorithm());
            // A query that ends before any search (start = goal, a wall) names what would have run.
            assertEquals(
                    GridAlgorithm.JPS_PLUS_BOUNDED, grid.findPath(s, s, BOUNDED).algorithm());
            assertEquals(GridAlgorithm.JPS_PLUS, grid.findPath(s, s, generic).algorithm());
            grid.setWalkable(7, 4, false);
            assertEquals(GridAlgorithm.JPS_PLUS, grid.findPath(s, s, BOUNDED).algorithm(), "stale bounds");
            assertEquals(GridAlgorithm.JPS_PLUS, grid.findPath(s, g, BOUNDED).algorithm(), "stale bounds, goal a wall");
            grid.areas().set(3, 2.0); // area costs differ: A*
            assertEquals(GridAlgorithm.ASTAR, grid.findPath(s, g, BOUNDED).algorithm());
        }
    }

    @Test
    void aGridOverTablesWithBoundsRunsBoundedFromTheFirstQuery() {
        Random random = new Random(0xB0B0_0002L);
        try (Grid baked = randomGrid(random, 40, 30, 20);
                Arena arena = Arena.ofConfined()) {
            baked.bakeGoalBounds(2, BakeMonitor.NONE);
            GridTables tables = baked.tables();
            MemorySegment cells = arena.allocate((long) baked.width() * baked.height());
            for (int y = 0; y < baked.height(); y++) {
                for (int x = 0; x < baked.width(); x++) {
                    cells.set(java.lang.foreign.ValueLayout.JAVA_BYTE, (long) y * baked.width() + x, (byte)
                            baked.areaAt(y * baked.width() + x));
                }
            }
            GridTables copies = new GridTables(
                    copy(arena, tables.clearance()),
                    copy(arena, tables.blockMap()),
                    copy(arena, tables.jpsPlus()),
                    copy(arena, tables.octileNeighbours()),
                    copy(arena, tables.goalBounds()));
            try (Grid over = Grid.over(cells, baked.width(), baked.height(), copies)) {
                assertNotNull(over.goalBounds());
                assertArrayEquals(
                        baked.tables().goalBounds().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
                        over.tables().goalBounds().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
                assertEquals(baked.goalBounds(), over.goalBounds());
                for (int q = 0; q < 40; q++) {
                    Cell s = openCell(over, random);
                    Cell g = openCell(over, random);
                    assertEquals(GridAlgorithm.JPS_PLUS_BOUNDED, compare(over, s, g, "over " + s + " -> " + g));
                    assertEquals(
                            baked.findPath(s, g, PLUS).cost(),
                            over.findPath(s, g, BOUNDED).cost(),
                            1e-9);
                }
                Cell wall = openCell(over, random);
                over.setWalkable(wall.x(), wall.y(), false);
                assertEquals(
                        GridAlgorithm.JPS_PLUS,
                        compare(over, openCell(over, random), openCell(over, random), "edited"));
            }
            GridTables boundsWithoutJps = new GridTables(null, null, null, null, copy(arena, tables.goalBounds()));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> Grid.over(cells, baked.width(), baked.height(), boundsWithoutJps));
            MemorySegment foreign = copy(arena, tables.goalBounds());
            foreign.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 0, 41); // width field
            GridTables wrong = new GridTables(null, null, copy(arena, tables.jpsPlus()), null, foreign);
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> Grid.over(cells, baked.width(), baked.height(), wrong));
            assertTrue(e.getMessage().contains("width"), e.getMessage());
        }
    }

    private static MemorySegment copy(Arena arena, MemorySegment from) {
        MemorySegment to = arena.allocate(from.byteSize(), 8);
        to.copyFrom(from);
        return to;
    }

    @Test
    void theResumableAndAsyncFormsRefuseIt() throws InterruptedException {
        try (Grid grid = Grid.fromText("....\n....\n")) {
            assertThrows(IllegalArgumentException.class, () -> grid.createSearch(BOUNDED));
            ExecutionException e = assertThrows(
                    ExecutionException.class,
                    () -> grid.findPathAsync(new Cell(0, 0), new Cell(3, 1), BOUNDED)
                            .get());
            assertTrue(e.getCause() instanceof IllegalArgumentException, e.toString());
            assertThrows(IllegalArgumentException.class, () -> grid.bakeGoalBounds(0, BakeMonitor.NONE));
        }
    }
}
