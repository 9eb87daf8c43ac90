package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;

/**
 * A resumable {@link GridSearch} stepped in slices returns what {@code grid.findPath} returns with
 * the same options (status, path cell for cell, cost bits, iterations, expanded count, algorithm),
 * for A*, JPS and JPS+ and for option variants that run the specialised engines, the generic
 * cores or a fallback to A*.
 */
class GridSearchSlicingTest {
    /** The algorithms a GridSearch handle runs (the any-angle ones are findPath's only). */
    private static final GridAlgorithm[] HANDLE_ALGORITHMS = {
        GridAlgorithm.ASTAR, GridAlgorithm.JPS, GridAlgorithm.JPS_PLUS
    };

    /** What kind of cells a variant's grids get. */
    enum Cells {
        /** area 0 only, multiplier 1 */
        PLAIN,
        /** area 0 only, every multiplier 1.5 (uniform) */
        UNIFORM_SCALED,
        /** areas 0, 1 and 2 with multipliers 1, 2.5 and 0.5 */
        MIXED
    }

    record Variant(String name, UnaryOperator<GridOptions.Builder> options, Cells cells, boolean qualifies) {}

    static List<Variant> variants() {
        List<Variant> v = new ArrayList<>();
        v.add(new Variant("default", b -> b, Cells.PLAIN, true));
        v.add(new Variant("uniform cost 1.5", b -> b, Cells.UNIFORM_SCALED, true));
        v.add(new Variant("zero heuristic", b -> b.heuristic(HeuristicKind.ZERO), Cells.PLAIN, true));
        v.add(new Variant("octile heuristic", b -> b.heuristic(HeuristicKind.OCTILE), Cells.UNIFORM_SCALED, true));
        v.add(new Variant("generic engines", b -> b.specializedEngines(false), Cells.PLAIN, true));
        v.add(new Variant(
                "generic engines, zero",
                b -> b.specializedEngines(false).heuristic(HeuristicKind.ZERO),
                Cells.UNIFORM_SCALED,
                true));
        v.add(new Variant("four-connected", b -> b.connectivity(Connectivity.FOUR), Cells.PLAIN, false));
        v.add(new Variant("agent size 2", b -> b.agentSize(2), Cells.PLAIN, false));
        v.add(new Variant("area costs differ", b -> b, Cells.MIXED, false));
        v.add(new Variant("no squeezing", b -> b.diagonalRule(DiagonalRule.NO_SQUEEZING), Cells.PLAIN, false));
        v.add(new Variant("manhattan heuristic", b -> b.heuristic(HeuristicKind.MANHATTAN), Cells.PLAIN, false));
        v.add(new Variant("blocked delegate", b -> b.blocked((x, y) -> (x * 7 + y * 3) % 11 == 0), Cells.PLAIN, false));
        return v;
    }

