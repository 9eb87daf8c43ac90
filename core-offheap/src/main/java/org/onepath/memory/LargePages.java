package org.onepath.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * Allocates large zeroed native blocks that the kernel may back with 2 MiB pages.
 *
 * <p>Why: the search records and JPS+ table of a large map (16 bytes a cell each, so 16 MiB for
 * 1024 x 1024) are read at scattered cells. With 4 KiB pages many such reads also miss the TLB,
 * which holds a few thousand pages; with 2 MiB pages the same TLB covers gigabytes. Linux backs
 * memory with such pages only where the program asks ({@code madvise(MADV_HUGEPAGE)} under the
 * default "madvise" setting of transparent huge pages), and {@link Arena#allocate} does not ask.
 *
 * <p>So a block of at least {@link #THRESHOLD} bytes is mapped anonymously (the kernel zeroes
 * it page by page as it is first touched, instead of a memset of the whole block up front),
 * aligned to 2 MiB and advised; the owning arena unmaps it when it closes. This needs native
 * access for this code ({@code --enable-native-access=org.onepath.core} on the module path,
 * {@code ALL-UNNAMED} on the class path), which the {@code onepath} launcher and the builds
 * grant. Without it, on other systems, for smaller blocks, when a call fails or with
 * {@code -Donepath.largePages=false}, the block comes from {@link Arena#allocate}: the memory
 * is the same, only its page size differs.
 */
@SuppressWarnings("restricted") // the native calls are the point; they run only with native access granted
public final class LargePages {
    private static final long LARGE_PAGE = 2L << 20;

    /** Blocks below this size come from the arena: they would not fill one large page. */
    public static final long THRESHOLD = LARGE_PAGE;
    // Linux values, equal on x86-64 and AArch64.
    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_PRIVATE_ANONYMOUS = 0x02 | 0x20;
    private static final int MADV_HUGEPAGE = 14;

    private static final MethodHandle MMAP;
    private static final MethodHandle MADVISE;
    private static final MethodHandle MUNMAP;

    static {
        MethodHandle mmap = null;
        MethodHandle madvise = null;
        MethodHandle munmap = null;
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (os.startsWith("linux")
                && (arch.equals("amd64") || arch.equals("aarch64"))
                && !"false".equals(System.getProperty("onepath.largePages"))
                && LargePages.class.getModule().isNativeAccessEnabled()) {
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup libc = linker.defaultLookup();
                mmap = linker.downcallHandle(
                        libc.find("mmap").orElseThrow(),
                        FunctionDescriptor.of(
                                ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_INT,
                                ValueLayout.JAVA_INT,
                                ValueLayout.JAVA_INT,
                                ValueLayout.JAVA_LONG));
                madvise = linker.downcallHandle(
                        libc.find("madvise").orElseThrow(),
                        FunctionDescriptor.of(
                                ValueLayout.JAVA_INT,
                                ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_INT));
                munmap = linker.downcallHandle(
                        libc.find("munmap").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
            } catch (RuntimeException e) {
                mmap = null;
            }
        }
        MMAP = mmap;
        MADVISE = madvise;
        MUNMAP = munmap;
    }

    private LargePages() {}

    /** Whether blocks of at least {@link #THRESHOLD} bytes are mapped and advised here. */
    public static boolean available() {
        return MMAP != null;
    }

    /**
     * A zeroed block of {@code bytes} bytes aligned to {@code alignment} (a power of two; above
     * 2 MiB the block comes from the arena), freed when {@code arena} closes.
     *
     * @throws IllegalArgumentException as {@link Arena#allocate(long, long)} for a negative size
     *                                  or an alignment that is not a power of two
     */
    public static MemorySegment allocate(Arena arena, long bytes, long alignment) {
        if (bytes < THRESHOLD
                || MMAP == null
                || alignment <= 0
                || (alignment & (alignment - 1)) != 0
                || alignment > LARGE_PAGE) {
            return arena.allocate(bytes, alignment);
        }
        long rounded = toLargePage(bytes);
        long mapped = rounded + LARGE_PAGE; // room to start on a 2 MiB boundary
        long base;
        try {
            base = (long) MMAP.invokeExact(0L, mapped, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0L);
        } catch (Throwable e) {
            return arena.allocate(bytes, alignment);
        }
        if (base == -1L) { // MAP_FAILED: let the arena report the shortage in its own terms
            return arena.allocate(bytes, alignment);
        }
        long start = toLargePage(base);
        try {
            int ignored = (int) MADVISE.invokeExact(start, rounded, MADV_HUGEPAGE);
        } catch (Throwable e) {
            // Advice is only a hint: the block stays usable with small pages.
        }
        return MemorySegment.ofAddress(start).reinterpret(bytes, arena, segment -> unmap(base, mapped));
    }

    /** {@code value} rounded up to a multiple of 2 MiB. */
    private static long toLargePage(long value) {
        return (value + LARGE_PAGE - 1) & -LARGE_PAGE;
    }

    private static void unmap(long base, long length) {
        try {
            int ignored = (int) MUNMAP.invokeExact(base, length);
        } catch (Throwable e) {
            throw new IllegalStateException("munmap of " + length + " bytes failed", e);
        }
    }
}
