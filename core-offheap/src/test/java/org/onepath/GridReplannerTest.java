package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.onepath.ReplanTestSupport.Replanned;
import org.onepath.ReplanTestSupport.Result;
import org.onepath.ReplanTestSupport.Setting;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.HexLayout;
import org.onepath.cells.PathStatus;
import org.onepath.grids.replan.ReplanSearch;

/** The tier-1 replanners' rules, one test each: restarts, moving starts, slicing, statuses, bad input. */
class GridReplannerTest {
    private static final GridOptions LPA =
            GridOptions.builder().algorithm(GridAlgorithm.LPA_STAR).build();
    private static final GridOptions DSTAR =
            GridOptions.builder().algorithm(GridAlgorithm.D_STAR_LITE).build();

    /**
     * D* Lite with an agent walking its own path while walls appear ahead of it: the repaired
     * path equals a fresh A* query (cost) at every step, and the search is never restarted.
     */
    @Test
    void dStarLiteAgentWalkingItsPathWhileWallsAppearAheadEqualsFreshAStar() {
        int walks = 0;
        int steps = 0;
        for (long seed = 0; seed < 40; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            ReferenceGrid ref = ReplanTestSupport.randomGrid(random, 16, 16, seed % 2 == 0, 20);
            GridOptions options = DSTAR.toBuilder()
                    .connectivity(seed % 3 == 0 ? Connectivity.FOUR : Connectivity.EIGHT)
                    .diagonalRule(DiagonalRule.values()[(int) (seed % 3)])
                    .build();
            Cell start = ReplanTestSupport.standingCell(random, ref, 1);
            Cell goal = ReplanTestSupport.standingCell(random, ref, 1);
            try (Grid grid = ref.toGrid();
                    GridReplanner replanner = grid.createReplanner(start, goal, options)) {
                GridPath path = replanner.replan();
                Setting setting = new Setting(grid, null, options, GridAlgorithm.D_STAR_LITE, start, goal);
                walks++;
                while (path.found() && path.length() > 1) {
                    Cell next = path.cells().get(1);
                    replanner.moveStart(next);
                    // a wall a few cells ahead on the remaining path, never on the agent or the goal
                    if (path.length() > 3 && random.nextInt(2) == 0) {
                        Cell ahead = path.cells().get(2 + random.nextInt(path.length() - 3));
                        grid.setWalkable(ahead.x(), ahead.y(), false);
                    }
                    path = replanner.replan();
                    steps++;
                    Result r = new Result(path.status(), path.cost(), path.cellIndices(), path.expandedCount());
                    if (path.found()) {
                        ReplanTestSupport.checkPath(
                                setting, replanner.start(), goal, r, "seed " + seed + " step " + steps);
                    }
                    GridPath fresh = grid.findPath(
                            replanner.start(),
                            goal,
                            options.toBuilder().algorithm(GridAlgorithm.ASTAR).build());
                    assertEquals(fresh.status(), path.status(), "seed " + seed);
                    if (fresh.found()) {
                        assertTrue(
                                ReplanTestSupport.close(fresh.cost(), path.cost()),
                                "seed " + seed + ": " + path.cost() + " vs A* " + fresh.cost());
                    }
                }
                assertEquals(0, replanner.restartCount(), "a walking agent never restarts D* Lite");
            }
        }
        assertTrue(steps > 150, "the agents walked " + steps + " steps in " + walks + " walks");
    }

