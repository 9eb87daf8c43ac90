package org.onepath.grids.jps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;

/** Goal bounding of the table jumper: hand-made cases and the rule walked cell by cell. */
class TableJumperTest {

    private static int jump(Grid grid, TableJumper jumper, int x, int y, int d, int gx, int gy) {
        return jumper.jump(y * grid.width() + x, d, gy * grid.width() + gx);
    }

    @Test
    void straightGoalWithinTheReachIsReturned() {
        try (Grid grid = Grid.fromText("......\n");
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            TableJumper jumper = new TableJumper(index);
            assertSame(index, jumper.index());
            assertEquals(-5, index.entry(0, Direction.EAST));
            assertEquals(3, jump(grid, jumper, 0, 0, Direction.EAST, 3, 0));
            assertEquals(5, jump(grid, jumper, 0, 0, Direction.EAST, 5, 0));
            assertEquals(0, jump(grid, jumper, 0, 0, Direction.EAST, 0, 0)); // the start itself
            assertEquals(0, jump(grid, jumper, 3, 0, Direction.EAST, 1, 0)); // behind
            assertEquals(2, jump(grid, jumper, 3, 0, Direction.WEST, 1, 0));
        }
    }

    @Test
    void straightGoalBeyondAWallIsNotReturned() {
        try (Grid grid = Grid.fromText("...#..\n");
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            TableJumper jumper = new TableJumper(index);
            assertEquals(-2, index.entry(0, Direction.EAST));
            assertEquals(0, jump(grid, jumper, 0, 0, Direction.EAST, 5, 0));
            assertEquals(0, jump(grid, jumper, 0, 0, Direction.EAST, 3, 0)); // the wall itself
            assertEquals(2, jump(grid, jumper, 0, 0, Direction.EAST, 2, 0));
            assertEquals(1, jump(grid, jumper, 5, 0, Direction.WEST, 4, 0));
        }
    }

    @Test
    void straightJumpPointBeforeTheGoal() {
        String picture = """
                ......
                .#....
                """;
        try (Grid grid = Grid.fromText(picture);
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            TableJumper jumper = new TableJumper(index);
            // (2,0) is forced going east: (0,0) east is 2
            assertEquals(2, index.entry(0, Direction.EAST));
            assertEquals(2, jump(grid, jumper, 0, 0, Direction.EAST, 4, 0)); // goal past the jump point
            assertEquals(1, jump(grid, jumper, 0, 0, Direction.EAST, 1, 0)); // goal before it
            assertEquals(2, jump(grid, jumper, 0, 0, Direction.EAST, 2, 0)); // goal on it
            assertEquals(2, jump(grid, jumper, 0, 0, Direction.EAST, 4, 1)); // goal off the line
            assertEquals(0, jump(grid, jumper, 0, 1, Direction.EAST, 4, 1)); // the wall first
        }
    }

    @Test
    void diagonalStopsLevelWithAGoalInsideTheQuadrant() {
        try (Grid grid = Grid.create(5, 5);
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            TableJumper jumper = new TableJumper(index);
            assertEquals(-4, index.entry(20, Direction.NORTH_EAST)); // (0,4): four steps to the corner
            assertEquals(3, jump(grid, jumper, 0, 4, Direction.NORTH_EAST, 3, 0)); // min(3, 4)
            assertEquals(2, jump(grid, jumper, 0, 4, Direction.NORTH_EAST, 4, 2)); // min(4, 2)
            assertEquals(4, jump(grid, jumper, 0, 4, Direction.NORTH_EAST, 4, 0));
            assertEquals(0, jump(grid, jumper, 0, 4, Direction.NORTH_EAST, 0, 0)); // on the edge of the quadrant
            assertEquals(0, jump(grid, jumper, 0, 4, Direction.NORTH_EAST, 4, 4)); // on the edge of the quadrant
            assertEquals(0, jump(grid, jumper, 2, 2, Direction.NORTH_EAST, 1, 1)); // another quadrant
            assertEquals(1, jump(grid, jumper, 2, 2, Direction.SOUTH_WEST, 1, 3));
            assertEquals(2, jump(grid, jumper, 4, 4, Direction.NORTH_WEST, 0, 2));
            assertEquals(1, jump(grid, jumper, 2, 2, Direction.SOUTH_EAST, 3, 4));
        }
    }

