package org.onepath.grids.voxel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.VoxelGrid;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.SearchStatus;

/**
 * The voxel jump point search against an independent Dijkstra ({@link VoxelReference}) on random
 * blocks, against itself sliced, and its paths checked move by move. Every case prints its seed.
 */
class VoxelJumpSearchTest {
    private static final VoxelConnectivity C26 = VoxelConnectivity.TWENTY_SIX;
    private static final VoxelCornerRule NCC = VoxelCornerRule.NO_CORNER_CUTTING;

    /** Result of one jump point query. */
    record Run(SearchStatus status, double cost, int[] path, int[] expanded, int iterations, int expandedCount) {}

    static Run run(VoxelJumpSearch search, int start, int goal, int slice) {
        search.recordExpansions(true);
        search.begin(start, goal);
        while (search.status() == SearchStatus.RUNNING) {
            int before = search.iterations();
            SearchStatus s = search.step(slice);
            assertTrue(search.iterations() - before <= slice, "a slice runs at most its budget");
            if (s == SearchStatus.RUNNING) {
                assertEquals(slice, search.iterations() - before, "a slice that leaves work runs its whole budget");
            }
        }
        return new Run(
                search.status(),
                search.pathCost(),
                search.status() == SearchStatus.FOUND ? search.path() : new int[0],
                search.expandedNodes(),
                search.iterations(),
                search.expandedCount());
    }

    /** Checks a found path: ends, every step a legal move, the step lengths summing to the cost. */
    static void checkPath(VoxelReference ref, int start, int goal, Run r, String where) {
        int[] p = r.path();
        assertEquals(start, p[0], "path starts at the start; " + where);
        assertEquals(goal, p[p.length - 1], "path ends at the goal; " + where);
        double sum = 0;
        for (int i = 1; i < p.length; i++) {
            double step = ref.moveCost(p[i - 1], p[i], C26, NCC);
            if (Double.isNaN(step)) {
                fail("step " + (i - 1) + " -> " + i + " is not a legal move: "
                        + java.util.Arrays.toString(ref.cell(p[i - 1])) + " -> "
                        + java.util.Arrays.toString(ref.cell(p[i])) + "; " + where);
            }
            sum += step;
        }
        assertEquals(r.cost(), sum, 1e-9 * Math.max(1, sum), "path length equals the cost; " + where);
    }

    /** Queries from a few starts to a few goals each, against Dijkstra. */
    static int compare(VoxelReference ref, int defaultArea, long seed, int starts, int goals, String what) {
        Random random = new Random(seed);
        List<Integer> open = ref.openNodes();
        if (open.isEmpty()) {
            return 0;
        }
        int queries = 0;
        try (VoxelGrid grid = ref.toGrid(defaultArea);
                VoxelJumpSearch search = new VoxelJumpSearch(grid.createTopology(C26, NCC), random.nextBoolean())) {
            for (int s = 0; s < starts; s++) {
                int start = open.get(random.nextInt(open.size()));
                double[] dist = ref.distancesFrom(start, C26, NCC, null);
                for (int g = 0; g < goals; g++) {
                    int goal = open.get(random.nextInt(open.size()));
                    String where = what + " seed " + seed + " start " + java.util.Arrays.toString(ref.cell(start))
                            + " goal " + java.util.Arrays.toString(ref.cell(goal)) + "\n" + ref;
                    Run r = run(search, start, goal, Integer.MAX_VALUE);
                    queries++;
                    if (dist[goal] == Double.POSITIVE_INFINITY) {
                        assertEquals(SearchStatus.NO_PATH, r.status(), where);
                        continue;
                    }
                    assertEquals(SearchStatus.FOUND, r.status(), where);
                    assertEquals(dist[goal], r.cost(), 1e-9 * Math.max(1, dist[goal]), where);
                    checkPath(ref, start, goal, r, where);
                }
            }
        }
        return queries;
    }

    @Test
    void equalsDijkstraOnRandomSmallBlocks() {
        Random master = new Random(30);
        int queries = 0;
        for (int i = 0; i < 3000; i++) {
            long seed = master.nextLong();
            Random r = new Random(seed);
            int sx = 1 + r.nextInt(r.nextInt(4) == 0 ? 3 : 10);
            int sy = 1 + r.nextInt(10);
            int sz = 1 + r.nextInt(10);
            int solid = r.nextInt(50);
            VoxelReference ref = VoxelReference.random(sx, sy, sz, 0, solid, new int[] {0}, r.nextLong());
            queries += compare(ref, r.nextBoolean() ? 0 : 255, seed, 2, 2, "small block");
        }
        assertTrue(queries > 10_000, "queries: " + queries);
    }

