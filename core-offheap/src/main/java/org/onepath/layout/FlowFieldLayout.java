package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of a {@code FlowField}'s working memory: three dense arrays indexed by node, in native
 * order (never written out as they lie; a snapshot lists their entries, see
 * {@code org.onepath.state.FlowFieldPieceLayout}).
 *
 * <pre>
 *  cost, f64 per node: the integration field (+infinity: unreachable or not walkable)
 *  0               8               16              8 * nodeCount
 *  +---------------+---------------+----- ... -----+
 *  |  cost[0]      |  cost[1]      |               |
 *  +---------------+---------------+----- ... -----+
 *
 *  next, i32 per node: the direction field (-1 for goals and unreachable nodes)
 *  0       4       8               4 * nodeCount
 *  +-------+-------+----- ... -----+
 *  |next[0]|next[1]|               |
 *  +-------+-------+----- ... -----+
 *
 *  mark, u8 per node: bit 0 set while the node is on the list of a repair (dirty, invalidated,
 *  or improved by it); every other byte is 0 between computations
 *  0   1   2               nodeCount
 *  +---+---+----- ... -----+
 *  |m0 |m1 |               |
 *  +---+---+----- ... -----+
 * </pre>
 * The arrays are separate rather than one record per node so that the two a caller reads (costs
 * and directions) are dense, and a whole-field pass touches only the bytes it needs: the wave
 * reads and writes costs, the direction pass reads costs and writes next. With the open set's
 * position table (4 bytes, {@code org.onepath.layout.OpenSetLayout}) a node costs 17 bytes.
 */
public final class FlowFieldLayout {
    private FlowFieldLayout() {}

    public static final long COST_BYTES = 8;
    public static final long NEXT_BYTES = 4;
    public static final long MARK_BYTES = 1;

    /** The next of a goal or an unreachable node. */
    public static final int NO_NEXT = -1;
    /** Mark bit: the node is on the repair's list. */
    public static final byte TOUCHED = 1;

    public static final ValueLayout.OfDouble COST = ValueLayout.JAVA_DOUBLE;
    public static final ValueLayout.OfInt NEXT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfByte MARK = ValueLayout.JAVA_BYTE;

    /** Offset of node {@code n}'s cost. */
    public static long costOffset(int n) {
        return n * COST_BYTES;
    }

    /** Offset of node {@code n}'s next. */
    public static long nextOffset(int n) {
        return n * NEXT_BYTES;
    }
}
