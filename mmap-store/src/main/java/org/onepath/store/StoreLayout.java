package org.onepath.store;

import java.lang.foreign.ValueLayout;
import org.onepath.state.LittleEndian;

/**
 * Layout of a store file, format version 1 ({@code docs/formats/store-v1.md}). Little-endian
 * throughout ({@link LittleEndian}).
 *
 * <pre>
 *  Store --&gt; Header, SectionTable, { Padding, Section }, Padding, Footer
 *
 *  Header (64 bytes, offset 0)
 *  0        4        8        12       16                24                32       36       40
 *  +--------+--------+--------+--------+-----------------+-----------------+--------+--------+
 *  | magic  | version| kind   | flags  | fileLength u64  | tableOffset u64 | count  | tblCrc |
 *  | "OPST" |  u32   |  u32   |  u32   |                 |      (= 64)     |  u32   |  u32   |
 *  +--------+--------+--------+--------+-----------------+-----------------+--------+--------+
 *  40 ........................................ 60       64
 *  | reserved, zero                           | hdrCrc |   hdrCrc = CRC32C of bytes 0..59
 *  +------------------------------------------+--------+
 *
 *  Section table: count entries of 64 bytes at tableOffset; tblCrc = CRC32C of all of them
 *  0        4        8                 16                24       28       32                 64
 *  +--------+--------+-----------------+-----------------+--------+--------+------------------+
 *  | id u32 | flags  | offset u64      | length u64      | crc32c | zero   | fingerprint      |
 *  |        | (zero) | (64-aligned)    | (bytes)         | of body|        | 32 bytes         |
 *  +--------+--------+-----------------+-----------------+--------+--------+------------------+
 *
 *  Footer (16 bytes, the file's last)
 *  0        4        8                 16
 *  +--------+--------+-----------------+
 *  | magic  | dirCrc | fileLength u64  |   dirCrc = CRC32C of the header and the section table
 *  | "OPSE" |        |                 |
 *  +--------+--------+-----------------+
 * </pre>
 * Sections start on 64-byte boundaries, so each maps straight into a segment of the layout the
 * engine uses ({@code GridCellsLayout}, {@code BlockMapLayout}, {@code JpsPlusLayout},
 * {@code GoalBoundsTableLayout}, {@code VoxelChunkLayout}, {@link VoxelHierarchySectionLayout}); padding is zero.
 * A fingerprint is the SHA-256 of a section's content for the cells, the chunk table and the
 * chunks, the SHA-256 of its inputs for a derived table ({@link Fingerprints}), zero otherwise.
 */
public final class StoreLayout {
    private StoreLayout() {}

    static final ValueLayout.OfInt U32 = LittleEndian.INT;
    static final ValueLayout.OfLong U64 = LittleEndian.LONG;

    /** "OPST" read as a little-endian u32. */
    public static final int MAGIC = 'O' | 'P' << 8 | 'S' << 16 | 'T' << 24;
    /** "OPSE" read as a little-endian u32. */
    public static final int FOOTER_MAGIC = 'O' | 'P' << 8 | 'S' << 16 | 'E' << 24;
    /** The version this code writes. */
    public static final int FORMAT_VERSION = 1;
    /** The oldest version this code reads; older files are refused and must be baked again. */
    public static final int MIN_SUPPORTED_VERSION = 1;

    /** Kind of a baked grid store. */
    public static final int KIND_GRID = 1;
    /** Kind of a voxel world store. */
    public static final int KIND_VOXEL_WORLD = 2;

    /** Sections start on multiples of this. */
    public static final int ALIGNMENT = 64;

    // ---- header ----
    /** Header: byte offset of the magic, u32 {@link #MAGIC}. */
    public static final long MAGIC_OFFSET = 0;
    /** Header: byte offset of the format version, u32. */
    public static final long VERSION_OFFSET = MAGIC_OFFSET + 4;
    /** Header: byte offset of the kind, u32 ({@link #KIND_GRID} or {@link #KIND_VOXEL_WORLD}). */
    public static final long KIND_OFFSET = VERSION_OFFSET + 4;
    /** Header: byte offset of the flags, u32; version 1 writes and requires zero. */
    public static final long FLAGS_OFFSET = KIND_OFFSET + 4;
    /** Header: byte offset of the file's length in bytes, u64 (repeated in the footer). */
    public static final long FILE_LENGTH_OFFSET = FLAGS_OFFSET + 4;
    /** Header: byte offset of the section table's position, u64 (64 in version 1). */
    public static final long TABLE_OFFSET_OFFSET = FILE_LENGTH_OFFSET + 8;
    /** Header: byte offset of the number of section table entries, u32, at most {@link #MAX_SECTIONS}. */
    public static final long SECTION_COUNT_OFFSET = TABLE_OFFSET_OFFSET + 8;
    /** Header: byte offset of the CRC32C of the whole section table, u32. */
    public static final long TABLE_CRC_OFFSET = SECTION_COUNT_OFFSET + 4;
    /** Header: byte offset of the reserved bytes (40..59), which must be zero. */
    public static final long HEADER_RESERVED_OFFSET = TABLE_CRC_OFFSET + 4;
    /** Header: byte offset of the CRC32C of header bytes 0..59, u32. */
    public static final long HEADER_CRC_OFFSET = 60;
    /** Length of the header in bytes (64). */
    public static final long HEADER_BYTES = HEADER_CRC_OFFSET + 4;