    @Test
    void equalsDijkstraAcrossChunkBordersAndWordEdges() {
        Random master = new Random(31);
        for (int i = 0; i < 60; i++) {
            long seed = master.nextLong();
            Random r = new Random(seed);
            int sx = 14 + r.nextInt(60);
            int sy = 14 + r.nextInt(8);
            int sz = 14 + r.nextInt(8);
            VoxelReference ref = VoxelReference.random(sx, sy, sz, 0, 2 + r.nextInt(25), new int[] {0}, r.nextLong());
            compare(ref, 0, seed, 2, 3, "border block");
        }
    }

    /**
     * Mostly empty worlds whose solids cluster in a few chunks, so the search crosses tiles that are
     * open throughout (no memory per voxel) and tiles built from chunks; also a carved solid world.
     */
    @Test
    void equalsDijkstraThroughUniformChunks() {
        Random master = new Random(32);
        for (int i = 0; i < 24; i++) {
            long seed = master.nextLong();
            Random r = new Random(seed);
            int sx = 20 + r.nextInt(80);
            int sy = 17 + r.nextInt(20);
            int sz = 17 + r.nextInt(20);
            VoxelReference ref = new VoxelReference(sx, sy, sz, 0);
            int clusters = r.nextInt(6);
            for (int c = 0; c < clusters; c++) {
                int cx = r.nextInt(sx);
                int cy = r.nextInt(sy);
                int cz = r.nextInt(sz);
                int extent = 1 + r.nextInt(6);
                for (int k = 0; k < extent * extent * 3; k++) {
                    int x = cx + r.nextInt(extent);
                    int y = cy + r.nextInt(extent);
                    int z = cz + r.nextInt(extent);
                    if (ref.inside(x, y, z)) {
                        ref.setArea(x, y, z, VoxelReference.SOLID);
                    }
                }
            }
            if (r.nextBoolean()) {
                // a wall across z with a window
                int wz = sz / 2;
                for (int y = 0; y < sy; y++) {
                    for (int x = 0; x < sx; x++) {
                        ref.setArea(x, y, wz, VoxelReference.SOLID);
                    }
                }
                int hx = r.nextInt(sx - 2);
                int hy = r.nextInt(sy - 2);
                for (int y = hy; y < hy + 2; y++) {
                    for (int x = hx; x < hx + 2; x++) {
                        ref.setArea(x, y, wz, 0);
                    }
                }
            }
            compare(ref, r.nextInt(4) == 0 ? 255 : 0, seed, 1, 4, "clustered world");
        }
    }

    /** Goals placed on the lines the jumps scan: face, edge and corner lines, and lines of their scans. */
    @Test
    void goalsOnEveryScanLineKind() {
        Random master = new Random(33);
        int checked = 0;
        for (int i = 0; i < 400; i++) {
            long seed = master.nextLong();
            Random r = new Random(seed);
            int n = 6 + r.nextInt(14);
            VoxelReference ref = VoxelReference.random(
                    n, n, n, 0, r.nextInt(4) == 0 ? 0 : r.nextInt(8), new int[] {0}, r.nextLong());
            // goal = start + k1 * d1 + k2 * d2 + k3 * d3 with d1 a move, d2 within d1, d3 within d2:
            // on a jump's line, on a line of its scans, or on a line of their scans
            int d1 = r.nextInt(26);
            int d2 = within(r, d1);
            int d3 = within(r, d2);
            int kind = r.nextInt(3);
            int k1 = 1 + r.nextInt(n / 2);
            int k2 = kind >= 1 ? r.nextInt(n / 3) : 0;
            int k3 = kind >= 2 ? r.nextInt(n / 3) : 0;
            int[] offset = new int[3];
            int[] s = new int[3];
            boolean fits = true;
            for (int a = 0; a < 3; a++) {
                offset[a] = k1 * VoxelReference.MOVES[d1][a]
                        + k2 * VoxelReference.MOVES[d2][a]
                        + k3 * VoxelReference.MOVES[d3][a];
                int lo = Math.max(0, -offset[a]);
                int hi = Math.min(n - 1, n - 1 - offset[a]);
                fits &= lo <= hi;
                s[a] = fits ? lo + r.nextInt(hi - lo + 1) : 0;
            }
            if (!fits) {
                continue;
            }
            int[] g = {s[0] + offset[0], s[1] + offset[1], s[2] + offset[2]};
            ref.setArea(s[0], s[1], s[2], 0);
            ref.setArea(g[0], g[1], g[2], 0);
            int start = ref.node(s[0], s[1], s[2]);
            int goal = ref.node(g[0], g[1], g[2]);
            double dist = ref.distance(start, goal, C26, NCC, null);
            try (VoxelGrid grid = ref.toGrid(0);
                    VoxelJumpSearch search = new VoxelJumpSearch(grid.createTopology(C26, NCC), r.nextBoolean())) {
                Run run = run(search, start, goal, Integer.MAX_VALUE);
                String where = "seed " + seed + "\n" + ref;
                if (dist == Double.POSITIVE_INFINITY) {
                    assertEquals(SearchStatus.NO_PATH, run.status(), where);
                } else {
                    assertEquals(SearchStatus.FOUND, run.status(), where);
                    assertEquals(dist, run.cost(), 1e-9 * Math.max(1, dist), where);
                    checkPath(ref, start, goal, run, where);
                    checked++;
                }
            }
        }
        assertTrue(checked > 250, "checked " + checked);
    }

