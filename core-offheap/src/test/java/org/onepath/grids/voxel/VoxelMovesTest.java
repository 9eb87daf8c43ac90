package org.onepath.grids.voxel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.onepath.VoxelGrid;
import org.onepath.cells.GridMath;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;

/** The voxel move table: order, lengths, costs and the three corner rules, through VoxelTopology.moves. */
class VoxelMovesTest {

    /** The normative order written out: {dx, dy, dz}. */
    private static final int[][] EXPECTED = {
        // faces, by z, then y, then x
        {0, 0, -1},
        {0, -1, 0},
        {-1, 0, 0},
        {1, 0, 0},
        {0, 1, 0},
        {0, 0, 1},
        // edges
        {0, -1, -1},
        {-1, 0, -1},
        {1, 0, -1},
        {0, 1, -1},
        {-1, -1, 0},
        {1, -1, 0},
        {-1, 1, 0},
        {1, 1, 0},
        {0, -1, 1},
        {-1, 0, 1},
        {1, 0, 1},
        {0, 1, 1},
        // corners
        {-1, -1, -1},
        {1, -1, -1},
        {-1, 1, -1},
        {1, 1, -1},
        {-1, -1, 1},
        {1, -1, 1},
        {-1, 1, 1},
        {1, 1, 1},
    };

    private static final long ONE_BITS = Double.doubleToRawLongBits(1.0);
    private static final long SQRT2_BITS = Double.doubleToRawLongBits(1.4142135623730951);
    private static final long SQRT3_BITS = Double.doubleToRawLongBits(1.7320508075688772);

    @Test
    void the26MovesComeInTheNormativeOrder() {
        assertEquals(26, VoxelMoves.COUNT);
        for (int j = 0; j < 26; j++) {
            int[] got = {VoxelMoves.dx(j), VoxelMoves.dy(j), VoxelMoves.dz(j)};
            assertArrayEquals(EXPECTED[j], got, "move " + j);
        }
        // the reference builds the same order from the definition
        for (int j = 0; j < 26; j++) {
            assertArrayEquals(EXPECTED[j], VoxelReference.MOVES[j], "reference move " + j);
        }
    }

    @Test
    void spotChecksOfEdgesAndCorners() {
        // first edge: z -1, y -1, x 0; last edge (0, 1, 1); first corner all -1; last corner all +1
        assertArrayEquals(new int[] {0, -1, -1}, new int[] {VoxelMoves.dx(6), VoxelMoves.dy(6), VoxelMoves.dz(6)});
        assertArrayEquals(new int[] {1, 1, 0}, new int[] {VoxelMoves.dx(13), VoxelMoves.dy(13), VoxelMoves.dz(13)});
        assertArrayEquals(new int[] {0, 1, 1}, new int[] {VoxelMoves.dx(17), VoxelMoves.dy(17), VoxelMoves.dz(17)});
        assertArrayEquals(new int[] {-1, -1, -1}, new int[] {VoxelMoves.dx(18), VoxelMoves.dy(18), VoxelMoves.dz(18)});
        assertArrayEquals(new int[] {1, -1, -1}, new int[] {VoxelMoves.dx(19), VoxelMoves.dy(19), VoxelMoves.dz(19)});
        assertArrayEquals(new int[] {1, 1, 1}, new int[] {VoxelMoves.dx(25), VoxelMoves.dy(25), VoxelMoves.dz(25)});
    }

    @Test
    void lengthsAreBitExact() {
        assertEquals(SQRT2_BITS, Double.doubleToRawLongBits(GridMath.SQRT2));
        assertEquals(SQRT3_BITS, Double.doubleToRawLongBits(VoxelMath.SQRT3));
        assertEquals(SQRT3_BITS, Double.doubleToRawLongBits(Math.sqrt(3.0)), "the double nearest sqrt 3");
        for (int j = 0; j < 26; j++) {
            long expected = j < 6 ? ONE_BITS : j < 18 ? SQRT2_BITS : SQRT3_BITS;
            assertEquals(expected, Double.doubleToRawLongBits(VoxelMoves.length(j)), "length of move " + j);
        }
    }

