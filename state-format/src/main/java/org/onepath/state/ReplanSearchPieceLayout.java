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

    /** Mode code of a Lifelong Planning A* engine, which searches from the start. */
    public static final int MODE_LPA_STAR = 0;
    /** Mode code of a D* Lite engine, which searches from the goal so the start may move. */
    public static final int MODE_D_STAR_LITE = 1;

    /** Byte offset of the i32 node count in the piece: 0. */
    public static final long NODE_COUNT_OFFSET = 0;
    /** Byte offset of the u8 mode: 4. */
    public static final long MODE_OFFSET = NODE_COUNT_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 start node: 5, unaligned. */
    public static final long START_OFFSET = MODE_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of the i32 goal node: 9. */
    public static final long GOAL_OFFSET = START_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the initialized flag: 13. */
    public static final long INITIALIZED_OFFSET = GOAL_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the found flag: 14. */
    public static final long FOUND_OFFSET = INITIALIZED_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of the i64 iteration count: 15. */
    public static final long ITERATIONS_OFFSET = FOUND_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of the i64 expansion count: 23. */
    public static final long EXPANDED_OFFSET = ITERATIONS_OFFSET + StateLayout.I64_BYTES;
    /** Byte offset of the i32 count of expansions since the last change: 31. */
    public static final long LAST_EXPANDED_OFFSET = EXPANDED_OFFSET + StateLayout.I64_BYTES;
    /** Size of the piece of a search that is not initialized, 35 bytes: the fixed part alone. */
    public static final long FIXED_BYTES = LAST_EXPANDED_OFFSET + StateLayout.I32_BYTES;

    /** Byte offset of the f64 key modifier km, the first field of an initialized search: 35. */
    public static final long KM_OFFSET = FIXED_BYTES;
    /** Byte offset of the overflow flag: 43. */
    public static final long OVERFLOW_OFFSET = KM_OFFSET + StateLayout.F64_BYTES;
    /** Byte offset of the i32 pending count: 44. */
    public static final long PENDING_COUNT_OFFSET = OVERFLOW_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of pending entry 0: 48. */
    public static final long PENDING_OFFSET = PENDING_COUNT_OFFSET + StateLayout.I32_BYTES;

    /** A pending entry: i32. */
    public static final long PENDING_BYTES = StateLayout.I32_BYTES;

    /** Byte offset of the i32 node in a planned record (i32 node, f64 g, f64 rhs): 0. */
    public static final long PLANNED_NODE_OFFSET = 0;
    /** Byte offset of the f64 g in a planned record: 4. */
    public static final long PLANNED_G_OFFSET = PLANNED_NODE_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the f64 rhs (one-step lookahead cost) in a planned record: 12. */
    public static final long PLANNED_RHS_OFFSET = PLANNED_G_OFFSET + StateLayout.F64_BYTES;
    /** Size of one planned record in bytes: 20. */
    public static final long PLANNED_BYTES = PLANNED_RHS_OFFSET + StateLayout.F64_BYTES;

    /**
     * Where one pending entry sits.
     *
     * @param i the entry's index, 0..pendingCount-1 (not checked)
     * @return the byte offset of pending entry {@code i} from the start of the piece
     */
    public static long pendingOffset(int i) {
        return PENDING_OFFSET + i * PENDING_BYTES;
    }

    /**
     * Where the planned count sits.
     *
     * @param pending the number of pending entries before it, &gt;= 0
     * @return the byte offset of the planned count from the start of the piece
     */
    public static long plannedCountOffset(int pending) {
        return pendingOffset(pending);
    }

    /**
     * Where one planned record sits.
     *
     * @param pending the number of pending entries, &gt;= 0
     * @param i       the record's index, 0..plannedCount-1 (not checked)
     * @return the byte offset of planned record {@code i} from the start of the piece
     */
    public static long plannedOffset(int pending, int i) {
        return plannedCountOffset(pending) + StateLayout.I32_BYTES + i * PLANNED_BYTES;
    }

    /**
     * Where the replan open set piece starts.
     *
     * @param pending the number of pending entries, &gt;= 0
     * @param planned the number of planned records, &gt;= 0
     * @return the byte offset of the open set's count from the start of the piece
     */
    public static long openSetOffset(int pending, int planned) {
        return plannedOffset(pending, planned);
    }

    /**
     * The size of the piece of an initialized search.
     *
     * @param pending the number of pending entries, &gt;= 0
     * @param planned the number of planned records, &gt;= 0
     * @param open    the number of open-set slots, &gt;= 0
     * @return the piece's size in bytes
     */
    public static long pieceBytes(int pending, int planned, int open) {
        return openSetOffset(pending, planned) + ReplanOpenSetPieceLayout.pieceBytes(open);
    }
}
