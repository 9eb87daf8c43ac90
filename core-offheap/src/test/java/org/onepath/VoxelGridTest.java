package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.cells.VoxelBlocker;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.cells.VoxelStepCost;
import org.onepath.grids.voxel.VoxelReference;

/** Tier-1 behaviour of {@link VoxelGrid}: queries, world points, edits, listeners, delegates and lifecycle. */
class VoxelGridTest {
    private static final double S2 = 1.4142135623730951;
    private static final double S3 = 1.7320508075688772;

    private static VoxelCell cell(int x, int y, int z) {
        return new VoxelCell(x, y, z);
    }

    private static void assertNotFound(PathStatus expected, VoxelPath path, String where) {
        assertEquals(expected, path.status(), where);
        assertFalse(path.found(), where);
        assertEquals(0, path.length(), where);
        assertTrue(path.cells().isEmpty(), where);
        assertTrue(path.points().isEmpty(), where);
        assertEquals(0, path.nodeIndices().length, where);
        assertEquals(Double.POSITIVE_INFINITY, path.cost(), where);
    }

    // ---- endpoints ----

    @Test
    void invalidEndpointsGiveStatusesNotExceptions() {
        try (VoxelGrid grid = VoxelGrid.create(5, 6, 7)) {
            grid.setWalkable(2, 2, 2, false);
            VoxelOptions blocking = VoxelOptions.builder()
                    .blocked((x, y, z) -> x == 1 && y == 1 && z == 1)
                    .build();
            VoxelCell ok = cell(0, 0, 0);
            VoxelCell ok2 = cell(4, 5, 6);
            Map<String, VoxelCell> bad = new LinkedHashMap<>();
            bad.put("x -1", cell(-1, 0, 0));
            bad.put("x = sizeX", cell(5, 0, 0));
            bad.put("y = sizeY", cell(0, 6, 0));
            bad.put("z = sizeZ", cell(0, 0, 7));
            bad.put("z -1", cell(0, 0, -1));
            bad.put("far away", cell(Integer.MIN_VALUE, Integer.MAX_VALUE, 3));
            bad.put("solid", cell(2, 2, 2));
            for (Map.Entry<String, VoxelCell> e : bad.entrySet()) {
                assertNotFound(PathStatus.START_INVALID, grid.findPath(e.getValue(), ok2), "start " + e.getKey());
                assertNotFound(PathStatus.GOAL_INVALID, grid.findPath(ok, e.getValue()), "goal " + e.getKey());
                assertNotFound(
                        PathStatus.START_INVALID, grid.findPath(e.getValue(), e.getValue()), "both " + e.getKey());
                assertNotFound(
                        PathStatus.START_INVALID,
                        grid.findPath(e.getValue(), cell(-5, -5, -5)),
                        "both invalid " + e.getKey());
            }
            assertNotFound(PathStatus.START_INVALID, grid.findPath(cell(1, 1, 1), ok2, blocking), "start blocked");
            assertNotFound(PathStatus.GOAL_INVALID, grid.findPath(ok, cell(1, 1, 1), blocking), "goal blocked");
            assertNotFound(
                    PathStatus.START_INVALID,
                    grid.findPath(cell(1, 1, 1), cell(2, 2, 2), blocking),
                    "start blocked, goal solid");
            // the same voxel without the delegate is a fine end
            assertEquals(PathStatus.FOUND, grid.findPath(cell(1, 1, 1), ok2).status());
        }
    }

    @Test
    void startEqualsGoal() {
        try (VoxelGrid grid = VoxelGrid.create(4, 4, 4)) {
            VoxelPath path = grid.findPath(cell(1, 2, 3), cell(1, 2, 3));
            assertEquals(PathStatus.FOUND, path.status());
            assertTrue(path.found());
            assertEquals(List.of(cell(1, 2, 3)), path.cells());
            assertArrayEquals(new int[] {1 + 4 * (2 + 4 * 3)}, path.nodeIndices());
            assertEquals(0.0, path.cost());
            assertEquals(1, path.length());
            assertEquals(0, path.expandedCount());
            assertEquals(1, path.iterations());
        }
    }

    @Test
    void simplePathsHaveTheExpectedCostAndCells() {
        try (VoxelGrid grid = VoxelGrid.create(6, 6, 6)) {
            VoxelPath diagonal = grid.findPath(cell(0, 0, 0), cell(3, 3, 3));
            assertEquals(3 * S3, diagonal.cost(), 1e-12);
            assertEquals(List.of(cell(0, 0, 0), cell(1, 1, 1), cell(2, 2, 2), cell(3, 3, 3)), diagonal.cells());
            VoxelPath six = grid.findPath(cell(0, 0, 0), cell(3, 3, 3), VoxelOptions.SIX_CONNECTED);
            assertEquals(9.0, six.cost());
            assertEquals(10, six.length());
            VoxelPath eighteen = grid.findPath(cell(0, 0, 0), cell(2, 2, 2), VoxelOptions.EIGHTEEN_CONNECTED);
            assertEquals(3 * S2, eighteen.cost(), 1e-12);
            assertEquals(4, eighteen.length());
            // nodeIndices agree with cells
            int[] nodes = diagonal.nodeIndices();
            for (int i = 0; i < nodes.length; i++) {
                VoxelCell c = diagonal.cells().get(i);
                assertEquals(c.x() + 6 * (c.y() + 6 * c.z()), nodes[i]);
                assertEquals(grid.indexOf(c.x(), c.y(), c.z()), nodes[i]);
            }
            // nodeIndices is a copy
            nodes[0] = 99;
            assertEquals(0, diagonal.nodeIndices()[0]);
        }
    }

