package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * One flipped bit anywhere in a store's directory (header, section table, footer) or in a small
 * section (meta, chunk table) is refused at open with a {@link StoreException} of exactly the
 * class the flipped field calls for, naming the file; one flipped bit in a big section or in the
 * padding opens (open reads only the first and last pages) and is caught by verify.
 */
class StoreBitFlipPropertyTest {
    private static Path dir;
    private static int counter;

    @BeforeContainer
    static void makeFolder() {
        dir = StoreTestSupport.tempFolder("store-bitflip");
    }

    @AfterContainer
    static void removeFolder() {
        StoreTestSupport.deleteTree(dir);
    }

    enum Kind {
        GRID,
        VOXEL
    }

    /** Where a refused flip lands. */
    enum SmallRegion {
        HEADER,
        SECTION_TABLE,
        FOOTER,
        META,
        CHUNK_TABLE
    }

    /** Where a flip that only verify can see lands. */
    enum BigRegion {
        CELLS,
        CLEARANCE,
        BLOCK_MAP,
        JPS_PLUS,
        OCTILE_NEIGHBOURS,
        CHUNKS,
        PADDING
    }

    private static byte[] sample(Kind kind) {
        return kind == Kind.GRID ? StoreSamples.grid() : StoreSamples.voxel();
    }

    private static synchronized Path freshFile() {
        return dir.resolve("flip-" + (counter++) + ".opstore");
    }

    /** Opens a store of the kind and closes it again. */
    private static void open(Kind kind, Path file) throws IOException {
        if (kind == Kind.GRID) {
            try (GridStore s = GridStore.open(file)) {
                s.grid().width();
            }
        } else {
            try (VoxelWorldStore s = VoxelWorldStore.open(file)) {
                s.grid().sizeX();
            }
        }
    }

    private static void verify(Kind kind, Path file) throws IOException {
        if (kind == Kind.GRID) {
            GridStore.verify(file, StoreProgress.NONE);
        } else {
            VoxelWorldStore.verify(file, StoreProgress.NONE);
        }
    }

    /** The exception an open throws; any other throwable, or no throw, fails the test. */
    private static StoreException refusal(Kind kind, Path file) throws IOException {
        try {
            open(kind, file);
        } catch (StoreException e) {
            StoreTestSupport.assertNamesFile(e, file);
            return e;
        }
        fail("a store with a flipped bit opened: " + file);
        return null;
    }

    @Property(tries = 400)
    void flipInTheDirectoryOrASmallSectionIsRefusedAtOpen(
            @ForAll Kind kind,
            @ForAll SmallRegion region,
            @ForAll @IntRange(min = 0, max = 1 << 20) int where,
            @ForAll @IntRange(min = 0, max = 7) int bit)
            throws IOException {
        byte[] b = sample(kind);
        long from;
        long length;
        switch (region) {
            case HEADER -> {
                from = 0;
                length = StoreLayout.HEADER_BYTES;
            }
            case SECTION_TABLE -> {
                from = StoreLayout.HEADER_BYTES;
                length = StoreTestSupport.tableEnd(b) - from;
            }
            case FOOTER -> {
                from = b.length - StoreLayout.FOOTER_BYTES;
                length = StoreLayout.FOOTER_BYTES;
            }
            case META -> {
                from = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_META);
                length = StoreTestSupport.sectionLength(b, StoreLayout.SECTION_META);
            }
            case CHUNK_TABLE -> {
                int id = kind == Kind.VOXEL ? StoreLayout.SECTION_CHUNK_TABLE : StoreLayout.SECTION_META;
                from = StoreTestSupport.sectionOffset(b, id);
                length = StoreTestSupport.sectionLength(b, id);
            }
            default -> throw new AssertionError(region);
        }
        long at = from + where % length;
        b[(int) at] ^= (byte) (1 << bit);
        Path file = StoreTestSupport.write(freshFile(), b);

