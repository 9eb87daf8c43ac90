package org.onepath.grids;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.onepath.Grid;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;

/** Rule 8 at tier 2: the A* core over topologies, hooks and buffers. */
class AStarTest {

    /** A small directed graph given as adjacency lists with costs, in the order written. */
    private record Graph(int[][] targets, double[][] costs) implements GridTopology {
        @Override
        public int nodeCount() {
            return targets.length;
        }

        @Override
        public int maxDegree() {
            int max = 1;
            for (int[] t : targets) {
                max = Math.max(max, t.length);
            }
            return max;
        }

        @Override
        public boolean isWalkable(int node) {
            return node >= 0 && node < targets.length;
        }

        @Override
        public int neighbors(int node, int[] nodes, double[] out) {
            System.arraycopy(targets[node], 0, nodes, 0, targets[node].length);
            System.arraycopy(costs[node], 0, out, 0, costs[node].length);
            return targets[node].length;
        }
    }

    /** Estimates from a fixed table. */
    private record TableHeuristic(double[] values) implements Heuristic {
        @Override
        public void setGoal(int goal) {}

        @Override
        public double estimate(int node) {
            return values[node];
        }
    }

    private static SquareTopology four(Grid grid) {
        return grid.createTopology(1, Connectivity.FOUR, DiagonalRule.NO_CORNER_CUTTING);
    }

    @Test
    void equalCostAlternativeKeepsTheFirstParentFound() {
        // 0 -> 2 (cost 1), 0 -> 1 (cost 0.5); 2 -> 3 (cost 1), 1 -> 3 (cost 1.5).
        // With h = {0, 0.5, 0, 0} nodes 1 and 2 tie on f = 1; the larger g (node 2) pops first and
        // reaches 3 with g = 2. Node 1 then offers the same g = 2, which must not replace parent 2.
        Graph g = new Graph(new int[][] {{2, 1}, {3}, {3}, {}}, new double[][] {{1.0, 0.5}, {1.5}, {1.0}, {}});
        try (GridSearchBuffers buffers = new GridSearchBuffers(4)) {
            buffers.recordExpansions(true);
            AStar<Graph, StepCost, TableHeuristic> astar =
                    new AStar<>(g, DefaultStepCost.INSTANCE, new TableHeuristic(new double[] {0, 0.5, 0, 0}), buffers);
            astar.begin(0, 3);
            assertEquals(SearchStatus.FOUND, astar.run());
            assertArrayEquals(new int[] {0, 2, 3}, astar.path());
            assertArrayEquals(new int[] {0, 2, 1}, buffers.expandedNodes());
            assertEquals(2, buffers.parent(3));
            assertEquals(2.0, astar.pathCost());
            assertEquals(4, astar.iterations());
            assertEquals(3, astar.expandedCount());
        }
    }

    @Test
    void strictlyCheaperRouteReplacesTheParent() {
        // as above but 1 -> 3 costs 1.25: g = 1.75 < 2 takes over
        Graph g = new Graph(new int[][] {{2, 1}, {3}, {3}, {}}, new double[][] {{1.0, 0.5}, {1.25}, {1.0}, {}});
        try (GridSearchBuffers buffers = new GridSearchBuffers(4)) {
            AStar<Graph, StepCost, TableHeuristic> astar =
                    new AStar<>(g, DefaultStepCost.INSTANCE, new TableHeuristic(new double[] {0, 0.5, 0, 0}), buffers);
            astar.begin(0, 3);
            astar.run();
            assertArrayEquals(new int[] {0, 1, 3}, astar.path());
            assertEquals(1.75, astar.pathCost());
        }
    }

    @Test
    void startEqualsGoal() {
        try (Grid grid = Grid.create(3, 3);
                GridSearchBuffers buffers = new GridSearchBuffers(9)) {
            AStar<SquareTopology, StepCost, Heuristic> astar =
                    new AStar<>(four(grid), DefaultStepCost.INSTANCE, new ManhattanHeuristic(3, 1.0), buffers);
            astar.begin(4, 4);
            assertEquals(SearchStatus.FOUND, astar.run());
            assertEquals(0.0, astar.pathCost());
            assertArrayEquals(new int[] {4}, astar.path());
            assertEquals(1, astar.pathLength());
            assertEquals(0, astar.expandedCount());
            assertEquals(1, astar.iterations());
        }
    }

    @Test
    void noPathExpandsEveryIteration() {
        try (Grid grid = Grid.fromText("...#.\n...#.");
                GridSearchBuffers buffers = new GridSearchBuffers(10)) {
            AStar<SquareTopology, StepCost, Heuristic> astar =
                    new AStar<>(four(grid), DefaultStepCost.INSTANCE, ZeroHeuristic.INSTANCE, buffers);
            astar.begin(0, 4);
            assertEquals(SearchStatus.NO_PATH, astar.run());
            assertEquals(6, astar.iterations());
            assertEquals(6, astar.expandedCount());
            assertEquals(Double.POSITIVE_INFINITY, astar.pathCost());
            assertEquals(0, astar.pathLength());
            assertThrows(IllegalStateException.class, astar::path);
        }
    }

