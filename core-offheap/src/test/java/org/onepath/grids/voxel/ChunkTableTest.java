package org.onepath.grids.voxel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.onepath.VoxelGrid;

/** The chunked voxel storage: allocation, slot and byte layout, padding, default area, size bounds. */
class ChunkTableTest {

    private static int slot(int cx, int cy, int cz, int chunksX, int chunksY) {
        return cx + chunksX * (cy + chunksY * cz);
    }

    private static int byteIndex(int x, int y, int z) {
        return (x & 15) | (y & 15) << 4 | (z & 15) << 8;
    }

    private static int byteAt(MemorySegment chunk, int index) {
        return chunk.get(ValueLayout.JAVA_BYTE, index) & 0xFF;
    }

    /** Fails naming the byte (and its local x, y, z) unless it holds the expected area. */
    private static void assertByte(int expected, MemorySegment chunk, int index, String what) {
        int got = byteAt(chunk, index);
        if (got != expected) {
            fail(what + ": byte " + index + " (local " + (index & 15) + "," + (index >> 4 & 15) + "," + (index >> 8)
                    + ") holds " + got + ", expected " + expected);
        }
    }

    @Test
    void chunkCountsAreTheCeilingOfTheSidesOver16() {
        int[][] cases = {{1, 1, 1, 1, 1, 1}, {16, 16, 16, 1, 1, 1}, {17, 32, 33, 2, 2, 3}, {40, 5, 100, 3, 1, 7}};
        for (int[] c : cases) {
            try (VoxelGrid grid = VoxelGrid.create(c[0], c[1], c[2])) {
                assertEquals(c[3], grid.chunksX());
                assertEquals(c[4], grid.chunksY());
                assertEquals(c[5], grid.chunksZ());
                assertEquals(0, grid.storedChunkCount());
            }
        }
    }

    @Test
    void aNewGridStoresNoChunk() {
        try (VoxelGrid grid = VoxelGrid.create(40, 35, 20)) {
            assertEquals(0, grid.storedChunkCount());
            for (int cz = 0; cz < grid.chunksZ(); cz++) {
                for (int cy = 0; cy < grid.chunksY(); cy++) {
                    for (int cx = 0; cx < grid.chunksX(); cx++) {
                        assertNull(grid.chunk(cx, cy, cz));
                    }
                }
            }
            assertEquals(0, grid.area(39, 34, 19));
            assertTrue(grid.isWalkable(0, 0, 0));
        }
    }

    @Test
    void writingTheDefaultAllocatesNothing() {
        try (VoxelGrid grid = VoxelGrid.create(20, 20, 20)) {
            long bytes = grid.storageBytes();
            grid.setArea(3, 4, 5, 0);
            grid.setWalkable(17, 17, 17, true);
            assertEquals(0, grid.storedChunkCount());
            assertEquals(0, grid.version());
            assertEquals(bytes, grid.storageBytes());
            assertNull(grid.chunk(0, 0, 0));
        }
        try (VoxelGrid grid = VoxelGrid.create(20, 20, 20, 255)) {
            grid.setWalkable(3, 4, 5, false);
            grid.setArea(18, 2, 2, 255);
            assertEquals(0, grid.storedChunkCount());
            assertEquals(0, grid.version());
        }
    }

    @Test
    void firstDifferingEditAllocatesItsChunkOnly() {
        try (VoxelGrid grid = VoxelGrid.create(40, 35, 20)) {
            long before = grid.storageBytes();
            grid.setArea(20, 3, 17, 7); // chunk (1, 0, 1)
            assertEquals(1, grid.storedChunkCount());
            assertTrue(grid.storageBytes() >= before + 4096, "a stored chunk takes at least 4096 bytes");
            for (int cz = 0; cz < grid.chunksZ(); cz++) {
                for (int cy = 0; cy < grid.chunksY(); cy++) {
                    for (int cx = 0; cx < grid.chunksX(); cx++) {
                        boolean edited = cx == 1 && cy == 0 && cz == 1;
                        assertEquals(edited, grid.chunk(cx, cy, cz) != null, "chunk " + cx + "," + cy + "," + cz);
                    }
                }
            }
            MemorySegment chunk = grid.chunk(1, 0, 1);
            assertEquals(4096, chunk.byteSize());
            assertEquals(7, byteAt(chunk, byteIndex(20, 3, 17)));
            // more edits in the same chunk allocate nothing more
            long after = grid.storageBytes();
            grid.setArea(16, 0, 16, 255);
            grid.setArea(31, 15, 19, 2);
            assertEquals(1, grid.storedChunkCount());
            assertEquals(after, grid.storageBytes());
        }
    }

