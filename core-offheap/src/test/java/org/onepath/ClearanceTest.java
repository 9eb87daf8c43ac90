package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;

/** Rule 6: true clearance and agent sizes. */
class ClearanceTest {

    @Test
    void clearanceIsTheLargestOpenSquareWithTheCellAsTopLeftCorner() {
        String picture = """
                .....
                ...#.
                .....
                #....
                """;
        try (Grid grid = Grid.fromText(picture)) {
            // hand-derived: rows top to bottom
            int[][] expected = {
                {3, 2, 1, 1, 1},
                {2, 2, 1, 0, 1},
                {1, 2, 2, 2, 1},
                {0, 1, 1, 1, 1},
            };
            for (int y = 0; y < 4; y++) {
                for (int x = 0; x < 5; x++) {
                    assertEquals(expected[y][x], grid.maxAgentSizeAt(x, y), "cell " + x + "," + y);
                }
            }
        }
    }

    @Test
    void outsideTheGridCountsAsWall() {
        try (Grid grid = Grid.create(3, 2)) {
            assertEquals(2, grid.maxAgentSizeAt(0, 0));
            assertEquals(2, grid.maxAgentSizeAt(1, 0));
            assertEquals(1, grid.maxAgentSizeAt(2, 0));
            assertEquals(1, grid.maxAgentSizeAt(0, 1));
            assertEquals(0, grid.maxAgentSizeAt(-1, 0));
            assertEquals(0, grid.maxAgentSizeAt(3, 0));
            assertEquals(0, grid.maxAgentSizeAt(0, 2));
            assertFalse(grid.canFit(3, 0, 1));
        }
    }

    @Test
    void clearanceIsCappedAt255() {
        try (Grid grid = Grid.create(300, 300)) {
            assertEquals(255, grid.maxAgentSizeAt(0, 0));
            assertEquals(255, grid.maxAgentSizeAt(45, 45));
            assertEquals(254, grid.maxAgentSizeAt(46, 10));
            assertEquals(1, grid.maxAgentSizeAt(299, 299));
            assertTrue(grid.canFit(0, 0, 255));
            assertEquals(255, grid.clearance().get(ValueLayout.JAVA_BYTE, 0) & 0xFF);
        }
    }

    @Test
    void canFitComparesClearanceWithTheAgentSize() {
        try (Grid grid = Grid.fromText("""
                ...
                ..#
                ...
                """)) {
            assertTrue(grid.canFit(0, 0, 1));
            assertTrue(grid.canFit(0, 0, 2));
            assertFalse(grid.canFit(0, 0, 3));
            assertFalse(grid.canFit(1, 0, 2));
            assertFalse(grid.canFit(2, 1, 1));
            assertThrows(IllegalArgumentException.class, () -> grid.canFit(0, 0, 0));
            assertThrows(IllegalArgumentException.class, () -> grid.canFit(0, 0, 256));
        }
    }

    @Test
    void clearanceIsRecomputedAfterEdits() {
        try (Grid grid = Grid.create(6, 6)) {
            assertEquals(6, grid.maxAgentSizeAt(0, 0));
            MemorySegment view = grid.clearance();
            grid.setWalkable(3, 3, false);
            assertEquals(3, grid.maxAgentSizeAt(0, 0));
            assertEquals(0, grid.maxAgentSizeAt(3, 3));
            assertEquals(2, grid.maxAgentSizeAt(4, 4));
            assertEquals(1, grid.maxAgentSizeAt(2, 3));
            assertEquals(
                    3,
                    view.get(ValueLayout.JAVA_BYTE, 0) & 0xFF,
                    "an earlier clearance view sees the recomputed values");
            grid.setWalkable(3, 3, true);
            assertEquals(6, grid.maxAgentSizeAt(0, 0));
            // an area change keeps the cell walkable: clearance unchanged
            grid.setArea(1, 1, 200);
            assertEquals(6, grid.maxAgentSizeAt(0, 0));
        }
    }

    @Provide
    Arbitrary<ReferenceGrid> grids() {
        return RandomGrids.grids(1, 12);
    }

    @Property(tries = 300)
    void clearanceMatchesBruteForce(
            @ForAll("grids") ReferenceGrid ref,
            @ForAll @Size(max = 6) List<@IntRange(min = 0, max = 9999) Integer> edits) {
        try (Grid grid = ref.toGrid()) {
            checkClearance(ref, grid);
            // toggle some cells and compare again
            for (int e : edits) {
                int x = e % ref.width();
                int y = (e / ref.width()) % ref.height();
                int area = ref.area(x, y) == ReferenceGrid.WALL ? 0 : ReferenceGrid.WALL;
                ref.setArea(x, y, area);
                grid.setArea(x, y, area);
                checkClearance(ref, grid);
            }
        }
    }

