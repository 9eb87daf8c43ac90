package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of the search state of the paged voxel search (working memory, native order).
 *
 * <p>A page holds the node records of one block of 8 x 8 x 8 voxels, voxel (x, y, z) at in-page
 * index {@code (x & 7) | (y & 7) << 3 | (z & 7) << 6}; a node is addressed by its slot
 * {@code page << 9 | inPageIndex}. One record:
 * <pre>
 *  0               8       12      16      20
 *  +---------------+-------+-------+-------+
 *  |  cost (f64)   | parent| mark  | open  |
 *  +---------------+-------+-------+-------+
 * </pre>
 * <ul>
 *   <li>cost: cost from the start.</li>
 *   <li>parent: slot of the node the best route came from, -1 for the start.</li>
 *   <li>mark: 0 not reached; {@link #REACHED} reached; with {@link #CLOSED} also closed.</li>
 *   <li>open: the node's heap position while it is queued (reached and not closed).</li>
 * </ul>
 * A page is 512 records, 10,240 bytes. Beside the pages, a directory entry per page gives the
 * block it holds, so an expansion reads its voxel's coordinates instead of dividing a node index:
 * <pre>
 *  0       4       8       12      16
 *  +-------+-------+-------+-------+
 *  | x0    | y0    | z0    | block |   x0, y0, z0: the block's first voxel; block: its index
 *  +-------+-------+-------+-------+
 * </pre>
 * The page table has one i32 per block of the grid, {@code bx + blocksX * (by + blocksY * bz)}:
 * 0 when the current search has not reached the block, else page + 1.
 */
public final class VoxelPageLayout {
    private VoxelPageLayout() {}

    public static final long COST_OFFSET = 0;
    public static final long PARENT_OFFSET = COST_OFFSET + 8;
    public static final long MARK_OFFSET = PARENT_OFFSET + 4;
    public static final long OPEN_OFFSET = MARK_OFFSET + 4;
    public static final long RECORD_BYTES = OPEN_OFFSET + 4;

    /** log2 of the block side. */
    public static final int BLOCK_SHIFT = 3;
    /** Mask of a coordinate within its block. */
    public static final int BLOCK_MASK = (1 << BLOCK_SHIFT) - 1;
    /** log2 of the records of a page. */
    public static final int PAGE_SHIFT = 3 * BLOCK_SHIFT;
    /** Records of a page. */
    public static final int PAGE_NODES = 1 << PAGE_SHIFT;
    /** Mask of the in-page index of a slot. */
    public static final int IN_PAGE_MASK = PAGE_NODES - 1;
    /** Bytes of a page. */
    public static final long PAGE_BYTES = PAGE_NODES * RECORD_BYTES;

    public static final int REACHED = 1;
    public static final int CLOSED = 2;

    public static final long DIR_X_OFFSET = 0;
    public static final long DIR_Y_OFFSET = DIR_X_OFFSET + 4;
    public static final long DIR_Z_OFFSET = DIR_Y_OFFSET + 4;
    public static final long DIR_BLOCK_OFFSET = DIR_Z_OFFSET + 4;
    public static final long DIR_ENTRY_BYTES = DIR_BLOCK_OFFSET + 4;

    public static final long TABLE_ENTRY_BYTES = 4;

    public static final ValueLayout.OfDouble COST = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    public static final ValueLayout.OfInt ENTRY = ValueLayout.JAVA_INT;

    /** In-page index of voxel (x, y, z). */
    public static int inPageIndex(int x, int y, int z) {
        return (x & BLOCK_MASK) | (y & BLOCK_MASK) << BLOCK_SHIFT | (z & BLOCK_MASK) << (2 * BLOCK_SHIFT);
    }

    /** Byte offset of a slot's record in the page memory. */
    public static long recordOffset(int slot) {
        return (long) (slot >>> PAGE_SHIFT) * PAGE_BYTES + (slot & IN_PAGE_MASK) * RECORD_BYTES;
    }
}
