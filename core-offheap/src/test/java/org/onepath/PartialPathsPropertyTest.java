package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;

/**
 * Partial paths of tier-1 square-grid queries against a plain Dijkstra over {@link ReferenceGrid}
 * and estimates written here from their definitions: with the goal walled off and no budget, the
 * path ends at the reached cell of least (estimate, cost, cell), every step legal and its cost
 * the engine's pricing of its cells; with small budgets a query that finds the goal is unchanged
 * by the option and one that does not ends at a generated cell no generated cell beats on the
 * estimate.
 */
class PartialPathsPropertyTest {
    private static final double EPS = 1e-9;

    private static final List<GridAlgorithm> ALGORITHMS = List.of(
            GridAlgorithm.ASTAR,
            GridAlgorithm.ASTAR,
            GridAlgorithm.JPS,
            GridAlgorithm.JPS_PLUS,
            GridAlgorithm.THETA_STAR,
            GridAlgorithm.LPA_STAR);

    /**
     * @param variant bit 0: generic engines only; bit 1: heuristic weight 1.5; bit 2: every area
     *                costs 1 (so the jump point searches and the specialised engines qualify);
     *                bit 3: a jump point or any-angle algorithm gets options it qualifies with
     * @param picks   start, goal and budget picks
     */
    record Setup(
            ReferenceGrid grid,
            GridAlgorithm algorithm,
            Connectivity connectivity,
            DiagonalRule rule,
            int agentSize,
            HeuristicKind heuristic,
            int variant,
            List<Integer> picks) {
        boolean eight() {
            return connectivity == Connectivity.EIGHT;
        }

        GridOptions options(boolean partial, int budget) {
            return GridOptions.builder()
                    .algorithm(algorithm)
                    .connectivity(connectivity)
                    .diagonalRule(rule)
                    .agentSize(agentSize)
                    .heuristic(heuristic)
                    .heuristicWeight((variant & 2) != 0 ? 1.5 : 1.0)
                    .specializedEngines((variant & 1) == 0)
                    .recordExpansions(true)
                    .iterationBudget(budget)
                    .allowPartial(partial)
                    .build();
        }

        @Override
        public String toString() {
            return algorithm + " " + connectivity + " " + rule + " agentSize=" + agentSize + " heuristic=" + heuristic
                    + " variant=" + variant + " picks=" + picks + "\n" + grid.picture();
        }
    }

    @Provide
    Arbitrary<Setup> setups() {
        Arbitrary<HeuristicKind> heuristic = Arbitraries.of(
                HeuristicKind.AUTO,
                HeuristicKind.AUTO,
                HeuristicKind.AUTO,
                HeuristicKind.ZERO,
                HeuristicKind.OCTILE,
                HeuristicKind.MANHATTAN,
                HeuristicKind.EUCLIDEAN);
        Arbitrary<Integer> size = Arbitraries.frequency(net.jqwik.api.Tuple.of(4, 1), net.jqwik.api.Tuple.of(1, 2));
        return Combinators.combine(
                        RandomGrids.grids(4, 14),
                        Arbitraries.of(ALGORITHMS),
                        Arbitraries.of(Connectivity.EIGHT, Connectivity.EIGHT, Connectivity.FOUR),
                        Arbitraries.of(DiagonalRule.class),
                        size,
                        heuristic,
                        Arbitraries.integers().between(0, 15),
                        Arbitraries.integers().between(0, 999_999).list().ofSize(3))
                .as((g, a, c, r, s, h, v, p) -> {
                    // Manhattan overestimates with diagonal moves; use it only where it is admissible.
                    HeuristicKind kind =
                            (h == HeuristicKind.MANHATTAN && c == Connectivity.EIGHT) ? HeuristicKind.AUTO : h;
                    boolean special =
                            a == GridAlgorithm.JPS || a == GridAlgorithm.JPS_PLUS || a == GridAlgorithm.THETA_STAR;
                    if (special && (v & 8) != 0) {
                        c = Connectivity.EIGHT;
                        r = DiagonalRule.NO_CORNER_CUTTING;
                        s = 1;
                        kind = kind == HeuristicKind.ZERO ? kind : HeuristicKind.AUTO;
                        v = (v & ~2) | 4;
                    }
                    if ((v & 4) != 0) {
                        for (int area = 0; area < 255; area++) {
                            g.setMultiplier(area, 1.0);
                        }
                    }
                    return new Setup(g, a, c, r, s, kind, v, p);
                });
    }

