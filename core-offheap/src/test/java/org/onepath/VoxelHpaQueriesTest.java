package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchySearch;
import org.onepath.query.VoxelHierarchies;

/**
 * The tier-1 {@link VoxelAlgorithm#HPA}: its option, the queries that run the exact search
 * instead and say so, the hierarchy cache (one per rules, at most eight, built lazily, never for
 * a query that does not run it), expansions, partial paths, cancellation, the async and many-goal
 * forms, edits, restores and tables installed by a store.
 */
class VoxelHpaQueriesTest {
    private static final VoxelOptions HPA =
            VoxelOptions.builder().algorithm(VoxelAlgorithm.HPA).build();

    /** 3 x 2 x 2 chunks: walls on chunk borders with small holes, noise, an uneven edge. */
    private static VoxelGrid rooms(long seed) {
        VoxelGrid grid = VoxelGrid.create(41, 30, 20);
        Random r = new Random(seed);
        for (int z = 0; z < 20; z++) {
            for (int y = 0; y < 30; y++) {
                grid.setWalkable(16, y, z, false);
                grid.setWalkable(32, y, z, y % 7 == 3 && z % 5 == 2);
            }
        }
        grid.setWalkable(16, 4, 4, true);
        grid.setWalkable(16, 22, 12, true);
        for (int i = 0; i < 900; i++) {
            int x = 17 + r.nextInt(15);
            grid.setWalkable(x, r.nextInt(30), r.nextInt(20), false);
        }
        return grid;
    }

    private static VoxelCell open(VoxelGrid grid, Random r) {
        while (true) {
            VoxelCell c = new VoxelCell(r.nextInt(grid.sizeX()), r.nextInt(grid.sizeY()), r.nextInt(grid.sizeZ()));
            if (grid.isWalkable(c.x(), c.y(), c.z())) {
                return c;
            }
        }
    }

    private static void assertSamePath(VoxelPath expected, VoxelPath actual, String where) {
        assertEquals(expected.status(), actual.status(), where);
        assertEquals(expected.algorithm(), actual.algorithm(), where);
        assertEquals(Double.doubleToLongBits(expected.cost()), Double.doubleToLongBits(actual.cost()), where);
        assertEquals(expected.cells(), actual.cells(), where);
        assertEquals(expected.expandedCount(), actual.expandedCount(), where);
        assertEquals(expected.iterations(), actual.iterations(), where);
    }

    private static boolean isClosed(VoxelHierarchy h) {
        try {
            h.directoryBytes();
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    @Test
    void theFaceSamplesDefaultToThreeAndAreChecked() {
        assertEquals(3, VoxelOptions.DEFAULT.hierarchyFaceSamples());
        assertEquals(VoxelHierarchy.DEFAULT_FACE_SAMPLES, VoxelOptions.DEFAULT_HIERARCHY_FACE_SAMPLES);
        VoxelOptions sixteen = HPA.toBuilder().hierarchyFaceSamples(16).build();
        assertEquals(16, sixteen.toBuilder().build().hierarchyFaceSamples());
        assertEquals(1, HPA.toBuilder().hierarchyFaceSamples(1).build().hierarchyFaceSamples());
        assertTrue(sixteen.toString().contains("HPA, faceSamples 16"), sixteen.toString());
        for (int bad : new int[] {0, 17, -3}) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> VoxelOptions.builder().hierarchyFaceSamples(bad));
            assertTrue(e.getMessage().contains("1..16, was " + bad), e.getMessage());
        }
    }

