package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.onepath.cells.Cell;
import org.onepath.cells.HexCoord;
import org.onepath.cells.HexLayout;

/**
 * {@link HexLayout} conversions and {@link HexCoord}: checked against the doubled-coordinate
 * geometry of {@link HexReference} (written from the picture of each layout, not from the
 * conversion formulas), over whole grids including negative coordinates.
 */
class HexCoordTest {
    private static final int LOW = -9;
    private static final int HIGH = 24;

    @Test
    void layoutCodesAreFixed() {
        assertEquals(0, HexLayout.POINTY_ODD_ROW.code());
        assertEquals(1, HexLayout.POINTY_EVEN_ROW.code());
        assertEquals(2, HexLayout.FLAT_ODD_COLUMN.code());
        assertEquals(3, HexLayout.FLAT_EVEN_COLUMN.code());
        for (HexLayout layout : HexLayout.values()) {
            assertEquals(layout, HexLayout.ofCode(layout.code()));
        }
        for (int bad : new int[] {-1, 4, 99}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HexLayout.ofCode(bad));
            assertTrue(
                    e.getMessage().contains(Integer.toString(bad))
                            && e.getMessage().contains("0..3"),
                    e.getMessage());
        }
        assertTrue(HexLayout.POINTY_EVEN_ROW.isPointy());
        assertTrue(!HexLayout.FLAT_ODD_COLUMN.isPointy());
    }

    /**
     * Axial coordinates put a cell where the layout's picture puts it: pointy, r is the row and the
     * doubled column is {@code 2q + r}; flat, q is the column and the doubled row is {@code 2r + q}
     * (the spec's world formulas, doubled). And the conversions invert each other.
     */
    @ParameterizedTest
    @EnumSource(HexLayout.class)
    void offsetToAxialMatchesTheLayoutsGeometry(HexLayout layout) {
        for (int row = LOW; row <= HIGH; row++) {
            for (int col = LOW; col <= HIGH; col++) {
                HexCoord hex = layout.toAxial(col, row);
                int[] d = HexReference.doubled(layout, col, row);
                String where = layout + " (" + col + ", " + row + ") -> " + hex;
                if (layout.isPointy()) {
                    assertEquals(d[1], hex.r(), where);
                    assertEquals(d[0], 2 * hex.q() + hex.r(), where);
                } else {
                    assertEquals(d[0], hex.q(), where);
                    assertEquals(d[1], 2 * hex.r() + hex.q(), where);
                }
                assertEquals(0, hex.q() + hex.r() + hex.s(), "cube coordinates sum to 0");
                assertEquals(new Cell(col, row), layout.toOffset(hex), where);
                assertEquals(col, layout.col(hex.q(), hex.r()), where);
                assertEquals(row, layout.row(hex.q(), hex.r()), where);
            }
        }
    }

    /** The spec's four formulas, written out once more in cube form, agree with the layouts. */
    @Test
    void specFormulasInCubeForm() {
        for (int row = LOW; row <= HIGH; row++) {
            for (int col = LOW; col <= HIGH; col++) {
                // cube (x, y, z) with x = q, z = r, y = -x - z
                int[][] cube = {
                    {col - Math.floorDiv(row, 2), row}, // odd rows right: q = col - floor(row / 2)
                    {col - Math.floorDiv(row + 1, 2), row}, // odd rows left: q = col - ceil(row / 2)
                    {col, row - Math.floorDiv(col, 2)}, // odd columns down
                    {col, row - Math.floorDiv(col + 1, 2)}
                }; // odd columns up
                for (HexLayout layout : HexLayout.values()) {
                    int[] c = cube[layout.code()];
                    assertEquals(
                            new HexCoord(c[0], c[1]), layout.toAxial(col, row), layout + " (" + col + ", " + row + ")");
                }
            }
        }
    }

    /** Each axial direction is the same lattice step (compass direction) from every cell. */
    @ParameterizedTest
    @EnumSource(HexLayout.class)
    void axialNeighboursAreTheAdjacentCentresInOrder(HexLayout layout) {
        for (int row = LOW; row <= HIGH; row++) {
            for (int col = LOW; col <= HIGH; col++) {
                HexCoord hex = layout.toAxial(col, row);
                for (int d = 0; d < HexCoord.DIRECTION_COUNT; d++) {
                    Cell n = layout.toOffset(hex.neighbor(d));
                    int[] expected = HexReference.neighbour(layout, col, row, d);
                    assertEquals(
                            new Cell(expected[0], expected[1]),
                            n,
                            layout + " (" + col + ", " + row + ") direction " + d);
                    assertEquals(1, hex.distanceTo(hex.neighbor(d)));
                }
            }
        }
        int[] dq = new int[6];
        int[] dr = new int[6];
        for (int d = 0; d < 6; d++) {
            dq[d] = HexCoord.directionQ(d);
            dr[d] = HexCoord.directionR(d);
        }
        assertEquals(Arrays.toString(new int[] {1, 1, 0, -1, -1, 0}), Arrays.toString(dq));
        assertEquals(Arrays.toString(new int[] {0, -1, -1, 0, 1, 1}), Arrays.toString(dr));
        assertThrows(IllegalArgumentException.class, () -> new HexCoord(0, 0).neighbor(6));
        assertThrows(IllegalArgumentException.class, () -> HexCoord.directionQ(-1));
    }

    /** Hex distance equals the breadth-first distance over the adjacent centres of an open grid. */
    @ParameterizedTest
    @EnumSource(HexLayout.class)
    void hexDistanceEqualsBreadthFirstSearchOnAnOpenGrid(HexLayout layout) {
        int w = 13;
        int h = 11;
        try (HexGrid grid = HexGrid.create(w, h, layout)) {
            for (int start = 0; start < w * h; start++) {
                int[] dist = new int[w * h];
                Arrays.fill(dist, -1);
                dist[start] = 0;
                ArrayDeque<Integer> queue = new ArrayDeque<>();
                queue.add(start);
                while (!queue.isEmpty()) {
                    int n = queue.poll();
                    for (int d = 0; d < 6; d++) {
                        int[] m = HexReference.neighbour(layout, n % w, n / w, d);
                        if (m[0] >= 0 && m[1] >= 0 && m[0] < w && m[1] < h && dist[m[1] * w + m[0]] < 0) {
                            dist[m[1] * w + m[0]] = dist[n] + 1;
                            queue.add(m[1] * w + m[0]);
                        }
                    }
                }
                Cell a = new Cell(start % w, start / w);
                for (int goal = 0; goal < w * h; goal++) {
                    Cell b = new Cell(goal % w, goal / w);
                    assertEquals(
                            dist[goal], layout.toAxial(a).distanceTo(layout.toAxial(b)), layout + " " + a + " -> " + b);
                    assertEquals(dist[goal], grid.distance(a, b));
                }
            }
        }
    }

    @Test
    void distanceIsSymmetricAndNamedByTheFormula() {
        assertEquals(0, HexCoord.distance(0, 0));
        assertEquals(3, HexCoord.distance(3, -3));
        assertEquals(5, HexCoord.distance(2, 3));
        assertEquals(3, HexCoord.distance(-3, 0));
        assertEquals(
                new HexCoord(1, 2).distanceTo(new HexCoord(-4, 7)), new HexCoord(-4, 7).distanceTo(new HexCoord(1, 2)));
        assertThrows(ArithmeticException.class, () -> HexCoord.distance(Integer.MAX_VALUE, Integer.MAX_VALUE));
    }

    /**
     * The tie rule on fractional coordinates exactly between two hexes: a tie between A and
     * B = A + direction goes to B for directions (+1, 0), (+1, -1), (0, +1) and to A for the other
     * three, worked out by hand from the rule (round each of q, r, s with floor(v + 0.5), repair q
     * if its error is strictly largest, else r if strictly larger than s's, else s).
     */
    @Test
    void cubeRoundingTieRule() {
        boolean[] toB = {true, true, false, false, false, true};
        for (int q = -6; q <= 6; q++) {
            for (int r = -6; r <= 6; r++) {
                HexCoord a = new HexCoord(q, r);
                assertEquals(a, HexCoord.round(q, r), "a centre rounds to itself");
                for (int d = 0; d < 6; d++) {
                    HexCoord b = a.neighbor(d);
                    HexCoord expected = toB[d] ? b : a;
                    HexCoord got = HexCoord.round(q + HexCoord.directionQ(d) / 2.0, r + HexCoord.directionR(d) / 2.0);
                    assertEquals(expected, got, "tie between " + a + " and " + b);
                }
                // near the centre, and a third of the way towards each neighbour, the hex is a
                assertEquals(a, HexCoord.round(q + 0.3, r - 0.2));
                assertEquals(a, HexCoord.round(q - 0.33, r + 0.33));
            }
        }
        // the corner (1/3, 1/3) shared by (0, 0), (1, 0) and (0, 1): q and r round to 0 with error
        // 0.3333333333333333, s = -0.6666666666666666 rounds to -1 with error 0.33333333333333337
        // (one ulp more), so neither q nor r is strictly worst and s is the one repaired: (0, 0)
        assertEquals(new HexCoord(0, 0), HexCoord.round(1.0 / 3, 1.0 / 3));
        // (0.45, 0.3): q, r round to 0, s = -0.75 to -1; errors .45, .3, .25: q is repaired to 1
        assertEquals(new HexCoord(1, 0), HexCoord.round(0.45, 0.3));
        // (0.3, 0.45): errors .3, .45, .25: q is not worst, r's error beats s's: r is repaired to 1
        assertEquals(new HexCoord(0, 1), HexCoord.round(0.3, 0.45));
        assertThrows(IllegalArgumentException.class, () -> HexCoord.round(Double.NaN, 0));
        assertThrows(IllegalArgumentException.class, () -> HexCoord.round(0, 1e10));
    }
}
