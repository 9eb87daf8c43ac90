package org.onepath.grids.hpa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.onepath.Grid;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.grids.SearchStatus;

/**
 * HPA* against the plain model of {@link HpaReference} on random grids (4 and 8 moves, the
 * supported rules, agent sizes 1-3, area costs, chunk sizes 2-32, thresholds 1-8): a path is found
 * exactly when Dijkstra reaches the goal, every step is a legal move, the cost is the independent
 * sum of the steps and never below Dijkstra's, smoothing never makes it longer, every intra-edge is
 * the chunk-restricted Dijkstra cost, and a search sliced into budgets of 1-17 equals one run.
 */
class HpaSearchPropertyTest {

    static Grid toGrid(HpaReference ref) {
        Grid grid = Grid.create(ref.w, ref.h);
        for (int i = 0; i < ref.w * ref.h; i++) {
            grid.setArea(i % ref.w, i / ref.w, ref.area[i]);
        }
        for (int a = 0; a < 255; a++) {
            if (ref.mult[a] != 1.0) {
                grid.areas().set(a, ref.mult[a]);
            }
        }
        return grid;
    }

    static void randomOptions(Random rnd, HpaReference ref) {
        ref.eight = rnd.nextInt(3) != 0;
        ref.rule = ref.eight ? rnd.nextInt(2) : rnd.nextInt(3);
        ref.size = 1 + (rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(2) : 0);
    }

    static DiagonalRule ruleOf(HpaReference ref) {
        return DiagonalRule.values()[ref.rule];
    }

    @Property(tries = 1000)
    void pathsAreLegalFoundExactlyWhenReachableAndNeverCheaper(
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random rnd = new Random(seed);
        HpaReference ref = HpaReference.random(rnd, 36);
        randomOptions(rnd, ref);
        int chunk = rnd.nextInt(5) == 0 ? 2 + rnd.nextInt(31) : 2 + rnd.nextInt(7);
        int threshold = 1 + rnd.nextInt(8);
        int[] open = java.util.stream.IntStream.range(0, ref.w * ref.h)
                .filter(ref::walkable)
                .toArray();
        if (open.length == 0) {
            return;
        }
        assertEquals(DiagonalRule.NO_CORNER_CUTTING, DiagonalRule.values()[0]);
        try (Grid grid = toGrid(ref);
                HpaHierarchy hierarchy = new HpaHierarchy(
                        grid,
                        chunk,
                        ref.size,
                        ref.eight ? Connectivity.EIGHT : Connectivity.FOUR,
                        ruleOf(ref),
                        threshold);
                HpaSearch smooth = new HpaSearch(hierarchy, true);
                HpaSearch raw = new HpaSearch(hierarchy, false)) {
            Supplier<String> where = () -> "seed " + seed + ": " + ref.w + " x " + ref.h + ", chunk " + chunk + ", T "
                    + threshold + ", size " + ref.size + ", " + (ref.eight ? "eight " : "four ") + ruleOf(ref);
            checkIntraEdges(ref, hierarchy, where);
            for (int q = 0; q < 4; q++) {
                int start = open[rnd.nextInt(open.length)];
                int goal = open[rnd.nextInt(open.length)];
                double optimal = ref.dijkstra(start)[goal];
                Supplier<String> query =
                        () -> where.get() + ", " + start + " -> " + goal + " (optimum " + optimal + ")";
                double rawCost = check(ref, raw, start, goal, optimal, query);
                double smoothCost = check(ref, smooth, start, goal, optimal, query);
                if (optimal < Double.POSITIVE_INFINITY) {
                    assertTrue(
                            smoothCost <= rawCost + 1e-9,
                            () -> "smoothing made it longer: " + smoothCost + " > " + rawCost + ", " + query.get());
                }
                if (q == 0) {
                    checkSlicing(smooth, start, goal, 1 + rnd.nextInt(17), query);
                }
            }
        }
    }

