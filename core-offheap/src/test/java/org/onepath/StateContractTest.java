package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cell;
import org.onepath.cells.GridChangeListener;
import org.onepath.cells.PathStatus;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.state.GridStateException;

/**
 * The save and restore contract of grids, voxel grids and sliced searches: saving twice gives the
 * same bytes, save-restore-save gives the same bytes, fromState agrees; restores tell listeners of
 * exactly the differing cells in order, after the whole state is in place, and put back the saved
 * version; a voxel chunk that was default in the state is default again; a different size is
 * refused with a message naming field, value and expectation; saving into a segment writes the
 * same bytes and refuses a short destination; a {@link GridSearch} begun before a restore refuses
 * to step; a search left not started by a failed restore stays usable.
 */
class StateContractTest {

    // ---- saving is a pure function of the state ----

    @ParameterizedTest
    @EnumSource(StateGoldens.class)
    void savingTwiceGivesTheSameBytes(StateGoldens golden) {
        try (StateGoldens.Subject s = golden.build()) {
            byte[] first = s.save();
            byte[] second = s.save();
            assertArrayEquals(first, second);
            assertNotSame(first, second, "a new array each time");
        }
    }

    @ParameterizedTest
    @EnumSource(StateGoldens.class)
    void stateLengthIsTheLengthOfTheSavedBytes(StateGoldens golden) {
        try (StateGoldens.Subject s = golden.build();
                StateGoldens.Subject fresh = golden.fresh()) {
            assertEquals(s.save().length, s.target().stateLength(), "the golden object");
            assertEquals(fresh.save().length, fresh.target().stateLength(), "a fresh object");
            fresh.prime();
            assertEquals(fresh.save().length, fresh.target().stateLength(), "after one iteration");
        }
    }

    @ParameterizedTest
    @EnumSource(StateGoldens.class)
    void saveRestoreSaveGivesTheSameBytes(StateGoldens golden) {
        try (StateGoldens.Subject original = golden.build();
                StateGoldens.Subject other = golden.fresh()) {
            byte[] saved = original.save();
            other.restore(saved);
            assertArrayEquals(saved, other.save(), "restored into a fresh object");
            other.restore(MemorySegment.ofArray(saved));
            assertArrayEquals(saved, other.save(), "restored again, from a heap segment");
            original.restore(saved);
            assertArrayEquals(saved, original.save(), "restored into itself");
            byte[] made = original.fromStateThenSave(saved);
            if (made != null) {
                assertArrayEquals(saved, made, "fromState");
            }
        }
    }

    @Test
    void gridStateCarriesVersionCostsSpaceAndCells() {
        try (Grid golden = StateGoldens.goldenGrid();
                Grid other = Grid.create(7, 5, 9)) {
            byte[] saved = golden.saveState();
            assertEquals(golden.stateLength(), saved.length);
            other.areas().set(9, 0.125);
            other.space(new GridSpace(3, 4, 5));
            for (int i = 0; i < 12; i++) {
                other.setArea(i % 7, i / 7, Grid.WALL);
            }
            other.restoreState(saved);
            assertEquals(3, other.version(), "the saved version, not the restoring grid's");
            assertEquals(golden.space(), other.space());
            assertEquals(golden.areas().version(), other.areas().version());
            for (int a = 0; a < AreaCosts.AREA_COUNT; a++) {
                assertEquals(golden.areas().get(a), other.areas().get(a), "area " + a);
            }
            assertEquals(0.75, other.areas().minCost(), "min cost recomputed from the restored table");
            for (int y = 0; y < 5; y++) {
                for (int x = 0; x < 7; x++) {
                    assertEquals(golden.area(x, y), other.area(x, y), "cell " + x + "," + y);
                }
            }
            assertEquals(golden.maxAgentSizeAt(0, 2), other.maxAgentSizeAt(0, 2), "clearance recomputed");
            try (Grid made = Grid.fromState(saved)) {
                assertEquals(0, made.restoreCount(), "a grid made from a state has not been restored");
                assertEquals(3, made.version());
                assertArrayEquals(saved, made.saveState());
            }
        }
    }

