package org.onepath.state;

import java.lang.foreign.ValueLayout;

/**
 * Layout of the areas piece: the cost multipliers of the 255 walkable area ids (see
 * {@link AreasPiece}).
 *
 * <pre>
 *  0       4               12              20                      2044
 *  +-------+---------------+---------------+--------- ... ---------+
 *  |version| mult[0] (f64) | mult[1] (f64) |  mult[2..254] (f64)   |
 *  +-------+---------------+---------------+--------- ... ---------+
 * </pre>
 * version is an i32 &gt;= 0; each multiplier is &gt; 0 and finite. Area 255 is the wall and has no
 * multiplier, so it is not stored. The piece has a fixed size, so it carries no count.
 */
public final class AreasLayout {
    private AreasLayout() {}

    /** Areas with a multiplier: ids 0..254. */
    public static final int AREA_COUNT = 255;

    public static final long VERSION_OFFSET = 0;
    public static final long MULTIPLIERS_OFFSET = VERSION_OFFSET + StateLayout.I32_BYTES;
    public static final long MULTIPLIER_BYTES = StateLayout.F64_BYTES;
    public static final long AREAS_BYTES = MULTIPLIERS_OFFSET + AREA_COUNT * MULTIPLIER_BYTES;

    public static final ValueLayout.OfInt VERSION = StateLayout.I32;
    /** Each multiplier is an f64 stored by its bit pattern. */
    public static final ValueLayout.OfLong MULTIPLIER_BITS = StateLayout.I64;

    /** Offset of area {@code area}'s multiplier from the start of the piece. */
    public static long multiplierOffset(int area) {
        return MULTIPLIERS_OFFSET + area * MULTIPLIER_BYTES;
    }
}