    private static double check(
            HpaReference ref, HpaSearch search, int start, int goal, double optimal, Supplier<String> where) {
        assertTrue(search.canStandOn(start) && search.canStandOn(goal), where);
        search.begin(start, goal);
        SearchStatus status = search.step(Integer.MAX_VALUE);
        assertEquals(optimal < Double.POSITIVE_INFINITY ? SearchStatus.FOUND : SearchStatus.NO_PATH, status, where);
        if (status != SearchStatus.FOUND) {
            assertEquals(Double.POSITIVE_INFINITY, search.pathCost(), where);
            return Double.POSITIVE_INFINITY;
        }
        int[] path = search.path();
        assertEquals(start, path[0], where);
        assertEquals(goal, path[path.length - 1], where);
        double sum = 0;
        for (int i = 0; i + 1 < path.length; i++) {
            int a = path[i];
            int b = path[i + 1];
            int step = i;
            assertTrue(ref.legal(a, b), () -> "illegal step " + step + ": " + a + " -> " + b + ", " + where.get());
            sum += ref.cost(a, b);
        }
        assertEquals(sum, search.pathCost(), where);
        double cost = sum;
        assertTrue(
                cost >= optimal - 1e-9 * Math.max(1, optimal),
                () -> "cheaper than the optimum: " + cost + ", " + where.get());
        return cost;
    }

    private static void checkSlicing(HpaSearch search, int start, int goal, int budget, Supplier<String> where) {
        search.begin(start, goal);
        SearchStatus whole = search.step(Integer.MAX_VALUE);
        int[] path = whole == SearchStatus.FOUND ? search.path() : new int[0];
        int iterations = search.iterations();
        double cost = search.pathCost();
        search.begin(start, goal);
        SearchStatus sliced = SearchStatus.RUNNING;
        while (sliced == SearchStatus.RUNNING) {
            sliced = search.step(budget);
        }
        assertEquals(whole, sliced, where);
        assertEquals(iterations, search.iterations(), where);
        assertEquals(Double.doubleToRawLongBits(cost), Double.doubleToRawLongBits(search.pathCost()), where);
        assertArrayEquals(path, whole == SearchStatus.FOUND ? search.path() : new int[0], where);
    }

    /** Every intra-edge equals the chunk-restricted Dijkstra cost between its nodes (+infinity when none). */
    private static void checkIntraEdges(HpaReference ref, HpaHierarchy hierarchy, Supplier<String> where) {
        int c = hierarchy.chunkSize();
        for (int k = 0; k < hierarchy.chunkCount(); k++) {
            int x0 = (k % hierarchy.chunksX()) * c;
            int y0 = (k / hierarchy.chunksX()) * c;
            int n = hierarchy.nodeCount(k);
            for (int i = 0; i < n; i++) {
                int from = hierarchy.nodeCell(k, i);
                assertTrue(
                        from % ref.w >= x0 && from % ref.w < x0 + c && from / ref.w >= y0 && from / ref.w < y0 + c,
                        where);
                if (i > 0) {
                    assertTrue(hierarchy.nodeCell(k, i - 1) < from, () -> "nodes not ascending, " + where.get());
                }
                double[] dist = ref.dijkstra(from, x0, y0, Math.min(ref.w, x0 + c), Math.min(ref.h, y0 + c));
                for (int j = 0; j < n; j++) {
                    double expected = dist[hierarchy.nodeCell(k, j)];
                    double actual = hierarchy.intraCost(k, i, j);
                    int ii = i;
                    int jj = j;
                    int kk = k;
                    if (expected == Double.POSITIVE_INFINITY) {
                        assertEquals(
                                expected,
                                actual,
                                () -> "chunk " + kk + " intra " + ii + " -> " + jj + ", " + where.get());
                    } else {
                        assertEquals(
                                expected,
                                actual,
                                1e-9 * Math.max(1, expected),
                                () -> "chunk " + kk + " intra " + ii + " -> " + jj + ", " + where.get());
                    }
                }
            }
        }
    }
}
