package org.onepath.grids.fast;

import static org.onepath.layout.GoalBoundsTableLayout.INT;
import static org.onepath.layout.GoalBoundsTableLayout.U16;
import static org.onepath.layout.GoalBoundsTableLayout.U8;
import static org.onepath.layout.GoalBoundsTableLayout.WORD;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.SquareCells;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.jps.Direction;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.layout.GoalBoundsLayout;
import org.onepath.layout.GoalBoundsTableLayout;
import org.onepath.layout.OctileMapLayout;
import org.onepath.memory.OwnerState;

/**
 * Goal bounding at jump points (JPS+BB; Rabin 2015, Hu, Harabor, Qin and Yin 2021): for every
 * jump point that keeps boxes ({@link GoalBoundsBake}) and every direction, a box of the targets
 * that go to that move, packed as {@link GoalBoundsTableLayout} ({@code docs/jps.md} "Goal
 * bounding at jump points").
 *
 * <p>Each target goes into one box (rarely more), that of a first move of a canonical shortest
 * route to it which every direction the search can arrive from, and continue towards the target
 * from, can take ({@link GoalBoundsBaker}); the search keeps a move out of a jump point, or at a
 * stop of a diagonal run, when its box holds the goal ({@link #filter}). A packed box is the
 * exact box widened to whole units of the table's steps, and a box that holds its source's whole
 * reachable area is kept for every goal: both keep at least what the exact box keeps, so the
 * search stays optimal.
 *
 * <p>The boxes describe the cells as they were baked: the table remembers the grid's version
 * and restore count when it was packed (or laid over a stored segment), and a search refuses
 * stale boxes ({@link #checkCurrent}). A packed table owns its memory; one laid over a caller's
 * segment ({@link #over}) never frees it. {@link #close()} makes either unusable.
 */
public final class GoalBounds implements AutoCloseable {
    private final SquareCells grid;
    private final int cellCount;
    private final int jumpPointCount;
    private final long storedBoxes;
    private final int stepX;
    private final int stepY;
    private final int version;
    private final int restoreCount;
    private final Arena arena;
    private final MemorySegment segment;
    private final long superblocksOffset;
    private final long wordRanksOffset;
    private final long groupsOffset;
    private final long storedMasksOffset;
    private final long wholeMasksOffset;
    private final long boxesOffset;
    private final OwnerState state = new OwnerState("GoalBounds");

    private GoalBounds(SquareCells grid, Arena arena, MemorySegment segment) {
        this.grid = grid;
        this.cellCount = grid.cellCount();
        this.jumpPointCount = segment.get(INT, GoalBoundsTableLayout.SLOTS_OFFSET);
        this.storedBoxes = segment.get(INT, GoalBoundsTableLayout.BOXES_OFFSET);
        this.stepX = segment.get(INT, GoalBoundsTableLayout.STEP_X_OFFSET);
        this.stepY = segment.get(INT, GoalBoundsTableLayout.STEP_Y_OFFSET);
        this.version = grid.version();
        this.restoreCount = grid.restoreCount();
        this.arena = arena;
        this.segment = segment;
        this.superblocksOffset = GoalBoundsTableLayout.superblockRanksOffset(cellCount);
        this.wordRanksOffset = GoalBoundsTableLayout.wordRanksOffset(cellCount);
        this.groupsOffset = GoalBoundsTableLayout.groupsOffset(cellCount);
        this.storedMasksOffset = GoalBoundsTableLayout.storedMasksOffset(cellCount, jumpPointCount);
        this.wholeMasksOffset = GoalBoundsTableLayout.wholeMasksOffset(cellCount, jumpPointCount);
        this.boxesOffset = GoalBoundsTableLayout.boxesOffset(cellCount, jumpPointCount);
    }

    /**
     * Bakes and packs the boxes of every jump point of the index's grid on one worker thread
     * ({@link GoalBoundsBake#bake} with one thread and no monitor).
     *
     * @param index the grid's JPS+ tables (their jump ends are the jump points)
     * @param map   the same grid's neighbour bytes (its legal moves)
     * @throws IllegalArgumentException if the two belong to different grids
     */
    public static GoalBounds bake(JpsPlusIndex index, OctileMap map) {
        return GoalBoundsBake.bake(index, map, 1, BakeMonitor.NONE);
    }

