package org.onepath.layout;

import java.lang.foreign.ValueLayout;
import org.onepath.memory.QuadHeapLayout;

/**
 * Layout of a heap slot of {@code OctileAStar}'s open list (working memory, native order), a
 * 4-ary heap with decrease-key (children of slot i are 4i+1..4i+4):
 *
 * <pre>
 *  0               8               16
 *  +---------------+---------------+
 *  |   f (f64)     |   T (u64)     |      T = ~floatBits((float) g) &lt;&lt; 32 | padded cell
 *  +---------------+---------------+
 * </pre>
 * Order: smaller f, then smaller T compared unsigned, which is larger g (rounded to float32, which
 * is exact IEEE rounding), then smaller padded cell index (which sorts as the row-major index
 * does). The record of the cell holds the slot's position ({@link OctileNodeLayout}). It is the
 * packed slot of the shared heap ({@code org.onepath.memory.QuadHeapLayout}, kept by
 * {@code org.onepath.memory.PackedQuadHeap}) with f as key and T as tie word, as the jump search's
 * heap ({@link JumpOpenListLayout}).
 */
public final class OctileHeapLayout {
    private OctileHeapLayout() {}

    public static final long F_OFFSET = QuadHeapLayout.PACKED_KEY_OFFSET;
    public static final long T_OFFSET = QuadHeapLayout.PACKED_TIE_OFFSET;
    public static final long SLOT_BYTES = QuadHeapLayout.PACKED_SLOT_BYTES;

    public static final ValueLayout.OfDouble F = QuadHeapLayout.KEY;
    public static final ValueLayout.OfLong T = QuadHeapLayout.TIE;
}