    @Test
    void versionsRepeatAfterARollbackAndRestoreCountTellsThemApart() {
        try (Grid grid = StateGoldens.goldenGrid()) {
            byte[] saved = grid.saveState();
            int restores = grid.restoreCount();
            grid.setArea(1, 0, 2);
            grid.setArea(2, 0, 0);
            assertEquals(5, grid.version());
            grid.restoreState(saved);
            assertEquals(3, grid.version(), "rolled back to the saved version");
            assertEquals(restores + 1, grid.restoreCount());
            grid.setArea(5, 0, 1);
            assertEquals(4, grid.version(), "the next edit repeats version 4 with other contents");
            grid.restoreState(saved);
            assertEquals(restores + 2, grid.restoreCount(), "every restore counts, even one that changes nothing");
            grid.restoreState(saved);
            assertEquals(restores + 3, grid.restoreCount());
        }
    }

    // ---- listeners ----

    @Test
    void gridRestoreReportsExactlyTheDifferingCellsInRowMajorOrderAfterTheWholeStateIsIn() {
        try (Grid grid = StateGoldens.goldenGrid()) {
            byte[] saved = grid.saveState();
            // edits in scrambled order, one undone by hand, plus costs and space
            grid.setArea(5, 3, 9);
            grid.setArea(1, 0, Grid.WALL);
            grid.setArea(6, 4, 0);
            grid.setArea(0, 2, 4);
            grid.setArea(3, 3, 2);
            grid.setArea(3, 3, 1); // back to the saved value: not a difference
            grid.setArea(6, 0, 5);
            grid.areas().set(4, 9.0);
            grid.space(GridSpace.UNASSIGNED);
            List<String> first = new ArrayList<>();
            List<String> second = new ArrayList<>();
            List<String> wrongState = new ArrayList<>();
            GridChangeListener a = (g, x, y) -> {
                first.add(x + "," + y);
                if (!Arrays.equals(saved, ((Grid) g).saveState())) {
                    wrongState.add(x + "," + y);
                }
            };
            grid.addChangeListener(a);
            grid.addChangeListener((g, x, y) -> second.add(x + "," + y));
            grid.restoreState(saved);
            assertEquals(List.of("1,0", "6,0", "0,2", "5,3", "6,4"), first, "differing cells, row-major");
            assertEquals(first, second, "every listener hears every cell");
            assertEquals(List.of(), wrongState, "listeners called before the grid held the whole restored state");
            assertEquals(3, grid.version());

            first.clear();
            grid.restoreState(saved);
            assertEquals(List.of(), first, "restoring the state the grid holds reports nothing");
            assertTrue(grid.removeChangeListener(a));
        }
    }

    @Test
    void voxelRestoreReportsDifferingVoxelsInAscendingNodeOrderAndDefaultChunksBecomeDefault() {
        try (VoxelGrid voxels = StateGoldens.goldenVoxels()) {
            byte[] saved = voxels.saveState();
            assertEquals(voxels.stateLength(), saved.length);
            assertEquals(3, voxels.storedChunkCount());
            int sx = voxels.sizeX();
            int sy = voxels.sizeY();
            // (0, 1, 0) lies in slot 0, (17, 0, 0) in slot 1: slot order would report node 20 before node 17
            int[][] edits = {{0, 1, 0}, {17, 0, 0}, {3, 16, 0}, {2, 2, 20}, {19, 16, 32}, {1, 2, 3}, {10, 10, 10}};
            int[] areas = {4, 255, 1, 9, 0, 0, 6};
            for (int i = 0; i < edits.length; i++) {
                voxels.setArea(edits[i][0], edits[i][1], edits[i][2], areas[i]);
            }
            voxels.setArea(10, 10, 10, 0); // undone: not a difference
            assertEquals(6, voxels.storedChunkCount(), "chunks (1,0,0), (0,1,0) and (0,0,1) now stored");
            TreeSet<Integer> expected = new TreeSet<>();
            for (int i = 0; i < edits.length - 1; i++) {
                expected.add(edits[i][0] + sx * (edits[i][1] + sy * edits[i][2]));
            }
            List<Integer> heard = new ArrayList<>();
            List<Integer> wrongState = new ArrayList<>();
            voxels.addChangeListener((g, x, y, z) -> {
                heard.add(x + sx * (y + sy * z));
                if (g.storedChunkCount() != 3 || !Arrays.equals(saved, g.saveState())) {
                    wrongState.add(x + sx * (y + sy * z));
                }
            });
            voxels.restoreState(saved);
            assertEquals(new ArrayList<>(expected), heard, "differing voxels in ascending node order");
            assertEquals(List.of(), wrongState, "listeners called before the grid held the whole restored state");
            assertEquals(3, voxels.storedChunkCount(), "chunks saved as default are default again");
            assertNull(voxels.chunk(1, 0, 0));
            assertNull(voxels.chunk(0, 1, 0));
            assertNull(voxels.chunk(0, 0, 1));
            assertNotNull(voxels.chunk(1, 1, 2));
            assertArrayEquals(saved, voxels.saveState());
            assertEquals(5, voxels.version());
            assertEquals(255, voxels.area(19, 16, 32));
            assertEquals(0, voxels.area(17, 0, 0));
        }
    }

