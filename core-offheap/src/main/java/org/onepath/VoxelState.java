package org.onepath;

import java.lang.foreign.MemorySegment;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelChunkLayout;
import org.onepath.state.AreasLayout;
import org.onepath.state.AreasPiece;
import org.onepath.state.SpacePiece;
import org.onepath.state.StateKind;
import org.onepath.state.StateLayout;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;
import org.onepath.state.VoxelSpaceLayout;

/**
 * The VoxelGrid state (kind 3): header, i32 sizeX, sizeY, sizeZ, u8 defaultArea, i32 version,
 * the voxel space piece, the areas piece, then for each chunk slot in slot order (x fastest, then
 * y, then z) u8 flag and, when 1, the chunk's 4096 bytes as stored (padding past the grid's edge
 * included). A default chunk costs one byte; a stored one is copied in one piece.
 */
final class VoxelState {
    /** Bytes before the chunk flags. */
    static final long FIXED_BYTES = StateLayout.HEADER_BYTES + 3 * StateLayout.I32_BYTES + StateLayout.U8_BYTES
            + StateLayout.I32_BYTES + VoxelSpaceLayout.SPACE_BYTES + AreasLayout.AREAS_BYTES;

    private VoxelState() {
    }

    /**
     * A checked state, before anything changes: the chunk section starts at {@code chunksAt} of
     * {@code data} and has been walked once, so every flag is 0 or 1 and the bytes end exactly
     * after it.
     */
    record Parsed(int sizeX, int sizeY, int sizeZ, int defaultArea, int version, VoxelSpace space,
                  AreasPiece.Areas areas, MemorySegment data, long chunksAt) {
    }

    static long length(ChunkTable chunks) {
        return FIXED_BYTES + chunks.chunkCount() + (long) chunks.storedChunkCount() * VoxelChunkLayout.CHUNK_BYTES;
    }

    static void write(VoxelGrid grid, ChunkTable chunks, StateWriter w) {
        VoxelSpace s = grid.space();
        w.header(StateKind.VOXEL_GRID).i32(chunks.sizeX()).i32(chunks.sizeY()).i32(chunks.sizeZ())
                .u8(chunks.defaultArea()).i32(grid.version());
        SpacePiece.writeVoxel(w, new SpacePiece.Voxel(s.originX(), s.originY(), s.originZ(), s.cellSize()));
        AreasPiece.write(w, grid.areas().toPiece());
        int slots = chunks.chunkCount();
        for (int slot = 0; slot < slots; slot++) {
            MemorySegment chunk = chunks.chunk(slot);
            if (chunk == null) {
                w.flag(false);
            } else {
                w.flag(true).bytes(chunk, 0, VoxelChunkLayout.CHUNK_BYTES);
            }
        }
    }

    /**
     * Reads and checks a whole VoxelGrid state.
     *
     * @param expected the grid the state must fit (same size and default area), or null for any
     */
    static Parsed read(MemorySegment data, ChunkTable expected) {
        StateReader r = StateReader.ofGrid(data);
        r.header(StateKind.VOXEL_GRID);
        int sx = side(r, "sizeX", expected == null ? -1 : expected.sizeX());
        int sy = side(r, "sizeY", expected == null ? -1 : expected.sizeY());
        long at = r.offset();
        int sz = side(r, "sizeZ", expected == null ? -1 : expected.sizeZ());
        if ((long) sx * sy * sz > VoxelGrid.MAX_VOXELS) {
            throw r.error("sizeZ", sz, "at most " + (VoxelGrid.MAX_VOXELS / ((long) sx * sy)) + " (sizeX * sizeY * sizeZ <= 2^30)", at);
        }
        at = r.offset();
        int defaultArea = r.u8("defaultArea");
        if (expected != null && defaultArea != expected.defaultArea()) {
            throw r.error("defaultArea", defaultArea, expected.defaultArea() + " (the restoring grid's default area)", at);
        }
        int version = r.i32InRange("version", 0, Integer.MAX_VALUE);
        SpacePiece.Voxel s = SpacePiece.readVoxel(r);
        AreasPiece.Areas areas = AreasPiece.read(r);
        long chunksAt = r.offset();
        long slots = (long) chunkSide(sx) * chunkSide(sy) * chunkSide(sz);
        for (long slot = 0; slot < slots; slot++) {
            if (r.flag("chunk flag")) {
                r.skip("chunk bytes", VoxelChunkLayout.CHUNK_BYTES);
            }
        }
        r.expectEnd();
        return new Parsed(sx, sy, sz, defaultArea, version, new VoxelSpace(s.originX(), s.originY(), s.originZ(), s.cellSize()),
                areas, data, chunksAt);
    }

