package org.onepath.grids.fast;

import static org.onepath.layout.FirstMoveNodeLayout.ARRIVALS_MASK;
import static org.onepath.layout.FirstMoveNodeLayout.ARRIVALS_SHIFT;
import static org.onepath.layout.FirstMoveNodeLayout.BUCKETS;
import static org.onepath.layout.FirstMoveNodeLayout.BUCKET_ENTRY_BYTES;
import static org.onepath.layout.FirstMoveNodeLayout.DIAGONAL_STEP;
import static org.onepath.layout.FirstMoveNodeLayout.GENERATION_SHIFT;
import static org.onepath.layout.FirstMoveNodeLayout.INT;
import static org.onepath.layout.FirstMoveNodeLayout.LONG;
import static org.onepath.layout.FirstMoveNodeLayout.MAX_GENERATION;
import static org.onepath.layout.FirstMoveNodeLayout.MOVES_MASK;
import static org.onepath.layout.FirstMoveNodeLayout.MOVES_SHIFT;
import static org.onepath.layout.FirstMoveNodeLayout.PAIR_OFFSET;
import static org.onepath.layout.FirstMoveNodeLayout.RECORD_ALIGNMENT;
import static org.onepath.layout.FirstMoveNodeLayout.RECORD_BYTES;
import static org.onepath.layout.FirstMoveNodeLayout.SETTLED_BIT;
import static org.onepath.layout.FirstMoveNodeLayout.STRAIGHT_STEP;
import static org.onepath.layout.FirstMoveNodeLayout.TAG_OFFSET;
import static org.onepath.layout.FirstMoveNodeLayout.XY_OFFSET;
import static org.onepath.layout.FirstMoveNodeLayout.Y_SHIFT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.jps.Direction;
import org.onepath.layout.FirstMoveNodeLayout;
import org.onepath.layout.GoalBoundsLayout;
import org.onepath.layout.OctileMapLayout;
import org.onepath.memory.LargePages;
import org.onepath.memory.OwnerState;

