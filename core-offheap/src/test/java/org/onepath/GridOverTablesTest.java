package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.GridTables;
import org.onepath.cells.PathStatus;

/**
 * Grids built over a caller's cells and precomputed tables: queries equal those of the grid the
 * tables came from, the tables are used in place and follow edits, and a grid over read-only
 * memory is read-only.
 */
class GridOverTablesTest {

    /** Every algorithm, plus options that leave the specialised engines or the jump searches. */
    private static final List<GridOptions> OPTIONS = options();

    private static List<GridOptions> options() {
        List<GridOptions> list = new ArrayList<>();
        for (GridAlgorithm a : GridAlgorithm.values()) {
            list.add(GridOptions.builder().algorithm(a).build());
            list.add(
                    GridOptions.builder().algorithm(a).specializedEngines(false).build());
        }
        list.add(GridOptions.FOUR_CONNECTED);
        list.add(GridOptions.NO_SQUEEZING);
        list.add(GridOptions.builder().diagonalRule(DiagonalRule.ALLOW_ALL).build());
        list.add(GridOptions.builder()
                .heuristic(HeuristicKind.ZERO)
                .specializedEngines(false)
                .build());
        list.add(GridOptions.builder()
                .heuristic(HeuristicKind.MANHATTAN)
                .connectivity(Connectivity.FOUR)
                .build());
        list.add(GridOptions.forAgentSize(2));
        list.add(GridOptions.builder()
                .agentSize(3)
                .algorithm(GridAlgorithm.JPS_PLUS)
                .build());
        list.add(GridOptions.builder()
                .algorithm(GridAlgorithm.JPS)
                .stepCost((fx, fy, tx, ty, base) -> base * 2)
                .build());
        return List.copyOf(list);
    }

