package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of the {@code Landmarks} distance table (working memory, native order): one record per
 * node holding, for each of the k landmarks, the distance from the landmark to the node and then,
 * for each, the distance from the node to the landmark.
 *
 * <pre>
 *  record of node v (k landmarks), 16k bytes
 *  0        8            8k        8k+8          16k
 *  +--------+-- ... ----+---------+-- ... ------+
 *  |d(L0,v) |  d(Lk-1,v)| d(v,L0) |   d(v,Lk-1) |   f64 each; +infinity when unreachable
 *  +--------+-- ... ----+---------+-- ... ------+
 * </pre>
 * Node-major, so the estimate at a node reads one contiguous record (a cache line or two for up
 * to 8 landmarks) rather than 2k scattered values. Node {@code v} starts at
 * {@code v * recordBytes(k)}.
 */
public final class LandmarkLayout {
    private LandmarkLayout() {}

    public static final long DISTANCE_BYTES = 8;

    public static final ValueLayout.OfDouble DISTANCE = ValueLayout.JAVA_DOUBLE;

    /** Bytes of one node's record for {@code count} landmarks. */
    public static long recordBytes(int count) {
        return 2L * count * DISTANCE_BYTES;
    }

    /** Offset of d(L_l, v) within a record. */
    public static long forwardOffset(int l) {
        return l * DISTANCE_BYTES;
    }

    /** Offset of d(v, L_l) within a record of {@code count} landmarks. */
    public static long backwardOffset(int count, int l) {
        return (count + (long) l) * DISTANCE_BYTES;
    }
}
