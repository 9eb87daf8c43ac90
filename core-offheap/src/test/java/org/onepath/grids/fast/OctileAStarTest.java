package org.onepath.grids.fast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.cells.PathStatus;
import org.onepath.grids.SearchStatus;

/**
 * The specialised octile A* against a plain reference of the same rules (exact integer-pair
 * keys; smaller f, then larger float32 g, then smaller cell; N, E, S, W, NE, SE, SW, NW; a
 * strictly cheaper pair replaces; closed is final): identical expansion order, counts, path and
 * cost bits on random maps with both estimates, plus hand-derived cases and the state checks.
 */
class OctileAStarTest {
    private static final double SQRT2 = Math.sqrt(2.0);
    private static final double[] CELL_COSTS = {1.0, 1.0, 0.5, 2.5, 1.7, 3.0};

    /** Runs a begun search to the end, in one call or in random slices of 1..50. */
    static SearchStatus finish(OctileAStar engine, Random random, boolean sliced) {
        if (!sliced) {
            return engine.step(Integer.MAX_VALUE);
        }
        SearchStatus s = engine.status();
        while (s == SearchStatus.RUNNING) {
            int before = engine.iterations();
            int budget = 1 + random.nextInt(50);
            s = engine.step(budget);
            assertTrue(
                    engine.iterations() - before <= budget,
                    "a slice of " + budget + " made " + (engine.iterations() - before) + " iterations");
        }
        return s;
    }

    static void assertSame(OctileModel.Result expected, OctileAStar engine, double m, String context) {
        assertEquals(expected.found() ? SearchStatus.FOUND : SearchStatus.NO_PATH, engine.status(), context);
        assertEquals(expected.iterations(), engine.iterations(), "iterations " + context);
        assertEquals(expected.expanded(), engine.expandedCount(), "expanded " + context);
        assertArrayEquals(expected.expansions(), engine.expandedNodes(), "expansion order " + context);
        if (expected.found()) {
            assertArrayEquals(expected.path(), engine.path(), "path " + context);
            assertEquals(expected.path().length, engine.pathLength(), "path length " + context);
            assertEquals(expected.a(), engine.pathStraightSteps(), "straight steps " + context);
            assertEquals(expected.b(), engine.pathDiagonalSteps(), "diagonal steps " + context);
            assertEquals(
                    Double.doubleToRawLongBits(expected.cost(m)),
                    Double.doubleToRawLongBits(engine.pathCost()),
                    "cost bits " + context + ": expected " + expected.cost(m) + ", was " + engine.pathCost());
        } else {
            assertEquals(0, engine.pathLength(), context);
            assertEquals(Double.POSITIVE_INFINITY, engine.pathCost(), context);
            assertThrows(IllegalStateException.class, () -> engine.copyPath(new int[16]), context);
        }
    }

