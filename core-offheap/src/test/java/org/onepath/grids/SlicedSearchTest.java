package org.onepath.grids;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;
import org.onepath.Grid;
import org.onepath.RandomGrids;
import org.onepath.ReferenceGrid;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;

/** Rule 10: a search driven in slices equals the same search run in one go. */
class SlicedSearchTest {

    record Setup(
            ReferenceGrid grid,
            Connectivity connectivity,
            DiagonalRule rule,
            int agentSize,
            int heuristic,
            double weight,
            int startPick,
            int goalPick) {
        @Override
        public String toString() {
            return connectivity + " " + rule + " agentSize=" + agentSize + " heuristic=" + heuristic + " weight="
                    + weight + " picks=" + startPick + "," + goalPick + "\n" + grid.picture();
        }
    }

    @Provide
    Arbitrary<Setup> setups() {
        return Combinators.combine(
                        RandomGrids.grids(8, 16),
                        Arbitraries.of(Connectivity.class),
                        Arbitraries.of(DiagonalRule.class),
                        Arbitraries.integers().between(1, 2),
                        Arbitraries.integers().between(0, 2),
                        Arbitraries.of(1.0, 1.0, 0.0, 2.5),
                        Arbitraries.integers().between(0, 999_999),
                        Arbitraries.integers().between(0, 999_999))
                .as(Setup::new);
    }

    /** One complete search: status, path, cost bits, counters and the expansion order. */
    private record Outcome(
            SearchStatus status, int[] path, long costBits, int iterations, int expanded, int[] expansions) {
        void assertSame(Outcome other, String where) {
            assertEquals(status, other.status, where);
            assertArrayEquals(path, other.path, "path; " + where);
            assertEquals(costBits, other.costBits, "cost bits; " + where);
            assertEquals(iterations, other.iterations, "iterations; " + where);
            assertEquals(expanded, other.expanded, "expanded; " + where);
            assertArrayEquals(expansions, other.expansions, "expansion order; " + where);
        }
    }

    private static Outcome outcome(AStar<?, ?, ?> astar) {
        int[] path = astar.status() == SearchStatus.FOUND ? astar.path() : new int[0];
        return new Outcome(
                astar.status(),
                path,
                Double.doubleToLongBits(astar.pathCost()),
                astar.iterations(),
                astar.expandedCount(),
                astar.buffers().expandedNodes());
    }

    private static Heuristic heuristic(int kind, int width, double scale) {
        return switch (kind) {
            case 0 -> new OctileHeuristic(width, scale);
            case 1 -> new ManhattanHeuristic(width, scale);
            default -> ZeroHeuristic.INSTANCE;
        };
    }

    private static List<Integer> standable(ReferenceGrid ref, int size) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < ref.width() * ref.height(); i++) {
            if (ref.fits(i % ref.width(), i / ref.width(), size)) {
                out.add(i);
            }
        }
        return out;
    }

    @Property(tries = 60)
    void everyFixedBudgetFrom1To50MatchesRun(@ForAll("setups") Setup setup) {
        ReferenceGrid ref = setup.grid();
        List<Integer> cells = standable(ref, setup.agentSize());
        if (cells.isEmpty()) {
            return;
        }
        // start among the first quarter of the cells, goal among the last: long searches
        int quarter = Math.max(1, cells.size() / 4);
        int start = cells.get(setup.startPick() % quarter);
        int goal = cells.get(cells.size() - 1 - setup.goalPick() % quarter);
        try (Grid grid = ref.toGrid();
                GridSearchBuffers whole = new GridSearchBuffers(grid.cellCount());
                GridSearchBuffers sliced = new GridSearchBuffers(grid.cellCount())) {
            whole.recordExpansions(true);
            sliced.recordExpansions(true);
            SquareTopology topology = grid.createTopology(setup.agentSize(), setup.connectivity(), setup.rule());
            Heuristic h = heuristic(setup.heuristic(), ref.width(), grid.areas().minCost());
            AStar<SquareTopology, StepCost, Heuristic> once =
                    new AStar<>(topology, DefaultStepCost.INSTANCE, h, whole, setup.weight());
            once.begin(start, goal);
            once.run();
            Outcome expected = outcome(once);
            Statistics.label("status").collect(expected.status());
            Statistics.label("iterations").collect(expected.iterations() > 50 ? "over 50" : "up to 50");

            AStar<SquareTopology, StepCost, Heuristic> stepped =
                    new AStar<>(topology, DefaultStepCost.INSTANCE, h, sliced, setup.weight());
            for (int budget = 1; budget <= 50; budget++) {
                stepped.begin(start, goal);
                int calls = 0;
                while (true) {
                    int before = stepped.iterations();
                    SearchStatus s = stepped.step(budget);
                    int done = stepped.iterations() - before;
                    assertTrue(done <= budget, "step(" + budget + ") ran " + done + " iterations");
                    if (s != SearchStatus.RUNNING) {
                        break;
                    }
                    assertEquals(budget, done, "a running search uses its whole budget");
                    assertTrue(++calls < 100_000, "search does not end");
                }
                expected.assertSame(outcome(stepped), "budget " + budget + ", " + setup);
            }
        }
        Statistics.label("status").coverage(c -> c.check(SearchStatus.FOUND).percentage(p -> p >= 40));
        Statistics.label("iterations").coverage(c -> c.check("over 50").percentage(p -> p >= 20));
    }

    @Property(tries = 60)
    void anySequenceOfBudgetsMatchesRun(
            @ForAll("setups") Setup setup,
            @ForAll @Size(min = 1, max = 20) List<@IntRange(min = 0, max = 13) Integer> budgets) {
        ReferenceGrid ref = setup.grid();
        List<Integer> cells = standable(ref, setup.agentSize());
        if (cells.isEmpty()) {
            return;
        }
        int start = cells.get(setup.startPick() % cells.size());
        int goal = cells.get(setup.goalPick() % cells.size());
        try (Grid grid = ref.toGrid();
                GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
            buffers.recordExpansions(true);
            SquareTopology topology = grid.createTopology(setup.agentSize(), setup.connectivity(), setup.rule());
            Heuristic h = heuristic(setup.heuristic(), ref.width(), grid.areas().minCost());
            AStar<SquareTopology, StepCost, Heuristic> astar =
                    new AStar<>(topology, DefaultStepCost.INSTANCE, h, buffers, setup.weight());
            astar.begin(start, goal);
            astar.run();
            Outcome expected = outcome(astar);

            // the same buffers and search object, begun again and driven by the budgets in turn
            // (zero budgets included; a final 1 keeps an all-zero plan moving)
            List<Integer> plan = new ArrayList<>(budgets);
            plan.add(1);
            astar.begin(start, goal);
            int i = 0;
            while (astar.step(plan.get(i % plan.size())) == SearchStatus.RUNNING) {
                assertTrue(++i < 10_000_000, "search does not end");
            }
            expected.assertSame(outcome(astar), "budgets " + plan + ", " + setup);
        }
    }
}
