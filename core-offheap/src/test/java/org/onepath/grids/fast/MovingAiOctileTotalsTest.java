package org.onepath.grids.fast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.cells.PathStatus;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;

/**
 * The published expansion totals of the specialised engines over all 850 problems of Moving AI
 * dao/brc000d, with every cost within the project's match rule of the published optimal length.
 * Reads the benchmark files in place (system property {@code onepath.data}, else
 * {@code ../../shared/data}, else {@code ../shared/data}) and is skipped when they are absent.
 */
class MovingAiOctileTotalsTest {
    private static final int PROBLEMS = 850;

    private static Path dataRoot() {
        String property = System.getProperty("onepath.data");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        Path a = Path.of("../../shared/data");
        return Files.isDirectory(a) ? a : Path.of("../shared/data");
    }

    private static Path file(String name) {
        Path path = dataRoot().resolve("movingai").resolve("dao").resolve(name);
        assumeTrue(Files.isRegularFile(path), "Moving AI file " + path.toAbsolutePath() + " not found; skipping");
        return path;
    }

    /** Totals over the problems. */
    record Totals(long expanded, long iterations, int found, int mismatches) {}

    private static Totals run(SlicedSearch engine, Grid grid, List<MovingAiScenario> problems, String name) {
        long expanded = 0;
        long iterations = 0;
        int found = 0;
        int mismatches = 0;
        int width = grid.width();
        for (MovingAiScenario p : problems) {
            int start = p.startY() * width + p.startX();
            int goal = p.goalY() * width + p.goalX();
            assertEquals(PathStatus.IN_PROGRESS, engine.tryBegin(start, goal), name + " " + p);
            SearchStatus s = engine.step(Integer.MAX_VALUE);
            expanded += engine.expandedCount();
            iterations += engine.iterations();
            if (s == SearchStatus.FOUND) {
                found++;
                assertEquals(engine.iterations() - 1, engine.expandedCount(), name + " " + p);
            } else {
                assertEquals(engine.iterations(), engine.expandedCount(), name + " " + p);
            }
            double optimal = p.optimalLength();
            if (s != SearchStatus.FOUND || Math.abs(engine.pathCost() - optimal) > p.matchTolerance()) {
                mismatches++;
            }
        }
        Totals totals = new Totals(expanded, iterations, found, mismatches);
        System.out.println("brc000d " + name + ": " + totals);
        return totals;
    }

    @Test
    void publishedTotalsOfBrc000d() {
        Path mapFile = file("brc000d.map");
        Path scenFile = file("brc000d.map.scen");
        List<MovingAiScenario> problems = MovingAiScenarios.read(scenFile);
        assertEquals(PROBLEMS, problems.size());
        try (Grid grid = MovingAiMap.read(mapFile).toGrid();
                BlockMap map = new BlockMap(grid);
                OctileMap octile = new OctileMap(grid);
                OctileAStar astar = new OctileAStar(grid, false);
                OctileJump<BitFinder> jps = new OctileJump<>(grid, new BitFinder(map, octile), false);
                OctileJump<BitFinder> improved = new OctileJump<>(grid, new BitFinder(map, octile), true)) {
            Totals a = run(astar, grid, problems, "OctileAStar octile");
            Totals j = run(jps, grid, problems, "OctileJump block");
            Totals i = run(improved, grid, problems, "OctileJump block improved");

            assertEquals(3_594_911L, a.expanded(), "OctileAStar expanded");
            assertEquals(210_340L, j.expanded(), "OctileJump block expanded");
            assertEquals(83_678L, i.expanded(), "OctileJump improved expanded");
            for (Totals t : List.of(a, j, i)) {
                assertEquals(0, t.mismatches(), "cost mismatches " + t);
                assertEquals(PROBLEMS, t.found(), "found " + t);
                assertEquals(t.expanded() + t.found(), t.iterations(), "iterations " + t);
            }
        }
    }

    @Test
    void documentedTotalsOfBrc000dWithTheJpsPlusTables() {
        // docs/octile.md: 211,557 with the JPS+ tables, 83,678 improved with either finder.
        Path mapFile = file("brc000d.map");
        Path scenFile = file("brc000d.map.scen");
        List<MovingAiScenario> problems = MovingAiScenarios.read(scenFile);
        try (Grid grid = MovingAiMap.read(mapFile).toGrid();
                JpsPlusIndex index = new JpsPlusIndex(grid);
                OctileMap octile = new OctileMap(grid);
                OctileJump<TableFinder> plus = new OctileJump<>(grid, new TableFinder(index, octile), false);
                OctileJump<TableFinder> improved = new OctileJump<>(grid, new TableFinder(index, octile), true)) {
            Totals p = run(plus, grid, problems, "OctileJump table");
            Totals i = run(improved, grid, problems, "OctileJump table improved");
            assertEquals(211_557L, p.expanded(), "OctileJump table expanded");
            assertEquals(83_678L, i.expanded(), "OctileJump table improved expanded");
            for (Totals t : List.of(p, i)) {
                assertEquals(0, t.mismatches(), "cost mismatches " + t);
                assertEquals(t.expanded() + t.found(), t.iterations(), "iterations " + t);
            }
        }
    }
}
