package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.query.ManyGoalsQuery;

/**
 * Many-goal queries against the single queries they stand for: on random grids and voxel blocks,
 * with 1 to 159 goals (so both the A* with the minimum estimate and Dijkstra's wave run), some of
 * them invalid, repeated or the start itself, the result is FOUND exactly when a single query
 * finds a path, its cost bits are the smallest single cost, its goal is the first listed of that
 * cost, and its cells are that single query's. The cheapest cost also matches a plain Dijkstra
 * written here ({@link ReferenceGrid#distancesFrom}) up to summation order.
 */
class ManyGoalsPropertyTest {

    record Setup(
            ReferenceGrid grid,
            Connectivity connectivity,
            DiagonalRule rule,
            int agentSize,
            HeuristicKind heuristic,
            List<Integer> picks) {
        @Override
        public String toString() {
            return connectivity + " " + rule + " size=" + agentSize + " " + heuristic + " picks=" + picks + "\n"
                    + grid.picture();
        }
    }

    @Provide
    Arbitrary<Setup> setups() {
        Arbitrary<List<Integer>> picks = picks();
        return Combinators.combine(
                        RandomGrids.grids(6, 20),
                        Arbitraries.of(Connectivity.class),
                        Arbitraries.of(DiagonalRule.class),
                        Arbitraries.integers().between(1, 2),
                        Arbitraries.of(HeuristicKind.AUTO, HeuristicKind.AUTO, HeuristicKind.ZERO),
                        picks)
                .as(Setup::new);
    }

    /**
     * The start and then the goals: 1 to 12 goals half the time (the A* with the minimum
     * estimate), 70 to 150 the other half (Dijkstra's wave where enough of them are distinct).
     */
    static Arbitrary<List<Integer>> picks() {
        Arbitrary<Integer> count = Arbitraries.oneOf(
                Arbitraries.integers().between(1, 12), Arbitraries.integers().between(70, 150));
        return Combinators.combine(count, Arbitraries.longs()).as((n, seed) -> {
            java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
            List<Integer> out = new ArrayList<>();
            for (int i = 0; i <= n; i++) {
                out.add(random.nextInt(1_000_000));
            }
            return out;
        });
    }

    @Property(tries = 400)
    void gridEqualsTheCheapestSingleQuery(@ForAll("setups") Setup setup) {
        ReferenceGrid ref = setup.grid();
        int w = ref.width();
        int cells = w * ref.height();
        GridOptions options = GridOptions.builder()
                .connectivity(setup.connectivity())
                .diagonalRule(setup.rule())
                .agentSize(setup.agentSize())
                .heuristic(setup.heuristic())
                .build();
        List<Integer> picks = setup.picks();
        Cell start = new Cell(picks.get(0) % cells % w, picks.get(0) % cells / w);
        List<Cell> goals = new ArrayList<>();
        for (int i = 1; i < picks.size(); i++) {
            int p = picks.get(i);
            if (p % 7 == 0 && !goals.isEmpty()) {
                goals.add(goals.get(p % goals.size())); // a repeat
            } else if (p % 11 == 0) {
                goals.add(start);
            } else {
                goals.add(new Cell(p % cells % w, p % cells / w));
            }
        }
        try (Grid grid = ref.toGrid()) {
            GridPath many = grid.findPath(start, goals, options);
            List<GridPath> singles = new ArrayList<>();
            for (Cell g : goals) {
                singles.add(grid.findPath(start, g, options));
            }
            int best = cheapest(
                    singles.stream().map(GridPath::status).toList(),
                    singles.stream().mapToDouble(GridPath::cost).toArray());
            String where = "start " + start + " goals " + goals + " under " + setup;
            if (best < 0) {
                PathStatus expected = singles.get(0).status() == PathStatus.START_INVALID
                        ? PathStatus.START_INVALID
                        : singles.stream().allMatch(s -> s.status() == PathStatus.GOAL_INVALID)
                                ? PathStatus.GOAL_INVALID
                                : PathStatus.NO_PATH;
                assertEquals(expected, many.status(), where);
            } else {
                assertEquals(PathStatus.FOUND, many.status(), where);
                assertEquals(
                        Double.doubleToLongBits(singles.get(best).cost()), Double.doubleToLongBits(many.cost()), where);
                assertEquals(singles.get(best).cells(), many.cells(), where);
                double[] dist = ref.distancesFrom(
                        start.x(),
                        start.y(),
                        setup.connectivity() == Connectivity.EIGHT,
                        setup.rule(),
                        setup.agentSize());
                double min = Double.POSITIVE_INFINITY;
                for (Cell g : goals) {
                    if (ref.inside(g.x(), g.y()) && ref.fits(g.x(), g.y(), setup.agentSize())) {
                        min = Math.min(min, dist[g.y() * w + g.x()]);
                    }
                }
                assertTrue(Math.abs(min - many.cost()) <= 1e-9 * Math.max(1, min), where + " reference " + min);
            }
            Statistics.label("status").collect(many.status());
            Statistics.label("engine")
                    .collect(
                            goals.stream().distinct().count() > ManyGoalsQuery.ESTIMATE_GOAL_LIMIT
                                    ? "wave"
                                    : "estimate");
        }
        Statistics.label("status").coverage(c -> c.check(PathStatus.FOUND).percentage(p -> p >= 40));
        Statistics.label("engine").coverage(c -> {
            c.check("wave").percentage(p -> p >= 5);
            c.check("estimate").percentage(p -> p >= 20);
        });
    }

