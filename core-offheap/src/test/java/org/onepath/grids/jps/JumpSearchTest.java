package org.onepath.grids.jps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.ZeroHeuristic;

/**
 * Jump point search: hand-made cases, the argument and state checks, exact agreement with the
 * model's search (path, cost bits, counts, expansion order), optimality against Dijkstra and A*,
 * legal paths, and sliced runs equal to one run.
 */
class JumpSearchTest {
    private static final double SQRT2 = Math.sqrt(2.0);

    enum Kind {
        ONLINE,
        BLOCK,
        TABLE
    }

    /** A grid with the three jumpers over it. */
    static final class Setup implements AutoCloseable {
        final JpsModel model;
        final Grid grid;
        final BlockMap map;
        final JpsPlusIndex index;
        final GridSearchBuffers buffers;

        Setup(JpsModel model) {
            this.model = model;
            this.grid = model.toGrid();
            this.map = new BlockMap(grid);
            this.index = new JpsPlusIndex(grid);
            this.buffers = new GridSearchBuffers(grid.cellCount());
        }

        Jumper jumper(Kind kind) {
            return switch (kind) {
                case ONLINE -> new OnlineJumper(grid);
                case BLOCK -> new BlockJumper(map);
                case TABLE -> new TableJumper(index);
            };
        }

        JpsModel.JumpFunction reference(Kind kind) {
            if (kind == Kind.TABLE) {
                short[] table = model.table();
                return (cell, d, goal) -> model.tableJump(table, cell, d, goal);
            }
            return model::jump;
        }

        JumpSearch<Jumper, Heuristic> search(Kind kind, double m, boolean octile) {
            Heuristic h = octile ? new OctileHeuristic(grid.width(), m) : ZeroHeuristic.INSTANCE;
            return new JumpSearch<>(grid, jumper(kind), h, m, buffers);
        }

        @Override
        public void close() {
            buffers.close();
            index.close();
            map.close();
            grid.close();
        }
    }

    /** Everything a finished search reports. */
    record Outcome(SearchStatus status, int[] path, long costBits, int iterations, int expanded, int[] expansions) {
        static Outcome of(JumpSearch<?, ?> s, GridSearchBuffers buffers) {
            int[] path = s.status() == SearchStatus.FOUND ? s.path() : new int[0];
            return new Outcome(
                    s.status(),
                    path,
                    Double.doubleToLongBits(s.pathCost()),
                    s.iterations(),
                    s.expandedCount(),
                    buffers.recordsExpansions() ? buffers.expandedNodes() : new int[0]);
        }

        void assertSame(Outcome o, String where) {
            assertEquals(status, o.status, "status; " + where);
            assertArrayEquals(path, o.path, "path; " + where);
            assertEquals(costBits, o.costBits, "cost bits; " + where);
            assertEquals(iterations, o.iterations, "iterations; " + where);
            assertEquals(expanded, o.expanded, "expanded; " + where);
            assertArrayEquals(expansions, o.expansions, "expansion order; " + where);
        }
    }

    // ---- hand-made cases ----

    @Test
    void oneDiagonalJumpAcrossAnOpenSquare() {
        try (Setup s = new Setup(JpsModel.parse(".....\n.....\n.....\n.....\n.....\n"))) {
            for (Kind kind : Kind.values()) {
                JumpSearch<Jumper, Heuristic> search = s.search(kind, 1.0, true);
                assertEquals(SearchStatus.NOT_STARTED, search.status());
                search.begin(0, 24);
                assertEquals(SearchStatus.RUNNING, search.status());
                assertEquals(SearchStatus.FOUND, search.run(), kind.name());
                // the start is expanded; its only jump (south-east, 4 steps) reaches the goal
                assertEquals(2, search.iterations(), kind.name());
                assertEquals(1, search.expandedCount(), kind.name());
                assertEquals(
                        Double.doubleToLongBits(4 * SQRT2), Double.doubleToLongBits(search.pathCost()), kind.name());
                assertArrayEquals(new int[] {0, 6, 12, 18, 24}, search.path(), kind.name());
                assertEquals(5, search.pathLength());
                assertEquals(0, search.start());
                assertEquals(24, search.goal());
            }
        }
    }

