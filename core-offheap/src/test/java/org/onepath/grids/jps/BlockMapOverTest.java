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
import org.onepath.layout.BlockMapLayout;

/**
 * The one-block layout of the block map against a plain computation, and block maps over a
 * caller's block: taken as they are, kept up to date by edits, never freed.
 */
class BlockMapOverTest {
    private static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private static Grid randomGrid(int w, int h, Random random) {
        Grid grid = Grid.create(w, h);
        int wallPercent = random.nextInt(60);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (random.nextInt(100) < wallPercent) {
                    grid.setWalkable(x, y, false);
                } else if (random.nextInt(4) == 0) {
                    grid.setArea(x, y, 1 + random.nextInt(254));
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

    private static void assertSameBytes(MemorySegment expected, MemorySegment actual, String what) {
        assertEquals(expected.byteSize(), actual.byteSize(), what + " size");
        long m = expected.mismatch(actual);
        if (m >= 0) {
            fail(what + " differs at byte " + m + " (word " + m / 8 + "): expected "
                    + Long.toHexString(expected.get(LE_LONG, m / 8 * 8)) + ", got "
                    + Long.toHexString(actual.get(LE_LONG, m / 8 * 8)));
        }
    }

    // ---- layout ----

    /** Offsets and sizes against R = height * ceil(width / 64) * 8 and C = width * ceil(height / 64) * 8. */
    @Property(tries = 300)
    void offsetsChainThePartsBackToBack(
            @ForAll @IntRange(min = 1, max = 20000) int w, @ForAll @IntRange(min = 1, max = 20000) int h) {
        long rowWords = (w + 63) / 64;
        long columnWords = (h + 63) / 64;
        long r = h * rowWords * 8;
        long c = w * columnWords * 8;
        assertEquals(rowWords, BlockMapLayout.wordCount(w));
        assertEquals(columnWords, BlockMapLayout.wordCount(h));
        assertEquals(r, BlockMapLayout.rowPartBytes(w, h));
        assertEquals(c, BlockMapLayout.columnPartBytes(w, h));
        assertEquals(0, BlockMapLayout.rowsOffset());
        assertEquals(r, BlockMapLayout.columnsOffset(w, h));
        assertEquals(r + c, BlockMapLayout.rowStopForwardOffset(w, h));
        assertEquals(2 * r + c, BlockMapLayout.rowStopBackwardOffset(w, h));
        assertEquals(3 * r + c, BlockMapLayout.columnStopForwardOffset(w, h));
        assertEquals(3 * r + 2 * c, BlockMapLayout.columnStopBackwardOffset(w, h));
        assertEquals(3 * (r + c), BlockMapLayout.byteSize(w, h));
        assertEquals(0, BlockMapLayout.columnsOffset(w, h) % 8, "parts start on a word");
    }

    @Test
    void layoutOfSmallSizesByHand() {
        // 1 x 1: one word per row and per column, six words in all
        assertEquals(48, BlockMapLayout.byteSize(1, 1));
        // 64 x 65: rows 65 * 1 word, columns 64 * 2 words
        assertEquals(65 * 8, BlockMapLayout.rowPartBytes(64, 65));
        assertEquals(64 * 2 * 8, BlockMapLayout.columnPartBytes(64, 65));
        assertEquals(3L * (65 * 8 + 128 * 8), BlockMapLayout.byteSize(64, 65));
        // 65 x 1: one row of two words, 65 columns of one word
        assertEquals(3L * (2 * 8 + 65 * 8), BlockMapLayout.byteSize(65, 1));
    }

    /** Plain model: walk bit of position p of a line, and the stop rule of the layout's Javadoc. */
    private static final class PlainBlock {
        final int w;
        final int h;
        final boolean[][] open; // [y][x]

        PlainBlock(Grid grid) {
            w = grid.width();
            h = grid.height();
            open = new boolean[h][w];
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    open[y][x] = grid.area(x, y) != Grid.WALL;
                }
            }
        }

        /** Walkable at position p of line {@code line}, by rows or by columns; false past the grid. */
        boolean walk(boolean rows, int line, int p) {
            int lines = rows ? h : w;
            int length = rows ? w : h;
            if (line < 0 || line >= lines || p < 0 || p >= length) {
                return false;
            }
            return rows ? open[line][p] : open[p][line];
        }

        boolean stop(boolean rows, int line, int p, boolean forward) {
            if (!walk(rows, line, p)) {
                return true;
            }
            int behind = forward ? p - 1 : p + 1;
            for (int side : new int[] {line - 1, line + 1}) {
                if (walk(rows, side, p) && !walk(rows, side, behind)) {
                    return true;
                }
            }
            return false;
        }

        /** The bytes of one part: walk bits, or stop bits in one direction. */
        byte[] part(boolean rows, Boolean forward) {
            int lines = rows ? h : w;
            int words = ((rows ? w : h) + 63) / 64;
            MemorySegment out = MemorySegment.ofArray(new byte[lines * words * 8]);
            for (int line = 0; line < lines; line++) {
                for (int k = 0; k < words; k++) {
                    long word = 0;
                    for (int i = 0; i < 64; i++) {
                        int p = 64 * k + i;
                        boolean bit = forward == null ? walk(rows, line, p) : stop(rows, line, p, forward);
                        if (bit) {
                            word |= 1L << i;
                        }
                    }
                    out.set(LE_LONG, ((long) line * words + k) * 8, word);
                }
            }
            return out.toArray(ValueLayout.JAVA_BYTE);
        }

        /** The whole block: rows, columns, row stops east and west, column stops south and north. */
        MemorySegment block() {
            byte[][] parts = {
                part(true, null),
                part(false, null),
                part(true, true),
                part(true, false),
                part(false, true),
                part(false, false)
            };
            int total = 0;
            for (byte[] p : parts) {
                total += p.length;
            }
            byte[] all = new byte[total];
            int at = 0;
            for (byte[] p : parts) {
                System.arraycopy(p, 0, all, at, p.length);
                at += p.length;
            }
            return MemorySegment.ofArray(all);
        }
    }

