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

    public static final int STATUS_NOT_STARTED = 0;
    public static final int STATUS_RUNNING = 1;
    public static final int STATUS_COMPLETE = 2;

    public static final long NODE_COUNT_OFFSET = 0;
    public static final long STATUS_OFFSET = NODE_COUNT_OFFSET + StateLayout.I32_BYTES;
    public static final long SETTLED_OFFSET = STATUS_OFFSET + StateLayout.U8_BYTES;
    public static final long REPAIRING_OFFSET = SETTLED_OFFSET + StateLayout.I32_BYTES;
    public static final long GOAL_COUNT_OFFSET = REPAIRING_OFFSET + StateLayout.U8_BYTES;
    public static final long GOALS_OFFSET = GOAL_COUNT_OFFSET + StateLayout.I32_BYTES;

    /** A goal node: i32. */
    public static final long GOAL_BYTES = StateLayout.I32_BYTES;

    /** Reached record: i32 node, f64 cost. */
    public static final long REACHED_NODE_OFFSET = 0;

    public static final long REACHED_COST_OFFSET = REACHED_NODE_OFFSET + StateLayout.I32_BYTES;
    public static final long REACHED_BYTES = REACHED_COST_OFFSET + StateLayout.F64_BYTES;

    /** Step record: i32 node, i32 next. */
    public static final long STEP_NODE_OFFSET = 0;

    public static final long STEP_NEXT_OFFSET = STEP_NODE_OFFSET + StateLayout.I32_BYTES;
    public static final long STEP_BYTES = STEP_NEXT_OFFSET + StateLayout.I32_BYTES;

    /** A touched node: i32. */
    public static final long TOUCHED_BYTES = StateLayout.I32_BYTES;

    /** Offset of goal {@code i} from the start of the piece. */
    public static long goalOffset(int i) {
        return GOALS_OFFSET + i * GOAL_BYTES;
    }

    /** Offset of the reached count when {@code goals} goals precede it. */
    public static long reachedCountOffset(int goals) {
        return goalOffset(goals);
    }

    /** Offset of reached record {@code i}. */
    public static long reachedOffset(int goals, int i) {
        return reachedCountOffset(goals) + StateLayout.I32_BYTES + i * REACHED_BYTES;
    }

    /** Offset of the step count. */
    public static long stepCountOffset(int goals, int reached) {
        return reachedOffset(goals, reached);
    }

    /** Offset of step record {@code i}. */
    public static long stepOffset(int goals, int reached, int i) {
        return stepCountOffset(goals, reached) + StateLayout.I32_BYTES + i * STEP_BYTES;
    }

    /** Offset of the open set piece. */
    public static long openSetOffset(int goals, int reached, int steps) {
        return stepOffset(goals, reached, steps);
    }

    /** Offset of the touched count (present only while repairing). */
    public static long touchedCountOffset(int goals, int reached, int steps, int open) {
        return openSetOffset(goals, reached, steps) + OpenSetPieceLayout.pieceBytes(open);
    }

    /** Offset of touched node {@code i}. */
    public static long touchedOffset(int goals, int reached, int steps, int open, int i) {
        return touchedCountOffset(goals, reached, steps, open) + StateLayout.I32_BYTES + i * TOUCHED_BYTES;
    }

    /** Size of a piece with these counts; {@code touched} is ignored unless {@code repairing}. */
    public static long pieceBytes(int goals, int reached, int steps, int open, boolean repairing, int touched) {
        return repairing
                ? touchedOffset(goals, reached, steps, open, touched)
                : touchedCountOffset(goals, reached, steps, open);
    }
}
