package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.VoxelGrid;
import org.onepath.grids.BakeMonitor;
import org.onepath.io.VoxelMap;
import org.onepath.store.HierarchyOptions;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;
import org.onepath.store.StoreProgress;
import org.onepath.store.VoxelWorldStore;

/**
 * {@code onepath bake WORLD.3dmap --hierarchy}: the store holds the voxel hierarchy section for the
 * default options, byte for byte what {@code VoxelWorldStore.write} with those options writes;
 * {@code store inspect} shows the section; a grid map with {@code --hierarchy}, and a store whose
 * section is damaged or stale, are one line naming the file and the problem, exit status 2.
 */
class BakeHierarchyTest {
    @TempDir
    Path dir;

    private static void assertMentions(String text, String... parts) {
        for (String p : parts) {
            assertTrue(text.contains(p), () -> "'" + p + "' missing from: " + text);
        }
    }

    private Path worldMap() {
        return Fixtures.write(dir.resolve("w.3dmap"), StoreFixtures.voxelMapText());
    }

    private Path bakeWithHierarchy(Path map, String name) {
        Path out = dir.resolve(name);
        CliRun run = CliRun.of("bake", map.toString(), "--hierarchy", "--out", out.toString());
        assertEquals(0, run.status(), run::toString);
        return out;
    }

    @Test
    void theStoreHoldsTheSectionTheStoresApiWrites() throws IOException {
        Path map = worldMap();
        Path out = dir.resolve("w.opstore");
        CliRun run = CliRun.of("bake", map.toString(), "--hierarchy", "--out", out.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals("", run.err(), "no progress off a terminal: " + run);
        long sectionBytes;
        try (StoreFile f = StoreFile.open(out)) {
            sectionBytes = f.section(StoreLayout.SECTION_VOXEL_HIERARCHY).length();
        }
        assertEquals(1, run.outLines().size(), run::toString);
        assertMentions(
                run.outLines().getFirst(),
                "baked " + out,
                "voxel world 32 x 32 x 32",
                "voxel hierarchy (26 moves, NO_CORNER_CUTTING, 3 face samples, " + sectionBytes + " bytes)");

        Path api = dir.resolve("api.opstore");
        try (VoxelGrid world = VoxelMap.read(map).toGrid()) {
            VoxelWorldStore.write(
                    world, "w.3dmap", api, StoreProgress.NONE, HierarchyOptions.DEFAULT, BakeMonitor.NONE);
        }
        assertArrayEquals(Files.readAllBytes(api), Files.readAllBytes(out), "the command writes what the API writes");
        try (VoxelWorldStore store = VoxelWorldStore.open(out)) {
            assertEquals(HierarchyOptions.DEFAULT, store.hierarchyOptions());
        }
        CliRun verify = CliRun.of("store", "verify", out.toString());
        assertEquals(0, verify.status(), verify::toString);
    }

    @Test
    void withoutTheOptionAWorldStoreHasNoSection() throws IOException {
        Path out = StoreFixtures.bake(worldMap(), dir.resolve("plain.opstore"));
        try (VoxelWorldStore store = VoxelWorldStore.open(out)) {
            assertNull(store.hierarchyOptions());
        }
        CliRun inspect = CliRun.of("store", "inspect", out.toString());
        assertFalse(inspect.out().contains("hierarchy"), inspect::toString);
    }

    @Test
    void jsonNamesTheSectionsBytes() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        CliRun run = CliRun.of(
                "bake",
                "--json",
                "--hierarchy",
                "--out-dir",
                out.toString(),
                worldMap().toString());
        assertEquals(0, run.status(), run::toString);
        Map<String, Object> store = MiniJson.object(
                MiniJson.array(ScenCommandTest.json(run).get("stores")).getFirst());
        try (StoreFile f = StoreFile.open(out.resolve("w.opstore"))) {
            assertEquals(
                    f.section(StoreLayout.SECTION_VOXEL_HIERARCHY).length(),
                    MiniJson.integer(store.get("hierarchyBytes")));
        }
        assertMentions((String) store.get("holds"), "voxel hierarchy (26 moves");
    }

