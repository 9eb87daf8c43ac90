package org.onepath.grids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;

/** The tier-2 engine's own rules: ties to the first listed goal, both engines, bad input. */
class ManyGoalSearchTest {

    @Test
    void aLaterListedGoalSettledFirstDoesNotWinATie() {
        try (Grid grid = Grid.create(9, 1)) {
            SquareTopology t = grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            // from the middle, node 0 and node 8 both cost 4; node 0 is smaller, so it is popped
            // first on a tie of f and g; listed second, it must still lose to node 8
            for (Heuristic h : new Heuristic[] {null, new OctileHeuristic(9, 1.0)}) {
                try (ManyGoalSearch s = new ManyGoalSearch(t, null, h)) {
                    s.begin(4, new int[] {8, 0});
                    assertEquals(SearchStatus.FOUND, s.step(Integer.MAX_VALUE));
                    assertEquals(0, s.bestGoal());
                    assertEquals(4.0, s.bestCost());
                    assertEquals(4.0, s.goalCost(1));
                    s.begin(4, new int[] {0, 8, 0});
                    s.step(Integer.MAX_VALUE);
                    assertEquals(0, s.bestGoal());
                    s.begin(4, new int[] {7, 0, 8});
                    s.step(Integer.MAX_VALUE);
                    assertEquals(0, s.bestGoal());
                    assertEquals(3.0, s.bestCost());
                }
            }
        }
    }

    @Test
    void badInputIsNamed() {
        try (Grid grid = Grid.create(3, 3)) {
            try (ManyGoalSearch s = new ManyGoalSearch(
                    grid.createTopology(1, Connectivity.FOUR, DiagonalRule.NO_CORNER_CUTTING), null, null)) {
                assertThrows(IllegalStateException.class, () -> s.step(1));
                assertThrows(IllegalArgumentException.class, () -> s.begin(0, new int[0]));
                assertThrows(IllegalArgumentException.class, () -> s.begin(9, new int[] {1}));
                assertThrows(IllegalArgumentException.class, () -> s.begin(0, new int[] {1, 9}));
                s.begin(0, new int[] {8});
                assertThrows(IllegalArgumentException.class, () -> s.step(0));
                assertEquals(SearchStatus.FOUND, s.step(1000));
                assertEquals(4.0, s.bestCost());
            }
        }
    }
}
