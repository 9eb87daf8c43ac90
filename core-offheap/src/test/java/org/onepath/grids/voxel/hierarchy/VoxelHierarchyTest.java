package org.onepath.grids.voxel.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.layout.VoxelHierarchyLayout;

/** Named cases of the voxel hierarchy: kinds, transitions, openings, refusals and lifecycle. */
class VoxelHierarchyTest {

    private static VoxelHierarchy hierarchy(ChunkTable t, VoxelConnectivity c, VoxelCornerRule r) {
        return new VoxelHierarchy(t, new AreaCosts(), c, r);
    }

    @Test
    void anOpenChunkIsOneCentreNodeWithTransitionsOnlyTowardsStoredChunks() {
        try (ChunkTable t = new ChunkTable(48, 32, 16, 0);
                VoxelHierarchy h = hierarchy(t, VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING)) {
            int middle = t.slotOf(1, 0, 0);
            assertEquals(VoxelHierarchyLayout.KIND_OPEN, h.kind(middle));
            assertEquals(1, h.regionCount(middle));
            // Open on every side: the centre only, no transition on any face.
            assertEquals(1, h.nodeCount(middle));
            assertEquals(7 | 7 << 4 | 7 << 8, h.nodeVoxel(middle, 0));
            for (int f = 0; f <= 6; f++) {
                assertEquals(1, h.faceStart(middle, f));
            }
            // A chunk at the grid's edge is smaller: its centre is the middle of its extent.
            try (ChunkTable small = new ChunkTable(20, 16, 16, 0);
                    VoxelHierarchy hs =
                            hierarchy(small, VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING)) {
                assertEquals(1 | 7 << 4 | 7 << 8, hs.nodeVoxel(small.slotOf(1, 0, 0), 0));
            }
            // A wall voxel stores the chunk on its right: the open middle chunk gets the shared
            // face's transitions (the 3 x 3 lattice of a fully open face), after its centre; its
            // faces with open chunks still have none.
            t.set(40, 3, 3, AreaCosts.WALL);
            h.refresh();
            int right = t.slotOf(2, 0, 0);
            assertEquals(VoxelHierarchyLayout.KIND_STORED, h.kind(right));
            assertEquals(10, h.nodeCount(middle));
            assertEquals(0, h.faceStart(middle, 1) - h.faceStart(middle, 0));
            assertEquals(9, h.faceStart(middle, 2) - h.faceStart(middle, 1));
            assertEquals(0, h.faceStart(middle, 6) - h.faceStart(middle, 2));
            assertEquals(9, h.faceStart(right, 1) - h.faceStart(right, 0));
            // Intra costs of an open chunk are the empty-grid distance.
            int a = h.nodeVoxel(middle, 0);
            int b = h.nodeVoxel(middle, 9);
            double expected = VoxelHeuristic.distance(
                    VoxelConnectivity.TWENTY_SIX,
                    Math.abs((a & 15) - (b & 15)),
                    Math.abs(((a >>> 4) & 15) - ((b >>> 4) & 15)),
                    Math.abs((a >>> 8) - (b >>> 8)));
            assertEquals(expected, h.intraCost(middle, 0, 9));
        }
    }

    @Test
    void aQueryInsideOneOpenChunkIsTheDistanceItself() {
        try (ChunkTable t = new ChunkTable(40, 40, 40, 0);
                VoxelHierarchy h = hierarchy(t, VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING);
                VoxelHierarchySearch s = new VoxelHierarchySearch(h)) {
            assertEquals(SearchStatus.FOUND, s.findPath(17, 18, 19, 30, 22, 25));
            assertEquals(VoxelHeuristic.distance(VoxelConnectivity.TWENTY_SIX, 13, 4, 6), s.pathCost(), 1e-12);
            assertEquals(14, s.pathLength());
        }
    }

    @Test
    void aSingleVoxelHoleInAWallIsTheOnlyWayThrough() {
        try (ChunkTable t = new ChunkTable(32, 16, 16, 0)) {
            for (int z = 0; z < 16; z++) {
                for (int y = 0; y < 16; y++) {
                    t.set(16, y, z, AreaCosts.WALL);
                }
            }
            t.set(16, 9, 4, 0);
            try (VoxelHierarchy h = hierarchy(t, VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING);
                    VoxelHierarchySearch s = new VoxelHierarchySearch(h)) {
                int right = t.slotOf(1, 0, 0);
                assertEquals(VoxelHierarchyLayout.KIND_STORED, h.kind(right));
                // One opening of one position, no lattice point: one transition, at the hole.
                assertEquals(1, h.faceStart(right, 1) - h.faceStart(right, 0));
                assertEquals(0 | 9 << 4 | 4 << 8, h.nodeVoxel(right, 0));
                assertEquals(SearchStatus.FOUND, s.findPath(2, 2, 2, 30, 14, 14));
                boolean throughHole = false;
                for (int i = 0; i < s.pathLength(); i++) {
                    throughHole |= s.pathNode(i) == 16 + 32 * (9 + 16 * 4);
                }
                assertTrue(throughHole);
                t.set(16, 9, 4, AreaCosts.WALL);
                assertEquals(SearchStatus.NO_PATH, s.findPath(2, 2, 2, 30, 14, 14));
                assertEquals(0, s.pathLength());
            }
        }
    }

