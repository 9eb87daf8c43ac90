package org.onepath.grids.fast;

import static org.onepath.layout.GoalBoundsLayout.BOX;
import static org.onepath.layout.GoalBoundsLayout.INT;
import static org.onepath.layout.GoalBoundsLayout.NO_SLOT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.SquareCells;
import org.onepath.grids.jps.Direction;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.layout.GoalBoundsLayout;
import org.onepath.memory.OwnerState;

/**
 * Goal bounding at jump points (JPS+BB; Rabin 2015, Hu, Harabor, Qin and Yin 2021): for every
 * jump point of the JPS+ tables and every direction, the bounding box of the targets for which a
 * move in that direction starts an optimal path, in one segment laid out as
 * {@link GoalBoundsLayout} ({@code docs/jps.md} "Goal bounding at jump points").
 *
 * <p>The jump points are the cells a JPS+ jump can end at: a cell q is one when, for some
 * direction d, the table entry of the cell one step back from q in d is 1 (a straight step onto
 * a cell with a forced neighbour for that arrival, or a legal diagonal step onto a cell whose
 * straight scan along one of the diagonal's components stops). Every node a JPS+ search expands
 * is such a cell, except the start and the stops the goal makes (a diagonal jump cut level with
 * the goal).
 *
 * <p>Every optimal first move, not one of them, holds a target in its box: the search keeps a
 * direction out of a jump point when its box holds the goal ({@link #filter}), and whatever
 * direction the search arrived from, the move it needs starts an optimal path, so it is kept.
 *
 * <p>The boxes describe the cells as they were baked; the owner remembers the grid's version
 * and restore count, and a search refuses stale boxes ({@link #checkCurrent}). Owns its memory:
 * {@link #close()} frees it.
 */
public final class GoalBounds implements AutoCloseable {
    private final SquareCells grid;
    private final int width;
    private final int cellCount;
    private final int jumpPointCount;
    private final int version;
    private final int restoreCount;
    private final Arena arena;
    private final MemorySegment segment;
    private final long boxesOffset;
    private final OwnerState state = new OwnerState("GoalBounds");

    private GoalBounds(SquareCells grid, int jumpPointCount, Arena arena, MemorySegment segment) {
        this.grid = grid;
        this.width = grid.width();
        this.cellCount = grid.cellCount();
        this.jumpPointCount = jumpPointCount;
        this.version = grid.version();
        this.restoreCount = grid.restoreCount();
        this.arena = arena;
        this.segment = segment;
        this.boxesOffset = GoalBoundsLayout.boxesOffset(cellCount, jumpPointCount);
    }

    /**
     * Bakes the boxes of every jump point of the index's grid on the calling thread: the index
     * is refreshed, the jump points listed, then one {@link GoalBoundsBaker} bakes all sources
     * into the final segment.
     *
     * @param index the grid's JPS+ tables (their jump ends are the jump points)
     * @param map   the same grid's neighbour bytes (its legal moves)
     * @throws IllegalArgumentException if the two belong to different grids
     */
    public static GoalBounds bake(JpsPlusIndex index, OctileMap map) {
        GoalBounds bounds = list(index, map);
        try (GoalBoundsBaker baker = bounds.baker(map)) {
            baker.bakeRange(0, bounds.jumpPointCount, bounds.boxes(0, bounds.jumpPointCount));
        } catch (RuntimeException | Error e) {
            bounds.close();
            throw e;
        }
        return bounds;
    }

    /**
     * Lists the jump points of the index's grid into a new segment (index and slot-to-cell list
     * written, every box empty), for bakers to fill by ranges ({@link #baker}, {@link #boxes}).
     */
    public static GoalBounds list(JpsPlusIndex index, OctileMap map) {
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
            return new GoalBounds(grid, count, arena, seg);
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

    /** A baker of this grid's jump points (one per thread), reading this segment's slot-to-cell list. */
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

    /** The grid the boxes describe. */
    public SquareCells grid() {
        return grid;
    }

    /** Number of jump points (slots). */
    public int jumpPointCount() {
        return jumpPointCount;
    }

    /** Bytes of the segment. */
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
     * The box of jump point {@code cell} in {@code direction} as a u64 ({@link GoalBoundsLayout}),
     * or {@link GoalBoundsLayout#EMPTY_BOX} for a cell that is not a jump point.
     */
    public long box(int cell, int direction) {
        int slot = slotOf(cell);
        return slot == NO_SLOT
                ? GoalBoundsLayout.EMPTY_BOX
                : segment.get(BOX, GoalBoundsLayout.boxOffset(boxesOffset, slot, direction));
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

    /**
     * The directions of {@code mask} to keep out of {@code cell} for the goal at (goalX, goalY):
     * all of them when the cell is not a jump point, else those whose box holds the goal. Reads
     * the cell's index entry and one box per direction in the mask; allocates nothing.
     */
    int filter(int cell, int mask, int goalX, int goalY) {
        final MemorySegment seg = segment;
        final int slot = seg.get(INT, GoalBoundsLayout.indexOffset(cell));
        if (slot == NO_SLOT) {
            return mask;
        }
        final long base = GoalBoundsLayout.boxOffset(boxesOffset, slot, 0);
        int keep = mask;
        for (int m = mask; m != 0; m &= m - 1) {
            final int d = Integer.numberOfTrailingZeros(m);
            if (!GoalBoundsLayout.contains(seg.get(BOX, base + d * GoalBoundsLayout.BOX_BYTES), goalX, goalY)) {
                keep &= ~(1 << d);
            }
        }
        return keep;
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
