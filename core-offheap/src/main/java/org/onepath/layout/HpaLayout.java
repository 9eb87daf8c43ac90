package org.onepath.layout;

import java.lang.foreign.ValueLayout;
import org.onepath.state.LittleEndian;

/**
 * Layouts of the {@code HpaHierarchy} tables (working memory, little-endian so the bytes of two
 * equal hierarchies are equal on every platform; {@code docs/hpa.md} shows the same diagrams).
 *
 * <p>The chunk directory holds one record per chunk, in chunk index order
 * ({@code cy * chunksX + cx}):
 * <pre>
 *  0               8               16      20      24      28      32              40
 *  +---------------+---------------+-------+-------+-------+-------+---------------+
 *  | block offset  | block length  | nodes | inter | flags | first |  multiplier   |
 *  |     (i64)     |     (i64)     | (i32) | (i32) | (i32) | (i32) |     (f64)     |
 *  +---------------+---------------+-------+-------+-------+-------+---------------+
 * </pre>
 * <ul>
 *   <li>block offset: where the chunk's block starts in the block pool.</li>
 *   <li>block length: bytes reserved there (at least {@link #blockLength} of the counts; a rebuild
 *       that fits writes in place).</li>
 *   <li>nodes: n, the chunk's abstract nodes; inter: m, its inter-edges.</li>
 *   <li>flags: {@link #OPEN_CHUNK} when every cell of the chunk is walkable for the agent and
 *       the multiplier below is set.</li>
 *   <li>first: the number of the chunk's first node when the nodes of every chunk are numbered
 *       in chunk index order, then node order (the sum of n over the chunks before it).</li>
 *   <li>multiplier: the one area multiplier of every walkable cell of the chunk, NaN when they
 *       differ or no cell is walkable (a move inside such a chunk then costs the multiplier, or
 *       sqrt(2) times it, wherever it lies).</li>
 * </ul>
 *
 * <p>A chunk's block, canonical (padding is zero, so equal chunks have equal bytes):
 * <pre>
 *  0                 4n        align8(4n)                    + 8 n^2              + 16 m
 *  +-----+-----+ ... +---------+------------------------------+--------------------+
 *  | cell| cell|     | 0 pad   | intra cost [i * n + j] (f64) | inter-edge records |
 *  +-----+-----+ ... +---------+------------------------------+--------------------+
 * </pre>
 * Node cells (i32, row-major grid index) ascending; intra cost from node i to node j row-major
 * (+infinity when no path stays inside the chunk, 0 on the diagonal); inter-edges sorted by
 * (node, target cell), each:
 * <pre>
 *  0       4       8               16
 *  +-------+-------+---------------+
 *  | node  | target|   cost (f64)  |
 *  +-------+-------+---------------+
 * </pre>
 * node is the index of the source node in this chunk, target the grid cell in the neighbouring
 * chunk, cost the straight move cost {@code (m[a] + m[b]) * 0.5}.
 *
 * <p>Move bits, one u8 per grid cell in row-major order ({@link #MOVE_BITS}): bit d is set when
 * the move from the cell in direction d (0..7: N, E, S, W, NE, SE, SW, NW; four moves use 0..3)
 * is legal for the agent, 0 for a cell the agent cannot stand on. A rebuilt chunk rewrites its
 * cells' bits.
 * <pre>
 *  0   1   2
 *  +---+---+ ...
 *  | c0| c1|
 *  +---+---+ ...
 * </pre>
 *
 * <p>Working memory of the searches (never written out, native order): one i32 per cell,
 * {@link #cellIntOffset}: {@code HpaSearch}'s path positions (the index of a cell on the path
 * being smoothed, -1 off it) over the grid, and {@code ChunkDijkstra}'s target marks (the
 * generation that made a chunk cell a target) over a chunk.
 * <pre>
 *  0       4       8
 *  +-------+-------+ ...
 *  | cell 0| cell 1|
 *  +-------+-------+ ...
 * </pre>
 */
public final class HpaLayout {
    private HpaLayout() {}

    public static final long BLOCK_OFFSET_OFFSET = 0;
    public static final long BLOCK_LENGTH_OFFSET = BLOCK_OFFSET_OFFSET + 8;
    public static final long NODE_COUNT_OFFSET = BLOCK_LENGTH_OFFSET + 8;
    public static final long INTER_COUNT_OFFSET = NODE_COUNT_OFFSET + 4;
    public static final long FLAGS_OFFSET = INTER_COUNT_OFFSET + 4;
    public static final long FIRST_NODE_OFFSET = FLAGS_OFFSET + 4;
    public static final long MULTIPLIER_OFFSET = FIRST_NODE_OFFSET + 4;
    /** Bytes of one chunk directory record. */
    public static final long DIRECTORY_RECORD_BYTES = MULTIPLIER_OFFSET + 8;

    /** Flag of a chunk whose cells are all walkable for the agent, with one multiplier. */
    public static final int OPEN_CHUNK = 1;

    /** Element of the move bits, one per cell. */
    public static final ValueLayout.OfByte MOVE_BITS = ValueLayout.JAVA_BYTE;

    /** Bytes of one node cell. */
    public static final long NODE_BYTES = 4;
    /** Bytes of one intra cost. */
    public static final long COST_BYTES = 8;

    public static final long EDGE_NODE_OFFSET = 0;
    public static final long EDGE_TARGET_OFFSET = EDGE_NODE_OFFSET + 4;
    public static final long EDGE_COST_OFFSET = EDGE_TARGET_OFFSET + 4;
    /** Bytes of one inter-edge record. */
    public static final long EDGE_BYTES = EDGE_COST_OFFSET + 8;

    public static final ValueLayout.OfInt INT = LittleEndian.INT;
    public static final ValueLayout.OfLong LONG = LittleEndian.LONG;
    public static final ValueLayout.OfDouble DOUBLE = LittleEndian.DOUBLE;

    /** Bytes per cell of the searches' i32 working arrays. */
    public static final long CELL_INT_BYTES = 4;
    /** Element of the working arrays (native order: never written out). */
    public static final ValueLayout.OfInt CELL_INT = ValueLayout.JAVA_INT;

    /** Offset of a cell's entry in a working array. */
    public static long cellIntOffset(int cell) {
        return cell * CELL_INT_BYTES;
    }

    /** Offset of the intra costs in a block of n nodes: past the cells, rounded up to a whole cost. */
    public static long costsOffset(int nodeCount) {
        return (nodeCount * NODE_BYTES + (COST_BYTES - 1)) & -COST_BYTES;
    }

    /** Offset of the inter-edges in a block of n nodes. */
    public static long edgesOffset(int nodeCount) {
        return costsOffset(nodeCount) + (long) nodeCount * nodeCount * COST_BYTES;
    }

    /** Bytes of a block with n nodes and m inter-edges. */
    public static long blockLength(int nodeCount, int interCount) {
        return edgesOffset(nodeCount) + interCount * EDGE_BYTES;
    }
}
