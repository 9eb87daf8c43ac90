package org.onepath.state;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The byte order of everything OnePath persists, snapshots or hashes, decided once:
 * little-endian, unaligned value layouts, whatever the platform's native order. The state format
 * ({@link StateLayout}), the store files, the tables a store maps back in (JPS+ entries,
 * block-map words, chunk-table slots), the HPA* tables (so that equal hierarchies are equal
 * bytes) and the grid's content hash all take their layouts from here. Working memory that is
 * never written out (node records, heaps) keeps native order and does not use these.
 *
 * <p>Unaligned, because records have odd sizes (a 17-byte visited record, say) and a mapped
 * section is only as aligned as its offset. The constants are {@code static final}, so the JIT
 * folds them into every access as if each class had declared its own.
 */
public final class LittleEndian {
    private LittleEndian() {}

    /** A 16-bit value (signed; widen without sign for a u16). */
    public static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** A 32-bit value (signed; widen without sign for a u32). */
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** A 64-bit value, signed or unsigned, and the bit pattern of an f64 where a format stores it so. */
    public static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** A binary64 read and written as a double. */
    public static final ValueLayout.OfDouble DOUBLE =
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
}
