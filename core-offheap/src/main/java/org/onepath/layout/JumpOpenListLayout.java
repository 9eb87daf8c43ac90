package org.onepath.layout;

import java.lang.foreign.ValueLayout;
import org.onepath.memory.PackedQuadHeap;
import org.onepath.memory.QuadHeapLayout;

/**
 * Layout of the open list of {@code OctileJump} (working memory, native order): a 4-ary heap
 * without decrease-key plus a stack of cells for the entries of the current level.
 *
 * <pre>
 *  heap slot:
 *  0               8               16
 *  +---------------+---------------+
 *  |   F (f64)     |   T (u64)     |      T = ~floatBits((float) g) &lt;&lt; 32 | cell
 *  +---------------+---------------+
 *
 *  stack entry: i32 cell
 * </pre>
 * Heap order: smaller F, then smaller T compared unsigned (larger float32 g, then smaller cell).
 * The heap slot is the packed slot of the shared heap ({@code org.onepath.memory.QuadHeapLayout},
 * kept by {@code org.onepath.memory.PackedQuadHeap}) with F as key and T as tie word.
 */
public final class JumpOpenListLayout {
    private JumpOpenListLayout() {}

    public static final long F_OFFSET = QuadHeapLayout.PACKED_KEY_OFFSET;
    public static final long T_OFFSET = QuadHeapLayout.PACKED_TIE_OFFSET;
    public static final long SLOT_BYTES = QuadHeapLayout.PACKED_SLOT_BYTES;
    public static final long STACK_ENTRY_BYTES = 4;

    public static final ValueLayout.OfDouble F = QuadHeapLayout.KEY;
    public static final ValueLayout.OfLong T = QuadHeapLayout.TIE;
    public static final ValueLayout.OfInt CELL = ValueLayout.JAVA_INT_UNALIGNED;

    /** The tie key of a cost and a cell. */
    public static long tieKey(double g, int cell) {
        return PackedQuadHeap.tie(g, cell);
    }
}
