package org.onepath.grids.jps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;

/**
 * After any sequence of grid edits and a refresh, the JPS+ table equals a fresh build byte for
 * byte (and the model's table): small edit batches take the incremental repair, batches above
 * max(256, cells / 64) the full rebuild.
 */
class JpsPlusIncrementalTest {

    record Setup(
            int width, int height, int wallPercent, int rectangles, int[] batchSizes, boolean clustered, long seed) {
        @Override
        public String toString() {
            return width + "x" + height + " walls " + wallPercent + "% rects " + rectangles + " batches "
                    + java.util.Arrays.toString(batchSizes) + (clustered ? " clustered" : "") + " seed " + seed;
        }
    }

    @Provide
    Arbitrary<Setup> setups() {
        Arbitrary<Integer> side = Arbitraries.frequencyOf(
                Tuple.of(1, Arbitraries.integers().between(1, 3)),
                Tuple.of(6, Arbitraries.integers().between(4, 24)),
                Tuple.of(2, Arbitraries.integers().between(25, 48)));
        Arbitrary<Integer> batch = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.integers().between(1, 4)),
                Tuple.of(3, Arbitraries.integers().between(5, 60)),
                Tuple.of(1, Arbitraries.integers().between(200, 420)));
        return Combinators.combine(
                        side,
                        side,
                        Arbitraries.integers().between(0, 55),
                        Arbitraries.integers().between(0, 4),
                        batch.array(int[].class).ofMinSize(1).ofMaxSize(3),
                        Arbitraries.of(true, false),
                        Arbitraries.longs())
                .as(Setup::new);
    }

    /** Applies one edit that changes the cell: toggles walkability, or changes a walkable area id. */
    private static void edit(Grid grid, JpsModel model, Random random, int x, int y) {
        int i = y * model.width + x;
        if (model.open[i] && random.nextInt(5) == 0) {
            int area = grid.area(x, y);
            grid.setArea(x, y, area == 7 ? 3 : 7); // stays walkable
            return;
        }
        boolean open = !model.open[i];
        grid.setArea(x, y, open ? random.nextInt(3) : Grid.WALL);
        model.open[i] = open;
    }

    @Property(tries = 1100)
    void refreshedTableEqualsAFreshBuild(@ForAll("setups") Setup setup) {
        JpsModel model =
                JpsModel.random(setup.width(), setup.height(), setup.wallPercent(), setup.rectangles(), setup.seed());
        Random random = new Random(setup.seed() * 31 + 7);
        int threshold = Math.max(256, model.cellCount() / 64);
        try (Grid grid = model.toGrid();
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            for (int round = 0; round < setup.batchSizes().length; round++) {
                int edits = setup.batchSizes()[round];
                int cx = random.nextInt(model.width);
                int cy = random.nextInt(model.height);
                for (int e = 0; e < edits; e++) {
                    int x;
                    int y;
                    if (setup.clustered()) {
                        x = Math.floorMod(cx + random.nextInt(5) - 2, model.width);
                        y = Math.floorMod(cy + random.nextInt(5) - 2, model.height);
                    } else {
                        x = random.nextInt(model.width);
                        y = random.nextInt(model.height);
                    }
                    edit(grid, model, random, x, y);
                }
                Statistics.label("path")
                        .collect(edits > threshold ? "full rebuild" : edits > 8 ? "many edits" : "few edits");
                if (edits <= threshold) {
                    assertEquals(edits, index.pendingEditCount(), "pending edits");
                }
                index.refresh();
                assertEquals(0, index.pendingEditCount());
                String where = "after round " + round + " of " + setup + "\n" + model;
                try (JpsPlusIndex fresh = new JpsPlusIndex(grid)) {
                    byte[] expected = JpsPlusIndexTest.bytesOf(fresh.table());
                    byte[] actual = JpsPlusIndexTest.bytesOf(index.table());
                    if (!java.util.Arrays.equals(expected, actual)) {
                        JpsPlusIndexTest.assertTableMatches(model, index, where);
                        assertArrayEquals(expected, actual, "refreshed table differs from a fresh build " + where);
                    }
                }
                JpsPlusIndexTest.assertTableMatches(model, index, where);
            }
        }
    }

    /** Runs {@code edits} random toggles on a grid, refreshes and compares with a fresh build. */
    private static void editAndCompare(int width, int height, int edits, long seed) {
        JpsModel model = JpsModel.random(width, height, 25, 3, seed);
        Random random = new Random(seed);
        try (Grid grid = model.toGrid();
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            int threshold = Math.max(256, width * height / 64);
            for (int e = 0; e < edits; e++) {
                edit(grid, model, random, random.nextInt(width), random.nextInt(height));
            }
            if (edits <= threshold) {
                assertEquals(edits, index.pendingEditCount());
            }
            index.refresh();
            try (JpsPlusIndex fresh = new JpsPlusIndex(grid)) {
                assertArrayEquals(
                        JpsPlusIndexTest.bytesOf(fresh.table()),
                        JpsPlusIndexTest.bytesOf(index.table()),
                        width + "x" + height + " after " + edits + " edits");
            }
            JpsPlusIndexTest.assertTableMatches(model, index, width + "x" + height + " after " + edits + " edits");
            // a few more edits after the rebuild take the incremental path again
            for (int e = 0; e < 5; e++) {
                edit(grid, model, random, random.nextInt(width), random.nextInt(height));
            }
            assertEquals(5, index.pendingEditCount());
            index.refresh();
            JpsPlusIndexTest.assertTableMatches(model, index, width + "x" + height + " after 5 more edits");
        }
    }

    @Test
    void aroundTheFixedThreshold() {
        // 20 x 20 = 400 cells: the threshold is 256
        for (long seed = 1; seed <= 4; seed++) {
            editAndCompare(20, 20, 255, seed);
            editAndCompare(20, 20, 256, seed);
            editAndCompare(20, 20, 257, seed);
            editAndCompare(20, 20, 600, seed);
        }
    }

    @Test
    void aroundTheThresholdOfALargeGrid() {
        // 160 x 160 = 25600 cells: the threshold is 400
        editAndCompare(160, 160, 400, 11);
        editAndCompare(160, 160, 401, 12);
        editAndCompare(160, 160, 1500, 13);
        // 200 x 100 = 20000 cells: 312
        editAndCompare(200, 100, 312, 14);
        editAndCompare(200, 100, 313, 15);
    }

    @Test
    void openingAndClosingWholeLines() {
        JpsModel model = JpsModel.random(30, 30, 20, 0, 5);
        try (Grid grid = model.toGrid();
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            for (int x = 0; x < 30; x++) {
                grid.setWalkable(x, 10, false);
                model.open[10 * 30 + x] = false;
            }
            index.refresh();
            JpsPlusIndexTest.assertTableMatches(model, index, "row 10 closed");
            for (int y = 0; y < 30; y++) {
                grid.setWalkable(17, y, true);
                model.open[y * 30 + 17] = true;
            }
            index.refresh();
            JpsPlusIndexTest.assertTableMatches(model, index, "column 17 opened");
            for (int k = 0; k < 30; k++) {
                grid.setWalkable(k, k, false);
                model.open[k * 30 + k] = false;
            }
            index.refresh();
            JpsPlusIndexTest.assertTableMatches(model, index, "main diagonal closed");
        }
    }
}
