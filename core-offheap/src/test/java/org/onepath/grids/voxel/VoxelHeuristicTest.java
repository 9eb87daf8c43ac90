package org.onepath.grids.voxel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.onepath.VoxelGrid;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;

/** The voxel estimate: the exact empty-grid distance times the smallest area multiplier. */
class VoxelHeuristicTest {
    private static final double S2 = 1.4142135623730951;
    private static final double S3 = 1.7320508075688772;

    /** Offsets 0..6 per axis: the estimate equals an independent Dijkstra on an empty 7 x 7 x 7 grid. */
    @ParameterizedTest
    @EnumSource(VoxelConnectivity.class)
    void equalsTheEmptyGridDistance(VoxelConnectivity connectivity) {
        VoxelReference ref = new VoxelReference(7, 7, 7, 0);
        double[] dist = ref.distancesFrom(0, connectivity, VoxelCornerRule.NO_CORNER_CUTTING, null);
        for (int dz = 0; dz < 7; dz++) {
            for (int dy = 0; dy < 7; dy++) {
                for (int dx = 0; dx < 7; dx++) {
                    double expected = dist[ref.node(dx, dy, dz)];
                    double got = VoxelHeuristic.distance(connectivity, dx, dy, dz);
                    assertEquals(
                            expected,
                            got,
                            1e-12 * Math.max(1, expected),
                            connectivity + " offset (" + dx + "," + dy + "," + dz + ")");
                }
            }
        }
    }

    /**
     * The estimate of a heuristic over a 13 x 13 x 13 topology with the goal in the middle (offsets
     * -6..6 of both signs) equals the empty-grid Dijkstra distance times minCost, by node and by
     * coordinates, with the goal set either way.
     */
    @ParameterizedTest
    @EnumSource(VoxelConnectivity.class)
    void estimateScalesByTheSmallestMultiplier(VoxelConnectivity connectivity) {
        int n = 13;
        VoxelReference ref = new VoxelReference(n, n, n, 5);
        ref.setMultiplier(5, 0.375);
        double[] dist = ref.distancesFrom(ref.node(6, 6, 6), connectivity, VoxelCornerRule.ALLOW_ALL, null);
        try (VoxelGrid grid = VoxelGrid.create(n, n, n, 5)) {
            grid.areas().set(5, 0.375);
            grid.areas().set(9, 4.0);
            assertEquals(0.375, grid.areas().minCost());
            VoxelTopology topology = grid.createTopology(connectivity, VoxelCornerRule.NO_CORNER_CUTTING);
            VoxelHeuristic byNode = new VoxelHeuristic(topology);
            byNode.setGoal(topology.nodeOf(6, 6, 6));
            VoxelHeuristic byCoordinates = new VoxelHeuristic(topology);
            byCoordinates.setGoal(6, 6, 6);
            for (int z = 0; z < n; z++) {
                for (int y = 0; y < n; y++) {
                    for (int x = 0; x < n; x++) {
                        double expected = dist[ref.node(x, y, z)];
                        String where = connectivity + " from (" + x + "," + y + "," + z + ")";
                        assertEquals(
                                expected,
                                byNode.estimate(topology.nodeOf(x, y, z)),
                                1e-12 * Math.max(1, expected),
                                where);
                        assertEquals(expected, byCoordinates.estimate(x, y, z), 1e-12 * Math.max(1, expected), where);
                        assertEquals(
                                Double.doubleToRawLongBits(byNode.estimate(topology.nodeOf(x, y, z))),
                                Double.doubleToRawLongBits(byCoordinates.estimate(x, y, z)),
                                where);
                    }
                }
            }
        }
    }

    @Test
    void estimateIsZeroAtTheGoalAndUsesTheGridSizes() {
        try (VoxelGrid grid = VoxelGrid.create(5, 4, 3)) {
            VoxelTopology topology = grid.createTopology(VoxelConnectivity.SIX, VoxelCornerRule.NO_CORNER_CUTTING);
            VoxelHeuristic h = new VoxelHeuristic(topology);
            int goal = 3 + 5 * (2 + 4 * 1); // (3, 2, 1)
            h.setGoal(goal);
            assertEquals(0.0, h.estimate(goal));
            assertEquals(0.0, h.estimate(3, 2, 1));
            // (0, 0, 2): |3| + |2| + |1| = 6
            assertEquals(6.0, h.estimate(0 + 5 * (0 + 4 * 2)));
            assertEquals(6.0, h.estimate(0, 0, 2));
        }
    }

