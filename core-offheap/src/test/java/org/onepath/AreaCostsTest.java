package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.onepath.cells.AreaCosts;

/** Rule 1: the 255 area multipliers. */
class AreaCostsTest {

    @Test
    void thereAre255MultipliersAllOneByDefault() {
        AreaCosts costs = new AreaCosts();
        assertEquals(255, AreaCosts.AREA_COUNT);
        for (int a = 0; a < 255; a++) {
            assertEquals(1.0, costs.get(a), "area " + a);
        }
        assertEquals(1.0, costs.minCost());
        assertTrue(costs.isUniform());
        assertEquals(0, costs.version());
    }

    @Test
    void theWallAndOutOfRangeIdsHaveNoMultiplier() {
        AreaCosts costs = new AreaCosts();
        assertThrows(IllegalArgumentException.class, () -> costs.get(255));
        assertThrows(IllegalArgumentException.class, () -> costs.get(-1));
        assertThrows(IllegalArgumentException.class, () -> costs.set(255, 2.0));
        assertThrows(IllegalArgumentException.class, () -> costs.set(-1, 2.0));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, -0.0, -1.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void multipliersMustBePositiveAndFinite(double bad) {
        AreaCosts costs = new AreaCosts();
        costs.set(4, 3.0);
        int version = costs.version();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> costs.set(4, bad));
        assertTrue(e.getMessage().contains("4"), e.getMessage());
        assertEquals(3.0, costs.get(4), "a rejected value leaves the multiplier as it was");
        assertEquals(version, costs.version());
    }

    @Test
    void tinyAndHugeFiniteMultipliersAreAccepted() {
        AreaCosts costs = new AreaCosts();
        costs.set(0, Double.MIN_VALUE);
        costs.set(1, Double.MAX_VALUE);
        assertEquals(Double.MIN_VALUE, costs.get(0));
        assertEquals(Double.MAX_VALUE, costs.get(1));
        assertEquals(Double.MIN_VALUE, costs.minCost());
    }

    @Test
    void minCostIsTheSmallestMultiplier() {
        AreaCosts costs = new AreaCosts();
        costs.set(10, 5.0);
        assertEquals(1.0, costs.minCost());
        costs.set(200, 0.25);
        assertEquals(0.25, costs.minCost());
        costs.set(3, 0.5);
        assertEquals(0.25, costs.minCost());
        costs.set(200, 2.0);
        assertEquals(0.5, costs.minCost());
        assertFalse(costs.isUniform());
        for (int a = 0; a < 255; a++) {
            costs.set(a, 0.75);
        }
        assertEquals(0.75, costs.minCost());
        assertTrue(costs.isUniform());
    }

    @Test
    void versionGoesUpOnEveryChangeAndOnlyThen() {
        AreaCosts costs = new AreaCosts();
        costs.set(7, 1.0); // same value
        assertEquals(0, costs.version());
        costs.set(7, 2.0);
        assertEquals(1, costs.version());
        costs.set(7, 2.0);
        assertEquals(1, costs.version());
        costs.set(8, 0.5);
        assertEquals(2, costs.version());
        costs.set(7, 1.0);
        assertEquals(3, costs.version());
    }

    @Test
    void copyFromCopiesEveryMultiplierAndBumpsTheVersionOnlyOnDifference() {
        AreaCosts source = new AreaCosts();
        source.set(1, 4.0);
        source.set(254, 0.125);
        AreaCosts target = new AreaCosts();
        target.copyFrom(source);
        assertEquals(4.0, target.get(1));
        assertEquals(0.125, target.get(254));
        assertEquals(1.0, target.get(2));
        assertEquals(0.125, target.minCost());
        int v = target.version();
        assertTrue(v > 0);
        target.copyFrom(source);
        assertEquals(v, target.version());
    }

    @Test
    void aGridHasItsOwnAreaCosts() {
        try (Grid a = Grid.create(2, 2);
                Grid b = Grid.create(2, 2)) {
            a.areas().set(1, 9.0);
            assertEquals(9.0, a.areas().get(1));
            assertEquals(1.0, b.areas().get(1));
        }
    }
}
