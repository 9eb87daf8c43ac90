package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of a heap slot of {@code OctileAStar}'s open list (working memory, native order).
 *
 * <pre>
 *  0               8       12      16
 *  +---------------+-------+-------+
 *  |   f (f64)     | g f32 | cell  |
 *  +---------------+-------+-------+
 * </pre>
 * Order: smaller f, then larger g (rounded to float32, which is exact IEEE rounding), then smaller
 * padded cell index (which sorts as the row-major index does).
 */
public final class OctileHeapLayout {
    private OctileHeapLayout() {}

    public static final long F_OFFSET = 0;
    public static final long G_OFFSET = F_OFFSET + 8;
    public static final long CELL_OFFSET = G_OFFSET + 4;
    public static final long SLOT_BYTES = CELL_OFFSET + 4;

    public static final ValueLayout.OfDouble F = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    public static final ValueLayout.OfFloat G = ValueLayout.JAVA_FLOAT_UNALIGNED;
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
}