    @Test
    void aVoxelEditedInADefaultChunkAfterSavingIsUndoneByRestore() {
        try (VoxelGrid voxels = VoxelGrid.create(40, 20, 18)) {
            voxels.setArea(1, 1, 1, 3);
            byte[] saved = voxels.saveState();
            assertEquals(1, voxels.storedChunkCount());
            voxels.setWalkable(39, 19, 17, false);
            assertEquals(2, voxels.storedChunkCount());
            assertNotEquals(saved.length, voxels.saveState().length);
            voxels.restoreState(saved);
            assertEquals(1, voxels.storedChunkCount());
            assertNull(voxels.chunk(2, 1, 1));
            assertTrue(voxels.isWalkable(39, 19, 17));
            assertArrayEquals(saved, voxels.saveState());
            // an all-default state clears every chunk
            try (VoxelGrid empty = VoxelGrid.create(40, 20, 18)) {
                voxels.restoreState(empty.saveState());
                assertEquals(0, voxels.storedChunkCount());
                assertArrayEquals(empty.saveState(), voxels.saveState());
            }
        }
    }

    @Test
    void solidVoxelGridRoundTrips() {
        try (VoxelGrid solid = VoxelGrid.create(17, 3, 16, 255)) {
            solid.setWalkable(16, 2, 15, true);
            solid.setArea(0, 0, 0, 254);
            byte[] saved = solid.saveState();
            try (VoxelGrid made = VoxelGrid.fromState(saved);
                    VoxelGrid other = VoxelGrid.create(17, 3, 16, 255)) {
                assertEquals(255, made.defaultArea());
                assertArrayEquals(saved, made.saveState());
                other.restoreState(saved);
                assertArrayEquals(saved, other.saveState());
                assertEquals(254, other.area(0, 0, 0));
                assertTrue(other.isWalkable(16, 2, 15));
                assertFalse(other.isWalkable(5, 1, 5));
            }
        }
    }

    // ---- size checks ----

