package org.onepath.store;

import static org.onepath.store.StoreLayout.U32;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.layout.VoxelChunkLayout;

/**
 * A voxel world in one store file ({@code docs/formats/store-v1.md}): the chunk table and the
 * chunks. A chunk whose 4096 voxels all hold one value is stored as that value alone (a slot
 * value, no bytes), so a world that is mostly empty or solid takes a small fraction of its
 * voxel count on disk, and reads back byte-identically.
 *
 * <p>{@link #open} maps the file read-only and builds a {@link VoxelGrid} whose stored chunks
 * are the mapped bytes: only the chunk table (four bytes per chunk, at most 1 MiB) is copied, so
 * opening does not grow with the file, and a query reads only the chunks it reaches. The file is
 * never written: an edit copies its chunk into this process's memory first, so edits stay apart
 * from the shared base (and from every other process mapping it) until {@link #commit} writes the
 * world as it is into a new file that replaces the old one atomically.
 *
 * <p>{@link #findPath} and {@link #query} are the store's query entry points: they answer as the
 * grid does, and report a read of the file that fails because it was truncated or written in
 * place while mapped as a {@link StoreException} naming the file; see
 * {@code docs/reliability.md}. The world's own queries ({@code findPath} in every form,
 * {@code findPathAsync}) report the same failures as an
 * {@link java.io.UncheckedIOException} whose cause is the {@link StoreException}, and refuse the
 * store after one as the entry points do.
 *
 * <p>Closing the store closes the grid and unmaps the file.
 */
public final class VoxelWorldStore implements AutoCloseable {
    private final StoreFile file;
    private final VoxelGrid grid;
    private final String name;

    private VoxelWorldStore(StoreFile file, VoxelGrid grid, String name) {
        this.file = file;
        this.grid = grid;
        this.name = name;
    }

    /**
     * {@link #write(VoxelGrid, String, Path, StoreProgress)} without progress.
     *
     * @param world the world to write; left open and unchanged
     * @param name the world's source name (a map's file name), at most 1024 UTF-8 bytes
     * @param out the store file to write or replace
     * @throws IOException if the file or its temporary sibling cannot be written, synced or renamed
     */
    public static void write(VoxelGrid world, String name, Path out) throws IOException {
        write(world, name, out, StoreProgress.NONE);
    }

