package org.onepath.bench;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The operating system's page cache of a file, through the C library of Linux (and other POSIX
 * systems) called with {@code java.lang.foreign}; no root needed:
 * <ul>
 *   <li>{@link #evict} drops the file's pages from the page cache with
 *       {@code posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)}, so the next read of each page comes
 *       from the disk (or the device's cache) again. Pages that a process still maps, or that are
 *       dirty, stay: close every mapping of the file first, and write it with a final
 *       {@code force} (the stores do).</li>
 *   <li>{@link #residentPages} counts the file's pages in the page cache with {@code mincore(2)}
 *       over a read-only mapping of the whole file made here (on Linux, {@code mincore} reports the
 *       page cache for a file the caller owns or may write, whether or not this mapping touched
 *       the page).</li>
 *   <li>{@link #adviseRandom} turns off read-around on a mapped range with
 *       {@code madvise(MADV_RANDOM)}, so that a page fault reads that page alone instead of the
 *       pages around it as well.</li>
 * </ul>
 * Run with {@code --enable-native-access=ALL-UNNAMED} to silence the JDK's warning about
 * restricted methods. Every call's result is checked: a failure throws {@link IOException} with
 * the C error number.
 */
final class PageCache {
    /** {@code POSIX_FADV_DONTNEED} on Linux. */
    static final int POSIX_FADV_DONTNEED = 4;
    /** {@code MADV_RANDOM} on Linux. */
    static final int MADV_RANDOM = 1;

    private static final int O_RDONLY = 0;
    private static final int O_CLOEXEC = 0x80000;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option CAPTURE_ERRNO = Linker.Option.captureCallState("errno");

    /** {@code int open(const char *path, int flags, ...)}, called with a mode of 0 as its one variadic argument. */
    private static final MethodHandle OPEN = downcall(
            "open",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
            CAPTURE_ERRNO,
            Linker.Option.firstVariadicArg(2));
    /** {@code int close(int fd)}. */
    private static final MethodHandle CLOSE =
            downcall("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT), CAPTURE_ERRNO);
    /** {@code int posix_fadvise(int fd, off_t offset, off_t len, int advice)}: returns the error number itself. */
    private static final MethodHandle FADVISE =
            downcall("posix_fadvise", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));
    /** {@code int mincore(void *addr, size_t length, unsigned char *vec)}. */
    private static final MethodHandle MINCORE =
            downcall("mincore", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS), CAPTURE_ERRNO);
    /** {@code int madvise(void *addr, size_t length, int advice)}. */
    private static final MethodHandle MADVISE =
            downcall("madvise", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), CAPTURE_ERRNO);
    /** {@code int getpagesize(void)}. */
    private static final MethodHandle GETPAGESIZE = downcall("getpagesize", FunctionDescriptor.of(JAVA_INT));

    /** Bytes per page of this system. */
    static final int PAGE_SIZE = pageSize();

    private PageCache() {}

    /** Drops the file's cached pages; they must be clean and mapped by no process. */
    static void evict(Path file) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CALL_STATE);
            MemorySegment path = arena.allocateFrom(file.toAbsolutePath().toString());
            int fd = (int) OPEN.invokeExact(state, path, O_RDONLY | O_CLOEXEC, 0);
            if (fd < 0) {
                throw new IOException("open(" + file + ") failed: errno " + errno(state));
            }
            try {
                int err = (int) FADVISE.invokeExact(fd, 0L, 0L, POSIX_FADV_DONTNEED);
                if (err != 0) {
                    throw new IOException("posix_fadvise(" + file + ", POSIX_FADV_DONTNEED) failed: error " + err);
                }
            } finally {
                int rc = (int) CLOSE.invokeExact(state, fd);
                if (rc != 0) {
                    throw new IOException("close(" + file + ") failed: errno " + errno(state));
                }
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Which of the file's pages are in the page cache: one flag per page, from offset 0. */
    static boolean[] residentPages(Path file) throws IOException {
        try (Arena arena = Arena.ofConfined();
                FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size == 0) {
                return new boolean[0];
            }
            MemorySegment mapping = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            return resident(mapping, arena);
        }
    }

    /** The pages of {@code file} in the page cache whose bytes meet {@code [offset, offset + length)}. */
    static int residentIn(boolean[] pages, long offset, long length) {
        if (length <= 0) {
            return 0;
        }
        int first = (int) (offset / PAGE_SIZE);
        int last = (int) ((offset + length - 1) / PAGE_SIZE);
        int n = 0;
        for (int p = first; p <= last && p < pages.length; p++) {
            if (pages[p]) {
                n++;
            }
        }
        return n;
    }

    /** Pages meeting {@code [offset, offset + length)}. */
    static int pagesIn(long offset, long length) {
        return length <= 0 ? 0 : (int) ((offset + length - 1) / PAGE_SIZE - offset / PAGE_SIZE + 1);
    }

    static int count(boolean[] pages) {
        int n = 0;
        for (boolean p : pages) {
            if (p) {
                n++;
            }
        }
        return n;
    }

    /**
     * Turns off read-around for the pages of a mapping: {@code address} is its page-aligned start
     * (a mapping made by {@link FileChannel#map} starts on a page), {@code length} its bytes.
     */
    static void adviseRandom(long address, long length) throws IOException {
        if (address % PAGE_SIZE != 0) {
            throw new IllegalArgumentException("address 0x" + Long.toHexString(address) + " is not page-aligned");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CALL_STATE);
            int rc = (int) MADVISE.invokeExact(state, MemorySegment.ofAddress(address), length, MADV_RANDOM);
            if (rc != 0) {
                throw new IOException("madvise(MADV_RANDOM) failed: errno " + errno(state));
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static boolean[] resident(MemorySegment mapping, Arena arena) throws IOException {
        long pages = (mapping.byteSize() + PAGE_SIZE - 1) / PAGE_SIZE;
        MemorySegment vec = arena.allocate(pages);
        MemorySegment state = arena.allocate(CALL_STATE);
        int rc;
        try {
            rc = (int) MINCORE.invokeExact(state, mapping, mapping.byteSize(), vec);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        if (rc != 0) {
            throw new IOException("mincore failed: errno " + errno(state));
        }
        boolean[] out = new boolean[(int) pages];
        for (int i = 0; i < pages; i++) {
            out[i] = (vec.get(JAVA_BYTE, i) & 1) != 0;
        }
        return out;
    }

    private static int errno(MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }

    @SuppressWarnings("restricted") // run with native access granted, as the class comment says
    private static MethodHandle downcall(String name, FunctionDescriptor descriptor, Linker.Option... options) {
        MemorySegment symbol = LIBC.find(name)
                .orElseThrow(() -> new UnsupportedOperationException(name + " not found in the C library"));
        return LINKER.downcallHandle(symbol, descriptor, options);
    }

    private static int pageSize() {
        try {
            return (int) GETPAGESIZE.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
