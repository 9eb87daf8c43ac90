package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of one node record of {@code OctileJump} (working memory, native order), one per cell.
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
 * The pair, the tag and its bits lie as in {@link OctileNodeLayout} (only the field at 8
 * differs), so the two engines read them through the same code ({@code OctilePairs}).
 */
public final class JumpNodeLayout {
    private JumpNodeLayout() {}

    public static final long A_OFFSET = OctileNodeLayout.A_OFFSET;
    public static final long B_OFFSET = OctileNodeLayout.B_OFFSET;
    public static final long PARENT_OFFSET = B_OFFSET + 4;
    public static final long TAG_OFFSET = OctileNodeLayout.TAG_OFFSET;
    public static final long RECORD_BYTES = OctileNodeLayout.RECORD_BYTES;

    public static final int CLOSED_BIT = OctileNodeLayout.CLOSED_BIT;
    public static final int DIRECTION_SHIFT = OctileNodeLayout.DIRECTION_SHIFT;
    public static final int DIRECTION_MASK = OctileNodeLayout.DIRECTION_MASK;
    public static final int GENERATION_SHIFT = OctileNodeLayout.GENERATION_SHIFT;
    public static final int FLAGS_MASK = OctileNodeLayout.FLAGS_MASK;
    /** Largest generation; past it every tag is cleared and numbering restarts at 1. */
    public static final int MAX_GENERATION = OctileNodeLayout.MAX_GENERATION;

    public static final ValueLayout.OfInt INT = OctileNodeLayout.INT;
}