    @Test
    void restoreIntoAnotherSizeNamesFieldValueAndExpectation() {
        byte[] grid = StateGoldens.GRID.readBin();
        try (Grid wider = Grid.create(9, 5);
                Grid lower = Grid.create(7, 4)) {
            byte[] before = wider.saveState();
            GridStateException w = assertThrows(GridStateException.class, () -> wider.restoreState(grid));
            assertEquals("width", w.field());
            assertEquals("7", w.value());
            assertTrue(w.expected().contains("9"), w.expected());
            assertTrue(
                    w.getMessage().contains("'width'")
                            && w.getMessage().contains("= 7")
                            && w.getMessage().contains("9"),
                    w.getMessage());
            assertArrayEquals(before, wider.saveState(), "unchanged");
            GridStateException h = assertThrows(GridStateException.class, () -> lower.restoreState(grid));
            assertEquals("height", h.field());
            assertTrue(
                    h.getMessage().contains("'height'")
                            && h.getMessage().contains("= 5")
                            && h.getMessage().contains("4"),
                    h.getMessage());
        }
        byte[] voxel = StateGoldens.VOXEL.readBin();
        int[][] sizes = {{21, 17, 33}, {20, 18, 33}, {20, 17, 32}};
        String[] fields = {"sizeX", "sizeY", "sizeZ"};
        String[] values = {"20", "17", "33"};
        for (int i = 0; i < sizes.length; i++) {
            try (VoxelGrid other = VoxelGrid.create(sizes[i][0], sizes[i][1], sizes[i][2])) {
                GridStateException e = assertThrows(GridStateException.class, () -> other.restoreState(voxel));
                assertEquals(fields[i], e.field());
                assertEquals(values[i], e.value());
                String expected = Integer.toString(sizes[i][i]);
                assertTrue(e.expected().startsWith(expected), e.expected());
                assertTrue(
                        e.getMessage().contains(fields[i])
                                && e.getMessage().contains(values[i])
                                && e.getMessage().contains(expected),
                        e.getMessage());
                assertEquals(0, other.storedChunkCount());
            }
        }
        try (VoxelGrid solid = VoxelGrid.create(20, 17, 33, 255)) {
            GridStateException e = assertThrows(GridStateException.class, () -> solid.restoreState(voxel));
            assertEquals("defaultArea", e.field());
            assertTrue(
                    e.getMessage().contains("defaultArea")
                            && e.getMessage().contains("= 0")
                            && e.getMessage().contains("255"),
                    e.getMessage());
        }
        // searches: node count and weight must be the restoring search's
        byte[] astar = StateGoldens.ASTAR_RUNNING.readBin();
        try (StateGoldens.AStarSubject heavier = new StateGoldens.AStarSubject(1.5)) {
            GridStateException e = assertThrows(GridStateException.class, () -> heavier.restore(astar));
            assertEquals("heuristicWeight", e.field());
            assertEquals("1.0", e.value());
            assertTrue(e.expected().startsWith("1.5"), e.expected());
            assertEquals(SearchStatus.NOT_STARTED, heavier.astar.status());
        }
        try (StateGoldens.JumpSubject jps = new StateGoldens.JumpSubject()) {
            GridStateException e = assertThrows(GridStateException.class, () -> jps.restore(patchKind(astar, 9)));
            assertEquals("nodeCount", e.field());
            assertEquals("80", e.value());
            assertTrue(e.expected().startsWith("108"), e.expected());
        }
    }

    private static byte[] patchKind(byte[] state, int kind) {
        byte[] out = state.clone();
        out[6] = (byte) kind;
        return out;
    }

    // ---- saving into a segment ----

    @ParameterizedTest
    @EnumSource(StateGoldens.class)
    void savingIntoASegmentWritesTheSameBytesAndRefusesAShortDestination(StateGoldens golden) {
        try (StateGoldens.Subject s = golden.build();
                Arena arena = Arena.ofConfined()) {
            byte[] expected = s.save();
            int n = expected.length;
            assertEquals(n, s.target().stateLength());
            for (MemorySegment dest : List.of(arena.allocate(n + 20), MemorySegment.ofArray(new byte[n + 20]))) {
                dest.fill((byte) 0xA5);
                assertEquals(n, saveInto(s, dest, 7));
                assertArrayEquals(expected, dest.asSlice(7, n).toArray(ValueLayout.JAVA_BYTE));
                for (long i = 0; i < 7; i++) {
                    assertEquals((byte) 0xA5, dest.get(ValueLayout.JAVA_BYTE, i), "byte " + i + " before the state");
                }
                for (long i = 7 + n; i < n + 20; i++) {
                    assertEquals((byte) 0xA5, dest.get(ValueLayout.JAVA_BYTE, i), "byte " + i + " after the state");
                }
                // exactly fitting at the end
                assertEquals(n, saveInto(s, dest, 20));
                assertArrayEquals(expected, dest.asSlice(20, n).toArray(ValueLayout.JAVA_BYTE));
                // and it restores from the segment slice
                s.restore(dest.asSlice(20, n));
                assertArrayEquals(expected, s.save());
            }
            MemorySegment small = arena.allocate(n - 1);
            small.fill((byte) 0x5A);
            assertThrows(IllegalArgumentException.class, () -> saveInto(s, small, 0), "one byte short");
            for (long i = 0; i < n - 1; i++) {
                if (small.get(ValueLayout.JAVA_BYTE, i) != 0x5A) {
                    throw new AssertionError("a refused save wrote byte " + i);
                }
            }
            MemorySegment exact = arena.allocate(n);
            assertThrows(IllegalArgumentException.class, () -> saveInto(s, exact, 1), "offset 1 leaves one byte short");
            assertThrows(IllegalArgumentException.class, () -> saveInto(s, exact, -1), "negative offset");
            assertThrows(IllegalArgumentException.class, () -> saveInto(s, exact, n + 1), "offset past the end");
            assertThrows(IllegalArgumentException.class, () -> saveInto(s, exact, Long.MAX_VALUE), "huge offset");
            assertThrows(NullPointerException.class, () -> saveInto(s, null, 0));
            assertEquals(n, saveInto(s, exact, 0));
            assertArrayEquals(expected, exact.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    private static long saveInto(StateGoldens.Subject s, MemorySegment dest, long offset) {
        return s.target().saveState(dest, offset);
    }

    // ---- searches built on a restored grid ----

    @Test
    void gridSearchBegunBeforeARestoreRefusesToStep() {
        for (GridOptions options : List.of(
                GridOptions.DEFAULT,
                GridOptions.builder().algorithm(GridAlgorithm.JPS).build(),
                GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build(),
                GridOptions.builder().specializedEngines(false).build(),
                GridOptions.FOUR_CONNECTED)) {
            try (Grid grid = StateGoldens.jpsGrid();
                    GridSearch search = grid.createSearch(options)) {
                byte[] saved = grid.saveState();
                assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(0, 0, 11, 8));
                assertEquals(PathStatus.IN_PROGRESS, search.step(1), options.toString());
                // restoring the very state the grid holds: same version, same cells, still a restore
                grid.restoreState(saved);
                assertEquals(0, grid.version());
                IllegalStateException e =
                        assertThrows(IllegalStateException.class, () -> search.step(1), options.toString());
                assertTrue(e.getMessage().contains("restored"), e.getMessage());
                // begun again after the restore, it runs
                assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(0, 0, 11, 8));
                assertEquals(PathStatus.FOUND, search.step(Integer.MAX_VALUE), options.toString());
                // a rollback to an older state with a different version
                grid.setWalkable(5, 5, false);
                byte[] later = grid.saveState();
                assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(0, 0, 11, 8));
                grid.restoreState(saved);
                assertThrows(IllegalStateException.class, () -> search.step(5), options.toString());
                grid.restoreState(later);
                assertThrows(
                        IllegalStateException.class,
                        () -> search.step(5),
                        "still refused after restoring the later state");
            }
        }
    }

