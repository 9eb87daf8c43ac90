package org.onepath.grids.voxel;

import java.lang.foreign.ValueLayout;

/**
 * Layout of a heap slot of the paged voxel search's open list (working memory, native order),
 * a 4-ary heap (children of slot i are 4i+1..4i+4):
 * <pre>
 *  0               8               16      20      24
 *  +---------------+---------------+-------+-------+
 *  |   f (f64)     |   g (f64)     | node  | slot  |
 *  +---------------+---------------+-------+-------+
 * </pre>
 * The order is the {@link org.onepath.grids.OpenSet}'s: smaller f, then larger g, then smaller
 * node {@code x + sizeX * (y + sizeY * z)}. The slot names the node's record, which holds its
 * heap position.
 */
public final class VoxelHeapLayout {
    private VoxelHeapLayout() {
    }

    public static final long F_OFFSET = 0;
    public static final long G_OFFSET = F_OFFSET + 8;
    public static final long NODE_OFFSET = G_OFFSET + 8;
    public static final long SLOT_OFFSET = NODE_OFFSET + 4;
    public static final long ENTRY_BYTES = SLOT_OFFSET + 4;

    public static final ValueLayout.OfDouble KEY = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
}
