package org.onepath.layout;

import java.lang.foreign.ValueLayout;
import org.onepath.state.LittleEndian;

/**
 * Layout of the packed goal-bounding table ({@code GoalBounds}), the form a query reads and a
 * store maps ({@code docs/jps.md} "Goal bounding at jump points", {@code docs/formats/store-v1.md}
 * section 7). It is packed from the bake's pieces ({@link GoalBoundsLayout}) and holds the same
 * pruning at a fraction of the bytes:
 * <ul>
 *   <li>the jump points are a bit per cell with a rank directory, instead of an i32 per cell;
 *   <li>a box with no target is not stored, nor is a box that holds its source's whole reachable
 *       area (it never prunes a reachable goal): two masks per slot say which of the eight are
 *       stored and which are whole;
 *   <li>a stored box is four u8, its sides in units of {@code stepX} columns and {@code stepY}
 *       rows (1 on sides up to 256, the widths of every dao map but the largest): the quantized
 *       box is the exact one widened to whole units, so it holds every cell the exact box holds
 *       and prunes a subset of what the exact one prunes; a goal is quantized once per query.
 * </ul>
 * <pre>
 *  0                       64                 W = 64 + 8 * words
 *  +-----------------------+------------------+-------------------+-------------------------+
 *  | header                | jump point bits  | superblock ranks  | word ranks              |
 *  |                       | u64 per 64 cells | i32 per 65536     | u16 per 64 cells        |
 *  +-----------------------+------------------+-------------------+-------------------------+
 *  +-------------------------+--------------------+--------------------+---------------------+
 *  | group first boxes       | stored masks       | whole masks        | boxes               |
 *  | i32 per 8 slots         | u8 per slot        | u8 per slot        | u32 each            |
 *  +-------------------------+--------------------+--------------------+---------------------+
 *  every part starts on an 8-byte boundary; the masks are padded to a multiple of 8 slots
 *
 *  header, 64 bytes
 *  0        4        8        12       16       20       24       28             64
 *  +--------+--------+--------+--------+--------+--------+--------+--------------+
 *  | width  | height | slots  | boxes  | stepX  | stepY  | version| zero         |
 *  +--------+--------+--------+--------+--------+--------+--------+--------------+
 *
 *  one box, a u32: minX | minY &lt;&lt; 8 | maxX &lt;&lt; 16 | maxY &lt;&lt; 24, in units, inclusive
 * </pre>
 * The version is {@link GoalBoundsLayout#DERIVATION_VERSION}, the rules the boxes were baked
 * and are read by (0 in tables of version 1, which left the field zero).
 * Cell c is a jump point when bit {@code c & 63} of word {@code c >>> 6} is set. Its slot (jump
 * points numbered in cell order) is the superblock rank of {@code c >>> 16} (jump points in the
 * earlier superblocks of 1024 words), plus the word rank of {@code c >>> 6} (jump points in the
 * earlier words of its superblock: at most 1023 * 64, so a u16 holds it), plus the set bits below
 * c in its own word: three reads, no search. The stored masks of a group of eight slots are one
 * u64, so the box of slot s in direction d is at index {@code groupFirstBox(s >>> 3)} plus the
 * stored boxes of the slots before s in its group (a popcount of that u64 below s's byte) plus the
 * stored boxes of s before d (a popcount of its mask below bit d): again a constant number of
 * reads. Directions are numbered as {@code Direction} numbers them (N, E, S, W, NE, SE, SW, NW).
 */
public final class GoalBoundsTableLayout {
    private GoalBoundsTableLayout() {}

    public static final ValueLayout.OfInt INT = LittleEndian.INT;
    public static final ValueLayout.OfShort U16 = LittleEndian.SHORT;
    public static final ValueLayout.OfLong WORD = LittleEndian.LONG;
    public static final ValueLayout.OfByte U8 = ValueLayout.JAVA_BYTE;