    /** A fully open 3 x 3 x 3 grid: every move out of the centre, in order, with its length as cost. */
    @ParameterizedTest
    @EnumSource(VoxelConnectivity.class)
    void openNeighbourhoodGivesThePrefixOfThe26(VoxelConnectivity connectivity) {
        int expectedCount = switch (connectivity) {
            case SIX -> 6;
            case EIGHTEEN -> 18;
            case TWENTY_SIX -> 26;
        };
        assertEquals(expectedCount, connectivity.moves());
        for (VoxelCornerRule rule : VoxelCornerRule.values()) {
            try (VoxelGrid grid = VoxelGrid.create(3, 3, 3)) {
                VoxelTopology topology = grid.createTopology(connectivity, rule);
                assertEquals(expectedCount, topology.maxDegree());
                int[] ids = new int[26];
                double[] costs = new double[26];
                int k = topology.moves(1, 1, 1, ids, costs);
                assertEquals(expectedCount, k, connectivity + " " + rule);
                for (int j = 0; j < k; j++) {
                    assertEquals(j, ids[j], "move order");
                    long expected = j < 6 ? ONE_BITS : j < 18 ? SQRT2_BITS : SQRT3_BITS;
                    assertEquals(expected, Double.doubleToRawLongBits(costs[j]), "cost of move " + j);
                }
                // the dense form: node deltas in the same order
                int[] nodes = new int[26];
                int n = topology.neighbors(topology.nodeOf(1, 1, 1), nodes, costs);
                assertEquals(expectedCount, n);
                for (int j = 0; j < n; j++) {
                    int[] d = EXPECTED[j];
                    assertEquals(topology.nodeOf(1 + d[0], 1 + d[1], 1 + d[2]), nodes[j], "neighbour " + j);
                }
            }
        }
    }

    @Test
    void voxelsOutsideTheBlockAreSolid() {
        try (VoxelGrid grid = VoxelGrid.create(3, 3, 3)) {
            VoxelTopology topology = grid.createTopology(VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.ALLOW_ALL);
            int[] ids = new int[26];
            double[] costs = new double[26];
            int k = topology.moves(0, 0, 0, ids, costs);
            assertEquals(7, k, "from a corner of the block only the 7 moves into the block");
            for (int j = 0; j < k; j++) {
                int[] d = EXPECTED[ids[j]];
                assertTrue(d[0] >= 0 && d[1] >= 0 && d[2] >= 0, "move " + ids[j]);
            }
            assertFalse(topology.isOpen(-1, 0, 0));
            assertFalse(topology.isOpen(0, 3, 0));
            assertFalse(topology.isOpen(0, 0, 3));
            assertTrue(topology.isOpen(2, 2, 2));
        }
        try (VoxelGrid grid = VoxelGrid.create(1, 1, 1)) {
            VoxelTopology topology = grid.createTopology(VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.ALLOW_ALL);
            assertEquals(0, topology.moves(0, 0, 0, new int[26], new double[26]));
        }
    }

    @Test
    void costIsLengthTimesTheMeanOfTheTwoMultipliers() {
        try (VoxelGrid grid = VoxelGrid.create(3, 3, 3)) {
            grid.areas().set(4, 3.0);
            grid.areas().set(7, 0.5);
            grid.setArea(1, 1, 1, 4);
            grid.setArea(2, 1, 1, 7); // face move 3
            grid.setArea(2, 2, 1, 7); // edge move 13
            grid.setArea(2, 2, 2, 7); // corner move 25
            VoxelTopology topology = grid.createTopology(VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.ALLOW_ALL);
            double[] costs = costsByMove(topology, 1, 1, 1);
            assertEquals(Double.doubleToRawLongBits(1.0 * ((3.0 + 0.5) * 0.5)), Double.doubleToRawLongBits(costs[3]));
            assertEquals(
                    Double.doubleToRawLongBits(1.4142135623730951 * ((3.0 + 0.5) * 0.5)),
                    Double.doubleToRawLongBits(costs[13]));
            assertEquals(
                    Double.doubleToRawLongBits(1.7320508075688772 * ((3.0 + 0.5) * 0.5)),
                    Double.doubleToRawLongBits(costs[25]));
            // a move to an area-0 voxel (multiplier 1)
            assertEquals(Double.doubleToRawLongBits(1.0 * ((3.0 + 1.0) * 0.5)), Double.doubleToRawLongBits(costs[2]));
            assertEquals(
                    Double.doubleToRawLongBits(1.7320508075688772 * ((3.0 + 1.0) * 0.5)),
                    Double.doubleToRawLongBits(costs[18]));
        }
    }

