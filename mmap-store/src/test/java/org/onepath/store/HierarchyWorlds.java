package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.onepath.VoxelGrid;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchySearch;

/**
 * Small worlds for the tests of the voxel hierarchy section, and the comparison of two
 * hierarchies' answers.
 */
final class HierarchyWorlds {
    private HierarchyWorlds() {}

    static final int X = 44;
    static final int Y = 36;
    static final int Z = 20;

    /**
     * 44 x 36 x 20 (3 x 3 x 2 chunk slots, edge chunks on every axis): a uniform solid chunk
     * (slot 3), a uniform open chunk of area 4 (slot 0), a wall at x = 20 with a few holes (so
     * chunks have several regions and the transitions matter), random solid voxels and areas 0..2
     * at x 32 and up, and default chunks (slot 6, an edge chunk, among them).
     */
    static VoxelGrid world(long seed) {
        VoxelGrid w = VoxelGrid.create(X, Y, Z, 0);
        Random rnd = new Random(seed);
        for (int y = 0; y < 16; y++) {
            for (int x = 0; x < 16; x++) {
                for (int z = 0; z < 16; z++) {
                    w.setArea(x, y + 16, z, VoxelGrid.SOLID);
                    w.setArea(x, y, z, 4);
                }
            }
        }
        for (int z = 0; z < Z; z++) {
            for (int y = 0; y < Y; y++) {
                w.setArea(20, y, z, rnd.nextInt(40) == 0 ? 0 : VoxelGrid.SOLID);
            }
        }
        for (int i = 0; i < 900; i++) {
            int x = 32 + rnd.nextInt(X - 32);
            int y = rnd.nextInt(Y);
            int z = rnd.nextInt(Z);
            w.setArea(x, y, z, rnd.nextInt(4) == 0 ? VoxelGrid.SOLID : rnd.nextInt(3));
        }
        return w;
    }

    /** The store of {@code world(1)} with the default hierarchy, baked once. */
    private static byte[] sample;

    /** The bytes of the store of {@code world(1)} with the default hierarchy section (a copy). */
    static synchronized byte[] sample() throws IOException {
        if (sample == null) {
            Path folder = StoreTestSupport.tempFolder("hierarchy-sample");
            try (VoxelGrid w = world(1)) {
                sample = java.nio.file.Files.readAllBytes(
                        bake(w, HierarchyOptions.DEFAULT, folder.resolve("sample.opstore")));
            } finally {
                StoreTestSupport.deleteTree(folder);
            }
        }
        return sample.clone();
    }

    /** Writes a world with a hierarchy section for these options. */
    static Path bake(VoxelGrid world, HierarchyOptions options, Path file) throws IOException {
        VoxelWorldStore.write(world, "hierarchy.3dmap", file, StoreProgress.NONE, options, BakeMonitor.NONE);
        return file;
    }

    /** Random pairs of open voxels, as {sx, sy, sz, gx, gy, gz}. */
    static List<int[]> openPairs(VoxelGrid w, long seed, int count) {
        Random rnd = new Random(seed);
        List<int[]> pairs = new ArrayList<>();
        while (pairs.size() < count) {
            int[] p = new int[6];
            for (int end = 0; end < 2; end++) {
                do {
                    p[3 * end] = rnd.nextInt(w.sizeX());
                    p[3 * end + 1] = rnd.nextInt(w.sizeY());
                    p[3 * end + 2] = rnd.nextInt(w.sizeZ());
                } while (!w.isWalkable(p[3 * end], p[3 * end + 1], p[3 * end + 2]));
            }
            pairs.add(p);
        }
        return pairs;
    }

    /** Both hierarchies answer every pair alike: status, the path's voxels and the cost's bits. */
    static void assertSameAnswers(VoxelHierarchy expected, VoxelHierarchy actual, List<int[]> pairs, String what) {
        try (VoxelHierarchySearch e = new VoxelHierarchySearch(expected);
                VoxelHierarchySearch a = new VoxelHierarchySearch(actual)) {
            int found = 0;
            for (int[] p : pairs) {
                String q = what + " (" + p[0] + "," + p[1] + "," + p[2] + ")->(" + p[3] + "," + p[4] + "," + p[5] + ")";
                SearchStatus se = e.findPath(p[0], p[1], p[2], p[3], p[4], p[5]);
                SearchStatus sa = a.findPath(p[0], p[1], p[2], p[3], p[4], p[5]);
                assertEquals(se, sa, q + ": status");
                assertEquals(
                        Double.doubleToRawLongBits(e.pathCost()),
                        Double.doubleToRawLongBits(a.pathCost()),
                        q + ": cost bits");
                assertEquals(e.pathLength(), a.pathLength(), q + ": path length");
                for (int i = 0; i < e.pathLength(); i++) {
                    assertEquals(e.pathNode(i), a.pathNode(i), q + ": voxel " + i);
                }
                found += se == SearchStatus.FOUND ? 1 : 0;
            }
            // the comparison means something only when paths were found
            assertEquals(true, found > pairs.size() / 2, what + ": only " + found + " of " + pairs.size() + " found");
        }
    }
}
