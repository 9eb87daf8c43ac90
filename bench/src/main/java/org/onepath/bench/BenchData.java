package org.onepath.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.onepath.Grid;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;

/**
 * Moving AI inputs of the benchmarks, read from {@code -Donepath.data=DIR} (default
 * {@code ../shared/data}, relative to the working directory).
 */
final class BenchData {
    private BenchData() {}

    static Path root() {
        Path root = Path.of(System.getProperty("onepath.data", "../shared/data"));
        if (!Files.isDirectory(root.resolve("movingai"))) {
            throw new IllegalStateException("Moving AI data not found under " + root.toAbsolutePath()
                    + "/movingai; run from the repository root or pass -Donepath.data=DIR");
        }
        return root;
    }

    /** The grid of {@code movingai/<name>.map}, e.g. {@code dao/brc000d}. */
    static Grid grid(String name) {
        return MovingAiMap.read(root().resolve("movingai").resolve(name + ".map"))
                .toGrid();
    }

    /** The problems of {@code movingai/<name>.map.scen} as start x, start y, goal x, goal y, four ints each. */
    static int[] problems(String name) {
        List<MovingAiScenario> list = scenarios(name);
        int[] out = new int[list.size() * 4];
        for (int i = 0; i < list.size(); i++) {
            MovingAiScenario p = list.get(i);
            out[4 * i] = p.startX();
            out[4 * i + 1] = p.startY();
            out[4 * i + 2] = p.goalX();
            out[4 * i + 3] = p.goalY();
        }
        return out;
    }

    /** The problems of {@code movingai/<name>.map.scen}. */
    static List<MovingAiScenario> scenarios(String name) {
        return MovingAiScenarios.read(root().resolve("movingai").resolve(name + ".map.scen"));
    }
}
