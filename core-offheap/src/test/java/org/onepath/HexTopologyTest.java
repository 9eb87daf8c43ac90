package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.HexLayout;
import org.onepath.grids.HexDistanceHeuristic;
import org.onepath.grids.HexTopology;

/**
 * {@link HexTopology}: the neighbours of every cell, in the axial order, against the reference
 * geometry, with walls and out-of-grid cells left out and costs {@code 1 * ((m[a] + m[b]) * 0.5)}
 * bit for bit; and {@link HexDistanceHeuristic}: the scaled hex distance, consistent on every move.
 */
class HexTopologyTest {

    @Test
    void neighboursAndCostsMatchTheReferenceOnRandomGrids() {
        int[] nodes = new int[6];
        double[] costs = new double[6];
        for (long seed = 0; seed < 200; seed++) {
            HexReference.RefGrid ref = HexReference.random(seed, 12);
            // non-dyadic multipliers too: the cost formula must hold bit for bit whatever they are
            double[] m = ref.multipliers().clone();
            for (int a = 0; a < 255; a++) {
                if (m[a] != 1.0 && seed % 2 == 1) {
                    m[a] = m[a] * 1.1 + 0.013;
                }
            }
            HexReference.RefGrid r = new HexReference.RefGrid(ref.width(), ref.height(), ref.layout(), ref.cells(), m);
            try (HexGrid grid = r.toHexGrid()) {
                HexTopology topology = grid.createTopology();
                assertEquals(r.width() * r.height(), topology.nodeCount());
                assertEquals(6, topology.maxDegree());
                assertEquals(r.layout(), topology.layout());
                for (int node = 0; node < topology.nodeCount(); node++) {
                    assertEquals(r.walkable(node), topology.isWalkable(node));
                    int k = topology.neighbors(node, nodes, costs);
                    int[] expected = r.neighbours(node);
                    String where = "seed " + seed + " node " + node + "\n" + r.picture();
                    assertArrayEquals(expected, Arrays.copyOf(nodes, k), where);
                    for (int j = 0; j < k && r.walkable(node); j++) {
                        double want = 1 * ((m[r.cells()[node]] + m[r.cells()[nodes[j]]]) * 0.5);
                        assertEquals(Double.doubleToRawLongBits(want), Double.doubleToRawLongBits(costs[j]), where);
                    }
                }
                assertFalse(topology.isWalkable(-1));
                assertFalse(topology.isWalkable(topology.nodeCount()));
            }
        }
    }

    @Test
    void interiorCellsHaveSixNeighboursAndCornersFewer() {
        for (HexLayout layout : HexLayout.values()) {
            try (HexGrid grid = HexGrid.create(5, 5, layout)) {
                HexTopology t = grid.createTopology();
                int[] nodes = new int[6];
                double[] costs = new double[6];
                assertEquals(6, t.neighbors(grid.indexOf(2, 2), nodes, costs));
                int corner = t.neighbors(0, nodes, costs);
                assertTrue(corner == 2 || corner == 3, layout + " corner has " + corner);
                grid.setWalkable(3, 2, false);
                grid.setWalkable(1, 2, false);
                assertEquals(4, t.neighbors(grid.indexOf(2, 2), nodes, costs), "walls are left out (live cells)");
            }
        }
    }

    @Test
    void hexDistanceHeuristicIsTheScaledDistanceAndConsistent() {
        int[] nodes = new int[6];
        double[] costs = new double[6];
        for (long seed = 0; seed < 60; seed++) {
            HexReference.RefGrid r = HexReference.random(seed, 10);
            try (HexGrid grid = r.toHexGrid()) {
                double scale = grid.areas().minCost();
                HexDistanceHeuristic h = new HexDistanceHeuristic(r.width(), r.layout(), scale);
                assertEquals(scale, h.scale());
                HexTopology t = grid.createTopology();
                int n = t.nodeCount();
                for (int goal = 0; goal < n; goal += 3) {
                    h.setGoal(goal);
                    Cell g = new Cell(goal % r.width(), goal / r.width());
                    assertEquals(0.0, h.estimate(goal));
                    for (int node = 0; node < n; node++) {
                        Cell c = new Cell(node % r.width(), node / r.width());
                        assertEquals(scale * grid.distance(c, g), h.estimate(node));
                        if (!t.isWalkable(node)) {
                            continue;
                        }
                        int k = t.neighbors(node, nodes, costs);
                        for (int j = 0; j < k; j++) {
                            assertTrue(
                                    h.estimate(node) <= costs[j] + h.estimate(nodes[j]),
                                    "consistent on " + node + " -> " + nodes[j] + ", seed " + seed);
                        }
                    }
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> new HexDistanceHeuristic(0, HexLayout.POINTY_ODD_ROW, 1));
        assertThrows(
                IllegalArgumentException.class,
                () -> new HexDistanceHeuristic(3, HexLayout.POINTY_ODD_ROW, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new HexDistanceHeuristic(3, HexLayout.POINTY_ODD_ROW, -1));
    }
}
