package org.onepath.grids.voxel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.VoxelGrid;
import org.onepath.cells.VoxelCornerRule;

/**
 * The bit-row jumps against a voxel-by-voxel jumper written here from the rules' definitions
 * (sharing no code with the library), from every open voxel in every direction with goals
 * anywhere; the bit rows after edits against a fresh build; the quiet-box test against the chunks.
 */
class VoxelJumperTest {
    private static final VoxelCornerRule NCC = VoxelCornerRule.NO_CORNER_CUTTING;

    /** The voxel-by-voxel jumper of the definitions. */
    static final class Reference {
        private final VoxelReference ref;
        private final int gx;
        private final int gy;
        private final int gz;

        Reference(VoxelReference ref, int gx, int gy, int gz) {
            this.ref = ref;
            this.gx = gx;
            this.gy = gy;
            this.gz = gz;
        }

        /** e's components are a subset of d's with the same signs. */
        static boolean within(int e, int d) {
            for (int a = 0; a < 3; a++) {
                int ea = VoxelReference.MOVES[e][a];
                if (ea != 0 && ea != VoxelReference.MOVES[d][a]) {
                    return false;
                }
            }
            return true;
        }

        /** Some legal move e out of (x, y, z), not within d, whose box from the previous voxel to its destination holds a solid. */
        boolean forced(int x, int y, int z, int d) {
            int[] dv = VoxelReference.MOVES[d];
            for (int e = 0; e < 26; e++) {
                if (within(e, d) || !ref.legal(x, y, z, e, NCC)) {
                    continue;
                }
                int[] ev = VoxelReference.MOVES[e];
                int[] p = {x - dv[0], y - dv[1], z - dv[2]};
                int[] n = {x + ev[0], y + ev[1], z + ev[2]};
                for (int cz = Math.min(p[2], n[2]); cz <= Math.max(p[2], n[2]); cz++) {
                    for (int cy = Math.min(p[1], n[1]); cy <= Math.max(p[1], n[1]); cy++) {
                        for (int cx = Math.min(p[0], n[0]); cx <= Math.max(p[0], n[0]); cx++) {
                            if (!ref.open(cx, cy, cz)) {
                                return true;
                            }
                        }
                    }
                }
            }
            return false;
        }

        int jump(int x, int y, int z, int d) {
            int[] dv = VoxelReference.MOVES[d];
            int k = 0;
            while (ref.legal(x, y, z, d, NCC)) {
                x += dv[0];
                y += dv[1];
                z += dv[2];
                k++;
                if ((x == gx && y == gy && z == gz) || forced(x, y, z, d)) {
                    return k;
                }
                for (int s = 0; s < 26; s++) {
                    if (s != d && within(s, d) && jump(x, y, z, s) > 0) {
                        return k;
                    }
                }
            }
            return 0;
        }
    }

    /** The three bit rows of a grid and a jumper over them. */
    static final class Rows implements AutoCloseable {
        final VoxelBitRows x;
        final VoxelBitRows y;
        final VoxelBitRows z;

        Rows(VoxelGrid grid) {
            ChunkTable chunks = grid.createTopology(org.onepath.cells.VoxelConnectivity.TWENTY_SIX, NCC)
                    .chunks();
            x = new VoxelBitRows(chunks, 0);
            y = new VoxelBitRows(chunks, 1);
            z = new VoxelBitRows(chunks, 2);
        }

        VoxelJumper jumper() {
            return new VoxelJumper(x, y, z);
        }

        VoxelBitRows axis(int a) {
            return a == 0 ? x : a == 1 ? y : z;
        }

        @Override
        public void close() {
            x.close();
            y.close();
            z.close();
        }
    }

