package org.onepath;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.onepath.PathSmoother.SmoothedVoxelPath;
import org.onepath.io.VoxelMap;
import org.onepath.io.VoxelScenario;
import org.onepath.io.VoxelScenarios;

/**
 * {@link PathSmoother} on the Moving AI voxel maps (a sample of problems across all lengths): the
 * checks of {@link VoxelSmoothingPropertyTest} (input cost the search's, smoothed cost never
 * above it, every segment in sight by the exact slab-method model) and a shorter total. Reads the
 * files from the {@code onepath.data} system property and is skipped when they are absent.
 */
class MovingAiVoxelSmoothingTest {
    private static Path dataDirectory() {
        String dir = System.getProperty("onepath.data");
        Path path = dir == null ? null : Path.of(dir, "movingai3d");
        assumeTrue(
                path != null && Files.isDirectory(path),
                "Moving AI voxel data not found (system property onepath.data = " + dir + "); skipping");
        return path;
    }

    @ParameterizedTest(name = "{0}: {1} problems")
    @CsvSource({"Simple, 8", "Complex, 8", "A1, 4", "A2, 4", "EC2, 4", "ED1, 4"})
    void voxelPathsSmoothWithoutRaisingCost(String name, int samples) {
        Path dir = dataDirectory();
        Path mapFile = dir.resolve(name + ".3dmap");
        Path scenFile = dir.resolve(name + ".3dmap.3dscen");
        assumeTrue(
                Files.isRegularFile(mapFile) && Files.isRegularFile(scenFile),
                "missing " + mapFile + " or " + scenFile + "; skipping");
        List<VoxelScenario> problems = VoxelScenarios.read(scenFile);
        double input = 0;
        double smoothed = 0;
        long cells = 0;
        long waypoints = 0;
        int count = 0;
        try (VoxelGrid grid = VoxelMap.read(mapFile).toGrid()) {
            int step = Math.max(1, problems.size() / samples);
            for (int i = problems.size() - 1, taken = 0; i >= 0 && taken < samples; i -= step, taken++) {
                VoxelScenario p = problems.get(i);
                VoxelPath path = grid.findPath(p.start(), p.goal(), VoxelOptions.JUMP_POINTS);
                String where = name + " problem " + i + ": " + p;
                assertTrue(path.found(), where);
                SmoothedVoxelPath smooth = PathSmoother.smooth(grid, path);
                VoxelSmoothingPropertyTest.check(grid, path.cells(), path.cost(), smooth, true, true, where);
                input += path.cost();
                smoothed += smooth.cost();
                cells += path.length();
                waypoints += smooth.waypoints().size();
                count++;
            }
        }
        assertTrue(smoothed < input, name + ": smoothing shortened nothing");
        System.out.printf(
                "voxel smoothing %s: %d problems, mean voxels %.1f -> waypoints %.1f, length %.4f x the JPS path%n",
                name, count, cells / (double) count, waypoints / (double) count, smoothed / input);
    }
}
