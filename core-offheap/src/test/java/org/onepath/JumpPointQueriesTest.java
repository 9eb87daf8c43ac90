package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;

/**
 * Tier-1 jump point queries: which algorithm runs (and is reported) for qualifying and
 * non-qualifying options, optimal costs against the reference Dijkstra and A*, legal paths,
 * edits and area-cost changes between queries, and the JPS+ side limit.
 */
class JumpPointQueriesTest {
    /** A* and the jump point searches (the any-angle algorithms have tests of their own). */
    private static final GridAlgorithm[] HANDLE_ALGORITHMS = {
        GridAlgorithm.ASTAR, GridAlgorithm.JPS, GridAlgorithm.JPS_PLUS
    };

    private static final double SQRT2 = Math.sqrt(2.0);

    private static GridOptions jps(GridAlgorithm algorithm) {
        return GridOptions.builder().algorithm(algorithm).build();
    }

    private static boolean closeEnough(double expected, double actual) {
        return expected == actual
                || Math.abs(expected - actual) <= 1e-9 * Math.max(Math.abs(expected), Math.abs(actual));
    }

    private static void setAllMultipliers(AreaCosts areas, double m) {
        for (int a = 0; a < AreaCosts.AREA_COUNT; a++) {
            areas.set(a, m);
        }
    }

    /** Checks a found-or-not answer against the reference Dijkstra: cost and a chain of legal moves. */
    private static void checkAgainstReference(
            ReferenceGrid ref, Cell s, Cell g, GridPath path, Supplier<String> where) {
        double[] dist = ref.distancesFrom(s.x(), s.y(), true, DiagonalRule.NO_CORNER_CUTTING, 1);
        double expected = dist[g.y() * ref.width() + g.x()];
        if (expected == Double.POSITIVE_INFINITY) {
            assertEquals(PathStatus.NO_PATH, path.status(), where);
            assertEquals(0, path.length(), where);
            return;
        }
        assertEquals(PathStatus.FOUND, path.status(), where);
        if (!closeEnough(expected, path.cost())) {
            fail("cost " + path.cost() + " but Dijkstra " + expected + "; " + where.get());
        }
        List<Cell> cells = path.cells();
        assertEquals(s, cells.get(0), where);
        assertEquals(g, cells.get(cells.size() - 1), where);
        for (int i = 1; i < cells.size(); i++) {
            Cell a = cells.get(i - 1);
            Cell b = cells.get(i);
            if (!ref.open(a.x(), a.y())
                    || !ref.isMove(a.x(), a.y(), b.x(), b.y(), true, DiagonalRule.NO_CORNER_CUTTING, 1)) {
                fail("step " + a + " -> " + b + " is not a legal move; " + where.get());
            }
        }
        double summed = ref.pathCost(cells);
        if (!closeEnough(summed, path.cost())) {
            fail("path sums to " + summed + " but cost " + path.cost() + "; " + where.get());
        }
        assertEquals(path.iterations() - 1, path.expandedCount(), where);
    }

    // ---- random grids with one multiplier for every area ----

    record Setup(ReferenceGrid grid, GridAlgorithm algorithm, HeuristicKind heuristic, List<Integer> picks) {
        @Override
        public String toString() {
            return algorithm + " " + heuristic + " picks=" + picks + "\n" + grid.picture();
        }
    }

    @Provide
    Arbitrary<Setup> setups() {
        Arbitrary<Integer> side = Arbitraries.integers().between(2, 18);
        Arbitrary<ReferenceGrid> grids = Combinators.combine(
                        side,
                        side,
                        Arbitraries.integers().between(0, 45),
                        Arbitraries.of(1.0, 1.0, 2.5, 0.4, 6.0),
                        Arbitraries.longs())
                .as((w, h, walls, m, seed) -> {
                    Random r = new Random(seed);
                    ReferenceGrid g = new ReferenceGrid(w, h);
                    for (int a = 0; a < 255; a++) {
                        g.setMultiplier(a, m);
                    }
                    int[] palette = {0, 3, 17, 254};
                    for (int y = 0; y < h; y++) {
                        for (int x = 0; x < w; x++) {
                            g.setArea(x, y, r.nextInt(100) < walls ? ReferenceGrid.WALL : palette[r.nextInt(4)]);
                        }
                    }
                    return g;
                });
        return Combinators.combine(
                        grids,
                        Arbitraries.of(GridAlgorithm.JPS, GridAlgorithm.JPS_PLUS),
                        Arbitraries.of(HeuristicKind.AUTO, HeuristicKind.OCTILE, HeuristicKind.ZERO),
                        Arbitraries.integers().between(0, 999_999).list().ofSize(6))
                .as(Setup::new);
    }

