package org.onepath.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.onepath.VoxelGrid;
import org.onepath.cells.PathStatus;

/** The query targets' grids reach real paths, and their own rules and checks can fail. */
class QueryTargetsTest {
    private static RefGrid open(int w, int h, int... walls) {
        int[] area = new int[w * h];
        for (int c : walls) {
            area[c] = RefGrid.WALL;
        }
        double[] m = new double[255];
        Arrays.fill(m, 1.0);
        return new RefGrid(w, h, area, m, true, 0, 1);
    }

    @Test
    void theInputsMakeGridsWithPathsToCheck() {
        SplittableRandom r = new SplittableRandom(5);
        int found = 0;
        int queries = 0;
        for (int i = 0; i < 300; i++) {
            byte[] input = new byte[r.nextInt(600)];
            r.nextBytes(input);
            InputBytes in = new InputBytes(input);
            try (QuerySetup q = QuerySetup.make(in, 16, false)) {
                int cells = q.ref.width * q.ref.height;
                int s = in.below(cells);
                int g = in.below(cells);
                double[] d = q.ref.dijkstra(s);
                queries++;
                if (q.expected(s, g, d) == PathStatus.FOUND && d[g] >= 3) {
                    found++;
                }
            }
        }
        assertTrue(found > queries / 5, found + " of " + queries + " queries have a path of cost 3 or more");
    }

    @Test
    void aPathWithAnIllegalMoveOrAWrongCostFails() {
        RefGrid g = open(3, 3, 1);
        assertFalse(g.move(0, 4), "no corner cutting past the wall at 1");
        assertTrue(g.move(0, 3));
        assertTrue(g.move(3, 7));
        assertEquals(1.0 + Math.sqrt(2.0), g.dijkstra(0)[7], 1e-15);
        byte[] input = new byte[64];
        try (QuerySetup q = QuerySetup.make(new InputBytes(input), 16, true)) {
            assertEquals(1, q.ref.width * q.ref.height, "zero bytes make a 1 x 1 grid");
            q.checkCellPath(new int[] {0}, 0.0, 0, 0, "one cell");
            assertThrows(AssertionError.class, () -> q.checkCellPath(new int[] {0}, 1.0, 0, 0, "wrong cost"));
        }
        input[0] = 2; // width 3 (the first two bytes are read as one value below 16)
        input[1] = 2;
        input[3] = 2; // height 3
        input[4] = 1; // one cost for every area: 1
        try (QuerySetup q = QuerySetup.make(new InputBytes(input), 16, true)) {
            assertEquals(3, q.ref.width, "width");
            assertThrows(AssertionError.class, () -> q.checkCellPath(new int[] {0, 2}, 2.0, 0, 2, "a jump"));
            assertThrows(AssertionError.class, () -> q.checkCellPath(new int[] {0, 1}, 1.0, 0, 2, "short"));
            q.checkCellPath(new int[] {0, 1, 2}, 2.0, 0, 2, "a row");
        }
    }

    @Test
    void lineOfSightTreatsWallsAsClosedSquares() {
        RefGrid g = open(4, 4, 5); // a wall at (1, 1)
        assertFalse(GridThetaTarget.sees(g, 0, 5), "into the wall");
        assertFalse(GridThetaTarget.sees(g, 1, 4), "(1,0) to (0,1) touches the wall's corner");
        assertTrue(GridThetaTarget.sees(g, 0, 3), "along the open top row");
        assertFalse(GridThetaTarget.sees(g, 0, 10), "(0,0) to (2,2) passes through the wall");
        assertTrue(GridThetaTarget.sees(g, 2, 11), "(2,0) to (3,2) stays right of the wall");
        assertFalse(GridThetaTarget.sees(g, 4, 6), "(0,1) to (2,1) crosses it");
        double[] v = GridThetaTarget.visibilityOptimum(g, 0, 1.0);
        assertEquals(3.0, v[3], "(0,0) sees (3,0) straight");
        assertEquals(4.0, v[10], "(2,2) only round the wall: every shortcut touches its square");
    }

    private static VoxelQueryTarget.Block cube(int rule, int moves, int... solid) {
        int[] area = new int[8];
        for (int v : solid) {
            area[v] = 255;
        }
        double[] m = new double[255];
        Arrays.fill(m, 1.0);
        return new VoxelQueryTarget.Block(2, 2, 2, area, m, moves, rule);
    }

