package org.onepath.grids.voxel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.layout.VoxelChunkLayout;

/**
 * Chunk tables over a base of stored chunks, numbered as {@link VoxelChunkLayout} says: every voxel
 * reads as the world the base was laid out from, writes copy a shared chunk first and never
 * touch the base, and bad slot values or lengths are refused.
 */
class ChunkTableOverTest {
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int CHUNK = 4096;
    private static final long SLAB = 64L * CHUNK;

    /** U: the base count rounded up to a multiple of 64, computed here without the library. */
    private static int uniformBase(int n) {
        return (n + 63) / 64 * 64;
    }

    private static int index(int x, int y, int z) {
        return (x & 15) | (y & 15) << 4 | (z & 15) << 8;
    }

    /** A base laid out by hand from a world: the chunks back to back (read-only) and the slot values. */
    private static final class Base {
        final int sx;
        final int sy;
        final int sz;
        final int defaultArea;
        final int cx;
        final int cy;
        final int cz;
        final int[] slotValues;
        final int baseCount;
        final MemorySegment chunks; // read-only
        final MemorySegment slots;
        final byte[] chunksSnapshot;

        Base(int sx, int sy, int sz, int defaultArea, int[] slotValues, List<byte[]> baseChunks, Arena arena) {
            this.sx = sx;
            this.sy = sy;
            this.sz = sz;
            this.defaultArea = defaultArea;
            this.cx = (sx + 15) / 16;
            this.cy = (sy + 15) / 16;
            this.cz = (sz + 15) / 16;
            this.slotValues = slotValues;
            this.baseCount = baseChunks.size();
            MemorySegment c = arena.allocate((long) baseCount * CHUNK, 64);
            for (int k = 0; k < baseCount; k++) {
                MemorySegment.copy(baseChunks.get(k), 0, c, ValueLayout.JAVA_BYTE, (long) k * CHUNK, CHUNK);
            }
            this.chunksSnapshot = c.toArray(ValueLayout.JAVA_BYTE);
            this.chunks = c.asReadOnly();
            this.slots = arena.allocate(4L * slotValues.length, 4);
            for (int i = 0; i < slotValues.length; i++) {
                slots.set(LE_INT, 4L * i, slotValues[i]);
            }
        }

        ChunkTable open() {
            return ChunkTable.over(sx, sy, sz, defaultArea, slots, chunks, baseCount);
        }

        int slot(int x, int y, int z) {
            return x / 16 + cx * (y / 16 + cy * (z / 16));
        }

        /** The area the numbering says voxel (x, y, z) holds, read from the raw slot values. */
        int expectedArea(int x, int y, int z) {
            int v = slotValues[slot(x, y, z)];
            if (v == 0) {
                return defaultArea;
            }
            if (v <= baseCount) {
                return chunksSnapshot[(v - 1) * CHUNK + index(x, y, z)] & 0xFF;
            }
            return v - uniformBase(baseCount) - 1;
        }

        void assertBaseUnchanged(String where) {
            assertArrayEquals(chunksSnapshot, chunks.toArray(ValueLayout.JAVA_BYTE), "base bytes; " + where);
        }

        int nonDefaultSlots() {
            int n = 0;
            for (int v : slotValues) {
                if (v != 0) {
                    n++;
                }
            }
            return n;
        }
    }

