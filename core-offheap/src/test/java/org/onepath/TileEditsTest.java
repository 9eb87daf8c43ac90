package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.onepath.cells.GridBatchListener;
import org.onepath.cells.SquareCells;
import org.onepath.grids.jps.JpsPlusIndex;

/**
 * {@link Grid#setRect} as one edit, incremental clearance repair against an independent full
 * computation, and the JPS+ tables after rectangle edits against a fresh build.
 */
class TileEditsTest {
    /** Plain clearance straight from the definition: the largest all-walkable square at (x, y). */
    private static int[] plainClearance(Grid g) {
        int w = g.width();
        int h = g.height();
        int[] out = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int s = 0;
                grow:
                while (s < 255 && x + s < w && y + s < h) {
                    for (int i = 0; i <= s; i++) {
                        if (!g.isWalkable(x + s, y + i) || !g.isWalkable(x + i, y + s)) {
                            break grow;
                        }
                    }
                    s++;
                }
                out[y * w + x] = s;
            }
        }
        return out;
    }

    private static int[] clearanceOf(Grid g) {
        byte[] bytes = g.clearance().toArray(ValueLayout.JAVA_BYTE);
        int[] out = new int[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = bytes[i] & 0xFF;
        }
        return out;
    }

    @Test
    void clearanceRepairEqualsAFullComputationOverRandomEditSequences() {
        SplittableRandom random = new SplittableRandom(20261130L);
        for (int sequence = 0; sequence < 1000; sequence++) {
            int w = 1 + random.nextInt(24);
            int h = 1 + random.nextInt(24);
            try (Grid g = Grid.create(w, h)) {
                for (int i = 0; i < w * h / 5; i++) {
                    g.setWalkable(random.nextInt(w), random.nextInt(h), false);
                }
                if (random.nextBoolean()) {
                    g.clearance(); // sometimes the first read comes before the edits, sometimes after
                }
                int edits = 1 + random.nextInt(60);
                for (int e = 0; e < edits; e++) {
                    if (random.nextInt(3) == 0) {
                        int rw = random.nextInt(w + 1);
                        int rh = random.nextInt(h + 1);
                        int rx = random.nextInt(w - rw + 1);
                        int ry = random.nextInt(h - rh + 1);
                        if (random.nextBoolean()) {
                            g.setRect(rx, ry, rw, rh, random.nextInt(4) == 0 ? Grid.WALL : random.nextInt(3));
                        } else {
                            byte[] areas = new byte[rw * rh];
                            for (int i = 0; i < areas.length; i++) {
                                areas[i] = (byte) (random.nextInt(3) == 0 ? Grid.WALL : random.nextInt(3));
                            }
                            g.setRect(rx, ry, rw, rh, areas);
                        }
                    } else {
                        g.setArea(random.nextInt(w), random.nextInt(h), random.nextInt(3) == 0 ? Grid.WALL : 0);
                    }
                    if (random.nextInt(5) == 0) {
                        assertArrayEquals(
                                plainClearance(g), clearanceOf(g), "sequence " + sequence + " after edit " + e);
                    }
                }
                assertArrayEquals(plainClearance(g), clearanceOf(g), "sequence " + sequence);
            }
        }
    }

    @Test
    void moreThanThirtyTwoRectanglesStillRepairExactly() {
        SplittableRandom random = new SplittableRandom(5);
        try (Grid g = Grid.create(64, 48)) {
            g.clearance();
            for (int i = 0; i < 200; i++) {
                g.setRect(
                        random.nextInt(60),
                        random.nextInt(44),
                        1 + random.nextInt(4),
                        1 + random.nextInt(4),
                        random.nextBoolean() ? Grid.WALL : 0);
            }
            assertArrayEquals(plainClearance(g), clearanceOf(g));
        }
    }

    @Test
    void aRepairAfterOneEditTouchesFewCellsAndCapsAt255() {
        try (Grid g = Grid.create(300, 300)) {
            assertEquals(255, g.maxAgentSizeAt(0, 0));
            g.setWalkable(299, 299, false);
            assertArrayEquals(plainClearance(g), clearanceOf(g));
            g.setWalkable(299, 299, true);
            assertEquals(1, g.maxAgentSizeAt(299, 299));
            assertEquals(255, g.maxAgentSizeAt(0, 0));
        }
    }

    @Test
    void aRectangleIsOneEditWithOneVersionAndRowMajorCellCalls() {
        try (Grid g = Grid.create(6, 5)) {
            g.setArea(2, 1, Grid.WALL); // already a wall: the rectangle changes the cells around it only
            List<String> cellsHeard = new ArrayList<>();
            List<String> rectsHeard = new ArrayList<>();
            int[] versionsSeen = new int[1];
            g.addChangeListener((grid, x, y) -> {
                cellsHeard.add(x + "," + y);
                versionsSeen[0] = grid.version();
            });
            g.addChangeListener(new GridBatchListener() {
                @Override
                public void rectChanged(SquareCells grid, int x, int y, int w, int h) {
                    // the grid holds the final state: the rectangle's last changed cell reads its new area
                    rectsHeard.add(x + "," + y + " " + w + "x" + h + " " + grid.area(x + w - 1, y + h - 1));
                }

                @Override
                public void cellChanged(SquareCells grid, int x, int y) {
                    throw new AssertionError("a batch listener hears a rectangle edit once, as a rectangle");
                }
            });
            int before = g.version();
            g.setRect(1, 1, 3, 2, Grid.WALL);
            assertEquals(before + 1, g.version());
            assertEquals(List.of("1,1", "3,1", "1,2", "2,2", "3,2"), cellsHeard);
            assertEquals(before + 1, versionsSeen[0]);
            assertEquals(List.of("1,1 3x2 255"), rectsHeard);

            cellsHeard.clear();
            rectsHeard.clear();
            g.setRect(1, 1, 3, 2, Grid.WALL); // nothing changes: no version, no call
            assertEquals(before + 1, g.version());
            assertTrue(cellsHeard.isEmpty() && rectsHeard.isEmpty());

            byte[] areas = {0, 0, 0, 0, 0, Grid.WALL - 256};
            g.setRect(1, 1, 3, 2, areas); // (1,1) (2,1) (3,1) (1,2) (2,2) open; (3,2) stays a wall
            assertEquals(List.of("1,1", "2,1", "3,1", "1,2", "2,2"), cellsHeard);
            assertEquals(List.of("1,1 3x2 255"), rectsHeard);

            cellsHeard.clear();
            rectsHeard.clear();
            g.setRect(0, 0, 6, 5, new byte[30]); // only (3,2) changes: the smallest rectangle is one cell
            assertEquals(List.of("3,2"), cellsHeard);
            assertEquals(List.of("3,2 1x1 0"), rectsHeard);
        }
    }

    @Test
    void aBadRectangleOrSourceWritesNothing() {
        try (Grid g = Grid.create(4, 3)) {
            int version = g.version();
            byte[] before = g.cells().toArray(ValueLayout.JAVA_BYTE);
            assertThrows(IllegalArgumentException.class, () -> g.setRect(2, 0, 3, 1, Grid.WALL));
            assertThrows(IllegalArgumentException.class, () -> g.setRect(0, 2, 1, 2, Grid.WALL));
            assertThrows(IllegalArgumentException.class, () -> g.setRect(-1, 0, 1, 1, Grid.WALL));
            assertThrows(IllegalArgumentException.class, () -> g.setRect(0, 0, -1, 1, Grid.WALL));
            assertThrows(IllegalArgumentException.class, () -> g.setRect(Integer.MAX_VALUE, 0, 2, 1, Grid.WALL));
            assertThrows(IllegalArgumentException.class, () -> g.setRect(0, 0, 2, 2, 256));
            assertThrows(IllegalArgumentException.class, () -> g.setRect(0, 0, 2, 2, new byte[3]));
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> g.setRect(3, 1, 2, 2, new byte[4]));
            assertTrue(e.getMessage().contains("(3, 1)") && e.getMessage().contains("4 x 3"), e.getMessage());
            assertArrayEquals(before, g.cells().toArray(ValueLayout.JAVA_BYTE));
            assertEquals(version, g.version());
            g.setRect(1, 1, 0, 0, Grid.WALL); // an empty rectangle inside the grid is no edit
            assertEquals(version, g.version());
        }
    }

    @Test
    void jpsPlusTablesAfterRandomRectangleEditsEqualAFreshBuild() {
        SplittableRandom random = new SplittableRandom(77);
        for (int sequence = 0; sequence < 150; sequence++) {
            int w = 2 + random.nextInt(40);
            int h = 2 + random.nextInt(40);
            try (Grid g = Grid.create(w, h);
                    JpsPlusIndex index = new JpsPlusIndex(g)) {
                int edits = 1 + random.nextInt(12);
                for (int e = 0; e < edits; e++) {
                    int rw = 1 + random.nextInt(Math.min(w, 8));
                    int rh = 1 + random.nextInt(Math.min(h, 8));
                    g.setRect(
                            random.nextInt(w - rw + 1),
                            random.nextInt(h - rh + 1),
                            rw,
                            rh,
                            random.nextBoolean() ? Grid.WALL : 0);
                    if (random.nextInt(3) == 0) {
                        index.refresh();
                    }
                }
                index.refresh();
                try (JpsPlusIndex fresh = new JpsPlusIndex(g)) {
                    assertArrayEquals(
                            fresh.table().toArray(ValueLayout.JAVA_BYTE),
                            index.table().toArray(ValueLayout.JAVA_BYTE),
                            "sequence " + sequence);
                }
            }
        }
    }

    @Test
    void aLargeRectangleSchedulesAFullJpsPlusRebuild() {
        try (Grid g = Grid.create(40, 40);
                JpsPlusIndex index = new JpsPlusIndex(g)) {
            g.setRect(0, 0, 20, 20, Grid.WALL); // 400 cells > max(256, 1600 / 64)
            assertEquals(256, index.pendingEditCount());
            index.refresh();
            try (JpsPlusIndex fresh = new JpsPlusIndex(g)) {
                assertArrayEquals(
                        fresh.table().toArray(ValueLayout.JAVA_BYTE),
                        index.table().toArray(ValueLayout.JAVA_BYTE));
            }
        }
    }
}
