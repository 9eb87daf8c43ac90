package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cell;

class GridStoreRoundTripTest {
    @TempDir
    Path dir;

    @Test
    void bakedGridAnswersAsTheGridItWasBakedFrom() throws Exception {
        Grid grid = Grid.fromText(String.join(
                "\n",
                "..........",
                ".####.###.",
                ".#......#.",
                ".#.####.#.",
                "...#..#...",
                "##.#..#.##",
                "...#......"));
        Path file = dir.resolve("small.opstore");
        GridStore.bake(grid, "small.map", file);
        try (GridStore store = GridStore.open(file)) {
            Grid baked = store.grid();
            assertEquals("small.map", store.name());
            assertTrue(baked.isReadOnly());
            assertArrayEquals(
                    grid.cells().toArray(ValueLayout.JAVA_BYTE), baked.cells().toArray(ValueLayout.JAVA_BYTE));
            assertArrayEquals(
                    grid.clearance().toArray(ValueLayout.JAVA_BYTE),
                    baked.clearance().toArray(ValueLayout.JAVA_BYTE));
            for (GridAlgorithm alg : GridAlgorithm.values()) {
                GridOptions options = GridOptions.builder().algorithm(alg).build();
                GridPath expected = grid.findPath(new Cell(0, 0), new Cell(9, 6), options);
                GridPath actual = baked.findPath(new Cell(0, 0), new Cell(9, 6), options);
                assertEquals(expected.cost(), actual.cost(), alg.toString());
                assertEquals(expected.cells(), actual.cells(), alg.toString());
            }
            assertThrows(IllegalStateException.class, () -> baked.setWalkable(0, 0, false));
            store.verify(StoreProgress.NONE);
        }
        grid.close();
    }
}
