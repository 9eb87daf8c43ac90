package org.onepath.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.onepath.GoalBoundsSummary;
import org.onepath.Grid;
import org.onepath.VoxelGrid;
import org.onepath.grids.BakeMonitor;
import org.onepath.io.MovingAiMap;
import org.onepath.io.VoxelMap;
import org.onepath.store.GridStore;
import org.onepath.store.HierarchyOptions;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;
import org.onepath.store.VoxelWorldStore;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code onepath bake}: reads maps and writes store files, a grid store (cells and tables) for a
 * {@code .map}, a voxel world store for a {@code .3dmap}.
 */
@Command(
        name = "bake",
        mixinStandardHelpOptions = true,
        header = "Writes store files (cells and precomputed tables, or voxel worlds) from Moving AI maps.",
        description = {
            "Reads Moving AI maps and writes store files: for a .map the cells and the precomputed tables "
                    + "(clearance, block map, JPS+ table), for a .3dmap the voxel world with uniform chunks elided.",
            "Each file is written beside its target first and renamed into place, so it is never seen half-written.",
            "With --bounds a grid store also holds the goal bounds of JPS+ with goal bounding (jpsplus-bounded): "
                    + "one canonical search per jump point, on --threads worker threads, seconds to minutes on large maps.",
            "With --hierarchy a world store also holds the voxel chunk hierarchy of HPA queries (scen --alg hpa), "
                    + "for 26 moves without corner cutting and 3 face samples (the Moving AI voxel convention and the "
                    + "query's defaults): tens of seconds on the large Warframe maps, then read in place when the store "
                    + "opens.",
            "Existing files are kept unless --force is given. A progress bar shows on a terminal; the goal bounds' "
                    + "and the hierarchy's show jump points or chunks done, the percentage, the time spent and an "
                    + "estimate of the time left.",
            "Interrupting a bake (Ctrl-C) leaves no file and the previous store as it was."
        })
