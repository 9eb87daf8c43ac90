package org.onepath.grids.fast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.grids.jps.BlockJumper;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.grids.jps.JumpRules;
import org.onepath.grids.jps.TableJumper;
import org.onepath.layout.OctileMapLayout;

/**
 * The neighbour bytes and successor table against the cells and the pruning rules, and the two
 * octile finders against the generic jumpers they specialise.
 */
class OctileMapTest {

    /** The neighbour byte written from its definition: bit d when the cell in direction d is open. */
    private static int expectedByte(OctileModel model, int x, int y) {
        int b = 0;
        for (int d = 0; d < 8; d++) {
            if (model.open(x + OctileModel.DX[d], y + OctileModel.DY[d])) {
                b |= 1 << d;
            }
        }
        return b;
    }

    private static void assertBytes(OctileModel model, OctileMap map, String context) {
        for (int y = 0; y < model.height; y++) {
            for (int x = 0; x < model.width; x++) {
                assertEquals(
                        expectedByte(model, x, y),
                        map.neighbours(y * model.width + x),
                        "neighbour byte of (" + x + ", " + y + "); " + context + "; " + model);
            }
        }
    }

    @Test
    void neighbourBytesFollowCellEditsRectanglesAndRestores() {
        Random random = new Random(4242);
        for (int round = 0; round < 60; round++) {
            OctileModel model = OctileModel.random(random, 1, 20);
            try (Grid grid = model.toGrid();
                    OctileMap map = new OctileMap(grid)) {
                assertBytes(model, map, "built");
                byte[] saved = grid.saveState();
                OctileModel savedModel = model;
                for (int edit = 0; edit < 30; edit++) {
                    boolean[] open = model.open.clone();
                    if (random.nextBoolean()) {
                        int x = random.nextInt(model.width);
                        int y = random.nextInt(model.height);
                        boolean walk = random.nextBoolean();
                        grid.setWalkable(x, y, walk);
                        open[y * model.width + x] = walk;
                    } else {
                        int x = random.nextInt(model.width);
                        int y = random.nextInt(model.height);
                        int w = 1 + random.nextInt(model.width - x);
                        int h = 1 + random.nextInt(model.height - y);
                        boolean walk = random.nextBoolean();
                        grid.setRect(x, y, w, h, walk ? 0 : Grid.WALL);
                        for (int yy = y; yy < y + h; yy++) {
                            for (int xx = x; xx < x + w; xx++) {
                                open[yy * model.width + xx] = walk;
                            }
                        }
                    }
                    model = new OctileModel(model.width, model.height, open);
                    assertBytes(model, map, "round " + round + ", edit " + edit);
                }
                grid.restoreState(saved);
                assertBytes(savedModel, map, "round " + round + ", after restoring the first state");
            }
        }
    }

    @Test
    void successorTableIsThePruningRulesLessIllegalFirstSteps() {
        for (int n = 0; n < 256; n++) {
            // A 3 x 3 grid whose centre has neighbour byte n.
            boolean[] open = new boolean[9];
            open[4] = true;
            for (int d = 0; d < 8; d++) {
                open[(1 + OctileModel.DY[d]) * 3 + 1 + OctileModel.DX[d]] = (n >>> d & 1) != 0;
            }
            OctileModel model = new OctileModel(3, 3, open);
            int legal = 0;
            for (int d = 0; d < 8; d++) {
                if (model.canStep(1, 1, d)) {
                    legal |= 1 << d;
                }
            }
            try (Grid grid = model.toGrid()) {
                JumpRules rules = new JumpRules(grid);
                for (int arrival = -1; arrival < 8; arrival++) {
                    int expected = rules.successors(1, 1, arrival) & legal;
                    assertEquals(
                            expected, OctileMap.successors(arrival, n), "arrival " + arrival + ", neighbour byte " + n);
                }
            }
        }
    }