    /** Costs indexed by move number, NaN for moves not offered. */
    private static double[] costsByMove(VoxelTopology topology, int x, int y, int z) {
        int[] ids = new int[26];
        double[] costs = new double[26];
        int k = topology.moves(x, y, z, ids, costs);
        double[] byMove = new double[26];
        java.util.Arrays.fill(byMove, Double.NaN);
        for (int j = 0; j < k; j++) {
            byMove[ids[j]] = costs[j];
        }
        return byMove;
    }

    @Test
    void defaultAreaOfAnUneditedChunkCarriesItsMultiplier() {
        try (VoxelGrid grid = VoxelGrid.create(20, 20, 20, 9)) {
            grid.areas().set(9, 2.5);
            VoxelTopology topology =
                    grid.createTopology(VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING);
            for (int[] at : new int[][] {{5, 5, 5}, {15, 15, 15}, {16, 3, 9}, {19, 19, 19}}) {
                int[] ids = new int[26];
                double[] costs = new double[26];
                int k = topology.moves(at[0], at[1], at[2], ids, costs);
                for (int j = 0; j < k; j++) {
                    double expected = VoxelReference.length(ids[j]) * ((2.5 + 2.5) * 0.5);
                    assertEquals(
                            Double.doubleToRawLongBits(expected),
                            Double.doubleToRawLongBits(costs[j]),
                            "move " + ids[j] + " from " + at[0] + "," + at[1] + "," + at[2]);
                }
            }
        }
    }

    // ---- corner rules, hand-made cases (start (1,1,1) of a 3 x 3 x 3 grid) ----

    /** Move number of an offset, from the literal table. */
    private static int move(int dx, int dy, int dz) {
        for (int j = 0; j < 26; j++) {
            if (EXPECTED[j][0] == dx && EXPECTED[j][1] == dy && EXPECTED[j][2] == dz) {
                return j;
            }
        }
        throw new AssertionError();
    }

    /** Whether move (dx, dy, dz) out of (1,1,1) is offered under the rule with the given voxels solid. */
    private static boolean allowed(VoxelCornerRule rule, int dx, int dy, int dz, int[]... solid) {
        try (VoxelGrid grid = VoxelGrid.create(3, 3, 3)) {
            for (int[] s : solid) {
                grid.setWalkable(s[0], s[1], s[2], false);
            }
            VoxelTopology topology = grid.createTopology(VoxelConnectivity.TWENTY_SIX, rule);
            int[] ids = new int[26];
            int k = topology.moves(1, 1, 1, ids, new double[26]);
            int wanted = move(dx, dy, dz);
            for (int j = 0; j < k; j++) {
                if (ids[j] == wanted) {
                    return true;
                }
            }
            return false;
        }
    }

    private static void expect(
            boolean noCornerCutting, boolean noSqueezing, boolean allowAll, int dx, int dy, int dz, int[]... solid) {
        String what = "move (" + dx + "," + dy + "," + dz + ") with solid " + describe(solid);
        assertEquals(
                noCornerCutting,
                allowed(VoxelCornerRule.NO_CORNER_CUTTING, dx, dy, dz, solid),
                "NO_CORNER_CUTTING " + what);
        assertEquals(noSqueezing, allowed(VoxelCornerRule.NO_SQUEEZING, dx, dy, dz, solid), "NO_SQUEEZING " + what);
        assertEquals(allowAll, allowed(VoxelCornerRule.ALLOW_ALL, dx, dy, dz, solid), "ALLOW_ALL " + what);
    }

    private static String describe(int[][] cells) {
        List<String> out = new ArrayList<>();
        for (int[] c : cells) {
            out.add("(" + c[0] + "," + c[1] + "," + c[2] + ")");
        }
        return out.toString();
    }

    private static int[] c(int x, int y, int z) {
        return new int[] {x, y, z};
    }

    @Test
    void edgeMoveWithOpenFaces() {
        expect(true, true, true, 1, 1, 0);
        expect(true, true, true, -1, 0, 1);
    }

    @Test
    void edgeMoveWithOneFaceCellBlocked() {
        // (+1,+1,0): face cells (2,1,1) and (1,2,1)
        expect(false, true, true, 1, 1, 0, c(2, 1, 1));
        expect(false, true, true, 1, 1, 0, c(1, 2, 1));
        // (0,-1,+1): face cells (1,0,1) and (1,1,2)
        expect(false, true, true, 0, -1, 1, c(1, 1, 2));
    }

