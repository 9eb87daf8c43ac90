package org.onepath.snapshot;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.onepath.cells.AreaCosts;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.layout.VoxelChunkLayout;
import org.onepath.memory.NativeIntList;
import org.onepath.state.AreasPiece;
import org.onepath.state.SpacePiece;
import org.onepath.state.StateLayout;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;
import org.onepath.state.VoxelGridStateFormat;

/**
 * A VoxelGrid's state (kind 3, laid out by {@link VoxelGridStateFormat}): a default chunk costs
 * its flag byte, a stored chunk is copied in one piece.
 */
public final class VoxelState {
    private VoxelState() {}

    /** A checked state, before anything changes; the chunk section starts at {@code chunksAt} of {@code data}. */
    public record Parsed(
            int sizeX,
            int sizeY,
            int sizeZ,
            int defaultArea,
            int version,
            SpacePiece.Voxel space,
            AreasPiece.Areas areas,
            MemorySegment data,
            long chunksAt) {}

    public static long length(ChunkTable chunks) {
        return VoxelGridStateFormat.length(chunks.sizeX(), chunks.sizeY(), chunks.sizeZ(), chunks.storedChunkCount());
    }

    /** Writes a voxel grid's chunks with its version, world mapping and area costs. */
    public static void write(ChunkTable chunks, int version, SpacePiece.Voxel space, AreaCosts areas, StateWriter w) {
        VoxelGridStateFormat.writeHead(
                w,
                chunks.sizeX(),
                chunks.sizeY(),
                chunks.sizeZ(),
                chunks.defaultArea(),
                version,
                space,
                areas.toPiece());
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
    public static Parsed read(MemorySegment data, ChunkTable expected) {
        StateReader r = StateReader.ofGrid(data);
        VoxelGridStateFormat.Head head = VoxelGridStateFormat.read(r);
        if (expected != null) {
            expect(r, "sizeX", head.sizeX(), expected.sizeX(), VoxelGridStateFormat.SIZE_X_OFFSET);
            expect(r, "sizeY", head.sizeY(), expected.sizeY(), VoxelGridStateFormat.SIZE_Y_OFFSET);
            expect(r, "sizeZ", head.sizeZ(), expected.sizeZ(), VoxelGridStateFormat.SIZE_Z_OFFSET);
            expect(
                    r,
                    "defaultArea",
                    head.defaultArea(),
                    expected.defaultArea(),
                    VoxelGridStateFormat.DEFAULT_AREA_OFFSET);
        }
        return new Parsed(
                head.sizeX(),
                head.sizeY(),
                head.sizeZ(),
                head.defaultArea(),
                head.version(),
                head.space(),
                head.areas(),
                data,
                head.chunksOffset());
    }

    private static void expect(StateReader r, String field, int value, int expected, long offset) {
        if (value != expected) {
            throw r.error(field, value, expected + " (the restoring grid's " + field + ")", offset);
        }
    }

    /** Writes a checked state's chunks into the table: a flagged chunk is stored and copied, any other slot made default. */
    public static void applyChunks(Parsed parsed, ChunkTable chunks) {
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

    /** The nodes whose area a checked state changes, ascending; padding voxels are not nodes. */
    public static int[] changedNodes(Parsed parsed, ChunkTable chunks) {
        MemorySegment data = parsed.data();
        long at = parsed.chunksAt();
        int sx = chunks.sizeX();
        int sy = chunks.sizeY();
        int sz = chunks.sizeZ();
        int defaultArea = chunks.defaultArea();
        NativeIntList changed = new NativeIntList();
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
                            int x = (cx << VoxelChunkLayout.CHUNK_SHIFT) | (i & VoxelChunkLayout.CHUNK_MASK);
                            int y = (cy << VoxelChunkLayout.CHUNK_SHIFT)
                                    | ((i >>> VoxelChunkLayout.CHUNK_SHIFT) & VoxelChunkLayout.CHUNK_MASK);
                            int z = (cz << VoxelChunkLayout.CHUNK_SHIFT) | (i >>> (2 * VoxelChunkLayout.CHUNK_SHIFT));
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
            Arrays.sort(nodes);
            return nodes;
        } finally {
            changed.close();
        }
    }
}