    @Test
    void queriesTheHierarchyCannotServeRunTheExactSearchAndSaySo() {
        try (VoxelGrid grid = rooms(1)) {
            Random r = new Random(2);
            VoxelCell a = open(grid, r);
            VoxelCell b = open(grid, r);
            List<VoxelOptions> exact = List.of(
                    HPA.toBuilder().cornerRule(VoxelCornerRule.ALLOW_ALL).build(),
                    HPA.toBuilder()
                            .connectivity(VoxelConnectivity.EIGHTEEN)
                            .cornerRule(VoxelCornerRule.ALLOW_ALL)
                            .build(),
                    HPA.toBuilder()
                            .stepCost((fx, fy, fz, tx, ty, tz, base) -> base)
                            .build(),
                    HPA.toBuilder().blocked((x, y, z) -> false).build());
            for (VoxelOptions o : exact) {
                VoxelPath path = grid.findPath(a, b, o);
                // Whatever refuses the hierarchy here refuses jump point search too.
                VoxelPath astar = grid.findPath(
                        a, b, o.toBuilder().algorithm(VoxelAlgorithm.ASTAR).build());
                assertEquals(VoxelAlgorithm.ASTAR, path.algorithm(), o.toString());
                assertSamePath(astar, path, o.toString());
            }
            assertTrue(grid.derived().hierarchies().isEmpty(), "nothing built for queries that do not run it");
            // A refused end says what would have run, and builds nothing either.
            VoxelPath refused = grid.findPath(new VoxelCell(16, 0, 0), b, HPA);
            assertEquals(PathStatus.START_INVALID, refused.status());
            assertEquals(VoxelAlgorithm.HPA, refused.algorithm());
            assertTrue(refused.toString().contains("HPA"), refused.toString());
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(a, new VoxelCell(99, 0, 0), HPA).status());
            assertTrue(grid.derived().hierarchies().isEmpty());

            // Six moves take any rule; the weight is not read; any area costs are served.
            VoxelOptions six = HPA.toBuilder()
                    .connectivity(VoxelConnectivity.SIX)
                    .cornerRule(VoxelCornerRule.ALLOW_ALL)
                    .build();
            assertEquals(VoxelAlgorithm.HPA, grid.findPath(a, b, six).algorithm());
            VoxelPath plain = grid.findPath(a, b, HPA);
            assertEquals(VoxelAlgorithm.HPA, plain.algorithm());
            for (double weight : new double[] {0.0, 1.5, 4.0}) {
                VoxelPath weighted = grid.findPath(
                        a, b, HPA.toBuilder().heuristicWeight(weight).build());
                assertSamePath(plain, weighted, "weight " + weight);
            }
            grid.setArea(a.x(), a.y(), a.z(), 7);
            grid.areas().set(7, 3.0);
            VoxelPath areas = grid.findPath(a, b, HPA);
            assertEquals(VoxelAlgorithm.HPA, areas.algorithm());
            assertTrue(areas.cost() >= grid.findPath(a, b).cost() - 1e-9);
            assertEquals(2, grid.derived().hierarchies().size());
        }
    }

    @Test
    void theGridKeepsOneHierarchyPerRulesAndAtMostEight() {
        try (VoxelGrid grid = rooms(3)) {
            VoxelCell a = new VoxelCell(1, 1, 1);
            VoxelCell b = new VoxelCell(40, 28, 18);
            List<VoxelOptions> nine = new ArrayList<>();
            for (VoxelConnectivity c : VoxelConnectivity.values()) {
                for (VoxelCornerRule rule : List.of(VoxelCornerRule.NO_CORNER_CUTTING, VoxelCornerRule.NO_SQUEEZING)) {
                    nine.add(HPA.toBuilder().connectivity(c).cornerRule(rule).build());
                }
            }
            nine.add(HPA.toBuilder().hierarchyFaceSamples(1).build());
            nine.add(HPA.toBuilder().hierarchyFaceSamples(5).build());
            nine.add(HPA.toBuilder().hierarchyFaceSamples(2).build());
            for (int i = 0; i < 8; i++) {
                assertEquals(
                        VoxelAlgorithm.HPA, grid.findPath(a, b, nine.get(i)).algorithm());
            }
            List<VoxelHierarchy> eight = grid.derived().hierarchies();
            assertEquals(VoxelHierarchies.MAX_HIERARCHIES, eight.size());
            // The same rules again reuse theirs, even through another options object.
            grid.findPath(a, b, nine.get(3).toBuilder().build());
            assertEquals(eight, grid.derived().hierarchies());
            VoxelHierarchy first = eight.getFirst();
            assertEquals(VoxelConnectivity.SIX, first.connectivity());
            grid.findPath(a, b, nine.get(8));
            List<VoxelHierarchy> after = grid.derived().hierarchies();
            assertEquals(8, after.size());
            assertTrue(isClosed(first), "the oldest is closed to make room");
            assertSame(eight.get(1), after.getFirst());
            assertEquals(2, after.getLast().faceSamples());
            // The evicted rules are built again when asked.
            assertTrue(grid.findPath(a, b, nine.getFirst()).found());
            assertFalse(grid.derived().hierarchies().contains(first));
        }
    }

    @Test
    void expansionsAreNotRecordedAndPartialPathsEndAtAReachedVoxel() {
        try (VoxelGrid grid = rooms(5)) {
            VoxelCell a = new VoxelCell(2, 3, 4);
            grid.setWalkable(2, 3, 4, true);
            VoxelPath plain = grid.findPath(a, new VoxelCell(40, 29, 19), HPA);
            VoxelPath recorded = grid.findPath(
                    a,
                    new VoxelCell(40, 29, 19),
                    HPA.toBuilder().recordExpansions(true).build());
            assertSamePath(plain, recorded, "recording changes nothing");
            assertFalse(recorded.hasExpandedCells());
            assertTrue(recorded.expandedCells().isEmpty());

            // A goal walled in on every side: no path, and a partial one with the option.
            VoxelCell goal = new VoxelCell(38, 15, 10);
            for (int dz = -1; dz <= 1; dz++) {
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        grid.setWalkable(goal.x() + dx, goal.y() + dy, goal.z() + dz, dx == 0 && dy == 0 && dz == 0);
                    }
                }
            }
            VoxelPath none = grid.findPath(a, goal, HPA);
            assertEquals(PathStatus.NO_PATH, none.status());
            VoxelPath partial =
                    grid.findPath(a, goal, HPA.toBuilder().allowPartial(true).build());
            assertEquals(PathStatus.PARTIAL, partial.status());
            assertEquals(VoxelAlgorithm.HPA, partial.algorithm());
            assertEquals(none.iterations(), partial.iterations());
            assertEquals(a, partial.cells().getFirst());
            VoxelCell end = partial.cells().getLast();
            assertTrue(grid.isWalkable(end.x(), end.y(), end.z()));
            assertTrue(end.x() > 32, "the partial path gets past the walls towards the goal: " + end);
            double sum = 0;
            List<VoxelCell> cells = partial.cells();
            for (int i = 1; i < cells.size(); i++) {
                VoxelCell p = cells.get(i - 1);
                VoxelCell c = cells.get(i);
                int axes = (p.x() != c.x() ? 1 : 0) + (p.y() != c.y() ? 1 : 0) + (p.z() != c.z() ? 1 : 0);
                assertTrue(
                        Math.abs(p.x() - c.x()) <= 1 && Math.abs(p.y() - c.y()) <= 1 && Math.abs(p.z() - c.z()) <= 1);
                sum += axes == 1 ? 1.0 : axes == 2 ? Math.sqrt(2.0) : Math.sqrt(3.0);
            }
            assertEquals(sum, partial.cost(), 1e-9);
            // A found query is the same with the option.
            assertSamePath(
                    plain,
                    grid.findPath(
                            a,
                            new VoxelCell(40, 29, 19),
                            HPA.toBuilder().allowPartial(true).build()),
                    "found with allowPartial");
        }
    }

    @Test
    void aCancelledTokenBuildsNothingAndLaterQueriesAreExact() {
        try (VoxelGrid grid = rooms(7)) {
            VoxelCell a = new VoxelCell(1, 1, 1);
            VoxelCell b = new VoxelCell(40, 28, 18);
            Cancellation cancelled = new Cancellation();
            cancelled.cancel();
            assertThrows(CancellationException.class, () -> grid.findPath(a, b, HPA, cancelled));
            assertTrue(grid.derived().hierarchies().isEmpty(), "a cancelled first query keeps no hierarchy");
            assertTrue(grid.findPathAsync(a, b, HPA, cancelled, Runnable::run).isCompletedExceptionally());
            VoxelPath whole = grid.findPath(a, b, HPA);
            assertThrows(CancellationException.class, () -> grid.findPath(a, b, HPA, cancelled));
            assertSamePath(whole, grid.findPath(a, b, HPA, new Cancellation()), "after a cancelled query");
            assertEquals(1, grid.derived().hierarchies().size());
        }
    }

    @Test
    void theAsyncFormEqualsTheQueryHoweverItIsSliced() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        // 10 x 10 x 3 chunks, open but for a solid plate and a goal walled in: a query towards the
        // goal expands every abstract node it reaches, more than one slice of them.
        try (VoxelGrid grid = VoxelGrid.create(160, 160, 48)) {
            for (int y = 48; y < 64; y++) {
                for (int x = 48; x < 64; x++) {
                    grid.setWalkable(x, y, 20, false);
                }
            }
            VoxelCell walledIn = new VoxelCell(150, 150, 40);
            for (int dz = -1; dz <= 1; dz++) {
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        grid.setWalkable(150 + dx, 150 + dy, 40 + dz, dx == 0 && dy == 0 && dz == 0);
                    }
                }
            }
            Random r = new Random(12);
            VoxelOptions partial = HPA.toBuilder().allowPartial(true).build();
            int longQueries = 0;
            for (int q = 0; q < 6; q++) {
                VoxelCell a = open(grid, r);
                VoxelCell b = q < 2 ? walledIn : open(grid, r);
                for (VoxelOptions options : List.of(HPA, partial)) {
                    VoxelPath sync = grid.findPath(a, b, options);
                    VoxelPath async =
                            grid.findPathAsync(a, b, options, null, pool).get(60, TimeUnit.SECONDS);
                    VoxelPath direct = grid.findPathAsync(a, b, options).getNow(null);
                    String where = a + " -> " + b + " " + options;
                    assertSamePath(sync, async, where);
                    assertSamePath(sync, direct, where);
                    longQueries += sync.iterations() > VoxelOptions.ITERATIONS_PER_SLICE ? 1 : 0;
                    if (q < 2) {
                        assertEquals(options == HPA ? PathStatus.NO_PATH : PathStatus.PARTIAL, sync.status(), where);
                    }
                }
            }
            assertTrue(longQueries >= 4, "the walled-in goal takes more than one slice: " + longQueries);
            assertTrue(grid.findPathAsync(
                            new VoxelCell(0, 0, 0),
                            new VoxelCell(1, 1, 1),
                            HPA.toBuilder().recordExpansions(true).build())
                    .isCompletedExceptionally());
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void theTierTwoSearchAllocatesNothingOnceGrown() {
        try (VoxelGrid grid = rooms(9)) {
            Random r = new Random(10);
            int[] pairs = new int[32];
            for (int i = 0; i < pairs.length; ) {
                VoxelCell a = open(grid, r);
                VoxelCell b = open(grid, r);
                if (grid.findPath(a, b, HPA).found()) {
                    pairs[i++] = grid.indexOf(a.x(), a.y(), a.z());
                    pairs[i++] = grid.indexOf(b.x(), b.y(), b.z());
                }
            }
            int[] path = new int[grid.voxelCount()];
            long overhead = HostApiAllocationTest.overhead();
            try (VoxelHierarchySearch search =
                    new VoxelHierarchySearch(grid.derived().hierarchies().getFirst())) {
                long sink = 0;
                // As HostApiAllocationTest: the least of the later rounds, since a round may see
                // the JIT's own work; code that allocates allocates in every round.
                long least = Long.MAX_VALUE;
                for (int round = 0; round < 8 && least != 0; round++) {
                    long before = HostApiAllocationTest.allocatedBytes();
                    for (int i = 0; i < pairs.length; i += 2) {
                        search.begin(pairs[i], pairs[i + 1]);
                        while (search.step(3) == SearchStatus.RUNNING) {
                            sink++;
                        }
                        sink += search.copyPath(path);
                    }
                    long allocated = HostApiAllocationTest.allocatedBytes() - before - overhead;
                    if (round >= 2) {
                        least = Math.min(least, allocated);
                    }
                }
                assertEquals(0, least, "allocated over " + pairs.length / 2 + " queries (sink " + sink + ")");
            }
        }
    }

    @Test
    void manyGoalsRunTheExactSearchAndBuildNothing() {
        try (VoxelGrid grid = rooms(13)) {
            Random r = new Random(14);
            VoxelCell start = open(grid, r);
            List<VoxelCell> goals = List.of(open(grid, r), open(grid, r), open(grid, r));
            VoxelPath hpa = grid.findPath(start, goals, HPA);
            assertEquals(VoxelAlgorithm.JPS, hpa.algorithm(), "26 moves, no corner cutting, one cost: JPS");
            assertSamePath(grid.findPath(start, goals, VoxelOptions.JUMP_POINTS), hpa, "as JPS");
            VoxelOptions eighteen =
                    HPA.toBuilder().connectivity(VoxelConnectivity.EIGHTEEN).build();
            VoxelPath astar = grid.findPath(start, goals, eighteen);
            assertEquals(VoxelAlgorithm.ASTAR, astar.algorithm());
            assertSamePath(
                    grid.findPath(
                            start,
                            goals,
                            VoxelOptions.builder()
                                    .connectivity(VoxelConnectivity.EIGHTEEN)
                                    .build()),
                    astar,
                    "as A*");
            assertTrue(grid.derived().hierarchies().isEmpty());
        }
    }

    @Test
    void editsAreSeenByTheNextQueryAsOnAFreshGrid() {
        try (VoxelGrid grid = rooms(17);
                VoxelGrid copy = rooms(17)) {
            Random r = new Random(18);
            VoxelCell a = open(grid, r);
            VoxelCell b = open(grid, r);
            grid.findPath(a, b, HPA);
            VoxelHierarchy kept = grid.derived().hierarchies().getFirst();
            for (int e = 0; e < 200; e++) {
                int x = r.nextInt(41);
                int y = r.nextInt(30);
                int z = r.nextInt(20);
                if (x % 16 == 0 || r.nextBoolean()) {
                    int area = r.nextInt(3) == 0 ? 0 : VoxelGrid.SOLID;
                    if (!(x == a.x() && y == a.y() && z == a.z()) && !(x == b.x() && y == b.y() && z == b.z())) {
                        grid.setArea(x, y, z, area);
                        copy.setArea(x, y, z, area);
                    }
                }
            }
            grid.areas().set(0, 1.25);
            copy.areas().set(0, 1.25);
            VoxelPath edited = grid.findPath(a, b, HPA);
            VoxelPath fresh = copy.findPath(a, b, HPA);
            assertSame(kept, grid.derived().hierarchies().getFirst(), "the hierarchy follows the edits in place");
            assertSamePath(fresh, edited, "after edits");
            assertTrue(kept.contentEquals(copy.derived().hierarchies().getFirst()));
        }
    }

    @Test
    void aRestoreLeavesTheHierarchiesEqualToAFreshBuild() {
        try (VoxelGrid grid = rooms(19)) {
            Random r = new Random(20);
            byte[] older = grid.saveState();
            VoxelCell a = new VoxelCell(1, 2, 3);
            VoxelCell b = new VoxelCell(39, 27, 17);
            // Other voxels: the wall's holes closed, one opened elsewhere, a chunk cleared of noise.
            grid.setWalkable(16, 4, 4, false);
            grid.setWalkable(16, 22, 12, false);
            grid.setWalkable(16, 10, 10, true);
            for (int e = 0; e < 300; e++) {
                grid.setWalkable(17 + r.nextInt(15), r.nextInt(30), r.nextInt(20), true);
            }
            for (VoxelCell c : List.of(a, b)) {
                grid.setWalkable(c.x(), c.y(), c.z(), true);
            }
            grid.findPath(a, b, HPA);
            grid.findPath(a, b, HPA.toBuilder().hierarchyFaceSamples(2).build());
            List<VoxelHierarchy> before = grid.derived().hierarchies();

            grid.restoreState(MemorySegment.ofArray(older));
            grid.setWalkable(a.x(), a.y(), a.z(), true);
            grid.setWalkable(b.x(), b.y(), b.z(), true);
            VoxelPath restored = grid.findPath(a, b, HPA);
            assertEquals(before, grid.derived().hierarchies(), "same area costs: the hierarchies are kept");
            assertFreshBuildEquals(grid, before.getFirst());
            try (VoxelGrid original = VoxelGrid.fromState(older)) {
                original.setWalkable(a.x(), a.y(), a.z(), true);
                original.setWalkable(b.x(), b.y(), b.z(), true);
                assertSamePath(original.findPath(a, b, HPA), restored, "restored");
            }
            grid.findPath(a, b, HPA.toBuilder().hierarchyFaceSamples(2).build());
            assertFreshBuildEquals(grid, before.get(1));
        }
    }

    @Test
    void aRestoreOfOtherAreaCostsUnderTheSameVersionRebuilds() {
        try (VoxelGrid grid = rooms(21);
                VoxelGrid other = rooms(21)) {
            VoxelCell a = new VoxelCell(1, 2, 3);
            VoxelCell b = new VoxelCell(39, 27, 17);
            for (VoxelGrid g : List.of(grid, other)) {
                g.setWalkable(a.x(), a.y(), a.z(), true);
                g.setWalkable(b.x(), b.y(), b.z(), true);
                for (int x = 0; x < 16; x++) {
                    g.setArea(x, 2, 3, 1);
                }
            }
            grid.areas().set(1, 1.5);
            other.areas().set(1, 2.5);
            assertEquals(grid.areas().version(), other.areas().version());
            byte[] otherState = other.saveState();
            grid.findPath(a, b, HPA);
            VoxelHierarchy first = grid.derived().hierarchies().getFirst();
            grid.restoreState(MemorySegment.ofArray(otherState));
            assertEquals(other.areas().version(), grid.areas().version(), "the version repeats");
            assertTrue(isClosed(first), "made with other multipliers: dropped");
            VoxelPath restored = grid.findPath(a, b, HPA);
            VoxelHierarchy second = grid.derived().hierarchies().getFirst();
            assertNotSame(first, second);
            assertFreshBuildEquals(grid, second);
            assertSamePath(other.findPath(a, b, HPA), restored, "as the grid the state came from");

            // A grid read from a state starts without hierarchies and builds its own.
            try (VoxelGrid read = VoxelGrid.fromState(otherState)) {
                assertTrue(read.derived().hierarchies().isEmpty());
                assertSamePath(restored, read.findPath(a, b, HPA), "fromState");
            }
        }
    }

    /** The grid's hierarchy holds the tables a new build over its voxels and costs holds. */
    private static void assertFreshBuildEquals(VoxelGrid grid, VoxelHierarchy kept) {
        try (VoxelHierarchy fresh = new VoxelHierarchy(
                grid.chunkTable(), grid.areas(), kept.connectivity(), kept.cornerRule(), kept.faceSamples())) {
            assertTrue(kept.contentEquals(fresh), "the kept hierarchy equals a fresh build");
        }
    }

    @Test
    void concurrentQueriesGiveTheSequentialAnswers() throws Exception {
        try (VoxelGrid grid = rooms(23)) {
            Random r = new Random(24);
            List<VoxelCell[]> pairs = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                pairs.add(new VoxelCell[] {open(grid, r), open(grid, r)});
            }
            // Edited after the hierarchy was built: the first concurrent queries all need its refresh.
            grid.findPath(pairs.getFirst()[0], pairs.getFirst()[1], HPA);
            grid.setWalkable(16, 4, 4, false);
            grid.setWalkable(16, 9, 9, true);
            List<VoxelPath> expected = new ArrayList<>();
            try (VoxelGrid copy = rooms(23)) {
                copy.setWalkable(16, 4, 4, false);
                copy.setWalkable(16, 9, 9, true);
                for (VoxelCell[] p : pairs) {
                    expected.add(copy.findPath(p[0], p[1], HPA));
                }
            }
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<VoxelPath>> answers = new ArrayList<>();
                for (VoxelCell[] p : pairs) {
                    answers.add(pool.submit(() -> grid.findPath(p[0], p[1], HPA)));
                }
                for (int i = 0; i < pairs.size(); i++) {
                    assertSamePath(expected.get(i), answers.get(i).get(60, TimeUnit.SECONDS), "query " + i);
                }
            } finally {
                pool.shutdown();
            }
        }
    }

    @Test
    @SuppressWarnings("try") // closes the grid inside its try on purpose, to see what it closes
    void installedTablesAreSearchedInPlaceAndOwnedByTheGrid() {
        try (Arena arena = Arena.ofConfined();
                VoxelGrid built = rooms(25)) {
            VoxelCell a = new VoxelCell(1, 2, 3);
            VoxelCell b = new VoxelCell(39, 27, 17);
            built.setWalkable(a.x(), a.y(), a.z(), true);
            built.setWalkable(b.x(), b.y(), b.z(), true);
            VoxelPath expected = built.findPath(a, b, HPA);
            VoxelHierarchy source = built.derived().hierarchies().getFirst();
            MemorySegment dir = arena.allocate(source.directoryBytes(), 8);
            MemorySegment blocks = arena.allocate(source.blockBytes(), 8);
            source.exportTables(dir, blocks);
            MemorySegment dirCopy = arena.allocate(dir.byteSize(), 8).copyFrom(dir);
            MemorySegment blocksCopy = arena.allocate(blocks.byteSize(), 8).copyFrom(blocks);

            // A store's world: its own chunk table holding the same voxels, the tables read in place.
            ChunkTable table = copyOf(built);
            VoxelHierarchy installed;
            try (VoxelGrid world = VoxelGrid.over(table)) {
                installed = VoxelHierarchy.over(
                        table,
                        world.areas(),
                        VoxelConnectivity.TWENTY_SIX,
                        VoxelCornerRule.NO_CORNER_CUTTING,
                        3,
                        dir.asReadOnly(),
                        blocks.asReadOnly());
                world.installHierarchy(installed);
                assertSamePath(expected, world.findPath(a, b, HPA), "over the installed tables");
                assertEquals(List.of(installed), world.derived().hierarchies(), "searched, not rebuilt");
                world.installHierarchy(installed); // the same one again changes nothing
                assertEquals(List.of(installed), world.derived().hierarchies());

                // An edit: the hierarchy copies the tables into its own memory and follows.
                world.setWalkable(16, 4, 4, false);
                built.setWalkable(16, 4, 4, false);
                assertSamePath(built.findPath(a, b, HPA), world.findPath(a, b, HPA), "after an edit");
                assertTrue(installed.contentEquals(built.derived().hierarchies().getFirst()));
                assertEquals(-1, dir.mismatch(dirCopy), "the caller's directory is never written");
                assertEquals(-1, blocks.mismatch(blocksCopy), "nor its blocks");

                // Refused: another chunk table, other area costs.
                try (ChunkTable elsewhere = copyOf(built);
                        VoxelHierarchy foreign = new VoxelHierarchy(
                                elsewhere,
                                world.areas(),
                                VoxelConnectivity.TWENTY_SIX,
                                VoxelCornerRule.NO_CORNER_CUTTING);
                        VoxelHierarchy otherCosts = new VoxelHierarchy(
                                table,
                                new AreaCosts(),
                                VoxelConnectivity.TWENTY_SIX,
                                VoxelCornerRule.NO_CORNER_CUTTING)) {
                    IllegalArgumentException e =
                            assertThrows(IllegalArgumentException.class, () -> world.installHierarchy(foreign));
                    assertTrue(e.getMessage().contains("chunk table"), e.getMessage());
                    e = assertThrows(IllegalArgumentException.class, () -> world.installHierarchy(otherCosts));
                    assertTrue(e.getMessage().contains("area costs"), e.getMessage());
                }

                // Another of the same rules replaces it, and the grid closes the one it replaced.
                VoxelHierarchy second = new VoxelHierarchy(
                        table, world.areas(), VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING);
                world.installHierarchy(second);
                assertTrue(isClosed(installed));
                assertEquals(List.of(second), world.derived().hierarchies());
                world.close();
                assertTrue(isClosed(second), "closed with the grid");
                assertThrows(IllegalStateException.class, () -> world.installHierarchy(second));
            }
        }
    }

    /** A chunk table of the grid's voxels, made apart from it (as a store maps its own). */
    private static ChunkTable copyOf(VoxelGrid grid) {
        ChunkTable table = new ChunkTable(grid.sizeX(), grid.sizeY(), grid.sizeZ(), grid.defaultArea());
        for (int z = 0; z < grid.sizeZ(); z++) {
            for (int y = 0; y < grid.sizeY(); y++) {
                for (int x = 0; x < grid.sizeX(); x++) {
                    table.set(x, y, z, grid.area(x, y, z));
                }
            }
        }
        return table;
    }
}
