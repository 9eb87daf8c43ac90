package org.onepath.grids.hpa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;

class HpaHierarchyTest {
    private static final Connectivity EIGHT = Connectivity.EIGHT;
    private static final DiagonalRule NCC = DiagonalRule.NO_CORNER_CUTTING;

    private static int[] nodes(HpaHierarchy h, int chunk) {
        int[] out = new int[h.nodeCount(chunk)];
        for (int i = 0; i < out.length; i++) {
            out[i] = h.nodeCell(chunk, i);
        }
        return out;
    }

    @Test
    void anEntranceNarrowerThanTheThresholdHasOneTransitionInItsMiddle() {
        try (Grid grid = Grid.create(8, 4);
                HpaHierarchy h = new HpaHierarchy(grid, 4, 1, EIGHT, NCC, 6)) {
            // the border x = 3 | 4, rows 0..3 open: width 4 < 6, one transition at 0 + (4 - 1) / 2 = 1
            assertArrayEquals(new int[] {8 + 3}, nodes(h, 0));
            assertArrayEquals(new int[] {8 + 4}, nodes(h, 1));
            assertEquals(1, h.interEdgeCount(0));
            assertEquals(0, h.interEdgeNode(0, 0));
            assertEquals(12, h.interEdgeTarget(0, 0));
            assertEquals(1.0, h.interEdgeCost(0, 0));
            assertEquals(0.0, h.intraCost(0, 0, 0));
        }
    }

    @Test
    void anEntranceAtLeastAsWideAsTheThresholdHasTransitionsAtBothEnds() {
        try (Grid grid = Grid.create(8, 4);
                HpaHierarchy h = new HpaHierarchy(grid, 4, 1, EIGHT, NCC, 4)) {
            assertArrayEquals(new int[] {3, 3 * 8 + 3}, nodes(h, 0));
            assertArrayEquals(new int[] {4, 3 * 8 + 4}, nodes(h, 1));
            // 3 diagonal steps down the chunk's last column and across: 3 straight steps here
            assertEquals(3.0, h.intraCost(0, 0, 1));
            assertEquals(3.0, h.intraCost(0, 1, 0));
        }
    }

    @Test
    void aWidthOneRunGetsOneTransitionWhateverTheThreshold() {
        try (Grid grid = Grid.fromText("""
                ....#...
                ...##...
                ........
                ...#....
                """);
                HpaHierarchy h = new HpaHierarchy(grid, 4, 1, EIGHT, NCC, 1)) {
            // open positions of the border 3 | 4: rows 2 only (row 0: (4,0) wall; row 1: (3,1) wall; row 3: (3,3) wall)
            assertArrayEquals(new int[] {2 * 8 + 3}, nodes(h, 0));
            assertArrayEquals(new int[] {2 * 8 + 4}, nodes(h, 1));
        }
    }

    @Test
    void interEdgesCostTheStraightMoveAndChunksIndexRowMajor() {
        try (Grid grid = Grid.create(8, 8)) {
            grid.setArea(3, 1, 7);
            grid.areas().set(7, 3.0);
            try (HpaHierarchy h = new HpaHierarchy(grid, 4, 1, EIGHT, NCC, 6)) {
                assertEquals(2, h.chunksX());
                assertEquals(2, h.chunksY());
                assertEquals(3, h.chunkOf(5 * 8 + 5));
                assertEquals(2, h.chunkOf(5 * 8 + 1));
                // chunk 0: east transition (3,1) -> (4,1) and south transition (1,3) -> (1,4)
                assertArrayEquals(new int[] {8 + 3, 3 * 8 + 1}, nodes(h, 0));
                assertEquals(2, h.interEdgeCount(0));
                assertEquals(8 + 4, h.interEdgeTarget(0, 0));
                assertEquals((3.0 + 1.0) * 0.5, h.interEdgeCost(0, 0));
                assertEquals(4 * 8 + 1, h.interEdgeTarget(0, 1));
                assertEquals(1.0, h.interEdgeCost(0, 1));
            }
        }
    }

    @Test
    void aChunkWithoutAPathBetweenTwoNodesHasAnInfiniteIntraEdge() {
        try (Grid split = Grid.fromText("""
                .#......
                .#......
                .#......
                .#......
                .#......
                .#......
                .#......
                .#......
                """);
                HpaHierarchy h = new HpaHierarchy(split, 4, 1, EIGHT, NCC, 2)) {
            // chunk 0: south border runs [0, 0] and [2, 3], east border rows 0..3
            assertArrayEquals(new int[] {3, 24, 26, 27}, nodes(h, 0));
            assertEquals(Double.POSITIVE_INFINITY, h.intraCost(0, 1, 0));
            assertEquals(Double.POSITIVE_INFINITY, h.intraCost(0, 0, 1));
            assertEquals(Double.POSITIVE_INFINITY, h.intraCost(0, 1, 3));
            assertEquals(3.0, h.intraCost(0, 0, 3));
            assertEquals(1.0, h.intraCost(0, 2, 3));
        }
    }