        Class<? extends StoreException> expected = StoreCorruptException.class;
        if (at >= StoreLayout.VERSION_OFFSET && at < StoreLayout.VERSION_OFFSET + 4) {
            int version = StoreTestSupport.u32(b, StoreLayout.VERSION_OFFSET);
            expected = version == 0 ? StoreTooOldException.class : StoreTooNewException.class;
        }
        StoreException e = refusal(kind, file);
        assertEquals(expected, e.getClass(), region + " flip at byte " + at + " bit " + bit + ": " + e.getMessage());
        if (region == SmallRegion.META || region == SmallRegion.CHUNK_TABLE) {
            // the directory is intact: a plain open of the file works, the kind's open checks the section
            try (StoreFile f = StoreFile.open(file)) {
                assertEquals(kind == Kind.GRID ? StoreLayout.KIND_GRID : StoreLayout.KIND_VOXEL_WORLD, f.kind());
            }
            assertTrue(e.getMessage().contains("checksum"), e.getMessage());
        } else {
            StoreException plain = assertThrows(
                    StoreException.class, () -> StoreFile.open(file).close());
            assertEquals(expected, plain.getClass(), plain.getMessage());
        }
    }

    @Property(tries = 300)
    void flipInABigSectionOrPaddingOpensButFailsVerify(
            @ForAll Kind kind,
            @ForAll BigRegion region,
            @ForAll @IntRange(min = 0, max = 1 << 20) int where,
            @ForAll @IntRange(min = 0, max = 7) int bit)
            throws IOException {
        byte[] b = sample(kind);
        long at;
        if (region == BigRegion.PADDING) {
            List<Long> padding = padding(b);
            at = padding.get(where % padding.size());
        } else {
            int id = switch (region) {
                case CELLS -> StoreLayout.SECTION_CELLS;
                case CLEARANCE -> StoreLayout.SECTION_CLEARANCE;
                case BLOCK_MAP -> StoreLayout.SECTION_BLOCK_MAP;
                case JPS_PLUS -> StoreLayout.SECTION_JPS_PLUS;
                case OCTILE_NEIGHBOURS -> StoreLayout.SECTION_OCTILE_NEIGHBOURS;
                default -> StoreLayout.SECTION_CHUNKS;
            };
            if (kind == Kind.VOXEL) {
                id = StoreLayout.SECTION_CHUNKS;
            } else if (id == StoreLayout.SECTION_CHUNKS) {
                id = StoreLayout.SECTION_CELLS;
            }
            at = StoreTestSupport.sectionOffset(b, id) + where % StoreTestSupport.sectionLength(b, id);
        }
        b[(int) at] ^= (byte) (1 << bit);
        Path file = StoreTestSupport.write(freshFile(), b);

        open(kind, file); // the directory and the small sections are intact
        StoreCorruptException e = assertThrows(
                StoreCorruptException.class, () -> verify(kind, file), region + " flip at byte " + at + " bit " + bit);
        StoreTestSupport.assertNamesFile(e, file);
        try (StoreFile f = StoreFile.open(file)) {
            StoreCorruptException direct =
                    assertThrows(StoreCorruptException.class, () -> f.verify(StoreProgress.NONE));
            assertEquals(e.getMessage(), direct.getMessage());
        }
        if (region == BigRegion.PADDING) {
            assertTrue(e.getMessage().contains("non-zero byte at offset " + at), e.getMessage());
        } else {
            assertTrue(e.getMessage().contains("checksum"), e.getMessage());
        }
    }

    /** Offsets of the padding bytes: between the table and the first section, between sections, before the footer. */
    private static List<Long> padding(byte[] b) {
        int count = StoreTestSupport.sectionCount(b);
        List<long[]> spans = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long e = StoreTestSupport.entry(i);
            spans.add(new long[] {
                StoreTestSupport.u64(b, e + StoreLayout.ENTRY_OFFSET_OFFSET),
                StoreTestSupport.u64(b, e + StoreLayout.ENTRY_LENGTH_OFFSET)
            });
        }
        spans.sort((x, y) -> Long.compare(x[0], y[0]));
        List<Long> out = new ArrayList<>();
        long at = StoreTestSupport.tableEnd(b);
        for (long[] s : spans) {
            for (long i = at; i < s[0]; i++) {
                out.add(i);
            }
            at = s[0] + s[1];
        }
        for (long i = at; i < b.length - StoreLayout.FOOTER_BYTES; i++) {
            out.add(i);
        }
        assertTrue(!out.isEmpty(), "the sample has no padding");
        return out;
    }
}