    /**
     * A random world: per chunk either untouched, filled with one area (shared values so slots
     * share uniform chunks), written and written back to the default, or mixed.
     */
    private static VoxelGrid randomWorld(int sx, int sy, int sz, int defaultArea, Random random) {
        VoxelGrid world = VoxelGrid.create(sx, sy, sz, defaultArea);
        int[] palette = {1, 7, 200, 255 - defaultArea, random.nextInt(256), random.nextInt(256)};
        for (int cz = 0; cz * 16 < sz; cz++) {
            for (int cy = 0; cy * 16 < sy; cy++) {
                for (int cx = 0; cx * 16 < sx; cx++) {
                    int kind = random.nextInt(5);
                    int fill = palette[random.nextInt(palette.length)];
                    int solidPercent = random.nextInt(50);
                    for (int z = cz * 16; z < Math.min(sz, cz * 16 + 16); z++) {
                        for (int y = cy * 16; y < Math.min(sy, cy * 16 + 16); y++) {
                            for (int x = cx * 16; x < Math.min(sx, cx * 16 + 16); x++) {
                                switch (kind) {
                                    case 1, 2 -> world.setArea(x, y, z, fill);
                                    case 3 -> {
                                        if (x == cx * 16 && y == cy * 16 && z == cz * 16) {
                                            world.setArea(x, y, z, 255 - defaultArea);
                                            world.setArea(x, y, z, defaultArea);
                                        }
                                    }
                                    case 4 -> {
                                        int r = random.nextInt(100);
                                        world.setArea(
                                                x, y, z, r < solidPercent ? 255 : r % 3 == 0 ? defaultArea : r % 4);
                                    }
                                    default -> {}
                                }
                            }
                        }
                    }
                }
            }
        }
        return world;
    }

    /**
     * Lays a world out as a base: a default chunk as 0 (or now and then as the uniform chunk of
     * the default area), a chunk whose inside voxels all hold v mostly as U+1+v, else as a base
     * chunk.
     */
    private static Base baseOf(VoxelGrid world, Random random, Arena arena) {
        int sx = world.sizeX();
        int sy = world.sizeY();
        int sz = world.sizeZ();
        int d = world.defaultArea();
        int count = world.chunksX() * world.chunksY() * world.chunksZ();
        int[] kind = new int[count]; // -1 default, -2 base chunk, else the uniform area
        List<byte[]> baseChunks = new ArrayList<>();
        int[] baseOfSlot = new int[count];
        int slot = 0;
        for (int cz = 0; cz < world.chunksZ(); cz++) {
            for (int cy = 0; cy < world.chunksY(); cy++) {
                for (int cx = 0; cx < world.chunksX(); cx++, slot++) {
                    MemorySegment chunk = world.chunk(cx, cy, cz);
                    int uniform = uniformInside(world, cx, cy, cz);
                    if (chunk == null) {
                        kind[slot] = random.nextInt(6) == 0 ? d : -1;
                    } else if (uniform >= 0 && random.nextInt(4) != 0) {
                        kind[slot] = uniform == d && random.nextBoolean() ? -1 : uniform;
                    } else {
                        kind[slot] = -2;
                        baseOfSlot[slot] = baseChunks.size();
                        baseChunks.add(chunk.toArray(ValueLayout.JAVA_BYTE));
                    }
                }
            }
        }
        int u = uniformBase(baseChunks.size());
        int[] values = new int[count];
        for (int i = 0; i < count; i++) {
            values[i] = kind[i] == -1 ? 0 : kind[i] == -2 ? baseOfSlot[i] + 1 : u + 1 + kind[i];
        }
        return new Base(sx, sy, sz, d, values, baseChunks, arena);
    }

    /** The one area every inside voxel of a chunk holds, or -1. */
    private static int uniformInside(VoxelGrid world, int cx, int cy, int cz) {
        int first = world.area(cx * 16, cy * 16, cz * 16);
        for (int z = cz * 16; z < Math.min(world.sizeZ(), cz * 16 + 16); z++) {
            for (int y = cy * 16; y < Math.min(world.sizeY(), cy * 16 + 16); y++) {
                for (int x = cx * 16; x < Math.min(world.sizeX(), cx * 16 + 16); x++) {
                    if (world.area(x, y, z) != first) {
                        return -1;
                    }
                }
            }
        }
        return first;
    }

    private static void assertSameWorld(VoxelGrid expected, VoxelGrid actual, String where) {
        for (int z = 0; z < expected.sizeZ(); z++) {
            for (int y = 0; y < expected.sizeY(); y++) {
                for (int x = 0; x < expected.sizeX(); x++) {
                    int e = expected.area(x, y, z);
                    int a = actual.area(x, y, z);
                    if (e != a) {
                        fail("voxel (" + x + ", " + y + ", " + z + ") holds " + a + ", expected " + e + "; " + where);
                    }
                }
            }
        }
    }

