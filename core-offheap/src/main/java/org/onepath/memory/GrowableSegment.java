package org.onepath.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A native segment that can grow, for working memory whose final size is not known up front
 * (heap slots, expansion lists). Each generation of the memory has an arena of its own, so
 * growing frees the old block instead of keeping it alive until the owner closes.
 *
 * <p>Not thread-safe; the owner confines it to the thread that runs its search.
 */
public final class GrowableSegment implements AutoCloseable {
    private final long alignment;
    private Arena arena;
    private MemorySegment segment;

    /**
     * @param initialLength bytes to allocate now (at least 1)
     * @param alignment     byte alignment of the block
     */
    public GrowableSegment(long initialLength, long alignment) {
        if (initialLength < 1) {
            throw new IllegalArgumentException("initialLength must be at least 1, was " + initialLength);
        }
        this.alignment = alignment;
        this.arena = LeakGuard.sharedArena(this);
        this.segment = LargePages.allocate(arena, initialLength, alignment);
    }

    /** The current block; a later {@link #ensureLength} may replace it. */
    public MemorySegment segment() {
        return segment;
    }

    /** The current length in bytes. */
    public long length() {
        return segment.byteSize();
    }

    /**
     * Makes the block at least {@code minLength} bytes long, keeping the first
     * {@code usedLength} bytes. Growth doubles, so repeated appends cost amortised O(1).
     *
     * @return the (possibly new) block
     */
    public MemorySegment ensureLength(long minLength, long usedLength) {
        MemorySegment current = segment;
        if (minLength <= current.byteSize()) {
            return current;
        }
        long newLength = Math.max(minLength, current.byteSize() * 2);
        Arena newArena = LeakGuard.sharedArena(this);
        MemorySegment grown = LargePages.allocate(newArena, newLength, alignment);
        MemorySegment.copy(current, 0, grown, 0, Math.min(usedLength, current.byteSize()));
        Arena old = arena;
        arena = newArena;
        segment = grown;
        old.close();
        return grown;
    }

    @Override
    public void close() {
        if (arena != null) {
            arena.close();
            arena = null;
            segment = MemorySegment.NULL;
        }
    }
}
