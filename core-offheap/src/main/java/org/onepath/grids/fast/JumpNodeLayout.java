package org.onepath.grids.fast;

import java.lang.foreign.ValueLayout;

/**
 * Layout of one node record of {@link OctileJump} (working memory, native order), one per cell.
 *
 * <pre>
 *  0       4       8       12      16
 *  +-------+-------+-------+-------+
 *  |   a   |   b   | parent|  tag  |
 *  +-------+-------+-------+-------+
 * </pre>
 * <ul>
 *   <li>a, b: straight and diagonal steps of the best route so far.</li>
 *   <li>parent: the jump point the route came from, -1 for the start.</li>
 *   <li>tag: {@code generation << 4 | direction of the last move << 1 | closed}; a tag below
 *       {@code generation << 4} has not been reached by the current search.</li>
 * </ul>
 */
public final class JumpNodeLayout {
    private JumpNodeLayout() {
    }

    public static final long A_OFFSET = 0;
    public static final long B_OFFSET = A_OFFSET + 4;
    public static final long PARENT_OFFSET = B_OFFSET + 4;
    public static final long TAG_OFFSET = PARENT_OFFSET + 4;
    public static final long RECORD_BYTES = TAG_OFFSET + 4;

    public static final int CLOSED_BIT = 1;
    public static final int DIRECTION_SHIFT = 1;
    public static final int GENERATION_SHIFT = 4;
    /** Largest generation; past it every tag is cleared and numbering restarts at 1. */
    public static final int MAX_GENERATION = (1 << 27) - 2;

    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
}
