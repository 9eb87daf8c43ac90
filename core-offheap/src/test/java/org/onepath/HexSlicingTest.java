package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.HexLayout;
import org.onepath.cells.PathStatus;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.HexDistanceHeuristic;
import org.onepath.grids.HexTopology;
import org.onepath.grids.SearchStatus;

/**
 * Sliced equals unsliced on hex grids: the tier-2 {@link AStar} over a {@link HexTopology} stepped
 * in slices of 1..50 iterations gives the same path, cost bits, counts and expansion order as one
 * run; the tier-1 budget stops after exactly that many iterations, and a cancellation token (which
 * makes the query run in slices) changes nothing until it is cancelled.
 */
class HexSlicingTest {

    /** What one search produced. */
    record Outcome(SearchStatus status, int[] path, long costBits, int iterations, int expanded, int[] expansions) {
        void assertSame(Outcome other, String where) {
            assertEquals(status, other.status, where);
            assertArrayEquals(path, other.path, where);
            assertEquals(costBits, other.costBits, where);
            assertEquals(iterations, other.iterations, where);
            assertEquals(expanded, other.expanded, where);
            assertArrayEquals(expansions, other.expansions, where);
        }
    }

    /** A 26 x 21 grid with walls and three costlier or cheaper areas, in which (0, 0) reaches (25, 20). */
    private static HexGrid maze(HexLayout layout, long seed) {
        for (long s = seed; ; s += 1000) {
            HexGrid grid = randomGrid(layout, s);
            if (grid.findPath(new Cell(0, 0), new Cell(25, 20)).found()) {
                return grid;
            }
            grid.close();
        }
    }

    private static HexGrid randomGrid(HexLayout layout, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        HexGrid grid = HexGrid.create(26, 21, layout);
        grid.areas().set(1, 2.5);
        grid.areas().set(2, 0.75);
        grid.areas().set(3, 1.3);
        for (int row = 0; row < grid.height(); row++) {
            for (int col = 0; col < grid.width(); col++) {
                int roll = random.nextInt(100);
                grid.setArea(col, row, roll < 22 ? HexGrid.WALL : roll < 40 ? 1 + roll % 3 : 0);
            }
        }
        grid.setArea(0, 0, 0);
        grid.setArea(25, 20, 0);
        return grid;
    }

    private static Outcome run(
            AStar<HexTopology, DefaultStepCost, HexDistanceHeuristic> astar, int start, int goal, int slice) {
        astar.begin(start, goal);
        if (slice == 0) {
            astar.run();
        } else {
            for (int calls = 0; astar.status() == SearchStatus.RUNNING; calls++) {
                assertTrue(calls < 100_000, "the search did not end");
                int before = astar.iterations();
                astar.step(slice);
                assertTrue(astar.iterations() - before <= slice, "a slice runs at most its budget");
            }
        }
        int[] path = astar.status() == SearchStatus.FOUND ? astar.path() : new int[0];
        return new Outcome(
                astar.status(),
                path,
                Double.doubleToRawLongBits(astar.pathCost()),
                astar.iterations(),
                astar.expandedCount(),
                astar.expandedNodes());
    }

    @Test
    void slicedEqualsUnslicedForBudgetsOneToFifty() {
        for (HexLayout layout : HexLayout.values()) {
            try (HexGrid grid = maze(layout, 7 + layout.code());
                    GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
                buffers.recordExpansions(true);
                HexTopology topology = grid.createTopology();
                var astar = new AStar<>(
                        topology,
                        DefaultStepCost.INSTANCE,
                        new HexDistanceHeuristic(
                                grid.width(), layout, grid.areas().minCost()),
                        buffers);
                int[][] queries = {{0, grid.cellCount() - 1}, {grid.indexOf(3, 17), grid.indexOf(22, 2)}};
                for (int[] q : queries) {
                    if (!topology.isWalkable(q[0]) || !topology.isWalkable(q[1])) {
                        continue;
                    }
                    Outcome whole = run(astar, q[0], q[1], 0);
                    assertTrue(whole.iterations() > 50, "a search long enough to slice: " + whole.iterations());
                    for (int slice = 1; slice <= 50; slice++) {
                        run(astar, q[0], q[1], slice)
                                .assertSame(whole, layout + " " + q[0] + " -> " + q[1] + " in slices of " + slice);
                    }
                }
            }
        }
    }

