package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.onepath.cells.VoxelConnectivity;

/**
 * The options every query type takes (weight, recording, budget, slice length): each options
 * type holds the same defaults, refuses the same bad value with the same message and copies the
 * values through {@code toBuilder()}.
 */
class CommonOptionsTest {

    @Test
    void everyOptionsTypeRefusesANegativeBudgetWithOneMessage() {
        assertAllRefuse(
                "iterationBudget must be >= 0 (0 = unlimited), was -1",
                Map.of(
                        "grid", () -> GridOptions.builder().iterationBudget(-1),
                        "hex", () -> HexOptions.builder().iterationBudget(-1),
                        "voxel", () -> VoxelOptions.builder().iterationBudget(-1),
                        "graph", () -> GraphOptions.builder().iterationBudget(-1)));
        assertAllRefuse(
                "iterationBudget must be >= 0 (0 = unlimited), was " + Integer.MIN_VALUE,
                Map.of(
                        "grid", () -> GridOptions.builder().iterationBudget(Integer.MIN_VALUE),
                        "hex", () -> HexOptions.builder().iterationBudget(Integer.MIN_VALUE),
                        "voxel", () -> VoxelOptions.builder().iterationBudget(Integer.MIN_VALUE),
                        "graph", () -> GraphOptions.builder().iterationBudget(Integer.MIN_VALUE)));
    }

    @Test
    void everySlicedOptionsTypeRefusesAnEmptySliceWithOneMessage() {
        assertAllRefuse(
                "iterationsPerSlice must be at least 1, was 0",
                Map.of(
                        "grid", () -> GridOptions.builder().iterationsPerSlice(0),
                        "hex", () -> HexOptions.builder().iterationsPerSlice(0),
                        "graph", () -> GraphOptions.builder().iterationsPerSlice(0)));
        assertAllRefuse(
                "iterationsPerSlice must be at least 1, was -7",
                Map.of(
                        "grid", () -> GridOptions.builder().iterationsPerSlice(-7),
                        "hex", () -> HexOptions.builder().iterationsPerSlice(-7),
                        "graph", () -> GraphOptions.builder().iterationsPerSlice(-7)));
    }

