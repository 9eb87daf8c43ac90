package org.onepath.grids.voxel;

import static org.onepath.layout.VoxelChunkLayout.CHUNKS_PER_SLAB;
import static org.onepath.layout.VoxelChunkLayout.CHUNK_BYTES;
import static org.onepath.layout.VoxelChunkLayout.CHUNK_MASK;
import static org.onepath.layout.VoxelChunkLayout.CHUNK_SHIFT;
import static org.onepath.layout.VoxelChunkLayout.EMPTY;
import static org.onepath.layout.VoxelChunkLayout.SLAB_MASK;
import static org.onepath.layout.VoxelChunkLayout.SLAB_SHIFT;
import static org.onepath.layout.VoxelChunkLayout.SLOT;
import static org.onepath.layout.VoxelChunkLayout.SLOT_BYTES;
import static org.onepath.layout.VoxelChunkLayout.VOXEL;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Objects;
import org.onepath.cells.MemoryFaults;
import org.onepath.layout.VoxelChunkLayout;
import org.onepath.memory.LeakGuard;
import org.onepath.memory.ListenerArrays;
import org.onepath.memory.OwnerState;
import org.onepath.state.LittleEndian;

/**
 * The voxel storage of a voxel grid (tier 3): a dense table of 16^3 chunks, each either empty
 * (every voxel holds the default area) or a stored 4096-byte chunk, laid out as
 * {@link VoxelChunkLayout} describes. A chunk is stored on the first write that differs from
 * the default and then stays, so memory grows with the chunks that differ from the default.
 *
 * <p>A table {@link #over over} a base (a world store's mapped chunks) reads the base chunks in
 * place and copies a chunk into its own memory on the first write to it, so the base is never
 * written.
 *
 * <p>Reads may run on several threads while nobody writes. Owns its memory (not a base):
 * {@link #close()} frees it.
 */
public final class ChunkTable implements AutoCloseable {
    /** Largest number of voxels, 2^30. */
    public static final long MAX_VOXELS = org.onepath.state.VoxelGridStateFormat.MAX_VOXELS;

    /** A slot as a stored file holds it: little-endian. */
    private static final ValueLayout.OfInt FILE_SLOT = LittleEndian.INT;

    private final int sizeX;
    private final int sizeY;
    private final int sizeZ;
    private final int chunksX;
    private final int chunksY;
    private final int chunksZ;
    private final byte defaultArea;
    private final Arena arena;
    private final MemorySegment table;
    private final OwnerState state = new OwnerState("ChunkTable");
    /** Who answers for the base chunks' memory when a query on it fails. */
    private final MemoryFaults faults;

    private static final ChunkEditListener[] NO_LISTENERS = new ChunkEditListener[0];
    private volatile ChunkEditListener[] editListeners = NO_LISTENERS;
    private MemorySegment[] slabs = new MemorySegment[4];
    /** Chunk numbers handed out so far (the slabs' high-water mark). */
    private int chunkNumbers;
    /** Chunk numbers released by {@link #clear(int)}, reused before new ones. */
    private int[] released = new int[0];

    private int releasedCount;
    private int storedChunks;
    /** Chunk numbers below this are base or uniform chunks, shared and never written. */
    private final int firstOwned;
    /** Slabs at the front of {@link #slabs} that are base memory, not owned. */
    private final int baseSlabs;

    /**
     * A table of {@code sizeX x sizeY x sizeZ} voxels, every chunk default and nothing stored yet;
     * it owns its memory.
     *
     * @param sizeX       voxels along x, at least 1
     * @param sizeY       voxels along y, at least 1
     * @param sizeZ       voxels along z, at least 1; the product at most {@link #MAX_VOXELS}
     * @param defaultArea the area of every voxel not yet written (0..255)
     * @throws IllegalArgumentException if a side is below 1, the block exceeds 2^30 voxels or the
     *                                  area is outside 0..255
     */
    public ChunkTable(int sizeX, int sizeY, int sizeZ, int defaultArea) {
        this(sizeX, sizeY, sizeZ, defaultArea, null, 0, MemoryFaults.NONE);
    }

