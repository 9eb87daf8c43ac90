package org.onepath.grids.voxel.hierarchy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.layout.VoxelHierarchyLayout;

/**
 * The hierarchy's tables written out and read in place (as a store keeps them), their checks, the
 * build's progress and cancellation, and partial paths.
 */
class VoxelHierarchyTablesTest {
    private static final VoxelConnectivity C = VoxelConnectivity.TWENTY_SIX;
    private static final VoxelCornerRule R = VoxelCornerRule.NO_CORNER_CUTTING;

    /** A world of 3 x 2 x 2 chunks with walls, holes and an uneven edge. */
    private static ChunkTable world() {
        ChunkTable t = new ChunkTable(41, 30, 20, 0);
        for (int z = 0; z < 20; z++) {
            for (int y = 0; y < 30; y++) {
                t.set(16, y, z, AreaCosts.WALL);
            }
        }
        t.set(16, 4, 4, 0);
        t.set(16, 22, 12, 0);
        for (int x = 20; x < 30; x++) {
            t.set(x, 10, 3, AreaCosts.WALL);
            t.set(x, 11, 3, 1);
        }
        return t;
    }

    private static long[] queries(VoxelHierarchySearch s) {
        int[][] q = {{1, 1, 1, 40, 29, 19}, {2, 20, 5, 35, 3, 18}, {30, 12, 3, 3, 28, 2}, {17, 4, 4, 15, 4, 4}};
        long[] out = new long[q.length * 2];
        for (int i = 0; i < q.length; i++) {
            SearchStatus st = s.findPath(q[i][0], q[i][1], q[i][2], q[i][3], q[i][4], q[i][5]);
            out[2 * i] = st.ordinal();
            out[2 * i + 1] = Double.doubleToLongBits(s.pathCost());
        }
        return out;
    }

    @Test
    void exportedTablesReadInPlaceEqualTheBuildAndAnswerAlike() {
        try (ChunkTable t = world();
                VoxelHierarchy built = new VoxelHierarchy(t, new AreaCosts(), C, R);
                Arena arena = Arena.ofConfined()) {
            MemorySegment dir = arena.allocate(built.directoryBytes(), 8);
            MemorySegment blocks = arena.allocate(built.blockBytes(), 8);
            built.exportTables(dir, blocks);
            MemorySegment dirCopy = arena.allocate(dir.byteSize(), 8).copyFrom(dir);
            MemorySegment blocksCopy = arena.allocate(blocks.byteSize(), 8).copyFrom(blocks);
            try (VoxelHierarchy mapped =
                            VoxelHierarchy.over(t, new AreaCosts(), C, R, 3, dir.asReadOnly(), blocks.asReadOnly());
                    VoxelHierarchySearch a = new VoxelHierarchySearch(built);
                    VoxelHierarchySearch b = new VoxelHierarchySearch(mapped)) {
                assertTrue(mapped.contentEquals(built));
                assertTrue(built.contentEquals(mapped));
                assertEquals(built.blockBytes(), mapped.blockBytes());
                assertArrayEquals(queries(a), queries(b));
                // An edit makes the tables its own: the caller's segments stay as they were, and
                // the refreshed tables equal a fresh build.
                t.set(5, 5, 5, AreaCosts.WALL);
                t.set(16, 4, 4, AreaCosts.WALL);
                assertArrayEquals(queries(a), queries(b));
                assertEquals(-1, dir.mismatch(dirCopy));
                assertEquals(-1, blocks.mismatch(blocksCopy));
                try (VoxelHierarchy fresh = new VoxelHierarchy(t, new AreaCosts(), C, R)) {
                    assertTrue(mapped.contentEquals(fresh));
                }
            }
        }
    }

