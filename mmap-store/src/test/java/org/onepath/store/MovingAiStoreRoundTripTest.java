package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.PathStatus;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;

/**
 * Every Moving AI map with scenarios, baked and opened read-only, answers a sample of its
 * problems exactly as the in-memory grid (path, cost, expansions) with A*, JPS and JPS+. Reads
 * the benchmark files in place (system property {@code onepath.data}, else
 * {@code ../../shared/data} or {@code ../shared/data}); a set whose folder is absent is skipped.
 */
class MovingAiStoreRoundTripTest {
    /** At most one problem in this many is run, each map starting at a different offset. */
    private static final int STEP = 40;
    /** About this many problems per set at most, so a big set takes a sparser sample. */
    private static final int MAX_PROBLEMS_PER_SET = 160;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"dao", "sc1", "street", "room", "bg512"})
    void bakedMapsAnswerAsTheirGrids(String set) throws IOException {
        Path folder = StoreTestSupport.dataRoot().resolve("movingai").resolve(set);
        assumeTrue(
                Files.isDirectory(folder),
                "Moving AI folder " + folder.toAbsolutePath()
                        + " not found (set onepath.data to the folder holding movingai/); skipping");
        List<Path> maps;
        try (Stream<Path> files = Files.list(folder)) {
            maps = files.filter(p -> p.getFileName().toString().endsWith(".map"))
                    .filter(p -> Files.isRegularFile(Path.of(p + ".scen")))
                    .sorted()
                    .toList();
        }
        assumeTrue(!maps.isEmpty(), "no map with a .scen file in " + folder.toAbsolutePath() + "; skipping");
        List<GridOptions> options = List.of(
                GridOptions.builder().algorithm(GridAlgorithm.ASTAR).build(),
                GridOptions.builder().algorithm(GridAlgorithm.JPS).build(),
                GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build());
        List<List<MovingAiScenario>> scenarios = new ArrayList<>();
        long total = 0;
        for (Path mapFile : maps) {
            List<MovingAiScenario> problems = MovingAiScenarios.read(Path.of(mapFile + ".scen"));
            assertFalse(problems.isEmpty(), mapFile + ".scen holds no problem");
            scenarios.add(problems);
            total += problems.size();
        }
        int step = (int) Math.max(STEP, (total + MAX_PROBLEMS_PER_SET - 1) / MAX_PROBLEMS_PER_SET);
        int checked = 0;
        for (int m = 0; m < maps.size(); m++) {
            Path mapFile = maps.get(m);
            String name = mapFile.getFileName().toString();
            List<MovingAiScenario> problems = scenarios.get(m);
            Path storeFile = dir.resolve(name + ".opstore");
            try (Grid grid = MovingAiMap.read(mapFile).toGrid()) {
                GridStore.bake(grid, name, storeFile);
                try (GridStore store = GridStore.open(storeFile)) {
                    Grid baked = store.grid();
                    assertEquals(name, store.name());
                    assertEquals(grid.width(), baked.width(), name);
                    assertEquals(grid.height(), baked.height(), name);
                    for (int i = (m * 7) % Math.min(step, problems.size()); i < problems.size(); i += step) {
                        MovingAiScenario p = problems.get(i);
                        for (GridOptions o : options) {
                            GridPath expected = grid.findPath(p.start(), p.goal(), o);
                            GridPath actual = baked.findPath(p.start(), p.goal(), o);
                            String what = set + "/" + name + " problem " + i + " " + o.algorithm();
                            assertEquals(PathStatus.FOUND, expected.status(), what);
                            assertEquals(o.algorithm(), actual.algorithm(), what + ": algorithm that ran");
                            StoreTestSupport.assertSameAnswer(expected, actual, what);
                            checked++;
                        }
                    }
                }
            }
            Files.delete(storeFile);
        }
        assertFalse(checked == 0, "no problem was checked in " + folder);
        assertTrue(
                checked >= 3L * Math.max(maps.size(), total / step - maps.size()),
                "expected about " + total / step + " problems, at least one per map (three queries each), checked "
                        + checked + " queries");
    }
}
