package org.onepath.grids.fast;

import static org.onepath.layout.GoalBoundsLayout.BOX;
import static org.onepath.layout.GoalBoundsLayout.INT;
import static org.onepath.layout.GoalBoundsLayout.NO_SLOT;

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
import org.onepath.memory.OwnerState;

/**
 * A goal-bounds bake in progress: the jump points of a grid listed, and for each the eight exact
 * boxes its bakers write ({@link GoalBoundsLayout}: an i32 per cell, an i32 per jump point and 64
 * bytes per jump point, the form pieces travel in). {@link #pack} turns it into the table a query
 * reads ({@link GoalBounds}).
 *
 * <p>The jump points are the cells a JPS+ jump can end at: a cell q is one when, for some
 * direction d, the table entry of the cell one step back from q in d is 1 (a straight step onto
 * a cell with a forced neighbour for that arrival, or a legal diagonal step onto a cell whose
 * straight scan along one of the diagonal's components stops). Every node a JPS+ search expands
 * is such a cell, except the start and the stops the goal makes (a diagonal jump cut level with
 * the goal).
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
     * Lists the jump points of the index's grid into a new bake (index and slot-to-cell list
     * written, every box empty), for bakers to fill by ranges ({@link #baker}, {@link #boxes}).
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
        final int w = grid.width();
        final int h = grid.height();
        final int n = grid.cellCount();
        int count = 0;
        for (int c = 0; c < n; c++) {
            if (isJumpEnd(index, w, h, c)) {
                count++;
            }
        }
        Arena arena = Arena.ofShared();
        try {
            MemorySegment seg = arena.allocate(GoalBoundsLayout.byteSize(n, count), GoalBoundsLayout.BOXES_ALIGNMENT);
            int slot = 0;
            for (int c = 0; c < n; c++) {
                boolean jump = isJumpEnd(index, w, h, c);
                seg.set(INT, GoalBoundsLayout.indexOffset(c), jump ? slot : NO_SLOT);
                if (jump) {
                    seg.set(INT, GoalBoundsLayout.cellOffset(n, slot), c);
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

    /** Whether a JPS+ jump ends at {@code cell}: some direction's entry one step back is 1. */
    private static boolean isJumpEnd(JpsPlusIndex index, int w, int h, int cell) {
        final int x = cell % w;
        final int y = cell / w;
        for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
            int px = x - Direction.dx(d);
            int py = y - Direction.dy(d);
            if (px >= 0 && py >= 0 && px < w && py < h && index.entry(py * w + px, d) == 1) {
                return true;
            }
        }
        return false;
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
