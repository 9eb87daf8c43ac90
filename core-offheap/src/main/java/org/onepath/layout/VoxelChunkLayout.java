package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of the voxel storage of a {@code ChunkTable}.
 *
 * <p>The block of {@code sx * sy * sz} voxels is cut into 16 x 16 x 16 chunks. The chunk table
 * has one slot per chunk, dense, slot index {@code cx + chunksX * (cy + chunksY * cz)}:
 * <pre>
 *  slot 0  slot 1  slot 2          one i32 per slot (native order, working memory)
 *  +-------+-------+-------+---
 *  | ref   | ref   | ref   | ...   ref 0: every voxel of the chunk has the default area
 *  +-------+-------+-------+---    ref k &gt; 0: the chunk is stored as chunk number k - 1
 * </pre>
 * A stored chunk is 4096 bytes, one area byte per voxel, voxel (x, y, z) at
 * {@code (x & 15) | (y & 15) << 4 | (z & 15) << 8}:
 * <pre>
 *  0                16               256              4096
 *  +----------------+-- ... ---------+-- ... ---------+
 *  | x 0..15, y 0, z 0| y 1 ..15     | z 1 .. 15      |
 *  +----------------+-- ... ---------+-- ... ---------+
 * </pre>
 * Chunk number k lives in slab {@code k >> SLAB_SHIFT} at byte {@code (k & SLAB_MASK) * CHUNK_BYTES};
 * a slab holds {@link #CHUNKS_PER_SLAB} chunks and is allocated when its first chunk is. Voxels
 * of an edge chunk past the grid's size hold the default area and are never read.
 *
 * <p>A table over a base (a world store's, {@code ChunkTable#over}) numbers chunks in three runs,
 * each starting on a slab:
 * <pre>
 *  0 .. N-1            the N base chunks, read in place (never written)
 *  U .. U+255          U = N rounded up to a slab: chunk U+v holds area v in every voxel
 *  U+256 ..            chunks the process stored or copied on write
 * </pre>
 * so a stored file's slot values read as refs unchanged.
 */
public final class VoxelChunkLayout {
    private VoxelChunkLayout() {}

    /** Voxels along one side of a chunk: the state format's chunk, so a save copies chunks as they lie. */
    public static final int CHUNK_SIDE = org.onepath.state.VoxelGridStateFormat.CHUNK_SIDE;
    /** log2 of {@link #CHUNK_SIDE}. */
    public static final int CHUNK_SHIFT = Integer.numberOfTrailingZeros(CHUNK_SIDE);
    /** Mask of a coordinate within its chunk. */
    public static final int CHUNK_MASK = CHUNK_SIDE - 1;
    /** Bytes of one stored chunk. */
    public static final long CHUNK_BYTES = CHUNK_SIDE * CHUNK_SIDE * CHUNK_SIDE;

    /** Bytes of one chunk-table slot. */
    public static final long SLOT_BYTES = 4;
    /** The slot value of a chunk that holds only the default area. */
    public static final int EMPTY = 0;

    /** log2 of the chunks in one slab. */
    public static final int SLAB_SHIFT = 6;
    /** Chunks in one slab (256 KiB). */
    public static final int CHUNKS_PER_SLAB = 1 << SLAB_SHIFT;
    /** Mask of a chunk number within its slab. */
    public static final int SLAB_MASK = CHUNKS_PER_SLAB - 1;

    /** Uniform chunks that follow the base chunks: one per area value. */
    public static final int UNIFORM_CHUNKS = 256;

    public static final ValueLayout.OfInt SLOT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfByte VOXEL = ValueLayout.JAVA_BYTE;

    /** First uniform chunk number after {@code baseChunks} base chunks: the count rounded up to a slab. */
    public static int uniformBase(int baseChunks) {
        return (baseChunks + SLAB_MASK) & ~SLAB_MASK;
    }

    /** Offset of voxel (x, y, z) within its chunk. */
    public static int inChunkIndex(int x, int y, int z) {
        return (x & CHUNK_MASK) | (y & CHUNK_MASK) << CHUNK_SHIFT | (z & CHUNK_MASK) << (2 * CHUNK_SHIFT);
    }
}
