package org.onepath.grids;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.onepath.Grid;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.grids.jps.BlockJumper;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.grids.jps.JumpSearch;
import org.onepath.grids.jps.Jumper;
import org.onepath.grids.jps.OnlineJumper;
import org.onepath.grids.jps.TableJumper;

/**
 * A sliced search saved after k iterations and restored continues exactly as the uninterrupted
 * search: restored into a fresh search built the same way (fresh buffers), into one whose buffers
 * served another query first, and back into the same search after it ran further (a rollback),
 * then run to the end in slices of random budgets, it gives the same status, path, cost bits,
 * counters and expansion order as one run. A* over random grids with walls and optional area
 * costs (connectivity, diagonal rule, agent size, octile or zero heuristic, weight 1 or 1.5);
 * jump point search (online, block and table jumpers) over uniform-cost grids.
 */
class SlicedSearchStatePropertyTest {

    record AStarConfig(int agentSize, Connectivity connectivity, DiagonalRule rule, boolean octile, double weight) {}

    /** A grid of w x h cells drawn from the seed; k is permille of the uninterrupted run's iterations. */
    record Problem(
            int width, int height, int wallPercent, long seed, boolean areaCosts, int kPermille, int maxBudget) {}

    record AStarCase(Problem problem, AStarConfig config) {}

    enum JumperKind {
        ONLINE,
        BLOCK,
        TABLE
    }

    record JumpCase(Problem problem, JumperKind jumper, double cellCost, boolean octile) {}

    /** Everything a finished search reports. */
    record Outcome(SearchStatus status, int[] path, long costBits, int iterations, int expanded, int[] expansions) {
        static Outcome of(SlicedSearch s) {
            int[] path = s.status() == SearchStatus.FOUND ? s.path() : new int[0];
            return new Outcome(
                    s.status(),
                    path,
                    Double.doubleToRawLongBits(s.pathCost()),
                    s.iterations(),
                    s.expandedCount(),
                    s.expandedNodes());
        }

        void assertSame(Outcome o, Supplier<String> where) {
            assertEquals(status, o.status, () -> "status; " + where.get());
            assertArrayEquals(path, o.path, () -> "path; " + where.get());
            assertEquals(costBits, o.costBits, () -> "cost bits; " + where.get());
            assertEquals(iterations, o.iterations, () -> "iterations; " + where.get());
            assertEquals(expanded, o.expanded, () -> "expanded; " + where.get());
            assertArrayEquals(expansions, o.expansions, () -> "expansion order; " + where.get());
        }
    }

    // ---- generators ----

    private static Arbitrary<Problem> problems(boolean areaCosts) {
        return Combinators.combine(
                        Arbitraries.integers().between(8, 40),
                        Arbitraries.integers().between(8, 40),
                        Arbitraries.integers().between(0, 40),
                        Arbitraries.longs(),
                        areaCosts ? Arbitraries.of(true, false) : Arbitraries.just(false),
                        Arbitraries.frequencyOf(
                                net.jqwik.api.Tuple.of(1, Arbitraries.just(0)),
                                net.jqwik.api.Tuple.of(1, Arbitraries.just(1000)),
                                net.jqwik.api.Tuple.of(8, Arbitraries.integers().between(1, 999))),
                        Arbitraries.integers().between(1, 20))
                .as(Problem::new);
    }

    @Provide
    Arbitrary<AStarCase> aStarCases() {
        Arbitrary<AStarConfig> configs = Combinators.combine(
                        Arbitraries.frequency(net.jqwik.api.Tuple.of(4, 1), net.jqwik.api.Tuple.of(1, 2)),
                        Arbitraries.of(Connectivity.class),
                        Arbitraries.of(DiagonalRule.class),
                        Arbitraries.of(true, true, false),
                        Arbitraries.of(1.0, 1.5))
                .as(AStarConfig::new);
        return Combinators.combine(problems(true), configs).as(AStarCase::new);
    }

    @Provide
    Arbitrary<JumpCase> jumpCases() {
        return Combinators.combine(
                        problems(false),
                        Arbitraries.of(JumperKind.class),
                        Arbitraries.of(1.0, 1.0, 2.5),
                        Arbitraries.of(true, true, false))
                .as(JumpCase::new);
    }

