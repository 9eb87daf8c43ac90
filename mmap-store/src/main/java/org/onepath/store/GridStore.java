package org.onepath.store;

import static org.onepath.store.StoreLayout.U32;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.onepath.Grid;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.cells.GridCellsLayout;
import org.onepath.cells.GridTables;
import org.onepath.layout.BlockMapLayout;
import org.onepath.layout.GoalBoundsLayout;
import org.onepath.layout.JpsPlusLayout;
import org.onepath.layout.OctileMapLayout;

/**
 * A baked grid: the cells and the engine's precomputed tables over them (clearance, the block
 * map's bits and stop arrays, the JPS+ table, and the goal bounds when the grid held current
 * ones), in one store file ({@code docs/formats/store-v1.md}).
 *
 * <p>{@link #open} maps the file and builds the {@link Grid} over the mapped sections without
 * copying or computing anything, so opening takes the same time for any size, and a query reads
 * only the pages it touches. Each table carries the fingerprint of the cells and rules it was
 * derived from and is refused ({@link StoreMismatchException}) when they differ from the store's
 * cells and this engine's rules. Opening checks the directory, the small sections and the goal
 * bounds; the big sections (cells, tables) are checked by {@link #verify}, which reads them all.
 * A grid opened with goal bounds runs {@link org.onepath.GridAlgorithm#JPS_PLUS_BOUNDED} queries
 * on them until an edit (of a private store) makes them stale.
 *
 * <p>Read-only stores (the default) are shared by every process that maps them, and their grid
 * refuses edits. A {@link StoreMode#PRIVATE private} store's grid may be edited: the edited
 * pages become this process's copies, the tables follow the edits, and {@link #commit} bakes the
 * grid as it is into a new file that replaces the old one atomically.
 *
 * <p>{@link #findPath} and {@link #query} are the store's query entry points: they answer as the
 * grid does, and report a read of the file that fails because it was truncated or written in
 * place while mapped as a {@link StoreException} naming the file; see
 * {@code docs/reliability.md}. The grid's own queries ({@code findPath} in every form,
 * {@code findPathAsync}, {@code GridSearch}, a {@code PathService} over the grid) report the same
 * failures as an {@link java.io.UncheckedIOException} whose cause is the {@link StoreException},
 * and refuse the store after one as the entry points do.
 *
 * <p>Closing the store closes the grid and unmaps the file.
 */
public final class GridStore implements AutoCloseable {
    private final StoreFile file;
    private final Grid grid;
    private final String name;
    private final StoreMode mode;

    /** The file extension of stores named after their map ({@link #fileNameFor}). */
    public static final String EXTENSION = ".opstore";

    /**
     * The file name of the store baked from a map, as {@code onepath bake --out-dir} names it and
     * {@code onepath scen --store FOLDER} looks for it: the map's base name with {@link #EXTENSION}
     * ({@code brc000d.map} becomes {@code brc000d.opstore}).
     *
     * @param mapFileName a map's file name, without folders
     * @return the store's file name
     */
    public static String fileNameFor(String mapFileName) {
        Objects.requireNonNull(mapFileName, "mapFileName");
        int dot = mapFileName.lastIndexOf('.');
        return (dot > 0 ? mapFileName.substring(0, dot) : mapFileName) + EXTENSION;
    }

    private GridStore(StoreFile file, Grid grid, String name, StoreMode mode) {
        this.file = file;
        this.grid = grid;
        this.name = name;
        this.mode = mode;
    }

    /**
     * {@link #bake(Grid, String, Path, StoreProgress)} without progress.
     *
     * @param grid the grid to bake; left open and unchanged
     * @param name the grid's source name (a map's file name), at most 1024 UTF-8 bytes
     * @param out the store file to write or replace
     * @throws IOException if the file or its temporary sibling cannot be written, synced or renamed
     */
    public static void bake(Grid grid, String name, Path out) throws IOException {
        bake(grid, name, out, StoreProgress.NONE);
    }

