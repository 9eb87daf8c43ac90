package org.onepath.grids.theta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.ReferenceGrid;
import org.onepath.cells.PathStatus;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;

/**
 * Both tier-1 any-angle algorithms on a sample of Moving AI problems across all lengths (two dao
 * maps; the whole dao and sc1 sets run through {@code onepath scen}, docs/performance.md): found, never longer than the published eight-connected optimum (relative 1e-6),
 * never shorter than the straight line, every pair of consecutive waypoints in sight by the exact
 * geometric test and the cost equal to the segments summed in order. Reads the benchmark files
 * from the {@code onepath.data} system property and is skipped when they are absent.
 */
class MovingAiAnyAngleTest {
    private static Path dataDirectory() {
        String dir = System.getProperty("onepath.data");
        Path path = dir == null ? null : Path.of(dir, "movingai");
        assumeTrue(
                path != null && Files.isDirectory(path),
                "Moving AI data not found (system property onepath.data = " + dir + "); skipping");
        return path;
    }

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource({"dao, arena, 30", "dao, lak110d, 30"})
    void sampledProblemsAreShortValidAndPricedBySegments(String folder, String name, int samples) {
        Path dir = dataDirectory().resolve(folder);
        Path mapFile = dir.resolve(name + ".map");
        Path scenFile = dir.resolve(name + ".map.scen");
        assumeTrue(
                Files.isRegularFile(mapFile) && Files.isRegularFile(scenFile),
                "missing " + mapFile + " or its scenarios");
        List<MovingAiScenario> problems = MovingAiScenarios.read(scenFile);
        try (Grid grid = MovingAiMap.read(mapFile).toGrid()) {
            int w = grid.width();
            ReferenceGrid ref = new ReferenceGrid(w, grid.height());
            for (int y = 0; y < grid.height(); y++) {
                for (int x = 0; x < w; x++) {
                    ref.setArea(x, y, grid.isWalkable(x, y) ? 0 : ReferenceGrid.WALL);
                }
            }
            AnyAngleReference model = new AnyAngleReference(ref, 1.0, false);
            int step = Math.max(1, problems.size() / samples);
            int shorter = 0;
            for (GridAlgorithm algorithm :
                    new GridAlgorithm[] {GridAlgorithm.THETA_STAR, GridAlgorithm.LAZY_THETA_STAR}) {
                GridOptions options = GridOptions.builder().algorithm(algorithm).build();
                for (int i = problems.size() - 1; i >= 0; i -= step) {
                    MovingAiScenario p = problems.get(i);
                    GridPath path = grid.findPath(p.start(), p.goal(), options);
                    String where = algorithm + " " + p;
                    assertEquals(PathStatus.FOUND, path.status(), where);
                    assertEquals(algorithm, path.algorithm(), where);
                    double optimal = p.optimalLength();
                    assertTrue(
                            path.cost() <= optimal * (1 + 1e-6),
                            where + ": " + path.cost() + " is longer than " + optimal);
                    double straight =
                            Math.sqrt(Math.pow(p.goalX() - p.startX(), 2) + Math.pow(p.goalY() - p.startY(), 2));
                    assertTrue(path.cost() >= straight * (1 - 1e-12), where + ": shorter than the straight line");
                    int[] cells = path.cellIndices();
                    AnyAnglePathQualityTest.checkPath(
                            model, ref, cells, cells[0], cells[cells.length - 1], path.cost(), () -> where);
                    assertEquals(p.startY() * w + p.startX(), cells[0], where);
                    assertEquals(p.goalY() * w + p.goalX(), cells[cells.length - 1], where);
                    shorter += path.cost() < optimal * (1 - 1e-6) ? 1 : 0;
                }
            }
            assertTrue(shorter > 0, "some sampled path beats the eight-connected optimum");
        }
    }
}
