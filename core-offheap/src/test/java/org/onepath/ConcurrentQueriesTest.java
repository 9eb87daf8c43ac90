package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;

/** Queries on one grid from several threads at once give the single-threaded results. */
class ConcurrentQueriesTest {

    @Test
    void concurrentQueriesMatchSequentialOnes() throws Exception {
        Random random = new Random(20240611L);
        ReferenceGrid ref = new ReferenceGrid(24, 24);
        for (int y = 0; y < 24; y++) {
            for (int x = 0; x < 24; x++) {
                int r = random.nextInt(100);
                ref.setArea(x, y, r < 22 ? ReferenceGrid.WALL : r % 3);
            }
        }
        ref.setMultiplier(1, 0.6);
        ref.setMultiplier(2, 2.2);
        List<GridOptions> options = List.of(
                GridOptions.DEFAULT, GridOptions.FOUR_CONNECTED, GridOptions.NO_SQUEEZING, GridOptions.forAgentSize(2));
        int queries = 400;
        int[][] pairs = new int[queries][];
        for (int i = 0; i < queries; i++) {
            pairs[i] = new int[] {random.nextInt(24), random.nextInt(24), random.nextInt(24), random.nextInt(24)};
        }
        try (Grid grid = ref.toGrid();
                Grid sequential = ref.toGrid()) {
            List<GridPath> expected = new ArrayList<>();
            for (int i = 0; i < queries; i++) {
                expected.add(query(sequential, pairs[i], options.get(i % options.size())));
            }
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<GridPath>> futures = new ArrayList<>();
                for (int i = 0; i < queries; i++) {
                    int q = i;
                    futures.add(pool.submit(() -> query(grid, pairs[q], options.get(q % options.size()))));
                }
                for (int i = 0; i < queries; i++) {
                    GridPath actual = futures.get(i).get();
                    GridPath want = expected.get(i);
                    assertEquals(want.status(), actual.status(), "query " + i);
                    assertEquals(want.cells(), actual.cells(), "query " + i);
                    assertEquals(
                            Double.doubleToLongBits(want.cost()), Double.doubleToLongBits(actual.cost()), "query " + i);
                    assertEquals(want.iterations(), actual.iterations(), "query " + i);
                }
            } finally {
                pool.shutdown();
            }
        }
    }

    private static GridPath query(Grid grid, int[] p, GridOptions options) {
        return grid.findPath(new Cell(p[0], p[1]), new Cell(p[2], p[3]), options);
    }
}
