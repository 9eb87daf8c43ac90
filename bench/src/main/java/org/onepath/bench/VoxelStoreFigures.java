package org.onepath.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.onepath.VoxelAlgorithm;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.grids.BakeMonitor;
import org.onepath.store.HierarchyOptions;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;
import org.onepath.store.StoreProgress;
import org.onepath.store.VoxelWorldStore;

/**
 * A world of 2^30 voxels (1024 x 1024 x 1024) baked into a store, then opened and searched across
 * in a JVM with a 256 MiB heap.
 *
 * <p>The world, y up: solid below a height field of rolling hills (between about 70 and 250
 * voxels high), open above; {@value #TUNNELS} tunnels of 4 x 4 voxels along x and as many along
 * z carved under the ground; {@value #PILLARS_PER_SIDE} x {@value #PILLARS_PER_SIDE} pillars of
 * 12 x 12 voxels rising from the ground to y = {@value #PILLAR_TOP}. All of it follows from
 * formulas, so every run builds the same world.
 *
 * <p>{@code java -cp bench/target/benchmarks.jar org.onepath.bench.VoxelStoreFigures} builds the
 * world (with {@link VoxelGrid#create} and {@link VoxelGrid#setArea}, in the heap and native
 * memory this JVM has), writes it with {@link VoxelWorldStore#write} and its voxel chunk hierarchy
 * ({@link HierarchyOptions#DEFAULT}) to a temporary file in
 * {@code java.io.tmpdir}, evicts the file's pages from the page cache ({@link PageCache}; pass
 * {@code --enable-native-access=ALL-UNNAMED} to silence the JDK's warning), and runs itself again
 * as {@code java -Xmx256m ... VoxelStoreFigures query FILE}: that JVM opens the store, prints the
 * open time, the file's size against the voxel count, the resident set ({@code VmRSS} of
 * {@code /proc/self/status}) before and after the open and after the query and the file's pages
 * in the page cache ({@code mincore}, read-around included) after each, runs the
 * corner-to-corner query with {@link VoxelOptions#DEFAULT} (A*; the first from the evicted file,
 * then {@value #REPEATS} more), then with {@link VoxelOptions#JUMP_POINTS} (jump point search, which
 * builds its walkable bits from the mapped chunks on the way; its cost must equal A*'s), then with
 * {@link VoxelAlgorithm#HPA} over the store's hierarchy section (never cheaper than A*; its excess
 * is printed) and prints the heap used. The file is deleted at the end.
 */
public final class VoxelStoreFigures {
    static final int SIDE = 1024;
    static final int TUNNELS = 8;
    static final int TUNNEL_Y = 32;
    static final int PILLARS_PER_SIDE = 8;
    static final int PILLAR_SIDE = 12;
    static final int PILLAR_TOP = 400;
    static final int REPEATS = 3;
    static final String HEAP = "-Xmx256m";

