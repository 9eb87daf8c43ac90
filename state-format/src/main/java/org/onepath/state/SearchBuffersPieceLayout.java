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

    /** Byte offset of the i32 visited count in the piece: 0. */
    public static final long VISITED_COUNT_OFFSET = 0;
    /** Byte offset of visited record 0 in the piece: 4, after the count. */
    public static final long RECORDS_OFFSET = VISITED_COUNT_OFFSET + StateLayout.I32_BYTES;

    /** Byte offset of the i32 node in a visited record: 0. */
    public static final long NODE_OFFSET = 0;
    /** Byte offset of the closed flag in a visited record: 4. */
    public static final long CLOSED_OFFSET = NODE_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the f64 g (cost from the start) in a visited record: 5, unaligned. */
    public static final long G_OFFSET = CLOSED_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of the i32 parent in a visited record: 13. */
    public static final long PARENT_OFFSET = G_OFFSET + StateLayout.F64_BYTES;
    /** Size of one visited record in bytes: 17 (packed). */
    public static final long RECORD_BYTES = PARENT_OFFSET + StateLayout.I32_BYTES;

    /** Size in bytes of the i32 expanded count: 4. */
    public static final long EXPANDED_COUNT_BYTES = StateLayout.I32_BYTES;
    /** Size in bytes of one expanded node, an i32: 4. */
    public static final long EXPANDED_NODE_BYTES = StateLayout.I32_BYTES;

    /** The parent of a search's start node. */
    public static final int NO_PARENT = -1;

    /** The visited and expanded counts, signed i32 in 0..nodeCount. */
    public static final ValueLayout.OfInt COUNT = StateLayout.I32;
    /** A visited or expanded node index, a signed i32 in 0..nodeCount-1. */
    public static final ValueLayout.OfInt NODE = StateLayout.I32;
    /** The closed flag, a u8 that is 0 (open or merely reached) or 1 (closed). */
    public static final ValueLayout.OfByte CLOSED = StateLayout.U8;
    /** g is an f64 stored by its bit pattern. */
    public static final ValueLayout.OfLong G_BITS = StateLayout.I64;

    /** The parent node index, a signed i32: a visited node, or {@link #NO_PARENT}. */
    public static final ValueLayout.OfInt PARENT = StateLayout.I32;

    /**
     * Where one visited record sits in the piece.
     *
     * @param i the record's index, 0..visitedCount-1 (not checked)
     * @return the byte offset of record {@code i} from the start of the piece, {@code 4 + 17i}
     */
    public static long recordOffset(int i) {
        return RECORDS_OFFSET + i * RECORD_BYTES;
    }

    /**
     * Where the open set piece starts.
     *
     * @param visitedCount the number of visited records before it, &gt;= 0
     * @return the byte offset of the open set's count from the start of the piece
     */
    public static long openSetOffset(int visitedCount) {
        return recordOffset(visitedCount);
    }

    /**
     * Where the expanded count sits.
     *
     * @param visitedCount the number of visited records, &gt;= 0
     * @param openCount    the number of open-set slots, &gt;= 0
     * @return the byte offset of the expanded count from the start of the piece
     */
    public static long expandedCountOffset(int visitedCount, int openCount) {
        return openSetOffset(visitedCount) + OpenSetPieceLayout.pieceBytes(openCount);
    }

    /**
     * Where one expanded node sits.
     *
     * @param visitedCount the number of visited records, &gt;= 0
     * @param openCount    the number of open-set slots, &gt;= 0
     * @param i            the expanded node's index in expansion order, 0..expandedCount-1 (not
     *                     checked)
     * @return the byte offset of expanded node {@code i} from the start of the piece
     */
    public static long expandedNodeOffset(int visitedCount, int openCount, int i) {
        return expandedCountOffset(visitedCount, openCount) + EXPANDED_COUNT_BYTES + i * EXPANDED_NODE_BYTES;
    }

    /**
     * The size of a whole piece.
     *
     * @param visitedCount  the number of visited records, &gt;= 0
     * @param openCount     the number of open-set slots, &gt;= 0
     * @param expandedCount the number of expanded nodes, &gt;= 0
     * @return the piece's size in bytes, {@code 12 + 17v + 20o + 4e}
     */
    public static long pieceBytes(int visitedCount, int openCount, int expandedCount) {
        return expandedNodeOffset(visitedCount, openCount, expandedCount);
    }
}
