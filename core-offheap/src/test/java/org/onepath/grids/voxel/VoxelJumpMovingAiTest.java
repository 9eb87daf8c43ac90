package org.onepath.grids.voxel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.onepath.VoxelGrid;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.SearchStatus;
import org.onepath.io.VoxelMap;
import org.onepath.io.VoxelScenario;
import org.onepath.io.VoxelScenarios;

/**
 * The voxel jump point search on a sample of the published Warframe problems (Moving AI voxel
 * set): every {@code every}-th problem of each map equals its published length within 1e-6, and
 * its path is a chain of legal moves whose lengths sum to the cost. Skips with a message naming
 * the folder when the data is absent.
 */
class VoxelJumpMovingAiTest {

    private static Path dataDirectory() {
        String dir = System.getProperty("onepath.data");
        Path path = dir == null ? null : Path.of(dir, "movingai3d");
        assumeTrue(
                path != null && Files.isDirectory(path),
                "Moving AI voxel data not found: no folder movingai3d under onepath.data = " + dir + "; skipping");
        return path;
    }

    @ParameterizedTest(name = "{0}: every {1}th problem")
    @CsvSource({"Simple, 500", "Complex, 500", "A1, 1000", "A2, 1000", "EC2, 1000", "ED1, 1000"})
    void publishedLengths(String name, int every) {
        Path dir = dataDirectory();
        Path mapFile = dir.resolve(name + ".3dmap");
        Path scenFile = dir.resolve(name + ".3dmap.3dscen");
        assumeTrue(
                Files.isRegularFile(mapFile) && Files.isRegularFile(scenFile),
                "missing " + mapFile + " or " + scenFile + "; skipping");
        List<VoxelScenario> problems = VoxelScenarios.read(scenFile);
        int checked = 0;
        try (VoxelGrid grid = VoxelMap.read(mapFile).toGrid();
                VoxelJumpSearch search = new VoxelJumpSearch(
                        grid.createTopology(VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING), false)) {
            for (int i = 0; i < problems.size(); i += every) {
                VoxelScenario p = problems.get(i);
                int start = grid.indexOf(p.start().x(), p.start().y(), p.start().z());
                int goal = grid.indexOf(p.goal().x(), p.goal().y(), p.goal().z());
                search.begin(start, goal);
                String where = name + " problem " + i + ": " + p;
                assertEquals(SearchStatus.FOUND, search.run(), where);
                assertEquals(p.optimalLength(), search.pathCost(), p.matchTolerance(), where);
                int[] path = search.path();
                assertEquals(start, path[0], where);
                assertEquals(goal, path[path.length - 1], where);
                double sum = 0;
                for (int k = 1; k < path.length; k++) {
                    int[] a = cell(grid, path[k - 1]);
                    int[] b = cell(grid, path[k]);
                    int axes = 0;
                    for (int c = 0; c < 3; c++) {
                        int d = Math.abs(a[c] - b[c]);
                        assertTrue(d <= 1, "step " + k + " moves one voxel at most; " + where);
                        axes += d;
                    }
                    assertTrue(axes >= 1, "step " + k + " moves; " + where);
                    assertTrue(grid.isWalkable(b[0], b[1], b[2]), "step " + k + " ends open; " + where);
                    for (int x = Math.min(a[0], b[0]); x <= Math.max(a[0], b[0]); x++) {
                        for (int y = Math.min(a[1], b[1]); y <= Math.max(a[1], b[1]); y++) {
                            for (int z = Math.min(a[2], b[2]); z <= Math.max(a[2], b[2]); z++) {
                                assertTrue(grid.isWalkable(x, y, z), "step " + k + " cuts no corner; " + where);
                            }
                        }
                    }
                    sum += axes == 1 ? 1.0 : axes == 2 ? VoxelReference.SQRT2 : VoxelReference.SQRT3;
                }
                assertEquals(search.pathCost(), sum, 1e-9 * Math.max(1, sum), where);
                checked++;
            }
        }
        assertTrue(checked >= 10, name + ": " + checked + " problems");
    }

    private static int[] cell(VoxelGrid grid, int node) {
        int x = node % grid.sizeX();
        int rest = node / grid.sizeX();
        return new int[] {x, rest % grid.sizeY(), rest / grid.sizeY()};
    }
}
