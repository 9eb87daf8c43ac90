package org.onepath.grids.fast;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;
import org.onepath.grids.jps.Direction;
import org.onepath.layout.GoalBoundsLayout;
import org.onepath.layout.OctileMapLayout;
import org.onepath.memory.GrowableSegment;
import org.onepath.memory.LargePages;
import org.onepath.memory.OwnerState;

/**
 * The goal-bounds bake as it was before {@link GoalBoundsBaker} relaxed only the moves that can
 * continue an optimal route: a plain Dijkstra with Dial's buckets that relaxes all eight moves
 * of every settled cell and compares pairs with {@link OctilePairs#compare}. Kept as the
 * reference the faster baker's bytes are compared with ({@code GoalBoundsBakerTest}) and timed
 * against ({@code GoalBoundsBakeMeasure}); its record layout is its own (a, b, tag: 12 bytes).
 */
final class PreviousGoalBoundsBaker implements AutoCloseable {
    private static final long A_OFFSET = 0;
    private static final long B_OFFSET = A_OFFSET + 4;
    private static final long TAG_OFFSET = B_OFFSET + 4;
    private static final long RECORD_BYTES = TAG_OFFSET + 4;
    private static final long BUCKET_ENTRY_BYTES = 4;
    private static final int BUCKETS = 3;
    private static final int SETTLED_BIT = 1;
    private static final int MOVES_SHIFT = 1;
    private static final int MOVES_MASK = 0xFF;
    private static final int GENERATION_SHIFT = 9;
    private static final int MAX_GENERATION = (1 << (31 - GENERATION_SHIFT)) - 2;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;

    private final int width;
    private final int cellCount;
    private final MemorySegment neighbours;
    private final MemorySegment bounds;
    private final int jumpPointCount;
    private final Arena arena;
    private final MemorySegment records;
    private final GrowableSegment[] bucketMemory = new GrowableSegment[BUCKETS];
    private final MemorySegment[] buckets = new MemorySegment[BUCKETS];
    private final int[] bucketSizes = new int[BUCKETS];
    private final OwnerState state = new OwnerState("PreviousGoalBoundsBaker");
    /** The eight boxes of the current source: minX, minY, maxX, maxY per direction. */
    private final int[] box = new int[4 * GoalBoundsLayout.DIRECTIONS];

    private int generation;

    /**
     * A baker for the jump points listed in {@code bounds} (its index and cell list written, laid
     * out as {@link GoalBoundsLayout}), over the neighbour bytes of the same grid.
     *
     * @param map            the grid's neighbour bytes
     * @param bounds         the segment whose slot-to-cell list names the sources
     * @param jumpPointCount the slots listed
     */
    PreviousGoalBoundsBaker(OctileMap map, MemorySegment bounds, int jumpPointCount) {
        Objects.requireNonNull(map, "map");
        this.width = map.grid().width();
        this.cellCount = map.grid().cellCount();
        this.neighbours = map.neighbourSegment();
        this.bounds = Objects.requireNonNull(bounds, "bounds");
        this.jumpPointCount = jumpPointCount;
        this.arena = Arena.ofShared();
        this.records = LargePages.allocate(arena, Math.max(1, cellCount) * RECORD_BYTES, 8);
        for (int k = 0; k < BUCKETS; k++) {
            bucketMemory[k] = new GrowableSegment(1024 * BUCKET_ENTRY_BYTES, BUCKET_ENTRY_BYTES);
            buckets[k] = bucketMemory[k].segment();
        }
    }

    /** Jump points that can be baked: slots 0..count-1. */
    public int jumpPointCount() {
        return jumpPointCount;
    }

