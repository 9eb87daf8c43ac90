package org.onepath.store;

import static org.onepath.store.StoreLayout.U32;
import static org.onepath.store.StoreLayout.U64;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32C;

/**
 * Writes a store file so that no reader ever sees a broken one: the bytes go to a temporary file
 * in the target's folder, which is forced to disk, renamed over the target in one atomic step,
 * and the folder is forced so the rename survives a crash. A failure or a kill at any point
 * leaves the previous file as it was (and at worst a hidden temporary file, named
 * {@code .NAME.*.tmp}, that can be deleted, when the process is killed).
 *
 * <p>A failed write (a full file system, a file size limit, an I/O error) deletes the temporary
 * file and throws an {@link IOException} naming the target, how far the write got and that the
 * previous file is unchanged. Several processes writing one target at once each write their own
 * temporary file; each rename replaces the target whole, so the last one wins and no reader sees
 * a mix.
 */
final class StoreWriter {
    /** Bytes written per call, so progress moves on big sections. */
    private static final int WRITE_STEP = 1 << 20;

    /**
     * One section to write: its bytes are the parts back to back.
     *
     * @param fingerprint 32 bytes, or null for zero
     */
    record Section(int id, MemorySegment[] parts, byte[] fingerprint) {
        Section {
            Objects.requireNonNull(parts, "parts");
            if (fingerprint != null && fingerprint.length != StoreLayout.FINGERPRINT_BYTES) {
                throw new IllegalArgumentException("fingerprint of " + fingerprint.length + " bytes");
            }
        }

        Section(int id, MemorySegment body, byte[] fingerprint) {
            this(id, new MemorySegment[] {body}, fingerprint);
        }

        long length() {
            long n = 0;
            for (MemorySegment part : parts) {
                n = Math.addExact(n, part.byteSize());
            }
            return n;
        }
    }

    private StoreWriter() {}

    /** Writes a store of {@code kind} with these sections to {@code target}, replacing it atomically. */
    static void write(Path target, int kind, List<Section> sections, StoreProgress progress) throws IOException {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(progress, "progress");
        if (sections.isEmpty() || sections.size() > StoreLayout.MAX_SECTIONS) {
            throw new IllegalArgumentException(sections.size() + " sections, expected 1.." + StoreLayout.MAX_SECTIONS);
        }
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new java.nio.file.NoSuchFileException(
                    String.valueOf(folder), null, "the folder of " + target + " does not exist");
        }
        if (Files.isDirectory(absolute)) {
            throw new java.nio.file.FileSystemException(
                    target.toString(), null, "is a folder, expected a store file path");
        }
        long tableBytes = sections.size() * StoreLayout.ENTRY_BYTES;
        long[] offsets = new long[sections.size()];
        long at = StoreLayout.align(StoreLayout.HEADER_BYTES + tableBytes);
        long total = 0;
        for (int i = 0; i < sections.size(); i++) {
            offsets[i] = at;
            long length = sections.get(i).length();
            total += length;
            at = StoreLayout.align(Math.addExact(at, length));
        }
        long footerOffset = at;
        long fileLength = footerOffset + StoreLayout.FOOTER_BYTES;