    /** A random move within d (its components a subset of d's), d itself included. */
    private static int within(Random r, int d) {
        List<Integer> options = new ArrayList<>();
        for (int e = 0; e < 26; e++) {
            boolean ok = true;
            for (int a = 0; a < 3; a++) {
                int ea = VoxelReference.MOVES[e][a];
                ok &= ea == 0 || ea == VoxelReference.MOVES[d][a];
            }
            if (ok) {
                options.add(e);
            }
        }
        return options.get(r.nextInt(options.size()));
    }

    @Test
    void slicedEqualsUnsliced() {
        Random master = new Random(34);
        for (int i = 0; i < 150; i++) {
            long seed = master.nextLong();
            Random r = new Random(seed);
            int sx = 4 + r.nextInt(30);
            VoxelReference ref = VoxelReference.random(
                    sx, 4 + r.nextInt(12), 4 + r.nextInt(12), 0, r.nextInt(30), new int[] {0}, r.nextLong());
            List<Integer> open = ref.openNodes();
            if (open.size() < 2) {
                continue;
            }
            int start = open.get(r.nextInt(open.size()));
            int goal = open.get(r.nextInt(open.size()));
            try (VoxelGrid grid = ref.toGrid(0);
                    VoxelJumpSearch search = new VoxelJumpSearch(grid.createTopology(C26, NCC), r.nextBoolean())) {
                Run whole = run(search, start, goal, Integer.MAX_VALUE);
                for (int slice : new int[] {1, 2, 7, 50}) {
                    Run sliced = run(search, start, goal, slice);
                    String where = "seed " + seed + " slice " + slice;
                    assertEquals(whole.status(), sliced.status(), where);
                    assertEquals(Double.doubleToLongBits(whole.cost()), Double.doubleToLongBits(sliced.cost()), where);
                    assertArrayEquals(whole.path(), sliced.path(), where);
                    assertArrayEquals(whole.expanded(), sliced.expanded(), where);
                    assertEquals(whole.iterations(), sliced.iterations(), where);
                    assertEquals(whole.expandedCount(), sliced.expandedCount(), where);
                }
                if (whole.status() == SearchStatus.FOUND) {
                    assertEquals(whole.iterations() - 1, whole.expandedCount(), "expanded = iterations - 1 when found");
                } else {
                    assertEquals(whole.iterations(), whole.expandedCount());
                }
            }
        }
    }

