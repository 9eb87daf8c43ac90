package org.onepath.grids.hpa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;

/**
 * In an open chunk the computed costs and paths of {@link OpenChunkPaths} are those of the chunk
 * search: from the corners and random cells of random open chunks (sides 2-32, edge chunks
 * narrower, four and eight moves, both diagonal rules, agent sizes 1-3, multipliers from 0.1 to
 * 1e6) to every cell, the same cost bits and the same cells, forwards and reversed.
 */
class OpenChunkPathsTest {
    private static final double[] MULTIPLIERS = {1.0, 1.0 / 3.0, 0.1, 0.7, 2.5, Math.PI, 1e6, 17.0 / 7.0};

    @Property(tries = 120)
    void computedCostsAndPathsAreTheChunkSearchs(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random rnd = new Random(seed);
        int chunk = 2 + rnd.nextInt(rnd.nextInt(4) == 0 ? 31 : 12);
        int size = rnd.nextInt(3) == 0 ? 2 + rnd.nextInt(2) : 1;
        boolean eight = rnd.nextInt(4) != 0;
        DiagonalRule rule = eight ? DiagonalRule.values()[rnd.nextInt(2)] : DiagonalRule.values()[rnd.nextInt(3)];
        double m = MULTIPLIERS[rnd.nextInt(MULTIPLIERS.length)];
        // a grid of one area, wide enough for the agent's clearance in the top-left chunk at least
        int w = chunk + 1 + rnd.nextInt(chunk) + size;
        int h = chunk + 1 + rnd.nextInt(chunk) + size;
        try (Grid grid = Grid.create(w, h)) {
            grid.areas().set(0, m);
            try (HpaHierarchy hierarchy =
                            new HpaHierarchy(grid, chunk, size, eight ? Connectivity.EIGHT : Connectivity.FOUR, rule);
                    ChunkDijkstra search = new ChunkDijkstra(hierarchy.moves(), chunk);
                    OpenChunkPaths open = new OpenChunkPaths(chunk, eight, w)) {
                int checkedChunks = 0;
                for (int k = 0; k < hierarchy.chunkCount(); k++) {
                    if (!hierarchy.isOpenChunk(k)) {
                        continue;
                    }
                    assertEquals(m, hierarchy.chunkMultiplier(k));
                    assertTrue(open.select(m));
                    checkChunk(
                            hierarchy,
                            search,
                            open,
                            k,
                            rnd,
                            () -> "seed " + seed + ", chunk side " + chunk + ", size " + size + ", "
                                    + (eight ? "eight " : "four ") + rule + ", m " + m);
                    checkedChunks++;
                }
                assertTrue(checkedChunks > 0, "the top-left chunk is open");
            }
        }
    }

