package org.onepath.grids.jps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.layout.JpsPlusLayout;

/** The JPS+ table against hand-derived values and the model's table built from the definition. */
class JpsPlusIndexTest {
    private static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int N = Direction.NORTH;
    private static final int E = Direction.EAST;
    private static final int S = Direction.SOUTH;
    private static final int W = Direction.WEST;
    private static final int NE = Direction.NORTH_EAST;
    private static final int SE = Direction.SOUTH_EAST;
    private static final int SW = Direction.SOUTH_WEST;
    private static final int NW = Direction.NORTH_WEST;

    static byte[] bytesOf(MemorySegment segment) {
        return segment.toArray(ValueLayout.JAVA_BYTE);
    }

    /** Table, entry(), direction-major copy and wall zeros against the model. */
    static void assertTableMatches(JpsModel model, JpsPlusIndex index, String where) {
        short[] expected = model.table();
        byte[] actual = bytesOf(index.table());
        byte[] expectedBytes = JpsModel.bytes(expected);
        if (!java.util.Arrays.equals(expectedBytes, actual)) {
            int n = model.cellCount();
            for (int c = 0; c < n; c++) {
                for (int d = 0; d < 8; d++) {
                    assertEquals(
                            expected[c * 8 + d],
                            index.entry(c, d),
                            "entry of (" + c % model.width + "," + c / model.width + ") " + JpsModel.NAMES[d] + " "
                                    + where + "\n" + model);
                }
            }
            assertArrayEquals(expectedBytes, actual, "table bytes " + where);
        }
    }

    private static int cell(Grid grid, int x, int y) {
        return y * grid.width() + x;
    }

    @Test
    void anOpenRowCountsTheCellsBeforeTheEdge() {
        try (Grid grid = Grid.fromText(".....\n");
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            int[] east = {-4, -3, -2, -1, 0};
            int[] west = {0, -1, -2, -3, -4};
            for (int x = 0; x < 5; x++) {
                assertEquals(east[x], index.entry(x, E), "east " + x);
                assertEquals(west[x], index.entry(x, W), "west " + x);
                for (int d : new int[] {N, S, NE, SE, SW, NW}) {
                    assertEquals(0, index.entry(x, d), "dir " + d + " at " + x);
                }
            }
        }
    }

    @Test
    void handDerivedValuesAroundOneWall() {
        String picture = """
                ....
                .#..
                ....
                """;
        try (Grid grid = Grid.fromText(picture);
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            // row 0 east: (2,0) is forced (below it (2,1) open, below (1,0) the wall)
            assertEquals(2, index.entry(cell(grid, 0, 0), E));
            assertEquals(1, index.entry(cell(grid, 1, 0), E));
            assertEquals(-1, index.entry(cell(grid, 2, 0), E));
            assertEquals(0, index.entry(cell(grid, 3, 0), E));
            // row 0 west: (0,0) is forced (below it (0,1) open, below (1,0) the wall)
            assertEquals(0, index.entry(cell(grid, 0, 0), W));
            assertEquals(1, index.entry(cell(grid, 1, 0), W));
            assertEquals(2, index.entry(cell(grid, 2, 0), W));
            assertEquals(3, index.entry(cell(grid, 3, 0), W));
            // row 1 around the wall
            assertEquals(0, index.entry(cell(grid, 0, 1), E));
            assertEquals(-1, index.entry(cell(grid, 2, 1), E));
            assertEquals(0, index.entry(cell(grid, 2, 1), W));
            assertEquals(-1, index.entry(cell(grid, 3, 1), W));
            // column 0 south: (0,2) is forced (east of it (1,2) open, east of (0,1) the wall)
            assertEquals(2, index.entry(cell(grid, 0, 0), S));
            assertEquals(1, index.entry(cell(grid, 0, 1), S));
            // diagonals
            assertEquals(0, index.entry(cell(grid, 0, 2), NE)); // target is the wall
            assertEquals(0, index.entry(cell(grid, 1, 2), NE)); // a side cell is the wall
            assertEquals(0, index.entry(cell(grid, 0, 0), SE));
            assertEquals(-1, index.entry(cell(grid, 2, 2), NE)); // (3,1): nothing positive, then the edge
            assertEquals(1, index.entry(cell(grid, 3, 0), SW)); // (2,1) south reaches forced (2,2)
            // the wall cell holds eight zeros
            for (int d = 0; d < 8; d++) {
                assertEquals(0, index.entry(cell(grid, 1, 1), d), "wall " + d);
            }
        }
    }

