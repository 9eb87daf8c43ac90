package org.onepath.grids.jps;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;

/** The cell-by-cell jump: hand-derived cases and agreement with the plain model. */
class OnlineJumperTest {

    private static int jump(String picture, int x, int y, int direction, int gx, int gy) {
        try (Grid grid = Grid.fromText(picture)) {
            int w = grid.width();
            return new OnlineJumper(grid).jump(y * w + x, direction, gy * w + gx);
        }
    }

    @Test
    void anOpenRowEndsWithNoJumpPoint() {
        assertEquals(0, jump(".....\n", 0, 0, Direction.EAST, 0, 0));
        assertEquals(0, jump(".....\n", 4, 0, Direction.WEST, 4, 0));
        assertEquals(0, jump(".....\n", 2, 0, Direction.NORTH, 0, 0));
    }

    @Test
    void aStraightScanStopsAtTheGoal() {
        assertEquals(3, jump(".....\n", 0, 0, Direction.EAST, 3, 0));
        assertEquals(4, jump(".....\n", 4, 0, Direction.WEST, 0, 0));
        assertEquals(2, jump(".\n.\n.\n.\n", 0, 3, Direction.NORTH, 0, 1));
        // a goal behind the scan is ignored
        assertEquals(0, jump(".....\n", 2, 0, Direction.EAST, 1, 0));
    }

    @Test
    void aStraightScanStopsAtAForcedNeighbour() {
        String picture = """
                .....
                ..#..
                .....
                """;
        // along row 0: (3,0) has (3,1) open below while (2,1) below the previous cell is a wall
        assertEquals(3, jump(picture, 0, 0, Direction.EAST, 0, 2));
        assertEquals(3, jump(picture, 4, 2, Direction.WEST, 0, 0)); // (1,2): (1,1) open, (2,1) wall
        assertEquals(0, jump(picture, 0, 1, Direction.EAST, 4, 0)); // runs into the wall
        assertEquals(0, jump(picture, 4, 1, Direction.WEST, 0, 0));
        // column 1 going south from (1,0): (1,2) has (2,2) open beside it and (2,1) a wall beside (1,1)
        assertEquals(2, jump(picture, 1, 0, Direction.SOUTH, 4, 0));
        // column 4 going north from the bottom: nothing forced, off the top
        assertEquals(0, jump(picture, 4, 2, Direction.NORTH, 0, 0));
    }

    @Test
    void aWallGoalIsNeverReached() {
        assertEquals(0, jump("..#..\n", 0, 0, Direction.EAST, 2, 0));
    }

    @Test
    void aDiagonalStopsWhereAStraightScanFindsAJumpPoint() {
        String picture = """
                .....
                ..#..
                .....
                """;
        // (0,2) NE to (1,1); from there north: (1,0) has (2,0) open beside it and (2,1) a wall beside (1,1)
        assertEquals(1, jump(picture, 0, 2, Direction.NORTH_EAST, 4, 2));
        // (3,2) NE to (4,1): east runs off the grid, north (4,0) finds nothing; then off the grid
        assertEquals(0, jump(picture, 3, 2, Direction.NORTH_EAST, 0, 0));
    }

    @Test
    void aDiagonalStepNeedsBothSideCellsAndTheTarget() {
        assertEquals(0, jump(".#\n..\n", 0, 1, Direction.NORTH_EAST, 1, 0)); // target a wall
        assertEquals(0, jump("#.\n..\n", 0, 1, Direction.NORTH_EAST, 1, 0)); // (0,0) beside: corner
        assertEquals(0, jump(".#\n..\n", 1, 1, Direction.NORTH_WEST, 0, 0)); // (1,0) beside: corner
        assertEquals(1, jump("..\n..\n", 0, 1, Direction.NORTH_EAST, 1, 0));
    }

    @Test
    void aDiagonalStopsLevelWithAGoalItCanSee() {
        String open = ".....\n.....\n.....\n.....\n.....\n";
        assertEquals(3, jump(open, 0, 4, Direction.NORTH_EAST, 3, 1)); // on the diagonal
        assertEquals(3, jump(open, 0, 4, Direction.NORTH_EAST, 3, 0)); // north of (3,1)
        assertEquals(4, jump(open, 0, 4, Direction.NORTH_EAST, 4, 0));
        assertEquals(2, jump(open, 0, 4, Direction.NORTH_EAST, 4, 2)); // east of (2,2)
        assertEquals(0, jump(open, 0, 4, Direction.NORTH_EAST, 0, 0)); // outside the quadrant
        assertEquals(2, jump(open, 4, 0, Direction.SOUTH_WEST, 0, 2)); // west of (2,2)
        assertEquals(1, jump(open, 2, 2, Direction.SOUTH_EAST, 3, 4)); // south of (3,3)
    }

    @Test
    void aGoalBehindAWallDoesNotStopTheDiagonal() {
        String picture = """
                ...#.
                ...#.
                ...#.
                ...#.
                ...#.
                """;
        // NE from (0,4): the east scans from (1,3) and (2,2) meet the wall column before goal (4,2),
        // nothing is forced, and the step from (2,2) to (3,1) is blocked
        assertEquals(0, jump(picture, 0, 4, Direction.NORTH_EAST, 4, 2));
        // with the goal west of the wall the east scan from (1,3) reaches it
        assertEquals(1, jump(picture, 0, 4, Direction.NORTH_EAST, 2, 3));
    }

    @Property(tries = 150)
    void agreesWithTheModelFromEveryCell(
            @ForAll @IntRange(min = 1, max = 24) int width,
            @ForAll @IntRange(min = 1, max = 24) int height,
            @ForAll @IntRange(min = 0, max = 50) int wallPercent,
            @ForAll @IntRange(min = 0, max = 4) int rectangles,
            @ForAll long seed) {
        JpsModel model = JpsModel.random(width, height, wallPercent, rectangles, seed);
        Random random = new Random(seed ^ 0x5DEECE66DL);
        try (Grid grid = model.toGrid()) {
            OnlineJumper jumper = new OnlineJumper(grid);
            int n = model.cellCount();
            for (int cell = 0; cell < n; cell++) {
                for (int d = 0; d < 8; d++) {
                    int[] goals = {
                        random.nextInt(n),
                        (cell / width) * width + random.nextInt(width),
                        random.nextInt(height) * width + cell % width
                    };
                    for (int goal : goals) {
                        int expected = model.jump(cell, d, goal);
                        int actual = jumper.jump(cell, d, goal);
                        if (expected != actual) {
                            assertEquals(
                                    expected,
                                    actual,
                                    "jump from " + cell + " dir " + JpsModel.NAMES[d] + " goal " + goal + "\n" + model);
                        }
                    }
                }
            }
        }
    }
}
