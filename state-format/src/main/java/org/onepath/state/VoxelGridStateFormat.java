package org.onepath.state;

import java.util.Objects;

/**
 * The VoxelGrid state (kind 3) as bytes, without the engine.
 *
 * <pre>
 *  0       8       12      16      20  21      25      57            2101
 *  +-------+-------+-------+-------+---+-------+-------+-------------+---------------+
 *  |header | sizeX | sizeY | sizeZ |dA |version| VSpace|   Areas     | chunk section |
 *  +-------+-------+-------+-------+---+-------+-------+-------------+---------------+
 *   dA: u8 default area
 *
 *  chunk section, per chunk slot in slot order (cx fastest, then cy, then cz):
 *  +------+--------------------------------+
 *  | flag | 4096 bytes, only when flag = 1 |   byte x | y &lt;&lt; 4 | z &lt;&lt; 8 of the chunk
 *  +------+--------------------------------+
 * </pre>
 */
public final class VoxelGridStateFormat {
    private VoxelGridStateFormat() {}

    /** Largest number of voxels, 2^30. */
    public static final long MAX_VOXELS = 1L << 30;
    /** Voxels along a chunk's side. */
    public static final int CHUNK_SIDE = 16;
    /** Bytes of a stored chunk. */
    public static final long CHUNK_BYTES = CHUNK_SIDE * CHUNK_SIDE * CHUNK_SIDE;

    /** Byte offset of the i32 size along x in voxels: 8. */
    public static final long SIZE_X_OFFSET = StateLayout.HEADER_BYTES;
    /** Byte offset of the i32 size along y in voxels: 12. */
    public static final long SIZE_Y_OFFSET = SIZE_X_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 size along z in voxels: 16. */
    public static final long SIZE_Z_OFFSET = SIZE_Y_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the u8 default area, the area of every voxel of a chunk not stored: 20. */
    public static final long DEFAULT_AREA_OFFSET = SIZE_Z_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 grid version, the grid's change counter: 21, unaligned. */
    public static final long VERSION_OFFSET = DEFAULT_AREA_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of the space piece ({@link VoxelSpaceLayout}): 25. */
    public static final long SPACE_OFFSET = VERSION_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the areas piece ({@link AreasLayout}): 57. */
    public static final long AREAS_OFFSET = SPACE_OFFSET + VoxelSpaceLayout.SPACE_BYTES;
    /** Byte offset of the chunk section: 2101. */
    public static final long CHUNKS_OFFSET = AREAS_OFFSET + AreasLayout.AREAS_BYTES;

    /**
     * A checked VoxelGrid state: every chunk flag is 0 or 1 and the data ends right after the
     * last chunk; the chunk section starts at {@code chunksOffset}.
     *
     * @param sizeX        the grid's size along x in voxels, &gt;= 1
     * @param sizeY        the grid's size along y in voxels, &gt;= 1
     * @param sizeZ        the grid's size along z in voxels, &gt;= 1, with
     *                     sizeX * sizeY * sizeZ &lt;= {@link #MAX_VOXELS}
     * @param defaultArea  the area id of every voxel of a chunk not stored, 0..255
     * @param version      the grid's change counter, &gt;= 0
     * @param space        the grid's placement in the world
     * @param areas        the grid's area-cost table
     * @param chunksOffset the offset of the chunk section in the data read
     * @param storedChunks the number of chunk slots whose flag is 1, each followed by
     *                     {@link #CHUNK_BYTES} voxel bytes
     */
    public record Head(
            int sizeX,
            int sizeY,
            int sizeZ,
            int defaultArea,
            int version,
            SpacePiece.Voxel space,
            AreasPiece.Areas areas,
            long chunksOffset,
            int storedChunks) {
        /**
         * The number of chunk slots along x.
         *
         * @return {@code ceil(sizeX / 16)}, &gt;= 1
         */
        public int chunksX() {
            return chunkSide(sizeX);
        }

        /**
         * The number of chunk slots along y.
         *
         * @return {@code ceil(sizeY / 16)}, &gt;= 1
         */
        public int chunksY() {
            return chunkSide(sizeY);
        }

        /**
         * The number of chunk slots along z.
         *
         * @return {@code ceil(sizeZ / 16)}, &gt;= 1
         */
        public int chunksZ() {
            return chunkSide(sizeZ);
        }
    }

    /**
     * The number of chunks along one side of the grid; the last chunk may be partly outside it.
     *
     * @param size the side's length in voxels, &gt;= 1
     * @return {@code ceil(size / 16)}
     */
    public static int chunkSide(int size) {
        return (size + CHUNK_SIDE - 1) / CHUNK_SIDE;
    }

