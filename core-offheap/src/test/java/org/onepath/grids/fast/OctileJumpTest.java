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
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.grids.jps.JumpRules;
import org.onepath.grids.jps.Jumper;
import org.onepath.grids.jps.OnlineJumper;
import org.onepath.grids.jps.TableJumper;

/**
 * The specialised octile jump point search against a reference written in this test from the
 * rules (4-ary heap keyed by (F, T) without decrease-key, the equal-level LIFO stack, stale
 * entries skipped and not counted, direction order 0..7 pruned by the jump rules, improved
 * pruning of diagonal runs): identical expansion order, counts, path and cost bits with the block
 * and the table finder, plain and improved; costs equal a plain Dijkstra; paths are legal chains
 * of moves whose step counts are the reported ones.
 */
class OctileJumpTest {
    private static final double SQRT2 = Math.sqrt(2.0);

    enum Finder {
        BLOCK,
        TABLE
    }

    /** One grid with both finders and the four engines over it. */
    static final class Setup implements AutoCloseable {
        final OctileModel model;
        final Grid grid;
        final BlockMap map;
        final JpsPlusIndex index;
        final JumpRules rules;
        final OnlineJumper online;
        final TableJumper table;
        final OctileMap octile;
        final OctileJump<BitFinder> blockPlain;
        final OctileJump<BitFinder> blockImproved;
        final OctileJump<TableFinder> tablePlain;
        final OctileJump<TableFinder> tableImproved;

        Setup(OctileModel model) {
            this.model = model;
            this.grid = model.toGrid();
            this.map = new BlockMap(grid);
            this.index = new JpsPlusIndex(grid);
            this.rules = new JumpRules(grid);
            this.online = new OnlineJumper(grid);
            this.table = new TableJumper(index);
            this.octile = new OctileMap(grid);
            this.blockPlain = new OctileJump<>(grid, new BitFinder(map, octile), false);
            this.blockImproved = new OctileJump<>(grid, new BitFinder(map, octile), true);
            this.tablePlain = new OctileJump<>(grid, new TableFinder(index, octile), false);
            this.tableImproved = new OctileJump<>(grid, new TableFinder(index, octile), true);
            for (OctileJump<?> e : engines()) {
                e.recordExpansions(true);
            }
        }

        OctileJump<?>[] engines() {
            return new OctileJump<?>[] {blockPlain, blockImproved, tablePlain, tableImproved};
        }

        /** The reference finder for an engine: the cell-by-cell jumper for the block engines, the table for the table engines. */
        Jumper referenceFinder(OctileJump<?> engine) {
            return engine.finder() instanceof TableFinder ? table : online;
        }

        boolean improved(OctileJump<?> engine) {
            return engine == blockImproved || engine == tableImproved;
        }

        String name(OctileJump<?> engine) {
            return (engine.finder() instanceof TableFinder ? "table" : "block")
                    + (improved(engine) ? " improved" : " plain");
        }

        @Override
        public void close() {
            for (OctileJump<?> e : engines()) {
                e.close();
            }
            octile.close();
            index.close();
            map.close();
            grid.close();
        }
    }

