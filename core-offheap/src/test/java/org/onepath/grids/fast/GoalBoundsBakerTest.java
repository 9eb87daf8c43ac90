package org.onepath.grids.fast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.io.MovingAiMap;
import org.onepath.layout.GoalBoundsLayout;
import org.onepath.layout.OctileMapLayout;

/**
 * {@link GoalBoundsBaker} writes the same bytes with unequal pairs ordered in doubles and exactly,
 * on random grids built for ties (open rooms, pillars, narrow corridors, walls with gaps) and on
 * a Moving AI map; and the two local facts the correctness argument of {@code docs/jps.md}
 * rests on hold for every arrival and neighbourhood: the moves a bounded expansion considers are
 * exactly those no route from the cell before beats, and every such move the pruning rules drop
 * has a route of the same cost that takes the diagonal first.
 */
class GoalBoundsBakerTest {

    /** Sides 2..40 of one of six kinds, most of them full of equal-cost routes. */
    static OctileModel tiedGrid(Random random) {
        return tiedGrid(random, 40);
    }

    /** Sides 2..maxSide of one of six kinds, most of them full of equal-cost routes. */
    static OctileModel tiedGrid(Random random, int maxSide) {
        int w = 2 + random.nextInt(maxSide - 1);
        int h = 2 + random.nextInt(maxSide - 1);
        boolean[] open = new boolean[w * h];
        int kind = random.nextInt(6);
        switch (kind) {
            case 0 -> java.util.Arrays.fill(open, true); // open room
            case 1 -> { // a few pillars
                for (int i = 0; i < open.length; i++) {
                    open[i] = random.nextInt(100) >= 4;
                }
            }
            case 2 -> { // random walls, 0..45 %
                int percent = random.nextInt(46);
                for (int i = 0; i < open.length; i++) {
                    open[i] = random.nextInt(100) >= percent;
                }
            }
            case 3 -> { // corridors one or two cells wide, crossing
                int corridors = 1 + random.nextInt(8);
                for (int c = 0; c < corridors; c++) {
                    int wide = 1 + random.nextInt(2);
                    if (random.nextBoolean()) {
                        int y = random.nextInt(h);
                        for (int x = 0; x < w; x++) {
                            for (int t = 0; t < wide && y + t < h; t++) {
                                open[(y + t) * w + x] = true;
                            }
                        }
                    } else {
                        int x = random.nextInt(w);
                        for (int y = 0; y < h; y++) {
                            for (int t = 0; t < wide && x + t < w; t++) {
                                open[y * w + x + t] = true;
                            }
                        }
                    }
                }
            }
            case 4 -> { // a lattice of pillars, some missing
                for (int y = 0; y < h; y++) {
                    for (int x = 0; x < w; x++) {
                        open[y * w + x] = x % 2 == 0 || y % 2 == 0 || random.nextInt(5) == 0;
                    }
                }
            }
            default -> { // rooms: walls every few cells with gaps
                int period = 3 + random.nextInt(5);
                for (int y = 0; y < h; y++) {
                    for (int x = 0; x < w; x++) {
                        boolean wall = (x % period == period - 1 || y % period == period - 1) && random.nextInt(4) != 0;
                        open[y * w + x] = !wall;
                    }
                }
            }
        }
        return new OctileModel(w, h, open);
    }

    /** The bytes of every jump point of the grid with pairs ordered in doubles and exactly; returns the slots compared. */
    static int assertOrdersBakeEqual(Grid grid, String context) {
        try (JpsPlusIndex index = new JpsPlusIndex(grid);
                OctileMap octile = new OctileMap(grid);
                GoalBoundsBake listed = GoalBoundsBake.list(index, octile);
                Arena arena = Arena.ofConfined()) {
            int count = listed.jumpPointCount();
            MemorySegment doubles;
            try (GoalBoundsBaker baker = new GoalBoundsBaker(octile, listed.segment(), count, false)) {
                doubles = baker.bakeRange(0, count, arena);
            }
            // The order of unequal pairs decided exactly, as on grids too large for doubles.
            MemorySegment exact;
            try (GoalBoundsBaker baker = new GoalBoundsBaker(octile, listed.segment(), count, true)) {
                exact = baker.bakeRange(0, count, arena);
            }
            assertArrayEquals(
                    doubles.toArray(ValueLayout.JAVA_BYTE),
                    exact.toArray(ValueLayout.JAVA_BYTE),
                    "boxes with exact order " + context);
            return count;
        }
    }