    @Test
    void aDiagonalChainsToItsJumpPoint() {
        String picture = """
                ......
                ....#.
                ......
                ......
                ......
                ......
                """;
        try (Grid grid = Grid.fromText(picture);
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            // (4,2) east: (5,2) is forced ((5,1) above it open, (4,1) above the previous cell a wall) -> 1; (3,2) -> 2
            assertEquals(1, index.entry(cell(grid, 4, 2), E));
            assertEquals(2, index.entry(cell(grid, 3, 2), E));
            // NE from (2,3) lands on (3,2) whose east value is positive
            assertEquals(1, index.entry(cell(grid, 2, 3), NE));
            assertEquals(2, index.entry(cell(grid, 1, 4), NE));
            assertEquals(3, index.entry(cell(grid, 0, 5), NE));
        }
    }

    @Test
    void cellMajorLayoutAndDirectionMajorCopy() {
        try (Grid grid = Grid.fromText("....\n.#..\n....\n");
                JpsPlusIndex index = new JpsPlusIndex(grid);
                Arena arena = Arena.ofConfined()) {
            assertSame(grid, index.grid());
            MemorySegment table = index.table();
            assertTrue(table.isReadOnly());
            assertEquals(12L * 16, table.byteSize());
            assertEquals(12L * 16, JpsPlusLayout.CELL_BYTES * 12);
            assertEquals(8, JpsPlusLayout.DIRECTIONS);
            assertEquals(2, JpsPlusLayout.ENTRY_BYTES);
            MemorySegment copy = index.directionMajorCopy(arena);
            assertEquals(12L * 16, copy.byteSize());
            for (int c = 0; c < 12; c++) {
                for (int d = 0; d < 8; d++) {
                    int v = index.entry(c, d);
                    assertEquals(((long) c * 8 + d) * 2, JpsPlusLayout.offset(c, d));
                    assertEquals(v, table.get(LE_SHORT, ((long) c * 8 + d) * 2), "cell-major " + c + "," + d);
                    assertEquals(v, copy.get(LE_SHORT, ((long) d * 12 + c) * 2), "direction-major " + c + "," + d);
                }
            }
            // (0,0) east is 2: low byte first
            assertEquals((byte) 2, table.get(ValueLayout.JAVA_BYTE, JpsPlusLayout.offset(0, E)));
            assertEquals((byte) 0, table.get(ValueLayout.JAVA_BYTE, JpsPlusLayout.offset(0, E) + 1));
            // (2,0) east is -1: 0xFFFF
            assertEquals((byte) 0xFF, table.get(ValueLayout.JAVA_BYTE, JpsPlusLayout.offset(2, E) + 1));
        }
    }

    @Property(tries = 200)
    void tableEqualsTheDefinition(
            @ForAll @IntRange(min = 1, max = 40) int width,
            @ForAll @IntRange(min = 1, max = 40) int height,
            @ForAll @IntRange(min = 0, max = 55) int wallPercent,
            @ForAll @IntRange(min = 0, max = 6) int rectangles,
            @ForAll long seed) {
        JpsModel model = JpsModel.random(width, height, wallPercent, rectangles, seed);
        try (Grid grid = model.toGrid();
                JpsPlusIndex index = new JpsPlusIndex(grid);
                Arena arena = Arena.ofConfined()) {
            assertTableMatches(model, index, "fresh build");
            short[] expected = model.table();
            MemorySegment copy = index.directionMajorCopy(arena);
            int n = model.cellCount();
            for (int c = 0; c < n; c++) {
                for (int d = 0; d < 8; d++) {
                    if (expected[c * 8 + d] != copy.get(LE_SHORT, ((long) d * n + c) * 2)) {
                        assertEquals(
                                expected[c * 8 + d],
                                copy.get(LE_SHORT, ((long) d * n + c) * 2),
                                "direction-major (" + c % width + "," + c / width + ") " + JpsModel.NAMES[d]);
                    }
                    if (!model.openCell(c)) {
                        assertEquals(0, expected[c * 8 + d]);
                    }
                }
            }
        }
    }

