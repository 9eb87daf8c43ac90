package org.onepath.grids;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.onepath.Grid;
import org.onepath.RandomGrids;
import org.onepath.ReferenceGrid;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;

/** Rules 3 to 6 at the topology: neighbour order, diagonal rules, step costs and agent sizes. */
class SquareTopologyTest {
    private static final double D = Math.sqrt(2.0);

    /** The neighbours of a node as (node, cost) pairs. */
    private record Neighbours(int[] nodes, double[] costs) {
        @Override
        public String toString() {
            return Arrays.toString(nodes) + " " + Arrays.toString(costs);
        }
    }

    private static Neighbours neighbours(SquareTopology t, int node) {
        int[] nodes = new int[t.maxDegree()];
        double[] costs = new double[t.maxDegree()];
        int k = t.neighbors(node, nodes, costs);
        return new Neighbours(Arrays.copyOf(nodes, k), Arrays.copyOf(costs, k));
    }

    private static void assertNeighbours(int[] nodes, double[] costs, Neighbours actual) {
        assertArrayEquals(nodes, actual.nodes(), "nodes " + actual);
        assertEquals(costs.length, actual.costs().length);
        for (int i = 0; i < costs.length; i++) {
            assertEquals(
                    Double.doubleToLongBits(costs[i]),
                    Double.doubleToLongBits(actual.costs()[i]),
                    "cost " + i + " of " + actual);
        }
    }