    /**
     * Writes a grid's cells and its tables (derived now if the grid has not yet) to a store,
     * replacing {@code out} atomically: the previous file stays whole until the new one is. The
     * goal bounds are written when the grid holds current ones ({@link Grid#bakeGoalBounds});
     * they take a long bake, so this never bakes them.
     *
     * @param grid the grid to bake; left open and unchanged
     * @param name the grid's source name (a map's file name), at most 1024 UTF-8 bytes
     * @param out the store file to write or replace
     * @param progress hears the phases "deriving tables" and "writing" (bytes)
     * @throws IllegalArgumentException if the name is longer than 1024 UTF-8 bytes
     * @throws IOException if the file or its temporary sibling cannot be written, synced or renamed
     */
    public static void bake(Grid grid, String name, Path out, StoreProgress progress) throws IOException {
        Objects.requireNonNull(grid, "grid");
        byte[] nameBytes = nameBytes(name);
        Objects.requireNonNull(progress, "progress");
        int width = grid.width();
        int height = grid.height();
        progress.update("deriving tables", 0, 0);
        GridTables tables = grid.tables();
        MemorySegment cells = grid.cells();
        byte[] cellsPrint = Fingerprints.content(cells);

        MemorySegment meta = MemorySegment.ofArray(new byte[(int) StoreLayout.GRID_NAME_OFFSET + nameBytes.length]);
        meta.set(U32, StoreLayout.GRID_WIDTH_OFFSET, width);
        meta.set(U32, StoreLayout.GRID_HEIGHT_OFFSET, height);
        meta.set(U32, StoreLayout.GRID_NAME_LENGTH_OFFSET, nameBytes.length);
        MemorySegment.copy(nameBytes, 0, meta, ValueLayout.JAVA_BYTE, StoreLayout.GRID_NAME_OFFSET, nameBytes.length);

        List<StoreWriter.Section> sections = new ArrayList<>();
        sections.add(new StoreWriter.Section(StoreLayout.SECTION_META, meta, null));
        sections.add(new StoreWriter.Section(StoreLayout.SECTION_CELLS, cells, cellsPrint));
        sections.add(new StoreWriter.Section(
                StoreLayout.SECTION_CLEARANCE,
                tables.clearance(),
                Fingerprints.derived(
                        StoreLayout.SECTION_CLEARANCE,
                        GridCellsLayout.CLEARANCE_DERIVATION_VERSION,
                        width,
                        height,
                        cellsPrint)));
        sections.add(new StoreWriter.Section(
                StoreLayout.SECTION_BLOCK_MAP,
                tables.blockMap(),
                Fingerprints.derived(
                        StoreLayout.SECTION_BLOCK_MAP, BlockMapLayout.DERIVATION_VERSION, width, height, cellsPrint)));
        if (tables.jpsPlus() != null) {
            sections.add(new StoreWriter.Section(
                    StoreLayout.SECTION_JPS_PLUS,
                    tables.jpsPlus(),
                    Fingerprints.derived(
                            StoreLayout.SECTION_JPS_PLUS,
                            JpsPlusLayout.DERIVATION_VERSION,
                            width,
                            height,
                            cellsPrint)));
        }
        sections.add(new StoreWriter.Section(
                StoreLayout.SECTION_OCTILE_NEIGHBOURS,
                tables.octileNeighbours(),
                Fingerprints.derived(
                        StoreLayout.SECTION_OCTILE_NEIGHBOURS,
                        OctileMapLayout.DERIVATION_VERSION,
                        width,
                        height,
                        cellsPrint)));
        if (tables.goalBounds() != null) {
            // Present only while the bounds describe the cells as they are: a grid edited since
            // its bake hands none, and the store is written without them.
            sections.add(new StoreWriter.Section(
                    StoreLayout.SECTION_GOAL_BOUNDS,
                    tables.goalBounds(),
                    Fingerprints.derived(
                            StoreLayout.SECTION_GOAL_BOUNDS,
                            GoalBoundsLayout.DERIVATION_VERSION,
                            width,
                            height,
                            cellsPrint)));
        }
        StoreWriter.write(out, StoreLayout.KIND_GRID, sections, progress);
    }

    /**
     * Opens a grid store read-only ({@link StoreMode#READ_ONLY}).
     *
     * @param path the store file
     * @return the open store; close it to close its grid and unmap the file
     * @throws StoreException naming the file, the field, the value and what was expected
     * @throws IOException if the file cannot be opened or mapped
     */
    public static GridStore open(Path path) throws IOException {
        return open(path, StoreMode.READ_ONLY);
    }