    @Property(tries = 60)
    void theBlockIsRowsColumnsAndTheFourStopArrays(
            @ForAll @IntRange(min = 1, max = 140) int w,
            @ForAll @IntRange(min = 1, max = 140) int h,
            @ForAll long seed) {
        try (Grid grid = randomGrid(w, h, new Random(seed));
                BlockMap map = new BlockMap(grid)) {
            MemorySegment block = map.block();
            assertEquals(BlockMapLayout.byteSize(w, h), block.byteSize());
            assertTrue(block.isReadOnly(), "block() is a read-only view");
            long r = BlockMapLayout.rowPartBytes(w, h);
            long c = BlockMapLayout.columnPartBytes(w, h);
            assertSameBytes(map.rows(), block.asSlice(0, r), "rows part");
            assertSameBytes(map.columns(), block.asSlice(r, c), "columns part");
            PlainBlock plain = new PlainBlock(grid);
            assertSameBytes(MemorySegment.ofArray(plain.part(true, null)), map.rows(), "rows");
            assertSameBytes(MemorySegment.ofArray(plain.part(false, null)), map.columns(), "columns");
            String[] names = {"row stops forward", "row stops backward", "column stops forward", "column stops backward"
            };
            long[] offsets = {
                BlockMapLayout.rowStopForwardOffset(w, h),
                BlockMapLayout.rowStopBackwardOffset(w, h),
                BlockMapLayout.columnStopForwardOffset(w, h),
                BlockMapLayout.columnStopBackwardOffset(w, h)
            };
            byte[][] expected = {
                plain.part(true, true), plain.part(true, false), plain.part(false, true), plain.part(false, false)
            };
            for (int i = 0; i < 4; i++) {
                assertSameBytes(
                        MemorySegment.ofArray(expected[i]), block.asSlice(offsets[i], expected[i].length), names[i]);
            }
            assertSameBytes(plain.block(), block, "whole block");
            assertSameBytes(plain.block(), grid.tables().blockMap(), "the grid's own block map");
        }
    }

    // ---- over a caller's block ----