    @Test
    void neighbourOrderIsNorthEastSouthWestThenTheDiagonals() {
        try (Grid grid = Grid.create(3, 3)) {
            SquareTopology eight = new SquareTopology(grid, 1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            // centre (1,1) = 4: N 1, E 5, S 7, W 3, NE 2, SE 8, SW 6, NW 0
            assertNeighbours(
                    new int[] {1, 5, 7, 3, 2, 8, 6, 0}, new double[] {1, 1, 1, 1, D, D, D, D}, neighbours(eight, 4));
            SquareTopology four = new SquareTopology(grid, 1, Connectivity.FOUR, DiagonalRule.NO_CORNER_CUTTING);
            assertNeighbours(new int[] {1, 5, 7, 3}, new double[] {1, 1, 1, 1}, neighbours(four, 4));
            // corners and edges keep the order and drop what is outside
            assertNeighbours(new int[] {1, 3, 4}, new double[] {1, 1, D}, neighbours(eight, 0));
            assertNeighbours(new int[] {5, 1, 4}, new double[] {1, 1, D}, neighbours(eight, 2));
            assertNeighbours(new int[] {3, 7, 4}, new double[] {1, 1, D}, neighbours(eight, 6));
            assertNeighbours(new int[] {5, 7, 4}, new double[] {1, 1, D}, neighbours(eight, 8));
            assertNeighbours(new int[] {2, 4, 0, 5, 3}, new double[] {1, 1, 1, D, D}, neighbours(eight, 1));
            assertNeighbours(new int[] {4, 8, 6, 5, 3}, new double[] {1, 1, 1, D, D}, neighbours(eight, 7));
            assertNeighbours(new int[] {0, 4, 6, 1, 7}, new double[] {1, 1, 1, D, D}, neighbours(eight, 3));
            assertNeighbours(new int[] {2, 8, 4, 7, 1}, new double[] {1, 1, 1, D, D}, neighbours(eight, 5));
        }
    }

    @Test
    void topologyShapeAndWalkability() {
        try (Grid grid = Grid.fromText("..#\n...")) {
            SquareTopology eight = grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.ALLOW_ALL);
            SquareTopology four = grid.createTopology(1, Connectivity.FOUR, DiagonalRule.ALLOW_ALL);
            assertEquals(6, eight.nodeCount());
            assertEquals(8, eight.maxDegree());
            assertEquals(4, four.maxDegree());
            assertEquals(Connectivity.EIGHT, eight.connectivity());
            assertEquals(DiagonalRule.ALLOW_ALL, eight.diagonalRule());
            assertEquals(3, eight.width());
            assertEquals(2, eight.height());
            assertTrue(eight.isWalkable(0));
            assertFalse(eight.isWalkable(2));
            assertFalse(eight.isWalkable(-1));
            assertFalse(eight.isWalkable(6));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> new SquareTopology(grid, 0, Connectivity.EIGHT, DiagonalRule.ALLOW_ALL));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> new SquareTopology(grid, 256, Connectivity.EIGHT, DiagonalRule.ALLOW_ALL));
            assertThrows(
                    NullPointerException.class,
                    () -> new SquareTopology(null, 1, Connectivity.EIGHT, DiagonalRule.ALLOW_ALL));
        }
    }

    @ParameterizedTest
    @EnumSource(DiagonalRule.class)
    void diagonalRulesAtTheTopology(DiagonalRule rule) {
        // node 2 = (0,1); NE target (1,0) = node 1; beside cells (0,0) and (1,1) = node 3
        try (Grid oneBeside = Grid.fromText("#.\n..");
                Grid noBeside = Grid.fromText("#.\n.#");
                Grid blockedTarget = Grid.fromText(".#\n..")) {
            Neighbours one = neighbours(new SquareTopology(oneBeside, 1, Connectivity.EIGHT, rule), 2);
            Neighbours none = neighbours(new SquareTopology(noBeside, 1, Connectivity.EIGHT, rule), 2);
            Neighbours target = neighbours(new SquareTopology(blockedTarget, 1, Connectivity.EIGHT, rule), 2);
            switch (rule) {
                case NO_CORNER_CUTTING -> {
                    assertNeighbours(new int[] {3}, new double[] {1}, one);
                    assertNeighbours(new int[] {}, new double[] {}, none);
                }
                case NO_SQUEEZING -> {
                    assertNeighbours(new int[] {3, 1}, new double[] {1, D}, one);
                    assertNeighbours(new int[] {}, new double[] {}, none);
                }
                case ALLOW_ALL -> {
                    assertNeighbours(new int[] {3, 1}, new double[] {1, D}, one);
                    assertNeighbours(new int[] {1}, new double[] {D}, none);
                }
            }
            // the target must be walkable under every rule
            assertNeighbours(new int[] {0, 3}, new double[] {1, 1}, target);
        }
    }

    @Test
    void diagonalBesideCellsAreTestedForTheAgentSize() {
        // size-2 positions: (x, y) in 0..3 except the squares holding the wall (3,3):
        // (2,2), (3,2), (2,3), (3,3). From (1,2) the NE move to (2,1) has the beside cells (1,1),
        // which fits, and (2,2), which does not.
        try (Grid grid = Grid.fromText("""
                .....
                .....
                .....
                ...#.
                .....
                """)) {
            int w = 5;
            int from = 2 * w + 1;
            SquareTopology ncc = new SquareTopology(grid, 2, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            // N (1,1), S (1,3), W (0,2), SW (0,3), NW (0,1)
            assertNeighbours(
                    new int[] {w + 1, 3 * w + 1, 2 * w, 3 * w, w}, new double[] {1, 1, 1, D, D}, neighbours(ncc, from));
            SquareTopology squeeze = new SquareTopology(grid, 2, Connectivity.EIGHT, DiagonalRule.NO_SQUEEZING);
            assertNeighbours(
                    new int[] {w + 1, 3 * w + 1, 2 * w, w + 2, 3 * w, w},
                    new double[] {1, 1, 1, D, D, D},
                    neighbours(squeeze, from));
            SquareTopology single = new SquareTopology(grid, 1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            assertEquals(8, neighbours(single, from).nodes().length, "an agent of size 1 has all eight moves there");
            assertFalse(ncc.isWalkable(2 * w + 2));
            assertTrue(single.isWalkable(2 * w + 2));
        }
    }

    @Test
    void stepCostUsesTheAreasOfTheTwoPositionCellsOnly() {
        try (Grid grid = Grid.fromText("""
                1...
                .55.
                .55.
                ....
                """)) {
            grid.areas().set(1, 0.5);
            grid.areas().set(5, 100.0);
            SquareTopology two = new SquareTopology(grid, 2, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            // from (0,0) (area 1): E (1,0) area 0, S (0,1) area 0, SE (1,1) area 5
            assertNeighbours(
                    new int[] {1, 4, 5},
                    new double[] {(0.5 + 1.0) * 0.5, (0.5 + 1.0) * 0.5, D * ((0.5 + 100.0) * 0.5)},
                    neighbours(two, 0));
        }
    }

    @Test
    void costsFollowTheFormulaBitForBit() {
        try (Grid grid = Grid.fromText("""
                123
                456
                789
                """)) {
            double[] m = {0, 0.1, 0.7, 1.3, 2.9, 1e-3, 5.5, 0.33, 7.0, 3.1};
            for (int a = 1; a <= 9; a++) {
                grid.areas().set(a, m[a]);
            }
            SquareTopology t = new SquareTopology(grid, 1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            double c = m[5];
            assertNeighbours(
                    new int[] {1, 5, 7, 3, 2, 8, 6, 0},
                    new double[] {
                        1.0 * ((c + m[2]) * 0.5), 1.0 * ((c + m[6]) * 0.5), 1.0 * ((c + m[8]) * 0.5),
                                1.0 * ((c + m[4]) * 0.5),
                        D * ((c + m[3]) * 0.5), D * ((c + m[9]) * 0.5), D * ((c + m[7]) * 0.5), D * ((c + m[1]) * 0.5),
                    },
                    neighbours(t, 4));
        }
    }

    @Test
    void topologyReadsLiveCellsAndMultipliers() {
        try (Grid grid = Grid.create(3, 1)) {
            SquareTopology t = grid.createTopology(1, Connectivity.FOUR, DiagonalRule.NO_CORNER_CUTTING);
            assertNeighbours(new int[] {2, 0}, new double[] {1, 1}, neighbours(t, 1));
            grid.setArea(2, 0, 7);
            grid.areas().set(7, 3.0);
            assertNeighbours(new int[] {2, 0}, new double[] {2, 1}, neighbours(t, 1));
            grid.setWalkable(0, 0, false);
            assertNeighbours(new int[] {2}, new double[] {2}, neighbours(t, 1));
        }
    }

    @Provide
    Arbitrary<ReferenceGrid> grids() {
        return RandomGrids.grids(1, 10);
    }

    @Property(tries = 400)
    void neighboursMatchTheReferenceRules(
            @ForAll("grids") ReferenceGrid ref,
            @ForAll Connectivity connectivity,
            @ForAll DiagonalRule rule,
            @ForAll @IntRange(min = 1, max = 3) int agentSize) {
        boolean eight = connectivity == Connectivity.EIGHT;
        try (Grid grid = ref.toGrid()) {
            SquareTopology t = grid.createTopology(agentSize, connectivity, rule);
            int w = ref.width();
            for (int node = 0; node < t.nodeCount(); node++) {
                int x = node % w;
                int y = node / w;
                Supplier<String> where = () ->
                        "cell " + x + "," + y + " " + connectivity + " " + rule + " size " + agentSize + "\n" + ref;
                assertEquals(ref.fits(x, y, agentSize), t.isWalkable(node), where);
                if (!ref.fits(x, y, agentSize)) {
                    continue; // the moves out of a cell the agent cannot stand on are not defined
                }
                List<ReferenceGrid.Move> expected = ref.moves(x, y, eight, rule, agentSize);
                int[] nodes = expected.stream().mapToInt(m -> m.y() * w + m.x()).toArray();
                double[] costs =
                        expected.stream().mapToDouble(ReferenceGrid.Move::cost).toArray();
                Neighbours actual = neighbours(t, node);
                assertArrayEquals(nodes, actual.nodes(), where);
                for (int i = 0; i < costs.length; i++) {
                    assertEquals(Double.doubleToLongBits(costs[i]), Double.doubleToLongBits(actual.costs()[i]), where);
                }
            }
        }
    }
}