    @Test
    void edgeMoveWithBothFaceCellsBlocked() {
        expect(false, false, true, 1, 1, 0, c(2, 1, 1), c(1, 2, 1));
        expect(false, false, true, -1, 0, -1, c(0, 1, 1), c(1, 1, 0));
    }

    @Test
    void edgeMoveIgnoresCellsOutsideItsSquare() {
        // (+1,+1,0) does not look at z = 0 or z = 2, nor at the other side
        expect(true, true, true, 1, 1, 0, c(2, 2, 0), c(2, 2, 2), c(2, 1, 0), c(0, 1, 1), c(1, 0, 1));
    }

    @Test
    void anyMoveNeedsAnOpenDestination() {
        expect(false, false, false, 1, 0, 0, c(2, 1, 1));
        expect(false, false, false, 1, 1, 0, c(2, 2, 1));
        expect(false, false, false, 1, 1, 1, c(2, 2, 2));
    }

    @Test
    void cornerMoveWithOpenCube() {
        expect(true, true, true, 1, 1, 1);
        expect(true, true, true, -1, 1, -1);
    }

    @Test
    void cornerMoveWithOneEdgeCellBlocked() {
        // (+1,+1,+1): faces (2,1,1) (1,2,1) (1,1,2); edges (2,2,1) (2,1,2) (1,2,2)
        expect(false, true, true, 1, 1, 1, c(2, 2, 1));
        expect(false, true, true, 1, 1, 1, c(1, 2, 2));
    }

    @Test
    void cornerMoveWithOneFaceCellBlocked() {
        expect(false, true, true, 1, 1, 1, c(1, 1, 2));
    }

    @Test
    void cornerMoveWithEveryEdgeCellBlocked() {
        expect(false, false, true, 1, 1, 1, c(2, 2, 1), c(2, 1, 2), c(1, 2, 2));
    }

    @Test
    void cornerMoveWithEveryFaceCellBlocked() {
        expect(false, false, true, 1, 1, 1, c(2, 1, 1), c(1, 2, 1), c(1, 1, 2));
    }

    @Test
    void cornerMoveWithOneFaceAndItsTwoEdgesOpen() {
        // faces (2,1,1) and (1,2,1) blocked; face (1,1,2) with edges (2,1,2), (1,2,2) open; edge (2,2,1) blocked
        expect(false, true, true, 1, 1, 1, c(2, 1, 1), c(1, 2, 1), c(2, 2, 1));
    }

    @Test
    void cornerMoveWithOpenFaceAndEdgeThatDoNotTouch() {
        // only face (2,1,1) and edge (1,2,2) open: the edge does not contain the face, no monotone route
        expect(false, false, true, 1, 1, 1, c(1, 2, 1), c(1, 1, 2), c(2, 2, 1), c(2, 1, 2));
        // only face (1,1,2) open with edge (2,1,2): a route
        expect(false, true, true, 1, 1, 1, c(2, 1, 1), c(1, 2, 1), c(2, 2, 1), c(1, 2, 2));
    }

    @Test
    void cornerMoveInANegativeDirection() {
        // (-1,+1,-1) from (1,1,1): faces (0,1,1) (1,2,1) (1,1,0); edges (0,2,1) (0,1,0) (1,2,0)
        expect(false, true, true, -1, 1, -1, c(0, 2, 1), c(1, 2, 0));
        expect(false, true, true, -1, 1, -1, c(0, 1, 1), c(1, 1, 0), c(0, 2, 1));
        expect(false, false, true, -1, 1, -1, c(0, 1, 1), c(1, 1, 0), c(0, 2, 1), c(1, 2, 0));
        expect(true, true, true, -1, 1, -1, c(2, 1, 1), c(1, 0, 1), c(1, 1, 2), c(2, 2, 2));
    }

    /** Every pattern of the 6 swept cells of a corner move and 2 of an edge move, against the reference. */
    @Test
    void everySweptPatternAgreesWithTheReference() {
        int[][] sweptCorner = {c(2, 1, 1), c(1, 2, 1), c(1, 1, 2), c(2, 2, 1), c(2, 1, 2), c(1, 2, 2)};
        int[][] sweptEdge = {c(0, 1, 1), c(1, 1, 0)}; // move (-1, 0, -1)
        for (VoxelCornerRule rule : VoxelCornerRule.values()) {
            for (int mask = 0; mask < 64; mask++) {
                checkPattern(rule, sweptCorner, mask, 1, 1, 1);
            }
            for (int mask = 0; mask < 4; mask++) {
                checkPattern(rule, sweptEdge, mask, -1, 0, -1);
            }
        }
    }

