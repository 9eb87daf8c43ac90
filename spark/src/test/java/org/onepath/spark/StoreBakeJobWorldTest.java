package org.onepath.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.cli.CliInProcess;
import org.onepath.store.GridStore;
import org.onepath.store.HierarchyOptions;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;
import org.onepath.store.VoxelWorldStore;

/**
 * The many-maps job bakes voxel worlds ({@code .3dmap}) into world stores, with the voxel
 * hierarchy when asked, byte for byte what {@code onepath bake --hierarchy} writes (SHA-256 of
 * both files), beside grid maps of the same folder, each option applying to the maps of its kind.
 */
class StoreBakeJobWorldTest {
    @TempDir
    Path dir;

    /** A 40 x 20 x 18 world: random solid voxels, a solid slab, an edge chunk on each axis. */
    private static String worldText() {
        Random rnd = new Random(0x3D_0001L);
        StringBuilder b = new StringBuilder("voxel 40 20 18\n");
        for (int i = 0; i < 700; i++) {
            b.append(rnd.nextInt(40))
                    .append(' ')
                    .append(rnd.nextInt(20))
                    .append(' ')
                    .append(rnd.nextInt(18))
                    .append('\n');
        }
        for (int y = 0; y < 20; y++) {
            for (int z = 0; z < 18; z++) {
                if ((y + z) % 9 != 0) {
                    b.append(20).append(' ').append(y).append(' ').append(z).append('\n');
                }
            }
        }
        return b.toString();
    }

    @Test
    void worldStoresWithTheHierarchyEqualOnepathBakesByteForByte() throws IOException {
        Path maps = Files.createDirectory(dir.resolve("maps"));
        Path tiny = Files.writeString(maps.resolve("tiny.3dmap"), worldText());
        List<String> worlds = new ArrayList<>(List.of(tiny.toString()));
        Path simple = Path.of(System.getProperty("onepath.data", "../../shared/data"), "movingai3d", "Simple.3dmap");
        if (Files.isRegularFile(simple)) {
            Files.copy(simple, maps.resolve("Simple.3dmap"));
            worlds.add(maps.resolve("Simple.3dmap").toString());
        } else {
            System.err.println(
                    "StoreBakeJobWorldTest: " + simple.toAbsolutePath().normalize()
                            + " is missing (set -Donepath.data to the shared data root); baking the generated world only");
        }
        Path grid = Files.writeString(
                maps.resolve("g.map"), "type octile\nheight 4\nwidth 6\nmap\n......\n.@@...\n...@..\n......\n");

        Path stores = dir.resolve("stores");
        List<StoreBakeJob.Baked> baked =
                StoreBakeJob.run(TestSpark.session(), List.of(maps.toString()), stores.toString(), false, true, false);
        assertEquals(worlds.size() + 1, baked.size(), "every map of the folder: " + baked);

        Path local = Files.createDirectory(dir.resolve("local"));
        List<String> bake = new ArrayList<>(List.of("bake", "--hierarchy", "--out-dir", local.toString()));
        bake.addAll(worlds);
        CliInProcess.run(bake.toArray(String[]::new));
        CliInProcess.run("bake", grid.toString(), "--out-dir", local.toString());

        for (StoreBakeJob.Baked b : baked) {
            String name = GridStore.fileNameFor(Path.of(b.map()).getFileName().toString());
            assertEquals(
                    TestSpark.sha256(local.resolve(name)),
                    TestSpark.sha256(stores.resolve(name)),
                    b.map() + ": the many-maps job's store differs from onepath bake's");
            if (b.world()) {
                try (StoreFile f = StoreFile.open(stores.resolve(name));
                        VoxelWorldStore opened = VoxelWorldStore.open(stores.resolve(name))) {
                    assertEquals(
                            f.section(StoreLayout.SECTION_VOXEL_HIERARCHY).length(),
                            b.hierarchyBytes(),
                            b.map() + ": hierarchy bytes");
                    assertEquals(HierarchyOptions.DEFAULT, opened.hierarchyOptions());
                }
            } else {
                assertEquals(0, b.hierarchyBytes());
                assertEquals(1, b.depth());
            }
        }
        assertTrue(baked.stream().anyMatch(b -> b.world() && b.depth() == 18), "the generated world: " + baked);
    }
}