    /** Walls with the given density; with area costs, open cells take areas 0..3 with random multipliers. */
    private static Grid grid(Problem p, Random random) {
        Grid grid = Grid.create(p.width(), p.height());
        if (p.areaCosts()) {
            for (int a = 1; a <= 3; a++) {
                grid.areas().set(a, 0.25 + random.nextInt(32) * 0.125);
            }
        }
        for (int y = 0; y < p.height(); y++) {
            for (int x = 0; x < p.width(); x++) {
                if (random.nextInt(100) < p.wallPercent()) {
                    grid.setArea(x, y, Grid.WALL);
                } else if (p.areaCosts()) {
                    grid.setArea(x, y, random.nextInt(4));
                }
            }
        }
        return grid;
    }

    /** Start among the first quarter of the standable cells, goal among the last: long searches. */
    private static int[] ends(SlicedSearch probe, int cells, Random random) {
        List<Integer> standable = new ArrayList<>();
        for (int n = 0; n < cells; n++) {
            if (probe.canStandOn(n)) {
                standable.add(n);
            }
        }
        if (standable.size() < 2) {
            return null;
        }
        int quarter = Math.max(1, standable.size() / 4);
        int start = standable.get(random.nextInt(quarter));
        int goal = standable.get(standable.size() - 1 - random.nextInt(quarter));
        return new int[] {start, goal};
    }

    private static void runSliced(SlicedSearch s, Random random, int maxBudget) {
        for (int calls = 0; s.status() == SearchStatus.RUNNING; calls++) {
            assertTrue(calls < 1_000_000, "search does not end");
            s.step(1 + random.nextInt(maxBudget));
        }
    }

    /** A way to build the search under test over the shared grid, given its buffers. */
    interface Builder {
        SlicedSearch build(GridSearchBuffers buffers);
    }

    /** The property, for any engine. */
    private static void savedAfterKIterationsContinuesAsOneRun(
            Grid grid, Problem p, Builder builder, Random random, Supplier<String> where) {
        int n = grid.cellCount();
        try (GridSearchBuffers onceBuffers = new GridSearchBuffers(n);
                GridSearchBuffers savedBuffers = new GridSearchBuffers(n);
                GridSearchBuffers freshBuffers = new GridSearchBuffers(n);
                GridSearchBuffers usedBuffers = new GridSearchBuffers(n)) {
            for (GridSearchBuffers b : List.of(onceBuffers, savedBuffers, freshBuffers, usedBuffers)) {
                b.recordExpansions(true);
            }
            SlicedSearch once = builder.build(onceBuffers);
            int[] ends = ends(once, n, random);
            if (ends == null) {
                return;
            }
            once.begin(ends[0], ends[1]);
            while (once.step(Integer.MAX_VALUE) == SearchStatus.RUNNING) {
                // one uninterrupted run
            }
            Outcome expected = Outcome.of(once);
            int k = (int) ((long) expected.iterations() * p.kPermille() / 1000);
            Statistics.label("status").collect(expected.status());
            Statistics.label("saved at").collect(k == 0 ? "start" : k == expected.iterations() ? "end" : "middle");

            // the search saved after k iterations, in slices
            SlicedSearch saved = builder.build(savedBuffers);
            saved.begin(ends[0], ends[1]);
            while (saved.iterations() < k && saved.status() == SearchStatus.RUNNING) {
                saved.step(Math.min(k - saved.iterations(), 1 + random.nextInt(p.maxBudget())));
            }
            assertEquals(k, saved.iterations(), () -> "iterations before the save; " + where.get());
            byte[] state = save(saved);
            assertArrayEquals(state, save(saved), () -> "saving twice; " + where.get());

            // restored into a fresh search
            SlicedSearch fresh = builder.build(freshBuffers);
            restore(fresh, state);
            assertArrayEquals(state, save(fresh), () -> "save, restore, save; " + where.get());
            runSliced(fresh, random, p.maxBudget());
            expected.assertSame(
                    Outcome.of(fresh), () -> "fresh search restored after " + k + " iterations; " + where.get());

            // restored into a search whose buffers served another query first
            SlicedSearch used = builder.build(usedBuffers);
            used.begin(ends[1], ends[0]);
            runSliced(used, random, p.maxBudget());
            restore(used, state);
            assertArrayEquals(state, save(used), () -> "save, restore over used buffers, save; " + where.get());
            runSliced(used, random, p.maxBudget());
            expected.assertSame(
                    Outcome.of(used),
                    () -> "search with used buffers restored after " + k + " iterations; " + where.get());

            // rollback: the saved search runs on (perhaps to its end), then gets its state back
            int further =
                    random.nextInt(3) == 0 ? Integer.MAX_VALUE : 1 + random.nextInt(Math.max(1, expected.iterations()));
            if (saved.status() == SearchStatus.RUNNING) {
                saved.step(further);
            }
            restore(saved, state);
            assertArrayEquals(state, save(saved), () -> "save, rollback, save; " + where.get());
            runSliced(saved, random, p.maxBudget());
            expected.assertSame(Outcome.of(saved), () -> "rolled back to iteration " + k + "; " + where.get());
        }
    }