    private static void checkChunk(
            HpaHierarchy hierarchy,
            ChunkDijkstra search,
            OpenChunkPaths open,
            int k,
            Random rnd,
            Supplier<String> where) {
        int c = hierarchy.chunkSize();
        int w = hierarchy.grid().width();
        int x0 = (k % hierarchy.chunksX()) * c;
        int y0 = (k / hierarchy.chunksX()) * c;
        int cw = Math.min(c, w - x0);
        int ch = Math.min(c, hierarchy.grid().height() - y0);
        int[] cells = new int[cw * ch];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = (y0 + i / cw) * w + x0 + i % cw;
        }
        double multiplier = hierarchy.chunkMultiplier(k);
        // the four corners and some other sources, to every cell
        int[] sources = new int[12];
        sources[0] = cells[0];
        sources[1] = cells[cw - 1];
        sources[2] = cells[cells.length - cw];
        sources[3] = cells[cells.length - 1];
        for (int i = 4; i < sources.length; i++) {
            sources[i] = cells[rnd.nextInt(cells.length)];
        }
        for (int source : sources) {
            search.run(x0, y0, multiplier, source, cells, cells.length);
            for (int target : cells) {
                Supplier<String> pair = () -> where.get() + ", " + source + " -> " + target;
                double expected = search.cost(target);
                assertEquals(
                        Double.doubleToRawLongBits(expected),
                        Double.doubleToRawLongBits(open.cost(source, target)),
                        () -> expected + " != " + open.cost(source, target) + ", " + pair.get());
                int n = search.pathLength(target);
                assertEquals(n, open.pathLength(source, target), pair);
                for (boolean reversed : new boolean[] {false, true}) {
                    int[] want = new int[n + 1];
                    int[] got = new int[n + 1];
                    search.copyPath(target, n, want, 1, reversed);
                    open.copyPath(source, target, n, got, 1, reversed);
                    assertArrayEquals(want, got, pair);
                }
            }
        }
    }

    /**
     * In a chunk with walls whose walkable cells share one multiplier, two cells spanning a
     * walkable box get the chunk search's cost bits and cells too, whatever lies outside the box.
     */
    @Property(tries = 120)
    void aWalkableBoxInAChunkOfOneMultiplierIsComputedAsAnOpenChunk(
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random rnd = new Random(seed);
        int chunk = 2 + rnd.nextInt(rnd.nextInt(4) == 0 ? 31 : 15);
        int size = rnd.nextInt(3) == 0 ? 2 + rnd.nextInt(2) : 1;
        boolean eight = rnd.nextInt(4) != 0;
        DiagonalRule rule = eight ? DiagonalRule.values()[rnd.nextInt(2)] : DiagonalRule.values()[rnd.nextInt(3)];
        double m = MULTIPLIERS[rnd.nextInt(MULTIPLIERS.length)];
        int w = chunk + rnd.nextInt(2 * chunk);
        int h = chunk + rnd.nextInt(2 * chunk);
        int walls = 2 + rnd.nextInt(25);
        try (Grid grid = Grid.create(w, h)) {
            grid.areas().set(0, m);
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    if (rnd.nextInt(100) < walls) {
                        grid.setWalkable(x, y, false);
                    }
                }
            }
            try (HpaHierarchy hierarchy =
                            new HpaHierarchy(grid, chunk, size, eight ? Connectivity.EIGHT : Connectivity.FOUR, rule);
                    ChunkDijkstra search = new ChunkDijkstra(hierarchy.moves(), chunk);
                    OpenChunkPaths open = new OpenChunkPaths(chunk, eight, w)) {
                assertTrue(open.select(m));
                for (int q = 0; q < 60; q++) {
                    int k = rnd.nextInt(hierarchy.chunkCount());
                    if (Double.isNaN(hierarchy.chunkMultiplier(k))) {
                        continue;
                    }
                    int x0 = (k % hierarchy.chunksX()) * chunk;
                    int y0 = (k / hierarchy.chunksX()) * chunk;
                    int cw = Math.min(chunk, w - x0);
                    int ch = Math.min(chunk, h - y0);
                    int sx = x0 + rnd.nextInt(cw);
                    int sy = y0 + rnd.nextInt(ch);
                    // a target near the source, so that some boxes are walkable
                    int tx = Math.clamp(sx + rnd.nextInt(9) - 4, x0, x0 + cw - 1);
                    int ty = Math.clamp(sy + rnd.nextInt(9) - 4, y0, y0 + ch - 1);
                    if (!boxWalkable(hierarchy, sx, sy, tx, ty)) {
                        continue;
                    }
                    int source = sy * w + sx;
                    int target = ty * w + tx;
                    search.run(x0, y0, m, source, new int[] {target}, 1);
                    Supplier<String> where = () -> "seed " + seed + ", chunk side " + chunk + ", size " + size
                            + ", " + (eight ? "eight " : "four ") + rule + ", m " + m + ", " + source + " -> "
                            + target;
                    assertEquals(
                            Double.doubleToRawLongBits(search.cost(target)),
                            Double.doubleToRawLongBits(open.cost(source, target)),
                            where);
                    int n = search.pathLength(target);
                    assertEquals(n, open.pathLength(source, target), where);
                    int[] want = new int[n];
                    int[] got = new int[n];
                    search.copyPath(target, n, want, 0, false);
                    open.copyPath(source, target, n, got, 0, false);
                    assertArrayEquals(want, got, where);
                }
            }
        }
    }

    private static boolean boxWalkable(HpaHierarchy hierarchy, int ax, int ay, int bx, int by) {
        int w = hierarchy.grid().width();
        for (int y = Math.min(ay, by); y <= Math.max(ay, by); y++) {
            for (int x = Math.min(ax, bx); x <= Math.max(ax, bx); x++) {
                if (!hierarchy.isWalkable(y * w + x)) {
                    return false;
                }
            }
        }
        return true;
    }

    @Test
    void multipliersWhoseSumsCannotStandForTheSearchAreRefused() {
        try (OpenChunkPaths open = new OpenChunkPaths(16, true, 64)) {
            assertFalse(open.select(Double.MAX_VALUE / 4), "(m + m) * 0.5 * sqrt2 sums pass the double range");
            assertFalse(open.select(Double.MIN_NORMAL / 2), "below the normal range rounding is not relative");
            assertTrue(open.select(Double.MAX_VALUE / 1e3));
            assertTrue(open.select(1.0));
            assertEquals(15 * Math.sqrt(2.0), open.cost(0, 15 * 64 + 15), 1e-12);
        }
    }
}