    @Test
    void formulaValues() {
        // (1, 2, 3): a=1, b=2, c=3, m=6
        assertFormula(1, 2, 3, 6, S3 + S2 + 1, 3 * S2);
        // (0, 0, 5): straight line
        assertFormula(0, 0, 5, 5, 5, 5);
        // (3, 3, 3): m=9, e=min(4, 6)=4
        assertFormula(3, 3, 3, 9, 3 * S3, 4 * S2 + 1);
        // (1, 1, 4): m=6, e=min(3, 2)=2
        assertFormula(1, 1, 4, 6, S3 + 3, 2 * S2 + 2);
        // (0, 4, 4): m=8, e=min(4, 4)=4
        assertFormula(0, 4, 4, 8, 4 * S2, 4 * S2);
        // (2, 5, 9): m=16, e=min(8, 7)=7
        assertFormula(2, 5, 9, 16, 2 * S3 + 3 * S2 + 4, 7 * S2 + 2);
        // (0, 0, 0)
        assertFormula(0, 0, 0, 0, 0, 0);
    }

    /** Checks all six orders of the offsets. */
    private static void assertFormula(int a, int b, int c, double six, double twentySix, double eighteen) {
        int[][] orders = {{a, b, c}, {a, c, b}, {b, a, c}, {b, c, a}, {c, a, b}, {c, b, a}};
        for (int[] o : orders) {
            String where = "(" + o[0] + "," + o[1] + "," + o[2] + ")";
            assertEquals(six, VoxelHeuristic.distance(VoxelConnectivity.SIX, o[0], o[1], o[2]), 1e-12, "SIX " + where);
            assertEquals(
                    twentySix,
                    VoxelHeuristic.distance(VoxelConnectivity.TWENTY_SIX, o[0], o[1], o[2]),
                    1e-12,
                    "TWENTY_SIX " + where);
            assertEquals(
                    eighteen,
                    VoxelHeuristic.distance(VoxelConnectivity.EIGHTEEN, o[0], o[1], o[2]),
                    1e-12,
                    "EIGHTEEN " + where);
        }
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    /**
     * On random grids with random multipliers the estimate is consistent: for every legal move
     * n -> m, h(n) <= cost(n, m) + h(m), and h(goal) = 0.
     */
    @Property(tries = 40)
    void consistentOnRandomGrids(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        int sx = 2 + r.nextInt(9);
        int sy = 2 + r.nextInt(9);
        int sz = 2 + r.nextInt(9);
        VoxelReference ref = VoxelReference.random(sx, sy, sz, 0, r.nextInt(40), new int[] {0, 3, 8}, r.nextLong());
        ref.setMultiplier(3, 0.2 + r.nextDouble() * 3);
        ref.setMultiplier(8, 0.2 + r.nextDouble() * 3);
        List<Integer> open = ref.openNodes();
        if (open.isEmpty()) {
            return;
        }
        try (VoxelGrid grid = ref.toGrid(0)) {
            for (VoxelConnectivity connectivity : VoxelConnectivity.values()) {
                VoxelTopology topology = grid.createTopology(connectivity, VoxelCornerRule.ALLOW_ALL);
                VoxelHeuristic h = new VoxelHeuristic(topology);
                int goal = open.get(r.nextInt(open.size()));
                h.setGoal(goal);
                assertEquals(0.0, h.estimate(goal));
                for (int node : open) {
                    int[] c = ref.cell(node);
                    double hn = h.estimate(c[0], c[1], c[2]);
                    for (VoxelReference.Move m : ref.moves(c[0], c[1], c[2], connectivity, VoxelCornerRule.ALLOW_ALL)) {
                        double hm = h.estimate(m.x(), m.y(), m.z());
                        assertTrue(
                                hn <= m.cost() + hm + 1e-12,
                                connectivity + " h(" + node + ") = " + hn + " > " + m.cost() + " + " + hm);
                    }
                }
            }
        }
    }
}
