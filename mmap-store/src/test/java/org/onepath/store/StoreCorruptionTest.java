package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Broken, foreign and mismatched files are refused with the documented {@link StoreException}
 * subclass and a message naming the file: truncations, trailing bytes, files that are not stores,
 * unsupported versions, tables whose fingerprint does not match the cells, and the wrong kind.
 */
class StoreCorruptionTest {
    @TempDir
    Path dir;

    private int counter;

    private Path file(byte[] bytes) {
        return StoreTestSupport.write(dir.resolve("case-" + (counter++) + ".opstore"), bytes);
    }

    private static <T extends StoreException> T refused(Class<T> type, Path file, Executable open) {
        T e = assertThrows(type, open, file.toString());
        StoreTestSupport.assertNamesFile(e, file);
        return e;
    }

    private static Executable gridOpen(Path file) {
        return () -> GridStore.open(file).close();
    }

    private static Executable voxelOpen(Path file) {
        return () -> VoxelWorldStore.open(file).close();
    }

    private static Executable plainOpen(Path file) {
        return () -> StoreFile.open(file).close();
    }

    private Executable kindOpen(byte[] sample, Path file) {
        return StoreTestSupport.u32(sample, StoreLayout.KIND_OFFSET) == StoreLayout.KIND_GRID
                ? gridOpen(file)
                : voxelOpen(file);
    }

    // ---- (a) truncation ----

    /** Every section start and end, the table's end, the footer and a few random points. */
    private static TreeSet<Integer> cutPoints(byte[] b, long seed) {
        TreeSet<Integer> cuts = new TreeSet<>();
        for (int i = 0; i < StoreTestSupport.sectionCount(b); i++) {
            long e = StoreTestSupport.entry(i);
            long offset = StoreTestSupport.u64(b, e + StoreLayout.ENTRY_OFFSET_OFFSET);
            long length = StoreTestSupport.u64(b, e + StoreLayout.ENTRY_LENGTH_OFFSET);
            cuts.add((int) offset);
            cuts.add((int) (offset + length));
            cuts.add((int) StoreLayout.align(offset + length));
            cuts.add((int) (offset + length / 2));
        }
        cuts.add((int) StoreTestSupport.tableEnd(b));
        cuts.add((int) StoreLayout.HEADER_BYTES);
        cuts.add((int) StoreLayout.HEADER_BYTES - 1);
        cuts.add(b.length - (int) StoreLayout.FOOTER_BYTES);
        cuts.add(b.length - 1);
        for (int i : new int[] {0, 1, 3, 4, 5, 8, 60}) {
            cuts.add(i);
        }
        Random rnd = new Random(seed);
        for (int i = 0; i < 8; i++) {
            cuts.add(rnd.nextInt(b.length));
        }
        cuts.removeIf(c -> c >= b.length);
        return cuts;
    }

    private void truncationsAreRefused(byte[] sample) throws Throwable {
        TreeSet<Integer> cuts = cutPoints(sample, sample.length);
        assertTrue(cuts.size() > 15, "too few cut points: " + cuts);
        for (int cut : cuts) {
            Path file = file(Arrays.copyOf(sample, cut));
            StoreTruncatedException plain = refused(StoreTruncatedException.class, file, plainOpen(file));
            refused(StoreTruncatedException.class, file, kindOpen(sample, file));
            if (cut < StoreLayout.HEADER_BYTES) {
                assertTrue(
                        plain.getMessage().contains("file length " + cut + " is below the 64-byte header"),
                        plain.getMessage());
            } else {
                assertTrue(
                        plain.getMessage()
                                .contains("file length is " + cut + " bytes, the header says " + sample.length),
                        plain.getMessage());
            }
            Files.delete(file);
        }
        // the whole file still opens
        Path whole = file(sample);
        StoreFile.open(whole).close();
        kindOpen(sample, whole).execute();
    }

    @Test
    void truncatedGridStoreIsRefused() throws Throwable {
        truncationsAreRefused(StoreSamples.grid());
    }

    @Test
    void truncatedVoxelStoreIsRefused() throws Throwable {
        truncationsAreRefused(StoreSamples.voxel());
    }

    // ---- (d) trailing bytes ----