    @Test
    void budgetsAndCancellationAsTheVoxelAStar() {
        VoxelReference ref = VoxelReference.random(30, 20, 20, 0, 20, new int[] {0}, 35);
        ref.setArea(0, 0, 0, 0);
        ref.setArea(29, 19, 19, 0);
        int start = ref.node(0, 0, 0);
        int goal = ref.node(29, 19, 19);
        try (VoxelGrid grid = ref.toGrid(0);
                VoxelJumpSearch search = new VoxelJumpSearch(grid.createTopology(C26, NCC), false)) {
            search.begin(start, goal);
            SearchStatus whole = search.run();
            int iterations = search.iterations();
            double cost = search.pathCost();
            assertTrue(iterations > 3, "iterations " + iterations);
            search.begin(start, goal);
            assertEquals(
                    org.onepath.cells.PathStatus.BUDGET_EXHAUSTED,
                    search.runWithin(iterations - 1, null, 256),
                    "a budget below the iterations runs out");
            assertEquals(iterations - 1, search.iterations());
            search.begin(start, goal);
            org.onepath.cells.PathStatus sliced = search.runWithin(0, new org.onepath.cells.Cancellation(), 2);
            assertEquals(
                    whole == SearchStatus.FOUND
                            ? org.onepath.cells.PathStatus.FOUND
                            : org.onepath.cells.PathStatus.NO_PATH,
                    sliced);
            assertEquals(iterations, search.iterations(), "a token never cancelled changes nothing");
            assertEquals(Double.doubleToLongBits(cost), Double.doubleToLongBits(search.pathCost()));
            org.onepath.cells.Cancellation token = new org.onepath.cells.Cancellation();
            token.cancel();
            search.begin(start, goal);
            assertThrows(java.util.concurrent.CancellationException.class, () -> search.runWithin(0, token, 1));
            assertEquals(0, search.iterations(), "cancelled before the first slice");
        }
    }

    @Test
    void startEqualsGoalAndUnitCosts() {
        try (VoxelGrid grid = VoxelGrid.create(5, 5, 5);
                VoxelJumpSearch search = new VoxelJumpSearch(grid.createTopology(C26, NCC), false)) {
            int node = grid.indexOf(2, 2, 2);
            search.begin(node, node);
            assertEquals(SearchStatus.FOUND, search.run());
            assertEquals(0.0, search.pathCost());
            assertArrayEquals(new int[] {node}, search.path());
            assertEquals(0, search.expandedCount());
            assertEquals(1, search.iterations());
            // one cost for every area scales the path
            for (int a = 0; a < 255; a++) {
                grid.areas().set(a, 2.5);
            }
            search.begin(grid.indexOf(0, 0, 0), grid.indexOf(4, 3, 1));
            assertEquals(SearchStatus.FOUND, search.run());
            double expected = 2.5 * (VoxelReference.SQRT3 + 2 * VoxelReference.SQRT2 + 1);
            assertEquals(expected, search.pathCost(), 1e-12);
            assertArrayEquals(new int[] {1, 2, 1}, search.pathSteps());
            assertEquals(5, search.pathLength());
        }
    }