    @Test
    void everyOptionsTypeRefusesTheSameBadWeightsWithOneMessage() {
        for (double bad : new double[] {-0.5, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            assertAllRefuse(
                    "heuristic weight must be finite and >= 0, was " + bad,
                    Map.of(
                            "grid", () -> GridOptions.builder().heuristicWeight(bad),
                            "hex", () -> HexOptions.builder().heuristicWeight(bad),
                            "voxel", () -> VoxelOptions.builder().heuristicWeight(bad),
                            "graph", () -> GraphOptions.builder().heuristicWeight(bad)));
        }
    }

    @Test
    void aRefusedValueLeavesTheBuilderAsItWas() {
        GridOptions.Builder grid = GridOptions.builder().iterationBudget(5).heuristicWeight(2);
        assertThrows(IllegalArgumentException.class, () -> grid.iterationBudget(-1));
        assertThrows(IllegalArgumentException.class, () -> grid.heuristicWeight(-1));
        assertThrows(IllegalArgumentException.class, () -> grid.iterationsPerSlice(0));
        GridOptions built = grid.build();
        assertEquals(5, built.iterationBudget());
        assertEquals(2.0, built.heuristicWeight());
        assertEquals(GridOptions.DEFAULT_ITERATIONS_PER_SLICE, built.iterationsPerSlice());
        VoxelOptions.Builder voxel = VoxelOptions.builder().iterationBudget(4);
        assertThrows(IllegalArgumentException.class, () -> voxel.iterationBudget(-1));
        assertEquals(4, voxel.build().iterationBudget());
    }

    @Test
    void theDefaultsAgree() {
        assertEquals(256, GridOptions.DEFAULT_ITERATIONS_PER_SLICE);
        assertEquals(256, HexOptions.DEFAULT_ITERATIONS_PER_SLICE);
        assertEquals(256, GraphOptions.DEFAULT_ITERATIONS_PER_SLICE);
        assertEquals(256, VoxelOptions.ITERATIONS_PER_SLICE);

        assertEquals(1.0, GridOptions.DEFAULT.heuristicWeight());
        assertEquals(1.0, HexOptions.DEFAULT.heuristicWeight());
        assertEquals(1.0, VoxelOptions.DEFAULT.heuristicWeight());
        assertEquals(1.0, GraphOptions.DEFAULT.heuristicWeight());
        assertEquals(0, GridOptions.DEFAULT.iterationBudget());
        assertEquals(0, HexOptions.DEFAULT.iterationBudget());
        assertEquals(0, VoxelOptions.DEFAULT.iterationBudget());
        assertEquals(0, GraphOptions.DEFAULT.iterationBudget());
        assertFalse(GridOptions.DEFAULT.recordExpansions());
        assertFalse(HexOptions.DEFAULT.recordExpansions());
        assertFalse(VoxelOptions.DEFAULT.recordExpansions());
        assertFalse(GraphOptions.DEFAULT.recordExpansions());
        assertEquals(256, GridOptions.DEFAULT.iterationsPerSlice());
        assertEquals(256, HexOptions.DEFAULT.iterationsPerSlice());
        assertEquals(256, GraphOptions.DEFAULT.iterationsPerSlice());
    }

    @Test
    void toBuilderCopiesTheCommonValues() {
        GridOptions grid = GridOptions.builder()
                .heuristicWeight(1.5)
                .recordExpansions(true)
                .iterationBudget(7)
                .iterationsPerSlice(3)
                .build()
                .toBuilder()
                .build();
        assertEquals(1.5, grid.heuristicWeight());
        assertTrue(grid.recordExpansions());
        assertEquals(7, grid.iterationBudget());
        assertEquals(3, grid.iterationsPerSlice());
        HexOptions hex = HexOptions.builder()
                .heuristicWeight(1.5)
                .recordExpansions(true)
                .iterationBudget(7)
                .iterationsPerSlice(3)
                .build()
                .toBuilder()
                .build();
        assertEquals(1.5, hex.heuristicWeight());
        assertTrue(hex.recordExpansions());
        assertEquals(7, hex.iterationBudget());
        assertEquals(3, hex.iterationsPerSlice());
        GraphOptions graph = GraphOptions.builder()
                .heuristicWeight(1.5)
                .recordExpansions(true)
                .iterationBudget(7)
                .iterationsPerSlice(3)
                .build()
                .toBuilder()
                .build();
        assertEquals(1.5, graph.heuristicWeight());
        assertTrue(graph.recordExpansions());
        assertEquals(7, graph.iterationBudget());
        assertEquals(3, graph.iterationsPerSlice());
        VoxelOptions voxel =
                VoxelOptions.builder()
                        .heuristicWeight(1.5)
                        .recordExpansions(true)
                        .iterationBudget(7)
                        .build()
                        .toBuilder()
                        .build();
        assertEquals(1.5, voxel.heuristicWeight());
        assertTrue(voxel.recordExpansions());
        assertEquals(7, voxel.iterationBudget());
    }

    @Test
    void theTextFormsStayAsTheyAre() {
        assertEquals(
                "GridOptions[ASTAR, EIGHT, NO_CORNER_CUTTING, agentSize=1, heuristic=AUTO, weight=1.0]",
                GridOptions.DEFAULT.toString());
        assertEquals(
                "GridOptions[HPA, EIGHT, NO_CORNER_CUTTING, agentSize=2, heuristic=AUTO, weight=1.5, stepCost,"
                        + " blocked, recordExpansions, budget=9, generic engines, nearestRadius=4, chunk 8, unsmoothed]",
                GridOptions.builder()
                        .algorithm(GridAlgorithm.HPA)
                        .agentSize(2)
                        .heuristicWeight(1.5)
                        .stepCost((fx, fy, tx, ty, base) -> base)
                        .blocked((x, y) -> false)
                        .recordExpansions(true)
                        .iterationBudget(9)
                        .specializedEngines(false)
                        .nearestRadius(4)
                        .hpaChunkSize(8)
                        .hpaSmoothing(false)
                        .build()
                        .toString());
        assertEquals("HexOptions[heuristic=AUTO, weight=1.0]", HexOptions.DEFAULT.toString());
        assertEquals(
                "HexOptions[heuristic=ZERO, weight=2.0, recordExpansions, budget=9]",
                HexOptions.builder()
                        .heuristic(HeuristicKind.ZERO)
                        .heuristicWeight(2)
                        .recordExpansions(true)
                        .iterationBudget(9)
                        .build()
                        .toString());
        assertEquals("VoxelOptions[TWENTY_SIX, NO_CORNER_CUTTING, weight 1.0]", VoxelOptions.DEFAULT.toString());
        assertEquals(
                "VoxelOptions[SIX, NO_CORNER_CUTTING, weight 0.5, stepCost, blocked, recordExpansions, budget 9]",
                VoxelOptions.builder()
                        .connectivity(VoxelConnectivity.SIX)
                        .heuristicWeight(0.5)
                        .stepCost((fx, fy, fz, tx, ty, tz, base) -> base)
                        .blocked((x, y, z) -> false)
                        .recordExpansions(true)
                        .iterationBudget(9)
                        .build()
                        .toString());
        assertEquals("GraphOptions[heuristic=AUTO, weight=1.0]", GraphOptions.DEFAULT.toString());
        assertEquals(
                "GraphOptions[heuristic=LANDMARKS x3, weight=2.0, recordExpansions, budget=9]",
                GraphOptions.LANDMARKS.toBuilder()
                        .landmarkCount(3)
                        .heuristicWeight(2)
                        .recordExpansions(true)
                        .iterationBudget(9)
                        .build()
                        .toString());
    }

    private static void assertAllRefuse(String message, Map<String, Executable> setters) {
        Map<String, String> heard = new LinkedHashMap<>();
        for (Map.Entry<String, Executable> setter : setters.entrySet()) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, setter.getValue(), setter.getKey());
            heard.put(setter.getKey(), e.getMessage());
        }
        for (Map.Entry<String, String> h : heard.entrySet()) {
            assertEquals(message, h.getValue(), h.getKey());
        }
    }
}
