package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.VoxelAlgorithm;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.cells.PathStatus;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.io.VoxelMap;
import org.onepath.io.VoxelScenario;
import org.onepath.io.VoxelScenarios;
import org.onepath.layout.VoxelHierarchyLayout;

/**
 * A world store with a hierarchy section installs it in its grid: {@link VoxelAlgorithm#HPA}
 * queries with the section's options search the mapped tables from the first query on, and answer
 * exactly as a hierarchy built in memory over the same voxels (status, voxels, cost bits).
 */
class VoxelWorldStoreHpaTest {
    private static final VoxelOptions HPA =
            VoxelOptions.builder().algorithm(VoxelAlgorithm.HPA).build();

    @TempDir
    Path dir;

    /** The sample world written without a hierarchy: its grid builds one on its first HPA query. */
    private Path withoutSection() throws IOException {
        Path file = dir.resolve("plain.opstore");
        try (VoxelGrid w = HierarchyWorlds.world(1)) {
            VoxelWorldStore.write(w, "hierarchy.3dmap", file);
        }
        return file;
    }

    private static List<VoxelCell[]> cells(List<int[]> pairs) {
        List<VoxelCell[]> out = new ArrayList<>();
        for (int[] p : pairs) {
            out.add(new VoxelCell[] {new VoxelCell(p[0], p[1], p[2]), new VoxelCell(p[3], p[4], p[5])});
        }
        return out;
    }

    /** Same status, algorithm, voxels and cost bits for every pair. */
    private static void assertSameHpaAnswers(
            VoxelGrid expected, VoxelGrid actual, List<VoxelCell[]> pairs, VoxelOptions options, String what) {
        int found = 0;
        for (VoxelCell[] p : pairs) {
            VoxelPath e = expected.findPath(p[0], p[1], options);
            VoxelPath a = actual.findPath(p[0], p[1], options);
            String q = what + " " + p[0] + " -> " + p[1];
            assertEquals(VoxelAlgorithm.HPA, a.algorithm(), q + ": the hierarchy ran");
            assertEquals(e.algorithm(), a.algorithm(), q + ": algorithm");
            assertEquals(e.status(), a.status(), q + ": status");
            assertEquals(Double.doubleToRawLongBits(e.cost()), Double.doubleToRawLongBits(a.cost()), q + ": cost bits");
            assertEquals(e.cells(), a.cells(), q + ": voxels");
            found += a.found() ? 1 : 0;
        }
        assertTrue(found > pairs.size() / 2, what + ": only " + found + " of " + pairs.size() + " found");
    }

    @Test
    void theStoresGridAnswersAsAnInMemoryBuild() throws IOException {
        Path file = dir.resolve("with.opstore");
        try (VoxelGrid w = HierarchyWorlds.world(1)) {
            HierarchyWorlds.bake(w, HierarchyOptions.DEFAULT, file);
        }
        try (VoxelWorldStore store = VoxelWorldStore.open(file);
                VoxelWorldStore plain = VoxelWorldStore.open(withoutSection())) {
            List<VoxelCell[]> pairs = cells(HierarchyWorlds.openPairs(store.grid(), 11, 60));
            assertSameHpaAnswers(plain.grid(), store.grid(), pairs, HPA, "store vs in-memory build");
            // ... and through the store's query entry point
            VoxelPath viaStore = store.findPath(pairs.getFirst()[0], pairs.getFirst()[1], HPA);
            VoxelPath inMemory = plain.grid().findPath(pairs.getFirst()[0], pairs.getFirst()[1], HPA);
            assertEquals(inMemory.cells(), viaStore.cells());
        }
    }