    static SearchStatus finish(OctileJump<?> engine, Random random, boolean sliced) {
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

    static void assertSame(OctileModel.Result expected, OctileJump<?> engine, double m, String context) {
        assertEquals(expected.found() ? SearchStatus.FOUND : SearchStatus.NO_PATH, engine.status(), context);
        assertArrayEquals(expected.expansions(), engine.expandedNodes(), "expansion order " + context);
        assertEquals(expected.iterations(), engine.iterations(), "iterations " + context);
        assertEquals(expected.expanded(), engine.expandedCount(), "expanded " + context);
        if (expected.found()) {
            assertEquals(expected.a(), engine.pathStraightSteps(), "straight steps " + context);
            assertEquals(expected.b(), engine.pathDiagonalSteps(), "diagonal steps " + context);
            assertEquals(
                    Double.doubleToRawLongBits(expected.cost(m)),
                    Double.doubleToRawLongBits(engine.pathCost()),
                    "cost bits " + context + ": expected " + expected.cost(m) + ", was " + engine.pathCost());
            assertArrayEquals(expected.path(), engine.path(), "path " + context);
            assertHopsDrawThePath(expected.path(), engine.pathHops(), context);
        } else {
            assertThrows(IllegalStateException.class, engine::pathHops, context);
            assertEquals(0, engine.pathLength(), context);
            assertEquals(Double.POSITIVE_INFINITY, engine.pathCost(), context);
        }
    }

    /**
     * The path kept as jump points draws the reference's cells, and its jump points are cells of
     * that path in order, the start first and the goal last.
     */
    static void assertHopsDrawThePath(int[] path, OctileHops hops, String context) {
        assertEquals(path.length, hops.length(), "hops' length " + context);
        assertArrayEquals(path, hops.cells(), "cells drawn from the hops " + context);
        int[] ends = hops.jumpPoints();
        assertEquals(hops.jumpPointCount(), ends.length, context);
        assertEquals(path[0], ends[0], "first jump point is the start " + context);
        assertEquals(path[path.length - 1], ends[ends.length - 1], "last jump point is the goal " + context);
        int at = 0;
        for (int e : ends) {
            while (at < path.length && path[at] != e) {
                at++;
            }
            assertTrue(at < path.length, "jump point " + e + " on the path in order " + context);
        }
    }

    @Test
    void expandsExactlyAsTheReferenceWithBothFindersPlainAndImproved() {
        Random random = new Random(0x0C71_1E);
        double[] cellCosts = {1.0, 1.0, 0.75, 2.0, 3.5};
        int grids = 0;
        int searches = 0;
        int found = 0;
        int multiHop = 0;
        for (int round = 0; round < 420; round++) {
            OctileModel model = OctileModel.random(random, 2, 20);
            double m = cellCosts[random.nextInt(cellCosts.length)];
            try (Setup setup = new Setup(model)) {
                if (m != 1.0) {
                    setup.grid.areas().set(0, m);
                }
                grids++;
                for (int q = 0; q < 2; q++) {
                    int start = model.randomOpenCell(random);
                    if (start < 0) {
                        continue;
                    }
                    int goal = random.nextInt(10) == 0 ? start : model.randomOpenCell(random);
                    double dijkstra = m * model.dijkstra(start, goal);
                    for (boolean zero : new boolean[] {false, true}) {
                        for (OctileJump<?> engine : setup.engines()) {
                            String context = setup.name(engine) + (zero ? " zero" : " octile") + ", round " + round
                                    + ", " + start + " -> " + goal + ", m " + m + "\n" + model;
                            engine.zeroEstimate(zero);
                            assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(start, goal), context);
                            finish(engine, random, random.nextBoolean());
                            OctileModel.Result expected = model.jump(
                                    setup.referenceFinder(engine),
                                    setup.rules,
                                    setup.improved(engine),
                                    start,
                                    goal,
                                    zero);
                            assertSame(expected, engine, m, context);
                            if (expected.found()) {
                                found++;
                                assertEquals(
                                        dijkstra,
                                        engine.pathCost(),
                                        1e-9 * Math.max(1.0, dijkstra),
                                        "cost against Dijkstra, " + context);
                                int[] path = engine.path();
                                assertEquals(engine.pathLength(), path.length, context);
                                assertNull(
                                        model.checkPath(
                                                path,
                                                start,
                                                goal,
                                                engine.pathStraightSteps(),
                                                engine.pathDiagonalSteps()),
                                        context);
                                if (expected.iterations() > 2) {
                                    multiHop++;
                                }
                            } else {
                                assertEquals(Double.POSITIVE_INFINITY, dijkstra, "Dijkstra finds a path, " + context);
                            }
                            searches++;
                        }
                    }
                }
            }
        }
        assertTrue(grids >= 300, "grids " + grids);
        assertTrue(
                searches >= 4 * 2 * 300 && found > searches / 3 && multiHop > searches / 10,
                "searches " + searches + ", found " + found + ", more than two iterations " + multiHop);
    }

