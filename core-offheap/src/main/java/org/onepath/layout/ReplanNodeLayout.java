package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of a {@code ReplanSearch}'s per-node working memory (native order; a snapshot lists the
 * nodes with a finite g or rhs through {@code org.onepath.state.ReplanSearchPieceLayout}).
 *
 * <pre>
 *  record, one per node, indexed by node
 *  0               8               16
 *  +---------------+---------------+
 *  |    g (f64)    |   rhs (f64)   |
 *  +---------------+---------------+
 *
 *  mark, u8 per node (a separate array): bit 0 the node is pending, bit 1 the node is pending
 *  with its neighbours; 0 between replans
 *  0   1   2               nodeCount
 *  +---+---+----- ... -----+
 *  |m0 |m1 |               |
 *  +---+---+----- ... -----+
 * </pre>
 * g and rhs of a node sit together because the loop reads both to test consistency and the rhs
 * recompute reads the g of each neighbour. +infinity means unreachable (or not yet reached).
 * With the open set's position table (4 bytes) a node costs 21 bytes.
 */
public final class ReplanNodeLayout {
    private ReplanNodeLayout() {}

    public static final long G_OFFSET = 0;
    public static final long RHS_OFFSET = G_OFFSET + 8;
    public static final long RECORD_BYTES = RHS_OFFSET + 8;

    public static final long MARK_BYTES = 1;
    /** Mark bit: the node is on the pending list. */
    public static final byte PENDING = 1;
    /** Mark bit: the node is on the pending list with its neighbours. */
    public static final byte PENDING_WITH_NEIGHBORS = 2;

    public static final ValueLayout.OfDouble COST = ValueLayout.JAVA_DOUBLE;
    public static final ValueLayout.OfByte MARK = ValueLayout.JAVA_BYTE;

    /** Offset of node {@code n}'s record. */
    public static long recordOffset(int n) {
        return n * RECORD_BYTES;
    }
}