    @Test
    void diagonalGoalBeyondTheReachIsIgnored() {
        String picture = """
                .....
                .....
                ..#..
                .....
                .....
                """;
        try (Grid grid = Grid.fromText(picture);
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            TableJumper jumper = new TableJumper(index);
            // NE from (0,3) lands on (1,2), whose north value is positive: (1,1) is forced going
            // north ((2,1) open beside it, (2,2) beside the previous cell a wall)
            assertEquals(1, index.entry(15, Direction.NORTH_EAST));
            // the goal (4,0) is inside the quadrant, min(4, 3) = 3 > |v| = 1: the stored jump point
            assertEquals(1, jump(grid, jumper, 0, 3, Direction.NORTH_EAST, 4, 0));
            // (1,2) level with the goal: 1 step
            assertEquals(1, jump(grid, jumper, 0, 3, Direction.NORTH_EAST, 4, 2));
        }
    }

    @Test
    void diagonalJumpPointFurtherThanTheGoalLevel() {
        String picture = """
                ......
                ....#.
                ......
                ......
                ......
                ......
                """;
        try (Grid grid = Grid.fromText(picture);
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            TableJumper jumper = new TableJumper(index);
            assertEquals(3, index.entry(30, Direction.NORTH_EAST)); // (0,5) to the jump point (3,2)
            assertEquals(2, jump(grid, jumper, 0, 5, Direction.NORTH_EAST, 2, 0)); // level with x = 2
            assertEquals(1, jump(grid, jumper, 0, 5, Direction.NORTH_EAST, 5, 4)); // level with y = 4
            assertEquals(3, jump(grid, jumper, 0, 5, Direction.NORTH_EAST, 5, 1)); // min(5, 4) > 3
            assertEquals(3, jump(grid, jumper, 0, 5, Direction.NORTH_EAST, 1, 5)); // not strictly inside
            assertEquals(3, jump(grid, jumper, 0, 5, Direction.NORTH_EAST, 3, 2)); // on the jump point
        }
    }

    @Test
    void aWallCellJumpsNowhere() {
        try (Grid grid = Grid.fromText("...\n.#.\n...\n");
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            TableJumper jumper = new TableJumper(index);
            for (int d = 0; d < 8; d++) {
                assertEquals(0, jumper.jump(4, d, 0), "dir " + d);
                assertEquals(0, jumper.jump(4, d, 8), "dir " + d);
            }
            assertThrows(NullPointerException.class, () -> new TableJumper(null));
        }
    }

    @Property(tries = 150)
    void followsTheBoundingRuleEverywhere(
            @ForAll @IntRange(min = 1, max = 24) int width,
            @ForAll @IntRange(min = 1, max = 24) int height,
            @ForAll @IntRange(min = 0, max = 50) int wallPercent,
            @ForAll @IntRange(min = 0, max = 4) int rectangles,
            @ForAll long seed) {
        JpsModel model = JpsModel.random(width, height, wallPercent, rectangles, seed);
        short[] table = model.table();
        Random random = new Random(seed);
        try (Grid grid = model.toGrid();
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            TableJumper jumper = new TableJumper(index);
            int n = model.cellCount();
            for (int cell = 0; cell < n; cell++) {
                int x = cell % width;
                int y = cell / width;
                for (int d = 0; d < 8; d++) {
                    int k = 1 + random.nextInt(Math.max(width, height));
                    int gx = Math.min(width - 1, Math.max(0, x + k * JpsModel.DX[d] + random.nextInt(3) - 1));
                    int gy = Math.min(height - 1, Math.max(0, y + k * JpsModel.DY[d] + random.nextInt(3) - 1));
                    int[] goals = {
                        random.nextInt(n),
                        gy * width + gx,
                        y * width + random.nextInt(width),
                        random.nextInt(height) * width + x
                    };
                    for (int goal : goals) {
                        int expected = model.tableJump(table, cell, d, goal);
                        int actual = jumper.jump(cell, d, goal);
                        if (expected != actual) {
                            fail("table jump " + actual + " != " + expected + " from (" + x + "," + y + ") "
                                    + JpsModel.NAMES[d] + " goal (" + goal % width + "," + goal / width + ")\n"
                                    + model);
                        }
                    }
                }
            }
        }
    }
}