    @Property(tries = 500)
    void unreachableGoalEndsAtTheReachedCellOfLeastEstimate(@ForAll("setups") Setup setup) {
        ReferenceGrid ref = setup.grid();
        int size = setup.agentSize();
        if (ref.width() < size || ref.height() < size) {
            Statistics.label("case").collect("grid smaller than the agent");
            return;
        }
        Cell goal = isolate(ref, size, setup.picks().get(1));
        List<Integer> standable = standable(ref, size);
        standable.remove(Integer.valueOf(goal.y() * ref.width() + goal.x()));
        if (standable.isEmpty()) {
            Statistics.label("case").collect("no start besides the goal");
            return;
        }
        int si = standable.get(setup.picks().get(0) % standable.size());
        Cell start = new Cell(si % ref.width(), si / ref.width());
        try (Grid grid = ref.toGrid()) {
            GridPath off = grid.findPath(start, goal, setup.options(false, 0));
            GridPath on = grid.findPath(start, goal, setup.options(true, 0));
            Supplier<String> where = () -> start + " -> " + goal + " ran " + on.algorithm() + " under " + setup;
            assertEquals(PathStatus.NO_PATH, off.status(), where);
            assertEquals(PathStatus.PARTIAL, on.status(), where);
            Statistics.label("case").collect(on.algorithm());
            assertSameSearch(off, on, where);

            Engine engine = Engine.of(setup, grid, on.algorithm());
            checkSteps(ref, setup, start, on, engine, grid, where);
            double[] dist = ref.distancesFrom(start.x(), start.y(), setup.eight(), setup.rule(), size);
            // Candidates: every reachable cell for A* and Theta* (the goal is not connected, so the
            // search generates the whole component); the jump points for a jump point search, all
            // of which were expanded once the open list ran dry.
            List<Integer> candidates = new ArrayList<>();
            if (engine.jumpPoints) {
                for (Cell c : on.expandedCells()) {
                    candidates.add(c.y() * ref.width() + c.x());
                }
            } else {
                for (int i = 0; i < dist.length; i++) {
                    if (dist[i] < Double.POSITIVE_INFINITY) {
                        candidates.add(i);
                    }
                }
            }
            List<Cell> cells = on.cells();
            Cell last = cells.get(cells.size() - 1);
            int end = last.y() * ref.width() + last.x();
            assertTrue(candidates.contains(end), () -> "the end " + last + " is a candidate; " + where.get());
            double minH = Double.POSITIVE_INFINITY;
            for (int c : candidates) {
                minH = Math.min(minH, engine.estimate(c, goal, ref.width()));
            }
            double endH = engine.estimate(end, goal, ref.width());
            double least = minH;
            assertTrue(
                    endH <= minH + EPS, () -> "estimate " + endH + " of the end, least " + least + "; " + where.get());
            if (engine.anyAngle || engine.jumpPoints) {
                // Theta*'s costs are its own, and a jump point holds the cost of the route it was
                // found on, which need not be the shortest to it: only the estimate is checked
                if (engine.jumpPoints) {
                    assertTrue(on.cost() >= dist[end] - EPS * Math.max(1, dist[end]), where);
                }
                return;
            }
            assertEquals(dist[end], on.cost(), EPS * Math.max(1, dist[end]), () -> "cost of the end; " + where.get());
            double minD = Double.POSITIVE_INFINITY;
            for (int c : candidates) {
                if (engine.estimate(c, goal, ref.width()) <= minH + EPS) {
                    minD = Math.min(minD, dist[c]);
                }
            }
            double leastD = minD;
            assertTrue(
                    dist[end] <= minD + EPS,
                    () -> "cost " + dist[end] + " of the end, least tied " + leastD + "; " + where.get());
            if (engine.exactCosts) {
                int first = Integer.MAX_VALUE;
                for (int c : candidates) {
                    if (engine.estimate(c, goal, ref.width()) <= minH + EPS && dist[c] <= minD + EPS) {
                        first = Math.min(first, c);
                    }
                }
                assertEquals(first, end, () -> "ties on estimate and cost go to the smaller cell; " + where.get());
            }
        }
        Statistics.label("case").coverage(c -> {
            c.check(GridAlgorithm.ASTAR).count(n -> n >= 50);
            c.check(GridAlgorithm.JPS).count(n -> n >= 5);
            c.check(GridAlgorithm.JPS_PLUS).count(n -> n >= 5);
            c.check(GridAlgorithm.THETA_STAR).count(n -> n >= 5);
        });
    }