    // ---- section table entry ----
    /** Section table entry: byte offset of the section id, u32 (the {@code SECTION_*} constants). */
    public static final long ENTRY_ID_OFFSET = 0;
    /** Section table entry: byte offset of the flags, u32; must be zero. */
    public static final long ENTRY_FLAGS_OFFSET = ENTRY_ID_OFFSET + 4;
    /** Section table entry: byte offset of the section body's position in the file, u64, a multiple of {@link #ALIGNMENT}. */
    public static final long ENTRY_OFFSET_OFFSET = ENTRY_FLAGS_OFFSET + 4;
    /** Section table entry: byte offset of the section body's length in bytes, u64. */
    public static final long ENTRY_LENGTH_OFFSET = ENTRY_OFFSET_OFFSET + 8;
    /** Section table entry: byte offset of the CRC32C of the section body, u32. */
    public static final long ENTRY_CRC_OFFSET = ENTRY_LENGTH_OFFSET + 8;
    /** Section table entry: byte offset of four reserved bytes, which must be zero. */
    public static final long ENTRY_RESERVED_OFFSET = ENTRY_CRC_OFFSET + 4;
    /** Section table entry: byte offset of the fingerprint, {@link #FINGERPRINT_BYTES} bytes. */
    public static final long ENTRY_FINGERPRINT_OFFSET = ENTRY_RESERVED_OFFSET + 4;
    /** Length of a fingerprint in bytes (a SHA-256 digest). */
    public static final int FINGERPRINT_BYTES = 32;
    /** Length of one section table entry in bytes (64). */
    public static final long ENTRY_BYTES = ENTRY_FINGERPRINT_OFFSET + FINGERPRINT_BYTES;
    /** More sections than this is a corrupt count (version 1 writes at most seven). */
    public static final int MAX_SECTIONS = 64;

    // ---- footer ----
    /** Footer: byte offset of the footer magic, u32 {@link #FOOTER_MAGIC}. */
    public static final long FOOTER_MAGIC_OFFSET = 0;
    /** Footer: byte offset of the CRC32C of the header and the section table together, u32. */
    public static final long FOOTER_DIRECTORY_CRC_OFFSET = FOOTER_MAGIC_OFFSET + 4;
    /** Footer: byte offset of the file's length in bytes, u64, equal to the header's. */
    public static final long FOOTER_FILE_LENGTH_OFFSET = FOOTER_DIRECTORY_CRC_OFFSET + 4;
    /** Length of the footer in bytes (16); it ends the file. */
    public static final long FOOTER_BYTES = FOOTER_FILE_LENGTH_OFFSET + 8;

    // ---- section ids ----
    /** Small: what the store holds (sizes, source name); checked at open. */
    public static final int SECTION_META = 1;
    /** Grid cells, u8 row-major; fingerprint = SHA-256 of the bytes. */
    public static final int SECTION_CELLS = 2;
    /** Clearance, u8 row-major. */
    public static final int SECTION_CLEARANCE = 3;
    /** The block map block: walkable bits and stop arrays. */
    public static final int SECTION_BLOCK_MAP = 4;
    /** The JPS+ table, i16 cell-major. */
    public static final int SECTION_JPS_PLUS = 5;
    /** The neighbour bytes of the jump point searches, u8 row-major. */
    public static final int SECTION_OCTILE_NEIGHBOURS = 6;
    /**
     * The packed goal-bounding table ({@code GoalBoundsTableLayout}), optional; checked at open
     * (about a sixth of the JPS+ table).
     */
    public static final int SECTION_GOAL_BOUNDS = 7;
    /** Small: one i32 chunk ref per chunk slot; checked at open. */
    public static final int SECTION_CHUNK_TABLE = 16;
    /** The stored (not uniform) voxel chunks, 4096 bytes each. */
    public static final int SECTION_CHUNKS = 17;
    /**
     * The voxel chunk hierarchy of the world ({@link VoxelHierarchySectionLayout}), optional; checked
     * at open, so the first HPA query reads it instead of building it.
     */
    public static final int SECTION_VOXEL_HIERARCHY = 18;

