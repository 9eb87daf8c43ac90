package org.onepath.state;

import java.lang.foreign.ValueLayout;

/**
 * Layout of the search-buffers piece: the state of a best-first search over nodeCount nodes (see
 * {@link SearchBuffersPiece}). Only visited nodes are stored, so a search that touched a corner
 * of a large grid makes a small snapshot.
 *
 * <pre>
 *  piece (v visited, o open, e expanded)
 *  0         4                   4+17v      8+17v+20o  12+17v+20o   12+17v+20o+4e
 *  +---------+-------------------+----------+----------+------------+
 *  | visited |  visited records  | open set | expanded |  expanded  |
 *  |  (i32)  | 0..v-1, 17 B each |  piece   |  (i32)   | nodes, i32 |
 *  +---------+-------------------+----------+----------+------------+
 *
 *  visited record
 *  0       4 5               13      17
 *  +-------+-+---------------+-------+
 *  | node  |c|    g (f64)    |parent |
 *  +-------+-+---------------+-------+
 *           c = closed flag (u8, 0 or 1)
 * </pre>
 * The open set piece is {@link OpenSetPieceLayout}. Rules: visited nodes strictly increasing and
 * in 0..nodeCount-1; g not NaN; a parent is -1 or a visited node whose g is &lt;= the child's g;
 * following parents always ends at -1; every open node is visited and not closed; expanded
 * nodes are in 0..nodeCount-1.
 */
public final class SearchBuffersPieceLayout {
    private SearchBuffersPieceLayout() {}

    public static final long VISITED_COUNT_OFFSET = 0;
    public static final long RECORDS_OFFSET = VISITED_COUNT_OFFSET + StateLayout.I32_BYTES;

    public static final long NODE_OFFSET = 0;
    public static final long CLOSED_OFFSET = NODE_OFFSET + StateLayout.I32_BYTES;
    public static final long G_OFFSET = CLOSED_OFFSET + StateLayout.U8_BYTES;
    public static final long PARENT_OFFSET = G_OFFSET + StateLayout.F64_BYTES;
    public static final long RECORD_BYTES = PARENT_OFFSET + StateLayout.I32_BYTES;

    public static final long EXPANDED_COUNT_BYTES = StateLayout.I32_BYTES;
    public static final long EXPANDED_NODE_BYTES = StateLayout.I32_BYTES;

    /** The parent of a search's start node. */
    public static final int NO_PARENT = -1;

    public static final ValueLayout.OfInt COUNT = StateLayout.I32;
    public static final ValueLayout.OfInt NODE = StateLayout.I32;
    public static final ValueLayout.OfByte CLOSED = StateLayout.U8;
    /** g is an f64 stored by its bit pattern. */
    public static final ValueLayout.OfLong G_BITS = StateLayout.I64;

    public static final ValueLayout.OfInt PARENT = StateLayout.I32;

    /** Offset of visited record {@code i} from the start of the piece. */
    public static long recordOffset(int i) {
        return RECORDS_OFFSET + i * RECORD_BYTES;
    }

    /** Offset of the open set piece when {@code visitedCount} records precede it. */
    public static long openSetOffset(int visitedCount) {
        return recordOffset(visitedCount);
    }

    /** Offset of the expanded count. */
    public static long expandedCountOffset(int visitedCount, int openCount) {
        return openSetOffset(visitedCount) + OpenSetPieceLayout.pieceBytes(openCount);
    }

    /** Offset of expanded node {@code i}. */
    public static long expandedNodeOffset(int visitedCount, int openCount, int i) {
        return expandedCountOffset(visitedCount, openCount) + EXPANDED_COUNT_BYTES + i * EXPANDED_NODE_BYTES;
    }

    /** Size of a piece with these counts. */
    public static long pieceBytes(int visitedCount, int openCount, int expandedCount) {
        return expandedNodeOffset(visitedCount, openCount, expandedCount);
    }
}
