package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.GridFormatException;
import org.onepath.cells.HexBatchListener;
import org.onepath.cells.HexCells;
import org.onepath.cells.HexChangeListener;
import org.onepath.cells.HexLayout;

/**
 * {@link HexGrid} cells, edits and listeners, and the rectangle edit {@link HexGrid#setRect}: one
 * edit, row-major writes, one version bump only when a cell changed, a batch listener told the
 * smallest rectangle of changed cells, other listeners one call per changed cell in row-major
 * order, and nothing written when the rectangle or the source is wrong.
 */
class HexGridTest {

    /** Records every call, in order, as text. */
    private static final class Recorder implements HexChangeListener {
        final List<String> calls = new ArrayList<>();

        @Override
        public void cellChanged(HexCells grid, int col, int row) {
            calls.add("cell " + col + "," + row);
        }
    }

    private static final class BatchRecorder implements HexBatchListener {
        final List<String> calls = new ArrayList<>();

        @Override
        public void cellChanged(HexCells grid, int col, int row) {
            calls.add("cell " + col + "," + row);
        }

        @Override
        public void rectChanged(HexCells grid, int x, int y, int width, int height) {
            calls.add("rect " + x + "," + y + " " + width + "x" + height);
        }
    }

    private static byte[] snapshotCells(HexGrid grid) {
        return grid.cells().toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void createAndDefaults() {
        try (HexGrid grid = HexGrid.create(7, 3)) {
            assertEquals(7, grid.width());
            assertEquals(3, grid.height());
            assertEquals(21, grid.cellCount());
            assertEquals(HexLayout.POINTY_ODD_ROW, grid.layout());
            assertEquals(0, grid.version());
            assertEquals(HexSpace.UNASSIGNED, grid.space());
            assertEquals(0, grid.area(6, 2));
            assertTrue(grid.isWalkable(0, 0));
            assertEquals(2 * 7 + 6, grid.indexOf(6, 2));
        }
        try (HexGrid walls = HexGrid.create(4, 4, HexGrid.WALL);
                HexGrid flat = HexGrid.create(4, 4, HexLayout.FLAT_ODD_COLUMN, 9)) {
            assertFalse(walls.isWalkable(3, 3));
            assertEquals(HexLayout.FLAT_ODD_COLUMN, flat.layout());
            assertEquals(9, flat.area(2, 1));
        }
        assertThrows(IllegalArgumentException.class, () -> HexGrid.create(0, 5));
        assertThrows(IllegalArgumentException.class, () -> HexGrid.create(5, -1));
        IllegalArgumentException big =
                assertThrows(IllegalArgumentException.class, () -> HexGrid.create(1 << 15, 1 << 14));
        assertTrue(big.getMessage().contains("268435456"), big.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HexGrid.create(3, 3, 256));
        assertThrows(NullPointerException.class, () -> HexGrid.create(3, 3, (HexLayout) null));
    }

    @Test
    void fromTextReadsThePictureRowByRow() {
        try (HexGrid grid = HexGrid.fromText("..1#\r\n#.9.\n", HexLayout.FLAT_EVEN_COLUMN)) {
            assertEquals(4, grid.width());
            assertEquals(2, grid.height());
            assertEquals(HexLayout.FLAT_EVEN_COLUMN, grid.layout());
            assertEquals(1, grid.area(2, 0));
            assertEquals(HexGrid.WALL, grid.area(3, 0));
            assertEquals(HexGrid.WALL, grid.area(0, 1));
            assertEquals(9, grid.area(2, 1));
            assertEquals(0, grid.version(), "building from a picture is not an edit");
        }
        try (HexGrid grid = HexGrid.fromText("...\n...")) {
            assertEquals(HexGrid.DEFAULT_LAYOUT, grid.layout());
        }
        GridFormatException e = assertThrows(GridFormatException.class, () -> HexGrid.fromText("..\n.x\n"));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("column 2") && e.getMessage().contains("'x'"), e.getMessage());
        assertThrows(GridFormatException.class, () -> HexGrid.fromText("...\n..\n", HexLayout.POINTY_EVEN_ROW));
    }

