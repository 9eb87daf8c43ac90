package org.onepath.layout;

import java.lang.foreign.ValueLayout;

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
 */
public final class JumpOpenListLayout {
    private JumpOpenListLayout() {}

    public static final long F_OFFSET = 0;
    public static final long T_OFFSET = F_OFFSET + 8;
    public static final long SLOT_BYTES = T_OFFSET + 8;
    public static final long STACK_ENTRY_BYTES = 4;

    public static final ValueLayout.OfDouble F = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    public static final ValueLayout.OfLong T = ValueLayout.JAVA_LONG_UNALIGNED;
    public static final ValueLayout.OfInt CELL = ValueLayout.JAVA_INT_UNALIGNED;

    /** The tie key of a cost and a cell. */
    public static long tieKey(double g, int cell) {
        return (~(long) Float.floatToRawIntBits((float) g)) << 32 | (cell & 0xFFFFFFFFL);
    }
}