    public static final long WIDTH_OFFSET = 0;
    public static final long HEIGHT_OFFSET = 4;
    public static final long SLOTS_OFFSET = 8;
    public static final long BOXES_OFFSET = 12;
    public static final long STEP_X_OFFSET = 16;
    public static final long STEP_Y_OFFSET = 20;
    public static final long VERSION_OFFSET = 24;
    /** The first header byte past the fields; zero up to {@link #HEADER_BYTES}. */
    public static final long HEADER_FIELDS_END = VERSION_OFFSET + 4;

    public static final long HEADER_BYTES = 64;

    public static final int CELLS_PER_WORD = 64;
    public static final int WORD_SHIFT = 6;
    /** Cells of a superblock: 1024 words. */
    public static final int SUPERBLOCK_SHIFT = 16;

    public static final int SLOTS_PER_GROUP = 8;
    public static final int GROUP_SHIFT = 3;

    public static final long WORD_BYTES = 8;
    public static final long SUPERBLOCK_RANK_BYTES = 4;
    public static final long WORD_RANK_BYTES = 2;
    public static final long GROUP_ENTRY_BYTES = 4;
    public static final long MASK_BYTES = 1;
    public static final long BOX_BYTES = 4;

    /** Units a side may span: a quantized coordinate is a u8. */
    public static final int UNITS = 256;

    /** Alignment of the parts and of the whole table. */
    public static final long ALIGNMENT = 8;

    /** The step along a side of {@code side} cells: the least that keeps every unit index below 256. */
    public static int step(int side) {
        return Math.max(1, (side + UNITS - 1) / UNITS);
    }

    public static long words(int cellCount) {
        return (cellCount + (long) CELLS_PER_WORD - 1) >>> WORD_SHIFT;
    }

    public static long superblocks(int cellCount) {
        return (cellCount + (1L << SUPERBLOCK_SHIFT) - 1) >>> SUPERBLOCK_SHIFT;
    }

    public static long groups(int slots) {
        return (slots + (long) SLOTS_PER_GROUP - 1) >>> GROUP_SHIFT;
    }

    private static long align(long offset) {
        return (offset + ALIGNMENT - 1) & -ALIGNMENT;
    }

    public static long bitsOffset() {
        return HEADER_BYTES;
    }

    public static long superblockRanksOffset(int cellCount) {
        return bitsOffset() + words(cellCount) * WORD_BYTES;
    }

    public static long wordRanksOffset(int cellCount) {
        return align(superblockRanksOffset(cellCount) + superblocks(cellCount) * SUPERBLOCK_RANK_BYTES);
    }

    public static long groupsOffset(int cellCount) {
        return align(wordRanksOffset(cellCount) + words(cellCount) * WORD_RANK_BYTES);
    }

    public static long storedMasksOffset(int cellCount, int slots) {
        return align(groupsOffset(cellCount) + groups(slots) * GROUP_ENTRY_BYTES);
    }

    public static long wholeMasksOffset(int cellCount, int slots) {
        return storedMasksOffset(cellCount, slots) + groups(slots) * SLOTS_PER_GROUP * MASK_BYTES;
    }

    public static long boxesOffset(int cellCount, int slots) {
        return wholeMasksOffset(cellCount, slots) + groups(slots) * SLOTS_PER_GROUP * MASK_BYTES;
    }

    /** Bytes of a table over {@code cellCount} cells with {@code slots} jump points and {@code boxes} stored boxes. */
    public static long byteSize(int cellCount, int slots, long boxes) {
        return align(boxesOffset(cellCount, slots) + boxes * BOX_BYTES);
    }

    /** A box as stored, from its sides in units. */
    public static int box(int minX, int minY, int maxX, int maxY) {
        return minX | minY << 8 | maxX << 16 | maxY << 24;
    }

    /** A goal as {@link #holds} takes it: its column and row in units. */
    public static int goalKey(int xUnit, int yUnit) {
        return xUnit | yUnit << 8;
    }

    /** Whether stored box {@code box} holds the goal of key {@code goalKey}. */
    public static boolean holds(int box, int goalKey) {
        final int x = goalKey & 0xFF;
        final int y = goalKey >>> 8;
        return x >= (box & 0xFF) && y >= (box >>> 8 & 0xFF) && x <= (box >>> 16 & 0xFF) && y <= box >>> 24;
    }
}
