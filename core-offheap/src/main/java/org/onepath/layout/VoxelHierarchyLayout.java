package org.onepath.layout;

import java.lang.foreign.ValueLayout;
import org.onepath.state.LittleEndian;

/**
 * Layouts of the voxel chunk hierarchy ({@code VoxelHierarchy}, {@code VoxelHierarchySearch};
 * {@code docs/voxel-hierarchy.md} shows the same diagrams). The tables are little-endian so that
 * two equal hierarchies hold equal bytes on every platform; the search's working memory is never
 * written out and uses native order.
 *
 * <p>The chunk directory holds one record per chunk slot of the chunk table, in slot order:
 * <pre>
 *  0               8               16      20      24      28                              56
 *  +---------------+---------------+-------+-------+-------+-------+-------+ ... +-------+
 *  | block offset  | block length  | kind  | area  |regions| face0 | face1 |     | end   |
 *  |     (i64)     |     (i64)     | (i32) | (i32) | (i32) | (i32) | (i32) |     | (i32) |
 *  +---------------+---------------+-------+-------+-------+-------+-------+ ... +-------+
 * </pre>
 * <ul>
 *   <li>block offset, block length: where the chunk's block starts in the block pool and the bytes
 *       reserved there (at least {@link #blockLength}; a rebuild that fits writes in place).</li>
 *   <li>kind: {@link #KIND_SOLID} (no open voxel, no block), {@link #KIND_OPEN} (a uniform open
 *       chunk: one region, nothing stored but its nodes), {@link #KIND_STORED} (labels, nodes and
 *       intra costs).</li>
 *   <li>area: the area of every voxel of a uniform chunk, -1 for a stored one.</li>
 *   <li>regions: the number of regions, the connected parts of the chunk's open voxels.</li>
 *   <li>face0..face5, end: the index of the chunk's first node on each face (-x, +x, -y, +y, -z,
 *       +z), then the node count n. The nodes of face f are {@code [face f, face f+1)}.</li>
 * </ul>
 *
 * <p>A chunk's block, canonical (equal chunks have equal bytes):
 * <pre>
 *  0                  8192                 24576 (stored only)  + 8 n               + 8 n^2 (stored only)
 *  +-------+--- ... --+-------+--- ... ---+-------+-------+ ... --+---------------------+
 *  | label | label    | moves | moves     | node 0        | node 1| intra cost [i*n + j]|
 *  | (u16) |          | (u32) |           | voxel | region|       |        (f64)        |
 *  +-------+--- ... --+-------+--- ... ---+-------+-------+ ... --+---------------------+
 * </pre>
 * A label is 1 + the region of the voxel at in-chunk index {@code x | y << 4 | z << 8}, 0 for a
 * solid voxel or one past the grid's edge. Moves is the mask, by move number, of the voxel's legal
 * moves that end in the chunk: kept so that a query's confined searches need not re-derive them
 * from the corner rule (their costs follow from the area multipliers). A node is the in-chunk index of its voxel (i32) and
 * its region (i32). The intra cost from node i to node j is the cost of the cheapest path between
 * their voxels that stays inside the chunk (+infinity in different regions, 0 on the diagonal).
 *
 * <p>The search confined to one chunk keeps its working memory in small fixed arrays on the Java
 * heap (one entry per in-chunk voxel), not in segments; it has no layout here.
 *
 * <p>Working memory of the abstract search: per chunk slot a page record (mark i32, first record
 * i32), and per node of a reached chunk a node record:
 * <pre>
 *  0               8       12      16              24
 *  +---------------+-------+-------+---------------+
 *  |    g (f64)    | parent| flags |   key (f64)   |
 *  +---------------+-------+-------+---------------+
 * </pre>
 * (key: the open list key the node was last queued with, so an older entry is known stale), and
 * an open list in the packed 4-ary heap of {@code org.onepath.memory.QuadHeapLayout}.
 */
public final class VoxelHierarchyLayout {
    private VoxelHierarchyLayout() {}

    /**
     * Version of the rules that compute the tables (regions, transitions, intra costs) and of the
     * directory and block layout above. A store's hierarchy section carries it and is refused when
     * it differs from this one ({@code docs/formats/store-v1.md}, section 18): raise it with any
     * change that gives other table bytes for the same voxels, area costs and options.
     */
    public static final int DERIVATION_VERSION = 1;

    /** A chunk with no open voxel. */
    public static final int KIND_SOLID = 0;
    /** A uniform chunk of one open area. */
    public static final int KIND_OPEN = 1;
    /** A stored chunk: labels and intra costs are kept. */
    public static final int KIND_STORED = 2;

