package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;
import org.onepath.VoxelGrid;
import org.onepath.io.MovingAiMap;
import org.onepath.io.VoxelMap;
import org.onepath.store.GridStore;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;
import org.onepath.store.VoxelWorldStore;

/**
 * {@code onepath bake}: a store per map that opens to the map's cells (or voxels), refusals
 * before anything is written, each one line on stderr naming the file.
 */
class BakeCommandTest {
    @TempDir
    Path dir;

    private static void assertMentions(String line, String... parts) {
        for (String p : parts) {
            assertTrue(line.contains(p), () -> "'" + p + "' missing from: " + line);
        }
    }

    /** Asserts the store opens as a grid store named {@code name} whose cells are the map file's. */
    private static void assertGridOf(Path store, Path map, String name) throws IOException {
        try (GridStore opened = GridStore.open(store);
                Grid expected = MovingAiMap.read(map).toGrid()) {
            assertEquals(name, opened.name());
            Grid g = opened.grid();
            assertEquals(expected.width(), g.width());
            assertEquals(expected.height(), g.height());
            MemorySegment a = g.cells();
            MemorySegment b = expected.cells();
            assertEquals(b.byteSize(), a.byteSize(), "cells length");
            assertEquals(-1, a.mismatch(b), "cells differ from the map's");
            for (int y = 0; y < g.height(); y++) {
                for (int x = 0; x < g.width(); x++) {
                    assertEquals(expected.isWalkable(x, y), g.isWalkable(x, y), "(" + x + "," + y + ")");
                }
            }
            assertNotNull(g.tables().jpsPlus(), "a small map's store carries the JPS+ table");
        }
    }

    /** The one "baked" line of a run, checked to name the store, the map and the store's size. */
    private static void assertBakedLine(String line, Path out, Path map) throws IOException {
        assertTrue(line.startsWith("baked " + out + ": "), line);
        assertMentions(line, "from " + map, Files.size(out) + " bytes");
    }

    private static void assertNoTempFiles(Path folder) {
        for (String name : StoreFixtures.listing(folder)) {
            assertFalse(name.endsWith(".tmp"), () -> "left-over temporary file " + name + " in " + folder);
        }
    }

    // ---- writing ----