final class BakeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "MAP", arity = "1..*", description = "Moving AI .map or .3dmap files.")
    List<Path> maps;

    static final class Target {
        @Option(names = "--out", paramLabel = "FILE", description = "The store to write (one MAP only).")
        Path out;

        @Option(
                names = "--out-dir",
                paramLabel = "DIR",
                description = "A folder to write MAPNAME" + Stores.EXTENSION + " files into.")
        Path outDir;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    @Option(names = "--force", description = "Replace store files that exist.")
    boolean force;

    @Option(names = "--json", description = "Print one JSON object (all stores) instead of a line per store.")
    boolean json;

    @Option(
            names = "--bounds",
            description = "Bake the goal bounds (section 7) into each grid store, for --alg jpsplus-bounded.")
    boolean bounds;

    @Option(
            names = "--hierarchy",
            description = "Bake the voxel chunk hierarchy (section 18) into each world store, for --alg hpa: 26 moves, "
                    + "no corner cutting, 3 face samples.")
    boolean hierarchy;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = "Worker threads of the goal bounds' bake, at least 1 (default: the available processors, "
                    + "${DEFAULT-VALUE} here).")
    int threads = Runtime.getRuntime().availableProcessors();

    /** Set when the JVM is stopping (Ctrl-C): the running bake cancels at its next check. */
    private final AtomicBoolean cancelled = new AtomicBoolean();

    @Override
    public Integer call() {
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, was " + threads);
        }
        if (!bounds && spec.commandLine().getParseResult().hasMatchedOption("--threads")) {
            throw new IllegalArgumentException("--threads " + threads + " sets the goal bounds' bake; add --bounds");
        }
        if (target.out != null && maps.size() > 1) {
            throw new IllegalArgumentException(
                    "--out names one file but " + maps.size() + " maps were given; use --out-dir DIR");
        }
        if (target.outDir != null && !Files.isDirectory(target.outDir)) {
            throw new IllegalArgumentException(target.outDir + ": --out-dir is not an existing folder");
        }
        // Every refusal about paths is checked before anything is read or written; a map that
        // fails to parse stops the run there, leaving the stores baked before it whole.
        List<Path> outs = new ArrayList<>();
        Map<Path, Path> claimed = new HashMap<>();
        for (Path map : maps) {
            if (Files.isDirectory(map)) {
                throw new IllegalArgumentException(map + ": is a folder; expected a .map or .3dmap file");
            }
            if (!Files.isRegularFile(map)) {
                throw new IllegalArgumentException(map + ": no such file");
            }
            if (!isGridMap(map) && !isVoxelMap(map)) {
                throw new IllegalArgumentException(
                        map + ": unknown map type; expected a file ending in .map or .3dmap");
            }
            if (bounds && isVoxelMap(map)) {
                throw new IllegalArgumentException(
                        map + ": --bounds bakes goal bounds of grid maps (.map); a voxel world has none");
            }
            if (hierarchy && isGridMap(map)) {
                throw new IllegalArgumentException(map
                        + ": --hierarchy bakes the chunk hierarchy of voxel worlds (.3dmap); a grid store holds none");
            }
            Path out = target.out != null
                    ? target.out
                    : Stores.storeFor(target.outDir, map.getFileName().toString());
            if (Files.isDirectory(out)) {
                throw new IllegalArgumentException(out + ": is a folder; expected a store file to write");
            }
            if (!force && Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
                throw new IllegalArgumentException(out + ": already exists; pass --force to replace it");
            }
            Path key = out.toAbsolutePath().normalize();
            Path first = claimed.putIfAbsent(key, map);
            if (first != null) {
                throw new IllegalArgumentException(out + ": both " + first + " and " + map + " would be baked to it");
            }
            outs.add(out);
        }
        for (Path map : maps) {
            Path source = map.toAbsolutePath().normalize();
            if (claimed.containsKey(source)) {
                throw new IllegalArgumentException(
                        source + ": is both a MAP and a store to write; choose another output");
            }
        }
        PrintWriter o = spec.commandLine().getOut();
        PrintStream bar = Stores.terminalOrNull();
        StringBuilder stores = new StringBuilder();
        for (int i = 0; i < maps.size(); i++) {
            Path map = maps.get(i);
            Path out = outs.get(i);
            String label = maps.size() > 1
                    ? "[" + (i + 1) + "/" + maps.size() + "] " + map.getFileName()
                    : map.getFileName().toString();
            long t0 = System.nanoTime();
            String what;
            long hierarchyBytes = -1;
            CountDownLatch finished = new CountDownLatch(1);
            Thread stopper = stopper(finished);
            Runtime.getRuntime().addShutdownHook(stopper);
            try {
                what = isVoxelMap(map) ? bakeWorld(map, out, bar, label) : bakeGrid(map, out, bar, label);
                if (hierarchy) {
                    hierarchyBytes = hierarchyBytes(out);
                    what += ", voxel hierarchy (" + HierarchyOptions.DEFAULT + ", " + hierarchyBytes + " bytes)";
                }
            } catch (IOException e) {
                throw Stores.failure(out, "cannot write", e);
            } catch (CancellationException e) {
                Stores.clearBar(bar);
                PrintWriter err = spec.commandLine().getErr();
                err.println("onepath: " + map + ": bake cancelled; " + out + " was not written"
                        + (Files.exists(out) ? " (the previous store is unchanged)" : ""));
                err.flush();
                return OnePathCli.FAILED;
            } finally {
                Stores.clearBar(bar);
                finished.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(stopper);
                } catch (IllegalStateException stopping) {
                    // The JVM is already stopping; the hook has run or is running.
                }
            }
            long bytes;
            try {
                bytes = Files.size(out);
            } catch (IOException e) {
                throw Stores.failure(out, "cannot read its size", e);
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (json) {
                stores.append(stores.isEmpty() ? "" : ",")
                        .append("{\"store\":")
                        .append(Json.string(out.toString()))
                        .append(",\"map\":")
                        .append(Json.string(map.toString()))
                        .append(",\"kind\":")
                        .append(Json.string(isVoxelMap(map) ? "voxel world" : "grid"))
                        .append(",\"holds\":")
                        .append(Json.string(what))
                        .append(",\"bytes\":")
                        .append(bytes)
                        .append(hierarchyBytes >= 0 ? ",\"hierarchyBytes\":" + hierarchyBytes : "")
                        .append(",\"seconds\":")
                        .append(Json.number(seconds))
                        .append('}');
                continue;
            }
            o.printf(Locale.ROOT, "baked %s: %s, %d bytes (from %s, %.2f s)%n", out, what, bytes, map, seconds);
            o.flush();
        }
        if (json) {
            o.println("{\"stores\":[" + stores + "]}");
            o.flush();
        }
        return 0;
    }

    /**
     * A shutdown hook that cancels the running bake and gives it a moment to stop: the goal
     * bounds' bake checks the flag a few times a second, and nothing has been written by then.
     * A store being written is a temporary file renamed only when whole, so stopping there leaves
     * the target as it was too.
     *
     * @param finished counted down when the bake ends
     */
    private Thread stopper(CountDownLatch finished) {
        return new Thread(
                () -> {
                    cancelled.set(true);
                    try {
                        finished.await(2, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "onepath-bake-stop");
    }

    private String bakeGrid(Path map, Path out, PrintStream bar, String label) throws IOException {
        MovingAiMap parsed = MovingAiMap.read(map);
        try (Grid grid = parsed.toGrid()) {
            GoalBoundsSummary baked = null;
            if (bounds) {
                if (grid.tables().jpsPlus() == null) {
                    throw new IllegalArgumentException(map + ": " + grid.width() + " x " + grid.height()
                            + " is too large for the JPS+ table the goal bounds are baked from");
                }
                baked = grid.bakeGoalBounds(threads, boundsMonitor(bar, label));
                Stores.clearBar(bar);
            }
            GridStore.bake(grid, map.getFileName().toString(), out, Stores.bar(bar, label));
            return "grid " + grid.width() + " x " + grid.height() + " with clearance, block map"
                    + (grid.tables().jpsPlus() != null ? ", JPS+ table" : " (too large for a JPS+ table)")
                    + (baked != null
                            ? String.format(
                                    Locale.ROOT,
                                    ", goal bounds (%d jump points, %d boxes, %d threads)",
                                    baked.jumpPoints(),
                                    baked.storedBoxes(),
                                    threads)
                            : "");
        }
    }

    /**
     * The goal bounds' progress: jump points done of all, the percentage, the time spent and an
     * estimate of the time left, redrawn in place at most four times a second; silent off a
     * terminal. Cancels when the JVM is stopping.
     */
    private BakeMonitor boundsMonitor(PrintStream bar, String label) {
        return monitor(bar, label, (done, total, elapsed) -> boundsProgress(label, done, total, elapsed));
    }

    /** One progress line of a long bake from units done, units in all and seconds spent. */
    private interface ProgressLine {
        String of(long done, long total, double elapsed);
    }

    /**
     * A long bake's progress line, redrawn in place at most four times a second and cleared at
     * the end, so the writing bar that follows starts on an empty line; silent off a terminal.
     * Cancels when the JVM is stopping.
     */
    private BakeMonitor monitor(PrintStream bar, String label, ProgressLine line) {
        long start = System.nanoTime();
        return new BakeMonitor() {
            private long last;
            private boolean shown;

            @Override
            public void progress(long done, long total) {
                if (bar == null) {
                    return;
                }
                long now = System.nanoTime();
                // A flag, not a far-past start value: nanoTime differences are only meaningful
                // without overflow, and now minus Long.MIN_VALUE overflows to a negative value.
                if (shown && now - last < 250_000_000L && done != total) {
                    return;
                }
                shown = true;
                last = now;
                bar.print("\r" + line.of(done, total, (now - start) / 1e9) + "   ");
                bar.flush();
                if (done >= total) {
                    Stores.clearBar(bar);
                }
            }

            @Override
            public boolean isCancelled() {
                return cancelled.get();
            }
        };
    }

    /** One progress line of the goal bounds' bake, e.g. {@code m.map goal bounds 120/480 jump points  25% 3.0 s, 9.0 s left}. */
    static String boundsProgress(String label, long done, long total, double elapsed) {
        return progress(label, "goal bounds", "jump points", done, total, elapsed);
    }

    /** One progress line of the hierarchy's build, e.g. {@code A1.3dmap voxel hierarchy 5600/22400 chunks  25% 3.0 s, 9.0 s left}. */
    static String hierarchyProgress(String label, long done, long total, double elapsed) {
        return progress(label, "voxel hierarchy", "chunks", done, total, elapsed);
    }

    private static String progress(String label, String what, String unit, long done, long total, double elapsed) {
        double fraction = total > 0 ? Math.min(1.0, (double) done / total) : 0;
        String left = done > 0 && total > 0
                ? String.format(Locale.ROOT, "%.1f s left", elapsed * (total - done) / done)
                : "time left unknown";
        return String.format(
                Locale.ROOT,
                "%s %s %d/%d %s %3d%% %.1f s, %s",
                label,
                what,
                done,
                total,
                unit,
                (int) (100 * fraction),
                elapsed,
                left);
    }

    private String bakeWorld(Path map, Path out, PrintStream bar, String label) throws IOException {
        VoxelMap parsed = VoxelMap.read(map);
        try (VoxelGrid world = parsed.toGrid()) {
            String name = map.getFileName().toString();
            if (hierarchy) {
                BakeMonitor monitor =
                        monitor(bar, label, (done, total, elapsed) -> hierarchyProgress(label, done, total, elapsed));
                VoxelWorldStore.write(world, name, out, Stores.bar(bar, label), HierarchyOptions.DEFAULT, monitor);
            } else {
                VoxelWorldStore.write(world, name, out, Stores.bar(bar, label));
            }
            return "voxel world " + world.sizeX() + " x " + world.sizeY() + " x " + world.sizeZ() + ", "
                    + world.storedChunkCount() + " of " + ((long) world.chunksX() * world.chunksY() * world.chunksZ())
                    + " chunks not default";
        }
    }

    /** The length of the hierarchy section of a store just written. */
    private static long hierarchyBytes(Path store) {
        try (StoreFile file = Stores.open(store, () -> StoreFile.open(store))) {
            return file.section(StoreLayout.SECTION_VOXEL_HIERARCHY).length();
        }
    }

    static boolean isGridMap(Path p) {
        return p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".map");
    }

    static boolean isVoxelMap(Path p) {
        return p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".3dmap");
    }
}
