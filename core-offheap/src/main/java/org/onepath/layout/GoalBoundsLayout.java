package org.onepath.layout;

import java.lang.foreign.ValueLayout;
import org.onepath.state.LittleEndian;

/**
 * Layout of the goal-bounding boxes at jump points ({@code GoalBounds}, {@code docs/jps.md}
 * "Goal bounding at jump points"): one little-endian segment of four parts, the index from a
 * cell to its jump point slot, the cell of every slot, the arrivals of every slot, and eight
 * boxes per slot.
 * <pre>
 *  0                     4 * cellCount          CELLS + 4 * count      ARRIVALS + count, up to 64
 *  +---------------------+----------------------+----------------------+--------------------------+
 *  | slot of cell 0..n-1 | cell of slot 0..c-1  | arrivals of slot     | boxes of slot 0 | ...    |
 *  | i32 each, -1 = none | i32 each, ascending  | u8 each              | 64 bytes each            |
 *  +---------------------+----------------------+----------------------+--------------------------+
 *
 *  the 64 bytes of one slot: a box per first move, in direction order
 *  0       8       16      24      32      40      48      56      64
 *  +-------+-------+-------+-------+-------+-------+-------+-------+
 *  |   N   |   E   |   S   |   W   |  NE   |  SE   |  SW   |  NW   |
 *  +-------+-------+-------+-------+-------+-------+-------+-------+
 *
 *  one box, 8 bytes
 *  0       2       4       6       8
 *  +-------+-------+-------+-------+
 *  | minX  | minY  | maxX  | maxY  |   u16 each, inclusive; read as one u64, minX in the low bits
 *  +-------+-------+-------+-------+
 * </pre>
 * The arrivals of a slot are a bit per direction d for which a JPS+ jump in d can end at the
 * slot's cell (the table entry one step back in d is 1): the directions a search can reach the
 * cell from, which decide which box each target goes into. A box holds the targets assigned to
 * its move: each target into one box, the move of a canonical shortest route that every arrival
 * able to continue towards it can take ({@code docs/jps.md}). A box with no target is {@link #EMPTY_BOX}: minX = minY = 0xFFFF and maxX = maxY = 0, so the
 * containment test fails for every cell without a special case (sides are at most
 * {@link JpsPlusLayout#MAX_SIDE}, so 0xFFFF is never a column or row). Slots are numbered in
 * ascending cell order, so the sources of a range of slots are a range of cells and a range of
 * slots is one contiguous run of boxes: a bake of slots [first, end) is a piece of
 * {@code (end - first) * SLOT_BYTES} bytes copied to {@link #boxOffset boxOffset(first, 0)}.
 * The boxes start on a 64-byte boundary so one slot is one cache line.
 */
public final class GoalBoundsLayout {
    private GoalBoundsLayout() {}

    /** Index entry of a cell that is not a jump point. */
    public static final int NO_SLOT = -1;

    public static final long INDEX_ENTRY_BYTES = 4;
    public static final long CELL_ENTRY_BYTES = 4;
    public static final long ARRIVALS_ENTRY_BYTES = 1;

    public static final long MIN_X_OFFSET = 0;
    public static final long MIN_Y_OFFSET = MIN_X_OFFSET + 2;
    public static final long MAX_X_OFFSET = MIN_Y_OFFSET + 2;
    public static final long MAX_Y_OFFSET = MAX_X_OFFSET + 2;
    public static final long BOX_BYTES = MAX_Y_OFFSET + 2;

    public static final int DIRECTIONS = 8;
    /** Bytes of one slot: a box per direction. */
    public static final long SLOT_BYTES = DIRECTIONS * BOX_BYTES;
    /** Alignment of the boxes and of the whole segment. */
    public static final long BOXES_ALIGNMENT = 64;

    /** The box with no target, as the u64 the query reads. */
    public static final long EMPTY_BOX = 0x0000_0000_FFFF_FFFFL;

    public static final ValueLayout.OfInt INT = LittleEndian.INT;
    public static final ValueLayout.OfByte U8 = ValueLayout.JAVA_BYTE;
    public static final ValueLayout.OfShort U16 = LittleEndian.SHORT;
    public static final ValueLayout.OfLong BOX = LittleEndian.LONG;

    /**
     * Version of the rules that derive the boxes from the cells (which cells have boxes, which
     * box each target goes into) and of what a query does with them. 1 put every target in the
     * box of every optimal first move at every jump end; 2 keeps boxes at the straight jump
     * points and the diagonal ones chained from them, each target in one box of a canonical
     * first move, for a query that prunes at the stops of its diagonal runs. A store section and
     * a piece carry it, so a bake of another version is refused.
     */
    public static final int DERIVATION_VERSION = 2;

    /** Offset of the index entry of {@code cell}. */
    public static long indexOffset(int cell) {
        return cell * INDEX_ENTRY_BYTES;
    }

    /** Offset of the cell of slot {@code slot}. */
    public static long cellOffset(int cellCount, int slot) {
        return cellCount * INDEX_ENTRY_BYTES + slot * CELL_ENTRY_BYTES;
    }

    /** Offset of the arrivals of slot {@code slot}. */
    public static long arrivalsOffset(int cellCount, int jumpPointCount, int slot) {
        return cellCount * INDEX_ENTRY_BYTES + jumpPointCount * CELL_ENTRY_BYTES + slot * ARRIVALS_ENTRY_BYTES;
    }

    /** Offset of the first box. */
    public static long boxesOffset(int cellCount, int jumpPointCount) {
        long end = arrivalsOffset(cellCount, jumpPointCount, jumpPointCount);
        return (end + BOXES_ALIGNMENT - 1) & -BOXES_ALIGNMENT;
    }

    /** Offset of the box of {@code slot} in {@code direction}, from the boxes' offset. */
    public static long boxOffset(long boxesOffset, int slot, int direction) {
        return boxesOffset + slot * SLOT_BYTES + direction * BOX_BYTES;
    }

    /** Bytes of the segment of a grid of {@code cellCount} cells with {@code jumpPointCount} jump points. */
    public static long byteSize(int cellCount, int jumpPointCount) {
        return boxesOffset(cellCount, jumpPointCount) + jumpPointCount * SLOT_BYTES;
    }

    /** A box as the u64 the query reads. */
    public static long box(int minX, int minY, int maxX, int maxY) {
        return (minX & 0xFFFFL) | (minY & 0xFFFFL) << 16 | (maxX & 0xFFFFL) << 32 | (maxY & 0xFFFFL) << 48;
    }

    /**
     * Whether {@code box} (as read) is one a bake can write for a {@code width} x {@code height}
     * grid: {@link #EMPTY_BOX}, or sides within the grid with min not above max.
     */
    public static boolean isValidBox(long box, int width, int height) {
        if (box == EMPTY_BOX) {
            return true;
        }
        int minX = (int) (box & 0xFFFF);
        int minY = (int) (box >>> 16 & 0xFFFF);
        int maxX = (int) (box >>> 32 & 0xFFFF);
        int maxY = (int) (box >>> 48);
        return minX <= maxX && maxX < width && minY <= maxY && maxY < height;
    }

    /** Whether box {@code box} (as read) holds (x, y). */
    public static boolean contains(long box, int x, int y) {
        return x >= (int) (box & 0xFFFF)
                && y >= (int) (box >>> 16 & 0xFFFF)
                && x <= (int) (box >>> 32 & 0xFFFF)
                && y <= (int) (box >>> 48);
    }
}