    @Test
    void aStraightCorridorWithAMultiplier() {
        try (Setup s = new Setup(JpsModel.parse("#######\n.......\n#######\n"))) {
            for (Kind kind : Kind.values()) {
                JumpSearch<Jumper, Heuristic> search = s.search(kind, 2.5, true);
                search.begin(7, 13);
                assertEquals(SearchStatus.FOUND, search.run());
                assertEquals(15.0, search.pathCost(), kind.name());
                assertArrayEquals(new int[] {7, 8, 9, 10, 11, 12, 13}, search.path(), kind.name());
                assertEquals(2, search.iterations());
            }
        }
    }

    @Test
    void aroundAWallWithoutCuttingCorners() {
        String picture = """
                .....
                .###.
                .....
                """;
        try (Setup s = new Setup(JpsModel.parse(picture))) {
            s.buffers.recordExpansions(true);
            for (Kind kind : Kind.values()) {
                JumpSearch<Jumper, Heuristic> search = s.search(kind, 1.0, true);
                search.begin(5, 9); // (0,1) to (4,1)
                assertEquals(SearchStatus.FOUND, search.run(), kind.name());
                // No diagonal step may touch the wall row. From (0,1) north and south each stop after
                // one step at a forced neighbour ((0,0) and (0,2), f = 1 + 3 + sqrt2); the tie goes to
                // the smaller cell (0,0), whose east scan stops at forced (4,0) (g 5, f 6); then (0,2)
                // reaches (4,2) (g 5, f 6); the tie goes to (4,0), whose south scan meets the goal
                // (g 6, f 6), popped before (4,2) for its larger g.
                assertArrayEquals(new int[] {5, 0, 10, 4}, s.buffers.expandedNodes(), kind.name());
                assertEquals(5, search.iterations(), kind.name());
                assertEquals(4, search.expandedCount(), kind.name());
                assertEquals(6.0, search.pathCost(), kind.name());
                assertArrayEquals(new int[] {5, 0, 1, 2, 3, 4, 9}, search.path(), kind.name());
                assertNull(s.model.chainProblem(search.path(), 5, 9, 1.0, new double[1]), kind.name());
            }
        }
    }

    @Test
    void startEqualsGoal() {
        try (Setup s = new Setup(JpsModel.parse("...\n...\n"))) {
            for (Kind kind : Kind.values()) {
                JumpSearch<Jumper, Heuristic> search = s.search(kind, 1.0, true);
                search.begin(4, 4);
                assertEquals(SearchStatus.FOUND, search.run());
                assertEquals(0.0, search.pathCost());
                assertEquals(1, search.iterations());
                assertEquals(0, search.expandedCount());
                assertArrayEquals(new int[] {4}, search.path());
            }
        }
    }

    @Test
    void noPathWhenWalledOff() {
        try (Setup s = new Setup(JpsModel.parse("..#..\n..#..\n..#..\n"))) {
            for (Kind kind : Kind.values()) {
                JumpSearch<Jumper, Heuristic> search = s.search(kind, 1.0, true);
                search.begin(0, 14);
                assertEquals(SearchStatus.NO_PATH, search.run(), kind.name());
                assertEquals(Double.POSITIVE_INFINITY, search.pathCost());
                assertEquals(0, search.pathLength());
                assertEquals(search.iterations(), search.expandedCount());
                assertThrows(IllegalStateException.class, () -> search.copyPath(new int[20]));
            }
        }
    }

