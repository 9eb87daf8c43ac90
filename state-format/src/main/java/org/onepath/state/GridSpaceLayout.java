package org.onepath.state;

import java.lang.foreign.ValueLayout;

/**
 * Layout of the space piece of a square or hex grid: where the grid sits in the world (see
 * {@link SpacePiece}).
 *
 * <pre>
 *  0               8               16              24
 *  +---------------+---------------+---------------+
 *  | originX (f64) | originY (f64) |cellSize (f64) |
 *  +---------------+---------------+---------------+
 * </pre>
 * All three zero is the unassigned default; otherwise |origin| &lt;= 2^21 and
 * 0 &lt; cellSize &lt;= 2^21.
 */
public final class GridSpaceLayout {
    private GridSpaceLayout() {}

    public static final long ORIGIN_X_OFFSET = 0;
    public static final long ORIGIN_Y_OFFSET = ORIGIN_X_OFFSET + StateLayout.F64_BYTES;
    public static final long CELL_SIZE_OFFSET = ORIGIN_Y_OFFSET + StateLayout.F64_BYTES;
    public static final long SPACE_BYTES = CELL_SIZE_OFFSET + StateLayout.F64_BYTES;

    /** Each value is an f64 stored by its bit pattern. */
    public static final ValueLayout.OfLong F64_BITS = StateLayout.I64;
}