    private VoxelStoreFigures() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("query")) {
            query(Path.of(args[1]));
        } else if (args.length == 0) {
            buildAndQuery();
        } else {
            System.err.println("usage: VoxelStoreFigures            (build, write, then query in a -Xmx256m JVM)");
            System.err.println("       VoxelStoreFigures query FILE (open and query a world store in this JVM)");
            System.exit(2);
        }
    }

    /** Ground height at column (x, z): solid for y below it. */
    static int ground(int x, int z) {
        double h = 160
                + 56 * Math.sin(2 * Math.PI * x / 640.0) * Math.cos(2 * Math.PI * z / 512.0)
                + 24 * Math.sin(2 * Math.PI * (x + 2 * z) / 300.0)
                + 8 * Math.cos(2 * Math.PI * (3 * x - z) / 97.0);
        return (int) Math.floor(h);
    }

    /** The query's ends: the first open voxel above the ground at two opposite corners. */
    static VoxelCell from() {
        return new VoxelCell(0, ground(0, 0), 0);
    }

    static VoxelCell to() {
        return new VoxelCell(SIDE - 1, ground(SIDE - 1, SIDE - 1), SIDE - 1);
    }

    /** Builds the world; returns the voxels set (solid ground, tunnels, pillars). */
    static long build(VoxelGrid world) {
        long set = 0;
        for (int z = 0; z < SIDE; z++) {
            for (int x = 0; x < SIDE; x++) {
                int h = ground(x, z);
                for (int y = 0; y < h; y++) {
                    world.setArea(x, y, z, VoxelGrid.SOLID);
                }
                set += h;
            }
        }
        int spacing = SIDE / TUNNELS;
        for (int t = 0; t < TUNNELS; t++) {
            int across = spacing / 2 + t * spacing;
            for (int along = 0; along < SIDE; along++) {
                for (int dy = 0; dy < 4; dy++) {
                    for (int d = 0; d < 4; d++) {
                        world.setArea(along, TUNNEL_Y + dy, across + d, 0); // along x
                        world.setArea(across + d, TUNNEL_Y + dy, along, 0); // along z
                        set += 2;
                    }
                }
            }
        }
        int pitch = SIDE / PILLARS_PER_SIDE;
        for (int i = 0; i < PILLARS_PER_SIDE; i++) {
            for (int k = 0; k < PILLARS_PER_SIDE; k++) {
                int x0 = pitch / 2 + i * pitch - PILLAR_SIDE / 2;
                int z0 = pitch / 2 + k * pitch - PILLAR_SIDE / 2;
                for (int z = z0; z < z0 + PILLAR_SIDE; z++) {
                    for (int x = x0; x < x0 + PILLAR_SIDE; x++) {
                        for (int y = ground(x, z); y < PILLAR_TOP; y++) {
                            world.setArea(x, y, z, VoxelGrid.SOLID);
                            set++;
                        }
                    }
                }
            }
        }
        return set;
    }

    private static void buildAndQuery() throws Exception {
        Path file = Files.createTempFile("onepath-world-", ".store");
        try {
            long t0 = System.nanoTime();
            try (VoxelGrid world = VoxelGrid.create(SIDE, SIDE, SIDE)) {
                long set = build(world);
                print(
                        "world",
                        SIDE + " x " + SIDE + " x " + SIDE + " = " + world.voxelCount() + " voxels, " + set
                                + " voxels set, built in " + s(System.nanoTime() - t0));
                print(
                        "in memory",
                        mib(world.storageBytes()) + " native (" + world.storedChunkCount() + " of "
                                + (long) world.chunksX() * world.chunksY() * world.chunksZ() + " chunks stored)");
                long t1 = System.nanoTime();
                VoxelWorldStore.write(
                        world, "terrain-1024", file, StoreProgress.NONE, HierarchyOptions.DEFAULT, BakeMonitor.NONE);
                print("write, with the voxel hierarchy", s(System.nanoTime() - t1));
            }
            PageCache.evict(file);
            print("page cache", "file evicted before the query JVM starts");
            List<String> command = new ArrayList<>();
            command.add(ProcessHandle.current()
                    .info()
                    .command()
                    .orElse(Path.of(System.getProperty("java.home"), "bin", "java")
                            .toString()));
            command.add(HEAP);
            command.add("--enable-native-access=ALL-UNNAMED");
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add(VoxelStoreFigures.class.getName());
            command.add("query");
            command.add(file.toString());
            System.out.println(
                    "--- a new JVM: java " + HEAP + " -cp ... " + VoxelStoreFigures.class.getName() + " query " + file);
            System.out.flush();
            int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
            if (exit != 0) {
                throw new IllegalStateException("query JVM exited with " + exit);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static void query(Path file) throws IOException {
        Runtime rt = Runtime.getRuntime();
        print("max heap", mib(rt.maxMemory()));
        long size = Files.size(file);
        print(
                "store file",
                size + " bytes (" + mib(size) + ") for " + (long) SIDE * SIDE * SIDE + " voxels: "
                        + String.format(Locale.ROOT, "%.4f", (double) size / ((long) SIDE * SIDE * SIDE))
                        + " bytes per voxel");
        print("VmRSS before open", rss());
        long t0 = System.nanoTime();
        try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
            long openNanos = System.nanoTime() - t0;
            StoreFile.Section chunks = store.file().section(StoreLayout.SECTION_CHUNKS);
            print(
                    "open",
                    ms(openNanos) + "; " + chunks.length() / 4096 + " chunks stored in the file, the rest uniform");
            print("VmRSS after open", rss());
            print("file pages cached after open", cached(file));
            VoxelGrid grid = store.grid();
            VoxelCell from = from();
            VoxelCell to = to();
            double astarCost = Double.NaN;
            StoreFile.Section hierarchy = store.file().section(StoreLayout.SECTION_VOXEL_HIERARCHY);
            print("voxel hierarchy section", hierarchy.length() + " bytes, read in place at open");
            VoxelOptions hpa = VoxelOptions.builder()
                    .algorithm(VoxelAlgorithm.HPA)
                    .hierarchyFaceSamples(HierarchyOptions.DEFAULT.faceSamples())
                    .build();
            for (VoxelOptions options : new VoxelOptions[] {VoxelOptions.DEFAULT, VoxelOptions.JUMP_POINTS, hpa}) {
                String alg = options.algorithm().name().toLowerCase(Locale.ROOT);
                long q0 = System.nanoTime();
                VoxelPath path = grid.findPath(from, to, options);
                long first = System.nanoTime() - q0;
                if (path.algorithm() != options.algorithm()) {
                    throw new IllegalStateException(alg + " asked, " + path.algorithm() + " ran");
                }
                print(
                        alg + " query " + cell(from) + " -> " + cell(to),
                        path.status() + ", cost " + String.format(Locale.ROOT, "%.6f", path.cost()) + ", "
                                + path.length() + " voxels, " + path.expandedCount() + " expanded");
                if (Double.isNaN(astarCost)) {
                    astarCost = path.cost();
                } else if (options == hpa) {
                    // The hierarchy is complete, not optimal: never cheaper than A*.
                    if (path.cost() < astarCost * (1 - 1e-9)) {
                        throw new IllegalStateException(alg + " cost " + path.cost() + " below A*'s " + astarCost);
                    }
                    print(
                            alg + " over the optimum",
                            String.format(Locale.ROOT, "%.3f%%", (path.cost() / astarCost - 1) * 100));
                } else if (Math.abs(path.cost() - astarCost) > 1e-9 * astarCost) {
                    throw new IllegalStateException(alg + " cost " + path.cost() + ", A* " + astarCost);
                }
                print(alg + " first query" + (options == VoxelOptions.DEFAULT ? " (evicted file)" : ""), ms(first));
                print("VmRSS after the query", rss());
                print("file pages cached after the query", cached(file));
                long best = Long.MAX_VALUE;
                for (int i = 0; i < REPEATS; i++) {
                    long r0 = System.nanoTime();
                    VoxelPath again = grid.findPath(from, to, options);
                    best = Math.min(best, System.nanoTime() - r0);
                    if (again.expandedCount() != path.expandedCount()) {
                        throw new IllegalStateException(
                                "repeat expanded " + again.expandedCount() + ", first " + path.expandedCount());
                    }
                }
                print(alg + " repeats (pages cached)", "best of " + REPEATS + ": " + ms(best));
                print("VmRSS after the repeats", rss());
            }
            System.gc();
            print(
                    "heap used after GC",
                    mib(rt.totalMemory() - rt.freeMemory()) + " (committed " + mib(rt.totalMemory()) + ")");
        }
        print("VmRSS after close", rss());
    }

    /** The file's pages in the page cache ({@code mincore}): the file was evicted before this JVM started. */
    private static String cached(Path file) throws IOException {
        boolean[] pages = PageCache.residentPages(file);
        int n = PageCache.count(pages);
        return n + " of " + pages.length + " (" + mib((long) n * PageCache.PAGE_SIZE) + ")";
    }

    private static String cell(VoxelCell c) {
        return "(" + c.x() + ", " + c.y() + ", " + c.z() + ")";
    }

    /** VmRSS, RssAnon and RssFile of /proc/self/status. */
    private static String rss() throws IOException {
        String rss = "?";
        String anon = "?";
        String mapped = "?";
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            String[] f = line.split("\\s+");
            switch (f[0]) {
                case "VmRSS:" -> rss = kibToMib(f[1]);
                case "RssAnon:" -> anon = kibToMib(f[1]);
                case "RssFile:" -> mapped = kibToMib(f[1]);
                default -> {}
            }
        }
        return rss + " (anonymous " + anon + ", file-backed " + mapped + ")";
    }

    private static String kibToMib(String kib) {
        return String.format(Locale.ROOT, "%.1f MiB", Long.parseLong(kib) / 1024.0);
    }

    private static void print(String what, String value) {
        System.out.printf(Locale.ROOT, "%-40s %s%n", what, value);
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.2f MiB", bytes / (1024.0 * 1024.0));
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }

    private static String s(long nanos) {
        return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
    }
}