    private ChunkTable(
            int sizeX,
            int sizeY,
            int sizeZ,
            int defaultArea,
            MemorySegment baseChunks,
            int baseCount,
            MemoryFaults faults) {
        this.faults = faults;
        checkSize(sizeX, sizeY, sizeZ);
        if (defaultArea < 0 || defaultArea > 255) {
            throw new IllegalArgumentException("default area " + defaultArea + " is outside 0..255");
        }
        this.sizeX = sizeX;
        this.sizeY = sizeY;
        this.sizeZ = sizeZ;
        this.chunksX = (sizeX + CHUNK_MASK) >>> CHUNK_SHIFT;
        this.chunksY = (sizeY + CHUNK_MASK) >>> CHUNK_SHIFT;
        this.chunksZ = (sizeZ + CHUNK_MASK) >>> CHUNK_SHIFT;
        this.defaultArea = (byte) defaultArea;
        this.arena = LeakGuard.sharedArena(this);
        this.table = arena.allocate((long) chunksX * chunksY * chunksZ * SLOT_BYTES, SLOT_BYTES); // zeroed: all EMPTY
        if (baseChunks == null) {
            this.firstOwned = 0;
            this.baseSlabs = 0;
            return;
        }
        int uniformBase = VoxelChunkLayout.uniformBase(baseCount);
        this.firstOwned = uniformBase + VoxelChunkLayout.UNIFORM_CHUNKS;
        this.baseSlabs = uniformBase >>> SLAB_SHIFT;
        this.chunkNumbers = firstOwned;
        this.slabs = new MemorySegment[(firstOwned >>> SLAB_SHIFT) + 4];
        long slabBytes = CHUNKS_PER_SLAB * CHUNK_BYTES;
        for (int i = 0; i < baseSlabs; i++) {
            long from = i * slabBytes;
            slabs[i] = baseChunks.asSlice(from, Math.min(slabBytes, baseChunks.byteSize() - from));
        }
    }

    /**
     * A table over a base: {@code slots} holds one little-endian i32 per slot in the numbering of
     * {@link VoxelChunkLayout} (0 the default area, k in 1..N base chunk k - 1, U+1+v uniform area
     * v), copied and checked here; {@code baseChunks} holds the N base chunks back to back and is
     * read in place for as long as the table lives. The caller keeps it alive and frees it.
     *
     * @param sizeX          voxels along x, at least 1
     * @param sizeY          voxels along y, at least 1
     * @param sizeZ          voxels along z, at least 1; the product at most {@link #MAX_VOXELS}
     * @param defaultArea    the area of every voxel of a default slot, 0..255
     * @param slots          one i32 per chunk slot, exactly {@code chunkCount * 4} bytes; copied
     * @param baseChunks     the base chunks, exactly {@code baseChunkCount * 4096} bytes, read in
     *                       place and never written
     * @param baseChunkCount the number of base chunks, 0 or more
     * @return a new table over the base; closing it frees its own memory, not the base
     * @throws IllegalArgumentException naming the size, or the first slot whose value is out of range
     */
    public static ChunkTable over(
            int sizeX,
            int sizeY,
            int sizeZ,
            int defaultArea,
            MemorySegment slots,
            MemorySegment baseChunks,
            int baseChunkCount) {
        return over(sizeX, sizeY, sizeZ, defaultArea, slots, baseChunks, baseChunkCount, MemoryFaults.NONE);
    }