    private static void checkPattern(VoxelCornerRule rule, int[][] swept, int mask, int dx, int dy, int dz) {
        List<int[]> solid = new ArrayList<>();
        VoxelReference ref = new VoxelReference(3, 3, 3, 0);
        for (int b = 0; b < swept.length; b++) {
            if ((mask & 1 << b) != 0) {
                solid.add(swept[b]);
                ref.setArea(swept[b][0], swept[b][1], swept[b][2], VoxelReference.SOLID);
            }
        }
        boolean expected = ref.legal(1, 1, 1, move(dx, dy, dz), rule);
        assertEquals(
                expected,
                allowed(rule, dx, dy, dz, solid.toArray(new int[0][])),
                rule + " move (" + dx + "," + dy + "," + dz + ") solid " + describe(solid.toArray(new int[0][])));
    }

    // ---- random neighbourhoods against the reference ----

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    /**
     * Random grids around and across chunk boundaries (sizes up to 34), random areas with
     * multipliers: the move list (ids, order, costs bit-exact) out of sampled voxels equals the
     * reference for every connectivity and corner rule.
     */
    @Property(tries = 40)
    void movesMatchTheReference(@ForAll("seeds") long seed, @ForAll @IntRange(min = 0, max = 60) int solidPercent) {
        Random r = new Random(seed);
        int sx = 1 + r.nextInt(34);
        int sy = 1 + r.nextInt(34);
        int sz = 1 + r.nextInt(20);
        int defaultArea = r.nextInt(3) == 0 ? 255 : 0;
        int[] palette = {0, 1, 2, 200};
        VoxelReference ref = VoxelReference.random(sx, sy, sz, defaultArea, solidPercent, palette, r.nextLong());
        ref.setMultiplier(1, 0.25 + r.nextInt(16) * 0.25);
        ref.setMultiplier(200, 0.125);
        try (VoxelGrid grid = ref.toGrid(defaultArea)) {
            for (VoxelConnectivity connectivity : VoxelConnectivity.values()) {
                for (VoxelCornerRule rule : VoxelCornerRule.values()) {
                    VoxelTopology topology = grid.createTopology(connectivity, rule);
                    int[] ids = new int[26];
                    double[] costs = new double[26];
                    int[] nodes = new int[26];
                    double[] nodeCosts = new double[26];
                    for (int q = 0; q < 60; q++) {
                        // bias towards chunk edges (15, 16) and the block's faces
                        int x = pickCoordinate(r, sx);
                        int y = pickCoordinate(r, sy);
                        int z = pickCoordinate(r, sz);
                        if (!ref.open(x, y, z)) {
                            continue;
                        }
                        List<VoxelReference.Move> expected = ref.moves(x, y, z, connectivity, rule);
                        int k = topology.moves(x, y, z, ids, costs);
                        String where = connectivity + " " + rule + " at (" + x + "," + y + "," + z + ") in " + sx + "x"
                                + sy + "x" + sz;
                        assertEquals(expected.size(), k, where);
                        int kn = topology.neighbors(topology.nodeOf(x, y, z), nodes, nodeCosts);
                        assertEquals(k, kn, where);
                        for (int j = 0; j < k; j++) {
                            VoxelReference.Move m = expected.get(j);
                            assertEquals(m.id(), ids[j], where);
                            assertEquals(
                                    Double.doubleToRawLongBits(m.cost()),
                                    Double.doubleToRawLongBits(costs[j]),
                                    where + " move " + m.id());
                            assertEquals(ref.node(m.x(), m.y(), m.z()), nodes[j], where);
                            assertEquals(
                                    Double.doubleToRawLongBits(m.cost()),
                                    Double.doubleToRawLongBits(nodeCosts[j]),
                                    where);
                        }
                    }
                }
            }
        }
    }

    private static int pickCoordinate(Random r, int size) {
        int[] interesting = {0, size - 1, 15, 16, 14, 17, 7, 8};
        int v = r.nextInt(2) == 0 ? interesting[r.nextInt(interesting.length)] : r.nextInt(size);
        return Math.max(0, Math.min(size - 1, v));
    }
}
