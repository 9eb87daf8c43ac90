package org.onepath.state;

import java.lang.foreign.ValueLayout;

/**
 * Layout of the replanner open-set piece: the slots of a heap keyed by (key1, key2, node), as an
 * incremental replanner keeps them, in heap-array order (see {@link ReplanOpenSetPiece}).
 *
 * <pre>
 *  piece
 *  0       4        24       44                 4 + count * 20
 *  +-------+--------+--------+------- ... ------+
 *  | count | slot 0 | slot 1 | slots 2..count-1 |
 *  +-------+--------+--------+------- ... ------+
 *
 *  slot
 *  0       4               12              20
 *  +-------+---------------+---------------+
 *  | node  |  key1 (f64)   |  key2 (f64)   |
 *  +-------+---------------+---------------+
 * </pre>
 * count is an i32 in 0..nodeCount; nodes are distinct and in 0..nodeCount-1; keys are not NaN
 * (infinite keys are legal: a replanner uses them for unreachable nodes).
 */
public final class ReplanOpenSetPieceLayout {
    private ReplanOpenSetPieceLayout() {}

    public static final long COUNT_OFFSET = 0;
    public static final long SLOTS_OFFSET = COUNT_OFFSET + StateLayout.I32_BYTES;

    public static final long NODE_OFFSET = 0;
    public static final long KEY1_OFFSET = NODE_OFFSET + StateLayout.I32_BYTES;
    public static final long KEY2_OFFSET = KEY1_OFFSET + StateLayout.F64_BYTES;
    public static final long SLOT_BYTES = KEY2_OFFSET + StateLayout.F64_BYTES;

    public static final ValueLayout.OfInt COUNT = StateLayout.I32;
    public static final ValueLayout.OfInt NODE = StateLayout.I32;
    /** key1 and key2 are f64s stored by their bit patterns. */
    public static final ValueLayout.OfLong KEY_BITS = StateLayout.I64;

    /** Offset of heap slot {@code slot} from the start of the piece. */
    public static long slotOffset(int slot) {
        return SLOTS_OFFSET + slot * SLOT_BYTES;
    }

    /** Size of a piece holding {@code count} slots. */
    public static long pieceBytes(int count) {
        return slotOffset(count);
    }
}