    /**
     * {@link #over(int, int, int, int, MemorySegment, MemorySegment, int)} over a base whose
     * failures {@code faults} answers for: a world store passes its mapped file's, so a query that
     * fails reading the base chunks throws the exception {@code faults} names.
     *
     * @param sizeX          voxels along x, at least 1
     * @param sizeY          voxels along y, at least 1
     * @param sizeZ          voxels along z, at least 1; the product at most {@link #MAX_VOXELS}
     * @param defaultArea    the area of every voxel of a default slot, 0..255
     * @param slots          one i32 per chunk slot, exactly {@code chunkCount * 4} bytes; copied
     * @param baseChunks     the base chunks, exactly {@code baseChunkCount * 4096} bytes, read in
     *                       place and never written
     * @param baseChunkCount the number of base chunks, 0 or more
     * @param faults         who answers for the memory of {@code baseChunks}
     * @return a new table over the base; closing it frees its own memory, not the base
     * @throws IllegalArgumentException naming the size, or the first slot whose value is out of range
     */
    public static ChunkTable over(
            int sizeX,
            int sizeY,
            int sizeZ,
            int defaultArea,
            MemorySegment slots,
            MemorySegment baseChunks,
            int baseChunkCount,
            MemoryFaults faults) {
        Objects.requireNonNull(faults, "faults");
        if (baseChunkCount < 0 || baseChunks.byteSize() != baseChunkCount * CHUNK_BYTES) {
            throw new IllegalArgumentException("base of " + baseChunks.byteSize() + " bytes does not hold "
                    + baseChunkCount + " chunks of " + CHUNK_BYTES);
        }
        ChunkTable t = new ChunkTable(sizeX, sizeY, sizeZ, defaultArea, baseChunks, baseChunkCount, faults);
        try {
            int count = t.chunkCount();
            if (slots.byteSize() != count * SLOT_BYTES) {
                throw new IllegalArgumentException("chunk table holds " + slots.byteSize() + " bytes, " + count
                        + " slots need " + count * SLOT_BYTES);
            }
            int uniformBase = VoxelChunkLayout.uniformBase(baseChunkCount);
            for (int slot = 0; slot < count; slot++) {
                int ref = slots.get(FILE_SLOT, slot * SLOT_BYTES);
                if (ref == EMPTY) {
                    continue;
                }
                if (ref > baseChunkCount
                        && (ref <= uniformBase || ref > uniformBase + VoxelChunkLayout.UNIFORM_CHUNKS)) {
                    throw new IllegalArgumentException(
                            "chunk table slot " + slot + " holds " + ref + ", expected 0, 1.." + baseChunkCount + " or "
                                    + (uniformBase + 1) + ".." + (uniformBase + VoxelChunkLayout.UNIFORM_CHUNKS));
                }
                if (ref < 0) {
                    throw new IllegalArgumentException(
                            "chunk table slot " + slot + " holds " + ref + ", expected 0 or more");
                }
                if (ref > uniformBase) {
                    t.uniformSlab(ref - 1);
                }
                t.table.set(SLOT, slot * SLOT_BYTES, ref);
                t.storedChunks++;
            }
            return t;
        } catch (RuntimeException e) {
            t.close();
            throw e;
        }
    }

    /**
     * {@return who answers for the base chunks' memory when a query on it fails} {@link MemoryFaults#NONE}
     * unless the table was made over a world store's mapping.
     */
    public MemoryFaults memoryFaults() {
        return faults;
    }

    /** Makes sure the slab of uniform chunk {@code k} exists, filled with the areas it stands for. */
    private void uniformSlab(int k) {
        int slab = k >>> SLAB_SHIFT;
        if (slabs[slab] == null) {
            MemorySegment s = arena.allocate(CHUNKS_PER_SLAB * CHUNK_BYTES, 64);
            int firstArea = (slab << SLAB_SHIFT) - (firstOwned - VoxelChunkLayout.UNIFORM_CHUNKS);
            for (int i = 0; i < CHUNKS_PER_SLAB; i++) {
                s.asSlice(i * CHUNK_BYTES, CHUNK_BYTES).fill((byte) (firstArea + i));
            }
            slabs[slab] = s;
        }
    }

    /** Whether a non-empty slot value refers to a shared chunk (base or uniform), which is never written. */
    private boolean shared(int ref) {
        return ref - 1 < firstOwned;
    }