    /**
     * Writes a world to a store, replacing {@code out} atomically: the previous file stays whole
     * until the new one is.
     *
     * @param world the world to write; left open and unchanged
     * @param name the world's source name (a map's file name), at most 1024 UTF-8 bytes
     * @param out the store file to write or replace
     * @param progress hears the phase "writing" (bytes)
     * @throws IllegalArgumentException if the name is longer than 1024 UTF-8 bytes
     * @throws IOException if the file or its temporary sibling cannot be written, synced or renamed
     */
    public static void write(VoxelGrid world, String name, Path out, StoreProgress progress) throws IOException {
        Objects.requireNonNull(world, "world");
        byte[] nameBytes = GridStore.nameBytes(name);
        Objects.requireNonNull(progress, "progress");
        int cx = world.chunksX();
        int cy = world.chunksY();
        int cz = world.chunksZ();
        int slots = cx * cy * cz;
        int defaultArea = world.defaultArea();
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment table = scratch.allocate((long) slots * VoxelChunkLayout.SLOT_BYTES, 8);
            MemorySegment uniform = scratch.allocate(VoxelChunkLayout.CHUNK_BYTES, 8);
            int uniformValue = -1;
            List<MemorySegment> stored = new ArrayList<>();
            int uniformChunks = 0;
            int slot = 0;
            for (int z = 0; z < cz; z++) {
                for (int y = 0; y < cy; y++) {
                    for (int x = 0; x < cx; x++, slot++) {
                        progress.update("scanning chunks", slot, slots);
                        MemorySegment chunk = world.chunk(x, y, z);
                        int ref = VoxelChunkLayout.EMPTY;
                        if (chunk != null) {
                            int v = chunk.get(ValueLayout.JAVA_BYTE, 0) & 0xFF;
                            if (v != uniformValue) {
                                uniform.fill((byte) v);
                                uniformValue = v;
                            }
                            if (MemorySegment.mismatch(
                                            chunk,
                                            0,
                                            VoxelChunkLayout.CHUNK_BYTES,
                                            uniform,
                                            0,
                                            VoxelChunkLayout.CHUNK_BYTES)
                                    >= 0) {
                                stored.add(chunk);
                                ref = stored.size();
                            } else if (v != defaultArea) {
                                ref = -1 - v; // resolved below, once the stored count fixes the uniform base
                                uniformChunks++;
                            }
                        }
                        table.set(U32, (long) slot * VoxelChunkLayout.SLOT_BYTES, ref);
                    }
                }
            }
            int uniformBase = VoxelChunkLayout.uniformBase(stored.size());
            for (long at = 0; at < table.byteSize(); at += VoxelChunkLayout.SLOT_BYTES) {
                int ref = table.get(U32, at);
                if (ref < 0) {
                    table.set(U32, at, uniformBase + 1 + (-1 - ref));
                }
            }

            MemorySegment meta =
                    MemorySegment.ofArray(new byte[(int) StoreLayout.WORLD_NAME_OFFSET + nameBytes.length]);
            meta.set(U32, StoreLayout.WORLD_SIZE_X_OFFSET, world.sizeX());
            meta.set(U32, StoreLayout.WORLD_SIZE_Y_OFFSET, world.sizeY());
            meta.set(U32, StoreLayout.WORLD_SIZE_Z_OFFSET, world.sizeZ());
            meta.set(U32, StoreLayout.WORLD_DEFAULT_AREA_OFFSET, defaultArea);
            meta.set(U32, StoreLayout.WORLD_STORED_CHUNKS_OFFSET, stored.size());
            meta.set(U32, StoreLayout.WORLD_UNIFORM_CHUNKS_OFFSET, uniformChunks);
            meta.set(U32, StoreLayout.WORLD_NAME_LENGTH_OFFSET, nameBytes.length);
            MemorySegment.copy(
                    nameBytes, 0, meta, ValueLayout.JAVA_BYTE, StoreLayout.WORLD_NAME_OFFSET, nameBytes.length);

            List<StoreWriter.Section> sections = List.of(
                    new StoreWriter.Section(StoreLayout.SECTION_META, meta, null),
                    new StoreWriter.Section(StoreLayout.SECTION_CHUNK_TABLE, table, null),
                    new StoreWriter.Section(StoreLayout.SECTION_CHUNKS, stored.toArray(MemorySegment[]::new), null));
            StoreWriter.write(out, StoreLayout.KIND_VOXEL_WORLD, sections, progress);
        }
    }

    /**
     * Maps a world store read-only and builds its grid over the mapped chunks; edited chunks
     * become copies of this process's own.
     *
     * @param path the store file
     * @return the open store; close it to close its grid and unmap the file
     * @throws IOException if the file cannot be opened or mapped
     * @throws StoreException naming the file, the field, the value and what was expected
     */
    public static VoxelWorldStore open(Path path) throws IOException {
        StoreFile file = StoreFile.open(path, StoreLayout.KIND_VOXEL_WORLD, StoreMode.READ_ONLY);
        try {
            return build(path, file);
        } catch (IOException | RuntimeException e) {
            file.close();
            throw e;
        } catch (InternalError e) {
            file.close();
            throw file.readFailed("opening", e);
        }
    }

    /** The world over a checked file's sections: the meta section and the chunk table read and checked. */
    private static VoxelWorldStore build(Path path, StoreFile file) throws IOException {
        MemorySegment meta = file.checkedBody(file.required(StoreLayout.SECTION_META, -1));
        if (meta.byteSize() < StoreLayout.WORLD_NAME_OFFSET) {
            throw new StoreCorruptException(
                    path,
                    "meta section length is " + meta.byteSize() + " bytes, expected at least "
                            + StoreLayout.WORLD_NAME_OFFSET);
        }
        int sx = meta.get(U32, StoreLayout.WORLD_SIZE_X_OFFSET);
        int sy = meta.get(U32, StoreLayout.WORLD_SIZE_Y_OFFSET);
        int sz = meta.get(U32, StoreLayout.WORLD_SIZE_Z_OFFSET);
        try {
            ChunkTable.checkSize(sx, sy, sz);
        } catch (IllegalArgumentException e) {
            throw new StoreCorruptException(path, "meta size: " + e.getMessage());
        }
        int defaultArea = meta.get(U32, StoreLayout.WORLD_DEFAULT_AREA_OFFSET);
        if (defaultArea < 0 || defaultArea > 255) {
            throw new StoreCorruptException(
                    path, "meta default area is " + Integer.toUnsignedString(defaultArea) + ", expected 0..255");
        }
        long slots = (long) ((sx + 15) >>> 4) * ((sy + 15) >>> 4) * ((sz + 15) >>> 4);
        int stored = meta.get(U32, StoreLayout.WORLD_STORED_CHUNKS_OFFSET);
        if (stored < 0 || stored > slots) {
            throw new StoreCorruptException(
                    path, "meta stored chunk count is " + Integer.toUnsignedString(stored) + ", expected 0.." + slots);
        }
        String name =
                GridStore.readName(path, meta, StoreLayout.WORLD_NAME_LENGTH_OFFSET, StoreLayout.WORLD_NAME_OFFSET);
        MemorySegment table =
                file.checkedBody(file.required(StoreLayout.SECTION_CHUNK_TABLE, slots * VoxelChunkLayout.SLOT_BYTES));
        MemorySegment chunks =
                file.body(file.required(StoreLayout.SECTION_CHUNKS, stored * VoxelChunkLayout.CHUNK_BYTES));
        ChunkTable chunkTable;
        try {
            chunkTable = ChunkTable.over(sx, sy, sz, defaultArea, table, chunks, stored, file.queryFaults());
        } catch (IllegalArgumentException e) {
            throw new StoreCorruptException(path, e.getMessage());
        }
        return new VoxelWorldStore(file, VoxelGrid.over(chunkTable), name);
    }

    /**
     * The world over the mapped chunks, closed with the store.
     *
     * @return the voxel grid
     */
    public VoxelGrid grid() {
        return grid;
    }

    /**
     * {@link VoxelGrid#findPath(VoxelCell, VoxelCell, VoxelOptions)} on the store's world, with the
     * file's failures reported as the store's: a read of a page the file no longer backs
     * (truncated while mapped) throws {@link StoreTruncatedException}, another failed page read,
     * or any exception once the file has been written in place since it was opened,
     * {@link StoreCorruptException}, each naming the file. After such a failure the store's
     * entry points refuse it; close it and open the file again. Other exceptions pass unchanged.
     *
     * @param start the start voxel
     * @param goal the goal voxel
     * @param options the query's options
     * @return what the world's {@code findPath} returns
     * @throws StoreException naming the file, when reading it failed, now or before
     */
    public VoxelPath findPath(VoxelCell start, VoxelCell goal, VoxelOptions options) throws StoreException {
        file.ensureReadable();
        try {
            return grid.findPath(start, goal, options);
        } catch (RuntimeException | InternalError e) {
            throw file.readFailed("a query", e);
        }
    }

    /**
     * Runs any query on the store's world with the file's failures reported as in
     * {@link #findPath(VoxelCell, VoxelCell, VoxelOptions)}.
     *
     * @param <R> what the query returns
     * @param query reads the world
     * @return what the query returns
     * @throws StoreException naming the file, when reading it failed, now or before
     */
    public <R> R query(Function<? super VoxelGrid, ? extends R> query) throws StoreException {
        Objects.requireNonNull(query, "query");
        file.ensureReadable();
        try {
            return query.apply(grid);
        } catch (RuntimeException | InternalError e) {
            throw file.readFailed("a query", e);
        }
    }

    /**
     * The source name the store was written with.
     *
     * @return a map's file name, as given to {@code write}
     */
    public String name() {
        return name;
    }

    /**
     * The store file this store mapped.
     *
     * @return the path given to {@code open}
     */
    public Path path() {
        return file.path();
    }

    /**
     * The opened file's directory: its header fields and section table.
     *
     * @return the mapped file, closed with the store
     */
    public StoreFile file() {
        return file;
    }

    /**
     * Reads every byte of the store's file (not this process's edits) and checks each section's
     * checksum. Touches every page, so it takes time in proportion to the file.
     *
     * @param progress hears the phase "verifying" (bytes read)
     * @throws StoreException naming the first check that fails
     * @throws IOException if the file cannot be read
     */
    public void verify(StoreProgress progress) throws IOException {
        verify(file.path(), progress);
    }

    /**
     * {@link #verify(StoreProgress)} of a store file that need not be open.
     *
     * @param path the store file
     * @param progress hears the phase "verifying" (bytes read)
     * @throws StoreException naming the first check that fails
     * @throws IOException if the file cannot be opened or read
     */
    public static void verify(Path path, StoreProgress progress) throws IOException {
        try (VoxelWorldStore store = open(path)) {
            store.file.verify(progress);
        }
    }

    /**
     * Writes the world as it is now (with this process's edits) over the store's file,
     * atomically. The open store keeps working on its mapping of the file it opened and on its
     * copies of edited chunks; open the file again to map the new one.
     *
     * @param progress hears the phase "writing" (bytes)
     * @throws IOException if the file or its temporary sibling cannot be written, synced or renamed
     */
    public void commit(StoreProgress progress) throws IOException {
        file.ensureReadable();
        try {
            write(grid, name, file.path(), progress);
        } catch (IOException e) {
            if (StoreFile.isMappedReadFault(e.getCause())) {
                throw file.readFailed("committing", e.getCause());
            }
            throw e;
        } catch (InternalError e) {
            throw file.readFailed("committing", e);
        }
    }

    /** Closes the grid and unmaps the file. Idempotent. */
    @Override
    public void close() {
        grid.close();
        file.close();
    }

    @Override
    public String toString() {
        return "VoxelWorldStore[" + file.path() + ", " + name + ", " + grid.sizeX() + " x " + grid.sizeY() + " x "
                + grid.sizeZ() + "]";
    }
}
