package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.onepath.cells.PathStatus;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;

/**
 * Published optimal lengths of a sample of Moving AI problems (octile costs, no corner cutting).
 * Reads the benchmark files in place from the directory in the {@code onepath.data} system
 * property and is skipped when they are absent.
 */
class MovingAiBenchmarkTest {
    private static final int SAMPLES_PER_MAP = 40;

    private static Path dataDirectory() {
        String dir = System.getProperty("onepath.data");
        Path path = dir == null ? null : Path.of(dir, "movingai");
        assumeTrue(
                path != null && Files.isDirectory(path),
                "Moving AI data not found (system property onepath.data = " + dir + "); skipping");
        return path;
    }

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource({
        "dao, lak110d, 8",
        "dao, arena, 8",
        "street, Berlin_0_256, 8",
        "room, 8room_000, 8",
        "bg512, AR0011SR, 2",
    })
    void sampledProblemsMatchThePublishedLengths(String folder, String name, int decimals) {
        Path dir = dataDirectory().resolve(folder);
        Path mapFile = dir.resolve(name + ".map");
        Path scenFile = dir.resolve(name + ".map.scen");
        assumeTrue(
                Files.isRegularFile(mapFile) && Files.isRegularFile(scenFile),
                "missing " + mapFile + " or its scenarios");
        MovingAiMap map = MovingAiMap.read(mapFile);
        List<MovingAiScenario> problems = MovingAiScenarios.read(scenFile);
        assertTrue(problems.size() > 10);
        try (Grid grid = map.toGrid()) {
            int step = Math.max(1, problems.size() / SAMPLES_PER_MAP);
            for (int i = problems.size() - 1; i >= 0; i -= step) {
                MovingAiScenario p = problems.get(i);
                assertEquals(name + ".map", p.mapFileName());
                assertEquals(map.width(), p.mapWidth());
                assertEquals(map.height(), p.mapHeight());
                GridPath path = grid.findPath(p.start(), p.goal(), GridOptions.DEFAULT);
                assertEquals(PathStatus.FOUND, path.status(), p.toString());
                double optimal = p.optimalLength();
                // the spec's rule, which the file's decimal places decide: relative 1e-6 for the
                // 8-decimal sets, half of the last digit (0.005) for the 2-decimal bg512 edition
                assertEquals(decimals, p.lengthDecimals(), p.toString());
                assertEquals(optimal, path.cost(), p.matchTolerance(), p.toString());
            }
        }
    }
}
