package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.layout.VoxelChunkLayout;
import org.onepath.state.VoxelGridStateFormat;

/**
 * A random world written to a store and opened again holds the same voxels, the same chunk bytes
 * and the same saved state (version aside), answers queries the same, and is stored with its
 * uniform chunks elided.
 */
class VoxelWorldStorePropertyTest {
    private static final int[] AREAS = {0, 1, 2, 7, 254, 255};

    /** Builds a random world from a seed. */
    static VoxelGrid randomWorld(int sx, int sy, int sz, int defaultArea, long seed) {
        Random rnd = new Random(seed);
        VoxelGrid world = VoxelGrid.create(sx, sy, sz, defaultArea);
        // whole chunks of one non-default value (edge chunks only in part)
        int uniform = rnd.nextInt(4);
        for (int i = 0; i < uniform; i++) {
            int cx = rnd.nextInt(world.chunksX());
            int cy = rnd.nextInt(world.chunksY());
            int cz = rnd.nextInt(world.chunksZ());
            int v = rnd.nextBoolean() ? 255 - defaultArea : 1 + rnd.nextInt(9);
            for (int z = cz * 16; z < Math.min(sz, cz * 16 + 16); z++) {
                for (int y = cy * 16; y < Math.min(sy, cy * 16 + 16); y++) {
                    for (int x = cx * 16; x < Math.min(sx, cx * 16 + 16); x++) {
                        world.setArea(x, y, z, v);
                    }
                }
            }
        }
        int edits = rnd.nextInt(400);
        for (int i = 0; i < edits; i++) {
            world.setArea(rnd.nextInt(sx), rnd.nextInt(sy), rnd.nextInt(sz), AREAS[rnd.nextInt(AREAS.length)]);
        }
        if (rnd.nextInt(4) == 0) {
            // a chunk made stored and then all default again
            int x = rnd.nextInt(sx);
            int y = rnd.nextInt(sy);
            int z = rnd.nextInt(sz);
            world.setArea(x, y, z, defaultArea == 0 ? 3 : 0);
            world.setArea(x, y, z, defaultArea);
        }
        return world;
    }

    /** Per chunk: 0 default (null), 1 stored all default, 2 uniform non-default, 3 mixed. */
    private static int chunkClass(VoxelGrid world, int cx, int cy, int cz) {
        MemorySegment c = world.chunk(cx, cy, cz);
        if (c == null) {
            return 0;
        }
        byte first = c.get(ValueLayout.JAVA_BYTE, 0);
        for (long i = 1; i < c.byteSize(); i++) {
            if (c.get(ValueLayout.JAVA_BYTE, i) != first) {
                return 3;
            }
        }
        return (first & 0xFF) == world.defaultArea() ? 1 : 2;
    }

    private static VoxelCell randomVoxel(VoxelGrid w, Random rnd) {
        for (int attempt = 0; attempt < 30; attempt++) {
            VoxelCell c = new VoxelCell(rnd.nextInt(w.sizeX()), rnd.nextInt(w.sizeY()), rnd.nextInt(w.sizeZ()));
            if (w.isWalkable(c.x(), c.y(), c.z())) {
                return c;
            }
        }
        return new VoxelCell(rnd.nextInt(w.sizeX()), rnd.nextInt(w.sizeY()), rnd.nextInt(w.sizeZ()));
    }

    private static byte[] stateWithoutVersion(VoxelGrid world) {
        byte[] s = world.saveState();
        StoreTestSupport.putU32(s, VoxelGridStateFormat.VERSION_OFFSET, 0);
        return s;
    }

    @Property(tries = 100)
    void worldReadsBackAsWritten(
            @ForAll @IntRange(min = 1, max = 40) int sx,
            @ForAll @IntRange(min = 1, max = 40) int sy,
            @ForAll @IntRange(min = 1, max = 40) int sz,
            @ForAll boolean solidDefault,
            @ForAll long seed)
            throws Exception {
        int defaultArea = solidDefault ? 255 : 0;
        Path dir = StoreTestSupport.tempFolder("voxelstore-prop");
        try (VoxelGrid world = randomWorld(sx, sy, sz, defaultArea, seed)) {
            Path file = dir.resolve("w.opstore");
            VoxelWorldStore.write(world, "w-" + seed, file);
            int[] classes = new int[4];
            for (int cz = 0; cz < world.chunksZ(); cz++) {
                for (int cy = 0; cy < world.chunksY(); cy++) {
                    for (int cx = 0; cx < world.chunksX(); cx++) {
                        classes[chunkClass(world, cx, cy, cz)]++;
                    }
                }
            }
            try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
                VoxelGrid read = store.grid();
                assertEquals("w-" + seed, store.name());
                StoreTestSupport.assertSameVoxels(world, read, sx + "x" + sy + "x" + sz);
                // uniform chunks are a slot value, mixed ones stored bytes, default ones nothing
                StoreFile f = store.file();
                assertEquals(
                        classes[3] * VoxelChunkLayout.CHUNK_BYTES,
                        f.section(StoreLayout.SECTION_CHUNKS).length());
                byte[] bytes = StoreTestSupport.read(file);
                long meta = f.section(StoreLayout.SECTION_META).offset();
                assertEquals(classes[3], StoreTestSupport.u32(bytes, meta + StoreLayout.WORLD_STORED_CHUNKS_OFFSET));
                assertEquals(classes[2], StoreTestSupport.u32(bytes, meta + StoreLayout.WORLD_UNIFORM_CHUNKS_OFFSET));
                assertEquals(defaultArea, StoreTestSupport.u32(bytes, meta + StoreLayout.WORLD_DEFAULT_AREA_OFFSET));
                assertEquals(world.storedChunkCount() - classes[1], read.storedChunkCount());
                if (classes[1] == 0) {
                    assertArrayEquals(stateWithoutVersion(world), stateWithoutVersion(read), "saved state");
                }
                Random rnd = new Random(seed * 31 + 7);
                for (int i = 0; i < 4; i++) {
                    VoxelCell a = randomVoxel(world, rnd);
                    VoxelCell b = randomVoxel(world, rnd);
                    StoreTestSupport.assertSameAnswer(
                            world.findPath(a, b, VoxelOptions.DEFAULT),
                            read.findPath(a, b, VoxelOptions.DEFAULT),
                            a + " -> " + b);
                }
                store.verify(StoreProgress.NONE);
            }
        } finally {
            StoreTestSupport.deleteTree(dir);
        }
    }
}