    /**
     * A table laid over {@code table}, bytes packed from {@code grid}'s current cells (a store
     * checks that with its fingerprints); the caller keeps the segment alive and frees it. Every
     * field and every derived part is checked, so a query never reads outside the segment.
     *
     * @throws IllegalArgumentException naming the first field that is not what {@code grid} and
     *                                  the layout require
     */
    public static GoalBounds over(SquareCells grid, MemorySegment table) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(table, "table");
        TableCheck.check(grid, table);
        return new GoalBounds(grid, null, table);
    }

    /** Packs a bake's exact boxes ({@link GoalBoundsBake#pack}). */
    static GoalBounds pack(GoalBoundsBake bake, OctileMap map) {
        final SquareCells grid = bake.grid();
        final int w = grid.width();
        final int h = grid.height();
        final int n = grid.cellCount();
        final int slots = bake.jumpPointCount();
        final int sx = GoalBoundsTableLayout.step(w);
        final int sy = GoalBoundsTableLayout.step(h);
        try (Arena scratch = Arena.ofConfined()) {
            // The bounding box of the reachable area of every jump point, in units.
            final MemorySegment area = reachableAreas(bake, map, scratch, sx, sy);
            long stored = 0;
            for (int s = 0; s < slots; s++) {
                int whole = area.get(INT, (long) s * Integer.BYTES);
                for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
                    if (kind(bake.box(bake.cellOf(s), d), whole, sx, sy) == STORED) {
                        stored++;
                    }
                }
            }
            if (stored > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("the grid's goal bounds need " + stored + " boxes, more than "
                        + Integer.MAX_VALUE + " a table holds");
            }
            Arena arena = Arena.ofShared();
            try {
                MemorySegment seg = arena.allocate(
                        GoalBoundsTableLayout.byteSize(n, slots, stored), GoalBoundsTableLayout.ALIGNMENT);
                seg.set(INT, GoalBoundsTableLayout.WIDTH_OFFSET, w);
                seg.set(INT, GoalBoundsTableLayout.HEIGHT_OFFSET, h);
                seg.set(INT, GoalBoundsTableLayout.SLOTS_OFFSET, slots);
                seg.set(INT, GoalBoundsTableLayout.BOXES_OFFSET, (int) stored);
                seg.set(INT, GoalBoundsTableLayout.STEP_X_OFFSET, sx);
                seg.set(INT, GoalBoundsTableLayout.STEP_Y_OFFSET, sy);
                seg.set(INT, GoalBoundsTableLayout.VERSION_OFFSET, GoalBoundsLayout.DERIVATION_VERSION);
                final long bits = GoalBoundsTableLayout.bitsOffset();
                for (int s = 0; s < slots; s++) {
                    int c = bake.cellOf(s);
                    long at = bits + (long) (c >>> GoalBoundsTableLayout.WORD_SHIFT) * GoalBoundsTableLayout.WORD_BYTES;
                    seg.set(WORD, at, seg.get(WORD, at) | 1L << c);
                }
                writeRanks(seg, n);
                final long groups = GoalBoundsTableLayout.groupsOffset(n);
                final long storedMasks = GoalBoundsTableLayout.storedMasksOffset(n, slots);
                final long wholeMasks = GoalBoundsTableLayout.wholeMasksOffset(n, slots);
                final long boxes = GoalBoundsTableLayout.boxesOffset(n, slots);
                int box = 0;
                for (int s = 0; s < slots; s++) {
                    if ((s & (GoalBoundsTableLayout.SLOTS_PER_GROUP - 1)) == 0) {
                        seg.set(INT, groups + (long) (s >>> GoalBoundsTableLayout.GROUP_SHIFT) * Integer.BYTES, box);
                    }
                    int whole = area.get(INT, (long) s * Integer.BYTES);
                    int c = bake.cellOf(s);
                    int storedMask = 0;
                    int wholeMask = 0;
                    for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
                        long raw = bake.box(c, d);
                        int kind = kind(raw, whole, sx, sy);
                        if (kind == WHOLE) {
                            wholeMask |= 1 << d;
                        } else if (kind == STORED) {
                            storedMask |= 1 << d;
                            seg.set(INT, boxes + (long) box * GoalBoundsTableLayout.BOX_BYTES, units(raw, sx, sy));
                            box++;
                        }
                    }
                    seg.set(U8, storedMasks + s, (byte) storedMask);
                    seg.set(U8, wholeMasks + s, (byte) wholeMask);
                }
                return new GoalBounds(grid, arena, seg);
            } catch (RuntimeException | Error e) {
                arena.close();
                throw e;
            }
        }
    }

    private static final int EMPTY = 0;
    private static final int WHOLE = 1;
    private static final int STORED = 2;

    /** Whether exact box {@code raw} is empty, whole (holds the reachable area {@code whole}, in units) or stored. */
    private static int kind(long raw, int whole, int sx, int sy) {
        if (raw == GoalBoundsLayout.EMPTY_BOX) {
            return EMPTY;
        }
        int box = units(raw, sx, sy);
        boolean holds = (box & 0xFF) <= (whole & 0xFF)
                && (box >>> 8 & 0xFF) <= (whole >>> 8 & 0xFF)
                && (box >>> 16 & 0xFF) >= (whole >>> 16 & 0xFF)
                && (box >>> 24) >= (whole >>> 24);
        return holds ? WHOLE : STORED;
    }

    /** Exact box {@code raw} widened to whole units: the units its sides fall in. */
    private static int units(long raw, int sx, int sy) {
        int minX = (int) (raw & 0xFFFF);
        int minY = (int) (raw >>> 16 & 0xFFFF);
        int maxX = (int) (raw >>> 32 & 0xFFFF);
        int maxY = (int) (raw >>> 48);
        return GoalBoundsTableLayout.box(minX / sx, minY / sy, maxX / sx, maxY / sy);
    }

    /**
     * The units-box of the cells reachable from each slot's cell, an i32 per slot: one
     * breadth-first labelling over the legal octile moves (which are symmetric), so every cell
     * is visited once.
     */
    private static MemorySegment reachableAreas(GoalBoundsBake bake, OctileMap map, Arena scratch, int sx, int sy) {
        final SquareCells grid = bake.grid();
        final int w = grid.width();
        final int n = grid.cellCount();
        final int slots = bake.jumpPointCount();
        final MemorySegment nb = map.neighbourSegment();
        final MemorySegment label = scratch.allocate(Math.max(1, (long) n) * Integer.BYTES, Integer.BYTES);
        final MemorySegment queue = scratch.allocate(Math.max(1, (long) n) * Integer.BYTES, Integer.BYTES);
        final MemorySegment area = scratch.allocate(Math.max(1, (long) slots) * Integer.BYTES, Integer.BYTES);
        final MemorySegment areaOfLabel = scratch.allocate(Math.max(1, (long) slots) * Integer.BYTES, Integer.BYTES);
        label.fill((byte) 0); // 0: not reached; k + 1: area k
        int areas = 0;
        for (int s = 0; s < slots; s++) {
            final int source = bake.cellOf(s);
            int id = label.get(INT, (long) source * Integer.BYTES);
            if (id == 0) {
                id = ++areas;
                int minX = source % w;
                int maxX = minX;
                int minY = source / w;
                int maxY = minY;
                int head = 0;
                int tail = 0;
                label.set(INT, (long) source * Integer.BYTES, id);
                queue.set(INT, (long) tail++ * Integer.BYTES, source);
                while (head < tail) {
                    final int u = queue.get(INT, (long) head++ * Integer.BYTES);
                    final int ux = u % w;
                    final int uy = u / w;
                    minX = Math.min(minX, ux);
                    maxX = Math.max(maxX, ux);
                    minY = Math.min(minY, uy);
                    maxY = Math.max(maxY, uy);
                    final int legal = nb.get(OctileMapLayout.BYTE, OctileMapLayout.neighbourOffset(u)) & 0xFF;
                    for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
                        final int need = OctileMapLayout.stepNeed(d);
                        if ((legal & need) != need) {
                            continue;
                        }
                        final int v = u + Direction.dx(d) + Direction.dy(d) * w;
                        if (label.get(INT, (long) v * Integer.BYTES) == 0) {
                            label.set(INT, (long) v * Integer.BYTES, id);
                            queue.set(INT, (long) tail++ * Integer.BYTES, v);
                        }
                    }
                }
                areaOfLabel.set(
                        INT,
                        (long) (id - 1) * Integer.BYTES,
                        GoalBoundsTableLayout.box(minX / sx, minY / sy, maxX / sx, maxY / sy));
            }
            area.set(INT, (long) s * Integer.BYTES, areaOfLabel.get(INT, (long) (id - 1) * Integer.BYTES));
        }
        // The caller reads the areas from the scratch arena before closing it.
        return area;
    }

    /** Writes the superblock and word ranks of the jump point bits already in {@code seg}. */
    private static void writeRanks(MemorySegment seg, int cellCount) {
        final long words = GoalBoundsTableLayout.words(cellCount);
        final long bits = GoalBoundsTableLayout.bitsOffset();
        final long supers = GoalBoundsTableLayout.superblockRanksOffset(cellCount);
        final long ranks = GoalBoundsTableLayout.wordRanksOffset(cellCount);
        final int wordsPerSuper = 1 << (GoalBoundsTableLayout.SUPERBLOCK_SHIFT - GoalBoundsTableLayout.WORD_SHIFT);
        int running = 0;
        int superBase = 0;
        for (long i = 0; i < words; i++) {
            if (i % wordsPerSuper == 0) {
                superBase = running;
                seg.set(INT, supers + (i / wordsPerSuper) * GoalBoundsTableLayout.SUPERBLOCK_RANK_BYTES, running);
            }
            seg.set(U16, ranks + i * GoalBoundsTableLayout.WORD_RANK_BYTES, (short) (running - superBase));
            running += Long.bitCount(seg.get(WORD, bits + i * GoalBoundsTableLayout.WORD_BYTES));
        }
    }

    /** The grid the boxes describe. */
    public SquareCells grid() {
        return grid;
    }

    /** Number of jump points (slots). */
    public int jumpPointCount() {
        return jumpPointCount;
    }

    /** Boxes stored (neither empty nor whole). */
    public long storedBoxes() {
        return storedBoxes;
    }

    /** Columns per unit of a stored box's x sides. */
    public int stepX() {
        return stepX;
    }

    /** Rows per unit of a stored box's y sides. */
    public int stepY() {
        return stepY;
    }

    /** Bytes of the table. */
    public long byteSize() {
        return segment.byteSize();
    }

    /** A read-only view of the table, laid out as {@link GoalBoundsTableLayout}. */
    public MemorySegment segment() {
        state.ensureOpen();
        return segment.asReadOnly();
    }

    /** The slot of {@code cell} (jump points numbered in cell order), or -1 when it is not a jump point. */
    public int slotOf(int cell) {
        state.ensureOpen();
        Objects.checkIndex(cell, cellCount);
        final long word = segment.get(
                WORD,
                GoalBoundsTableLayout.bitsOffset()
                        + (long) (cell >>> GoalBoundsTableLayout.WORD_SHIFT) * GoalBoundsTableLayout.WORD_BYTES);
        final long bit = 1L << cell;
        return (word & bit) == 0 ? -1 : slot(cell, word, bit);
    }

    /**
     * Whether a search at jump point {@code cell} keeps direction {@code direction} for the goal
     * (x, y); true for every direction of a cell that is not a jump point.
     */
    public boolean keeps(int cell, int direction, int x, int y) {
        state.ensureOpen();
        Objects.checkIndex(cell, cellCount);
        Objects.checkIndex(direction, GoalBoundsLayout.DIRECTIONS);
        return filter(cell, 1 << direction, goalKey(x, y)) != 0;
    }

    /** The goal (x, y) as {@link #filter} takes it: its units. Computed once per query. */
    int goalKey(int x, int y) {
        return GoalBoundsTableLayout.goalKey(x / stepX, y / stepY);
    }

    /** Whether the boxes still describe the grid's cells (no edit or restore since the bake). */
    public boolean isCurrent() {
        return grid.version() == version && grid.restoreCount() == restoreCount;
    }

    /** Throws {@link IllegalStateException} when closed or when the grid changed since the bake. */
    public void checkCurrent() {
        state.ensureOpen();
        if (!isCurrent()) {
            throw new IllegalStateException("GoalBounds were baked at grid version " + version + " (restore "
                    + restoreCount + "), the grid is at " + grid.version() + " (restore " + grid.restoreCount()
                    + "); bake again");
        }
    }

    /** The slot of jump point {@code cell}, whose bit {@code bit} is set in its word {@code word}. */
    private int slot(int cell, long word, long bit) {
        return segment.get(
                        INT,
                        superblocksOffset
                                + (long) (cell >>> GoalBoundsTableLayout.SUPERBLOCK_SHIFT)
                                        * GoalBoundsTableLayout.SUPERBLOCK_RANK_BYTES)
                + (segment.get(
                                U16,
                                wordRanksOffset
                                        + (long) (cell >>> GoalBoundsTableLayout.WORD_SHIFT)
                                                * GoalBoundsTableLayout.WORD_RANK_BYTES)
                        & 0xFFFF)
                + Long.bitCount(word & (bit - 1));
    }

    /**
     * The directions of {@code mask} to keep out of {@code cell} for the goal of key {@code
     * goalKey} ({@link #goalKey}): all of them when the cell is not a jump point, else those whose
     * box is whole or holds the goal. A constant number of reads per direction; allocates nothing.
     */
    int filter(int cell, int mask, int goalKey) {
        final MemorySegment seg = segment;
        final long word = seg.get(
                WORD,
                GoalBoundsTableLayout.bitsOffset()
                        + (long) (cell >>> GoalBoundsTableLayout.WORD_SHIFT) * GoalBoundsTableLayout.WORD_BYTES);
        final long bit = 1L << cell;
        if ((word & bit) == 0) {
            return mask;
        }
        final int slot = slot(cell, word, bit);
        final int group = slot >>> GoalBoundsTableLayout.GROUP_SHIFT;
        final long masks = seg.get(
                WORD,
                storedMasksOffset
                        + (long) group * GoalBoundsTableLayout.SLOTS_PER_GROUP * GoalBoundsTableLayout.MASK_BYTES);
        final int shift = (slot & (GoalBoundsTableLayout.SLOTS_PER_GROUP - 1)) * 8;
        final int stored = (int) (masks >>> shift) & 0xFF;
        int keep = mask & seg.get(U8, wholeMasksOffset + slot);
        final int candidates = mask & stored;
        if (candidates != 0) {
            final long first = seg.get(INT, groupsOffset + (long) group * GoalBoundsTableLayout.GROUP_ENTRY_BYTES)
                    + Long.bitCount(masks & ((1L << shift) - 1));
            for (int m = candidates; m != 0; m &= m - 1) {
                final int d = Integer.numberOfTrailingZeros(m);
                final long at = boxesOffset
                        + (first + Integer.bitCount(stored & ((1 << d) - 1))) * GoalBoundsTableLayout.BOX_BYTES;
                if (GoalBoundsTableLayout.holds(seg.get(INT, at), goalKey)) {
                    keep |= 1 << d;
                }
            }
        }
        return keep;
    }

    @Override
    public void close() {
        if (state.markClosed() && arena != null) {
            arena.close();
        }
    }

    /** The checks of {@link #over}: every header field, the ranks, the groups, the masks and the boxes. */
    private static final class TableCheck {
        private TableCheck() {}

        static void check(SquareCells grid, MemorySegment t) {
            final int w = grid.width();
            final int h = grid.height();
            final int n = grid.cellCount();
            if (t.byteSize() < GoalBoundsTableLayout.HEADER_BYTES) {
                fail("length", t.byteSize(), "at least the " + GoalBoundsTableLayout.HEADER_BYTES + "-byte header");
            }
            field(t, "width", GoalBoundsTableLayout.WIDTH_OFFSET, w);
            field(t, "height", GoalBoundsTableLayout.HEIGHT_OFFSET, h);
            field(t, "stepX", GoalBoundsTableLayout.STEP_X_OFFSET, GoalBoundsTableLayout.step(w));
            field(t, "stepY", GoalBoundsTableLayout.STEP_Y_OFFSET, GoalBoundsTableLayout.step(h));
            field(t, "version", GoalBoundsTableLayout.VERSION_OFFSET, GoalBoundsLayout.DERIVATION_VERSION);
            for (long off = GoalBoundsTableLayout.HEADER_FIELDS_END;
                    off < GoalBoundsTableLayout.HEADER_BYTES;
                    off += 4) {
                if (t.get(INT, off) != 0) {
                    fail(
                            "header bytes " + GoalBoundsTableLayout.HEADER_FIELDS_END + ".."
                                    + (GoalBoundsTableLayout.HEADER_BYTES - 1),
                            t.get(INT, off),
                            "0");
                }
            }
            final int slots = t.get(INT, GoalBoundsTableLayout.SLOTS_OFFSET);
            final int boxes = t.get(INT, GoalBoundsTableLayout.BOXES_OFFSET);
            if (slots < 0 || slots > n) {
                fail("slots", slots, "0.." + n);
            }
            if (boxes < 0 || boxes > (long) slots * GoalBoundsLayout.DIRECTIONS) {
                fail("boxes", boxes, "0.." + (long) slots * GoalBoundsLayout.DIRECTIONS);
            }
            long size = GoalBoundsTableLayout.byteSize(n, slots, boxes);
            if (t.byteSize() != size) {
                fail("length", t.byteSize(), size + " bytes for " + slots + " slots and " + boxes + " boxes");
            }
            final long words = GoalBoundsTableLayout.words(n);
            final long bits = GoalBoundsTableLayout.bitsOffset();
            final long supers = GoalBoundsTableLayout.superblockRanksOffset(n);
            final long ranks = GoalBoundsTableLayout.wordRanksOffset(n);
            final int wordsPerSuper = 1 << (GoalBoundsTableLayout.SUPERBLOCK_SHIFT - GoalBoundsTableLayout.WORD_SHIFT);
            int running = 0;
            int superBase = 0;
            for (long i = 0; i < words; i++) {
                if (i % wordsPerSuper == 0) {
                    superBase = running;
                    int got = t.get(INT, supers + (i / wordsPerSuper) * 4);
                    if (got != running) {
                        fail("superblock rank " + i / wordsPerSuper, got, String.valueOf(running));
                    }
                }
                int rank = t.get(U16, ranks + i * 2) & 0xFFFF;
                if (rank != running - superBase) {
                    fail("word rank " + i, rank, String.valueOf(running - superBase));
                }
                long word = t.get(WORD, bits + i * 8);
                if (i == words - 1 && (n & 63) != 0 && (word >>> (n & 63)) != 0) {
                    fail("jump point bits of word " + i, word, "no bit past cell " + (n - 1));
                }
                running += Long.bitCount(word);
            }
            if (running != slots) {
                fail("jump point bits", running, slots + " set, one per slot");
            }
            final long groups = GoalBoundsTableLayout.groupsOffset(n);
            final long stored = GoalBoundsTableLayout.storedMasksOffset(n, slots);
            final long whole = GoalBoundsTableLayout.wholeMasksOffset(n, slots);
            final long padded = GoalBoundsTableLayout.groups(slots) * GoalBoundsTableLayout.SLOTS_PER_GROUP;
            int box = 0;
            for (int s = 0; s < padded; s++) {
                if ((s & (GoalBoundsTableLayout.SLOTS_PER_GROUP - 1)) == 0) {
                    int got = t.get(INT, groups + (long) (s >>> GoalBoundsTableLayout.GROUP_SHIFT) * 4);
                    if (got != box) {
                        fail(
                                "first box of group " + (s >>> GoalBoundsTableLayout.GROUP_SHIFT),
                                got,
                                String.valueOf(box));
                    }
                }
                int sm = t.get(U8, stored + s) & 0xFF;
                int wm = t.get(U8, whole + s) & 0xFF;
                if (s >= slots && (sm | wm) != 0) {
                    fail("masks of padding slot " + s, sm | wm, "0");
                }
                if ((sm & wm) != 0) {
                    fail("masks of slot " + s, sm << 8 | wm, "no direction both stored and whole");
                }
                box += Integer.bitCount(sm);
            }
            if (box != boxes) {
                fail("boxes", boxes, box + ", the stored masks' count");
            }
            final long at = GoalBoundsTableLayout.boxesOffset(n, slots);
            final int unitsX = (w - 1) / GoalBoundsTableLayout.step(w);
            final int unitsY = (h - 1) / GoalBoundsTableLayout.step(h);
            for (int b = 0; b < boxes; b++) {
                int v = t.get(INT, at + (long) b * 4);
                int minX = v & 0xFF;
                int minY = v >>> 8 & 0xFF;
                int maxX = v >>> 16 & 0xFF;
                int maxY = v >>> 24;
                if (minX > maxX || maxX > unitsX || minY > maxY || maxY > unitsY) {
                    fail(
                            "box " + b,
                            Integer.toHexString(v),
                            "units with min <= max <= (" + unitsX + ", " + unitsY + ")");
                }
            }
        }

        private static void field(MemorySegment t, String name, long offset, int expected) {
            int got = t.get(INT, offset);
            if (got != expected) {
                fail(name, got, String.valueOf(expected));
            }
        }

        private static void fail(String field, Object got, String expected) {
            throw new IllegalArgumentException("goal bounds table: " + field + " is " + got + ", expected " + expected);
        }
    }
}