    private static Cell pick(int pick, List<Integer> open, int width) {
        int c = open.get(pick % open.size());
        return new Cell(c % width, c / width);
    }

    @Property(tries = 300)
    void qualifyingQueriesRunJumpPointSearchOptimally(@ForAll("setups") Setup setup) {
        ReferenceGrid ref = setup.grid();
        List<Integer> open = new ArrayList<>();
        for (int i = 0; i < ref.width() * ref.height(); i++) {
            if (ref.open(i % ref.width(), i / ref.width())) {
                open.add(i);
            }
        }
        if (open.isEmpty()) {
            return;
        }
        GridOptions options = GridOptions.builder()
                .algorithm(setup.algorithm())
                .heuristic(setup.heuristic())
                .build();
        GridOptions astar = GridOptions.builder().heuristic(setup.heuristic()).build();
        try (Grid grid = ref.toGrid()) {
            for (int q = 0; q < 3; q++) {
                Cell s = pick(setup.picks().get(2 * q), open, ref.width());
                Cell g = pick(setup.picks().get(2 * q + 1), open, ref.width());
                GridPath path = grid.findPath(s, g, options);
                Supplier<String> where = () -> "query " + s + " -> " + g + " " + setup;
                assertEquals(setup.algorithm(), path.algorithm(), where);
                checkAgainstReference(ref, s, g, path, where);
                GridPath reference = grid.findPath(s, g, astar);
                assertEquals(GridAlgorithm.ASTAR, reference.algorithm());
                assertEquals(reference.status(), path.status(), where);
                if (path.found() && !closeEnough(reference.cost(), path.cost())) {
                    fail("cost " + path.cost() + " but A* " + reference.cost() + "; " + where.get());
                }
                Statistics.label("status").collect(path.status());
            }
        }
    }

    // ---- which algorithm runs ----

    @Test
    void qualifyingOptionsReportTheAskedAlgorithm() {
        try (Grid grid = Grid.fromText("....\n.#..\n....\n")) {
            for (GridAlgorithm a : HANDLE_ALGORITHMS) {
                for (HeuristicKind h :
                        new HeuristicKind[] {HeuristicKind.AUTO, HeuristicKind.OCTILE, HeuristicKind.ZERO}) {
                    GridOptions o =
                            GridOptions.builder().algorithm(a).heuristic(h).build();
                    GridPath p = grid.findPath(new Cell(0, 0), new Cell(3, 2), o);
                    assertEquals(a, p.algorithm(), a + " " + h);
                    // (0,0) E (1,0) E (2,0) SE (3,1) S (3,2): every shorter diagonal touches the wall (1,1)
                    assertTrue(closeEnough(3 + SQRT2, p.cost()), a + " " + h + " cost " + p.cost());
                }
            }
        }
    }

    enum NonQualifying {
        FOUR_CONNECTED,
        NO_SQUEEZING,
        ALLOW_ALL,
        AGENT_SIZE_2,
        STEP_COST,
        BLOCKED,
        WEIGHT_2,
        WEIGHT_HALF,
        MANHATTAN,
        AREA_COSTS
    }

    private static GridOptions.Builder variant(NonQualifying kind, GridOptions.Builder b) {
        return switch (kind) {
            case FOUR_CONNECTED -> b.connectivity(Connectivity.FOUR);
            case NO_SQUEEZING -> b.diagonalRule(DiagonalRule.NO_SQUEEZING);
            case ALLOW_ALL -> b.diagonalRule(DiagonalRule.ALLOW_ALL);
            case AGENT_SIZE_2 -> b.agentSize(2);
            case STEP_COST -> b.stepCost((fx, fy, tx, ty, cost) -> cost * (1 + (tx + ty) % 3));
            case BLOCKED -> b.blocked((x, y) -> x == 4 && y < 5);
            case WEIGHT_2 -> b.heuristicWeight(2.0);
            case WEIGHT_HALF -> b.heuristicWeight(0.5);
            case MANHATTAN -> b.heuristic(HeuristicKind.MANHATTAN);
            case AREA_COSTS -> b;
        };
    }