    private static void assertSamePath(VoxelPath expected, VoxelPath actual, String where) {
        assertEquals(expected.status(), actual.status(), "status; " + where);
        assertEquals(expected.cost(), actual.cost(), 1e-9, "cost; " + where);
        assertArrayEquals(expected.nodeIndices(), actual.nodeIndices(), "nodes; " + where);
    }

    // ---- reading, queries and random writes ----

    @Property(tries = 25)
    void aTableOverAHandLaidBaseReadsAsTheWorld(
            @ForAll @IntRange(min = 1, max = 48) int sx,
            @ForAll @IntRange(min = 1, max = 48) int sy,
            @ForAll @IntRange(min = 1, max = 48) int sz,
            @ForAll boolean solidDefault,
            @ForAll long seed) {
        Random random = new Random(seed);
        int d = solidDefault ? 255 : 0;
        try (Arena arena = Arena.ofConfined();
                VoxelGrid world = randomWorld(sx, sy, sz, d, random)) {
            Base base = baseOf(world, random, arena);
            try (VoxelGrid over = VoxelGrid.over(base.open())) {
                String where = sx + " x " + sy + " x " + sz + ", default " + d + ", " + base.baseCount + " base chunks";
                assertSameWorld(world, over, where);
                for (int z = 0; z < sz; z += 5) {
                    for (int y = 0; y < sy; y += 3) {
                        for (int x = 0; x < sx; x++) {
                            assertEquals(
                                    base.expectedArea(x, y, z),
                                    over.area(x, y, z),
                                    "numbering at " + x + "," + y + "," + z);
                        }
                    }
                }
                assertEquals(base.nonDefaultSlots(), over.storedChunkCount(), "stored chunks: the non-zero slots");
                for (int cz = 0; cz < base.cz; cz++) {
                    for (int cy = 0; cy < base.cy; cy++) {
                        for (int cx = 0; cx < base.cx; cx++) {
                            MemorySegment chunk = over.chunk(cx, cy, cz);
                            int v = base.slotValues[cx + base.cx * (cy + base.cy * cz)];
                            assertEquals(
                                    v == 0, chunk == null, "chunk " + cx + "," + cy + "," + cz + " of slot value " + v);
                        }
                    }
                }
                // queries equal those on the world the base came from
                for (int i = 0; i < 3; i++) {
                    VoxelCell a = new VoxelCell(random.nextInt(sx), random.nextInt(sy), random.nextInt(sz));
                    VoxelCell b = new VoxelCell(random.nextInt(sx), random.nextInt(sy), random.nextInt(sz));
                    assertSamePath(
                            world.findPath(a, b, VoxelOptions.DEFAULT),
                            over.findPath(a, b, VoxelOptions.DEFAULT),
                            a + " -> " + b);
                }
                // random writes, mirrored on the world: shared chunks are copied, the base never written
                int writes = random.nextInt(200);
                for (int i = 0; i < writes; i++) {
                    int x = random.nextInt(sx);
                    int y = random.nextInt(sy);
                    int z = random.nextInt(sz);
                    int area = random.nextInt(3) == 0 ? d : random.nextInt(256);
                    world.setArea(x, y, z, area);
                    over.setArea(x, y, z, area);
                }
                assertSameWorld(world, over, where + ", after " + writes + " writes");
                base.assertBaseUnchanged(where);
                VoxelCell a = new VoxelCell(0, 0, 0);
                VoxelCell b = new VoxelCell(sx - 1, sy - 1, sz - 1);
                assertSamePath(
                        world.findPath(a, b, VoxelOptions.DEFAULT),
                        over.findPath(a, b, VoxelOptions.DEFAULT),
                        "after writes");
                // a save of the table over the base restores to the same world
                try (VoxelGrid copy = VoxelGrid.fromState(over.saveState())) {
                    assertSameWorld(world, copy, where + ", saved and loaded");
                }
            }
            base.assertBaseUnchanged("after close");
        }
    }

    /** Sixty-four base chunks: U = N, the uniform chunks follow the base with no gap. */
    @Test
    void aBaseOfExactlyOneSlab() {
        checkLargeBase(128, 128, 16, 64);
    }

    /** Ninety-six base chunks: two base slabs (the second part-filled), U = 128. */
    @Test
    void aBaseOfTwoSlabs() {
        checkLargeBase(128, 96, 32, 96);
    }