    /**
     * Bakes the boxes of slots {@code [firstSource, endSource)} into {@code piece}: slot s's eight
     * boxes at {@code (s - firstSource) * SLOT_BYTES}, laid out as {@link GoalBoundsLayout}.
     *
     * @param piece at least {@code (endSource - firstSource) * SLOT_BYTES} writable bytes
     * @throws IllegalArgumentException if the range is not within 0..count or the piece is too small
     */
    public void bakeRange(int firstSource, int endSource, MemorySegment piece) {
        state.ensureOpen();
        if (firstSource < 0 || endSource < firstSource || endSource > jumpPointCount) {
            throw new IllegalArgumentException("source range [" + firstSource + ", " + endSource + ") is not within 0.."
                    + jumpPointCount + " jump points");
        }
        long need = (endSource - firstSource) * GoalBoundsLayout.SLOT_BYTES;
        if (piece.byteSize() < need) {
            throw new IllegalArgumentException(
                    "piece of " + piece.byteSize() + " bytes is smaller than the " + need + " the range needs");
        }
        for (int s = firstSource; s < endSource; s++) {
            int source = bounds.get(GoalBoundsLayout.INT, GoalBoundsLayout.cellOffset(cellCount, s));
            search(source);
            long at = (s - firstSource) * GoalBoundsLayout.SLOT_BYTES;
            for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
                int minX = box[4 * d];
                long value = minX == Integer.MAX_VALUE
                        ? GoalBoundsLayout.EMPTY_BOX
                        : GoalBoundsLayout.box(minX, box[4 * d + 1], box[4 * d + 2], box[4 * d + 3]);
                piece.set(GoalBoundsLayout.BOX, at + d * GoalBoundsLayout.BOX_BYTES, value);
            }
        }
    }

    /** A piece for slots [firstSource, endSource) in {@code arena}, baked ({@link #bakeRange}). */
    public MemorySegment bakeRange(int firstSource, int endSource, Arena arena) {
        MemorySegment piece = arena.allocate(
                Math.max(1, (long) (endSource - firstSource) * GoalBoundsLayout.SLOT_BYTES),
                GoalBoundsLayout.BOXES_ALIGNMENT);
        bakeRange(firstSource, endSource, piece);
        return piece;
    }

    /** One Dijkstra from {@code source}: every settled cell but the source joins the boxes of its first moves. */
    private void search(int source) {
        final int[] bx = box;
        for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
            bx[4 * d] = Integer.MAX_VALUE;
            bx[4 * d + 1] = Integer.MAX_VALUE;
            bx[4 * d + 2] = Integer.MIN_VALUE;
            bx[4 * d + 3] = Integer.MIN_VALUE;
        }
        if (generation >= MAX_GENERATION) {
            records.fill((byte) 0);
            generation = 0;
        }
        generation++;
        final int genBase = generation << GENERATION_SHIFT;
        final MemorySegment rec = records;
        final MemorySegment nb = neighbours;
        final int w = width;
        final long sourceOff = source * RECORD_BYTES;
        rec.set(INT, sourceOff + A_OFFSET, 0);
        rec.set(INT, sourceOff + B_OFFSET, 0);
        rec.set(INT, sourceOff + TAG_OFFSET, genBase);
        push(0, source);
        int queued = 1;
        for (int j = 0; queued > 0; j++) {
            final int k = j % BUCKETS;
            // Steps land in buckets j + 1 and j + 2, never in this one, so it is not replaced.
            final MemorySegment list = buckets[k];
            final int size = bucketSizes[k];
            for (int i = 0; i < size; i++) {
                final int u = list.get(INT, i * BUCKET_ENTRY_BYTES);
                final long uOff = u * RECORD_BYTES;
                final int tag = rec.get(INT, uOff + TAG_OFFSET);
                if ((tag & SETTLED_BIT) != 0) {
                    continue; // settled from an earlier entry
                }
                rec.set(INT, uOff + TAG_OFFSET, tag | SETTLED_BIT);
                final int ux = u % w;
                final int uy = u / w;
                final int moves = tag >>> MOVES_SHIFT & MOVES_MASK;
                for (int m = moves; m != 0; m &= m - 1) {
                    final int d = 4 * Integer.numberOfTrailingZeros(m);
                    if (ux < bx[d]) {
                        bx[d] = ux;
                    }
                    if (uy < bx[d + 1]) {
                        bx[d + 1] = uy;
                    }
                    if (ux > bx[d + 2]) {
                        bx[d + 2] = ux;
                    }
                    if (uy > bx[d + 3]) {
                        bx[d + 3] = uy;
                    }
                }
                final int a = rec.get(INT, uOff + A_OFFSET);
                final int b = rec.get(INT, uOff + B_OFFSET);
                final int legal = nb.get(OctileMapLayout.BYTE, OctileMapLayout.neighbourOffset(u)) & 0xFF;
                for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
                    final int need = OctileMapLayout.stepNeed(d);
                    if ((legal & need) != need) {
                        continue;
                    }
                    final int v = u + Direction.dx(d) + Direction.dy(d) * w;
                    final int na = d < Direction.NORTH_EAST ? a + 1 : a;
                    final int nbd = d < Direction.NORTH_EAST ? b : b + 1;
                    final int vMoves = u == source ? 1 << d : moves;
                    final long vOff = v * RECORD_BYTES;
                    final int vTag = rec.get(INT, vOff + TAG_OFFSET);
                    if (vTag >= genBase) {
                        if ((vTag & SETTLED_BIT) != 0) {
                            continue; // settled: its cost is below u's, so no route through u ties it
                        }
                        final int c = OctilePairs.compare(
                                na, nbd, rec.get(INT, vOff + A_OFFSET), rec.get(INT, vOff + B_OFFSET));
                        if (c > 0) {
                            continue;
                        }
                        if (c == 0) {
                            rec.set(INT, vOff + TAG_OFFSET, vTag | vMoves << MOVES_SHIFT);
                            continue;
                        }
                    }
                    rec.set(INT, vOff + A_OFFSET, na);
                    rec.set(INT, vOff + B_OFFSET, nbd);
                    rec.set(INT, vOff + TAG_OFFSET, genBase | vMoves << MOVES_SHIFT);
                    push((int) OctilePairs.cost(na, nbd) % BUCKETS, v);
                    queued++;
                }
            }
            bucketSizes[k] = 0;
            queued -= size;
        }
    }

    /** Appends {@code cell} to bucket {@code k}, growing it when full. */
    private void push(int k, int cell) {
        final int n = bucketSizes[k];
        MemorySegment list = buckets[k];
        final long at = n * BUCKET_ENTRY_BYTES;
        if (at + BUCKET_ENTRY_BYTES > list.byteSize()) {
            list = bucketMemory[k].ensureLength(at + BUCKET_ENTRY_BYTES, at);
            buckets[k] = list;
        }
        list.set(INT, at, cell);
        bucketSizes[k] = n + 1;
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            for (GrowableSegment m : bucketMemory) {
                m.close();
            }
            arena.close();
        }
    }
}
