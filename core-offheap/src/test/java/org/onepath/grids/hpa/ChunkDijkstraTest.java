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

/**
 * The bounded chunk search ({@link ChunkDijkstra#runTo}) settles the target at the cost of the full
 * run and gives the same cells back to the source, on the grids of {@link HpaSearchReferenceTest}
 * (open rooms, walls, several areas, agent sizes 1-3, four and eight moves): 300 grids, about 20
 * reachable pairs each.
 */
class ChunkDijkstraTest {

    @Property(tries = 300)
    void theBoundedSearchGivesTheFullSearchsCostAndCells(
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random rnd = new Random(seed);
        HpaReference ref = rnd.nextBoolean() ? HpaReference.random(rnd, 36) : HpaSearchReferenceTest.openRooms(rnd);
        HpaSearchPropertyTest.randomOptions(rnd, ref);
        int chunk = 2 + rnd.nextInt(31);
        try (Grid grid = HpaSearchPropertyTest.toGrid(ref);
                HpaHierarchy hierarchy = new HpaHierarchy(
                        grid,
                        chunk,
                        ref.size,
                        ref.eight ? Connectivity.EIGHT : Connectivity.FOUR,
                        HpaSearchPropertyTest.ruleOf(ref));
                ChunkDijkstra full = new ChunkDijkstra(hierarchy.moves(), chunk);
                ChunkDijkstra bounded = new ChunkDijkstra(hierarchy.moves(), chunk)) {
            for (int q = 0; q < 40; q++) {
                int k = rnd.nextInt(hierarchy.chunkCount());
                int x0 = (k % hierarchy.chunksX()) * chunk;
                int y0 = (k / hierarchy.chunksX()) * chunk;
                int cw = Math.min(chunk, ref.w - x0);
                int ch = Math.min(chunk, ref.h - y0);
                int source = (y0 + rnd.nextInt(ch)) * ref.w + x0 + rnd.nextInt(cw);
                int target = (y0 + rnd.nextInt(ch)) * ref.w + x0 + rnd.nextInt(cw);
                if (!ref.walkable(source) || !ref.walkable(target)) {
                    continue;
                }
                double multiplier = hierarchy.chunkMultiplier(k);
                full.run(x0, y0, multiplier, source, new int[] {target}, 1);
                double cost = full.cost(target);
                if (cost == Double.POSITIVE_INFINITY) {
                    continue;
                }
                double scale = Double.isNaN(multiplier) ? grid.areas().minCost() : multiplier;
                bounded.runTo(x0, y0, multiplier, source, target, cost, scale);
                Supplier<String> where = () -> "seed " + seed + ", chunk " + k + ", " + source + " -> " + target;
                assertEquals(Double.doubleToRawLongBits(cost), Double.doubleToRawLongBits(bounded.cost(target)), where);
                int n = full.pathLength(target);
                assertEquals(n, bounded.pathLength(target), where);
                int[] expected = new int[n];
                int[] actual = new int[n];
                full.copyPath(target, n, expected, 0, false);
                bounded.copyPath(target, n, actual, 0, false);
                assertArrayEquals(expected, actual, where);
            }
        }
    }
}
