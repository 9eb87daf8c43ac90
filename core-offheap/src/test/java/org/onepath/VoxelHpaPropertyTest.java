package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.statistics.Statistics;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.grids.voxel.VoxelReference;
import org.onepath.grids.voxel.hierarchy.HierarchyWorldSetup;

/**
 * {@link VoxelAlgorithm#HPA} at tier 1 against a plain Dijkstra over every voxel
 * ({@link VoxelReference}) on random worlds of several chunks ({@link VoxelChunkWorlds}: chunk
 * borders, uniform chunks, walls with single-voxel openings, walled-in goals): it runs, finds a
 * path exactly when the Dijkstra (and A*) does, never cheaper than the optimum, every step a legal
 * move and the cost the sum of the steps. For one goal per start also: a budget below the whole
 * run's iterations stops it (PARTIAL with {@code allowPartial}, a legal path from the start), a
 * budget of exactly those iterations does not, and the sliced forms (a token's slices,
 * {@code findPathAsync} with each slice on a pool thread) give the whole run's answer bit for bit.
 */
class VoxelHpaPropertyTest {
    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);

    @AfterContainer
    static void shutDown() throws InterruptedException {
        POOL.shutdown();
        POOL.awaitTermination(10, TimeUnit.SECONDS);
    }

    @Provide
    Arbitrary<HierarchyWorldSetup> setups() {
        return HierarchyWorldSetup.setups();
    }

    @Property(tries = 40, edgeCases = EdgeCasesMode.NONE)
    void hpaFindsAPathExactlyWhenOneExistsNeverBelowTheOptimum(@ForAll("setups") HierarchyWorldSetup s)
            throws Exception {
        VoxelChunkWorlds.World world =
                VoxelChunkWorlds.random(s.sx(), s.sy(), s.sz(), s.defaultArea(), s.areas(), s.seed());
        List<VoxelCell> open = world.open();
        if (open.isEmpty()) {
            return;
        }
        VoxelOptions exact = VoxelOptions.builder()
                .connectivity(s.connectivity())
                .cornerRule(s.rule())
                .build();
        VoxelOptions hpa = exact.toBuilder()
                .algorithm(VoxelAlgorithm.HPA)
                .hierarchyFaceSamples(s.faceSamples())
                .build();
        Random r = new Random(s.seed() ^ 0x9E3779B97F4A7C15L);
        try (VoxelGrid grid = world.toGrid()) {
            for (int q = 0; q < 3; q++) {
                VoxelCell start = open.get(r.nextInt(open.size()));
                double[] dist = world.reference().distancesFrom(world.node(start), s.connectivity(), s.rule(), null);
                List<VoxelCell> goals = new ArrayList<>();
                for (int k = 0; k < 3; k++) {
                    goals.add(open.get(r.nextInt(open.size())));
                }
                goals.addAll(world.pockets());
                int sliced = r.nextInt(goals.size());
                for (int i = 0; i < goals.size(); i++) {
                    VoxelCell goal = goals.get(i);
                    String where = s + ": " + start + " -> " + goal;
                    VoxelPath path = grid.findPath(start, goal, hpa);
                    check(
                            world,
                            s,
                            start,
                            goal,
                            dist[world.node(goal)],
                            path,
                            grid.findPath(start, goal, exact),
                            where);
                    if (i == sliced) {
                        checkSlicedAndBudgets(world, grid, hpa, start, goal, path, r, where);
                    }
                }
            }
        }
    }

    private static void check(
            VoxelChunkWorlds.World world,
            HierarchyWorldSetup s,
            VoxelCell start,
            VoxelCell goal,
            double optimum,
            VoxelPath path,
            VoxelPath astar,
            String where) {
        assertEquals(VoxelAlgorithm.HPA, path.algorithm(), where);
        if (!world.reference().open(goal.x(), goal.y(), goal.z())) {
            assertEquals(PathStatus.GOAL_INVALID, path.status(), where);
            return;
        }
        boolean exists = optimum < Double.POSITIVE_INFINITY;
        Statistics.collect(exists ? "path" : "no path");
        assertEquals(exists ? PathStatus.FOUND : PathStatus.NO_PATH, path.status(), where);
        assertEquals(astar.status(), path.status(), where + ": found exactly when A* finds");
        if (!exists) {
            assertEquals(0, path.length(), where);
            assertEquals(Double.POSITIVE_INFINITY, path.cost(), where);
            return;
        }
        VoxelChunkWorlds.checkSteps(world.reference(), path, start, goal, s.connectivity(), s.rule(), where);
        double slack = 1e-9 * Math.max(1.0, optimum);
        assertTrue(path.cost() >= optimum - slack, where + ": cost " + path.cost() + " below the optimum " + optimum);
        assertTrue(path.cost() >= astar.cost() - slack, where + ": cost below A*'s " + astar.cost());
        Statistics.label("excess").collect(path.cost() > optimum + slack ? "above" : "optimal");
    }

    /** The same query in slices, and under budgets around the whole run's iterations. */
    private static void checkSlicedAndBudgets(
            VoxelChunkWorlds.World world,
            VoxelGrid grid,
            VoxelOptions hpa,
            VoxelCell start,
            VoxelCell goal,
            VoxelPath whole,
            Random r,
            String where)
            throws Exception {
        VoxelPath tokened = grid.findPath(start, goal, hpa, new Cancellation());
        same(whole, tokened, where + ", with a token");
        VoxelPath async = grid.findPathAsync(start, goal, hpa, null, POOL).get(30, TimeUnit.SECONDS);
        same(whole, async, where + ", findPathAsync");
        if (whole.status() != PathStatus.FOUND && whole.status() != PathStatus.NO_PATH) {
            return;
        }
        VoxelPath enough = grid.findPath(
                start, goal, hpa.toBuilder().iterationBudget(whole.iterations()).build());
        same(whole, enough, where + ", budget of the whole run's iterations");
        if (whole.iterations() < 2) {
            return;
        }
        int budget = 1 + r.nextInt(whole.iterations() - 1);
        VoxelPath cut = grid.findPath(
                start, goal, hpa.toBuilder().iterationBudget(budget).build());
        assertEquals(PathStatus.BUDGET_EXHAUSTED, cut.status(), where + ", budget " + budget);
        assertEquals(budget, cut.iterations(), where + ", budget " + budget);
        VoxelPath partial = grid.findPath(
                start,
                goal,
                hpa.toBuilder().iterationBudget(budget).allowPartial(true).build());
        assertEquals(PathStatus.PARTIAL, partial.status(), where + ", partial within budget " + budget);
        assertEquals(cut.iterations(), partial.iterations(), where + ": the option does not change the search");
        VoxelCell end = partial.cells().getLast();
        VoxelChunkWorlds.checkSteps(
                world.reference(), partial, start, end, hpa.connectivity(), hpa.cornerRule(), where);
    }

    private static void same(VoxelPath expected, VoxelPath actual, String where) {
        assertEquals(expected.status(), actual.status(), where);
        assertEquals(expected.algorithm(), actual.algorithm(), where);
        assertEquals(Double.doubleToLongBits(expected.cost()), Double.doubleToLongBits(actual.cost()), where);
        assertEquals(expected.cells(), actual.cells(), where);
        assertEquals(expected.iterations(), actual.iterations(), where);
        assertEquals(expected.expandedCount(), actual.expandedCount(), where);
    }
}