    static Grid randomGrid(Random random, Cells cells, int minSide, int maxSide) {
        int w = minSide + random.nextInt(maxSide - minSide + 1);
        int h = minSide + random.nextInt(maxSide - minSide + 1);
        int percent = random.nextInt(4) == 0 ? 0 : random.nextInt(50);
        Grid grid = Grid.create(w, h);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (random.nextInt(100) < percent) {
                    grid.setArea(x, y, Grid.WALL);
                } else if (cells == Cells.MIXED) {
                    grid.setArea(x, y, random.nextInt(3));
                }
            }
        }
        if (cells == Cells.UNIFORM_SCALED) {
            for (int a = 0; a < AreaCosts.AREA_COUNT; a++) {
                grid.areas().set(a, 1.5);
            }
            assertTrue(grid.areas().isUniform());
        } else if (cells == Cells.MIXED) {
            grid.areas().set(1, 2.5);
            grid.areas().set(2, 0.5);
        }
        return grid;
    }

    /** The algorithm that must run: the one asked for when the query qualifies, else A*. */
    static GridAlgorithm expectedAlgorithm(GridAlgorithm asked, boolean qualifies) {
        return qualifies ? asked : GridAlgorithm.ASTAR;
    }

    /** Steps a begun search to the end: one budget per query, or a fresh budget per slice. */
    static PathStatus stepToEnd(GridSearch search, Random random) {
        boolean fixed = random.nextBoolean();
        int budget = 1 + random.nextInt(50);
        PathStatus s = search.status();
        while (s == PathStatus.IN_PROGRESS) {
            int before = search.iterations();
            if (random.nextInt(16) == 0) {
                assertEquals(PathStatus.IN_PROGRESS, search.step(0));
                assertEquals(before, search.iterations(), "step(0) pops nothing");
            }
            int n = fixed ? budget : 1 + random.nextInt(50);
            s = search.step(n);
            int made = search.iterations() - before;
            assertTrue(made >= 0 && made <= n, "a slice of " + n + " made " + made + " iterations");
        }
        return s;
    }

    /** Asserts that a finished search equals a findPath result. */
    static void assertSameAs(GridPath expected, GridSearch search, Random random, String context) {
        assertEquals(expected.status(), search.status(), context);
        assertEquals(expected.iterations(), search.iterations(), "iterations " + context);
        assertEquals(expected.expandedCount(), search.expandedCount(), "expanded " + context);
        assertEquals(expected.algorithm(), search.algorithm(), "algorithm " + context);
        assertEquals(
                Double.doubleToRawLongBits(expected.cost()),
                Double.doubleToRawLongBits(search.cost()),
                "cost bits " + context + ": " + expected.cost() + " vs " + search.cost());
        assertEquals(expected.length(), search.pathLength(), "path length " + context);
        if (expected.found()) {
            int[] out = new int[expected.length() + random.nextInt(3)];
            assertEquals(expected.length(), search.copyPath(out), context);
            int[] path = java.util.Arrays.copyOf(out, expected.length());
            assertArrayEquals(expected.cellIndices(), path, "path " + context);
        } else {
            assertThrows(IllegalStateException.class, () -> search.copyPath(new int[64]), context);
        }
    }

    @Test
    void slicedSearchesEqualFindPathForEveryAlgorithmAndVariant() {
        Random random = new Random(0xB0D6E7);
        int compared = 0;
        int found = 0;
        int[] byAlgorithm = new int[3];
        for (Variant variant : variants()) {
            for (GridAlgorithm asked : HANDLE_ALGORITHMS) {
                GridOptions options = variant.options()
                        .apply(GridOptions.builder().algorithm(asked))
                        .build();
                GridAlgorithm expectedAlgorithm = expectedAlgorithm(asked, variant.qualifies());
                for (int round = 0; round < 45; round++) {
                    try (Grid grid = randomGrid(random, variant.cells(), 2, 20);
                            GridSearch search = grid.createSearch(options)) {
                        assertEquals(options, search.options());
                        for (int q = 0; q < 4; q++) {
                            int sx = random.nextInt(grid.width() + 2) - 1;
                            int sy = random.nextInt(grid.height() + 2) - 1;
                            int gx = random.nextInt(grid.width() + 2) - 1;
                            int gy = random.nextInt(grid.height() + 2) - 1;
                            if (random.nextInt(8) == 0) {
                                gx = sx;
                                gy = sy;
                            }
                            String context = variant.name() + ", " + asked + ", round " + round + ", (" + sx + "," + sy
                                    + ") -> (" + gx + "," + gy + ") on " + grid;
                            GridPath expected = grid.findPath(new Cell(sx, sy), new Cell(gx, gy), options);
                            PathStatus begun = search.tryBegin(sx, sy, gx, gy);
                            if (expected.status() == PathStatus.START_INVALID
                                    || expected.status() == PathStatus.GOAL_INVALID) {
                                assertEquals(expected.status(), begun, context);
                                continue;
                            }
                            assertEquals(PathStatus.IN_PROGRESS, begun, context);
                            assertEquals(PathStatus.IN_PROGRESS, search.status(), context);
                            assertEquals(expectedAlgorithm, search.algorithm(), context);
                            stepToEnd(search, random);
                            assertSameAs(expected, search, random, context);
                            assertEquals(
                                    search.status(),
                                    search.step(1 + random.nextInt(5)),
                                    "a finished search stays finished");
                            compared++;
                            byAlgorithm[expectedAlgorithm.ordinal()]++;
                            if (expected.found()) {
                                found++;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(compared > 2000 && found > compared / 2, "compared " + compared + ", found " + found);
        for (int count : byAlgorithm) {
            assertTrue(count > 150, "searches per algorithm " + java.util.Arrays.toString(byAlgorithm));
        }
    }

    @Test
    void aHandleReusedAcrossOptionsOfTheSameGridKeepsEqualingFindPath() {
        // One handle per options object, many queries interleaved on one grid: the handles keep
        // their engines between searches and every query still equals findPath.
        Random random = new Random(99);
        try (Grid grid = randomGrid(random, Cells.PLAIN, 24, 32)) {
            List<GridOptions> all = new ArrayList<>();
            for (Variant variant : variants()) {
                if (variant.cells() == Cells.PLAIN) {
                    for (GridAlgorithm asked : HANDLE_ALGORITHMS) {
                        all.add(variant.options()
                                .apply(GridOptions.builder().algorithm(asked))
                                .build());
                    }
                }
            }
            List<GridSearch> searches = new ArrayList<>();
            for (GridOptions o : all) {
                searches.add(grid.createSearch(o));
            }
            try {
                int compared = 0;
                for (int q = 0; q < 600; q++) {
                    int k = random.nextInt(all.size());
                    GridSearch search = searches.get(k);
                    Cell start = new Cell(random.nextInt(grid.width()), random.nextInt(grid.height()));
                    Cell goal = new Cell(random.nextInt(grid.width()), random.nextInt(grid.height()));
                    GridPath expected = grid.findPath(start, goal, all.get(k));
                    PathStatus begun = search.tryBegin(start, goal);
                    if (begun != PathStatus.IN_PROGRESS) {
                        assertEquals(expected.status(), begun);
                        continue;
                    }
                    stepToEnd(search, random);
                    assertSameAs(expected, search, random, all.get(k) + " " + start + " -> " + goal);
                    compared++;
                }
                assertTrue(compared > 200, "compared " + compared);
            } finally {
                for (GridSearch s : searches) {
                    s.close();
                }
            }
        }
    }
}