    // ---- grid meta section ----
    /** Grid meta section: byte offset of the grid's width in cells, u32. */
    public static final long GRID_WIDTH_OFFSET = 0;
    /** Grid meta section: byte offset of the grid's height in cells, u32. */
    public static final long GRID_HEIGHT_OFFSET = GRID_WIDTH_OFFSET + 4;
    /** Grid meta section: byte offset of the source name's length in UTF-8 bytes, u32, at most {@link #MAX_NAME_BYTES}. */
    public static final long GRID_NAME_LENGTH_OFFSET = GRID_HEIGHT_OFFSET + 4;
    /** Grid meta section: byte offset of the source name, UTF-8; the section ends with it. */
    public static final long GRID_NAME_OFFSET = GRID_NAME_LENGTH_OFFSET + 4;

    // ---- voxel world meta section ----
    /** Voxel world meta section: byte offset of the world's size along x in voxels, u32. */
    public static final long WORLD_SIZE_X_OFFSET = 0;
    /** Voxel world meta section: byte offset of the world's size along y in voxels, u32. */
    public static final long WORLD_SIZE_Y_OFFSET = WORLD_SIZE_X_OFFSET + 4;
    /** Voxel world meta section: byte offset of the world's size along z in voxels, u32. */
    public static final long WORLD_SIZE_Z_OFFSET = WORLD_SIZE_Y_OFFSET + 4;
    /** Voxel world meta section: byte offset of the default area (0..255, 255 solid) of chunks not stored, u32. */
    public static final long WORLD_DEFAULT_AREA_OFFSET = WORLD_SIZE_Z_OFFSET + 4;
    /** Voxel world meta section: byte offset of the number of chunks stored in {@link #SECTION_CHUNKS}, u32. */
    public static final long WORLD_STORED_CHUNKS_OFFSET = WORLD_DEFAULT_AREA_OFFSET + 4;
    /** Voxel world meta section: byte offset of the number of chunk slots that name a uniform chunk (one area throughout, not stored), u32. */
    public static final long WORLD_UNIFORM_CHUNKS_OFFSET = WORLD_STORED_CHUNKS_OFFSET + 4;
    /** Voxel world meta section: byte offset of the source name's length in UTF-8 bytes, u32, at most {@link #MAX_NAME_BYTES}. */
    public static final long WORLD_NAME_LENGTH_OFFSET = WORLD_UNIFORM_CHUNKS_OFFSET + 4;
    /** Voxel world meta section: byte offset of the source name, UTF-8; the section ends with it. */
    public static final long WORLD_NAME_OFFSET = WORLD_NAME_LENGTH_OFFSET + 4;

    /** Longest source name, in UTF-8 bytes. */
    public static final int MAX_NAME_BYTES = 1024;

    /**
     * Rounds a file position up to the next section boundary.
     *
     * @param offset a position in bytes, 0 or more
     * @return {@code offset} rounded up to a multiple of {@link #ALIGNMENT}
     * @throws ArithmeticException if the result overflows a {@code long}
     */
    public static long align(long offset) {
        return Math.addExact(offset, ALIGNMENT - 1) & -ALIGNMENT;
    }

    /**
     * Names a section id, for messages and {@code store inspect}.
     *
     * @param id a section id, known or not
     * @return the section's name ("cells", "JPS+ table", ...), or "unknown section ID"
     */
    public static String sectionName(int id) {
        return switch (id) {
            case SECTION_META -> "meta";
            case SECTION_CELLS -> "cells";
            case SECTION_CLEARANCE -> "clearance";
            case SECTION_BLOCK_MAP -> "block map";
            case SECTION_JPS_PLUS -> "JPS+ table";
            case SECTION_OCTILE_NEIGHBOURS -> "octile neighbour bytes";
            case SECTION_GOAL_BOUNDS -> "goal bounds";
            case SECTION_CHUNK_TABLE -> "chunk table";
            case SECTION_CHUNKS -> "chunks";
            case SECTION_VOXEL_HIERARCHY -> "voxel hierarchy";
            default -> "unknown section " + id;
        };
    }

    /**
     * Names a store kind, for messages.
     *
     * @param kind a kind code from the header, known or not
     * @return "grid", "voxel world" or "unknown kind KIND"
     */
    public static String kindName(int kind) {
        return switch (kind) {
            case KIND_GRID -> "grid";
            case KIND_VOXEL_WORLD -> "voxel world";
            default -> "unknown kind " + kind;
        };
    }
}
