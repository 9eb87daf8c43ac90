package org.onepath.grids.voxel.hierarchy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.onepath.cells.AreaCosts;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelReference;

/**
 * Random small worlds of several chunks for the hierarchy's tests, built in the plain reference
 * model and copied into a chunk table: per chunk one of untouched (a uniform chunk), noise, the
 * other uniform content written voxel by voxel (a stored chunk that is uniform), a wall on a chunk
 * border pierced by single-voxel holes, or solid boxes; and a few walled-in pockets, some with a
 * one-voxel door, whose centres serve as goals.
 */
final class VoxelWorlds {
    private VoxelWorlds() {}

    /** Areas used when a world has area costs, with their multipliers. */
    static final int[] PALETTE = {0, 1, 2};

    static final double[] MULTIPLIERS = {1.0, 2.0, 1.5};

    /** A world: the reference model, and pocket centres to aim at. */
    record World(VoxelReference reference, int defaultArea, boolean areaCosts, List<int[]> pockets) {
        ChunkTable toTable() {
            int sx = reference.sizeX();
            int sy = reference.sizeY();
            int sz = reference.sizeZ();
            ChunkTable table = new ChunkTable(sx, sy, sz, defaultArea);
            for (int z = 0; z < sz; z++) {
                for (int y = 0; y < sy; y++) {
                    for (int x = 0; x < sx; x++) {
                        int a = reference.area(x, y, z);
                        if (a != defaultArea) {
                            table.set(x, y, z, a);
                        }
                    }
                }
            }
            return table;
        }

        AreaCosts toAreas() {
            AreaCosts areas = new AreaCosts();
            if (areaCosts) {
                for (int i = 0; i < PALETTE.length; i++) {
                    areas.set(PALETTE[i], MULTIPLIERS[i]);
                }
            }
            return areas;
        }
    }

    static World random(int sx, int sy, int sz, int defaultArea, boolean areaCosts, long seed) {
        Random r = new Random(seed);
        VoxelReference ref = new VoxelReference(sx, sy, sz, defaultArea);
        if (areaCosts) {
            for (int i = 0; i < PALETTE.length; i++) {
                ref.setMultiplier(PALETTE[i], MULTIPLIERS[i]);
            }
        }
        int[] palette = areaCosts ? PALETTE : new int[] {0};
        int chunksX = (sx + 15) / 16;
        int chunksY = (sy + 15) / 16;
        int chunksZ = (sz + 15) / 16;
        for (int cz = 0; cz < chunksZ; cz++) {
            for (int cy = 0; cy < chunksY; cy++) {
                for (int cx = 0; cx < chunksX; cx++) {
                    int x0 = cx * 16;
                    int y0 = cy * 16;
                    int z0 = cz * 16;
                    int x1 = Math.min(sx, x0 + 16);
                    int y1 = Math.min(sy, y0 + 16);
                    int z1 = Math.min(sz, z0 + 16);
                    int mode = r.nextInt(6);
                    switch (mode) {
                        case 0, 1 -> {}
                        case 2 -> {
                            int solid = defaultArea == VoxelReference.SOLID ? 5 + r.nextInt(30) : 10 + r.nextInt(35);
                            fill(ref, r, x0, y0, z0, x1, y1, z1, solid, palette);
                        }
                        case 3 ->
                            fill(
                                    ref,
                                    r,
                                    x0,
                                    y0,
                                    z0,
                                    x1,
                                    y1,
                                    z1,
                                    defaultArea == VoxelReference.SOLID ? 0 : 100,
                                    palette);
                        case 4 -> {
                            fill(ref, r, x0, y0, z0, x1, y1, z1, 0, palette);
                            wall(ref, r, x0, y0, z0, x1, y1, z1);
                        }
                        default -> {
                            fill(ref, r, x0, y0, z0, x1, y1, z1, 0, palette);
                            for (int b = r.nextInt(4); b >= 0; b--) {
                                box(ref, r, x0, y0, z0, x1, y1, z1);
                            }
                        }
                    }
                }
            }
        }
        List<int[]> pockets = new ArrayList<>();
        for (int p = r.nextInt(3); p > 0; p--) {
            int x = 1 + r.nextInt(Math.max(1, sx - 2));
            int y = 1 + r.nextInt(Math.max(1, sy - 2));
            int z = 1 + r.nextInt(Math.max(1, sz - 2));
            if (x + 1 >= sx || y + 1 >= sy || z + 1 >= sz) {
                continue;
            }
            for (int dz = -1; dz <= 1; dz++) {
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        ref.setArea(x + dx, y + dy, z + dz, VoxelReference.SOLID);
                    }
                }
            }
            ref.setArea(x, y, z, palette[0]);
            if (r.nextBoolean()) {
                // A one-voxel door on a face.
                int[][] faces = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
                int[] f = faces[r.nextInt(6)];
                ref.setArea(x + f[0], y + f[1], z + f[2], palette[0]);
            }
            pockets.add(new int[] {x, y, z});
        }
        return new World(ref, defaultArea, areaCosts, pockets);
    }

    private static void fill(
            VoxelReference ref, Random r, int x0, int y0, int z0, int x1, int y1, int z1, int solid, int[] palette) {
        for (int z = z0; z < z1; z++) {
            for (int y = y0; y < y1; y++) {
                for (int x = x0; x < x1; x++) {
                    ref.setArea(
                            x,
                            y,
                            z,
                            r.nextInt(100) < solid ? VoxelReference.SOLID : palette[r.nextInt(palette.length)]);
                }
            }
        }
    }

    /** A solid plane on one border of the chunk, pierced by one to three single-voxel holes. */
    private static void wall(VoxelReference ref, Random r, int x0, int y0, int z0, int x1, int y1, int z1) {
        int axis = r.nextInt(3);
        boolean low = r.nextBoolean();
        int[] lo = {x0, y0, z0};
        int[] hi = {x1, y1, z1};
        int w = low ? lo[axis] : hi[axis] - 1;
        for (int z = z0; z < z1; z++) {
            for (int y = y0; y < y1; y++) {
                for (int x = x0; x < x1; x++) {
                    int[] c = {x, y, z};
                    if (c[axis] == w) {
                        ref.setArea(x, y, z, VoxelReference.SOLID);
                    }
                }
            }
        }
        for (int h = r.nextInt(3); h >= 0; h--) {
            int[] c = new int[3];
            for (int a = 0; a < 3; a++) {
                c[a] = a == axis ? w : lo[a] + r.nextInt(hi[a] - lo[a]);
            }
            ref.setArea(c[0], c[1], c[2], 0);
        }
    }

    private static void box(VoxelReference ref, Random r, int x0, int y0, int z0, int x1, int y1, int z1) {
        int bx = x0 + r.nextInt(x1 - x0);
        int by = y0 + r.nextInt(y1 - y0);
        int bz = z0 + r.nextInt(z1 - z0);
        int ex = Math.min(ref.sizeX(), bx + 1 + r.nextInt(12));
        int ey = Math.min(ref.sizeY(), by + 1 + r.nextInt(12));
        int ez = Math.min(ref.sizeZ(), bz + 1 + r.nextInt(12));
        for (int z = bz; z < ez; z++) {
            for (int y = by; y < ey; y++) {
                for (int x = bx; x < ex; x++) {
                    ref.setArea(x, y, z, VoxelReference.SOLID);
                }
            }
        }
    }
}