    @ParameterizedTest
    @EnumSource(NonQualifying.class)
    void nonQualifyingQueriesRunAStar(NonQualifying kind) {
        String picture = """
                ..........
                ..##......
                ......#...
                ...#......
                .......#..
                ..........
                ..........
                """;
        try (Grid grid = Grid.fromText(picture)) {
            if (kind == NonQualifying.AREA_COSTS) {
                grid.setArea(5, 5, 2);
                grid.areas().set(2, 3.0);
            }
            GridOptions astar =
                    variant(kind, GridOptions.builder().recordExpansions(true)).build();
            Cell s = new Cell(0, 0);
            Cell g = new Cell(8, 5);
            GridPath expected = grid.findPath(s, g, astar);
            assertEquals(GridAlgorithm.ASTAR, expected.algorithm());
            assertEquals(PathStatus.FOUND, expected.status(), kind.name());
            for (GridAlgorithm asked : new GridAlgorithm[] {GridAlgorithm.JPS, GridAlgorithm.JPS_PLUS}) {
                GridOptions o = variant(
                                kind,
                                GridOptions.builder().recordExpansions(true).algorithm(asked))
                        .build();
                GridPath p = grid.findPath(s, g, o);
                assertEquals(GridAlgorithm.ASTAR, p.algorithm(), kind + " asked " + asked);
                assertEquals(expected.status(), p.status(), kind + " asked " + asked);
                assertEquals(
                        Double.doubleToLongBits(expected.cost()),
                        Double.doubleToLongBits(p.cost()),
                        kind + " asked " + asked);
                assertArrayEquals(expected.cellIndices(), p.cellIndices(), kind + " asked " + asked);
                assertEquals(expected.expandedCount(), p.expandedCount(), kind + " asked " + asked);
                assertEquals(expected.expandedCells(), p.expandedCells(), kind + " asked " + asked);
            }
        }
    }

