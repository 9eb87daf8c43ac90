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
import org.onepath.grids.SearchStatus;

/**
 * After random batches of edits (cells, rectangles, area costs; agent sizes 1-3; a grid restore
 * now and then) the refreshed hierarchy equals a fresh build of the final grid, by
 * {@code contentEquals} and by {@code contentHash}; its nodes are numbered again in chunk order,
 * and a search made before the edits answers as a new search over the fresh build.
 */
class HpaUpdatePropertyTest {

    @Property(tries = 300)
    void aRefreshedHierarchyEqualsAFreshBuild(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random rnd = new Random(seed);
        HpaReference ref = HpaReference.random(rnd, 30);
        HpaSearchPropertyTest.randomOptions(rnd, ref);
        ref.size = 1 + rnd.nextInt(3);
        int chunk = 2 + rnd.nextInt(7);
        int threshold = 1 + rnd.nextInt(8);
        Connectivity moves = ref.eight ? Connectivity.EIGHT : Connectivity.FOUR;
        try (Grid grid = HpaSearchPropertyTest.toGrid(ref);
                HpaHierarchy kept =
                        new HpaHierarchy(grid, chunk, ref.size, moves, HpaSearchPropertyTest.ruleOf(ref), threshold);
                HpaSearch keptSearch = new HpaSearch(kept)) {
            keptSearch.recordExpansions(true);
            byte[] saved = grid.saveState();
            int[] areas = {0, 3, 9, 255, 255};
            for (int batch = 0; batch < 4; batch++) {
                for (int e = 1 + rnd.nextInt(4); e > 0; e--) {
                    int kind = rnd.nextInt(10);
                    if (kind < 6) {
                        grid.setArea(rnd.nextInt(ref.w), rnd.nextInt(ref.h), areas[rnd.nextInt(areas.length)]);
                    } else if (kind < 8) {
                        int x = rnd.nextInt(ref.w);
                        int y = rnd.nextInt(ref.h);
                        grid.setRect(
                                x,
                                y,
                                1 + rnd.nextInt(ref.w - x),
                                1 + rnd.nextInt(Math.min(3, ref.h - y)),
                                areas[rnd.nextInt(areas.length)]);
                    } else if (kind < 9) {
                        grid.areas().set(areas[rnd.nextInt(3)], new double[] {1.0, 0.5, 2.0, 3.25}[rnd.nextInt(4)]);
                    } else {
                        grid.restoreState(saved);
                    }
                }
                int b = batch;
                Supplier<String> where = () -> "seed " + seed + ", batch " + b + ": " + ref.w + " x " + ref.h
                        + ", chunk " + chunk + ", T " + threshold + ", size " + ref.size + ", " + moves + " "
                        + HpaSearchPropertyTest.ruleOf(ref);
                kept.refresh();
                assertEquals(0, kept.markedChunkCount(), where);
                try (HpaHierarchy fresh =
                        new HpaHierarchy(grid, chunk, ref.size, moves, HpaSearchPropertyTest.ruleOf(ref), threshold)) {
                    assertTrue(kept.contentEquals(fresh), where);
                    assertEquals(fresh.contentHash(), kept.contentHash(), where);
                    int first = 0;
                    for (int k = 0; k < kept.chunkCount(); k++) {
                        assertEquals(first, kept.firstNode(k), where);
                        first += kept.nodeCount(k);
                    }
                    assertEquals(first, kept.totalNodeCount(), where);
                    try (HpaSearch freshSearch = new HpaSearch(fresh)) {
                        freshSearch.recordExpansions(true);
                        for (int q = 0; q < 3; q++) {
                            int s = rnd.nextInt(ref.w * ref.h);
                            int g = rnd.nextInt(ref.w * ref.h);
                            if (!fresh.isWalkable(s) || !fresh.isWalkable(g)) {
                                continue;
                            }
                            keptSearch.begin(s, g);
                            freshSearch.begin(s, g);
                            SearchStatus status = freshSearch.step(Integer.MAX_VALUE);
                            assertEquals(status, keptSearch.step(Integer.MAX_VALUE), where);
                            if (status == SearchStatus.FOUND) {
                                assertArrayEquals(freshSearch.path(), keptSearch.path(), where);
                            }
                            assertArrayEquals(freshSearch.expandedNodes(), keptSearch.expandedNodes(), where);
                            assertEquals(
                                    Double.doubleToRawLongBits(freshSearch.pathCost()),
                                    Double.doubleToRawLongBits(keptSearch.pathCost()),
                                    where);
                        }
                    }
                }
            }
        }
    }
}
