package org.onepath.store;

import static org.onepath.store.StoreLayout.U32;
import static org.onepath.store.StoreLayout.U64;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.zip.CRC32C;
import org.onepath.cells.MemoryFaults;

/**
 * A store file mapped into memory, its directory checked: the header (magic, version range,
 * flags, checksum), the section table (checksum; every offset and length inside the file,
 * aligned, not overlapping) and the footer. Section bodies are slices of the mapping, read in
 * place; the small ones are checked by {@link #checkedBody}, all of them by {@link #verify}.
 *
 * <p>Opening reads the header, the section table and the small sections near the start of the
 * file and the footer at its end (through the channel, so no read-ahead pulls in the file's
 * tail), so it takes the same time for a store of any size. The mapping is shared by every process that opens the file read-only.
 * Stores are replaced by renaming a new file over them, never rewritten in place, so an open
 * store keeps reading the file it opened.
 *
 * <p>Truncating or overwriting a mapped file in place (which OnePath never does) is reported and
 * the JVM goes on: it turns a read of a page the file no longer backs into an
 * {@link InternalError}, which the stores' entry points ({@code open}, {@code verify},
 * {@code findPath}, {@code query}, {@code commit}) turn into a {@link StoreTruncatedException}
 * or {@link StoreCorruptException} naming the file; an exception a query throws on bytes written
 * in place since the file was opened becomes a {@link StoreCorruptException} too. From then on
 * those entry points refuse the store. The grid a store builds over the mapping reports the same
 * from its own queries, through the store's {@code MemoryFaults}. Every checksum over the mapping is computed from a heap
 * copy: the JDK's CRC32C reads a direct buffer in a stub where such a fault ends the JVM
 * (see {@code docs/reliability.md}).
 */
public final class StoreFile implements AutoCloseable {
    /**
     * One entry of the section table.
     *
     * @param id the section id ({@code StoreLayout.SECTION_*})
     * @param offset where the body starts in the file, in bytes, a multiple of 64
     * @param length the body's length in bytes
     * @param crc the CRC32C of the body
     * @param fingerprint 32 bytes: the SHA-256 of the cells or of a derived table's inputs, or
     *     all zero for a section that has none
     */
    public record Section(int id, long offset, long length, int crc, byte[] fingerprint) {
        /**
         * The section's name.
         *
         * @return {@link StoreLayout#sectionName(int)} of the id
         */
        public String name() {
            return StoreLayout.sectionName(id);
        }

        /**
         * The fingerprint in hex.
         *
         * @return 64 lower-case hex digits
         */
        public String fingerprintHex() {
            return HexFormat.of().formatHex(fingerprint);
        }

        /**
         * Whether the section has a fingerprint.
         *
         * @return false when the fingerprint is all zero
         */
        public boolean hasFingerprint() {
            for (byte b : fingerprint) {
                if (b != 0) {
                    return true;
                }
            }
            return false;
        }
    }

    private final Path path;
    private final Arena arena;
    private final MemorySegment mapping;
    private final int version;
    private final int kind;
    private final long fileLength;
    private final List<Section> sections;
    /** The file's identity, length and time of last change when it was opened: what a later fault is compared with. */
    private final Opened opened;
    /** The first failed read of the mapping; once set, the stores' entry points throw it again. */
    private volatile StoreException failure;

    private volatile boolean closed;

    /** The file as it was opened. {@code key} may be null where the file system has none. */
    record Opened(Object key, long length, FileTime modified) {
        static Opened of(Path path, long length) {
            try {
                BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
                return new Opened(a.fileKey(), length, a.lastModifiedTime());
            } catch (IOException e) {
                return new Opened(null, length, null);
            }
        }
    }

    private StoreFile(
            Path path,
            Arena arena,
            MemorySegment mapping,
            int version,
            int kind,
            long fileLength,
            List<Section> sections,
            Opened opened) {
        this.path = path;
        this.arena = arena;
        this.mapping = mapping;
        this.version = version;
        this.kind = kind;
        this.fileLength = fileLength;
        this.sections = sections;
        this.opened = opened;
    }

