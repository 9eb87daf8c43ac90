package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.CellStepCost;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;

/** Rule 11: cancellation tokens in tier-1 queries. */
class CancellationTest {
    private static final String PICTURE = """
            ....................
            ....#######.........
            ..........#.........
            ..3333....#...###...
            ..3333....#.....#...
            ..........#.....#...
            ....#.....#.....#...
            ....#...........#...
            ....#########...#...
            ....................
            """;
    private static final Cell START = new Cell(0, 0);
    private static final Cell GOAL = new Cell(19, 9);

    private static Grid newGrid() {
        Grid grid = Grid.fromText(PICTURE);
        grid.areas().set(3, 2.5);
        return grid;
    }

    private static void assertSameResult(GridPath expected, GridPath actual) {
        assertEquals(expected.status(), actual.status());
        assertEquals(expected.cells(), actual.cells());
        assertEquals(Double.doubleToLongBits(expected.cost()), Double.doubleToLongBits(actual.cost()));
        assertEquals(expected.iterations(), actual.iterations());
        assertEquals(expected.expandedCount(), actual.expandedCount());
        assertEquals(expected.expandedCells(), actual.expandedCells());
    }

    @Test
    void tokenCancelledBeforeTheCallThrows() {
        Cancellation token = new Cancellation();
        token.cancel();
        assertTrue(token.isCancelled());
        try (Grid grid = newGrid()) {
            assertThrows(CancellationException.class, () -> grid.findPath(START, GOAL, GridOptions.DEFAULT, token));
            assertThrows(
                    CancellationException.class,
                    () -> grid.findPath(
                            new WorldPoint(0.5, 0.5), new WorldPoint(19.5, 9.5), GridOptions.DEFAULT, token));
            assertTrue(token.isCancelled(), "a token stays cancelled");
            GridPath after = grid.findPath(START, GOAL, GridOptions.DEFAULT, null);
            try (Grid fresh = newGrid()) {
                assertSameResult(fresh.findPath(START, GOAL, GridOptions.DEFAULT), after);
            }
        }
    }

    @Test
    void preCancelledTokenThrowsEvenWhenStartEqualsGoal() {
        Cancellation token = new Cancellation();
        token.cancel();
        try (Grid grid = newGrid()) {
            assertThrows(CancellationException.class, () -> grid.findPath(START, START, GridOptions.DEFAULT, token));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 64})
    void cancellingDuringTheSearchThrowsAndLeavesTheGridReusable(int slice) {
        Cancellation victim = new Cancellation();
        AtomicInteger calls = new AtomicInteger();
        CellStepCost cancelling = (fx, fy, tx, ty, cost) -> {
            if (calls.incrementAndGet() == 40) {
                victim.cancel();
            }
            return cost;
        };
        GridOptions options = GridOptions.builder()
                .heuristic(HeuristicKind.ZERO)
                .stepCost(cancelling)
                .recordExpansions(true)
                .iterationsPerSlice(slice)
                .build();
        try (Grid grid = newGrid()) {
            assertThrows(CancellationException.class, () -> grid.findPath(START, GOAL, options, victim));
            assertTrue(calls.get() >= 40);
            assertTrue(victim.isCancelled());

            GridPath again = grid.findPath(START, GOAL, options, null);
            GridPath againWithToken = grid.findPath(START, GOAL, options, new Cancellation());
            try (Grid fresh = newGrid()) {
                GridPath expected = fresh.findPath(START, GOAL, options, null);
                assertEquals(PathStatus.FOUND, expected.status());
                assertTrue(
                        expected.iterations() > 120,
                        "the search must outlast the cancellation: " + expected.iterations());
                assertSameResult(expected, again);
                assertSameResult(expected, againWithToken);
            }
        }
    }

    @Test
    void cancellingFromAnotherQueryLeavesTheGridReusableForOtherOptionsToo() {
        Cancellation victim = new Cancellation();
        AtomicInteger calls = new AtomicInteger();
        GridOptions cancelling = GridOptions.builder()
                .connectivity(Connectivity.FOUR)
                .iterationsPerSlice(3)
                .stepCost((fx, fy, tx, ty, cost) -> {
                    if (calls.incrementAndGet() == 25) {
                        victim.cancel();
                    }
                    return cost;
                })
                .build();
        GridOptions other = GridOptions.builder()
                .diagonalRule(DiagonalRule.ALLOW_ALL)
                .recordExpansions(true)
                .build();
        try (Grid grid = newGrid()) {
            assertThrows(CancellationException.class, () -> grid.findPath(START, GOAL, cancelling, victim));
            GridPath after = grid.findPath(START, GOAL, other);
            try (Grid fresh = newGrid()) {
                assertSameResult(fresh.findPath(START, GOAL, other), after);
            }
        }
    }

    @Test
    void aTokenNeverCancelledChangesNothing() {
        try (Grid grid = newGrid();
                Grid reference = newGrid()) {
            for (int slice : new int[] {1, 10, 256}) {
                for (int budget : new int[] {0, 1, 9, 10, 11, 37, 255, 256, 257, 100_000}) {
                    GridOptions options = GridOptions.builder()
                            .heuristic(HeuristicKind.ZERO)
                            .iterationBudget(budget)
                            .iterationsPerSlice(slice)
                            .recordExpansions(true)
                            .build();
                    Cancellation token = new Cancellation();
                    GridPath withToken = grid.findPath(START, GOAL, options, token);
                    GridPath without = reference.findPath(START, GOAL, options, null);
                    assertSameResult(without, withToken);
                    if (budget != 0
                            && budget < without.iterations() + 1
                            && without.status() == PathStatus.BUDGET_EXHAUSTED) {
                        assertEquals(budget, withToken.iterations(), "budget " + budget + " slice " + slice);
                    }
                    assertFalse(token.isCancelled());
                }
            }
            // with the default estimate as well
            GridPath a = grid.findPath(START, GOAL, GridOptions.DEFAULT, new Cancellation());
            GridPath b = reference.findPath(START, GOAL, GridOptions.DEFAULT);
            assertSameResult(b, a);
        }
    }

    @Test
    void budgetSmallerThanTheSearchIsExhaustedWithOrWithoutAToken() {
        try (Grid grid = newGrid()) {
            for (int slice : new int[] {1, 4, 256}) {
                GridOptions options = GridOptions.builder()
                        .heuristic(HeuristicKind.ZERO)
                        .iterationBudget(37)
                        .iterationsPerSlice(slice)
                        .build();
                GridPath with = grid.findPath(START, GOAL, options, new Cancellation());
                GridPath without = grid.findPath(START, GOAL, options, null);
                assertEquals(PathStatus.BUDGET_EXHAUSTED, with.status());
                assertEquals(37, with.iterations());
                assertSameResult(without, with);
            }
        }
    }

    @Test
    void throwIfCancelledThrowsOnlyOnceCancelled() {
        Cancellation token = new Cancellation();
        token.throwIfCancelled();
        assertFalse(token.isCancelled());
        token.cancel();
        assertThrows(CancellationException.class, token::throwIfCancelled);
        token.cancel();
        assertTrue(token.isCancelled());
    }

    @Test
    void iterationsPerSliceMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> GridOptions.builder().iterationsPerSlice(0));
    }
}