    @Test
    void aChunkStaysAllocatedAfterResettingToTheDefault() {
        try (VoxelGrid grid = VoxelGrid.create(20, 20, 20)) {
            grid.setArea(5, 5, 5, 9);
            grid.setArea(5, 5, 5, 0);
            assertEquals(1, grid.storedChunkCount());
            MemorySegment chunk = grid.chunk(0, 0, 0);
            assertNotNull(chunk);
            for (int i = 0; i < 4096; i++) {
                assertByte(0, chunk, i, "chunk (0,0,0)");
            }
            assertEquals(0, grid.area(5, 5, 5));
            assertEquals(2, grid.version());
        }
    }

    /** Slot and byte layout, through the ChunkTable directly and through VoxelGrid.chunk. */
    @Test
    void slotIndexAndByteIndexFollowTheLayout() {
        int sx = 40;
        int sy = 35;
        int sz = 20;
        int chunksX = 3;
        int chunksY = 3;
        int chunksZ = 2;
        try (ChunkTable table = new ChunkTable(sx, sy, sz, 0);
                VoxelGrid grid = VoxelGrid.create(sx, sy, sz)) {
            assertEquals(chunksX * chunksY * chunksZ, table.chunkCount());
            Random r = new Random(42);
            Set<Integer> edited = new HashSet<>();
            for (int e = 0; e < 10; e++) {
                int x = r.nextInt(sx);
                int y = r.nextInt(sy);
                int z = r.nextInt(sz);
                int area = 1 + r.nextInt(254);
                assertTrue(table.set(x, y, z, area));
                grid.setArea(x, y, z, area);
                int s = slot(x / 16, y / 16, z / 16, chunksX, chunksY);
                edited.add(s);
                assertEquals(s, table.slotOf(x / 16, y / 16, z / 16));
                MemorySegment viaTable = table.chunk(s);
                MemorySegment viaGrid = grid.chunk(x / 16, y / 16, z / 16);
                assertEquals(
                        area, byteAt(viaTable, byteIndex(x, y, z)), "table byte of (" + x + "," + y + "," + z + ")");
                assertEquals(area, byteAt(viaGrid, byteIndex(x, y, z)), "grid byte of (" + x + "," + y + "," + z + ")");
                assertEquals(area, table.area(x, y, z));
            }
            assertEquals(edited.size(), table.storedChunkCount());
            assertEquals(edited.size(), grid.storedChunkCount());
            for (int s = 0; s < table.chunkCount(); s++) {
                assertEquals(edited.contains(s), table.chunk(s) != null, "slot " + s);
                int cx = s % chunksX;
                int cy = (s / chunksX) % chunksY;
                int cz = s / (chunksX * chunksY);
                assertEquals(edited.contains(s), grid.chunk(cx, cy, cz) != null, "chunk " + cx + "," + cy + "," + cz);
            }
        }
    }

    /** Every byte of every stored chunk: inside voxels hold the grid's area, padding holds the default. */
    @Property(tries = 20)
    void chunkBytesMirrorTheVoxels(
            @ForAll @IntRange(min = 1, max = 40) int sx,
            @ForAll @IntRange(min = 1, max = 40) int sy,
            @ForAll @IntRange(min = 1, max = 20) int sz,
            @ForAll boolean solidDefault,
            @ForAll long seed) {
        int def = solidDefault ? 255 : 0;
        Random r = new Random(seed);
        try (VoxelGrid grid = VoxelGrid.create(sx, sy, sz, def)) {
            int edits = r.nextInt(200);
            for (int e = 0; e < edits; e++) {
                grid.setArea(r.nextInt(sx), r.nextInt(sy), r.nextInt(sz), r.nextInt(4) == 0 ? 255 : r.nextInt(5));
            }
            for (int cz = 0; cz < grid.chunksZ(); cz++) {
                for (int cy = 0; cy < grid.chunksY(); cy++) {
                    for (int cx = 0; cx < grid.chunksX(); cx++) {
                        MemorySegment chunk = grid.chunk(cx, cy, cz);
                        String label = "chunk (" + cx + "," + cy + "," + cz + ")";
                        for (int i = 0; i < 4096; i++) {
                            int x = cx * 16 + (i & 15);
                            int y = cy * 16 + ((i >> 4) & 15);
                            int z = cz * 16 + (i >> 8);
                            boolean inside = x < sx && y < sy && z < sz;
                            int expected = inside ? grid.area(x, y, z) : def;
                            if (chunk == null) {
                                if (expected != def) {
                                    fail(label + " is empty but voxel (" + x + "," + y + "," + z + ") holds "
                                            + expected);
                                }
                            } else {
                                assertByte(expected, chunk, i, label);
                            }
                        }
                    }
                }
            }
        }
    }

