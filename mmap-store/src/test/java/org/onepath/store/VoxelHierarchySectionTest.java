package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.VoxelGrid;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;
import org.onepath.layout.VoxelHierarchyLayout;

/**
 * The voxel hierarchy section of a world store (id 18, {@code docs/formats/store-v1.md}): written
 * as a fresh build over the store's chunks exports it, read back in place with equal tables and
 * equal answers, and refused at open, naming the file, the section and the field, when its
 * version, checksum, header, fingerprint or tables do not fit the store.
 */
class VoxelHierarchySectionTest {
    private static final HierarchyOptions SIX_ALLOW_ALL =
            new HierarchyOptions(VoxelConnectivity.SIX, VoxelCornerRule.ALLOW_ALL, 1);
    private static final HierarchyOptions EIGHTEEN_NO_SQUEEZING =
            new HierarchyOptions(VoxelConnectivity.EIGHTEEN, VoxelCornerRule.NO_SQUEEZING, 5);

    @TempDir
    Path dir;

    private Path bakeSample(String name) throws IOException {
        return StoreTestSupport.write(dir.resolve(name), HierarchyWorlds.sample());
    }

    /** A fresh build over the open store's own chunk table and area costs, for these options. */
    private static VoxelHierarchy freshBuild(VoxelWorldStore store, HierarchyOptions o) {
        return new VoxelHierarchy(
                store.hierarchy().chunks(), store.grid().areas(), o.connectivity(), o.cornerRule(), o.faceSamples());
    }

