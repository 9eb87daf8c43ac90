package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.cells.PathStatus;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;

/**
 * The tier-1 voxel query with {@link VoxelAlgorithm#JPS}: the same status and cost as A* on random
 * blocks (across chunk borders, after edits and restores), a path of legal moves whose steps add
 * up to its cost, and A* with the path saying so whenever the query does not qualify.
 */
class VoxelJumpPointQueryTest {
    private static final double SQRT2 = Math.sqrt(2.0);
    private static final double SQRT3 = Math.sqrt(3.0);

    @Test
    void equalsAStarOnRandomBlocks() {
        Random rnd = new Random(20261202);
        for (int world = 0; world < 60; world++) {
            int sx = 3 + rnd.nextInt(30);
            int sy = 3 + rnd.nextInt(20);
            int sz = 3 + rnd.nextInt(20);
            double solid = 0.05 + 0.4 * rnd.nextDouble();
            try (VoxelGrid grid = VoxelGrid.create(sx, sy, sz)) {
                fill(grid, rnd, solid);
                for (int q = 0; q < 15; q++) {
                    VoxelCell s = randomCell(grid, rnd);
                    VoxelCell g = randomCell(grid, rnd);
                    compare(grid, s, g, "world " + world + " query " + q);
                }
                // edits between queries: the jump search's bits follow them
                for (int e = 0; e < 20; e++) {
                    grid.setWalkable(rnd.nextInt(sx), rnd.nextInt(sy), rnd.nextInt(sz), rnd.nextInt(3) > 0);
                }
                compare(grid, randomCell(grid, rnd), randomCell(grid, rnd), "world " + world + " after edits");
            }
        }
    }

    @Test
    void followsARestore() {
        Random rnd = new Random(7);
        try (VoxelGrid grid = VoxelGrid.create(40, 18, 18)) {
            fill(grid, rnd, 0.2);
            byte[] before = grid.saveState();
            VoxelCell s = new VoxelCell(0, 0, 0);
            VoxelCell g = new VoxelCell(39, 17, 17);
            grid.setWalkable(0, 0, 0, true);
            grid.setWalkable(39, 17, 17, true);
            compare(grid, s, g, "before");
            for (int x = 0; x < 40; x++) {
                for (int z = 0; z < 18; z++) {
                    grid.setWalkable(x, 9, z, false);
                }
            }
            compare(grid, s, g, "walled");
            grid.restoreState(java.lang.foreign.MemorySegment.ofArray(before));
            grid.setWalkable(0, 0, 0, true);
            grid.setWalkable(39, 17, 17, true);
            compare(grid, s, g, "restored");
        }
    }

    @Test
    void aQueryThatDoesNotQualifyRunsAStarAndSaysSo() {
        try (VoxelGrid grid = VoxelGrid.create(12, 12, 12)) {
            grid.setWalkable(5, 5, 5, false);
            VoxelCell s = new VoxelCell(0, 0, 0);
            VoxelCell g = new VoxelCell(11, 10, 9);
            VoxelOptions jps = VoxelOptions.JUMP_POINTS;
            assertEquals(VoxelAlgorithm.JPS, grid.findPath(s, g, jps).algorithm());
            assertEquals(VoxelAlgorithm.ASTAR, grid.findPath(s, g).algorithm());
            List<VoxelOptions> refused = List.of(
                    jps.toBuilder().connectivity(VoxelConnectivity.EIGHTEEN).build(),
                    jps.toBuilder().cornerRule(VoxelCornerRule.ALLOW_ALL).build(),
                    jps.toBuilder().heuristicWeight(1.5).build(),
                    jps.toBuilder().stepCost((a, b, c, d, e, f, base) -> base).build(),
                    jps.toBuilder().blocked((x, y, z) -> false).build());
            for (VoxelOptions o : refused) {
                VoxelPath path = grid.findPath(s, g, o);
                assertEquals(VoxelAlgorithm.ASTAR, path.algorithm(), o.toString());
                VoxelPath astar = grid.findPath(
                        s, g, o.toBuilder().algorithm(VoxelAlgorithm.ASTAR).build());
                assertEquals(astar.cost(), path.cost(), o.toString());
                assertEquals(astar.expandedCount(), path.expandedCount(), o.toString());
            }
            grid.setArea(3, 3, 3, 1);
            grid.areas().set(1, 2.0);
            assertEquals(VoxelAlgorithm.ASTAR, grid.findPath(s, g, jps).algorithm(), "two area costs");
            grid.areas().set(1, 1.0);
            assertEquals(VoxelAlgorithm.JPS, grid.findPath(s, g, jps).algorithm(), "one cost again");
        }
    }