    private static void checkLargeBase(int sx, int sy, int sz, int expectedBaseCount) {
        try (Arena arena = Arena.ofConfined();
                VoxelGrid world = VoxelGrid.create(sx, sy, sz)) {
            for (int z = 0; z < sz; z++) {
                for (int y = 0; y < sy; y++) {
                    for (int x = 0; x < sx; x++) {
                        world.setArea(
                                x, y, z, (x * 7 + y * 13 + z * 3 + (x >> 4) * 5) % 9 == 0 ? 255 : (x ^ y ^ z) & 3);
                    }
                }
            }
            int count = world.chunksX() * world.chunksY() * world.chunksZ();
            List<byte[]> chunks = new ArrayList<>();
            int[] values = new int[count];
            for (int slot = 0; slot < count; slot++) {
                int cx = slot % world.chunksX();
                int cy = slot / world.chunksX() % world.chunksY();
                int cz = slot / world.chunksX() / world.chunksY();
                chunks.add(world.chunk(cx, cy, cz).toArray(ValueLayout.JAVA_BYTE));
                values[slot] = slot + 1;
            }
            assertEquals(expectedBaseCount, chunks.size());
            Base base = new Base(sx, sy, sz, 0, values, chunks, arena);
            try (ChunkTable table = base.open();
                    VoxelGrid over = VoxelGrid.over(table)) {
                assertSameWorld(world, over, expectedBaseCount + " base chunks");
                assertEquals(4L * count, table.storageBytes(), "a base is not the table's storage");
                assertEquals(count, table.storedChunkCount());
                // the value right after the base is the uniform chunk of area 0 only when U = N
                int u = uniformBase(expectedBaseCount);
                int[] nextValues = values.clone();
                nextValues[0] = expectedBaseCount + 1;
                Base next = new Base(sx, sy, sz, 0, nextValues, chunks, arena);
                if (u == expectedBaseCount) {
                    try (ChunkTable t = next.open()) {
                        assertEquals(0, t.area(0, 0, 0));
                        assertEquals(0, t.area(15, 15, 15));
                    }
                } else {
                    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, next::open);
                    assertTrue(
                            e.getMessage().contains("slot 0") && e.getMessage().contains("" + (expectedBaseCount + 1)),
                            e.getMessage());
                }
                // writes into the last base chunk copy it
                int x = sx - 1;
                int y = sy - 1;
                int z = sz - 1;
                int area = world.area(x, y, z) == 9 ? 8 : 9;
                world.setArea(x, y, z, area);
                over.setArea(x, y, z, area);
                assertEquals(4L * count + SLAB, table.storageBytes(), "one owned slab for the copy");
                assertSameWorld(world, over, "after a write");
                base.assertBaseUnchanged("after a write");
            }
            base.assertBaseUnchanged("after close");
        }
    }

    // ---- copy on write, clear, storedChunk ----

    /** 40 x 20 x 16: slots 0..5 = base 0, base 1, uniform 7, uniform 7, default, uniform default. */
    private static Base handBase(Arena arena, int defaultArea) {
        byte[] a = new byte[CHUNK];
        byte[] b = new byte[CHUNK];
        for (int i = 0; i < CHUNK; i++) {
            a[i] = (byte) (i % 251);
            b[i] = (byte) (i % 3 == 0 ? 255 : 5);
        }
        int u = uniformBase(2);
        assertEquals(64, u);
        int[] values = {1, 2, u + 1 + 7, u + 1 + 7, 0, u + 1 + defaultArea};
        return new Base(40, 20, 16, defaultArea, values, List.of(a, b), arena);
    }

    @Test
    void writesCopyBaseAndUniformChunksFirst() {
        try (Arena arena = Arena.ofConfined()) {
            Base base = handBase(arena, 0);
            try (ChunkTable t = base.open()) {
                assertEquals(5, t.storedChunkCount());
                long owned = t.storageBytes();
                assertEquals(
                        6 * 4L + SLAB, owned, "the table and the one slab of uniform chunks 64..127; not the base");
                for (int z = 0; z < 16; z++) {
                    for (int y = 0; y < 20; y++) {
                        for (int x = 0; x < 40; x++) {
                            assertEquals(base.expectedArea(x, y, z), t.area(x, y, z), "voxel " + x + "," + y + "," + z);
                        }
                    }
                }
                // same value: no change, no copy
                assertFalse(t.set(3, 4, 5, t.area(3, 4, 5)));
                assertFalse(t.set(33, 1, 1, 7));
                assertEquals(owned, t.storageBytes());
                // base chunk 0 (slot 0): the first write copies it
                int old = t.area(3, 4, 5);
                assertTrue(t.set(3, 4, 5, old ^ 1));
                assertEquals(old ^ 1, t.area(3, 4, 5));
                assertEquals(base.expectedArea(4, 4, 5), t.area(4, 4, 5), "the rest of the copy holds the base chunk");
                assertEquals(owned + SLAB, t.storageBytes(), "an owned slab for the copy");
                assertEquals(5, t.storedChunkCount(), "a copy replaces the shared chunk in its slot");
                base.assertBaseUnchanged("after a write to a base chunk");
                // uniform chunk of area 7 shared by slots 2 and 3 (x 32..39 at y < 16, and x 0..15 at y 16..19)
                assertTrue(t.set(33, 2, 2, 200));
                assertEquals(200, t.area(33, 2, 2));
                assertEquals(7, t.area(34, 2, 2), "the copied uniform chunk keeps its area elsewhere");
                for (int z = 0; z < 16; z++) {
                    for (int y = 16; y < 20; y++) {
                        for (int x = 0; x < 16; x++) {
                            assertEquals(7, t.area(x, y, z), "the other slot sharing area 7");
                        }
                    }
                }
                // the default slot and the uniform-default slot
                assertTrue(t.set(17, 17, 0, 9));
                assertEquals(9, t.area(17, 17, 0));
                assertEquals(6, t.storedChunkCount());
                assertEquals(0, t.area(33, 17, 0));
                assertTrue(t.set(33, 17, 0, 4));
                assertEquals(4, t.area(33, 17, 0));
                assertEquals(0, t.area(34, 17, 0));
                base.assertBaseUnchanged("after every write");
                assertEquals(owned + SLAB, t.storageBytes(), "four owned chunks fit the first owned slab");
            }
            base.assertBaseUnchanged("after close");
            assertEquals(7, base.chunks.get(ValueLayout.JAVA_BYTE, 7), "the caller's base is alive after close");
        }
    }

    @Test
    void clearMakesABaseSlotDefaultWithoutReleasingTheBaseChunk() {
        try (Arena arena = Arena.ofConfined()) {
            Base base = handBase(arena, 255);
            try (ChunkTable t = base.open()) {
                t.clear(0);
                assertNull(t.chunk(0));
                assertEquals(4, t.storedChunkCount());
                assertEquals(255, t.area(0, 0, 0));
                assertEquals(255, t.area(15, 15, 15));
                t.clear(2); // a uniform slot
                assertEquals(3, t.storedChunkCount());
                assertEquals(255, t.area(33, 0, 0));
                assertEquals(7, t.area(0, 16, 0), "the other slot of area 7");
                t.clear(4); // already default
                assertEquals(3, t.storedChunkCount());
                // new chunks after the clears are owned memory, never a base chunk
                assertTrue(t.set(1, 1, 1, 3));
                assertTrue(t.set(34, 1, 1, 3));
                assertTrue(t.set(1, 17, 1, 3));
                assertEquals(3, t.area(1, 1, 1));
                assertEquals(255, t.area(2, 1, 1));
                assertEquals(3, t.area(34, 1, 1));
                assertEquals(7, t.area(2, 17, 1));
                assertEquals(5, t.storedChunkCount());
                base.assertBaseUnchanged("after clears and writes");
                // base chunk 1 is still read in place by slot 1
                assertEquals(base.expectedArea(17, 2, 3), t.area(17, 2, 3));
                // a cleared copy is released and reused
                assertTrue(t.set(20, 1, 1, 0));
                long owned = t.storageBytes();
                t.clear(1);
                assertEquals(255, t.area(17, 2, 3));
                assertTrue(t.set(17, 2, 3, 1));
                assertEquals(owned, t.storageBytes());
                assertEquals(255, t.area(18, 2, 3), "a reused chunk starts at the default area");
                base.assertBaseUnchanged("after reuse");
                assertThrows(IllegalArgumentException.class, () -> t.clear(6));
                assertThrows(IllegalArgumentException.class, () -> t.clear(-1));
            }
        }
    }

    @Test
    void storedChunkOfASharedSlotIsAWritableCopy() {
        try (Arena arena = Arena.ofConfined()) {
            Base base = handBase(arena, 0);
            try (ChunkTable t = base.open()) {
                MemorySegment inBase = t.chunk(1);
                assertTrue(inBase.isReadOnly());
                MemorySegment copy = t.storedChunk(1);
                assertFalse(copy.isReadOnly(), "storedChunk is writable");
                assertEquals(CHUNK, copy.byteSize());
                assertEquals(-1, base.chunks.asSlice(CHUNK, CHUNK).mismatch(copy), "a copy of base chunk 1");
                assertNotEquals(base.chunks.address() + CHUNK, copy.address(), "not the base chunk itself");
                copy.fill((byte) 42);
                assertEquals(42, t.area(16, 0, 0));
                assertEquals(42, t.area(31, 15, 15));
                assertSame(t.storedChunk(1), copy, "the slot now holds the copy");
                assertEquals(5, t.storedChunkCount());
                base.assertBaseUnchanged("after writing a storedChunk copy");
                // a uniform slot
                MemorySegment u = t.storedChunk(3);
                for (int i = 0; i < CHUNK; i++) {
                    assertEquals(7, u.get(ValueLayout.JAVA_BYTE, i));
                }
                u.fill((byte) 1);
                assertEquals(1, t.area(0, 16, 0));
                assertEquals(7, t.area(32, 0, 0), "slot 2 still shares the uniform chunk of area 7");
                // the default slot
                MemorySegment fresh = t.storedChunk(4);
                assertEquals(0, fresh.get(ValueLayout.JAVA_BYTE, 0));
                assertEquals(6, t.storedChunkCount());
            }
        }
    }

    private static void assertSame(MemorySegment a, MemorySegment b, String what) {
        assertEquals(a.address(), b.address(), what);
    }

    @Test
    void aVoxelGridOverTheTableRestoresWithoutWritingTheBase() {
        try (Arena arena = Arena.ofConfined()) {
            Base base = handBase(arena, 0);
            try (VoxelGrid over = VoxelGrid.over(base.open());
                    VoxelGrid other = VoxelGrid.create(40, 20, 16)) {
                byte[] saved = over.saveState();
                for (int x = 0; x < 40; x++) {
                    other.setArea(x, x % 20, x % 16, x % 2 == 0 ? 255 : 3);
                }
                over.restoreState(other.saveState());
                assertSameWorld(other, over, "restored from another world");
                base.assertBaseUnchanged("after a restore");
                over.restoreState(saved);
                for (int z = 0; z < 16; z++) {
                    for (int y = 0; y < 20; y++) {
                        for (int x = 0; x < 40; x++) {
                            assertEquals(base.expectedArea(x, y, z), over.area(x, y, z));
                        }
                    }
                }
                base.assertBaseUnchanged("after restoring the first state");
            }
        }
    }

    // ---- refusals ----

    @Test
    void slotValuesOutsideTheNumberingAreRefusedNamingSlotAndValue() {
        try (Arena arena = Arena.ofConfined()) {
            Base base = handBase(arena, 0); // N = 2, U = 64: valid 0, 1..2, 65..320
            int[] bad = {-1, Integer.MIN_VALUE, 3, 40, 64, 321, 1000, Integer.MAX_VALUE};
            for (int v : bad) {
                base.slots.set(LE_INT, 4 * 5, v);
                IllegalArgumentException e =
                        assertThrows(IllegalArgumentException.class, base::open, "slot value " + v);
                assertTrue(e.getMessage().contains("slot 5") && e.getMessage().contains("" + v), e.getMessage());
            }
            int[] good = {0, 1, 2, 65, 320};
            int[] area = {0, -1, -1, 0, 255};
            for (int i = 0; i < good.length; i++) {
                base.slots.set(LE_INT, 4 * 5, good[i]);
                try (ChunkTable t = base.open()) {
                    if (area[i] >= 0) {
                        assertEquals(area[i], t.area(33, 17, 0), "slot value " + good[i]);
                    } else {
                        assertEquals(
                                base.chunksSnapshot[(good[i] - 1) * CHUNK + index(33, 17, 0)] & 0xFF,
                                t.area(33, 17, 0));
                    }
                }
            }
        }
        // no base: uniform chunks are 1..256
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slots = arena.allocate(4);
            slots.set(LE_INT, 0, 256);
            try (ChunkTable t = ChunkTable.over(3, 3, 3, 0, slots, MemorySegment.NULL, 0)) {
                assertEquals(255, t.area(2, 2, 2));
                assertEquals(1, t.storedChunkCount());
            }
            slots.set(LE_INT, 0, 1);
            try (ChunkTable t = ChunkTable.over(3, 3, 3, 9, slots, MemorySegment.NULL, 0)) {
                assertEquals(0, t.area(0, 0, 0));
            }
            slots.set(LE_INT, 0, 257);
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> ChunkTable.over(3, 3, 3, 0, slots, MemorySegment.NULL, 0));
            assertTrue(e.getMessage().contains("slot 0") && e.getMessage().contains("257"), e.getMessage());
        }
    }

    @Test
    void slotValuesAreReadLittleEndian() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slots = arena.allocate(4);
            slots.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), 0, 5); // LE 0x05000000
            assertThrows(
                    IllegalArgumentException.class, () -> ChunkTable.over(3, 3, 3, 0, slots, MemorySegment.NULL, 0));
            slots.set(ValueLayout.JAVA_BYTE, 0, (byte) 6);
            slots.set(ValueLayout.JAVA_BYTE, 3, (byte) 0);
            try (ChunkTable t = ChunkTable.over(3, 3, 3, 0, slots, MemorySegment.NULL, 0)) {
                assertEquals(5, t.area(1, 1, 1));
            }
        }
    }

    @Test
    void wrongLengthsAreRefused() {
        try (Arena arena = Arena.ofConfined()) {
            Base base = handBase(arena, 0);
            // table one slot short, one slot long
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> ChunkTable.over(40, 20, 16, 0, base.slots.asSlice(0, 20), base.chunks, 2));
            assertTrue(e.getMessage().contains("20") && e.getMessage().contains("24"), e.getMessage());
            MemorySegment longer = arena.allocate(28);
            longer.copyFrom(base.slots);
            e = assertThrows(
                    IllegalArgumentException.class, () -> ChunkTable.over(40, 20, 16, 0, longer, base.chunks, 2));
            assertTrue(e.getMessage().contains("28") && e.getMessage().contains("24"), e.getMessage());
            // base shorter or longer than the count says, a negative count
            e = assertThrows(
                    IllegalArgumentException.class,
                    () -> ChunkTable.over(40, 20, 16, 0, base.slots, base.chunks.asSlice(0, CHUNK + 1), 2));
            assertTrue(
                    e.getMessage().contains("" + (CHUNK + 1)) && e.getMessage().contains("2 chunks"), e.getMessage());
            assertThrows(
                    IllegalArgumentException.class, () -> ChunkTable.over(40, 20, 16, 0, base.slots, base.chunks, 1));
            assertThrows(
                    IllegalArgumentException.class, () -> ChunkTable.over(40, 20, 16, 0, base.slots, base.chunks, 3));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> ChunkTable.over(40, 20, 16, 0, base.slots, MemorySegment.NULL, -1));
            // a size or default area the constructor refuses
            assertThrows(
                    IllegalArgumentException.class, () -> ChunkTable.over(0, 20, 16, 0, base.slots, base.chunks, 2));
            assertThrows(
                    IllegalArgumentException.class, () -> ChunkTable.over(40, 20, 16, 256, base.slots, base.chunks, 2));
            // a table refused on open leaves the base as it was
            base.assertBaseUnchanged("after refusals");
            try (ChunkTable t = base.open()) {
                assertNotNull(t.chunk(0));
            }
        }
    }
}