    /**
     * Writes a checked state's chunks into the table: a flagged chunk is stored and copied, any
     * other slot made default.
     */
    static void applyChunks(Parsed parsed, ChunkTable chunks) {
        MemorySegment data = parsed.data();
        long at = parsed.chunksAt();
        int slots = chunks.chunkCount();
        for (int slot = 0; slot < slots; slot++) {
            boolean stored = data.get(StateLayout.U8, at++) != 0;
            if (stored) {
                MemorySegment.copy(data, at, chunks.storedChunk(slot), 0, VoxelChunkLayout.CHUNK_BYTES);
                at += VoxelChunkLayout.CHUNK_BYTES;
            } else {
                chunks.clear(slot);
            }
        }
    }

    /**
     * The nodes whose area a checked state changes, ascending; padding voxels are not nodes.
     */
    static int[] changedNodes(Parsed parsed, ChunkTable chunks) {
        MemorySegment data = parsed.data();
        long at = parsed.chunksAt();
        int sx = chunks.sizeX();
        int sy = chunks.sizeY();
        int sz = chunks.sizeZ();
        int defaultArea = chunks.defaultArea();
        org.onepath.memory.NativeIntList changed = new org.onepath.memory.NativeIntList();
        try {
            for (int cz = 0; cz < chunks.chunksZ(); cz++) {
                for (int cy = 0; cy < chunks.chunksY(); cy++) {
                    for (int cx = 0; cx < chunks.chunksX(); cx++) {
                        MemorySegment old = chunks.chunk(chunks.slotOf(cx, cy, cz));
                        boolean stored = data.get(StateLayout.U8, at++) != 0;
                        long from = at;
                        if (stored) {
                            at += VoxelChunkLayout.CHUNK_BYTES;
                        } else if (old == null) {
                            continue;
                        }
                        for (int i = 0; i < VoxelChunkLayout.CHUNK_BYTES; i++) {
                            int x = (cx << 4) | (i & 15);
                            int y = (cy << 4) | ((i >>> 4) & 15);
                            int z = (cz << 4) | (i >>> 8);
                            if (x >= sx || y >= sy || z >= sz) {
                                continue;
                            }
                            int before = old == null ? defaultArea : old.get(StateLayout.U8, i) & 0xFF;
                            int after = stored ? data.get(StateLayout.U8, from + i) & 0xFF : defaultArea;
                            if (before != after) {
                                changed.add(x + sx * (y + sy * z));
                            }
                        }
                    }
                }
            }
            int[] nodes = changed.toArray();
            java.util.Arrays.sort(nodes);
            return nodes;
        } finally {
            changed.close();
        }
    }

    private static int side(StateReader r, String field, int expected) {
        long at = r.offset();
        int v = r.i32InRange(field, 1, (int) VoxelGrid.MAX_VOXELS);
        if (expected >= 0 && v != expected) {
            throw r.error(field, v, expected + " (the restoring grid's " + field + ")", at);
        }
        return v;
    }

    private static int chunkSide(int size) {
        return (size + VoxelChunkLayout.CHUNK_MASK) >>> VoxelChunkLayout.CHUNK_SHIFT;
    }
}
