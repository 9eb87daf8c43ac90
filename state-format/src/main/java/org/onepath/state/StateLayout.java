package org.onepath.state;

import java.lang.foreign.ValueLayout;

/**
 * Layout of the header that opens every snapshot, and the little-endian value layouts every
 * piece is written with.
 *
 * <pre>
 *  0               4       6       8
 *  +---------------+-------+-------+
 *  |  magic (u32)  |version| kind  |
 *  +---------------+-------+-------+
 *   4F 50 47 53     01 00   kind, u16
 * </pre>
 * <ul>
 *   <li>magic: {@link #MAGIC}, so the first four bytes spell "OPGS" in ASCII.</li>
 *   <li>version: {@link #VERSION}; a reader of this version rejects every other one, because a
 *       future layout may move any field.</li>
 *   <li>kind: a {@link StateKind} code naming the object the payload belongs to.</li>
 * </ul>
 * The payload starts at {@link #HEADER_BYTES} and runs to the end of the data: nothing may follow
 * it, so a truncated or concatenated file cannot pass for a valid one.
 *
 * <p>Every value in the format is little-endian and unaligned (pieces have odd sizes, e.g. a
 * 17-byte visited record): the layouts below are {@link LittleEndian}'s, the one declaration of
 * the byte order. An f64 is stored by its raw bit pattern through {@link #I64}, so a restore
 * reproduces every double exactly.
 */
public final class StateLayout {
    private StateLayout() {}

    /** The magic number; little-endian it is the bytes 4F 50 47 53 ("OPGS"). */
    public static final int MAGIC = 0x5347504F;
    /** The format version this module reads and writes. */
    public static final int VERSION = 1;

    /** Size in bytes of a u8 or a flag: 1. */
    public static final long U8_BYTES = 1;
    /** Size in bytes of a u16: 2. */
    public static final long U16_BYTES = 2;
    /** Size in bytes of an i32: 4. */
    public static final long I32_BYTES = 4;
    /** Size in bytes of an i64 or u64: 8. */
    public static final long I64_BYTES = 8;
    /** Size in bytes of an f64 (stored by its bit pattern): 8. */
    public static final long F64_BYTES = 8;

    /** Byte offset of the magic number in the header: 0. */
    public static final long MAGIC_OFFSET = 0;
    /** Byte offset of the u16 format version: 4, after the magic. */
    public static final long VERSION_OFFSET = MAGIC_OFFSET + I32_BYTES;
    /** Byte offset of the u16 {@link StateKind} code: 6, after the version. */
    public static final long KIND_OFFSET = VERSION_OFFSET + U16_BYTES;
    /** Size of the header in bytes, 8, and so the byte offset at which every payload starts. */
    public static final long HEADER_BYTES = KIND_OFFSET + U16_BYTES;

    /** An unsigned byte or a 0/1 flag. */
    public static final ValueLayout.OfByte U8 = ValueLayout.JAVA_BYTE;
    /** An unsigned 16-bit value (read as a short and widened without sign). */
    public static final ValueLayout.OfShort U16 = LittleEndian.SHORT;
    /** A signed 32-bit value (also the magic, whose top bit is clear). */
    public static final ValueLayout.OfInt I32 = LittleEndian.INT;
    /** A signed or unsigned 64-bit value, and the bit pattern of an f64. */
    public static final ValueLayout.OfLong I64 = LittleEndian.LONG;
}
