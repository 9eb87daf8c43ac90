package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of the node coordinates of a point graph (working memory, native order): one record per
 * node, {@code dimensions} f64 values, 2 or 3.
 *
 * <pre>
 *  2D record                          3D record
 *  0               8               16 0               8               16              24
 *  +---------------+---------------+  +---------------+---------------+---------------+
 *  |   x (f64)     |   y (f64)     |  |   x (f64)     |   y (f64)     |   z (f64)     |
 *  +---------------+---------------+  +---------------+---------------+---------------+
 * </pre>
 * Node {@code n} starts at {@code n * recordBytes(dimensions)}.
 */
public final class PointLayout {
    private PointLayout() {}

    public static final long X_OFFSET = 0;
    public static final long Y_OFFSET = X_OFFSET + 8;
    public static final long Z_OFFSET = Y_OFFSET + 8;
    public static final long COORDINATE_BYTES = 8;

    public static final ValueLayout.OfDouble COORDINATE = ValueLayout.JAVA_DOUBLE;

    /** Bytes of one node's record. */
    public static long recordBytes(int dimensions) {
        return dimensions * COORDINATE_BYTES;
    }
}
