package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;

/**
 * {@code onepath store inspect} and {@code onepath store verify}: what a good grid store and a
 * good world store report, and damaged files, each refused with exit status 2 and one line on
 * stderr naming the file and the problem.
 */
class StoreCommandTest {
    /** A section row of the text report: id, name, offset, length, crc32c, fingerprint. */
    private static final Pattern SECTION_ROW =
            Pattern.compile("\\s+(\\d+)\\s+(.+?)\\s+(\\d+)\\s+(\\d+)\\s+([0-9a-f]{8})\\s+(\\S+)");

    @TempDir
    Path dir;

    private static void assertMentions(String text, String... parts) {
        for (String p : parts) {
            assertTrue(text.contains(p), () -> "'" + p + "' missing from: " + text);
        }
    }

    private int stores;

    /** Map A baked into a new store file. */
    private Path gridStore() {
        Path map = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        return StoreFixtures.bake(map, dir.resolve("a" + ++stores + ".opstore"));
    }

    /** The voxel world baked into a new store file. */
    private Path worldStore() {
        Path map = Fixtures.write(dir.resolve("w.3dmap"), StoreFixtures.voxelMapText());
        return StoreFixtures.bake(map, dir.resolve("w" + ++stores + ".opstore"));
    }

    /** The "key value" lines of a text report (two leading spaces, a key, spaces, the value). */
    private static Map<String, String> fields(CliRun run) {
        Map<String, String> out = new HashMap<>();
        for (String line : run.outLines()) {
            Matcher m = Pattern.compile("  ([A-Za-z]+)\\s+(.+)").matcher(line);
            if (m.matches()) {
                out.put(m.group(1), m.group(2).strip());
            }
        }
        return out;
    }

    /** Asserts the text report's section rows are the store's directory, in file order. */
    private static void assertSectionRows(CliRun run, Path store) {
        List<StoreFile.Section> expected = StoreFixtures.sections(store);
        List<Matcher> rows = new ArrayList<>();
        for (String line : run.outLines()) {
            Matcher m = SECTION_ROW.matcher(line);
            if (m.matches()) {
                rows.add(m);
            }
        }
        assertEquals(expected.size(), rows.size(), run::toString);
        for (int i = 0; i < rows.size(); i++) {
            StoreFile.Section s = expected.get(i);
            Matcher m = rows.get(i);
            assertEquals(s.id(), Integer.parseInt(m.group(1)));
            assertEquals(s.name(), m.group(2));
            assertEquals(s.offset(), Long.parseLong(m.group(3)), s.name() + " offset");
            assertEquals(s.length(), Long.parseLong(m.group(4)), s.name() + " length");
            assertEquals(String.format("%08x", s.crc()), m.group(5), s.name() + " crc32c");
            if (s.hasFingerprint()) {
                assertEquals(s.fingerprintHex().substring(0, 16) + "...", m.group(6));
            } else {
                assertEquals("-", m.group(6));
            }
        }
    }

    /** A whole number written as a JSON number or as a string of digits. */
    private static long whole(Object v) {
        if (v instanceof String s) {
            assertTrue(s.matches("\\d+"), () -> "expected a whole number, got '" + s + "'");
            return Long.parseLong(s);
        }
        return MiniJson.integer(v);
    }

    /** Asserts the JSON sections are the store's directory, in file order. */
    private static void assertJsonSections(Map<String, Object> json, Path store) {
        List<StoreFile.Section> expected = StoreFixtures.sections(store);
        List<Object> sections = MiniJson.array(json.get("sections"));
        assertEquals(expected.size(), sections.size());
        long previousEnd = 0;
        for (int i = 0; i < sections.size(); i++) {
            StoreFile.Section s = expected.get(i);
            Map<String, Object> j = MiniJson.object(sections.get(i));
            assertEquals(s.id(), MiniJson.integer(j.get("id")));
            assertEquals(s.name(), j.get("name"));
            assertEquals(s.offset(), MiniJson.integer(j.get("offset")), s.name() + " offset");
            assertEquals(s.length(), MiniJson.integer(j.get("length")), s.name() + " length");
            assertEquals(String.format("%08x", s.crc()), j.get("crc32c"));
            if (s.hasFingerprint()) {
                assertEquals(s.fingerprintHex(), j.get("fingerprint"));
            } else {
                assertNull(j.get("fingerprint"));
                assertTrue(j.containsKey("fingerprint"));
            }
            assertEquals(0, s.offset() % StoreLayout.ALIGNMENT, s.name() + " is aligned");
            assertTrue(s.offset() >= previousEnd, s.name() + " after the previous section");
            previousEnd = s.offset() + s.length();
        }
    }