    /** A random grid: walls (up to 40 %) and areas 0..3, all at multiplier 1 so the jump searches qualify. */
    private static Grid randomGrid(int w, int h, Random random) {
        Grid grid = Grid.create(w, h);
        int wallPercent = random.nextInt(41);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                grid.setArea(x, y, random.nextInt(100) < wallPercent ? Grid.WALL : random.nextInt(4));
            }
        }
        return grid;
    }

    private static MemorySegment copyOf(MemorySegment source, Arena arena) {
        MemorySegment copy = arena.allocate(source.byteSize(), 8);
        copy.copyFrom(source);
        return copy;
    }

    private static GridTables map(GridTables t, Function<MemorySegment, MemorySegment> f) {
        return new GridTables(
                f.apply(t.clearance()), f.apply(t.blockMap()), f.apply(t.jpsPlus()), f.apply(t.octileNeighbours()));
    }

    private static void assertSameBytes(MemorySegment expected, MemorySegment actual, String what) {
        assertEquals(expected.byteSize(), actual.byteSize(), what + " size");
        long m = MemorySegment.mismatch(expected, 0, expected.byteSize(), actual, 0, actual.byteSize());
        if (m >= 0) {
            fail(what + " differs at byte " + m + ": expected " + expected.get(ValueLayout.JAVA_BYTE, m) + ", got "
                    + actual.get(ValueLayout.JAVA_BYTE, m));
        }
    }

    private static void assertSameTables(GridTables expected, GridTables actual, String where) {
        assertSameBytes(expected.clearance(), actual.clearance(), "clearance; " + where);
        assertSameBytes(expected.blockMap(), actual.blockMap(), "block map; " + where);
        assertSameBytes(expected.jpsPlus(), actual.jpsPlus(), "JPS+ table; " + where);
        assertSameBytes(expected.octileNeighbours(), actual.octileNeighbours(), "octile neighbour bytes; " + where);
    }

    /** The grid's view of each table is the caller's memory itself, not a copy. */
    private static void assertViewsAreCallerMemory(GridTables given, GridTables views) {
        assertEquals(given.clearance().address(), views.clearance().address(), "clearance is used in place");
        assertEquals(given.blockMap().address(), views.blockMap().address(), "block map is used in place");
        assertEquals(given.jpsPlus().address(), views.jpsPlus().address(), "JPS+ table is used in place");
        assertEquals(
                given.octileNeighbours().address(),
                views.octileNeighbours().address(),
                "neighbour bytes are used in place");
    }

    private static void assertSamePath(GridPath expected, GridPath actual, String where) {
        assertEquals(expected.status(), actual.status(), "status; " + where);
        assertEquals(expected.algorithm(), actual.algorithm(), "algorithm; " + where);
        assertEquals(expected.cost(), actual.cost(), 1e-9, "cost; " + where);
        assertArrayEquals(expected.cellIndices(), actual.cellIndices(), "cells; " + where);
    }

    private static void assertSameQueries(Grid original, Grid over, Random random, int pairs) {
        int w = original.width();
        int h = original.height();
        for (int i = 0; i < pairs; i++) {
            Cell s = new Cell(random.nextInt(w), random.nextInt(h));
            Cell g = new Cell(random.nextInt(w), random.nextInt(h));
            for (GridOptions o : OPTIONS) {
                assertSamePath(original.findPath(s, g, o), over.findPath(s, g, o), s + " -> " + g + " " + o);
            }
        }
    }

    // ---- 1. writable memory: queries, edits, in-place use ----

    @Property(tries = 40)
    void queriesOverCopiedTablesEqualTheOriginals(
            @ForAll @IntRange(min = 1, max = 40) int w, @ForAll @IntRange(min = 1, max = 40) int h, @ForAll long seed) {
        Random random = new Random(seed);
        try (Arena arena = Arena.ofConfined();
                Grid original = randomGrid(w, h, random)) {
            GridTables given = map(original.tables(), s -> copyOf(s, arena));
            MemorySegment cells = copyOf(original.cells(), arena);
            try (Grid over = Grid.over(cells, w, h, given)) {
                assertFalse(over.isReadOnly());
                assertSameQueries(original, over, random, 6);
                for (int y = 0; y < h; y++) {
                    for (int x = 0; x < w; x++) {
                        assertEquals(
                                original.maxAgentSizeAt(x, y),
                                over.maxAgentSizeAt(x, y),
                                "clearance at " + x + "," + y);
                    }
                }
                GridTables views = over.tables();
                assertViewsAreCallerMemory(given, views);
                assertSameTables(original.tables(), views, "after queries");
            }
        }
    }

    /**
     * Edits on a grid over copied tables, made after {@code tables()} has put the tables to use: the
     * caller's segments end up holding exactly what a fresh grid of the same cells computes.
     */
    @Property(tries = 40)
    void tablesInCallerMemoryFollowEdits(
            @ForAll @IntRange(min = 1, max = 40) int w,
            @ForAll @IntRange(min = 1, max = 40) int h,
            @ForAll @IntRange(min = 1, max = 60) int edits,
            @ForAll long seed) {
        Random random = new Random(seed);
        try (Arena arena = Arena.ofConfined();
                Grid original = randomGrid(w, h, random)) {
            GridTables given = map(original.tables(), s -> copyOf(s, arena));
            MemorySegment cells = copyOf(original.cells(), arena);
            try (Grid over = Grid.over(cells, w, h, given)) {
                assertViewsAreCallerMemory(given, over.tables()); // puts every table to use
                editAndCheck(over, given, cells, edits, random);
            }
        }
    }

    /**
     * The same, with the edits made straight after {@code over}, before any query or
     * {@code tables()} call.
     */
    @Property(tries = 40)
    void tablesInCallerMemoryFollowEditsMadeBeforeAnyQuery(
            @ForAll @IntRange(min = 1, max = 40) int w,
            @ForAll @IntRange(min = 1, max = 40) int h,
            @ForAll @IntRange(min = 1, max = 60) int edits,
            @ForAll long seed) {
        Random random = new Random(seed);
        try (Arena arena = Arena.ofConfined();
                Grid original = randomGrid(w, h, random)) {
            GridTables given = map(original.tables(), s -> copyOf(s, arena));
            MemorySegment cells = copyOf(original.cells(), arena);
            try (Grid over = Grid.over(cells, w, h, given)) {
                editAndCheck(over, given, cells, edits, random);
            }
        }
    }

    /** A wall placed right after {@code over} blocks the jump searches, which read the handed-over tables. */
    @Test
    void aWallAddedBeforeTheFirstQueryBlocksTheJumpSearches() {
        try (Arena arena = Arena.ofConfined();
                Grid original = Grid.fromText(".....\n")) {
            GridTables given = map(original.tables(), s -> copyOf(s, arena));
            try (Grid over = Grid.over(copyOf(original.cells(), arena), 5, 1, given)) {
                over.setWalkable(2, 0, false);
                StringBuilder wrong = new StringBuilder();
                for (GridAlgorithm a : GridAlgorithm.values()) {
                    GridPath p = over.findPath(
                            new Cell(0, 0),
                            new Cell(4, 0),
                            GridOptions.builder().algorithm(a).build());
                    if (p.status() != PathStatus.NO_PATH) {
                        wrong.append(a)
                                .append(" crossed the new wall: ")
                                .append(p)
                                .append('\n');
                    }
                }
                assertEquals("", wrong.toString());
            }
        }
    }

    /** More edits than the JPS+ index repairs one by one (it rebuilds the whole caller table). */
    @Test
    void manyEditsRebuildTheJpsTableInCallerMemory() {
        Random random = new Random(7);
        int w = 30;
        int h = 25;
        try (Arena arena = Arena.ofConfined();
                Grid original = randomGrid(w, h, random)) {
            GridTables given = map(original.tables(), s -> copyOf(s, arena));
            MemorySegment cells = copyOf(original.cells(), arena);
            try (Grid over = Grid.over(cells, w, h, given)) {
                over.tables();
                editAndCheck(over, given, cells, 400, random);
            }
        }
    }

    /** Makes random edits, then compares the caller's segments and the grid's queries with a fresh grid. */
    private static void editAndCheck(Grid over, GridTables given, MemorySegment cells, int edits, Random random) {
        int w = over.width();
        int h = over.height();
        byte[] clearanceBefore = given.clearance().toArray(ValueLayout.JAVA_BYTE);
        byte[] blockBefore = given.blockMap().toArray(ValueLayout.JAVA_BYTE);
        byte[] jpsBefore = given.jpsPlus().toArray(ValueLayout.JAVA_BYTE);
        for (int i = 0; i < edits; i++) {
            int area = random.nextInt(3) == 0 ? random.nextInt(4) : Grid.WALL;
            if (random.nextBoolean()) {
                area = over.isWalkable(i % w, (i / w) % h) ? Grid.WALL : 0; // a sure change of walkability
                over.setArea(i % w, (i / w) % h, area);
            } else {
                over.setArea(random.nextInt(w), random.nextInt(h), area);
            }
        }
        try (Grid fresh = Grid.create(w, h)) {
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    fresh.setArea(x, y, cells.get(ValueLayout.JAVA_BYTE, (long) y * w + x) & 0xFF);
                }
            }
            GridTables expected = fresh.tables();
            String where = w + " x " + h + " after " + edits + " edits";
            // the caller's memory, read before the grid is asked for its tables
            assertSameBytes(expected.blockMap(), given.blockMap(), "caller's block map; " + where);
            GridTables views = over.tables(); // brings clearance and JPS+ up to date
            assertViewsAreCallerMemory(given, views);
            assertSameTables(expected, given, "caller's segments; " + where);
            assertSameTables(expected, views, "tables(); " + where);
            if (!java.util.Arrays.equals(blockBefore, fresh.tables().blockMap().toArray(ValueLayout.JAVA_BYTE))) {
                assertFalse(
                        java.util.Arrays.equals(blockBefore, given.blockMap().toArray(ValueLayout.JAVA_BYTE)),
                        "the caller's block map changed");
            }
            if (!java.util.Arrays.equals(clearanceBefore, expected.clearance().toArray(ValueLayout.JAVA_BYTE))) {
                assertFalse(
                        java.util.Arrays.equals(
                                clearanceBefore, given.clearance().toArray(ValueLayout.JAVA_BYTE)),
                        "the caller's clearance changed");
            }
            if (!java.util.Arrays.equals(jpsBefore, expected.jpsPlus().toArray(ValueLayout.JAVA_BYTE))) {
                assertFalse(
                        java.util.Arrays.equals(jpsBefore, given.jpsPlus().toArray(ValueLayout.JAVA_BYTE)),
                        "the caller's JPS+ table changed");
            }
            assertSameQueries(fresh, over, random, 3);
        }
    }

    /** The tables are read where they lie: a clearance handed over decides the size-2 queries. */
    @Test
    void aClearanceHandedOverIsWhatQueriesRead() {
        try (Arena arena = Arena.ofConfined();
                Grid original = Grid.create(6, 6)) {
            GridTables given = map(original.tables(), s -> copyOf(s, arena));
            given.clearance().fill((byte) 1); // says no 2 x 2 square fits anywhere
            try (Grid over = Grid.over(copyOf(original.cells(), arena), 6, 6, given)) {
                assertTrue(original.findPath(new Cell(0, 0), new Cell(4, 4), GridOptions.forAgentSize(2))
                        .found());
                assertFalse(
                        over.findPath(new Cell(0, 0), new Cell(4, 4), GridOptions.forAgentSize(2))
                                .found(),
                        "the given clearance, not a recomputed one, decides");
                assertEquals(1, over.maxAgentSizeAt(0, 0));
                over.setArea(5, 5, Grid.WALL);
                assertEquals(5, over.maxAgentSizeAt(0, 0), "an edit recomputes clearance");
                assertEquals(5, given.clearance().get(ValueLayout.JAVA_BYTE, 0), "into the caller's segment");
            }
        }
    }

    // ---- 2. read-only memory ----

    @Test
    void aGridOverReadOnlyMemoryRefusesEditsAndAnswersQueries() {
        Random random = new Random(11);
        int w = 37;
        int h = 29;
        try (Arena arena = Arena.ofConfined();
                Grid original = randomGrid(w, h, random)) {
            GridTables given = map(original.tables(), s -> copyOf(s, arena).asReadOnly());
            GridTables snapshot = map(given, s -> copyOf(s, arena));
            MemorySegment cells = copyOf(original.cells(), arena).asReadOnly();
            byte[] state = original.saveState();
            Grid over = Grid.over(cells, w, h, given);
            try {
                assertTrue(over.isReadOnly());
                assertReadOnly(() -> over.setArea(1, 1, 3));
                assertReadOnly(() -> over.setArea(1, 1, over.area(1, 1))); // even a write of the same value
                assertReadOnly(() -> over.setWalkable(0, 0, false));
                assertReadOnly(() -> over.restoreState(state));
                assertReadOnly(() -> over.restoreState(MemorySegment.ofArray(state)));
                assertEquals(0, over.version());
                assertSameQueries(original, over, random, 8);
                GridTables views = over.tables();
                assertViewsAreCallerMemory(given, views);
                assertSameTables(given, views, "tables() of a read-only grid");
                assertSameTables(snapshot, views, "unchanged");
                assertSameBytes(original.cells(), over.cells(), "cells");
            } finally {
                over.close();
            }
            // closing did not free the caller's memory
            assertSameTables(snapshot, given, "caller's tables after close");
            assertSameBytes(original.cells(), cells, "caller's cells after close");
            assertThrows(IllegalStateException.class, over::tables);
        }
    }

    /** Read-only tables are taken as they are: tables of zeros stay zeros, nothing is recomputed. */
    @Test
    void readOnlyTablesAreTakenAsTheyAre() {
        try (Arena arena = Arena.ofConfined();
                Grid original = Grid.create(10, 8)) {
            GridTables zeros =
                    map(original.tables(), s -> arena.allocate(s.byteSize(), 8).asReadOnly());
            try (Grid over = Grid.over(copyOf(original.cells(), arena).asReadOnly(), 10, 8, zeros)) {
                assertEquals(0, over.maxAgentSizeAt(0, 0), "the given clearance says 0");
                over.findPath(
                        new Cell(0, 0),
                        new Cell(9, 7),
                        GridOptions.builder().algorithm(GridAlgorithm.JPS).build());
                over.findPath(
                        new Cell(0, 0),
                        new Cell(9, 7),
                        GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build());
                GridTables views = over.tables();
                assertViewsAreCallerMemory(zeros, views);
                assertEquals(-1, MemorySegment.mismatch(zeros.clearance(), 0, 80, views.clearance(), 0, 80));
                assertSameTables(zeros, views, "tables of zeros");
            }
        }
    }

    private static void assertReadOnly(Runnable edit) {
        IllegalStateException e = assertThrows(IllegalStateException.class, edit::run);
        assertTrue(e.getMessage().contains("read-only"), e.getMessage());
    }

    @Test
    void readOnlyCellsWithoutTablesComputeTheirOwn() {
        Random random = new Random(3);
        try (Arena arena = Arena.ofConfined();
                Grid original = randomGrid(20, 15, random);
                Grid over = Grid.over(copyOf(original.cells(), arena).asReadOnly(), 20, 15, GridTables.NONE)) {
            assertTrue(over.isReadOnly());
            assertReadOnly(() -> over.setArea(0, 0, 1));
            assertSameQueries(original, over, random, 4);
            assertSameTables(original.tables(), over.tables(), "computed tables");
        }
    }

    @Test
    void aWritableGridOverTablesIsNotReadOnly() {
        try (Arena arena = Arena.ofConfined();
                Grid original = Grid.create(5, 4)) {
            GridTables given = map(original.tables(), s -> copyOf(s, arena));
            try (Grid over = Grid.over(copyOf(original.cells(), arena), 5, 4, given)) {
                assertFalse(over.isReadOnly());
                over.restoreState(original.saveState());
            }
            try (Grid plain = Grid.create(3, 3)) {
                assertFalse(plain.isReadOnly());
            }
        }
    }

    @Test
    void mixedAccessIsRefusedNamingTheTable() {
        try (Arena arena = Arena.ofConfined();
                Grid original = Grid.create(9, 7)) {
            GridTables writable = map(original.tables(), s -> copyOf(s, arena));
            GridTables readOnly = map(writable, MemorySegment::asReadOnly);
            MemorySegment cells = copyOf(original.cells(), arena);
            MemorySegment roCells = cells.asReadOnly();
            String[] names = {"clearance", "block map", "JPS+ table", "octile neighbour bytes"};
            for (int i = 0; i < 4; i++) {
                // read-only cells, one writable table
                GridTables oneWritable = replace(readOnly, i, pick(writable, i));
                assertRefused(() -> Grid.over(roCells, 9, 7, oneWritable), names[i], "writable");
                // writable cells, one read-only table
                GridTables oneReadOnly = replace(writable, i, pick(readOnly, i));
                assertRefused(() -> Grid.over(cells, 9, 7, oneReadOnly), names[i], "read-only");
                // alone, too
                GridTables alone = replace(GridTables.NONE, i, pick(writable, i));
                assertRefused(() -> Grid.over(roCells, 9, 7, alone), names[i], "writable");
            }
        }
    }

    @Test
    void tooSmallSegmentsAreRefusedNamingTheTable() {
        try (Arena arena = Arena.ofConfined();
                Grid original = Grid.create(9, 7)) {
            GridTables writable = map(original.tables(), s -> copyOf(s, arena));
            MemorySegment cells = copyOf(original.cells(), arena);
            String[] names = {"clearance", "block map", "JPS+ table", "octile neighbour bytes"};
            long[] need = {9 * 7, 3L * (7 * 8 + 9 * 8), 9 * 7 * 16, 9 * 7};
            for (int i = 0; i < 4; i++) {
                MemorySegment full = pick(writable, i);
                assertEquals(need[i], full.byteSize(), names[i] + " bytes");
                GridTables shortOne = replace(writable, i, full.asSlice(0, full.byteSize() - 1));
                IllegalArgumentException e =
                        assertRefused(() -> Grid.over(cells, 9, 7, shortOne), names[i], "" + need[i]);
                assertTrue(e.getMessage().contains("" + (need[i] - 1)), e.getMessage());
                GridTables shortReadOnly = map(shortOne, MemorySegment::asReadOnly);
                assertRefused(() -> Grid.over(cells.asReadOnly(), 9, 7, shortReadOnly), names[i], "" + need[i]);
                // a larger segment is fine
                MemorySegment bigger = arena.allocate(full.byteSize() + 64, 8);
                bigger.copyFrom(full);
                try (Grid g = Grid.over(cells, 9, 7, replace(writable, i, bigger))) {
                    assertSameTables(original.tables(), g.tables(), "over a larger " + names[i]);
                }
            }
            assertThrows(IllegalArgumentException.class, () -> Grid.over(cells.asSlice(0, 62), 9, 7, GridTables.NONE));
        }
    }

    private static IllegalArgumentException assertRefused(Runnable open, String name, String detail) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, open::run);
        assertNotNull(e.getMessage());
        assertTrue(e.getMessage().contains(name), e.getMessage());
        assertTrue(e.getMessage().contains(detail), e.getMessage());
        for (String other : new String[] {"clearance", "block map", "JPS+ table", "octile neighbour bytes"}) {
            if (!other.equals(name)) {
                assertFalse(e.getMessage().contains(other), "names only " + name + ": " + e.getMessage());
            }
        }
        return e;
    }

    private static MemorySegment pick(GridTables t, int i) {
        return switch (i) {
            case 0 -> t.clearance();
            case 1 -> t.blockMap();
            case 2 -> t.jpsPlus();
            default -> t.octileNeighbours();
        };
    }

    private static GridTables replace(GridTables t, int i, MemorySegment s) {
        return new GridTables(
                i == 0 ? s : t.clearance(),
                i == 1 ? s : t.blockMap(),
                i == 2 ? s : t.jpsPlus(),
                i == 3 ? s : t.octileNeighbours());
    }

    @Test
    void closingAWritableGridLeavesTheCallersMemory() {
        Random random = new Random(5);
        try (Arena arena = Arena.ofConfined();
                Grid original = randomGrid(12, 12, random)) {
            GridTables given = map(original.tables(), s -> copyOf(s, arena));
            MemorySegment cells = copyOf(original.cells(), arena);
            Grid over = Grid.over(cells, 12, 12, given);
            over.findPath(
                    new Cell(0, 0),
                    new Cell(11, 11),
                    GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build());
            over.findPath(
                    new Cell(0, 0),
                    new Cell(11, 11),
                    GridOptions.builder().algorithm(GridAlgorithm.JPS).build());
            over.close();
            assertSameTables(original.tables(), given, "after close");
            assertSameBytes(original.cells(), cells, "cells after close");
            // and the caller's segments stay writable memory the grid no longer listens for
            cells.set(ValueLayout.JAVA_BYTE, 0, (byte) Grid.WALL);
            given.blockMap().fill((byte) 0);
            assertNotEquals(-1L, given.blockMap().mismatch(original.tables().blockMap()));
        }
    }
}
