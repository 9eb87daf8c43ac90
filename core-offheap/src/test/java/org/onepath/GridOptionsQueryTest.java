package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.onepath.query.SquareEngine;
import org.onepath.query.SquareEstimate;
import org.onepath.query.SquareQueryOptions;

/** The facade's options become the drivers' neutral description one to one. */
class GridOptionsQueryTest {
    @Test
    void everyAlgorithmHasTheEngineOfItsName() {
        assertEquals(GridAlgorithm.values().length, SquareEngine.values().length);
        for (GridAlgorithm a : GridAlgorithm.values()) {
            SquareEngine e = SquareEngine.valueOf(a.name());
            assertEquals(a.ordinal(), e.ordinal(), a.name());
            assertSame(a, GridOptions.algorithmOf(e));
            assertEquals(e, GridOptions.builder().algorithm(a).build().query().asked(), "the asked engine of " + a);
        }
    }

    @Test
    void everyHeuristicHasTheEstimateOfItsName() {
        assertEquals(HeuristicKind.values().length, SquareEstimate.values().length);
        // the many-goal driver reads the same estimates: every kind a user may set has one, and no other
        assertEquals(
                Arrays.stream(HeuristicKind.values()).map(Enum::name).toList(),
                Arrays.stream(SquareEstimate.values()).map(Enum::name).toList());
        for (HeuristicKind kind : HeuristicKind.values()) {
            assertEquals(kind.name(), SquareEstimate.valueOf(kind.name()).name());
        }
        for (HeuristicKind h : HeuristicKind.values()) {
            assertEquals(
                    SquareEstimate.valueOf(h.name()),
                    GridOptions.builder().heuristic(h).build().query().estimate());
        }
    }

    @Test
    void theDescriptionCarriesEveryFieldAndIsKept() {
        GridOptions o = GridOptions.builder()
                .agentSize(3)
                .heuristicWeight(1.5)
                .hpaChunkSize(8)
                .hpaSmoothing(false)
                .specializedEngines(false)
                .recordExpansions(true)
                .allowPartial(true)
                .connectivity(org.onepath.cells.Connectivity.FOUR)
                .diagonalRule(org.onepath.cells.DiagonalRule.NO_SQUEEZING)
                .build();
        SquareQueryOptions q = o.query();
        assertSame(q, o.query(), "built once per options");
        assertEquals(3, q.agentSize());
        assertEquals(1.5, q.weight());
        assertEquals(8, q.hpaChunkSize());
        assertEquals(false, q.hpaSmoothing());
        assertEquals(false, q.specializedEngines());
        assertEquals(true, q.recordExpansions());
        assertEquals(true, q.allowPartial());
        assertEquals(org.onepath.cells.Connectivity.FOUR, q.connectivity());
        assertEquals(org.onepath.cells.DiagonalRule.NO_SQUEEZING, q.diagonalRule());
    }
}