    /** Number of faces of a chunk. */
    public static final int FACES = 6;
    /** Voxels of a chunk. */
    public static final int CHUNK_VOXELS = 4096;
    /** Bits of a node id that give the node's index within its chunk. */
    public static final int NODE_INDEX_BITS = 11;
    /** Most nodes a chunk can hold: 6 faces of at most 256 transitions each fit below it. */
    public static final int MAX_CHUNK_NODES = 1 << NODE_INDEX_BITS;

    public static final long BLOCK_OFFSET_OFFSET = 0;
    public static final long BLOCK_LENGTH_OFFSET = BLOCK_OFFSET_OFFSET + 8;
    public static final long KIND_OFFSET = BLOCK_LENGTH_OFFSET + 8;
    public static final long AREA_OFFSET = KIND_OFFSET + 4;
    public static final long REGION_COUNT_OFFSET = AREA_OFFSET + 4;
    public static final long FACE_START_OFFSET = REGION_COUNT_OFFSET + 4;
    /** Bytes of one chunk directory record. */
    public static final long DIRECTORY_RECORD_BYTES = FACE_START_OFFSET + (FACES + 1) * 4;

    /** Bytes of one voxel label. */
    public static final long LABEL_BYTES = 2;
    /** Bytes of the labels of a stored chunk. */
    public static final long LABELS_BYTES = CHUNK_VOXELS * LABEL_BYTES;
    /** Bytes of one voxel's move mask. */
    public static final long MASK_BYTES = 4;
    /** Offset within a stored chunk's block of the move masks. */
    public static final long MASKS_OFFSET = LABELS_BYTES;
    /** Bytes of the labels and move masks of a stored chunk. */
    public static final long VOXEL_TABLES_BYTES = MASKS_OFFSET + CHUNK_VOXELS * MASK_BYTES;

    public static final long NODE_VOXEL_OFFSET = 0;
    public static final long NODE_REGION_OFFSET = NODE_VOXEL_OFFSET + 4;
    /** Bytes of one node record of a block. */
    public static final long NODE_BYTES = NODE_REGION_OFFSET + 4;
    /** Bytes of one intra cost. */
    public static final long COST_BYTES = 8;

    public static final ValueLayout.OfInt INT = LittleEndian.INT;
    public static final ValueLayout.OfLong LONG = LittleEndian.LONG;
    public static final ValueLayout.OfDouble DOUBLE = LittleEndian.DOUBLE;
    public static final ValueLayout.OfShort SHORT = LittleEndian.SHORT;

    /** Offset of a directory record. */
    public static long directoryOffset(int slot) {
        return slot * DIRECTORY_RECORD_BYTES;
    }

    /** Offset within a block of the node records. */
    public static long nodesOffset(int kind) {
        return kind == KIND_STORED ? VOXEL_TABLES_BYTES : 0;
    }

    /** Offset within a block of the intra costs of a stored chunk of n nodes. */
    public static long costsOffset(int nodeCount) {
        return VOXEL_TABLES_BYTES + nodeCount * NODE_BYTES;
    }

    /**
     * Offset within a stored chunk's block of the intra cost from node {@code from} to node
     * {@code to} of its n nodes (the matrix is symmetric: both orders hold the same value).
     */
    public static long intraCostOffset(int nodeCount, int from, int to) {
        return costsOffset(nodeCount) + ((long) from * nodeCount + to) * COST_BYTES;
    }

    /** Bytes a block of this kind and node count uses. */
    public static long blockLength(int kind, int nodeCount) {
        if (kind == KIND_STORED) {
            return costsOffset(nodeCount) + (long) nodeCount * nodeCount * COST_BYTES;
        }
        return kind == KIND_OPEN ? nodeCount * NODE_BYTES : 0;
    }

    /** Moves a voxel can have: the bits of a move mask. */
    public static final int MOVE_SLOTS = 26;

    public static final ValueLayout.OfInt NATIVE_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfDouble NATIVE_DOUBLE = ValueLayout.JAVA_DOUBLE;

    // Working memory of the abstract search (native order, never written out).

    public static final long PAGE_MARK_OFFSET = 0;
    public static final long PAGE_FIRST_OFFSET = PAGE_MARK_OFFSET + 4;
    /** Bytes of one page record (per chunk slot). */
    public static final long PAGE_RECORD_BYTES = PAGE_FIRST_OFFSET + 4;

    public static final long NODE_G_OFFSET = 0;
    public static final long NODE_PARENT_OFFSET = NODE_G_OFFSET + 8;
    public static final long NODE_FLAGS_OFFSET = NODE_PARENT_OFFSET + 4;
    public static final long NODE_KEY_OFFSET = NODE_FLAGS_OFFSET + 4;
    /** Bytes of one abstract node record. */
    public static final long SEARCH_NODE_BYTES = NODE_KEY_OFFSET + 8;
}
