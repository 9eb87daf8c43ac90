package org.onepath.grids.voxel.hierarchy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.io.VoxelMap;
import org.onepath.io.VoxelScenario;
import org.onepath.io.VoxelScenarios;

/**
 * A measurement, not a test: the hierarchy's build time and size, and on every n-th problem of
 * the Moving AI voxel maps its excess over the published optimum and its query time (26 moves,
 * no corner cutting, the set's convention), in wall time: run it alone on the machine. A problem whose answer is "no path" or cheaper than
 * the published length counts as a mismatch.
 *
 * <pre>
 * java -cp core-offheap/target/classes:core-offheap/target/test-classes:state-format/target/classes \
 *     org.onepath.grids.voxel.hierarchy.VoxelHierarchyMeasure ../shared/data/movingai3d 200 [samples] [maps]
 * </pre>
 */
public final class VoxelHierarchyMeasure {
    private VoxelHierarchyMeasure() {}

    public static void main(String[] args) {
        Path dir = Path.of(args.length > 0 ? args[0] : "../shared/data/movingai3d");
        int every = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        int samples = args.length > 2 ? Integer.parseInt(args[2]) : VoxelHierarchy.DEFAULT_FACE_SAMPLES;
        String[] maps =
                args.length > 3 ? args[3].split(",") : new String[] {"A1", "A2", "Complex", "EC2", "ED1", "Simple"};
        System.out.printf(
                "%-8s %5s %8s %10s %10s %10s %10s %10s %10s %10s %9s%n",
                "map",
                "n",
                "build s",
                "table MiB",
                "mean %",
                "max %",
                "mean ms",
                "median ms",
                "max ms",
                "expanded",
                "mismatch");
        for (String name : maps) {
            Path mapFile = dir.resolve(name + ".3dmap");
            Path scenFile = dir.resolve(name + ".3dmap.3dscen");
            if (!Files.isRegularFile(mapFile)) {
                System.out.println("missing " + mapFile);
                continue;
            }
            VoxelMap map = VoxelMap.read(mapFile);
            List<VoxelScenario> problems = VoxelScenarios.read(scenFile);
            try (ChunkTable table = new ChunkTable(map.sizeX(), map.sizeY(), map.sizeZ(), 0)) {
                for (int i = 0; i < map.solidCount(); i++) {
                    int[] c = map.solid(i);
                    table.set(c[0], c[1], c[2], AreaCosts.WALL);
                }
                long t0 = System.nanoTime();
                try (VoxelHierarchy hierarchy = new VoxelHierarchy(
                                table,
                                new AreaCosts(),
                                VoxelConnectivity.TWENTY_SIX,
                                VoxelCornerRule.NO_CORNER_CUTTING,
                                samples);
                        VoxelHierarchySearch search = new VoxelHierarchySearch(hierarchy)) {
                    double buildSeconds = (System.nanoTime() - t0) / 1e9;
                    measure(name, problems, every, hierarchy, search, buildSeconds);
                }
            }
        }
    }

    private static void measure(
            String name,
            List<VoxelScenario> problems,
            int every,
            VoxelHierarchy hierarchy,
            VoxelHierarchySearch search,
            double buildSeconds) {
        // Warm the code up on a few problems first; they are not counted.
        for (int p = 0; p < problems.size() && p < 30 * every; p += every) {
            VoxelScenario s = problems.get(p);
            search.findPath(s.startX(), s.startY(), s.startZ(), s.goalX(), s.goalY(), s.goalZ());
        }
        int n = (problems.size() + every - 1) / every;
        double[] ms = new double[n];
        double excessSum = 0;
        double excessMax = 0;
        int mismatches = 0;
        long expanded = 0;
        int i = 0;
        for (int p = 0; p < problems.size(); p += every, i++) {
            VoxelScenario s = problems.get(p);
            long t0 = System.nanoTime();
            SearchStatus status = search.findPath(s.startX(), s.startY(), s.startZ(), s.goalX(), s.goalY(), s.goalZ());
            ms[i] = (System.nanoTime() - t0) / 1e6;
            expanded += search.expanded();
            double optimal = s.optimalLength();
            if (status != SearchStatus.FOUND || search.pathCost() < optimal - s.matchTolerance()) {
                mismatches++;
                System.out.println("  mismatch " + name + " problem " + p + ": " + status + " " + search.pathCost()
                        + " vs " + optimal);
                continue;
            }
            double excess = optimal > 0 ? Math.max(0, search.pathCost() / optimal - 1) * 100 : 0;
            excessSum += excess;
            excessMax = Math.max(excessMax, excess);
        }
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        System.out.printf(
                "%-8s %5d %8.2f %10.2f %10.3f %10.3f %10.3f %10.3f %10.3f %10d %9d%n",
                name,
                n,
                buildSeconds,
                hierarchy.tableBytes() / 1048576.0,
                excessSum / n,
                excessMax,
                Arrays.stream(ms).average().orElse(0),
                sorted[n / 2],
                sorted[n - 1],
                expanded / n,
                mismatches);
    }
}
