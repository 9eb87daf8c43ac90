package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.voxel.VoxelReference;

/**
 * Partial paths of hex and voxel queries against the plain Dijkstras of {@link HexReference} and
 * {@link VoxelReference} and estimates written here from their definitions: with the goal walled
 * in and no budget the path ends at the reachable node of least (estimate, cost, node) (for the
 * voxel jump point search: no expanded jump point has a smaller estimate); with small budgets a
 * query that finds the goal is unchanged by the option and one that does not ends at a generated
 * node no generated node beats on the estimate; every step is a legal move and the cost the sum of
 * the steps.
 */
class PartialPathsHexVoxelPropertyTest {
    private static final double EPS = 1e-9;

    // ---- hex ----

    @Property(tries = 400, edgeCases = EdgeCasesMode.NONE)
    void hexPartialPathsEndAtTheReachedCellOfLeastEstimate(@ForAll @LongRange(min = 0) long seed) {
        HexReference.RefGrid ref = HexReference.random(seed, 14);
        SplittableRandom random = new SplittableRandom(~seed);
        int n = ref.width() * ref.height();
        boolean unreachable = random.nextBoolean();
        int goal = random.nextInt(n);
        ref.cells()[goal] = 0;
        if (unreachable) {
            for (int m : ref.neighbours(goal)) {
                ref.cells()[m] = 255;
            }
        }
        List<Integer> walkable = HexReference.walkable(ref);
        walkable.remove(Integer.valueOf(goal));
        if (walkable.isEmpty()) {
            Statistics.label("hex").collect("no start");
            return;
        }
        int start = walkable.get(random.nextInt(walkable.size()));
        int budget = unreachable && random.nextBoolean() ? 0 : 1 + random.nextInt(30);
        boolean zero = random.nextInt(4) == 0;
        HexOptions.Builder b = HexOptions.builder()
                .heuristic(zero ? HeuristicKind.ZERO : HeuristicKind.AUTO)
                .recordExpansions(true)
                .iterationBudget(budget);
        int w = ref.width();
        Cell s = new Cell(start % w, start / w);
        Cell g = new Cell(goal % w, goal / w);
        try (HexGrid grid = ref.toHexGrid()) {
            HexPath off = grid.findPath(s, g, b.allowPartial(false).build());
            HexPath on = grid.findPath(s, g, b.allowPartial(true).build());
            Supplier<String> where = () -> "seed " + seed + " " + s + " -> " + g + " budget " + budget
                    + (zero ? " zero" : "") + "\n" + ref.picture();
            assertEquals(off.iterations(), on.iterations(), where);
            assertEquals(off.expandedCells(), on.expandedCells(), where);
            if (off.status() == PathStatus.FOUND) {
                Statistics.label("hex").collect("found, unchanged");
                assertEquals(PathStatus.FOUND, on.status(), where);
                assertArrayEquals(off.cellIndices(), on.cellIndices(), where);
                assertEquals(Double.doubleToLongBits(off.cost()), Double.doubleToLongBits(on.cost()), where);
                return;
            }
            Statistics.label("hex").collect(off.status() + " -> partial");
            assertEquals(PathStatus.PARTIAL, on.status(), where);
            int[] path = on.cellIndices();
            assertEquals(start, path[0], where);
            double sum = 0;
            for (int i = 1; i < path.length; i++) {
                int p = path[i - 1];
                int c = path[i];
                assertTrue(ref.walkable(c), where);
                assertTrue(HexReference.adjacent(ref.layout(), p % w, p / w, c % w, c / w), where);
                sum += ref.moveCost(p, c);
            }
            // dyadic multipliers: every sum is exact, so the cost is compared bit for bit
            assertEquals(Double.doubleToLongBits(sum), Double.doubleToLongBits(on.cost()), where);
            int end = path[path.length - 1];
            double[] dist = ref.dijkstra(start);
            Set<Integer> reached = new HashSet<>();
            if (budget == 0) {
                for (int i = 0; i < n; i++) {
                    if (dist[i] < Double.POSITIVE_INFINITY) {
                        reached.add(i);
                    }
                }
            } else {
                reached.add(start);
                for (Cell c : on.expandedCells()) {
                    int e = c.y() * w + c.x();
                    reached.add(e);
                    for (int m : ref.neighbours(e)) {
                        reached.add(m);
                    }
                }
            }
            assertTrue(reached.contains(end), where);
            double endH = zero ? 0 : hexDistance(ref, end, goal);
            for (int c : reached) {
                double h = zero ? 0 : hexDistance(ref, c, goal);
                assertTrue(endH <= h, () -> "cell " + c + " is closer than the end " + end + "; " + where.get());
                if (budget == 0 && h == endH) {
                    // every reachable cell reached with its shortest cost: ties by cost, then cell
                    assertTrue(dist[end] < dist[c] || (dist[end] == dist[c] && end <= c), where);
                }
            }
            if (budget == 0) {
                assertEquals(Double.doubleToLongBits(dist[end]), Double.doubleToLongBits(on.cost()), where);
            }
        }
        Statistics.label("hex")
                .coverage(c -> c.check("BUDGET_EXHAUSTED -> partial").count(k -> k >= 20));
    }

