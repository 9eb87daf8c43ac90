package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of one node record of the goal-bounds bake's Dijkstra ({@code GoalBoundsBaker}, working
 * memory, native order), one per cell, 8-byte aligned.
 *
 * <pre>
 *  0               8               16      20      24
 *  +-------+-------+---------------+-------+---+---+
 *  |   a   |   b   | first moves   |  tag  | x | y |
 *  |               | by arrival    |       |   |   |
 *  +-------+-------+---------------+-------+---+---+
 *  |<-- pair ----->|<- 8 x u8 ---->|
 * </pre>
 * <ul>
 *   <li>pair: {@code a | (long) b << 32}, read and written as one u64: a straight and b diagonal
 *       steps of the best route from the source so far (cost a + b * sqrt2). Equal pairs are
 *       equal costs, so a tie is one comparison of two longs; a step adds {@link #STRAIGHT_STEP}
 *       or {@link #DIAGONAL_STEP}, which never carries, since a stays below 2^31.</li>
 *   <li>first moves by arrival: byte {@code d} of the u64 holds a bit per move out of the source
 *       that starts a canonical route of the record's cost whose last step is in direction d
 *       (byte 0 for north, bit 0 of a byte for a first move north). Kept apart by arrival
 *       because the moves a route may take next depend on its last step.</li>
 *   <li>tag: {@code generation << 1 | settled}. A tag below {@code generation << 1} has not been
 *       reached by the current source.</li>
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
    public static final long MOVES_OFFSET = PAIR_OFFSET + 8;
    public static final long TAG_OFFSET = MOVES_OFFSET + 8;
    public static final long XY_OFFSET = TAG_OFFSET + 4;
    public static final long RECORD_BYTES = XY_OFFSET + 4;
    public static final long RECORD_ALIGNMENT = 8;

    /** Added to a pair by a straight step (a + 1). */
    public static final long STRAIGHT_STEP = 1L;
    /** Added to a pair by a diagonal step (b + 1). */
    public static final long DIAGONAL_STEP = 1L << 32;

    /** Bytes of one bucket entry, a cell number. */
    public static final long BUCKET_ENTRY_BYTES = 4;
    /** Buckets in use at once: a step of cost 1 or sqrt2 from bucket j lands in j + 1 or j + 2. */
    public static final int BUCKETS = 3;

    public static final int SETTLED_BIT = 1;
    public static final int GENERATION_SHIFT = 1;
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

    /** The first moves of every arrival of a record's moves field, joined: a bit per move. */
    public static int joined(long movesByArrival) {
        long m = movesByArrival | movesByArrival >>> 32;
        m |= m >>> 16;
        m |= m >>> 8;
        return (int) m & 0xFF;
    }
}