    @Test
    void theSectionIsAFreshBuildOfTheStoredChunksReadInPlace() throws IOException {
        for (HierarchyOptions o : List.of(HierarchyOptions.DEFAULT, SIX_ALLOW_ALL, EIGHTEEN_NO_SQUEEZING)) {
            Path file;
            try (VoxelGrid w = HierarchyWorlds.world(1)) {
                file = HierarchyWorlds.bake(w, o, dir.resolve("round-" + o.connectivity() + ".opstore"));
            }
            byte[] bytes = StoreTestSupport.read(file);
            try (VoxelWorldStore store = VoxelWorldStore.open(file);
                    VoxelHierarchy fresh = freshBuild(store, o)) {
                assertEquals(o, store.hierarchyOptions());
                VoxelHierarchy read = store.hierarchy();
                assertNotNull(read);
                assertEquals(o.connectivity(), read.connectivity());
                assertEquals(o.cornerRule(), read.cornerRule());
                assertEquals(o.faceSamples(), read.faceSamples());
                assertTrue(fresh.contentEquals(read), o + ": the read tables equal a fresh build's");

                // The section is the header followed by the fresh build's canonical export.
                int slots = store.grid().chunksX()
                        * store.grid().chunksY()
                        * store.grid().chunksZ();
                long at = StoreTestSupport.sectionOffset(bytes, StoreLayout.SECTION_VOXEL_HIERARCHY);
                long length = StoreTestSupport.sectionLength(bytes, StoreLayout.SECTION_VOXEL_HIERARCHY);
                assertEquals(VoxelHierarchySectionLayout.byteSize(slots, fresh.blockBytes()), length);
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment directory = arena.allocate(fresh.directoryBytes(), 8);
                    MemorySegment blocks = arena.allocate(Math.max(8, fresh.blockBytes()), 8);
                    fresh.exportTables(directory, blocks);
                    assertArrayEquals(
                            StoreTestSupport.bytes(directory),
                            Arrays.copyOfRange(bytes, (int) (at + VoxelHierarchySectionLayout.HEADER_BYTES), (int)
                                    (at + VoxelHierarchySectionLayout.HEADER_BYTES + fresh.directoryBytes())),
                            o + ": directory");
                    long blocksAt = at + VoxelHierarchySectionLayout.blocksOffset(slots);
                    assertArrayEquals(
                            StoreTestSupport.bytes(blocks.asSlice(0, fresh.blockBytes())),
                            Arrays.copyOfRange(bytes, (int) blocksAt, (int) (blocksAt + fresh.blockBytes())),
                            o + ": blocks");
                }
                HierarchyWorlds.assertSameAnswers(
                        fresh, read, HierarchyWorlds.openPairs(store.grid(), 7, 30), o.toString());
            }
        }
    }

    @Test
    void sameWorldSameOptionsSameBytes() throws IOException {
        try (VoxelGrid w = HierarchyWorlds.world(1)) {
            assertArrayEquals(
                    HierarchyWorlds.sample(),
                    Files.readAllBytes(HierarchyWorlds.bake(w, HierarchyOptions.DEFAULT, dir.resolve("again"))),
                    "two bakes of one world are byte-identical");
        }
    }

    @Test
    void aWorldWrittenWithoutAHierarchyHasNoSectionAndFingerprintsItsChunks() throws IOException {
        Path file = dir.resolve("plain.opstore");
        try (VoxelGrid w = HierarchyWorlds.world(1)) {
            VoxelWorldStore.write(w, "plain.3dmap", file);
        }
        try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
            assertNull(store.hierarchyOptions());
            assertNull(store.hierarchy());
            StoreFile f = store.file();
            assertNull(f.section(StoreLayout.SECTION_VOXEL_HIERARCHY));
            for (int id : new int[] {StoreLayout.SECTION_CHUNK_TABLE, StoreLayout.SECTION_CHUNKS}) {
                StoreFile.Section s = f.section(id);
                assertArrayEquals(Fingerprints.content(f.body(s)), s.fingerprint(), s.name() + " fingerprint");
            }
            assertFalse(f.section(StoreLayout.SECTION_META).hasFingerprint());
        }
        VoxelWorldStore.verify(file, StoreProgress.NONE);
    }

    @Test
    void hierarchyOptionsAreCheckedAsTheHierarchyChecksThem() {
        IllegalArgumentException samples = assertThrows(
                IllegalArgumentException.class,
                () -> new HierarchyOptions(VoxelConnectivity.SIX, VoxelCornerRule.NO_CORNER_CUTTING, 17));
        assertTrue(samples.getMessage().contains("face samples 17 is outside 1..16"), samples.getMessage());
        IllegalArgumentException rule = assertThrows(
                IllegalArgumentException.class,
                () -> new HierarchyOptions(VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.ALLOW_ALL, 3));
        assertTrue(rule.getMessage().contains("26 moves with ALLOW_ALL"), rule.getMessage());
        assertEquals("26 moves, NO_CORNER_CUTTING, 3 face samples", HierarchyOptions.DEFAULT.toString());
    }

    // ---- refusals ----

    /** Opens a changed copy of a store and returns what it throws, checking it names the file and the section. */
    private <E extends StoreException> E refused(Class<E> type, Path file) {
        E e = assertThrows(type, () -> VoxelWorldStore.open(file).close(), file.toString());
        StoreTestSupport.assertNamesFile(e, file);
        return e;
    }

    private static void assertNamesSection(StoreException e) {
        assertTrue(e.getMessage().contains("voxel hierarchy section (id 18)"), e.getMessage());
    }

    /** A copy of the sample store with a field of the section set to a value and its checksum fixed. */
    private Path withSectionField(byte[] sample, long fieldOffset, long value, boolean wide, String name) {
        byte[] b = sample.clone();
        long at = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        if (wide) {
            StoreTestSupport.putU64(b, at + fieldOffset, value);
        } else {
            StoreTestSupport.putU32(b, at + fieldOffset, (int) value);
        }
        fixSectionCrc(b);
        return StoreTestSupport.write(dir.resolve(name), b);
    }

    private static void fixSectionCrc(byte[] b) {
        int entry = StoreTestSupport.entryOf(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        long at = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        long length = StoreTestSupport.sectionLength(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        StoreTestSupport.putU32(
                b,
                StoreTestSupport.entry(entry) + StoreLayout.ENTRY_CRC_OFFSET,
                StoreTestSupport.crc32c(b, at, length));
        StoreTestSupport.fixDirectory(b);
    }

    @Test
    void aChangedByteOfTheSectionIsRefusedByItsChecksum() throws IOException {
        byte[] b = StoreTestSupport.read(bakeSample("sample.opstore"));
        long at = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        long length = StoreTestSupport.sectionLength(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        // the last intra cost of the last stored chunk: read by no check but the checksum
        b[(int) (at + length - 1)] ^= 0x10;
        Path file = StoreTestSupport.write(dir.resolve("flipped.opstore"), b);
        StoreCorruptException e = refused(StoreCorruptException.class, file);
        assertTrue(e.getMessage().contains("voxel hierarchy section checksum"), e.getMessage());
    }

    @Test
    void versionsOtherThanTheEnginesAreTooOldOrTooNew() throws IOException {
        byte[] sample = StoreTestSupport.read(bakeSample("sample.opstore"));
        int current = VoxelHierarchyLayout.DERIVATION_VERSION;
        Path older = withSectionField(sample, VoxelHierarchySectionLayout.VERSION_OFFSET, current - 1, false, "old");
        StoreTooOldException old = refused(StoreTooOldException.class, older);
        assertNamesSection(old);
        assertTrue(old.getMessage().contains("version is " + (current - 1) + ", older than version " + current));
        assertTrue(old.getMessage().contains("onepath bake MAP --hierarchy"), old.getMessage());

        // Checked before the checksum: a newer writer's section is reported as newer, whatever its layout.
        byte[] b = sample.clone();
        long at = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        StoreTestSupport.putU32(b, at + VoxelHierarchySectionLayout.VERSION_OFFSET, current + 1);
        StoreTooNewException newer = refused(StoreTooNewException.class, StoreTestSupport.write(dir.resolve("new"), b));
        assertNamesSection(newer);
        assertTrue(newer.getMessage().contains("version is " + (current + 1) + ", newer than version " + current));
        StoreTestSupport.putU32(b, at + VoxelHierarchySectionLayout.VERSION_OFFSET, 0x8000_0000);
        assertNamesSection(refused(StoreTooNewException.class, StoreTestSupport.write(dir.resolve("high"), b)));
    }

    @Test
    void eachHeaderFieldOutOfPlaceIsRefusedNamingIt() throws IOException {
        byte[] sample = StoreTestSupport.read(bakeSample("sample.opstore"));
        long length = StoreTestSupport.sectionLength(sample, StoreLayout.SECTION_VOXEL_HIERARCHY);
        int slots = 3 * 3 * 2;
        long blocksAt = VoxelHierarchySectionLayout.blocksOffset(slots);
        Object[][] cases = {
            {VoxelHierarchySectionLayout.MOVES_OFFSET, 7L, false, "moves is 7, expected 6, 18 or 26"},
            {VoxelHierarchySectionLayout.CORNER_RULE_OFFSET, 3L, false, "corner rule is 3, expected 0"},
            {VoxelHierarchySectionLayout.FACE_SAMPLES_OFFSET, 0L, false, "face samples 0 is outside 1..16"},
            {VoxelHierarchySectionLayout.FACE_SAMPLES_OFFSET, 17L, false, "face samples 17 is outside 1..16"},
            {VoxelHierarchySectionLayout.SLOTS_OFFSET, slots + 1L, false, "slots is 19, expected 18"},
            {VoxelHierarchySectionLayout.RESERVED_OFFSET, 1L, false, "reserved field is 1, expected 0"},
            {VoxelHierarchySectionLayout.DIRECTORY_OFFSET_OFFSET, 128L, true, "directory offset is 128, expected 64"},
            {
                VoxelHierarchySectionLayout.DIRECTORY_LENGTH_OFFSET,
                slots * 56L - 56,
                true,
                "directory length is " + (slots * 56 - 56) + ", expected " + slots * 56
            },
            {
                VoxelHierarchySectionLayout.BLOCKS_OFFSET_OFFSET,
                blocksAt + 64,
                true,
                "blocks offset is " + (blocksAt + 64) + ", expected " + blocksAt
            },
            {
                VoxelHierarchySectionLayout.BLOCKS_LENGTH_OFFSET,
                length - blocksAt + 8,
                true,
                "blocks length is " + (length - blocksAt + 8) + ", expected " + (length - blocksAt)
            },
            {VoxelHierarchySectionLayout.RESERVED_TAIL_OFFSET, -1L, true, "reserved tail is 18446744073709551615"},
        };
        for (Object[] c : cases) {
            Path file =
                    withSectionField(sample, (Long) c[0], (Long) c[1], (Boolean) c[2], "field-" + c[0] + "-" + c[1]);
            StoreCorruptException e = refused(StoreCorruptException.class, file);
            assertNamesSection(e);
            assertTrue(e.getMessage().contains((String) c[3]), c[3] + " in: " + e.getMessage());
        }
        // The combination the hierarchy refuses, each value valid alone.
        Path allowAll = withSectionField(
                sample, VoxelHierarchySectionLayout.CORNER_RULE_OFFSET, VoxelCornerRule.ALLOW_ALL.code(), false, "aa");
        StoreCorruptException e = refused(StoreCorruptException.class, allowAll);
        assertTrue(e.getMessage().contains("26 moves with ALLOW_ALL"), e.getMessage());
    }

    @Test
    void aNonZeroPaddingByteBeforeTheBlocksIsRefused() throws IOException {
        byte[] sample = StoreTestSupport.read(bakeSample("sample.opstore"));
        long directoryEnd = VoxelHierarchySectionLayout.HEADER_BYTES + VoxelHierarchySectionLayout.directoryBytes(18);
        assertTrue(directoryEnd < VoxelHierarchySectionLayout.blocksOffset(18), "the sample has padding");
        Path file = withSectionField(sample, directoryEnd, 1, false, "padding");
        StoreCorruptException e = refused(StoreCorruptException.class, file);
        assertTrue(e.getMessage().contains("padding byte at section offset " + directoryEnd), e.getMessage());
    }

    @Test
    void aCutSectionIsRefusedNamingItsLength() throws IOException {
        byte[] sample = StoreTestSupport.read(bakeSample("sample.opstore"));
        long length = StoreTestSupport.sectionLength(sample, StoreLayout.SECTION_VOXEL_HIERARCHY);
        long blocksAt = VoxelHierarchySectionLayout.blocksOffset(18);
        long[] cuts = {8, 1, length - blocksAt + 8, length - 40};
        String[] says = {
            "blocks length is " + (length - blocksAt) + ", expected " + (length - blocksAt - 8),
            "expected the blocks at offset " + blocksAt + " and a multiple of 8 bytes",
            "expected the blocks at offset " + blocksAt,
            "length is 40 bytes, expected at least the 64-byte header"
        };
        for (int i = 0; i < cuts.length; i++) {
            byte[] b = sample.clone();
            int entry = StoreTestSupport.entryOf(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
            StoreTestSupport.putU64(
                    b, StoreTestSupport.entry(entry) + StoreLayout.ENTRY_LENGTH_OFFSET, length - cuts[i]);
            fixSectionCrc(b);
            StoreCorruptException e =
                    refused(StoreCorruptException.class, StoreTestSupport.write(dir.resolve("cut-" + i), b));
            assertNamesSection(e);
            assertTrue(e.getMessage().contains(says[i]), says[i] + " in: " + e.getMessage());
        }
    }

    @Test
    void aDirectoryRecordThatDoesNotFitTheChunksIsRefusedNamingTheChunkAndField() throws IOException {
        byte[] sample = StoreTestSupport.read(bakeSample("sample.opstore"));
        // slot 3 is chunk (0, 1, 0): the uniform solid chunk, kind 0
        long record = VoxelHierarchySectionLayout.HEADER_BYTES + VoxelHierarchyLayout.directoryOffset(3);
        Path kind = withSectionField(sample, record + VoxelHierarchyLayout.KIND_OFFSET, 1, false, "kind");
        StoreCorruptException e = refused(StoreCorruptException.class, kind);
        assertNamesSection(e);
        assertTrue(e.getMessage().contains("does not fit the world's chunks"), e.getMessage());
        assertTrue(e.getMessage().contains("hierarchy chunk 3: kind 1 is not the chunk's kind 0"), e.getMessage());
        // slot 0 is chunk (0, 0, 0): the uniform open chunk of area 4
        long open = VoxelHierarchySectionLayout.HEADER_BYTES + VoxelHierarchyLayout.directoryOffset(0);
        Path area = withSectionField(sample, open + VoxelHierarchyLayout.AREA_OFFSET, 5, false, "area");
        e = refused(StoreCorruptException.class, area);
        assertTrue(e.getMessage().contains("hierarchy chunk 0: area 5 is not the chunk's 4"), e.getMessage());
    }

    /** The sample store rewritten section by section, the hierarchy section's bytes and fingerprint changed. */
    private Path rewritten(
            Path from, String name, UnaryOperator<MemorySegment> hierarchyBody, UnaryOperator<byte[]> printOf)
            throws IOException {
        Path out = dir.resolve(name);
        try (StoreFile f = StoreFile.open(from)) {
            List<StoreWriter.Section> sections = new ArrayList<>();
            for (StoreFile.Section s : f.sections()) {
                byte[] print = s.hasFingerprint() ? s.fingerprint() : null;
                MemorySegment body = f.body(s);
                if (s.id() == StoreLayout.SECTION_VOXEL_HIERARCHY) {
                    body = hierarchyBody.apply(body);
                }
                sections.add(new StoreWriter.Section(s.id(), body, printOf.apply(print)));
            }
            StoreWriter.write(out, StoreLayout.KIND_VOXEL_WORLD, sections, StoreProgress.NONE);
        }
        return out;
    }

    @Test
    void aSectionBuiltFromAnotherWorldIsAMismatch() throws IOException {
        Path mine = bakeSample("mine.opstore");
        Path theirs;
        try (VoxelGrid w = HierarchyWorlds.world(1)) {
            w.setArea(40, 30, 10, w.isWalkable(40, 30, 10) ? VoxelGrid.SOLID : 0); // one voxel differs
            theirs = HierarchyWorlds.bake(w, HierarchyOptions.DEFAULT, dir.resolve("theirs.opstore"));
        }
        // Their chunks with my hierarchy section and its fingerprint: every checksum holds.
        Path spliced = dir.resolve("spliced.opstore");
        try (StoreFile a = StoreFile.open(mine);
                StoreFile b = StoreFile.open(theirs)) {
            List<StoreWriter.Section> sections = new ArrayList<>();
            for (StoreFile.Section s : b.sections()) {
                StoreFile.Section use = s.id() == StoreLayout.SECTION_VOXEL_HIERARCHY
                        ? a.section(StoreLayout.SECTION_VOXEL_HIERARCHY)
                        : s;
                StoreFile from = use == s ? b : a;
                sections.add(new StoreWriter.Section(
                        use.id(), from.body(use), use.hasFingerprint() ? use.fingerprint() : null));
            }
            StoreWriter.write(spliced, StoreLayout.KIND_VOXEL_WORLD, sections, StoreProgress.NONE);
        }
        StoreMismatchException e = refused(StoreMismatchException.class, spliced);
        assertNamesSection(e);
        assertTrue(e.getMessage().contains("was built from other chunks, area costs or options"), e.getMessage());
        assertTrue(e.getMessage().contains("onepath bake MAP --hierarchy"), e.getMessage());
        VoxelWorldStore.open(mine).close();
        VoxelWorldStore.open(theirs).close();
    }

    @Test
    void aHeaderNamingOtherOptionsIsAMismatch() throws IOException {
        byte[] sample = StoreTestSupport.read(bakeSample("sample.opstore"));
        // Valid options, checksum fixed: only the fingerprint tells they are not the ones built for.
        Path file = withSectionField(sample, VoxelHierarchySectionLayout.FACE_SAMPLES_OFFSET, 4, false, "samples");
        StoreMismatchException e = refused(StoreMismatchException.class, file);
        assertNamesSection(e);
        assertTrue(e.getMessage().contains("(26 moves, NO_CORNER_CUTTING, 4 face samples"), e.getMessage());
    }

    @Test
    void aFingerprintOfAnotherHierarchyVersionIsAMismatch() throws IOException {
        Path sample = bakeSample("sample.opstore");
        Path file = rewritten(sample, "other-version.opstore", body -> body, print -> print);
        try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
            assertNotNull(store.hierarchy(), "an unchanged rewrite opens");
        }
        byte[][] prints = new byte[2][];
        try (StoreFile f = StoreFile.open(sample)) {
            prints[0] = f.section(StoreLayout.SECTION_CHUNK_TABLE).fingerprint();
            prints[1] = f.section(StoreLayout.SECTION_CHUNKS).fingerprint();
        }
        byte[] otherRule = Fingerprints.voxelHierarchy(
                VoxelHierarchyLayout.DERIVATION_VERSION + 1,
                HierarchyWorlds.X,
                HierarchyWorlds.Y,
                HierarchyWorlds.Z,
                0,
                HierarchyOptions.DEFAULT,
                prints[0],
                prints[1],
                new org.onepath.cells.AreaCosts());
        byte[] mine = Fingerprints.voxelHierarchy(
                VoxelHierarchyLayout.DERIVATION_VERSION,
                HierarchyWorlds.X,
                HierarchyWorlds.Y,
                HierarchyWorlds.Z,
                0,
                HierarchyOptions.DEFAULT,
                prints[0],
                prints[1],
                new org.onepath.cells.AreaCosts());
        Path other = rewritten(
                sample, "other-rule.opstore", body -> body, print -> Arrays.equals(print, mine) ? otherRule : print);
        assertNamesSection(refused(StoreMismatchException.class, other));
    }

    @Test
    void aChunkTableThatDoesNotMatchItsFingerprintCannotCarryTheSection() throws IOException {
        byte[] b = StoreTestSupport.read(bakeSample("sample.opstore"));
        // Slot 6 (an edge chunk of default voxels) named as a uniform chunk of area 0 instead: the
        // same voxels, a valid value, its checksum fixed; only the fingerprint sees the change.
        int entry = StoreTestSupport.entryOf(b, StoreLayout.SECTION_CHUNK_TABLE);
        long table = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_CHUNK_TABLE);
        long tableLength = StoreTestSupport.sectionLength(b, StoreLayout.SECTION_CHUNK_TABLE);
        int stored = (int) (StoreTestSupport.sectionLength(b, StoreLayout.SECTION_CHUNKS) / 4096);
        assertEquals(0, StoreTestSupport.u32(b, table + 6 * 4));
        StoreTestSupport.putU32(b, table + 6 * 4, org.onepath.layout.VoxelChunkLayout.uniformBase(stored) + 1);
        StoreTestSupport.putU32(
                b,
                StoreTestSupport.entry(entry) + StoreLayout.ENTRY_CRC_OFFSET,
                StoreTestSupport.crc32c(b, table, tableLength));
        StoreTestSupport.fixDirectory(b);
        Path file = StoreTestSupport.write(dir.resolve("table.opstore"), b);
        StoreCorruptException e = refused(StoreCorruptException.class, file);
        assertTrue(e.getMessage().contains("the chunk table section does not match its fingerprint"), e.getMessage());
    }

    @Test
    void chunksWithoutFingerprintsCannotCarryTheSection() throws IOException {
        Path sample = bakeSample("sample.opstore");
        try (StoreFile f = StoreFile.open(sample)) {
            byte[] chunkPrint = f.section(StoreLayout.SECTION_CHUNKS).fingerprint();
            Path file = rewritten(
                    sample,
                    "no-prints.opstore",
                    body -> body,
                    print -> Arrays.equals(print, chunkPrint) ? null : print);
            StoreCorruptException e = refused(StoreCorruptException.class, file);
            assertTrue(
                    e.getMessage()
                            .contains("voxel hierarchy section (id 18) but the chunks section has no fingerprint"),
                    e.getMessage());
        }
    }

    @Test
    void verifyReadsTheChunksAgainstTheirFingerprint() throws IOException {
        byte[] b = StoreTestSupport.read(bakeSample("sample.opstore"));
        VoxelWorldStore.verify(StoreTestSupport.write(dir.resolve("good.opstore"), b), StoreProgress.NONE);
        int entry = StoreTestSupport.entryOf(b, StoreLayout.SECTION_CHUNKS);
        long at = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_CHUNKS);
        long length = StoreTestSupport.sectionLength(b, StoreLayout.SECTION_CHUNKS);
        b[(int) (at + 100)] ^= 1;
        StoreTestSupport.putU32(
                b,
                StoreTestSupport.entry(entry) + StoreLayout.ENTRY_CRC_OFFSET,
                StoreTestSupport.crc32c(b, at, length));
        StoreTestSupport.fixDirectory(b);
        Path file = StoreTestSupport.write(dir.resolve("chunks.opstore"), b);
        VoxelWorldStore.open(file).close(); // open trusts the chunks' fingerprint, as the grid's cells'
        StoreCorruptException e =
                assertThrows(StoreCorruptException.class, () -> VoxelWorldStore.verify(file, StoreProgress.NONE));
        assertTrue(e.getMessage().contains("the chunks section does not match its fingerprint"), e.getMessage());
    }

    // ---- writing ----

    @Test
    void aCancelledBuildWritesNothingAndKeepsThePreviousStore() throws IOException {
        Path file = bakeSample("kept.opstore");
        byte[] before = Files.readAllBytes(file);
        long[] heard = {0, 0};
        BakeMonitor cancelling = new BakeMonitor() {
            @Override
            public void progress(long done, long total) {
                heard[0] = done;
                heard[1] = total;
            }

            @Override
            public boolean isCancelled() {
                return true;
            }
        };
        try (VoxelGrid w = VoxelGrid.create(200, 40, 40, 0)) { // 13 x 3 x 3 = 117 slots: cancelled at 64
            w.setArea(3, 3, 3, VoxelGrid.SOLID);
            CancellationException e = assertThrows(
                    CancellationException.class,
                    () -> VoxelWorldStore.write(
                            w, "big.3dmap", file, StoreProgress.NONE, HierarchyOptions.DEFAULT, cancelling));
            assertTrue(e.getMessage().contains("after 64 of 117 chunks"), e.getMessage());
        }
        assertArrayEquals(before, Files.readAllBytes(file), "the previous store is unchanged");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "no temporary file is left");
        }
    }

    @Test
    void theMonitorHearsTheChunksBuilt() throws IOException {
        long[] last = {-1, -1};
        try (VoxelGrid w = HierarchyWorlds.world(1)) {
            VoxelWorldStore.write(
                    w,
                    "heard.3dmap",
                    dir.resolve("heard.opstore"),
                    StoreProgress.NONE,
                    HierarchyOptions.DEFAULT,
                    (done, total) -> {
                        last[0] = done;
                        last[1] = total;
                    });
        }
        assertArrayEquals(new long[] {18, 18}, last, "the last report is every chunk of 18");
    }

    @Test
    void commitKeepsTheSectionCopiedWhenUnchangedAndBuiltAgainAfterAnEdit() throws IOException {
        Path file = bakeSample("commit.opstore");
        byte[] before = Files.readAllBytes(file);
        try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
            store.commit(StoreProgress.NONE);
        }
        assertArrayEquals(before, Files.readAllBytes(file), "an unchanged world commits the same bytes");

        Path expectedFile = dir.resolve("edited-fresh.opstore");
        try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
            store.grid().setArea(5, 5, 5, VoxelGrid.SOLID); // a default chunk becomes a stored one
            store.grid().setArea(40, 3, 17, VoxelGrid.SOLID);
            store.commit(StoreProgress.NONE);
            HierarchyWorlds.bake(store.grid(), HierarchyOptions.DEFAULT, expectedFile);
        }
        byte[] committed = Files.readAllBytes(file);
        assertFalse(Arrays.equals(before, committed));
        try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
            assertEquals(HierarchyOptions.DEFAULT, store.hierarchyOptions());
            assertEquals(VoxelGrid.SOLID, store.grid().area(5, 5, 5));
            try (VoxelHierarchy fresh = freshBuild(store, HierarchyOptions.DEFAULT)) {
                assertTrue(fresh.contentEquals(store.hierarchy()), "the committed section is the edited world's");
            }
        }
        assertArrayEquals(
                Files.readAllBytes(expectedFile), committed, "commit writes what a bake of the edited world writes");
    }

    @Test
    void anEditAfterOpenIsHeardByTheReadHierarchy() throws IOException {
        Path file = bakeSample("edit.opstore");
        try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
            VoxelHierarchy read = store.hierarchy();
            store.grid().setArea(41, 2, 3, VoxelGrid.SOLID);
            store.grid().setArea(10, 10, 10, 2);
            read.refresh(); // copies the mapped tables, then rebuilds the edited chunks
            try (VoxelHierarchy fresh = freshBuild(store, HierarchyOptions.DEFAULT)) {
                assertTrue(fresh.contentEquals(read));
                HierarchyWorlds.assertSameAnswers(
                        fresh, read, HierarchyWorlds.openPairs(store.grid(), 9, 40), "after edits");
            }
        }
        byte[] b = Files.readAllBytes(file);
        VoxelWorldStore.verify(file, StoreProgress.NONE); // the mapped file was never written
        assertEquals(b.length, Files.size(file));
    }
}