    @Test
    void trailingBytesAreRefused() throws Throwable {
        for (byte[] sample : new byte[][] {StoreSamples.grid(), StoreSamples.voxel()}) {
            for (int extra : new int[] {1, 15, 16, 64, 4096}) {
                for (boolean zeros : new boolean[] {true, false}) {
                    byte[] b = Arrays.copyOf(sample, sample.length + extra);
                    if (!zeros) {
                        new Random(extra).nextBytes(b);
                        System.arraycopy(sample, 0, b, 0, sample.length);
                    }
                    Path file = file(b);
                    StoreCorruptException e = refused(StoreCorruptException.class, file, plainOpen(file));
                    assertTrue(e.getMessage().contains(extra + " trailing bytes"), e.getMessage());
                    refused(StoreCorruptException.class, file, kindOpen(sample, file));
                }
            }
            // a second whole copy of the file appended: still trailing bytes
            byte[] twice = Arrays.copyOf(sample, sample.length * 2);
            System.arraycopy(sample, 0, twice, sample.length, sample.length);
            Path file = file(twice);
            refused(StoreCorruptException.class, file, kindOpen(sample, file));
        }
    }

    // ---- (e) files that are not stores ----

    @Test
    void foreignAndEmptyFilesAreRefusedClearly() throws IOException {
        Path map = file("type octile\nheight 2\nwidth 2\nmap\n..\n..\n".getBytes(StandardCharsets.US_ASCII));
        StoreCorruptException foreign = refused(StoreCorruptException.class, map, gridOpen(map));
        assertTrue(foreign.getMessage().contains("not a OnePath store"), foreign.getMessage());
        refused(StoreCorruptException.class, map, voxelOpen(map));
        refused(StoreCorruptException.class, map, plainOpen(map));

        byte[] zeros = new byte[4096];
        Path zero = file(zeros);
        StoreCorruptException z = refused(StoreCorruptException.class, zero, gridOpen(zero));
        assertTrue(z.getMessage().contains("magic at offset 0 is 0x0"), z.getMessage());

        Path empty = file(new byte[0]);
        StoreTruncatedException e = refused(StoreTruncatedException.class, empty, gridOpen(empty));
        assertTrue(e.getMessage().contains("file length 0 is below the 64-byte header"), e.getMessage());
        refused(StoreTruncatedException.class, empty, voxelOpen(empty));

        Path tiny = file("OP".getBytes(StandardCharsets.US_ASCII));
        refused(StoreTruncatedException.class, tiny, gridOpen(tiny));

        // only the magic: a store's start cut short
        Path magicOnly = file(Arrays.copyOf(StoreSamples.grid(), 4));
        refused(StoreTruncatedException.class, magicOnly, gridOpen(magicOnly));

        Path missing = dir.resolve("missing.opstore");
        assertThrows(NoSuchFileException.class, () -> GridStore.open(missing));
        assertThrows(NoSuchFileException.class, () -> VoxelWorldStore.open(missing));
        assertThrows(IOException.class, () -> GridStore.open(dir));
    }

    // ---- (f) versions ----

    private byte[] withVersion(byte[] sample, int version) {
        byte[] b = sample.clone();
        StoreTestSupport.putU32(b, StoreLayout.VERSION_OFFSET, version);
        StoreTestSupport.fixDirectory(b);
        return b;
    }

    @Test
    void olderAndNewerVersionsAreRefused() {
        for (byte[] sample : new byte[][] {StoreSamples.grid(), StoreSamples.voxel()}) {
            Path old = file(withVersion(sample, 0));
            StoreTooOldException tooOld = refused(StoreTooOldException.class, old, kindOpen(sample, old));
            assertTrue(tooOld.getMessage().contains("format version 0"), tooOld.getMessage());
            assertTrue(tooOld.getMessage().contains("bake it again"), tooOld.getMessage());
            refused(StoreTooOldException.class, old, plainOpen(old));

            for (int v : new int[] {2, 3, 255, 0x10000, Integer.MAX_VALUE}) {
                Path newer = file(withVersion(sample, v));
                StoreTooNewException tooNew = refused(StoreTooNewException.class, newer, kindOpen(sample, newer));
                assertTrue(tooNew.getMessage().contains("format version " + v), tooNew.getMessage());
                refused(StoreTooNewException.class, newer, plainOpen(newer));
            }
            // the version is read before the header checksum: a newer file is named as newer even if its
            // header is laid out differently
            byte[] unfixed = sample.clone();
            StoreTestSupport.putU32(unfixed, StoreLayout.VERSION_OFFSET, 2);
            Path f = file(unfixed);
            refused(StoreTooNewException.class, f, kindOpen(sample, f));
        }
    }