    /** More stored chunks than one allocation block holds: every chunk keeps its own bytes. */
    @Test
    void hundredsOfStoredChunksKeepTheirContents() {
        try (VoxelGrid grid = VoxelGrid.create(160, 160, 48)) {
            int n = 0;
            for (int cz = 0; cz < 3; cz++) {
                for (int cy = 0; cy < 10; cy++) {
                    for (int cx = 0; cx < 10; cx++) {
                        int area = 1 + (cx + 10 * cy + 100 * cz) % 250;
                        grid.setArea(cx * 16 + cy % 16, cy * 16 + cx % 16, cz * 16 + 5, area);
                        n++;
                        assertEquals(n, grid.storedChunkCount());
                    }
                }
            }
            assertEquals(300, n);
            for (int cz = 0; cz < 3; cz++) {
                for (int cy = 0; cy < 10; cy++) {
                    for (int cx = 0; cx < 10; cx++) {
                        int area = 1 + (cx + 10 * cy + 100 * cz) % 250;
                        int x = cx * 16 + cy % 16;
                        int y = cy * 16 + cx % 16;
                        int z = cz * 16 + 5;
                        assertEquals(area, grid.area(x, y, z));
                        MemorySegment chunk = grid.chunk(cx, cy, cz);
                        for (int i = 0; i < 4096; i++) {
                            assertByte(i == byteIndex(x, y, z) ? area : 0, chunk, i, "chunk");
                        }
                    }
                }
            }
            assertTrue(grid.storageBytes() >= 300L * 4096);
        }
    }

    @Test
    void paddingBytesOfEdgeChunksHoldTheDefault() {
        for (int def : new int[] {0, 255, 9}) {
            try (VoxelGrid grid = VoxelGrid.create(17, 17, 17, def)) {
                int other = def == 3 ? 4 : 3;
                grid.setArea(16, 16, 16, other);
                grid.setArea(16, 0, 0, other);
                MemorySegment corner = grid.chunk(1, 1, 1);
                assertEquals(other, byteAt(corner, 0));
                for (int i = 1; i < 4096; i++) {
                    assertByte(def, corner, i, "padding of chunk (1,1,1)");
                }
                MemorySegment side = grid.chunk(1, 0, 0);
                for (int i = 0; i < 4096; i++) {
                    int expected = i == 0 ? other : def;
                    assertByte(expected, side, i, "chunk (1,0,0)");
                }
                assertEquals(2, grid.storedChunkCount());
            }
        }
    }

    @Test
    void solidDefaultGivesABlockToCarve() {
        try (VoxelGrid grid = VoxelGrid.create(20, 20, 20, 255)) {
            assertEquals(255, grid.defaultArea());
            assertEquals(255, grid.area(7, 7, 7));
            assertTrue(!grid.isWalkable(19, 19, 19));
            grid.setWalkable(7, 7, 7, true);
            assertTrue(grid.isWalkable(7, 7, 7));
            assertEquals(0, grid.area(7, 7, 7));
            assertEquals(1, grid.storedChunkCount());
            MemorySegment chunk = grid.chunk(0, 0, 0);
            for (int i = 0; i < 4096; i++) {
                assertByte(i == byteIndex(7, 7, 7) ? 0 : 255, chunk, i, "carved chunk");
            }
            assertTrue(!grid.isWalkable(8, 7, 7));
        }
        try (ChunkTable table = new ChunkTable(5, 5, 5, 255)) {
            assertEquals(255, table.defaultArea());
            assertEquals(255, table.area(4, 4, 4));
            assertTrue(!table.set(1, 1, 1, 255));
            assertTrue(table.set(1, 1, 1, 0));
            assertTrue(!table.set(1, 1, 1, 0), "the same value again is no change");
        }
    }

    @Test
    void theLargestBlockIsAcceptedAndStoresNothing() {
        try (VoxelGrid grid = VoxelGrid.create(1024, 1024, 1024)) {
            assertEquals(1 << 30, grid.voxelCount());
            assertEquals(VoxelGrid.MAX_VOXELS, (long) grid.voxelCount());
            assertEquals(0, grid.storedChunkCount());
            assertEquals(64, grid.chunksX());
            assertTrue(grid.storageBytes() <= 2L * 1024 * 1024, "only the chunk table: " + grid.storageBytes());
            assertNull(grid.chunk(63, 63, 63));
            assertEquals(0, grid.area(1023, 1023, 1023));
        }
    }

