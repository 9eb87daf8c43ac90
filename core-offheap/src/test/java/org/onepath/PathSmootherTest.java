package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.PathSmoother.SmoothedPath;
import org.onepath.cells.Cell;
import org.onepath.grids.theta.GridLineOfSight;
import org.onepath.grids.theta.GridPathSmoother;

/** Hand-made cases of {@link PathSmoother} and {@link GridPathSmoother}, and their bad input. */
class PathSmootherTest {
    @Test
    void anOpenFieldBecomesOneSegment() {
        try (Grid grid = Grid.create(10, 10)) {
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(9, 3));
            SmoothedPath smooth = PathSmoother.smooth(grid, path);
            assertEquals(List.of(new Cell(0, 0), new Cell(9, 3)), smooth.waypoints());
            assertEquals(Math.sqrt(90.0), smooth.cost());
            assertEquals(path.cost(), smooth.inputCost());
            assertTrue(smooth.cost() < path.cost());
            assertEquals(2, smooth.points(grid.space()).size());
        }
    }

    @Test
    void aShortcutThroughADearAreaIsRefused() {
        // The direct line from (0,1) to (6,1) crosses area 1, ten times dearer; the path goes around.
        String picture = """
                .......
                ...1...
                ...1...
                .......
                """;
        try (Grid grid = Grid.fromText(picture.strip())) {
            grid.areas().set(1, 10.0);
            GridPath path = grid.findPath(new Cell(0, 1), new Cell(6, 1));
            SmoothedPath smooth = PathSmoother.smooth(grid, path);
            assertTrue(smooth.cost() <= path.cost());
            for (int k = 1; k < smooth.waypoints().size(); k++) {
                Cell a = smooth.waypoints().get(k - 1);
                Cell b = smooth.waypoints().get(k);
                double seg = SmoothingReference.segment(
                        (x, y) -> grid.contains(x, y) ? grid.areas().get(grid.area(x, y)) : Double.POSITIVE_INFINITY,
                        a.x(),
                        a.y(),
                        b.x(),
                        b.y());
                double length = Math.hypot(b.x() - a.x(), b.y() - a.y());
                assertTrue(seg < 10 * length * 0.5, a + " -> " + b + " goes through the dear area: " + seg);
            }
            // with the area cheap again the line is taken
            grid.areas().set(1, 1.0);
            SmoothedPath straight = PathSmoother.smooth(grid, grid.findPath(new Cell(0, 1), new Cell(6, 1)));
            assertEquals(List.of(new Cell(0, 1), new Cell(6, 1)), straight.waypoints());
        }
    }

    @Test
    void aLargerAgentKeepsItsBlockOnCellsItFits() {
        String picture = """
                ........
                ........
                ........
                ....#...
                ........
                ........
                """;
        try (Grid grid = Grid.fromText(picture.strip())) {
            List<Cell> around = List.of(
                    new Cell(0, 4),
                    new Cell(1, 4),
                    new Cell(2, 4),
                    new Cell(3, 5),
                    new Cell(4, 5),
                    new Cell(5, 5),
                    new Cell(6, 4));
            SmoothedPath one = PathSmoother.smooth(grid, around, GridOptions.DEFAULT);
            assertEquals(List.of(new Cell(0, 4), new Cell(6, 4)), one.waypoints(), "size 1 sees along row 4");
            // size 2 at row 4 covers rows 4..5 and fits; but (3, 4)..(4, 4) are fine for size 1 only when
            // row 3 is not covered: a size-2 agent at (3, 2) would cover the wall (4, 3)
            GridOptions two = GridOptions.forAgentSize(2);
            List<Cell> high = List.of(
                    new Cell(0, 1),
                    new Cell(1, 0),
                    new Cell(2, 0),
                    new Cell(3, 0),
                    new Cell(4, 0),
                    new Cell(5, 0),
                    new Cell(6, 1),
                    new Cell(6, 2));
            SmoothedPath smooth = PathSmoother.smooth(grid, high, two);
            for (int k = 1; k < smooth.waypoints().size(); k++) {
                Cell a = smooth.waypoints().get(k - 1);
                Cell b = smooth.waypoints().get(k);
                assertTrue(
                        SightReference.sees(
                                (x, y) -> grid.contains(x, y) && grid.canFit(x, y, 2), a.x(), a.y(), b.x(), b.y()),
                        a + " -> " + b);
            }
            assertTrue(smooth.waypoints().size() > 2, "the line (0,1) -> (6,2) would put the block on the wall");
            assertThrows(IllegalArgumentException.class, () -> PathSmoother.smooth(grid, List.of(new Cell(3, 2)), two));
        }
    }

    @Test
    void anyAnglePathsStayAtMostAsLong() {
        Random rnd = new Random(7);
        try (Grid grid = Grid.create(30, 30)) {
            for (int i = 0; i < 150; i++) {
                grid.setWalkable(rnd.nextInt(30), rnd.nextInt(30), false);
            }
            grid.setWalkable(0, 0, true);
            grid.setWalkable(29, 29, true);
            GridPath theta = grid.findPath(
                    new Cell(0, 0),
                    new Cell(29, 29),
                    GridOptions.builder().algorithm(GridAlgorithm.THETA_STAR).build());
            SmoothedPath smooth = PathSmoother.smooth(grid, theta);
            assertEquals(theta.cost(), smooth.inputCost(), "one area: a segment costs its length, as under Theta*");
            assertTrue(smooth.cost() <= theta.cost());
        }
    }

    @Test
    void stepCostsEqualTheGridsMovesAndSightEqualsTheLineOfSight() {
        Random rnd = new Random(11);
        try (Grid grid = Grid.create(12, 9)) {
            for (int i = 0; i < grid.cellCount(); i++) {
                grid.setArea(i % 12, i / 12, rnd.nextInt(6) == 0 ? 255 : rnd.nextInt(4));
            }
            for (int a = 0; a < 4; a++) {
                grid.areas().set(a, 0.25 + rnd.nextInt(40) / 8.0);
            }
            GridPathSmoother smoother = new GridPathSmoother(grid, 1);
            GridLineOfSight sight = new GridLineOfSight(grid);
            for (int i = 0; i < 3000; i++) {
                int from = rnd.nextInt(grid.cellCount());
                int to = rnd.nextInt(grid.cellCount());
                assertEquals(sight.visible(from, to), smoother.isPassable(from, to), from + " -> " + to);
                int dx = Math.abs(from % 12 - to % 12);
                int dy = Math.abs(from / 12 - to / 12);
                if (dx <= 1 && dy <= 1 && grid.isWalkable(from % 12, from / 12) && grid.isWalkable(to % 12, to / 12)) {
                    double length = dx + dy == 2 ? Math.sqrt(2.0) : dx + dy;
                    double move = length
                            * ((grid.areas().get(grid.area(from % 12, from / 12))
                                            + grid.areas().get(grid.area(to % 12, to / 12)))
                                    * 0.5);
                    assertEquals(move, smoother.segmentCost(from, to), from + " -> " + to);
                }
            }
        }
    }

    @Test
    void badInputIsNamed() {
        try (Grid grid = Grid.fromText("..#\n...")) {
            var e = assertThrows(
                    IllegalArgumentException.class,
                    () -> PathSmoother.smooth(grid, List.of(new Cell(0, 0), new Cell(2, 0)), GridOptions.DEFAULT));
            assertTrue(e.getMessage().contains("path[1]"), e.getMessage());
            e = assertThrows(
                    IllegalArgumentException.class,
                    () -> PathSmoother.smooth(grid, List.of(new Cell(3, 0)), GridOptions.DEFAULT));
            assertTrue(e.getMessage().contains("(3, 0)") || e.getMessage().contains("outside"), e.getMessage());
            GridOptions hooked =
                    GridOptions.builder().stepCost((fx, fy, tx, ty, c) -> c).build();
            e = assertThrows(
                    IllegalArgumentException.class, () -> PathSmoother.smooth(grid, List.of(new Cell(0, 0)), hooked));
            assertTrue(e.getMessage().contains("stepCost"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> new GridPathSmoother(grid, 0));
            assertThrows(IllegalArgumentException.class, () -> new GridPathSmoother(grid, 1, 0));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> new GridPathSmoother(grid, 1).smooth(new int[3], 4, new int[4]));
            try (Grid wide = Grid.create(5, 2)) {
                GridPath other = wide.findPath(new Cell(0, 0), new Cell(4, 1));
                e = assertThrows(IllegalArgumentException.class, () -> PathSmoother.smooth(grid, other));
                assertTrue(e.getMessage().contains("5 cells wide"), e.getMessage());
            }
            GridPath none = grid.findPath(new Cell(0, 0), new Cell(2, 0));
            SmoothedPath empty = PathSmoother.smooth(grid, none);
            assertEquals(List.of(), empty.waypoints());
            assertEquals(Double.POSITIVE_INFINITY, empty.cost());
        }
    }

    @Test
    void theTierTwoSmootherWorksInPlaceAndAgainAndAgain() {
        Random rnd = new Random(3);
        try (Grid grid = Grid.create(40, 30)) {
            for (int i = 0; i < 250; i++) {
                grid.setWalkable(rnd.nextInt(40), rnd.nextInt(30), false);
            }
            GridPathSmoother smoother = new GridPathSmoother(grid, 1, 16);
            assertEquals(16, smoother.lookAhead());
            int compared = 0;
            for (int q = 0; q < 60; q++) {
                Cell s = new Cell(rnd.nextInt(40), rnd.nextInt(30));
                Cell g = new Cell(rnd.nextInt(40), rnd.nextInt(30));
                if (!grid.isWalkable(s.x(), s.y()) || !grid.isWalkable(g.x(), g.y())) {
                    continue;
                }
                GridPath path = grid.findPath(s, g);
                if (!path.found()) {
                    continue;
                }
                int[] cells = path.cellIndices();
                int[] out = new int[cells.length];
                int k = smoother.smooth(cells, cells.length, out);
                double cost = smoother.cost();
                int kk = smoother.smooth(cells, cells.length, cells); // in place
                assertEquals(k, kk);
                assertEquals(cost, smoother.cost());
                for (int i = 0; i < k; i++) {
                    assertEquals(out[i], cells[i], "waypoint " + i);
                }
                // a look-ahead of 16 never skips more than 16 input cells
                int[] original = path.cellIndices();
                int at = 0;
                for (int i = 1; i < k; i++) {
                    int next = at + 1;
                    while (original[next] != out[i]) {
                        next++;
                    }
                    assertTrue(next - at <= 16, "a segment spans " + (next - at) + " input cells");
                    at = next;
                }
                compared++;
            }
            assertTrue(compared > 10);
        }
    }

    @Test
    void aClosedGridIsNamed() {
        Grid grid = Grid.create(4, 4);
        GridPathSmoother smoother = new GridPathSmoother(grid, 2);
        grid.close();
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> smoother.smooth(new int[] {0, 5}, 2, new int[2]));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        VoxelGrid world = VoxelGrid.create(4, 4, 4);
        var voxels = new org.onepath.grids.voxel.VoxelPathSmoother(
                world.createTopology(
                                org.onepath.cells.VoxelConnectivity.TWENTY_SIX,
                                org.onepath.cells.VoxelCornerRule.NO_CORNER_CUTTING)
                        .chunks(),
                world.areas());
        world.close();
        e = assertThrows(IllegalStateException.class, () -> voxels.smooth(new int[] {0, 1}, 2, new int[2]));
        assertTrue(e.getMessage().contains("ChunkTable"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> voxels.isVisible(0, 1));
    }
}