    @Property(tries = 40)
    void aMapOverACopiedBlockFollowsEditsInTheCallersMemory(
            @ForAll @IntRange(min = 1, max = 100) int w,
            @ForAll @IntRange(min = 1, max = 100) int h,
            @ForAll @IntRange(min = 0, max = 80) int edits,
            @ForAll long seed) {
        Random random = new Random(seed);
        try (Arena arena = Arena.ofConfined();
                Grid grid = randomGrid(w, h, random)) {
            MemorySegment block;
            try (BlockMap built = new BlockMap(grid)) {
                block = copyOf(built.block(), arena);
            }
            try (BlockMap over = BlockMap.over(grid, block)) {
                assertEquals(block.address(), over.block().address(), "the map reads the caller's block in place");
                for (int y = -1; y <= h; y++) {
                    for (int x = -1; x <= w; x++) {
                        assertEquals(
                                x >= 0 && y >= 0 && x < w && y < h && grid.isWalkable(x, y),
                                over.isWalkable(x, y),
                                "walkable " + x + "," + y);
                    }
                }
                for (int i = 0; i < edits; i++) {
                    int x = random.nextInt(w);
                    int y = random.nextInt(h);
                    grid.setWalkable(x, y, !grid.isWalkable(x, y));
                }
                assertSameBytes(new PlainBlock(grid).block(), block, "caller's block after " + edits + " edits");
            }
        }
    }

    @Test
    void readOnlyMemoryUnderAWritableGridIsRefused() {
        try (Arena arena = Arena.ofConfined();
                Grid grid = Grid.create(70, 9)) {
            MemorySegment block = arena.allocate(BlockMapLayout.byteSize(70, 9), 8);
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> BlockMap.over(grid, block.asReadOnly()));
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
        }
    }

    @Test
    void aTooSmallBlockIsRefused() {
        try (Arena arena = Arena.ofConfined();
                Grid grid = Grid.create(70, 9)) {
            long need = BlockMapLayout.byteSize(70, 9);
            assertEquals(3L * (9 * 2 * 8 + 70 * 8), need);
            MemorySegment block = arena.allocate(need, 8);
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> BlockMap.over(grid, block.asSlice(0, need - 1)));
            assertTrue(e.getMessage().contains("" + need) && e.getMessage().contains("" + (need - 1)), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> BlockMap.over(grid, MemorySegment.NULL));
            assertThrows(NullPointerException.class, () -> BlockMap.over(grid, null));
            assertThrows(NullPointerException.class, () -> BlockMap.over(null, block));
        }
    }

    @Test
    void aReadOnlyGridTakesAReadOnlyBlockAsItIs() {
        Random random = new Random(21);
        try (Arena arena = Arena.ofConfined();
                Grid source = randomGrid(66, 40, random)) {
            MemorySegment cells = copyOf(source.cells(), arena).asReadOnly();
            MemorySegment block = copyOf(new PlainBlock(source).block(), arena).asReadOnly();
            try (Grid grid = Grid.over(cells, 66, 40, GridTables.NONE);
                    BlockMap over = BlockMap.over(grid, block)) {
                assertSameBytes(block, over.block(), "block");
                assertEquals(block.address(), over.block().address());
                for (int y = 0; y < 40; y++) {
                    for (int x = 0; x < 66; x++) {
                        assertEquals(source.isWalkable(x, y), over.isWalkable(x, y));
                    }
                }
            }
            // taken as it is: a block of zeros reads as all walls, nothing is computed
            MemorySegment zeros =
                    arena.allocate(BlockMapLayout.byteSize(66, 40), 8).asReadOnly();
            try (Grid grid = Grid.over(cells, 66, 40, GridTables.NONE);
                    BlockMap over = BlockMap.over(grid, zeros)) {
                assertEquals(-1, zeros.mismatch(over.block()));
                assertEquals(false, over.isWalkable(0, 0) || over.isWalkable(65, 39));
            }
        }
    }

    @Test
    void closingTheMapLeavesTheCallersBlockAndStopsListening() {
        try (Arena arena = Arena.ofConfined();
                Grid grid = Grid.create(20, 20)) {
            MemorySegment block = copyOf(new PlainBlock(grid).block(), arena);
            MemorySegment before = copyOf(block, arena);
            BlockMap over = BlockMap.over(grid, block);
            over.close();
            over.close(); // idempotent
            assertEquals(-1, before.mismatch(block), "the caller's block is readable and unchanged");
            grid.setWalkable(5, 5, false);
            assertEquals(-1, before.mismatch(block), "a closed map no longer writes the caller's block");
            assertThrows(IllegalStateException.class, over::block);
            block.fill((byte) 0x5A); // still the caller's memory, alive
            assertEquals(0x5A, block.get(ValueLayout.JAVA_BYTE, block.byteSize() - 1));
        }
    }
}
