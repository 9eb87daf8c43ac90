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
import org.onepath.Grid;
import org.onepath.VoxelGrid;
import org.onepath.io.MovingAiMap;
import org.onepath.io.VoxelMap;
import org.onepath.store.GridStore;
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
            "Existing files are kept unless --force is given. A progress bar shows on a terminal."
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

    @Override
    public Integer call() {
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
            try {
                what = isVoxelMap(map) ? bakeWorld(map, out, bar, label) : bakeGrid(map, out, bar, label);
            } catch (IOException e) {
                throw Stores.failure(out, "cannot write", e);
            } finally {
                Stores.clearBar(bar);
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

    private static String bakeGrid(Path map, Path out, PrintStream bar, String label) throws IOException {
        MovingAiMap parsed = MovingAiMap.read(map);
        try (Grid grid = parsed.toGrid()) {
            GridStore.bake(grid, map.getFileName().toString(), out, Stores.bar(bar, label));
            return "grid " + grid.width() + " x " + grid.height() + " with clearance, block map"
                    + (grid.tables().jpsPlus() != null ? ", JPS+ table" : " (too large for a JPS+ table)");
        }
    }

    private static String bakeWorld(Path map, Path out, PrintStream bar, String label) throws IOException {
        VoxelMap parsed = VoxelMap.read(map);
        try (VoxelGrid world = parsed.toGrid()) {
            VoxelWorldStore.write(world, map.getFileName().toString(), out, Stores.bar(bar, label));
            return "voxel world " + world.sizeX() + " x " + world.sizeY() + " x " + world.sizeZ() + ", "
                    + world.storedChunkCount() + " of " + ((long) world.chunksX() * world.chunksY() * world.chunksZ())
                    + " chunks not default";
        }
    }

    static boolean isGridMap(Path p) {
        return p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".map");
    }

    static boolean isVoxelMap(Path p) {
        return p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".3dmap");
    }
}
