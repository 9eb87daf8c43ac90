package org.onepath.fuzz;

import java.lang.management.ManagementFactory;
import org.onepath.fuzz.RefText.Reject;

/**
 * What the reader targets share. Each input goes to the library's reader and to a plain reference
 * reader of the fuzz module ({@link RefMovingAi}, {@link RefDimacs}); checks:
 *
 * <ul>
 *   <li>the library accepts or throws its format exception (the rejection, fine), nothing else;
 *       the exception names a line of the input (1 to the input's line count);</li>
 *   <li>accept and reject agree with the reference, and what both accept has the same contents;</li>
 *   <li>what is accepted, written back in canonical text and read again, has the same contents;</li>
 *   <li>reading allocates at most {@link #ALLOCATION_PER_BYTE} bytes of heap per input byte plus
 *       {@link #ALLOCATION_SLACK}, accepted or not: a header announcing a large map or graph must
 *       not make the reader allocate for contents the input does not hold.</li>
 * </ul>
 *
 * @param <L> what the library reads
 * @param <R> what the reference reads
 */
abstract class ReaderTarget<L, R> implements Target {
    static final long ALLOCATION_PER_BYTE = 64;
    static final long ALLOCATION_SLACK = 128 * 1024;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final Class<? extends IllegalArgumentException> rejection;

    ReaderTarget(Class<? extends IllegalArgumentException> rejection) {
        this.rejection = rejection;
        THREADS.setThreadAllocatedMemoryEnabled(true);
    }

    /** The library's reader. */
    abstract L read(byte[] input);

    /** The reference reader; throws {@link Reject}. */
    abstract R reference(byte[] input);

    /** Throws an AssertionError unless the two hold the same contents. */
    abstract void compare(L library, R reference);

    /** The library's object written back in canonical text and read again by the library. */
    abstract L reread(L library);

    /** Lines of the part of the input a rejection from {@code source} is about. */
    long lines(byte[] input, String source) {
        return RefText.lineCount(input, false);
    }

    void close(L library) {}

    @Override
    public final String rejectionKey(Throwable thrown) {
        return rejection.isInstance(thrown) ? Rejections.ofText((IllegalArgumentException) thrown) : null;
    }

    @Override
    public final void run(byte[] input) {
        R ref;
        Reject refused = null;
        try {
            ref = reference(input);
        } catch (Reject r) {
            ref = null;
            refused = r;
        }
        long before = THREADS.getCurrentThreadAllocatedBytes();
        L read;
        try {
            read = read(input);
        } catch (IllegalArgumentException e) {
            if (!rejection.isInstance(e)) {
                throw e;
            }
            checkAllocation(before, input);
            String source = e instanceof org.onepath.cells.GridFormatException g
                    ? g.source()
                    : ((org.onepath.io.GraphFormatException) e).source();
            long line = Rejections.lineOf(e);
            long lines = lines(input, source);
            if (line < 1 || line > lines) {
                throw new AssertionError(
                        "the rejection names line " + line + " of " + lines + ": " + e.getMessage(), e);
            }
            if (refused == null) {
                throw new AssertionError("the reader rejects what the reference reads: " + e.getMessage(), e);
            }
            throw e;
        }
        try {
            checkAllocation(before, input);
            if (refused != null) {
                throw new AssertionError("the reader accepts what the reference rejects at " + refused.getMessage());
            }
            compare(read, ref);
            L again = reread(read);
            try {
                compare(again, ref);
            } finally {
                close(again);
            }
        } finally {
            close(read);
        }
    }

    /**
     * Fails when reading allocated past the bound twice: a first read may load and initialise
     * classes (whose allocations count), a second read of the same input does not.
     */
    private void checkAllocation(long before, byte[] input) {
        long used = THREADS.getCurrentThreadAllocatedBytes() - before;
        long bound = ALLOCATION_PER_BYTE * input.length + ALLOCATION_SLACK;
        if (used > bound) {
            long again = THREADS.getCurrentThreadAllocatedBytes();
            try {
                close(read(input));
            } catch (IllegalArgumentException e) {
                // the same rejection as the first read
            }
            used = THREADS.getCurrentThreadAllocatedBytes() - again;
        }
        if (used > bound) {
            throw new AssertionError(
                    "reading " + input.length + " bytes allocated " + used + " bytes of heap, above " + bound);
        }
    }

    static void same(Object library, Object reference, String what) {
        if (!java.util.Objects.equals(library, reference)) {
            throw new AssertionError(what + ": the reader has " + library + ", the reference " + reference);
        }
    }

    static void same(double library, double reference, String what) {
        if (Double.compare(library, reference) != 0) {
            throw new AssertionError(what + ": the reader has " + library + ", the reference " + reference);
        }
    }
}