    /**
     * Checks the size of a voxel block.
     *
     * @param sizeX voxels along x, at least 1
     * @param sizeY voxels along y, at least 1
     * @param sizeZ voxels along z, at least 1; the product at most {@link #MAX_VOXELS}
     * @throws IllegalArgumentException naming the size and the bound
     */
    public static void checkSize(int sizeX, int sizeY, int sizeZ) {
        if (sizeX < 1 || sizeY < 1 || sizeZ < 1) {
            throw new IllegalArgumentException(
                    "voxel grid size " + sizeX + " x " + sizeY + " x " + sizeZ + " must be at least 1 x 1 x 1");
        }
        if ((long) sizeX * sizeY * sizeZ > MAX_VOXELS) {
            throw new IllegalArgumentException(
                    "voxel grid size " + sizeX + " x " + sizeY + " x " + sizeZ + " exceeds 2^30 voxels");
        }
    }

    /**
     * The number of voxels along x.
     *
     * @return the side, at least 1
     */
    public int sizeX() {
        return sizeX;
    }

    /**
     * The number of voxels along y.
     *
     * @return the side, at least 1
     */
    public int sizeY() {
        return sizeY;
    }

    /**
     * The number of voxels along z.
     *
     * @return the side, at least 1
     */
    public int sizeZ() {
        return sizeZ;
    }

    /**
     * The number of chunks along x.
     *
     * @return ceil(sizeX / 16)
     */
    public int chunksX() {
        return chunksX;
    }

    /**
     * The number of chunks along y.
     *
     * @return ceil(sizeY / 16)
     */
    public int chunksY() {
        return chunksY;
    }

    /**
     * The number of chunks along z.
     *
     * @return ceil(sizeZ / 16)
     */
    public int chunksZ() {
        return chunksZ;
    }

    /**
     * Number of chunk slots: chunksX * chunksY * chunksZ.
     *
     * @return the slot count, 1 or more
     */
    public int chunkCount() {
        return chunksX * chunksY * chunksZ;
    }

    /**
     * Number of chunks stored (the others hold only the default area).
     *
     * @return the stored chunk count, 0..chunkCount
     */
    public int storedChunkCount() {
        return storedChunks;
    }

    /**
     * Native bytes this table owns: the table, the stored chunks, not a base.
     *
     * @return the bytes allocated off-heap by this table
     */
    public long storageBytes() {
        long slabBytes = 0;
        for (int i = baseSlabs; i < slabs.length; i++) {
            if (slabs[i] != null) {
                slabBytes += slabs[i].byteSize();
            }
        }
        return table.byteSize() + slabBytes;
    }

    /**
     * The area of every voxel not yet written.
     *
     * @return the default area id, 0..255
     */
    public int defaultArea() {
        return defaultArea & 0xFF;
    }

    /**
     * Slot index of chunk (cx, cy, cz).
     *
     * @param cx the chunk's x, 0..chunksX-1
     * @param cy the chunk's y, 0..chunksY-1
     * @param cz the chunk's z, 0..chunksZ-1
     * @return {@code cx + chunksX * (cy + chunksY * cz)}
     */
    public int slotOf(int cx, int cy, int cz) {
        return cx + chunksX * (cy + chunksY * cz);
    }

    /**
     * The stored chunk of a slot (4096 bytes, read-only), or null when every voxel of the chunk
     * holds the default area.
     *
     * @param slot the chunk's slot, 0..chunkCount-1
     * @return a read-only view of the chunk's voxels, or null
     * @throws IllegalArgumentException if the slot is out of range
     */
    public MemorySegment chunk(int slot) {
        state.ensureOpen();
        int ref = table.get(SLOT, checkedSlot(slot) * SLOT_BYTES);
        return ref == EMPTY ? null : chunkSegment(ref - 1).asReadOnly();
    }

    /**
     * Area byte of an inside voxel, unchecked (hot path).
     *
     * @param x the voxel's x, 0..sizeX-1
     * @param y the voxel's y, 0..sizeY-1
     * @param z the voxel's z, 0..sizeZ-1
     * @return the area id, 0..255
     */
    public int area(int x, int y, int z) {
        int ref = table.get(SLOT, (long) slotOf(x >>> CHUNK_SHIFT, y >>> CHUNK_SHIFT, z >>> CHUNK_SHIFT) * SLOT_BYTES);
        if (ref == EMPTY) {
            return defaultArea & 0xFF;
        }
        int k = ref - 1;
        return slabs[k >>> SLAB_SHIFT].get(
                        VOXEL, (k & SLAB_MASK) * CHUNK_BYTES + VoxelChunkLayout.inChunkIndex(x, y, z))
                & 0xFF;
    }

