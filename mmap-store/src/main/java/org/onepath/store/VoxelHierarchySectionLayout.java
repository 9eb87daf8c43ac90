package org.onepath.store;

import org.onepath.layout.VoxelHierarchyLayout;

/**
 * Layout of a world store's voxel hierarchy section (id {@link StoreLayout#SECTION_VOXEL_HIERARCHY},
 * {@code docs/formats/store-v1.md} "Voxel hierarchy", which shows the same diagram): a header,
 * then the chunk hierarchy's tables as {@code VoxelHierarchy.exportTables} writes them, the
 * directory ({@link VoxelHierarchyLayout}'s 56-byte record per chunk slot) and the blocks back to
 * back, each block's offset in its directory record counted from the start of the blocks.
 * Little-endian ({@link StoreLayout#U32}, {@link StoreLayout#U64}).
 *
 * <pre>
 *  Hierarchy --&gt; Header, Directory, Padding, Blocks
 *
 *  Header (64 bytes)
 *  0        4        8        12       16       20       24                32
 *  +--------+--------+--------+--------+--------+--------+-----------------+
 *  | version| moves  | corner | samples| slots  | zero   | directoryOffset |
 *  |  u32   |  u32   |  u32   |  u32   |  u32   |        | u64 (= 64)      |
 *  +--------+--------+--------+--------+--------+--------+-----------------+
 *  32                40                48                56                64
 *  +-----------------+-----------------+-----------------+-----------------+
 *  | directoryLength | blocksOffset    | blocksLength    | zero            |
 *  | u64 (slots * 56)| u64 (64-aligned)| u64 (8n)        |                 |
 *  +-----------------+-----------------+-----------------+-----------------+
 *
 *  64 ...................... 64 + slots * 56 ... blocksOffset ............... + blocksLength
 *  | directory record per slot | zero padding | blocks, in slot order          |
 * </pre>
 * {@code version} is the engine's {@link VoxelHierarchyLayout#DERIVATION_VERSION} the tables
 * were built by; {@code moves} 6, 18 or 26; {@code corner} the corner rule's code (0 no corner
 * cutting, 1 no squeezing, 2 allow all); {@code samples} the face samples, 1..16; {@code slots}
 * the chunk slots of the world. Offsets are from the start of the section, which ends with the
 * blocks.
 */
public final class VoxelHierarchySectionLayout {
    private VoxelHierarchySectionLayout() {}

    /** Header: byte offset of the tables' version, u32 ({@link VoxelHierarchyLayout#DERIVATION_VERSION}). */
    public static final long VERSION_OFFSET = 0;
    /** Header: byte offset of the move count the tables were built for, u32: 6, 18 or 26. */
    public static final long MOVES_OFFSET = VERSION_OFFSET + 4;
    /** Header: byte offset of the corner rule's code, u32 ({@code VoxelCornerRule.code()}). */
    public static final long CORNER_RULE_OFFSET = MOVES_OFFSET + 4;
    /** Header: byte offset of the face samples, u32, 1..16. */
    public static final long FACE_SAMPLES_OFFSET = CORNER_RULE_OFFSET + 4;
    /** Header: byte offset of the chunk slot count, u32, the world's. */
    public static final long SLOTS_OFFSET = FACE_SAMPLES_OFFSET + 4;
    /** Header: byte offset of four reserved bytes, zero. */
    public static final long RESERVED_OFFSET = SLOTS_OFFSET + 4;
    /** Header: byte offset of the directory's offset in the section, u64, {@link #HEADER_BYTES}. */
    public static final long DIRECTORY_OFFSET_OFFSET = RESERVED_OFFSET + 4;
    /** Header: byte offset of the directory's length in bytes, u64. */
    public static final long DIRECTORY_LENGTH_OFFSET = DIRECTORY_OFFSET_OFFSET + 8;
    /** Header: byte offset of the blocks' offset in the section, u64, a multiple of 64. */
    public static final long BLOCKS_OFFSET_OFFSET = DIRECTORY_LENGTH_OFFSET + 8;
    /** Header: byte offset of the blocks' length in bytes, u64, a multiple of 8. */
    public static final long BLOCKS_LENGTH_OFFSET = BLOCKS_OFFSET_OFFSET + 8;
    /** Header: byte offset of eight reserved bytes ending the header, zero. */
    public static final long RESERVED_TAIL_OFFSET = BLOCKS_LENGTH_OFFSET + 8;
    /** Length of the header in bytes (64). */
    public static final long HEADER_BYTES = RESERVED_TAIL_OFFSET + 8;

    /**
     * Bytes of the directory of a world of {@code slots} chunk slots.
     *
     * @param slots the chunk slots, 1 or more
     * @return {@code slots * 56}
     */
    public static long directoryBytes(int slots) {
        return slots * VoxelHierarchyLayout.DIRECTORY_RECORD_BYTES;
    }

    /**
     * Where the blocks start in the section: after the directory, on the next multiple of 64 so
     * they are aligned for any word they hold when the section is mapped.
     *
     * @param slots the chunk slots
     * @return the blocks' offset in bytes
     */
    public static long blocksOffset(int slots) {
        return StoreLayout.align(HEADER_BYTES + directoryBytes(slots));
    }

    /**
     * The section's length.
     *
     * @param slots the chunk slots
     * @param blockBytes the blocks' length in bytes
     * @return {@code blocksOffset(slots) + blockBytes}
     */
    public static long byteSize(int slots, long blockBytes) {
        return Math.addExact(blocksOffset(slots), blockBytes);
    }
}
