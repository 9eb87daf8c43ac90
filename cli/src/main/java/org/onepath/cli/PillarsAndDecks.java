package org.onepath.cli;

import java.util.SplittableRandom;
import org.onepath.VoxelGrid;

/**
 * A seeded voxel world for the demo's voxel rows: a solid ground layer, square pillars from the
 * ground to random heights, floating decks (thin slabs) and a few walls across the world with a
 * door-sized hole each, open air above. It is what the Moving AI voxel maps are like (open space
 * with scattered structure), small enough for A* to answer in milliseconds. The same size and
 * seed always give the same world.
 */
final class PillarsAndDecks {
    /** Height of every world, in voxels (y up). */
    static final int HEIGHT = 48;
    /** Smallest side along x and z. */
    static final int MIN_SIDE = 32;

    private PillarsAndDecks() {}

    /**
     * @param side the world's size along x and z, {@value #MIN_SIDE} or more
     * @param seed seed of every random choice
     * @return a new world of {@code side x HEIGHT x side} voxels; the caller closes it
     */
    static VoxelGrid generate(int side, long seed) {
        if (side < MIN_SIDE) {
            throw new IllegalArgumentException("voxel world side " + side + " is below the minimum " + MIN_SIDE);
        }
        SplittableRandom random = new SplittableRandom(seed ^ 0x3D3D3DL);
        VoxelGrid world = VoxelGrid.create(side, HEIGHT, side);
        fill(world, 0, 0, 0, side, 1, side);
        int pillars = side * side / 96;
        for (int i = 0; i < pillars; i++) {
            int w = 1 + random.nextInt(4);
            int x = random.nextInt(side - w);
            int z = random.nextInt(side - w);
            fill(world, x, 1, z, w, 1 + random.nextInt(HEIGHT - 8), w);
        }
        int decks = side * side / 512;
        for (int i = 0; i < decks; i++) {
            int w = 4 + random.nextInt(12);
            int d = 4 + random.nextInt(12);
            int x = random.nextInt(side - w);
            int z = random.nextInt(side - d);
            fill(world, x, 4 + random.nextInt(HEIGHT - 12), z, w, 1, d);
        }
        int walls = 1 + side / 64;
        for (int i = 0; i < walls; i++) {
            int at = 8 + random.nextInt(side - 16);
            int h = HEIGHT / 2 + random.nextInt(HEIGHT / 2 - 4);
            int door = 2 + random.nextInt(side - 8);
            if (random.nextBoolean()) {
                fill(world, at, 1, 0, 1, h, side);
                carve(world, at, 1, door, 1, 4, 3);
            } else {
                fill(world, 0, 1, at, side, h, 1);
                carve(world, door, 1, at, 3, 4, 1);
            }
        }
        return world;
    }

    private static void fill(VoxelGrid world, int x0, int y0, int z0, int w, int h, int d) {
        set(world, x0, y0, z0, w, h, d, false);
    }

    private static void carve(VoxelGrid world, int x0, int y0, int z0, int w, int h, int d) {
        set(world, x0, y0, z0, w, h, d, true);
    }

    private static void set(VoxelGrid world, int x0, int y0, int z0, int w, int h, int d, boolean walkable) {
        for (int z = z0; z < z0 + d; z++) {
            for (int y = y0; y < y0 + h; y++) {
                for (int x = x0; x < x0 + w; x++) {
                    world.setWalkable(x, y, z, walkable);
                }
            }
        }
    }
}
