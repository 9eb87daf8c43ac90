package org.onepath.grids.voxel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.onepath.VoxelGrid;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.StepCost;

/**
 * The paged voxel search against the dense tier-2 A* over the same topology (same status, cost
 * bits, path, expansion order and counts), against an independent Dijkstra ({@link VoxelReference})
 * and against itself run in slices.
 */
class PagedEqualsDensePropertyTest {

    /** One random grid and query set. */
    record Setup(
            int sx,
            int sy,
            int sz,
            int defaultArea,
            int solidPercent,
            boolean areas,
            long seed,
            VoxelConnectivity connectivity,
            VoxelCornerRule rule,
            double weight) {
        @Override
        public String toString() {
            return sx + "x" + sy + "x" + sz + " default " + defaultArea + " solid " + solidPercent + "% areas " + areas
                    + " seed " + seed + " " + connectivity + " " + rule + " w " + weight;
        }
    }

    /** Result of one search, everything the equality covers. */
    record Outcome(SearchStatus status, long costBits, int[] path, int[] expanded, int iterations, int expandedCount) {
        void assertSame(Outcome o, Supplier<String> where) {
            assertEquals(status, o.status, where);
            assertEquals(
                    costBits,
                    o.costBits,
                    () -> "cost " + Double.longBitsToDouble(costBits) + " vs " + Double.longBitsToDouble(o.costBits)
                            + "; " + where.get());
            assertArrayEquals(path, o.path, () -> "path; " + where.get());
            assertArrayEquals(expanded, o.expanded, () -> "expansion order; " + where.get());
            assertEquals(iterations, o.iterations, () -> "iterations; " + where.get());
            assertEquals(expandedCount, o.expandedCount, () -> "expanded count; " + where.get());
        }

        double cost() {
            return Double.longBitsToDouble(costBits);
        }
    }