    /** Steps between two cells on an empty grid, from their doubled coordinates. */
    private static int hexDistance(HexReference.RefGrid ref, int a, int b) {
        int w = ref.width();
        int[] da = HexReference.doubled(ref.layout(), a % w, a / w);
        int[] db = HexReference.doubled(ref.layout(), b % w, b / w);
        int dx = Math.abs(da[0] - db[0]);
        int dy = Math.abs(da[1] - db[1]);
        // pointy layouts double the column (steps (2, 0), (1, 1)); flat ones the row
        return ref.layout().isPointy() ? dy + Math.max(0, (dx - dy) / 2) : dx + Math.max(0, (dy - dx) / 2);
    }

    // ---- voxel ----

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void voxelPartialPathsEndAtTheReachedVoxelOfLeastEstimate(@ForAll @LongRange(min = 0) long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int sx = 2 + random.nextInt(7);
        int sy = 2 + random.nextInt(7);
        int sz = 1 + random.nextInt(6);
        VoxelReference ref =
                VoxelReference.random(sx, sy, sz, 0, random.nextInt(35), new int[] {0, 1, 2}, random.nextLong());
        boolean uniform = random.nextBoolean();
        if (!uniform) {
            ref.setMultiplier(1, 2.0);
            ref.setMultiplier(2, 0.5);
        }
        VoxelConnectivity connectivity = VoxelConnectivity.values()[random.nextInt(3)];
        VoxelCornerRule rule = VoxelCornerRule.values()[random.nextInt(VoxelCornerRule.values().length)];
        VoxelAlgorithm algorithm = random.nextBoolean() ? VoxelAlgorithm.JPS : VoxelAlgorithm.ASTAR;
        if (algorithm == VoxelAlgorithm.JPS && random.nextInt(4) > 0) {
            connectivity = VoxelConnectivity.TWENTY_SIX;
            rule = VoxelCornerRule.NO_CORNER_CUTTING;
        }
        int count = ref.count();
        int goal = random.nextInt(count);
        int[] gc = ref.cell(goal);
        ref.setArea(gc[0], gc[1], gc[2], 0);
        boolean unreachable = random.nextBoolean();
        if (unreachable) {
            for (int[] d : VoxelReference.MOVES) {
                if (ref.inside(gc[0] + d[0], gc[1] + d[1], gc[2] + d[2])) {
                    ref.setArea(gc[0] + d[0], gc[1] + d[1], gc[2] + d[2], VoxelReference.SOLID);
                }
            }
        }
        List<Integer> open = new ArrayList<>(ref.openNodes());
        open.remove(Integer.valueOf(goal));
        if (open.isEmpty()) {
            Statistics.label("voxel").collect("no start");
            return;
        }
        int start = open.get(random.nextInt(open.size()));
        int[] stc = ref.cell(start);
        int budget = unreachable && random.nextBoolean() ? 0 : 1 + random.nextInt(30);
        VoxelOptions.Builder b = VoxelOptions.builder()
                .algorithm(algorithm)
                .connectivity(connectivity)
                .cornerRule(rule)
                .recordExpansions(true)
                .iterationBudget(budget);
        VoxelCell s = new VoxelCell(stc[0], stc[1], stc[2]);
        VoxelCell g = new VoxelCell(gc[0], gc[1], gc[2]);
        final VoxelConnectivity conn = connectivity;
        final VoxelCornerRule cornerRule = rule;
        try (VoxelGrid grid = ref.toGrid(0)) {
            VoxelPath off = grid.findPath(s, g, b.allowPartial(false).build());
            VoxelPath on = grid.findPath(s, g, b.allowPartial(true).build());
            Supplier<String> where = () -> "seed " + seed + " " + s + " -> " + g + " budget " + budget + " "
                    + on.algorithm() + " " + conn + " " + cornerRule + "\n" + ref;
            assertEquals(off.algorithm(), on.algorithm(), where);
            assertEquals(off.iterations(), on.iterations(), where);
            assertEquals(off.expandedCells(), on.expandedCells(), where);
            if (off.status() == PathStatus.FOUND) {
                Statistics.label("voxel").collect("found, unchanged");
                assertEquals(PathStatus.FOUND, on.status(), where);
                assertArrayEquals(off.nodeIndices(), on.nodeIndices(), where);
                assertEquals(Double.doubleToLongBits(off.cost()), Double.doubleToLongBits(on.cost()), where);
                return;
            }
            boolean jumps = on.algorithm() == VoxelAlgorithm.JPS;
            Statistics.label("voxel").collect(off.status() + " -> partial, " + on.algorithm());
            assertEquals(PathStatus.PARTIAL, on.status(), where);
            assertFalse(on.found(), where);
            int[] path = on.nodeIndices();
            assertEquals(start, path[0], where);
            double sum = 0;
            for (int i = 1; i < path.length; i++) {
                double step = ref.moveCost(path[i - 1], path[i], conn, cornerRule);
                int at = i;
                assertFalse(Double.isNaN(step), () -> "illegal move at " + at + "; " + where.get());
                sum += step;
            }
            double total = sum;
            assertEquals(
                    sum, on.cost(), EPS * Math.max(1, sum), () -> "the sum of the steps " + total + "; " + where.get());
            int end = path[path.length - 1];
            double[] dist = ref.distancesFrom(start, conn, cornerRule, null);
            Set<Integer> candidates = new HashSet<>();
            candidates.add(start);
            for (VoxelCell c : on.expandedCells()) {
                int e = ref.node(c.x(), c.y(), c.z());
                candidates.add(e);
                if (!jumps) {
                    for (VoxelReference.Move m : ref.moves(c.x(), c.y(), c.z(), conn, cornerRule)) {
                        candidates.add(ref.node(m.x(), m.y(), m.z()));
                    }
                }
            }
            if (!jumps) {
                assertTrue(candidates.contains(end), () -> "the end " + end + " was generated; " + where.get());
                if (budget == 0) {
                    for (int i = 0; i < count; i++) {
                        assertEquals(dist[i] < Double.POSITIVE_INFINITY, candidates.contains(i), where);
                    }
                    assertEquals(dist[end], on.cost(), EPS * Math.max(1, dist[end]), where);
                }
            }
            double endH = voxelDistance(conn, ref.cell(end), gc);
            for (int c : candidates) {
                double h = voxelDistance(conn, ref.cell(c), gc);
                assertTrue(endH <= h + EPS, () -> "node " + c + " is closer than the end " + end + "; " + where.get());
                if (!jumps && budget == 0 && Math.abs(h - endH) <= EPS) {
                    assertTrue(dist[end] <= dist[c] + EPS, where);
                    if (uniform && conn == VoxelConnectivity.SIX && h == endH && dist[end] == dist[c]) {
                        assertTrue(end <= c, () -> "ties go to the smaller node; " + where.get());
                    }
                }
            }
        }
        Statistics.label("voxel").coverage(c -> {
            c.check("BUDGET_EXHAUSTED -> partial, ASTAR").count(k -> k >= 10);
            c.check("BUDGET_EXHAUSTED -> partial, JPS").count(k -> k >= 5);
            c.check("NO_PATH -> partial, JPS").count(k -> k >= 5);
            c.check("NO_PATH -> partial, ASTAR").count(k -> k >= 10);
        });
    }

    /** Empty-world distance in unit steps from voxel a to voxel b under the move set. */
    private static double voxelDistance(VoxelConnectivity connectivity, int[] a, int[] b) {
        int dx = Math.abs(a[0] - b[0]);
        int dy = Math.abs(a[1] - b[1]);
        int dz = Math.abs(a[2] - b[2]);
        int lo = Math.min(dx, Math.min(dy, dz));
        int hi = Math.max(dx, Math.max(dy, dz));
        int mid = dx + dy + dz - lo - hi;
        return switch (connectivity) {
            case SIX -> dx + dy + dz;
            // two axes at a time while two are left: mid + lo diagonal pairs at most
            case EIGHTEEN -> {
                int m = dx + dy + dz;
                int e = Math.min(m / 2, lo + mid);
                yield e * Math.sqrt(2) + (m - 2 * e);
            }
            case TWENTY_SIX -> lo * Math.sqrt(3) + (mid - lo) * Math.sqrt(2) + (hi - mid);
        };
    }
}