    /** D* Lite keeps its work when the start moves (km grows); LPA* restarts. */
    @Test
    void movingTheStartKeepsDStarLiteWorkAndRestartsLpaStar() {
        try (Grid grid = Grid.create(30, 30)) {
            try (GridReplanner d = grid.createReplanner(new Cell(0, 0), new Cell(29, 29), DSTAR)) {
                d.replan();
                ReplanSearch<?, ?, ?> s = d.search();
                d.moveStart(new Cell(1, 1));
                assertTrue(s.isInitialized(), "D* Lite keeps its plan");
                assertEquals(Math.sqrt(2.0), s.km(), 0.0, "km grows by h(old start, new start)");
                GridPath p = d.replan();
                assertEquals(new Cell(1, 1), p.cells().getFirst());
                assertTrue(p.expandedCount() < 5, "moving along the path needs almost no work: " + p.expandedCount());
            }
            try (GridReplanner l = grid.createReplanner(new Cell(0, 0), new Cell(29, 29), LPA)) {
                l.replan();
                l.moveStart(new Cell(1, 1));
                assertFalse(l.search().isInitialized(), "LPA* restarts on a moved start");
                GridPath p = l.replan();
                assertEquals(new Cell(1, 1), p.cells().getFirst());
                assertEquals(0.0, l.search().km(), "LPA* never uses km");
            }
        }
    }

    /** A changed goal restarts both algorithms. */
    @Test
    void aChangedGoalRestartsBoth() {
        for (GridOptions o : List.of(LPA, DSTAR)) {
            try (Grid grid = Grid.create(10, 10);
                    GridReplanner r = grid.createReplanner(new Cell(0, 0), new Cell(9, 9), o)) {
                r.replan();
                r.setGoal(new Cell(9, 9));
                assertTrue(r.search().isInitialized(), "the same goal changes nothing");
                r.setGoal(new Cell(5, 9));
                assertFalse(r.search().isInitialized(), o.algorithm() + " restarts on a new goal");
                GridPath p = r.replan();
                assertEquals(new Cell(5, 9), p.cells().getLast());
            }
        }
    }

    /**
     * An edit's re-examined region past a quarter of the cells restarts the search; a small edit
     * repairs it; an area-cost change and {@code invalidate()} restart it.
     */
    @Test
    void largeEditsAreaCostsAndInvalidateRestartSmallEditsRepair() {
        for (GridOptions o : List.of(LPA, DSTAR)) {
            try (Grid grid = Grid.create(20, 20);
                    GridReplanner r = grid.createReplanner(new Cell(0, 0), new Cell(19, 19), o)) {
                r.replan();
                grid.setWalkable(10, 10, false);
                assertTrue(r.search().isInitialized());
                assertEquals(
                        9, r.search().pendingCount(), "a cell edit with agent size 1 re-examines the 3 x 3 around it");
                r.replan();
                // [x - 1, x + w] x [y - 1, y + h] = [4, 13] x [4, 13] = 100 cells = a quarter: still a repair
                grid.setRect(5, 5, 8, 8, 3);
                assertTrue(r.search().isInitialized(), "a quarter of the cells is repaired");
                r.replan();
                grid.setRect(5, 5, 9, 8, 4);
                assertFalse(r.search().isInitialized(), "past a quarter of the cells the search restarts");
                r.replan();
                assertTrue(r.search().isInitialized());
                grid.areas().set(3, 2.0);
                r.replan();
                assertEquals(2, r.restartCount(), "an area-cost change rebuilds the search");
                r.invalidate();
                assertFalse(r.search().isInitialized(), "invalidate restarts");
                GridPath p = r.replan();
                assertEquals(grid.findPath(new Cell(0, 0), new Cell(19, 19)).cost(), p.cost(), 1e-9);
            }
        }
    }

    /** The re-examined region grows up and left with the agent size: [x - s, x + 1] x [y - s, y + 1]. */
    @Test
    void theRegionOfAnEditGrowsWithTheAgentSize() {
        for (int size = 1; size <= 3; size++) {
            GridOptions o = DSTAR.toBuilder().agentSize(size).build();
            try (Grid grid = Grid.create(40, 40);
                    GridReplanner r = grid.createReplanner(new Cell(0, 0), new Cell(30, 30), o)) {
                r.replan();
                grid.setWalkable(20, 20, false);
                assertEquals((size + 2) * (size + 2), r.search().pendingCount(), "agent size " + size);
                grid.setWalkable(0, 39, false);
                assertEquals(
                        (size + 2) * (size + 2) + (size + 1) * 2, r.search().pendingCount(), "clipped at the edge");
            }
        }
    }

