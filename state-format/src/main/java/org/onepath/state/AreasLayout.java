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

    /** Byte offset of the i32 version counter: 0. */
    public static final long VERSION_OFFSET = 0;
    /** Byte offset of area 0's multiplier: 4, after the version. */
    public static final long MULTIPLIERS_OFFSET = VERSION_OFFSET + StateLayout.I32_BYTES;
    /** Size in bytes of one multiplier: 8. */
    public static final long MULTIPLIER_BYTES = StateLayout.F64_BYTES;
    /** Size of the whole piece in bytes: 2044 (the version and 255 multipliers). */
    public static final long AREAS_BYTES = MULTIPLIERS_OFFSET + AREA_COUNT * MULTIPLIER_BYTES;

    /** The version counter, a signed i32 that must be &gt;= 0. */
    public static final ValueLayout.OfInt VERSION = StateLayout.I32;
    /** Each multiplier is an f64 stored by its bit pattern. */
    public static final ValueLayout.OfLong MULTIPLIER_BITS = StateLayout.I64;

    /**
     * Where one area's multiplier sits in the piece.
     *
     * @param area the area id, 0..254 (not checked; 255, the wall, has no multiplier)
     * @return the byte offset of that multiplier from the start of the piece
     */
    public static long multiplierOffset(int area) {
        return MULTIPLIERS_OFFSET + area * MULTIPLIER_BYTES;
    }
}
