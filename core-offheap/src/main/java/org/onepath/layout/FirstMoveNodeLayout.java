package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of one node record of the goal-bounds bake's Dijkstra ({@code GoalBoundsBaker}, working
 * memory, native order), one per cell, 16-byte aligned.
 *
 * <pre>
 *  0               8       12      16
 *  +-------+-------+-------+-------+
 *  |   a   |   b   |  tag  | x | y |
 *  +-------+-------+-------+-------+
 *  |<-- pair ----->|
 * </pre>
 * <ul>
 *   <li>pair: {@code a | (long) b << 32}, read and written as one u64: a straight and b diagonal
 *       steps of the best route from the source so far (cost a + b * sqrt2). Equal pairs are
 *       equal costs, so a tie is one comparison of two longs; a step adds {@link #STRAIGHT_STEP}
 *       or {@link #DIAGONAL_STEP}, which never carries, since a stays below 2^31.</li>
 *   <li>tag: {@code generation << 17 | arrivals << 9 | first moves << 1 | settled}. The first
 *       moves are a bit per direction: the moves out of the source that start a route of the
 *       record's cost; the arrivals a bit per direction of the last step of such a route. A tag
 *       below {@code generation << 17} has not been reached by the current source.</li>
 *   <li>x, y: the cell's column and row, u16 each, written once when the records are made, so
 *       settling a cell needs no division by the width.</li>
 * </ul>
 * The bake's queue is three buckets of {@link #BUCKET_ENTRY_BYTES}-byte cell numbers (i32,
 * native order), each with room for every cell once: a cell whose cost lies in [j, j + 1) goes
 * to bucket j mod 3.
 */
public final class FirstMoveNodeLayout {
    private FirstMoveNodeLayout() {}

    public static final long PAIR_OFFSET = 0;
    public static final long TAG_OFFSET = PAIR_OFFSET + 8;
    public static final long XY_OFFSET = TAG_OFFSET + 4;
    public static final long RECORD_BYTES = XY_OFFSET + 4;
    public static final long RECORD_ALIGNMENT = RECORD_BYTES;

    /** Added to a pair by a straight step (a + 1). */
    public static final long STRAIGHT_STEP = 1L;
    /** Added to a pair by a diagonal step (b + 1). */
    public static final long DIAGONAL_STEP = 1L << 32;

    /** Bytes of one bucket entry, a cell number. */
    public static final long BUCKET_ENTRY_BYTES = 4;
    /** Buckets in use at once: a step of cost 1 or sqrt2 from bucket j lands in j + 1 or j + 2. */
    public static final int BUCKETS = 3;

    public static final int SETTLED_BIT = 1;
    public static final int MOVES_SHIFT = 1;
    public static final int MOVES_MASK = 0xFF;
    public static final int ARRIVALS_SHIFT = 9;
    public static final int ARRIVALS_MASK = 0xFF;
    public static final int GENERATION_SHIFT = 17;
    /** Largest generation; past it the tags are cleared and numbering restarts at 1. */
    public static final int MAX_GENERATION = (1 << (31 - GENERATION_SHIFT)) - 2;

    /** x in the low 16 bits of the xy field, y in the high ones (sides are below 2^15). */
    public static final int Y_SHIFT = 16;

    public static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;

    /** The a of a pair. */
    public static int straight(long pair) {
        return (int) pair;
    }

    /** The b of a pair. */
    public static int diagonal(long pair) {
        return (int) (pair >>> 32);
    }
}
