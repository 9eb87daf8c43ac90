package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.onepath.query.SquareGoals;

/**
 * {@code Grid.findPath(start, goals, options)} hands the options' estimate to the driver by name:
 * every {@link HeuristicKind} has its {@link SquareGoals.Estimate}, so no kind a user may set fails
 * the lookup, and the driver knows no estimate the options cannot name.
 */
class ManyGoalsEstimateNamesTest {

    @Test
    void everyHeuristicKindNamesOneDriverEstimate() {
        assertEquals(
                Arrays.stream(HeuristicKind.values()).map(Enum::name).toList(),
                Arrays.stream(SquareGoals.Estimate.values()).map(Enum::name).toList());
        for (HeuristicKind kind : HeuristicKind.values()) {
            assertEquals(kind.name(), SquareGoals.Estimate.valueOf(kind.name()).name());
        }
    }
}
