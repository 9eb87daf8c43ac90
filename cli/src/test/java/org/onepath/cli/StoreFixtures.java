package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.io.VoxelMap;
import org.onepath.store.StoreFile;

/**
 * Store files for the command tests: a small voxel world in the Moving AI {@code .3dmap} format
 * with its {@code .3dscen} problems, baking through the command, and byte-level damage.
 */
final class StoreFixtures {
    /** Side of the voxel world: 2 x 2 x 2 chunks of 16^3 voxels. */
    static final int WORLD_SIDE = 32;

    /**
     * Chunks of the world that hold a mix of voxels and so are stored whole: (0,0,0) and (0,1,0)
     * (the wall at x = 8), (1,0,1) and (0,1,1) (a single solid voxel each). Chunk (1,1,1) is all
     * solid and is stored as a value alone; the other three are all open.
     */
    static final int WORLD_STORED_CHUNKS = 4;

    /** Chunks holding anything but the default (open) value: the four stored and the solid one. */
    static final int WORLD_NOT_DEFAULT_CHUNKS = 5;

    /** Problems on the world: start and goal (x, y, z); all reachable. */
    static final int[][] WORLD_PROBLEMS = {
        {0, 0, 0, 15, 15, 15}, // through a hole in the wall at x = 8
        {2, 30, 2, 14, 2, 14}, // the other hole, or round the wall's top
        {30, 2, 2, 2, 2, 30},
        {0, 31, 31, 31, 0, 31}, // round the solid chunk
        {3, 3, 3, 3, 3, 3}, // start equals goal
        {15, 31, 15, 31, 15, 15},
        {9, 9, 9, 7, 7, 7}, // across the wall
    };

    private StoreFixtures() {}

    /**
     * The {@code .3dmap} text of the world: a wall at x = 8 over y 0..31, z 0..15 with holes at
     * (8,3,4) and (8,27,12); chunk (1,1,1), x, y, z 16..31, all solid; single voxels at
     * (20,5,20) and (5,20,25).
     */
    static String voxelMapText() {
        StringBuilder b = new StringBuilder("voxel " + WORLD_SIDE + " " + WORLD_SIDE + " " + WORLD_SIDE + "\n");
        for (int y = 0; y < WORLD_SIDE; y++) {
            for (int z = 0; z < 16; z++) {
                if ((y == 3 && z == 4) || (y == 27 && z == 12)) {
                    continue;
                }
                b.append(8).append(' ').append(y).append(' ').append(z).append('\n');
            }
        }
        for (int z = 16; z < 32; z++) {
            for (int y = 16; y < 32; y++) {
                for (int x = 16; x < 32; x++) {
                    b.append(x).append(' ').append(y).append(' ').append(z).append('\n');
                }
            }
        }
        b.append("20 5 20\n5 20 25\n");
        return b.toString();
    }

    /**
     * Writes the world as {@code dir/name} and its problems as {@code dir/name.3dscen}, each
     * optimal length computed on the map with the options the scenario run uses; returns the
     * scenario file.
     */
    static Path voxelWorld(Path dir, String name) {
        String text = voxelMapText();
        Path map = Fixtures.write(dir.resolve(name), text);
        StringBuilder scen = new StringBuilder("version 1\n").append(name).append('\n');
        try (VoxelGrid grid = VoxelMap.read(map).toGrid()) {
            for (int[] p : WORLD_PROBLEMS) {
                VoxelPath path = grid.findPath(
                        new VoxelCell(p[0], p[1], p[2]), new VoxelCell(p[3], p[4], p[5]), VoxelOptions.DEFAULT);
                assertTrue(path.found(), () -> "fixture problem has a path: " + java.util.Arrays.toString(p));
                scen.append(String.format(
                        Locale.ROOT, "%d %d %d %d %d %d %.8f 1.0%n", p[0], p[1], p[2], p[3], p[4], p[5], path.cost()));
            }
        }
        return Fixtures.write(dir.resolve(name + ".3dscen"), scen.toString());
    }

    /** Runs {@code onepath bake MAP --out OUT} and asserts it succeeded. */
    static Path bake(Path map, Path out) {
        CliRun run = CliRun.of("bake", map.toString(), "--out", out.toString());
        assertEquals(0, run.status(), run::toString);
        return out;
    }

    /** Runs {@code onepath bake MAPS --out-dir DIR} and asserts it succeeded. */
    static Path bakeInto(Path outDir, Path... maps) {
        List<String> args = new ArrayList<>(List.of("bake", "--out-dir", outDir.toString()));
        for (Path m : maps) {
            args.add(m.toString());
        }
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.status(), run::toString);
        return outDir;
    }

    /** The sections of a store as its directory lists them. */
    static List<StoreFile.Section> sections(Path store) {
        try (StoreFile file = StoreFile.open(store)) {
            return file.sections();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The entry of the section with the given name. */
    static StoreFile.Section section(Path store, String name) {
        return sections(store).stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " section in " + store));
    }

    static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Inverts every bit of one byte of a file, in place. */
    static void flip(Path file, long offset) {
        byte[] bytes = read(file);
        bytes[Math.toIntExact(offset)] ^= (byte) 0xFF;
        write(file, bytes);
    }

    static void write(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Cuts a file to its first {@code length} bytes. */
    static void truncate(Path file, long length) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Names of the entries of a folder, hidden ones included, sorted. */
    static List<String> listing(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The scenario report without its timing fields: per algorithm the name, problems,
     * mismatches and expanded count, and the same per map.
     */
    static List<Map<String, Object>> withoutTimes(Map<String, Object> report) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object o : MiniJson.array(report.get("results"))) {
            Map<String, Object> r = MiniJson.object(o);
            List<Map<String, Object>> maps = new ArrayList<>();
            for (Object m : MiniJson.array(r.get("maps"))) {
                Map<String, Object> mm = MiniJson.object(m);
                maps.add(Map.of(
                        "map",
                        mm.get("map"),
                        "problems",
                        MiniJson.integer(mm.get("problems")),
                        "mismatches",
                        MiniJson.integer(mm.get("mismatches")),
                        "expanded",
                        MiniJson.integer(mm.get("expanded"))));
            }
            out.add(Map.of(
                    "alg",
                    r.get("alg"),
                    "problems",
                    MiniJson.integer(r.get("problems")),
                    "mismatches",
                    MiniJson.integer(r.get("mismatches")),
                    "expanded",
                    MiniJson.integer(r.get("expanded")),
                    "maps",
                    maps));
        }
        return out;
    }
}
