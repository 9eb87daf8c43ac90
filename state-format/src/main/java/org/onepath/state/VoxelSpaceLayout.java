package org.onepath.state;

import java.lang.foreign.ValueLayout;

/**
 * Layout of the space piece of a voxel grid (see {@link SpacePiece}).
 *
 * <pre>
 *  0               8               16              24              32
 *  +---------------+---------------+---------------+---------------+
 *  | originX (f64) | originY (f64) | originZ (f64) |cellSize (f64) |
 *  +---------------+---------------+---------------+---------------+
 * </pre>
 * All four zero is the unassigned default; otherwise |origin| &lt;= 2^21 and
 * 0 &lt; cellSize &lt;= 2^21.
 */
public final class VoxelSpaceLayout {
    private VoxelSpaceLayout() {}

    /** Byte offset of the world x of the grid's origin corner: 0. */
    public static final long ORIGIN_X_OFFSET = 0;
    /** Byte offset of the world y of the origin: 8. */
    public static final long ORIGIN_Y_OFFSET = ORIGIN_X_OFFSET + StateLayout.F64_BYTES;
    /** Byte offset of the world z of the origin: 16. */
    public static final long ORIGIN_Z_OFFSET = ORIGIN_Y_OFFSET + StateLayout.F64_BYTES;
    /** Byte offset of the cell size, the world length of one cell's side: 24. */
    public static final long CELL_SIZE_OFFSET = ORIGIN_Z_OFFSET + StateLayout.F64_BYTES;
    /** Size of the whole piece in bytes: 32. */
    public static final long SPACE_BYTES = CELL_SIZE_OFFSET + StateLayout.F64_BYTES;

    /** Each value is an f64 stored by its bit pattern. */
    public static final ValueLayout.OfLong F64_BITS = StateLayout.I64;
}
