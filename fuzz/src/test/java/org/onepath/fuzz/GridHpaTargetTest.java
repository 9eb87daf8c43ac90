package org.onepath.fuzz;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;

/**
 * The {@code gridhpa} check on grids whose area multipliers lie near the top of the double range,
 * where HPA* can miss a path A* finds (docs/hpa.md, "Costs near the top of the double range"):
 * the target accepts that there and only there.
 */
class GridHpaTargetTest {
    /** Surefire runs in the module folder. */
    private static final Path REGRESSIONS = Path.of("src", "test", "resources", "regressions", "gridhpa");

    private static byte[] openGrid(double multiplier) {
        try (Grid grid = Grid.create(16, 12)) {
            grid.areas().set(0, multiplier);
            return grid.saveState();
        }
    }

    @Test
    void pathsCostingPastTheRangeMayBeMissingFromHpa() throws IOException {
        try (Target target = new GridHpaTarget()) {
            // Steps of 6e307 add up to +infinity after three: A* reports such paths, HPA* does not.
            assertDoesNotThrow(() -> target.run(openGrid(6e307)));
            assertDoesNotThrow(() -> target.run(openGrid(1.0)));
            // Fuzzer findings: an area at Double.MAX_VALUE, where a step between two of its cells
            // costs +infinity and is no move, cuts an entrance off inside its chunk.
            List<Path> inputs;
            try (Stream<Path> s = Files.list(REGRESSIONS)) {
                inputs = s.filter(p -> p.toString().endsWith(".bin")).sorted().toList();
            }
            assertEquals(2, inputs.size(), "inputs in " + REGRESSIONS.toAbsolutePath());
            for (Path p : inputs) {
                byte[] input = Files.readAllBytes(p);
                assertDoesNotThrow(() -> target.run(input), p.toString());
            }
        }
    }

    @Test
    void onlyCostsThatCanPassTheRangeExcuseADisagreement() {
        assertFalse(GridHpaTarget.costsMayOverflow(1.0, 16_384));
        assertFalse(GridHpaTarget.costsMayOverflow(1e299, 16_384)); // 1e299 * sqrt2 * 2^28 < MAX
        assertTrue(GridHpaTarget.costsMayOverflow(1e300, 16_384));
        assertFalse(GridHpaTarget.costsMayOverflow(1e6, 192));
        assertTrue(GridHpaTarget.costsMayOverflow(6e307, 192));
    }
}