    /** Slot value of the chunk holding an inside voxel: {@code EMPTY} or stored chunk number + 1 (hot path). */
    int refAt(int x, int y, int z) {
        return table.get(SLOT, (long) slotOf(x >>> CHUNK_SHIFT, y >>> CHUNK_SHIFT, z >>> CHUNK_SHIFT) * SLOT_BYTES);
    }

    /** Slot value of chunk (cx, cy, cz) (hot path). */
    int refOfChunk(int cx, int cy, int cz) {
        return table.get(SLOT, (long) slotOf(cx, cy, cz) * SLOT_BYTES);
    }

    /** The slab holding the stored chunk of a non-empty slot value. */
    MemorySegment slabOf(int ref) {
        return slabs[(ref - 1) >>> SLAB_SHIFT];
    }

    /** Byte offset within its slab of the stored chunk of a non-empty slot value. */
    static long chunkOffsetOf(int ref) {
        return ((ref - 1) & SLAB_MASK) * CHUNK_BYTES;
    }

    /**
     * Writes an inside voxel's area, storing its chunk first when the value differs from the
     * default.
     *
     * @param x    the voxel's x, 0..sizeX-1
     * @param y    the voxel's y, 0..sizeY-1
     * @param z    the voxel's z, 0..sizeZ-1
     * @param area the new area id, 0..255
     * @return whether the voxel changed
     */
    public boolean set(int x, int y, int z, int area) {
        state.ensureOpen();
        long slotOffset = (long) slotOf(x >>> CHUNK_SHIFT, y >>> CHUNK_SHIFT, z >>> CHUNK_SHIFT) * SLOT_BYTES;
        int ref = table.get(SLOT, slotOffset);
        if (ref == EMPTY) {
            if (area == (defaultArea & 0xFF)) {
                return false;
            }
            ref = storeChunk();
            table.set(SLOT, slotOffset, ref);
        }
        long at = VoxelChunkLayout.inChunkIndex(x, y, z);
        if ((chunkSegment(ref - 1).get(VOXEL, at) & 0xFF) == area) {
            return false;
        }
        if (shared(ref)) {
            ref = copyOnWrite(ref);
            table.set(SLOT, slotOffset, ref);
        }
        chunkSegment(ref - 1).set(VOXEL, at, (byte) area);
        for (ChunkEditListener listener : editListeners) {
            listener.voxelEdited(x, y, z);
        }
        return true;
    }

    /**
     * Registers a listener for writes to this table.
     *
     * @param listener told of every write after it happens, on the writing thread
     */
    public synchronized void addEditListener(ChunkEditListener listener) {
        editListeners = ListenerArrays.with(editListeners, listener);
    }

    /**
     * Removes a listener; returns whether it was registered.
     *
     * @param listener a listener added before
     * @return whether it was registered
     */
    public synchronized boolean removeEditListener(ChunkEditListener listener) {
        ChunkEditListener[] current = editListeners;
        editListeners = ListenerArrays.without(current, listener);
        return editListeners != current;
    }

    private void replaced(int slot) {
        for (ChunkEditListener listener : editListeners) {
            listener.chunkReplaced(slot);
        }
    }

