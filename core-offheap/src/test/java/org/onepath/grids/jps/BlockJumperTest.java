package org.onepath.grids.jps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;

/**
 * The block-based jumper finds exactly what the cell-by-cell jumper finds: from every cell, in
 * every direction, with goals anywhere (on the line, off it, on walls), on grids whose sides sit
 * around the 64-cell word boundaries, and after edits the block map must follow at once.
 */
class BlockJumperTest {

    /** Compares the two jumpers from every cell in every direction; returns the comparisons made. */
    static long compareEverywhere(
            JpsModel model, Grid grid, BlockJumper block, OnlineJumper online, Random random, String where) {
        int width = model.width;
        int height = model.height;
        int n = model.cellCount();
        List<Integer> walls = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            if (!model.openCell(c)) {
                walls.add(c);
            }
        }
        long count = 0;
        int[] goals = new int[6];
        for (int cell = 0; cell < n; cell++) {
            int x = cell % width;
            int y = cell / width;
            for (int d = 0; d < 8; d++) {
                goals[0] = random.nextInt(n); // anywhere
                goals[1] = y * width + random.nextInt(width); // on the row
                goals[2] = random.nextInt(height) * width + x; // on the column
                goals[3] = walls.isEmpty() ? cell : walls.get(random.nextInt(walls.size())); // on a wall
                int k = 1 + random.nextInt(Math.max(width, height)); // on the ray, maybe past the edge
                int gx = Math.min(width - 1, Math.max(0, x + k * JpsModel.DX[d]));
                int gy = Math.min(height - 1, Math.max(0, y + k * JpsModel.DY[d]));
                goals[4] = gy * width + gx;
                goals[5] = cell; // the start itself
                for (int goal : goals) {
                    int expected = online.jump(cell, d, goal);
                    int actual = block.jump(cell, d, goal);
                    count++;
                    if (expected != actual) {
                        fail("block " + actual + " != online " + expected + " from (" + x + "," + y + ") "
                                + JpsModel.NAMES[d] + " goal (" + goal % width + "," + goal / width + ") " + where
                                + (n <= 4096 ? "\n" + model : ""));
                    }
                }
            }
        }
        return count;
    }

    @Provide
    Arbitrary<Integer> sides() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(1, 12), Arbitraries.of(62, 63, 64, 65, 66, 127, 128, 129));
    }

    @Property(tries = 80)
    void blockEqualsOnlineOnRandomGrids(
            @ForAll("sides") int width,
            @ForAll("sides") int height,
            @ForAll @IntRange(min = 0, max = 55) int wallPercent,
            @ForAll @IntRange(min = 0, max = 5) int rectangles,
            @ForAll long seed) {
        // keep a long side paired with a short one so the exhaustive check stays quick
        if (width > 12 && height > 12) {
            height = 1 + Math.floorMod(seed, 12);
        }
        JpsModel model = JpsModel.random(width, height, wallPercent, rectangles, seed);
        try (Grid grid = model.toGrid();
                BlockMap map = new BlockMap(grid)) {
            BlockJumper block = new BlockJumper(map);
            assertSame(map, block.map());
            compareEverywhere(model, grid, block, new OnlineJumper(grid), new Random(seed), "");
        }
    }

    @Property(tries = 40)
    void blockEqualsOnlineOnSquareGrids(
            @ForAll @IntRange(min = 2, max = 70) int side,
            @ForAll @IntRange(min = 0, max = 45) int wallPercent,
            @ForAll long seed) {
        JpsModel model = JpsModel.random(side, side, wallPercent, 3, seed);
        try (Grid grid = model.toGrid();
                BlockMap map = new BlockMap(grid)) {
            compareEverywhere(model, grid, new BlockJumper(map), new OnlineJumper(grid), new Random(seed), "");
        }
    }

    @Property(tries = 40)
    void blockFollowsEditsImmediately(
            @ForAll("sides") int width,
            @ForAll @IntRange(min = 1, max = 12) int height,
            @ForAll @IntRange(min = 0, max = 40) int wallPercent,
            @ForAll long seed) {
        JpsModel model = JpsModel.random(width, height, wallPercent, 2, seed);
        Random random = new Random(seed);
        try (Grid grid = model.toGrid();
                BlockMap map = new BlockMap(grid)) {
            BlockJumper block = new BlockJumper(map);
            OnlineJumper online = new OnlineJumper(grid);
            for (int round = 0; round < 3; round++) {
                int edits = 1 + random.nextInt(12);
                for (int e = 0; e < edits; e++) {
                    int x = random.nextInt(width);
                    int y = random.nextInt(height);
                    boolean open = random.nextBoolean();
                    grid.setWalkable(x, y, open);
                    model.open[y * width + x] = open;
                }
                compareEverywhere(model, grid, block, online, random, "after edit round " + round);
            }
        }
    }

    @Test
    void forcedNeighboursAcrossAWordBoundary() {
        // 130 x 2: row 0 open; row 1 open but for a wall at x = 63
        JpsModel model = new JpsModel(130, 2);
        java.util.Arrays.fill(model.open, true);
        model.open[130 + 63] = false;
        try (Grid grid = model.toGrid();
                BlockMap map = new BlockMap(grid)) {
            BlockJumper block = new BlockJumper(map);
            int far = 0; // (0,0): off row 1, and behind every scan along row 0
            // east along row 0: (64,0) has (64,1) open below, (63,1) below the previous cell a wall
            assertEquals(64, block.jump(0, Direction.EAST, 130 + 129));
            // west along row 0 from x = 129: (62,0) has (62,1) open, (63,1) a wall
            assertEquals(129 - 62, block.jump(129, Direction.WEST, 130 + 129));
            // a goal before the stop wins
            assertEquals(40, block.jump(0, Direction.EAST, 40));
            assertEquals(129 - 70, block.jump(129, Direction.WEST, 70));
            // row 1: the wall stops the scan with no result; past it the row runs off the end
            assertEquals(0, block.jump(130, Direction.EAST, far));
            assertEquals(0, block.jump(130 + 64, Direction.EAST, far));
            assertEquals(65, block.jump(130 + 64, Direction.EAST, 130 + 129));
            assertEquals(0, block.jump(130 + 64, Direction.WEST, far));
            // row 1 west of the wall: row 0 above is open throughout, so nothing is forced
            assertEquals(62, block.jump(130 + 62, Direction.WEST, 130));
            assertEquals(0, block.jump(130 + 62, Direction.WEST, far));
        }
    }

    @Test
    void fullWordLinesRunOffTheEdge() {
        for (int width : new int[] {64, 128}) {
            try (Grid grid = Grid.create(width, 1);
                    BlockMap map = new BlockMap(grid)) {
                BlockJumper block = new BlockJumper(map);
                assertEquals(0, block.jump(0, Direction.EAST, 0), "width " + width);
                assertEquals(width - 1, block.jump(0, Direction.EAST, width - 1), "width " + width);
                assertEquals(0, block.jump(width - 1, Direction.EAST, 0), "width " + width);
                assertEquals(0, block.jump(width - 1, Direction.WEST, width - 1), "width " + width);
                assertEquals(width - 1, block.jump(width - 1, Direction.WEST, 0), "width " + width);
                if (width > 64) {
                    assertEquals(1, block.jump(63, Direction.EAST, 64), "width " + width);
                    assertEquals(1, block.jump(64, Direction.WEST, 63), "width " + width);
                    assertEquals(0, block.jump(64, Direction.WEST, 64), "width " + width);
                }
            }
            try (Grid grid = Grid.create(1, width);
                    BlockMap map = new BlockMap(grid)) {
                BlockJumper block = new BlockJumper(map);
                assertEquals(0, block.jump(0, Direction.SOUTH, 0), "height " + width);
                assertEquals(width - 1, block.jump(0, Direction.SOUTH, width - 1), "height " + width);
                assertEquals(width - 1, block.jump(width - 1, Direction.NORTH, 0), "height " + width);
                assertEquals(0, block.jump(0, Direction.NORTH, 0), "height " + width);
            }
        }
    }

    @Test
    void diagonalDirectionsOnlyThroughJump() {
        try (Grid grid = Grid.create(3, 3);
                BlockMap map = new BlockMap(grid)) {
            BlockJumper block = new BlockJumper(map);
            assertThrows(IllegalArgumentException.class, () -> block.straight(0, 0, Direction.NORTH_EAST, 2, 2));
            assertThrows(NullPointerException.class, () -> new BlockJumper(null));
        }
    }
}
