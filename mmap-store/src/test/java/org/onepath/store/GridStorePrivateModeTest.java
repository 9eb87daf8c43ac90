package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.cells.Cell;

/**
 * A store opened {@link StoreMode#PRIVATE}: edits change this process's view only (queries and
 * tables follow them, the file and other openers do not see them) until commit replaces the file.
 * A read-only store refuses edits and commits.
 */
class GridStorePrivateModeTest {
    private static final int W = 48;
    private static final int H = 37;

    @TempDir
    Path dir;

    /** A random edit: (x, y, area). */
    private static List<int[]> randomEdits(Random rnd, int count) {
        List<int[]> edits = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int r = rnd.nextInt(10);
            int area = r < 4 ? Grid.WALL : r < 8 ? 0 : 1 + rnd.nextInt(3);
            edits.add(new int[] {rnd.nextInt(W), rnd.nextInt(H), area});
        }
        return edits;
    }

    private static void apply(Grid grid, List<int[]> edits) {
        for (int[] e : edits) {
            grid.setArea(e[0], e[1], e[2]);
        }
    }

    private static List<Cell[]> pairs(Random rnd) {
        List<Cell[]> pairs = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            pairs.add(new Cell[] {new Cell(rnd.nextInt(W), rnd.nextInt(H)), new Cell(rnd.nextInt(W), rnd.nextInt(H))});
        }
        // corner to corner, cleared below so at least some queries find long paths
        pairs.add(new Cell[] {new Cell(0, 0), new Cell(W - 1, H - 1)});
        return pairs;
    }

    private static Grid source(long seed) {
        Grid grid = StoreTestSupport.randomGrid(W, H, seed, 25);
        grid.setArea(0, 0, 0);
        grid.setArea(W - 1, H - 1, 0);
        return grid;
    }

    /**
     * Runs the whole private life cycle. With {@code queryFirst} the store grid answers a query
     * (which builds its search tables over the mapped ones) before the first edit.
     */
    private void privateEditsStayPrivateUntilCommit(long seed, boolean queryFirst) throws Exception {
        Random rnd = new Random(seed);
        Path file = dir.resolve("private-" + seed + ".opstore");
        try (Grid original = source(seed);
                Grid memory = StoreTestSupport.copyOf(original)) {
            GridStore.bake(original, "private.map", file);
            byte[] before = Files.readAllBytes(file);
            List<Cell[]> pairs = pairs(rnd);
            try (GridStore store = GridStore.open(file, StoreMode.PRIVATE)) {
                Grid grid = store.grid();
                assertEquals(StoreMode.PRIVATE, store.mode());
                assertFalse(grid.isReadOnly());
                if (queryFirst) {
                    StoreTestSupport.assertSameQueries(memory, grid, pairs, "before edits");
                }
                for (int round = 0; round < 3; round++) {
                    List<int[]> edits = randomEdits(rnd, round == 0 ? 40 : 400);
                    apply(grid, edits);
                    apply(memory, edits);
                    StoreTestSupport.assertSameQueries(memory, grid, pairs, "round " + round);
                    StoreTestSupport.assertSameTables(memory, grid, "round " + round);
                }
                // rectangles written as one edit each; the in-memory grid takes them cell by cell
                for (int r = 0; r < 6; r++) {
                    int x = rnd.nextInt(W - 1);
                    int y = rnd.nextInt(H - 1);
                    int w = 1 + rnd.nextInt(Math.min(12, W - x));
                    int h = 1 + rnd.nextInt(Math.min(9, H - y));
                    int area = r % 2 == 0 ? Grid.WALL : rnd.nextInt(3);
                    grid.setRect(x, y, w, h, area);
                    for (int yy = y; yy < y + h; yy++) {
                        for (int xx = x; xx < x + w; xx++) {
                            memory.setArea(xx, yy, area);
                        }
                    }
                    StoreTestSupport.assertSameTables(memory, grid, "rectangle " + r);
                }
                StoreTestSupport.assertSameQueries(memory, grid, pairs, "after rectangles");
                assertTrue(grid.version() > 0);

                // the file on disk is untouched
                assertArrayEquals(before, Files.readAllBytes(file), "a private edit reached the file");

                // a second, read-only opener maps the file and sees the old cells
                try (GridStore other = GridStore.open(file)) {
                    StoreTestSupport.assertSameTables(original, other.grid(), "second opener");
                    StoreTestSupport.assertSameQueries(original, other.grid(), pairs, "second opener");
                }

                store.commit(StoreProgress.NONE);
                assertFalse(
                        java.util.Arrays.equals(before, Files.readAllBytes(file)), "commit left the file as it was");
                // the committing store keeps working on its own mapping
                StoreTestSupport.assertSameQueries(memory, grid, pairs.subList(0, 2), "after commit");
            }
            try (GridStore reopened = GridStore.open(file)) {
                assertEquals("private.map", reopened.name());
                StoreTestSupport.assertSameTables(memory, reopened.grid(), "reopened");
                StoreTestSupport.assertSameQueries(memory, reopened.grid(), pairs, "reopened");
                reopened.verify(StoreProgress.NONE);
            }
            GridStore.verify(file, StoreProgress.NONE);
            try (Stream<Path> files = Files.list(dir)) {
                assertEquals(
                        List.of(),
                        files.map(p -> p.getFileName().toString())
                                .filter(n -> n.endsWith(".tmp"))
                                .toList(),
                        "commit left temporary files behind");
            }
        }
    }

    @Test
    void privateEditsAfterAQueryStayPrivateUntilCommit() throws Exception {
        privateEditsStayPrivateUntilCommit(11, true);
        privateEditsStayPrivateUntilCommit(12, true);
    }

    /**
     * Edits made right after opening, before any query or {@code tables()} call: the mapped block
     * map and JPS+ table must hear them too (they did not while the grid wrapped them lazily, on
     * first use; see {@link #commitAfterEditsBeforeAnyQueryBakesCurrentTables}).
     */
    @Test
    void privateEditsBeforeAnyQueryStayPrivateUntilCommit() throws Exception {
        privateEditsStayPrivateUntilCommit(21, false);
        privateEditsStayPrivateUntilCommit(22, false);
    }

    @Test
    void privateStoreCanBeCommittedTwice() throws Exception {
        Path file = dir.resolve("twice.opstore");
        try (Grid original = source(5);
                Grid memory = StoreTestSupport.copyOf(original)) {
            GridStore.bake(original, "twice", file);
            try (GridStore store = GridStore.open(file, StoreMode.PRIVATE)) {
                for (int i = 0; i < 2; i++) {
                    List<int[]> edits = randomEdits(new Random(100 + i), 50);
                    apply(store.grid(), edits);
                    apply(memory, edits);
                    store.commit(StoreProgress.NONE);
                    try (GridStore reopened = GridStore.open(file)) {
                        StoreTestSupport.assertSameTables(memory, reopened.grid(), "commit " + i);
                    }
                }
            }
            GridStore.verify(file, StoreProgress.NONE);
        }
    }

    /**
     * Edits right after a private open, then commit: the new file must hold the tables of the
     * edited cells, not the mapped tables of the old ones under fingerprints that vouch for the new.
     */
    @Test
    void commitAfterEditsBeforeAnyQueryBakesCurrentTables() throws Exception {
        Path file = dir.resolve("stale.opstore");
        try (Grid original = source(7);
                Grid memory = StoreTestSupport.copyOf(original)) {
            GridStore.bake(original, "stale", file);
            List<int[]> edits = randomEdits(new Random(77), 60);
            try (GridStore store = GridStore.open(file, StoreMode.PRIVATE)) {
                apply(store.grid(), edits);
                apply(memory, edits);
                store.commit(StoreProgress.NONE);
            }
            GridStore.verify(file, StoreProgress.NONE);
            try (GridStore reopened = GridStore.open(file)) {
                StoreTestSupport.assertSameTables(memory, reopened.grid(), "reopened after commit");
                StoreTestSupport.assertSameQueries(
                        memory, reopened.grid(), pairs(new Random(78)), "reopened after commit");
            }
        }
    }

    @Test
    void readOnlyStoreRefusesEditsAndCommit() throws Exception {
        Path file = dir.resolve("ro.opstore");
        try (Grid original = source(3)) {
            GridStore.bake(original, "ro", file);
            byte[] before = Files.readAllBytes(file);
            try (GridStore store = GridStore.open(file, StoreMode.READ_ONLY)) {
                Grid grid = store.grid();
                assertEquals(StoreMode.READ_ONLY, store.mode());
                assertTrue(grid.isReadOnly());
                int old = grid.area(1, 1);
                assertThrows(IllegalStateException.class, () -> grid.setArea(1, 1, old == 0 ? Grid.WALL : 0));
                assertThrows(IllegalStateException.class, () -> grid.setWalkable(2, 2, false));
                IllegalStateException e =
                        assertThrows(IllegalStateException.class, () -> store.commit(StoreProgress.NONE));
                assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
                assertEquals(old, grid.area(1, 1));
                // still answers after the refused edits
                for (GridAlgorithm a : GridAlgorithm.values()) {
                    GridOptions o = GridOptions.builder().algorithm(a).build();
                    StoreTestSupport.assertSameAnswer(
                            original.findPath(new Cell(0, 0), new Cell(W - 1, H - 1), o),
                            grid.findPath(new Cell(0, 0), new Cell(W - 1, H - 1), o),
                            a.toString());
                }
            }
            assertArrayEquals(before, Files.readAllBytes(file));
        }
    }
}