    /**
     * Maps a grid store and builds its grid over the mapped sections.
     *
     * @param path the store file
     * @param mode read-only and shared, or copy-on-write so the grid may be edited
     * @return the open store; close it to close its grid and unmap the file
     * @throws StoreException naming the file, the field, the value and what was expected
     * @throws IOException if the file cannot be opened or mapped
     */
    public static GridStore open(Path path, StoreMode mode) throws IOException {
        StoreFile file = StoreFile.open(path, StoreLayout.KIND_GRID, mode);
        try {
            return build(path, file, mode);
        } catch (IOException | RuntimeException e) {
            file.close();
            throw e;
        } catch (InternalError e) {
            file.close();
            throw file.readFailed("opening", e);
        }
    }

    /** The grid over a checked file's sections: the meta section read, every table's fingerprint checked. */
    private static GridStore build(Path path, StoreFile file, StoreMode mode) throws IOException {
        MemorySegment meta = file.checkedBody(file.required(StoreLayout.SECTION_META, -1));
        if (meta.byteSize() < StoreLayout.GRID_NAME_OFFSET) {
            throw new StoreCorruptException(
                    path,
                    "meta section length is " + meta.byteSize() + " bytes, expected at least "
                            + StoreLayout.GRID_NAME_OFFSET);
        }
        int width = meta.get(U32, StoreLayout.GRID_WIDTH_OFFSET);
        int height = meta.get(U32, StoreLayout.GRID_HEIGHT_OFFSET);
        if (width < 1 || height < 1 || (long) width * height > Grid.MAX_CELLS) {
            throw new StoreCorruptException(
                    path,
                    "meta width x height is " + Integer.toUnsignedString(width) + " x "
                            + Integer.toUnsignedString(height) + ", expected sides of at least 1 and at most "
                            + Grid.MAX_CELLS + " cells");
        }
        String name = readName(path, meta, StoreLayout.GRID_NAME_LENGTH_OFFSET, StoreLayout.GRID_NAME_OFFSET);
        StoreFile.Section cellsEntry = file.required(StoreLayout.SECTION_CELLS, (long) width * height);
        MemorySegment clearance = table(
                file,
                StoreLayout.SECTION_CLEARANCE,
                (long) width * height,
                GridCellsLayout.CLEARANCE_DERIVATION_VERSION,
                width,
                height,
                cellsEntry);
        MemorySegment blockMap = table(
                file,
                StoreLayout.SECTION_BLOCK_MAP,
                BlockMapLayout.byteSize(width, height),
                BlockMapLayout.DERIVATION_VERSION,
                width,
                height,
                cellsEntry);
        MemorySegment jpsPlus = table(
                file,
                StoreLayout.SECTION_JPS_PLUS,
                JpsPlusLayout.byteSize(width, height),
                JpsPlusLayout.DERIVATION_VERSION,
                width,
                height,
                cellsEntry);
        MemorySegment neighbours = table(
                file,
                StoreLayout.SECTION_OCTILE_NEIGHBOURS,
                OctileMapLayout.neighbourBytes(width, height),
                OctileMapLayout.DERIVATION_VERSION,
                width,
                height,
                cellsEntry);
        MemorySegment goalBounds = goalBounds(file, width, height, cellsEntry, jpsPlus != null);
        GridTables tables = new GridTables(clearance, blockMap, jpsPlus, neighbours, goalBounds);
        Grid grid;
        try {
            grid = Grid.over(file.body(cellsEntry), width, height, tables, file.queryFaults());
        } catch (IllegalArgumentException e) {
            if (goalBounds == null || !e.getMessage().startsWith(GOAL_BOUNDS_TABLE)) {
                throw e;
            }
            // Laying the bounds over the cells checks every field of the table: a table that
            // passed its checksum and fingerprint but not this was written wrong.
            throw new StoreCorruptException(
                    path,
                    StoreLayout.sectionName(StoreLayout.SECTION_GOAL_BOUNDS) + " section (id "
                            + StoreLayout.SECTION_GOAL_BOUNDS + ") is not a table of these cells: "
                            + e.getMessage()
                                    .substring(GOAL_BOUNDS_TABLE.length())
                                    .strip(),
                    e);
        }
        return new GridStore(file, grid, name, mode);
    }