    private static void checkClearance(ReferenceGrid ref, Grid grid) {
        for (int y = 0; y < ref.height(); y++) {
            for (int x = 0; x < ref.width(); x++) {
                int cx = x;
                int cy = y;
                assertEquals(
                        ref.clearance(x, y),
                        grid.maxAgentSizeAt(x, y),
                        () -> "clearance of " + cx + "," + cy + "\n" + ref);
                for (int s = 1; s <= 4; s++) {
                    int size = s;
                    assertEquals(
                            ref.fits(x, y, s),
                            grid.canFit(x, y, s),
                            () -> "canFit " + cx + "," + cy + " size " + size + "\n" + ref);
                }
            }
        }
    }

    @Test
    void agentQueriesUseTheSizeForEndCellsAndEveryPathCell() {
        String picture = """
                ......
                ......
                ###...
                ......
                ......
                """;
        try (Grid grid = Grid.fromText(picture)) {
            GridOptions two = GridOptions.forAgentSize(2);
            // (5, 0) has clearance 1: too narrow for size 2
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(5, 0), new Cell(0, 0), two).status());
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new Cell(0, 0), new Cell(0, 4), two).status());
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(0, 3), two);
            assertEquals(PathStatus.FOUND, path.status());
            ReferenceGrid ref = ReferenceGrid.parse(picture.strip());
            for (Cell c : path.cells()) {
                assertTrue(ref.fits(c.x(), c.y(), 2), "cell " + c + " of " + path.cells());
            }
            // hand-derived: right along row 0 or 1 to column 3, down the 3-wide gap, back left
            double[] dist = ref.distancesFrom(0, 0, true, DiagonalRule.NO_CORNER_CUTTING, 2);
            assertEquals(dist[3 * 6], path.cost(), 1e-12);
            // (0, 0) has clearance 2: a size-3 agent cannot start there, but fits at (3, 0)
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(0, 0), new Cell(3, 2), GridOptions.forAgentSize(3))
                            .status());
            assertEquals(
                    PathStatus.FOUND,
                    grid.findPath(new Cell(3, 0), new Cell(3, 2), GridOptions.forAgentSize(3))
                            .status());
        }
    }

    @Test
    void agentQueriesSeeEditsBetweenQueriesWithTheSameOptions() {
        try (Grid grid = Grid.fromText("""
                ......
                ......
                ......
                ......
                """)) {
            GridOptions two = GridOptions.forAgentSize(2);
            Cell start = new Cell(0, 0);
            Cell goal = new Cell(4, 0);
            assertEquals(PathStatus.FOUND, grid.findPath(start, goal, two).status());
            // a wall in row 1 and one in row 3 leave no 2-wide passage from column 0..1 to 4..5
            grid.setWalkable(2, 1, false);
            grid.setWalkable(3, 3, false);
            GridPath blocked = grid.findPath(start, goal, two);
            assertEquals(PathStatus.NO_PATH, blocked.status());
            grid.setWalkable(3, 3, true);
            GridPath reopened = grid.findPath(start, goal, two);
            assertEquals(PathStatus.FOUND, reopened.status());
            try (Grid fresh = Grid.fromText("""
                    ......
                    ..#...
                    ......
                    ......
                    """)) {
                GridPath expected = fresh.findPath(start, goal, two);
                assertEquals(expected.cells(), reopened.cells());
                assertEquals(Double.doubleToLongBits(expected.cost()), Double.doubleToLongBits(reopened.cost()));
            }
        }
    }

    @Test
    void stepCostOfAnAgentUsesOnlyTheTwoPositionCells() {
        // the agent's footprint covers the expensive area-5 cells, its position cells never do
        try (Grid grid = Grid.fromText("""
                ....
                .55.
                .55.
                ....
                """)) {
            grid.areas().set(5, 100.0);
            GridOptions two = GridOptions.builder()
                    .agentSize(2)
                    .connectivity(Connectivity.FOUR)
                    .build();
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(0, 2), two);
            assertEquals(PathStatus.FOUND, path.status());
            assertEquals(List.of(new Cell(0, 0), new Cell(0, 1), new Cell(0, 2)), path.cells());
            assertEquals(2.0, path.cost());
        }
    }
}
