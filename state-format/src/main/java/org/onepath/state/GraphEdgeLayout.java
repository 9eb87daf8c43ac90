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

    public static final long FROM_OFFSET = 0;
    public static final long TO_OFFSET = FROM_OFFSET + StateLayout.I32_BYTES;
    public static final long WEIGHT_OFFSET = TO_OFFSET + StateLayout.I32_BYTES;
    public static final long ALIVE_OFFSET = WEIGHT_OFFSET + StateLayout.F64_BYTES;
    public static final long RECORD_BYTES = ALIVE_OFFSET + StateLayout.U8_BYTES;

    public static final ValueLayout.OfInt NODE = StateLayout.I32;
    /** The weight is an f64 stored by its bit pattern. */
    public static final ValueLayout.OfLong WEIGHT_BITS = StateLayout.I64;

    public static final ValueLayout.OfByte ALIVE = StateLayout.U8;

    /** Offset of edge record {@code edge} from the first record. */
    public static long recordOffset(int edge) {
        return edge * RECORD_BYTES;
    }
}
