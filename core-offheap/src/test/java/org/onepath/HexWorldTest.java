package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.onepath.cells.Cell;
import org.onepath.cells.HexCoord;
import org.onepath.cells.HexLayout;
import org.onepath.cells.PathStatus;

/**
 * The hex world mapping ({@link HexSpace}, {@link HexGrid#centerOf}, {@link HexGrid#cellAt}):
 * centres where the spec's formulas put them, centre to cell round trips, every point in the cell
 * with the nearest centre, and the tie rule on points exactly between two cells.
 */
class HexWorldTest {
    private static final List<HexSpace> SPACES = List.of(
            HexSpace.UNASSIGNED,
            new HexSpace(-12.5, 100.25, 0.5),
            new HexSpace(3, 4, 7.3),
            new HexSpace(2000, -1999.75, 0.001953125),
            new HexSpace(-1_000_000, 1_000_000, 1000));

    @Test
    void sqrt3Over2IsTheSpecsDouble() {
        assertEquals(Math.sqrt(3) / 2, HexSpace.SQRT3_OVER_2);
        assertEquals(0x3FEBB67AE8584CAAL, Double.doubleToRawLongBits(HexSpace.SQRT3_OVER_2));
    }

    /** Centres by the spec's formula (through the reference's doubled coordinates), bit for bit. */
    @ParameterizedTest
    @EnumSource(HexLayout.class)
    void centresAreWhereTheFormulaPutsThem(HexLayout layout) {
        try (HexGrid grid = HexGrid.create(9, 7, layout)) {
            for (HexSpace space : SPACES) {
                grid.space(space);
                for (int row = 0; row < 7; row++) {
                    for (int col = 0; col < 9; col++) {
                        WorldPoint p = grid.centerOf(col, row);
                        double[] expected = HexReference.centre(layout, space, col, row);
                        assertEquals(expected[0], p.x(), layout + " " + space + " (" + col + ", " + row + ")");
                        assertEquals(expected[1], p.y(), layout + " " + space + " (" + col + ", " + row + ")");
                    }
                }
                assertEquals(
                        new WorldPoint(space.originX(), space.originY()),
                        grid.centerOf(0, 0),
                        "origin = centre of (0, 0)");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(HexLayout.class)
    void centreToCellRoundTrips(HexLayout layout) {
        try (HexGrid grid = HexGrid.create(31, 23, layout)) {
            for (HexSpace space : SPACES) {
                grid.space(space);
                for (int row = 0; row < grid.height(); row++) {
                    for (int col = 0; col < grid.width(); col++) {
                        Cell cell = new Cell(col, row);
                        assertEquals(cell, grid.cellAt(grid.centerOf(cell)), layout + " " + space);
                    }
                }
                // outside the grid too
                for (Cell c : List.of(new Cell(-3, 5), new Cell(40, -2), new Cell(-1, -1))) {
                    assertEquals(c, grid.cellAt(grid.centerOf(c)));
                    assertTrue(!grid.contains(grid.cellAt(grid.centerOf(c))));
                }
            }
        }
    }

    /**
     * Every point lies in the cell whose centre is nearest (up to rounding at the borders): the
     * cell {@code cellAt} gives is no farther than any of its six neighbours' centres.
     */
    @ParameterizedTest
    @EnumSource(HexLayout.class)
    void pointsMapToTheCellWithTheNearestCentre(HexLayout layout) {
        SplittableRandom random = new SplittableRandom(42 + layout.code());
        try (HexGrid grid = HexGrid.create(20, 20, layout)) {
            for (HexSpace space : SPACES) {
                grid.space(space);
                double size = space.effectiveCellSize();
                for (int i = 0; i < 3000; i++) {
                    WorldPoint c = grid.centerOf(random.nextInt(20), random.nextInt(20));
                    WorldPoint p = new WorldPoint(
                            c.x() + (random.nextDouble() * 2 - 1) * size, c.y() + (random.nextDouble() * 2 - 1) * size);
                    Cell cell = grid.cellAt(p);
                    double own = dist(p, grid.centerOf(cell));
                    for (int d = 0; d < 6; d++) {
                        int[] n = HexReference.neighbour(layout, cell.x(), cell.y(), d);
                        double other = dist(p, grid.centerOf(n[0], n[1]));
                        assertTrue(
                                own <= other + 1e-9 * size,
                                () -> layout + " " + space + ": " + p + " -> " + cell + " at " + own
                                        + ", but neighbour (" + n[0] + ", " + n[1] + ") is at " + other);
                    }
                }
            }
        }
    }

    /**
     * Points exactly between two adjacent cells. Spaces with power-of-two sizes and the origin 0
     * on the axis scaled by sqrt3/2 keep every step exact, so the fractional axial coordinates are
     * exact halves (checked). By the rule a tie between A and B = A + direction goes to B for
     * directions 0 (+1, 0), 1 (+1, -1) and 5 (0, +1), to A for the others (worked out in
     * {@link HexCoordTest#cubeRoundingTieRule}); here reached from world points.
     */
    @ParameterizedTest
    @EnumSource(HexLayout.class)
    void pointsExactlyBetweenTwoCellsFollowTheTieRule(HexLayout layout) {
        boolean[] toB = {true, true, false, false, false, true};
        List<HexSpace> exact = layout.isPointy()
                ? List.of(HexSpace.UNASSIGNED, new HexSpace(8, 0, 4), new HexSpace(-3.5, 0, 0.25))
                : List.of(HexSpace.UNASSIGNED, new HexSpace(0, 8, 4), new HexSpace(0, -3.5, 0.25));
        int ties = 0;
        try (HexGrid grid = HexGrid.create(40, 40, layout)) {
            for (HexSpace space : exact) {
                grid.space(space);
                // axial lines r = 0 (pointy) or q = 0 (flat) and their neighbours: exact in doubles
                for (int along = -12; along <= 12; along++) {
                    HexCoord a = layout.isPointy() ? new HexCoord(along, 0) : new HexCoord(0, along);
                    for (int d = 0; d < 6; d++) {
                        HexCoord b = a.neighbor(d);
                        WorldPoint ca = space.centerOf(a, layout);
                        WorldPoint cb = space.centerOf(b, layout);
                        WorldPoint mid = new WorldPoint((ca.x() + cb.x()) / 2, (ca.y() + cb.y()) / 2);
                        assertExactHalves(layout, space, mid, a, b);
                        HexCoord expected = toB[d] ? b : a;
                        assertEquals(
                                expected,
                                space.hexAt(mid, layout),
                                layout + " " + space + ": between " + a + " and " + b);
                        assertEquals(layout.toOffset(expected), grid.cellAt(mid));
                        ties++;
                    }
                }
            }
        }
        assertEquals(3 * 25 * 6, ties);
    }

    /** The fractional axial coordinates of the midpoint are exactly the average of a and b. */
    private static void assertExactHalves(HexLayout layout, HexSpace space, WorldPoint p, HexCoord a, HexCoord b) {
        double size = space.effectiveCellSize();
        double px = (p.x() - space.originX()) / size;
        double py = (p.y() - space.originY()) / size;
        double q;
        double r;
        if (layout.isPointy()) {
            r = py / HexSpace.SQRT3_OVER_2;
            q = px - r / 2;
        } else {
            q = px / HexSpace.SQRT3_OVER_2;
            r = py - q / 2;
        }
        assertEquals((a.q() + b.q()) / 2.0, q, "fractional q of the midpoint of " + a + " and " + b);
        assertEquals((a.r() + b.r()) / 2.0, r, "fractional r of the midpoint of " + a + " and " + b);
    }

    @Test
    void worldPointsOutsideTheGridAreInvalidEndsNotErrors() {
        try (HexGrid grid = HexGrid.create(5, 4)) {
            grid.space(new HexSpace(10, 10, 2));
            WorldPoint inside = grid.centerOf(1, 1);
            WorldPoint outside = new WorldPoint(-50, 10);
            assertEquals(
                    PathStatus.START_INVALID, grid.findPath(outside, inside).status());
            assertEquals(PathStatus.GOAL_INVALID, grid.findPath(inside, outside).status());
            HexPath path = grid.findPath(inside, grid.centerOf(4, 3));
            assertEquals(PathStatus.FOUND, path.status());
            assertEquals(new Cell(1, 1), path.cells().getFirst());
            assertEquals(new Cell(4, 3), path.cells().getLast());
            for (int i = 0; i < path.length(); i++) {
                assertEquals(grid.centerOf(path.cells().get(i)), path.points().get(i));
            }
        }
    }

    @Test
    void theCoordinateRuleIsChecked() {
        try (HexGrid grid = HexGrid.create(5, 4)) {
            for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, -3e6, 2097152.5}) {
                IllegalArgumentException e =
                        assertThrows(IllegalArgumentException.class, () -> grid.cellAt(new WorldPoint(bad, 0)));
                assertTrue(
                        e.getMessage().contains("x = " + bad) && e.getMessage().contains("2^21"), e.getMessage());
                assertThrows(
                        IllegalArgumentException.class,
                        () -> grid.findPath(new WorldPoint(0, 0), new WorldPoint(0, bad)));
            }
            // the bound itself is fine, and far outside the grid
            assertTrue(!grid.contains(grid.cellAt(new WorldPoint(2097152, -2097152))));
            // a tiny cell size takes far points beyond any grid without overflowing
            grid.space(new HexSpace(0, 0, Double.MIN_VALUE));
            assertTrue(!grid.contains(grid.cellAt(new WorldPoint(2097152, -2097152))));
            assertEquals(new Cell(0, 0), grid.cellAt(new WorldPoint(0, 0)));
        }
        assertThrows(IllegalArgumentException.class, () -> new HexSpace(0, 0, -1));
        assertThrows(IllegalArgumentException.class, () -> new HexSpace(1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new HexSpace(Double.NaN, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new HexSpace(0, 3e6, 1));
        assertEquals(1.0, HexSpace.UNASSIGNED.effectiveCellSize());
    }

    private static double dist(WorldPoint a, WorldPoint b) {
        return Math.hypot(a.x() - b.x(), a.y() - b.y());
    }
}
