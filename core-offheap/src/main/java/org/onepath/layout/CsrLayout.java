package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of a {@code CsrGraph}: compressed sparse rows, three parallel arc arrays indexed by arc
 * and one offset array indexed by node (working memory, never persisted, so native order).
 *
 * <pre>
 *  offsets, nodeCount + 1 entries         arcs a = offsets[n] .. offsets[n+1]-1 leave node n
 *  0       4       8            4n      4n+4
 *  +-------+-------+-- ... ----+-------+
 *  | off 0 | off 1 |           | off n | = arcCount
 *  +-------+-------+-- ... ----+-------+
 *
 *  per arc a, in three arrays (structure of arrays: the relaxation loop reads targets and
 *  weights, the edge ids only when a path is written out)
 *  targets  0       4  ...  4a                    weights  0               8  ...  8a
 *           +-------+--- ---+-------+                      +---------------+--- ---+---------------+
 *           | i32   |       |target |                      | f64           |       | weight        |
 *           +-------+--- ---+-------+                      +---------------+--- ---+---------------+
 *  edges    0       4  ...  4a
 *           +-------+--- ---+-------+
 *           | i32   |       |edge id|   the id the edge has in its Graph (insertion order)
 *           +-------+--- ---+-------+
 * </pre>
 * Arcs of a node are in increasing edge id, so the relaxation order, and with it which of two
 * equal-cost parents wins, is the order the edges were added in. A node costs 4 bytes and an
 * arc 16; isolated nodes cost only their offset.
 */
public final class CsrLayout {
    private CsrLayout() {}

    public static final long OFFSET_BYTES = 4;
    public static final long TARGET_BYTES = 4;
    public static final long WEIGHT_BYTES = 8;
    public static final long EDGE_BYTES = 4;

    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfDouble WEIGHT = ValueLayout.JAVA_DOUBLE;
}
