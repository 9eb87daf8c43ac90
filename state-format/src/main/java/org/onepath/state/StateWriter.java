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

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Appends little-endian values to a snapshot (see {@link StateLayout}).
 *
 * <p>Two modes:
 * <ul>
 *   <li>{@link #StateWriter()} / {@link #StateWriter(long)}: a growable native buffer that this
 *       writer owns; {@link #close()} frees it. Growth doubles, so appends cost amortised O(1),
 *       and each generation of the buffer has its own arena so the old block is freed at once.
 *       Callers that know the size up front pass it and never grow.</li>
 *   <li>{@link #into(MemorySegment, long)}: writes straight into a caller's segment from an
 *       offset, for snapshots that go into memory the caller already has (a mapped file). A
 *       value that would run past the segment's end is refused with an
 *       {@link IllegalArgumentException} naming the sizes, and nothing of it is written.</li>
 * </ul>
 * Bulk payloads (grid cells, voxel chunks) go through {@link #bytes(MemorySegment, long, long)},
 * one {@link MemorySegment#copy} that runs at memory-copy speed.
 *
 * <p>Not thread-safe. Write methods return this writer so a caller can chain them.
 */
public final class StateWriter implements AutoCloseable {
    private static final long DEFAULT_INITIAL_LENGTH = 4096;
    // 8-byte alignment lets the bulk copies of f64 arrays run on aligned addresses.
    private static final long BUFFER_ALIGNMENT = 8;
    // Java arrays cannot quite reach Integer.MAX_VALUE elements on every VM.
    private static final long MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    private final boolean growable;
    private final long start;
    private Arena arena;
    private MemorySegment target;
    private long position;
    private boolean closed;

    /**
     * A writer with a growable native buffer of 4096 bytes to start with, which it owns and
     * {@link #close()} frees.
     */
    public StateWriter() {
        this(DEFAULT_INITIAL_LENGTH);
    }

    /**
     * A writer with a growable native buffer.
     *
     * @param initialLength bytes to allocate now (at least 1); the expected snapshot size avoids
     *                      any growth
     * @throws IllegalArgumentException if {@code initialLength} is less than 1
     * @throws OutOfMemoryError         if the native buffer cannot be allocated
     */
    public StateWriter(long initialLength) {
        if (initialLength < 1) {
            throw new IllegalArgumentException("initialLength = " + initialLength + ": expected at least 1");
        }
        this.growable = true;
        this.start = 0;
        this.arena = Arena.ofShared();
        this.target = arena.allocate(initialLength, BUFFER_ALIGNMENT);
        this.position = 0;
    }

    private StateWriter(MemorySegment destination, long offset) {
        this.growable = false;
        this.start = offset;
        this.arena = null;
        this.target = destination;
        this.position = offset;
    }

    /**
     * A writer that writes directly into {@code destination} from {@code offset}. The writer
     * does not own the segment; {@link #close()} leaves it alone.
     *
     * @param destination the segment to write into; must be writable and stay alive while the
     *                    writer is used
     * @param offset      where the first byte goes, 0..destination.byteSize()
     * @return a writer whose {@link #length()} counts from {@code offset}
     * @throws NullPointerException     if {@code destination} is null
     * @throws IllegalArgumentException if the segment is read-only or the offset is outside
     *                                  0..destination.byteSize()
     */
    public static StateWriter into(MemorySegment destination, long offset) {
        Objects.requireNonNull(destination, "destination");
        if (destination.isReadOnly()) {
            throw new IllegalArgumentException(
                    "destination segment of " + destination.byteSize() + " bytes is read-only");
        }
        if (offset < 0 || offset > destination.byteSize()) {
            throw new IllegalArgumentException(
                    "offset = " + offset + ": expected 0.." + destination.byteSize() + " (the destination's size)");
        }
        return new StateWriter(destination, offset);
    }

    /**
     * A writer into {@code destination} from {@code offset} for a state of {@code length} bytes,
     * checked to fit before anything is written: the segment form of every {@code saveState}.
     *
     * @param what        names the state in the message, as in "grid state needs ..."
     * @param length      the state's size in bytes, as the object's {@code stateLength()} reports it
     * @param destination the segment to write into; must be writable
     * @param offset      where the first byte goes, &gt;= 0
     * @return a writer into {@code destination} from {@code offset}
     * @throws NullPointerException     if {@code destination} is null
     * @throws IllegalArgumentException if the state does not fit, or as {@link #into(MemorySegment, long)}
     */
    public static StateWriter into(String what, long length, MemorySegment destination, long offset) {
        Objects.requireNonNull(destination, "destination");
        if (offset < 0 || offset > destination.byteSize() || destination.byteSize() - offset < length) {
            throw new IllegalArgumentException(what + " state needs " + length + " bytes at offset " + offset
                    + ", the destination holds " + destination.byteSize());
        }
        return into(destination, offset);
    }

    /**
     * A new array for a state of {@code length} bytes: the array form of every {@code saveState},
     * filled through {@code into(MemorySegment.ofArray(array), 0)}.
     *
     * @param what   names the state in the message, as in "grid state of ..."
     * @param length the state's size in bytes, &gt;= 0
     * @return a new zeroed array of {@code length} bytes
     * @throws IllegalStateException if the state exceeds the largest Java array
     */
    public static byte[] arrayFor(String what, long length) {
        if (length > MAX_ARRAY_LENGTH) {
            throw new IllegalStateException(
                    what + " state of " + length + " bytes does not fit a byte array; save into a segment");
        }
        return new byte[(int) length];
    }

    /**
     * Forgets what was written and starts again at the first byte, keeping the buffer, so a
     * writer reused for snapshots of a steady size allocates nothing once it has grown.
     *
     * @return this writer
     * @throws IllegalStateException if the writer is closed
     */
    public StateWriter rewind() {
        checkOpen();
        position = start;
        return this;
    }

    /**
     * How much has been written.
     *
     * @return the number of bytes written so far (since the start offset, in the caller's segment
     *         mode)
     */
    public long length() {
        return position - start;
    }

    /**
     * Appends an unsigned byte.
     *
     * @param value the value, 0..255
     * @return this writer
     * @throws IllegalStateException    if the writer is closed
     * @throws IllegalArgumentException if the value is outside 0..255, or
     *                                  in the caller's segment mode, if the value does not fit
     *                                  (nothing is written then)
     */
    public StateWriter u8(int value) {
        if (value < 0 || value > 0xFF) {
            throw new IllegalArgumentException("u8 value = " + value + ": expected 0..255");
        }
        long at = reserve(U8_BYTES, "a u8");
        target.set(U8, at, (byte) value);
        return this;
    }

    /**
     * Appends a flag: the byte 1 for true, 0 for false.
     *
     * @param value the flag
     * @return this writer
     * @throws IllegalStateException    if the writer is closed
     * @throws IllegalArgumentException in the caller's segment mode, if the value does not fit
     *                                  (nothing is written then)
     */
    public StateWriter flag(boolean value) {
        long at = reserve(U8_BYTES, "a flag");
        target.set(U8, at, value ? (byte) 1 : (byte) 0);
        return this;
    }

    /**
     * Appends an unsigned 16-bit value.
     *
     * @param value the value, 0..65535
     * @return this writer
     * @throws IllegalStateException    if the writer is closed
     * @throws IllegalArgumentException if the value is outside 0..65535, or
     *                                  in the caller's segment mode, if the value does not fit
     *                                  (nothing is written then)
     */
    public StateWriter u16(int value) {
        if (value < 0 || value > 0xFFFF) {
            throw new IllegalArgumentException("u16 value = " + value + ": expected 0..65535");
        }
        long at = reserve(U16_BYTES, "a u16");
        target.set(U16, at, (short) value);
        return this;
    }

    /**
     * Appends a signed 32-bit value.
     *
     * @param value the value, any int
     * @return this writer
     * @throws IllegalStateException    if the writer is closed
     * @throws IllegalArgumentException in the caller's segment mode, if the value does not fit
     *                                  (nothing is written then)
     */
    public StateWriter i32(int value) {
        long at = reserve(I32_BYTES, "an i32");
        target.set(I32, at, value);
        return this;
    }

    /**
     * Appends a signed 64-bit value.
     *
     * @param value the value, any long
     * @return this writer
     * @throws IllegalStateException    if the writer is closed
     * @throws IllegalArgumentException in the caller's segment mode, if the value does not fit
     *                                  (nothing is written then)
     */
    public StateWriter i64(long value) {
        long at = reserve(I64_BYTES, "an i64");
        target.set(I64, at, value);
        return this;
    }

    /**
     * Appends an unsigned 64-bit value, given by its bits (Java has no unsigned long; the bits are
     * the value).
     *
     * @param bits the value's 64 bits
     * @return this writer
     * @throws IllegalStateException    if the writer is closed
     * @throws IllegalArgumentException in the caller's segment mode, if the value does not fit
     *                                  (nothing is written then)
     */
    public StateWriter u64(long bits) {
        long at = reserve(I64_BYTES, "a u64");
        target.set(I64, at, bits);
        return this;
    }

    /**
     * A binary64 by its raw bit pattern, so NaN payloads and -0.0 survive the round trip as well
     * as every ordinary value.
     *
     * @param value the value, any double
     * @return this writer
     * @throws IllegalStateException    if the writer is closed
     * @throws IllegalArgumentException in the caller's segment mode, if the value does not fit
     *                                  (nothing is written then)
     */
    public StateWriter f64(double value) {
        long at = reserve(F64_BYTES, "an f64");
        target.set(I64, at, Double.doubleToRawLongBits(value));
        return this;
    }

    /**
     * Bulk bytes, copied in one {@link MemorySegment#copy} (memory-copy speed; the fast path for
     * grid cells and voxel chunks).
     *
     * @param source       the segment to copy from; only read
     * @param sourceOffset where in {@code source} the bytes start, &gt;= 0
     * @param length       how many bytes to copy, &gt;= 0
     * @return this writer
     * @throws IllegalStateException    if the writer is closed
     * @throws NullPointerException     if {@code source} is null
     * @throws IllegalArgumentException if {@code sourceOffset..sourceOffset+length} is not inside
     *                                  the source, or (caller's segment mode) it does not fit
     */
    public StateWriter bytes(MemorySegment source, long sourceOffset, long length) {
        Objects.requireNonNull(source, "source");
        if (sourceOffset < 0 || length < 0 || length > source.byteSize() - sourceOffset) {
            throw new IllegalArgumentException("source range offset " + sourceOffset + " length " + length
                    + ": expected inside the source's " + source.byteSize() + " bytes");
        }
        long at = reserve(length, length + " bulk bytes");
        MemorySegment.copy(source, sourceOffset, target, at, length);
        return this;
    }

    /**
     * Appends all of {@code source}, as {@link #bytes(MemorySegment, long, long)}.
     *
     * @param source the segment to copy from, every byte; only read
     * @return this writer
     * @throws IllegalStateException    if the writer is closed
     * @throws NullPointerException     if {@code source} is null
     * @throws IllegalArgumentException in the caller's segment mode, if the value does not fit
     *                                  (nothing is written then)
     */
    public StateWriter bytes(MemorySegment source) {
        return bytes(source, 0, source.byteSize());
    }

    /**
     * Appends the bytes another writer has written so far (a copy between buffers; no view or
     * array is made).
     *
     * @param other the writer whose bytes to append; open, and not this writer
     * @return this writer
     * @throws IllegalStateException    if either writer is closed
     * @throws NullPointerException     if {@code other} is null
     * @throws IllegalArgumentException in the caller's segment mode, if the value does not fit
     *                                  (nothing is written then)
     */
    public StateWriter bytesFrom(StateWriter other) {
        Objects.requireNonNull(other, "other");
        other.checkOpen();
        long n = other.length();
        long at = reserve(n, "the bytes of another writer");
        MemorySegment.copy(other.target, other.start, target, at, n);
        return this;
    }

    /**
     * Appends the 8-byte header: magic, version {@link StateLayout#VERSION} and the kind's code.
     * The header is reserved whole, so a caller's segment never receives half of one.
     *
     * @param kind the kind of object whose payload follows
     * @return this writer
     * @throws IllegalStateException    if the writer is closed
     * @throws NullPointerException     if {@code kind} is null
     * @throws IllegalArgumentException in the caller's segment mode, if the value does not fit
     *                                  (nothing is written then)
     */
    public StateWriter header(StateKind kind) {
        Objects.requireNonNull(kind, "kind");
        // Reserve the whole header at once so a caller's segment never receives half of one.
        long at = reserve(StateLayout.HEADER_BYTES, "the header");
        target.set(I32, at + StateLayout.MAGIC_OFFSET, StateLayout.MAGIC);
        target.set(U16, at + StateLayout.VERSION_OFFSET, (short) StateLayout.VERSION);
        target.set(U16, at + StateLayout.KIND_OFFSET, (short) kind.code());
        return this;
    }

    /**
     * A read-only view of the bytes written so far, for handing to a channel without a copy. It
     * is valid until the next write (which may move a growable buffer) or {@link #close()}.
     *
     * @return a read-only slice of {@link #length()} bytes, not a copy
     * @throws IllegalStateException if the writer is closed
     */
    public MemorySegment written() {
        checkOpen();
        return target.asSlice(start, length()).asReadOnly();
    }

    /**
     * A copy of the bytes written so far.
     *
     * @return a new array of {@link #length()} bytes, owned by the caller
     * @throws IllegalStateException if the writer is closed, or the bytes are more than a Java
     *                               array can hold
     */
    public byte[] toByteArray() {
        checkOpen();
        long n = length();
        if (n > MAX_ARRAY_LENGTH) {
            throw new IllegalStateException("snapshot of " + n + " bytes exceeds the largest byte array ("
                    + MAX_ARRAY_LENGTH + "); use writeTo or written()");
        }
        byte[] out = new byte[(int) n];
        MemorySegment.copy(target, U8, start, out, 0, (int) n);
        return out;
    }

    /**
     * Copies the bytes written so far into {@code destination} at {@code offset}.
     *
     * @param destination the segment to copy into; must be writable
     * @param offset      where in {@code destination} the first byte goes, &gt;= 0
     * @return the offset just after the copied bytes
     * @throws NullPointerException     if {@code destination} is null
     * @throws IllegalStateException    if the writer is closed
     * @throws IllegalArgumentException if they do not fit, naming both sizes
     */
    public long writeTo(MemorySegment destination, long offset) {
        Objects.requireNonNull(destination, "destination");
        checkOpen();
        long n = length();
        if (offset < 0 || offset > destination.byteSize() || n > destination.byteSize() - offset) {
            throw new IllegalArgumentException("snapshot of " + n + " bytes does not fit at offset " + offset
                    + " of a destination of " + destination.byteSize() + " bytes");
        }
        MemorySegment.copy(target, start, destination, offset, n);
        return offset + n;
    }

    /**
     * Frees the growable buffer; a writer into a caller's segment leaves that segment alone.
     * Views from {@link #written()} become invalid. Closing twice does nothing.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (arena != null) {
            arena.close();
            arena = null;
        }
        target = MemorySegment.NULL;
    }

    /**
     * Makes room for {@code n} bytes and returns where they go. Checks before anything is written
     * so a refused value leaves the output unchanged.
     */
    private long reserve(long n, String what) {
        checkOpen();
        long at = position;
        long room = target.byteSize() - at;
        if (n > room) {
            if (!growable) {
                throw new IllegalArgumentException("writing " + what + " (" + n + " bytes) at output offset "
                        + (at - start) + " does not fit: the destination has " + (target.byteSize() - start)
                        + " bytes from offset " + start + " (" + room + " left)");
            }
            grow(Math.addExact(at, n));
        }
        position = at + n;
        return at;
    }

    private void grow(long minLength) {
        long doubled = target.byteSize() <= Long.MAX_VALUE / 2 ? target.byteSize() * 2 : Long.MAX_VALUE;
        long newLength = Math.max(minLength, doubled);
        Arena newArena = Arena.ofShared();
        MemorySegment grown;
        try {
            grown = newArena.allocate(newLength, BUFFER_ALIGNMENT);
        } catch (RuntimeException | OutOfMemoryError e) {
            newArena.close(); // the old buffer stays valid, so the writer remains usable
            throw e;
        }
        MemorySegment.copy(target, 0, grown, 0, position);
        Arena old = arena;
        arena = newArena;
        target = grown;
        old.close();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("StateWriter is closed");
        }
    }
}