    private static Arbitrary<Integer> side() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.integers().between(3, 20)),
                Tuple.of(3, Arbitraries.of(7, 8, 9, 15, 16, 17)),
                Tuple.of(1, Arbitraries.integers().between(1, 2)));
    }

    @Provide
    Arbitrary<Setup> setups() {
        Arbitrary<Integer> defaults = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.just(0)), Tuple.of(3, Arbitraries.just(255)), Tuple.of(1, Arbitraries.just(3)));
        Arbitrary<Double> weights = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.just(1.0)),
                Tuple.of(3, Arbitraries.just(0.0)),
                Tuple.of(1, Arbitraries.just(2.5)));
        return Combinators.combine(
                        side(),
                        side(),
                        side(),
                        defaults,
                        Arbitraries.integers().between(0, 45),
                        Arbitraries.of(false, true),
                        Arbitraries.longs(),
                        Arbitraries.of(VoxelConnectivity.class))
                .flatAs((x, y, z, def, solid, areas, seed, conn) -> Combinators.combine(
                                Arbitraries.of(VoxelCornerRule.class), weights)
                        .as((rule, w) -> new Setup(x, y, z, def, solid, areas, seed, conn, rule, w)));
    }

    /** The reference contents of a setup (area ids and multipliers). */
    private static VoxelReference contents(Setup s) {
        Random r = new Random(s.seed());
        int[] palette = s.areas() ? new int[] {0, 1, 2, 3, 254} : new int[] {0};
        VoxelReference ref =
                VoxelReference.random(s.sx(), s.sy(), s.sz(), s.defaultArea(), s.solidPercent(), palette, r.nextLong());
        if (s.areas()) {
            for (int a : new int[] {1, 2, 3, 254}) {
                ref.setMultiplier(a, r.nextInt(4) == 0 ? 1.0 : 0.25 + r.nextInt(40) * 0.1);
            }
        }
        if (s.sx() >= 3 && r.nextInt(3) == 0) {
            // a solid plane across x, sometimes with one hole: disconnected halves and narrow passages
            int wx = s.sx() / 2;
            for (int z = 0; z < s.sz(); z++) {
                for (int y = 0; y < s.sy(); y++) {
                    ref.setArea(wx, y, z, VoxelReference.SOLID);
                }
            }
            if (r.nextBoolean()) {
                ref.setArea(wx, r.nextInt(s.sy()), r.nextInt(s.sz()), 0);
            }
        }
        return ref;
    }

    static Outcome dense(
            VoxelGrid grid, VoxelConnectivity c, VoxelCornerRule rule, StepCost cost, double w, int start, int goal) {
        VoxelTopology topology = grid.createTopology(c, rule);
        try (GridSearchBuffers buffers = new GridSearchBuffers(topology.nodeCount())) {
            buffers.recordExpansions(true);
            AStar<VoxelTopology, StepCost, VoxelHeuristic> astar =
                    new AStar<>(topology, cost, new VoxelHeuristic(topology), buffers, w);
            astar.begin(start, goal);
            astar.run();
            return new Outcome(
                    astar.status(),
                    Double.doubleToRawLongBits(astar.pathCost()),
                    astar.status() == SearchStatus.FOUND ? astar.path() : new int[0],
                    astar.expandedNodes(),
                    astar.iterations(),
                    astar.expandedCount());
        }
    }

    /** The dense A* run in slices of random sizes 0..60. */
    static Outcome denseMixed(VoxelGrid grid, Setup s, int start, int goal, long seed) {
        Random r = new Random(seed);
        VoxelTopology topology = grid.createTopology(s.connectivity(), s.rule());
        try (GridSearchBuffers buffers = new GridSearchBuffers(topology.nodeCount())) {
            buffers.recordExpansions(true);
            AStar<VoxelTopology, StepCost, VoxelHeuristic> astar =
                    new AStar<>(topology, DefaultStepCost.INSTANCE, new VoxelHeuristic(topology), buffers, s.weight());
            astar.begin(start, goal);
            while (astar.status() == SearchStatus.RUNNING) {
                astar.step(r.nextInt(61));
            }
            return new Outcome(
                    astar.status(),
                    Double.doubleToRawLongBits(astar.pathCost()),
                    astar.status() == SearchStatus.FOUND ? astar.path() : new int[0],
                    astar.expandedNodes(),
                    astar.iterations(),
                    astar.expandedCount());
        }
    }

    static Outcome paged(PagedVoxelSearch search, int start, int goal, int budget) {
        search.recordExpansions(true);
        search.begin(start, goal);
        assertEquals(SearchStatus.RUNNING, search.status());
        int guard = 0;
        while (search.status() == SearchStatus.RUNNING) {
            int before = search.iterations();
            SearchStatus returned = search.step(budget);
            assertEquals(search.status(), returned, "step returns the status");
            assertTrue(search.iterations() - before <= budget, "a slice runs at most its budget");
            if (returned == SearchStatus.RUNNING) {
                assertEquals(budget, search.iterations() - before, "a slice that leaves work runs its whole budget");
            }
            assertTrue(++guard < 10_000_000);
        }
        return new Outcome(
                search.status(),
                Double.doubleToRawLongBits(search.pathCost()),
                search.status() == SearchStatus.FOUND ? search.path() : new int[0],
                search.expandedNodes(),
                search.iterations(),
                search.expandedCount());
    }

    private static int pickOpen(Random r, VoxelReference ref, List<Integer> open) {
        return open.get(r.nextInt(open.size()));
    }

    @Property(tries = 200)
    void pagedEqualsDenseAndTheReference(@ForAll("setups") Setup s) {
        VoxelReference ref = contents(s);
        List<Integer> open = ref.openNodes();
        if (open.isEmpty()) {
            return;
        }
        Random r = new Random(s.seed() ^ 0x5DEECE66DL);
        try (VoxelGrid grid = ref.toGrid(s.defaultArea());
                PagedVoxelSearch search = new PagedVoxelSearch(
                        grid.createTopology(s.connectivity(), s.rule()), heuristicFor(grid, s), null, s.weight())) {
            for (int q = 0; q < 3; q++) {
                int start = pickOpen(r, ref, open);
                int goal = q == 2 ? start : pickOpen(r, ref, open);
                Supplier<String> where = () -> "query " + start + " -> " + goal + " on " + s + "\n" + ref;
                Outcome dense =
                        dense(grid, s.connectivity(), s.rule(), DefaultStepCost.INSTANCE, s.weight(), start, goal);
                Outcome paged = paged(search, start, goal, Integer.MAX_VALUE);
                dense.assertSame(paged, where);
                checkAgainstReference(ref, s.connectivity(), s.rule(), s.weight(), null, start, goal, paged, where);
                for (int budget : new int[] {1, 2, 7, 50}) {
                    Outcome sliced = paged(search, start, goal, budget);
                    paged.assertSame(sliced, () -> "budget " + budget + "; " + where.get());
                }
                // a mixed sequence of slices (0 included) on the dense engine too
                Outcome mixed = denseMixed(grid, s, start, goal, r.nextLong());
                paged.assertSame(mixed, () -> "dense in mixed slices; " + where.get());
                Statistics.label("status").collect(paged.status());
                assertTrue(search.pagesUsed() >= 1);
            }
        }
        Statistics.label("status").coverage(c -> {
            c.check(SearchStatus.FOUND).percentage(p -> p >= 40);
            c.check(SearchStatus.NO_PATH).count(n -> n >= 8);
        });
    }

    private static VoxelHeuristic heuristicFor(VoxelGrid grid, Setup s) {
        return new VoxelHeuristic(grid.createTopology(s.connectivity(), s.rule()));
    }

    /**
     * Optimal cost (weights 0 and 1; the estimate is consistent) within 1e-9 relative of the
     * reference Dijkstra, same reachability, the path a chain of legal moves from start to goal
     * whose costs summed in path order give the reported cost bit for bit.
     */
    private static void checkAgainstReference(
            VoxelReference ref,
            VoxelConnectivity c,
            VoxelCornerRule rule,
            double weight,
            VoxelReference.Hook hook,
            int start,
            int goal,
            Outcome got,
            Supplier<String> where) {
        double expected = ref.distance(start, goal, c, rule, hook);
        if (expected == Double.POSITIVE_INFINITY) {
            assertEquals(SearchStatus.NO_PATH, got.status(), where);
            assertEquals(Double.POSITIVE_INFINITY, got.cost(), where);
            assertEquals(got.iterations(), got.expandedCount(), where);
            return;
        }
        assertEquals(SearchStatus.FOUND, got.status(), where);
        assertEquals(got.iterations() - 1, got.expandedCount(), where);
        int[] path = got.path();
        assertEquals(start, path[0], where);
        assertEquals(goal, path[path.length - 1], where);
        double sum = 0;
        for (int i = 1; i < path.length; i++) {
            double step = ref.moveCost(path[i - 1], path[i], c, rule);
            int a = path[i - 1];
            int b = path[i];
            assertTrue(!Double.isNaN(step), () -> "illegal move " + a + " -> " + b + "; " + where.get());
            if (hook != null) {
                int[] f = ref.cell(a);
                int[] t = ref.cell(b);
                step = hook.cost(f[0], f[1], f[2], t[0], t[1], t[2], step);
            }
            sum += step;
        }
        double summed = sum;
        if (weight <= 1.0) {
            // no reopening with a consistent estimate: g of the goal is the path's steps summed in order
            assertEquals(
                    Double.doubleToRawLongBits(summed),
                    Double.doubleToRawLongBits(got.cost()),
                    () -> "cost " + got.cost() + " is not the path's steps summed in order (" + summed + "); "
                            + where.get());
            assertEquals(expected, got.cost(), 1e-9 * Math.max(1.0, expected), () -> "optimal cost; " + where.get());
        } else {
            // an inflated estimate may reopen a parent after its child's cost was set
            assertTrue(summed <= got.cost() + 1e-9 * Math.max(1.0, expected), where);
            assertTrue(summed >= expected - 1e-9 * Math.max(1.0, expected), where);
        }
    }

    // ---- a cost hook: paged VoxelMoveCost vs dense StepCost decoding node indices ----

    /** Cost factor of entering a voxel; some voxels refuse entry with NaN, -1 or +infinity. */
    private static double hook(int fx, int fy, int fz, int tx, int ty, int tz, double base) {
        int h = (tx * 7 + ty * 13 + tz * 5 + fx) % 17;
        if (h == 3) {
            return Double.NaN;
        }
        if (h == 5 && fz != tz) {
            return -1.0;
        }
        if (h == 11 && fy == ty) {
            return Double.POSITIVE_INFINITY;
        }
        return base * (1.0 + (h % 4) * 0.5) + (tz > fz ? 0.75 : 0.0);
    }

    @Property(tries = 80)
    void pagedWithAHookEqualsDenseWithTheSameHook(@ForAll("setups") Setup s) {
        VoxelReference ref = contents(s);
        List<Integer> open = ref.openNodes();
        if (open.isEmpty()) {
            return;
        }
        int sx = s.sx();
        int sy = s.sy();
        StepCost denseHook = (from, to, base) -> {
            int fx = from % sx;
            int fy = (from / sx) % sy;
            int fz = from / (sx * sy);
            int tx = to % sx;
            int ty = (to / sx) % sy;
            int tz = to / (sx * sy);
            return hook(fx, fy, fz, tx, ty, tz, base);
        };
        Random r = new Random(s.seed() ^ 0x1234L);
        try (VoxelGrid grid = ref.toGrid(s.defaultArea());
                PagedVoxelSearch search = new PagedVoxelSearch(
                        grid.createTopology(s.connectivity(), s.rule()),
                        heuristicFor(grid, s),
                        PagedEqualsDensePropertyTest::hook,
                        s.weight())) {
            for (int q = 0; q < 2; q++) {
                int start = pickOpen(r, ref, open);
                int goal = pickOpen(r, ref, open);
                Supplier<String> where = () -> "hooked query " + start + " -> " + goal + " on " + s + "\n" + ref;
                Outcome dense = dense(grid, s.connectivity(), s.rule(), denseHook, s.weight(), start, goal);
                Outcome paged = paged(search, start, goal, Integer.MAX_VALUE);
                dense.assertSame(paged, where);
                checkAgainstReference(
                        ref,
                        s.connectivity(),
                        s.rule(),
                        s.weight(),
                        PagedEqualsDensePropertyTest::hook,
                        start,
                        goal,
                        paged,
                        where);
                Outcome sliced = paged(search, start, goal, 7);
                paged.assertSame(sliced, () -> "budget 7; " + where.get());
            }
        }
    }

    // ---- fixed cases ----

    @Test
    void startEqualsGoal() {
        try (VoxelGrid grid = VoxelGrid.create(10, 10, 10);
                PagedVoxelSearch search = searchOver(grid, VoxelConnectivity.TWENTY_SIX, 1.0)) {
            int n = 3 + 10 * (4 + 10 * 5);
            search.recordExpansions(true);
            search.begin(n, n);
            assertEquals(SearchStatus.FOUND, search.step(1));
            assertArrayEquals(new int[] {n}, search.path());
            assertEquals(0.0, search.pathCost());
            assertEquals(1, search.iterations());
            assertEquals(0, search.expandedCount());
            assertEquals(0, search.expandedNodes().length);
        }
    }

    @Test
    void straightLineInAnOpenGrid() {
        // along x in open space every voxel is one face move; with the exact estimate and larger-g
        // ties first, A* expands exactly the voxels before the goal
        try (VoxelGrid grid = VoxelGrid.create(40, 3, 3);
                PagedVoxelSearch search = searchOver(grid, VoxelConnectivity.TWENTY_SIX, 1.0)) {
            int start = 0 + 40 * (1 + 3 * 1);
            int goal = 39 + 40 * (1 + 3 * 1);
            search.recordExpansions(true);
            search.begin(start, goal);
            search.step(Integer.MAX_VALUE);
            assertEquals(SearchStatus.FOUND, search.status());
            assertEquals(39.0, search.pathCost());
            int[] path = search.path();
            assertEquals(40, path.length);
            for (int i = 0; i < 40; i++) {
                assertEquals(start + i, path[i]);
            }
            assertEquals(39, search.expandedCount());
            assertEquals(40, search.iterations());
        }
    }

    /**
     * Six moves on an open 6 x 6 x 1 slab from (0,0,0) to (5,5,0): every monotone voxel has f = 10.
     * Larger g first makes the search run straight to the goal; among equal g the smaller node
     * (x before y) goes first, so it runs along x, then along y.
     */
    @Test
    void openOrderIsSmallerFThenLargerGThenSmallerNode() {
        try (VoxelGrid grid = VoxelGrid.create(6, 6, 1);
                PagedVoxelSearch search = searchOver(grid, VoxelConnectivity.SIX, 1.0)) {
            search.recordExpansions(true);
            search.begin(0, 35);
            assertEquals(SearchStatus.FOUND, search.step(Integer.MAX_VALUE));
            assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 11, 17, 23, 29}, search.expandedNodes());
            assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 11, 17, 23, 29, 35}, search.path());
            assertEquals(11, search.iterations());
            assertEquals(10, search.expandedCount());
            assertEquals(10.0, search.pathCost());
        }
        // weight 0 from the centre of a 3 x 3 x 3 grid: the six g = 1 voxels in node order
        try (VoxelGrid grid = VoxelGrid.create(3, 3, 3);
                PagedVoxelSearch search = searchOver(grid, VoxelConnectivity.TWENTY_SIX, 0.0)) {
            search.recordExpansions(true);
            search.begin(13, 26);
            search.step(7);
            assertArrayEquals(new int[] {13, 4, 10, 12, 14, 16, 22}, search.expandedNodes());
        }
    }

    /** 3 x 3 x 1, six moves, weight 0: (1,1) is reached from (1,0) and then again, at the same cost, from (0,1). */
    @Test
    void equalCostAlternativesKeepTheFirstParent() {
        try (VoxelGrid grid = VoxelGrid.create(3, 3, 1);
                PagedVoxelSearch search = searchOver(grid, VoxelConnectivity.SIX, 0.0)) {
            search.recordExpansions(true);
            search.begin(0, 4);
            assertEquals(SearchStatus.FOUND, search.step(Integer.MAX_VALUE));
            assertArrayEquals(new int[] {0, 1, 3, 2}, search.expandedNodes());
            assertArrayEquals(new int[] {0, 1, 4}, search.path());
            assertEquals(2.0, search.pathCost());
        }
    }

    @Test
    void disconnectedGoalGivesNoPath() {
        try (VoxelGrid grid = VoxelGrid.create(12, 12, 12)) {
            for (int y = 0; y < 12; y++) {
                for (int z = 0; z < 12; z++) {
                    grid.setWalkable(6, y, z, false);
                }
            }
            try (PagedVoxelSearch search = searchOver(grid, VoxelConnectivity.TWENTY_SIX, 1.0)) {
                int goal = 11 + 12 * (11 + 12 * 11);
                search.recordExpansions(true);
                search.begin(0, goal);
                assertEquals(SearchStatus.NO_PATH, search.step(Integer.MAX_VALUE));
                assertEquals(Double.POSITIVE_INFINITY, search.pathCost());
                // every reachable voxel (x < 6) is expanded, none beyond the wall; a voxel may be
                // reopened when a differently ordered sum of the same steps comes out an ulp lower
                int[] expanded = search.expandedNodes();
                java.util.Set<Integer> distinct = new java.util.HashSet<>();
                for (int n : expanded) {
                    distinct.add(n);
                    assertTrue(n % 12 < 6, "expanded " + n);
                }
                assertEquals(6 * 12 * 12, distinct.size());
                assertEquals(expanded.length, search.iterations());
                assertEquals(search.iterations(), search.expandedCount());
                Outcome dense = dense(
                        grid,
                        VoxelConnectivity.TWENTY_SIX,
                        VoxelCornerRule.NO_CORNER_CUTTING,
                        DefaultStepCost.INSTANCE,
                        1.0,
                        0,
                        goal);
                assertEquals(dense.iterations(), search.iterations());
                assertArrayEquals(dense.expanded(), expanded);
                assertEquals(0, search.pathLength());
                assertThrows(IllegalStateException.class, search::path);
            }
        }
    }

    @Test
    void argumentsAndStateAreChecked() {
        try (VoxelGrid grid = VoxelGrid.create(4, 4, 4)) {
            PagedVoxelSearch search = searchOver(grid, VoxelConnectivity.SIX, 1.0);
            IllegalStateException notBegun = assertThrows(IllegalStateException.class, () -> search.step(1));
            assertTrue(notBegun.getMessage().contains("begin"), notBegun.getMessage());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> search.begin(64, 0));
            assertTrue(e.getMessage().contains("64"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> search.begin(0, -1));
            search.begin(0, 63);
            assertThrows(IllegalArgumentException.class, () -> search.step(-1));
            assertEquals(SearchStatus.RUNNING, search.step(0));
            assertEquals(0, search.iterations());
            search.close();
            search.close();
            assertThrows(IllegalStateException.class, () -> search.begin(0, 1));
            VoxelTopology topology = grid.createTopology(VoxelConnectivity.SIX, VoxelCornerRule.NO_CORNER_CUTTING);
            e = assertThrows(
                    IllegalArgumentException.class,
                    () -> new PagedVoxelSearch(topology, new VoxelHeuristic(topology), null, -0.5).close());
            assertTrue(e.getMessage().contains("-0.5"), e.getMessage());
            assertThrows(
                    IllegalArgumentException.class,
                    () -> new PagedVoxelSearch(topology, new VoxelHeuristic(topology), null, Double.NaN).close());
        }
    }

    @Test
    void pagesGrowWithTheBlocksTheSearchTouches() {
        try (VoxelGrid grid = VoxelGrid.create(200, 200, 200);
                PagedVoxelSearch search = searchOver(grid, VoxelConnectivity.TWENTY_SIX, 1.0)) {
            int start = 4 + 200 * (4 + 200 * 4);
            int goal = 190 + 200 * (4 + 200 * 4);
            search.begin(start, goal);
            search.step(Integer.MAX_VALUE);
            assertEquals(SearchStatus.FOUND, search.status());
            assertEquals(186.0, search.pathCost());
            // a straight run along x touches the 8^3 blocks of one row (plus neighbours), not 25^3
            assertTrue(search.pagesUsed() <= 3 * 3 * 25, "pages " + search.pagesUsed());
            assertTrue(search.pagesUsed() >= 24, "pages " + search.pagesUsed());
        }
    }

    /**
     * A search over more than {@link PagedVoxelSearch#POOL_LIMIT_PAGES} pages (a 32,800 x 2 x 2
     * tube has 4,100 blocks of 8 x 8 x 8), then trimPool frees the pool; later searches, after
     * edits, still equal the dense A*.
     */
    @Test
    void searchesAfterTheLargePoolIsTrimmedStillAgree() {
        int sx = 32_800;
        try (VoxelGrid grid = VoxelGrid.create(sx, 2, 2)) {
            // the last voxel of the tube walled off: the search floods the whole tube
            for (int y = 0; y < 2; y++) {
                for (int z = 0; z < 2; z++) {
                    grid.setWalkable(sx - 2, y, z, false);
                }
            }
            int goal = sx - 1;
            try (PagedVoxelSearch search = searchOver(grid, VoxelConnectivity.TWENTY_SIX, 1.0)) {
                search.begin(0, goal);
                assertEquals(SearchStatus.NO_PATH, search.step(Integer.MAX_VALUE));
                assertTrue(search.pagesUsed() > PagedVoxelSearch.POOL_LIMIT_PAGES, "pages " + search.pagesUsed());
                assertTrue(search.iterations() >= (sx - 2) * 4);
                search.trimPool();
                assertEquals(0, search.pagesUsed());
                assertEquals(SearchStatus.NOT_STARTED, search.status());
                assertThrows(IllegalStateException.class, () -> search.step(1));
                // one solid voxel of the 2 x 2 cross-section every 3 voxels: detours, never a cut
                Random r = new Random(11);
                for (int x = 100; x < 3000; x += 3) {
                    grid.setWalkable(x, r.nextInt(2), r.nextInt(2), false);
                }
                int[][] queries = {
                    {5, 2_000 + sx * 3}, {30 + sx, 2_900 + sx * 2}, {2_950 + sx * 3, 90}, {sx - 3, sx - 1500}
                };
                for (int[] q : queries) {
                    Outcome paged = paged(search, q[0], q[1], 1000);
                    Outcome dense = dense(
                            grid,
                            VoxelConnectivity.TWENTY_SIX,
                            VoxelCornerRule.NO_CORNER_CUTTING,
                            DefaultStepCost.INSTANCE,
                            1.0,
                            q[0],
                            q[1]);
                    dense.assertSame(paged, () -> "after trimming, " + q[0] + " -> " + q[1]);
                    assertEquals(SearchStatus.FOUND, paged.status());
                    search.trimPool();
                }
            }
        }
    }

    private static PagedVoxelSearch searchOver(VoxelGrid grid, VoxelConnectivity c, double w) {
        VoxelTopology topology = grid.createTopology(c, VoxelCornerRule.NO_CORNER_CUTTING);
        return new PagedVoxelSearch(
                topology, new VoxelHeuristic(grid.createTopology(c, VoxelCornerRule.NO_CORNER_CUTTING)), null, w);
    }
}
