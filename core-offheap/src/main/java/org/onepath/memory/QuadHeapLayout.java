package org.onepath.memory;

import java.lang.foreign.ValueLayout;

/**
 * Layout of a {@link QuadHeap} slot (working memory, native order: a snapshot lists the fields,
 * never the bytes). The slots form a 4-ary heap in array order: the children of slot i are
 * 4i+1..4i+4, its parent is (i - 1) / 4.
 * <pre>
 *  0               8               16      20      24
 *  +---------------+---------------+-------+-------+
 *  |  key1 (f64)   |  key2 (f64)   |  id   |  aux  |
 *  +---------------+---------------+-------+-------+
 * </pre>
 * <ul>
 *   <li>key1: the first key; the smaller comes first unless the user's order calls the two a tie.</li>
 *   <li>key2, id: what decides a tie, by the user's rule (the searches' g and node index).</li>
 *   <li>aux: a word the heap carries along for its user (the paged voxel search's record slot),
 *       0 where nothing is carried.</li>
 * </ul>
 * The keys sit first so a comparison reads one cache line; the slot is 24 bytes so every f64 of
 * the array stays 8-byte aligned. {@code OpenSetLayout}, {@code ReplanOpenSetLayout} and
 * {@code VoxelHeapLayout} name these fields for their users.
 *
 * <p>Packed slot of a {@link PackedQuadHeap}, 16 bytes, the same 4-ary shape: the key and one
 * unsigned word that breaks ties, so a comparison is one f64 compare and, on a tie, one unsigned
 * u64 compare, and the four children of a slot lie in 64 consecutive bytes.
 * <pre>
 *  0               8               16
 *  +---------------+---------------+
 *  |   key (f64)   |   tie (u64)   |      tie = ~floatBits((float) g) &lt;&lt; 32 | id
 *  +---------------+---------------+
 * </pre>
 * Order: smaller key, then smaller tie compared unsigned, which for the octile searches' packing
 * ({@link PackedQuadHeap#tie}) is larger g rounded to float32 (g &ge; 0), then smaller id.
 *
 * <p>Position table of a {@link NodeHeap}, one i32 per id of its capacity: the id's slot, or
 * {@link #ABSENT} when it is not queued. Only queued ids hold another value, so clearing the heap
 * touches only the slots in use.
 * <pre>
 *  0       4       8
 *  +-------+-------+ ...
 *  | id 0  | id 1  |
 *  +-------+-------+ ...
 * </pre>
 */
public final class QuadHeapLayout {
    private QuadHeapLayout() {}

    public static final long KEY1_OFFSET = 0;
    public static final long KEY2_OFFSET = KEY1_OFFSET + 8;
    public static final long ID_OFFSET = KEY2_OFFSET + 8;
    public static final long AUX_OFFSET = ID_OFFSET + 4;
    public static final long SLOT_BYTES = AUX_OFFSET + 4;

    /** Offset of the key of a {@link PackedQuadHeap} slot. */
    public static final long PACKED_KEY_OFFSET = 0;
    /** Offset of the tie word of a {@link PackedQuadHeap} slot. */
    public static final long PACKED_TIE_OFFSET = PACKED_KEY_OFFSET + 8;
    /** Bytes of a {@link PackedQuadHeap} slot. */
    public static final long PACKED_SLOT_BYTES = PACKED_TIE_OFFSET + 8;

    /** Bytes of one position table entry. */
    public static final long POSITION_BYTES = 4;
    /** Position of an id that is not queued. */
    public static final int ABSENT = -1;

    /** Children per slot. */
    public static final int ARITY = 4;
    /** log2 of {@link #ARITY}: a slot's first child is {@code (i << ARITY_SHIFT) + 1}. */
    public static final int ARITY_SHIFT = 2;

    public static final ValueLayout.OfDouble KEY = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    /** The tie word of a {@link PackedQuadHeap} slot. */
    public static final ValueLayout.OfLong TIE = ValueLayout.JAVA_LONG_UNALIGNED;

    /** Byte offset of slot {@code pos}. */
    public static long slotOffset(int pos) {
        return pos * SLOT_BYTES;
    }

    /** Byte offset of {@link PackedQuadHeap} slot {@code pos}. */
    public static long packedSlotOffset(int pos) {
        return pos * PACKED_SLOT_BYTES;
    }
}