    @Property(tries = 500)
    void smallBudgetsLeaveFoundPathsAloneAndEndMissesAtAGeneratedCell(@ForAll("setups") Setup setup) {
        ReferenceGrid ref = setup.grid();
        int size = setup.agentSize();
        List<Integer> standable = standable(ref, size);
        if (standable.isEmpty()) {
            Statistics.label("case").collect("nothing standable");
            return;
        }
        int si = standable.get(setup.picks().get(0) % standable.size());
        int gi = standable.get(setup.picks().get(1) % standable.size());
        int budget = 1 + setup.picks().get(2) % 40;
        Cell start = new Cell(si % ref.width(), si / ref.width());
        Cell goal = new Cell(gi % ref.width(), gi / ref.width());
        try (Grid grid = ref.toGrid()) {
            GridPath off = grid.findPath(start, goal, setup.options(false, budget));
            GridPath on = grid.findPath(start, goal, setup.options(true, budget));
            Supplier<String> where =
                    () -> start + " -> " + goal + " budget " + budget + " ran " + on.algorithm() + " under " + setup;
            assertSameSearch(off, on, where);
            if (off.status() == PathStatus.FOUND) {
                Statistics.label("case").collect("found, unchanged");
                assertEquals(PathStatus.FOUND, on.status(), where);
                assertArrayEquals(off.cellIndices(), on.cellIndices(), where);
                assertEquals(Double.doubleToLongBits(off.cost()), Double.doubleToLongBits(on.cost()), where);
                return;
            }
            Statistics.label("case").collect(off.status() + " -> partial");
            assertTrue(off.cells().isEmpty(), where);
            assertEquals(PathStatus.PARTIAL, on.status(), where);
            Engine engine = Engine.of(setup, grid, on.algorithm());
            checkSteps(ref, setup, start, on, engine, grid, where);
            List<Cell> cells = on.cells();
            Cell last = cells.get(cells.size() - 1);
            int end = last.y() * ref.width() + last.x();
            double endH = engine.estimate(end, goal, ref.width());
            double[] dist = ref.distancesFrom(start.x(), start.y(), setup.eight(), setup.rule(), size);
            if (!engine.anyAngle()) {
                assertTrue(
                        on.cost() >= dist[end] - EPS * Math.max(1, dist[end]),
                        () -> "no cheaper than Dijkstra; " + where.get());
            }
            // The cells the engine surely generated: the start and what it expanded, and for A* and
            // Theta* every legal neighbour of an expanded cell too (the generated set exactly).
            Set<Integer> generated = new HashSet<>();
            generated.add(si);
            for (Cell c : on.expandedCells()) {
                generated.add(c.y() * ref.width() + c.x());
                if (!engine.jumpPoints) {
                    for (ReferenceGrid.Move m : ref.moves(c.x(), c.y(), setup.eight(), setup.rule(), size)) {
                        generated.add(m.y() * ref.width() + m.x());
                    }
                }
            }
            if (!engine.jumpPoints) {
                assertTrue(generated.contains(end), () -> "the end " + last + " was generated; " + where.get());
            }
            for (int c : generated) {
                double h = engine.estimate(c, goal, ref.width());
                assertTrue(
                        endH <= h + EPS,
                        () -> "generated cell " + (c % ref.width()) + "," + (c / ref.width()) + " has estimate " + h
                                + " below the end's " + endH + "; " + where.get());
            }
        }
    }

    // ---- helpers ----

    /** Which engine answered and how it estimates and prices. */
    private record Engine(
            HeuristicKind estimate,
            boolean jumpPoints,
            boolean anyAngle,
            boolean specialised,
            boolean exactCosts,
            double multiplier) {
        static Engine of(Setup s, Grid grid, GridAlgorithm ran) {
            boolean uniform = grid.areas().isUniform();
            boolean qualifies = s.eight()
                    && s.rule() == DiagonalRule.NO_CORNER_CUTTING
                    && s.agentSize() == 1
                    && (s.variant() & 2) == 0
                    && (s.heuristic() == HeuristicKind.AUTO
                            || s.heuristic() == HeuristicKind.OCTILE
                            || s.heuristic() == HeuristicKind.ZERO)
                    && uniform;
            boolean jump = ran == GridAlgorithm.JPS || ran == GridAlgorithm.JPS_PLUS;
            boolean theta = ran == GridAlgorithm.THETA_STAR;
            boolean specialised = !theta && qualifies && (s.variant() & 1) == 0;
            HeuristicKind h = s.heuristic();
            if (h == HeuristicKind.AUTO) {
                h = theta ? HeuristicKind.EUCLIDEAN : s.eight() ? HeuristicKind.OCTILE : HeuristicKind.MANHATTAN;
            }
            if (theta && h != HeuristicKind.ZERO) {
                h = HeuristicKind.EUCLIDEAN;
            }
            boolean unitCosts = true;
            // exact sums: four moves over unit multipliers, or the specialised engines' integer pairs
            for (int a = 0; a < 255; a++) {
                unitCosts &= grid.areas().get(a) == 1.0;
            }
            boolean exact = specialised || h == HeuristicKind.ZERO || (!s.eight() && unitCosts);
            return new Engine(
                    h, jump, theta, specialised, exact && !theta, grid.areas().get(0));
        }

        /** The estimate to the goal, unscaled (the scale is one positive factor for every cell). */
        double estimate(int cell, Cell goal, int width) {
            int dx = Math.abs(cell % width - goal.x());
            int dy = Math.abs(cell / width - goal.y());
            return switch (estimate) {
                case ZERO -> 0.0;
                case MANHATTAN -> dx + dy;
                case OCTILE -> Math.max(dx, dy) - Math.min(dx, dy) + Math.min(dx, dy) * Math.sqrt(2.0);
                case EUCLIDEAN -> Math.sqrt((double) dx * dx + (double) dy * dy);
                case AUTO -> throw new AssertionError("resolved");
            };
        }
    }