    @Test
    void refusesWhatItCannotSearchAndUseAfterClose() {
        try (VoxelGrid grid = VoxelGrid.create(4, 4, 4)) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> new VoxelJumpSearch(grid.createTopology(VoxelConnectivity.EIGHTEEN, NCC), false));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> new VoxelJumpSearch(grid.createTopology(C26, VoxelCornerRule.NO_SQUEEZING), false));
            VoxelJumpSearch search = new VoxelJumpSearch(grid.createTopology(C26, NCC), false);
            assertThrows(IllegalStateException.class, () -> search.step(1), "step before begin");
            assertThrows(IllegalArgumentException.class, () -> search.begin(-1, 0));
            assertThrows(IllegalArgumentException.class, () -> search.begin(0, 64));
            grid.areas().set(3, 2.0);
            IllegalStateException areas = assertThrows(IllegalStateException.class, () -> search.begin(0, 63));
            assertTrue(areas.getMessage().contains("one cost"), areas.getMessage());
            grid.areas().set(3, 1.0);
            search.begin(0, 63);
            assertEquals(SearchStatus.FOUND, search.run());
            assertThrows(IllegalArgumentException.class, () -> search.copyPath(new int[0]), "buffer too short");
            search.close();
            search.close();
            IllegalStateException closed = assertThrows(IllegalStateException.class, () -> search.begin(0, 63));
            assertTrue(closed.getMessage().contains("VoxelJumpSearch"), closed.getMessage());
            assertThrows(IllegalStateException.class, search::trimPool);
            for (org.junit.jupiter.api.function.Executable call : List.<org.junit.jupiter.api.function.Executable>of(
                    () -> search.step(1),
                    search::pathCost,
                    search::pathLength,
                    search::path,
                    search::pathSteps,
                    search::expandedNodes,
                    search::memoryBytes,
                    () -> search.canStandOn(0),
                    () -> search.tryBegin(0, 63))) {
                IllegalStateException e = assertThrows(IllegalStateException.class, call);
                assertTrue(e.getMessage().contains("VoxelJumpSearch"), e.getMessage());
            }
            grid.setWalkable(1, 1, 1, false); // the closed search no longer listens
        }
    }

    @Test
    void pagesGrowWithTheSearchNotTheWorld() {
        try (VoxelGrid grid = VoxelGrid.create(1024, 1024, 1024);
                VoxelJumpSearch search = new VoxelJumpSearch(grid.createTopology(C26, NCC), false)) {
            grid.setWalkable(500, 700, 500, false); // a stored chunk off the diagonal
            search.begin(grid.indexOf(0, 0, 0), grid.indexOf(1023, 1023, 1023));
            assertEquals(SearchStatus.FOUND, search.run());
            assertEquals(1023 * VoxelReference.SQRT3, search.pathCost(), 1e-9);
            assertTrue(search.pagesUsed() < 1000, "pages " + search.pagesUsed());
            assertEquals(1024, search.pathLength());
            search.trimPool();
            assertEquals(0, search.pagesUsed());
        }
    }

    /** One search kept across random edits answers as Dijkstra on the edited contents each time. */
    @Test
    void aSearchKeptAcrossEditsEqualsDijkstra() {
        Random master = new Random(36);
        for (int i = 0; i < 30; i++) {
            long seed = master.nextLong();
            Random r = new Random(seed);
            int sx = 5 + r.nextInt(70);
            int sy = 5 + r.nextInt(20);
            int sz = 5 + r.nextInt(20);
            int defaultArea = r.nextInt(4) == 0 ? 255 : 0;
            VoxelReference ref = new VoxelReference(sx, sy, sz, defaultArea);
            try (VoxelGrid grid = VoxelGrid.create(sx, sy, sz, defaultArea);
                    VoxelJumpSearch search = new VoxelJumpSearch(grid.createTopology(C26, NCC), r.nextBoolean())) {
                for (int round = 0; round < 8; round++) {
                    int edits = 1 + r.nextInt(round == 0 ? 400 : 60);
                    for (int e = 0; e < edits; e++) {
                        int x = r.nextInt(sx);
                        int y = r.nextInt(sy);
                        int z = r.nextInt(sz);
                        int area = r.nextInt(3) == 0 ? VoxelReference.SOLID : 0;
                        grid.setArea(x, y, z, area);
                        ref.setArea(x, y, z, area);
                    }
                    List<Integer> open = ref.openNodes();
                    if (open.size() < 2) {
                        continue;
                    }
                    int start = open.get(r.nextInt(open.size()));
                    int goal = open.get(r.nextInt(open.size()));
                    double dist = ref.distance(start, goal, C26, NCC, null);
                    Run run = run(search, start, goal, Integer.MAX_VALUE);
                    String where = "seed " + seed + " round " + round;
                    if (dist == Double.POSITIVE_INFINITY) {
                        assertEquals(SearchStatus.NO_PATH, run.status(), where);
                    } else {
                        assertEquals(SearchStatus.FOUND, run.status(), where);
                        assertEquals(dist, run.cost(), 1e-9 * Math.max(1, dist), where);
                        checkPath(ref, start, goal, run, where);
                    }
                }
            }
        }
    }

    @Test
    void editsReachTheSearch() {
        try (VoxelGrid grid = VoxelGrid.create(40, 20, 20);
                VoxelJumpSearch search = new VoxelJumpSearch(grid.createTopology(C26, NCC), false)) {
            int start = grid.indexOf(0, 10, 10);
            int goal = grid.indexOf(39, 10, 10);
            search.begin(start, goal);
            search.run();
            assertEquals(39.0, search.pathCost(), 1e-12);
            // a wall across x with no hole: no path
            for (int z = 0; z < 20; z++) {
                for (int y = 0; y < 20; y++) {
                    grid.setWalkable(20, y, z, false);
                }
            }
            search.begin(start, goal);
            assertEquals(SearchStatus.NO_PATH, search.run());
            grid.setWalkable(20, 3, 15, true);
            search.begin(start, goal);
            assertEquals(SearchStatus.FOUND, search.run());
            VoxelReference ref = new VoxelReference(40, 20, 20, 0);
            for (int z = 0; z < 20; z++) {
                for (int y = 0; y < 20; y++) {
                    ref.setArea(20, y, z, VoxelReference.SOLID);
                }
            }
            ref.setArea(20, 3, 15, 0);
            assertEquals(ref.distance(start, goal, C26, NCC, null), search.pathCost(), 1e-9);
            assertFalse(search.bits().storedTileCount() == 0);
        }
    }
}