    @Test
    void theTierOneBudgetAndTokenCountTheSameIterations() {
        for (HexLayout layout : HexLayout.values()) {
            try (HexGrid grid = maze(layout, 100 + layout.code())) {
                Cell s = new Cell(0, 0);
                Cell g = new Cell(25, 20);
                HexOptions recording =
                        HexOptions.builder().recordExpansions(true).build();
                HexPath whole = grid.findPath(s, g, recording);
                assertTrue(whole.iterations() > 50);
                for (int slice = 1; slice <= 50; slice++) {
                    HexOptions sliced =
                            recording.toBuilder().iterationsPerSlice(slice).build();
                    HexPath withToken = grid.findPath(s, g, sliced, new Cancellation());
                    assertSamePath(whole, withToken, layout + " token, slices of " + slice);

                    HexPath budget = grid.findPath(
                            s,
                            g,
                            HexOptions.builder()
                                    .iterationBudget(slice)
                                    .recordExpansions(true)
                                    .build());
                    assertEquals(PathStatus.BUDGET_EXHAUSTED, budget.status());
                    assertEquals(slice, budget.iterations());
                    assertEquals(whole.expandedCells().subList(0, slice), budget.expandedCells());
                    assertEquals(0, budget.length());
                    assertEquals(Double.POSITIVE_INFINITY, budget.cost());
                    HexPath budgetSliced = grid.findPath(
                            s,
                            g,
                            HexOptions.builder()
                                    .iterationBudget(slice)
                                    .iterationsPerSlice(7)
                                    .build(),
                            new Cancellation());
                    assertEquals(PathStatus.BUDGET_EXHAUSTED, budgetSliced.status());
                    assertEquals(slice, budgetSliced.iterations());
                }
                HexPath exact = grid.findPath(
                        s,
                        g,
                        HexOptions.builder().iterationBudget(whole.iterations()).build());
                assertEquals(PathStatus.FOUND, exact.status(), "a budget of exactly the iterations needed is enough");
                assertEquals(whole.cost(), exact.cost());
            }
        }
    }

    @Test
    void cancellingThrowsAndTheNextQueryIsExact() {
        try (HexGrid grid = maze(HexLayout.POINTY_EVEN_ROW, 5)) {
            Cell s = new Cell(0, 0);
            Cell g = new Cell(25, 20);
            HexPath before = grid.findPath(s, g);
            Cancellation cancelled = new Cancellation();
            cancelled.cancel();
            assertThrows(CancellationException.class, () -> grid.findPath(s, g, HexOptions.DEFAULT, cancelled));
            assertThrows(
                    CancellationException.class,
                    () -> grid.findPath(
                            s, g, HexOptions.builder().iterationsPerSlice(1).build(), cancelled));
            HexPath after = grid.findPath(s, g);
            assertEquals(before.status(), after.status());
            assertEquals(before.cost(), after.cost());
            assertEquals(before.cells(), after.cells());
            assertEquals(before.iterations(), after.iterations());
        }
    }

    private static void assertSamePath(HexPath a, HexPath b, String where) {
        assertEquals(a.status(), b.status(), where);
        assertEquals(a.cells(), b.cells(), where);
        assertEquals(Double.doubleToRawLongBits(a.cost()), Double.doubleToRawLongBits(b.cost()), where);
        assertEquals(a.iterations(), b.iterations(), where);
        assertEquals(a.expandedCount(), b.expandedCount(), where);
        assertEquals(a.expandedCells(), b.expandedCells(), where);
    }
}
