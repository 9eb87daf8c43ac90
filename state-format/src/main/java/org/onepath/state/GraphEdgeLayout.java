package org.onepath.state;

import java.lang.foreign.ValueLayout;

/**
 * Layout of one edge record of a graph: the kind-4 payload after its two counts, and the memory a
 * {@code Graph} keeps its edges in, so a save copies the records in one {@code MemorySegment.copy}
 * (see {@link GraphStateFormat} and {@code docs/formats/state-v1.md}).
 *
 * <pre>
 *  0       4       8               16  17
 *  +-------+-------+---------------+---+
 *  | from  |  to   | weight (f64)  | a |   a: alive flag (u8, 0 or 1)
 *  +-------+-------+---------------+---+
 * </pre>
 * <ul>
 *   <li>from, to: node indices in 0..nodeCount-1 (the edge is directed from {@code from}).</li>
 *   <li>weight: finite and &gt;= 0, by its bit pattern.</li>
 *   <li>alive: 1 for an edge in the graph, 0 for a removed one; a removed edge keeps its id and
 *       record, so ids stay the insertion order.</li>
 * </ul>
 * Little-endian and unaligned like every persisted value (records are 17 bytes), hence the
 * {@link StateLayout} value layouts. Edge {@code i} sits at {@code i * RECORD_BYTES}.
 */
public final class GraphEdgeLayout {
    private GraphEdgeLayout() {}

    /** Byte offset of the i32 source node in a record: 0. */
    public static final long FROM_OFFSET = 0;
    /** Byte offset of the i32 target node: 4. */
    public static final long TO_OFFSET = FROM_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the f64 weight: 8. */
    public static final long WEIGHT_OFFSET = TO_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the alive flag: 16. */
    public static final long ALIVE_OFFSET = WEIGHT_OFFSET + StateLayout.F64_BYTES;
    /** Size of one edge record in bytes: 17 (unpadded, so records are unaligned). */
    public static final long RECORD_BYTES = ALIVE_OFFSET + StateLayout.U8_BYTES;

    /** The from and to node indices, signed i32 in 0..nodeCount-1. */
    public static final ValueLayout.OfInt NODE = StateLayout.I32;
    /** The weight is an f64 stored by its bit pattern. */
    public static final ValueLayout.OfLong WEIGHT_BITS = StateLayout.I64;

    /** The alive flag, a u8 that is 0 (removed) or 1 (in the graph). */
    public static final ValueLayout.OfByte ALIVE = StateLayout.U8;

    /**
     * Where one edge's record sits among the records.
     *
     * @param edge the edge id, 0..edgeCount-1 (not checked)
     * @return the byte offset of that record from the first record, {@code edge * RECORD_BYTES}
     */
    public static long recordOffset(int edge) {
        return edge * RECORD_BYTES;
    }
}
