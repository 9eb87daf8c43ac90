package org.onepath.grids.voxel;

import static org.onepath.layout.VoxelPageLayout.BLOCK_MASK;
import static org.onepath.layout.VoxelPageLayout.BLOCK_SHIFT;
import static org.onepath.layout.VoxelPageLayout.DIR_BLOCK_OFFSET;
import static org.onepath.layout.VoxelPageLayout.DIR_ENTRY_BYTES;
import static org.onepath.layout.VoxelPageLayout.DIR_X_OFFSET;
import static org.onepath.layout.VoxelPageLayout.DIR_Y_OFFSET;
import static org.onepath.layout.VoxelPageLayout.DIR_Z_OFFSET;
import static org.onepath.layout.VoxelPageLayout.ENTRY;
import static org.onepath.layout.VoxelPageLayout.INT;
import static org.onepath.layout.VoxelPageLayout.IN_PAGE_MASK;
import static org.onepath.layout.VoxelPageLayout.PAGE_NODES;
import static org.onepath.layout.VoxelPageLayout.PAGE_SHIFT;
import static org.onepath.layout.VoxelPageLayout.TABLE_ENTRY_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.onepath.layout.VoxelPageLayout;
import org.onepath.memory.GrowableSegment;
import org.onepath.memory.LeakGuard;

/**
 * The paged search state the voxel searches share: node records of a caller's size in pages of
 * 8 x 8 x 8 voxels, a page taken when the search first reaches a voxel of its block, the page
 * directory that gives each page's block origin and the page table of the world's blocks
 * ({@link VoxelPageLayout}). A slot is {@code page << 9 | inPageIndex}.
 *
 * <p>The voxel A* ({@link PagedVoxelSearch}) keeps 20-byte records here, the voxel jump point
 * search ({@link VoxelJumpSearch}) 28-byte ones; the paging, the directory and the pool rule are
 * this one class. When a page is taken, the int at {@code markOffset} of each of its records is
 * set to 0 (not reached); nothing else is cleared.
 *
 * <p>Not thread-safe. Owns its memory: {@link #close()} frees it.
 */
final class VoxelPages implements AutoCloseable {
    private static final int INITIAL_PAGES = 16;

    private final long recordBytes;
    private final long pageBytes;
    private final long markOffset;
    private final int sizeX;
    private final int sizeY;
    private final int blocksX;
    private final int blocksY;
    private final Arena arena;
    private final MemorySegment pageTable;
    private GrowableSegment pageMemory;
    private GrowableSegment directoryMemory;
    private MemorySegment pages;
    private MemorySegment directory;
    private int pagesUsed;

    VoxelPages(int sizeX, int sizeY, int sizeZ, long recordBytes, long markOffset) {
        this.recordBytes = recordBytes;
        this.pageBytes = PAGE_NODES * recordBytes;
        this.markOffset = markOffset;
        this.sizeX = sizeX;
        this.sizeY = sizeY;
        this.blocksX = (sizeX + BLOCK_MASK) >>> BLOCK_SHIFT;
        this.blocksY = (sizeY + BLOCK_MASK) >>> BLOCK_SHIFT;
        int blocksZ = (sizeZ + BLOCK_MASK) >>> BLOCK_SHIFT;
        this.arena = LeakGuard.sharedArena(this);
        this.pageTable = arena.allocate(
                (long) blocksX * blocksY * blocksZ * TABLE_ENTRY_BYTES, TABLE_ENTRY_BYTES); // zeroed: no pages
        allocatePool();
    }

    /** The record memory; {@link #slotOf} may replace it, so read it again after that call. */
    MemorySegment records() {
        return pages;
    }

    /** Byte offset of a slot's record in {@link #records()}. */
    long recordOffset(int slot) {
        return (long) (slot >>> PAGE_SHIFT) * pageBytes + (slot & IN_PAGE_MASK) * recordBytes;
    }

    int pagesUsed() {
        return pagesUsed;
    }

    /** Native bytes held now: pages, directory and page table. */
    long memoryBytes() {
        return pageMemory.length() + directoryMemory.length() + pageTable.byteSize();
    }

