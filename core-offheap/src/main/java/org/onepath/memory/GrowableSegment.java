package org.onepath.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A native segment that can grow, for working memory whose final size is not known up front
 * (heap slots, expansion lists). Each generation of the memory has an arena of its own, so
 * growing frees the old block instead of keeping it alive until the owner closes.
 *
 * <p>A {@link #collected} segment is for an owner that is not closed by its users (a search
 * object the query drivers drop when done): each block comes from an automatic arena, which the
 * garbage collector frees once the block is unreachable, and {@link #close()} only drops it.
 *
 * <p>Not thread-safe; the owner confines it to the thread that runs its search.
 */
public final class GrowableSegment implements AutoCloseable {
    private final long alignment;
    private final boolean collected;
    private Arena arena;
    private MemorySegment segment;

    /**
     * @param initialLength bytes to allocate now (at least 1)
     * @param alignment     byte alignment of the block
     */
    public GrowableSegment(long initialLength, long alignment) {
        this(initialLength, alignment, false);
    }

    private GrowableSegment(long initialLength, long alignment, boolean collected) {
        if (initialLength < 1) {
            throw new IllegalArgumentException("initialLength must be at least 1, was " + initialLength);
        }
        this.alignment = alignment;
        this.collected = collected;
        this.arena = newArena();
        this.segment = LargePages.allocate(arena, initialLength, alignment);
    }

    /**
     * A growable segment whose blocks the garbage collector frees: no close is needed, and none
     * is logged as a leak.
     *
     * @param initialLength bytes to allocate now (at least 1)
     * @param alignment     byte alignment of the block
     * @return the segment
     */
    public static GrowableSegment collected(long initialLength, long alignment) {
        return new GrowableSegment(initialLength, alignment, true);
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
        Arena newArena = newArena();
        MemorySegment grown = LargePages.allocate(newArena, newLength, alignment);
        MemorySegment.copy(current, 0, grown, 0, Math.min(usedLength, current.byteSize()));
        Arena old = arena;
        arena = newArena;
        segment = grown;
        if (!collected) {
            old.close();
        }
        return grown;
    }

    @Override
    public void close() {
        if (arena != null) {
            if (!collected) {
                arena.close();
            }
            arena = null;
            segment = MemorySegment.NULL;
        }
    }

    private Arena newArena() {
        return collected ? Arena.ofAuto() : LeakGuard.sharedArena(this);
    }
}
