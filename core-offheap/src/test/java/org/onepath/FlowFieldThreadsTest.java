package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.DiagonalRule;

/**
 * Fields for different goal sets computed on 8 threads at once over one grid equal the same fields
 * computed one after another, cost bit for bit and next for next; registration of their listeners
 * loses none (every field hears the next edit), and closing them all unregisters them all.
 */
class FlowFieldThreadsTest {
    private static final int THREADS = 8;
    private static final int FIELDS = 24;

    /** Costs (as bits) and next of every cell of a complete field. */
    private record Snapshot(long[] costBits, int[] next) {
        static Snapshot of(GridFlowField f) {
            int n = f.width() * f.height();
            long[] bits = new long[n];
            int[] next = new int[n];
            for (int i = 0; i < n; i++) {
                bits[i] = Double.doubleToRawLongBits(f.cost(i % f.width(), i / f.width()));
                next[i] = f.nextIndex(i % f.width(), i / f.width());
            }
            return new Snapshot(bits, next);
        }
    }

    private static List<List<Cell>> goalSets(long seed, int w, int h) {
        SplittableRandom random = new SplittableRandom(seed);
        List<List<Cell>> sets = new ArrayList<>();
        for (int i = 0; i < FIELDS; i++) {
            List<Cell> goals = new ArrayList<>();
            for (int k = 1 + random.nextInt(3); k > 0; k--) {
                goals.add(new Cell(random.nextInt(w), random.nextInt(h)));
            }
            sets.add(goals);
        }
        return sets;
    }

    private static void compareThreadedWithSequential(List<List<Cell>> sets, Function<List<Cell>, GridFlowField> create)
            throws Exception {
        List<Snapshot> sequential = new ArrayList<>();
        for (List<Cell> goals : sets) {
            try (GridFlowField f = create.apply(goals)) {
                sequential.add(Snapshot.of(f));
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Snapshot>> futures = new ArrayList<>();
            for (List<Cell> goals : sets) {
                futures.add(pool.submit(() -> {
                    start.await();
                    try (GridFlowField f = create.apply(goals)) {
                        return Snapshot.of(f);
                    }
                }));
            }
            start.countDown();
            for (int i = 0; i < sets.size(); i++) {
                Snapshot threaded = futures.get(i).get();
                assertArrayEquals(
                        sequential.get(i).costBits(), threaded.costBits(), "costs of field " + i + " " + sets.get(i));
                assertArrayEquals(sequential.get(i).next(), threaded.next(), "next of field " + i + " " + sets.get(i));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void squareFieldsOnEightThreadsEqualSequentialOnes() throws Exception {
        SplittableRandom random = new SplittableRandom(42);
        ReferenceGrid ref = FlowReference.randomGrid(random, 90, 70, false);
        GridOptions options = GridOptions.builder()
                .agentSize(2)
                .diagonalRule(DiagonalRule.NO_SQUEEZING)
                .build();
        try (Grid grid = ref.toGrid()) {
            compareThreadedWithSequential(goalSets(1, 90, 70), goals -> grid.createFlowField(goals, options));
        }
    }

    @Test
    void hexFieldsOnEightThreadsEqualSequentialOnes() throws Exception {
        try (HexGrid grid = HexReference.random(9, 60).toHexGrid()) {
            compareThreadedWithSequential(
                    goalSets(2, grid.width(), grid.height()), goals -> grid.createFlowField(goals, HexOptions.DEFAULT));
        }
    }

    @Test
    void listenersRegisteredFromEightThreadsAllHearTheNextEdit() throws Exception {
        try (Grid grid = Grid.create(40, 40)) {
            List<List<Cell>> sets = goalSets(3, 40, 40);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<GridFlowField> fields = new ArrayList<>();
            try {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<GridFlowField>> futures = new ArrayList<>();
                for (List<Cell> goals : sets) {
                    futures.add(pool.submit(() -> {
                        start.await();
                        return grid.createFlowField(goals, GridOptions.DEFAULT);
                    }));
                }
                start.countDown();
                for (Future<GridFlowField> f : futures) {
                    fields.add(f.get());
                }
            } finally {
                pool.shutdownNow();
            }
            grid.setWalkable(20, 20, false);
            for (GridFlowField f : fields) {
                assertEquals(1, f.pendingEdits(), "every field heard the edit");
                assertFalse(f.isCurrent());
                f.refresh();
                f.close();
            }
            // closed fields are unregistered: a later edit reaches none of them
            grid.setWalkable(21, 20, false);
            assertEquals(FIELDS, fields.size());
        }
    }
}
