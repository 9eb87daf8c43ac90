package org.onepath.grids.jps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;

/** The bit layout of the block map and its tracking of grid edits. */
class BlockMapTest {
    private static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Bit i of word k of a line: position 64k + i open (positions past the end are 0). */
    private static long expectedWord(JpsModel m, boolean row, int line, int k) {
        long word = 0;
        for (int i = 0; i < 64; i++) {
            int p = 64 * k + i;
            boolean open = row ? m.open(p, line) : m.open(line, p);
            if (open) {
                word |= 1L << i;
            }
        }
        return word;
    }

    private static void assertMatches(JpsModel m, BlockMap map, String where) {
        int rowWords = (m.width + 63) / 64;
        int columnWords = (m.height + 63) / 64;
        assertEquals(rowWords, map.rowWordCount(), where);
        assertEquals(columnWords, map.columnWordCount(), where);
        MemorySegment rows = map.rows();
        MemorySegment columns = map.columns();
        assertEquals((long) m.height * rowWords * 8, rows.byteSize(), "rows bytes; " + where);
        assertEquals((long) m.width * columnWords * 8, columns.byteSize(), "columns bytes; " + where);
        for (int y = 0; y < m.height; y++) {
            for (int k = 0; k < rowWords; k++) {
                long expected = expectedWord(m, true, y, k);
                long word = map.rowWord(y, k);
                long bytes = rows.get(LE_LONG, ((long) y * rowWords + k) * 8);
                if (expected != word || expected != bytes) {
                    assertEquals(expected, word, "row " + y + " word " + k + "; " + where);
                    assertEquals(expected, bytes, "row bytes " + y + " word " + k + "; " + where);
                }
            }
        }
        for (int x = 0; x < m.width; x++) {
            for (int k = 0; k < columnWords; k++) {
                long expected = expectedWord(m, false, x, k);
                long word = map.columnWord(x, k);
                long bytes = columns.get(LE_LONG, ((long) x * columnWords + k) * 8);
                if (expected != word || expected != bytes) {
                    assertEquals(expected, word, "column " + x + " word " + k + "; " + where);
                    assertEquals(expected, bytes, "column bytes " + x + " word " + k + "; " + where);
                }
            }
        }
        for (int k = 0; k < rowWords; k++) {
            assertEquals(0L, map.rowWord(-1, k), "row -1");
            assertEquals(0L, map.rowWord(m.height, k), "row past the end");
        }
        for (int k = 0; k < columnWords; k++) {
            assertEquals(0L, map.columnWord(-1, k), "column -1");
            assertEquals(0L, map.columnWord(m.width, k), "column past the end");
        }
        for (int y = -1; y <= m.height; y++) {
            for (int x = -1; x <= m.width; x++) {
                if (m.open(x, y) != map.isWalkable(x, y)) {
                    fail("isWalkable(" + x + "," + y + ") is " + map.isWalkable(x, y) + "; " + where);
                }
            }
        }
    }

    @Provide
    Arbitrary<Integer> sides() {
        return Arbitraries.oneOf(Arbitraries.integers().between(1, 9), Arbitraries.of(63, 64, 65, 127, 128, 129, 130));
    }

    @Property(tries = 60)
    void bitsMatchTheCellsAndFollowEveryEdit(
            @ForAll("sides") int width,
            @ForAll("sides") int height,
            @ForAll @IntRange(min = 0, max = 60) int wallPercent,
            @ForAll long seed) {
        JpsModel model = JpsModel.random(width, height, wallPercent, 2, seed);
        Random random = new Random(seed);
        try (Grid grid = model.toGrid();
                BlockMap map = new BlockMap(grid)) {
            assertSame(grid, map.grid());
            assertMatches(model, map, "fresh");
            for (int round = 0; round < 3; round++) {
                int edits = 1 + random.nextInt(20);
                for (int e = 0; e < edits; e++) {
                    int x = random.nextInt(width);
                    int y = random.nextInt(height);
                    boolean open = random.nextBoolean();
                    // walkable cells of any area id set the bit
                    grid.setArea(x, y, open ? random.nextInt(5) : Grid.WALL);
                    model.open[y * width + x] = open;
                    assertEquals(open, map.isWalkable(x, y), "right after the edit of (" + x + "," + y + ")");
                }
                assertMatches(model, map, "after round " + round + " of seed " + seed);
            }
        }
    }

    @Test
    void aNonWallAreaChangeKeepsTheBit() {
        try (Grid grid = Grid.create(3, 2);
                BlockMap map = new BlockMap(grid)) {
            assertEquals(0b111L, map.rowWord(0, 0));
            grid.setArea(1, 0, 9);
            assertEquals(0b111L, map.rowWord(0, 0));
            assertEquals(0b11L, map.columnWord(1, 0));
            grid.setArea(1, 0, Grid.WALL);
            assertEquals(0b101L, map.rowWord(0, 0));
            assertEquals(0b10L, map.columnWord(1, 0));
            grid.setWalkable(1, 0, true);
            assertEquals(0b111L, map.rowWord(0, 0));
        }
    }

    @Test
    void viewsAreReadOnly() {
        try (Grid grid = Grid.create(70, 3);
                BlockMap map = new BlockMap(grid)) {
            assertTrue(map.rows().isReadOnly());
            assertTrue(map.columns().isReadOnly());
            assertEquals(-1L, map.rowWord(0, 0));
            assertEquals(0b111111L, map.rowWord(0, 1)); // positions 64..69
            assertEquals(0b111L, map.columnWord(69, 0));
        }
    }

    @Test
    void closeStopsListeningAndRefusesViews() {
        try (Grid grid = Grid.create(4, 4)) {
            BlockMap map = new BlockMap(grid);
            map.close();
            map.close(); // idempotent
            assertFalse(grid.removeChangeListener(map), "a closed map is no longer a listener");
            grid.setWalkable(1, 1, false); // must not touch freed memory
            assertThrows(IllegalStateException.class, map::rows);
            assertThrows(IllegalStateException.class, map::columns);
        }
    }
}
