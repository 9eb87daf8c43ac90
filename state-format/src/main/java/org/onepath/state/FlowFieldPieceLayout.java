package org.onepath.state;

/**
 * Layout of the flow-field search piece: the state of a flow field (integration field, direction
 * field, open set and, while a repair runs, the nodes it touched); see {@link FlowFieldPiece} and
 * {@code docs/formats/state-v1.md}.
 *
 * <pre>
 *  fixed part
 *  0       4   5       9   10      14
 *  +-------+---+-------+---+-------+---------------------+
 *  | nodes |st |settled|rep| goals | goal nodes, i32 each |
 *  +-------+---+-------+---+-------+---------------------+
 *   st  = status (u8): 0 not started, 1 running, 2 complete
 *   rep = repairing (u8 flag)
 *
 *  then, g goals, r reached, s steps, o open, t touched:
 *  +---------+-------------------+-------+-----------------+----------+---------+-------------+
 *  | reached | r x (node, cost)  | steps | s x (node, next)| open set | touched | t x node    |
 *  |  (i32)  | i32 + f64 = 12 B  | (i32) | i32 + i32 = 8 B |  piece   | (i32)   | (only when  |
 *  |         |                   |       |                 |          |         |  repairing) |
 *  +---------+-------------------+-------+-----------------+----------+---------+-------------+
 * </pre>
 * Reached nodes are those with a finite cost, in increasing index; a step is a node's next node
 * (the direction field without its -1 entries), in increasing index. The open set piece is
 * {@link OpenSetPieceLayout} with F = G = the node's cost.
 */
public final class FlowFieldPieceLayout {
    private FlowFieldPieceLayout() {}

    /** Status code of a field whose computation has not started: it holds no costs. */
    public static final int STATUS_NOT_STARTED = 0;
    /** Status code of a field whose computation is under way: its open set is not empty. */
    public static final int STATUS_RUNNING = 1;
    /** Status code of a field whose computation has finished: its open set is empty. */
    public static final int STATUS_COMPLETE = 2;

    /** Byte offset of the i32 node count in the piece: 0. */
    public static final long NODE_COUNT_OFFSET = 0;
    /** Byte offset of the u8 status: 4. */
    public static final long STATUS_OFFSET = NODE_COUNT_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 settled count: 5, unaligned. */
    public static final long SETTLED_OFFSET = STATUS_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of the repairing flag: 9. */
    public static final long REPAIRING_OFFSET = SETTLED_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 goal count: 10. */
    public static final long GOAL_COUNT_OFFSET = REPAIRING_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of goal 0: 14, the end of the fixed part. */
    public static final long GOALS_OFFSET = GOAL_COUNT_OFFSET + StateLayout.I32_BYTES;

    /** A goal node: i32. */
    public static final long GOAL_BYTES = StateLayout.I32_BYTES;

    /** Byte offset of the i32 node in a reached record (i32 node, f64 cost): 0. */
    public static final long REACHED_NODE_OFFSET = 0;
    /** Byte offset of the f64 cost in a reached record: 4. */
    public static final long REACHED_COST_OFFSET = REACHED_NODE_OFFSET + StateLayout.I32_BYTES;
    /** Size of one reached record in bytes: 12. */
    public static final long REACHED_BYTES = REACHED_COST_OFFSET + StateLayout.F64_BYTES;

    /** Byte offset of the i32 node in a step record (i32 node, i32 next): 0. */
    public static final long STEP_NODE_OFFSET = 0;
    /** Byte offset of the i32 next node in a step record: 4. */
    public static final long STEP_NEXT_OFFSET = STEP_NODE_OFFSET + StateLayout.I32_BYTES;
    /** Size of one step record in bytes: 8. */
    public static final long STEP_BYTES = STEP_NEXT_OFFSET + StateLayout.I32_BYTES;

    /** A touched node: i32. */
    public static final long TOUCHED_BYTES = StateLayout.I32_BYTES;