    /** A wall far from the path costs a handful of expansions; a fresh plan costs many more. */
    @Test
    void anEditFarFromThePathCostsLittle() {
        for (GridOptions o : List.of(LPA, DSTAR)) {
            try (Grid grid = Grid.create(64, 64);
                    GridReplanner r = grid.createReplanner(new Cell(2, 2), new Cell(60, 2), o)) {
                GridPath first = r.replan();
                grid.setWalkable(30, 60, false);
                GridPath second = r.replan();
                assertEquals(first.cost(), second.cost(), 0.0);
                assertTrue(
                        second.expandedCount() < first.expandedCount() / 10,
                        o.algorithm() + ": " + second.expandedCount() + " expansions after the edit, "
                                + first.expandedCount() + " for the first plan");
            }
        }
    }

    /**
     * Any sequence of budgets ends with the result, expansion count and path of one unsliced call,
     * across edit sequences, start moves and both algorithms (square and hex).
     */
    @Test
    void anySequenceOfBudgetsEndsWithTheUnslicedResult() {
        int compared = 0;
        for (long seed = 0; seed < 150; seed++) {
            SplittableRandom r1 = new SplittableRandom(seed);
            SplittableRandom r2 = new SplittableRandom(seed);
            SplittableRandom budgets = new SplittableRandom(seed ^ 0x5DEECE66DL);
            try (Setting a = ReplanTestSupport.randomSetting(seed, r1, 14);
                    Setting b = ReplanTestSupport.randomSetting(seed, r2, 14);
                    Replanned whole = a.create();
                    Replanned sliced = b.create()) {
                for (int round = 0; round < 5; round++) {
                    Result expected = whole.replan(0);
                    Result actual;
                    int calls = 0;
                    do {
                        actual = sliced.replan(1 + budgets.nextInt(round % 2 == 0 ? 3 : 40));
                        calls++;
                    } while (actual.status() == PathStatus.BUDGET_EXHAUSTED);
                    String where = "seed " + seed + " round " + round + " (" + calls + " slices)";
                    assertEquals(expected.status(), actual.status(), where);
                    assertEquals(expected.expanded(), actual.expanded(), where);
                    assertEquals(
                            Double.doubleToLongBits(expected.cost()), Double.doubleToLongBits(actual.cost()), where);
                    assertArrayEquals(expected.cells(), actual.cells(), where);
                    compared++;
                    List<Integer> near = ReplanTestSupport.cells(expected);
                    for (int e = 0; e < 2; e++) {
                        ReplanTestSupport.randomEdit(a, r1, near);
                        ReplanTestSupport.randomEdit(b, r2, near);
                    }
                    if (round == 2 && expected.cells().length > 1) {
                        int c = expected.cells()[1];
                        whole.moveStart(new Cell(c % a.width(), c / a.width()));
                        sliced.moveStart(new Cell(c % a.width(), c / a.width()));
                    }
                }
            }
        }
        assertEquals(750, compared);
    }

    /** tryReplan, pathLength, pathCost and copyPath give replan()'s path and cost bits. */
    @Test
    void tryReplanAndCopyPathGiveTheSameResult() {
        try (Grid grid = Grid.fromText("......\n.####.\n......\n");
                Grid twin = Grid.fromText("......\n.####.\n......\n");
                GridReplanner a = grid.createReplanner(new Cell(0, 2), new Cell(5, 0), DSTAR);
                GridReplanner b = twin.createReplanner(new Cell(0, 2), new Cell(5, 0), DSTAR)) {
            GridPath p = a.replan();
            assertEquals(PathStatus.FOUND, b.tryReplan(0));
            int[] out = new int[b.pathLength() + 3];
            assertEquals(p.length(), b.copyPath(out));
            assertArrayEquals(p.cellIndices(), java.util.Arrays.copyOf(out, p.length()));
            assertEquals(Double.doubleToLongBits(p.cost()), Double.doubleToLongBits(b.pathCost()));
            assertThrows(IllegalArgumentException.class, () -> b.copyPath(new int[1]));
            twin.setWalkable(0, 1, false);
            assertEquals(0, b.pathLength(), "a change makes the last path stale");
            assertThrows(IllegalStateException.class, () -> b.copyPath(out));
            twin.setWalkable(0, 0, false);
            twin.setWalkable(1, 2, false);
            assertEquals(PathStatus.NO_PATH, b.tryReplan(0));
            assertEquals(Double.POSITIVE_INFINITY, b.pathCost());
        }
    }

