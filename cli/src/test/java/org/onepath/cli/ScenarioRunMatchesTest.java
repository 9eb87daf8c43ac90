package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.onepath.io.MovingAiScenario;

/**
 * The match rule: |cost - optimal| &lt;= max(0.01, 1e-5 * optimal); a length of 0 with
 * distinct ends means the problem has no path.
 */
class ScenarioRunMatchesTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    private static MovingAiScenario problem(double optimal) {
        return new MovingAiScenario(0, "m.map", 100, 100, 1, 2, 30, 40, optimal);
    }

    private static MovingAiScenario sameCell(double optimal) {
        return new MovingAiScenario(0, "m.map", 100, 100, 7, 7, 7, 7, optimal);
    }

    private static void match(MovingAiScenario p, double cost) {
        assertTrue(ScenarioRun.matches(p, cost), () -> "cost " + cost + " should match " + p.optimalLength());
    }

    private static void noMatch(MovingAiScenario p, double cost) {
        assertFalse(ScenarioRun.matches(p, cost), () -> "cost " + cost + " should not match " + p.optimalLength());
    }

    @Test
    void exactCostMatches() {
        match(problem(4), 4);
        match(problem(5 + Math.sqrt(2)), 5 + Math.sqrt(2));
        match(sameCell(0), 0);
    }

    @Test
    void absoluteToleranceForShortPaths() {
        // Up to 1000 the absolute 0.01 is the larger bound.
        MovingAiScenario p = problem(8);
        match(p, 8.0099);
        match(p, 7.9901);
        noMatch(p, 8.0101);
        noMatch(p, 7.9899);
        // Eight-decimal published lengths round sqrt 2 multiples; that is well inside.
        match(problem(6.41421356), 5 + Math.sqrt(2));
        // At 500 the relative bound would be 0.005 only; the absolute 0.01 applies.
        match(problem(500), 500.008);
        match(problem(500), 499.992);
        noMatch(problem(500), 500.012);
        noMatch(problem(500), 499.988);
    }

    @Test
    void relativeToleranceForLongPaths() {
        // At 2000 the bound is 1e-5 * 2000 = 0.02, larger than 0.01.
        match(problem(2000), 2000.015);
        match(problem(2000), 1999.985);
        noMatch(problem(2000), 2000.025);
        noMatch(problem(2000), 1999.975);
        // At 10000 it is 0.1.
        match(problem(10000), 10000.099);
        match(problem(10000), 9999.901);
        noMatch(problem(10000), 10000.101);
        noMatch(problem(10000), 9999.899);
        // At 1000 both bounds are 0.01.
        match(problem(1000), 1000.0099);
        noMatch(problem(1000), 1000.0101);
    }

    @Test
    void boundIsInclusive() {
        // 0.01 - 0 is exactly 0.01, the bound itself; the next double above it is outside.
        match(sameCell(0), 0.01);
        noMatch(sameCell(0), Math.nextUp(0.01));
        // 2^-7 and 2^-6 are exact; 16 + 2^-7 - 16 is exactly 2^-7 < 0.01.
        match(problem(16), 16 + 0x1p-7);
        noMatch(problem(16), 16 + 0x1p-6);
    }

    @Test
    void lengthZeroWithDistinctEndsMeansNoPath() {
        MovingAiScenario p = problem(0);
        match(p, INF);
        noMatch(p, 0);
        noMatch(p, 0.005);
        noMatch(p, 1);
        noMatch(p, Double.MAX_VALUE);
    }

    @Test
    void sameCellNeedsCostZero() {
        MovingAiScenario p = sameCell(0);
        match(p, 0);
        match(p, 0.009);
        noMatch(p, INF);
        noMatch(p, 1);
    }

    @Test
    void missingPathOrNaNNeverMatchesAPositiveLength() {
        noMatch(problem(4), INF);
        noMatch(problem(4), Double.NaN);
        noMatch(problem(1e9), INF);
        noMatch(problem(0), Double.NaN);
    }
}