    @Test
    void aRefusedEndNamesTheSearchThatWouldHaveRun() {
        try (VoxelGrid grid = VoxelGrid.create(8, 8, 8)) {
            grid.setWalkable(0, 0, 0, false);
            VoxelPath path = grid.findPath(new VoxelCell(0, 0, 0), new VoxelCell(7, 7, 7), VoxelOptions.JUMP_POINTS);
            assertEquals(PathStatus.START_INVALID, path.status());
            assertEquals(VoxelAlgorithm.JPS, path.algorithm());
            assertTrue(path.toString().contains("JPS"), path.toString());
        }
    }

    private static void compare(VoxelGrid grid, VoxelCell s, VoxelCell g, String where) {
        VoxelPath astar = grid.findPath(s, g, VoxelOptions.DEFAULT);
        VoxelPath jps = grid.findPath(s, g, VoxelOptions.JUMP_POINTS);
        String what = where + ": " + s + " -> " + g;
        assertEquals(astar.status(), jps.status(), what);
        assertEquals(VoxelAlgorithm.JPS, jps.algorithm(), what);
        if (!astar.found()) {
            return;
        }
        assertEquals(astar.cost(), jps.cost(), 1e-9 * Math.max(1, astar.cost()), what);
        List<VoxelCell> cells = jps.cells();
        assertEquals(s, cells.getFirst(), what);
        assertEquals(g, cells.getLast(), what);
        double sum = 0;
        for (int i = 1; i < cells.size(); i++) {
            sum += legalStep(grid, cells.get(i - 1), cells.get(i), what);
        }
        assertEquals(jps.cost(), sum, 1e-9 * Math.max(1, sum), what + ": the steps add up to the cost");
    }

    /** The length of a 26-move without corner cutting (every voxel of its box open), or a failure. */
    private static double legalStep(VoxelGrid grid, VoxelCell a, VoxelCell b, String where) {
        int dx = b.x() - a.x();
        int dy = b.y() - a.y();
        int dz = b.z() - a.z();
        int kinds = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
        assertTrue(
                Math.abs(dx) <= 1 && Math.abs(dy) <= 1 && Math.abs(dz) <= 1 && kinds > 0,
                where + ": " + a + " -> " + b + " is not one move");
        for (int x = Math.min(a.x(), b.x()); x <= Math.max(a.x(), b.x()); x++) {
            for (int y = Math.min(a.y(), b.y()); y <= Math.max(a.y(), b.y()); y++) {
                for (int z = Math.min(a.z(), b.z()); z <= Math.max(a.z(), b.z()); z++) {
                    assertTrue(grid.isWalkable(x, y, z), where + ": " + a + " -> " + b + " cuts a solid corner");
                }
            }
        }
        return kinds == 1 ? 1.0 : kinds == 2 ? SQRT2 : SQRT3;
    }

    private static void fill(VoxelGrid grid, Random rnd, double solid) {
        for (int x = 0; x < grid.sizeX(); x++) {
            for (int y = 0; y < grid.sizeY(); y++) {
                for (int z = 0; z < grid.sizeZ(); z++) {
                    if (rnd.nextDouble() < solid) {
                        grid.setWalkable(x, y, z, false);
                    }
                }
            }
        }
    }

    private static VoxelCell randomCell(VoxelGrid grid, Random rnd) {
        return new VoxelCell(rnd.nextInt(grid.sizeX()), rnd.nextInt(grid.sizeY()), rnd.nextInt(grid.sizeZ()));
    }
}
