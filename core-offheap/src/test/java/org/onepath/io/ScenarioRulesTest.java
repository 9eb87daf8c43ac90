package org.onepath.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.GridAlgorithm;
import org.onepath.io.ScenarioRules.Rule;

/**
 * The match rule of the spec: a relative 1e-6 where the length is printed with eight decimal
 * places, half a unit of the last printed digit (plus 2e-9 of the length) where it is printed with
 * fewer; a length of 0 with distinct ends means the problem has no path; voxel lengths match
 * within an absolute 1e-6; any-angle costs may be shorter, suboptimal ones longer.
 */
class ScenarioRulesTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    /** A problem as a published file prints it: the length field's text decides its decimals. */
    private static MovingAiScenario problem(String length) {
        return MovingAiScenarios.parse("t.scen", "version 1\n0\tm.map\t100\t100\t1\t2\t30\t40\t" + length + "\n")
                .getFirst();
    }

    private static MovingAiScenario sameCell(String length) {
        return MovingAiScenarios.parse("t.scen", "version 1\n0\tm.map\t100\t100\t7\t7\t7\t7\t" + length + "\n")
                .getFirst();
    }

    private static void match(MovingAiScenario p, double cost) {
        assertTrue(ScenarioRules.matches(p, cost, Rule.EXACT), () -> "cost " + cost + " should match " + p);
    }

    private static void noMatch(MovingAiScenario p, double cost) {
        assertFalse(ScenarioRules.matches(p, cost, Rule.EXACT), () -> "cost " + cost + " should not match " + p);
    }

    @Test
    void theFieldsTextGivesTheDecimalPlaces() {
        assertEquals(8, problem("354.39575065").lengthDecimals());
        assertEquals(2, problem("12.50").lengthDecimals());
        assertEquals(0, problem("7").lengthDecimals());
        assertEquals(-2, problem("1.5e3").lengthDecimals());
        assertEquals(3, problem("1234e-3").lengthDecimals());
        // a record made without a text counts as printed like the current published sets
        assertEquals(
                MovingAiScenario.PUBLISHED_DECIMALS,
                new MovingAiScenario(0, "m.map", 9, 9, 1, 1, 2, 2, 1.5).lengthDecimals());
    }

    @Test
    void exactCostMatches() {
        match(problem("4.00000000"), 4);
        match(problem("6.41421356"), 5 + Math.sqrt(2));
        match(sameCell("0"), 0);
        match(problem("6.41"), 5 + Math.sqrt(2));
    }

    @Test
    void eightDecimalsMatchWithinARelativeMillionth() {
        MovingAiScenario p = problem("1000.00000000");
        match(p, 1000.0009);
        match(p, 999.9991);
        noMatch(p, 1000.0011);
        noMatch(p, 999.9989);
        // the old rule's absolute 0.01 is gone: at 8 the bound is 8e-6
        MovingAiScenario shortOne = problem("8.00000000");
        match(shortOne, 8 + 7e-6);
        noMatch(shortOne, 8 + 9e-6);
        noMatch(shortOne, 8.005);
        // the published lengths' own error, 1.7e-9 of the length, is well inside
        match(problem("707.10678119"), 500 * Math.sqrt(2) * (1 + 1.7e-9));
    }

    @Test
    void fewerDecimalsMatchWithinHalfTheLastDigit() {
        // bg512 prints two places: 0.005, plus 2e-9 of the length
        MovingAiScenario p = problem("100.25");
        double slack = 2e-9 * 100.25;
        match(p, 100.255);
        match(p, 100.245);
        match(p, 100.255 + slack * 0.9);
        noMatch(p, 100.2551);
        noMatch(p, 100.2449);
        // one place: 0.05; no place: 0.5; a unit of 100 (1.5e3): 50
        match(problem("3.5"), 3.549);
        noMatch(problem("3.5"), 3.551);
        match(problem("7"), 7.49);
        noMatch(problem("7"), 7.51);
        match(problem("1.5e3"), 1549);
        noMatch(problem("1.5e3"), 1551);
    }

    @Test
    void moreThanEightDecimalsStayRelative() {
        MovingAiScenario p = problem("2000.0000000000");
        match(p, 2000.0019);
        noMatch(p, 2000.0021);
    }

    @Test
    void lengthZeroWithDistinctEndsMeansNoPath() {
        for (String zero : List.of("0", "0.00", "0.00000000")) {
            MovingAiScenario p = problem(zero);
            match(p, INF);
            noMatch(p, 0);
            noMatch(p, 0.005);
            noMatch(p, 1);
            noMatch(p, Double.MAX_VALUE);
        }
    }

    @Test
    void sameCellNeedsCostZero() {
        MovingAiScenario p = sameCell("0.00000000");
        match(p, 0);
        noMatch(p, 1e-9);
        noMatch(p, INF);
        noMatch(p, 1);
    }

    @Test
    void missingPathOrNaNNeverMatchesAPositiveLength() {
        noMatch(problem("4.00000000"), INF);
        noMatch(problem("4.00000000"), Double.NaN);
        noMatch(problem("4.00"), Double.NaN);
        noMatch(problem("1000000000"), INF);
        noMatch(problem("0"), Double.NaN);
    }

    @Test
    void suboptimalCostsMayBeLongerButNotShorterThanTheTolerance() {
        MovingAiScenario p = problem("100.00000000");
        assertTrue(ScenarioRules.matches(p, 150, Rule.SUBOPTIMAL));
        assertTrue(ScenarioRules.matches(p, 100 - 9e-5, Rule.SUBOPTIMAL));
        assertFalse(ScenarioRules.matches(p, 100 - 1.1e-4, Rule.SUBOPTIMAL));
        assertFalse(ScenarioRules.matches(p, INF, Rule.SUBOPTIMAL));
    }

    @Test
    void anyAngleCostsMayBeShorterButNotLongerThanTheSlack() {
        MovingAiScenario p = problem("100.00000000");
        assertTrue(ScenarioRules.matches(p, 90, Rule.ANY_ANGLE));
        assertTrue(ScenarioRules.matches(p, 100 * (1 + 0.9e-6), Rule.ANY_ANGLE));
        assertFalse(ScenarioRules.matches(p, 100 * (1 + 1.1e-6), Rule.ANY_ANGLE));
        assertFalse(ScenarioRules.matches(p, INF, Rule.ANY_ANGLE));
        assertFalse(ScenarioRules.matches(p, Double.NaN, Rule.ANY_ANGLE));
    }

    @Test
    void aNoPathLineIsAnsweredOnlyByNoPathUnderEveryRule() {
        MovingAiScenario none = problem("0");
        assertFalse(ScenarioRules.hasPath(none));
        assertTrue(ScenarioRules.hasPath(sameCell("0")));
        assertTrue(ScenarioRules.hasPath(problem("4.00000000")));
        for (Rule rule : Rule.values()) {
            assertTrue(ScenarioRules.matches(none, INF, rule), rule::name);
            assertFalse(ScenarioRules.matches(none, 0, rule), rule::name);
            assertFalse(ScenarioRules.matches(none, 3, rule), rule::name);
            assertTrue(ScenarioRules.matches(sameCell("0"), 0, rule), rule::name);
        }
    }

    @Test
    void everyTierOneAlgorithmHasItsRule() {
        for (GridAlgorithm a : GridAlgorithm.values()) {
            Rule expected = switch (a) {
                case THETA_STAR, LAZY_THETA_STAR -> Rule.ANY_ANGLE;
                case HPA -> Rule.SUBOPTIMAL;
                default -> Rule.EXACT;
            };
            assertEquals(expected, ScenarioRules.ruleOf(a), a::name);
        }
    }

    @Test
    void voxelLengthsMatchWithinAnAbsoluteMillionth() {
        VoxelScenario p = new VoxelScenario("v.3dmap", 0, 0, 0, 9, 9, 9, 1000.5, 1.0);
        assertEquals(1e-6, p.matchTolerance());
        assertTrue(ScenarioRules.matches(p, 1000.5 + 9e-7));
        assertFalse(ScenarioRules.matches(p, 1000.5 + 2e-6));
    }

    @Test
    void voxelSuboptimalCostsMayBeLongerButNotShorterThanTheToleranceNorMissing() {
        VoxelScenario p = new VoxelScenario("v.3dmap", 0, 0, 0, 9, 9, 9, 1000.5, 1.0);
        assertTrue(ScenarioRules.matches(p, 1000.5, Rule.SUBOPTIMAL));
        assertTrue(ScenarioRules.matches(p, 1100, Rule.SUBOPTIMAL), "longer is what the hierarchy may give");
        assertTrue(ScenarioRules.matches(p, 1000.5 - 9e-7, Rule.SUBOPTIMAL));
        assertFalse(ScenarioRules.matches(p, 1000.5 - 2e-6, Rule.SUBOPTIMAL), "shorter than the optimum");
        assertFalse(ScenarioRules.matches(p, Double.POSITIVE_INFINITY, Rule.SUBOPTIMAL), "no path where one exists");
        assertFalse(ScenarioRules.matches(p, Double.NaN, Rule.SUBOPTIMAL));
        assertFalse(ScenarioRules.matches(p, 1100, Rule.EXACT));
        assertEquals(ScenarioRules.matches(p, 1000.5 + 9e-7), ScenarioRules.matches(p, 1000.5 + 9e-7, Rule.EXACT));
        VoxelScenario same = new VoxelScenario("v.3dmap", 4, 4, 4, 4, 4, 4, 0, 1.0);
        assertTrue(ScenarioRules.matches(same, 0, Rule.SUBOPTIMAL));
        assertFalse(ScenarioRules.matches(same, Double.POSITIVE_INFINITY, Rule.SUBOPTIMAL));
    }
}
