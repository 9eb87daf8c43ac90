package org.onepath.state;

import java.lang.foreign.ValueLayout;

/**
 * Layout of the open-set piece: the slots of a 4-ary min-heap keyed by (F, G, node), written in
 * the order they lie in the heap array (see {@link OpenSetPiece}).
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
 *  | node  |    F (f64)    |    G (f64)    |
 *  +-------+---------------+---------------+
 * </pre>
 * count is an i32 in 0..nodeCount; nodes are distinct and in 0..nodeCount-1; F and G are not NaN.
 * The children of slot i are slots 4i+1..4i+4, and no slot precedes its parent in the order
 * "smaller F first, then larger G, then smaller node". Unlike the engine's working layout (native
 * order, f64 first and padded for alignment) the file layout is packed: it is read once, not
 * searched.
 */
public final class OpenSetPieceLayout {
    private OpenSetPieceLayout() {}

    /** Byte offset of the i32 slot count in the piece: 0. */
    public static final long COUNT_OFFSET = 0;
    /** Byte offset of slot 0 in the piece: 4, after the count. */
    public static final long SLOTS_OFFSET = COUNT_OFFSET + StateLayout.I32_BYTES;

    /** Byte offset of the i32 node in a slot: 0. */
    public static final long NODE_OFFSET = 0;
    /** Byte offset of the f64 F in a slot: 4. */
    public static final long F_OFFSET = NODE_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the f64 G in a slot: 12. */
    public static final long G_OFFSET = F_OFFSET + StateLayout.F64_BYTES;
    /** Size of one slot in bytes: 20 (packed, so slots are unaligned). */
    public static final long SLOT_BYTES = G_OFFSET + StateLayout.F64_BYTES;

    /** Heap arity: the children of slot i are slots ARITY*i+1..ARITY*i+ARITY. */
    public static final int ARITY = 4;

    /** The slot count, a signed i32 in 0..nodeCount. */
    public static final ValueLayout.OfInt COUNT = StateLayout.I32;
    /** A slot's node index, a signed i32 in 0..nodeCount-1. */
    public static final ValueLayout.OfInt NODE = StateLayout.I32;
    /** F and G are f64s stored by their bit patterns. */
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