    @Test
    void expansionsAreRecordedOnRequest() {
        try (VoxelGrid grid = VoxelGrid.create(9, 9, 9)) {
            grid.setWalkable(4, 4, 4, false);
            VoxelPath plain = grid.findPath(cell(0, 4, 4), cell(8, 4, 4));
            assertFalse(plain.hasExpandedCells());
            assertTrue(plain.expandedCells().isEmpty());
            VoxelPath recorded = grid.findPath(
                    cell(0, 4, 4),
                    cell(8, 4, 4),
                    VoxelOptions.DEFAULT.toBuilder().recordExpansions(true).build());
            assertTrue(recorded.hasExpandedCells());
            assertEquals(recorded.expandedCount(), recorded.expandedCells().size());
            assertEquals(recorded.iterations() - 1, recorded.expandedCount());
            assertEquals(cell(0, 4, 4), recorded.expandedCells().get(0));
            assertEquals(plain.cost(), recorded.cost());
            assertEquals(plain.cells(), recorded.cells());
            assertEquals(plain.iterations(), recorded.iterations());
        }
    }

    // ---- world points ----

    @Test
    void worldPointsMapThroughTheSpace() {
        try (VoxelGrid grid = VoxelGrid.create(8, 8, 8)) {
            grid.space(new VoxelSpace(10, -5, 2, 0.5));
            // voxel (i, j, k) spans origin + (i, j, k) * 0.5
            VoxelPath a = grid.findPath(new VoxelPoint(10.0, -5.0, 2.0), new VoxelPoint(11.26, -4.0, 2.49));
            VoxelPath b = grid.findPath(cell(0, 0, 0), cell(2, 2, 0));
            assertEquals(PathStatus.FOUND, a.status());
            assertEquals(b.cells(), a.cells());
            assertEquals(b.cost(), a.cost());
            // a boundary value belongs to the higher voxel; the far face of the block is outside
            VoxelPath c = grid.findPath(new VoxelPoint(10.5, -4.5, 2.5), new VoxelPoint(13.999, -1.001, 5.999));
            assertEquals(cell(1, 1, 1), c.cells().get(0));
            assertEquals(cell(7, 7, 7), c.cells().get(c.length() - 1));
            assertNotFound(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new VoxelPoint(10, -5, 2), new VoxelPoint(14.0, -3, 3)),
                    "x at the far face");
            assertNotFound(
                    PathStatus.START_INVALID,
                    grid.findPath(new VoxelPoint(9.999, -5, 2), new VoxelPoint(11, -3, 3)),
                    "x below origin");
            assertNotFound(
                    PathStatus.START_INVALID,
                    grid.findPath(new VoxelPoint(10, -5.25, 2), new VoxelPoint(11, -3, 3)),
                    "y below origin");
            assertNotFound(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new VoxelPoint(10, -5, 2), new VoxelPoint(-2_000_000, 0, 0)),
                    "far goal");
            // path points are voxel centres
            List<VoxelPoint> points = a.points();
            List<VoxelCell> cells = a.cells();
            assertEquals(cells.size(), points.size());
            for (int i = 0; i < cells.size(); i++) {
                VoxelCell v = cells.get(i);
                assertEquals(
                        new VoxelPoint(10 + (v.x() + 0.5) * 0.5, -5 + (v.y() + 0.5) * 0.5, 2 + (v.z() + 0.5) * 0.5),
                        points.get(i));
            }
            // a solid voxel under a world point
            grid.setWalkable(1, 1, 1, false);
            assertNotFound(
                    PathStatus.START_INVALID,
                    grid.findPath(new VoxelPoint(10.7, -4.3, 2.7), new VoxelPoint(11, -3, 3)),
                    "solid start");
        }
    }

    @Test
    void unassignedSpaceIsUnitVoxelsAtTheOrigin() {
        try (VoxelGrid grid = VoxelGrid.create(5, 5, 5)) {
            assertEquals(VoxelSpace.UNASSIGNED, grid.space());
            VoxelPath p = grid.findPath(new VoxelPoint(2.7, 0.2, 1.9), new VoxelPoint(4.99, 4.0, 0.0));
            assertEquals(cell(2, 0, 1), p.cells().get(0));
            assertEquals(cell(4, 4, 0), p.cells().get(p.length() - 1));
            assertEquals(new VoxelPoint(2.5, 0.5, 1.5), p.points().get(0));
            assertNotFound(
                    PathStatus.START_INVALID,
                    grid.findPath(new VoxelPoint(-0.01, 0, 0), new VoxelPoint(1, 1, 1)),
                    "negative");
            assertNotFound(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new VoxelPoint(0, 0, 0), new VoxelPoint(1, 5.0, 1)),
                    "y = 5");
        }
    }

    @Test
    void pointsBreakingTheCoordinateRuleThrowNamingTheValue() {
        try (VoxelGrid grid = VoxelGrid.create(5, 5, 5)) {
            VoxelPoint fine = new VoxelPoint(1, 1, 1);
            double[] bad = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 2097152.5, -2097153.0, 1e300
            };
            for (double v : bad) {
                List<VoxelPoint[]> cases = List.of(
                        new VoxelPoint[] {new VoxelPoint(v, 1, 1), fine},
                        new VoxelPoint[] {new VoxelPoint(1, v, 1), fine},
                        new VoxelPoint[] {new VoxelPoint(1, 1, v), fine},
                        new VoxelPoint[] {fine, new VoxelPoint(v, 1, 1)},
                        new VoxelPoint[] {fine, new VoxelPoint(1, 1, v)});
                for (VoxelPoint[] c : cases) {
                    IllegalArgumentException e = assertThrows(
                            IllegalArgumentException.class,
                            () -> grid.findPath(c[0], c[1]),
                            "value " + v + " in " + c[0] + " -> " + c[1]);
                    assertTrue(e.getMessage().contains(String.valueOf(v)), e.getMessage());
                }
            }
            // the bound itself is allowed: the voxel is simply outside the block
            assertNotFound(PathStatus.START_INVALID, grid.findPath(new VoxelPoint(2097152.0, 1, 1), fine), "x = 2^21");
            assertNotFound(PathStatus.GOAL_INVALID, grid.findPath(fine, new VoxelPoint(1, -2097152.0, 1)), "y = -2^21");
        }
    }

    @Test
    void voxelSpaceIsChecked() {
        assertThrows(IllegalArgumentException.class, () -> new VoxelSpace(1, 0, 0, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new VoxelSpace(0, 0, 0, -1));
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new VoxelSpace(Double.NaN, 0, 0, 1));
        assertTrue(e.getMessage().contains("NaN"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new VoxelSpace(0, 3e6, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new VoxelSpace(0, 0, 0, 3e6));
        try (VoxelGrid grid = VoxelGrid.create(2, 2, 2)) {
            assertThrows(NullPointerException.class, () -> grid.space(null));
        }
    }

    // ---- edits, version, listeners ----

    @Test
    void versionCountsChanges() {
        try (VoxelGrid grid = VoxelGrid.create(20, 20, 20)) {
            assertEquals(0, grid.version());
            grid.setArea(1, 1, 1, 5);
            assertEquals(1, grid.version());
            grid.setArea(1, 1, 1, 5);
            assertEquals(1, grid.version(), "writing the same value is no change");
            grid.setArea(1, 1, 1, 0);
            assertEquals(2, grid.version());
            grid.setWalkable(19, 19, 19, false);
            grid.setWalkable(19, 19, 19, false);
            assertEquals(3, grid.version());
            grid.setWalkable(3, 3, 3, true);
            assertEquals(3, grid.version());
            assertEquals(255, grid.area(19, 19, 19));
            assertFalse(grid.isWalkable(19, 19, 19));
        }
    }

    record Call(VoxelGrid grid, int x, int y, int z, int areaSeen) {}

    @Test
    void listenersSeeTheNewValueAndOnlyRealChanges() {
        try (VoxelGrid grid = VoxelGrid.create(10, 10, 10)) {
            List<Call> first = new ArrayList<>();
            List<Call> second = new ArrayList<>();
            VoxelChangeListener a = (g, x, y, z) -> first.add(new Call(g, x, y, z, g.area(x, y, z)));
            VoxelChangeListener b = (g, x, y, z) -> second.add(new Call(g, x, y, z, g.area(x, y, z)));
            grid.addChangeListener(a);
            grid.addChangeListener(b);
            grid.setArea(1, 2, 3, 7);
            grid.setArea(1, 2, 3, 7);
            grid.setWalkable(4, 5, 6, true);
            grid.setWalkable(4, 5, 6, false);
            assertEquals(List.of(new Call(grid, 1, 2, 3, 7), new Call(grid, 4, 5, 6, 255)), first);
            assertEquals(first, second);
            assertTrue(grid.removeChangeListener(a));
            assertFalse(grid.removeChangeListener(a));
            grid.setArea(9, 9, 9, 1);
            assertEquals(2, first.size());
            assertEquals(3, second.size());
            assertEquals(new Call(grid, 9, 9, 9, 1), second.get(2));
            // rejected edits call nobody
            assertThrows(IllegalArgumentException.class, () -> grid.setArea(10, 0, 0, 1));
            assertThrows(IllegalArgumentException.class, () -> grid.setArea(0, 0, 0, 300));
            assertEquals(3, second.size());
            assertThrows(NullPointerException.class, () -> grid.addChangeListener(null));
        }
    }

    /** A random edit sequence (with queries in between), then queries: the same as on a grid built from scratch. */
    record EditCase(
            int sx,
            int sy,
            int sz,
            int defaultArea,
            long seed,
            int edits,
            VoxelConnectivity connectivity,
            VoxelCornerRule rule) {}

    @Provide
    Arbitrary<EditCase> editCases() {
        Arbitrary<Integer> side = Arbitraries.integers().between(2, 18);
        return Combinators.combine(
                        side,
                        side,
                        side,
                        Arbitraries.of(0, 255),
                        Arbitraries.longs(),
                        Arbitraries.integers().between(0, 600),
                        Arbitraries.of(VoxelConnectivity.class),
                        Arbitraries.of(VoxelCornerRule.class))
                .as(EditCase::new);
    }

    @Property(tries = 60)
    void queriesAfterEditsEqualQueriesOnARebuiltGrid(@ForAll("editCases") EditCase c) {
        Random r = new Random(c.seed());
        VoxelReference model = new VoxelReference(c.sx(), c.sy(), c.sz(), c.defaultArea());
        model.setMultiplier(1, 2.0);
        model.setMultiplier(2, 0.5);
        int[] palette = {0, 0, 1, 2, 255, 255, 255};
        VoxelOptions options = VoxelOptions.builder()
                .connectivity(c.connectivity())
                .cornerRule(c.rule())
                .build();
        try (VoxelGrid edited = VoxelGrid.create(c.sx(), c.sy(), c.sz(), c.defaultArea())) {
            edited.areas().set(1, 2.0);
            edited.areas().set(2, 0.5);
            int changes = 0;
            for (int e = 0; e < c.edits(); e++) {
                int x = r.nextInt(c.sx());
                int y = r.nextInt(c.sy());
                int z = r.nextInt(c.sz());
                int area = c.defaultArea() == 255 && r.nextInt(3) > 0 ? 0 : palette[r.nextInt(palette.length)];
                if (model.area(x, y, z) != area) {
                    changes++;
                }
                model.setArea(x, y, z, area);
                edited.setArea(x, y, z, area);
                if (e % 97 == 0) {
                    // a query in between, so the grid's prepared search has seen older contents
                    edited.findPath(
                            cell(r.nextInt(c.sx()), r.nextInt(c.sy()), r.nextInt(c.sz())),
                            cell(r.nextInt(c.sx()), r.nextInt(c.sy()), r.nextInt(c.sz())),
                            options);
                }
            }
            assertEquals(changes, edited.version());
            for (int z = 0; z < c.sz(); z++) {
                for (int y = 0; y < c.sy(); y++) {
                    for (int x = 0; x < c.sx(); x++) {
                        assertEquals(model.area(x, y, z), edited.area(x, y, z));
                    }
                }
            }
            List<Integer> open = model.openNodes();
            try (VoxelGrid fresh = model.toGrid(0)) {
                for (int q = 0; q < 3; q++) {
                    int s = open.isEmpty() || q == 2 ? r.nextInt(model.count()) : open.get(r.nextInt(open.size()));
                    int g = open.isEmpty() ? r.nextInt(model.count()) : open.get(r.nextInt(open.size()));
                    int[] sc = model.cell(s);
                    int[] gc = model.cell(g);
                    VoxelPath a = edited.findPath(cell(sc[0], sc[1], sc[2]), cell(gc[0], gc[1], gc[2]), options);
                    VoxelPath b = fresh.findPath(cell(sc[0], sc[1], sc[2]), cell(gc[0], gc[1], gc[2]), options);
                    Supplier<String> where = () -> c + " query " + s + " -> " + g + "\n" + model;
                    assertEquals(b.status(), a.status(), where);
                    assertEquals(Double.doubleToRawLongBits(b.cost()), Double.doubleToRawLongBits(a.cost()), where);
                    assertEquals(b.cells(), a.cells(), where);
                    assertEquals(b.iterations(), a.iterations(), where);
                    assertEquals(b.expandedCount(), a.expandedCount(), where);
                    Statistics.label("status").collect(a.status());
                    if (a.status() == PathStatus.FOUND || a.status() == PathStatus.NO_PATH) {
                        double expected = model.distance(s, g, c.connectivity(), c.rule(), null);
                        assertEquals(expected == Double.POSITIVE_INFINITY, a.status() == PathStatus.NO_PATH, where);
                        if (a.found()) {
                            assertEquals(expected, a.cost(), 1e-9 * Math.max(1, expected), where);
                        }
                    }
                }
            }
        }
    }

    /** Changing area multipliers between queries: the next query equals one on a grid built with the new costs. */
    @Test
    void queriesAfterAreaCostChangesEqualAFreshGrid() {
        VoxelReference model = VoxelReference.random(12, 12, 12, 0, 20, new int[] {0, 1, 2}, 7L);
        try (VoxelGrid grid = model.toGrid(0)) {
            List<Integer> open = model.openNodes();
            int s = open.get(0);
            int g = open.get(open.size() - 1);
            int[] sc = model.cell(s);
            int[] gc = model.cell(g);
            VoxelCell a = cell(sc[0], sc[1], sc[2]);
            VoxelCell b = cell(gc[0], gc[1], gc[2]);
            grid.findPath(a, b);
            double[][] costs = {{4.0, 0.25}, {0.5, 8.0}, {1.0, 1.0}};
            for (double[] c : costs) {
                grid.areas().set(1, c[0]);
                grid.areas().set(2, c[1]);
                model.setMultiplier(1, c[0]);
                model.setMultiplier(2, c[1]);
                VoxelPath after = grid.findPath(a, b);
                try (VoxelGrid fresh = model.toGrid(0)) {
                    VoxelPath expected = fresh.findPath(a, b);
                    assertEquals(expected.status(), after.status());
                    assertEquals(expected.cost(), after.cost());
                    assertEquals(expected.cells(), after.cells());
                    assertEquals(expected.iterations(), after.iterations());
                }
                double optimal =
                        model.distance(s, g, VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING, null);
                assertEquals(optimal, after.cost(), 1e-9 * optimal, "multipliers " + c[0] + ", " + c[1]);
            }
        }
    }

    // ---- budget and cancellation ----

    /** A 20^3 grid with a wall at x = 10 whose only hole is at (10, 19, 19). */
    private static VoxelGrid walledGrid() {
        VoxelGrid grid = VoxelGrid.create(20, 20, 20);
        for (int z = 0; z < 20; z++) {
            for (int y = 0; y < 20; y++) {
                if (y != 19 || z != 19) {
                    grid.setWalkable(10, y, z, false);
                }
            }
        }
        return grid;
    }

    @Test
    void iterationBudgetGivesBudgetExhausted() {
        try (VoxelGrid grid = walledGrid()) {
            VoxelCell s = cell(0, 0, 0);
            VoxelCell g = cell(19, 0, 0);
            VoxelPath full = grid.findPath(s, g);
            assertEquals(PathStatus.FOUND, full.status());
            int n = full.iterations();
            assertTrue(n > 600, "the detour takes many iterations: " + n);
            for (Cancellation token : new Cancellation[] {null, new Cancellation()}) {
                for (int budget : new int[] {1, 2, 255, 256, 257, 300, 513, n - 1}) {
                    VoxelOptions options =
                            VoxelOptions.builder().iterationBudget(budget).build();
                    VoxelPath p = grid.findPath(s, g, options, token);
                    String where = "budget " + budget + (token == null ? "" : " with a token");
                    assertNotFound(PathStatus.BUDGET_EXHAUSTED, p, where);
                    assertEquals(budget, p.iterations(), where);
                    assertEquals(budget, p.expandedCount(), where);
                }
                VoxelPath exact = grid.findPath(
                        s, g, VoxelOptions.builder().iterationBudget(n).build(), token);
                assertEquals(PathStatus.FOUND, exact.status());
                assertEquals(full.cost(), exact.cost());
                assertEquals(full.cells(), exact.cells());
                assertEquals(n, exact.iterations());
                VoxelPath unlimited = grid.findPath(
                        s, g, VoxelOptions.builder().iterationBudget(0).build(), token);
                assertEquals(full.cells(), unlimited.cells());
            }
            // no path found within a budget: NO_PATH, not BUDGET_EXHAUSTED
            grid.setWalkable(10, 19, 19, false);
            VoxelPath none = grid.findPath(
                    s, g, VoxelOptions.builder().iterationBudget(100_000).build());
            assertNotFound(PathStatus.NO_PATH, none, "sealed wall");
            // every voxel with x < 10 popped at least once (a voxel may be reopened by an ulp-cheaper sum)
            assertTrue(none.iterations() >= 10 * 20 * 20, "iterations " + none.iterations());
            assertEquals(none.iterations(), none.expandedCount());
            assertThrows(
                    IllegalArgumentException.class, () -> VoxelOptions.builder().iterationBudget(-1));
        }
    }

    @Test
    void aCancelledTokenThrowsAndTheNextQueryIsExact() {
        try (VoxelGrid grid = walledGrid();
                VoxelGrid reference = walledGrid()) {
            VoxelCell s = cell(0, 0, 0);
            VoxelCell g = cell(19, 0, 0);
            Cancellation cancelled = new Cancellation();
            cancelled.cancel();
            assertThrows(CancellationException.class, () -> grid.findPath(s, g, VoxelOptions.DEFAULT, cancelled));
            assertThrows(
                    CancellationException.class,
                    () -> grid.findPath(
                            new VoxelPoint(0.5, 0.5, 0.5),
                            new VoxelPoint(19.5, 0.5, 0.5),
                            VoxelOptions.DEFAULT,
                            cancelled));

            // cancelled in the middle of a query by a delegate
            Cancellation token = new Cancellation();
            AtomicInteger calls = new AtomicInteger();
            VoxelStepCost cancelling = (fx, fy, fz, tx, ty, tz, cost) -> {
                if (calls.incrementAndGet() == 3000) {
                    token.cancel();
                }
                return cost;
            };
            VoxelOptions options = VoxelOptions.builder()
                    .stepCost(cancelling)
                    .recordExpansions(true)
                    .build();
            int version = grid.version();
            assertThrows(CancellationException.class, () -> grid.findPath(s, g, options, token));
            assertTrue(calls.get() >= 3000);
            assertEquals(version, grid.version());

            // the next query (same options, so the same prepared search) is exact
            VoxelPath after = grid.findPath(s, g, options, new Cancellation());
            VoxelPath expected = reference.findPath(s, g, options);
            assertEquals(PathStatus.FOUND, after.status());
            assertEquals(expected.cost(), after.cost());
            assertEquals(expected.cells(), after.cells());
            assertEquals(expected.iterations(), after.iterations());
            assertEquals(expected.expandedCells(), after.expandedCells());
            VoxelPath plain = grid.findPath(s, g);
            assertEquals(expected.cells(), plain.cells());
            assertEquals(expected.iterations(), plain.iterations());
        }
    }

    // ---- delegates ----

    @Test
    void theBlockerRemovesVoxelsButNotForTheCornerRule() {
        try (VoxelGrid grid = VoxelGrid.create(2, 2, 1)) {
            VoxelOptions options = VoxelOptions.builder()
                    .blocked((x, y, z) -> x == 1 && y == 0)
                    .build();
            VoxelPath p = grid.findPath(cell(0, 0, 0), cell(1, 1, 0), options);
            assertEquals(
                    List.of(cell(0, 0, 0), cell(1, 1, 0)),
                    p.cells(),
                    "the diagonal is legal: the corner rule reads the grid");
            assertEquals(S2, p.cost(), 1e-15);
            grid.setWalkable(1, 0, 0, false);
            VoxelPath q = grid.findPath(cell(0, 0, 0), cell(1, 1, 0));
            assertEquals(
                    List.of(cell(0, 0, 0), cell(0, 1, 0), cell(1, 1, 0)),
                    q.cells(),
                    "a solid voxel blocks the diagonal");
            assertEquals(2.0, q.cost());
        }
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    /** Blocker and step-cost delegates on random grids, against the reference Dijkstra with the same rules. */
    @Property(tries = 40)
    void delegatesAgreeWithTheReference(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        int sx = 3 + r.nextInt(8);
        int sy = 3 + r.nextInt(8);
        int sz = 3 + r.nextInt(8);
        VoxelReference ref = VoxelReference.random(sx, sy, sz, 0, r.nextInt(30), new int[] {0, 1, 2}, r.nextLong());
        ref.setMultiplier(1, 3.0);
        ref.setMultiplier(2, 0.75);
        Set<Integer> blocked = new HashSet<>();
        for (int i = 0; i < ref.count(); i++) {
            if (r.nextInt(100) < 15) {
                blocked.add(i);
            }
        }
        VoxelConnectivity connectivity = VoxelConnectivity.values()[r.nextInt(3)];
        VoxelCornerRule rule = VoxelCornerRule.values()[r.nextInt(3)];
        VoxelBlocker blocker = (x, y, z) -> blocked.contains(x + sx * (y + sy * z));
        List<String> wrongBase = new ArrayList<>();
        VoxelStepCost upIsDear = (fx, fy, fz, tx, ty, tz, gridCost) -> {
            int move = moveId(tx - fx, ty - fy, tz - fz);
            double expected = ref.gridCost(fx, fy, fz, move);
            if (Double.doubleToRawLongBits(expected) != Double.doubleToRawLongBits(gridCost)) {
                wrongBase.add("(" + fx + "," + fy + "," + fz + ")->(" + tx + "," + ty + "," + tz + ") got " + gridCost
                        + " expected " + expected);
            }
            if (tx == 2 && ty == 2) {
                return -1.0; // removes the move
            }
            return tz > fz ? gridCost * 3 : gridCost;
        };
        VoxelReference.Hook blockHook = (fx, fy, fz, tx, ty, tz, base) ->
                blocked.contains(tx + sx * (ty + sy * tz)) ? Double.POSITIVE_INFINITY : base;
        VoxelReference.Hook upHook =
                (fx, fy, fz, tx, ty, tz, base) -> tx == 2 && ty == 2 ? Double.NaN : tz > fz ? base * 3 : base;
        VoxelReference.Hook bothHook = (fx, fy, fz, tx, ty, tz, base) ->
                upHook.cost(fx, fy, fz, tx, ty, tz, blockHook.cost(fx, fy, fz, tx, ty, tz, base));
        try (VoxelGrid grid = ref.toGrid(0)) {
            VoxelOptions base = VoxelOptions.builder()
                    .connectivity(connectivity)
                    .cornerRule(rule)
                    .build();
            VoxelOptions withBlocker = base.toBuilder().blocked(blocker).build();
            VoxelOptions withCost = base.toBuilder().stepCost(upIsDear).build();
            VoxelOptions withBoth =
                    base.toBuilder().blocked(blocker).stepCost(upIsDear).build();
            for (int q = 0; q < 4; q++) {
                int s = r.nextInt(ref.count());
                int g = r.nextInt(ref.count());
                check(grid, ref, s, g, withBlocker, blockHook, blocked, connectivity, rule);
                check(grid, ref, s, g, withCost, upHook, Set.of(), connectivity, rule);
                check(grid, ref, s, g, withBoth, bothHook, blocked, connectivity, rule);
            }
        }
        assertTrue(
                wrongBase.isEmpty(),
                () -> "gridCost handed to the delegate: " + wrongBase.subList(0, Math.min(5, wrongBase.size())));
    }

    private static int moveId(int dx, int dy, int dz) {
        for (int j = 0; j < 26; j++) {
            int[] d = VoxelReference.MOVES[j];
            if (d[0] == dx && d[1] == dy && d[2] == dz) {
                return j;
            }
        }
        throw new AssertionError("not a move: " + dx + "," + dy + "," + dz);
    }

    private static void check(
            VoxelGrid grid,
            VoxelReference ref,
            int s,
            int g,
            VoxelOptions options,
            VoxelReference.Hook hook,
            Set<Integer> blocked,
            VoxelConnectivity connectivity,
            VoxelCornerRule rule) {
        int[] sc = ref.cell(s);
        int[] gc = ref.cell(g);
        VoxelPath p = grid.findPath(cell(sc[0], sc[1], sc[2]), cell(gc[0], gc[1], gc[2]), options);
        String where = options + " " + s + " -> " + g + " on " + ref;
        if (!ref.open(sc[0], sc[1], sc[2]) || blocked.contains(s)) {
            assertEquals(PathStatus.START_INVALID, p.status(), where);
            return;
        }
        if (!ref.open(gc[0], gc[1], gc[2]) || blocked.contains(g)) {
            assertEquals(PathStatus.GOAL_INVALID, p.status(), where);
            return;
        }
        double expected = ref.distance(s, g, connectivity, rule, hook);
        if (expected == Double.POSITIVE_INFINITY) {
            assertEquals(PathStatus.NO_PATH, p.status(), where);
            return;
        }
        assertEquals(PathStatus.FOUND, p.status(), where);
        assertEquals(expected, p.cost(), 1e-9 * Math.max(1, expected), where);
        for (int n : p.nodeIndices()) {
            assertFalse(blocked.contains(n), "path enters blocked voxel " + n + "; " + where);
        }
    }

    // ---- a 2^30-voxel world ----

    @Test
    void aLargeOpenWorldWithAFewWalls() {
        int[][] plates = {
            // x, y0, y1, z0, z1 (inclusive): two plates across the route and a far-away one
            {300, 512, 518, 512, 518},
            {600, 510, 517, 514, 521},
            {50, 900, 920, 100, 101},
        };
        Set<Long> chunks = new HashSet<>();
        try (VoxelGrid world = VoxelGrid.create(1024, 1024, 1024)) {
            for (int[] p : plates) {
                for (int y = p[1]; y <= p[2]; y++) {
                    for (int z = p[3]; z <= p[4]; z++) {
                        world.setWalkable(p[0], y, z, false);
                        chunks.add(((long) (p[0] >> 4) << 40) | ((long) (y >> 4) << 20) | (z >> 4));
                    }
                }
            }
            world.setArea(1000, 3, 7, 4); // an area edit, far away
            chunks.add(((long) (1000 >> 4) << 40) | ((long) (3 >> 4) << 20) | (7 >> 4));
            assertEquals(chunks.size(), world.storedChunkCount());
            assertTrue(world.storageBytes() < 4L * 1024 * 1024, "storage " + world.storageBytes());

            VoxelCell s = cell(100, 515, 515);
            VoxelCell g = cell(900, 515, 516);
            VoxelPath p = world.findPath(s, g);
            assertEquals(PathStatus.FOUND, p.status());
            assertEquals(s, p.cells().get(0));
            assertEquals(g, p.cells().get(p.length() - 1));
            // a legal chain of 26-moves without corner cutting, priced in path order
            double sum = 0;
            List<VoxelCell> cells = p.cells();
            for (int i = 1; i < cells.size(); i++) {
                VoxelCell a = cells.get(i - 1);
                VoxelCell b = cells.get(i);
                int dx = b.x() - a.x();
                int dy = b.y() - a.y();
                int dz = b.z() - a.z();
                assertTrue(
                        Math.abs(dx) <= 1 && Math.abs(dy) <= 1 && Math.abs(dz) <= 1 && (dx | dy | dz) != 0,
                        a + " -> " + b);
                for (int ex = Math.min(0, dx); ex <= Math.max(0, dx); ex++) {
                    for (int ey = Math.min(0, dy); ey <= Math.max(0, dy); ey++) {
                        for (int ez = Math.min(0, dz); ez <= Math.max(0, dz); ez++) {
                            assertTrue(
                                    world.isWalkable(a.x() + ex, a.y() + ey, a.z() + ez),
                                    a + " -> " + b + " cuts a solid voxel");
                        }
                    }
                }
                int axes = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
                sum += axes == 1 ? 1.0 : axes == 2 ? S2 : S3;
            }
            assertEquals(Double.doubleToRawLongBits(sum), Double.doubleToRawLongBits(p.cost()));
            double straight = 799 + S2; // (800, 0, 1) in open space
            assertTrue(p.cost() > straight, "the plates force a detour: " + p.cost());
            assertTrue(p.cost() < straight + 12, "but a short one: " + p.cost());

            // the same problem translated into a small grid holding the same plates gives the same answer
            int ox = 60;
            int oy = 480;
            int oz = 480;
            try (VoxelGrid small = VoxelGrid.create(880, 72, 72)) {
                for (int[] q : plates) {
                    for (int y = q[1]; y <= q[2]; y++) {
                        for (int z = q[3]; z <= q[4]; z++) {
                            if (small.contains(q[0] - ox, y - oy, z - oz)) {
                                small.setWalkable(q[0] - ox, y - oy, z - oz, false);
                            }
                        }
                    }
                }
                VoxelPath t = small.findPath(
                        cell(s.x() - ox, s.y() - oy, s.z() - oz), cell(g.x() - ox, g.y() - oy, g.z() - oz));
                assertEquals(Double.doubleToRawLongBits(t.cost()), Double.doubleToRawLongBits(p.cost()));
                assertEquals(t.iterations(), p.iterations());
                assertEquals(t.length(), p.length());
                for (int i = 0; i < t.length(); i++) {
                    VoxelCell a = t.cells().get(i);
                    assertEquals(cell(a.x() + ox, a.y() + oy, a.z() + oz), cells.get(i));
                }
            }
            // the query allocated no voxel storage
            assertEquals(chunks.size(), world.storedChunkCount());
        }
    }

    /**
     * The example of docs/voxels.md: a 1024^3 open world with one solid voxel on the main diagonal.
     * The detour around it is local, so its extra cost is the one an independent Dijkstra finds on
     * small cubes with the solid voxel at the centre of their diagonal.
     */
    @Test
    void cornerToCornerAcrossTheWorldAroundOneSolidVoxel() {
        double[] extra = new double[2];
        int[] sides = {21, 31};
        for (int i = 0; i < 2; i++) {
            int n = sides[i];
            VoxelReference small = new VoxelReference(n, n, n, 0);
            small.setArea(n / 2, n / 2, n / 2, VoxelReference.SOLID);
            double d = small.distance(
                    0,
                    small.node(n - 1, n - 1, n - 1),
                    VoxelConnectivity.TWENTY_SIX,
                    VoxelCornerRule.NO_CORNER_CUTTING,
                    null);
            extra[i] = d - (n - 1) * S3;
        }
        assertEquals(extra[0], extra[1], 1e-9, "the detour's extra cost does not depend on the cube's size");
        assertTrue(extra[0] > 0.5);
        try (VoxelGrid world = VoxelGrid.create(1024, 1024, 1024)) {
            assertEquals(
                    64L * 64 * 64 * 4, world.storageBytes(), "a 1024^3 world starts at 1 MiB: 4 bytes per chunk slot");
            world.setWalkable(500, 500, 500, false);
            assertEquals(1, world.storedChunkCount());
            VoxelPath path = world.findPath(cell(0, 0, 0), cell(1023, 1023, 1023));
            assertEquals(PathStatus.FOUND, path.status());
            double expected = 1023 * S3 + extra[0];
            assertEquals(expected, path.cost(), 1e-9 * expected);
            assertFalse(path.cells().contains(cell(500, 500, 500)));
            assertEquals(1, world.storedChunkCount());
        }
    }

    /** Queries on several threads at once (nobody editing) give the answers of the same queries run one by one. */
    @Test
    void concurrentQueriesGiveTheSequentialAnswers() throws Exception {
        VoxelReference model = VoxelReference.random(24, 24, 24, 0, 25, new int[] {0, 1}, 99L);
        model.setMultiplier(1, 2.5);
        List<Integer> open = model.openNodes();
        VoxelOptions[] options = {
            VoxelOptions.DEFAULT,
            VoxelOptions.SIX_CONNECTED,
            VoxelOptions.builder()
                    .cornerRule(VoxelCornerRule.ALLOW_ALL)
                    .heuristicWeight(0)
                    .build()
        };
        Random r = new Random(5);
        int queries = 30;
        int[][] ends = new int[queries][];
        for (int q = 0; q < queries; q++) {
            ends[q] = new int[] {open.get(r.nextInt(open.size())), open.get(r.nextInt(open.size()))};
        }
        try (VoxelGrid grid = model.toGrid(0)) {
            VoxelPath[] sequential = new VoxelPath[queries];
            for (int q = 0; q < queries; q++) {
                sequential[q] = query(grid, model, ends[q], options[q % options.length]);
            }
            int threads = 3;
            List<Thread> workers = new ArrayList<>();
            List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int t = 0; t < threads; t++) {
                int offset = t;
                Thread worker = new Thread(() -> {
                    try {
                        for (int i = 0; i < queries; i++) {
                            int q = (i + offset * 11) % queries;
                            VoxelPath p = query(grid, model, ends[q], options[q % options.length]);
                            assertEquals(sequential[q].status(), p.status(), "query " + q);
                            assertEquals(sequential[q].cost(), p.cost(), "query " + q);
                            assertEquals(sequential[q].cells(), p.cells(), "query " + q);
                            assertEquals(sequential[q].iterations(), p.iterations(), "query " + q);
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                workers.add(worker);
                worker.start();
            }
            for (Thread worker : workers) {
                worker.join();
            }
            assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        }
    }

    private static VoxelPath query(VoxelGrid grid, VoxelReference model, int[] ends, VoxelOptions options) {
        int[] a = model.cell(ends[0]);
        int[] b = model.cell(ends[1]);
        return grid.findPath(cell(a[0], a[1], a[2]), cell(b[0], b[1], b[2]), options);
    }

    // ---- lifecycle ----

    @Test
    void aClosedGridThrowsIllegalStateException() {
        VoxelGrid grid = VoxelGrid.create(4, 4, 4);
        grid.findPath(cell(0, 0, 0), cell(3, 3, 3));
        grid.close();
        grid.close();
        Map<String, Executable> calls = new LinkedHashMap<>();
        calls.put("findPath(cells)", () -> grid.findPath(cell(0, 0, 0), cell(3, 3, 3)));
        calls.put(
                "findPath(cells, options, token)",
                () -> grid.findPath(cell(0, 0, 0), cell(3, 3, 3), VoxelOptions.DEFAULT, new Cancellation()));
        calls.put("findPath(points)", () -> grid.findPath(new VoxelPoint(0, 0, 0), new VoxelPoint(1, 1, 1)));
        calls.put("findPath(invalid start)", () -> grid.findPath(cell(-1, 0, 0), cell(3, 3, 3)));
        calls.put("setArea", () -> grid.setArea(1, 1, 1, 3));
        calls.put("setWalkable", () -> grid.setWalkable(1, 1, 1, false));
        calls.put("area", () -> grid.area(1, 1, 1));
        calls.put("isWalkable", () -> grid.isWalkable(1, 1, 1));
        calls.put("version", grid::version);
        calls.put("storedChunkCount", grid::storedChunkCount);
        calls.put("storageBytes", grid::storageBytes);
        calls.put("chunk", () -> grid.chunk(0, 0, 0));
        calls.put("createTopology", () -> grid.createTopology(VoxelConnectivity.SIX, VoxelCornerRule.ALLOW_ALL));
        for (Map.Entry<String, Executable> call : calls.entrySet()) {
            IllegalStateException e = assertThrows(IllegalStateException.class, call.getValue(), call.getKey());
            assertTrue(e.getMessage().contains("VoxelGrid"), call.getKey() + ": " + e.getMessage());
        }
        assertTrue(grid.toString().contains("closed"));
    }

    @Test
    void optionsAreChecked() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> VoxelOptions.builder().heuristicWeight(-1));
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class, () -> VoxelOptions.builder().heuristicWeight(Double.NaN));
        assertThrows(
                IllegalArgumentException.class, () -> VoxelOptions.builder().heuristicWeight(Double.POSITIVE_INFINITY));
        assertEquals(VoxelConnectivity.TWENTY_SIX, VoxelOptions.DEFAULT.connectivity());
        assertEquals(VoxelCornerRule.NO_CORNER_CUTTING, VoxelOptions.DEFAULT.cornerRule());
        assertEquals(1.0, VoxelOptions.DEFAULT.heuristicWeight());
        assertEquals(VoxelConnectivity.SIX, VoxelOptions.SIX_CONNECTED.connectivity());
        assertEquals(VoxelConnectivity.EIGHTEEN, VoxelOptions.EIGHTEEN_CONNECTED.connectivity());
        try (VoxelGrid grid = VoxelGrid.create(3, 3, 3)) {
            assertThrows(NullPointerException.class, () -> grid.findPath(null, cell(0, 0, 0)));
            assertThrows(NullPointerException.class, () -> grid.findPath(cell(0, 0, 0), cell(0, 0, 0), null));
        }
    }

    @Test
    void weightZeroIsStillOptimal() {
        try (VoxelGrid grid = walledGrid()) {
            VoxelPath a = grid.findPath(cell(0, 0, 0), cell(19, 0, 0));
            VoxelPath b = grid.findPath(
                    cell(0, 0, 0),
                    cell(19, 0, 0),
                    VoxelOptions.builder().heuristicWeight(0).build());
            assertEquals(a.cost(), b.cost(), 1e-9 * a.cost());
            assertTrue(b.iterations() > a.iterations(), "without an estimate the search spreads further");
        }
    }
}
