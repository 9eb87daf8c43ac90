package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.cells.PathStatus;
import org.onepath.layout.VoxelChunkLayout;

/** World stores: uniform chunks take no room, edits after open never reach the mapped file, commit replaces it. */
class VoxelWorldStoreTest {
    @TempDir
    Path dir;

    /** 256^3: open air from z = 128 up, solid below but for two tunnels and a shaft to the air. */
    private static VoxelGrid carvedWorld() {
        VoxelGrid w = VoxelGrid.create(256, 256, 256, 0);
        for (int z = 0; z < 128; z++) {
            for (int y = 0; y < 256; y++) {
                for (int x = 0; x < 256; x++) {
                    w.setArea(x, y, z, VoxelGrid.SOLID);
                }
            }
        }
        for (int x = 0; x < 256; x++) {
            w.setArea(x, 40, 60, 0); // tunnel along x
        }
        for (int y = 0; y < 256; y++) {
            w.setArea(100, y, 20, 2); // tunnel along y, area 2
        }
        for (int z = 20; z < 128; z++) {
            w.setArea(100, 40, z, 0); // shaft up to the air, crossing both tunnels
        }
        return w;
    }

    @Test
    void uniformChunksAreElided() throws Exception {
        Path file = dir.resolve("carved.opstore");
        try (VoxelGrid world = carvedWorld()) {
            VoxelWorldStore.write(world, "carved", file);
            long voxels = 256L * 256 * 256;
            long size = Files.size(file);
            assertTrue(size < voxels / 20, "file of " + size + " bytes for " + voxels + " voxels");
            try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
                VoxelGrid read = store.grid();
                StoreTestSupport.assertSameChunks(world, read, "carved");
                Random rnd = new Random(1);
                for (int i = 0; i < 200_000; i++) {
                    int x = rnd.nextInt(256);
                    int y = rnd.nextInt(256);
                    int z = rnd.nextInt(256);
                    assertEquals(world.area(x, y, z), read.area(x, y, z));
                }
                for (int i = 0; i < 256; i++) {
                    assertEquals(0, read.area(i, 40, 60));
                    assertEquals(i == 40 ? 0 : 2, read.area(100, i, 20)); // the shaft crosses at y = 40
                    assertEquals(VoxelGrid.SOLID, read.area(i, 41, 60));
                    assertEquals(0, read.area(i, 255 - i, 128));
                }
                // a tunnel end to the air above the shaft
                VoxelCell start = new VoxelCell(100, 0, 20);
                VoxelCell goal = new VoxelCell(100, 40, 131);
                VoxelPath expected = world.findPath(start, goal, VoxelOptions.DEFAULT);
                assertEquals(PathStatus.FOUND, expected.status());
                StoreTestSupport.assertSameAnswer(
                        expected, read.findPath(start, goal, VoxelOptions.DEFAULT), "tunnel to air");
                VoxelCell east = new VoxelCell(255, 40, 60);
                StoreTestSupport.assertSameAnswer(
                        world.findPath(east, start, VoxelOptions.DEFAULT),
                        read.findPath(east, start, VoxelOptions.DEFAULT),
                        "tunnel to tunnel");
                store.verify(StoreProgress.NONE);

                byte[] bytes = StoreTestSupport.read(file);
                long meta = store.file().section(StoreLayout.SECTION_META).offset();
                int stored = StoreTestSupport.u32(bytes, meta + StoreLayout.WORLD_STORED_CHUNKS_OFFSET);
                int uniform = StoreTestSupport.u32(bytes, meta + StoreLayout.WORLD_UNIFORM_CHUNKS_OFFSET);
                assertEquals(16 * 16 * 8, stored + uniform, "every chunk below z = 128 is stored or uniform");
                assertTrue(stored <= 16 + 16 + 8, stored + " stored chunks");
            }
        }
    }

    @Test
    void emptyAndUniformWorldsHaveNoChunkBytes() throws Exception {
        for (int defaultArea : new int[] {0, 255, 17}) {
            try (VoxelGrid world = VoxelGrid.create(33, 17, 5, defaultArea)) {
                Path empty = dir.resolve("empty-" + defaultArea + ".opstore");
                VoxelWorldStore.write(world, "", empty);
                try (VoxelWorldStore s = VoxelWorldStore.open(empty)) {
                    assertEquals(0, s.file().section(StoreLayout.SECTION_CHUNKS).length());
                    assertEquals(0, s.grid().storedChunkCount());
                    assertNull(s.grid().chunk(2, 1, 0));
                    StoreTestSupport.assertSameVoxels(world, s.grid(), "empty");
                    s.verify(StoreProgress.NONE);
                }
                // every voxel one other value: all chunks uniform but the edge chunks
                int v = defaultArea == 0 ? 9 : 0;
                for (int z = 0; z < 5; z++) {
                    for (int y = 0; y < 17; y++) {
                        for (int x = 0; x < 33; x++) {
                            world.setArea(x, y, z, v);
                        }
                    }
                }
                Path full = dir.resolve("full-" + defaultArea + ".opstore");
                VoxelWorldStore.write(world, "full", full);
                try (VoxelWorldStore s = VoxelWorldStore.open(full)) {
                    StoreTestSupport.assertSameVoxels(world, s.grid(), "full");
                    assertNotNull(s.grid().chunk(0, 0, 0));
                    assertEquals(world.storedChunkCount(), s.grid().storedChunkCount());
                    s.verify(StoreProgress.NONE);
                }
            }
        }
    }

    /** A 70 x 50 x 40 world with stored chunks, a solid uniform chunk and default chunks. */
    private static VoxelGrid editableWorld() {
        VoxelGrid w = VoxelGrid.create(70, 50, 40, 0);
        for (int z = 16; z < 32; z++) {
            for (int y = 16; y < 32; y++) {
                for (int x = 16; x < 32; x++) {
                    w.setArea(x, y, z, VoxelGrid.SOLID);
                }
            }
        }
        Random rnd = new Random(5);
        for (int i = 0; i < 3000; i++) {
            w.setArea(
                    rnd.nextInt(40),
                    rnd.nextInt(50),
                    rnd.nextInt(16),
                    rnd.nextInt(4) == 0 ? VoxelGrid.SOLID : rnd.nextInt(3));
        }
        return w;
    }

    /** Edits touching stored chunks, the uniform chunk and default chunks. */
    private static List<int[]> edits(long seed, int count) {
        Random rnd = new Random(seed);
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int x;
            int y;
            int z;
            switch (i % 3) {
                case 0 -> {
                    x = rnd.nextInt(40);
                    y = rnd.nextInt(50);
                    z = rnd.nextInt(16);
                }
                case 1 -> {
                    x = 16 + rnd.nextInt(16);
                    y = 16 + rnd.nextInt(16);
                    z = 16 + rnd.nextInt(16);
                }
                default -> {
                    x = rnd.nextInt(70);
                    y = rnd.nextInt(50);
                    z = 24 + rnd.nextInt(16);
                }
            }
            out.add(new int[] {x, y, z, rnd.nextInt(3) == 0 ? VoxelGrid.SOLID : rnd.nextInt(4)});
        }
        return out;
    }

    private static void apply(VoxelGrid w, List<int[]> edits) {
        for (int[] e : edits) {
            w.setArea(e[0], e[1], e[2], e[3]);
        }
    }

    private static void assertSameQueries(VoxelGrid expected, VoxelGrid actual, String what) {
        Random rnd = new Random(17);
        for (int i = 0; i < 6; i++) {
            VoxelCell a = new VoxelCell(rnd.nextInt(70), rnd.nextInt(50), rnd.nextInt(40));
            VoxelCell b = new VoxelCell(rnd.nextInt(70), rnd.nextInt(50), rnd.nextInt(40));
            StoreTestSupport.assertSameAnswer(
                    expected.findPath(a, b, VoxelOptions.DEFAULT),
                    actual.findPath(a, b, VoxelOptions.DEFAULT),
                    what + " " + a + " -> " + b);
        }
    }

    @Test
    void editsAfterOpenNeverReachTheMappedFileUntilCommit() throws Exception {
        Path file = dir.resolve("edited.opstore");
        try (VoxelGrid original = editableWorld();
                VoxelGrid mirror = editableWorld()) {
            VoxelWorldStore.write(original, "edited", file);
            byte[] before = Files.readAllBytes(file);
            try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
                VoxelGrid grid = store.grid();
                assertSameQueries(original, grid, "before edits");
                for (int round = 0; round < 3; round++) {
                    List<int[]> e = edits(round, 2500);
                    apply(grid, e);
                    apply(mirror, e);
                    StoreTestSupport.assertSameVoxels(mirror, grid, "round " + round);
                    assertSameQueries(mirror, grid, "round " + round);
                }
                assertArrayEquals(before, Files.readAllBytes(file), "an edit reached the mapped file");
                store.verify(StoreProgress.NONE); // the file, not the edits

                try (VoxelWorldStore other = VoxelWorldStore.open(file)) {
                    StoreTestSupport.assertSameVoxels(original, other.grid(), "second opener");
                }

                store.commit(StoreProgress.NONE);
                assertFalse(
                        java.util.Arrays.equals(before, Files.readAllBytes(file)), "commit left the file as it was");
                // the committing store keeps its mapping and its edits
                StoreTestSupport.assertSameVoxels(mirror, grid, "after commit");
                apply(grid, edits(99, 200));
            }
            try (VoxelWorldStore reopened = VoxelWorldStore.open(file)) {
                assertEquals("edited", reopened.name());
                StoreTestSupport.assertSameVoxels(mirror, reopened.grid(), "reopened");
                assertSameQueries(mirror, reopened.grid(), "reopened");
                reopened.verify(StoreProgress.NONE);
            }
            VoxelWorldStore.verify(file, StoreProgress.NONE);
            try (Stream<Path> files = Files.list(dir)) {
                assertEquals(
                        List.of("edited.opstore"),
                        files.map(p -> p.getFileName().toString()).toList());
            }
        }
    }

    @Test
    void editedBaseChunkIsCopiedNotWritten() throws Exception {
        Path file = dir.resolve("cow.opstore");
        try (VoxelGrid original = editableWorld()) {
            VoxelWorldStore.write(original, "cow", file);
            try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
                VoxelGrid grid = store.grid();
                byte[] baseChunk = StoreTestSupport.chunkBytes(grid, 0, 0, 0);
                assertTrue(grid.chunk(0, 0, 0).isReadOnly());
                int old = grid.area(3, 4, 5);
                int next = old == 7 ? 8 : 7;
                grid.setArea(3, 4, 5, next);
                assertEquals(next, grid.area(3, 4, 5));
                byte[] copied = StoreTestSupport.chunkBytes(grid, 0, 0, 0);
                assertEquals(next, copied[VoxelChunkLayout.inChunkIndex(3, 4, 5)] & 0xFF);
                copied[VoxelChunkLayout.inChunkIndex(3, 4, 5)] = (byte) old;
                assertArrayEquals(baseChunk, copied, "the copy differs from the base beyond the edit");
                // the uniform solid chunk, edited
                assertEquals(VoxelGrid.SOLID, grid.area(20, 20, 20));
                grid.setArea(20, 20, 20, 0);
                assertEquals(0, grid.area(20, 20, 20));
                assertEquals(VoxelGrid.SOLID, grid.area(21, 20, 20));
                try (VoxelWorldStore other = VoxelWorldStore.open(file)) {
                    assertEquals(old, other.grid().area(3, 4, 5));
                    assertEquals(VoxelGrid.SOLID, other.grid().area(20, 20, 20));
                }
            }
        }
    }
}