    @Test
    void versionOneWithFixedChecksumsStillOpens() throws Throwable {
        for (byte[] sample : new byte[][] {StoreSamples.grid(), StoreSamples.voxel()}) {
            byte[] b = withVersion(sample, StoreLayout.FORMAT_VERSION);
            assertArrayEquals(sample, b, "fixDirectory changed a valid file");
            Path f = file(b);
            kindOpen(sample, f).execute();
        }
    }

    // ---- (g) a table derived from other cells ----

    /** Puts B's bytes of a section (same length) and B's entry (offset aside) into A, then fixes every checksum. */
    private static byte[] splice(byte[] a, byte[] b, int id) {
        byte[] out = a.clone();
        long aOffset = StoreTestSupport.sectionOffset(a, id);
        long bOffset = StoreTestSupport.sectionOffset(b, id);
        long length = StoreTestSupport.sectionLength(a, id);
        assertEquals(length, StoreTestSupport.sectionLength(b, id), "section lengths differ");
        System.arraycopy(b, (int) bOffset, out, (int) aOffset, (int) length);
        long aEntry = StoreTestSupport.entry(StoreTestSupport.entryOf(a, id));
        long bEntry = StoreTestSupport.entry(StoreTestSupport.entryOf(b, id));
        StoreTestSupport.putU32(
                out,
                aEntry + StoreLayout.ENTRY_CRC_OFFSET,
                StoreTestSupport.u32(b, bEntry + StoreLayout.ENTRY_CRC_OFFSET));
        System.arraycopy(
                b,
                (int) (bEntry + StoreLayout.ENTRY_FINGERPRINT_OFFSET),
                out,
                (int) (aEntry + StoreLayout.ENTRY_FINGERPRINT_OFFSET),
                StoreLayout.FINGERPRINT_BYTES);
        StoreTestSupport.fixDirectory(out);
        return out;
    }

    @Test
    void tableBakedFromOtherCellsIsRefusedByItsFingerprint() throws IOException {
        byte[] a = StoreSamples.grid();
        byte[] b = StoreSamples.otherGrid();
        assertFalse(Arrays.equals(a, b));
        assertNotEquals(
                StoreTestSupport.u32(
                        a,
                        StoreTestSupport.entry(StoreTestSupport.entryOf(a, StoreLayout.SECTION_JPS_PLUS))
                                + StoreLayout.ENTRY_CRC_OFFSET),
                StoreTestSupport.u32(
                        b,
                        StoreTestSupport.entry(StoreTestSupport.entryOf(b, StoreLayout.SECTION_JPS_PLUS))
                                + StoreLayout.ENTRY_CRC_OFFSET),
                "the two samples have the same JPS+ table");

        byte[] spliced = splice(a, b, StoreLayout.SECTION_JPS_PLUS);
        Path file = file(spliced);
        // every checksum holds: the plain open and its verify pass, only the fingerprint check can tell
        try (StoreFile f = StoreFile.open(file)) {
            f.verify(StoreProgress.NONE);
        }
        StoreMismatchException e = refused(StoreMismatchException.class, file, gridOpen(file));
        assertTrue(e.getMessage().contains("JPS+ table"), e.getMessage());
        assertTrue(e.getMessage().contains("derived from other inputs"), e.getMessage());
        assertThrows(StoreMismatchException.class, () -> GridStore.verify(file, StoreProgress.NONE));

        byte[] blockMap = splice(a, b, StoreLayout.SECTION_BLOCK_MAP);
        Path f2 = file(blockMap);
        StoreMismatchException e2 = refused(StoreMismatchException.class, f2, gridOpen(f2));
        assertTrue(e2.getMessage().contains("block map"), e2.getMessage());

        // B's cells (with their fingerprint) under A's tables: the first table checked, clearance, is refused
        byte[] cells = splice(a, b, StoreLayout.SECTION_CELLS);
        Path f3 = file(cells);
        StoreMismatchException e3 = refused(StoreMismatchException.class, f3, gridOpen(f3));
        assertTrue(e3.getMessage().contains("clearance"), e3.getMessage());

        // B's cells and every table of B: a consistent store of B
        byte[] all = a;
        for (int id : new int[] {
            StoreLayout.SECTION_CELLS,
            StoreLayout.SECTION_CLEARANCE,
            StoreLayout.SECTION_BLOCK_MAP,
            StoreLayout.SECTION_JPS_PLUS,
            StoreLayout.SECTION_OCTILE_NEIGHBOURS
        }) {
            all = splice(all, b, id);
        }
        Path f4 = file(all);
        try (GridStore s = GridStore.open(f4);
                org.onepath.Grid other = StoreSamples.sampleGrid(2)) {
            StoreTestSupport.assertSameTables(other, s.grid(), "spliced B");
        }
        GridStore.verify(f4, StoreProgress.NONE);
    }