    @Test
    void expandsExactlyAsThePlainReferenceOnRandomMaps() {
        Random random = new Random(0x5EED_A57L);
        int grids = 0;
        int searches = 0;
        int found = 0;
        int longer = 0;
        for (int round = 0; round < 560; round++) {
            OctileModel model = OctileModel.random(random, 2, 20);
            double m = CELL_COSTS[random.nextInt(CELL_COSTS.length)];
            try (Grid grid = model.toGrid();
                    OctileAStar engine = new OctileAStar(grid, false)) {
                if (m != 1.0) {
                    grid.areas().set(0, m);
                }
                engine.recordExpansions(true);
                grids++;
                for (int q = 0; q < 3; q++) {
                    int start = model.randomOpenCell(random);
                    int goal = random.nextInt(8) == 0 ? start : model.randomOpenCell(random);
                    if (start < 0) {
                        continue;
                    }
                    for (boolean zero : new boolean[] {false, true}) {
                        String context = "seed round " + round + ", " + start + " -> " + goal
                                + (zero ? " zero" : " octile") + ", m " + m + "\n" + model;
                        engine.zeroEstimate(zero);
                        assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(start, goal), context);
                        finish(engine, random, random.nextBoolean());
                        OctileModel.Result expected = model.aStar(start, goal, zero);
                        assertSame(expected, engine, m, context);
                        double dijkstra = m * model.dijkstra(start, goal);
                        if (expected.found()) {
                            found++;
                            assertEquals(dijkstra, engine.pathCost(), 1e-9 * Math.max(1.0, dijkstra), context);
                            assertNull(
                                    model.checkPath(
                                            engine.path(),
                                            start,
                                            goal,
                                            engine.pathStraightSteps(),
                                            engine.pathDiagonalSteps()),
                                    context);
                        } else {
                            assertEquals(Double.POSITIVE_INFINITY, dijkstra, context);
                        }
                        if (expected.iterations() > 2) {
                            longer++;
                        }
                        searches++;
                    }
                }
            }
        }
        assertTrue(grids >= 500, "grids " + grids);
        assertTrue(
                searches >= 2000 && found > searches / 3 && longer > searches / 4,
                "searches " + searches + ", found " + found + ", longer than two iterations " + longer);
    }

    @Test
    void handDerivedDiagonalOnAnOpenSquare() {
        // 3 x 3 open, (0,0) -> (2,2). Start f = 2*sqrt2. Its E and S get f = 2 + sqrt2, SE (1,1)
        // gets f = 2*sqrt2 and pops next; from there the goal gets f = 2*sqrt2 and pops third.
        OctileModel model = OctileModel.parse("...", "...", "...");
        try (Grid grid = model.toGrid();
                OctileAStar engine = new OctileAStar(grid, false)) {
            engine.recordExpansions(true);
            assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(0, 8));
            assertEquals(SearchStatus.FOUND, engine.step(100));
            assertEquals(3, engine.iterations());
            assertEquals(2, engine.expandedCount());
            assertArrayEquals(new int[] {0, 4}, engine.expandedNodes());
            assertArrayEquals(new int[] {0, 4, 8}, engine.path());
            assertEquals(0, engine.pathStraightSteps());
            assertEquals(2, engine.pathDiagonalSteps());
            assertEquals(Double.doubleToRawLongBits(2 * SQRT2), Double.doubleToRawLongBits(engine.pathCost()));
        }
    }

    @Test
    void handDerivedTieBreaksOnAnOpenSquare() {
        // 3 x 3 open, (1,0) -> (1,2), zero estimate. Pop (1,0) (f 0). Pushed: E (2,0) g 1,
        // S (1,1) g 1, W (0,0) g 1, SE (2,1) g sqrt2, SW (0,1) g sqrt2. Equal f = 1 ties on g and
        // then the smaller cell: (0,0)=0, (2,0)=2, (1,1)=4, expanded in that order (0 and 2 improve
        // nothing); from 4 the goal 7 gets g 2 and 6, 8 get 1 + sqrt2. Then f sqrt2: cells 3 and 5,
        // which improve nothing (6 and 8 tie, 7 would cost 2 sqrt2). Then f 2: the goal 7.
        OctileModel model = OctileModel.parse("...", "...", "...");
        try (Grid grid = model.toGrid();
                OctileAStar engine = new OctileAStar(grid, true)) {
            engine.recordExpansions(true);
            assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(1, 7));
            assertEquals(SearchStatus.FOUND, engine.step(Integer.MAX_VALUE));
            assertArrayEquals(new int[] {1, 0, 2, 4, 3, 5}, engine.expandedNodes());
            assertEquals(7, engine.iterations());
            assertEquals(6, engine.expandedCount());
            assertArrayEquals(new int[] {1, 4, 7}, engine.path());
            assertEquals(2.0, engine.pathCost());
        }
    }

    @Test
    void handDerivedZeroEstimateCorridorAndNoPath() {
        OctileModel model = OctileModel.parse("..#.");
        try (Grid grid = model.toGrid();
                OctileAStar engine = new OctileAStar(grid, true)) {
            engine.recordExpansions(true);
            assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(0, 1));
            assertEquals(SearchStatus.FOUND, engine.step(Integer.MAX_VALUE));
            assertEquals(2, engine.iterations());
            assertEquals(1, engine.expandedCount());
            assertArrayEquals(new int[] {0, 1}, engine.path());
            assertEquals(1.0, engine.pathCost());
            // No path: both open cells of the left part are expanded, every iteration counts.
            assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(0, 3));
            assertEquals(SearchStatus.NO_PATH, engine.step(Integer.MAX_VALUE));
            assertEquals(2, engine.iterations());
            assertEquals(2, engine.expandedCount());
            assertArrayEquals(new int[] {0, 1}, engine.expandedNodes());
            assertEquals(Double.POSITIVE_INFINITY, engine.pathCost());
            assertEquals(0, engine.pathStraightSteps());
        }
    }

    @Test
    void noCornerCutting() {
        // The diagonal (0,0) -> (1,1) needs both (1,0) and (0,1) open.
        OctileModel model = OctileModel.parse(".#", "..");
        try (Grid grid = model.toGrid();
                OctileAStar engine = new OctileAStar(grid, false)) {
            assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(0, 3));
            assertEquals(SearchStatus.FOUND, engine.step(Integer.MAX_VALUE));
            assertArrayEquals(new int[] {0, 2, 3}, engine.path());
            assertEquals(2.0, engine.pathCost());
        }
    }

    @Test
    void startEqualToGoalExpandsNothing() {
        OctileModel model = OctileModel.parse("...", ".#.");
        try (Grid grid = model.toGrid();
                OctileAStar engine = new OctileAStar(grid, false)) {
            engine.recordExpansions(true);
            assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(5, 5));
            assertEquals(SearchStatus.FOUND, engine.step(1));
            assertEquals(1, engine.iterations());
            assertEquals(0, engine.expandedCount());
            assertEquals(0, engine.expandedNodes().length);
            assertArrayEquals(new int[] {5}, engine.path());
            assertEquals(0.0, engine.pathCost());
        }
    }

    @Test
    void refusedEndsLeaveTheRunningSearchAlone() {
        Random random = new Random(77);
        for (int round = 0; round < 60; round++) {
            OctileModel model = OctileModel.random(random, 4, 16);
            int start = model.randomOpenCell(random);
            int goal = model.randomOpenCell(random);
            int wall = model.randomWall(random);
            if (start < 0 || wall < 0) {
                continue;
            }
            try (Grid grid = model.toGrid();
                    OctileAStar engine = new OctileAStar(grid, false)) {
                engine.recordExpansions(true);
                assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(start, goal));
                engine.step(1 + random.nextInt(3));
                int n = model.cellCount();
                assertEquals(PathStatus.START_INVALID, engine.tryBegin(wall, goal));
                assertEquals(PathStatus.START_INVALID, engine.tryBegin(-1, goal));
                assertEquals(PathStatus.START_INVALID, engine.tryBegin(n, goal));
                assertEquals(PathStatus.GOAL_INVALID, engine.tryBegin(start, wall));
                assertEquals(PathStatus.GOAL_INVALID, engine.tryBegin(start, n));
                assertEquals(PathStatus.START_INVALID, engine.tryBegin(wall, wall), "the start is checked first");
                finish(engine, random, true);
                assertSame(model.aStar(start, goal, false), engine, 1.0, "round " + round + "\n" + model);
            }
        }
    }

    @Test
    void argumentAndStateChecks() {
        OctileModel model = OctileModel.parse("....", "....");
        try (Grid grid = model.toGrid();
                OctileAStar engine = new OctileAStar(grid, false)) {
            assertEquals(SearchStatus.NOT_STARTED, engine.status());
            assertThrows(IllegalStateException.class, () -> engine.step(1));
            assertThrows(IllegalArgumentException.class, () -> engine.begin(-1, 0));
            assertThrows(IllegalArgumentException.class, () -> engine.begin(0, 8));
            assertThrows(IllegalStateException.class, () -> engine.copyPath(new int[8]));
            engine.begin(0, 7);
            assertThrows(IllegalArgumentException.class, () -> engine.step(-1));
            assertEquals(SearchStatus.RUNNING, engine.step(0));
            assertEquals(0, engine.iterations());
            assertEquals(SearchStatus.FOUND, engine.step(Integer.MAX_VALUE));
            assertEquals(SearchStatus.FOUND, engine.step(5), "a finished search stays finished");
            assertThrows(IllegalArgumentException.class, () -> engine.copyPath(new int[engine.pathLength() - 1]));
            int[] roomy = new int[20];
            assertEquals(engine.pathLength(), engine.copyPath(roomy));
            assertEquals(0, roomy[0]);
            assertEquals(7, roomy[engine.pathLength() - 1]);
        }
        Grid grid = model.toGrid();
        OctileAStar engine = new OctileAStar(grid, false);
        engine.close();
        engine.close();
        assertThrows(IllegalStateException.class, () -> engine.begin(0, 1));
        grid.close();
    }

    @Test
    void engineReuseDoesNotCarryStateBetweenSearches() {
        // Many searches on one engine: every one equals the reference, whatever ran before.
        Random random = new Random(4242);
        OctileModel model = OctileModel.random(new Random(9), 18, 18);
        try (Grid grid = model.toGrid();
                OctileAStar engine = new OctileAStar(grid, false)) {
            engine.recordExpansions(true);
            for (int q = 0; q < 300; q++) {
                int start = model.randomOpenCell(random);
                int goal = model.randomOpenCell(random);
                boolean zero = random.nextBoolean();
                engine.zeroEstimate(zero);
                engine.tryBegin(start, goal);
                // Abandon some searches half-way.
                if (random.nextInt(4) == 0) {
                    engine.step(1 + random.nextInt(10));
                    continue;
                }
                finish(engine, random, random.nextBoolean());
                assertSame(model.aStar(start, goal, zero), engine, 1.0, "query " + q);
            }
        }
    }

    @Test
    void aSearchBegunOnAWallDoesNotOpenThatWallForLaterSearches() {
        // begin() refuses only cells outside the grid. Whatever it does with a wall start, a later
        // search on the same unedited grid must still treat the wall as a wall.
        OctileModel model = OctileModel.parse(".#.", ".#.", ".#.");
        try (Grid grid = model.toGrid();
                OctileAStar engine = new OctileAStar(grid, false)) {
            try {
                engine.begin(4, 5);
                engine.step(Integer.MAX_VALUE);
            } catch (IllegalArgumentException refused) {
                // refusing the wall is fine too
            }
            assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(3, 5));
            assertEquals(
                    SearchStatus.NO_PATH, engine.step(Integer.MAX_VALUE), "the wall column separates (0,1) from (2,1)");
        }
    }
}