    @Test
    void setAreaBumpsTheVersionAndTellsListenersOnlyOnChange() {
        try (HexGrid grid = HexGrid.create(5, 5, HexLayout.POINTY_EVEN_ROW)) {
            Recorder r = new Recorder();
            BatchRecorder b = new BatchRecorder();
            grid.addChangeListener(r);
            grid.addChangeListener(b);
            grid.setArea(2, 3, 7);
            grid.setArea(2, 3, 7);
            grid.setWalkable(4, 0, false);
            grid.setWalkable(4, 0, false);
            assertEquals(2, grid.version());
            assertEquals(List.of("cell 2,3", "cell 4,0"), r.calls);
            assertEquals(List.of("cell 2,3", "cell 4,0"), b.calls, "single-cell edits reach batch listeners as cells");
            assertTrue(grid.removeChangeListener(r));
            assertFalse(grid.removeChangeListener(r));
            grid.setWalkable(4, 0, true);
            assertEquals(2, r.calls.size());
            assertEquals(3, b.calls.size());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> grid.setArea(5, 0, 1));
            assertTrue(e.getMessage().contains("(5, 0)") && e.getMessage().contains("5 x 5"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> grid.setArea(0, 0, -1));
            assertThrows(IllegalArgumentException.class, () -> grid.area(0, -1));
        }
    }

    @Test
    void setRectIsOneEditWithTheSmallestChangedRectangle() {
        try (HexGrid grid = HexGrid.create(8, 6, HexLayout.FLAT_ODD_COLUMN)) {
            grid.setArea(3, 2, 4);
            grid.setArea(6, 4, 4);
            int before = grid.version();
            Recorder cells = new Recorder();
            BatchRecorder batch = new BatchRecorder();
            List<Integer> versionsSeen = new ArrayList<>();
            grid.addChangeListener(cells);
            grid.addChangeListener(batch);
            grid.addChangeListener((g, col, row) -> versionsSeen.add(g.version() * 100 + g.area(6, 4)));

            // cells (3, 2) and (6, 4) already hold 4: the edit changes the 4 x 3 block less those two
            grid.setRect(2, 2, 5, 3, 4);
            assertEquals(before + 1, grid.version(), "one edit, one bump");
            for (int row = 2; row < 5; row++) {
                for (int col = 2; col < 7; col++) {
                    assertEquals(4, grid.area(col, row));
                }
            }
            assertEquals(List.of("rect 2,2 5x3"), batch.calls);
            List<String> expected = new ArrayList<>();
            for (int row = 2; row < 5; row++) {
                for (int col = 2; col < 7; col++) {
                    if (!(col == 3 && row == 2) && !(col == 6 && row == 4)) {
                        expected.add("cell " + col + "," + row);
                    }
                }
            }
            assertEquals(expected, cells.calls, "one call per changed cell, row-major");
            assertEquals(13, versionsSeen.size());
            assertTrue(
                    versionsSeen.stream().allMatch(v -> v == (before + 1) * 100 + 4), "listeners see the final state");

            // the same again: nothing changes, no version bump, no call
            batch.calls.clear();
            cells.calls.clear();
            grid.setRect(2, 2, 5, 3, 4);
            assertEquals(before + 1, grid.version());
            assertEquals(List.of(), batch.calls);
            assertEquals(List.of(), cells.calls);

            // only two corners change: the batch rectangle is their bounding box, not the edit's
            grid.setArea(2, 2, 0);
            grid.setArea(5, 4, 0);
            batch.calls.clear();
            cells.calls.clear();
            grid.setRect(0, 0, 8, 6, new byte[48]);
            assertEquals(1, batch.calls.size());
            assertEquals(
                    "rect 2,2 5x3", batch.calls.getFirst(), "cells 2..6 x 2..4 held area 4 except (2,2) and (5,4)");
            assertEquals(13, cells.calls.size());
        }
    }

