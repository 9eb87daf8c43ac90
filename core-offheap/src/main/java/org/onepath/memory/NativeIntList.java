package org.onepath.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A growable list of ints in native memory (expansion logs, pending edits). Appending is
 * amortised O(1) and allocates only when the list outgrows its block. Not thread-safe.
 */
public final class NativeIntList implements AutoCloseable {
    private static final long INT_BYTES = 4;
    private static final int INITIAL_COUNT = 256;

    private GrowableSegment memory;
    private int size;

    public int size() {
        return size;
    }

    public void clear() {
        size = 0;
    }

    public void add(int value) {
        if (memory == null) {
            memory = new GrowableSegment(INITIAL_COUNT * INT_BYTES, INT_BYTES);
        }
        MemorySegment s = memory.ensureLength((size + 1) * INT_BYTES, size * INT_BYTES);
        s.set(ValueLayout.JAVA_INT, size * INT_BYTES, value);
        size++;
    }

    /** The value at {@code index} (0..size-1). */
    public int get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + " is outside 0.." + (size - 1));
        }
        return memory.segment().get(ValueLayout.JAVA_INT, index * INT_BYTES);
    }

    /** The values as a new array. */
    public int[] toArray() {
        int[] out = new int[size];
        if (size > 0) {
            MemorySegment.copy(memory.segment(), ValueLayout.JAVA_INT, 0, out, 0, size);
        }
        return out;
    }

    @Override
    public void close() {
        if (memory != null) {
            memory.close();
            memory = null;
        }
        size = 0;
    }
}