/**
 * Bakes the goal-bounding boxes of a range of jump points ({@link GoalBounds}): one Dijkstra per
 * source over the octile graph (eight moves, no corner cutting, one cost) with exact integer-pair
 * costs, carrying with every cell the set of first moves out of the source that start a route of
 * its cost (equal costs OR their sets). When a cell is settled its set is final, and the cell
 * joins the box of every move in it.
 *
 * <p>The queue is Dial's (1969) with buckets of width 1, the smallest step: a cell whose cost
 * lies in [j, j + 1) waits in bucket j, and bucket j is taken whole, in any order, after bucket
 * j - 1. No two cells of a bucket are a step apart, so none changes another; every predecessor on
 * a shortest route to a cell of bucket j costs at least 1 less, so it lies in an earlier bucket,
 * has been settled and has offered its final first-move set. A step lands one or two buckets
 * ahead, so three buckets are in use at once. The bucket of a pair is {@code floor(a + b * sqrt2)}
 * in doubles, exact because a + b * sqrt2 is an integer only for b = 0 and otherwise lies
 * further from one than rounding reaches. A cell improved into an earlier bucket leaves a stale
 * entry, skipped because the cell is settled by then; a cell improved within its bucket is not
 * queued again (the entry names the cell, whose record holds the new pair), so a bucket holds a
 * cell at most once and the three are sized once, a cell each, with no check for growth.
 *
 * <p>Only the moves that can continue a shortest route are relaxed. Besides the first moves, a
 * record carries its arrivals: the directions of the last step of every route of its cost found
 * so far (ORed on ties, replaced on improvements, like the first moves). A settled cell u
 * relaxes the union, over its arrivals, of the moves that arrival does not rule out
 * ({@link #successors}); the rule drops a move from u to v after arriving from p only when some
 * route from p to v is strictly shorter than p, u, v, so no route through p, u, v is a shortest
 * route to v. Without corner cutting:
 * <ul>
 *   <li>after a diagonal step, the straight and perpendicular-diagonal moves back or sideways
 *       reach cells p reaches strictly cheaper (the two cells beside the diagonal are open,
 *       since the step was legal); kept are the same diagonal and its two straight parts;</li>
 *   <li>after a straight step, the move back and the two diagonals backwards reach cells p
 *       reaches strictly cheaper; a straight move sideways is dropped only when the cell behind
 *       it diagonally is open, so p reaches the target with one diagonal (sqrt2 &lt; 2); kept are
 *       the same move, the two forward diagonals (which tie with diagonal-then-straight, and ties
 *       must stay) and a sideways move whose corner behind is blocked.</li>
 * </ul>
 * Ties are never pruned, only strict losers, so the induction over buckets still holds: every
 * predecessor p of v on a shortest route is settled before v with its final cost and its final
 * arrivals, one of which is the last step of a shortest route to p; that route continued by
 * p to v is a shortest route to v, so that arrival does not rule the move out, and p relaxes v.
 * Hence v receives every shortest route's first-move set and its final cost; moves not relaxed
 * would only have offered more expensive routes, which an improvement overwrites or a
 * comparison rejects. The source relaxes all its legal moves, each its own first move.
 *
 * <p>A tie is one comparison of two packed pairs (equal costs are equal pairs, sqrt2 being
 * irrational). Unequal pairs are ordered by their costs in doubles: for pairs with a, b at most N,
 * |(a1 - a2) + (b1 - b2) sqrt2| = |da^2 - 2 db^2| / |da - db sqrt2| &gt;= 1 / ((1 + sqrt2) N),
 * while each double lies within 2^-51 * sqrt2 * N of its cost; a and b of a route with no
 * repeated cell stay below the cell count, so for grids of fewer than {@link #DOUBLE_ORDER_CELLS}
 * cells the doubles keep every order. Larger grids compare with {@link OctilePairs#compare}.
 *
 * <p>A baker owns its working memory (a 16-byte record per cell, {@link FirstMoveNodeLayout},
 * and three buckets of a cell each) and reads only the neighbour bytes and the slot-to-cell
 * list, so bakers over the same grid may bake disjoint ranges at the same time (one per thread)
 * and a range may be baked anywhere: {@link #bakeRange} writes into a piece laid out as that
 * range of the boxes. Not thread-safe itself.
 */
public final class GoalBoundsBaker implements AutoCloseable {
    /** Below this many cells pair order is decided in doubles (see the class notes), else exactly. */
    static final int DOUBLE_ORDER_CELLS = 1 << 24;

    /**
     * The moves relaxed by a cell with neighbour byte n reached by the arrival set a (a bit per
     * direction), at a * 256 + n: the legal moves some arrival in the set does not rule out
     * ({@link #successors}). One lookup per settled cell, 64 KiB.
     */
    private static final byte[] RELAXED = new byte[256 * 256];
    /** The legal moves of a cell with neighbour byte n, at n: what the source relaxes. */
    private static final byte[] LEGAL = new byte[256];