    /** The path starts at the start, every step is a legal move, and its cost is its cells' price. */
    private static void checkSteps(
            ReferenceGrid ref, Setup s, Cell start, GridPath path, Engine engine, Grid grid, Supplier<String> where) {
        List<Cell> cells = path.cells();
        assertTrue(!cells.isEmpty(), where);
        assertEquals(start, cells.get(0), () -> "a partial path starts at the start; " + where.get());
        double euclidean = 0;
        for (int i = 1; i < cells.size(); i++) {
            Cell p = cells.get(i - 1);
            Cell c = cells.get(i);
            assertTrue(ref.fits(c.x(), c.y(), s.agentSize()), where);
            if (engine.anyAngle) {
                euclidean += Math.hypot(c.x() - p.x(), c.y() - p.y());
            } else {
                assertTrue(
                        ref.isMove(p.x(), p.y(), c.x(), c.y(), s.eight(), s.rule(), s.agentSize()),
                        () -> "illegal move " + p + " -> " + c + " in " + cells + "; " + where.get());
            }
        }
        if (engine.anyAngle) {
            double expected = engine.multiplier() * euclidean;
            assertEquals(expected, path.cost(), EPS * Math.max(1, expected), () -> "segment lengths; " + where.get());
            return;
        }
        if ((s.variant() & 2) != 0) {
            // Weight 1.5 may reopen a node after its children were generated: the reported cost,
            // the end's g as for a found path's goal, is then at least the sum of the steps.
            double sum = ref.pathCost(cells);
            assertTrue(
                    path.cost() >= sum - EPS * Math.max(1, sum),
                    () -> "cost " + path.cost() + " below the sum of the steps " + sum + "; " + where.get());
            return;
        }
        double recomputed;
        if (engine.specialised()) {
            long diagonal = path.stepCounts().orElseThrow().diagonal();
            long straight = path.stepCounts().orElseThrow().straight();
            recomputed = engine.multiplier() * (straight + diagonal * 1.4142135623730951);
        } else {
            recomputed = ref.pathCost(cells);
        }
        if (engine.jumpPoints() && !engine.specialised()) {
            // the generic jump point search prices a jump as one product: equal up to rounding
            assertEquals(recomputed, path.cost(), EPS * Math.max(1, recomputed), where);
        } else {
            assertEquals(
                    Double.doubleToLongBits(recomputed),
                    Double.doubleToLongBits(path.cost()),
                    () -> "cost " + path.cost() + " is the sum of the steps " + recomputed + "; " + where.get());
        }
    }

    /** The option changes the answer, never the search: the same counts, expansions and algorithm. */
    private static void assertSameSearch(GridPath off, GridPath on, Supplier<String> where) {
        assertEquals(off.algorithm(), on.algorithm(), where);
        assertEquals(off.iterations(), on.iterations(), where);
        assertEquals(off.expandedCount(), on.expandedCount(), where);
        assertEquals(off.expandedCells(), on.expandedCells(), where);
    }

    /** Walls the ring around an agent square at a picked place, opening the square: an island. */
    private static Cell isolate(ReferenceGrid ref, int size, int pick) {
        int gx = pick % (ref.width() - size + 1);
        int gy = (pick / ref.width()) % (ref.height() - size + 1);
        for (int y = gy - 1; y <= gy + size; y++) {
            for (int x = gx - 1; x <= gx + size; x++) {
                if (!ref.inside(x, y)) {
                    continue;
                }
                boolean inside = x >= gx && x < gx + size && y >= gy && y < gy + size;
                ref.setArea(x, y, inside ? 0 : ReferenceGrid.WALL);
            }
        }
        return new Cell(gx, gy);
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
}