    @Test
    void outWritesOneGridStoreWithTheMapsCells() throws IOException {
        Path map = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path out = dir.resolve("stores/a-baked.opstore");
        Files.createDirectories(out.getParent());
        CliRun run = CliRun.of("bake", map.toString(), "--out", out.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals("", run.err(), "nothing on stderr");
        assertEquals(1, run.outLines().size(), run::toString);
        assertBakedLine(run.outLines().getFirst(), out, map);
        assertMentions(run.outLines().getFirst(), "grid 5 x 4", "JPS+ table");
        assertGridOf(out, map, "a.map");
        assertEquals(List.of("a-baked.opstore"), StoreFixtures.listing(out.getParent()));
    }

    @Test
    void existingStoreIsKeptWithoutForceAndReplacedWithIt() throws IOException {
        Path map = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path out = StoreFixtures.bake(map, dir.resolve("a.opstore"));
        byte[] before = StoreFixtures.read(out);

        // The map changes (map B has the same size); without --force the old store stays.
        Fixtures.write(map, Fixtures.MAP_B);
        String line = CliRun.of("bake", map.toString(), "--out", out.toString()).assertBadInput();
        assertMentions(line, out.toString(), "--force", "exists");
        assertArrayEquals(before, StoreFixtures.read(out), "the existing store is unchanged");

        CliRun forced = CliRun.of("bake", "--force", map.toString(), "--out", out.toString());
        assertEquals(0, forced.status(), forced::toString);
        assertEquals(1, forced.outLines().size(), forced::toString);
        assertBakedLine(forced.outLines().getFirst(), out, map);
        assertFalse(java.util.Arrays.equals(before, StoreFixtures.read(out)), "the store was replaced");
        assertGridOf(out, map, "a.map");
        assertNoTempFiles(dir);
    }

    @Test
    void outDirWritesAStoreNamedAfterEachMap() throws IOException {
        Path a = Fixtures.write(dir.resolve("maps/a.map"), Fixtures.MAP_A);
        Path b = Fixtures.write(dir.resolve("maps/sub/b.map"), Fixtures.MAP_B);
        Path c = Fixtures.write(dir.resolve("maps/c.map"), Fixtures.MAP_C);
        Path out = Files.createDirectories(dir.resolve("out"));
        CliRun run = CliRun.of("bake", a.toString(), b.toString(), c.toString(), "--out-dir", out.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals("", run.err());
        assertEquals(List.of("a.opstore", "b.opstore", "c.opstore"), StoreFixtures.listing(out));
        List<String> lines = run.outLines();
        assertEquals(3, lines.size(), run::toString);
        assertBakedLine(lines.get(0), out.resolve("a.opstore"), a);
        assertBakedLine(lines.get(1), out.resolve("b.opstore"), b);
        assertBakedLine(lines.get(2), out.resolve("c.opstore"), c);
        assertMentions(lines.get(2), "grid 5 x 3");
        assertGridOf(out.resolve("a.opstore"), a, "a.map");
        assertGridOf(out.resolve("b.opstore"), b, "b.map");
        assertGridOf(out.resolve("c.opstore"), c, "c.map");

        // Again without --force: refused before anything is written, naming the first existing store.
        byte[] aBefore = StoreFixtures.read(out.resolve("a.opstore"));
        String line = CliRun.of("bake", a.toString(), b.toString(), "--out-dir", out.toString())
                .assertBadInput();
        assertMentions(line, out.resolve("a.opstore").toString(), "--force");
        assertArrayEquals(aBefore, StoreFixtures.read(out.resolve("a.opstore")));
        assertNoTempFiles(out);
    }

    @Test
    void voxelMapBakesAWorldStore() throws IOException {
        Path map = Fixtures.write(dir.resolve("w.3dmap"), StoreFixtures.voxelMapText());
        Path out = Files.createDirectories(dir.resolve("out"));
        CliRun run = CliRun.of("bake", "--out-dir", out.toString(), map.toString());
        assertEquals(0, run.status(), run::toString);
        Path store = out.resolve("w.opstore");
        assertEquals(List.of("w.opstore"), StoreFixtures.listing(out));
        assertEquals(1, run.outLines().size(), run::toString);
        assertBakedLine(run.outLines().getFirst(), store, map);
        assertMentions(
                run.outLines().getFirst(),
                "voxel world 32 x 32 x 32",
                StoreFixtures.WORLD_NOT_DEFAULT_CHUNKS + " of 8 chunks not default");

        try (StoreFile file = StoreFile.open(store)) {
            assertEquals(StoreLayout.KIND_VOXEL_WORLD, file.kind());
            assertEquals(
                    StoreFixtures.WORLD_STORED_CHUNKS * 4096L,
                    file.section(StoreLayout.SECTION_CHUNKS).length(),
                    "only the mixed chunks are stored");
        }
        try (VoxelWorldStore opened = VoxelWorldStore.open(store);
                VoxelGrid expected = VoxelMap.read(map).toGrid()) {
            assertEquals("w.3dmap", opened.name());
            VoxelGrid w = opened.grid();
            assertEquals(List.of(32, 32, 32), List.of(w.sizeX(), w.sizeY(), w.sizeZ()));
            int solid = 0;
            for (int z = 0; z < 32; z++) {
                for (int y = 0; y < 32; y++) {
                    for (int x = 0; x < 32; x++) {
                        assertEquals(expected.area(x, y, z), w.area(x, y, z), "voxel (" + x + "," + y + "," + z + ")");
                        solid += w.isWalkable(x, y, z) ? 0 : 1;
                    }
                }
            }
            assertEquals(32 * 16 - 2 + 4096 + 2, solid, "solid voxels");
        }
    }

    // ---- refusals: exit 2, one line naming the file, nothing written ----

    @Test
    void outWithTwoMapsIsRefused() {
        Path a = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path b = Fixtures.write(dir.resolve("b.map"), Fixtures.MAP_B);
        Path out = dir.resolve("both.opstore");
        String line = CliRun.of("bake", a.toString(), b.toString(), "--out", out.toString())
                .assertBadInput();
        assertMentions(line, "--out", "--out-dir", "2");
        assertFalse(Files.exists(out));
        assertEquals(List.of("a.map", "b.map"), StoreFixtures.listing(dir));
    }

    @Test
    void outAndOutDirTogetherOrNeitherIsAUsageError() throws IOException {
        Path a = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path out = Files.createDirectories(dir.resolve("out"));
        for (String[] args : List.of(
                new String[] {"bake", a.toString()},
                new String[] {
                    "bake", a.toString(), "--out", dir.resolve("x.opstore").toString(), "--out-dir", out.toString()
                },
                new String[] {"bake", "--out-dir", out.toString()})) {
            CliRun run = CliRun.of(args);
            assertEquals(OnePathCli.BAD_INPUT, run.status(), run::toString);
            assertEquals(1, run.errLines().size(), run::toString);
            assertEquals("", run.out().strip(), run::toString);
            String line = run.errLines().getFirst();
            assertTrue(line.startsWith("onepath: "), run::toString);
            assertFalse(run.err().contains("\tat ") || run.err().contains("Exception"), run::toString);
            assertMentions(line, "bake --help");
        }
        assertEquals(List.of(), StoreFixtures.listing(out));
        assertEquals(List.of("a.map", "out"), StoreFixtures.listing(dir));
    }

    /** Runs bake of the maps into an empty out folder, expects a refusal, and checks the folder stayed empty. */
    private String refusedInto(Path... maps) throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        List<String> args = new java.util.ArrayList<>(List.of("bake", "--out-dir", out.toString()));
        for (Path m : maps) {
            args.add(m.toString());
        }
        String line = CliRun.of(args.toArray(String[]::new)).assertBadInput();
        assertEquals(List.of(), StoreFixtures.listing(out), "nothing written in the out folder");
        return line;
    }

    @Test
    void missingMapIsRefusedBeforeAnyStoreIsWritten() throws IOException {
        Path good = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path ghost = dir.resolve("ghost.map");
        assertMentions(refusedInto(good, ghost), ghost.toString(), "no such file");
    }

    @Test
    void folderAsMapIsRefused() throws IOException {
        Path good = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path folder = Files.createDirectories(dir.resolve("maps.map"));
        assertMentions(refusedInto(good, folder), folder.toString(), "folder");
    }

    @Test
    void unknownExtensionIsRefused() throws IOException {
        Path good = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path text = Fixtures.write(dir.resolve("a.txt"), Fixtures.MAP_A);
        assertMentions(refusedInto(good, text), text.toString(), ".map", ".3dmap");
        Path scen = Fixtures.mapA(dir.resolve("s"), "s.map");
        assertMentions(refusedInto(scen), scen.toString(), "unknown map type");
    }

    @Test
    void missingOutDirIsRefusedAndNotCreated() {
        Path good = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path nowhere = dir.resolve("nowhere");
        String line = CliRun.of("bake", good.toString(), "--out-dir", nowhere.toString())
                .assertBadInput();
        assertMentions(line, nowhere.toString(), "--out-dir");
        assertFalse(Files.exists(nowhere));
        assertEquals(List.of("a.map"), StoreFixtures.listing(dir));
    }

    @Test
    void outInAMissingFolderIsRefused() {
        Path good = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path out = dir.resolve("nowhere/a.opstore");
        String line =
                CliRun.of("bake", good.toString(), "--out", out.toString()).assertBadInput();
        assertMentions(line, out.toString());
        assertEquals(List.of("a.map"), StoreFixtures.listing(dir));
    }

    @Test
    void outNamingAFolderIsRefused() throws IOException {
        Path good = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path folder = Files.createDirectories(dir.resolve("out"));
        for (String force : List.of("--out", "--force")) {
            List<String> args = new java.util.ArrayList<>(List.of("bake", good.toString(), "--out", folder.toString()));
            if (force.equals("--force")) {
                args.add("--force");
            }
            String line = CliRun.of(args.toArray(String[]::new)).assertBadInput();
            assertMentions(line, folder.toString(), "folder");
            assertEquals(List.of(), StoreFixtures.listing(folder));
        }
    }

    @Test
    void malformedMapHeaderIsRefusedWithoutWriting() throws IOException {
        // The height line is 'height four'.
        Path bad = Fixtures.write(dir.resolve("bad.map"), "type octile\nheight four\nwidth 5\nmap\n.....\n");
        Path good = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        String line = refusedInto(bad, good);
        assertMentions(line, bad.toString(), "four");
        assertNoTempFiles(dir.resolve("out"));

        // Alone, with --out: no store and no temporary file beside it.
        Path out = dir.resolve("single/bad.opstore");
        Files.createDirectories(out.getParent());
        String single =
                CliRun.of("bake", bad.toString(), "--out", out.toString()).assertBadInput();
        assertMentions(single, bad.toString());
        assertEquals(List.of(), StoreFixtures.listing(out.getParent()));
    }

    @Test
    void malformedVoxelMapIsRefusedWithoutWriting() throws IOException {
        Path bad = Fixtures.write(dir.resolve("bad.3dmap"), "voxel 4 3 2\n0 0 0\n4 0 0\n");
        String line = refusedInto(bad);
        assertMentions(line, bad.toString(), ":3:", "0..3");
    }

    @Test
    void aBadMapAfterAGoodOneLeavesOnlyWholeStores() throws IOException {
        // The good map is baked before the bad one is read; whatever is left must be whole.
        Path good = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path bad = Fixtures.write(dir.resolve("bad.map"), "type octile\nheight 4\nwidth 5\nmap\n.....\n");
        Path out = Files.createDirectories(dir.resolve("out"));
        CliRun run = CliRun.of("bake", good.toString(), bad.toString(), "--out-dir", out.toString());
        assertEquals(OnePathCli.BAD_INPUT, run.status(), run::toString);
        run.assertNoStackTrace();
        assertEquals(1, run.errLines().size(), run::toString);
        assertMentions(run.errLines().getFirst(), bad.toString());
        assertNoTempFiles(out);
        assertFalse(Files.exists(out.resolve("bad.opstore")));
        for (String name : StoreFixtures.listing(out)) {
            assertEquals("a.opstore", name);
            assertGridOf(out.resolve(name), good, "a.map");
        }
    }

    @Test
    void aStoreOverItsOwnMapIsRefusedEvenWithForce() throws IOException {
        Path map = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        byte[] before = Files.readAllBytes(map);
        String line = CliRun.of("bake", map.toString(), "--out", map.toString(), "--force")
                .assertBadInput();
        assertMentions(line, "both a MAP and a store");
        assertArrayEquals(before, Files.readAllBytes(map));
    }

    @Test
    void twoMapsWithOneStoreNameAreRefused() throws IOException {
        Path first = Fixtures.write(dir.resolve("d1/x.map"), Fixtures.MAP_A);
        Path second = Fixtures.write(dir.resolve("d2/x.map"), Fixtures.MAP_B);
        Path out = Files.createDirectories(dir.resolve("out"));
        String line = CliRun.of("bake", first.toString(), second.toString(), "--out-dir", out.toString())
                .assertBadInput();
        assertMentions(line, out.resolve("x.opstore").toString(), first.toString(), second.toString());
        assertEquals(List.of(), StoreFixtures.listing(out));

        Path voxel = Fixtures.write(dir.resolve("d1/x.3dmap"), StoreFixtures.voxelMapText());
        CliRun.of("bake", first.toString(), voxel.toString(), "--out-dir", out.toString())
                .assertBadInput();
        assertEquals(List.of(), StoreFixtures.listing(out));
    }
}
