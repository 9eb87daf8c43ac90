package org.onepath.bench;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.onepath.Grid;
import org.onepath.cells.GridMath;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;

/**
 * The inputs of {@link SubstrateBenchmark}, made the same way for every substrate so the three
 * measure the same bytes: the cells of a 4096 x 4096 grid, the entries a 4-ary heap takes in and
 * gives back, and a baked store whose JPS+ section is read. Held on the Java heap (or in a file);
 * each substrate copies them into memory it allocates its own way, untimed.
 */
final class SubstrateInputs {
    /** Side of the snapshot grid: 4096 x 4096 cells, 16 MiB, as in {@link StateBenchmark}. */
    static final int SNAPSHOT_SIDE = 4096;
    /** Cells copied by a snapshot: 16 MiB. */
    static final int CELL_COUNT = SNAPSHOT_SIDE * SNAPSHOT_SIDE;
    /**
     * Entries pushed and then popped per heap operation: 65,536, so the slots fill 1 MiB and the
     * node records another 1 MiB, an open list of the size a large octile search reaches.
     */
    static final int HEAP_ENTRIES = 1 << 16;

    // The heap slot the three substrates sift, as OctileAStar laid it out when this comparison
    // was made (f f64, g f32, cell i32: 16 bytes); the engine now packs g and the cell into one
    // u64 of the same slot size (OctileHeapLayout), which changes no access count.
    static final long HEAP_F_OFFSET = 0;
    static final long HEAP_G_OFFSET = HEAP_F_OFFSET + 8;
    static final long HEAP_CELL_OFFSET = HEAP_G_OFFSET + 4;
    static final long HEAP_SLOT_BYTES = HEAP_CELL_OFFSET + 4;
    static final ValueLayout.OfDouble HEAP_F = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    static final ValueLayout.OfFloat HEAP_G = ValueLayout.JAVA_FLOAT_UNALIGNED;
    static final ValueLayout.OfInt HEAP_INT = ValueLayout.JAVA_INT_UNALIGNED;

    private SubstrateInputs() {}

    /** The cells of a 4096 x 4096 grid with scattered walls, row-major (the grid's own segment, copied out). */
    static byte[] cells() {
        try (Grid grid = Grid.create(SNAPSHOT_SIDE, SNAPSHOT_SIDE)) {
            Random random = new Random(7);
            for (int i = 0; i < SNAPSHOT_SIDE * 8; i++) {
                grid.setWalkable(random.nextInt(SNAPSHOT_SIDE), random.nextInt(SNAPSHOT_SIDE), false);
            }
            byte[] out = new byte[CELL_COUNT];
            MemorySegment.copy(grid.cells(), ValueLayout.JAVA_BYTE, 0, out, 0, CELL_COUNT);
            return out;
        }
    }

    /**
     * What the heap takes in, entry by entry: the padded cell (a permutation of
     * 0..{@link #HEAP_ENTRIES}-1, so every node record is written), g rounded to float32 and
     * f = g + h, with g and h octile costs {@code a + b * sqrt2} of small integers. f is computed
     * from the summed integers, so equal sums give equal f and the (g, cell) tie-break runs, as it
     * does on a real map.
     */
    record HeapEntries(int[] cell, double[] f, float[] g) {}

    static HeapEntries heapEntries() {
        Random random = new Random(11);
        int n = HEAP_ENTRIES;
        int[] cell = new int[n];
        double[] f = new double[n];
        float[] g = new float[n];
        for (int i = 0; i < n; i++) {
            cell[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = cell[i];
            cell[i] = cell[j];
            cell[j] = t;
        }
        for (int i = 0; i < n; i++) {
            int a = random.nextInt(512);
            int b = random.nextInt(512);
            int c = random.nextInt(512);
            int d = random.nextInt(512);
            g[i] = (float) (a + b * GridMath.SQRT2);
            f[i] = (a + c) + (b + d) * GridMath.SQRT2;
        }
        return new HeapEntries(cell, f, g);
    }

    /** A baked store file and where its JPS+ section lies in it (i16 little-endian, 16 MiB). */
    record BakedSection(Path file, long offset, long length) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            Files.deleteIfExists(file);
        }
    }

    /**
     * Bakes the {@link StoreMap} (1024 x 1024, the map of {@code onepath demo}) into a temporary
     * store and finds its JPS+ section through the store's own section table.
     */
    static BakedSection bakedSection() throws IOException {
        Path file;
        try (Grid grid = StoreMap.generate()) {
            file = StoreMap.bake(grid);
        }
        try (StoreFile store = StoreFile.open(file)) {
            StoreFile.Section s = store.section(StoreLayout.SECTION_JPS_PLUS);
            if (s == null) {
                throw new IllegalStateException(file + " has no JPS+ section");
            }
            return new BakedSection(file, s.offset(), s.length());
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }
}