    private static byte[] save(SlicedSearch s) {
        return switch (s) {
            case AStar<?, ?, ?> a -> a.saveState();
            case JumpSearch<?, ?> j -> j.saveState();
            default -> throw new IllegalArgumentException(s.toString());
        };
    }

    private static void restore(SlicedSearch s, byte[] state) {
        switch (s) {
            case AStar<?, ?, ?> a -> a.restoreState(state);
            case JumpSearch<?, ?> j -> j.restoreState(state);
            default -> throw new IllegalArgumentException(s.toString());
        }
    }

    // ---- properties ----

    @Property(tries = 250, edgeCases = EdgeCasesMode.NONE)
    void aStarRestoredAfterKIterationsContinuesAsOneRun(@ForAll("aStarCases") AStarCase c) {
        Problem p = c.problem();
        AStarConfig cfg = c.config();
        Random random = new Random(p.seed());
        try (Grid grid = grid(p, random)) {
            double scale = grid.areas().minCost();
            Builder builder = buffers -> new AStar<>(
                    grid.createTopology(cfg.agentSize(), cfg.connectivity(), cfg.rule()),
                    DefaultStepCost.INSTANCE,
                    cfg.octile() ? new OctileHeuristic(grid.width(), scale) : ZeroHeuristic.INSTANCE,
                    buffers,
                    cfg.weight());
            savedAfterKIterationsContinuesAsOneRun(grid, p, builder, random, () -> c.toString());
        }
        Statistics.label("status").coverage(cov -> cov.check(SearchStatus.FOUND).percentage(pc -> pc >= 30));
        Statistics.label("saved at").coverage(cov -> cov.check("middle").percentage(pc -> pc >= 40));
    }

    @Property(tries = 150, edgeCases = EdgeCasesMode.NONE)
    void jumpSearchRestoredAfterKIterationsContinuesAsOneRun(@ForAll("jumpCases") JumpCase c) {
        Problem p = c.problem();
        Random random = new Random(p.seed());
        try (Grid grid = grid(p, random);
                BlockMap map = new BlockMap(grid);
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            double m = c.cellCost();
            Builder builder = buffers -> {
                Jumper jumper = switch (c.jumper()) {
                    case ONLINE -> new OnlineJumper(grid);
                    case BLOCK -> new BlockJumper(map);
                    case TABLE -> new TableJumper(index);
                };
                Heuristic h = c.octile() ? new OctileHeuristic(grid.width(), m) : ZeroHeuristic.INSTANCE;
                return new JumpSearch<>(grid, jumper, h, m, buffers);
            };
            savedAfterKIterationsContinuesAsOneRun(grid, p, builder, random, () -> c.toString());
        }
        Statistics.label("status").coverage(cov -> cov.check(SearchStatus.FOUND).percentage(pc -> pc >= 30));
        Statistics.label("saved at").coverage(cov -> cov.check("middle").percentage(pc -> pc >= 30));
    }
}