    static {
        for (int n = 0; n < 256; n++) {
            int legal = 0;
            for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
                int need = OctileMapLayout.stepNeed(d);
                if ((n & need) == need) {
                    legal |= 1 << d;
                }
            }
            LEGAL[n] = (byte) legal;
            for (int arrivals = 0; arrivals < 256; arrivals++) {
                int kept = 0;
                for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
                    if ((arrivals & 1 << d) != 0) {
                        kept |= successors(d, n);
                    }
                }
                RELAXED[arrivals << 8 | n] = (byte) (legal & kept);
            }
        }
    }

    private final int cellCount;
    private final MemorySegment neighbours;
    private final MemorySegment bounds;
    private final int jumpPointCount;
    private final boolean exactOrder;
    private final Arena arena;
    private final MemorySegment records;
    private final MemorySegment queue;
    private final long bucketLength;
    private final int[] bucketSizes = new int[BUCKETS];
    /** The cell-number offset of a step in each direction. */
    private final int[] steps = new int[GoalBoundsLayout.DIRECTIONS];

    private final OwnerState state = new OwnerState("GoalBoundsBaker");
    /** The eight boxes of the current source: minX, minY, maxX, maxY per direction. */
    private final int[] box = new int[4 * GoalBoundsLayout.DIRECTIONS];
    /**
     * The box of the cells settled with each first-move set (minX, minY, maxX, maxY at 4 * set):
     * a settled cell updates one box, with no loop over its moves; after the search each set's
     * box joins the box of every move in it, the same minima and maxima in another order.
     */
    private final int[] setBox = new int[4 * 256];

    private int generation;

    /**
     * A baker for the jump points listed in {@code bounds} (its index and cell list written, laid
     * out as {@link GoalBoundsLayout}), over the neighbour bytes of the same grid.
     *
     * @param map            the grid's neighbour bytes
     * @param bounds         the segment whose slot-to-cell list names the sources
     * @param jumpPointCount the slots listed
     */
    GoalBoundsBaker(OctileMap map, MemorySegment bounds, int jumpPointCount) {
        this(map, bounds, jumpPointCount, map != null && map.grid().cellCount() >= DOUBLE_ORDER_CELLS);
    }

    /**
     * As {@link #GoalBoundsBaker(OctileMap, MemorySegment, int)}, choosing how unequal pairs are
     * ordered: {@code exactOrder} compares them with {@link OctilePairs#compare} (what grids of
     * {@link #DOUBLE_ORDER_CELLS} cells or more need), else in doubles. Tests bake small grids
     * both ways.
     */
    GoalBoundsBaker(OctileMap map, MemorySegment bounds, int jumpPointCount, boolean exactOrder) {
        Objects.requireNonNull(map, "map");
        final int width = map.grid().width();
        this.cellCount = map.grid().cellCount();
        this.neighbours = map.neighbourSegment();
        this.bounds = Objects.requireNonNull(bounds, "bounds");
        this.jumpPointCount = jumpPointCount;
        this.exactOrder = exactOrder || cellCount >= DOUBLE_ORDER_CELLS;
        for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
            steps[d] = Direction.dx(d) + Direction.dy(d) * width;
        }
        this.arena = Arena.ofShared();
        try {
            final int cells = Math.max(1, cellCount);
            this.records = LargePages.allocate(arena, cells * RECORD_BYTES, RECORD_ALIGNMENT);
            this.bucketLength = cells * BUCKET_ENTRY_BYTES;
            this.queue = LargePages.allocate(arena, BUCKETS * bucketLength, BUCKET_ENTRY_BYTES);
            for (int c = 0; c < cellCount; c++) {
                records.set(INT, c * RECORD_BYTES + XY_OFFSET, c % width | c / width << Y_SHIFT);
            }
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
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
        final int[] bx = setBox;
        for (int set = 0; set < 256; set++) {
            bx[4 * set] = Integer.MAX_VALUE;
            bx[4 * set + 1] = Integer.MAX_VALUE;
            bx[4 * set + 2] = Integer.MIN_VALUE;
            bx[4 * set + 3] = Integer.MIN_VALUE;
        }
        final MemorySegment rec = records;
        if (generation >= MAX_GENERATION) {
            for (int c = 0; c < cellCount; c++) {
                rec.set(INT, c * RECORD_BYTES + TAG_OFFSET, 0);
            }
            generation = 0;
        }
        generation++;
        final int genBase = generation << GENERATION_SHIFT;
        final MemorySegment nb = neighbours;
        final MemorySegment q = queue;
        final long bucketBytes = bucketLength;
        final int[] sizes = bucketSizes;
        final int[] step = steps;
        final byte[] relaxed = RELAXED;
        final boolean exact = exactOrder;

        // The source, settled at cost 0: each legal move is its own first move, into bucket 1.
        final long sourceOff = source * RECORD_BYTES;
        rec.set(LONG, sourceOff + PAIR_OFFSET, 0L);
        rec.set(INT, sourceOff + TAG_OFFSET, genBase | SETTLED_BIT);
        final int first = LEGAL[nb.get(OctileMapLayout.BYTE, OctileMapLayout.neighbourOffset(source)) & 0xFF] & 0xFF;
        int queued = 0;
        for (int m = first; m != 0; m &= m - 1) {
            final int d = Integer.numberOfTrailingZeros(m);
            final long vOff = (source + step[d]) * RECORD_BYTES;
            rec.set(LONG, vOff + PAIR_OFFSET, d < Direction.NORTH_EAST ? STRAIGHT_STEP : DIAGONAL_STEP);
            rec.set(INT, vOff + TAG_OFFSET, genBase | 1 << (MOVES_SHIFT + d) | 1 << (ARRIVALS_SHIFT + d));
            q.set(INT, bucketBytes + queued * BUCKET_ENTRY_BYTES, source + step[d]);
            queued++;
        }
        sizes[1] = queued;

        for (int j = 1; queued > 0; j++) {
            final int k = j % BUCKETS;
            // Steps land in buckets j + 1 and j + 2, never in this one, so its size stays put.
            final long list = k * bucketBytes;
            final int size = sizes[k];
            for (int i = 0; i < size; i++) {
                final int u = q.get(INT, list + i * BUCKET_ENTRY_BYTES);
                final long uOff = u * RECORD_BYTES;
                final int tag = rec.get(INT, uOff + TAG_OFFSET);
                if ((tag & SETTLED_BIT) != 0) {
                    continue; // settled from an earlier entry
                }
                rec.set(INT, uOff + TAG_OFFSET, tag | SETTLED_BIT);
                final int xy = rec.get(INT, uOff + XY_OFFSET);
                final int ux = xy & 0xFFFF;
                final int uy = xy >>> Y_SHIFT;
                final int moves = tag >>> MOVES_SHIFT & MOVES_MASK;
                final int s4 = 4 * moves;
                bx[s4] = Math.min(bx[s4], ux);
                bx[s4 + 1] = Math.min(bx[s4 + 1], uy);
                bx[s4 + 2] = Math.max(bx[s4 + 2], ux);
                bx[s4 + 3] = Math.max(bx[s4 + 3], uy);
                final int legal = nb.get(OctileMapLayout.BYTE, OctileMapLayout.neighbourOffset(u)) & 0xFF;
                final int next = relaxed[(tag >>> ARRIVALS_SHIFT & ARRIVALS_MASK) << 8 | legal] & 0xFF;
                final long pair = rec.get(LONG, uOff + PAIR_OFFSET);
                final int offered = moves << MOVES_SHIFT;
                for (int m = next; m != 0; m &= m - 1) {
                    final int d = Integer.numberOfTrailingZeros(m);
                    final int v = u + step[d];
                    final long vPair = pair + (d < Direction.NORTH_EAST ? STRAIGHT_STEP : DIAGONAL_STEP);
                    final int arrival = 1 << (ARRIVALS_SHIFT + d);
                    final long vOff = v * RECORD_BYTES;
                    final int vTag = rec.get(INT, vOff + TAG_OFFSET);
                    final double cost =
                            OctilePairs.cost(FirstMoveNodeLayout.straight(vPair), FirstMoveNodeLayout.diagonal(vPair));
                    if (vTag >= genBase) {
                        if ((vTag & SETTLED_BIT) != 0) {
                            continue; // settled: its cost is below u's, so no route through u ties it
                        }
                        // A tie joins the sets; the tag is written whether or not it ties, so
                        // there is no branch between ties and losses, which are hard to foresee.
                        final long old = rec.get(LONG, vOff + PAIR_OFFSET);
                        rec.set(INT, vOff + TAG_OFFSET, vTag | (old == vPair ? offered | arrival : 0));
                        final double oldCost =
                                OctilePairs.cost(FirstMoveNodeLayout.straight(old), FirstMoveNodeLayout.diagonal(old));
                        if (exact
                                ? OctilePairs.compare(
                                                FirstMoveNodeLayout.straight(vPair),
                                                FirstMoveNodeLayout.diagonal(vPair),
                                                FirstMoveNodeLayout.straight(old),
                                                FirstMoveNodeLayout.diagonal(old))
                                        >= 0
                                : cost >= oldCost) {
                            continue; // a tie (equal pairs give equal doubles) or a loss
                        }
                        rec.set(LONG, vOff + PAIR_OFFSET, vPair);
                        rec.set(INT, vOff + TAG_OFFSET, genBase | offered | arrival);
                        if ((int) cost == (int) oldCost) {
                            continue; // its entry in this bucket reads the new pair
                        }
                    } else {
                        rec.set(LONG, vOff + PAIR_OFFSET, vPair);
                        rec.set(INT, vOff + TAG_OFFSET, genBase | offered | arrival);
                    }
                    final int to = (int) cost % BUCKETS;
                    final int at = sizes[to];
                    q.set(INT, to * bucketBytes + at * BUCKET_ENTRY_BYTES, v);
                    sizes[to] = at + 1;
                    queued++;
                }
            }
            sizes[k] = 0;
            queued -= size;
        }
        joinSetBoxes();
    }

    /** Joins each first-move set's box into the boxes of its moves. */
    private void joinSetBoxes() {
        final int[] bx = box;
        final int[] sb = setBox;
        for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
            bx[4 * d] = Integer.MAX_VALUE;
            bx[4 * d + 1] = Integer.MAX_VALUE;
            bx[4 * d + 2] = Integer.MIN_VALUE;
            bx[4 * d + 3] = Integer.MIN_VALUE;
        }
        for (int set = 1; set < 256; set++) {
            final int s4 = 4 * set;
            if (sb[s4] == Integer.MAX_VALUE) {
                continue; // no cell settled with this set
            }
            for (int m = set; m != 0; m &= m - 1) {
                final int d = 4 * Integer.numberOfTrailingZeros(m);
                bx[d] = Math.min(bx[d], sb[s4]);
                bx[d + 1] = Math.min(bx[d + 1], sb[s4 + 1]);
                bx[d + 2] = Math.max(bx[d + 2], sb[s4 + 2]);
                bx[d + 3] = Math.max(bx[d + 3], sb[s4 + 3]);
            }
        }
    }

    /**
     * The moves, legal or not, that can continue a shortest route whose last step was in
     * direction {@code arrival}, at a cell with neighbour byte {@code neighbourByte}: the others
     * reach their cell strictly cheaper from the cell before (class notes).
     */
    static int successors(int arrival, int neighbourByte) {
        final int ax = Direction.dx(arrival);
        final int ay = Direction.dy(arrival);
        int keep = 1 << arrival;
        for (int e = 0; e < GoalBoundsLayout.DIRECTIONS; e++) {
            final int ex = Direction.dx(e);
            final int ey = Direction.dy(e);
            if (Direction.isDiagonal(arrival)) {
                // The diagonal's two straight parts.
                if ((ex == ax && ey == 0) || (ey == ay && ex == 0)) {
                    keep |= 1 << e;
                }
            } else if (Direction.isDiagonal(e)) {
                // The two diagonals forward.
                if (ax != 0 ? ex == ax : ey == ay) {
                    keep |= 1 << e;
                }
            } else if (ex * ax + ey * ay == 0 && (neighbourByte & 1 << direction(ex - ax, ey - ay)) == 0) {
                // Sideways, with the corner behind blocked.
                keep |= 1 << e;
            }
        }
        return keep;
    }

    /** The direction with steps (dx, dy). */
    private static int direction(int dx, int dy) {
        for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
            if (Direction.dx(d) == dx && Direction.dy(d) == dy) {
                return d;
            }
        }
        throw new IllegalArgumentException("no direction (" + dx + ", " + dy + ")");
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            arena.close();
        }
    }
}
