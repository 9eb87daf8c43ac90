package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.cells.Cell;

/**
 * The stores' query entry points on an unchanged file: they answer as the grid does, and an
 * exception that is not the file's passes unchanged, also after close (the faults themselves are
 * {@link MappedStoreFaultTest}'s). This fails if the entry points turned every exception into a
 * store exception.
 */
class StoreQueryEntryTest {
    @TempDir
    Path dir;

    @Test
    void gridStoreEntryPointsAnswerAsTheGridAndPassOtherExceptions() throws Exception {
        Path file = dir.resolve("entry.opstore");
        try (Grid grid = StoreTestSupport.randomGrid(60, 50, 3, 25)) {
            GridStore.bake(grid, "entry.map", file);
            GridStore store = GridStore.open(file);
            try (store) {
                List<Cell[]> pairs = StoreTestSupport.randomPairs(grid, new Random(3), 6);
                for (Cell[] p : pairs) {
                    for (GridAlgorithm alg : GridAlgorithm.values()) {
                        GridOptions o = GridOptions.builder().algorithm(alg).build();
                        StoreTestSupport.assertSameAnswer(
                                grid.findPath(p[0], p[1], o), store.findPath(p[0], p[1], o), p[0] + "->" + p[1]);
                        StoreTestSupport.assertSameAnswer(
                                grid.findPath(p[0], p[1], o),
                                store.query(g -> g.findPath(p[0], p[1], o)),
                                "query " + p[0] + "->" + p[1]);
                    }
                }
                IllegalArgumentException mine = new IllegalArgumentException("not the file's");
                assertSame(
                        mine,
                        assertThrows(
                                IllegalArgumentException.class,
                                () -> store.query(g -> {
                                    throw mine;
                                })));
                // still answering: an exception that is not the file's does not refuse the store
                assertEquals(
                        grid.findPath(new Cell(0, 0), new Cell(1, 1), GridOptions.DEFAULT)
                                .status(),
                        store.findPath(new Cell(0, 0), new Cell(1, 1), GridOptions.DEFAULT)
                                .status());
            }
            assertThrows(
                    IllegalStateException.class,
                    () -> store.findPath(new Cell(0, 0), new Cell(1, 1), GridOptions.DEFAULT));
        }
    }

    @Test
    void worldStoreEntryPointsAnswerAsTheWorld() throws Exception {
        Path file = dir.resolve("entry-world.opstore");
        try (VoxelGrid world = VoxelWorldStorePropertyTest.randomWorld(30, 20, 25, 0, 9)) {
            VoxelWorldStore.write(world, "entry.3dmap", file);
            try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
                Random rnd = new Random(9);
                for (int i = 0; i < 10; i++) {
                    VoxelCell a = new VoxelCell(rnd.nextInt(30), rnd.nextInt(20), rnd.nextInt(25));
                    VoxelCell b = new VoxelCell(rnd.nextInt(30), rnd.nextInt(20), rnd.nextInt(25));
                    StoreTestSupport.assertSameAnswer(
                            world.findPath(a, b, VoxelOptions.DEFAULT),
                            store.findPath(a, b, VoxelOptions.DEFAULT),
                            a + "->" + b);
                    StoreTestSupport.assertSameAnswer(
                            world.findPath(a, b, VoxelOptions.JUMP_POINTS),
                            store.query(w -> w.findPath(a, b, VoxelOptions.JUMP_POINTS)),
                            "query " + a + "->" + b);
                }
            }
        }
    }
}
