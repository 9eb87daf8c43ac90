package org.onepath.layout;

import java.lang.foreign.ValueLayout;

/**
 * Layout of the walkable bits of the voxel jump point search, {@code VoxelBitRows} (working
 * memory, native order): one bit per voxel, 64 voxels along x per word, a row of words per
 * (y, z).
 *
 * <p>The world is cut into tiles of 64 x 16 x 16 voxels (four chunks along x). Row word
 * {@code wx} of row (y, z) covers x = 64 wx .. 64 wx + 63 and lies in tile
 * {@code wx + tilesX * ((y >> 4) + tilesY * (z >> 4))}. The tile table holds one i32 per tile:
 * <pre>
 *  tile 0  tile 1  tile 2
 *  +-------+-------+-------+---
 *  | code  | code  | code  | ...   0: not built yet
 *  +-------+-------+-------+---    1 (OPEN): every voxel of the tile inside the world is open;
 *                                     no words are stored, a read costs no memory access
 *                                  2 (SOLID): every voxel solid, nothing stored
 *                                  k + 3: the words are stored as tile number k
 *                                  -(k + 3): stored as k, stale after a bulk write; rebuilt
 *                                     into k on the next read
 * </pre>
 * A stored tile is 256 u64 words, 2048 bytes, the word of row (y, z) at
 * {@code ((y & 15) | (z & 15) << 4) * 8}:
 * <pre>
 *  0        8        16                 128               2048
 *  +--------+--------+------ ... -------+------ ... ------+
 *  | y 0,   | y 1,   |  y 2..15, z 0    | z 1..15         |
 *  | z 0    | z 0    |                  |                 |
 *  +--------+--------+------ ... -------+------ ... ------+
 *   bit i of a word: voxel x = 64 wx + i, 1 = open; bits past the world's sizeX are 0
 * </pre>
 * Reads outside the world (a row beyond a side, a word before 0 or past the last) answer 0:
 * the rows are padded by a range check, so a scan never leaves the arrays and meets solid at
 * the world's faces.
 *
 * <p>The same layout serves rows along y and z: in row coordinates (a, u, v), a along the row and
 * (u, v) across it, (x, y, z) for rows along x, (y, x, z) along y and (z, x, y) along z; a tile
 * is then 64 voxels along a by 16 x 16.
 *
 * <p>Beside the tiles, the quiet-region test keeps prefix counts over the chunks, one i32 per
 * chunk corner, summed again after an edit that may change them:
 * <pre>
 *  entry (i, j, k) at ((k * (chunksY + 1) + j) * (chunksX + 1) + i) * 4
 *  +-------+-------+---
 *  | count | count | ...   chunks (cx &lt; i, cy &lt; j, cz &lt; k) that are not uniformly open
 *  +-------+-------+---    (a stored chunk, or a uniform chunk of the solid area)
 * </pre>
 * Described with the jumps in {@code docs/voxels.md}, "Jump point search".
 */
public final class VoxelBitRowsLayout {
    private VoxelBitRowsLayout() {}

    /** log2 of the voxels of a word along x. */
    public static final int WORD_SHIFT = 6;
    /** Mask of x within its word. */
    public static final int WORD_MASK = (1 << WORD_SHIFT) - 1;
    /** log2 of a tile's side along y and z: a chunk's. */
    public static final int TILE_SHIFT = VoxelChunkLayout.CHUNK_SHIFT;
    /** Mask of y or z within its tile. */
    public static final int TILE_MASK = (1 << TILE_SHIFT) - 1;
    /** Chunks along x in one tile. */
    public static final int CHUNKS_PER_WORD = 1 << (WORD_SHIFT - VoxelChunkLayout.CHUNK_SHIFT);

    /** Words of one stored tile. */
    public static final int TILE_WORDS = 1 << (2 * TILE_SHIFT);

    public static final long WORD_BYTES = 8;
    /** Bytes of one stored tile. */
    public static final long TILE_BYTES = TILE_WORDS * WORD_BYTES;

    public static final long CODE_BYTES = 4;

    public static final int NOT_BUILT = 0;
    public static final int OPEN = 1;
    public static final int SOLID = 2;
    /** Code of stored tile k is {@code k + FIRST_STORED}. */
    public static final int FIRST_STORED = 3;

    public static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG;
    public static final ValueLayout.OfInt CODE = ValueLayout.JAVA_INT;

    /** Byte offset of the word of row (y, z) within its stored tile. */
    public static long wordOffset(int y, int z) {
        return ((y & TILE_MASK) | (z & TILE_MASK) << TILE_SHIFT) * WORD_BYTES;
    }
}
