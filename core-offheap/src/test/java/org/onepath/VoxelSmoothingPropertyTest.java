package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.onepath.PathSmoother.SmoothedVoxelPath;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.voxel.VoxelPathSmoother;

/**
 * {@link PathSmoother} on voxel paths: random blocks with area costs, every connectivity and
 * corner rule, checked against a plain model written here: the closed segment between two voxel
 * centres against every closed solid cube by the slab method in exact rationals, and the
 * segment cost of {@link SmoothingReference}.
 */
class VoxelSmoothingPropertyTest {
    @Property(tries = 300)
    void voxelSmoothingNeverRaisesCostAndKeepsInSight(
            @ForAll @IntRange(min = 2, max = 7) int sx,
            @ForAll @IntRange(min = 2, max = 7) int sy,
            @ForAll @IntRange(min = 1, max = 6) int sz,
            @ForAll @IntRange(min = 0, max = 35) int solidPercent,
            @ForAll VoxelConnectivity connectivity,
            @ForAll VoxelCornerRule rule,
            @ForAll long seed) {
        Random rnd = new Random(seed);
        try (VoxelGrid grid = VoxelGrid.create(sx, sy, sz)) {
            for (int a = 0; a < 3; a++) {
                grid.areas().set(a, rnd.nextInt(3) == 0 ? 1.0 : 0.1 + rnd.nextInt(60) / 8.0);
            }
            for (int z = 0; z < sz; z++) {
                for (int y = 0; y < sy; y++) {
                    for (int x = 0; x < sx; x++) {
                        grid.setArea(x, y, z, rnd.nextInt(100) < solidPercent ? VoxelGrid.SOLID : rnd.nextInt(3));
                    }
                }
            }
            VoxelCell start = new VoxelCell(rnd.nextInt(sx), rnd.nextInt(sy), rnd.nextInt(sz));
            VoxelCell goal = new VoxelCell(rnd.nextInt(sx), rnd.nextInt(sy), rnd.nextInt(sz));
            grid.setArea(start.x(), start.y(), start.z(), 0);
            grid.setArea(goal.x(), goal.y(), goal.z(), 0);
            VoxelOptions options = VoxelOptions.builder()
                    .connectivity(connectivity)
                    .cornerRule(rule)
                    .build();
            VoxelPath path = grid.findPath(start, goal, options);
            if (!path.found()) {
                return;
            }
            SmoothedVoxelPath smooth = PathSmoother.smooth(grid, path);
            check(
                    grid,
                    path.cells(),
                    path.cost(),
                    smooth,
                    rule == VoxelCornerRule.NO_CORNER_CUTTING,
                    false,
                    path.toString());
        }
    }

    /**
     * {@code near}: test sight with {@link #seesNear} (large blocks) rather than every cube of the
     * bounding box, and the input cost against the search's to 1e-9 relative rather than bit for bit.
     */
    static void check(
            VoxelGrid grid,
            List<VoxelCell> input,
            double searchCost,
            SmoothedVoxelPath smooth,
            boolean strict,
            boolean near,
            String where) {
        SmoothingReference.Multipliers3 m = (x, y, z) -> grid.contains(x, y, z) && grid.isWalkable(x, y, z)
                ? grid.areas().get(grid.area(x, y, z))
                : Double.POSITIVE_INFINITY;
        if (near) {
            // voxel JPS adds its costs in another order: the same sum to the last bits
            assertTrue(SmoothingReference.close(searchCost, smooth.inputCost()), where);
        } else {
            assertEquals(Double.doubleToRawLongBits(searchCost), Double.doubleToRawLongBits(smooth.inputCost()), where);
        }
        assertTrue(smooth.cost() <= smooth.inputCost(), where);
        List<VoxelCell> out = smooth.waypoints();
        assertEquals(input.get(0), out.get(0), where);
        assertEquals(input.get(input.size() - 1), out.get(out.size() - 1), where);
        int at = 0;
        double total = 0;
        for (int k = 1; k < out.size(); k++) {
            VoxelCell a = out.get(k - 1);
            VoxelCell b = out.get(k);
            int to = at + 1;
            while (to < input.size() && !input.get(to).equals(b)) {
                to++;
            }
            assertTrue(to < input.size(), where + ": " + b + " is not a later input voxel");
            double segment = SmoothingReference.segment(m, array(a), array(b));
            total += segment;
            if (to > at + 1 || strict) {
                assertTrue(
                        near ? seesNear(grid, a, b) : sees(grid, a, b),
                        where + ": " + a + " -> " + b + " is not in sight");
            }
            double replaced = 0;
            for (int i = at + 1; i <= to; i++) {
                replaced += SmoothingReference.segment(m, array(input.get(i - 1)), array(input.get(i)));
            }
            assertTrue(segment <= replaced * (1 + 1e-9), where + ": " + a + " -> " + b);
            at = to;
        }
        assertTrue(SmoothingReference.close(total, smooth.cost()), where + ": " + total + " vs " + smooth.cost());
    }

