package org.onepath.store;

import static org.onepath.store.StoreLayout.U32;
import static org.onepath.store.StoreLayout.U64;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;
import org.onepath.layout.VoxelChunkLayout;
import org.onepath.layout.VoxelHierarchyLayout;

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
 * <p>A store may hold the world's voxel chunk hierarchy ({@code docs/voxel-hierarchy.md}), built
 * for one {@link HierarchyOptions} by {@link #write(VoxelGrid, String, Path, StoreProgress,
 * HierarchyOptions, BakeMonitor)}. Opening checks it (its version, its checksum, its fingerprint
 * against the store's chunks and its grid's area costs, and every directory and node record),
 * reads it in place and installs it in the grid ({@link VoxelGrid#installHierarchy}), so
 * {@link org.onepath.VoxelAlgorithm#HPA} queries with its options search the mapped tables and
 * build nothing, not even the first.
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
    /**
     * The hierarchy read from the section and installed in the grid, which owns it; null without
     * a section.
     */
    private final VoxelHierarchy hierarchy;
    /** The options of the hierarchy section; null without one. */
    private final HierarchyOptions hierarchyOptions;
    /** The grid's version and restore count when opened: a commit before any change copies the section. */
    private final int openedVersion;

    private final int openedRestores;

    private VoxelWorldStore(
            StoreFile file, VoxelGrid grid, String name, VoxelHierarchy hierarchy, HierarchyOptions hierarchyOptions) {
        this.file = file;
        this.grid = grid;
        this.name = name;
        this.hierarchy = hierarchy;
        this.hierarchyOptions = hierarchyOptions;
        this.openedVersion = grid.version();
        this.openedRestores = grid.restoreCount();
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
        write(world, name, out, progress, null, BakeMonitor.NONE, null);
    }

    /**
     * Writes a world and its voxel chunk hierarchy to a store, replacing {@code out} atomically:
     * the hierarchy is built first (the long part: tens of seconds on a large world), over the
     * chunks as the store keeps them, for the area costs the store's grid opens with (every
     * multiplier 1: a store does not keep area costs), and nothing is written until it is whole.
     * Opening the store reads the hierarchy in place, so HPA queries with these options build
     * nothing.
     *
     * @param world the world to write; left open and unchanged
     * @param name the world's source name (a map's file name), at most 1024 UTF-8 bytes
     * @param out the store file to write or replace
     * @param progress hears the phase "writing" (bytes)
     * @param hierarchy the moves, corner rule and face samples the hierarchy is built for
     * @param monitor hears the chunks built, a few times a second and once at the end, and may
     *     cancel the build
     * @throws IllegalArgumentException if the name is longer than 1024 UTF-8 bytes
     * @throws java.util.concurrent.CancellationException if the monitor cancels the build; nothing
     *     is written and {@code out} is as it was
     * @throws IOException if the file or its temporary sibling cannot be written, synced or renamed
     */
    public static void write(
            VoxelGrid world,
            String name,
            Path out,
            StoreProgress progress,
            HierarchyOptions hierarchy,
            BakeMonitor monitor)
            throws IOException {
        Objects.requireNonNull(world, "world");
        Objects.requireNonNull(hierarchy, "hierarchy");
        Objects.requireNonNull(monitor, "monitor");
        write(world, name, out, progress, hierarchy, monitor, null);
    }

    /**
     * The writer of every form: with {@code hierarchy} null no hierarchy section; with
     * {@code reuse} (the mapped section of a store whose world is unchanged since it was opened)
     * that section's bytes instead of a build.
     */
    private static void write(
            VoxelGrid world,
            String name,
            Path out,
            StoreProgress progress,
            HierarchyOptions hierarchy,
            BakeMonitor monitor,
            MemorySegment reuse)
            throws IOException {
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

            MemorySegment[] chunks = stored.toArray(MemorySegment[]::new);
            byte[] tablePrint = Fingerprints.content(table);
            byte[] chunksPrint = Fingerprints.content(chunks);
            List<StoreWriter.Section> sections = new ArrayList<>();
            sections.add(new StoreWriter.Section(StoreLayout.SECTION_META, meta, null));
            sections.add(new StoreWriter.Section(StoreLayout.SECTION_CHUNK_TABLE, table, tablePrint));
            sections.add(new StoreWriter.Section(StoreLayout.SECTION_CHUNKS, chunks, chunksPrint));
            if (hierarchy != null) {
                MemorySegment section = reuse != null
                        ? reuse
                        : buildHierarchySection(world, table, chunks, hierarchy, monitor, scratch);
                sections.add(new StoreWriter.Section(
                        StoreLayout.SECTION_VOXEL_HIERARCHY,
                        section,
                        Fingerprints.voxelHierarchy(
                                VoxelHierarchyLayout.DERIVATION_VERSION,
                                world.sizeX(),
                                world.sizeY(),
                                world.sizeZ(),
                                defaultArea,
                                hierarchy,
                                tablePrint,
                                chunksPrint,
                                new AreaCosts())));
            }
            StoreWriter.write(out, StoreLayout.KIND_VOXEL_WORLD, sections, progress);
        }
    }

    /**
     * The hierarchy section of a world: the tables built over the chunk table and chunks as the
     * store keeps them (a chunk whose voxels all agree is uniform there even where the world
     * stores it, and the hierarchy treats the two kinds differently), with the area costs a store's
     * grid opens with, then exported behind the section's header.
     */
    private static MemorySegment buildHierarchySection(
            VoxelGrid world,
            MemorySegment table,
            MemorySegment[] chunks,
            HierarchyOptions options,
            BakeMonitor monitor,
            Arena scratch) {
        MemorySegment base = scratch.allocate((long) chunks.length * VoxelChunkLayout.CHUNK_BYTES, 64);
        for (int i = 0; i < chunks.length; i++) {
            MemorySegment.copy(
                    chunks[i], 0, base, (long) i * VoxelChunkLayout.CHUNK_BYTES, VoxelChunkLayout.CHUNK_BYTES);
        }
        try (ChunkTable canonical = ChunkTable.over(
                        world.sizeX(), world.sizeY(), world.sizeZ(), world.defaultArea(), table, base, chunks.length);
                VoxelHierarchy built = new VoxelHierarchy(
                        canonical,
                        new AreaCosts(),
                        options.connectivity(),
                        options.cornerRule(),
                        options.faceSamples(),
                        monitor)) {
            int slots = canonical.chunkCount();
            long blockBytes = built.blockBytes();
            MemorySegment section =
                    scratch.allocate(VoxelHierarchySectionLayout.byteSize(slots, blockBytes), StoreLayout.ALIGNMENT);
            long directoryBytes = VoxelHierarchySectionLayout.directoryBytes(slots);
            long blocksOffset = VoxelHierarchySectionLayout.blocksOffset(slots);
            section.set(U32, VoxelHierarchySectionLayout.VERSION_OFFSET, VoxelHierarchyLayout.DERIVATION_VERSION);
            section.set(
                    U32,
                    VoxelHierarchySectionLayout.MOVES_OFFSET,
                    options.connectivity().moves());
            section.set(
                    U32,
                    VoxelHierarchySectionLayout.CORNER_RULE_OFFSET,
                    options.cornerRule().code());
            section.set(U32, VoxelHierarchySectionLayout.FACE_SAMPLES_OFFSET, options.faceSamples());
            section.set(U32, VoxelHierarchySectionLayout.SLOTS_OFFSET, slots);
            section.set(
                    U64, VoxelHierarchySectionLayout.DIRECTORY_OFFSET_OFFSET, VoxelHierarchySectionLayout.HEADER_BYTES);
            section.set(U64, VoxelHierarchySectionLayout.DIRECTORY_LENGTH_OFFSET, directoryBytes);
            section.set(U64, VoxelHierarchySectionLayout.BLOCKS_OFFSET_OFFSET, blocksOffset);
            section.set(U64, VoxelHierarchySectionLayout.BLOCKS_LENGTH_OFFSET, blockBytes);
            built.exportTables(
                    section.asSlice(VoxelHierarchySectionLayout.HEADER_BYTES, directoryBytes),
                    section.asSlice(blocksOffset, blockBytes));
            return section;
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
        VoxelGrid grid = VoxelGrid.over(chunkTable);
        try {
            StoreFile.Section section = file.section(StoreLayout.SECTION_VOXEL_HIERARCHY);
            if (section == null) {
                return new VoxelWorldStore(file, grid, name, null, null);
            }
            MemorySegment body = checkedHierarchy(file, section, (int) slots);
            HierarchyOptions options = hierarchyOptions(file, body);
            checkHierarchyFingerprint(file, section, options, sx, sy, sz, defaultArea, grid.areas());
            VoxelHierarchy hierarchy;
            try {
                hierarchy = VoxelHierarchy.over(
                        chunkTable,
                        grid.areas(),
                        options.connectivity(),
                        options.cornerRule(),
                        options.faceSamples(),
                        body.asSlice(
                                VoxelHierarchySectionLayout.HEADER_BYTES,
                                VoxelHierarchySectionLayout.directoryBytes((int) slots)),
                        body.asSlice(VoxelHierarchySectionLayout.blocksOffset((int) slots)));
            } catch (IllegalArgumentException e) {
                // The checksum and the fingerprint held, so these bytes were written as they are:
                // by a writer that got the tables wrong.
                throw new StoreCorruptException(
                        path, hierarchyName() + " does not fit the world's chunks: " + e.getMessage(), e);
            }
            try {
                // From here the grid owns it: HPA queries with these options search it, edits
                // rebuild it, and closing the grid closes it.
                grid.installHierarchy(hierarchy);
            } catch (RuntimeException | Error e) {
                hierarchy.close();
                throw e;
            }
            return new VoxelWorldStore(file, grid, name, hierarchy, options);
        } catch (IOException | RuntimeException | Error e) {
            grid.close();
            throw e;
        }
    }

    /** "the voxel hierarchy section (id 18)", as the messages name it. */
    private static String hierarchyName() {
        return "the " + StoreLayout.sectionName(StoreLayout.SECTION_VOXEL_HIERARCHY) + " section (id "
                + StoreLayout.SECTION_VOXEL_HIERARCHY + ")";
    }

    /**
     * The hierarchy section's bytes, checked in this order: long enough for its header, its
     * version (before the checksum, so a section of a newer layout is reported as newer), its
     * checksum, then every header field against the world's slot count and the section's length.
     */
    private static MemorySegment checkedHierarchy(StoreFile file, StoreFile.Section section, int slots)
            throws StoreException {
        Path path = file.path();
        if (section.length() < VoxelHierarchySectionLayout.HEADER_BYTES) {
            throw new StoreCorruptException(
                    path,
                    hierarchyName() + " length is " + section.length() + " bytes, expected at least the "
                            + VoxelHierarchySectionLayout.HEADER_BYTES + "-byte header");
        }
        int version = file.body(section).get(U32, VoxelHierarchySectionLayout.VERSION_OFFSET);
        int current = VoxelHierarchyLayout.DERIVATION_VERSION;
        if (Integer.compareUnsigned(version, current) < 0) {
            throw new StoreTooOldException(
                    path,
                    hierarchyName() + " version is " + Integer.toUnsignedString(version)
                            + ", older than version " + current
                            + " of the hierarchy's rules, the one this code reads; bake the store again"
                            + " (onepath bake MAP --hierarchy)");
        }
        if (Integer.compareUnsigned(version, current) > 0) {
            throw new StoreTooNewException(
                    path,
                    hierarchyName() + " version is " + Integer.toUnsignedString(version)
                            + ", newer than version " + current
                            + " of the hierarchy's rules, the newest this code reads; use a newer OnePath or bake the"
                            + " store again (onepath bake MAP --hierarchy)");
        }
        MemorySegment body = file.checkedBody(section);
        expect(path, body, VoxelHierarchySectionLayout.SLOTS_OFFSET, "slots", slots);
        expect(path, body, VoxelHierarchySectionLayout.RESERVED_OFFSET, "reserved field", 0);
        expect64(
                path,
                body,
                VoxelHierarchySectionLayout.DIRECTORY_OFFSET_OFFSET,
                "directory offset",
                VoxelHierarchySectionLayout.HEADER_BYTES);
        expect64(
                path,
                body,
                VoxelHierarchySectionLayout.DIRECTORY_LENGTH_OFFSET,
                "directory length",
                VoxelHierarchySectionLayout.directoryBytes(slots));
        long blocksOffset = VoxelHierarchySectionLayout.blocksOffset(slots);
        expect64(path, body, VoxelHierarchySectionLayout.BLOCKS_OFFSET_OFFSET, "blocks offset", blocksOffset);
        long blocksLength = body.byteSize() - blocksOffset;
        if (blocksLength < 0 || (blocksLength & 7) != 0) {
            throw new StoreCorruptException(
                    path,
                    hierarchyName() + " length is " + body.byteSize() + " bytes, expected the blocks at offset "
                            + blocksOffset + " and a multiple of 8 bytes of them after it");
        }
        expect64(path, body, VoxelHierarchySectionLayout.BLOCKS_LENGTH_OFFSET, "blocks length", blocksLength);
        expect64(path, body, VoxelHierarchySectionLayout.RESERVED_TAIL_OFFSET, "reserved tail", 0);
        long directoryEnd =
                VoxelHierarchySectionLayout.HEADER_BYTES + VoxelHierarchySectionLayout.directoryBytes(slots);
        for (long at = directoryEnd; at < blocksOffset; at++) {
            if (body.get(ValueLayout.JAVA_BYTE, at) != 0) {
                throw new StoreCorruptException(
                        path, hierarchyName() + " padding byte at section offset " + at + " is not zero");
            }
        }
        return body;
    }

    /** The options in a checked hierarchy section's header, each field named when out of range. */
    private static HierarchyOptions hierarchyOptions(StoreFile file, MemorySegment body) throws StoreCorruptException {
        Path path = file.path();
        int moves = body.get(U32, VoxelHierarchySectionLayout.MOVES_OFFSET);
        VoxelConnectivity connectivity = null;
        for (VoxelConnectivity c : VoxelConnectivity.values()) {
            if (c.moves() == moves) {
                connectivity = c;
            }
        }
        if (connectivity == null) {
            throw new StoreCorruptException(
                    path, hierarchyName() + " moves is " + Integer.toUnsignedString(moves) + ", expected 6, 18 or 26");
        }
        int code = body.get(U32, VoxelHierarchySectionLayout.CORNER_RULE_OFFSET);
        VoxelCornerRule rule = null;
        for (VoxelCornerRule r : VoxelCornerRule.values()) {
            if (r.code() == code) {
                rule = r;
            }
        }
        if (rule == null) {
            throw new StoreCorruptException(
                    path,
                    hierarchyName() + " corner rule is " + Integer.toUnsignedString(code)
                            + ", expected 0 (no corner cutting), 1 (no squeezing) or 2 (allow all)");
        }
        int samples = body.get(U32, VoxelHierarchySectionLayout.FACE_SAMPLES_OFFSET);
        try {
            return new HierarchyOptions(connectivity, rule, samples);
        } catch (IllegalArgumentException e) {
            throw new StoreCorruptException(path, hierarchyName() + " options: " + e.getMessage(), e);
        }
    }

    /**
     * Refuses a hierarchy section built from other inputs than this store's: its fingerprint must
     * be the one the store's chunk table and chunks (their fingerprints; the chunk table's is
     * checked against its bytes here, the chunks' by {@link #verify}), the grid's area costs, the
     * section's options and this engine's version of the hierarchy's rules give.
     */
    private static void checkHierarchyFingerprint(
            StoreFile file,
            StoreFile.Section section,
            HierarchyOptions options,
            int sx,
            int sy,
            int sz,
            int defaultArea,
            AreaCosts areas)
            throws StoreException {
        Path path = file.path();
        StoreFile.Section table = file.section(StoreLayout.SECTION_CHUNK_TABLE);
        StoreFile.Section chunks = file.section(StoreLayout.SECTION_CHUNKS);
        for (StoreFile.Section s : new StoreFile.Section[] {table, chunks}) {
            if (!s.hasFingerprint()) {
                throw new StoreCorruptException(
                        path,
                        "has " + hierarchyName().substring("the ".length()) + " but the " + s.name()
                                + " section has no fingerprint to check it against");
            }
        }
        byte[] tablePrint = Fingerprints.content(file.body(table));
        if (!Arrays.equals(tablePrint, table.fingerprint())) {
            throw new StoreCorruptException(
                    path,
                    "the " + table.name() + " section does not match its fingerprint " + table.fingerprintHex()
                            + " (its bytes give " + HexFormat.of().formatHex(tablePrint) + ")");
        }
        byte[] expected = Fingerprints.voxelHierarchy(
                VoxelHierarchyLayout.DERIVATION_VERSION,
                sx,
                sy,
                sz,
                defaultArea,
                options,
                table.fingerprint(),
                chunks.fingerprint(),
                areas);
        if (!Arrays.equals(expected, section.fingerprint())) {
            throw new StoreMismatchException(
                    path,
                    hierarchyName() + " was built from other chunks, area costs or options: its fingerprint is "
                            + section.fingerprintHex() + ", this store's chunks, its grid's area costs and the"
                            + " section's options (" + options + ", hierarchy version "
                            + VoxelHierarchyLayout.DERIVATION_VERSION + ") give "
                            + HexFormat.of().formatHex(expected) + "; bake the store again"
                            + " (onepath bake MAP --hierarchy)");
        }
    }

    private static void expect(Path path, MemorySegment body, long offset, String field, int expected)
            throws StoreCorruptException {
        int value = body.get(U32, offset);
        if (value != expected) {
            throw new StoreCorruptException(
                    path,
                    hierarchyName() + " " + field + " is " + Integer.toUnsignedString(value) + ", expected "
                            + expected);
        }
    }

    private static void expect64(Path path, MemorySegment body, long offset, String field, long expected)
            throws StoreCorruptException {
        long value = body.get(U64, offset);
        if (value != expected) {
            throw new StoreCorruptException(
                    path,
                    hierarchyName() + " " + field + " is " + Long.toUnsignedString(value) + ", expected " + expected);
        }
    }

    /**
     * What the store's voxel hierarchy section was built for: {@link org.onepath.VoxelAlgorithm#HPA}
     * queries with these moves, corner rule and face samples search the section's tables, installed
     * in the grid at open; others build their own.
     *
     * @return its moves, corner rule and face samples, or null when the store has no hierarchy
     *     section
     */
    public HierarchyOptions hierarchyOptions() {
        return hierarchyOptions;
    }

    /**
     * The hierarchy read in place from the store's section, over the grid's chunk table and area
     * costs, as installed in the grid ({@link VoxelGrid#installHierarchy}), which owns it and may
     * close it (a restore of other area costs, a ninth hierarchy); null without a section. For
     * tests.
     */
    VoxelHierarchy hierarchy() {
        return hierarchy;
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
            StoreFile file = store.file;
            file.verify(progress);
            // Stores written before the chunk table and the chunks had fingerprints have none to check.
            for (int id : new int[] {StoreLayout.SECTION_CHUNK_TABLE, StoreLayout.SECTION_CHUNKS}) {
                StoreFile.Section s = file.section(id);
                if (!s.hasFingerprint()) {
                    continue;
                }
                byte[] print;
                try {
                    print = Fingerprints.content(file.body(s));
                } catch (InternalError e) {
                    throw file.readFailed("verifying", e);
                }
                if (!Arrays.equals(print, s.fingerprint())) {
                    throw new StoreCorruptException(
                            path, "the " + s.name() + " section does not match its fingerprint " + s.fingerprintHex());
                }
            }
        }
    }

    /**
     * Writes the world as it is now (with this process's edits) over the store's file,
     * atomically. The open store keeps working on its mapping of the file it opened and on its
     * copies of edited chunks; open the file again to map the new one. A store with a hierarchy
     * section keeps one for the same options: the opened section's bytes when the world has not
     * changed since it was opened, else a hierarchy built anew over the world as written (the
     * time of a bake).
     *
     * @param progress hears the phase "writing" (bytes)
     * @throws IOException if the file or its temporary sibling cannot be written, synced or renamed
     */
    public void commit(StoreProgress progress) throws IOException {
        file.ensureReadable();
        try {
            MemorySegment reuse = null;
            if (hierarchyOptions != null && grid.version() == openedVersion && grid.restoreCount() == openedRestores) {
                // The same voxels write the same chunk table and chunks, so the section and its
                // fingerprint are what a new build would give.
                reuse = file.body(file.section(StoreLayout.SECTION_VOXEL_HIERARCHY));
            }
            write(grid, name, file.path(), progress, hierarchyOptions, BakeMonitor.NONE, reuse);
        } catch (IOException e) {
            if (StoreFile.isMappedReadFault(e.getCause())) {
                throw file.readFailed("committing", e.getCause());
            }
            throw e;
        } catch (InternalError e) {
            throw file.readFailed("committing", e);
        }
    }

    /** Closes the grid (and with it the hierarchy read from the file) and unmaps the file. Idempotent. */
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
