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

    public static final long SIZE_X_OFFSET = StateLayout.HEADER_BYTES;
    public static final long SIZE_Y_OFFSET = SIZE_X_OFFSET + StateLayout.I32_BYTES;
    public static final long SIZE_Z_OFFSET = SIZE_Y_OFFSET + StateLayout.I32_BYTES;
    public static final long DEFAULT_AREA_OFFSET = SIZE_Z_OFFSET + StateLayout.I32_BYTES;
    public static final long VERSION_OFFSET = DEFAULT_AREA_OFFSET + StateLayout.U8_BYTES;
    public static final long SPACE_OFFSET = VERSION_OFFSET + StateLayout.I32_BYTES;
    public static final long AREAS_OFFSET = SPACE_OFFSET + VoxelSpaceLayout.SPACE_BYTES;
    public static final long CHUNKS_OFFSET = AREAS_OFFSET + AreasLayout.AREAS_BYTES;

    /**
     * A checked VoxelGrid state: every chunk flag is 0 or 1 and the data ends right after the
     * last chunk; the chunk section starts at {@code chunksOffset}.
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
        public int chunksX() {
            return chunkSide(sizeX);
        }

        public int chunksY() {
            return chunkSide(sizeY);
        }

        public int chunksZ() {
            return chunkSide(sizeZ);
        }
    }

    /** Chunks along a side of {@code size} voxels. */
    public static int chunkSide(int size) {
        return (size + CHUNK_SIDE - 1) / CHUNK_SIDE;
    }

    /** Bytes of a state with these sizes and stored chunks. */
    public static long length(int sizeX, int sizeY, int sizeZ, int storedChunks) {
        return CHUNKS_OFFSET
                + (long) chunkSide(sizeX) * chunkSide(sizeY) * chunkSide(sizeZ)
                + storedChunks * CHUNK_BYTES;
    }

    /** Writes everything before the chunk section. */
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