    /**
     * Opens and checks a store of any kind, read-only: the header, the section table, the
     * footer and the small sections, not the big ones ({@link #verify} reads those).
     *
     * @param path the store file
     * @return the mapped file; close it to unmap
     * @throws StoreException naming the file, field, value and what was expected
     * @throws IOException if the file cannot be opened or mapped
     */
    public static StoreFile open(Path path) throws IOException {
        return open(path, 0, StoreMode.READ_ONLY);
    }

    /**
     * Opens and checks a store.
     *
     * @param expectedKind the kind the caller needs, or 0 for any
     * @throws StoreException naming the file, field, value and what was expected
     */
    static StoreFile open(Path path, int expectedKind, StoreMode mode) throws IOException {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(mode, "mode");
        boolean writable = mode == StoreMode.PRIVATE;
        Arena arena = Arena.ofShared();
        try {
            MemorySegment mapping;
            byte[] footer;
            Opened opened;
            try (FileChannel channel = writable
                    ? FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)
                    : FileChannel.open(path, StandardOpenOption.READ)) {
                long size = channel.size();
                opened = Opened.of(path, size);
                checkHeaderPrefix(path, channel, size);
                // The footer is read through the channel too: a fault on the mapping's last page
                // would make the kernel read ahead megabytes a cold open does not need.
                footer = readFully(channel, size - StoreLayout.FOOTER_BYTES, (int) StoreLayout.FOOTER_BYTES);
                mapping = channel.map(
                        writable ? FileChannel.MapMode.PRIVATE : FileChannel.MapMode.READ_ONLY, 0, size, arena);
            }
            try {
                return read(path, arena, mapping, MemorySegment.ofArray(footer), expectedKind, opened);
            } catch (InternalError e) {
                if (!isMappedReadFault(e)) {
                    throw e;
                }
                throw fault(path, opened, "opening", e);
            }
        } catch (IOException | RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /** Magic and length checked through the channel, so a short or foreign file is named before mapping. */
    private static void checkHeaderPrefix(Path path, FileChannel channel, long size) throws IOException {
        MemorySegment p = MemorySegment.ofArray(readFully(channel, 0, (int) Math.min(size, StoreLayout.HEADER_BYTES)));
        if (size >= 4 && p.get(U32, StoreLayout.MAGIC_OFFSET) != StoreLayout.MAGIC) {
            throw new StoreCorruptException(
                    path,
                    "magic at offset 0 is 0x" + Integer.toHexString(p.get(U32, 0)) + ", expected 0x"
                            + Integer.toHexString(StoreLayout.MAGIC) + " (\"OPST\"): not a OnePath store");
        }
        if (size < StoreLayout.HEADER_BYTES) {
            throw new StoreTruncatedException(
                    path, "file length " + size + " is below the " + StoreLayout.HEADER_BYTES + "-byte header");
        }
    }

    private static byte[] readFully(FileChannel channel, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, position + buffer.position()) < 0) {
                break; // the file shrank under us; the length checks that follow report it
            }
        }
        return buffer.array();
    }

    private static StoreFile read(
            Path path, Arena arena, MemorySegment m, MemorySegment footer, int expectedKind, Opened opened)
            throws StoreException {
        long size = m.byteSize();
        int version = m.get(U32, StoreLayout.VERSION_OFFSET); // u32: compared unsigned
        if (Integer.compareUnsigned(version, StoreLayout.MIN_SUPPORTED_VERSION) < 0) {
            throw new StoreTooOldException(
                    path,
                    "format version " + Integer.toUnsignedString(version) + " is older than "
                            + StoreLayout.MIN_SUPPORTED_VERSION + ", the oldest this code reads; bake it again");
        }
        if (Integer.compareUnsigned(version, StoreLayout.FORMAT_VERSION) > 0) {
            throw new StoreTooNewException(
                    path,
                    "format version " + Integer.toUnsignedString(version) + " is newer than "
                            + StoreLayout.FORMAT_VERSION + ", the newest this code reads");
        }
        int headerCrc = crc(m, 0, StoreLayout.HEADER_CRC_OFFSET);
        int storedHeaderCrc = m.get(U32, StoreLayout.HEADER_CRC_OFFSET);
        if (headerCrc != storedHeaderCrc) {
            throw new StoreCorruptException(
                    path,
                    "header checksum (offset " + StoreLayout.HEADER_CRC_OFFSET + ") is " + hex(storedHeaderCrc)
                            + ", the header's bytes give " + hex(headerCrc));
        }
        for (long at = StoreLayout.HEADER_RESERVED_OFFSET; at < StoreLayout.HEADER_CRC_OFFSET; at++) {
            if (m.get(ValueLayout.JAVA_BYTE, at) != 0) {
                throw new StoreCorruptException(path, "header reserved byte at offset " + at + " is not zero");
            }
        }
        int flags = m.get(U32, StoreLayout.FLAGS_OFFSET);
        if (flags != 0) {
            throw new StoreTooNewException(
                    path, "header flags are " + hex(flags) + ", version 1 defines none (expected 0)");
        }
        int kind = m.get(U32, StoreLayout.KIND_OFFSET);
        if (kind != StoreLayout.KIND_GRID && kind != StoreLayout.KIND_VOXEL_WORLD) {
            throw new StoreTooNewException(
                    path,
                    "kind " + Integer.toUnsignedString(kind) + " is unknown, expected " + StoreLayout.KIND_GRID
                            + " (grid) or " + StoreLayout.KIND_VOXEL_WORLD + " (voxel world)");
        }
        long fileLength = m.get(U64, StoreLayout.FILE_LENGTH_OFFSET);
        if (Long.compareUnsigned(fileLength, size) > 0) {
            throw new StoreTruncatedException(
                    path, "file length is " + size + " bytes, the header says " + Long.toUnsignedString(fileLength));
        }
        if (fileLength < size) {
            throw new StoreCorruptException(
                    path,
                    "file length is " + size + " bytes, the header says " + fileLength + ": " + (size - fileLength)
                            + " trailing bytes");
        }
        long tableOffset = m.get(U64, StoreLayout.TABLE_OFFSET_OFFSET);
        if (tableOffset != StoreLayout.HEADER_BYTES) {
            throw new StoreCorruptException(
                    path,
                    "section table offset is " + Long.toUnsignedString(tableOffset) + ", expected "
                            + StoreLayout.HEADER_BYTES);
        }
        int count = m.get(U32, StoreLayout.SECTION_COUNT_OFFSET);
        if (count < 1 || count > StoreLayout.MAX_SECTIONS) {
            throw new StoreCorruptException(
                    path,
                    "section count is " + Integer.toUnsignedString(count) + ", expected 1.."
                            + StoreLayout.MAX_SECTIONS);
        }
        long tableEnd = Math.addExact(tableOffset, count * StoreLayout.ENTRY_BYTES);
        long footerOffset = size - StoreLayout.FOOTER_BYTES;
        if (tableEnd > footerOffset) {
            throw new StoreCorruptException(
                    path,
                    "section table of " + count + " entries ends at " + tableEnd + ", past the footer at "
                            + footerOffset);
        }
        int tableCrc = crc(m, tableOffset, tableEnd - tableOffset);
        int storedTableCrc = m.get(U32, StoreLayout.TABLE_CRC_OFFSET);
        if (tableCrc != storedTableCrc) {
            throw new StoreCorruptException(
                    path,
                    "section table checksum (header offset " + StoreLayout.TABLE_CRC_OFFSET + ") is "
                            + hex(storedTableCrc) + ", the table's bytes give " + hex(tableCrc));
        }
        int footerMagic = footer.get(U32, StoreLayout.FOOTER_MAGIC_OFFSET);
        if (footerMagic != StoreLayout.FOOTER_MAGIC) {
            throw new StoreCorruptException(
                    path,
                    "footer magic at offset " + footerOffset + " is " + hex(footerMagic) + ", expected "
                            + hex(StoreLayout.FOOTER_MAGIC) + " (\"OPSE\")");
        }
        int directoryCrc = crc(m, 0, tableEnd);
        int footerCrc = footer.get(U32, StoreLayout.FOOTER_DIRECTORY_CRC_OFFSET);
        if (directoryCrc != footerCrc) {
            throw new StoreCorruptException(
                    path,
                    "footer checksum (offset " + (footerOffset + StoreLayout.FOOTER_DIRECTORY_CRC_OFFSET) + ") is "
                            + hex(footerCrc) + ", the header and section table give " + hex(directoryCrc));
        }
        long footerLength = footer.get(U64, StoreLayout.FOOTER_FILE_LENGTH_OFFSET);
        if (footerLength != fileLength) {
            throw new StoreCorruptException(
                    path,
                    "footer file length is " + Long.toUnsignedString(footerLength) + ", the header says " + fileLength);
        }
        List<Section> sections = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long entry = tableOffset + i * StoreLayout.ENTRY_BYTES;
            String where = "section entry " + i;
            int id = m.get(U32, entry + StoreLayout.ENTRY_ID_OFFSET);
            int entryFlags = m.get(U32, entry + StoreLayout.ENTRY_FLAGS_OFFSET);
            if (entryFlags != 0) {
                throw new StoreTooNewException(
                        path,
                        where + " (" + StoreLayout.sectionName(id) + ") has flags " + hex(entryFlags)
                                + ", version 1 defines none (expected 0)");
            }
            long offset = m.get(U64, entry + StoreLayout.ENTRY_OFFSET_OFFSET);
            long length = m.get(U64, entry + StoreLayout.ENTRY_LENGTH_OFFSET);
            if (offset < tableEnd || offset % StoreLayout.ALIGNMENT != 0) {
                throw new StoreCorruptException(
                        path,
                        where + " (" + StoreLayout.sectionName(id) + ") offset is "
                                + Long.toUnsignedString(offset) + ", expected a multiple of " + StoreLayout.ALIGNMENT
                                + " at or after " + tableEnd);
            }
            long end;
            try {
                end = Math.addExact(offset, length);
            } catch (ArithmeticException e) {
                end = -1;
            }
            if (length < 0 || end < 0 || end > footerOffset) {
                throw new StoreCorruptException(
                        path,
                        where + " (" + StoreLayout.sectionName(id) + ") at offset " + offset + " has length "
                                + Long.toUnsignedString(length) + ", running past the footer at " + footerOffset);
            }
            if (m.get(U32, entry + StoreLayout.ENTRY_RESERVED_OFFSET) != 0) {
                throw new StoreCorruptException(path, where + " reserved field is not zero");
            }
            for (Section s : sections) {
                if (s.id() == id) {
                    throw new StoreCorruptException(
                            path, where + " repeats section id " + id + " (" + StoreLayout.sectionName(id) + ")");
                }
            }
            byte[] fingerprint = m.asSlice(entry + StoreLayout.ENTRY_FINGERPRINT_OFFSET, StoreLayout.FINGERPRINT_BYTES)
                    .toArray(ValueLayout.JAVA_BYTE);
            sections.add(
                    new Section(id, offset, length, m.get(U32, entry + StoreLayout.ENTRY_CRC_OFFSET), fingerprint));
        }
        List<Section> byOffset = new ArrayList<>(sections);
        byOffset.sort(Comparator.comparingLong(Section::offset));
        for (int i = 1; i < byOffset.size(); i++) {
            Section a = byOffset.get(i - 1);
            Section b = byOffset.get(i);
            if (a.offset() + a.length() > b.offset()) {
                throw new StoreCorruptException(
                        path, "sections " + a.name() + " and " + b.name() + " overlap at offset " + b.offset());
            }
        }
        if (expectedKind != 0 && kind != expectedKind) {
            throw new StoreMismatchException(
                    path,
                    "holds a " + StoreLayout.kindName(kind) + " (kind " + kind + "), expected a "
                            + StoreLayout.kindName(expectedKind) + " (kind " + expectedKind + ")");
        }
        return new StoreFile(path, arena, m, version, kind, fileLength, List.copyOf(sections), opened);
    }

    /**
     * The file.
     *
     * @return the path it was opened from
     */
    public Path path() {
        return path;
    }

    /**
     * The header's format version.
     *
     * @return 1 for files this code writes
     */
    public int version() {
        return version;
    }

    /**
     * The header's kind.
     *
     * @return {@link StoreLayout#KIND_GRID} or {@link StoreLayout#KIND_VOXEL_WORLD}
     */
    public int kind() {
        return kind;
    }

    /**
     * The file's length, as the header, the footer and the file system agree it is.
     *
     * @return the length in bytes
     */
    public long fileLength() {
        return fileLength;
    }

    /**
     * The section table in file order.
     *
     * @return an unmodifiable list of the entries
     */
    public List<Section> sections() {
        return sections;
    }

    /**
     * Looks a section up by id.
     *
     * @param id a section id ({@code StoreLayout.SECTION_*})
     * @return its entry, or null when the file has no such section
     */
    public Section section(int id) {
        for (Section s : sections) {
            if (s.id() == id) {
                return s;
            }
        }
        return null;
    }

    /**
     * The entry of a section the kind requires.
     *
     * @throws StoreCorruptException if it is missing or its length is not {@code expectedLength}
     *                               (-1: any)
     */
    Section required(int id, long expectedLength) throws StoreCorruptException {
        Section s = section(id);
        if (s == null) {
            throw new StoreCorruptException(
                    path,
                    "has no " + StoreLayout.sectionName(id) + " section (id " + id + "), which a "
                            + StoreLayout.kindName(kind) + " store needs");
        }
        if (expectedLength >= 0 && s.length() != expectedLength) {
            throw new StoreCorruptException(
                    path,
                    StoreLayout.sectionName(id) + " section length is " + s.length() + " bytes, expected "
                            + expectedLength);
        }
        return s;
    }

    /** A section's bytes in the mapping, read in place (read-only unless the store was opened private). */
    MemorySegment body(Section s) {
        return mapping.asSlice(s.offset(), s.length());
    }

    /** A section's bytes after checking its checksum: for the small sections, read at open. */
    MemorySegment checkedBody(Section s) throws StoreCorruptException {
        MemorySegment body = body(s);
        int actual = crc(body, 0, body.byteSize());
        if (actual != s.crc()) {
            throw new StoreCorruptException(
                    path,
                    s.name() + " section checksum is " + hex(s.crc()) + ", its " + s.length() + " bytes at offset "
                            + s.offset() + " give " + hex(actual));
        }
        return body;
    }

    /**
     * Reads every byte of the mapping: each section's checksum, and zero padding between
     * sections. This is the check opening skips for big sections, since it touches every page.
     * Package-private: a private mapping holds this process's edits, so the stores verify a
     * fresh read-only mapping of their file.
     *
     * @throws StoreCorruptException naming the first section whose bytes fail
     */
    void verify(StoreProgress progress) throws StoreException {
        ensureReadable();
        try {
            verifyMapping(progress);
        } catch (InternalError e) {
            throw readFailed("verifying", e);
        }
    }

    private void verifyMapping(StoreProgress progress) throws StoreCorruptException {
        long total = 0;
        for (Section s : sections) {
            total += s.length();
        }
        long done = 0;
        List<Section> byOffset = new ArrayList<>(sections);
        byOffset.sort(Comparator.comparingLong(Section::offset));
        long at = StoreLayout.HEADER_BYTES + sections.size() * StoreLayout.ENTRY_BYTES;
        for (Section s : byOffset) {
            checkZero(at, s.offset(), "padding before the " + s.name() + " section");
            CRC32C crc = new CRC32C();
            MemorySegment body = body(s);
            byte[] scratch = new byte[CRC_STEP];
            for (long from = 0; from < body.byteSize(); from += 1 << 22) {
                long n = Math.min(1 << 22, body.byteSize() - from);
                update(crc, body, from, n, scratch);
                done += n;
                progress.update("verifying", done, total);
            }
            if ((int) crc.getValue() != s.crc()) {
                throw new StoreCorruptException(
                        path,
                        s.name() + " section checksum is " + hex(s.crc()) + ", its " + s.length() + " bytes at offset "
                                + s.offset() + " give " + hex((int) crc.getValue()));
            }
            at = s.offset() + s.length();
        }
        checkZero(at, fileLength - StoreLayout.FOOTER_BYTES, "padding before the footer");
    }

    private void checkZero(long from, long to, String what) throws StoreCorruptException {
        for (long i = from; i < to; i++) {
            if (mapping.get(ValueLayout.JAVA_BYTE, i) != 0) {
                throw new StoreCorruptException(path, what + " holds a non-zero byte at offset " + i);
            }
        }
    }

    /** Unmaps the file. Segments taken from it must not be used afterwards. Idempotent. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            arena.close();
        }
    }

    static int crc(MemorySegment m, long from, long length) {
        CRC32C crc = new CRC32C();
        update(crc, m, from, length, new byte[(int) Math.min(CRC_STEP, Math.max(1, length))]);
        return (int) crc.getValue();
    }

    /** Bytes copied to the heap per step of a checksum over a segment. */
    static final int CRC_STEP = 1 << 16;

    /**
     * Adds {@code length} bytes of {@code m} from {@code from} to a CRC32C through a heap copy.
     * The JDK's CRC32C over a direct buffer runs in a stub that the JVM does not expect to fault,
     * so a page the file no longer backs (truncated while mapped) ends the process there; the
     * copy faults where the JVM reports it as an {@link InternalError} instead.
     */
    static void update(CRC32C crc, MemorySegment m, long from, long length, byte[] scratch) {
        for (long at = from, end = from + length; at < end; ) {
            int n = (int) Math.min(scratch.length, end - at);
            MemorySegment.copy(m, ValueLayout.JAVA_BYTE, at, scratch, 0, n);
            crc.update(scratch, 0, n);
            at += n;
        }
    }

    // ---- failed reads of the mapping ----

    /**
     * Whether {@code e} (or a cause) is the JVM's report of a failed read of mapped memory: a page
     * the file no longer backs, or one the storage could not read, raises SIGBUS, which the JVM
     * turns into an {@link InternalError} "a fault occurred in an unsafe memory access operation"
     * (in compiled code "... in a recent unsafe memory access operation ..."), thrown at the
     * access or at the next safepoint check after it.
     */
    static boolean isMappedReadFault(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (t instanceof InternalError
                    && m != null
                    && m.contains("fault occurred")
                    && m.contains("unsafe memory access")) {
                return true;
            }
        }
        return false;
    }

    /** Throws the failure an earlier read of this mapping met, so nothing more is read from it. */
    void ensureReadable() throws StoreException {
        StoreException f = failure;
        if (f != null) {
            throw again(f);
        }
    }

    /**
     * What it means for the store that {@code during} (an entry point's work over the mapping)
     * threw {@code e}. A failed page read, or any exception once the file has been changed in
     * place since it was opened, is the file's fault: the store's exception naming the file is
     * returned and remembered, so the entry points refuse the store from now on. Anything else is
     * not about the file and is thrown as it is.
     *
     * @return the exception to throw
     */
    StoreException readFailed(String during, Throwable e) {
        StoreException named = named(during, e);
        if (named != null) {
            return named;
        }
        if (e instanceof RuntimeException r) {
            throw r;
        }
        if (e instanceof Error r) {
            throw r;
        }
        throw new IllegalStateException(e);
    }

    /**
     * The store's exception for {@code e} as {@link #readFailed} decides it, or null when the
     * file is not at fault. An exception the grid's {@link #queryFaults()} made for this file
     * already is unwrapped, not named again.
     */
    private StoreException named(String during, Throwable e) {
        if (e instanceof UncheckedIOException u && u.getCause() instanceof StoreException s && path.equals(s.file())) {
            return s;
        }
        StoreException found;
        if (isMappedReadFault(e)) {
            found = fault(path, opened, during, e);
        } else {
            // after close the grid's own IllegalStateException is the answer, whatever the file did
            String change = closed ? null : changeSinceOpen(path, opened);
            if (change == null) {
                return null;
            }
            found = new StoreCorruptException(
                    path,
                    "the file " + change + " since it was opened, and " + during + " failed on its bytes (" + e
                            + "); close the store and open the file again",
                    e);
        }
        synchronized (this) {
            if (failure == null) {
                failure = found;
            }
        }
        return found;
    }

    /**
     * The faults of the grid built over this mapping ({@code Grid.over}, {@code ChunkTable.over}):
     * the grid's own queries ({@code findPath} in every form, {@code findPathAsync},
     * {@code GridSearch}, {@code PathService}) report a failed read of the file as the store's
     * entry points do, and refuse the store after one. A query's signature has no room for the
     * checked {@link StoreException}, so they throw it as the cause of an
     * {@link UncheckedIOException} with the same message.
     */
    MemoryFaults queryFaults() {
        return new MemoryFaults() {
            @Override
            public void ensureReadable() {
                StoreException f = failure;
                if (f != null) {
                    throw unchecked(again(f));
                }
            }

            @Override
            public RuntimeException failure(Throwable e) {
                if (e instanceof UncheckedIOException u
                        && u.getCause() instanceof StoreException s
                        && path.equals(s.file())) {
                    return u;
                }
                StoreException named = named("a query", e);
                return named == null ? null : unchecked(named);
            }

            @Override
            public String toString() {
                return "the faults of store " + path;
            }
        };
    }

    private static UncheckedIOException unchecked(StoreException e) {
        return new UncheckedIOException(e.getMessage(), e);
    }

    private StoreException again(StoreException first) {
        String prefix = path + ": ";
        String reason = first.getMessage().startsWith(prefix)
                ? first.getMessage().substring(prefix.length())
                : first.getMessage();
        String message = "an earlier read of the mapped file failed, so the store is not read again: " + reason;
        return first instanceof StoreTruncatedException
                ? new StoreTruncatedException(path, message, first)
                : new StoreCorruptException(path, message, first);
    }

    /** The store's exception for a failed page read of the file opened as {@code opened}. */
    private static StoreException fault(Path path, Opened opened, String during, Throwable e) {
        String change = changeSinceOpen(path, opened);
        if (change != null && change.startsWith("was truncated")) {
            return new StoreTruncatedException(
                    path,
                    "the file " + change + " while mapped, and " + during
                            + " read a page past its new end; close the store and open the file again",
                    e);
        }
        return new StoreCorruptException(
                path,
                during + " failed to read a page of the mapped file ("
                        + (change == null ? "" : "the file " + change + "; ")
                        + "the file was cut short and regrown, or its storage failed); close the store and open the"
                        + " file again",
                e);
    }

    /**
     * How the file at {@code path} differs from the one opened: null when it is the same, when the
     * path now names another file (a store renamed over it: the mapping still reads the one
     * opened) or names none.
     */
    private static String changeSinceOpen(Path path, Opened opened) {
        BasicFileAttributes now;
        try {
            now = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException e) {
            return null;
        }
        if (opened.key() != null && !opened.key().equals(now.fileKey())) {
            return null;
        }
        if (now.size() < opened.length()) {
            return "was truncated to " + now.size() + " bytes (it was " + opened.length() + " bytes when opened)";
        }
        if (now.size() != opened.length()) {
            return "changed length from " + opened.length() + " to " + now.size() + " bytes";
        }
        if (opened.modified() != null && !opened.modified().equals(now.lastModifiedTime())) {
            return "was written in place (last modified " + now.lastModifiedTime() + ", " + opened.modified()
                    + " when opened)";
        }
        return null;
    }

    static String hex(int v) {
        return "0x" + String.format("%08x", v);
    }
}
