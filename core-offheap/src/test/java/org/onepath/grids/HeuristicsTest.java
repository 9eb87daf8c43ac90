package org.onepath.grids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Rule 8: the distance estimates. */
class HeuristicsTest {
    private static final double D = Math.sqrt(2.0);

    @Test
    void manhattanIsScaleTimesTheSumOfTheAxisDistances() {
        ManhattanHeuristic h = new ManhattanHeuristic(10, 1.0);
        h.setGoal(3 * 10 + 4); // (4, 3)
        assertEquals(0.0, h.estimate(34));
        assertEquals(4.0 + 3.0, h.estimate(0));
        assertEquals(5.0 + 6.0, h.estimate(9 * 10 + 9));
        assertEquals(1.0, h.estimate(3 * 10 + 5));
        ManhattanHeuristic scaled = new ManhattanHeuristic(10, 0.25);
        scaled.setGoal(0);
        assertEquals(0.25 * (9 + 9), scaled.estimate(99));
    }

    @Test
    void octileIsStraightPartPlusDiagonalPart() {
        OctileHeuristic h = new OctileHeuristic(10, 1.0);
        h.setGoal(0);
        assertEquals(0.0, h.estimate(0));
        assertEquals(1.0, h.estimate(1));
        assertEquals(D, h.estimate(11));
        // (7, 3): dx 7, dy 3 -> (7 - 3) + 3 * sqrt2
        assertEquals(Double.doubleToLongBits(1.0 * ((7 - 3) + 3 * D)), Double.doubleToLongBits(h.estimate(37)));
        OctileHeuristic scaled = new OctileHeuristic(10, 0.3);
        scaled.setGoal(9 * 10 + 9); // (9, 9)
        // (2, 5): dx 7, dy 4
        assertEquals(Double.doubleToLongBits(0.3 * ((7 - 4) + 4 * D)), Double.doubleToLongBits(scaled.estimate(52)));
    }

    @Property(tries = 300)
    void estimatesFollowTheirFormulas(
            @ForAll @IntRange(min = 1, max = 300) int width,
            @ForAll @IntRange(min = 0, max = 89_999) int a,
            @ForAll @IntRange(min = 0, max = 89_999) int b,
            @ForAll @DoubleRange(min = 0.0, max = 50.0) double scale) {
        ManhattanHeuristic m = new ManhattanHeuristic(width, scale);
        OctileHeuristic o = new OctileHeuristic(width, scale);
        m.setGoal(b);
        o.setGoal(b);
        int dx = Math.abs(a % width - b % width);
        int dy = Math.abs(a / width - b / width);
        int lo = Math.min(dx, dy);
        int hi = Math.max(dx, dy);
        assertEquals(Double.doubleToLongBits(scale * (dx + dy)), Double.doubleToLongBits(m.estimate(a)));
        assertEquals(Double.doubleToLongBits(scale * ((hi - lo) + lo * D)), Double.doubleToLongBits(o.estimate(a)));
        assertTrue(o.estimate(a) <= m.estimate(a));
        assertEquals(0.0, ZeroHeuristic.INSTANCE.estimate(a));
    }

    @Test
    void argumentsAreChecked() {
        for (double bad : new double[] {-1.0, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThrows(IllegalArgumentException.class, () -> new ManhattanHeuristic(4, bad));
            assertThrows(IllegalArgumentException.class, () -> new OctileHeuristic(4, bad));
        }
        assertThrows(IllegalArgumentException.class, () -> new ManhattanHeuristic(0, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new OctileHeuristic(0, 1.0));
        new ManhattanHeuristic(1, 0.0);
    }
}