    @Test
    void stepReportsNoPathOnceNoWorkRemains() {
        // step documents RUNNING "while work remains". After two pops of "..#.." from node 0 the
        // open set is empty: no work remains, and the status must say so.
        try (Grid grid = Grid.fromText("..#..");
                GridSearchBuffers buffers = new GridSearchBuffers(5)) {
            AStar<SquareTopology, StepCost, Heuristic> astar =
                    new AStar<>(four(grid), DefaultStepCost.INSTANCE, ZeroHeuristic.INSTANCE, buffers);
            astar.begin(0, 4);
            SearchStatus afterTwo = astar.step(2);
            assertEquals(2, astar.iterations());
            assertTrue(buffers.openSet().isEmpty());
            assertEquals(
                    SearchStatus.NO_PATH,
                    afterTwo,
                    "the open set is empty after " + astar.iterations() + " iterations");
        }
    }

    @Test
    void stepBeforeBeginAndBadArgumentsAreRejected() {
        try (Grid grid = Grid.fromText("..#");
                GridSearchBuffers buffers = new GridSearchBuffers(3)) {
            AStar<SquareTopology, StepCost, Heuristic> astar =
                    new AStar<>(four(grid), DefaultStepCost.INSTANCE, ZeroHeuristic.INSTANCE, buffers);
            assertEquals(SearchStatus.NOT_STARTED, astar.status());
            assertThrows(IllegalStateException.class, () -> astar.step(1));
            assertThrows(IllegalStateException.class, astar::run);
            assertThrows(IllegalArgumentException.class, () -> astar.begin(-1, 0));
            assertThrows(IllegalArgumentException.class, () -> astar.begin(0, 3));
            astar.begin(0, 1);
            assertThrows(IllegalArgumentException.class, () -> astar.step(-1));
            assertEquals(SearchStatus.RUNNING, astar.step(0));
            assertEquals(0, astar.iterations());
            assertEquals(SearchStatus.FOUND, astar.run());
            assertEquals(SearchStatus.FOUND, astar.step(5), "a finished search stays finished");
            assertEquals(2, astar.iterations());
        }
        try (Grid grid = Grid.create(4, 4);
                GridSearchBuffers small = new GridSearchBuffers(15)) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> new AStar<>(four(grid), DefaultStepCost.INSTANCE, ZeroHeuristic.INSTANCE, small));
        }
        try (Grid grid = Grid.create(2, 2);
                GridSearchBuffers buffers = new GridSearchBuffers(4)) {
            for (double w : new double[] {-1.0, Double.NaN, Double.POSITIVE_INFINITY}) {
                assertThrows(
                        IllegalArgumentException.class,
                        () -> new AStar<>(four(grid), DefaultStepCost.INSTANCE, ZeroHeuristic.INSTANCE, buffers, w));
            }
        }
    }

    @Test
    void tryBeginReportsInvalidEndsAndLeavesTheCurrentSearchAlone() {
        try (Grid grid = Grid.fromText("...\n.#.");
                GridSearchBuffers buffers = new GridSearchBuffers(6)) {
            AStar<SquareTopology, StepCost, Heuristic> astar =
                    new AStar<>(four(grid), DefaultStepCost.INSTANCE, new ManhattanHeuristic(3, 1.0), buffers);
            assertEquals(PathStatus.IN_PROGRESS, astar.tryBegin(3, 5));
            assertEquals(SearchStatus.FOUND, astar.run());
            int[] path = astar.path();
            assertEquals(PathStatus.START_INVALID, astar.tryBegin(4, 0));
            assertEquals(PathStatus.START_INVALID, astar.tryBegin(-1, 0));
            assertEquals(PathStatus.START_INVALID, astar.tryBegin(6, 0));
            assertEquals(PathStatus.GOAL_INVALID, astar.tryBegin(0, 4));
            assertEquals(PathStatus.GOAL_INVALID, astar.tryBegin(0, 99));
            assertEquals(SearchStatus.FOUND, astar.status());
            assertEquals(3, astar.start());
            assertEquals(5, astar.goal());
            assertArrayEquals(path, astar.path());
            assertArrayEquals(new int[] {3, 0, 1, 2, 5}, path);
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, -0.5, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY})
    void unusableHookCostsSkipTheMove(double bad) {
        // a 3 x 2 grid; the hook refuses every move into node 1 (top middle)
        try (Grid grid = Grid.create(3, 2);
                GridSearchBuffers buffers = new GridSearchBuffers(6)) {
            StepCost hook = (from, to, base) -> to == 1 ? bad : base;
            AStar<SquareTopology, StepCost, Heuristic> astar =
                    new AStar<>(four(grid), hook, ZeroHeuristic.INSTANCE, buffers);
            astar.begin(0, 2);
            assertEquals(SearchStatus.FOUND, astar.run());
            assertArrayEquals(new int[] {0, 3, 4, 5, 2}, astar.path());
            assertEquals(4.0, astar.pathCost());
            assertFalse(buffers.isVisited(1), "node 1 is never reached");
        }
    }

    @Test
    void hookCostsAreUsedAsGiven() {
        try (Grid grid = Grid.create(4, 1);
                GridSearchBuffers buffers = new GridSearchBuffers(4)) {
            StepCost hook = (from, to, base) -> base * 0.1 + to;
            AStar<SquareTopology, StepCost, Heuristic> astar =
                    new AStar<>(four(grid), hook, ZeroHeuristic.INSTANCE, buffers);
            astar.begin(0, 3);
            astar.run();
            double expected = 0.0;
            expected += 1.0 * 0.1 + 1;
            expected += 1.0 * 0.1 + 2;
            expected += 1.0 * 0.1 + 3;
            assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(astar.pathCost()));
            assertEquals(
                    Double.doubleToLongBits(1.0 * 0.1 + 1 + (1.0 * 0.1 + 2)), Double.doubleToLongBits(buffers.cost(2)));
        }
    }

    @Test
    void buffersExposeTheSearchState() {
        try (Grid grid = Grid.fromText("....#");
                GridSearchBuffers buffers = new GridSearchBuffers(5)) {
            AStar<SquareTopology, StepCost, Heuristic> astar =
                    new AStar<>(four(grid), DefaultStepCost.INSTANCE, ZeroHeuristic.INSTANCE, buffers);
            astar.begin(0, 3);
            astar.step(2); // pops 0 and 1
            assertTrue(buffers.isClosed(0));
            assertTrue(buffers.isClosed(1));
            assertTrue(buffers.isVisited(2));
            assertFalse(buffers.isClosed(2));
            assertFalse(buffers.isVisited(3));
            assertEquals(2.0, buffers.cost(2));
            assertEquals(1, buffers.parent(2));
            assertEquals(-1, buffers.parent(0));
            assertThrows(IllegalArgumentException.class, () -> buffers.cost(3));
            assertThrows(IllegalArgumentException.class, () -> buffers.parent(4));
            assertThrows(IllegalArgumentException.class, () -> buffers.isVisited(5));
            assertEquals(1, buffers.openSet().size());
            astar.run();
            // a new search forgets the old one without clearing anything by hand
            astar.begin(3, 3);
            assertFalse(buffers.isVisited(0));
            assertFalse(buffers.isVisited(2));
            assertTrue(buffers.isVisited(3));
        }
        assertThrows(IllegalArgumentException.class, () -> new GridSearchBuffers(0));
    }

    @Test
    void copyPathChecksItsBuffer() {
        try (Grid grid = Grid.create(4, 1);
                GridSearchBuffers buffers = new GridSearchBuffers(4)) {
            AStar<SquareTopology, StepCost, Heuristic> astar =
                    new AStar<>(four(grid), DefaultStepCost.INSTANCE, ZeroHeuristic.INSTANCE, buffers);
            astar.begin(0, 3);
            assertThrows(IllegalStateException.class, () -> astar.copyPath(new int[4]));
            astar.run();
            assertThrows(IllegalArgumentException.class, () -> astar.copyPath(new int[3]));
            int[] out = new int[6];
            assertEquals(4, astar.copyPath(out));
            assertArrayEquals(new int[] {0, 1, 2, 3, 0, 0}, out);
        }
    }

    @Test
    void runWithCancellationChecksBeforeEachSlice() {
        try (Grid grid = Grid.create(12, 12);
                GridSearchBuffers buffers = new GridSearchBuffers(144);
                GridSearchBuffers reference = new GridSearchBuffers(144)) {
            SquareTopology topology = grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            AStar<SquareTopology, StepCost, Heuristic> plain =
                    new AStar<>(topology, DefaultStepCost.INSTANCE, ZeroHeuristic.INSTANCE, reference);
            plain.begin(0, 143);
            plain.run();

            Cancellation token = new Cancellation();
            int[] calls = new int[1];
            StepCost cancelling = (from, to, base) -> {
                if (++calls[0] == 30) {
                    token.cancel();
                }
                return base;
            };
            AStar<SquareTopology, StepCost, Heuristic> astar =
                    new AStar<>(topology, cancelling, ZeroHeuristic.INSTANCE, buffers);
            astar.begin(0, 143);
            assertThrows(CancellationException.class, () -> astar.run(token, 4));
            assertEquals(SearchStatus.RUNNING, astar.status());
            assertTrue(astar.iterations() < plain.iterations());
            assertThrows(IllegalArgumentException.class, () -> astar.run(new Cancellation(), 0));

            // the search can be begun again and then matches an uncancelled run
            astar.begin(0, 143);
            assertEquals(SearchStatus.FOUND, astar.run(new Cancellation(), 4));
            assertArrayEquals(plain.path(), astar.path());
            assertEquals(Double.doubleToLongBits(plain.pathCost()), Double.doubleToLongBits(astar.pathCost()));
            assertEquals(plain.iterations(), astar.iterations());
            astar.begin(0, 143);
            assertEquals(SearchStatus.FOUND, astar.run(null, 1));
            assertEquals(plain.iterations(), astar.iterations());
        }
    }

    @Test
    void runWithinStopsAtTheBudgetWithOrWithoutAToken() {
        try (Grid grid = Grid.create(12, 12);
                GridSearchBuffers buffers = new GridSearchBuffers(144)) {
            SquareTopology topology = grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            AStar<SquareTopology, StepCost, Heuristic> astar =
                    new AStar<>(topology, DefaultStepCost.INSTANCE, ZeroHeuristic.INSTANCE, buffers);
            astar.begin(0, 143);
            astar.run();
            int needed = astar.iterations();
            assertTrue(needed > 10, "a search long enough to cut: " + needed);

            for (Cancellation token : new Cancellation[] {null, new Cancellation()}) {
                astar.begin(0, 143);
                assertEquals(PathStatus.BUDGET_EXHAUSTED, astar.runWithin(needed - 1, token, 3));
                assertEquals(needed - 1, astar.iterations(), "a slice is cut to the budget left");
                astar.begin(0, 143);
                assertEquals(PathStatus.FOUND, astar.runWithin(needed, token, 3));
                astar.begin(0, 143);
                assertEquals(PathStatus.FOUND, astar.runWithin(0, token, 3), "0 is no limit");
                assertEquals(needed, astar.iterations());
            }
            try (Grid walled = Grid.fromText("..#..")) {
                AStar<SquareTopology, StepCost, Heuristic> blocked =
                        new AStar<>(four(walled), DefaultStepCost.INSTANCE, ZeroHeuristic.INSTANCE, buffers);
                blocked.begin(0, 4);
                assertEquals(PathStatus.NO_PATH, blocked.runWithin(0, new Cancellation(), 1));
            }

            Cancellation cancelled = new Cancellation();
            cancelled.cancel();
            astar.begin(0, 143);
            assertThrows(CancellationException.class, () -> astar.runWithin(0, cancelled, 3));
            assertEquals(0, astar.iterations(), "the token is checked before the first slice");
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> astar.runWithin(-1, null, 3));
            assertTrue(e.getMessage().contains("-1"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> astar.runWithin(5, null, 0));
        }
    }

    @Test
    void tierOneAutoEstimateIsManhattanOrOctileScaledByTheSmallestMultiplier() {
        String picture = """
                .........
                ..##..1..
                ..#...1..
                ..#.###..
                ....2....
                """;
        try (Grid grid = Grid.fromText(picture)) {
            grid.areas().set(1, 0.4);
            grid.areas().set(2, 3.0);
            int w = grid.width();
            Cell start = new Cell(0, 0);
            Cell goal = new Cell(8, 4);
            for (Connectivity c : Connectivity.values()) {
                GridOptions options = GridOptions.builder()
                        .connectivity(c)
                        .recordExpansions(true)
                        .build();
                GridPath tierOne = grid.findPath(start, goal, options);

                Heuristic h = c == Connectivity.FOUR ? new ManhattanHeuristic(w, 0.4) : new OctileHeuristic(w, 0.4);
                try (GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
                    buffers.recordExpansions(true);
                    AStar<SquareTopology, StepCost, Heuristic> astar = new AStar<>(
                            grid.createTopology(1, c, DiagonalRule.NO_CORNER_CUTTING),
                            DefaultStepCost.INSTANCE,
                            h,
                            buffers);
                    astar.begin(grid.indexOf(0, 0), grid.indexOf(8, 4));
                    astar.run();
                    assertArrayEquals(astar.path(), tierOne.cellIndices(), c.toString());
                    int[] expanded = buffers.expandedNodes();
                    List<Cell> cells = tierOne.expandedCells();
                    assertEquals(expanded.length, cells.size(), c.toString());
                    for (int i = 0; i < expanded.length; i++) {
                        assertEquals(
                                expanded[i],
                                grid.indexOf(cells.get(i).x(), cells.get(i).y()),
                                c + " expansion " + i);
                    }
                    assertEquals(Double.doubleToLongBits(astar.pathCost()), Double.doubleToLongBits(tierOne.cost()));
                }
            }
        }
    }
}