    /** How {@code GoalBounds.over} starts the message of a field it refuses. */
    private static final String GOAL_BOUNDS_TABLE = "goal bounds table:";

    /**
     * The goal bounds section, optional: refused as too old when its fingerprint is the one an
     * earlier version of the goal-bounds rules gives for these cells (a query of this version
     * reads the boxes by other rules); else its fingerprint checked like the other tables', and its
     * checksum at open (a sixth of the JPS+ table, and every field of it is read when the grid
     * lays the bounds over the cells anyway), or null when absent.
     */
    private static MemorySegment goalBounds(
            StoreFile file, int width, int height, StoreFile.Section cells, boolean hasJpsPlus) throws StoreException {
        StoreFile.Section s = file.section(StoreLayout.SECTION_GOAL_BOUNDS);
        if (s == null) {
            return null;
        }
        if (!hasJpsPlus) {
            throw new StoreCorruptException(
                    file.path(),
                    "has a " + s.name() + " section (id " + s.id() + ") but no "
                            + StoreLayout.sectionName(StoreLayout.SECTION_JPS_PLUS) + " section (id "
                            + StoreLayout.SECTION_JPS_PLUS + "), which the bounds are read with");
        }
        for (int older = 1; older < GoalBoundsLayout.DERIVATION_VERSION; older++) {
            byte[] print = Fingerprints.derived(s.id(), older, width, height, cells.fingerprint());
            if (Arrays.equals(print, s.fingerprint())) {
                throw new StoreTooOldException(
                        file.path(),
                        "the " + s.name() + " section (id " + s.id() + ") was baked by version " + older
                                + " of the goal-bounds rules, older than version " + GoalBoundsLayout.DERIVATION_VERSION
                                + ", the one this code reads; bake the store again with its bounds"
                                + " (onepath bake MAP --bounds)");
            }
        }
        checkFingerprint(file, s, GoalBoundsLayout.DERIVATION_VERSION, width, height, cells);
        return file.checkedBody(s);
    }

    /** A table section checked against the fingerprint these cells and rules give, or null when absent. */
    private static MemorySegment table(
            StoreFile file, int id, long length, int derivationVersion, int width, int height, StoreFile.Section cells)
            throws StoreException {
        StoreFile.Section s = file.section(id);
        if (s == null) {
            return null;
        }
        file.required(id, length);
        checkFingerprint(file, s, derivationVersion, width, height, cells);
        return file.body(s);
    }

    /** Refuses a table whose fingerprint is not the one these cells and this engine's rule give. */
    private static void checkFingerprint(
            StoreFile file, StoreFile.Section s, int derivationVersion, int width, int height, StoreFile.Section cells)
            throws StoreMismatchException {
        byte[] expected = Fingerprints.derived(s.id(), derivationVersion, width, height, cells.fingerprint());
        if (!Arrays.equals(expected, s.fingerprint())) {
            throw new StoreMismatchException(
                    file.path(),
                    "the " + s.name() + " section (id " + s.id()
                            + ") was derived from other inputs: its fingerprint is "
                            + s.fingerprintHex() + ", these cells and rules (derivation version " + derivationVersion
                            + ", format version " + StoreLayout.FORMAT_VERSION + ") give "
                            + java.util.HexFormat.of().formatHex(expected)
                            + "; bake the store again");
        }
    }

    /**
     * The grid over the mapped cells and tables, closed with the store.
     *
     * @return the grid; read-only unless the store was opened {@link StoreMode#PRIVATE}
     */
    public Grid grid() {
        return grid;
    }