    /** A start or goal the agent cannot stand on gives START_INVALID or GOAL_INVALID, and recovers when cleared. */
    @Test
    void invalidEndsGiveStatusesNotExceptions() {
        try (Grid grid = Grid.fromText("....\n....\n");
                GridReplanner r = grid.createReplanner(new Cell(0, 0), new Cell(3, 1), LPA)) {
            grid.setWalkable(0, 0, false);
            assertEquals(PathStatus.START_INVALID, r.replan().status());
            grid.setWalkable(0, 0, true);
            grid.setWalkable(3, 1, false);
            assertEquals(PathStatus.GOAL_INVALID, r.replan().status());
            grid.setWalkable(3, 1, true);
            assertEquals(PathStatus.FOUND, r.replan().status());
        }
        GridOptions big = DSTAR.toBuilder().agentSize(2).build();
        try (Grid grid = Grid.fromText("....\n...#\n");
                GridReplanner r = grid.createReplanner(new Cell(0, 0), new Cell(2, 0), big)) {
            assertEquals(PathStatus.GOAL_INVALID, r.replan().status(), "the goal is too narrow for size 2");
        }
        GridOptions blocked =
                DSTAR.toBuilder().blocked((x, y) -> x == 0 && y == 0).build();
        try (Grid grid = Grid.create(4, 4);
                GridReplanner r = grid.createReplanner(new Cell(0, 0), new Cell(3, 3), blocked)) {
            assertEquals(PathStatus.START_INVALID, r.replan().status(), "a blocked start");
        }
    }

    /** A budget that runs out reports BUDGET_EXHAUSTED, and the options' budget bounds replan(). */
    @Test
    void budgetsReportExhaustion() {
        try (Grid grid = Grid.create(30, 30);
                GridReplanner r = grid.createReplanner(
                        new Cell(0, 0),
                        new Cell(29, 29),
                        DSTAR.toBuilder().iterationBudget(5).build())) {
            GridPath p = r.replan();
            assertEquals(PathStatus.BUDGET_EXHAUSTED, p.status());
            assertEquals(5, p.iterations());
            assertEquals(PathStatus.FOUND, r.replan(Integer.MAX_VALUE).status());
        }
    }

    /** A one-off findPath with LPA_STAR or D_STAR_LITE runs A*; createSearch refuses them. */
    @Test
    void oneOffQueriesWithTheReplanningAlgorithmsRunAStar() {
        try (Grid grid = Grid.fromText("......\n.####.\n......\n")) {
            GridPath astar = grid.findPath(new Cell(0, 2), new Cell(5, 0));
            for (GridOptions o : List.of(LPA, DSTAR)) {
                GridPath p = grid.findPath(new Cell(0, 2), new Cell(5, 0), o);
                assertEquals(GridAlgorithm.ASTAR, p.algorithm());
                assertEquals(astar.cells(), p.cells());
                assertEquals(astar.expandedCount(), p.expandedCount());
                assertThrows(IllegalArgumentException.class, () -> grid.createSearch(o));
            }
        }
        try (Grid grid = Grid.create(4, 4);
                GridReplanner r = grid.createReplanner(new Cell(0, 0), new Cell(3, 3), LPA)) {
            assertEquals(GridAlgorithm.LPA_STAR, r.replan().algorithm());
        }
    }

