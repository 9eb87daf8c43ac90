package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of one node record of {@code OctileAStar} (working memory, native order), one per cell
 * of the map padded with a wall all round ({@code (width + 2) x (height + 2)} records).
 *
 * <pre>
 *  0       4       8       12      16
 *  +-------+-------+-------+-------+
 *  |   a   |   b   | slot  |  tag  |
 *  +-------+-------+-------+-------+
 * </pre>
 * <ul>
 *   <li>a, b: straight and diagonal steps of the best route so far (cost a + b * sqrt2).</li>
 *   <li>slot: the record's position in the open heap while it is open.</li>
 *   <li>tag: {@code generation << 4 | arrival direction << 1 | closed}. A tag below
 *       {@code generation << 4} has not been reached by the current search; a wall holds
 *       {@link #WALL_TAG}, above every generation, and so reads as permanently closed.</li>
 * </ul>
 */
public final class OctileNodeLayout {
    private OctileNodeLayout() {}

    public static final long A_OFFSET = 0;
    public static final long B_OFFSET = A_OFFSET + 4;
    public static final long SLOT_OFFSET = B_OFFSET + 4;
    public static final long TAG_OFFSET = SLOT_OFFSET + 4;
    public static final long RECORD_BYTES = TAG_OFFSET + 4;

    public static final int CLOSED_BIT = 1;
    public static final int DIRECTION_SHIFT = 1;
    /** The direction field after {@link #DIRECTION_SHIFT}: eight directions, three bits. */
    public static final int DIRECTION_MASK = 7;

    public static final int GENERATION_SHIFT = 4;
    /**
     * The bits below the generation (closed bit and direction): what a snapshot stores of a tag,
     * and the largest tag a record reached by the current search holds above its generation base.
     */
    public static final int FLAGS_MASK = (1 << GENERATION_SHIFT) - 1;
    /** Tag of a wall record. */
    public static final int WALL_TAG = Integer.MAX_VALUE;
    /** Largest generation; past it every non-wall tag is cleared and numbering restarts at 1. */
    public static final int MAX_GENERATION = (1 << 27) - 2;

    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
}