    /**
     * {@link Grid#findPath(Cell, Cell, GridOptions)} on the store's grid, with the file's
     * failures reported as the store's: a read of a page the file no longer backs (truncated
     * while mapped) throws {@link StoreTruncatedException}, another failed page read, or any
     * exception once the file has been written in place since it was opened,
     * {@link StoreCorruptException}, each naming the file. After such a failure the store's
     * entry points refuse it; close it and open the file again. Other exceptions pass unchanged.
     *
     * @param start the start cell
     * @param goal the goal cell
     * @param options the query's options
     * @return what the grid's {@code findPath} returns
     * @throws StoreException naming the file, when reading it failed, now or before
     */
    public GridPath findPath(Cell start, Cell goal, GridOptions options) throws StoreException {
        file.ensureReadable();
        try {
            return grid.findPath(start, goal, options);
        } catch (RuntimeException | InternalError e) {
            throw file.readFailed("a query", e);
        }
    }

    /**
     * Runs any query on the store's grid with the file's failures reported as in
     * {@link #findPath(Cell, Cell, GridOptions)}.
     *
     * @param <R> what the query returns
     * @param query reads the grid (queries only: a read-only store refuses edits)
     * @return what the query returns
     * @throws StoreException naming the file, when reading it failed, now or before
     */
    public <R> R query(Function<? super Grid, ? extends R> query) throws StoreException {
        Objects.requireNonNull(query, "query");
        file.ensureReadable();
        try {
            return query.apply(grid);
        } catch (RuntimeException | InternalError e) {
            throw file.readFailed("a query", e);
        }
    }

    /**
     * The source name the store was baked with.
     *
     * @return a map's file name, as given to {@code bake}
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
     * How the file is mapped.
     *
     * @return the mode given to {@code open}
     */
    public StoreMode mode() {
        return mode;
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
     * Reads every byte of the store's file (not this process's private edits): each section's
     * checksum, and the cells against their fingerprint. Touches every page, so it takes time in
     * proportion to the file.
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
        try (GridStore store = open(path)) {
            StoreFile file = store.file;
            file.verify(progress);
            StoreFile.Section cells = file.section(StoreLayout.SECTION_CELLS);
            byte[] print;
            try {
                print = Fingerprints.content(file.body(cells));
            } catch (InternalError e) {
                throw file.readFailed("verifying", e);
            }
            if (!Arrays.equals(print, cells.fingerprint())) {
                throw new StoreCorruptException(path, "cells do not match their fingerprint " + cells.fingerprintHex());
            }
        }
    }

    /**
     * Bakes the grid as it is now (with the edits of this process) over the store's file,
     * atomically. The open store keeps working on its mapping of the file it opened; open the
     * file again to map the new one.
     *
     * @param progress hears the phases of {@link #bake(Grid, String, Path, StoreProgress)}
     * @throws IllegalStateException if the store is read-only
     * @throws IOException if the file or its temporary sibling cannot be written, synced or renamed
     */
    public void commit(StoreProgress progress) throws IOException {
        if (mode != StoreMode.PRIVATE) {
            throw new IllegalStateException(
                    "store " + file.path() + " is open read-only; open it PRIVATE to edit and commit");
        }
        file.ensureReadable();
        try {
            bake(grid, name, file.path(), progress);
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
        return "GridStore[" + file.path() + ", " + name + ", " + grid.width() + " x " + grid.height() + ", " + mode
                + "]";
    }

    static byte[] nameBytes(String name) {
        Objects.requireNonNull(name, "name");
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > StoreLayout.MAX_NAME_BYTES) {
            throw new IllegalArgumentException(
                    "name of " + bytes.length + " UTF-8 bytes, at most " + StoreLayout.MAX_NAME_BYTES);
        }
        return bytes;
    }

    /** The name field of a meta section: its length must be what is left of the section, and valid UTF-8. */
    static String readName(Path path, MemorySegment meta, long lengthOffset, long nameOffset)
            throws StoreCorruptException {
        int length = meta.get(U32, lengthOffset);
        if (length < 0 || length > StoreLayout.MAX_NAME_BYTES || nameOffset + length != meta.byteSize()) {
            throw new StoreCorruptException(
                    path,
                    "meta name length is " + Integer.toUnsignedString(length) + ", expected "
                            + (meta.byteSize() - nameOffset) + " (the rest of the section, at most "
                            + StoreLayout.MAX_NAME_BYTES + ")");
        }
        byte[] bytes = meta.asSlice(nameOffset, length).toArray(ValueLayout.JAVA_BYTE);
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new StoreCorruptException(path, "meta name is not valid UTF-8");
        }
    }
}