    /**
     * Where one goal sits in the piece.
     *
     * @param i the goal's index, 0..goalCount-1 (not checked)
     * @return the byte offset of goal {@code i} from the start of the piece
     */
    public static long goalOffset(int i) {
        return GOALS_OFFSET + i * GOAL_BYTES;
    }

    /**
     * Where the reached count sits.
     *
     * @param goals the number of goals before it, &gt;= 0
     * @return the byte offset of the reached count from the start of the piece
     */
    public static long reachedCountOffset(int goals) {
        return goalOffset(goals);
    }

    /**
     * Where one reached record sits.
     *
     * @param goals the number of goals, &gt;= 0
     * @param i     the record's index, 0..reachedCount-1 (not checked)
     * @return the byte offset of reached record {@code i} from the start of the piece
     */
    public static long reachedOffset(int goals, int i) {
        return reachedCountOffset(goals) + StateLayout.I32_BYTES + i * REACHED_BYTES;
    }

    /**
     * Where the step count sits.
     *
     * @param goals   the number of goals, &gt;= 0
     * @param reached the number of reached records, &gt;= 0
     * @return the byte offset of the step count from the start of the piece
     */
    public static long stepCountOffset(int goals, int reached) {
        return reachedOffset(goals, reached);
    }

    /**
     * Where one step record sits.
     *
     * @param goals   the number of goals, &gt;= 0
     * @param reached the number of reached records, &gt;= 0
     * @param i       the record's index, 0..stepCount-1 (not checked)
     * @return the byte offset of step record {@code i} from the start of the piece
     */
    public static long stepOffset(int goals, int reached, int i) {
        return stepCountOffset(goals, reached) + StateLayout.I32_BYTES + i * STEP_BYTES;
    }

    /**
     * Where the open set piece starts.
     *
     * @param goals   the number of goals, &gt;= 0
     * @param reached the number of reached records, &gt;= 0
     * @param steps   the number of step records, &gt;= 0
     * @return the byte offset of the open set's count from the start of the piece
     */
    public static long openSetOffset(int goals, int reached, int steps) {
        return stepOffset(goals, reached, steps);
    }

    /**
     * Where the touched count sits (present only while repairing).
     *
     * @param goals   the number of goals, &gt;= 0
     * @param reached the number of reached records, &gt;= 0
     * @param steps   the number of step records, &gt;= 0
     * @param open    the number of open-set slots, &gt;= 0
     * @return the byte offset of the touched count from the start of the piece
     */
    public static long touchedCountOffset(int goals, int reached, int steps, int open) {
        return openSetOffset(goals, reached, steps) + OpenSetPieceLayout.pieceBytes(open);
    }

    /**
     * Where one touched node sits.
     *
     * @param goals   the number of goals, &gt;= 0
     * @param reached the number of reached records, &gt;= 0
     * @param steps   the number of step records, &gt;= 0
     * @param open    the number of open-set slots, &gt;= 0
     * @param i       the touched node's index, 0..touchedCount-1 (not checked)
     * @return the byte offset of touched node {@code i} from the start of the piece
     */
    public static long touchedOffset(int goals, int reached, int steps, int open, int i) {
        return touchedCountOffset(goals, reached, steps, open) + StateLayout.I32_BYTES + i * TOUCHED_BYTES;
    }

    /**
     * The size of a whole piece.
     *
     * @param goals     the number of goals, &gt;= 0
     * @param reached   the number of reached records, &gt;= 0
     * @param steps     the number of step records, &gt;= 0
     * @param open      the number of open-set slots, &gt;= 0
     * @param repairing whether a repair runs, so the touched list is present
     * @param touched   the number of touched nodes, &gt;= 0; ignored unless {@code repairing}
     * @return the piece's size in bytes
     */
    public static long pieceBytes(int goals, int reached, int steps, int open, boolean repairing, int touched) {
        return repairing
                ? touchedOffset(goals, reached, steps, open, touched)
                : touchedCountOffset(goals, reached, steps, open);
    }
}