    @Test
    void cellsThatDoNotMatchTheirFingerprintFailVerify() throws IOException {
        byte[] a = StoreSamples.grid();
        byte[] b = StoreSamples.otherGrid();
        // B's cell bytes and checksum, A's cell fingerprint: opens (tables match the fingerprint), verify refuses
        byte[] out = a.clone();
        long length = StoreTestSupport.sectionLength(a, StoreLayout.SECTION_CELLS);
        System.arraycopy(
                b,
                (int) StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_CELLS),
                out,
                (int) StoreTestSupport.sectionOffset(a, StoreLayout.SECTION_CELLS),
                (int) length);
        long aEntry = StoreTestSupport.entry(StoreTestSupport.entryOf(a, StoreLayout.SECTION_CELLS));
        long bEntry = StoreTestSupport.entry(StoreTestSupport.entryOf(b, StoreLayout.SECTION_CELLS));
        StoreTestSupport.putU32(
                out,
                aEntry + StoreLayout.ENTRY_CRC_OFFSET,
                StoreTestSupport.u32(b, bEntry + StoreLayout.ENTRY_CRC_OFFSET));
        StoreTestSupport.fixDirectory(out);
        Path file = file(out);
        GridStore.open(file).close();
        StoreCorruptException e =
                refused(StoreCorruptException.class, file, () -> GridStore.verify(file, StoreProgress.NONE));
        assertTrue(e.getMessage().contains("cells do not match their fingerprint"), e.getMessage());
    }

    // ---- (h) the wrong kind ----

    @Test
    void storeOfTheOtherKindIsRefused() throws IOException {
        Path voxel = file(StoreSamples.voxel());
        StoreMismatchException a = refused(StoreMismatchException.class, voxel, gridOpen(voxel));
        assertTrue(a.getMessage().contains("holds a voxel world"), a.getMessage());
        assertTrue(a.getMessage().contains("expected a grid"), a.getMessage());
        assertThrows(StoreMismatchException.class, () -> GridStore.open(voxel, StoreMode.PRIVATE));
        assertThrows(StoreMismatchException.class, () -> GridStore.verify(voxel, StoreProgress.NONE));

        Path grid = file(StoreSamples.grid());
        StoreMismatchException b = refused(StoreMismatchException.class, grid, voxelOpen(grid));
        assertTrue(b.getMessage().contains("holds a grid"), b.getMessage());
        assertTrue(b.getMessage().contains("expected a voxel world"), b.getMessage());
        assertThrows(StoreMismatchException.class, () -> VoxelWorldStore.verify(grid, StoreProgress.NONE));

        // both open as plain store files of their kinds
        try (StoreFile g = StoreFile.open(grid);
                StoreFile v = StoreFile.open(voxel)) {
            assertEquals(StoreLayout.KIND_GRID, g.kind());
            assertEquals(StoreLayout.KIND_VOXEL_WORLD, v.kind());
            assertEquals(StoreLayout.FORMAT_VERSION, g.version());
            assertEquals(Files.size(grid), g.fileLength());
            assertEquals(6, g.sections().size());
            assertEquals(3, v.sections().size());
            assertTrue(g.section(StoreLayout.SECTION_CELLS).hasFingerprint());
            assertFalse(g.section(StoreLayout.SECTION_META).hasFingerprint());
            assertEquals(null, g.section(StoreLayout.SECTION_CHUNKS));
        }
    }
}
