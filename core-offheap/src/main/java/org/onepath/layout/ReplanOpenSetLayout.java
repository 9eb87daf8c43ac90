package org.onepath.layout;

import java.lang.foreign.ValueLayout;
import org.onepath.memory.QuadHeapLayout;

/**
 * Layout of the {@code ReplanOpenSet} working memory (never persisted as it lies, so native byte
 * order; a snapshot lists the slots through {@code org.onepath.state.ReplanOpenSetPieceLayout}).
 *
 * <p>Heap slot, one per queued node, in 4-ary heap order (children of slot i are 4i+1..4i+4):
 * <pre>
 *  0               8               16      20      24
 *  +---------------+---------------+-------+-------+
 *  |  key1 (f64)   |  key2 (f64)   | node  |  pad  |
 *  +---------------+---------------+-------+-------+
 * </pre>
 * key1 = min(g, rhs) + h + km, key2 = min(g, rhs). The keys sit first so a comparison reads one
 * cache line; the slot is padded to 24 bytes to keep every f64 aligned. It is the shared heap slot
 * ({@code org.onepath.memory.QuadHeapLayout}) with the node as id and the pad its aux word,
 * always 0 here.
 *
 * <p>Position table, one i32 per node of the capacity: the node's heap slot, or -1 when it is not
 * queued.
 */
public final class ReplanOpenSetLayout {
    private ReplanOpenSetLayout() {}

    public static final long KEY1_OFFSET = QuadHeapLayout.KEY1_OFFSET;
    public static final long KEY2_OFFSET = QuadHeapLayout.KEY2_OFFSET;
    public static final long NODE_OFFSET = QuadHeapLayout.ID_OFFSET;
    public static final long SLOT_BYTES = QuadHeapLayout.SLOT_BYTES;

    public static final long POSITION_BYTES = QuadHeapLayout.POSITION_BYTES;
    /** Position of a node that is not queued. */
    public static final int ABSENT = QuadHeapLayout.ABSENT;

    /** Heap arity; an implementation detail that changes neither the order nor the results. */
    public static final int ARITY = QuadHeapLayout.ARITY;

    public static final ValueLayout.OfDouble KEY = QuadHeapLayout.KEY;
    public static final ValueLayout.OfInt INT = QuadHeapLayout.INT;
}
