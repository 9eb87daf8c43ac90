package org.onepath.state;

/**
 * Layout of the replan search piece: the state of an incremental replanner's engine (LPA* or
 * D* Lite); see {@link ReplanSearchPiece} and {@code docs/formats/state-v1.md}.
 *
 * <pre>
 *  fixed part
 *  0       4   5       9       13  14  15              23              31      35
 *  +-------+---+-------+-------+---+---+---------------+---------------+-------+
 *  | nodes |md | start | goal  |ini|fnd| iterations    | expanded      | last  |
 *  |       |   |       |       |   |   | (i64)         | (i64)         | exp.  |
 *  +-------+---+-------+-------+---+---+---------------+---------------+-------+
 *   md  = mode (u8): 0 LPA*, 1 D* Lite
 *   ini = initialized (u8 flag), fnd = found (u8 flag)
 *
 *  then, only when initialized (p pending, n planned, o open):
 *  35              43  44        48
 *  +---------------+---+---------+-------------+---------+----------------------+----------+
 *  |   km (f64)    |ovf| pending | p x i32     | planned | n x (node, g, rhs)   | replan   |
 *  |               |   | (i32)   | entry       | (i32)   | i32 + f64 + f64 = 20 | open set |
 *  +---------------+---+---------+-------------+---------+----------------------+----------+
 *   ovf = overflow (u8 flag): too many pending nodes, the next replan restarts
 * </pre>
 * A pending entry is the node, or its bitwise complement ({@code ~node}, negative) when the
 * node's neighbours are to be re-examined too. Planned records are the nodes with a finite g or
 * rhs, in increasing index. The open set is {@link ReplanOpenSetPieceLayout}.
 */
public final class ReplanSearchPieceLayout {
    private ReplanSearchPieceLayout() {}

    public static final int MODE_LPA_STAR = 0;
    public static final int MODE_D_STAR_LITE = 1;

    public static final long NODE_COUNT_OFFSET = 0;
    public static final long MODE_OFFSET = NODE_COUNT_OFFSET + StateLayout.I32_BYTES;
    public static final long START_OFFSET = MODE_OFFSET + StateLayout.U8_BYTES;
    public static final long GOAL_OFFSET = START_OFFSET + StateLayout.I32_BYTES;
    public static final long INITIALIZED_OFFSET = GOAL_OFFSET + StateLayout.I32_BYTES;
    public static final long FOUND_OFFSET = INITIALIZED_OFFSET + StateLayout.U8_BYTES;
    public static final long ITERATIONS_OFFSET = FOUND_OFFSET + StateLayout.U8_BYTES;
    public static final long EXPANDED_OFFSET = ITERATIONS_OFFSET + StateLayout.I64_BYTES;
    public static final long LAST_EXPANDED_OFFSET = EXPANDED_OFFSET + StateLayout.I64_BYTES;
    /** Size of the piece of a search that is not initialized. */
    public static final long FIXED_BYTES = LAST_EXPANDED_OFFSET + StateLayout.I32_BYTES;

    public static final long KM_OFFSET = FIXED_BYTES;
    public static final long OVERFLOW_OFFSET = KM_OFFSET + StateLayout.F64_BYTES;
    public static final long PENDING_COUNT_OFFSET = OVERFLOW_OFFSET + StateLayout.U8_BYTES;
    public static final long PENDING_OFFSET = PENDING_COUNT_OFFSET + StateLayout.I32_BYTES;

    /** A pending entry: i32. */
    public static final long PENDING_BYTES = StateLayout.I32_BYTES;

    /** Planned record: i32 node, f64 g, f64 rhs. */
    public static final long PLANNED_NODE_OFFSET = 0;

    public static final long PLANNED_G_OFFSET = PLANNED_NODE_OFFSET + StateLayout.I32_BYTES;
    public static final long PLANNED_RHS_OFFSET = PLANNED_G_OFFSET + StateLayout.F64_BYTES;
    public static final long PLANNED_BYTES = PLANNED_RHS_OFFSET + StateLayout.F64_BYTES;

    /** Offset of pending entry {@code i}. */
    public static long pendingOffset(int i) {
        return PENDING_OFFSET + i * PENDING_BYTES;
    }

    /** Offset of the planned count after {@code pending} entries. */
    public static long plannedCountOffset(int pending) {
        return pendingOffset(pending);
    }

    /** Offset of planned record {@code i}. */
    public static long plannedOffset(int pending, int i) {
        return plannedCountOffset(pending) + StateLayout.I32_BYTES + i * PLANNED_BYTES;
    }

    /** Offset of the open set piece. */
    public static long openSetOffset(int pending, int planned) {
        return plannedOffset(pending, planned);
    }

    /** Size of an initialized piece with these counts. */
    public static long pieceBytes(int pending, int planned, int open) {
        return openSetOffset(pending, planned) + ReplanOpenSetPieceLayout.pieceBytes(open);
    }
}
