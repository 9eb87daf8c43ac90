package org.onepath.grids.voxel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.onepath.VoxelGrid;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.SearchStatus;
import org.onepath.io.VoxelMap;
import org.onepath.io.VoxelScenario;
import org.onepath.io.VoxelScenarios;

/**
 * A measurement, not a test: query times of the voxel jump point search and the voxel A* on
 * every n-th problem of the Moving AI voxel maps, both run on the same problems in one process.
 *
 * <pre>
 * java -cp core-offheap/target/classes:core-offheap/target/test-classes:state-format/target/classes \
 *     org.onepath.grids.voxel.VoxelJumpMeasure ../shared/data/movingai3d 300 [jps|astar|both]
 * </pre>
 */
public final class VoxelJumpMeasure {
    private VoxelJumpMeasure() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("world")) {
            world(args.length > 1 ? Integer.parseInt(args[1]) : 0);
            return;
        }
        Path dir = Path.of(args.length > 0 ? args[0] : "../shared/data/movingai3d");
        int every = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        String which = args.length > 2 ? args[2] : "both";
        String[] maps =
                args.length > 3 ? args[3].split(",") : new String[] {"A1", "A2", "Complex", "EC2", "ED1", "Simple"};
        System.out.printf(
                "%-8s %5s %-6s %10s %10s %10s %12s %9s %10s %10s%n",
                "map", "n", "alg", "mean ms", "median ms", "max ms", "expanded", "mismatch", "total ms", "max error");
        for (String name : maps) {
            Path mapFile = dir.resolve(name + ".3dmap");
            Path scenFile = dir.resolve(name + ".3dmap.3dscen");
            if (!Files.isRegularFile(mapFile)) {
                System.out.println("missing " + mapFile);
                continue;
            }
            List<VoxelScenario> problems = VoxelScenarios.read(scenFile);
            try (VoxelGrid grid = VoxelMap.read(mapFile).toGrid()) {
                VoxelTopology topology =
                        grid.createTopology(VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING);
                VoxelTopology t2 = grid.createTopology(VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING);
                try (VoxelJumpSearch jps = new VoxelJumpSearch(topology, false);
                        PagedVoxelSearch astar = new PagedVoxelSearch(t2, new VoxelHeuristic(t2), null, 1.0)) {
                    List<String> names = new java.util.ArrayList<>();
                    List<org.onepath.grids.SlicedSearch> searches = new java.util.ArrayList<>();
                    if (!which.equals("astar")) {
                        names.add("jps");
                        searches.add(jps);
                    }
                    if (!which.equals("jps")) {
                        names.add("astar");
                        searches.add(astar);
                    }
                    measure(name, names, problems, every, grid, searches);
                }
            }
        }
    }

    /**
     * The 2^30-voxel world's corner-to-corner query (in memory), empty or with {@code solids}
     * random solid voxels: time, expansions, pages and native bytes of each search.
     */
    private static void world(int solids) {
        try (VoxelGrid grid = VoxelGrid.create(1024, 1024, 1024)) {
            java.util.Random r = new java.util.Random(30);
            for (int i = 0; i < solids; i++) {
                grid.setWalkable(r.nextInt(1024), r.nextInt(1024), r.nextInt(1024), false);
            }
            grid.setWalkable(0, 0, 0, true);
            grid.setWalkable(1023, 1023, 1023, true);
            VoxelTopology topology =
                    grid.createTopology(VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING);
            int start = grid.indexOf(0, 0, 0);
            int goal = grid.indexOf(1023, 1023, 1023);
            try (VoxelJumpSearch jps = new VoxelJumpSearch(topology, false)) {
                for (int run = 0; run < 3; run++) {
                    long t0 = System.nanoTime();
                    jps.begin(start, goal);
                    SearchStatus status = jps.run();
                    double ms = (System.nanoTime() - t0) / 1e6;
                    System.out.printf(
                            "world 1024^3, %d solids, jps: %s cost %.6f, %.1f ms, expanded %d, pages %d, %d bytes%n",
                            solids,
                            status,
                            jps.pathCost(),
                            ms,
                            jps.expandedCount(),
                            jps.pagesUsed(),
                            jps.memoryBytes());
                }
            }
        }
    }

    /** Runs every search on each problem in turn (so a change of machine load hits them alike) and prints a row per search. */
    private static void measure(
            String name,
            List<String> names,
            List<VoxelScenario> problems,
            int every,
            VoxelGrid grid,
            List<org.onepath.grids.SlicedSearch> searches) {
        int n = (problems.size() + every - 1) / every;
        int k = searches.size();
        double[][] ms = new double[k][n];
        long[] expanded = new long[k];
        int[] mismatches = new int[k];
        double[] worstError = new double[k];
        int i = 0;
        for (int p = 0; p < problems.size(); p += every, i++) {
            VoxelScenario s = problems.get(p);
            int start = grid.indexOf(s.start().x(), s.start().y(), s.start().z());
            int goal = grid.indexOf(s.goal().x(), s.goal().y(), s.goal().z());
            for (int a = 0; a < k; a++) {
                org.onepath.grids.SlicedSearch search = searches.get(a);
                long t0 = System.nanoTime();
                search.begin(start, goal);
                SearchStatus status = search.step(Integer.MAX_VALUE);
                ms[a][i] = (System.nanoTime() - t0) / 1e6;
                expanded[a] += search.expandedCount();
                double optimal = s.optimalLength();
                double error = Math.abs(search.pathCost() - optimal);
                worstError[a] =
                        Math.max(worstError[a], status == SearchStatus.FOUND ? error : Double.POSITIVE_INFINITY);
                // The published lengths have 8 decimals: a match is within 1e-6 absolute.
                if (status != SearchStatus.FOUND || error > s.matchTolerance()) {
                    mismatches[a]++;
                    System.out.println("  mismatch " + name + " problem " + p + " " + names.get(a) + ": " + status + " "
                            + search.pathCost() + " vs " + optimal);
                }
                if (ms[a][i] > 1000) {
                    System.out.println("  slow " + name + " problem " + p + " " + names.get(a) + ": " + ms[a][i]
                            + " ms, expanded " + search.expandedCount() + ", pages "
                            + (search instanceof VoxelJumpSearch j
                                    ? j.pagesUsed()
                                    : ((PagedVoxelSearch) search).pagesUsed())
                            + ", " + s);
                }
            }
        }
        for (int a = 0; a < k; a++) {
            double[] sorted = ms[a].clone();
            Arrays.sort(sorted);
            double total = Arrays.stream(ms[a]).sum();
            System.out.printf(
                    "%-8s %5d %-6s %10.3f %10.3f %10.3f %12d %9d %10.1f %10.2e%n",
                    name,
                    n,
                    names.get(a),
                    total / n,
                    sorted[n / 2],
                    sorted[n - 1],
                    expanded[a] / n,
                    mismatches[a],
                    total,
                    worstError[a]);
        }
    }
}
