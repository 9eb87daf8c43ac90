package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.cells.Cell;
import org.onepath.layout.VoxelChunkLayout;

/**
 * Hand-edited directories and small sections, every checksum fixed up so that only the field
 * check under test can refuse the file; and the edges of baking: names, the largest JPS+ side,
 * replacing a file that is open, progress.
 */
class StoreFormatEdgeCasesTest {
    @TempDir
    Path dir;

    private int counter;

    private Path file(byte[] bytes) {
        return StoreTestSupport.write(dir.resolve("edge-" + (counter++) + ".opstore"), bytes);
    }

    /** Recomputes a section's checksum in its entry (then the directory's). */
    private static void fixSection(byte[] b, int id) {
        long e = StoreTestSupport.entry(StoreTestSupport.entryOf(b, id));
        long offset = StoreTestSupport.u64(b, e + StoreLayout.ENTRY_OFFSET_OFFSET);
        long length = StoreTestSupport.u64(b, e + StoreLayout.ENTRY_LENGTH_OFFSET);
        StoreTestSupport.putU32(b, e + StoreLayout.ENTRY_CRC_OFFSET, StoreTestSupport.crc32c(b, offset, length));
        StoreTestSupport.fixDirectory(b);
    }

    private static long entryField(byte[] b, int id, long field) {
        return StoreTestSupport.entry(StoreTestSupport.entryOf(b, id)) + field;
    }