    /** Compares from every open voxel ({@code samples} &lt; 0) or from that many random voxels. */
    private static void compareEverywhere(VoxelReference ref, long seed, int goals, int samples) {
        Random r = new Random(seed);
        try (VoxelGrid grid = ref.toGrid(r.nextBoolean() ? 0 : 255);
                Rows rows = new Rows(grid)) {
            VoxelJumper jumper = rows.jumper();
            for (int g = 0; g < goals; g++) {
                int gx = r.nextInt(ref.sizeX());
                int gy = r.nextInt(ref.sizeY());
                int gz = r.nextInt(ref.sizeZ());
                jumper.target(gx, gy, gz);
                Reference slow = new Reference(ref, gx, gy, gz);
                int total = samples < 0 ? ref.count() : samples;
                for (int v = 0; v < total; v++) {
                    {
                        {
                            int node = samples < 0 ? v : r.nextInt(ref.count());
                            int[] c = ref.cell(node);
                            int x = c[0];
                            int y = c[1];
                            int z = c[2];
                            if (!ref.open(x, y, z)) {
                                continue;
                            }
                            for (int d = 0; d < 26; d++) {
                                int expected = slow.jump(x, y, z, d);
                                int actual = jumper.jump(x, y, z, d);
                                if (expected != actual) {
                                    assertEquals(
                                            expected,
                                            actual,
                                            "seed " + seed + " from (" + x + ", " + y + ", " + z + ") dir " + d
                                                    + " goal (" + gx + ", " + gy + ", " + gz + ")\n" + ref);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void bitJumpsEqualTheVoxelByVoxelJumpsOnSmallBlocks() {
        Random master = new Random(40);
        for (int i = 0; i < 120; i++) {
            long seed = master.nextLong();
            Random r = new Random(seed);
            VoxelReference ref = VoxelReference.random(
                    1 + r.nextInt(9),
                    1 + r.nextInt(9),
                    1 + r.nextInt(9),
                    0,
                    r.nextInt(40),
                    new int[] {0},
                    r.nextLong());
            compareEverywhere(ref, seed, 2, -1);
        }
    }

    /** Rows longer than a word, across chunk and tile borders, sparse solids so jumps run far. */
    @Test
    void bitJumpsEqualTheVoxelByVoxelJumpsAcrossWordsAndTiles() {
        Random master = new Random(41);
        for (int i = 0; i < 6; i++) {
            long seed = master.nextLong();
            Random r = new Random(seed);
            VoxelReference ref = VoxelReference.random(
                    60 + r.nextInt(80),
                    14 + r.nextInt(6),
                    3 + r.nextInt(16),
                    0,
                    1 + r.nextInt(4),
                    new int[] {0},
                    r.nextLong());
            compareEverywhere(ref, seed, 2, 400);
        }
    }

    /** Sparse solids in a few chunks of a mostly open world: jumps through tiles open throughout. */
    @Test
    void bitJumpsEqualTheVoxelByVoxelJumpsThroughOpenTiles() {
        Random master = new Random(42);
        for (int i = 0; i < 3; i++) {
            long seed = master.nextLong();
            Random r = new Random(seed);
            VoxelReference ref = new VoxelReference(66 + r.nextInt(10), 33, 17 + r.nextInt(4), 0);
            for (int k = 0; k < 12; k++) {
                ref.setArea(
                        r.nextInt(ref.sizeX()), r.nextInt(ref.sizeY()), r.nextInt(ref.sizeZ()), VoxelReference.SOLID);
            }
            compareEverywhere(ref, seed, 1, 40);
        }
    }

    /** Every word of the bit rows along each axis against the voxels, one row or word past each side too. */
    private static void assertBitsMatch(VoxelGrid grid, Rows rows, String where) {
        int[] size = {grid.sizeX(), grid.sizeY(), grid.sizeZ()};
        for (int axis = 0; axis < 3; axis++) {
            VoxelBitRows bits = rows.axis(axis);
            int sa = size[axis];
            int su = axis == 0 ? size[1] : size[0];
            int sv = axis == 2 ? size[1] : size[2];
            for (int v = -1; v <= sv; v++) {
                for (int u = -1; u <= su; u++) {
                    for (int wa = -1; wa <= (sa + 63) / 64; wa++) {
                        long expected = 0;
                        for (int i = 0; i < 64; i++) {
                            int a = wa * 64 + i;
                            int x = axis == 0 ? a : u;
                            int y = axis == 0 ? u : axis == 1 ? a : v;
                            int z = axis == 2 ? a : v;
                            if (grid.contains(x, y, z) && grid.isWalkable(x, y, z)) {
                                expected |= 1L << i;
                            }
                        }
                        long actual = bits.word(wa, u, v);
                        if (expected != actual) {
                            assertEquals(
                                    expected,
                                    actual,
                                    "axis " + axis + " word " + wa + " of row (" + u + ", " + v + "); " + where);
                        }
                    }
                }
            }
        }
    }

    /** The quiet-box test against the chunks it covers. */
    private static void assertQuietMatches(VoxelGrid grid, VoxelBitRows bits, Random r, String where) {
        ChunkTable chunks = grid.createTopology(org.onepath.cells.VoxelConnectivity.TWENTY_SIX, NCC)
                .chunks();
        for (int t = 0; t < 200; t++) {
            int x0 = r.nextInt(grid.sizeX() + 2) - 1;
            int x1 = x0 + r.nextInt(grid.sizeX());
            int y0 = r.nextInt(grid.sizeY() + 2) - 1;
            int y1 = y0 + r.nextInt(grid.sizeY());
            int z0 = r.nextInt(grid.sizeZ() + 2) - 1;
            int z1 = z0 + r.nextInt(grid.sizeZ());
            boolean expected = true;
            for (int cz = Math.max(0, z0) >> 4; cz <= Math.min(grid.sizeZ() - 1, z1) >> 4; cz++) {
                for (int cy = Math.max(0, y0) >> 4; cy <= Math.min(grid.sizeY() - 1, y1) >> 4; cy++) {
                    for (int cx = Math.max(0, x0) >> 4; cx <= Math.min(grid.sizeX() - 1, x1) >> 4; cx++) {
                        int area = chunks.uniformAreaOf(cx, cy, cz);
                        expected &= area >= 0 && area != 255;
                    }
                }
            }
            assertEquals(expected, bits.quietBox(x0, x1, y0, y1, z0, z1), where);
        }
    }

    @Test
    void editsEqualAFreshBuild() {
        Random master = new Random(43);
        for (int i = 0; i < 30; i++) {
            long seed = master.nextLong();
            Random r = new Random(seed);
            int sx = 1 + r.nextInt(140);
            int sy = 1 + r.nextInt(40);
            int sz = 1 + r.nextInt(40);
            int defaultArea = r.nextInt(3) == 0 ? 255 : 0;
            try (VoxelGrid grid = VoxelGrid.create(sx, sy, sz, defaultArea);
                    Rows rows = new Rows(grid)) {
                VoxelBitRows bits = rows.x;
                for (int round = 0; round < 4; round++) {
                    int edits = r.nextInt(60);
                    for (int e = 0; e < edits; e++) {
                        grid.setArea(r.nextInt(sx), r.nextInt(sy), r.nextInt(sz), r.nextBoolean() ? 255 : r.nextInt(3));
                    }
                    if (round == 2) {
                        // a restore writes chunks in bulk: the listener sees whole chunks replaced
                        try (VoxelGrid other = VoxelGrid.create(sx, sy, sz, defaultArea)) {
                            for (int e = 0; e < 30; e++) {
                                other.setArea(r.nextInt(sx), r.nextInt(sy), r.nextInt(sz), r.nextBoolean() ? 255 : 0);
                            }
                            grid.restoreState(other.saveState());
                        }
                    }
                    String where = "seed " + seed + " round " + round;
                    assertBitsMatch(grid, rows, where);
                    assertQuietMatches(grid, bits, r, where);
                }
                try (Rows fresh = new Rows(grid)) {
                    assertBitsMatch(grid, fresh, "fresh build, seed " + seed);
                }
            }
        }
    }

    @Test
    void anOpenWorldScansWithoutStoringATile() {
        try (VoxelGrid grid = VoxelGrid.create(300, 200, 100);
                Rows rows = new Rows(grid)) {
            VoxelBitRows bits = rows.x;
            VoxelJumper jumper = rows.jumper();
            jumper.target(299, 150, 50);
            assertEquals(299, jumper.jump(0, 150, 50, VoxelJumpRules.direction(1, 0, 0)));
            assertEquals(0, jumper.jump(0, 10, 50, VoxelJumpRules.direction(0, 1, 0)));
            // the corner jump stops level with the goal, where its edge jump's face jump meets it
            assertEquals(40, jumper.jump(10, 10, 10, VoxelJumpRules.direction(1, 1, 1)));
            assertEquals(0, jumper.jump(10, 10, 10, VoxelJumpRules.direction(-1, 1, 1)));
            assertEquals(
                    0,
                    bits.storedTileCount() + rows.y.storedTileCount() + rows.z.storedTileCount(),
                    "uniform open tiles store nothing");
            assertTrue(bits.quietBox(0, 299, 0, 199, 0, 99));
            grid.setWalkable(150, 150, 50, false);
            assertEquals(
                    0, jumper.jump(0, 150, 50, VoxelJumpRules.direction(1, 0, 0)), "a solid on the line ends the jump");
            assertEquals(1, bits.storedTileCount(), "the tile around the solid");
        }
    }
}