    @Test
    void badOptionsAreRefusedNamingTheValue() {
        try (Grid grid = Grid.create(8, 8)) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> new HpaHierarchy(grid, 1, 1, EIGHT, NCC))
                    .getMessage()
                    .contains("chunk size 1"));
            assertTrue(assertThrows(IllegalArgumentException.class, () -> new HpaHierarchy(grid, 257, 1, EIGHT, NCC))
                    .getMessage()
                    .contains("257"));
            assertTrue(assertThrows(IllegalArgumentException.class, () -> new HpaHierarchy(grid, 4, 0, EIGHT, NCC))
                    .getMessage()
                    .contains("agent size 0"));
            assertTrue(assertThrows(IllegalArgumentException.class, () -> new HpaHierarchy(grid, 4, 1, EIGHT, NCC, 0))
                    .getMessage()
                    .contains("threshold 0"));
            assertTrue(assertThrows(
                            IllegalArgumentException.class,
                            () -> new HpaHierarchy(grid, 4, 1, EIGHT, DiagonalRule.ALLOW_ALL))
                    .getMessage()
                    .contains("ALLOW_ALL"));
            try (HpaHierarchy h = new HpaHierarchy(grid, 4, 1, Connectivity.FOUR, DiagonalRule.ALLOW_ALL)) {
                assertThrows(IllegalArgumentException.class, () -> h.nodeCount(4));
                assertThrows(IllegalArgumentException.class, () -> h.intraCost(0, 0, 5));
                assertThrows(IllegalArgumentException.class, () -> h.chunkOf(64));
            }
        }
    }

    @Test
    void aClosedHierarchyRefusesUseAndStopsListening() {
        try (Grid grid = Grid.create(8, 8)) {
            HpaHierarchy h = new HpaHierarchy(grid, 4, 1, EIGHT, NCC);
            h.close();
            h.close();
            assertTrue(h.isClosed());
            assertThrows(IllegalStateException.class, h::refresh);
            assertThrows(IllegalStateException.class, () -> h.nodeCount(0));
            assertThrows(IllegalStateException.class, () -> new HpaSearch(h));
            grid.setArea(1, 1, 255); // no listener left to fail
        }
    }

    @Test
    void aHierarchyOverAClosedGridRefusesToRefresh() {
        Grid grid = Grid.create(8, 8);
        try (HpaHierarchy h = new HpaHierarchy(grid, 4, 1, EIGHT, NCC)) {
            grid.close();
            assertTrue(assertThrows(IllegalStateException.class, h::refresh)
                    .getMessage()
                    .contains("Grid"));
        }
    }

    @Test
    void anEditMarksOnlyTheChunksItCanChange() {
        try (Grid grid = Grid.create(32, 32);
                HpaHierarchy h = new HpaHierarchy(grid, 8, 2, EIGHT, NCC)) {
            assertEquals(0, h.markedChunkCount());
            grid.setArea(20, 20, 255); // [18, 21] x [18, 21]: chunk (2, 2) only
            assertEquals(1, h.markedChunkCount());
            grid.setArea(16, 5, 255); // [14, 17] x [3, 6]: chunks (1, 0) and (2, 0)
            assertEquals(3, h.markedChunkCount());
            h.refresh();
            assertEquals(0, h.markedChunkCount());
            grid.areas().set(0, 2.0);
            h.refresh();
            try (HpaHierarchy fresh = new HpaHierarchy(grid, 8, 2, EIGHT, NCC)) {
                assertTrue(h.contentEquals(fresh));
                assertEquals(fresh.contentHash(), h.contentHash());
            }
        }
    }

    @Test
    void hashesDifferWhenTheGraphDiffers() {
        try (Grid a = Grid.create(16, 16);
                Grid b = Grid.create(16, 16)) {
            b.setArea(7, 3, 255);
            try (HpaHierarchy ha = new HpaHierarchy(a, 8, 1, EIGHT, NCC);
                    HpaHierarchy hb = new HpaHierarchy(b, 8, 1, EIGHT, NCC)) {
                assertFalse(ha.contentEquals(hb));
                assertNotEquals(ha.contentHash(), hb.contentHash());
                b.setArea(7, 3, 0);
                assertTrue(ha.contentEquals(hb));
                assertEquals(ha.contentHash(), hb.contentHash());
            }
        }
    }
}