    @Test
    void areaCostChangesSwitchBetweenJumpPointSearchAndAStar() {
        try (Grid grid = Grid.fromText("......\n.##...\n......\n...#..\n")) {
            GridOptions options = jps(GridAlgorithm.JPS_PLUS);
            Cell s = new Cell(0, 0);
            Cell g = new Cell(5, 3);
            GridPath first = grid.findPath(s, g, options);
            assertEquals(GridAlgorithm.JPS_PLUS, first.algorithm());
            double base = first.cost();
            // three east along row 0 (no earlier diagonal clears the walls), two diagonals, one south
            assertTrue(closeEnough(4 + 2 * SQRT2, base), "cost " + base);

            grid.areas().set(9, 4.0); // no cell uses area 9, but the multipliers now differ
            GridPath second = grid.findPath(s, g, options);
            assertEquals(GridAlgorithm.ASTAR, second.algorithm());
            assertEquals(base, second.cost(), 1e-12);

            setAllMultipliers(grid.areas(), 4.0); // uniform again, m = 4
            GridPath third = grid.findPath(s, g, options);
            assertEquals(GridAlgorithm.JPS_PLUS, third.algorithm());
            assertTrue(closeEnough(4 * base, third.cost()), "cost " + third.cost());
            GridPath astar = grid.findPath(s, g, GridOptions.DEFAULT);
            assertTrue(closeEnough(astar.cost(), third.cost()), third.cost() + " vs " + astar.cost());
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = GridAlgorithm.class,
            names = {"JPS", "JPS_PLUS"})
    void aUniformMultiplierScalesTheCost(GridAlgorithm algorithm) {
        ReferenceGrid ref = ReferenceGrid.parse("""
                ............
                .####.......
                ......#..#..
                ..3...#..#..
                ..#####..#..
                .........#..
                """.strip());
        for (int a = 0; a < 255; a++) {
            ref.setMultiplier(a, 2.5);
        }
        try (Grid grid = ref.toGrid()) {
            assertTrue(grid.areas().isUniform());
            GridOptions options = jps(algorithm);
            Random random = new Random(3);
            for (int q = 0; q < 40; q++) {
                Cell s = new Cell(random.nextInt(12), random.nextInt(6));
                Cell g = new Cell(random.nextInt(12), random.nextInt(6));
                if (!ref.open(s.x(), s.y()) || !ref.open(g.x(), g.y())) {
                    continue;
                }
                GridPath p = grid.findPath(s, g, options);
                assertEquals(algorithm, p.algorithm());
                checkAgainstReference(ref, s, g, p, () -> "query " + s + " -> " + g);
                GridPath astar = grid.findPath(s, g, GridOptions.DEFAULT);
                assertTrue(closeEnough(astar.cost(), p.cost()), p.cost() + " vs A* " + astar.cost());
            }
        }
    }

    // ---- edits between queries ----

    @ParameterizedTest
    @EnumSource(
            value = GridAlgorithm.class,
            names = {"JPS", "JPS_PLUS"})
    void editsBetweenQueriesAreHonoured(GridAlgorithm algorithm) {
        Random random = new Random(algorithm.ordinal() * 1000L + 17);
        int w = 24;
        int h = 18;
        ReferenceGrid ref = new ReferenceGrid(w, h);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                ref.setArea(x, y, random.nextInt(100) < 25 ? ReferenceGrid.WALL : 0);
            }
        }
        GridOptions options = jps(algorithm);
        try (Grid grid = ref.toGrid()) {
            for (int round = 0; round < 60; round++) {
                int edits = round % 15 == 14 ? 300 + random.nextInt(200) : random.nextInt(8);
                for (int e = 0; e < edits; e++) {
                    int x = random.nextInt(w);
                    int y = random.nextInt(h);
                    int area = random.nextInt(100) < 30 ? ReferenceGrid.WALL : random.nextInt(3);
                    grid.setArea(x, y, area);
                    ref.setArea(x, y, area);
                }
                Cell s = new Cell(random.nextInt(w), random.nextInt(h));
                Cell g = new Cell(random.nextInt(w), random.nextInt(h));
                GridPath p = grid.findPath(s, g, options);
                final int r = round;
                Supplier<String> where = () -> "round " + r + " " + s + " -> " + g + "\n" + ref.picture();
                if (!ref.open(s.x(), s.y())) {
                    assertEquals(PathStatus.START_INVALID, p.status(), where);
                    continue;
                }
                if (!ref.open(g.x(), g.y())) {
                    assertEquals(PathStatus.GOAL_INVALID, p.status(), where);
                    continue;
                }
                assertEquals(algorithm, p.algorithm(), where);
                checkAgainstReference(ref, s, g, p, where);
                GridPath astar = grid.findPath(s, g, GridOptions.DEFAULT);
                assertEquals(astar.status(), p.status(), where);
                if (p.found()) {
                    assertTrue(
                            closeEnough(astar.cost(), p.cost()),
                            p.cost() + " vs A* " + astar.cost() + " " + where.get());
                }
            }
        }
    }

    @Test
    void aWallPlacedOnTheOnlyRouteIsSeenByTheNextQuery() {
        try (Grid grid = Grid.fromText("....\n###.\n....\n")) {
            GridOptions options = jps(GridAlgorithm.JPS_PLUS);
            GridPath before = grid.findPath(new Cell(0, 0), new Cell(0, 2), options);
            assertEquals(PathStatus.FOUND, before.status());
            assertEquals(GridAlgorithm.JPS_PLUS, before.algorithm());
            // round the end of the wall row: no diagonal may cut its corner
            assertEquals(8.0, before.cost(), 1e-12);
            grid.setWalkable(3, 1, false);
            GridPath blocked = grid.findPath(new Cell(0, 0), new Cell(0, 2), options);
            assertEquals(PathStatus.NO_PATH, blocked.status());
            grid.setWalkable(1, 1, true);
            GridPath through = grid.findPath(new Cell(0, 0), new Cell(0, 2), options);
            assertEquals(PathStatus.FOUND, through.status());
            assertEquals(4.0, through.cost(), 1e-12); // (0,0) (1,0) (1,1) (1,2) (0,2): no diagonal may cut a corner
        }
    }

    // ---- the JPS+ side limit ----

    @Test
    void jpsPlusFallsBackToJpsAboveTheSideLimit() {
        try (Grid wide = Grid.create(32767, 2)) {
            GridPath p = wide.findPath(new Cell(0, 0), new Cell(32766, 1), jps(GridAlgorithm.JPS_PLUS));
            assertEquals(GridAlgorithm.JPS, p.algorithm());
            assertEquals(PathStatus.FOUND, p.status());
            assertTrue(closeEnough(32765 + SQRT2, p.cost()), "cost " + p.cost());
            assertEquals(32767, p.length());
        }
        try (Grid tall = Grid.create(2, 32767)) {
            GridPath p = tall.findPath(new Cell(1, 32766), new Cell(0, 0), jps(GridAlgorithm.JPS_PLUS));
            assertEquals(GridAlgorithm.JPS, p.algorithm());
            assertTrue(closeEnough(32765 + SQRT2, p.cost()), "cost " + p.cost());
        }
        try (Grid atLimit = Grid.create(32766, 2)) {
            GridPath p = atLimit.findPath(new Cell(0, 0), new Cell(32765, 1), jps(GridAlgorithm.JPS_PLUS));
            assertEquals(GridAlgorithm.JPS_PLUS, p.algorithm());
            assertTrue(closeEnough(32764 + SQRT2, p.cost()), "cost " + p.cost());
        }
    }

    // ---- result details ----

    @ParameterizedTest
    @EnumSource(
            value = GridAlgorithm.class,
            names = {"JPS", "JPS_PLUS"})
    void budgetsExpansionsAndCancellation(GridAlgorithm algorithm) {
        String picture = """
                ..........
                ..##...#..
                ......#...
                ...#......
                .......#..
                """;
        try (Grid grid = Grid.fromText(picture)) {
            Cell s = new Cell(0, 4);
            Cell g = new Cell(9, 0);
            GridOptions recorded = GridOptions.builder()
                    .algorithm(algorithm)
                    .recordExpansions(true)
                    .build();
            GridPath full = grid.findPath(s, g, recorded);
            assertEquals(PathStatus.FOUND, full.status());
            assertEquals(algorithm, full.algorithm());
            assertTrue(full.hasExpandedCells());
            assertEquals(full.expandedCount(), full.expandedCells().size());
            assertEquals(s, full.expandedCells().get(0));
            assertEquals(full.iterations() - 1, full.expandedCount());

            GridPath oneStep = grid.findPath(
                    s,
                    g,
                    GridOptions.builder()
                            .algorithm(algorithm)
                            .iterationBudget(1)
                            .build());
            assertEquals(PathStatus.BUDGET_EXHAUSTED, oneStep.status());
            assertEquals(algorithm, oneStep.algorithm());
            assertEquals(1, oneStep.iterations());
            assertEquals(Double.POSITIVE_INFINITY, oneStep.cost());

            GridOptions sliced = GridOptions.builder()
                    .algorithm(algorithm)
                    .iterationsPerSlice(1)
                    .recordExpansions(true)
                    .build();
            GridPath inSlices = grid.findPath(s, g, sliced, new Cancellation());
            assertEquals(Double.doubleToLongBits(full.cost()), Double.doubleToLongBits(inSlices.cost()));
            assertArrayEquals(full.cellIndices(), inSlices.cellIndices());
            assertEquals(full.expandedCells(), inSlices.expandedCells());

            Cancellation cancelled = new Cancellation();
            cancelled.cancel();
            assertThrows(CancellationException.class, () -> grid.findPath(s, g, sliced, cancelled));

            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(2, 1), g, recorded).status());
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(s, new Cell(6, 2), recorded).status());
            GridPath same = grid.findPath(s, s, recorded);
            assertEquals(PathStatus.FOUND, same.status());
            assertEquals(0.0, same.cost());
            assertEquals(List.of(s), same.cells());
        }
    }
}
