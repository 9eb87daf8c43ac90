package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;

/**
 * {@code findPathAsync} on hex and voxel grids, as on square grids: the future's result equals
 * {@code findPath}'s (status, cost bits, cells, counts) whatever the slicing and the executor; the
 * budget counts the same iterations; a cancelled token, recorded expansions, an edit during the
 * query and a refused executor come through the future.
 */
class HexVoxelAsyncTest {

    private static Throwable failure(CompletableFuture<?> f) {
        try {
            f.get(30, TimeUnit.SECONDS);
            throw new AssertionError("expected a failure, got " + f.join());
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (CancellationException e) {
            return e; // get() throws a CancellationException completion as itself
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static HexGrid randomHex(SplittableRandom r) {
        HexGrid g = HexGrid.create(30, 24);
        for (int y = 0; y < 24; y++) {
            for (int x = 0; x < 30; x++) {
                int v = r.nextInt(100);
                g.setArea(x, y, v < 25 ? HexGrid.WALL : v < 40 ? 2 : 0);
            }
        }
        g.areas().set(2, 3.5);
        return g;
    }

    private static VoxelGrid randomVoxels(SplittableRandom r) {
        VoxelGrid g = VoxelGrid.create(12, 10, 8);
        for (int z = 0; z < 8; z++) {
            for (int y = 0; y < 10; y++) {
                for (int x = 0; x < 12; x++) {
                    int v = r.nextInt(100);
                    g.setArea(x, y, z, v < 30 ? VoxelGrid.SOLID : v < 40 ? 2 : 0);
                }
            }
        }
        g.areas().set(2, 1.75);
        return g;
    }

    @Test
    void hexAnswersEqualTheBlockingQuery() throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (HexGrid grid = randomHex(r)) {
            for (int q = 0; q < 60; q++) {
                Cell a = new Cell(r.nextInt(30), r.nextInt(24));
                Cell b = new Cell(r.nextInt(30), r.nextInt(24));
                HexOptions options = HexOptions.builder()
                        .iterationsPerSlice(1 + r.nextInt(40))
                        .iterationBudget(q % 5 == 0 ? 1 + r.nextInt(60) : 0)
                        .heuristic(q % 3 == 0 ? HeuristicKind.ZERO : HeuristicKind.AUTO)
                        .build();
                HexPath sync = grid.findPath(a, b, options);
                HexPath async = grid.findPathAsync(a, b, options, null, pool).get(30, TimeUnit.SECONDS);
                HexPath direct = grid.findPathAsync(a, b, options).getNow(null);
                for (HexPath p : new HexPath[] {async, direct}) {
                    String where = a + " -> " + b + " " + options;
                    assertEquals(sync.status(), p.status(), where);
                    assertEquals(Double.doubleToLongBits(sync.cost()), Double.doubleToLongBits(p.cost()), where);
                    assertEquals(sync.cells(), p.cells(), where);
                    assertEquals(sync.expandedCount(), p.expandedCount(), where);
                    assertEquals(sync.iterations(), p.iterations(), where);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void voxelAnswersEqualTheBlockingQuery() throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (VoxelGrid grid = randomVoxels(r)) {
            for (int q = 0; q < 60; q++) {
                VoxelCell a = new VoxelCell(r.nextInt(12), r.nextInt(10), r.nextInt(8));
                VoxelCell b = new VoxelCell(r.nextInt(12), r.nextInt(10), r.nextInt(8));
                VoxelOptions base = q % 2 == 0 ? VoxelOptions.DEFAULT : VoxelOptions.JUMP_POINTS;
                VoxelOptions options = base.toBuilder()
                        .iterationBudget(q % 5 == 0 ? 1 + r.nextInt(300) : 0)
                        .build();
                VoxelPath sync = grid.findPath(a, b, options);
                VoxelPath async = grid.findPathAsync(a, b, options, null, pool).get(30, TimeUnit.SECONDS);
                VoxelPath direct = grid.findPathAsync(a, b, options).getNow(null);
                for (VoxelPath p : new VoxelPath[] {async, direct}) {
                    String where = a + " -> " + b + " " + options;
                    assertEquals(sync.status(), p.status(), where);
                    assertEquals(sync.algorithm(), p.algorithm(), where);
                    assertEquals(Double.doubleToLongBits(sync.cost()), Double.doubleToLongBits(p.cost()), where);
                    assertEquals(sync.cells(), p.cells(), where);
                    assertEquals(sync.expandedCount(), p.expandedCount(), where);
                    assertEquals(sync.iterations(), p.iterations(), where);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aPartialAnswerIsTheSameAsyncAsFromFindPath() throws Exception {
        try (HexGrid hex = HexGrid.create(20, 20);
                VoxelGrid voxels = VoxelGrid.create(12, 12, 12)) {
            // walls around each goal: unreachable, so both answer PARTIAL
            hex.setRect(14, 14, 5, 5, 255);
            hex.setArea(16, 16, 0);
            for (int x = 7; x <= 11; x++) {
                for (int y = 7; y <= 11; y++) {
                    for (int z = 7; z <= 11; z++) {
                        voxels.setWalkable(x, y, z, x == 9 && y == 9 && z == 9);
                    }
                }
            }
            HexOptions hexPartial = HexOptions.builder().allowPartial(true).build();
            HexPath hexSync = hex.findPath(new Cell(0, 0), new Cell(16, 16), hexPartial);
            HexPath hexAsync = hex.findPathAsync(new Cell(0, 0), new Cell(16, 16), hexPartial)
                    .get();
            assertEquals(PathStatus.PARTIAL, hexSync.status());
            assertEquals(hexSync.status(), hexAsync.status());
            assertEquals(hexSync.cells(), hexAsync.cells());
            assertEquals(hexSync.cost(), hexAsync.cost());
            VoxelOptions voxelPartial =
                    VoxelOptions.DEFAULT.toBuilder().allowPartial(true).build();
            VoxelPath voxelSync = voxels.findPath(new VoxelCell(0, 0, 0), new VoxelCell(9, 9, 9), voxelPartial);
            VoxelPath voxelAsync = voxels.findPathAsync(new VoxelCell(0, 0, 0), new VoxelCell(9, 9, 9), voxelPartial)
                    .get();
            assertEquals(PathStatus.PARTIAL, voxelSync.status());
            assertEquals(voxelSync.status(), voxelAsync.status());
            assertEquals(voxelSync.cells(), voxelAsync.cells());
            assertEquals(voxelSync.cost(), voxelAsync.cost());
        }
    }

    @Test
    void failuresComeThroughTheFuture() {
        try (HexGrid hex = HexGrid.create(40, 40);
                VoxelGrid voxels = VoxelGrid.create(24, 24, 24)) {
            Cancellation cancelled = new Cancellation();
            cancelled.cancel();
            assertInstanceOf(
                    CancellationException.class,
                    failure(hex.findPathAsync(
                            new Cell(0, 0), new Cell(39, 39), HexOptions.DEFAULT, cancelled, Runnable::run)));
            assertInstanceOf(
                    CancellationException.class,
                    failure(voxels.findPathAsync(
                            new VoxelCell(0, 0, 0),
                            new VoxelCell(23, 23, 23),
                            VoxelOptions.DEFAULT,
                            cancelled,
                            Runnable::run)));
            assertInstanceOf(
                    IllegalArgumentException.class,
                    failure(hex.findPathAsync(
                            new Cell(0, 0),
                            new Cell(1, 1),
                            HexOptions.builder().recordExpansions(true).build())));
            assertInstanceOf(
                    IllegalArgumentException.class,
                    failure(voxels.findPathAsync(
                            new VoxelCell(0, 0, 0),
                            new VoxelCell(1, 1, 1),
                            VoxelOptions.builder().recordExpansions(true).build())));
            // invalid ends complete at once
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    hex.findPathAsync(new Cell(0, 0), new Cell(-1, 0)).join().status());
            assertEquals(
                    PathStatus.START_INVALID,
                    voxels.findPathAsync(new VoxelCell(-1, 0, 0), new VoxelCell(0, 0, 0))
                            .join()
                            .status());

            // an edit between two slices: the held executor runs the second slice after it
            ArrayDeque<Runnable> held = new ArrayDeque<>();
            // the goal is walled in, so the search floods everything: many slices
            for (Cell c : new Cell[] {new Cell(38, 39), new Cell(39, 38), new Cell(38, 38)}) {
                hex.setArea(c.x(), c.y(), HexGrid.WALL);
            }
            hex.setArea(38, 39, HexGrid.WALL);
            CompletableFuture<HexPath> h = hex.findPathAsync(
                    new Cell(0, 0),
                    new Cell(39, 39),
                    HexOptions.builder().iterationsPerSlice(16).build(),
                    null,
                    held::add);
            assertTrue(!h.isDone() && held.size() == 1, "the query yields after its first slice");
            hex.setArea(10, 10, HexGrid.WALL);
            held.poll().run();
            Throwable e = failure(h);
            assertInstanceOf(IllegalStateException.class, e);
            assertTrue(e.getMessage().contains("edited"), e.getMessage());

            voxels.setArea(22, 23, 23, VoxelGrid.SOLID); // walls in the goal for six moves
            voxels.setArea(23, 22, 23, VoxelGrid.SOLID);
            voxels.setArea(23, 23, 22, VoxelGrid.SOLID);
            CompletableFuture<VoxelPath> v = voxels.findPathAsync(
                    new VoxelCell(0, 0, 0),
                    new VoxelCell(23, 23, 23),
                    VoxelOptions.SIX_CONNECTED.toBuilder().build(),
                    null,
                    held::add);
            if (!v.isDone()) {
                voxels.setArea(5, 5, 5, VoxelGrid.SOLID);
                while (!held.isEmpty()) {
                    held.poll().run();
                }
                assertInstanceOf(IllegalStateException.class, failure(v));
            } else {
                throw new AssertionError("the voxel query should need more than one slice: " + v.join());
            }

            // a refused executor
            CompletableFuture<HexPath> refused = hex.findPathAsync(
                    new Cell(0, 0),
                    new Cell(39, 39),
                    HexOptions.builder().iterationsPerSlice(1).build(),
                    null,
                    task -> {
                        throw new java.util.concurrent.RejectedExecutionException("full");
                    });
            assertInstanceOf(java.util.concurrent.RejectedExecutionException.class, failure(refused));
            // the next blocking query is exact after all of this
            assertEquals(
                    PathStatus.NO_PATH,
                    hex.findPath(new Cell(0, 0), new Cell(39, 39)).status());
        }
    }
}