    @Test
    void handDerivedOpenSquare() {
        // 3 x 3 open, (0,0) -> (2,2): from the start E and S scan to the edge without a stop; SE
        // reaches the goal in 2 steps (plain: the diagonal jump; improved: the run ends there).
        try (Setup setup = new Setup(OctileModel.parse("...", "...", "..."))) {
            for (OctileJump<?> engine : setup.engines()) {
                String name = setup.name(engine);
                assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(0, 8));
                assertEquals(SearchStatus.FOUND, engine.step(Integer.MAX_VALUE), name);
                assertEquals(2, engine.iterations(), name);
                assertEquals(1, engine.expandedCount(), name);
                assertArrayEquals(new int[] {0}, engine.expandedNodes(), name);
                assertArrayEquals(new int[] {0, 4, 8}, engine.path(), name);
                assertEquals(
                        Double.doubleToRawLongBits(2 * SQRT2), Double.doubleToRawLongBits(engine.pathCost()), name);
            }
        }
    }

    @Test
    void handDerivedImprovedPruningSkipsTheDiagonalJumpPoint() {
        // 5 x 5 open, (0,0) -> (4,2). Plain: the SE jump stops at (2,2) (its east scan meets the
        // goal), which is expanded and jumps east to the goal: expansions [0, 12], 3 iterations.
        // Improved: the SE run offers the goal from (2,2)'s east scan with the start as parent,
        // pair (2, 2): expansions [0], 2 iterations. Both paths walk diagonally first.
        try (Setup setup = new Setup(OctileModel.parse(".....", ".....", ".....", ".....", "....."))) {
            for (OctileJump<?> engine : setup.engines()) {
                String name = setup.name(engine);
                assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(0, 14));
                assertEquals(SearchStatus.FOUND, engine.step(Integer.MAX_VALUE), name);
                if (setup.improved(engine)) {
                    assertArrayEquals(new int[] {0}, engine.expandedNodes(), name);
                    assertEquals(2, engine.iterations(), name);
                } else {
                    assertArrayEquals(new int[] {0, 12}, engine.expandedNodes(), name);
                    assertEquals(3, engine.iterations(), name);
                }
                assertEquals(2, engine.pathStraightSteps(), name);
                assertEquals(2, engine.pathDiagonalSteps(), name);
                assertArrayEquals(new int[] {0, 6, 12, 13, 14}, engine.path(), name);
                assertEquals(
                        Double.doubleToRawLongBits(2 + 2 * SQRT2), Double.doubleToRawLongBits(engine.pathCost()), name);
            }
        }
    }

    @Test
    void startEqualToGoalAndNoPath() {
        try (Setup setup = new Setup(OctileModel.parse("..#..", "..#..", "..#.."))) {
            for (OctileJump<?> engine : setup.engines()) {
                String name = setup.name(engine);
                assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(6, 6));
                assertEquals(SearchStatus.FOUND, engine.step(1), name);
                assertEquals(1, engine.iterations(), name);
                assertEquals(0, engine.expandedCount(), name);
                assertArrayEquals(new int[] {6}, engine.path(), name);
                assertEquals(0.0, engine.pathCost(), name);

                assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(0, 4));
                assertEquals(SearchStatus.NO_PATH, engine.step(Integer.MAX_VALUE), name);
                assertEquals(engine.iterations(), engine.expandedCount(), name);
                assertTrue(engine.iterations() >= 1, name);
                assertEquals(Double.POSITIVE_INFINITY, engine.pathCost(), name);
                assertEquals(0, engine.pathLength(), name);
                assertThrows(IllegalStateException.class, () -> engine.copyPath(new int[20]), name);
            }
        }
    }

    @Test
    void refusedEndsLeaveTheRunningSearchAloneAndStateChecks() {
        Random random = new Random(31337);
        for (int round = 0; round < 40; round++) {
            OctileModel model = OctileModel.random(random, 4, 16);
            int start = model.randomOpenCell(random);
            int goal = model.randomOpenCell(random);
            int wall = model.randomWall(random);
            if (start < 0 || wall < 0) {
                continue;
            }
            try (Setup setup = new Setup(model)) {
                for (OctileJump<?> engine : setup.engines()) {
                    engine.zeroEstimate(false);
                    assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(start, goal));
                    engine.step(1);
                    int n = model.cellCount();
                    assertEquals(PathStatus.START_INVALID, engine.tryBegin(wall, goal));
                    assertEquals(PathStatus.START_INVALID, engine.tryBegin(-1, goal));
                    assertEquals(PathStatus.GOAL_INVALID, engine.tryBegin(start, wall));
                    assertEquals(PathStatus.GOAL_INVALID, engine.tryBegin(start, n));
                    finish(engine, random, true);
                    OctileModel.Result expected = model.jump(
                            setup.referenceFinder(engine), setup.rules, setup.improved(engine), start, goal, false);
                    assertSame(expected, engine, 1.0, setup.name(engine) + " round " + round + "\n" + model);
                }
            }
        }
        try (Setup setup = new Setup(OctileModel.parse("....", "...."))) {
            OctileJump<?> engine = setup.blockPlain;
            assertEquals(SearchStatus.NOT_STARTED, engine.status());
            assertThrows(IllegalStateException.class, () -> engine.step(1));
            assertThrows(IllegalArgumentException.class, () -> engine.begin(0, 8));
            assertThrows(IllegalArgumentException.class, () -> engine.begin(-1, 0));
            engine.begin(0, 7);
            assertThrows(IllegalArgumentException.class, () -> engine.step(-1));
            assertEquals(SearchStatus.RUNNING, engine.step(0));
            assertEquals(0, engine.iterations());
            assertEquals(SearchStatus.FOUND, engine.step(Integer.MAX_VALUE));
            assertThrows(IllegalArgumentException.class, () -> engine.copyPath(new int[engine.pathLength() - 1]));
        }
    }
}
