package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of one node record of the voxel jump point search (working memory, native order), kept
 * in the pages of the voxel searches (512 records per block of 8 x 8 x 8 voxels, addressed by
 * slot as in {@link VoxelPageLayout}; a page is 14,336 bytes).
 * <pre>
 *  0       4       8       12      16      20      24      28
 *  +-------+-------+-------+-------+-------+-------+-------+
 *  | faces | edges |corners| parent|arrived|expand.|scanned|
 *  +-------+-------+-------+-------+-------+-------+-------+
 * </pre>
 * <ul>
 *   <li>faces, edges, corners: the face, edge and corner steps of the best route so far; its
 *       cost is {@code faces + edges * sqrt2 + corners * sqrt3}, evaluated from the counts.</li>
 *   <li>parent: slot of the jump point the route came from, -1 for the start.</li>
 *   <li>arrived: the directions (bit = move number, 0..25) by which a route of the best cost
 *       arrived, {@link #START_BIT} for the start; 0 = not reached by this search.</li>
 *   <li>expanded: the arrivals whose successors have been generated.</li>
 *   <li>scanned: the directions already jumped from this node at its best cost.</li>
 * </ul>
 * Described in {@code docs/voxels.md}, "Jump point search".
 */
public final class VoxelJumpNodeLayout {
    private VoxelJumpNodeLayout() {}

    public static final long FACES_OFFSET = 0;
    public static final long EDGES_OFFSET = FACES_OFFSET + 4;
    public static final long CORNERS_OFFSET = EDGES_OFFSET + 4;
    public static final long PARENT_OFFSET = CORNERS_OFFSET + 4;
    public static final long ARRIVED_OFFSET = PARENT_OFFSET + 4;
    public static final long EXPANDED_OFFSET = ARRIVED_OFFSET + 4;
    public static final long SCANNED_OFFSET = EXPANDED_OFFSET + 4;
    public static final long RECORD_BYTES = SCANNED_OFFSET + 4;

    /** Arrival bit of the start, which searches every direction. */
    public static final int START_BIT = 1 << 26;

    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
}