    private static List<String> sectionNames(Path store) {
        return StoreFixtures.sections(store).stream()
                .map(StoreFile.Section::name)
                .toList();
    }

    // ---- inspect: good stores ----

    @Test
    void inspectGridStoreText() throws IOException {
        Path store = gridStore();
        assertEquals(
                List.of("meta", "cells", "clearance", "block map", "JPS+ table", "octile neighbour bytes"),
                sectionNames(store));
        CliRun run = CliRun.of("store", "inspect", store.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals("", run.err());
        assertEquals(store.toString(), run.outLines().getFirst());
        Map<String, String> f = fields(run);
        assertEquals("grid", f.get("kind"), run::toString);
        assertEquals("a.map", f.get("name"));
        assertEquals("5", f.get("width"));
        assertEquals("4", f.get("height"));
        assertEquals("1", f.get("formatVersion"));
        assertEquals(Long.toString(Files.size(store)), f.get("fileLength"));
        assertSectionRows(run, store);
    }

    @Test
    void inspectGridStoreJson() throws IOException {
        Path store = gridStore();
        CliRun run = CliRun.of("store", "inspect", "--json", store.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals("", run.err());
        Map<String, Object> json = ScenCommandTest.json(run);
        assertEquals(store.toString(), json.get("file"));
        assertEquals("grid", json.get("kind"));
        assertEquals("a.map", json.get("name"));
        assertEquals(5, whole(json.get("width")));
        assertEquals(4, whole(json.get("height")));
        assertEquals(1, whole(json.get("formatVersion")));
        assertEquals(Files.size(store), whole(json.get("fileLength")));
        assertJsonSections(json, store);
        Map<String, Object> cells =
                MiniJson.object(MiniJson.array(json.get("sections")).get(1));
        assertEquals("cells", cells.get("name"));
        assertEquals(20, MiniJson.integer(cells.get("length")), "5 x 4 cells, a byte each");
    }

    @Test
    void inspectWorldStoreText() throws IOException {
        Path store = worldStore();
        assertEquals(List.of("meta", "chunk table", "chunks"), sectionNames(store));
        CliRun run = CliRun.of("store", "inspect", store.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals("", run.err());
        assertEquals(store.toString(), run.outLines().getFirst());
        Map<String, String> f = fields(run);
        assertEquals("voxel world", f.get("kind"), run::toString);
        assertEquals("w.3dmap", f.get("name"));
        assertEquals("32 x 32 x 32", f.get("size"));
        assertEquals("8", f.get("chunks"));
        assertEquals(Integer.toString(StoreFixtures.WORLD_STORED_CHUNKS), f.get("storedChunks"));
        assertEquals(Long.toString(Files.size(store)), f.get("fileLength"));
        assertSectionRows(run, store);
    }

    @Test
    void inspectWorldStoreJson() throws IOException {
        Path store = worldStore();
        CliRun run = CliRun.of("store", "inspect", "--json", store.toString());
        assertEquals(0, run.status(), run::toString);
        Map<String, Object> json = ScenCommandTest.json(run);
        assertEquals(store.toString(), json.get("file"));
        assertEquals("voxel world", json.get("kind"));
        assertEquals("w.3dmap", json.get("name"));
        assertEquals("32 x 32 x 32", json.get("size"));
        assertEquals(8, whole(json.get("chunks")));
        assertEquals(StoreFixtures.WORLD_STORED_CHUNKS, whole(json.get("storedChunks")));
        assertEquals(0, whole(json.get("defaultArea")));
        assertEquals(Files.size(store), whole(json.get("fileLength")));
        double perVoxel = json.get("bytesPerVoxel") instanceof String s
                ? Double.parseDouble(s)
                : MiniJson.number(json.get("bytesPerVoxel"));
        assertEquals((double) Files.size(store) / (32 * 32 * 32), perVoxel, 1e-6);
        assertJsonSections(json, store);
        Map<String, Object> chunks =
                MiniJson.object(MiniJson.array(json.get("sections")).get(2));
        assertEquals(StoreFixtures.WORLD_STORED_CHUNKS * 4096L, MiniJson.integer(chunks.get("length")));
    }

    // ---- inspect: damaged files ----

    /** Runs inspect (and verify, which opens the same way) on a file and returns inspect's one stderr line. */
    private static String refused(Path file, String... parts) {
        String line = CliRun.of("store", "inspect", file.toString()).assertBadInput();
        assertMentions(line, file.toString());
        assertMentions(line, parts);
        String json = CliRun.of("store", "inspect", "--json", file.toString()).assertBadInput();
        assertEquals(line, json, "--json fails the same way");
        String verify = CliRun.of("store", "verify", file.toString()).assertBadInput();
        assertMentions(verify, file.toString());
        assertMentions(verify, parts);
        return line;
    }

    @Test
    void flippedHeaderByteFailsTheHeaderChecksum() {
        Path store = gridStore();
        StoreFixtures.flip(store, StoreLayout.HEADER_RESERVED_OFFSET + 3);
        refused(store, "header checksum");
    }

    @Test
    void flippedFileLengthFieldFailsTheHeaderChecksum() {
        Path store = worldStore();
        StoreFixtures.flip(store, StoreLayout.FILE_LENGTH_OFFSET);
        refused(store, "header checksum");
    }

    @Test
    void flippedMagicIsNotAStore() {
        Path store = gridStore();
        StoreFixtures.flip(store, 0);
        refused(store, "not a OnePath store");
    }

    @Test
    void flippedSectionTableByteFailsItsChecksum() {
        Path store = gridStore();
        StoreFixtures.flip(store, StoreLayout.HEADER_BYTES + StoreLayout.ENTRY_OFFSET_OFFSET + 1);
        refused(store, "section table checksum");
    }

    @Test
    void flippedMetaByteFailsItsChecksumAtOpen() {
        Path grid = gridStore();
        StoreFixtures.flip(grid, StoreFixtures.section(grid, "meta").offset() + StoreLayout.GRID_NAME_OFFSET);
        refused(grid, "meta", "checksum");
        Path world = worldStore();
        StoreFixtures.flip(world, StoreFixtures.section(world, "chunk table").offset() + 2);
        refused(world, "chunk table", "checksum");
    }

    @Test
    void truncatedAtASectionBoundaryIsShort() {
        for (String section : List.of("cells", "JPS+ table")) {
            Path store = gridStore();
            StoreFile.Section s = StoreFixtures.section(store, section);
            StoreFixtures.truncate(store, s.offset());
            refused(store, "file length", Long.toString(s.offset()));
        }
        Path world = worldStore();
        StoreFixtures.truncate(world, StoreFixtures.section(world, "chunks").offset());
        refused(world, "file length");
    }

    @Test
    void trailingBytesAreRefused() throws IOException {
        Path store = gridStore();
        Files.write(store, new byte[64], java.nio.file.StandardOpenOption.APPEND);
        refused(store, "file length", "64 trailing bytes");
    }

    @Test
    void mapFileIsNotAStore() {
        Path map = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        refused(map, "not a OnePath store");
        Path shortText = Fixtures.write(dir.resolve("short.opstore"), "hello\n");
        refused(shortText, "not a OnePath store");
    }

    @Test
    void emptyFileIsRefused() {
        Path empty = Fixtures.write(dir.resolve("empty.opstore"), "");
        refused(empty, "file length 0");
    }

    @Test
    void missingFileIsRefused() {
        Path ghost = dir.resolve("ghost.opstore");
        refused(ghost, "no such file");
    }

    @Test
    void folderIsRefused() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("folder.opstore"));
        refused(folder);
    }

    @Test
    void newerFormatVersionIsRefused() {
        // The version is checked before the header checksum, so a bare change names it.
        Path store = gridStore();
        byte[] bytes = StoreFixtures.read(store);
        bytes[(int) StoreLayout.VERSION_OFFSET] = 2;
        StoreFixtures.write(store, bytes);
        refused(store, "version 2", "newer");
    }

    // ---- verify ----

    @Test
    void verifyGoodStoresIsSound() throws IOException {
        Map<Path, String> kinds = Map.of(gridStore(), "grid", worldStore(), "voxel world");
        for (Map.Entry<Path, String> e : kinds.entrySet()) {
            Path store = e.getKey();
            CliRun run = CliRun.of("store", "verify", store.toString());
            assertEquals(0, run.status(), run::toString);
            assertEquals("", run.err());
            assertEquals(1, run.outLines().size(), run::toString);
            String line = run.outLines().getFirst();
            assertTrue(line.startsWith(store + ": sound (" + e.getValue() + ", " + Files.size(store) + " bytes"), line);
        }
    }

    /** Flips a byte inside a big section: inspect (which reads no big section) still passes, verify names the section. */
    private static void assertVerifyNames(Path store, String section, long into) {
        StoreFile.Section s = StoreFixtures.section(store, section);
        assertTrue(into < s.length(), "inside the section");
        StoreFixtures.flip(store, s.offset() + into);
        CliRun inspect = CliRun.of("store", "inspect", store.toString());
        assertEquals(0, inspect.status(), () -> "inspect reads no big section:\n" + inspect);
        String line = CliRun.of("store", "verify", store.toString()).assertBadInput();
        assertMentions(line, store.toString(), section + " section checksum", Long.toString(s.offset()));
    }

    @Test
    void verifyFindsAFlippedCellsByte() {
        assertVerifyNames(gridStore(), "cells", 7);
    }

    @Test
    void verifyFindsAFlippedJpsPlusByte() {
        Path store = gridStore();
        assertVerifyNames(
                store, "JPS+ table", StoreFixtures.section(store, "JPS+ table").length() - 1);
    }

    @Test
    void verifyFindsAFlippedClearanceAndBlockMapByte() {
        assertVerifyNames(gridStore(), "clearance", 0);
        assertVerifyNames(gridStore(), "block map", 5);
    }

    @Test
    void verifyFindsAFlippedChunkByte() {
        // A voxel in the middle of the third stored chunk.
        assertVerifyNames(worldStore(), "chunks", 2 * 4096 + 2048);
    }

    @Test
    void verifyFindsANonZeroPaddingByte() {
        Path store = gridStore();
        StoreFile.Section meta = StoreFixtures.section(store, "meta");
        StoreFile.Section cells = StoreFixtures.section(store, "cells");
        long padding = meta.offset() + meta.length();
        assertTrue(padding < cells.offset(), "the meta section is followed by padding");
        StoreFixtures.flip(store, padding);
        String line = CliRun.of("store", "verify", store.toString()).assertBadInput();
        assertMentions(line, store.toString(), "padding", Long.toString(padding));
    }

    @Test
    void storeWithoutSubcommandIsAUsageError() {
        CliRun run = CliRun.of("store");
        assertEquals(OnePathCli.BAD_INPUT, run.status(), run::toString);
        run.assertNoStackTrace();
        assertEquals(1, run.errLines().size(), run::toString);
        assertMentions(run.errLines().getFirst().toLowerCase(Locale.ROOT), "inspect", "verify");
    }
}