    @Test
    void theLargestSideIsServedAndOneMoreRefused() {
        assertEquals(32766, JpsPlusIndex.MAX_SIDE);
        try (Grid grid = Grid.create(32766, 1);
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            assertEquals(-32765, index.entry(0, E));
            assertEquals(-32765, index.entry(32765, W));
            assertEquals(0, index.entry(32765, E));
        }
        try (Grid grid = Grid.create(1, 32766);
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            assertEquals(-32765, index.entry(0, S));
            assertEquals(-32765, index.entry(32765, N));
        }
        try (Grid grid = Grid.create(32767, 1)) {
            assertThrows(IllegalArgumentException.class, () -> new JpsPlusIndex(grid));
        }
        try (Grid grid = Grid.create(1, 32767)) {
            assertThrows(IllegalArgumentException.class, () -> new JpsPlusIndex(grid));
        }
        assertThrows(NullPointerException.class, () -> new JpsPlusIndex(null));
    }

    @Test
    void editsAreCountedUntilRefresh() {
        try (Grid grid = Grid.create(6, 6);
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            assertEquals(0, index.pendingEditCount());
            grid.setWalkable(2, 2, false);
            grid.setArea(3, 3, 4);
            grid.setWalkable(2, 2, false); // no change: not an edit
            assertEquals(2, index.pendingEditCount());
            index.refresh();
            assertEquals(0, index.pendingEditCount());
            index.refresh();
            assertEquals(0, index.pendingEditCount());
        }
    }

    @Test
    void pendingCountStaysCappedNotZeroWhileARebuildIsDue() {
        // 20 x 20: a full rebuild is due after more than 256 pending edits. The count is documented
        // as "edits heard since the last refresh (capped when a full rebuild is due)": it may stop
        // growing, but it must not read as if nothing were pending.
        try (Grid grid = Grid.create(20, 20);
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            int edits = 0;
            for (int y = 0; y < 20 && edits < 300; y++) {
                for (int x = 0; x < 20 && edits < 300; x++) {
                    grid.setWalkable(x, y, (x + y) % 2 == 0);
                    if ((x + y) % 2 != 0) {
                        edits++;
                    }
                }
            }
            for (int y = 0; y < 20 && edits < 300; y++) {
                for (int x = 0; x < 20 && edits < 300; x++) {
                    if ((x + y) % 2 != 0) {
                        grid.setArea(x, y, 3);
                        edits++;
                    }
                }
            }
            assertEquals(300, edits);
            int pending = index.pendingEditCount();
            assertTrue(pending >= 256 && pending <= 300, "pendingEditCount " + pending + " after 300 edits");
            index.refresh();
            assertEquals(0, index.pendingEditCount());
        }
    }

    @Test
    void closeStopsListeningAndRefusesTheTable() {
        try (Grid grid = Grid.create(5, 5)) {
            JpsPlusIndex index = new JpsPlusIndex(grid);
            index.close();
            index.close();
            assertFalse(grid.removeChangeListener(index));
            grid.setWalkable(1, 1, false);
            assertThrows(IllegalStateException.class, index::table);
            assertThrows(IllegalStateException.class, index::refresh);
            try (Arena arena = Arena.ofConfined()) {
                assertThrows(IllegalStateException.class, () -> index.directionMajorCopy(arena));
            }
        }
    }
}
