package org.onepath.grids.voxel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.onepath.VoxelGrid;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.layout.VoxelPageLayout;

/**
 * The part the voxel A* and the voxel jump point search share: the open list that keeps heap
 * positions for the A* and none for the jump point search, the path writer over parent links of
 * one or many voxels, and the closed-state checks both now make alike.
 */
final class VoxelSearchSharingTest {
    private static final VoxelConnectivity C26 = VoxelConnectivity.TWENTY_SIX;
    private static final VoxelCornerRule NCC = VoxelCornerRule.NO_CORNER_CUTTING;

    /** (f, g, node) in the open-list order: smaller f, then larger g, then smaller node. */
    private static boolean before(double[] a, double[] b) {
        if (a[0] != b[0]) {
            return a[0] < b[0];
        }
        if (a[1] != b[1]) {
            return a[1] > b[1];
        }
        return a[2] < b[2];
    }

    @Test
    void theOpenListKeepsEachRecordsHeapPositionAndPopsInOrder() {
        Random random = new Random(11);
        try (VoxelPages pages = new VoxelPages(16, 16, 16, VoxelPageLayout.RECORD_BYTES, VoxelPageLayout.MARK_OFFSET);
                VoxelOpenList open = new VoxelOpenList(4, pages, VoxelPageLayout.OPEN_OFFSET)) {
            List<double[]> queued = new ArrayList<>(); // {f, g, node, slot}
            for (int op = 0; op < 4000; op++) {
                int choice = random.nextInt(4);
                if (choice < 2 || queued.isEmpty()) {
                    int x = random.nextInt(16);
                    int y = random.nextInt(16);
                    int z = random.nextInt(16);
                    int node = x + 16 * (y + 16 * z);
                    if (queued.stream().anyMatch(e -> e[2] == node)) {
                        continue;
                    }
                    int slot = pages.slotOf(x, y, z);
                    double[] e = {random.nextInt(20), random.nextInt(5), node, slot};
                    queued.add(e);
                    open.insert(e[0], e[1], node, slot);
                } else if (choice == 2) {
                    double[] e = queued.get(random.nextInt(queued.size()));
                    int slot = (int) e[3];
                    int pos = pages.records()
                            .get(VoxelPageLayout.INT, pages.recordOffset(slot) + VoxelPageLayout.OPEN_OFFSET);
                    e[0] = random.nextInt(20);
                    e[1] = random.nextInt(5);
                    open.update(pos, e[0], e[1], (int) e[2], slot);
                } else {
                    double[] best = queued.get(0);
                    for (double[] e : queued) {
                        if (before(e, best)) {
                            best = e;
                        }
                    }
                    assertEquals((int) best[2], open.id(0), "op " + op);
                    assertEquals((int) best[3], open.aux(0), "op " + op);
                    open.removeTop();
                    queued.remove(best);
                }
                assertEquals(queued.size(), open.size());
                MemorySegment records = pages.records();
                for (int pos = 0; pos < open.size(); pos++) {
                    int slot = open.aux(pos);
                    assertEquals(
                            pos,
                            records.get(VoxelPageLayout.INT, pages.recordOffset(slot) + VoxelPageLayout.OPEN_OFFSET),
                            "op " + op + ": the record of slot " + slot + " names another heap position");
                }
            }
        }
    }

    @Test
    void anOpenListWithoutPagesWritesNothing() {
        try (VoxelPages pages = new VoxelPages(8, 8, 8, VoxelPageLayout.RECORD_BYTES, VoxelPageLayout.MARK_OFFSET);
                VoxelOpenList open = new VoxelOpenList(2)) {
            int slot = pages.slotOf(1, 2, 3);
            long at = pages.recordOffset(slot) + VoxelPageLayout.OPEN_OFFSET;
            pages.records().set(VoxelPageLayout.INT, at, 77);
            open.insert(3.0, 1.0, 5, slot);
            open.insert(1.0, 1.0, 6, slot);
            open.insert(1.0, 2.0, 7, slot);
            assertEquals(7, open.id(0), "equal f: the larger g first");
            assertEquals(77, pages.records().get(VoxelPageLayout.INT, at));
        }
    }

