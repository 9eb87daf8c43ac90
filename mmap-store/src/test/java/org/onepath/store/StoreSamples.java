package org.onepath.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.onepath.Grid;
import org.onepath.VoxelGrid;

/**
 * Small valid store files, baked once per test run and handed out as bytes: a grid store with
 * every section (meta, cells, clearance, block map, JPS+) and a voxel world store with stored,
 * uniform and default chunks, an edge chunk among them.
 */
final class StoreSamples {
    private StoreSamples() {}

    static final int GRID_W = 23;
    static final int GRID_H = 17;
    static final int WORLD_X = 40;
    static final int WORLD_Y = 20;
    static final int WORLD_Z = 18;

    private static byte[] grid;
    private static byte[] otherGrid;
    private static byte[] voxel;

    /** A 23 x 17 random grid store. */
    static synchronized byte[] grid() {
        if (grid == null) {
            grid = bakeGrid(1);
        }
        return grid.clone();
    }

    /** A store of another grid of the same size. */
    static synchronized byte[] otherGrid() {
        if (otherGrid == null) {
            otherGrid = bakeGrid(2);
        }
        return otherGrid.clone();
    }

    /** A 40 x 20 x 18 world store. */
    static synchronized byte[] voxel() {
        if (voxel == null) {
            try (VoxelGrid world = sampleWorld()) {
                voxel = writeAndRead(file -> VoxelWorldStore.write(world, "sample.3dmap", file));
            }
        }
        return voxel.clone();
    }

    static Grid sampleGrid(long seed) {
        return StoreTestSupport.randomGrid(GRID_W, GRID_H, seed, 22);
    }

    /** Stored chunks (random voxels), a uniform chunk of area 3, an edge chunk and default chunks. */
    static VoxelGrid sampleWorld() {
        VoxelGrid world = VoxelGrid.create(WORLD_X, WORLD_Y, WORLD_Z, 0);
        Random rnd = new Random(3);
        for (int z = 0; z < 16; z++) {
            for (int y = 0; y < 16; y++) {
                for (int x = 0; x < 16; x++) {
                    world.setArea(x, y, z, 3);
                }
            }
        }
        for (int i = 0; i < 300; i++) {
            world.setArea(
                    16 + rnd.nextInt(WORLD_X - 16),
                    rnd.nextInt(WORLD_Y),
                    rnd.nextInt(WORLD_Z),
                    rnd.nextInt(3) == 0 ? VoxelGrid.SOLID : 1 + rnd.nextInt(5));
        }
        return world;
    }

    private static byte[] bakeGrid(long seed) {
        try (Grid g = sampleGrid(seed)) {
            return writeAndRead(file -> GridStore.bake(g, "sample-" + seed + ".map", file));
        }
    }

    interface Writer {
        void write(Path file) throws IOException;
    }

    private static byte[] writeAndRead(Writer writer) {
        Path dir = StoreTestSupport.tempFolder("store-samples");
        try {
            Path file = dir.resolve("sample.opstore");
            writer.write(file);
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            StoreTestSupport.deleteTree(dir);
        }
    }
}
