package org.onepath.bench;

import java.util.Locale;
import org.onepath.VoxelGrid;
import org.onepath.VoxelPath;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.voxel.PagedVoxelSearch;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.grids.voxel.VoxelTopology;

/**
 * Prints the memory figures of the {@link VoxelWorld} scale world: native storage before and
 * after carving, the pages and bytes of search state a corner-to-corner query touches, the heap
 * the JVM uses, and the query's time (best of several). Meant for a JVM with a small heap:
 * {@code java -Xmx512m -cp bench/target/benchmarks.jar org.onepath.bench.VoxelWorldFigures}.
 */
public final class VoxelWorldFigures {
    private static final int RUNS = 7;

    private VoxelWorldFigures() {}

    public static void main(String[] args) {
        Runtime rt = Runtime.getRuntime();
        long t0 = System.nanoTime();
        try (VoxelGrid grid = VoxelWorld.create()) {
            double createMs = (System.nanoTime() - t0) / 1e6;
            print(
                    "world",
                    VoxelWorld.SIDE + " x " + VoxelWorld.SIDE + " x " + VoxelWorld.SIDE + " = " + grid.voxelCount()
                            + " voxels");
            print("max heap", mib(rt.maxMemory()));
            print(
                    "storage after create",
                    mib(grid.storageBytes()) + ", " + grid.storedChunkCount() + " chunks stored, " + ms(createMs));
            long t1 = System.nanoTime();
            int carved = VoxelWorld.carve(grid);
            double carveMs = (System.nanoTime() - t1) / 1e6;
            print(
                    "storage after carving",
                    mib(grid.storageBytes()) + ", " + grid.storedChunkCount() + " chunks stored, " + carved
                            + " voxels carved in " + ms(carveMs));

            VoxelTopology topology =
                    grid.createTopology(VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING);
            try (PagedVoxelSearch search = new PagedVoxelSearch(topology, new VoxelHeuristic(topology), null, 1.0)) {
                int start = grid.indexOf(VoxelWorld.FROM.x(), VoxelWorld.FROM.y(), VoxelWorld.FROM.z());
                int goal = grid.indexOf(VoxelWorld.TO.x(), VoxelWorld.TO.y(), VoxelWorld.TO.z());
                search.begin(start, goal);
                search.run();
                print(
                        "search (tier 2, paged)",
                        search.status() + ", cost " + search.pathCost() + ", " + search.expandedCount() + " expanded, "
                                + search.iterations() + " iterations");
                print(
                        "search state",
                        search.pagesUsed() + " pages (" + mib(search.pagesUsed() * 10240L) + " of records), "
                                + mib(search.memoryBytes()) + " held in all (pages, directory, heap, page table)");
            }

            double best = Double.POSITIVE_INFINITY;
            VoxelPath path = null;
            for (int i = 0; i < RUNS; i++) {
                long q0 = System.nanoTime();
                path = grid.findPath(VoxelWorld.FROM, VoxelWorld.TO);
                best = Math.min(best, (System.nanoTime() - q0) / 1e6);
            }
            print("tier-1 query", path + ", best of " + RUNS + ": " + ms(best));
            System.gc();
            print("heap used after the queries", mib(rt.totalMemory() - rt.freeMemory()));
        }
    }

    private static void print(String what, String value) {
        System.out.printf(Locale.ROOT, "%-28s %s%n", what, value);
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.2f MiB", bytes / (1024.0 * 1024.0));
    }

    private static String ms(double millis) {
        return String.format(Locale.ROOT, "%.2f ms", millis);
    }
}