    /** Recorded expansions list each settled or reset node, as many as the expansion count. */
    @Test
    void recordedExpansionsMatchTheCount() {
        GridOptions o = DSTAR.toBuilder().recordExpansions(true).build();
        try (Grid grid = Grid.create(12, 12);
                GridReplanner r = grid.createReplanner(new Cell(0, 0), new Cell(11, 11), o)) {
            GridPath p = r.replan();
            assertEquals(p.expandedCount(), p.expandedCells().size());
            grid.setWalkable(5, 5, false);
            GridPath q = r.replan();
            assertEquals(q.expandedCount(), q.expandedCells().size());
            assertNotEquals(0, q.expandedCount());
        }
    }

    /** Bad arguments and use after close fail with clear exceptions. */
    @Test
    void badInputIsRefusedClearly() {
        try (Grid grid = Grid.create(5, 5)) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> grid.createReplanner(new Cell(5, 0), new Cell(1, 1), DSTAR));
            assertTrue(e.getMessage().contains("(5, 0)") || e.getMessage().contains("5"), e.getMessage());
            e = assertThrows(
                    IllegalArgumentException.class,
                    () -> grid.createReplanner(
                            new Cell(0, 0),
                            new Cell(1, 1),
                            DSTAR.toBuilder().heuristicWeight(2).build()));
            assertTrue(e.getMessage().contains("2.0"), e.getMessage());
            GridReplanner r = grid.createReplanner(new Cell(0, 0), new Cell(4, 4), DSTAR);
            assertThrows(IllegalArgumentException.class, () -> r.replan(-1));
            assertThrows(IllegalArgumentException.class, () -> r.moveStart(new Cell(-1, 0)));
            assertThrows(IllegalArgumentException.class, () -> r.setGoal(new Cell(0, 9)));
            r.close();
            r.close();
            IllegalStateException closed = assertThrows(IllegalStateException.class, r::replan);
            assertTrue(closed.getMessage().contains("GridReplanner"), closed.getMessage());
            grid.setWalkable(2, 2, false); // the closed replanner no longer listens
        }
        Grid closing = Grid.create(4, 4);
        GridReplanner orphan = closing.createReplanner(new Cell(0, 0), new Cell(3, 3), DSTAR);
        closing.close();
        IllegalStateException gone = assertThrows(IllegalStateException.class, orphan::replan);
        assertTrue(gone.getMessage().contains("Grid"), gone.getMessage());
        orphan.close();
        try (HexGrid hex = HexGrid.create(4, 4)) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> hex.createReplanner(
                            new Cell(0, 0),
                            new Cell(1, 1),
                            GridAlgorithm.LPA_STAR,
                            HexOptions.builder().heuristic(HeuristicKind.OCTILE).build()));
        }
    }

    /** Hex replanners repair after edits of a cell and its neighbours. */
    @Test
    void hexReplannersRepairEdits() {
        List<String> log = new ArrayList<>();
        for (HexLayout layout : HexLayout.values()) {
            for (GridAlgorithm a : List.of(GridAlgorithm.LPA_STAR, GridAlgorithm.D_STAR_LITE)) {
                try (HexGrid hex = HexGrid.create(12, 10, layout);
                        HexReplanner r = hex.createReplanner(new Cell(0, 0), new Cell(11, 9), a, HexOptions.DEFAULT)) {
                    HexPath p = r.replan();
                    Cell mid = p.cells().get(p.length() / 2);
                    hex.setWalkable(mid.x(), mid.y(), false);
                    assertEquals(1, r.search().pendingCount(), "one entry: the cell with its neighbours");
                    HexPath q = r.replan();
                    assertEquals(
                            hex.findPath(new Cell(0, 0), new Cell(11, 9)).cost(), q.cost(), 1e-9, layout + " " + a);
                    assertFalse(q.cells().contains(mid));
                    log.add(layout + " " + a);
                }
            }
        }
        assertEquals(8, log.size());
    }
}