    private static long metaField(byte[] b, long field) {
        return StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_META) + field;
    }

    /** An edited copy of a sample, directory checksums fixed. */
    private Path edited(byte[] sample, Consumer<byte[]> edit) {
        byte[] b = sample.clone();
        edit.accept(b);
        StoreTestSupport.fixDirectory(b);
        return file(b);
    }

    private static <T extends StoreException> T refused(Class<T> type, Path file, Executable open, String text) {
        T e = assertThrows(type, open, text);
        StoreTestSupport.assertNamesFile(e, file);
        assertTrue(e.getMessage().contains(text), "expected \"" + text + "\" in: " + e.getMessage());
        return e;
    }

    private static Executable gridOpen(Path file) {
        return () -> GridStore.open(file).close();
    }

    private static Executable voxelOpen(Path file) {
        return () -> VoxelWorldStore.open(file).close();
    }

    // ---- header ----

    @Test
    void headerFieldsAreChecked() {
        byte[] g = StoreSamples.grid();
        Path flags = edited(g, b -> StoreTestSupport.putU32(b, StoreLayout.FLAGS_OFFSET, 1));
        refused(StoreTooNewException.class, flags, gridOpen(flags), "header flags are 0x00000001");

        Path kind = edited(g, b -> StoreTestSupport.putU32(b, StoreLayout.KIND_OFFSET, 3));
        refused(StoreTooNewException.class, kind, gridOpen(kind), "kind 3 is unknown");
        Path kind0 = edited(g, b -> StoreTestSupport.putU32(b, StoreLayout.KIND_OFFSET, 0));
        refused(StoreTooNewException.class, kind0, () -> StoreFile.open(kind0).close(), "kind 0 is unknown");

        Path tableOffset = edited(g, b -> StoreTestSupport.putU64(b, StoreLayout.TABLE_OFFSET_OFFSET, 128));
        refused(StoreCorruptException.class, tableOffset, gridOpen(tableOffset), "section table offset is 128");

        Path count0 = edited(g, b -> StoreTestSupport.putU32(b, StoreLayout.SECTION_COUNT_OFFSET, 0));
        refused(StoreCorruptException.class, count0, gridOpen(count0), "section count is 0");
        Path count65 = edited(g, b -> StoreTestSupport.putU32(b, StoreLayout.SECTION_COUNT_OFFSET, 65));
        refused(StoreCorruptException.class, count65, gridOpen(count65), "section count is 65");
        Path countHuge = edited(g, b -> StoreTestSupport.putU32(b, StoreLayout.SECTION_COUNT_OFFSET, -1));
        refused(StoreCorruptException.class, countHuge, gridOpen(countHuge), "section count is 4294967295");

        // a header file length past the end: truncated; short of the end: trailing bytes
        Path longer = edited(g, b -> StoreTestSupport.putU64(b, StoreLayout.FILE_LENGTH_OFFSET, b.length + 64L));
        refused(StoreTruncatedException.class, longer, gridOpen(longer), "the header says " + (g.length + 64));
        Path huge = edited(g, b -> StoreTestSupport.putU64(b, StoreLayout.FILE_LENGTH_OFFSET, -1L));
        refused(StoreTruncatedException.class, huge, gridOpen(huge), "the header says 18446744073709551615");
        Path shorter = edited(g, b -> StoreTestSupport.putU64(b, StoreLayout.FILE_LENGTH_OFFSET, b.length - 64L));
        refused(StoreCorruptException.class, shorter, gridOpen(shorter), "64 trailing bytes");

        // the footer's length must agree with the header's
        Path footerLength = edited(
                g,
                b -> StoreTestSupport.putU64(
                        b, b.length - StoreLayout.FOOTER_BYTES + StoreLayout.FOOTER_FILE_LENGTH_OFFSET, b.length + 1L));
        refused(StoreCorruptException.class, footerLength, gridOpen(footerLength), "footer file length");
        Path footerMagic = edited(g, b -> b[b.length - (int) StoreLayout.FOOTER_BYTES] = 'X');
        refused(StoreCorruptException.class, footerMagic, gridOpen(footerMagic), "footer magic");
    }

    /** A version with the top bit set is far newer than 1, not older. */
    @Test
    void versionWithTheTopBitSetIsTooNew() {
        for (byte[] sample : new byte[][] {StoreSamples.grid(), StoreSamples.voxel()}) {
            for (int version : new int[] {0x80000001, 0xFFFFFFFF, 0x80000000}) {
                Path f = edited(sample, b -> StoreTestSupport.putU32(b, StoreLayout.VERSION_OFFSET, version));
                refused(
                        StoreTooNewException.class,
                        f,
                        () -> StoreFile.open(f).close(),
                        "format version " + Integer.toUnsignedString(version));
            }
        }
    }

    /** The header's reserved bytes 40..59 are zero in version 1, as the section entries' reserved field is. */
    @Test
    void nonZeroHeaderReservedBytesAreRefused() {
        Path f = edited(StoreSamples.grid(), b -> b[(int) StoreLayout.HEADER_RESERVED_OFFSET + 3] = 1);
        refused(StoreCorruptException.class, f, gridOpen(f), "reserved");
    }

    // ---- section table ----

    @Test
    void sectionEntriesAreChecked() {
        byte[] g = StoreSamples.grid();
        long tableEnd = StoreTestSupport.tableEnd(g);

        Path flags = edited(
                g,
                b -> StoreTestSupport.putU32(
                        b, entryField(b, StoreLayout.SECTION_CELLS, StoreLayout.ENTRY_FLAGS_OFFSET), 2));
        refused(StoreTooNewException.class, flags, gridOpen(flags), "(cells) has flags 0x00000002");

        Path reserved = edited(
                g,
                b -> StoreTestSupport.putU32(
                        b, entryField(b, StoreLayout.SECTION_META, StoreLayout.ENTRY_RESERVED_OFFSET), 7));
        refused(StoreCorruptException.class, reserved, gridOpen(reserved), "reserved field is not zero");

        Path misaligned = edited(g, b -> {
            long at = entryField(b, StoreLayout.SECTION_CLEARANCE, StoreLayout.ENTRY_OFFSET_OFFSET);
            StoreTestSupport.putU64(b, at, StoreTestSupport.u64(b, at) + 8);
        });
        refused(StoreCorruptException.class, misaligned, gridOpen(misaligned), "expected a multiple of 64");

        Path inTable = edited(
                g,
                b -> StoreTestSupport.putU64(
                        b, entryField(b, StoreLayout.SECTION_META, StoreLayout.ENTRY_OFFSET_OFFSET), 64));
        refused(StoreCorruptException.class, inTable, gridOpen(inTable), "at or after " + tableEnd);

        Path past = edited(
                g,
                b -> StoreTestSupport.putU64(
                        b,
                        entryField(b, StoreLayout.SECTION_JPS_PLUS, StoreLayout.ENTRY_LENGTH_OFFSET),
                        StoreTestSupport.u64(
                                        b, entryField(b, StoreLayout.SECTION_JPS_PLUS, StoreLayout.ENTRY_LENGTH_OFFSET))
                                + 4096));
        refused(StoreCorruptException.class, past, gridOpen(past), "running past the footer");

        Path negative = edited(
                g,
                b -> StoreTestSupport.putU64(
                        b, entryField(b, StoreLayout.SECTION_CELLS, StoreLayout.ENTRY_LENGTH_OFFSET), -1L));
        refused(StoreCorruptException.class, negative, gridOpen(negative), "running past the footer");

        Path overflow = edited(
                g,
                b -> StoreTestSupport.putU64(
                        b,
                        entryField(b, StoreLayout.SECTION_CELLS, StoreLayout.ENTRY_OFFSET_OFFSET),
                        Long.MAX_VALUE & -64L));
        refused(StoreCorruptException.class, overflow, gridOpen(overflow), "running past the footer");

        Path duplicate = edited(
                g,
                b -> StoreTestSupport.putU32(
                        b,
                        entryField(b, StoreLayout.SECTION_CLEARANCE, StoreLayout.ENTRY_ID_OFFSET),
                        StoreLayout.SECTION_CELLS));
        refused(StoreCorruptException.class, duplicate, gridOpen(duplicate), "repeats section id 2");

        Path overlap = edited(
                g,
                b -> StoreTestSupport.putU64(
                        b,
                        entryField(b, StoreLayout.SECTION_CLEARANCE, StoreLayout.ENTRY_OFFSET_OFFSET),
                        StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_CELLS)));
        refused(StoreCorruptException.class, overlap, gridOpen(overlap), "overlap");
    }

    @Test
    void requiredSectionsAndTheirLengthsAreChecked() throws IOException {
        byte[] g = StoreSamples.grid();
        Path noCells = edited(
                g,
                b -> StoreTestSupport.putU32(
                        b, entryField(b, StoreLayout.SECTION_CELLS, StoreLayout.ENTRY_ID_OFFSET), 99));
        StoreFile.open(noCells).close(); // the directory itself is sound
        refused(StoreCorruptException.class, noCells, gridOpen(noCells), "has no cells section (id 2)");

        Path noMeta = edited(
                g,
                b -> StoreTestSupport.putU32(
                        b, entryField(b, StoreLayout.SECTION_META, StoreLayout.ENTRY_ID_OFFSET), 98));
        refused(StoreCorruptException.class, noMeta, gridOpen(noMeta), "has no meta section");

        Path shortCells = edited(
                g,
                b -> StoreTestSupport.putU64(
                        b,
                        entryField(b, StoreLayout.SECTION_CELLS, StoreLayout.ENTRY_LENGTH_OFFSET),
                        StoreTestSupport.sectionLength(b, StoreLayout.SECTION_CELLS) - 1));
        refused(
                StoreCorruptException.class,
                shortCells,
                gridOpen(shortCells),
                "cells section length is " + (StoreSamples.GRID_W * StoreSamples.GRID_H - 1) + " bytes, expected "
                        + StoreSamples.GRID_W * StoreSamples.GRID_H);

        Path shortJps = edited(
                g,
                b -> StoreTestSupport.putU64(
                        b,
                        entryField(b, StoreLayout.SECTION_JPS_PLUS, StoreLayout.ENTRY_LENGTH_OFFSET),
                        StoreTestSupport.sectionLength(b, StoreLayout.SECTION_JPS_PLUS) - 2));
        refused(StoreCorruptException.class, shortJps, gridOpen(shortJps), "JPS+ table section length");

        byte[] v = StoreSamples.voxel();
        Path noChunks = edited(
                v,
                b -> StoreTestSupport.putU32(
                        b, entryField(b, StoreLayout.SECTION_CHUNKS, StoreLayout.ENTRY_ID_OFFSET), 97));
        refused(StoreCorruptException.class, noChunks, voxelOpen(noChunks), "has no chunks section");
        Path noTable = edited(
                v,
                b -> StoreTestSupport.putU32(
                        b, entryField(b, StoreLayout.SECTION_CHUNK_TABLE, StoreLayout.ENTRY_ID_OFFSET), 96));
        refused(StoreCorruptException.class, noTable, voxelOpen(noTable), "has no chunk table section");
    }

    /** A store baked before the neighbour-byte section existed opens, and the grid computes the bytes itself. */
    @Test
    void aStoreWithoutNeighbourBytesOpensAndComputesThem() throws IOException {
        Path baked = file(StoreSamples.grid());
        Path older = dir.resolve("older.opstore");
        try (StoreFile f = StoreFile.open(baked)) {
            List<StoreWriter.Section> sections = new ArrayList<>();
            for (StoreFile.Section s : f.sections()) {
                if (s.id() != StoreLayout.SECTION_OCTILE_NEIGHBOURS) {
                    sections.add(
                            new StoreWriter.Section(s.id(), f.body(s), s.hasFingerprint() ? s.fingerprint() : null));
                }
            }
            StoreWriter.write(older, StoreLayout.KIND_GRID, sections, StoreProgress.NONE);
        }
        try (GridStore s = GridStore.open(older);
                Grid g = StoreSamples.sampleGrid(1)) {
            assertNull(s.file().section(StoreLayout.SECTION_OCTILE_NEIGHBOURS));
            StoreTestSupport.assertSameTables(g, s.grid(), "without the neighbour-byte section");
            s.verify(StoreProgress.NONE);
        }
    }

    /** Section ids a kind does not use are ignored, so a later minor addition does not break older readers. */
    @Test
    void unknownSectionsAreIgnored() throws IOException {
        Path baked = file(StoreSamples.grid());
        Path extended = dir.resolve("extended.opstore");
        try (StoreFile f = StoreFile.open(baked)) {
            List<StoreWriter.Section> sections = new ArrayList<>();
            sections.add(new StoreWriter.Section(
                    99, java.lang.foreign.MemorySegment.ofArray(new byte[] {1, 2, 3, 4, 5}), null));
            for (StoreFile.Section s : f.sections()) {
                sections.add(new StoreWriter.Section(s.id(), f.body(s), s.hasFingerprint() ? s.fingerprint() : null));
            }
            StoreWriter.write(extended, StoreLayout.KIND_GRID, sections, StoreProgress.NONE);
        }
        try (GridStore s = GridStore.open(extended);
                Grid g = StoreSamples.sampleGrid(1)) {
            assertEquals(7, s.file().sections().size(), "six known sections and the unknown one");
            assertEquals(5, s.file().section(99).length());
            assertEquals("unknown section 99", s.file().section(99).name());
            StoreTestSupport.assertSameTables(g, s.grid(), "with an unknown section");
            s.verify(StoreProgress.NONE);
        }
    }

    // ---- meta and chunk table contents ----

    /** An edit of a small section, its checksum fixed so the content check has to catch it. */
    private Path sectionEdited(byte[] sample, int id, Consumer<byte[]> edit) {
        byte[] b = sample.clone();
        edit.accept(b);
        fixSection(b, id);
        return file(b);
    }

    @Test
    void gridMetaIsChecked() {
        byte[] g = StoreSamples.grid();
        int meta = StoreLayout.SECTION_META;
        Path width = sectionEdited(
                g,
                meta,
                b -> StoreTestSupport.putU32(b, metaField(b, StoreLayout.GRID_WIDTH_OFFSET), StoreSamples.GRID_W + 1));
        refused(
                StoreCorruptException.class,
                width,
                gridOpen(width),
                "cells section length is " + StoreSamples.GRID_W * StoreSamples.GRID_H);
        Path zero = sectionEdited(
                g, meta, b -> StoreTestSupport.putU32(b, metaField(b, StoreLayout.GRID_HEIGHT_OFFSET), 0));
        refused(StoreCorruptException.class, zero, gridOpen(zero), "meta width x height is 23 x 0");
        Path negative = sectionEdited(
                g, meta, b -> StoreTestSupport.putU32(b, metaField(b, StoreLayout.GRID_WIDTH_OFFSET), -5));
        refused(StoreCorruptException.class, negative, gridOpen(negative), "meta width x height is 4294967291 x 17");
        Path big = sectionEdited(g, meta, b -> {
            StoreTestSupport.putU32(b, metaField(b, StoreLayout.GRID_WIDTH_OFFSET), 1 << 15);
            StoreTestSupport.putU32(b, metaField(b, StoreLayout.GRID_HEIGHT_OFFSET), 1 << 14);
        });
        refused(StoreCorruptException.class, big, gridOpen(big), "meta width x height is 32768 x 16384");
        Path nameLength = sectionEdited(
                g, meta, b -> StoreTestSupport.putU32(b, metaField(b, StoreLayout.GRID_NAME_LENGTH_OFFSET), 3));
        refused(StoreCorruptException.class, nameLength, gridOpen(nameLength), "meta name length is 3");
        Path utf8 = sectionEdited(g, meta, b -> b[(int) metaField(b, StoreLayout.GRID_NAME_OFFSET) + 1] = (byte) 0xFF);
        refused(StoreCorruptException.class, utf8, gridOpen(utf8), "meta name is not valid UTF-8");
    }

    @Test
    void voxelMetaAndChunkTableAreChecked() throws IOException {
        byte[] v = StoreSamples.voxel();
        int meta = StoreLayout.SECTION_META;
        int stored;
        int slots;
        try (VoxelWorldStore s = VoxelWorldStore.open(file(v))) {
            stored = s.grid().storedChunkCount();
            slots = s.grid().chunksX() * s.grid().chunksY() * s.grid().chunksZ();
        }
        int metaStored = StoreTestSupport.u32(v, metaField(v, StoreLayout.WORLD_STORED_CHUNKS_OFFSET));
        int metaUniform = StoreTestSupport.u32(v, metaField(v, StoreLayout.WORLD_UNIFORM_CHUNKS_OFFSET));
        assertEquals(1, metaUniform, "the sample has one uniform chunk");
        assertEquals(stored, metaStored + metaUniform, "stored chunks of the reopened grid");
        assertEquals(
                metaStored * VoxelChunkLayout.CHUNK_BYTES,
                StoreTestSupport.sectionLength(v, StoreLayout.SECTION_CHUNKS));

        Path area = sectionEdited(
                v, meta, b -> StoreTestSupport.putU32(b, metaField(b, StoreLayout.WORLD_DEFAULT_AREA_OFFSET), 256));
        refused(StoreCorruptException.class, area, voxelOpen(area), "meta default area is 256");
        Path size = sectionEdited(
                v, meta, b -> StoreTestSupport.putU32(b, metaField(b, StoreLayout.WORLD_SIZE_Y_OFFSET), 0));
        refused(StoreCorruptException.class, size, voxelOpen(size), "meta size");
        Path huge = sectionEdited(
                v, meta, b -> StoreTestSupport.putU32(b, metaField(b, StoreLayout.WORLD_SIZE_X_OFFSET), 1 << 30));
        refused(StoreCorruptException.class, huge, voxelOpen(huge), "meta size");
        Path tooMany = sectionEdited(
                v,
                meta,
                b -> StoreTestSupport.putU32(b, metaField(b, StoreLayout.WORLD_STORED_CHUNKS_OFFSET), slots + 1));
        refused(StoreCorruptException.class, tooMany, voxelOpen(tooMany), "meta stored chunk count is " + (slots + 1));
        Path fewer = sectionEdited(
                v,
                meta,
                b -> StoreTestSupport.putU32(b, metaField(b, StoreLayout.WORLD_STORED_CHUNKS_OFFSET), metaStored - 1));
        refused(StoreCorruptException.class, fewer, voxelOpen(fewer), "chunks section length");
        Path sizeX = sectionEdited(
                v,
                meta,
                b -> StoreTestSupport.putU32(
                        b, metaField(b, StoreLayout.WORLD_SIZE_X_OFFSET), StoreSamples.WORLD_X + 16));
        refused(StoreCorruptException.class, sizeX, voxelOpen(sizeX), "chunk table section length");

        int table = StoreLayout.SECTION_CHUNK_TABLE;
        long tableAt = StoreTestSupport.sectionOffset(v, table);
        int uniformBase = VoxelChunkLayout.uniformBase(metaStored);
        Path gap = sectionEdited(v, table, b -> StoreTestSupport.putU32(b, tableAt, metaStored + 1));
        refused(StoreCorruptException.class, gap, voxelOpen(gap), "chunk table slot 0 holds " + (metaStored + 1));
        Path pastUniform = sectionEdited(v, table, b -> StoreTestSupport.putU32(b, tableAt + 4, uniformBase + 257));
        refused(
                StoreCorruptException.class,
                pastUniform,
                voxelOpen(pastUniform),
                "chunk table slot 1 holds " + (uniformBase + 257));
        Path negativeRef = sectionEdited(v, table, b -> StoreTestSupport.putU32(b, tableAt + 8, -3));
        refused(StoreCorruptException.class, negativeRef, voxelOpen(negativeRef), "chunk table slot 2 holds -3");

        // a slot pointed at another stored chunk, or at a uniform area, is a valid (different) world
        Path other = sectionEdited(v, table, b -> StoreTestSupport.putU32(b, tableAt, uniformBase + 1 + 9));
        try (VoxelWorldStore s = VoxelWorldStore.open(other)) {
            assertEquals(9, s.grid().area(0, 0, 0));
            assertEquals(9, s.grid().area(15, 15, 15));
        }
    }

    // ---- baking edges ----

    @Test
    void namesRoundTripUpToTheLimit() throws IOException {
        try (Grid g = Grid.create(3, 2)) {
            String[] names = {
                "", "map-ä-日本.map", "x".repeat(StoreLayout.MAX_NAME_BYTES), "é".repeat(StoreLayout.MAX_NAME_BYTES / 2)
            };
            for (String name : names) {
                Path f = dir.resolve("name-" + (counter++) + ".opstore");
                GridStore.bake(g, name, f);
                try (GridStore s = GridStore.open(f)) {
                    assertEquals(name, s.name());
                }
            }
            Path f = dir.resolve("too-long.opstore");
            assertThrows(
                    IllegalArgumentException.class,
                    () -> GridStore.bake(g, "x".repeat(StoreLayout.MAX_NAME_BYTES + 1), f));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> GridStore.bake(g, "é".repeat(StoreLayout.MAX_NAME_BYTES / 2 + 1), f));
            assertThrows(NullPointerException.class, () -> GridStore.bake(g, null, f));
            assertFalse(Files.exists(f));
        }
        try (org.onepath.VoxelGrid w = org.onepath.VoxelGrid.create(2, 2, 2)) {
            Path f = dir.resolve("world-name.opstore");
            VoxelWorldStore.write(w, "welt-ü.3dmap", f);
            try (VoxelWorldStore s = VoxelWorldStore.open(f)) {
                assertEquals("welt-ü.3dmap", s.name());
            }
            assertThrows(
                    IllegalArgumentException.class,
                    () -> VoxelWorldStore.write(w, "y".repeat(1025), dir.resolve("w2.opstore")));
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertTrue(
                    files.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")),
                    "a refused bake left a temporary file");
        }
    }

    @Test
    void bakeIntoAMissingFolderOrOntoAFolderFails() throws IOException {
        try (Grid g = Grid.create(4, 4)) {
            assertThrows(
                    NoSuchFileException.class, () -> GridStore.bake(g, "m", dir.resolve("no/such/folder/x.opstore")));
            Path folder = Files.createDirectory(dir.resolve("folder.opstore"));
            assertThrows(FileSystemException.class, () -> GridStore.bake(g, "m", folder));
            assertTrue(Files.isDirectory(folder));
        }
    }

    /** Sides above the JPS+ limit: no JPS+ section; JPS+ queries run JPS and still match. */
    @Test
    void gridWiderThanTheJpsPlusLimitIsBakedWithoutTheTable() throws IOException {
        int w = 32767;
        int h = 3;
        try (Grid g = Grid.create(w, h)) {
            Random rnd = new Random(9);
            for (int i = 0; i < 4000; i++) {
                g.setWalkable(rnd.nextInt(w), rnd.nextInt(h), false);
            }
            g.setWalkable(0, 1, true);
            g.setWalkable(w - 1, 1, true);
            Path f = dir.resolve("wide.opstore");
            GridStore.bake(g, "wide", f);
            try (GridStore s = GridStore.open(f)) {
                assertNull(s.file().section(StoreLayout.SECTION_JPS_PLUS));
                assertEquals(5, s.file().sections().size(), "meta, cells, clearance, block map, neighbour bytes");
                assertNull(s.grid().tables().jpsPlus());
                List<Cell[]> pairs = new ArrayList<>();
                pairs.add(new Cell[] {new Cell(0, 1), new Cell(w - 1, 1)});
                pairs.add(new Cell[] {new Cell(100, 0), new Cell(2000, 2)});
                for (Cell[] p : pairs) {
                    for (GridAlgorithm a : GridAlgorithm.values()) {
                        GridOptions o = GridOptions.builder().algorithm(a).build();
                        StoreTestSupport.assertSameAnswer(
                                g.findPath(p[0], p[1], o), s.grid().findPath(p[0], p[1], o), a + " " + p[0]);
                    }
                }
                StoreTestSupport.assertSameTables(g, s.grid(), "wide");
                s.verify(StoreProgress.NONE);
            }
        }
    }

    /** Baking over a store that is open replaces the file; the open store keeps the file it mapped. */
    @Test
    void bakeOverAnOpenStoreLeavesItsReaderOnTheOldFile() throws IOException {
        Path f = dir.resolve("replaced.opstore");
        try (Grid first = StoreSamples.sampleGrid(1);
                Grid second = StoreSamples.sampleGrid(2)) {
            GridStore.bake(first, "first", f);
            try (GridStore old = GridStore.open(f)) {
                Cell a = new Cell(0, 0);
                Cell b = new Cell(StoreSamples.GRID_W - 1, StoreSamples.GRID_H - 1);
                GridStore.bake(second, "second", f);
                StoreTestSupport.assertSameTables(first, old.grid(), "old reader");
                GridOptions o =
                        GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build();
                StoreTestSupport.assertSameAnswer(
                        first.findPath(a, b, o), old.grid().findPath(a, b, o), "old reader");
                old.file().verify(StoreProgress.NONE);
                assertEquals("first", old.name());
                try (GridStore fresh = GridStore.open(f)) {
                    assertEquals("second", fresh.name());
                    StoreTestSupport.assertSameTables(second, fresh.grid(), "new reader");
                }
            }
        }
    }

    /** The format is deterministic: a store's grid or world written again under its name gives the same bytes. */
    @Test
    void writingAnOpenedStoreAgainGivesTheSameBytes() throws IOException {
        Path a = dir.resolve("a.opstore");
        Path b = dir.resolve("b.opstore");
        Path c = dir.resolve("c.opstore");
        try (Grid g = StoreSamples.sampleGrid(3)) {
            GridStore.bake(g, "same", a);
            GridStore.bake(g, "same", b);
        }
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), "two bakes of one grid differ");
        try (GridStore s = GridStore.open(a)) {
            GridStore.bake(s.grid(), s.name(), c);
        }
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(c), "a store's grid baked again differs");

        Path wa = dir.resolve("wa.opstore");
        Path wb = dir.resolve("wb.opstore");
        try (org.onepath.VoxelGrid w = StoreSamples.sampleWorld()) {
            VoxelWorldStore.write(w, "world", wa);
        }
        try (VoxelWorldStore s = VoxelWorldStore.open(wa)) {
            VoxelWorldStore.write(s.grid(), s.name(), wb);
        }
        assertArrayEquals(Files.readAllBytes(wa), Files.readAllBytes(wb), "a store's world written again differs");
    }

    @Test
    void progressIsReported() throws IOException {
        Path f = dir.resolve("progress.opstore");
        List<String> phases = new ArrayList<>();
        long[] last = new long[2];
        StoreProgress progress = (phase, done, total) -> {
            if (phases.isEmpty() || !phases.getLast().equals(phase)) {
                phases.add(phase);
            }
            assertTrue(done >= 0 && (total == 0 || done <= total), phase + " " + done + "/" + total);
            last[0] = done;
            last[1] = total;
        };
        try (Grid g = StoreSamples.sampleGrid(4)) {
            GridStore.bake(g, "p", f, progress);
            assertEquals(List.of("deriving tables", "writing"), phases);
            assertEquals(last[1], last[0], "writing ends at its total");
            long sections = 0;
            try (StoreFile sf = StoreFile.open(f)) {
                for (StoreFile.Section s : sf.sections()) {
                    sections += s.length();
                }
            }
            assertEquals(sections, last[1]);
            phases.clear();
            GridStore.verify(f, progress);
            assertEquals(List.of("verifying"), phases);
            assertEquals(sections, last[0]);
        }
    }

    @Test
    void closedStoreIsClosedOnce() throws IOException {
        Path f = dir.resolve("close.opstore");
        try (Grid g = StoreSamples.sampleGrid(6)) {
            GridStore.bake(g, "c", f);
        }
        GridStore s = GridStore.open(f);
        Grid grid = s.grid();
        s.close();
        s.close();
        assertThrows(IllegalStateException.class, () -> grid.findPath(new Cell(0, 0), new Cell(1, 1)));
        assertTrue(s.toString().contains(f.toString()));
    }
}
