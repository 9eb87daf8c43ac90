package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;

/**
 * {@link PathService} under load with edits: for {@code -Donepath.stress.seconds} (3 by default;
 * 60 for the long form, see {@code docs/path-service.md}) rounds of
 * <ol>
 *   <li>a batch through {@link PathService#solveAll} whose answers must equal, field for field,
 *       the single-thread {@link Grid#findPath} answers computed after the batch, with the
 *       service idle;</li>
 *   <li>queries submitted while another thread edits through the service. Every edit moves the
 *       one gap of a wall that cuts the grid in two: it closes the open gap, waits, then opens
 *       the other. Half applied, the grid has no gap, so a probe query across the wall would
 *       answer NO_PATH (or, if it ran during the edit, throw): every probe must be FOUND.</li>
 * </ol>
 * Each edit also changes area ids of random cells (area 1 costs 2.5), so the costs of the
 * batches change from round to round.
 */
class PathServiceStressTest {
    private static final int W = 72;
    private static final int H = 56;
    private static final int WALL_X = 36;
    private static final int GAP_A = 6;
    private static final int GAP_B = 49;

    @Test
    void answersEqualSequentialOnesAndNoQuerySeesAHalfAppliedEdit() throws Exception {
        long seconds = Long.getLong("onepath.stress.seconds", 3);
        int workers = Integer.getInteger("onepath.stress.threads", 2);
        SplittableRandom random = new SplittableRandom(Long.getLong("onepath.stress.seed", 20261202L));
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        int rounds = 0;
        long compared = 0;
        long probes = 0;
        long edits = 0;
        try (Grid grid = makeGrid(random);
                PathService service = PathService.over(grid, workers)) {
            boolean[] gapAOpen = {true};
            List<GridOptions> variants = List.of(
                    GridOptions.DEFAULT,
                    GridOptions.builder().algorithm(GridAlgorithm.JPS).build(),
                    GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build(),
                    GridOptions.FOUR_CONNECTED,
                    GridOptions.forAgentSize(2),
                    GridOptions.builder().heuristic(HeuristicKind.ZERO).build());
            while (System.nanoTime() < end || rounds < 2) {
                rounds++;
                // 1. a batch, compared with single-thread answers on the same grid
                List<PathService.Query> batch = new ArrayList<>();
                for (int i = 0; i < 48; i++) {
                    batch.add(new PathService.Query(
                            openCell(grid, random),
                            openCell(grid, random),
                            variants.get(random.nextInt(variants.size()))));
                }
                List<GridPath> answers = service.solveAll(batch);
                for (int i = 0; i < batch.size(); i++) {
                    PathService.Query q = batch.get(i);
                    GridPath expected = grid.findPath(q.start(), q.goal(), q.options());
                    GridPath got = answers.get(i);
                    String where = "round " + rounds + " query " + q;
                    assertEquals(expected.status(), got.status(), where);
                    assertEquals(Double.doubleToLongBits(expected.cost()), Double.doubleToLongBits(got.cost()), where);
                    assertEquals(expected.cells(), got.cells(), where);
                    assertEquals(expected.expandedCount(), got.expandedCount(), where);
                    assertEquals(expected.algorithm(), got.algorithm(), where);
                    compared++;
                }
                // 2. probes across the wall while another thread edits through the service
                long seed = random.nextLong();
                AtomicReference<Throwable> editFailure = new AtomicReference<>();
                Thread editor = Thread.ofPlatform().start(() -> {
                    try {
                        SplittableRandom r = new SplittableRandom(seed);
                        for (int k = 0; k < 3; k++) {
                            service.edit(g -> moveGap(g, gapAOpen, r));
                        }
                    } catch (Throwable t) {
                        editFailure.set(t);
                    }
                });
                List<CompletableFuture<GridPath>> pending = new ArrayList<>();
                while (editor.isAlive() || pending.size() < 24) {
                    // on the open columns at the edges, which the open rows join to the gaps
                    Cell left = new Cell(1, 1 + random.nextInt(H - 2));
                    Cell right = new Cell(W - 2, 1 + random.nextInt(H - 2));
                    pending.add(service.submit(new PathService.Query(left, right, variants.get(random.nextInt(4)))));
                    if (pending.size() > 400) {
                        break;
                    }
                }
                editor.join();
                if (editFailure.get() != null) {
                    throw new AssertionError("edit failed", editFailure.get());
                }
                edits += 3;
                for (CompletableFuture<GridPath> f : pending) {
                    GridPath p = f.get(60, TimeUnit.SECONDS); // a query that ran under an edit would fail here
                    assertEquals(PathStatus.FOUND, p.status(), "a probe saw the wall with no gap: half an edit");
                    probes++;
                }
            }
            assertEquals(edits, service.editCount());
        }
        assertTrue(probes > 0 && compared > 0);
        System.out.println("PathServiceStressTest: " + seconds + " s, " + workers + " workers, " + rounds + " rounds, "
                + compared + " answers compared, " + probes + " probes, " + edits + " edits");
    }

    /** Random walls (12 %), cells of area 1 (cost 2.5), and the wall at WALL_X with gap A open. */
    private static Grid makeGrid(SplittableRandom random) {
        Grid grid = Grid.create(W, H);
        grid.areas().set(1, 2.5);
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int v = random.nextInt(100);
                if (x == WALL_X) {
                    grid.setArea(x, y, y == GAP_A ? 0 : Grid.WALL);
                } else if (x >= WALL_X - 1 && x <= WALL_X + 1) {
                    grid.setArea(x, y, 0); // the columns beside the wall stay open: every gap joins both halves
                } else if (y == 1 || y == H - 2) {
                    grid.setArea(x, y, 0); // open rows keep each half in one piece
                } else {
                    grid.setArea(x, y, v < 12 ? Grid.WALL : v < 30 ? 1 : 0);
                }
            }
        }
        for (int x = 0; x < W; x++) {
            if (x != WALL_X) {
                for (int y = 0; y < H; y++) {
                    if (x == 1 || x == W - 2 || x == WALL_X - 1 || x == WALL_X + 1) {
                        grid.setArea(x, y, 0); // open columns join the open rows
                    }
                }
            }
        }
        return grid;
    }

    /** Closes the open gap, lets other threads run, then opens the other one; recolours cells. */
    private static void moveGap(Grid g, boolean[] gapAOpen, SplittableRandom r) {
        int close = gapAOpen[0] ? GAP_A : GAP_B;
        int open = gapAOpen[0] ? GAP_B : GAP_A;
        g.setArea(WALL_X, close, Grid.WALL);
        for (int i = 0; i < 20; i++) {
            int x = 2 + r.nextInt(W - 4);
            int y = 2 + r.nextInt(H - 4);
            if (x < WALL_X - 1 || x > WALL_X + 1) {
                int a = g.areaAt(y * W + x);
                if (a != Grid.WALL && y != H - 2 && x != W - 2) {
                    g.setArea(x, y, a == 0 ? 1 : 0);
                }
            }
        }
        Thread.yield();
        try {
            Thread.sleep(1); // the half-applied state lasts long enough for a query to see it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        g.setArea(WALL_X, open, 0);
        gapAOpen[0] = !gapAOpen[0];
    }

    private static Cell openCell(Grid grid, SplittableRandom random) {
        while (true) {
            int x = random.nextInt(W);
            int y = random.nextInt(H);
            if (grid.areaAt(y * W + x) != Grid.WALL) {
                return new Cell(x, y);
            }
        }
    }
}