    @Test
    void blocksBeyond2To30AreRejectedNamingTheSize() {
        int[][] sizes = {
            {1024, 1024, 1025},
            {1025, 1024, 1024},
            {65536, 65536, 1},
            {Integer.MAX_VALUE, 2, 1},
            {Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE},
            {(1 << 30) + 1, 1, 1}
        };
        for (int[] s : sizes) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> VoxelGrid.create(s[0], s[1], s[2]).close());
            String m = e.getMessage();
            assertTrue(m.contains(s[0] + " x " + s[1] + " x " + s[2]) && m.contains("2^30"), m);
            assertThrows(IllegalArgumentException.class, () -> new ChunkTable(s[0], s[1], s[2], 0).close());
        }
    }

    @Test
    void sidesBelowOneAreRejected() {
        int[][] sizes = {{0, 1, 1}, {1, 0, 1}, {1, 1, 0}, {-1, 5, 5}, {5, -3, 5}, {5, 5, Integer.MIN_VALUE}, {-2, -2, 1}
        };
        for (int[] s : sizes) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> VoxelGrid.create(s[0], s[1], s[2], 255).close());
            assertTrue(e.getMessage().contains(s[0] + " x " + s[1] + " x " + s[2]), e.getMessage());
        }
    }

    @Test
    void defaultAreaOutside0To255IsRejected() {
        for (int def : new int[] {-1, 256, 1000}) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> VoxelGrid.create(2, 2, 2, def).close());
            assertTrue(e.getMessage().contains(String.valueOf(def)), e.getMessage());
        }
    }

    @Test
    void editsAreChecked() {
        try (VoxelGrid grid = VoxelGrid.create(4, 5, 6)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> grid.setArea(1, 1, 1, 256));
            assertTrue(e.getMessage().contains("256"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> grid.setArea(1, 1, 1, -1));
            e = assertThrows(IllegalArgumentException.class, () -> grid.setArea(4, 0, 0, 1));
            assertTrue(e.getMessage().contains("(4, 0, 0)"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> grid.setArea(0, 5, 0, 1));
            assertThrows(IllegalArgumentException.class, () -> grid.setArea(0, 0, 6, 1));
            assertThrows(IllegalArgumentException.class, () -> grid.setArea(0, 0, -1, 1));
            assertThrows(IllegalArgumentException.class, () -> grid.area(-1, 0, 0));
            e = assertThrows(IllegalArgumentException.class, () -> grid.chunk(1, 0, 0));
            assertTrue(e.getMessage().contains("(1, 0, 0)"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> grid.chunk(0, 0, -1));
            assertEquals(0, grid.storedChunkCount());
            assertEquals(0, grid.version());
        }
    }

    @Test
    void chunkViewsAreReadOnly() {
        try (VoxelGrid grid = VoxelGrid.create(20, 20, 20)) {
            grid.setArea(1, 2, 3, 4);
            MemorySegment chunk = grid.chunk(0, 0, 0);
            assertTrue(chunk.isReadOnly());
            // the JDK reports a write to a read-only segment as IllegalArgumentException ("read-only")
            RuntimeException e =
                    assertThrows(RuntimeException.class, () -> chunk.set(ValueLayout.JAVA_BYTE, 0, (byte) 5));
            assertTrue(
                    e instanceof UnsupportedOperationException || e.getMessage().contains("read-only"), e.toString());
            e = assertThrows(RuntimeException.class, () -> chunk.fill((byte) 7));
            assertTrue(
                    e instanceof UnsupportedOperationException || e.getMessage().contains("read-only"), e.toString());
            assertEquals(0, grid.area(0, 0, 0));
            assertEquals(4, grid.area(1, 2, 3));
            assertEquals(4, byteAt(chunk, byteIndex(1, 2, 3)));
        }
    }

    @Test
    void closedStorageThrows() {
        ChunkTable table = new ChunkTable(4, 4, 4, 0);
        table.close();
        table.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.set(0, 0, 0, 1));
        assertTrue(e.getMessage().contains("ChunkTable"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> table.chunk(0));
        VoxelGrid grid = VoxelGrid.create(4, 4, 4);
        grid.close();
        assertThrows(IllegalStateException.class, () -> grid.chunk(0, 0, 0));
        assertThrows(IllegalStateException.class, grid::storedChunkCount);
        assertThrows(IllegalStateException.class, grid::storageBytes);
    }
}
