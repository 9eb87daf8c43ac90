package org.onepath.grids.jps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.cells.GridTables;
import org.onepath.layout.JpsPlusLayout;

/** JPS+ indexes over a caller's table: taken as they are, repaired in place by edits, never freed. */
class JpsPlusIndexOverTest {
    private static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private static Grid randomGrid(int w, int h, Random random) {
        Grid grid = Grid.create(w, h);
        int wallPercent = random.nextInt(50);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (random.nextInt(100) < wallPercent) {
                    grid.setWalkable(x, y, false);
                }
            }
        }
        return grid;
    }

    private static MemorySegment copyOf(MemorySegment source, Arena arena) {
        MemorySegment copy = arena.allocate(source.byteSize(), 8);
        copy.copyFrom(source);
        return copy;
    }

    private static void assertSameTable(MemorySegment expected, MemorySegment actual, int width, String what) {
        assertEquals(expected.byteSize(), actual.byteSize(), what + " size");
        long m = expected.mismatch(actual);
        if (m >= 0) {
            long entry = m / 2;
            int cell = (int) (entry / 8);
            fail(what + ": cell (" + cell % width + ", " + cell / width + ") direction " + entry % 8 + " holds "
                    + actual.get(LE_SHORT, entry * 2) + ", expected " + expected.get(LE_SHORT, entry * 2));
        }
    }

    private static MemorySegment freshTable(Grid grid, Arena arena) {
        try (JpsPlusIndex fresh = new JpsPlusIndex(grid)) {
            return copyOf(fresh.table(), arena);
        }
    }

    @Property(tries = 200)
    void byteSizeIsSixteenBytesACell(
            @ForAll @IntRange(min = 1, max = 32766) int w, @ForAll @IntRange(min = 1, max = 32766) int h) {
        assertEquals((long) w * h * 8 * 2, JpsPlusLayout.byteSize(w, h));
        assertEquals(
                JpsPlusLayout.byteSize(w, h),
                JpsPlusLayout.offset(w * h, 0),
                "the entries of the last cell end the table");
    }

    @Property(tries = 20)
    void theBuiltTableHasTheLayoutSize(
            @ForAll @IntRange(min = 1, max = 60) int w, @ForAll @IntRange(min = 1, max = 60) int h) {
        try (Grid grid = Grid.create(w, h);
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            assertEquals(JpsPlusLayout.byteSize(w, h), index.table().byteSize());
        }
    }

    @Property(tries = 40)
    void anIndexOverACopiedTableIsRepairedInPlace(
            @ForAll @IntRange(min = 1, max = 50) int w,
            @ForAll @IntRange(min = 1, max = 50) int h,
            @ForAll @IntRange(min = 0, max = 60) int edits,
            @ForAll long seed) {
        Random random = new Random(seed);
        try (Arena arena = Arena.ofConfined();
                Grid grid = randomGrid(w, h, random)) {
            MemorySegment table = freshTable(grid, arena);
            try (JpsPlusIndex over = JpsPlusIndex.over(grid, table)) {
                assertEquals(table.address(), over.table().address(), "the index reads the caller's table in place");
                for (int c = 0; c < w * h; c++) {
                    for (int d = 0; d < 8; d++) {
                        assertEquals(table.get(LE_SHORT, JpsPlusLayout.offset(c, d)), over.entry(c, d));
                    }
                }
                for (int i = 0; i < edits; i++) {
                    int x = random.nextInt(w);
                    int y = random.nextInt(h);
                    grid.setWalkable(x, y, !grid.isWalkable(x, y));
                }
                over.refresh();
                assertSameTable(freshTable(grid, arena), table, w, "caller's table after " + edits + " edits");
            }
        }
    }

    @Test
    void aFullRebuildWritesTheCallersTable() {
        Random random = new Random(9);
        try (Arena arena = Arena.ofConfined();
                Grid grid = randomGrid(40, 30, random)) {
            MemorySegment table = freshTable(grid, arena);
            try (JpsPlusIndex over = JpsPlusIndex.over(grid, table)) {
                for (int i = 0; i < 300; i++) {
                    int x = random.nextInt(40);
                    int y = random.nextInt(30);
                    grid.setWalkable(x, y, !grid.isWalkable(x, y));
                }
                assertEquals(256, over.pendingEditCount(), "past the threshold a full rebuild is due");
                over.refresh();
                assertSameTable(freshTable(grid, arena), table, 40, "caller's table after a rebuild");
            }
        }
    }

    @Test
    void readOnlyMemoryUnderAWritableGridIsRefused() {
        try (Arena arena = Arena.ofConfined();
                Grid grid = Grid.create(7, 5)) {
            MemorySegment table = freshTable(grid, arena).asReadOnly();
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> JpsPlusIndex.over(grid, table));
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
        }
    }

    @Test
    void aTooSmallTableIsRefused() {
        try (Arena arena = Arena.ofConfined();
                Grid grid = Grid.create(7, 5)) {
            MemorySegment table = freshTable(grid, arena);
            assertEquals(7 * 5 * 16, table.byteSize());
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> JpsPlusIndex.over(grid, table.asSlice(0, table.byteSize() - 1)));
            assertTrue(
                    e.getMessage().contains("" + table.byteSize())
                            && e.getMessage().contains("" + (table.byteSize() - 1)),
                    e.getMessage());
            assertThrows(NullPointerException.class, () -> JpsPlusIndex.over(grid, null));
        }
    }

    @Test
    void aSideAboveTheLimitIsRefused() {
        int w = JpsPlusIndex.MAX_SIDE + 1;
        try (Arena arena = Arena.ofConfined();
                Grid grid = Grid.create(w, 1)) {
            MemorySegment table = arena.allocate(JpsPlusLayout.byteSize(w, 1), 8);
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> JpsPlusIndex.over(grid, table));
            assertTrue(e.getMessage().contains("" + JpsPlusIndex.MAX_SIDE), e.getMessage());
        }
    }

    @Test
    void aReadOnlyGridTakesAReadOnlyTableAsItIs() {
        Random random = new Random(17);
        try (Arena arena = Arena.ofConfined();
                Grid source = randomGrid(23, 19, random)) {
            MemorySegment cells = copyOf(source.cells(), arena).asReadOnly();
            MemorySegment table = freshTable(source, arena).asReadOnly();
            try (Grid grid = Grid.over(cells, 23, 19, GridTables.NONE);
                    JpsPlusIndex over = JpsPlusIndex.over(grid, table)) {
                over.refresh();
                assertEquals(table.address(), over.table().address());
                assertSameTable(freshTable(source, arena), over.table(), 23, "read-only table");
            }
            // taken as it is: nothing is computed into read-only memory of zeros
            MemorySegment zeros =
                    arena.allocate(JpsPlusLayout.byteSize(23, 19), 8).asReadOnly();
            try (Grid grid = Grid.over(cells, 23, 19, GridTables.NONE);
                    JpsPlusIndex over = JpsPlusIndex.over(grid, zeros)) {
                over.refresh();
                assertEquals(-1, zeros.mismatch(over.table()));
                assertEquals(0, over.pendingEditCount());
            }
        }
    }

    @Test
    void closingTheIndexLeavesTheCallersTableAndStopsListening() {
        try (Arena arena = Arena.ofConfined();
                Grid grid = Grid.create(12, 12)) {
            MemorySegment table = freshTable(grid, arena);
            MemorySegment before = copyOf(table, arena);
            JpsPlusIndex over = JpsPlusIndex.over(grid, table);
            over.close();
            over.close();
            assertEquals(-1, before.mismatch(table), "the caller's table is readable and unchanged");
            grid.setWalkable(3, 3, false);
            assertEquals(-1, before.mismatch(table), "a closed index no longer writes the caller's table");
            assertThrows(IllegalStateException.class, over::table);
            assertThrows(IllegalStateException.class, over::refresh);
            table.fill((byte) 1);
            assertEquals(1, table.get(ValueLayout.JAVA_BYTE, table.byteSize() - 1));
        }
    }
}