    @Test
    void setRectWritesTheSourceRowMajor() {
        try (HexGrid grid = HexGrid.create(5, 4)) {
            byte[] areas = {1, 2, 3, 4, 5, 6, (byte) 255, (byte) 200, 0};
            BatchRecorder batch = new BatchRecorder();
            grid.addChangeListener(batch);
            grid.setRect(1, 1, 3, 3, areas);
            assertEquals(1, grid.version());
            int i = 0;
            for (int row = 1; row < 4; row++) {
                for (int col = 1; col < 4; col++) {
                    assertEquals(Byte.toUnsignedInt(areas[i++]), grid.area(col, row), "(" + col + ", " + row + ")");
                }
            }
            assertFalse(grid.isWalkable(1, 3));
            // the last source id writes 0 over 0 (unchanged), but column 3 changed in rows 1 and 2
            assertEquals(List.of("rect 1,1 3x3"), batch.calls);
            assertEquals(0, grid.area(0, 0));
            assertEquals(0, grid.area(4, 3));
        }
    }

    @Test
    void aBadRectangleOrSourceWritesNothing() {
        try (HexGrid grid = HexGrid.create(6, 5, HexLayout.POINTY_EVEN_ROW)) {
            grid.setArea(0, 0, 3);
            Recorder r = new Recorder();
            grid.addChangeListener(r);
            byte[] before = snapshotCells(grid);
            int[][] bad = {
                {-1, 0, 2, 2},
                {0, -1, 2, 2},
                {5, 0, 2, 1},
                {0, 4, 1, 2},
                {0, 0, 7, 1},
                {0, 0, -1, 3},
                {2, 2, 3, -4},
                {1, 1, Integer.MAX_VALUE, 1},
                {6, 0, 1, 1}
            };
            for (int[] b : bad) {
                IllegalArgumentException e =
                        assertThrows(IllegalArgumentException.class, () -> grid.setRect(b[0], b[1], b[2], b[3], 9));
                assertTrue(
                        e.getMessage().contains("(" + b[0] + ", " + b[1] + ") of " + b[2] + " x " + b[3])
                                && e.getMessage().contains("6 x 5"),
                        e.getMessage());
                long cells = Math.max(0, (long) b[2] * b[3]);
                assertThrows(
                        IllegalArgumentException.class,
                        () -> grid.setRect(b[0], b[1], b[2], b[3], new byte[(int) Math.min(cells, 64)]));
            }
            IllegalArgumentException length =
                    assertThrows(IllegalArgumentException.class, () -> grid.setRect(1, 1, 3, 2, new byte[5]));
            assertTrue(
                    length.getMessage().contains("holds 5 ids")
                            && length.getMessage().contains("needs 6"),
                    length.getMessage());
            assertThrows(IllegalArgumentException.class, () -> grid.setRect(1, 1, 3, 2, new byte[7]));
            assertThrows(IllegalArgumentException.class, () -> grid.setRect(1, 1, 3, 2, 256));
            assertThrows(NullPointerException.class, () -> grid.setRect(1, 1, 3, 2, null));
            assertArrayEquals(before, snapshotCells(grid), "nothing written");
            assertEquals(1, grid.version());
            assertEquals(List.of(), r.calls);
            // an empty rectangle inside the grid is a valid edit that changes nothing
            grid.setRect(6, 5, 0, 0, 9);
            grid.setRect(2, 1, 0, 3, new byte[0]);
            assertEquals(1, grid.version());
        }
    }

    @Test
    void closedGridRefusesUse() {
        HexGrid grid = HexGrid.create(3, 3);
        grid.close();
        grid.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> grid.area(0, 0));
        assertTrue(e.getMessage().contains("HexGrid"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> grid.setArea(0, 0, 1));
        assertThrows(IllegalStateException.class, () -> grid.setRect(0, 0, 1, 1, 1));
        assertThrows(IllegalStateException.class, grid::version);
        assertThrows(IllegalStateException.class, grid::saveState);
        assertThrows(IllegalStateException.class, () -> grid.findPath(new Cell(0, 0), new Cell(1, 1)));
        assertThrows(IllegalStateException.class, grid::createTopology);
        assertTrue(grid.toString().contains("closed"), grid.toString());
    }

    @Test
    void cellsAreAReadOnlyView() {
        try (HexGrid grid = HexGrid.create(3, 2)) {
            grid.setArea(2, 1, 5);
            assertTrue(grid.cells().isReadOnly());
            assertEquals(6, grid.cells().byteSize());
            assertEquals(5, grid.cells().get(ValueLayout.JAVA_BYTE, 5));
        }
    }
}
