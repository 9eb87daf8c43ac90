package org.onepath.grids.fast;

import static org.onepath.layout.FirstMoveNodeLayout.BUCKETS;
import static org.onepath.layout.FirstMoveNodeLayout.BUCKET_ENTRY_BYTES;
import static org.onepath.layout.FirstMoveNodeLayout.DIAGONAL_STEP;
import static org.onepath.layout.FirstMoveNodeLayout.GENERATION_SHIFT;
import static org.onepath.layout.FirstMoveNodeLayout.INT;
import static org.onepath.layout.FirstMoveNodeLayout.LONG;
import static org.onepath.layout.FirstMoveNodeLayout.MAX_GENERATION;
import static org.onepath.layout.FirstMoveNodeLayout.MOVES_OFFSET;
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
 * Bakes the goal-bounding boxes of a range of jump points ({@link GoalBounds}, {@code docs/jps.md}
 * "Goal bounding at jump points"): one canonical Dijkstra per source over the octile graph
 * (eight moves, no corner cutting, one cost) with exact integer-pair costs, then each target
 * into one box.
 *
 * <p><b>The search.</b> From the source every legal move is taken; after that a cell reached by
 * a last step in direction a relaxes only the canonical successors of a, the moves the JPS
 * pruning rules keep ({@link OctileMap#successors}): after a diagonal, the diagonal and its two
 * components; after a straight step, straight on and the forced neighbours. Every reachable cell
 * still gets its distance, since every shortest route can be rewritten into a canonical one of
 * the same cost ({@code docs/jps.md}). A record keeps, for each arrival direction a, the first
 * moves of the canonical routes of its cost that end with a step in a (an u64, a byte per
 * arrival, {@link FirstMoveNodeLayout}): equal pairs OR them in, a cheaper pair replaces them, and
 * a cell relaxes each arrival's moves with that arrival's first moves only. When a cell is
 * settled its bytes are final, and their union is the set of first moves of the canonical
 * shortest routes to it, exactly: every route's prefix is a canonical shortest route to the cell
 * before, settled earlier.
 *
 * <p><b>The queue</b> is Dial's (1969) with buckets of width 1, the smallest step: a cell whose
 * cost lies in [j, j + 1) waits in bucket j, and bucket j is taken whole, in insertion order,
 * after bucket j - 1. No two cells of a bucket are a step apart, so none changes another; every
 * predecessor on a shortest route to a cell of bucket j costs at least 1 less, so it lies in an
 * earlier bucket and has offered its final moves. A step lands one or two buckets ahead, so three
 * buckets are in use at once. The bucket of a pair is {@code floor(a + b * sqrt2)} in doubles,
 * exact because a + b * sqrt2 is an integer only for b = 0 and otherwise lies further from one
 * than rounding reaches. A cell improved into an earlier bucket leaves a stale entry, skipped
 * because the cell is settled by then; a cell improved within its bucket is not queued again, so
 * a bucket holds a cell at most once and the three are sized once.
 *
 * <p><b>One box per target.</b> The source's arrivals A (the directions a JPS+ jump can reach
 * it from, listed with it) decide where a settled target t with first moves M goes. An arrival a
 * is open towards t when some move of M is a canonical successor of a; a target no arrival is
 * open towards goes into no box (a search reaching the source continues towards it by no
 * canonical shortest route). Otherwise the candidates are the moves of M that are canonical
 * successors of every open arrival, or all of M when there are none, and the target joins the
 * candidate whose box grows least in area (ties: the lower direction). Any move of M would keep
 * the search optimal ({@code docs/jps.md}); preferring the ones every open arrival takes keeps
 * the boxes few. The rule depends on the order targets are settled in, which depends only on the
 * cells and the source, so a range's bytes are the same wherever it is baked.
 *
 * <p>A tie is one comparison of two packed pairs (equal costs are equal pairs, sqrt2 being
 * irrational). Unequal pairs are ordered by their costs in doubles: for pairs with a, b at most N,
 * |(a1 - a2) + (b1 - b2) sqrt2| = |da^2 - 2 db^2| / |da - db sqrt2| &gt;= 1 / ((1 + sqrt2) N),
 * while each double lies within 2^-51 * sqrt2 * N of its cost; a and b of a route with no
 * repeated cell stay below the cell count, so for grids of fewer than {@link #DOUBLE_ORDER_CELLS}
 * cells the doubles keep every order. Larger grids compare with {@link OctilePairs#compare}.
 *
 * <p>A baker owns its working memory (a 24-byte record per cell, {@link FirstMoveNodeLayout},
 * and three buckets of a cell each) and reads only the neighbour bytes and the bake's slot
 * lists, so bakers over the same grid may bake disjoint ranges at the same time (one per thread)
 * and a range may be baked anywhere: {@link #bakeRange} writes into a piece laid out as that
 * range of the boxes. Not thread-safe itself.
 */
public final class GoalBoundsBaker implements AutoCloseable {
    /** Below this many cells pair order is decided in doubles (see the class notes), else exactly. */
    static final int DOUBLE_ORDER_CELLS = 1 << 24;

    /** The canonical successors of arrival a at a cell with neighbour byte n, at a * 256 + n (legal moves only). */
    private static final byte[] CANONICAL = new byte[8 * 256];
    /** The legal moves of a cell with neighbour byte n, at n: what the source relaxes. */
    private static final byte[] LEGAL = new byte[256];
    /** For a mask of moves, an u64 with byte d set to 1 for each move d: times a u8 it spreads the u8 to those bytes. */
    private static final long[] SPREAD = new long[256];

    static {
        for (int n = 0; n < 256; n++) {
            LEGAL[n] = (byte) OctileMap.successors(Direction.NONE, n);
            for (int a = 0; a < GoalBoundsLayout.DIRECTIONS; a++) {
                CANONICAL[a << 8 | n] = (byte) OctileMap.successors(a, n);
            }
            long spread = 0;
            for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
                if ((n & 1 << d) != 0) {
                    spread |= 1L << (8 * d);
                }
            }
            SPREAD[n] = spread;
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
    /** The current source's canonical successors of each of its arrivals (0 for other directions). */
    private final int[] arrivalMoves = new int[GoalBoundsLayout.DIRECTIONS];
    /**
     * Per first-move set M of the current source: the candidate moves a target with M may join
     * ({@link #plan}), 0 when it joins none.
     */
    private final byte[] candidates = new byte[256];
    /** Test hook: when not null, the first moves of every settled cell of the last source, else 0. */
    private int[] firstMovesOut;
    /** Test hook: when not null, the cells of the last source in the order they were settled. */
    private int[] settledOut;

    private int settledCount;
    private int generation;

    /**
     * A baker for the jump points listed in {@code bounds} (its index, cell list and arrivals
     * written, laid out as {@link GoalBoundsLayout}), over the neighbour bytes of the same grid.
     *
     * @param map            the grid's neighbour bytes
     * @param bounds         the segment whose slot lists name the sources and their arrivals
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
            bakeSlot(s);
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

    /**
     * Test hook: bakes slot {@code slot} alone and writes, per cell, the first moves of the
     * canonical shortest routes from its cell (0 for the source and unreachable cells) into
     * {@code firstMoves}, and the cells in the order they were settled into {@code order}
     * (the source first); returns how many were settled.
     */
    int bakeSlotForTest(int slot, int[] firstMoves, int[] order) {
        state.ensureOpen();
        java.util.Arrays.fill(firstMoves, 0);
        firstMovesOut = firstMoves;
        settledOut = order;
        try {
            bakeSlot(slot);
            return settledCount;
        } finally {
            firstMovesOut = null;
            settledOut = null;
        }
    }

    /** One canonical Dijkstra from slot {@code slot}'s cell: every settled cell but the source joins its box. */
    private void bakeSlot(int slot) {
        final int source = bounds.get(GoalBoundsLayout.INT, GoalBoundsLayout.cellOffset(cellCount, slot));
        final int arrivals =
                bounds.get(GoalBoundsLayout.U8, GoalBoundsLayout.arrivalsOffset(cellCount, jumpPointCount, slot))
                        & 0xFF;
        final int sourceNeighbours =
                neighbours.get(OctileMapLayout.BYTE, OctileMapLayout.neighbourOffset(source)) & 0xFF;
        plan(arrivals, sourceNeighbours);
        for (int d = 0; d < GoalBoundsLayout.DIRECTIONS; d++) {
            box[4 * d] = Integer.MAX_VALUE;
            box[4 * d + 1] = Integer.MAX_VALUE;
            box[4 * d + 2] = Integer.MIN_VALUE;
            box[4 * d + 3] = Integer.MIN_VALUE;
        }
        search(source, sourceNeighbours);
    }

    /**
     * Fills {@link #candidates} for every first-move set of a source with these arrivals and
     * neighbour byte (the class notes' rule).
     */
    private void plan(int arrivals, int sourceNeighbours) {
        for (int a = 0; a < GoalBoundsLayout.DIRECTIONS; a++) {
            arrivalMoves[a] = (arrivals & 1 << a) != 0 ? CANONICAL[a << 8 | sourceNeighbours] & 0xFF : 0;
        }
        candidates[0] = 0;
        for (int moves = 1; moves < 256; moves++) {
            int common = moves;
            int open = 0;
            for (int r = arrivals; r != 0; r &= r - 1) {
                final int a = Integer.numberOfTrailingZeros(r);
                final int next = arrivalMoves[a];
                if ((moves & next) == 0) {
                    continue; // no canonical shortest route leaves through this arrival
                }
                open |= 1 << a;
                common &= next;
            }
            // Open towards no arrival: no box. Else the moves every open arrival can take, or
            // failing any, all of them.
            candidates[moves] = (byte) (open == 0 ? 0 : common != 0 ? common : moves);
        }
    }

    /** Puts the settled target (x, y) with first moves {@code moves} into its box, if any. */
    private void assign(int moves, int x, int y) {
        final int candidate = candidates[moves] & 0xFF;
        if (candidate != 0) {
            join(
                    candidate == Integer.lowestOneBit(candidate)
                            ? Integer.numberOfTrailingZeros(candidate)
                            : leastGrowth(candidate, x, y),
                    x,
                    y);
        }
    }

    /** The move of {@code candidates} whose box grows least in area by taking (x, y); ties: the lowest. */
    private int leastGrowth(int candidates, int x, int y) {
        final int[] b = box;
        int best = -1;
        long bestGrowth = Long.MAX_VALUE;
        for (int m = candidates; m != 0; m &= m - 1) {
            final int d = Integer.numberOfTrailingZeros(m);
            final int at = 4 * d;
            long growth;
            if (b[at] == Integer.MAX_VALUE) {
                growth = 1;
            } else {
                final long w = b[at + 2] - b[at] + 1;
                final long h = b[at + 3] - b[at + 1] + 1;
                final long nw = Math.max(b[at + 2], x) - Math.min(b[at], x) + 1;
                final long nh = Math.max(b[at + 3], y) - Math.min(b[at + 1], y) + 1;
                growth = nw * nh - w * h;
            }
            if (growth < bestGrowth) {
                bestGrowth = growth;
                best = d;
            }
        }
        return best;
    }

    private void join(int d, int x, int y) {
        final int at = 4 * d;
        final int[] b = box;
        b[at] = Math.min(b[at], x);
        b[at + 1] = Math.min(b[at + 1], y);
        b[at + 2] = Math.max(b[at + 2], x);
        b[at + 3] = Math.max(b[at + 3], y);
    }

    /** One canonical Dijkstra from {@code source} (class notes). */
    private void search(int source, int sourceNeighbours) {
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
        final byte[] canonical = CANONICAL;
        final long[] spread = SPREAD;
        final boolean exact = exactOrder;
        final int[] movesOut = firstMovesOut;
        final int[] orderOut = settledOut;
        int settled = 0;

        // The source, settled at cost 0: each legal move is its own first move, into bucket 1.
        final long sourceOff = source * RECORD_BYTES;
        rec.set(LONG, sourceOff + PAIR_OFFSET, 0L);
        rec.set(LONG, sourceOff + MOVES_OFFSET, 0L);
        rec.set(INT, sourceOff + TAG_OFFSET, genBase | SETTLED_BIT);
        if (orderOut != null) {
            orderOut[settled] = source;
        }
        settled++;
        final int first = LEGAL[sourceNeighbours] & 0xFF;
        int queued = 0;
        for (int m = first; m != 0; m &= m - 1) {
            final int d = Integer.numberOfTrailingZeros(m);
            final long vOff = (source + step[d]) * RECORD_BYTES;
            rec.set(LONG, vOff + PAIR_OFFSET, d < Direction.NORTH_EAST ? STRAIGHT_STEP : DIAGONAL_STEP);
            rec.set(LONG, vOff + MOVES_OFFSET, 1L << (9 * d)); // byte d, bit d
            rec.set(INT, vOff + TAG_OFFSET, genBase);
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
                final long byArrival = rec.get(LONG, uOff + MOVES_OFFSET);
                final int moves = FirstMoveNodeLayout.joined(byArrival);
                final int xy = rec.get(INT, uOff + XY_OFFSET);
                assign(moves, xy & 0xFFFF, xy >>> Y_SHIFT);
                if (movesOut != null) {
                    movesOut[u] = moves;
                    orderOut[settled] = u;
                }
                settled++;
                // The offers: byte m of the u64 holds the first moves of the arrivals whose
                // canonical successors include move m.
                final int legal = nb.get(OctileMapLayout.BYTE, OctileMapLayout.neighbourOffset(u)) & 0xFF;
                long offers = 0;
                for (long rest = byArrival; rest != 0; ) {
                    final int a = Long.numberOfTrailingZeros(rest) >>> 3;
                    final long firstMoves = byArrival >>> (8 * a) & 0xFF;
                    rest &= ~(0xFFL << (8 * a));
                    offers |= firstMoves * spread[canonical[a << 8 | legal] & 0xFF];
                }
                final long pair = rec.get(LONG, uOff + PAIR_OFFSET);
                for (long rest = offers; rest != 0; ) {
                    final int d = Long.numberOfTrailingZeros(rest) >>> 3;
                    final long offer = offers & 0xFFL << (8 * d);
                    rest &= ~(0xFFL << (8 * d));
                    final int v = u + step[d];
                    final long vPair = pair + (d < Direction.NORTH_EAST ? STRAIGHT_STEP : DIAGONAL_STEP);
                    final long vOff = v * RECORD_BYTES;
                    final int vTag = rec.get(INT, vOff + TAG_OFFSET);
                    final double cost =
                            OctilePairs.cost(FirstMoveNodeLayout.straight(vPair), FirstMoveNodeLayout.diagonal(vPair));
                    if (vTag >= genBase) {
                        if ((vTag & SETTLED_BIT) != 0) {
                            continue; // settled: its cost is below u's, so no route through u ties it
                        }
                        final long old = rec.get(LONG, vOff + PAIR_OFFSET);
                        if (old == vPair) {
                            rec.set(LONG, vOff + MOVES_OFFSET, rec.get(LONG, vOff + MOVES_OFFSET) | offer);
                            continue; // a tie joins the moves
                        }
                        final double oldCost =
                                OctilePairs.cost(FirstMoveNodeLayout.straight(old), FirstMoveNodeLayout.diagonal(old));
                        if (exact
                                ? OctilePairs.compare(
                                                FirstMoveNodeLayout.straight(vPair),
                                                FirstMoveNodeLayout.diagonal(vPair),
                                                FirstMoveNodeLayout.straight(old),
                                                FirstMoveNodeLayout.diagonal(old))
                                        > 0
                                : cost > oldCost) {
                            continue; // a loss
                        }
                        rec.set(LONG, vOff + PAIR_OFFSET, vPair);
                        rec.set(LONG, vOff + MOVES_OFFSET, offer);
                        if ((int) cost == (int) oldCost) {
                            continue; // its entry in this bucket reads the new pair
                        }
                    } else {
                        rec.set(LONG, vOff + PAIR_OFFSET, vPair);
                        rec.set(LONG, vOff + MOVES_OFFSET, offer);
                        rec.set(INT, vOff + TAG_OFFSET, genBase);
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
        settledCount = settled;
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            arena.close();
        }
    }
}
