package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.grids.BakeMonitor;
import org.onepath.layout.GoalBoundsTableLayout;

/**
 * Section 7, goal bounds: a grid baked with bounds stores them byte for byte and a store opened
 * from it runs bounded queries at the JPS+ cost and says so; a store without them, or whose cells
 * were edited after opening, runs JPS+ and says so; a damaged, shortened or foreign section is
 * refused at open naming the section.
 */
class GridStoreGoalBoundsTest {
    private static final GridOptions BOUNDED =
            GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS_BOUNDED).build();
    private static final GridOptions PLUS =
            GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build();

    @TempDir
    Path dir;

    private int counter;

    /** Walls only, so every query the tier-1 engine serves qualifies for bounds. */
    private static Grid walls(int width, int height, long seed, int percent) {
        Random rnd = new Random(seed);
        Grid grid = Grid.create(width, height);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (rnd.nextInt(100) < percent) {
                    grid.setWalkable(x, y, false);
                }
            }
        }
        return grid;
    }

    private static Cell open(Grid grid, Random rnd) {
        while (true) {
            int x = rnd.nextInt(grid.width());
            int y = rnd.nextInt(grid.height());
            if (grid.isWalkable(x, y)) {
                return new Cell(x, y);
            }
        }
    }

    private Path bakeWithBounds(Grid grid) throws IOException {
        grid.bakeGoalBounds(2, BakeMonitor.NONE);
        Path out = dir.resolve("bounded-" + (counter++) + ".opstore");
        GridStore.bake(grid, "bounded.map", out);
        return out;
    }

    private Path write(byte[] bytes) {
        return StoreTestSupport.write(dir.resolve("case-" + (counter++) + ".opstore"), bytes);
    }

    private static <T extends StoreException> T refusedAtOpen(Class<T> type, Path file) {
        T e = assertThrows(type, () -> GridStore.open(file).close(), file.toString());
        StoreTestSupport.assertNamesFile(e, file);
        return e;
    }

    private static void assertNamesGoalBounds(StoreException e) {
        assertTrue(e.getMessage().contains("goal bounds"), "message should name the goal bounds: " + e.getMessage());
    }

    @Test
    void boundsBakedIntoAStoreRunBoundedQueriesAtTheJpsPlusCost() throws IOException {
        Random rnd = new Random(0x57_0B_0001L);
        for (int round = 0; round < 8; round++) {
            int w = 12 + rnd.nextInt(50);
            int h = 12 + rnd.nextInt(50);
            try (Grid grid = walls(w, h, rnd.nextLong(), rnd.nextInt(35))) {
                Path file = bakeWithBounds(grid);
                try (GridStore store = GridStore.open(file)) {
                    String what = "round " + round + " " + w + " x " + h;
                    assertNotNull(store.file().section(StoreLayout.SECTION_GOAL_BOUNDS), what);
                    assertNotNull(store.grid().goalBounds(), what);
                    for (int q = 0; q < 40; q++) {
                        Cell s = open(grid, rnd);
                        Cell g = open(grid, rnd);
                        GridPath expected = grid.findPath(s, g, PLUS);
                        GridPath bounded = store.findPath(s, g, BOUNDED);
                        String query = what + " " + s + " -> " + g;
                        assertEquals(GridAlgorithm.JPS_PLUS_BOUNDED, bounded.algorithm(), query);
                        assertEquals(expected.status(), bounded.status(), query);
                        assertEquals(expected.cost(), bounded.cost(), 1e-9, query);
                    }
                    store.verify(StoreProgress.NONE);
                }
            }
        }
    }

    @Test
    void theSectionHoldsTheBakingGridsTableByteForByte() throws IOException {
        try (Grid grid = walls(41, 29, 0x57_0B_0002L, 20)) {
            Path file = bakeWithBounds(grid);
            byte[] b = StoreTestSupport.read(file);
            long offset = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_GOAL_BOUNDS);
            long length = StoreTestSupport.sectionLength(b, StoreLayout.SECTION_GOAL_BOUNDS);
            byte[] table = StoreTestSupport.bytes(grid.tables().goalBounds());
            assertEquals(table.length, length);
            byte[] section = new byte[(int) length];
            System.arraycopy(b, (int) offset, section, 0, section.length);
            assertArrayEquals(table, section);
            assertEquals(0, offset % StoreLayout.ALIGNMENT, "sections start on 64-byte boundaries");
            try (GridStore store = GridStore.open(file)) {
                assertEquals(
                        grid.goalBounds().jumpPoints(),
                        store.grid().goalBounds().jumpPoints());
                assertEquals(
                        grid.goalBounds().storedBoxes(),
                        store.grid().goalBounds().storedBoxes());
            }
        }
    }

    @Test
    void aStoreWithoutBoundsRunsJpsPlusAndSaysSo() throws IOException {
        Random rnd = new Random(0x57_0B_0003L);
        try (Grid grid = walls(40, 30, 0x57_0B_0004L, 20)) {
            Path file = dir.resolve("plain.opstore");
            GridStore.bake(grid, "plain.map", file);
            try (GridStore store = GridStore.open(file)) {
                assertNull(store.file().section(StoreLayout.SECTION_GOAL_BOUNDS));
                assertNull(store.grid().goalBounds());
                for (int q = 0; q < 20; q++) {
                    Cell s = open(grid, rnd);
                    Cell g = open(grid, rnd);
                    GridPath p = store.findPath(s, g, BOUNDED);
                    assertEquals(GridAlgorithm.JPS_PLUS, p.algorithm(), s + " -> " + g);
                    assertEquals(grid.findPath(s, g, PLUS).cost(), p.cost(), 1e-9);
                }
            }
        }
    }

    @Test
    void editsAfterOpeningMakeTheBoundsStaleAndQueriesRunJpsPlus() throws IOException {
        Random rnd = new Random(0x57_0B_0005L);
        try (Grid grid = walls(45, 33, 0x57_0B_0006L, 18)) {
            Path file = bakeWithBounds(grid);
            try (GridStore store = GridStore.open(file, StoreMode.PRIVATE)) {
                Grid mine = store.grid();
                assertEquals(
                        GridAlgorithm.JPS_PLUS_BOUNDED,
                        store.findPath(open(mine, rnd), open(mine, rnd), BOUNDED)
                                .algorithm());
                Cell wall = open(mine, rnd);
                mine.setWalkable(wall.x(), wall.y(), false);
                assertNull(mine.tables().goalBounds(), "stale bounds are not handed on");
                for (int q = 0; q < 20; q++) {
                    Cell s = open(mine, rnd);
                    Cell g = open(mine, rnd);
                    GridPath p = store.findPath(s, g, BOUNDED);
                    assertEquals(GridAlgorithm.JPS_PLUS, p.algorithm(), "after an edit " + s + " -> " + g);
                    assertEquals(mine.findPath(s, g, PLUS).cost(), p.cost(), 1e-9);
                }
                // Committing the edited grid writes no bounds: they no longer describe its cells.
                store.commit(StoreProgress.NONE);
            }
            try (GridStore again = GridStore.open(file)) {
                assertNull(again.file().section(StoreLayout.SECTION_GOAL_BOUNDS));
            }
        }
    }

    @Test
    void aBitFlippedInTheSectionIsRefusedAtOpen() throws IOException {
        try (Grid grid = walls(40, 30, 0x57_0B_0007L, 20)) {
            byte[] sample = StoreTestSupport.read(bakeWithBounds(grid));
            long offset = StoreTestSupport.sectionOffset(sample, StoreLayout.SECTION_GOAL_BOUNDS);
            long length = StoreTestSupport.sectionLength(sample, StoreLayout.SECTION_GOAL_BOUNDS);
            Random rnd = new Random(0x57_0B_0008L);
            for (int i = 0; i < 12; i++) {
                long bit = rnd.nextLong(length * 8);
                byte[] b = sample.clone();
                b[(int) (offset + bit / 8)] ^= (byte) (1 << (bit % 8));
                StoreCorruptException e = refusedAtOpen(StoreCorruptException.class, write(b));
                assertNamesGoalBounds(e);
                assertTrue(e.getMessage().contains("checksum"), "bit " + bit + ": " + e.getMessage());
            }
        }
    }

    @Test
    void aFileCutInsideTheSectionIsRefusedAtOpen() throws IOException {
        try (Grid grid = walls(40, 30, 0x57_0B_0009L, 20)) {
            byte[] sample = StoreTestSupport.read(bakeWithBounds(grid));
            long offset = StoreTestSupport.sectionOffset(sample, StoreLayout.SECTION_GOAL_BOUNDS);
            long length = StoreTestSupport.sectionLength(sample, StoreLayout.SECTION_GOAL_BOUNDS);
            for (long cut : new long[] {offset, offset + 1, offset + length / 2, offset + length - 1}) {
                byte[] b = java.util.Arrays.copyOf(sample, (int) cut);
                refusedAtOpen(StoreTruncatedException.class, write(b));
            }
        }
    }

    /** A section shortened in a file that is otherwise whole: its checksum fixed, so the layout check has to catch it. */
    @Test
    void aShortenedSectionIsRefusedNamingTheSectionAndTheField() throws IOException {
        try (Grid grid = walls(40, 30, 0x57_0B_000AL, 20)) {
            byte[] b = StoreTestSupport.read(bakeWithBounds(grid));
            long entry = StoreTestSupport.entry(StoreTestSupport.entryOf(b, StoreLayout.SECTION_GOAL_BOUNDS));
            long offset = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_GOAL_BOUNDS);
            long length = StoreTestSupport.sectionLength(b, StoreLayout.SECTION_GOAL_BOUNDS) - 8;
            StoreTestSupport.putU64(b, entry + StoreLayout.ENTRY_LENGTH_OFFSET, length);
            StoreTestSupport.putU32(
                    b, entry + StoreLayout.ENTRY_CRC_OFFSET, StoreTestSupport.crc32c(b, offset, length));
            // The cut-off bytes become padding, which must be zero.
            java.util.Arrays.fill(b, (int) (offset + length), (int) (offset + length + 8), (byte) 0);
            StoreTestSupport.fixDirectory(b);
            StoreCorruptException e = refusedAtOpen(StoreCorruptException.class, write(b));
            assertNamesGoalBounds(e);
            assertTrue(e.getMessage().contains("id 7"), e.getMessage());
            assertTrue(e.getMessage().contains("length"), e.getMessage());
        }
    }

    /** A header field changed with every checksum fixed: the layout check names the field. */
    @Test
    void aWrongFieldWithAMatchingChecksumIsRefusedNamingTheField() throws IOException {
        try (Grid grid = walls(40, 30, 0x57_0B_000BL, 20)) {
            byte[] sample = StoreTestSupport.read(bakeWithBounds(grid));
            // A slot count 8 higher needs one more group of masks, so it changes the length the
            // table must have, which is checked first; the version is checked with the header.
            String[] fields = {"width is", "height is", "stepX is", "version is 3", "length is"};
            long[] at = {
                GoalBoundsTableLayout.WIDTH_OFFSET,
                GoalBoundsTableLayout.HEIGHT_OFFSET,
                GoalBoundsTableLayout.STEP_X_OFFSET,
                GoalBoundsTableLayout.VERSION_OFFSET,
                GoalBoundsTableLayout.SLOTS_OFFSET
            };
            int[] by = {1, 1, 1, 1, 8};
            for (int i = 0; i < fields.length; i++) {
                byte[] b = sample.clone();
                long entry = StoreTestSupport.entry(StoreTestSupport.entryOf(b, StoreLayout.SECTION_GOAL_BOUNDS));
                long offset = StoreTestSupport.sectionOffset(b, StoreLayout.SECTION_GOAL_BOUNDS);
                long length = StoreTestSupport.sectionLength(b, StoreLayout.SECTION_GOAL_BOUNDS);
                StoreTestSupport.putU32(b, offset + at[i], StoreTestSupport.u32(b, offset + at[i]) + by[i]);
                StoreTestSupport.putU32(
                        b, entry + StoreLayout.ENTRY_CRC_OFFSET, StoreTestSupport.crc32c(b, offset, length));
                StoreTestSupport.fixDirectory(b);
                StoreCorruptException e = refusedAtOpen(StoreCorruptException.class, write(b));
                assertNamesGoalBounds(e);
                assertTrue(e.getMessage().contains(fields[i]), fields[i] + ": " + e.getMessage());
            }
        }
    }

    /** The goal bounds of other cells of the same size, their checksum and fingerprint kept with them. */
    @Test
    void boundsSplicedFromAnotherBakeAreAMismatch() throws IOException {
        Path mine;
        Path theirs;
        try (Grid a = walls(40, 30, 0x57_0B_000CL, 20);
                Grid b = walls(40, 30, 0x57_0B_000DL, 20)) {
            mine = bakeWithBounds(a);
            theirs = bakeWithBounds(b);
        }
        Path spliced = dir.resolve("spliced.opstore");
        try (StoreFile f = StoreFile.open(mine);
                StoreFile other = StoreFile.open(theirs)) {
            StoreFile.Section foreign = other.section(StoreLayout.SECTION_GOAL_BOUNDS);
            assertNotEquals(f.section(StoreLayout.SECTION_GOAL_BOUNDS).fingerprintHex(), foreign.fingerprintHex());
            List<StoreWriter.Section> sections = new ArrayList<>();
            for (StoreFile.Section s : f.sections()) {
                StoreFile source = s.id() == StoreLayout.SECTION_GOAL_BOUNDS ? other : f;
                StoreFile.Section from = s.id() == StoreLayout.SECTION_GOAL_BOUNDS ? foreign : s;
                sections.add(new StoreWriter.Section(
                        from.id(), source.body(from), from.hasFingerprint() ? from.fingerprint() : null));
            }
            StoreWriter.write(spliced, StoreLayout.KIND_GRID, sections, StoreProgress.NONE);
        }
        StoreMismatchException e = refusedAtOpen(StoreMismatchException.class, spliced);
        assertNamesGoalBounds(e);
        assertTrue(e.getMessage().contains("id 7"), e.getMessage());
    }

    /** The store's file with the goal bounds' fingerprint made for derivation version {@code version}. */
    private Path withBoundsVersion(int version, long seed, String name) throws IOException {
        Path mine;
        try (Grid a = walls(40, 30, seed, 20)) {
            mine = bakeWithBounds(a);
        }
        Path other = dir.resolve(name);
        try (StoreFile f = StoreFile.open(mine)) {
            byte[] cellsPrint = f.section(StoreLayout.SECTION_CELLS).fingerprint();
            List<StoreWriter.Section> sections = new ArrayList<>();
            for (StoreFile.Section s : f.sections()) {
                byte[] print = s.hasFingerprint() ? s.fingerprint() : null;
                if (s.id() == StoreLayout.SECTION_GOAL_BOUNDS) {
                    print = Fingerprints.derived(s.id(), version, 40, 30, cellsPrint);
                }
                sections.add(new StoreWriter.Section(s.id(), f.body(s), print));
            }
            StoreWriter.write(other, StoreLayout.KIND_GRID, sections, StoreProgress.NONE);
        }
        return other;
    }

    /** The same cells' bounds under the fingerprint of a newer derivation version: a mismatch. */
    @Test
    void boundsOfANewerDerivationVersionAreAMismatch() throws IOException {
        Path other = withBoundsVersion(
                org.onepath.layout.GoalBoundsLayout.DERIVATION_VERSION + 1, 0x57_0B_000EL, "newer-rule.opstore");
        StoreMismatchException e = refusedAtOpen(StoreMismatchException.class, other);
        assertNamesGoalBounds(e);
    }

    /**
     * Bounds baked by version 1 of the rules (every optimal move in a box at every jump end, read
     * by a query without pruning at its runs' stops; their section carries version 1's
     * fingerprint) are refused as too old, naming the file, both versions and the bake to run.
     */
    @Test
    void boundsOfVersionOneAreTooOld() throws IOException {
        assertEquals(2, org.onepath.layout.GoalBoundsLayout.DERIVATION_VERSION);
        Path old = withBoundsVersion(1, 0x57_0B_0010L, "version-1.opstore");
        StoreTooOldException e = refusedAtOpen(StoreTooOldException.class, old);
        assertNamesGoalBounds(e);
        assertTrue(e.getMessage().contains("version 1 of the goal-bounds rules"), e.getMessage());
        assertTrue(e.getMessage().contains("older than version 2"), e.getMessage());
        assertTrue(e.getMessage().contains("onepath bake MAP --bounds"), e.getMessage());
    }

    /** Bounds without the JPS+ table they are read with cannot come from a bake. */
    @Test
    void boundsWithoutTheJpsPlusTableAreCorrupt() throws IOException {
        Path mine;
        try (Grid a = walls(40, 30, 0x57_0B_000FL, 20)) {
            mine = bakeWithBounds(a);
        }
        Path without = dir.resolve("no-jps.opstore");
        try (StoreFile f = StoreFile.open(mine)) {
            List<StoreWriter.Section> sections = new ArrayList<>();
            for (StoreFile.Section s : f.sections()) {
                if (s.id() != StoreLayout.SECTION_JPS_PLUS) {
                    sections.add(
                            new StoreWriter.Section(s.id(), f.body(s), s.hasFingerprint() ? s.fingerprint() : null));
                }
            }
            StoreWriter.write(without, StoreLayout.KIND_GRID, sections, StoreProgress.NONE);
        }
        assertNamesGoalBounds(refusedAtOpen(StoreCorruptException.class, without));
    }
}
