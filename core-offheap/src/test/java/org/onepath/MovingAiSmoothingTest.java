package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.onepath.PathSmoother.SmoothedPath;
import org.onepath.cells.Cell;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;

/**
 * {@link PathSmoother} on every Moving AI set (a sample of problems per map across all lengths):
 * the A* path of each problem, and the size-2 path where both ends fit, smoothed; the input cost
 * is the search's, the smoothed cost never above it, every shortcut in sight of the exact test of
 * {@link SightReference} over the cells the agent fits, and on these one-cost maps the length
 * drops. Prints the mean length against A* and against Theta* on the same problems (the figures of
 * docs/smoothing.md). Reads the files from the {@code onepath.data} system property and is skipped
 * when they are absent.
 */
class MovingAiSmoothingTest {
    private static Path dataDirectory() {
        String dir = System.getProperty("onepath.data");
        Path path = dir == null ? null : Path.of(dir, "movingai");
        assumeTrue(
                path != null && Files.isDirectory(path),
                "Moving AI data not found (system property onepath.data = " + dir + "); skipping");
        return path;
    }

    @ParameterizedTest(name = "{0}: {1} problems per map")
    @CsvSource({"bg512, 12", "dao, 2", "room, 12", "sc1, 6", "street, 8"})
    void everySetSmoothsWithoutRaisingCost(String set, int perMap) throws IOException {
        Path dir = dataDirectory().resolve(set);
        assumeTrue(Files.isDirectory(dir), "Moving AI set " + dir + " not found; skipping");
        List<Path> maps;
        try (Stream<Path> files = Files.list(dir)) {
            maps = files.filter(p -> p.toString().endsWith(".map")).sorted().toList();
        }
        assumeTrue(!maps.isEmpty(), "no .map files in " + dir + "; skipping");
        GridOptions astar = GridOptions.builder().specializedEngines(false).build();
        GridOptions two = astar.toBuilder().agentSize(2).build();
        GridOptions theta =
                GridOptions.builder().algorithm(GridAlgorithm.THETA_STAR).build();
        double sumInput = 0;
        double sumSmooth = 0;
        double sumTheta = 0;
        int problems = 0;
        int sized = 0;
        long inputCells = 0;
        long waypoints = 0;
        for (Path mapFile : maps) {
            Path scenFile = Path.of(mapFile + ".scen");
            if (!Files.isRegularFile(scenFile)) {
                continue;
            }
            List<MovingAiScenario> all = MovingAiScenarios.read(scenFile);
            try (Grid grid = MovingAiMap.read(mapFile).toGrid()) {
                int w = grid.width();
                int h = grid.height();
                boolean[] open = new boolean[w * h];
                for (int i = 0; i < open.length; i++) {
                    open[i] = grid.isWalkable(i % w, i / w);
                }
                ReferenceGrid ref = new ReferenceGrid(w, h);
                for (int i = 0; i < open.length; i++) {
                    ref.setArea(i % w, i / w, open[i] ? 0 : ReferenceGrid.WALL);
                }
                int step = Math.max(1, all.size() / perMap);
                for (int i = all.size() - 1, taken = 0; i >= 0 && taken < perMap; i -= step, taken++) {
                    MovingAiScenario p = all.get(i);
                    String where = mapFile.getFileName() + " " + p;
                    GridPath path = grid.findPath(p.start(), p.goal(), astar);
                    assertTrue(path.found(), where);
                    SmoothedPath smooth = PathSmoother.smooth(grid, path, astar);
                    check(open, w, h, 1, path, smooth, where);
                    GridPath any = grid.findPath(p.start(), p.goal(), theta);
                    assertTrue(any.found(), where);
                    sumInput += path.cost();
                    sumSmooth += smooth.cost();
                    sumTheta += any.cost();
                    inputCells += path.length();
                    waypoints += smooth.waypoints().size();
                    problems++;
                    if (ref.fits(p.startX(), p.startY(), 2) && ref.fits(p.goalX(), p.goalY(), 2) && taken % 3 == 0) {
                        GridPath big = grid.findPath(p.start(), p.goal(), two);
                        if (big.found()) {
                            boolean[] fits = new boolean[w * h];
                            for (int c = 0; c < fits.length; c++) {
                                fits[c] = ref.fits(c % w, c / w, 2);
                            }
                            check(fits, w, h, 2, big, PathSmoother.smooth(grid, big, two), where + " size 2");
                            sized++;
                        }
                    }
                }
            }
        }
        assertTrue(problems > 0, "no problem of " + set + " ran");
        assertTrue(sumSmooth < sumInput, set + ": smoothing shortened nothing");
        System.out.printf(
                "smoothing %s: %d problems (%d at size 2), mean cells %.1f -> waypoints %.1f, length %.4f x A*, %.4f x"
                        + " Theta* (A* %.1f, smoothed %.1f, Theta* %.1f per problem)%n",
                set,
                problems,
                sized,
                inputCells / (double) problems,
                waypoints / (double) problems,
                sumSmooth / sumInput,
                sumSmooth / sumTheta,
                sumInput / problems,
                sumSmooth / problems,
                sumTheta / problems);
    }

    private static void check(
            boolean[] fits, int w, int h, int size, GridPath path, SmoothedPath smooth, String where) {
        assertEquals(path.cost(), smooth.inputCost(), where + ": the input is priced as the search priced it");
        assertTrue(smooth.cost() <= path.cost(), where + ": " + smooth.cost() + " > " + path.cost());
        List<Cell> in = path.cells();
        List<Cell> out = smooth.waypoints();
        assertEquals(in.get(0), out.get(0), where);
        assertEquals(in.get(in.size() - 1), out.get(out.size() - 1), where);
        SightReference.Open open = (x, y) -> x >= 0 && y >= 0 && x < w && y < h && fits[y * w + x];
        for (int k = 1; k < out.size(); k++) {
            Cell a = out.get(k - 1);
            Cell b = out.get(k);
            assertTrue(
                    SightReference.sees(open, a.x(), a.y(), b.x(), b.y()),
                    where + ": " + a + " -> " + b + " is not in sight for size " + size);
        }
    }
}