    @Test
    void voxelMovesFollowTheCornerRules() {
        // A 2 x 2 x 2 block: the corner move 0 -> 7 sweeps the three face voxels 1, 2, 4 and the
        // three edge voxels 3, 5, 6; the edge move 0 -> 3 sweeps the face voxels 1 and 2.
        assertEquals(1.7320508075688772, VoxelQueryTarget.move(cube(0, 26), 0, 7));
        assertTrue(Double.isNaN(VoxelQueryTarget.move(cube(0, 18), 0, 7)), "18 moves have no corners");
        assertTrue(Double.isNaN(VoxelQueryTarget.move(cube(0, 26, 1), 0, 7)), "no corner cutting: all six open");
        assertEquals(1.7320508075688772, VoxelQueryTarget.move(cube(1, 26, 1, 2, 3, 6), 0, 7), "0-4-5-7 is open");
        assertTrue(Double.isNaN(VoxelQueryTarget.move(cube(1, 26, 1, 2, 5, 6), 0, 7)), "4 leads to solid edges only");
        assertEquals(1.7320508075688772, VoxelQueryTarget.move(cube(2, 26, 1, 2, 3, 4, 5, 6), 0, 7));
        assertTrue(Double.isNaN(VoxelQueryTarget.move(cube(2, 26, 7), 0, 7)), "the destination must be open");
        assertTrue(Double.isNaN(VoxelQueryTarget.move(cube(0, 26, 2), 0, 3)));
        assertEquals(Math.sqrt(2.0), VoxelQueryTarget.move(cube(1, 18, 2), 0, 3));
        assertTrue(Double.isNaN(VoxelQueryTarget.move(cube(0, 6), 0, 3)), "6 moves have no edges");
        double[] d = VoxelQueryTarget.dijkstra(cube(0, 6, 1, 2), 0);
        assertEquals(4.0, d[3], "with 1 and 2 solid, 6 moves reach 3 over the top: 0-4-5-7-3");
        assertEquals(Double.POSITIVE_INFINITY, VoxelQueryTarget.dijkstra(cube(0, 26, 1, 2, 4), 0)[7]);
    }

    @Test
    void theHierarchyPathCheckRefusesStepsOutOfTheBlockAndWrongCosts() {
        // A 2 x 2 x 2 open block carved into a solid grid at x 15, across the chunk border at 16.
        VoxelQueryTarget.Block b = cube(0, 26);
        int[] offset = {15, 0, 0};
        try (VoxelGrid grid = VoxelGrid.create(18, 2, 2, 255)) {
            for (int i = 0; i < 8; i++) {
                grid.setArea(15 + (i & 1), (i >> 1) & 1, i >> 2, 0);
            }
            int a = grid.indexOf(15, 0, 0);
            int c = grid.indexOf(16, 0, 0);
            int corner = grid.indexOf(16, 1, 1);
            VoxelQueryTarget.checkLegal(grid, b, offset, new int[] {a, c}, 0, 1, 1.0, "one face move");
            VoxelQueryTarget.checkLegal(
                    grid, b, offset, new int[] {a, corner}, 0, 7, 1.7320508075688772, "one corner move");
            assertThrows(
                    AssertionError.class,
                    () -> VoxelQueryTarget.checkLegal(grid, b, offset, new int[] {a, c}, 0, 1, 1.5, "wrong cost"));
            assertThrows(
                    AssertionError.class,
                    () -> VoxelQueryTarget.checkLegal(
                            grid, b, offset, new int[] {a, grid.indexOf(14, 0, 0), a}, 0, 0, 2.0, "out of the block"));
            assertThrows(
                    AssertionError.class,
                    () -> VoxelQueryTarget.checkLegal(grid, b, offset, new int[] {c, a}, 0, 1, 1.0, "wrong ends"));
            assertThrows(
                    AssertionError.class,
                    () -> VoxelQueryTarget.checkLegal(
                            grid, b, offset, new int[] {a, grid.indexOf(17, 0, 0)}, 0, -1, 1.0, "a jump"));
        }
    }

    @Test
    void theSpecsNameOfTheHpaTargetIsAnAlias() {
        try (Target t = Targets.create("grid-hpa")) {
            assertEquals("gridhpa", t.name());
        }
        assertTrue(Targets.create("grid-query").acceptsEveryInput());
        assertFalse(Targets.create("movingai-map").acceptsEveryInput());
    }
}