    @Test
    void exactOrderBakesTheBytesOfDoubleOrderOnTiedRandomGrids() {
        Random random = new Random(0xB0C5_BA4EL);
        long slots = 0;
        for (int round = 0; round < 400; round++) {
            OctileModel model = tiedGrid(random);
            try (Grid grid = model.toGrid()) {
                slots += assertOrdersBakeEqual(grid, "round " + round + "\n" + model);
            }
        }
        System.out.println(
                "GoalBoundsBaker: " + slots + " jump points of 400 random grids bake the same bytes both ways");
        assertTrue(slots > 10_000, "the grids have jump points: " + slots);
    }

    @Test
    void exactOrderBakesTheBytesOfDoubleOrderOnAMovingAiMap() {
        String property = System.getProperty("onepath.data");
        Path root = property != null
                ? Path.of(property)
                : Files.isDirectory(Path.of("../../shared/data"))
                        ? Path.of("../../shared/data")
                        : Path.of("../shared/data");
        Path map = root.resolve("movingai").resolve("dao").resolve("den206d.map");
        assumeTrue(
                Files.isRegularFile(map),
                "Moving AI map " + map.toAbsolutePath() + " not found; skipping the comparison on a real map");
        try (Grid grid = MovingAiMap.read(map).toGrid()) {
            int slots = assertOrdersBakeEqual(grid, "den206d");
            System.out.println("GoalBoundsBaker: den206d's " + slots + " jump points bake the same bytes both ways");
            assertTrue(slots > 0);
        }
    }

    /**
     * A bounded expansion considers exactly the moves that no route from the cell before beats:
     * checked by brute force on a 5 x 5 neighbourhood for every arrival and every set of open
     * cells around the middle (the rest open, so the cell before has every other way it could).
     */
    @Test
    void boundedExpansionKeepsExactlyTheMovesNoShorterRouteBeats() {
        for (int n = 0; n < 256; n++) {
            for (int arrival = 0; arrival < GoalBoundsLayout.DIRECTIONS; arrival++) {
                int ax = OctileModel.DX[arrival];
                int ay = OctileModel.DY[arrival];
                boolean[] open = patch(n, ax, ay);
                if (open == null) {
                    continue; // the arrival step itself is illegal here
                }
                int keep = OctileJump.boundedSuccessors(arrival, n);
                for (int e = 0; e < GoalBoundsLayout.DIRECTIONS; e++) {
                    int need = OctileMapLayout.stepNeed(e);
                    if ((n & need) != need) {
                        assertEquals(0, keep & 1 << e, "an illegal move is never kept");
                        continue;
                    }
                    double through = (arrival < 4 ? 1 : OctileModel.SQRT2) + (e < 4 ? 1 : OctileModel.SQRT2);
                    double best = shortest(open, 2 - ax, 2 - ay, 2 + OctileModel.DX[e], 2 + OctileModel.DY[e]);
                    boolean strictLoser = best < through - 1e-9;
                    assertEquals(
                            !strictLoser,
                            (keep & 1 << e) != 0,
                            "arrival " + arrival + " move " + e + " neighbour byte " + Integer.toBinaryString(n));
                }
            }
        }
    }

