package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of one search node record in {@code GridSearchBuffers} (working memory, native order).
 *
 * <pre>
 *  0               8       12      16
 *  +---------------+-------+-------+
 *  |   g (f64)     | parent| mark  |
 *  +---------------+-------+-------+
 * </pre>
 * <ul>
 *   <li>g: cost from the start.</li>
 *   <li>parent: node the best route came from, -1 for the start.</li>
 *   <li>mark: {@code generation << 1 | closed}. A record whose generation is not the buffers'
 *       current one has not been reached by the current search, so nothing is cleared between
 *       searches.</li>
 * </ul>
 * With the {@link OpenSetLayout open-set position} (4 bytes per node) a node costs 20 bytes.
 */
public final class NodeRecordLayout {
    private NodeRecordLayout() {}

    public static final long G_OFFSET = 0;
    public static final long PARENT_OFFSET = G_OFFSET + 8;
    public static final long MARK_OFFSET = PARENT_OFFSET + 4;
    public static final long RECORD_BYTES = MARK_OFFSET + 4;

    /** Bit 0 of the mark. */
    public static final int CLOSED_BIT = 1;
    /** The generation lies above the closed bit: a mark is {@code generation << GENERATION_SHIFT | closed}. */
    public static final int GENERATION_SHIFT = 1;
    /** Largest generation before the marks are cleared and numbering restarts at 1. */
    public static final int MAX_GENERATION = (1 << 30) - 1;

    public static final ValueLayout.OfDouble G = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
}