    @Test
    void argumentAndStateChecks() {
        try (Setup s = new Setup(JpsModel.parse("...\n.#.\n...\n"))) {
            Grid grid = s.grid;
            OnlineJumper jumper = new OnlineJumper(grid);
            Heuristic h = new OctileHeuristic(3, 1.0);
            for (double bad : new double[] {0.0, -1.0, Double.NaN, Double.POSITIVE_INFINITY}) {
                assertThrows(
                        IllegalArgumentException.class,
                        () -> new JumpSearch<>(grid, jumper, h, bad, s.buffers),
                        "cost " + bad);
            }
            try (GridSearchBuffers small = new GridSearchBuffers(8)) {
                assertThrows(IllegalArgumentException.class, () -> new JumpSearch<>(grid, jumper, h, 1.0, small));
            }
            assertThrows(NullPointerException.class, () -> new JumpSearch<>(null, jumper, h, 1.0, s.buffers));
            assertThrows(NullPointerException.class, () -> new JumpSearch<>(grid, null, h, 1.0, s.buffers));
            assertThrows(NullPointerException.class, () -> new JumpSearch<>(grid, jumper, null, 1.0, s.buffers));
            assertThrows(NullPointerException.class, () -> new JumpSearch<>(grid, jumper, h, 1.0, null));

            JumpSearch<OnlineJumper, Heuristic> search = new JumpSearch<>(grid, jumper, h, 1.0, s.buffers);
            assertThrows(IllegalStateException.class, () -> search.step(1));
            assertThrows(IllegalArgumentException.class, () -> search.begin(-1, 0));
            assertThrows(IllegalArgumentException.class, () -> search.begin(0, 9));
            assertEquals(PathStatus.START_INVALID, search.tryBegin(4, 0));
            assertEquals(PathStatus.GOAL_INVALID, search.tryBegin(0, 4));
            assertEquals(PathStatus.START_INVALID, search.tryBegin(-1, 0));
            assertEquals(PathStatus.GOAL_INVALID, search.tryBegin(0, 9));
            assertEquals(SearchStatus.NOT_STARTED, search.status());
            assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(0, 8));
            assertThrows(IllegalArgumentException.class, () -> search.step(-1));
            assertEquals(SearchStatus.RUNNING, search.step(0));
            assertEquals(0, search.iterations());
            assertEquals(SearchStatus.FOUND, search.run());
            double cost = search.pathCost();
            // a refused begin leaves the finished search as it was
            assertEquals(PathStatus.GOAL_INVALID, search.tryBegin(0, 4));
            assertEquals(SearchStatus.FOUND, search.status());
            assertEquals(cost, search.pathCost());
            assertEquals(SearchStatus.FOUND, search.step(5));
            assertThrows(IllegalArgumentException.class, () -> search.copyPath(new int[1]));
        }
    }

    // ---- properties on random grids ----

    record Case(JpsModel model, double m, boolean octile, List<Integer> picks) {
        @Override
        public String toString() {
            return "m=" + m + (octile ? " octile" : " zero") + " picks=" + picks + "\n" + model.picture();
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Integer> side = Arbitraries.integers().between(1, 22);
        Arbitrary<JpsModel> models = Combinators.combine(
                        side,
                        side,
                        Arbitraries.integers().between(0, 45),
                        Arbitraries.integers().between(0, 4),
                        Arbitraries.longs())
                .as(JpsModel::random);
        return Combinators.combine(
                        models,
                        Arbitraries.of(1.0, 1.0, 2.5, 0.37, 7.0),
                        Arbitraries.of(true, true, false),
                        Arbitraries.integers().between(0, 1_000_000).list().ofSize(8))
                .as(Case::new);
    }

    private static int pickOpen(JpsModel model, List<Integer> open, int pick) {
        return open.isEmpty() ? -1 : open.get(pick % open.size());
    }

    @Property(tries = 250)
    void equalsTheModelSearchAndIsOptimal(@ForAll("cases") Case c) {
        JpsModel model = c.model();
        List<Integer> open = model.openCells();
        if (open.isEmpty()) {
            return;
        }
        try (Setup s = new Setup(model);
                GridSearchBuffers astarBuffers = new GridSearchBuffers(model.cellCount())) {
            s.buffers.recordExpansions(true);
            for (int area = 0; area < 255; area++) {
                s.grid.areas().set(area, c.m()); // A* reads the multipliers from the grid
            }
            SquareTopology topology = s.grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            AStar<SquareTopology, DefaultStepCost, Heuristic> astar = new AStar<>(
                    topology,
                    DefaultStepCost.INSTANCE,
                    c.octile() ? new OctileHeuristic(model.width, c.m()) : ZeroHeuristic.INSTANCE,
                    astarBuffers);
            for (int q = 0; q < 4; q++) {
                int start = pickOpen(model, open, c.picks().get(2 * q));
                int goal = pickOpen(model, open, c.picks().get(2 * q + 1));
                double[] dist = model.dijkstra(start, c.m());
                astar.begin(start, goal);
                astar.run();
                for (Kind kind : Kind.values()) {
                    String where = kind + " " + start + " -> " + goal + " " + c;
                    JumpSearch<Jumper, Heuristic> search = s.search(kind, c.m(), c.octile());
                    assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(start, goal));
                    search.run();
                    Outcome actual = Outcome.of(search, s.buffers);
                    JpsModel.Outcome ref = model.jumpSearch(s.reference(kind), start, goal, c.m(), c.octile());
                    Outcome expected = new Outcome(
                            ref.found() ? SearchStatus.FOUND : SearchStatus.NO_PATH,
                            ref.found() ? ref.path() : new int[0],
                            Double.doubleToLongBits(ref.cost()),
                            ref.iterations(),
                            ref.expanded(),
                            ref.expansions());
                    expected.assertSame(actual, where);
                    assertEquals(search.iterations() - (ref.found() ? 1 : 0), search.expandedCount(), where);

                    // optimality: found iff reachable, the Dijkstra cost and A*'s cost
                    boolean reachable = dist[goal] < Double.POSITIVE_INFINITY;
                    assertEquals(reachable, search.status() == SearchStatus.FOUND, "found iff reachable; " + where);
                    assertEquals(astar.status(), search.status(), "same status as A*; " + where);
                    if (reachable) {
                        if (!JpsModel.closeEnough(dist[goal], search.pathCost())) {
                            fail("cost " + search.pathCost() + " but Dijkstra " + dist[goal] + "; " + where);
                        }
                        if (!JpsModel.closeEnough(astar.pathCost(), search.pathCost())) {
                            fail("cost " + search.pathCost() + " but A* " + astar.pathCost() + "; " + where);
                        }
                        double[] sum = new double[1];
                        int[] path = search.path();
                        String problem = model.chainProblem(path, start, goal, c.m(), sum);
                        assertNull(problem, where);
                        if (!JpsModel.closeEnough(sum[0], search.pathCost())) {
                            fail("path sums to " + sum[0] + " but cost " + search.pathCost() + "; " + where);
                        }
                        assertEquals(path.length, search.pathLength());
                        Statistics.label("path cells")
                                .collect(path.length < 5 ? "<5" : path.length < 15 ? "5..14" : "15+");
                    } else {
                        Statistics.label("path cells").collect("no path");
                    }
                }
            }
        }
    }

    @Property(tries = 40)
    void optimalOnLargerAndMazeGrids(
            @ForAll @IntRange(min = 20, max = 90) int width,
            @ForAll @IntRange(min = 20, max = 90) int height,
            @ForAll boolean maze,
            @ForAll @IntRange(min = 0, max = 30) int percent,
            @ForAll long seed) {
        JpsModel model =
                maze ? JpsModel.maze(width, height, percent, seed) : JpsModel.random(width, height, percent, 8, seed);
        List<Integer> open = model.openCells();
        if (open.isEmpty()) {
            return;
        }
        Random random = new Random(seed);
        try (Setup s = new Setup(model)) {
            for (int q = 0; q < 5; q++) {
                int start = open.get(random.nextInt(open.size()));
                int goal = open.get(random.nextInt(open.size()));
                double expected = model.dijkstra(start, 1.0)[goal];
                for (Kind kind : Kind.values()) {
                    JumpSearch<Jumper, Heuristic> search = s.search(kind, 1.0, q % 2 == 0);
                    search.begin(start, goal);
                    search.run();
                    String where = kind + " " + start + " -> " + goal + (maze ? " maze " : " random ") + width + "x"
                            + height + " " + percent + "% seed " + seed;
                    if (expected == Double.POSITIVE_INFINITY) {
                        assertEquals(SearchStatus.NO_PATH, search.status(), where);
                        continue;
                    }
                    assertEquals(SearchStatus.FOUND, search.status(), where);
                    if (!JpsModel.closeEnough(expected, search.pathCost())) {
                        fail("cost " + search.pathCost() + " but Dijkstra " + expected + "; " + where + "\n" + model);
                    }
                    double[] sum = new double[1];
                    assertNull(model.chainProblem(search.path(), start, goal, 1.0, sum), where);
                    assertTrue(JpsModel.closeEnough(sum[0], search.pathCost()), where);
                    Statistics.label("kind").collect(maze ? "maze" : "random");
                }
            }
        }
    }

    @Property(tries = 60)
    void slicedRunsEqualOneRun(@ForAll("cases") Case c) {
        JpsModel model = c.model();
        List<Integer> open = model.openCells();
        if (open.isEmpty()) {
            return;
        }
        try (Setup s = new Setup(model)) {
            s.buffers.recordExpansions(true);
            int start = pickOpen(model, open, c.picks().get(0));
            int goal = pickOpen(model, open, c.picks().get(1));
            Random random = new Random(c.picks().get(2));
            for (Kind kind : Kind.values()) {
                JumpSearch<Jumper, Heuristic> search = s.search(kind, c.m(), c.octile());
                search.begin(start, goal);
                search.run();
                Outcome whole = Outcome.of(search, s.buffers);
                for (int budget = 1; budget <= 50; budget++) {
                    search.begin(start, goal);
                    int slices = 0;
                    while (search.step(budget) == SearchStatus.RUNNING) {
                        slices++;
                        assertTrue(search.iterations() == slices * budget, "a slice runs its whole budget");
                    }
                    Outcome sliced = Outcome.of(search, s.buffers);
                    whole.assertSame(sliced, kind + " budget " + budget + " " + c);
                }
                // irregular budgets, zeros included, on a fresh search object
                JumpSearch<Jumper, Heuristic> other = s.search(kind, c.m(), c.octile());
                other.begin(start, goal);
                while (other.status() == SearchStatus.RUNNING) {
                    other.step(random.nextInt(4));
                }
                whole.assertSame(Outcome.of(other, s.buffers), kind + " irregular budgets " + c);
                // the same search object reused gives the same outcome again
                search.begin(start, goal);
                search.run();
                whole.assertSame(Outcome.of(search, s.buffers), kind + " rerun " + c);
            }
        }
    }

    @Property(tries = 60)
    void searchesFollowGridEdits(@ForAll("cases") Case c) {
        JpsModel model = c.model().copy();
        Random random = new Random(c.picks().get(7));
        try (Setup s = new Setup(model)) {
            JumpSearch<Jumper, Heuristic> block = s.search(Kind.BLOCK, c.m(), c.octile());
            JumpSearch<Jumper, Heuristic> table = s.search(Kind.TABLE, c.m(), c.octile());
            for (int round = 0; round < 4; round++) {
                int edits = 1 + random.nextInt(round == 3 ? 300 : 6);
                for (int e = 0; e < edits; e++) {
                    int x = random.nextInt(model.width);
                    int y = random.nextInt(model.height);
                    boolean open = random.nextInt(3) > 0;
                    s.grid.setWalkable(x, y, open);
                    model.open[y * model.width + x] = open;
                }
                s.index.refresh();
                List<Integer> open = model.openCells();
                if (open.isEmpty()) {
                    continue;
                }
                int start = pickOpen(model, open, random.nextInt(1_000_000));
                int goal = pickOpen(model, open, random.nextInt(1_000_000));
                double expected = model.dijkstra(start, c.m())[goal];
                for (JumpSearch<Jumper, Heuristic> search : List.of(block, table)) {
                    search.begin(start, goal);
                    search.run();
                    String where = "round " + round + " " + start + " -> " + goal + " " + c.m() + "\n" + model;
                    if (expected == Double.POSITIVE_INFINITY) {
                        assertEquals(SearchStatus.NO_PATH, search.status(), where);
                    } else {
                        assertEquals(SearchStatus.FOUND, search.status(), where);
                        assertTrue(
                                JpsModel.closeEnough(expected, search.pathCost()),
                                search.pathCost() + " vs " + expected + " " + where);
                        assertNull(model.chainProblem(search.path(), start, goal, c.m(), new double[1]), where);
                    }
                }
            }
        }
    }
}
