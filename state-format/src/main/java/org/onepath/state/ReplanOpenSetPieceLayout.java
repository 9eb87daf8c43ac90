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

    /** Byte offset of the i32 slot count in the piece: 0. */
    public static final long COUNT_OFFSET = 0;
    /** Byte offset of slot 0 in the piece: 4, after the count. */
    public static final long SLOTS_OFFSET = COUNT_OFFSET + StateLayout.I32_BYTES;

    /** Byte offset of the i32 node in a slot: 0. */
    public static final long NODE_OFFSET = 0;
    /** Byte offset of the f64 key1 in a slot: 4. */
    public static final long KEY1_OFFSET = NODE_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the f64 key2 in a slot: 12. */
    public static final long KEY2_OFFSET = KEY1_OFFSET + StateLayout.F64_BYTES;
    /** Size of one slot in bytes: 20 (packed, so slots are unaligned). */
    public static final long SLOT_BYTES = KEY2_OFFSET + StateLayout.F64_BYTES;

    /** The slot count, a signed i32 in 0..nodeCount. */
    public static final ValueLayout.OfInt COUNT = StateLayout.I32;
    /** A slot's node index, a signed i32 in 0..nodeCount-1. */
    public static final ValueLayout.OfInt NODE = StateLayout.I32;
    /** key1 and key2 are f64s stored by their bit patterns. */
    public static final ValueLayout.OfLong KEY_BITS = StateLayout.I64;

    /**
     * Where one heap slot sits in the piece.
     *
     * @param slot the slot's index in heap-array order, 0..count-1 (not checked)
     * @return the byte offset of that slot from the start of the piece
     */
    public static long slotOffset(int slot) {
        return SLOTS_OFFSET + slot * SLOT_BYTES;
    }

    /**
     * The size of a whole piece.
     *
     * @param count the number of slots, &gt;= 0
     * @return the piece's size in bytes, {@code 4 + count * 20}
     */
    public static long pieceBytes(int count) {
        return slotOffset(count);
    }
}
