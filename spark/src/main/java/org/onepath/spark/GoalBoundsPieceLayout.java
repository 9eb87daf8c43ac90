package org.onepath.spark;

import java.lang.foreign.ValueLayout;
import org.onepath.GoalBoundsPieces;
import org.onepath.state.LittleEndian;

/**
 * Layout of a goal-bounds piece file: the boxes one task baked for a range of a map's jump points
 * ({@code org.onepath.GoalBoundsPieces}), with what the assembly checks before it uses them.
 * Little-endian, with the value layouts of {@link LittleEndian}, where every persisted byte order
 * is decided once (DESIGN.md section 7, item 3).
 * <pre>
 *  0        8        12       16           20            24                 56          60          64
 *  +--------+--------+--------+------------+-------------+------------------+-----------+-----------+
 *  | magic  | first  | end    | jump points| bytes per jp| SHA-256 of cells | CRC32C of | CRC32C of |
 *  | 8 B    | u32    | u32    | u32 (all)  | u32 (64)    | 32 B             | payload   | bytes 0-59|
 *  +--------+--------+--------+------------+-------------+------------------+-----------+-----------+
 *  64: payload, (end - first) * bytes per jump point: the raw boxes of jump points first..end-1
 * </pre>
 * The digest is of the grid state the tasks rebuilt their grid from, so a piece of other cells
 * (a stale folder, another map) is refused; the file name repeats the range
 * ({@link #fileName}) so the assembly finds every range without reading the files.
 */
final class GoalBoundsPieceLayout {
    private GoalBoundsPieceLayout() {}

    /** Every u32 field: the state format's little-endian, unaligned int. */
    static final ValueLayout.OfInt U32 = LittleEndian.INT;

    /**
     * "OPGBPCE2": OnePath goal-bounds piece of version 2 of the goal-bounds rules ({@link
     * GoalBoundsPieces#RULES_VERSION}); the last byte is that version as an ASCII digit, so
     * a piece of version 1 ("OPGBPCE1", boxes of every optimal move) is refused as too old.
     */
    static final byte[] MAGIC = {'O', 'P', 'G', 'B', 'P', 'C', 'E', (byte) ('0' + GoalBoundsPieces.RULES_VERSION)};

    /** Bytes of the magic before the version digit. */
    static final int MAGIC_STEM_BYTES = 7;

    static final long MAGIC_OFFSET = 0;
    static final long FIRST_OFFSET = 8;
    static final long END_OFFSET = 12;
    static final long JUMP_POINTS_OFFSET = 16;
    static final long BYTES_PER_JUMP_POINT_OFFSET = 20;
    static final long DIGEST_OFFSET = 24;
    static final int DIGEST_BYTES = 32;
    static final long PAYLOAD_CRC_OFFSET = DIGEST_OFFSET + DIGEST_BYTES;
    static final long HEADER_CRC_OFFSET = PAYLOAD_CRC_OFFSET + 4;
    static final int HEADER_BYTES = (int) HEADER_CRC_OFFSET + 4;

    /** The file name of the piece of jump points [first, end): {@code piece-0000000000-0000000064.bin}. */
    static String fileName(int first, int end) {
        return String.format(java.util.Locale.ROOT, "piece-%010d-%010d.bin", first, end);
    }

    /** The pattern of {@link #fileName}: groups 1 and 2 are first and end. */
    static final java.util.regex.Pattern FILE_NAME = java.util.regex.Pattern.compile("piece-(\\d{10})-(\\d{10})\\.bin");
}
