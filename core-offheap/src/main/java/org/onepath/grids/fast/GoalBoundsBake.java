package org.onepath.grids.fast;

import static org.onepath.layout.GoalBoundsLayout.BOX;
import static org.onepath.layout.GoalBoundsLayout.INT;
import static org.onepath.layout.GoalBoundsLayout.NO_SLOT;
import static org.onepath.layout.GoalBoundsLayout.U8;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.onepath.cells.SquareCells;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.jps.Direction;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.layout.GoalBoundsLayout;
import org.onepath.layout.OctileMapLayout;
import org.onepath.memory.OwnerState;

/**
 * A goal-bounds bake in progress: the jump points of a grid listed with their arrivals, and for
 * each the eight boxes its bakers write ({@link GoalBoundsLayout}: an i32 per cell, an i32 and a
 * u8 per jump point and 64 bytes per jump point, the form pieces travel in). {@link #pack} turns
 * it into the table a query reads ({@link GoalBounds}).
 *
 * <p>The jump points that keep boxes are the straight jump points (cells a straight JPS+ jump
 * ends at: a straight step onto them meets a forced neighbour) and the diagonal jump points a
 * diagonal run from a straight jump point reaches (cells a diagonal jump ends at, whose straight
 * scan along one of the diagonal's components stops): the cells a bounded search expands, and
 * the stops of the runs it makes from them. A jump point's arrivals are every direction in which
 * a JPS+ jump ends at it. The start, the goal, a cell level with the goal and the stops of runs
 * from the start alone have no boxes unless they are such cells.
 *
 * <p>The bake is split into ranges of slots, each baked by one {@link GoalBoundsBaker} into its
 * own bytes of the boxes: every range is a pure function of the cells and its slots, so the bytes
 * are the same for any number of threads and any order the ranges run in, and a range may be
 * baked elsewhere and copied in ({@link #boxes}). Owns its memory: {@link #close()} frees it.
 */
public final class GoalBoundsBake implements AutoCloseable {
    /** Slots a worker takes at a time: small enough to balance two threads on a small map. */
    static final int SLOTS_PER_TASK = 32;

    private final SquareCells grid;
    private final int cellCount;
    private final int jumpPointCount;
    private final int version;
    private final int restoreCount;
    private final Arena arena;
    private final MemorySegment segment;
    private final long boxesOffset;
    private final OwnerState state = new OwnerState("GoalBoundsBake");

    private GoalBoundsBake(SquareCells grid, int jumpPointCount, Arena arena, MemorySegment segment) {
        this.grid = grid;
        this.cellCount = grid.cellCount();
        this.jumpPointCount = jumpPointCount;
        this.version = grid.version();
        this.restoreCount = grid.restoreCount();
        this.arena = arena;
        this.segment = segment;
        this.boxesOffset = GoalBoundsLayout.boxesOffset(cellCount, jumpPointCount);
    }

