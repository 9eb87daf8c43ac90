package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.onepath.layout.VoxelHierarchyLayout;

/**
 * Any flipped bit of a world store's voxel hierarchy section, and the section cut short anywhere
 * (its checksum made to fit), is refused at open with the exception the field calls for, naming
 * the file and the section: the section is checked whole at open, so a query never reads a table
 * the bake did not write.
 */
class VoxelHierarchySectionPropertyTest {
    private static Path dir;
    private static int counter;

    @BeforeContainer
    static void makeFolder() {
        dir = StoreTestSupport.tempFolder("hierarchy-flip");
    }

    @AfterContainer
    static void removeFolder() {
        StoreTestSupport.deleteTree(dir);
    }

    private static synchronized Path freshFile() {
        return dir.resolve("case-" + (counter++) + ".opstore");
    }

    private static StoreException refusal(Path file) throws IOException {
        try (VoxelWorldStore s = VoxelWorldStore.open(file)) {
            fail("a store with a changed hierarchy section opened: " + file + " " + s.hierarchyOptions());
        } catch (StoreException e) {
            StoreTestSupport.assertNamesFile(e, file);
            assertTrue(e.getMessage().contains("voxel hierarchy section"), e.getMessage());
            return e;
        }
        return null;
    }

    @Property(tries = 250)
    void aFlippedBitAnywhereInTheSectionIsRefused(
            @ForAll @IntRange(min = 0, max = 1 << 24) int where, @ForAll @IntRange(min = 0, max = 7) int bit)
            throws IOException {
        byte[] b = HierarchyWorlds.sample();
        long from = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        long length = StoreTestSupport.sectionLength(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        long at = from + where % length;
        b[(int) at] ^= (byte) (1 << bit);
        StoreException e = refusal(StoreTestSupport.write(freshFile(), b));
        long inSection = at - from;
        if (inSection < VoxelHierarchySectionLayout.VERSION_OFFSET + 4) {
            int version = StoreTestSupport.u32(b, from + VoxelHierarchySectionLayout.VERSION_OFFSET);
            Class<?> expected = Integer.compareUnsigned(version, VoxelHierarchyLayout.DERIVATION_VERSION) < 0
                    ? StoreTooOldException.class
                    : StoreTooNewException.class;
            assertEquals(expected, e.getClass(), "version flipped to " + version + ": " + e.getMessage());
        } else {
            assertEquals(StoreCorruptException.class, e.getClass(), "flip at section byte " + inSection);
            assertTrue(e.getMessage().contains("voxel hierarchy section checksum"), e.getMessage());
        }
    }

    @Property(tries = 150)
    void aSectionCutShortIsRefusedNamingItsLength(@ForAll @IntRange(min = 1, max = 1 << 24) int cut)
            throws IOException {
        byte[] b = HierarchyWorlds.sample();
        int entry = StoreTestSupport.entryOf(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        long from = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        long length = StoreTestSupport.sectionLength(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        long kept = length - 1 - (cut - 1) % length;
        StoreTestSupport.putU64(b, StoreTestSupport.entry(entry) + StoreLayout.ENTRY_LENGTH_OFFSET, kept);
        StoreTestSupport.putU32(
                b,
                StoreTestSupport.entry(entry) + StoreLayout.ENTRY_CRC_OFFSET,
                StoreTestSupport.crc32c(b, from, kept));
        StoreTestSupport.fixDirectory(b);
        StoreException e = refusal(StoreTestSupport.write(freshFile(), b));
        assertEquals(
                StoreCorruptException.class, e.getClass(), "kept " + kept + " of " + length + ": " + e.getMessage());
        assertTrue(e.getMessage().contains("length is"), "kept " + kept + ": " + e.getMessage());
    }
}