    /** Each step of a path is one of the 26 moves, and it runs from the start to the node asked for. */
    private static void checkConnected(int[] path, int start, int end, int side, String where) {
        assertEquals(start, path[0], where);
        assertEquals(end, path[path.length - 1], where);
        for (int i = 1; i < path.length; i++) {
            int a = path[i - 1];
            int b = path[i];
            int dx = Math.abs(a % side - b % side);
            int dy = Math.abs(a / side % side - b / side % side);
            int dz = Math.abs(a / side / side - b / side / side);
            assertEquals(1, Math.max(dx, Math.max(dy, dz)), where + ": step " + i + " is not one move");
        }
    }

    @Test
    void bothSearchesWriteConnectedPathsToEveryPartialEnd() {
        Random random = new Random(5);
        int side = 20;
        try (VoxelGrid grid = VoxelGrid.create(side, side, side)) {
            for (int i = 0; i < 1600; i++) {
                grid.setWalkable(random.nextInt(side), random.nextInt(side), random.nextInt(side), false);
            }
            try (PagedVoxelSearch astar = new PagedVoxelSearch(
                            grid.createTopology(C26, NCC),
                            new VoxelHeuristic(grid.createTopology(C26, NCC)),
                            null,
                            1.0);
                    VoxelJumpSearch jps = new VoxelJumpSearch(grid.createTopology(C26, NCC), false)) {
                for (int query = 0; query < 40; query++) {
                    int start = random.nextInt(side * side * side);
                    int goal = random.nextInt(side * side * side);
                    if (!grid.isWalkable(start % side, start / side % side, start / side / side)
                            || !grid.isWalkable(goal % side, goal / side % side, goal / side / side)) {
                        continue;
                    }
                    for (SlicedSearch search : List.<SlicedSearch>of(astar, jps)) {
                        String where = search.getClass().getSimpleName() + " " + start + " -> " + goal;
                        search.begin(start, goal);
                        search.step(1 + random.nextInt(30));
                        int end = search.closestReached();
                        int[] partial = search.pathTo(end);
                        assertEquals(search.pathLengthTo(end), partial.length, where);
                        checkConnected(partial, start, end, side, where);
                        search.step(Integer.MAX_VALUE);
                        if (search.status() == SearchStatus.FOUND) {
                            int[] path = search.path();
                            checkConnected(path, start, goal, side, where);
                            assertEquals(path.length, search.pathLengthTo(goal), where);
                        }
                    }
                    assertEquals(astar.status(), jps.status());
                    if (astar.status() == SearchStatus.FOUND) {
                        assertEquals(astar.pathCost(), jps.pathCost(), 1e-9);
                    }
                }
            }
        }
    }

    @Test
    void aClosedVoxelAStarThrowsNamingItself() {
        try (VoxelGrid grid = VoxelGrid.create(4, 4, 4)) {
            VoxelTopology topology = grid.createTopology(C26, NCC);
            PagedVoxelSearch search = new PagedVoxelSearch(topology, new VoxelHeuristic(topology), null, 1.0);
            search.begin(0, 63);
            assertEquals(SearchStatus.FOUND, search.run());
            search.close();
            for (Executable call : List.<Executable>of(
                    () -> search.begin(0, 63),
                    search::pathLength,
                    search::path,
                    search::expandedNodes,
                    search::trimPool,
                    search::closestReached,
                    () -> search.pathTo(0),
                    () -> search.canStandOn(0))) {
                IllegalStateException e = assertThrows(IllegalStateException.class, call);
                assertTrue(e.getMessage().contains("PagedVoxelSearch"), e.getMessage());
            }
        }
    }
}
