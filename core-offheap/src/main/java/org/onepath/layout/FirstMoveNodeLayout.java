package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of one node record of the goal-bounds bake's Dijkstra ({@code GoalBoundsBaker}, working
 * memory, native order), one per cell.
 *
 * <pre>
 *  0       4       8       12
 *  +-------+-------+-------+
 *  |   a   |   b   |  tag  |
 *  +-------+-------+-------+
 * </pre>
 * <ul>
 *   <li>a, b: straight and diagonal steps of the best route from the source so far (cost
 *       a + b * sqrt2, compared exactly).</li>
 * *   <li>tag: {@code generation << 9 | first moves << 1 | settled}. The first moves are a bit per
 *       direction: the moves out of the source that start a route of the record's cost. A tag
 *       below {@code generation << 9} has not been reached by the current source.</li>
 * </ul>
 * The bake's queue is three buckets of {@link #BUCKET_ENTRY_BYTES}-byte cell numbers (i32,
 * native order): a cell whose cost lies in [j, j + 1) goes to bucket j mod 3.
 */
public final class FirstMoveNodeLayout {
    private FirstMoveNodeLayout() {}

    public static final long A_OFFSET = 0;
    public static final long B_OFFSET = A_OFFSET + 4;
    public static final long TAG_OFFSET = B_OFFSET + 4;
    public static final long RECORD_BYTES = TAG_OFFSET + 4;

    /** Bytes of one bucket entry, a cell number. */
    public static final long BUCKET_ENTRY_BYTES = 4;
    /** Buckets in use at once: a step of cost 1 or sqrt2 from bucket j lands in j + 1 or j + 2. */
    public static final int BUCKETS = 3;

    public static final int SETTLED_BIT = 1;
    public static final int MOVES_SHIFT = 1;
    public static final int MOVES_MASK = 0xFF;
    public static final int GENERATION_SHIFT = 9;
    /** Largest generation; past it the records are cleared and numbering restarts at 1. */
    public static final int MAX_GENERATION = (1 << (31 - GENERATION_SHIFT)) - 2;

    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
}
