package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.voxel.VoxelReference;

/**
 * Random worlds of several 16^3 chunks for the tier-1 hierarchy queries, made in the plain
 * reference model ({@link VoxelReference}, whose Dijkstra is the oracle) and copied into a grid:
 * per chunk one of untouched (a uniform chunk the grid never stores), noise, uniform contents of
 * another area written voxel by voxel (a stored chunk whose voxels agree), a wall on a chunk
 * border pierced by single-voxel holes, or solid boxes; then a few walled-in pockets, some with a
 * one-voxel door, whose centres serve as goals. And the checks every hierarchy path must pass.
 */
final class VoxelChunkWorlds {
    private VoxelChunkWorlds() {}

    /** Area ids of the worlds with area costs, and their multipliers. */
    static final int[] PALETTE = {0, 1, 2};

    static final double[] MULTIPLIERS = {1.0, 2.0, 1.5};

    /** A world: the model, the grid's default area, and the voxels inside pockets. */
    record World(VoxelReference reference, int defaultArea, List<VoxelCell> pockets) {
        /** A grid of these contents and multipliers; voxels of the default area are never written. */
        VoxelGrid toGrid() {
            return reference.toGrid(defaultArea);
        }

        /** The open voxels, as cells. */
        List<VoxelCell> open() {
            List<VoxelCell> out = new ArrayList<>();
            for (int node : reference.openNodes()) {
                int[] c = reference.cell(node);
                out.add(new VoxelCell(c[0], c[1], c[2]));
            }
            return out;
        }

        int node(VoxelCell c) {
            return reference.node(c.x(), c.y(), c.z());
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
        for (int z0 = 0; z0 < sz; z0 += 16) {
            for (int y0 = 0; y0 < sy; y0 += 16) {
                for (int x0 = 0; x0 < sx; x0 += 16) {
                    int[] lo = {x0, y0, z0};
                    int[] hi = {Math.min(sx, x0 + 16), Math.min(sy, y0 + 16), Math.min(sz, z0 + 16)};
                    boolean solidWorld = defaultArea == VoxelReference.SOLID;
                    switch (r.nextInt(6)) {
                        case 0, 1 -> {}
                        case 2 -> fill(ref, r, lo, hi, solidWorld ? 5 + r.nextInt(30) : 10 + r.nextInt(35), palette);
                        case 3 -> fill(ref, r, lo, hi, solidWorld ? 0 : 100, new int[] {areaCosts ? 1 : 0});
                        case 4 -> {
                            fill(ref, r, lo, hi, 0, palette);
                            wall(ref, r, lo, hi, palette[0]);
                        }
                        default -> {
                            fill(ref, r, lo, hi, 0, palette);
                            for (int b = r.nextInt(4); b >= 0; b--) {
                                box(ref, r, lo, hi);
                            }
                        }
                    }
                }
            }
        }
        List<VoxelCell> pockets = new ArrayList<>();
        for (int p = 1 + r.nextInt(2); p > 0; p--) {
            if (sx < 3 || sy < 3 || sz < 3) {
                break;
            }
            int x = 1 + r.nextInt(sx - 2);
            int y = 1 + r.nextInt(sy - 2);
            int z = 1 + r.nextInt(sz - 2);
            for (int[] d : VoxelReference.MOVES) {
                ref.setArea(x + d[0], y + d[1], z + d[2], VoxelReference.SOLID);
            }
            ref.setArea(x, y, z, palette[0]);
            if (r.nextBoolean()) {
                int[] door = VoxelReference.MOVES[r.nextInt(6)]; // a face: a one-voxel door
                ref.setArea(x + door[0], y + door[1], z + door[2], palette[0]);
            }
            pockets.add(new VoxelCell(x, y, z));
        }
        return new World(ref, defaultArea, pockets);
    }

    private static void fill(VoxelReference ref, Random r, int[] lo, int[] hi, int solidPercent, int[] palette) {
        for (int z = lo[2]; z < hi[2]; z++) {
            for (int y = lo[1]; y < hi[1]; y++) {
                for (int x = lo[0]; x < hi[0]; x++) {
                    ref.setArea(
                            x,
                            y,
                            z,
                            r.nextInt(100) < solidPercent ? VoxelReference.SOLID : palette[r.nextInt(palette.length)]);
                }
            }
        }
    }

    /** A solid plane on one border layer of the chunk, pierced by one to three single-voxel holes. */
    private static void wall(VoxelReference ref, Random r, int[] lo, int[] hi, int open) {
        int axis = r.nextInt(3);
        int w = r.nextBoolean() ? lo[axis] : hi[axis] - 1;
        int[] c = new int[3];
        for (c[2] = lo[2]; c[2] < hi[2]; c[2]++) {
            for (c[1] = lo[1]; c[1] < hi[1]; c[1]++) {
                for (c[0] = lo[0]; c[0] < hi[0]; c[0]++) {
                    if (c[axis] == w) {
                        ref.setArea(c[0], c[1], c[2], VoxelReference.SOLID);
                    }
                }
            }
        }
        for (int h = r.nextInt(3); h >= 0; h--) {
            int[] hole = new int[3];
            for (int a = 0; a < 3; a++) {
                hole[a] = a == axis ? w : lo[a] + r.nextInt(hi[a] - lo[a]);
            }
            ref.setArea(hole[0], hole[1], hole[2], open);
        }
    }

    private static void box(VoxelReference ref, Random r, int[] lo, int[] hi) {
        int bx = lo[0] + r.nextInt(hi[0] - lo[0]);
        int by = lo[1] + r.nextInt(hi[1] - lo[1]);
        int bz = lo[2] + r.nextInt(hi[2] - lo[2]);
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

    /**
     * Checks a path that leads from {@code start} (to {@code end}, its last voxel): every step a
     * legal move under the moves and rule of the model, and the reported cost the sum of the
     * steps' costs in path order, bit for bit.
     *
     * @return the number of steps
     */
    static int checkSteps(
            VoxelReference ref,
            VoxelPath path,
            VoxelCell start,
            VoxelCell end,
            VoxelConnectivity connectivity,
            VoxelCornerRule rule,
            String where) {
        List<VoxelCell> cells = path.cells();
        assertEquals(start, cells.getFirst(), where + ": the path starts at the start");
        assertEquals(end, cells.getLast(), where + ": the path ends at its end");
        double sum = 0.0;
        for (int i = 1; i < cells.size(); i++) {
            VoxelCell a = cells.get(i - 1);
            VoxelCell b = cells.get(i);
            int move = -1;
            for (int j = 0; j < connectivity.moves(); j++) {
                int[] d = VoxelReference.MOVES[j];
                if (a.x() + d[0] == b.x() && a.y() + d[1] == b.y() && a.z() + d[2] == b.z()) {
                    move = j;
                }
            }
            String step = where + ": step " + i + " " + a + " -> " + b;
            assertTrue(move >= 0, step + " is not one of the " + connectivity.moves() + " moves");
            assertTrue(ref.legal(a.x(), a.y(), a.z(), move, rule), step + " is not legal under " + rule);
            sum += ref.gridCost(a.x(), a.y(), a.z(), move);
        }
        assertEquals(sum, path.cost(), where + ": the cost is the sum of the steps");
        return cells.size() - 1;
    }
}
