package org.onepath.grids.fast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.cells.PathStatus;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JpsPlusIndex;

/**
 * Edits between searches: an engine kept across {@code setArea} edits returns what a fresh engine
 * on a fresh grid with the same cells returns (expansion order, counts, path, cost bits).
 */
class OctileEditsTest {

    private static void assertSameRun(SlicedSearch expected, SlicedSearch actual, String context) {
        assertEquals(expected.status(), actual.status(), context);
        assertEquals(expected.iterations(), actual.iterations(), "iterations " + context);
        assertEquals(expected.expandedCount(), actual.expandedCount(), "expanded " + context);
        assertArrayEquals(expected.expandedNodes(), actual.expandedNodes(), "expansion order " + context);
        assertEquals(
                Double.doubleToRawLongBits(expected.pathCost()),
                Double.doubleToRawLongBits(actual.pathCost()),
                "cost " + context);
        if (expected.status() == SearchStatus.FOUND) {
            assertArrayEquals(expected.path(), actual.path(), "path " + context);
        }
    }

    /** Applies random edits to the grid and the model: walls added and removed, and open cells moved between area ids. */
    private static OctileModel edit(Random random, Grid grid, OctileModel model, int edits) {
        boolean[] open = model.open.clone();
        for (int k = 0; k < edits; k++) {
            int cell = random.nextInt(open.length);
            int x = cell % model.width;
            int y = cell / model.width;
            int choice = random.nextInt(3);
            int area = choice == 0 ? Grid.WALL : choice == 1 ? 0 : 7;
            grid.setArea(x, y, area);
            open[cell] = area != Grid.WALL;
        }
        return new OctileModel(model.width, model.height, open);
    }

    @Test
    void octileAStarReReadsTheWallsAfterEdits() {
        Random random = new Random(2718);
        int compared = 0;
        for (int round = 0; round < 60; round++) {
            OctileModel model = OctileModel.random(random, 3, 18);
            try (Grid grid = model.toGrid();
                    OctileAStar kept = new OctileAStar(grid, false)) {
                kept.recordExpansions(true);
                for (int phase = 0; phase < 5; phase++) {
                    if (phase > 0) {
                        int before = grid.version();
                        model = edit(random, grid, model, 1 + random.nextInt(6));
                        assertTrue(grid.version() >= before);
                    }
                    try (Grid fresh = model.toGrid();
                            OctileAStar engine = new OctileAStar(fresh, false)) {
                        engine.recordExpansions(true);
                        for (int q = 0; q < 3; q++) {
                            int start = model.randomOpenCell(random);
                            int goal = model.randomOpenCell(random);
                            if (start < 0) {
                                continue;
                            }
                            boolean zero = random.nextBoolean();
                            kept.zeroEstimate(zero);
                            engine.zeroEstimate(zero);
                            assertEquals(PathStatus.IN_PROGRESS, kept.tryBegin(start, goal));
                            assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(start, goal));
                            kept.step(Integer.MAX_VALUE);
                            engine.step(Integer.MAX_VALUE);
                            String context =
                                    "round " + round + " phase " + phase + ", " + start + " -> " + goal + "\n" + model;
                            assertSameRun(engine, kept, context);
                            OctileAStarTest.assertSame(model.aStar(start, goal, zero), kept, 1.0, context);
                            compared++;
                        }
                    }
                }
            }
        }
        assertTrue(compared > 600, "compared " + compared);
    }

    @Test
    void octileJumpFollowsEditsThroughTheBlockMapAndTheRefreshedTables() {
        Random random = new Random(1618);
        int compared = 0;
        for (int round = 0; round < 40; round++) {
            OctileModel model = OctileModel.random(random, 3, 18);
            boolean blockImproved = random.nextBoolean();
            boolean tableImproved = random.nextBoolean();
            try (Grid grid = model.toGrid();
                    BlockMap map = new BlockMap(grid);
                    JpsPlusIndex index = new JpsPlusIndex(grid);
                    OctileMap octile = new OctileMap(grid);
                    OctileJump<BitFinder> block = new OctileJump<>(grid, new BitFinder(map, octile), blockImproved);
                    OctileJump<TableFinder> table =
                            new OctileJump<>(grid, new TableFinder(index, octile), tableImproved)) {
                block.recordExpansions(true);
                table.recordExpansions(true);
                for (int phase = 0; phase < 5; phase++) {
                    if (phase > 0) {
                        model = edit(random, grid, model, 1 + random.nextInt(6));
                        index.refresh();
                    }
                    try (Setup fresh = new Setup(model)) {
                        for (int q = 0; q < 3; q++) {
                            int start = model.randomOpenCell(random);
                            int goal = model.randomOpenCell(random);
                            if (start < 0) {
                                continue;
                            }
                            OctileJump<?>[][] pairs = {
                                {block, fresh.block(blockImproved)},
                                {table, fresh.table(tableImproved)},
                            };
                            for (OctileJump<?>[] pair : pairs) {
                                OctileJump<?> kept = pair[0];
                                OctileJump<?> engine = pair[1];
                                assertEquals(PathStatus.IN_PROGRESS, kept.tryBegin(start, goal));
                                assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(start, goal));
                                kept.step(Integer.MAX_VALUE);
                                engine.step(Integer.MAX_VALUE);
                                assertSameRun(
                                        engine,
                                        kept,
                                        (kept == block ? "block" : "table") + ", round " + round + " phase " + phase
                                                + ", " + start + " -> " + goal + "\n" + model);
                                compared++;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(compared > 400, "compared " + compared);
    }

    /** A fresh grid with its finders and engines. */
    private static final class Setup implements AutoCloseable {
        final Grid grid;
        final BlockMap map;
        final JpsPlusIndex index;
        final OctileMap octile;
        final OctileJump<BitFinder> blockPlain;
        final OctileJump<BitFinder> blockImproved;
        final OctileJump<TableFinder> tablePlain;
        final OctileJump<TableFinder> tableImproved;

        Setup(OctileModel model) {
            grid = model.toGrid();
            map = new BlockMap(grid);
            index = new JpsPlusIndex(grid);
            octile = new OctileMap(grid);
            blockPlain = new OctileJump<>(grid, new BitFinder(map, octile), false);
            blockImproved = new OctileJump<>(grid, new BitFinder(map, octile), true);
            tablePlain = new OctileJump<>(grid, new TableFinder(index, octile), false);
            tableImproved = new OctileJump<>(grid, new TableFinder(index, octile), true);
            for (OctileJump<?> e : new OctileJump<?>[] {blockPlain, blockImproved, tablePlain, tableImproved}) {
                e.recordExpansions(true);
            }
        }

        OctileJump<?> block(boolean improved) {
            return improved ? blockImproved : blockPlain;
        }

        OctileJump<?> table(boolean improved) {
            return improved ? tableImproved : tablePlain;
        }

        @Override
        public void close() {
            blockPlain.close();
            blockImproved.close();
            tablePlain.close();
            tableImproved.close();
            octile.close();
            index.close();
            map.close();
            grid.close();
        }
    }
}