    @Test
    void tablesThatDoNotFitAreRefusedNamingTheChunkAndField() {
        try (ChunkTable t = world();
                VoxelHierarchy built = new VoxelHierarchy(t, new AreaCosts(), C, R);
                Arena arena = Arena.ofConfined()) {
            MemorySegment dir = arena.allocate(built.directoryBytes(), 8);
            MemorySegment blocks = arena.allocate(built.blockBytes(), 8);
            built.exportTables(dir, blocks);
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> VoxelHierarchy.over(t, new AreaCosts(), C, R, 3, dir.asSlice(8), blocks));
            assertTrue(e.getMessage().contains("directory"), e.getMessage());
            int stored = t.slotOf(1, 0, 0);
            long record = VoxelHierarchyLayout.directoryOffset(stored);
            List<String> messages = new ArrayList<>();
            // Each corruption alone: the kind, the block's offset, a node's voxel.
            corrupt(t, dir, blocks, record + VoxelHierarchyLayout.KIND_OFFSET, 1, messages);
            corrupt(t, dir, blocks, record + VoxelHierarchyLayout.BLOCK_OFFSET_OFFSET, 4, messages);
            long nodes = dir.get(VoxelHierarchyLayout.LONG, record + VoxelHierarchyLayout.BLOCK_OFFSET_OFFSET)
                    + VoxelHierarchyLayout.nodesOffset(VoxelHierarchyLayout.KIND_STORED);
            corruptBlock(t, dir, blocks, nodes + VoxelHierarchyLayout.NODE_VOXEL_OFFSET, 5000, messages);
            corruptBlock(t, dir, blocks, nodes + VoxelHierarchyLayout.NODE_REGION_OFFSET, 99, messages);
            assertEquals(4, messages.size());
            assertTrue(messages.get(0).contains("chunk " + stored + ": kind 1"), messages.get(0));
            assertTrue(messages.get(1).contains("block offset"), messages.get(1));
            assertTrue(messages.get(2).contains("node 0 voxel 5000"), messages.get(2));
            assertTrue(messages.get(3).contains("node 0 region 99"), messages.get(3));
        }
    }

    private static void corrupt(
            ChunkTable t, MemorySegment dir, MemorySegment blocks, long at, int value, List<String> messages) {
        int old = dir.get(VoxelHierarchyLayout.INT, at);
        dir.set(VoxelHierarchyLayout.INT, at, value);
        try {
            messages.add(assertThrows(
                            IllegalArgumentException.class,
                            () -> VoxelHierarchy.over(t, new AreaCosts(), C, R, 3, dir, blocks))
                    .getMessage());
        } finally {
            dir.set(VoxelHierarchyLayout.INT, at, old);
        }
    }

    private static void corruptBlock(
            ChunkTable t, MemorySegment dir, MemorySegment blocks, long at, int value, List<String> messages) {
        int old = blocks.get(VoxelHierarchyLayout.INT, at);
        blocks.set(VoxelHierarchyLayout.INT, at, value);
        try {
            messages.add(assertThrows(
                            IllegalArgumentException.class,
                            () -> VoxelHierarchy.over(t, new AreaCosts(), C, R, 3, dir, blocks))
                    .getMessage());
        } finally {
            blocks.set(VoxelHierarchyLayout.INT, at, old);
        }
    }

    @Test
    void theBuildReportsItsChunksAndStopsWhenCancelled() {
        try (ChunkTable t = new ChunkTable(200, 200, 40, 0)) {
            for (int x = 0; x < 200; x += 7) {
                t.set(x, x, 20, AreaCosts.WALL);
            }
            long[] last = new long[2];
            try (VoxelHierarchy h = new VoxelHierarchy(t, new AreaCosts(), C, R, 3, (done, total) -> {
                last[0] = done;
                last[1] = total;
            })) {
                assertEquals(t.chunkCount(), last[1]);
                assertEquals(t.chunkCount(), last[0]);
                assertEquals(VoxelHierarchyLayout.KIND_STORED, h.kind(t.slotOf(0, 0, 1)));
            }
            BakeMonitor cancelAtOnce = new BakeMonitor() {
                @Override
                public void progress(long done, long total) {}

                @Override
                public boolean isCancelled() {
                    return true;
                }
            };
            CancellationException e = assertThrows(
                    CancellationException.class, () -> new VoxelHierarchy(t, new AreaCosts(), C, R, 3, cancelAtOnce));
            assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
        }
    }

    @Test
    void aPartialPathEndsAtTheReachedNodeNearestTheGoal() {
        try (ChunkTable t = new ChunkTable(48, 16, 16, 0)) {
            // A closed wall at x = 24: the right side cannot be reached.
            for (int z = 0; z < 16; z++) {
                for (int y = 0; y < 16; y++) {
                    t.set(24, y, z, AreaCosts.WALL);
                }
            }
            try (VoxelHierarchy h = new VoxelHierarchy(t, new AreaCosts(), C, R);
                    VoxelHierarchySearch s = new VoxelHierarchySearch(h)) {
                assertEquals(SearchStatus.NO_PATH, s.findPath(2, 8, 8, 40, 8, 8));
                assertTrue(s.offersPartialPaths());
                int closest = s.closestReached();
                int cx = closest % 48;
                assertTrue(cx > 2 && cx < 24, "closest x " + cx);
                int[] path = s.pathTo(closest);
                assertEquals(2 + 48 * (8 + 16 * 8), path[0]);
                assertEquals(closest, path[path.length - 1]);
                assertEquals(path.length, s.pathLengthTo(closest));
                double sum = 0;
                for (int i = 1; i < path.length; i++) {
                    int dx = Math.abs(path[i] % 48 - path[i - 1] % 48);
                    int dy = Math.abs(path[i] / 48 % 16 - path[i - 1] / 48 % 16);
                    int dz = Math.abs(path[i] / 768 - path[i - 1] / 768);
                    int axes = dx + dy + dz;
                    assertTrue(dx <= 1 && dy <= 1 && dz <= 1 && axes > 0, "step " + i);
                    sum += axes == 1 ? 1.0 : axes == 2 ? Math.sqrt(2) : Math.sqrt(3);
                }
                assertEquals(sum, s.costTo(closest), 1e-9);
                assertThrows(IllegalArgumentException.class, () -> s.pathTo(40 + 48 * (8 + 16 * 8)));
            }
        }
    }

    @Test
    void voxelNodesBeginTheSameQueryAsCoordinates() {
        try (ChunkTable t = world();
                VoxelHierarchy h = new VoxelHierarchy(t, new AreaCosts(), C, R);
                VoxelHierarchySearch s = new VoxelHierarchySearch(h)) {
            assertEquals(SearchStatus.FOUND, s.findPath(1, 1, 1, 40, 29, 19));
            int[] byCoordinates = s.path();
            s.begin(1 + 41 * (1 + 30 * 1), 40 + 41 * (29 + 30 * 19));
            assertEquals(SearchStatus.FOUND, s.run(null, 3));
            assertArrayEquals(byCoordinates, s.path());
            assertTrue(s.canStandOn(0));
            assertTrue(!s.canStandOn(16) && !s.canStandOn(-1) && !s.canStandOn(41 * 30 * 20));
            assertThrows(IllegalArgumentException.class, () -> s.begin(-1, 0));
        }
    }
}
