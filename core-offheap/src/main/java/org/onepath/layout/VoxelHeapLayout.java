package org.onepath.layout;

import java.lang.foreign.ValueLayout;
import org.onepath.memory.QuadHeapLayout;

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
 * heap position. It is the shared heap slot ({@code org.onepath.memory.QuadHeapLayout}) with f
 * as key1, g as key2, the node as id and the slot as aux.
 */
public final class VoxelHeapLayout {
    private VoxelHeapLayout() {}

    public static final long F_OFFSET = QuadHeapLayout.KEY1_OFFSET;
    public static final long G_OFFSET = QuadHeapLayout.KEY2_OFFSET;
    public static final long NODE_OFFSET = QuadHeapLayout.ID_OFFSET;
    public static final long SLOT_OFFSET = QuadHeapLayout.AUX_OFFSET;
    public static final long ENTRY_BYTES = QuadHeapLayout.SLOT_BYTES;

    public static final ValueLayout.OfDouble KEY = QuadHeapLayout.KEY;
    public static final ValueLayout.OfInt INT = QuadHeapLayout.INT;
}