    /**
     * The section's move masks of every stored chunk zeroed, its checksum fixed: the tables still
     * pass every check at open (masks are what queries trust, as the intra costs), but a query that
     * reads them finds no move inside a stored chunk. Its answer then differs from the true one,
     * which shows the first query searched the mapped tables and built nothing of its own.
     */
    @Test
    void theFirstQueryReadsTheMappedTablesAndBuildsNothing() throws IOException {
        byte[] b = HierarchyWorlds.sample();
        long section = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        int slots = 18;
        long blocks = section + VoxelHierarchySectionLayout.blocksOffset(slots);
        int stored = 0;
        for (int slot = 0; slot < slots; slot++) {
            long record =
                    section + VoxelHierarchySectionLayout.HEADER_BYTES + VoxelHierarchyLayout.directoryOffset(slot);
            if (StoreTestSupport.u32(b, record + VoxelHierarchyLayout.KIND_OFFSET)
                    == VoxelHierarchyLayout.KIND_STORED) {
                long block = blocks + StoreTestSupport.u64(b, record + VoxelHierarchyLayout.BLOCK_OFFSET_OFFSET);
                java.util.Arrays.fill(
                        b,
                        (int) (block + VoxelHierarchyLayout.MASKS_OFFSET),
                        (int) (block + VoxelHierarchyLayout.VOXEL_TABLES_BYTES),
                        (byte) 0);
                stored++;
            }
        }
        assertTrue(stored > 0, "the sample has stored chunks");
        int entry = StoreTestSupport.entryOf(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        long length = StoreTestSupport.sectionLength(b, StoreLayout.SECTION_VOXEL_HIERARCHY);
        StoreTestSupport.putU32(
                b,
                StoreTestSupport.entry(entry) + StoreLayout.ENTRY_CRC_OFFSET,
                StoreTestSupport.crc32c(b, section, length));
        StoreTestSupport.fixDirectory(b);
        Path doctored = StoreTestSupport.write(dir.resolve("doctored.opstore"), b);
        Path honest = StoreTestSupport.write(dir.resolve("honest.opstore"), HierarchyWorlds.sample());

        // Both ends in chunk (2, 0, 0), which is stored (random voxels): every move of the answer
        // starts in a stored chunk.
        Random rnd = new Random(5);
        try (VoxelWorldStore bad = VoxelWorldStore.open(doctored);
                VoxelWorldStore good = VoxelWorldStore.open(honest);
                VoxelWorldStore plain = VoxelWorldStore.open(withoutSection())) {
            VoxelGrid g = good.grid();
            int differ = 0;
            int asked = 0;
            while (asked < 20) {
                VoxelCell s = new VoxelCell(33 + rnd.nextInt(10), rnd.nextInt(16), rnd.nextInt(16));
                VoxelCell t = new VoxelCell(33 + rnd.nextInt(10), rnd.nextInt(16), rnd.nextInt(16));
                if (!g.isWalkable(s.x(), s.y(), s.z()) || !g.isWalkable(t.x(), t.y(), t.z()) || s.equals(t)) {
                    continue;
                }
                asked++;
                VoxelPath truth = plain.grid().findPath(s, t, HPA);
                VoxelPath read = good.grid().findPath(s, t, HPA);
                VoxelPath doctoredAnswer = bad.grid().findPath(s, t, HPA);
                assertEquals(PathStatus.FOUND, truth.status(), s + " -> " + t);
                assertEquals(truth.cells(), read.cells(), s + " -> " + t + ": the honest store answers as a build");
                assertEquals(VoxelAlgorithm.HPA, doctoredAnswer.algorithm());
                if (doctoredAnswer.status() != truth.status()
                        || !doctoredAnswer.cells().equals(truth.cells())) {
                    differ++;
                }
            }
            assertEquals(asked, differ, "every query read the zeroed masks of the mapped section");
        }
    }

    @Test
    void editsAfterOpenAreFollowedAsByAnInMemoryBuild() throws IOException {
        Path file = StoreTestSupport.write(dir.resolve("edit.opstore"), HierarchyWorlds.sample());
        try (VoxelWorldStore store = VoxelWorldStore.open(file);
                VoxelWorldStore plain = VoxelWorldStore.open(withoutSection())) {
            List<VoxelCell[]> pairs = cells(HierarchyWorlds.openPairs(store.grid(), 13, 30));
            assertSameHpaAnswers(plain.grid(), store.grid(), pairs, HPA, "before the edits");
            for (VoxelGrid g : List.of(store.grid(), plain.grid())) {
                g.setArea(40, 5, 5, VoxelGrid.SOLID);
                g.setArea(3, 3, 3, 1); // the uniform chunk of area 4 becomes a stored one
                for (int y = 0; y < 36; y++) {
                    g.setArea(20, y, 7, 0); // a slot through the wall
                }
            }
            assertSameHpaAnswers(
                    plain.grid(),
                    store.grid(),
                    cells(HierarchyWorlds.openPairs(store.grid(), 14, 30)),
                    HPA,
                    "after the edits");
        }
        VoxelWorldStore.verify(file, StoreProgress.NONE); // the file was never written
    }

    @Test
    void queriesOfOtherOptionsBuildTheirOwnAndTheSectionServesItsOwn() throws IOException {
        HierarchyOptions six = new HierarchyOptions(VoxelConnectivity.SIX, VoxelCornerRule.NO_CORNER_CUTTING, 3);
        Path file = dir.resolve("six.opstore");
        try (VoxelGrid w = HierarchyWorlds.world(1)) {
            HierarchyWorlds.bake(w, six, file);
        }
        VoxelOptions sixHpa = VoxelOptions.builder()
                .algorithm(VoxelAlgorithm.HPA)
                .connectivity(VoxelConnectivity.SIX)
                .build();
        try (VoxelWorldStore store = VoxelWorldStore.open(file);
                VoxelWorldStore plain = VoxelWorldStore.open(withoutSection())) {
            assertEquals(six, store.hierarchyOptions());
            List<VoxelCell[]> pairs = cells(HierarchyWorlds.openPairs(store.grid(), 15, 25));
            assertSameHpaAnswers(plain.grid(), store.grid(), pairs, sixHpa, "6 moves, from the section");
            assertSameHpaAnswers(plain.grid(), store.grid(), pairs, HPA, "26 moves, built by the grid");
        }
    }

    /** Moving AI's Simple world, when the benchmark data is there: the store answers its scenarios as a build. */
    @Test
    void theSimpleWorldsScenariosAnswerAsAnInMemoryBuild() throws IOException {
        Path data = StoreTestSupport.dataRoot().resolve("movingai3d");
        Path map = data.resolve("Simple.3dmap");
        Assumptions.assumeTrue(
                Files.isRegularFile(map),
                () -> "Moving AI voxel data not found: " + map.toAbsolutePath().normalize()
                        + " is missing (set -Donepath.data to the shared data root); skipping");
        Path with = dir.resolve("Simple-hierarchy.opstore");
        Path without = dir.resolve("Simple.opstore");
        try (VoxelGrid w = VoxelMap.read(map).toGrid()) {
            HierarchyWorlds.bake(w, HierarchyOptions.DEFAULT, with);
            VoxelWorldStore.write(w, "Simple.3dmap", without);
        }
        List<VoxelScenario> problems = VoxelScenarios.read(data.resolve("Simple.3dmap.3dscen"));
        List<VoxelCell[]> pairs = new ArrayList<>();
        for (int i = 0; i < problems.size() && pairs.size() < 80; i += Math.max(1, problems.size() / 80)) {
            pairs.add(new VoxelCell[] {problems.get(i).start(), problems.get(i).goal()});
        }
        try (VoxelWorldStore store = VoxelWorldStore.open(with);
                VoxelWorldStore plain = VoxelWorldStore.open(without);
                VoxelGrid fromMap = VoxelMap.read(map).toGrid()) {
            assertSameHpaAnswers(plain.grid(), store.grid(), pairs, HPA, "Simple");
            assertSameHpaAnswers(fromMap, store.grid(), pairs, HPA, "Simple, the map read into memory");
            for (int i = 0; i < pairs.size(); i++) {
                VoxelPath p = store.grid().findPath(pairs.get(i)[0], pairs.get(i)[1], HPA);
                assertNotEquals(PathStatus.NO_PATH, p.status(), "a published problem has a path");
            }
        }
    }
}
