package org.onepath.grids.theta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.onepath.Grid;
import org.onepath.ReferenceGrid;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.ZeroHeuristic;

/**
 * Every variant of {@link ThetaSearch} does exactly what the plain reference of
 * {@link AnyAngleReference} does, written from the spec with a linear-scan open list and the
 * exact geometric sight test: the same expansions in the same order, the same iteration and
 * expansion counts, the same waypoints and the same cost bits. Grids of 1..12 cells a side with
 * up to 45 % walls, unit cost or another, the Euclidean estimate or none, weights 0 to 2.
 */
class ThetaSearchMatchesReferencePropertyTest {
    /** Grids and buffers reused across tries (kept for the JVM's life, like any test fixture). */
    private static final ThetaGrids.Pool POOL = new ThetaGrids.Pool();

    private static final double[] COSTS = {1.0, 1.0, 2.5, 0.3};
    private static final double[] WEIGHTS = {1.0, 1.0, 1.0, 0.0, 0.5, 1.5, 2.0};

    @Property(tries = 600)
    void everyVariantMatchesThePlainReference(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random rnd = new Random(seed);
        double m = COSTS[rnd.nextInt(COSTS.length)];
        double weight = WEIGHTS[rnd.nextInt(WEIGHTS.length)];
        boolean zero = rnd.nextInt(6) == 0;
        ReferenceGrid ref = ThetaGrids.random(rnd, 1, 12, 45, m);
        int[] open = ThetaGrids.walkable(ref);
        if (open.length == 0) {
            return;
        }
        AnyAngleReference model = new AnyAngleReference(ref, m);
        {
            Grid grid = POOL.grid(ref, m);
            GridSearchBuffers buffers = POOL.buffers(grid);
            buffers.recordExpansions(true);
            Heuristic h = zero ? ZeroHeuristic.INSTANCE : new EuclideanHeuristic(grid.width(), m);
            for (ThetaVariant variant : ThetaVariant.values()) {
                ThetaSearch<Heuristic> search = new ThetaSearch<>(grid, variant, h, m, buffers, weight);
                for (int q = 0; q < 3; q++) {
                    int start = open[rnd.nextInt(open.length)];
                    int goal = open[rnd.nextInt(open.length)];
                    AnyAngleReference.Result expected = model.search(variant, start, goal, weight, zero);
                    search.begin(start, goal);
                    SearchStatus status = search.run();
                    Supplier<String> where = () -> variant + " " + start + " -> " + goal + " (m " + m + ", weight "
                            + weight + (zero ? ", zero estimate" : "") + ") on\n" + ref.picture() + "\nreference: "
                            + expected;
                    assertEquals(expected.found() ? SearchStatus.FOUND : SearchStatus.NO_PATH, status, where);
                    assertArrayEquals(
                            expected.expansions(), search.expandedNodes(), () -> "expansion order: " + where.get());
                    assertEquals(expected.iterations(), search.iterations(), () -> "iterations: " + where.get());
                    assertEquals(expected.expanded(), search.expandedCount(), () -> "expanded: " + where.get());
                    assertEquals(
                            Double.doubleToRawLongBits(expected.cost()),
                            Double.doubleToRawLongBits(search.pathCost()),
                            () -> "cost bits: " + where.get());
                    if (expected.found()) {
                        assertArrayEquals(expected.path(), search.path(), () -> "waypoints: " + where.get());
                        assertEquals(search.pathLength(), expected.path().length);
                    }
                }
            }
        }
    }
}