        Path temp = folder.resolve("." + absolute.getFileName() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1) + ".tmp");
        boolean moved = false;
        long[] written = {0};
        try {
            try (FileChannel channel =
                    FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                byte[] directory = new byte[(int) (StoreLayout.HEADER_BYTES + tableBytes)];
                MemorySegment dir = MemorySegment.ofArray(directory);
                long done = 0;
                progress.update("writing", 0, total);
                byte[] scratch = new byte[StoreFile.CRC_STEP];
                for (int i = 0; i < sections.size(); i++) {
                    Section section = sections.get(i);
                    CRC32C crc = new CRC32C();
                    long position = offsets[i];
                    for (MemorySegment part : section.parts()) {
                        for (long from = 0; from < part.byteSize(); from += WRITE_STEP) {
                            long n = Math.min(WRITE_STEP, part.byteSize() - from);
                            // through a heap copy: a CRC32C over a mapped source that lost a page would end the JVM
                            StoreFile.update(crc, part, from, n, scratch);
                            ByteBuffer buffer = part.asSlice(from, n).asByteBuffer();
                            position += writeFully(channel, buffer, position, written);
                            done += buffer.capacity();
                            progress.update("writing", done, total);
                        }
                    }
                    long entry = StoreLayout.HEADER_BYTES + i * StoreLayout.ENTRY_BYTES;
                    dir.set(U32, entry + StoreLayout.ENTRY_ID_OFFSET, section.id());
                    dir.set(U64, entry + StoreLayout.ENTRY_OFFSET_OFFSET, offsets[i]);
                    dir.set(U64, entry + StoreLayout.ENTRY_LENGTH_OFFSET, section.length());
                    dir.set(U32, entry + StoreLayout.ENTRY_CRC_OFFSET, (int) crc.getValue());
                    if (section.fingerprint() != null) {
                        MemorySegment.copy(
                                section.fingerprint(),
                                0,
                                dir,
                                java.lang.foreign.ValueLayout.JAVA_BYTE,
                                entry + StoreLayout.ENTRY_FINGERPRINT_OFFSET,
                                StoreLayout.FINGERPRINT_BYTES);
                    }
                }
                dir.set(U32, StoreLayout.MAGIC_OFFSET, StoreLayout.MAGIC);
                dir.set(U32, StoreLayout.VERSION_OFFSET, StoreLayout.FORMAT_VERSION);
                dir.set(U32, StoreLayout.KIND_OFFSET, kind);
                dir.set(U32, StoreLayout.FLAGS_OFFSET, 0);
                dir.set(U64, StoreLayout.FILE_LENGTH_OFFSET, fileLength);
                dir.set(U64, StoreLayout.TABLE_OFFSET_OFFSET, StoreLayout.HEADER_BYTES);
                dir.set(U32, StoreLayout.SECTION_COUNT_OFFSET, sections.size());
                dir.set(U32, StoreLayout.TABLE_CRC_OFFSET, crc(directory, (int) StoreLayout.HEADER_BYTES, (int)
                        tableBytes));
                dir.set(U32, StoreLayout.HEADER_CRC_OFFSET, crc(directory, 0, (int) StoreLayout.HEADER_CRC_OFFSET));
                writeFully(channel, ByteBuffer.wrap(directory), 0, written);

                byte[] footer = new byte[(int) StoreLayout.FOOTER_BYTES];
                MemorySegment f = MemorySegment.ofArray(footer);
                f.set(U32, StoreLayout.FOOTER_MAGIC_OFFSET, StoreLayout.FOOTER_MAGIC);
                f.set(U32, StoreLayout.FOOTER_DIRECTORY_CRC_OFFSET, crc(directory, 0, directory.length));
                f.set(U64, StoreLayout.FOOTER_FILE_LENGTH_OFFSET, fileLength);
                // also sets the length; gaps read as zero
                writeFully(channel, ByteBuffer.wrap(footer), footerOffset, written);
                channel.force(true);
            } catch (java.nio.file.FileSystemException e) {
                throw e; // names the file already (the temporary one)
            } catch (IOException e) {
                throw new IOException(
                        "cannot write " + target + ": " + e.getMessage() + " after " + written[0] + " of " + fileLength
                                + " bytes (written to " + temp.getFileName() + ", now deleted); the previous "
                                + target.getFileName() + " is unchanged",
                        e);
            } catch (InternalError e) {
                if (!StoreFile.isMappedReadFault(e)) {
                    throw e;
                }
                throw new IOException(
                        "cannot write " + target + ": reading the bytes to write failed after " + written[0] + " of "
                                + fileLength + " bytes (a mapped store they come from was truncated, or its storage"
                                + " failed): " + e.getMessage() + "; the previous " + target.getFileName()
                                + " is unchanged",
                        e);
            }
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException(
                        "cannot replace " + target + " atomically on this file system: " + e.getMessage(), e);
            }
            moved = true;
            forceFolder(folder);
        } catch (IOException | RuntimeException | Error e) {
            if (!moved) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException | RuntimeException cleanup) {
                    e.addSuppressed(cleanup);
                }
            }
            throw e;
        }
    }

    static int crc(byte[] bytes, int from, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, from, length);
        return (int) crc.getValue();
    }

    /** Writes all of {@code buffer} at {@code position}; {@code written[0]} counts the bytes written so far. */
    private static int writeFully(FileChannel channel, ByteBuffer buffer, long position, long[] written)
            throws IOException {
        int n = buffer.remaining();
        while (buffer.hasRemaining()) {
            int w = channel.write(buffer, position);
            position += w;
            written[0] += w;
        }
        return n;
    }

    /**
     * Forces a folder's entries to disk so a rename in it survives a crash. Some file systems
     * and platforms cannot open a folder for this; the rename is then as durable as they make it.
     */
    private static void forceFolder(Path folder) {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Not supported here (e.g. Windows); nothing more can be done portably.
        }
    }
}
