package org.onepath.fuzz;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.onepath.Grid;

/**
 * The {@code gridhpa} check on grids whose area multipliers lie near the top of the double range:
 * a path whose finite step costs add up past it costs +infinity, A* reports it and HPA* does not
 * (docs/hpa.md, "Costs that overflow"); the target accepts that and nothing more.
 */
class GridHpaTargetTest {
    private static byte[] openGrid(double multiplier) {
        try (Grid grid = Grid.create(16, 12)) {
            grid.areas().set(0, multiplier);
            return grid.saveState();
        }
    }

    @Test
    void aPathWhoseCostOverflowsMayBeMissingFromHpa() {
        try (Target target = new GridHpaTarget()) {
            assertDoesNotThrow(() -> target.run(openGrid(6e307)));
            assertDoesNotThrow(() -> target.run(openGrid(1e307)));
        }
    }

    @Test
    void onlyAnInfiniteAStarCostExcusesAMissingHpaPath() {
        assertDoesNotThrow(() -> GridHpaTarget.checkFound(true, Double.POSITIVE_INFINITY, false, "0 -> 1"));
        assertDoesNotThrow(() -> GridHpaTarget.checkFound(true, 12.5, true, "0 -> 1"));
        assertDoesNotThrow(() -> GridHpaTarget.checkFound(false, Double.POSITIVE_INFINITY, false, "0 -> 1"));
        assertThrows(AssertionError.class, () -> GridHpaTarget.checkFound(true, 12.5, false, "0 -> 1"));
        assertThrows(AssertionError.class, () -> GridHpaTarget.checkFound(false, Double.POSITIVE_INFINITY, true, "0 -> 1"));
    }
}