    /**
     * The area every voxel of chunk (cx, cy, cz) holds when the chunk is uniform (a default slot,
     * or one of a base's uniform chunks), else -1; a stored chunk counts as not uniform whatever
     * it holds. A chunk-table read, no voxel read (hot path).
     *
     * @param cx the chunk's x, 0..chunksX-1
     * @param cy the chunk's y, 0..chunksY-1
     * @param cz the chunk's z, 0..chunksZ-1
     * @return the uniform area id, 0..255, or -1
     */
    public int uniformAreaOf(int cx, int cy, int cz) {
        int ref = refOfChunk(cx, cy, cz);
        if (ref == EMPTY) {
            return defaultArea & 0xFF;
        }
        int k = ref - 1;
        if (k < firstOwned && k >= firstOwned - VoxelChunkLayout.UNIFORM_CHUNKS) {
            return k - (firstOwned - VoxelChunkLayout.UNIFORM_CHUNKS);
        }
        return -1;
    }

    /** Throws the owner's clear {@link IllegalStateException} once the table is closed (package use). */
    void ensureOpen() {
        state.ensureOpen();
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            arena.close();
        }
    }

    private MemorySegment chunkSegment(int k) {
        return slabs[k >>> SLAB_SHIFT].asSlice((k & SLAB_MASK) * CHUNK_BYTES, CHUNK_BYTES);
    }

    /**
     * Makes a slot default again (every voxel of the chunk reads the default area), releasing its
     * stored chunk for reuse. A restore needs this so that a chunk saved as default is saved so
     * again.
     *
     * @param slot the chunk's slot, 0..chunkCount-1
     * @throws IllegalArgumentException if the slot is out of range
     */
    public void clear(int slot) {
        state.ensureOpen();
        long slotOffset = checkedSlot(slot) * SLOT_BYTES;
        int ref = table.get(SLOT, slotOffset);
        if (ref != EMPTY) {
            table.set(SLOT, slotOffset, EMPTY);
            if (!shared(ref)) {
                if (releasedCount == released.length) {
                    released = Arrays.copyOf(released, Math.max(16, released.length * 2));
                }
                released[releasedCount++] = ref - 1;
            }
            storedChunks--;
            replaced(slot);
        }
    }

    /**
     * The writable stored chunk of a slot, storing it (filled with the default area) first when
     * the slot is default. For bulk writers such as a restore, which bump no version of their own.
     *
     * @param slot the chunk's slot, 0..chunkCount-1
     * @return the chunk's 4096 writable bytes, valid until the slot is cleared or the table closed
     * @throws IllegalArgumentException if the slot is out of range
     */
    public MemorySegment storedChunk(int slot) {
        state.ensureOpen();
        long slotOffset = checkedSlot(slot) * SLOT_BYTES;
        int ref = table.get(SLOT, slotOffset);
        if (ref == EMPTY) {
            ref = storeChunk();
            table.set(SLOT, slotOffset, ref);
        } else if (shared(ref)) {
            ref = copyOnWrite(ref);
            table.set(SLOT, slotOffset, ref);
        }
        replaced(slot);
        return chunkSegment(ref - 1);
    }

    /** A new owned chunk holding a copy of a shared one; returns its slot value. */
    private int copyOnWrite(int sharedRef) {
        int ref = storeChunk();
        storedChunks--; // the slot was counted as stored already
        MemorySegment.copy(chunkSegment(sharedRef - 1), 0, chunkSegment(ref - 1), 0, CHUNK_BYTES);
        return ref;
    }

    private long checkedSlot(int slot) {
        if (slot < 0 || slot >= chunkCount()) {
            throw new IllegalArgumentException("chunk slot " + slot + " is outside 0.." + (chunkCount() - 1));
        }
        return slot;
    }

    /** Stores a new chunk filled with the default area; returns its slot value. */
    private int storeChunk() {
        int k;
        if (releasedCount > 0) {
            k = released[--releasedCount];
        } else {
            k = chunkNumbers++;
            int slab = k >>> SLAB_SHIFT;
            if (slab == slabs.length) {
                slabs = Arrays.copyOf(slabs, slabs.length * 2);
            }
            if (slabs[slab] == null) {
                slabs[slab] = arena.allocate(CHUNKS_PER_SLAB * CHUNK_BYTES, 64);
            }
        }
        MemorySegment chunk = chunkSegment(k);
        chunk.fill(defaultArea); // a released chunk may hold old voxels
        storedChunks++;
        return k + 1;
    }
}
