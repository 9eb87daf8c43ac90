package org.onepath.grids.voxel.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.onepath.cells.AreaCosts;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelReference;

/**
 * The hierarchy against a plain Dijkstra over every voxel ({@link VoxelReference}) on random
 * worlds of several chunks: a path exactly when the reference has one, never cheaper than the
 * optimum, every step a legal move, the reported cost the sum of the steps' costs; and edits
 * followed by a refresh give the tables of a fresh build.
 */
class VoxelHierarchyPropertyTest {

    @Provide
    Arbitrary<HierarchyWorldSetup> setups() {
        return HierarchyWorldSetup.setups();
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void findsAPathExactlyWhenOneExistsAndNeverBelowTheOptimum(@ForAll("setups") HierarchyWorldSetup s) {
        VoxelWorlds.World world = VoxelWorlds.random(s.sx(), s.sy(), s.sz(), s.defaultArea(), s.areas(), s.seed());
        VoxelReference ref = world.reference();
        List<Integer> open = ref.openNodes();
        if (open.isEmpty()) {
            return;
        }
        Random r = new Random(s.seed() ^ 0x5DEECE66DL);
        try (ChunkTable table = world.toTable();
                VoxelHierarchy hierarchy =
                        new VoxelHierarchy(table, world.toAreas(), s.connectivity(), s.rule(), s.faceSamples());
                VoxelHierarchySearch search = new VoxelHierarchySearch(hierarchy);
                VoxelHierarchySearch sliced = new VoxelHierarchySearch(hierarchy)) {
            for (int q = 0; q < 3; q++) {
                int start = open.get(r.nextInt(open.size()));
                double[] dist = ref.distancesFrom(start, s.connectivity(), s.rule(), null);
                List<Integer> goals = new ArrayList<>();
                for (int k = 0; k < 4; k++) {
                    goals.add(open.get(r.nextInt(open.size())));
                }
                for (int[] p : world.pockets()) {
                    goals.add(ref.node(p[0], p[1], p[2]));
                }
                for (int goal : goals) {
                    check(s, ref, search, start, goal, dist[goal]);
                    checkSliced(search, sliced, ref, start, goal, BUDGETS[r.nextInt(BUDGETS.length)], s);
                }
            }
        }
    }

    private static void check(
            HierarchyWorldSetup s,
            VoxelReference ref,
            VoxelHierarchySearch search,
            int start,
            int goal,
            double optimum) {
        int[] a = ref.cell(start);
        int[] b = ref.cell(goal);
        String where = s + " from " + a[0] + "," + a[1] + "," + a[2] + " to " + b[0] + "," + b[1] + "," + b[2];
        SearchStatus status = search.findPath(a[0], a[1], a[2], b[0], b[1], b[2]);
        boolean exists = optimum < Double.POSITIVE_INFINITY;
        Statistics.collect(exists ? "path" : "no path");
        assertEquals(exists ? SearchStatus.FOUND : SearchStatus.NO_PATH, status, where);
        if (!exists) {
            assertEquals(0, search.pathLength(), where);
            return;
        }
        int n = search.pathLength();
        assertEquals(start, search.pathNode(0), where);
        assertEquals(goal, search.pathNode(n - 1), where);
        int moves = s.connectivity().moves();
        double sum = 0.0;
        for (int i = 1; i < n; i++) {
            int[] p = ref.cell(search.pathNode(i - 1));
            int[] c = ref.cell(search.pathNode(i));
            int move = -1;
            for (int j = 0; j < moves; j++) {
                int[] d = VoxelReference.MOVES[j];
                if (p[0] + d[0] == c[0] && p[1] + d[1] == c[1] && p[2] + d[2] == c[2]) {
                    move = j;
                }
            }
            int step = i;
            assertTrue(move >= 0, () -> "step " + step + " is not a move; " + where);
            assertTrue(ref.legal(p[0], p[1], p[2], move, s.rule()), () -> "step " + step + " is not legal; " + where);
            sum += ref.gridCost(p[0], p[1], p[2], move);
        }
        assertEquals(sum, search.pathCost(), where);
        double slack = 1e-9 * Math.max(1.0, optimum);
        assertTrue(
                search.pathCost() >= optimum - slack,
                () -> "cost " + search.pathCost() + " below " + optimum + "; " + where);
        Statistics.label("excess").collect(search.pathCost() > optimum + slack ? "above" : "optimal");
    }

    private static final int[] BUDGETS = {1, 2, 7, 50};

    /** The same query run in slices of {@code budget} expansions gives the same answer as the whole run. */
    private static void checkSliced(
            VoxelHierarchySearch whole,
            VoxelHierarchySearch sliced,
            VoxelReference ref,
            int start,
            int goal,
            int budget,
            HierarchyWorldSetup s) {
        int[] a = ref.cell(start);
        int[] b = ref.cell(goal);
        String where = s + " sliced by " + budget;
        SearchStatus status = sliced.begin(a[0], a[1], a[2], b[0], b[1], b[2]);
        while (status == SearchStatus.RUNNING) {
            status = sliced.step(budget);
        }
        assertEquals(whole.status(), status, where);
        assertEquals(Double.doubleToLongBits(whole.pathCost()), Double.doubleToLongBits(sliced.pathCost()), where);
        assertEquals(whole.expanded(), sliced.expanded(), where);
        if (status == SearchStatus.FOUND) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(whole.path(), sliced.path(), where);
        }
    }

    @Property(tries = 60, edgeCases = EdgeCasesMode.NONE)
    void editsThenRefreshEqualAFreshBuild(@ForAll("setups") HierarchyWorldSetup s) {
        VoxelWorlds.World world = VoxelWorlds.random(s.sx(), s.sy(), s.sz(), s.defaultArea(), s.areas(), s.seed());
        Random r = new Random(s.seed() * 31 + 7);
        AreaCosts areas = world.toAreas();
        try (ChunkTable table = world.toTable();
                VoxelHierarchy edited = new VoxelHierarchy(table, areas, s.connectivity(), s.rule(), s.faceSamples())) {
            for (int round = 0; round < 3; round++) {
                for (int e = 1 + r.nextInt(40); e > 0; e--) {
                    int x = r.nextInt(s.sx());
                    int y = r.nextInt(s.sy());
                    int z = r.nextInt(s.sz());
                    if (r.nextBoolean()) {
                        // On a chunk border, where the neighbours' faces see the edit.
                        x = Math.min(s.sx() - 1, (x & ~15) + (r.nextBoolean() ? 0 : 15));
                    }
                    table.set(x, y, z, r.nextInt(3) == 0 ? 0 : r.nextBoolean() ? AreaCosts.WALL : 1);
                }
                if (r.nextInt(4) == 0) {
                    table.clear(r.nextInt(table.chunkCount()));
                }
                edited.refresh();
                try (VoxelHierarchy fresh =
                        new VoxelHierarchy(table, areas, s.connectivity(), s.rule(), s.faceSamples())) {
                    assertTrue(edited.contentEquals(fresh), () -> "after edits: " + s);
                }
            }
        }
    }
}
