package org.onepath.state;

import static org.onepath.state.StateLayout.F64_BYTES;
import static org.onepath.state.StateLayout.I32;
import static org.onepath.state.StateLayout.I32_BYTES;
import static org.onepath.state.StateLayout.I64;
import static org.onepath.state.StateLayout.I64_BYTES;
import static org.onepath.state.StateLayout.U16;
import static org.onepath.state.StateLayout.U16_BYTES;
import static org.onepath.state.StateLayout.U8;
import static org.onepath.state.StateLayout.U8_BYTES;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A cursor over snapshot bytes that reads little-endian values (see {@link StateLayout}) and
 * checks them as it goes.
 *
 * <p>Every read takes the field's name, and every problem with the bytes - too few left, a value
 * out of range, a bad magic number, trailing bytes - is thrown as this reader's
 * {@link OnePathFormatException} subclass naming the field, the value, the byte offset and the
 * bound: {@link GridStateException} unless the reader was made with {@link #ofGraph}, then
 * {@link GraphStateException}. Nothing else escapes on bad bytes: counts are checked against the
 * bytes left before a caller allocates for them ({@link #count}), so a hostile count cannot
 * exhaust memory. Bad arguments from the caller (a negative bound, a destination too small)
 * are {@link IllegalArgumentException}s.
 *
 * <p>Offsets are counted from the first byte given to the reader. Not thread-safe.
 */
public final class StateReader {
    private final MemorySegment data;
    private final boolean graph;
    private long offset;

    /**
     * A reader over {@code data} that throws {@link GridStateException}, the same as
     * {@link #ofGrid(MemorySegment)}.
     *
     * @param data the snapshot bytes, the whole segment from its first byte; read in place (not
     *             copied), so it must stay alive and unchanged while the reader is used
     * @throws NullPointerException if {@code data} is null
     */
    public StateReader(MemorySegment data) {
        this(data, false);
    }

    /**
     * A reader over {@code data} that throws {@link GridStateException}, the same as
     * {@link #ofGrid(byte[])}.
     *
     * @param data the snapshot bytes, the whole array; read in place (not copied), so do not
     *             change it while the reader is used
     * @throws NullPointerException if {@code data} is null
     */
    public StateReader(byte[] data) {
        this(MemorySegment.ofArray(Objects.requireNonNull(data, "data")), false);
    }

    private StateReader(MemorySegment data, boolean graph) {
        this.data = Objects.requireNonNull(data, "data");
        this.graph = graph;
    }

    /**
     * A reader for the snapshot of a grid-like object.
     *
     * @param data the snapshot bytes, the whole segment from its first byte; read in place (not
     *             copied), so it must stay alive and unchanged while the reader is used
     * @return a reader at offset 0 that throws {@link GridStateException}
     * @throws NullPointerException if {@code data} is null
     */
    public static StateReader ofGrid(MemorySegment data) {
        return new StateReader(data, false);
    }

    /**
     * A reader for the snapshot of a grid-like object.
     *
     * @param data the snapshot bytes, the whole array; read in place (not copied)
     * @return a reader at offset 0 that throws {@link GridStateException}
     * @throws NullPointerException if {@code data} is null
     */
    public static StateReader ofGrid(byte[] data) {
        return new StateReader(data);
    }

    /**
     * A reader for the snapshot of a graph or a graph search.
     *
     * @param data the snapshot bytes, the whole segment from its first byte; read in place (not
     *             copied), so it must stay alive and unchanged while the reader is used
     * @return a reader at offset 0 that throws {@link GraphStateException}
     * @throws NullPointerException if {@code data} is null
     */
    public static StateReader ofGraph(MemorySegment data) {
        return new StateReader(data, true);
    }

    /**
     * A reader for the snapshot of a graph or a graph search.
     *
     * @param data the snapshot bytes, the whole array; read in place (not copied)
     * @return a reader at offset 0 that throws {@link GraphStateException}
     * @throws NullPointerException if {@code data} is null
     */
    public static StateReader ofGraph(byte[] data) {
        return new StateReader(MemorySegment.ofArray(Objects.requireNonNull(data, "data")), true);
    }

    /**
     * Where the next read starts.
     *
     * @return the offset of the next byte to read, counted from the first byte of the data
     */
    public long offset() {
        return offset;
    }

    /**
     * How much data is left.
     *
     * @return the number of bytes not read yet, &gt;= 0
     */
    public long remaining() {
        return data.byteSize() - offset;
    }

    /**
     * This reader's exception for a field, for checks the caller makes itself (a width that does
     * not match the restoring grid, say). Returned rather than thrown so the caller writes
     * {@code throw reader.error(...)} and the compiler sees the branch end.
     *
     * @param field    field name
     * @param value    what the bytes held
     * @param expected what was required, e.g. {@code "12 (the restoring grid's width)"}
     * @param offset   the field's offset (take {@link #offset()} before reading it)
     * @return a new {@link GridStateException}, or {@link GraphStateException} for a reader made
     *         by {@link #ofGraph}; not thrown
     */
    public OnePathFormatException error(String field, String value, String expected, long offset) {
        return graph
                ? new GraphStateException(field, value, expected, offset)
                : new GridStateException(field, value, expected, offset);
    }

    /**
     * As {@link #error(String, String, String, long)} with an integer value.
     *
     * @param field    field name
     * @param value    what the bytes held, written in decimal in the message
     * @param expected what was required
     * @param offset   the field's offset
     * @return a new exception of this reader's subtype; not thrown
     */
    public OnePathFormatException error(String field, long value, String expected, long offset) {
        return error(field, Long.toString(value), expected, offset);
    }

    /**
     * Reads an unsigned byte.
     *
     * @param field the field's name, quoted by any error
     * @return the value, 0..255
     * @throws OnePathFormatException if no byte is left
     */
    public int u8(String field) {
        long at = take(field, U8_BYTES, "a u8");
        return Byte.toUnsignedInt(data.get(U8, at));
    }

    /**
     * Reads a flag byte: 0 is false, 1 is true, anything else is an error.
     *
     * @param field the field's name, quoted by any error
     * @return the flag
     * @throws OnePathFormatException if no byte is left or the byte is neither 0 nor 1
     */
    public boolean flag(String field) {
        long at = take(field, U8_BYTES, "a flag");
        byte b = data.get(U8, at);
        if (b != 0 && b != 1) {
            throw error(field, Byte.toUnsignedInt(b), "0 or 1 (a flag)", at);
        }
        return b == 1;
    }

    /**
     * Reads an unsigned 16-bit value.
     *
     * @param field the field's name, quoted by any error
     * @return the value, 0..65535
     * @throws OnePathFormatException if fewer than 2 bytes are left
     */
    public int u16(String field) {
        long at = take(field, U16_BYTES, "a u16");
        return Short.toUnsignedInt(data.get(U16, at));
    }

    /**
     * Reads a signed 32-bit value; every value is accepted.
     *
     * @param field the field's name, quoted by any error
     * @return the value
     * @throws OnePathFormatException if fewer than 4 bytes are left
     */
    public int i32(String field) {
        long at = take(field, I32_BYTES, "an i32");
        return data.get(I32, at);
    }

    /**
     * Reads a signed 32-bit value that must lie in {@code min..max}.
     *
     * @param field the field's name, quoted by any error
     * @param min   the smallest valid value
     * @param max   the largest valid value, &gt;= min
     * @return the value, in min..max
     * @throws IllegalArgumentException if min &gt; max
     * @throws OnePathFormatException   if fewer than 4 bytes are left or the value is out of range
     */
    public int i32InRange(String field, int min, int max) {
        if (min > max) {
            throw new IllegalArgumentException("range of '" + field + "': min " + min + " > max " + max);
        }
        long at = take(field, I32_BYTES, "an i32");
        int v = data.get(I32, at);
        if (v < min || v > max) {
            throw error(field, v, min + ".." + max, at);
        }
        return v;
    }

    /**
     * Reads a signed 64-bit value; every value is accepted.
     *
     * @param field the field's name, quoted by any error
     * @return the value
     * @throws OnePathFormatException if fewer than 8 bytes are left
     */
    public long i64(String field) {
        long at = take(field, I64_BYTES, "an i64");
        return data.get(I64, at);
    }

    /**
     * Reads an unsigned 64-bit value.
     *
     * @param field the field's name, quoted by any error
     * @return the value's 64 bits (compare with {@link Long#compareUnsigned})
     * @throws OnePathFormatException if fewer than 8 bytes are left
     */
    public long u64(String field) {
        long at = take(field, I64_BYTES, "a u64");
        return data.get(I64, at);
    }

    /**
     * Reads a binary64 from its bit pattern; any bits are accepted, NaN included.
     *
     * @param field the field's name, quoted by any error
     * @return the double with exactly the stored bits
     * @throws OnePathFormatException if fewer than 8 bytes are left
     */
    public double f64(String field) {
        long at = take(field, F64_BYTES, "an f64");
        return Double.longBitsToDouble(data.get(I64, at));
    }

    /**
     * Reads a binary64 that must not be NaN (infinities pass).
     *
     * @param field the field's name, quoted by any error
     * @return the value, not NaN
     * @throws OnePathFormatException if fewer than 8 bytes are left or the value is NaN
     */
    public double f64NotNaN(String field) {
        long at = take(field, F64_BYTES, "an f64");
        double v = Double.longBitsToDouble(data.get(I64, at));
        if (Double.isNaN(v)) {
            throw error(field, "NaN", "a number (not NaN)", at);
        }
        return v;
    }

    /**
     * Reads a binary64 that must be &gt; 0 and finite.
     *
     * @param field the field's name, quoted by any error
     * @return the value, &gt; 0 and finite
     * @throws OnePathFormatException if fewer than 8 bytes are left or the value is not finite
     *                                and &gt; 0
     */
    public double f64PositiveFinite(String field) {
        long at = take(field, F64_BYTES, "an f64");
        double v = Double.longBitsToDouble(data.get(I64, at));
        if (!(v > 0 && v < Double.POSITIVE_INFINITY)) {
            throw error(field, Double.toString(v), "a finite value > 0", at);
        }
        return v;
    }

    /**
     * An element count (i32) that is in {@code 0..maxCount} and whose elements, at
     * {@code bytesPerItem} each, fit in the bytes left after it. Call it before allocating for
     * the elements: then a hostile count costs no more memory than the data's own size.
     *
     * @param field        the count's name, quoted by any error
     * @param maxCount     the object's bound, e.g. its node count, &gt;= 0
     * @param bytesPerItem encoded size of one element, at least 1
     * @return the count, in 0..maxCount and no more than the bytes left allow
     * @throws IllegalArgumentException if maxCount &lt; 0 or bytesPerItem &lt; 1
     * @throws OnePathFormatException   if fewer than 4 bytes are left, or the count is negative,
     *                                  above maxCount or more than the bytes left can hold
     */
    public int count(String field, int maxCount, long bytesPerItem) {
        if (maxCount < 0 || bytesPerItem < 1) {
            throw new IllegalArgumentException("count bounds of '" + field + "': maxCount = " + maxCount
                    + " (expected >= 0), bytesPerItem = " + bytesPerItem + " (expected >= 1)");
        }
        long at = take(field, I32_BYTES, "an i32 count");
        int n = data.get(I32, at);
        if (n < 0 || n > maxCount) {
            throw error(field, n, "0.." + maxCount, at);
        }
        long left = remaining();
        // Division instead of n * bytesPerItem, which could overflow for a large item size.
        if (n > left / bytesPerItem) {
            throw error(
                    field,
                    n,
                    "at most " + left / bytesPerItem + " (" + left + " bytes left, " + bytesPerItem + " per item)",
                    at);
        }
        return n;
    }

    /**
     * Reads a node index (i32) that must lie in {@code 0..nodeCount-1}.
     *
     * @param field     the field's name, quoted by any error
     * @param nodeCount the number of nodes, &gt;= 0 (with 0, every index is an error)
     * @return the index, in 0..nodeCount-1
     * @throws IllegalArgumentException if nodeCount &lt; 0
     * @throws OnePathFormatException   if fewer than 4 bytes are left or the index is out of range
     */
    public int index(String field, int nodeCount) {
        if (nodeCount < 0) {
            throw new IllegalArgumentException("nodeCount = " + nodeCount + " for '" + field + "': expected >= 0");
        }
        long at = take(field, I32_BYTES, "an i32 index");
        int v = data.get(I32, at);
        if (v < 0 || v >= nodeCount) {
            throw error(field, v, indexRange(nodeCount), at);
        }
        return v;
    }

    /**
     * Copies {@code length} bytes into {@code destination} at {@code destinationOffset} in one
     * {@link MemorySegment#copy}, after checking that many bytes are left.
     *
     * @param field             the bytes' name, quoted by any error
     * @param destination       the segment to copy into; must be writable
     * @param destinationOffset where in {@code destination} the first byte goes, &gt;= 0
     * @param length            how many bytes to copy, &gt;= 0
     * @throws NullPointerException     if {@code destination} is null
     * @throws IllegalArgumentException if the destination range is outside the destination
     * @throws OnePathFormatException   if fewer than {@code length} bytes are left (nothing is
     *                                  copied then)
     */
    public void bytes(String field, MemorySegment destination, long destinationOffset, long length) {
        Objects.requireNonNull(destination, "destination");
        if (length < 0 || destinationOffset < 0 || length > destination.byteSize() - destinationOffset) {
            throw new IllegalArgumentException("destination range offset " + destinationOffset + " length " + length
                    + " for '" + field + "': expected inside the destination's " + destination.byteSize() + " bytes");
        }
        long at = take(field, length, length + " bytes");
        MemorySegment.copy(data, at, destination, destinationOffset, length);
    }

    /**
     * Steps over {@code length} bytes after checking that many are left, for a first pass that
     * validates a state before a second pass copies it.
     *
     * @param field  the bytes' name, quoted by any error
     * @param length how many bytes to step over, &gt;= 0
     * @return the offset of the first byte stepped over
     * @throws IllegalArgumentException if the length is negative
     * @throws OnePathFormatException   if fewer than {@code length} bytes are left
     */
    public long skip(String field, long length) {
        if (length < 0) {
            throw new IllegalArgumentException("skip length for '" + field + "' = " + length + ": expected >= 0");
        }
        return take(field, length, length + " bytes");
    }

    /**
     * Reads the 8-byte header and checks the magic number, the version and the kind.
     *
     * @param expectedKind the kind the caller restores; the header must name exactly it
     * @throws NullPointerException   if {@code expectedKind} is null
     * @throws OnePathFormatException naming the magic, version or kind that is wrong, or the
     *                                data ending inside the header
     */
    public void header(StateKind expectedKind) {
        Objects.requireNonNull(expectedKind, "expectedKind");
        long kindAt = offset + StateLayout.KIND_OFFSET;
        StateKind kind = header();
        if (kind != expectedKind) {
            throw error("kind", kind.describe(), expectedKind.describe(), kindAt);
        }
    }

    /**
     * Reads the 8-byte header, checks the magic number and the version, and returns the kind, for
     * callers that dispatch on it.
     *
     * @return the kind the header names
     * @throws OnePathFormatException naming the magic, version or kind code that is wrong, or the
     *                                data ending inside the header
     */
    public StateKind header() {
        long magicAt = take("magic", I32_BYTES, "the magic number");
        int magic = data.get(I32, magicAt);
        if (magic != StateLayout.MAGIC) {
            throw error("magic", hex(magic), hex(StateLayout.MAGIC) + " (the bytes 4F 50 47 53, \"OPGS\")", magicAt);
        }
        long versionAt = offset;
        int version = u16("version");
        if (version != StateLayout.VERSION) {
            throw error("version", version, StateLayout.VERSION + " (the only version this reader knows)", versionAt);
        }
        long kindAt = offset;
        int code = u16("kind");
        return StateKind.find(code)
                .orElseThrow(() -> error(
                        "kind", code + " (unknown)", "a known kind code 1.." + StateKind.values().length, kindAt));
    }

    /**
     * Checks that every byte has been read: the format allows nothing after the payload.
     *
     * @throws OnePathFormatException naming how many bytes are left over
     */
    public void expectEnd() {
        long left = remaining();
        if (left != 0) {
            throw error("end", left + " trailing byte" + (left == 1 ? "" : "s"), "the end of the data", offset);
        }
    }

    /** {@code "0..n-1"} in words that also work for an empty object. */
    static String indexRange(int nodeCount) {
        return nodeCount == 0 ? "no index (the node count is 0)" : "0.." + (nodeCount - 1);
    }

    private static String hex(int v) {
        return String.format("0x%08X", v);
    }

    /** Claims {@code n} bytes for a field and returns their offset, or throws if too few are left. */
    private long take(String field, long n, String what) {
        long at = offset;
        long left = data.byteSize() - at;
        if (n > left) {
            throw error(
                    field,
                    "end of data (" + left + " byte" + (left == 1 ? "" : "s") + " left)",
                    n + " bytes (" + what + ")",
                    at);
        }
        offset = at + n;
        return at;
    }
}