    /** Slot of voxel (x, y, z), taking a page for its block when the search first reaches it. */
    int slotOf(int x, int y, int z) {
        final int block = (x >>> BLOCK_SHIFT) + blocksX * ((y >>> BLOCK_SHIFT) + blocksY * (z >>> BLOCK_SHIFT));
        final long entry = (long) block * TABLE_ENTRY_BYTES;
        int page = pageTable.get(ENTRY, entry) - 1;
        if (page < 0) {
            page = pagesUsed++;
            pages = pageMemory.ensureLength((long) pagesUsed * pageBytes, (long) page * pageBytes);
            directory = directoryMemory.ensureLength(pagesUsed * DIR_ENTRY_BYTES, page * DIR_ENTRY_BYTES);
            final MemorySegment p = pages;
            final long base = (long) page * pageBytes + markOffset;
            for (int i = 0; i < PAGE_NODES; i++) {
                p.set(INT, base + i * recordBytes, 0);
            }
            final long dir = page * DIR_ENTRY_BYTES;
            directory.set(ENTRY, dir + DIR_X_OFFSET, x & ~BLOCK_MASK);
            directory.set(ENTRY, dir + DIR_Y_OFFSET, y & ~BLOCK_MASK);
            directory.set(ENTRY, dir + DIR_Z_OFFSET, z & ~BLOCK_MASK);
            directory.set(ENTRY, dir + DIR_BLOCK_OFFSET, block);
            pageTable.set(ENTRY, entry, page + 1);
        }
        return page << PAGE_SHIFT | VoxelPageLayout.inPageIndex(x, y, z);
    }

    /**
     * Slot of voxel (x, y, z) when the search has a page for its block, else -1; takes no page
     * (the partial-path lookups of a reached voxel).
     */
    int pagedSlotOf(int x, int y, int z) {
        final int block = (x >>> BLOCK_SHIFT) + blocksX * ((y >>> BLOCK_SHIFT) + blocksY * (z >>> BLOCK_SHIFT));
        final int page = pageTable.get(ENTRY, (long) block * TABLE_ENTRY_BYTES) - 1;
        return page < 0 ? -1 : page << PAGE_SHIFT | VoxelPageLayout.inPageIndex(x, y, z);
    }

    /**
     * Slot of a node the search reached (its page taken and its mark not 0), else -1.
     *
     * @param node a node index inside the world
     */
    int reachedSlotOf(int node) {
        final int x = node % sizeX;
        final int rest = node / sizeX;
        final int slot = pagedSlotOf(x, rest % sizeY, rest / sizeY);
        return slot >= 0 && isMarked(slot) ? slot : -1;
    }

    /** Whether a slot's record has been reached this search: its mark is not 0. */
    boolean isMarked(int slot) {
        return pages.get(INT, recordOffset(slot) + markOffset) != 0;
    }

    /** Slots of the pages the search holds: {@code pagesUsed << 9}; a slot past the world's side is never marked. */
    int slotCount() {
        return pagesUsed << PAGE_SHIFT;
    }

    /** x of a slot's voxel, from its page's block origin. */
    int xOf(int slot) {
        return directory.get(ENTRY, (slot >>> PAGE_SHIFT) * DIR_ENTRY_BYTES + DIR_X_OFFSET) + (slot & BLOCK_MASK);
    }

    /** y of a slot's voxel. */
    int yOf(int slot) {
        return directory.get(ENTRY, (slot >>> PAGE_SHIFT) * DIR_ENTRY_BYTES + DIR_Y_OFFSET)
                + ((slot >>> BLOCK_SHIFT) & BLOCK_MASK);
    }

    /** z of a slot's voxel. */
    int zOf(int slot) {
        return directory.get(ENTRY, (slot >>> PAGE_SHIFT) * DIR_ENTRY_BYTES + DIR_Z_OFFSET)
                + ((slot & IN_PAGE_MASK) >>> (2 * BLOCK_SHIFT));
    }

    /** Node index of a slot's voxel. */
    int nodeOf(int slot) {
        return xOf(slot) + sizeX * (yOf(slot) + sizeY * zOf(slot));
    }

    /** Forgets the pages of the last search: O(pages it used). */
    void release() {
        final MemorySegment d = directory;
        for (int p = 0; p < pagesUsed; p++) {
            pageTable.set(ENTRY, d.get(ENTRY, p * DIR_ENTRY_BYTES + DIR_BLOCK_OFFSET) * TABLE_ENTRY_BYTES, 0);
        }
        pagesUsed = 0;
    }

    /**
     * Forgets the pages of the last search and, when more than {@code limitPages} pages of memory
     * are held, frees them.
     */
    void trim(int limitPages) {
        release();
        if (pageMemory.length() > limitPages * pageBytes) {
            pageMemory.close();
            directoryMemory.close();
            allocatePool();
        }
    }

    @Override
    public void close() {
        pageMemory.close();
        directoryMemory.close();
        arena.close();
    }

    private void allocatePool() {
        pageMemory = new GrowableSegment(INITIAL_PAGES * pageBytes, 8);
        pages = pageMemory.segment();
        directoryMemory = new GrowableSegment(INITIAL_PAGES * DIR_ENTRY_BYTES, 8);
        directory = directoryMemory.segment();
    }
}