    @Test
    void gridSearchAfterARollbackSeesTheRestoredAreaCostsEvenWhenTheCostVersionRepeats() {
        String picture = """
                11111111
                11111111
                11111111
                """;
        GridOptions jps = GridOptions.builder().algorithm(GridAlgorithm.JPS).build();
        try (Grid grid = Grid.fromText(picture);
                GridSearch search = grid.createSearch(jps)) {
            grid.areas().set(1, 2.0); // cost version 1: not uniform
            byte[] saved = grid.saveState();
            grid.areas().set(1, 1.0); // cost version 2: uniform, jump point search qualifies
            search.begin(new Cell(0, 1), new Cell(7, 1));
            assertEquals(PathStatus.FOUND, search.step(Integer.MAX_VALUE));
            assertEquals(GridAlgorithm.JPS, search.algorithm());
            assertEquals(7.0, search.cost());
            GridPath viaGrid = grid.findPath(new Cell(0, 1), new Cell(7, 1), jps);
            assertEquals(7.0, viaGrid.cost());

            grid.restoreState(saved); // cost version 1 again
            grid.areas().set(1, 3.0); // cost version 2 again, other costs, not uniform
            try (Grid copy = Grid.fromState(grid.saveState());
                    GridSearch fresh = copy.createSearch(jps)) {
                fresh.begin(new Cell(0, 1), new Cell(7, 1));
                fresh.step(Integer.MAX_VALUE);
                assertEquals(GridAlgorithm.ASTAR, fresh.algorithm(), "a fresh handle falls back to A*");
                assertEquals(21.0, fresh.cost(), 1e-9);

                search.begin(new Cell(0, 1), new Cell(7, 1));
                assertEquals(PathStatus.FOUND, search.step(Integer.MAX_VALUE));
                assertEquals(fresh.algorithm(), search.algorithm(), "the handle planned before the rollback");
                assertEquals(
                        Double.doubleToLongBits(fresh.cost()),
                        Double.doubleToLongBits(search.cost()),
                        "cost " + search.cost() + " of the handle planned before the rollback");
                GridPath again = grid.findPath(new Cell(0, 1), new Cell(7, 1), jps);
                assertEquals(
                        Double.doubleToLongBits(fresh.cost()),
                        Double.doubleToLongBits(again.cost()),
                        "grid.findPath with the pooled handle: cost " + again.cost());
            }
        }
    }