    /**
     * The size of a VoxelGrid state, to size a writer or a buffer.
     *
     * @param sizeX        the size along x in voxels, &gt;= 1
     * @param sizeY        the size along y in voxels, &gt;= 1
     * @param sizeZ        the size along z in voxels, &gt;= 1
     * @param storedChunks the number of chunks stored in full, 0..the number of chunk slots
     * @return the state's size in bytes: the head, one flag byte per chunk slot and
     *         {@link #CHUNK_BYTES} per stored chunk
     */
    public static long length(int sizeX, int sizeY, int sizeZ, int storedChunks) {
        return CHUNKS_OFFSET
                + (long) chunkSide(sizeX) * chunkSide(sizeY) * chunkSide(sizeZ)
                + storedChunks * CHUNK_BYTES;
    }

    /**
     * Writes everything before the chunk section: header, sizes, default area, version, space and
     * areas. The caller writes the chunk section next, a flag per slot in slot order.
     *
     * @param w           where the bytes go, at its current position (the start of the state)
     * @param sizeX       the size along x in voxels; not checked here, the reader requires &gt;= 1
     * @param sizeY       the size along y in voxels; not checked here, the reader requires &gt;= 1
     * @param sizeZ       the size along z in voxels; not checked here, the reader requires &gt;= 1
     *                    and at most {@link #MAX_VOXELS} voxels in all
     * @param defaultArea the area id of chunks not stored, 0..255
     * @param version     the grid's change counter; not checked here, the reader requires &gt;= 0
     * @param space       the grid's placement in the world
     * @param areas       the grid's area-cost table
     * @throws NullPointerException     if {@code w}, {@code space} or {@code areas} is null
     * @throws IllegalArgumentException if the default area is outside 0..255, or the space or the
     *                                  areas break their pieces' rules
     */
    public static void writeHead(
            StateWriter w,
            int sizeX,
            int sizeY,
            int sizeZ,
            int defaultArea,
            int version,
            SpacePiece.Voxel space,
            AreasPiece.Areas areas) {
        w.header(StateKind.VOXEL_GRID)
                .i32(sizeX)
                .i32(sizeY)
                .i32(sizeZ)
                .u8(defaultArea)
                .i32(version);
        SpacePiece.writeVoxel(w, space);
        AreasPiece.write(w, areas);
    }

    /**
     * Reads and checks a whole VoxelGrid state from the start of the reader's data: the header,
     * sides of at least 1 with at most 2^30 voxels, a version &gt;= 0, the pieces, then one flag
     * per chunk slot with 4096 bytes after each set flag, and nothing after the last slot.
     *
     * @param r the bytes, positioned at the header (offset 0); it is left at the end
     * @return the checked head, with the offset of the chunk section and the stored chunks
     * @throws NullPointerException   if {@code r} is null
     * @throws OnePathFormatException (the reader's subtype) naming the first field that breaks a
     *                                rule, a short chunk, or trailing bytes
     */
    public static Head read(StateReader r) {
        Objects.requireNonNull(r, "r");
        r.header(StateKind.VOXEL_GRID);
        int max = (int) MAX_VOXELS;
        int sx = r.i32InRange("sizeX", 1, max);
        int sy = r.i32InRange("sizeY", 1, max);
        int sz = r.i32InRange("sizeZ", 1, max);
        if ((long) sx * sy * sz > MAX_VOXELS) {
            throw r.error(
                    "sizeZ",
                    sz,
                    "at most " + (MAX_VOXELS / ((long) sx * sy)) + " (sizeX * sizeY * sizeZ <= 2^30)",
                    SIZE_Z_OFFSET);
        }
        int defaultArea = r.u8("defaultArea");
        int version = r.i32InRange("version", 0, Integer.MAX_VALUE);
        SpacePiece.Voxel space = SpacePiece.readVoxel(r);
        AreasPiece.Areas areas = AreasPiece.read(r);
        long chunksAt = r.offset();
        long slots = (long) chunkSide(sx) * chunkSide(sy) * chunkSide(sz);
        int stored = 0;
        for (long slot = 0; slot < slots; slot++) {
            // Field names are built only for an error: a big world has 2^18 slots.
            long at = r.offset();
            int flag = r.u8("chunk flag");
            if (flag > 1) {
                throw r.error("chunk[" + slot + "].flag", flag, "0 or 1 (a flag)", at);
            }
            if (flag == 1) {
                if (r.remaining() < CHUNK_BYTES) {
                    throw r.error(
                            "chunk[" + slot + "].voxels",
                            r.remaining() + " bytes left",
                            CHUNK_BYTES + " bytes",
                            r.offset());
                }
                r.skip("chunk voxels", CHUNK_BYTES);
                stored++;
            }
        }
        r.expectEnd();
        return new Head(sx, sy, sz, defaultArea, version, space, areas, chunksAt, stored);
    }
}