    private static int[] array(VoxelCell c) {
        return new int[] {c.x(), c.y(), c.z()};
    }

    /** The closed segment between the centres misses every closed solid cube (voxels outside are solid). */
    static boolean sees(VoxelGrid grid, VoxelCell a, VoxelCell b) {
        if (!grid.isWalkable(a.x(), a.y(), a.z()) || !grid.isWalkable(b.x(), b.y(), b.z())) {
            return false;
        }
        int[] p = array(a);
        int[] q = array(b);
        for (int z = Math.min(p[2], q[2]); z <= Math.max(p[2], q[2]); z++) {
            for (int y = Math.min(p[1], q[1]); y <= Math.max(p[1], q[1]); y++) {
                for (int x = Math.min(p[0], q[0]); x <= Math.max(p[0], q[0]); x++) {
                    if (!grid.isWalkable(x, y, z) && meets(p, q, new int[] {x, y, z})) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /**
     * {@link #sees} testing only the cubes near the segment: along its longest axis, for each
     * layer of cubes, those within one cube of the segment's extent across that layer (a superset
     * of the cubes it can touch; each is decided exactly by {@link #meets}).
     */
    static boolean seesNear(VoxelGrid grid, VoxelCell a, VoxelCell b) {
        if (!grid.isWalkable(a.x(), a.y(), a.z()) || !grid.isWalkable(b.x(), b.y(), b.z())) {
            return false;
        }
        int[] p = array(a);
        int[] q = array(b);
        int main = 0;
        for (int axis = 1; axis < 3; axis++) {
            if (Math.abs(q[axis] - p[axis]) > Math.abs(q[main] - p[main])) {
                main = axis;
            }
        }
        int d = q[main] - p[main];
        if (d == 0) {
            return true;
        }
        int[] cube = new int[3];
        int[] lo = new int[3];
        int[] hi = new int[3];
        for (int layer = Math.min(p[main], q[main]); layer <= Math.max(p[main], q[main]); layer++) {
            double t0 = Math.max(0, Math.min(1, (layer - (p[main] + 0.5)) / d));
            double t1 = Math.max(0, Math.min(1, (layer + 1 - (p[main] + 0.5)) / d));
            for (int axis = 0; axis < 3; axis++) {
                double u = p[axis] + 0.5 + (q[axis] - p[axis]) * t0;
                double v = p[axis] + 0.5 + (q[axis] - p[axis]) * t1;
                lo[axis] = Math.max(Math.min(p[axis], q[axis]), (int) Math.floor(Math.min(u, v)) - 1);
                hi[axis] = Math.min(Math.max(p[axis], q[axis]), (int) Math.floor(Math.max(u, v)) + 1);
            }
            lo[main] = layer;
            hi[main] = layer;
            for (cube[2] = lo[2]; cube[2] <= hi[2]; cube[2]++) {
                for (cube[1] = lo[1]; cube[1] <= hi[1]; cube[1]++) {
                    for (cube[0] = lo[0]; cube[0] <= hi[0]; cube[0]++) {
                        if (!grid.isWalkable(cube[0], cube[1], cube[2]) && meets(p, q, cube)) {
                            return false;
                        }
                    }
                }
            }
        }
        return true;
    }

    /**
     * Slab method in doubled coordinates (centres odd, cube faces even): the parameter interval
     * [lo, hi] of the segment inside every slab, as exact fractions num / den (den &gt; 0).
     */
    static boolean meets(int[] p, int[] q, int[] cube) {
        long loNum = 0;
        long loDen = 1;
        long hiNum = 1;
        long hiDen = 1;
        for (int axis = 0; axis < 3; axis++) {
            long a = 2L * p[axis] + 1;
            long d = 2L * q[axis] + 1 - a;
            long faceLo = 2L * cube[axis];
            long faceHi = faceLo + 2;
            if (d == 0) {
                if (a < faceLo || a > faceHi) {
                    return false;
                }
                continue;
            }
            long n1 = faceLo - a;
            long n2 = faceHi - a;
            long den = d;
            if (den < 0) {
                n1 = -n1;
                n2 = -n2;
                den = -den;
            }
            long enter = Math.min(n1, n2);
            long leave = Math.max(n1, n2);
            if (enter * loDen > loNum * den) {
                loNum = enter;
                loDen = den;
            }
            if (leave * hiDen < hiNum * den) {
                hiNum = leave;
                hiDen = den;
            }
        }
        return loNum * hiDen <= hiNum * loDen;
    }

    @Test
    void anOpenBlockBecomesOneSegmentAndSightMatchesTheModel() {
        try (VoxelGrid grid = VoxelGrid.create(9, 6, 5)) {
            VoxelPath path = grid.findPath(new VoxelCell(0, 0, 0), new VoxelCell(8, 3, 4));
            SmoothedVoxelPath smooth = PathSmoother.smooth(grid, path);
            assertEquals(List.of(new VoxelCell(0, 0, 0), new VoxelCell(8, 3, 4)), smooth.waypoints());
            assertEquals(Math.sqrt(64 + 9 + 16.0), smooth.cost());
            assertEquals(path.cost(), smooth.inputCost());
            Random rnd = new Random(5);
            for (int i = 0; i < 40; i++) {
                grid.setArea(rnd.nextInt(9), rnd.nextInt(6), rnd.nextInt(5), VoxelGrid.SOLID);
            }
            VoxelPathSmoother smoother = new VoxelPathSmoother(
                    grid.createTopology(VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING)
                            .chunks(),
                    grid.areas());
            for (int i = 0; i < 4000; i++) {
                VoxelCell a = new VoxelCell(rnd.nextInt(9), rnd.nextInt(6), rnd.nextInt(5));
                VoxelCell b = new VoxelCell(rnd.nextInt(9), rnd.nextInt(6), rnd.nextInt(5));
                assertEquals(sees(grid, a, b), seesNear(grid, a, b), a + " -> " + b);
                assertEquals(
                        sees(grid, a, b),
                        smoother.isVisible(grid.indexOf(a.x(), a.y(), a.z()), grid.indexOf(b.x(), b.y(), b.z())),
                        a + " -> " + b);
            }
        }
    }

    @Test
    void badVoxelInputIsNamed() {
        try (VoxelGrid grid = VoxelGrid.create(3, 3, 3)) {
            grid.setArea(1, 1, 1, VoxelGrid.SOLID);
            var e = assertThrows(
                    IllegalArgumentException.class,
                    () -> PathSmoother.smooth(grid, List.of(new VoxelCell(0, 0, 0), new VoxelCell(1, 1, 1))));
            assertTrue(e.getMessage().contains("solid"), e.getMessage());
            e = assertThrows(
                    IllegalArgumentException.class, () -> PathSmoother.smooth(grid, List.of(new VoxelCell(3, 0, 0))));
            assertTrue(e.getMessage().contains("outside"), e.getMessage());
        }
    }
}