    @Test
    void searchesBuiltOverARestoredGridContinueAsTheOriginalWould() {
        // roll the grid back, restore the search saved with it: the continuation is the original's
        try (StateGoldens.AStarSubject original = new StateGoldens.AStarSubject(1.0)) {
            byte[] gridState = original.grid.saveState();
            original.astar.begin(original.astarStart(), original.astarGoal());
            original.astar.step(9);
            byte[] searchState = original.save();
            original.astar.run();
            int[] path = original.astar.path();
            double cost = original.astar.pathCost();
            int[] expansions = original.astar.expandedNodes();
            // someone edits the grid and searches on
            original.grid.setWalkable(5, 0, false);
            original.astar.begin(original.astarStart(), original.astarGoal());
            original.astar.run();
            // roll back both
            original.grid.restoreState(gridState);
            original.restore(searchState);
            assertEquals(SearchStatus.RUNNING, original.astar.status());
            while (original.astar.step(3) == SearchStatus.RUNNING) {
                // go on
            }
            assertArrayEquals(path, original.astar.path());
            assertEquals(Double.doubleToLongBits(cost), Double.doubleToLongBits(original.astar.pathCost()));
            assertArrayEquals(expansions, original.astar.expandedNodes());
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = StateGoldens.class,
            names = {"ASTAR_RUNNING", "ASTAR_FOUND", "JPS_RUNNING"})
    void aFailedRestoreLeavesTheSearchNotStartedUntilRestoredOrBegunAgain(StateGoldens golden) {
        byte[] good = golden.readBin();
        byte[] bad = Arrays.copyOf(good, good.length - 1);
        try (StateGoldens.Subject s = golden.fresh()) {
            SlicedSearch search = s.search();
            s.prime();
            assertThrows(GridStateException.class, () -> s.restore(bad));
            assertEquals(SearchStatus.NOT_STARTED, search.status());
            assertThrows(IllegalStateException.class, () -> search.step(1));
            assertThrows(IllegalStateException.class, () -> search.step(0));
            assertThrows(IllegalStateException.class, search::path, "no path from a search left not started");
            // restored again: usable
            s.restore(good);
            assertArrayEquals(good, s.save());
            while (search.status() == SearchStatus.RUNNING) {
                search.step(5);
            }
            assertEquals(SearchStatus.FOUND, search.status());
            // failed again, then begun again: usable
            assertThrows(GridStateException.class, () -> s.restore(bad));
            s.prime();
            assertEquals(SearchStatus.RUNNING, search.status());
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = StateGoldens.class,
            names = {"ASTAR_RUNNING", "ASTAR_FOUND", "JPS_RUNNING"})
    void aSearchLeftNotStartedByAFailedRestoreSavesAStateThatRestores(StateGoldens golden) {
        byte[] good = golden.readBin();
        byte[] bad = Arrays.copyOf(good, good.length - 1);
        try (StateGoldens.Subject s = golden.fresh();
                StateGoldens.Subject other = golden.fresh()) {
            s.restore(good); // a search with iterations and, when found, a cost
            assertThrows(GridStateException.class, () -> s.restore(bad));
            assertEquals(SearchStatus.NOT_STARTED, s.search().status());
            byte[] saved = s.save();
            other.restore(saved); // save -> restore -> save must hold in this state too
            assertArrayEquals(saved, other.save());
            assertEquals(SearchStatus.NOT_STARTED, other.search().status());
        }
    }

    @Test
    void restoringANotStartedStateEndsARunningSearch() {
        byte[] notStarted = StateGoldens.ASTAR_NOT_STARTED.readBin();
        try (StateGoldens.AStarSubject s = new StateGoldens.AStarSubject(StateGoldens.NOT_STARTED_WEIGHT)) {
            s.prime();
            s.restore(notStarted);
            assertEquals(SearchStatus.NOT_STARTED, s.astar.status());
            assertEquals(-1, s.astar.start());
            assertEquals(0, s.astar.iterations());
            assertThrows(IllegalStateException.class, () -> s.astar.step(1));
            assertArrayEquals(notStarted, s.save());
            assertEquals(0, s.astar.expandedNodes().length, "the expansions of the search it replaced are gone");
        }
    }
}