    record VoxelSetup(
            int sx, int sy, int sz, List<Integer> solid, VoxelConnectivity connectivity, List<Integer> picks) {}

    @Provide
    Arbitrary<VoxelSetup> voxelSetups() {
        Arbitrary<Integer> side = Arbitraries.integers().between(4, 7);
        return Combinators.combine(
                        side,
                        side,
                        side,
                        Arbitraries.integers().between(0, 99).list().ofSize(343),
                        Arbitraries.of(VoxelConnectivity.class),
                        picks())
                .as(VoxelSetup::new);
    }

    @Property(tries = 250)
    void voxelEqualsTheCheapestSingleQuery(@ForAll("voxelSetups") VoxelSetup setup) {
        int n = setup.sx() * setup.sy() * setup.sz();
        try (VoxelGrid grid = VoxelGrid.create(setup.sx(), setup.sy(), setup.sz())) {
            int density = setup.solid().get(0) % 40;
            for (int i = 0; i < n; i++) {
                if (setup.solid().get(i) < density) {
                    grid.setArea(
                            i % setup.sx(), i / setup.sx() % setup.sy(), i / setup.sx() / setup.sy(), VoxelGrid.SOLID);
                } else if (setup.solid().get(i) % 5 == 0) {
                    grid.setArea(i % setup.sx(), i / setup.sx() % setup.sy(), i / setup.sx() / setup.sy(), 3);
                }
            }
            grid.areas().set(3, 2.5);
            VoxelOptions options =
                    VoxelOptions.builder().connectivity(setup.connectivity()).build();
            List<Integer> picks = setup.picks();
            VoxelCell start = cell(picks.get(0) % n, setup);
            List<VoxelCell> goals = new ArrayList<>();
            for (int i = 1; i < picks.size(); i++) {
                int p = picks.get(i);
                goals.add(p % 13 == 0 ? start : cell(p % n, setup));
            }
            VoxelPath many = grid.findPath(start, goals, options);
            List<VoxelPath> singles = new ArrayList<>();
            for (VoxelCell g : goals) {
                singles.add(grid.findPath(start, g, options));
            }
            int best = cheapest(
                    singles.stream().map(VoxelPath::status).toList(),
                    singles.stream().mapToDouble(VoxelPath::cost).toArray());
            String where = "start " + start + " goals " + goals + " " + setup;
            if (best < 0) {
                assertTrue(many.status() != PathStatus.FOUND, where);
                if (singles.get(0).status() == PathStatus.START_INVALID) {
                    assertEquals(PathStatus.START_INVALID, many.status(), where);
                }
            } else {
                assertEquals(PathStatus.FOUND, many.status(), where);
                assertEquals(
                        Double.doubleToLongBits(singles.get(best).cost()), Double.doubleToLongBits(many.cost()), where);
                assertEquals(singles.get(best).cells(), many.cells(), where);
            }
            Statistics.label("voxel status").collect(many.status());
            Statistics.label("voxel engine")
                    .collect(
                            goals.stream().distinct().count() > ManyGoalsQuery.ESTIMATE_GOAL_LIMIT
                                    ? "wave"
                                    : "estimate");
        }
        Statistics.label("voxel engine").coverage(c -> {
            c.check("wave").percentage(p -> p >= 5);
            c.check("estimate").percentage(p -> p >= 20);
        });
    }

    private static VoxelCell cell(int i, VoxelSetup s) {
        return new VoxelCell(i % s.sx(), i / s.sx() % s.sy(), i / s.sx() / s.sy());
    }

    /** The first index of the smallest FOUND cost, or -1. */
    static int cheapest(List<PathStatus> statuses, double[] costs) {
        int best = -1;
        for (int i = 0; i < costs.length; i++) {
            if (statuses.get(i) == PathStatus.FOUND && (best < 0 || costs[i] < costs[best])) {
                best = i;
            }
        }
        return best;
    }
}