    /**
     * Bakes the boxes of every jump point of the index's grid and packs them: the jump points
     * listed, then {@code threads} workers bake ranges of {@value #SLOTS_PER_TASK} slots until
     * none is left, while the calling thread reports progress and watches for cancellation.
     *
     * @param index   the grid's JPS+ tables (their jump ends are the jump points)
     * @param map     the same grid's neighbour bytes (its legal moves)
     * @param threads workers, at least 1
     * @param monitor hears progress in jump points; a cancel (or an interrupt of the calling
     *                thread) stops the workers after their current range
     * @throws IllegalArgumentException if threads is below 1 or the two belong to different grids
     * @throws CancellationException    if the monitor cancelled or the calling thread was interrupted
     */
    public static GoalBounds bake(JpsPlusIndex index, OctileMap map, int threads, BakeMonitor monitor) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        Objects.requireNonNull(monitor, "monitor");
        try (GoalBoundsBake bake = list(index, map)) {
            bake.bakeAll(map, threads, monitor);
            return bake.pack(map);
        }
    }

    private void bakeAll(OctileMap map, int threads, BakeMonitor monitor) {
        final int total = jumpPointCount;
        final AtomicInteger next = new AtomicInteger();
        final AtomicLong done = new AtomicLong();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final List<GoalBoundsBaker> bakers = new ArrayList<>();
        final List<Thread> workers = new ArrayList<>();
        final int count = Math.max(1, Math.min(threads, (total + SLOTS_PER_TASK - 1) / SLOTS_PER_TASK));
        try {
            for (int t = 0; t < count; t++) {
                bakers.add(baker(map));
            }
            for (int t = 0; t < count; t++) {
                final GoalBoundsBaker baker = bakers.get(t);
                Thread worker = Thread.ofPlatform()
                        .daemon()
                        .name("goal-bounds-bake-" + t)
                        .unstarted(() -> {
                            try {
                                for (int first = next.getAndAdd(SLOTS_PER_TASK);
                                        first < total && failure.get() == null;
                                        first = next.getAndAdd(SLOTS_PER_TASK)) {
                                    int end = Math.min(total, first + SLOTS_PER_TASK);
                                    baker.bakeRange(first, end, boxes(first, end));
                                    done.addAndGet(end - first);
                                }
                            } catch (Throwable e) {
                                failure.compareAndSet(null, e);
                            }
                        });
                workers.add(worker);
                worker.start();
            }
            boolean cancelled = false;
            boolean interrupted = false;
            for (Thread worker : workers) {
                while (worker.isAlive()) {
                    try {
                        worker.join(200);
                    } catch (InterruptedException e) {
                        interrupted = true;
                        cancelled = true;
                    }
                    if (!cancelled && monitor.isCancelled()) {
                        cancelled = true;
                    }
                    if (cancelled) {
                        failure.compareAndSet(null, new CancellationException());
                        next.set(total); // workers take no further range
                    }
                    monitor.progress(done.get(), total);
                }
            }
            Throwable e = failure.get();
            if (interrupted) {
                Thread.currentThread().interrupt(); // keep the caller's interrupt visible
            }
            if (e instanceof CancellationException) {
                throw new CancellationException(
                        "goal-bounds bake cancelled after " + done.get() + " of " + total + " jump points");
            }
            if (e instanceof RuntimeException r) {
                throw r;
            }
            if (e instanceof Error r) {
                throw r;
            }
            if (e != null) {
                throw new IllegalStateException("goal-bounds bake failed", e);
            }
            monitor.progress(total, total);
        } finally {
            next.set(total);
            for (Thread worker : workers) {
                boolean interrupted = false;
                while (worker.isAlive()) {
                    try {
                        worker.join();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            for (GoalBoundsBaker baker : bakers) {
                baker.close();
            }
        }
    }

    /**
     * Lists the jump points of the index's grid into a new bake (index, slot-to-cell list and
     * arrivals written, every box empty), for bakers to fill by ranges ({@link #baker}, {@link
     * #boxes}). The jump points are the cells that keep boxes ({@link #arrivals}): the straight
     * jump points, and the diagonal ones a diagonal run from a straight jump point can reach.
     *
     * @throws IllegalArgumentException if the two belong to different grids
     */
    public static GoalBoundsBake list(JpsPlusIndex index, OctileMap map) {
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(map, "map");
        SquareCells grid = index.grid();
        if (map.grid() != grid) {
            throw new IllegalArgumentException("JPS+ index and octile map belong to different grids");
        }
        index.refresh();
        final int n = grid.cellCount();
        try (Arena scratch = Arena.ofConfined()) {
            final MemorySegment arrivals = boxedArrivals(index, map, scratch);
            int count = 0;
            for (int c = 0; c < n; c++) {
                if (arrivals.get(U8, c) != 0) {
                    count++;
                }
            }
            Arena arena = Arena.ofShared();
            try {
                MemorySegment seg =
                        arena.allocate(GoalBoundsLayout.byteSize(n, count), GoalBoundsLayout.BOXES_ALIGNMENT);
                int slot = 0;
                for (int c = 0; c < n; c++) {
                    byte a = arrivals.get(U8, c);
                    seg.set(INT, GoalBoundsLayout.indexOffset(c), a != 0 ? slot : NO_SLOT);
                    if (a != 0) {
                        seg.set(INT, GoalBoundsLayout.cellOffset(n, slot), c);
                        seg.set(U8, GoalBoundsLayout.arrivalsOffset(n, count, slot), a);
                        slot++;
                    }
                }
                long boxes = GoalBoundsLayout.boxesOffset(n, count);
                for (long off = boxes; off < seg.byteSize(); off += GoalBoundsLayout.BOX_BYTES) {
                    seg.set(BOX, off, GoalBoundsLayout.EMPTY_BOX);
                }
                return new GoalBoundsBake(grid, count, arena, seg);
            } catch (RuntimeException | Error e) {
                arena.close();
                throw e;
            }
        }
    }

    /** Bits of the four straight directions, N, E, S, W. */
    static final int STRAIGHT_DIRECTIONS = 0x0F;

    /**
     * A u8 per cell in {@code scratch}: the arrivals of the cell if it keeps boxes, else 0. The
     * arrivals are the directions d in which a JPS+ jump can end at the cell (the entry one step
     * back in d is 1); a cell keeps boxes when one of them is straight (a straight jump point) or
     * a diagonal one is chained: some diagonal run in that direction from a straight jump point
     * reaches the cell. A straight jump point starts runs in the two diagonals that have one of
     * its arrivals as a component (the forward diagonals of a straight arrival, which a bounded
     * expansion may take). Whether a run in d reaches a cell is a bit per diagonal, carried from
     * the cell one step back: rows in ascending order for the diagonals going south, descending
     * for those going north, so that cell is always done first.
     */
    private static MemorySegment boxedArrivals(JpsPlusIndex index, OctileMap map, Arena scratch) {
        final SquareCells grid = index.grid();
        final int w = grid.width();
        final int h = grid.height();
        final int n = grid.cellCount();
        final MemorySegment ends = scratch.allocate(Math.max(1, n));
        final MemorySegment reached = scratch.allocate(Math.max(1, n));
        for (int c = 0; c < n; c++) {
            ends.set(U8, c, (byte) jumpEnds(index, c));
        }
        for (int pass = 0; pass < 2; pass++) {
            final int first = pass == 0 ? Direction.SOUTH_EAST : Direction.NORTH_EAST;
            final int second = pass == 0 ? Direction.SOUTH_WEST : Direction.NORTH_WEST;
            for (int row = 0; row < h; row++) {
                final int y = pass == 0 ? row : h - 1 - row;
                for (int x = 0; x < w; x++) {
                    final int c = y * w + x;
                    int bits = reached.get(U8, c);
                    for (int k = 0; k < 2; k++) {
                        final int d = k == 0 ? first : second;
                        final int px = x - Direction.dx(d);
                        final int py = y - Direction.dy(d);
                        if (px < 0 || py < 0 || px >= w || py >= h) {
                            continue;
                        }
                        final int p = py * w + px;
                        final int need = OctileMapLayout.stepNeed(d);
                        if ((map.neighbours(p) & need) != need) {
                            continue; // no run steps from p onto c
                        }
                        final int components =
                                1 << Direction.of(Direction.dx(d), 0) | 1 << Direction.of(0, Direction.dy(d));
                        if ((reached.get(U8, p) & 1 << d) != 0
                                || (ends.get(U8, p) & STRAIGHT_DIRECTIONS & components) != 0) {
                            bits |= 1 << d;
                        }
                    }
                    reached.set(U8, c, (byte) bits);
                }
            }
        }
        for (int c = 0; c < n; c++) {
            final int e = ends.get(U8, c) & 0xFF;
            final boolean boxed =
                    (e & STRAIGHT_DIRECTIONS) != 0 || (e & reached.get(U8, c) & ~STRAIGHT_DIRECTIONS) != 0;
            ends.set(U8, c, (byte) (boxed ? e : 0));
        }
        return ends;
    }

    /** The directions d in which a JPS+ jump ends at {@code cell}: a bit per d whose entry one step back is 1. */
    static int jumpEnds(JpsPlusIndex index, int cell) {
        final SquareCells grid = index.grid();
        final int w = grid.width();
        final int h = grid.height();
        final int x = cell % w;
        final int y = cell / w;
        int ends = 0;
        for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
            int px = x - Direction.dx(d);
            int py = y - Direction.dy(d);
            if (px >= 0 && py >= 0 && px < w && py < h && index.entry(py * w + px, d) == 1) {
                ends |= 1 << d;
            }
        }
        return ends;
    }

    /** A baker of this grid's jump points (one per thread), reading this bake's slot-to-cell list. */
    public GoalBoundsBaker baker(OctileMap map) {
        state.ensureOpen();
        if (map.grid() != grid) {
            throw new IllegalArgumentException("the octile map belongs to another grid");
        }
        return new GoalBoundsBaker(map, segment, jumpPointCount);
    }

    /** The writable boxes of slots [firstSlot, endSlot): where a baked piece of that range goes. */
    public MemorySegment boxes(int firstSlot, int endSlot) {
        state.ensureOpen();
        if (firstSlot < 0 || endSlot < firstSlot || endSlot > jumpPointCount) {
            throw new IllegalArgumentException(
                    "slot range [" + firstSlot + ", " + endSlot + ") is not within 0.." + jumpPointCount);
        }
        return segment.asSlice(
                GoalBoundsLayout.boxOffset(boxesOffset, firstSlot, 0),
                (endSlot - firstSlot) * GoalBoundsLayout.SLOT_BYTES);
    }

    /**
     * Packs the boxes into the table a query reads, in new memory the table owns ({@link
     * GoalBounds#pack}); this bake stays open and unchanged.
     *
     * @param map the grid's neighbour bytes (the reachable areas that make a box whole)
     * @throws IllegalStateException if the grid changed since the jump points were listed
     */
    public GoalBounds pack(OctileMap map) {
        state.ensureOpen();
        if (map.grid() != grid) {
            throw new IllegalArgumentException("the octile map belongs to another grid");
        }
        if (grid.version() != version || grid.restoreCount() != restoreCount) {
            throw new IllegalStateException("the grid changed since its jump points were listed; bake again");
        }
        return GoalBounds.pack(this, map);
    }

    /** The grid the boxes describe. */
    public SquareCells grid() {
        return grid;
    }

    /** Number of jump points (slots). */
    public int jumpPointCount() {
        return jumpPointCount;
    }

    /** Bytes of the bake's segment. */
    public long byteSize() {
        return segment.byteSize();
    }

    /** A read-only view of the segment, laid out as {@link GoalBoundsLayout}. */
    public MemorySegment segment() {
        state.ensureOpen();
        return segment.asReadOnly();
    }

    /** The slot of {@code cell}, or {@link GoalBoundsLayout#NO_SLOT} when it is not a jump point. */
    public int slotOf(int cell) {
        state.ensureOpen();
        return segment.get(INT, GoalBoundsLayout.indexOffset(cell));
    }

    /** The arrivals of slot {@code slot}: a bit per direction in which a JPS+ jump can end at its cell. */
    public int arrivalsOf(int slot) {
        state.ensureOpen();
        if (slot < 0 || slot >= jumpPointCount) {
            throw new IllegalArgumentException("slot " + slot + " is not within 0.." + (jumpPointCount - 1));
        }
        return segment.get(U8, GoalBoundsLayout.arrivalsOffset(cellCount, jumpPointCount, slot)) & 0xFF;
    }

    /** The cell of slot {@code slot}. */
    public int cellOf(int slot) {
        state.ensureOpen();
        if (slot < 0 || slot >= jumpPointCount) {
            throw new IllegalArgumentException("slot " + slot + " is not within 0.." + (jumpPointCount - 1));
        }
        return segment.get(INT, GoalBoundsLayout.cellOffset(cellCount, slot));
    }

    /**
     * The exact box of jump point {@code cell} in {@code direction} as a u64 ({@link
     * GoalBoundsLayout}), or {@link GoalBoundsLayout#EMPTY_BOX} for a cell that is not a jump point.
     */
    public long box(int cell, int direction) {
        int slot = slotOf(cell);
        return slot == NO_SLOT
                ? GoalBoundsLayout.EMPTY_BOX
                : segment.get(BOX, GoalBoundsLayout.boxOffset(boxesOffset, slot, direction));
    }

    /** Writes one box (tests that plant other box rules). */
    void setBox(int slot, int direction, long value) {
        state.ensureOpen();
        segment.set(BOX, GoalBoundsLayout.boxOffset(boxesOffset, slot, direction), value);
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            arena.close();
        }
    }
}
