package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;

/**
 * Tier-1 queries against an independent quadratic Dijkstra over {@link ReferenceGrid}: found iff
 * the reference reaches the goal, the same cost up to summation order, and a returned path that
 * is a chain of legal moves whose cost, summed in path order, is bit-identical to the reported one.
 */
class FindPathMatchesDijkstraPropertyTest {

    record Setup(
            ReferenceGrid grid,
            Connectivity connectivity,
            DiagonalRule rule,
            int agentSize,
            HeuristicKind heuristic,
            List<Integer> picks) {
        @Override
        public String toString() {
            return connectivity + " " + rule + " agentSize=" + agentSize + " heuristic=" + heuristic + " picks=" + picks
                    + "\n" + grid.picture();
        }
    }

    @Provide
    Arbitrary<Setup> setups() {
        Arbitrary<Connectivity> connectivity = Arbitraries.of(Connectivity.class);
        Arbitrary<DiagonalRule> rule = Arbitraries.of(DiagonalRule.class);
        Arbitrary<Integer> agentSize = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.just(1)), Tuple.of(2, Arbitraries.just(2)), Tuple.of(1, Arbitraries.just(3)));
        Arbitrary<HeuristicKind> heuristic = Arbitraries.of(
                HeuristicKind.AUTO,
                HeuristicKind.AUTO,
                HeuristicKind.ZERO,
                HeuristicKind.OCTILE,
                HeuristicKind.MANHATTAN);
        Arbitrary<List<Integer>> picks =
                Arbitraries.integers().between(0, 999_999).list().ofSize(6);
        return Combinators.combine(RandomGrids.grids(2, 16), connectivity, rule, agentSize, heuristic, picks)
                .as((g, c, r, s, h, p) -> {
                    // Manhattan overestimates with diagonal moves; use it only where it is admissible.
                    HeuristicKind kind =
                            (h == HeuristicKind.MANHATTAN && c == Connectivity.EIGHT) ? HeuristicKind.AUTO : h;
                    return new Setup(g, c, r, s, kind, p);
                });
    }

    @Property(tries = 1200)
    void aStarAgreesWithPlainDijkstra(@ForAll("setups") Setup setup) {
        ReferenceGrid ref = setup.grid();
        boolean eight = setup.connectivity() == Connectivity.EIGHT;
        int size = setup.agentSize();
        GridOptions options = GridOptions.builder()
                .connectivity(setup.connectivity())
                .diagonalRule(setup.rule())
                .agentSize(size)
                .heuristic(setup.heuristic())
                .build();
        List<Integer> standable = new ArrayList<>();
        for (int i = 0; i < ref.width() * ref.height(); i++) {
            if (ref.fits(i % ref.width(), i / ref.width(), size)) {
                standable.add(i);
            }
        }
        try (Grid grid = ref.toGrid()) {
            // three queries per grid through the same options: the grid reuses its prepared search
            for (int q = 0; q < 3; q++) {
                int start = pick(setup.picks().get(2 * q), standable, ref);
                int goal = pick(setup.picks().get(2 * q + 1), standable, ref);
                Cell s = new Cell(start % ref.width(), start / ref.width());
                Cell g = new Cell(goal % ref.width(), goal / ref.width());
                GridPath path = grid.findPath(s, g, options);
                Supplier<String> where = () -> "query " + s + " -> " + g + " under " + setup;
                // Qualifying queries run the specialised octile engine, which prices a path m * (a + b * sqrt2).
                boolean specialised = eight
                        && setup.rule() == DiagonalRule.NO_CORNER_CUTTING
                        && size == 1
                        && setup.heuristic() != HeuristicKind.MANHATTAN
                        && grid.areas().isUniform();
                checkQuery(
                        ref,
                        eight,
                        setup.rule(),
                        size,
                        s,
                        g,
                        path,
                        where,
                        specialised ? grid.areas().get(0) : Double.NaN);
            }
        }
        Statistics.label("status").coverage(c -> {
            c.check(PathStatus.FOUND).percentage(p -> p >= 30);
            c.check(PathStatus.NO_PATH).count(n -> n >= 10);
            c.check(PathStatus.START_INVALID).count(n -> n >= 10);
        });
    }

    private static int pick(int r, List<Integer> standable, ReferenceGrid ref) {
        int cells = ref.width() * ref.height();
        if (r % 5 != 0 && !standable.isEmpty()) {
            return standable.get((r / 5) % standable.size());
        }
        return r % cells;
    }

    /**
     * @param pairCost the uniform multiplier m when the specialised engine answered (its cost is
     *                 m * (a + b * sqrt2) for a straight and b diagonal steps), NaN for the generic
     *                 engine (its cost is the step costs summed in path order)
     */
    static void checkQuery(
            ReferenceGrid ref,
            boolean eight,
            DiagonalRule rule,
            int size,
            Cell s,
            Cell g,
            GridPath path,
            Supplier<String> where,
            double pairCost) {
        if (!ref.fits(s.x(), s.y(), size)) {
            Statistics.label("status").collect(PathStatus.START_INVALID);
            assertEquals(PathStatus.START_INVALID, path.status(), where);
            assertEmpty(path, where);
            return;
        }
        if (!ref.fits(g.x(), g.y(), size)) {
            Statistics.label("status").collect(PathStatus.GOAL_INVALID);
            assertEquals(PathStatus.GOAL_INVALID, path.status(), where);
            assertEmpty(path, where);
            return;
        }
        double[] dist = ref.distancesFrom(s.x(), s.y(), eight, rule, size);
        double expected = dist[g.y() * ref.width() + g.x()];
        if (expected == Double.POSITIVE_INFINITY) {
            Statistics.label("status").collect(PathStatus.NO_PATH);
            assertEquals(PathStatus.NO_PATH, path.status(), where);
            assertEmpty(path, where);
            assertEquals(
                    path.iterations(), path.expandedCount(), () -> "NO_PATH expands every popped node; " + where.get());
            return;
        }
        Statistics.label("status").collect(PathStatus.FOUND);
        assertEquals(PathStatus.FOUND, path.status(), where);
        assertEquals(
                path.iterations() - 1, path.expandedCount(), () -> "the goal pop is not an expansion; " + where.get());
        assertEquals(
                expected, path.cost(), 1e-9 * Math.max(1.0, expected), () -> "cost against Dijkstra; " + where.get());

        List<Cell> cells = path.cells();
        assertEquals(s, cells.get(0), () -> "path starts at the start; " + where.get());
        assertEquals(g, cells.get(cells.size() - 1), () -> "path ends at the goal; " + where.get());
        int[] indices = path.cellIndices();
        assertEquals(cells.size(), indices.length, where);
        assertEquals(cells.size(), path.length(), where);
        for (int i = 0; i < cells.size(); i++) {
            Cell c = cells.get(i);
            assertEquals(c.y() * ref.width() + c.x(), indices[i], () -> "cellIndices is y * width + x; " + where.get());
            assertTrue(ref.fits(c.x(), c.y(), size), () -> "path cell " + c + " must fit the agent; " + where.get());
            if (i > 0) {
                Cell p = cells.get(i - 1);
                assertTrue(
                        ref.isMove(p.x(), p.y(), c.x(), c.y(), eight, rule, size),
                        () -> "illegal move " + p + " -> " + c + " in " + cells + "; " + where.get());
            }
        }
        double recomputed;
        if (Double.isNaN(pairCost)) {
            recomputed = ref.pathCost(cells);
        } else {
            int straight = 0;
            int diagonal = 0;
            for (int i = 1; i < cells.size(); i++) {
                boolean isDiagonal = cells.get(i).x() != cells.get(i - 1).x()
                        && cells.get(i).y() != cells.get(i - 1).y();
                diagonal += isDiagonal ? 1 : 0;
                straight += isDiagonal ? 0 : 1;
            }
            recomputed = pairCost * (straight + diagonal * 1.4142135623730951);
        }
        assertEquals(
                Double.doubleToLongBits(recomputed),
                Double.doubleToLongBits(path.cost()),
                () -> "cost must equal the engine's pricing of the returned cells (" + recomputed + " vs " + path.cost()
                        + "); " + where.get());
    }

    private static void assertEmpty(GridPath path, Supplier<String> where) {
        assertEquals(0, path.length(), where);
        assertTrue(path.cells().isEmpty(), where);
        assertEquals(Double.POSITIVE_INFINITY, path.cost(), where);
    }
}
