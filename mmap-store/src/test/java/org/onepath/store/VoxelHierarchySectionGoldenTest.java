package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.VoxelGrid;

/**
 * The voxel hierarchy section of a tiny world, byte for byte, against an annotated hex dump
 * reviewed against {@code docs/formats/store-v1.md} ({@code store/golden/voxel-hierarchy-section.hex.txt}):
 * 40 x 16 x 16, three chunk slots along x, a uniform open chunk of area 2, a uniform solid chunk
 * and an edge chunk of default voxels, so the header, three directory records, the padding and the
 * two open chunks' centre nodes are all there. The dump is made once with
 * {@code -Donepath.golden.write=true}, reviewed and committed; it is never rewritten by a plain run.
 */
class VoxelHierarchySectionGoldenTest {
    private static final String WRITE_PROPERTY = "onepath.golden.write";

    @TempDir
    Path dir;

    private static Path golden() {
        String base = System.getProperty("basedir", System.getProperty("user.dir"));
        return Path.of(base, "src", "test", "resources", "store", "golden", "voxel-hierarchy-section.hex.txt");
    }

    @Test
    void theSectionOfATinyWorldMatchesTheAnnotatedDump() throws IOException {
        byte[] file;
        try (VoxelGrid w = VoxelGrid.create(40, 16, 16, 0)) {
            for (int z = 0; z < 16; z++) {
                for (int y = 0; y < 16; y++) {
                    for (int x = 0; x < 16; x++) {
                        w.setArea(x, y, z, 2);
                        w.setArea(x + 16, y, z, VoxelGrid.SOLID);
                    }
                }
            }
            file = Files.readAllBytes(HierarchyWorlds.bake(w, HierarchyOptions.DEFAULT, dir.resolve("tiny.opstore")));
        }
        long at = StoreTestSupport.sectionOffset(file, StoreLayout.SECTION_VOXEL_HIERARCHY);
        long length = StoreTestSupport.sectionLength(file, StoreLayout.SECTION_VOXEL_HIERARCHY);
        String dump = HierarchySectionDump.of(Arrays.copyOfRange(file, (int) at, (int) (at + length)));
        Path golden = golden();
        if (Boolean.getBoolean(WRITE_PROPERTY)) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, dump, StandardCharsets.UTF_8);
            fail("wrote " + golden.toAbsolutePath() + ": review it against docs/formats/store-v1.md, commit it and"
                    + " run again without -D" + WRITE_PROPERTY);
        }
        if (!Files.isRegularFile(golden)) {
            fail("golden dump " + golden.toAbsolutePath() + " is missing; write it with -D" + WRITE_PROPERTY
                    + "=true, review and commit it");
        }
        assertEquals(
                Files.readString(golden, StandardCharsets.UTF_8),
                dump,
                "the section's bytes differ from the reviewed dump " + golden.getFileName()
                        + " (a change of the hierarchy's tables raises its version, which the dump shows)");
    }
}
