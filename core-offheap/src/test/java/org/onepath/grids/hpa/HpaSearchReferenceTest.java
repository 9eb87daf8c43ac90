package org.onepath.grids.hpa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.onepath.Grid;
import org.onepath.cells.Connectivity;
import org.onepath.grids.SearchStatus;

/**
 * {@link HpaSearch} gives exactly the answer of the plain model {@link HpaQueryReference}: the same
 * path cell for cell, the same cost bits, the same expansion count and expanded nodes, with and
 * without smoothing. The grids are those of {@link HpaSearchPropertyTest} and mostly open ones
 * (rooms of one area or a few, up to 64 x 64), whose open chunks the search connects and refines
 * without a chunk search.
 */
class HpaSearchReferenceTest {

    /** A mostly open grid: blocks of one area each (sometimes all one area), a few walls, some wall lines. */
    static HpaReference openRooms(Random rnd) {
        int w = 8 + rnd.nextInt(57);
        int h = 8 + rnd.nextInt(57);
        HpaReference r = new HpaReference(w, h);
        double[] costs = {1.0, 0.5, 2.5, 1.7, 4.0, 1.0 / 3.0};
        int[] palette = {0, 1 + rnd.nextInt(200), 201 + rnd.nextInt(54)};
        boolean uniform = rnd.nextBoolean();
        double one = costs[rnd.nextInt(costs.length)];
        for (int a : palette) {
            r.mult[a] = uniform ? one : costs[rnd.nextInt(costs.length)];
        }
        int block = 4 + rnd.nextInt(20);
        int[] blockArea = new int[((w + block - 1) / block) * ((h + block - 1) / block)];
        for (int b = 0; b < blockArea.length; b++) {
            blockArea[b] = palette[rnd.nextInt(3)];
        }
        int walls = rnd.nextInt(4);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int area = blockArea[(y / block) * ((w + block - 1) / block) + x / block];
                r.area[y * w + x] = rnd.nextInt(100) < walls ? HpaReference.WALL : area;
            }
        }
        for (int k = rnd.nextInt(4); k > 0; k--) {
            boolean vertical = rnd.nextBoolean();
            int at = rnd.nextInt(vertical ? w : h);
            int gap = rnd.nextInt(vertical ? h : w);
            for (int t = 0; t < (vertical ? h : w); t++) {
                if (Math.abs(t - gap) > 2) {
                    r.area[vertical ? t * w + at : at * w + t] = HpaReference.WALL;
                }
            }
        }
        return r;
    }

    @Property(tries = 400)
    void theSearchAnswersAsThePlainModel(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random rnd = new Random(seed);
        HpaReference ref = rnd.nextInt(3) == 0 ? HpaReference.random(rnd, 36) : openRooms(rnd);
        HpaSearchPropertyTest.randomOptions(rnd, ref);
        int chunk = rnd.nextInt(3) == 0 ? 2 + rnd.nextInt(31) : 4 + rnd.nextInt(13);
        int threshold = 1 + rnd.nextInt(8);
        int[] open = java.util.stream.IntStream.range(0, ref.w * ref.h)
                .filter(ref::walkable)
                .toArray();
        if (open.length == 0) {
            return;
        }
        try (Grid grid = HpaSearchPropertyTest.toGrid(ref);
                HpaHierarchy hierarchy = new HpaHierarchy(
                        grid,
                        chunk,
                        ref.size,
                        ref.eight ? Connectivity.EIGHT : Connectivity.FOUR,
                        HpaSearchPropertyTest.ruleOf(ref),
                        threshold);
                HpaSearch smooth = new HpaSearch(hierarchy, true);
                HpaSearch raw = new HpaSearch(hierarchy, false)) {
            smooth.recordExpansions(true);
            raw.recordExpansions(true);
            HpaQueryReference model = new HpaQueryReference(ref, hierarchy);
            for (int q = 0; q < 6; q++) {
                int start = open[rnd.nextInt(open.length)];
                int goal = open[rnd.nextInt(open.length)];
                Supplier<String> where = () -> "seed " + seed + ": " + ref.w + " x " + ref.h + ", chunk " + chunk
                        + ", T " + threshold + ", size " + ref.size + ", " + (ref.eight ? "eight " : "four ")
                        + HpaSearchPropertyTest.ruleOf(ref) + ", " + start + " -> " + goal;
                compare(model.query(start, goal, false), raw, start, goal, () -> where.get() + ", unsmoothed");
                compare(model.query(start, goal, true), smooth, start, goal, () -> where.get() + ", smoothed");
            }
        }
    }

    private static void compare(
            HpaQueryReference.Answer expected, HpaSearch search, int start, int goal, Supplier<String> where) {
        search.begin(start, goal);
        SearchStatus status = search.step(Integer.MAX_VALUE);
        assertEquals(expected.found() ? SearchStatus.FOUND : SearchStatus.NO_PATH, status, where);
        assertEquals(expected.expanded(), search.expandedCount(), where);
        assertArrayEquals(expected.expandedNodes(), search.expandedNodes(), where);
        if (expected.found()) {
            assertArrayEquals(expected.path(), search.path(), where);
            assertEquals(
                    Double.doubleToRawLongBits(expected.cost()),
                    Double.doubleToRawLongBits(search.pathCost()),
                    () -> expected.cost() + " != " + search.pathCost() + ", " + where.get());
        }
    }
}