    @Test
    void aWalledInGoalHasNoPathAndOneDoorOpensIt() {
        try (ChunkTable t = new ChunkTable(40, 40, 20, 0)) {
            for (int dz = -1; dz <= 1; dz++) {
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        t.set(32 + dx, 16 + dy, 10 + dz, AreaCosts.WALL);
                    }
                }
            }
            t.set(32, 16, 10, 0);
            try (VoxelHierarchy h = hierarchy(t, VoxelConnectivity.EIGHTEEN, VoxelCornerRule.NO_SQUEEZING);
                    VoxelHierarchySearch s = new VoxelHierarchySearch(h)) {
                assertEquals(SearchStatus.NO_PATH, s.findPath(1, 1, 1, 32, 16, 10));
                t.set(32, 15, 10, 0);
                assertEquals(SearchStatus.FOUND, s.findPath(1, 1, 1, 32, 16, 10));
                assertEquals(32 + 40 * (16 + 40 * 10), s.pathNode(s.pathLength() - 1));
            }
        }
    }

    @Test
    void solidStartsGoalsAndOutsideVoxelsHaveNoPath() {
        try (ChunkTable t = new ChunkTable(20, 20, 20, 0);
                VoxelHierarchy h = hierarchy(t, VoxelConnectivity.SIX, VoxelCornerRule.ALLOW_ALL);
                VoxelHierarchySearch s = new VoxelHierarchySearch(h)) {
            t.set(3, 3, 3, AreaCosts.WALL);
            assertEquals(SearchStatus.NO_PATH, s.findPath(3, 3, 3, 10, 10, 10));
            assertEquals(SearchStatus.NO_PATH, s.findPath(10, 10, 10, 20, 0, 0));
            assertEquals(SearchStatus.FOUND, s.findPath(10, 10, 10, 10, 10, 10));
            assertEquals(0.0, s.pathCost());
            assertEquals(1, s.pathLength());
        }
    }

    @Test
    void allowAllIsRefusedWithDiagonalMoves() {
        try (ChunkTable t = new ChunkTable(20, 20, 20, 0)) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> hierarchy(t, VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.ALLOW_ALL));
            assertTrue(e.getMessage().contains("ALLOW_ALL"), e.getMessage());
            assertThrows(
                    IllegalArgumentException.class,
                    () -> new VoxelHierarchy(
                            t, new AreaCosts(), VoxelConnectivity.SIX, VoxelCornerRule.NO_CORNER_CUTTING, 0));
        }
    }

    @Test
    void rebuildingOneChunkAfterAnEditEqualsAFreshBuild() {
        try (ChunkTable t = new ChunkTable(40, 20, 20, 0);
                VoxelHierarchy h = hierarchy(t, VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING)) {
            t.set(16, 5, 5, AreaCosts.WALL);
            t.set(20, 5, 5, AreaCosts.WALL);
            try (VoxelHierarchy fresh = hierarchy(t, VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING)) {
                assertFalse(h.contentEquals(fresh));
                h.refresh();
                assertTrue(h.contentEquals(fresh));
            }
        }
    }

    @Test
    void closedObjectsSayWhatIsClosed() {
        try (ChunkTable t = new ChunkTable(20, 20, 20, 0)) {
            VoxelHierarchy h = hierarchy(t, VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING);
            VoxelHierarchySearch s = new VoxelHierarchySearch(h);
            s.close();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.findPath(0, 0, 0, 1, 1, 1));
            assertTrue(e.getMessage().contains("VoxelHierarchySearch"), e.getMessage());
            h.close();
            e = assertThrows(IllegalStateException.class, () -> h.nodeCount(0));
            assertTrue(e.getMessage().contains("VoxelHierarchy"), e.getMessage());
            // Closed hierarchies stop listening: edits after close do not reach them.
            t.set(1, 1, 1, AreaCosts.WALL);
        }
    }
}
