package org.onepath.grids.theta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.ReferenceGrid;
import org.onepath.cells.DiagonalRule;

/** {@link GridLineOfSight} against the exact geometric test of {@link AnyAngleReference}. */
class GridLineOfSightTest {

    /**
     * Every ordered pair of cells (walls included) of a random grid of 1..11 cells a side: the
     * walk agrees with the exact segment-versus-closed-squares test, and is symmetric.
     */
    @Property(tries = 250)
    void everyPairOfCellsAgreesWithTheExactTestAndIsSymmetric(
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random rnd = new Random(seed);
        ReferenceGrid ref = ThetaGrids.random(rnd, 1, 11, 55, 1.0);
        int w = ref.width();
        int n = w * ref.height();
        int visible = 0;
        try (Grid grid = ThetaGrids.toGrid(ref, 1.0)) {
            GridLineOfSight los = new GridLineOfSight(grid);
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    boolean expected = AnyAngleReference.sees(ref, a % w, a / w, b % w, b / w);
                    boolean actual = los.visible(a % w, a / w, b % w, b / w);
                    if (expected != actual) {
                        fail("(" + a % w + ", " + a / w + ") -> (" + b % w + ", " + b / w + "): exact test says "
                                + expected + ", the walk " + actual + " on\n" + ref.picture());
                    }
                    if (actual != los.visible(b, a)) {
                        fail("not symmetric between cells " + a + " and " + b + " on\n" + ref.picture());
                    }
                    visible += actual ? 1 : 0;
                }
            }
        }
        // a grid with any walkable cell has some pair in sight (the cell and itself)
        assertEquals(ThetaGrids.walkable(ref).length > 0, visible > 0);
    }

    /** Larger grids, up to 40 x 40: 1,500 random pairs each against the exact test, both ways. */
    @Property(tries = 60)
    void randomPairsOnLargerGridsAgreeWithTheExactTest(
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random rnd = new Random(seed);
        ReferenceGrid ref = ThetaGrids.random(rnd, 12, 40, 35, 1.0);
        int w = ref.width();
        int h = ref.height();
        int agree = 0;
        try (Grid grid = ThetaGrids.toGrid(ref, 1.0)) {
            GridLineOfSight los = new GridLineOfSight(grid);
            for (int i = 0; i < 1500; i++) {
                int x0 = rnd.nextInt(w);
                int y0 = rnd.nextInt(h);
                int x1 = rnd.nextInt(w);
                int y1 = rnd.nextInt(h);
                boolean expected = AnyAngleReference.sees(ref, x0, y0, x1, y1);
                if (expected != los.visible(x0, y0, x1, y1) || expected != los.visible(x1, y1, x0, y0)) {
                    fail("(" + x0 + ", " + y0 + ") <-> (" + x1 + ", " + y1 + "): exact test says " + expected + " on\n"
                            + ref.picture());
                }
                agree++;
            }
        }
        assertEquals(1500, agree);
    }

    @Test
    void aClosedGridIsNamed() {
        Grid grid = Grid.create(3, 3);
        GridLineOfSight los = new GridLineOfSight(grid);
        grid.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> los.visible(0, 0, 2, 2));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> los.visible(0, 8));
    }

    /**
     * Neighbours see each other exactly when the move between them is legal without corner
     * cutting: every legal move is a line of sight, and a diagonal with a wall beside it is not.
     */
    @Property(tries = 300)
    void neighboursSeeEachOtherExactlyWhenTheMoveIsLegal(
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random rnd = new Random(seed);
        ReferenceGrid ref = ThetaGrids.random(rnd, 1, 14, 60, 1.0);
        try (Grid grid = ThetaGrids.toGrid(ref, 1.0)) {
            GridLineOfSight los = new GridLineOfSight(grid);
            for (int y = 0; y < ref.height(); y++) {
                for (int x = 0; x < ref.width(); x++) {
                    for (int dy = -1; dy <= 1; dy++) {
                        for (int dx = -1; dx <= 1; dx++) {
                            if (dx == 0 && dy == 0) {
                                continue;
                            }
                            boolean legal = ref.open(x, y)
                                    && ref.isMove(x, y, x + dx, y + dy, true, DiagonalRule.NO_CORNER_CUTTING, 1);
                            if (legal != los.visible(x, y, x + dx, y + dy)) {
                                fail("(" + x + ", " + y + ") -> (" + (x + dx) + ", " + (y + dy) + "): legal move "
                                        + legal + ", line of sight " + !legal + " on\n" + ref.picture());
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void touchingAWallCornerBlocks() {
        // (0, 2) -> (2, 0) passes through the lattice corners (1, 2) and (2, 1).
        try (Grid open = Grid.fromText("""
                ...
                ...
                ...""");
                Grid corner = Grid.fromText("""
                ...
                #..
                ...""")) {
            assertTrue(new GridLineOfSight(open).visible(0, 2, 2, 0));
            GridLineOfSight los = new GridLineOfSight(corner);
            assertFalse(los.visible(0, 2, 2, 0), "the wall (0, 1) touches the segment at the corner (1, 2) only");
            assertFalse(los.visible(2, 0, 0, 2));
            assertFalse(los.visible(0, 0, 2, 2), "the main diagonal touches the same wall at the corner (1, 1)");
            assertTrue(los.visible(1, 0, 2, 1), "a diagonal whose corner cells are open");
        }
    }

    @Test
    void aSegmentThroughAnEdgeMidpointEntersBothCells() {
        // (0, 0) -> (2, 1) crosses the edge between (1, 0) and (1, 1) at its midpoint.
        try (Grid upper = Grid.fromText("""
                .#.
                ...""");
                Grid lower = Grid.fromText("""
                ...
                .#.""");
                Grid neither = Grid.fromText("""
                ..#
                #..""")) {
            assertFalse(new GridLineOfSight(upper).visible(0, 0, 2, 1));
            assertFalse(new GridLineOfSight(lower).visible(0, 0, 2, 1));
            assertTrue(new GridLineOfSight(neither).visible(0, 0, 2, 1), "(2, 0) and (0, 1) lie beside the segment");
        }
    }

    @Test
    void straightSegmentsCheckEveryCellBetweenTheEnds() {
        try (Grid grid = Grid.fromText("""
                ......#.
                ........""")) {
            GridLineOfSight los = new GridLineOfSight(grid);
            assertTrue(los.visible(0, 0, 5, 0));
            assertFalse(los.visible(0, 0, 7, 0));
            assertFalse(los.visible(7, 0, 0, 0));
            assertTrue(los.visible(0, 1, 7, 1));
            assertTrue(los.visible(3, 0, 3, 1));
        }
    }

    @Test
    void cellsOutsideTheGridAndWallsSeeNothing() {
        try (Grid grid = Grid.fromText("""
                ..#
                ...""")) {
            GridLineOfSight los = new GridLineOfSight(grid);
            assertFalse(los.visible(0, 0, -1, 0));
            assertFalse(los.visible(-1, 0, 0, 0));
            assertFalse(los.visible(0, 0, 3, 1));
            assertFalse(los.visible(0, 2, 0, 0));
            assertFalse(los.visible(2, 0, 2, 0), "a wall does not see itself");
            assertFalse(los.visible(2, 0, 1, 0));
            assertTrue(los.visible(1, 1, 1, 1), "a walkable cell sees itself");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> los.visible(0, 6));
            assertTrue(e.getMessage().contains("6") && e.getMessage().contains("0..5"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> los.visible(-1, 0));
        }
    }

    @Test
    void longSegmentsOnAWideGridKeepExactIntegers() {
        // 4000 x 3 with a wall on the middle row: the segment from (0, 0) to (3999, 2) crosses the
        // middle row around x = 2000 and is blocked exactly when a wall sits where it crosses.
        int w = 4000;
        ReferenceGrid ref = new ReferenceGrid(w, 3);
        try (Grid grid = Grid.create(w, 3)) {
            GridLineOfSight los = new GridLineOfSight(grid);
            assertTrue(los.visible(0, 0, w - 1, 2));
            for (int x : new int[] {1000, 1999, 2000, 2001, 3000}) {
                grid.setWalkable(x, 1, false);
                ref.setArea(x, 1, ReferenceGrid.WALL);
                assertEquals(
                        AnyAngleReference.sees(ref, 0, 0, w - 1, 2), los.visible(0, 0, w - 1, 2), "wall at x " + x);
                assertEquals(
                        x == 3000,
                        los.visible(0, 0, w - 1, 2),
                        "the segment crosses the middle row over x = 1000..2999");
                grid.setWalkable(x, 1, true);
                ref.setArea(x, 1, 0);
            }
        }
    }
}