    @Test
    void findersFindWhatTheGenericJumpersFindBeforeAndAfterEdits() {
        Random random = new Random(777);
        long compared = 0;
        for (int round = 0; round < 50; round++) {
            OctileModel model = OctileModel.random(random, 1, 70);
            try (Grid grid = model.toGrid();
                    BlockMap blocks = new BlockMap(grid);
                    JpsPlusIndex index = new JpsPlusIndex(grid);
                    OctileMap map = new OctileMap(grid)) {
                BlockJumper blockJumper = new BlockJumper(blocks);
                TableJumper tableJumper = new TableJumper(index);
                BitFinder bits = new BitFinder(blocks, map);
                TableFinder table = new TableFinder(index, map);
                for (int phase = 0; phase < 3; phase++) {
                    if (phase > 0) {
                        for (int e = 0; e < 5; e++) {
                            grid.setWalkable(
                                    random.nextInt(model.width), random.nextInt(model.height), random.nextBoolean());
                        }
                        table.refresh();
                    }
                    for (int g = 0; g < 6; g++) {
                        int goal = random.nextInt(model.cellCount());
                        int gx = goal % model.width;
                        int gy = goal / model.width;
                        bits.target(gx, gy);
                        table.target(gx, gy);
                        for (int cell = 0; cell < model.cellCount(); cell++) {
                            int x = cell % model.width;
                            int y = cell / model.width;
                            if (!grid.isWalkable(x, y)) {
                                continue;
                            }
                            for (int d = 0; d < 8; d++) {
                                String where = "cell (" + x + ", " + y + ") direction " + d + " goal (" + gx + ", " + gy
                                        + "), round " + round + " phase " + phase;
                                assertEquals(
                                        blockJumper.jump(cell, d, goal),
                                        bits.jump(cell, x, y, d),
                                        "BitFinder, " + where);
                                assertEquals(
                                        tableJumper.jump(cell, d, goal),
                                        table.jump(cell, x, y, d),
                                        "TableFinder, " + where);
                                compared++;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(compared > 100_000, "compared " + compared);
    }

    @Test
    void piecesOfDifferentGridsAreRefused() {
        try (Grid a = Grid.create(8, 8);
                Grid b = Grid.create(8, 8);
                BlockMap blocksA = new BlockMap(a);
                OctileMap mapA = new OctileMap(a);
                OctileMap mapB = new OctileMap(b);
                JpsPlusIndex indexA = new JpsPlusIndex(a)) {
            assertThrows(IllegalArgumentException.class, () -> new BitFinder(blocksA, mapB));
            assertThrows(IllegalArgumentException.class, () -> new TableFinder(indexA, mapB));
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> new OctileJump<>(b, new BitFinder(blocksA, mapA), false));
            assertTrue(e.getMessage().contains("another grid"), e.getMessage());
        }
    }

    @Test
    void overRefusesShortOrReadOnlyBytesUnderAWritableGridAndUsesGivenBytesInPlace() {
        try (Arena arena = Arena.ofConfined();
                Grid grid = Grid.create(9, 7)) {
            grid.setWalkable(4, 3, false);
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> OctileMap.over(grid, arena.allocate(62)));
            assertTrue(e.getMessage().contains("62") && e.getMessage().contains("63"), e.getMessage());
            MemorySegment bytes = arena.allocate(63);
            assertThrows(IllegalArgumentException.class, () -> OctileMap.over(grid, bytes.asReadOnly()));
            try (OctileMap built = new OctileMap(grid)) {
                bytes.copyFrom(built.neighbourBytes());
            }
            try (OctileMap over = OctileMap.over(grid, bytes)) {
                grid.setWalkable(0, 0, false);
                assertEquals(over.neighbours(1), bytes.get(OctileMapLayout.BYTE, 1) & 0xFF);
                assertEquals(
                        0,
                        over.neighbours(1) >>> 3 & 1,
                        "the west neighbour of (1, 0) became a wall, in the caller's bytes");
            }
        }
    }
}