    /**
     * Every move that no route from the cell before beats but the pruning rules drop is a
     * diagonal after a straight step, and the cell before reaches its target as cheaply by that
     * diagonal first and then the straight step, both legal: the rewrite that turns any shortest
     * route into a canonical one.
     */
    @Test
    void everyDroppedShortestMoveHasTheDiagonalFirstRouteOfTheSameCost() {
        int dropped = 0;
        for (int n = 0; n < 256; n++) {
            for (int arrival = 0; arrival < GoalBoundsLayout.DIRECTIONS; arrival++) {
                int ax = OctileModel.DX[arrival];
                int ay = OctileModel.DY[arrival];
                boolean[] open = patch(n, ax, ay);
                if (open == null) {
                    continue;
                }
                int dropping = OctileJump.boundedSuccessors(arrival, n) & ~OctileMap.successors(arrival, n);
                for (int e = 0; e < GoalBoundsLayout.DIRECTIONS; e++) {
                    if ((dropping & 1 << e) == 0) {
                        continue;
                    }
                    dropped++;
                    String context =
                            "arrival " + arrival + " move " + e + " neighbour byte " + Integer.toBinaryString(n);
                    assertTrue(
                            arrival < 4 && e >= 4,
                            "a dropped shortest move is a diagonal after a straight step: " + context);
                    // Before u at (2 - ax, 2 - ay): the diagonal e first, then the straight arrival.
                    int px = 2 - ax;
                    int py = 2 - ay;
                    int mx = px + OctileModel.DX[e];
                    int my = py + OctileModel.DY[e];
                    assertTrue(
                            open[my * 5 + mx] && open[py * 5 + mx] && open[my * 5 + px],
                            "diagonal first is legal: " + context);
                    assertEquals(2 + OctileModel.DX[e], mx + ax, context);
                    assertEquals(2 + OctileModel.DY[e], my + ay, context);
                }
            }
        }
        assertTrue(dropped > 0, "some shortest moves are dropped");
    }

    /**
     * A 5 x 5 patch with u at (2, 2): u's neighbours open as byte n says, the cell before u open
     * (its arrival step must be legal, else null), the rest open, so the cell before has every
     * other way it could have.
     */
    private static boolean[] patch(int n, int ax, int ay) {
        boolean[] open = new boolean[25];
        java.util.Arrays.fill(open, true);
        for (int d = 0; d < 8; d++) {
            open[(2 + OctileModel.DY[d]) * 5 + 2 + OctileModel.DX[d]] = (n & 1 << d) != 0;
        }
        if (!open[(2 - ay) * 5 + 2 - ax]) {
            return null;
        }
        if (ax != 0 && ay != 0 && (!open[(2 - ay) * 5 + 2] || !open[2 * 5 + 2 - ax])) {
            return null; // a diagonal arrival needs both cells beside it
        }
        return open;
    }

    /** Dijkstra in the patch, no corner cutting, from (sx, sy) to (tx, ty). */
    private static double shortest(boolean[] open, int sx, int sy, int tx, int ty) {
        double[] dist = new double[25];
        boolean[] done = new boolean[25];
        java.util.Arrays.fill(dist, Double.POSITIVE_INFINITY);
        dist[sy * 5 + sx] = 0;
        for (int round = 0; round < 25; round++) {
            int u = -1;
            for (int c = 0; c < 25; c++) {
                if (!done[c] && dist[c] < Double.POSITIVE_INFINITY && (u < 0 || dist[c] < dist[u])) {
                    u = c;
                }
            }
            if (u < 0) {
                break;
            }
            done[u] = true;
            int ux = u % 5;
            int uy = u / 5;
            for (int d = 0; d < 8; d++) {
                int vx = ux + OctileModel.DX[d];
                int vy = uy + OctileModel.DY[d];
                if (vx < 0 || vy < 0 || vx >= 5 || vy >= 5 || !open[vy * 5 + vx]) {
                    continue;
                }
                if (d >= 4 && (!open[uy * 5 + vx] || !open[vy * 5 + ux])) {
                    continue;
                }
                double c = dist[u] + (d < 4 ? 1 : OctileModel.SQRT2);
                if (c < dist[vy * 5 + vx]) {
                    dist[vy * 5 + vx] = c;
                }
            }
        }
        return dist[ty * 5 + tx];
    }
}
