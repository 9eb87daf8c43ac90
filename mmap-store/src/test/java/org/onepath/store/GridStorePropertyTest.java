package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.onepath.Grid;
import org.onepath.cells.Cell;

/**
 * A grid baked to a store and opened read-only answers every query exactly as the in-memory grid
 * it was baked from (status, cost, cells, expansions, the algorithm that ran), for A*, JPS and
 * JPS+ with the default options and with options that take the generic cores; and its cells,
 * clearance and tables are byte for byte the original's.
 */
class GridStorePropertyTest {

    @Property(tries = 120)
    void bakedGridAnswersAsTheGridItWasBakedFrom(
            @ForAll @IntRange(min = 1, max = 70) int width,
            @ForAll @IntRange(min = 1, max = 70) int height,
            @ForAll @IntRange(min = 0, max = 45) int wallPercent,
            @ForAll long seed)
            throws Exception {
        Path dir = StoreTestSupport.tempFolder("gridstore-prop");
        try (Grid grid = StoreTestSupport.randomGrid(width, height, seed, wallPercent)) {
            Path file = dir.resolve("g.opstore");
            GridStore.bake(grid, "random-" + seed, file);
            try (GridStore store = GridStore.open(file)) {
                Grid baked = store.grid();
                assertEquals("random-" + seed, store.name());
                assertEquals(StoreMode.READ_ONLY, store.mode());
                assertTrue(baked.isReadOnly());
                assertEquals(width, baked.width());
                assertEquals(height, baked.height());
                List<Cell[]> pairs = StoreTestSupport.randomPairs(grid, new Random(seed ^ 0x5DEECE66DL), 4);
                // queries first, so the baked tables are what the store grid's searches read
                StoreTestSupport.assertSameQueries(grid, baked, pairs, width + "x" + height);
                StoreTestSupport.assertSameTables(grid, baked, width + "x" + height);
                for (int y = 0; y < height; y++) {
                    for (int x = 0; x < width; x++) {
                        assertEquals(grid.area(x, y), baked.area(x, y));
                        assertEquals(grid.maxAgentSizeAt(x, y), baked.maxAgentSizeAt(x, y));
                    }
                }
            }
        } finally {
            StoreTestSupport.deleteTree(dir);
        }
    }
}