    @Test
    void inspectShowsTheSection() {
        Path store = bakeWithHierarchy(worldMap(), "w.opstore");
        CliRun text = CliRun.of("store", "inspect", store.toString());
        assertEquals(0, text.status(), text::toString);
        assertMentions(
                text.out(),
                "hierarchy         section 18, checked at open, read in place",
                "hierarchyOptions  26 moves, NO_CORNER_CUTTING, 3 face samples",
                "hierarchyVersion  1",
                "voxel hierarchy");
        CliRun json = CliRun.of("store", "inspect", "--json", store.toString());
        assertEquals(0, json.status(), json::toString);
        Map<String, Object> fields = ScenCommandTest.json(json);
        assertEquals("26 moves, NO_CORNER_CUTTING, 3 face samples", fields.get("hierarchyOptions"));
        assertEquals(1L, MiniJson.integer(fields.get("hierarchyVersion")));
        List<Object> sections = MiniJson.array(fields.get("sections"));
        Map<String, Object> last = MiniJson.object(sections.getLast());
        assertEquals(18L, MiniJson.integer(last.get("id")));
        assertEquals("voxel hierarchy", last.get("name"));
        assertEquals(MiniJson.integer(last.get("length")), MiniJson.integer(fields.get("hierarchyBytes")));
    }

    @Test
    void aGridMapWithTheOptionIsRefusedBeforeAnythingIsWritten() {
        Path world = worldMap();
        Path grid = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path out = dir.resolve("out");
        assertTrue(out.toFile().mkdir());
        String line = CliRun.of("bake", "--hierarchy", "--out-dir", out.toString(), world.toString(), grid.toString())
                .assertBadInput();
        assertEquals(
                "onepath: " + grid
                        + ": --hierarchy bakes the chunk hierarchy of voxel worlds (.3dmap); a grid store holds none",
                line);
        assertEquals(List.of(), StoreFixtures.listing(out), "nothing written, the world's store neither");
    }

    @Test
    void aDamagedSectionIsOneLineNamingTheFileAndTheSection() {
        Path store = bakeWithHierarchy(worldMap(), "w.opstore");
        StoreFile.Section s = StoreFixtures.section(store, "voxel hierarchy");
        StoreFixtures.flip(store, s.offset() + s.length() - 3);
        for (String command : List.of("inspect", "verify")) {
            String line = CliRun.of("store", command, store.toString()).assertBadInput();
            assertMentions(line, "onepath: " + store + ": ", "voxel hierarchy section checksum is ");
        }
        CliRun scen = CliRun.of("scen", "--store", store.toString(), "--alg", "astar", scenOf(dir));
        assertMentions(scen.assertBadInput(), store.toString(), "voxel hierarchy section checksum");
    }

    /** The fixture's problems beside a copy of its map named w.3dmap, for runs from a store of that world. */
    private static String scenOf(Path dir) {
        return StoreFixtures.voxelWorld(dir.resolve("scen"), "w.3dmap").toString();
    }

    @Test
    void aNewerSectionVersionIsOneLineSayingSo() {
        Path store = bakeWithHierarchy(worldMap(), "w.opstore");
        StoreFile.Section s = StoreFixtures.section(store, "voxel hierarchy");
        byte[] b = StoreFixtures.read(store);
        b[(int) s.offset()] = 2; // version 2, checked before the checksum
        StoreFixtures.write(store, b);
        String line = CliRun.of("store", "inspect", store.toString()).assertBadInput();
        assertMentions(
                line,
                store.toString(),
                "the voxel hierarchy section (id 18) version is 2, newer than version 1",
                "onepath bake MAP --hierarchy");
    }

    @Test
    void hierarchyProgressLine() {
        assertEquals(
                "A1.3dmap voxel hierarchy 5600/22400 chunks  25% 3.0 s, 9.0 s left",
                BakeCommand.hierarchyProgress("A1.3dmap", 5600, 22400, 3.0));
        assertEquals(
                "A1.3dmap voxel hierarchy 0/22400 chunks   0% 0.1 s, time left unknown",
                BakeCommand.hierarchyProgress("A1.3dmap", 0, 22400, 0.1));
    }
}
