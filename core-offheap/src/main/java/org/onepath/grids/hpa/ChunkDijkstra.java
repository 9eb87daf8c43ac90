package org.onepath.grids.hpa;

import static org.onepath.layout.NodeRecordLayout.CLOSED_BIT;
import static org.onepath.layout.NodeRecordLayout.G;
import static org.onepath.layout.NodeRecordLayout.GENERATION_SHIFT;
import static org.onepath.layout.NodeRecordLayout.G_OFFSET;
import static org.onepath.layout.NodeRecordLayout.INT;
import static org.onepath.layout.NodeRecordLayout.MARK_OFFSET;
import static org.onepath.layout.NodeRecordLayout.MAX_GENERATION;
import static org.onepath.layout.NodeRecordLayout.PARENT_OFFSET;
import static org.onepath.layout.NodeRecordLayout.RECORD_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.onepath.cells.GridMath;
import org.onepath.layout.HpaLayout;
import org.onepath.memory.PackedQuadHeap;
import org.onepath.memory.QuadHeapLayout;

/**
 * Dijkstra restricted to one chunk: the moves of {@link HpaMoves} whose target lies in the chunk,
 * settled in the {@link org.onepath.grids.OpenSet} order (smaller g, then the smaller chunk-local
 * cell index, row-major inside the chunk), strict improvement keeps the first parent, and the
 * search stops once every target is settled. It prices intra-edges and the insertion edges, and,
 * run again with the same source, gives the cells of an edge.
 *
 * <p>The legal moves of a cell are its move bits ({@link HpaMoves#moveBits}) less those leaving
 * the chunk: a diagonal whose target lies in the chunk has its beside cells there too, so the
 * bits answer for the chunk as for the grid. In a chunk whose walkable cells share one multiplier
 * every move costs {@code (m + m) * 0.5} or sqrt(2) times that, the same expression as from the
 * two cells' multipliers, so those are computed once per run.
 *
 * <p>The open list is the shared {@link PackedQuadHeap}: key g, tie word {@code
 * PackedQuadHeap.tie(g, local)}; on equal keys the g parts of the tie words are equal too, so
 * the order is (g, local index) as the spec says. Working memory: one {@link
 * org.onepath.layout.NodeRecordLayout} record, one heap slot, one heap position and one target
 * mark per cell of a full chunk, reused with a generation number.
 */
final class ChunkDijkstra implements AutoCloseable {
    /**
     * How far above the target's cost, relative to it, a cell's cost and distance may lie before
     * {@link #runTo} leaves the cell out: far above the rounding of the sums (about 1e-16 per
     * step), far below the difference between two routes of different moves.
     */
    static final double PRUNE_MARGIN = 1e-9;

    private static final int N = 1;
    private static final int E = 1 << 1;
    private static final int S = 1 << 2;
    private static final int W = 1 << 3;
    private static final int NE = 1 << 4;
    private static final int SE = 1 << 5;
    private static final int SW = 1 << 6;
    private static final int NW = 1 << 7;

    private final HpaMoves moves;
    private final int chunkSize;
    private final Arena arena;
    private final MemorySegment records;
    private final MemorySegment targetMarks;
    private final MemorySegment heap;
    private final MemorySegment heapPositions;
    private int heapSize;
    private int generation;
    private final int[] single = new int[1];
    // the bound of runTo: prune cells whose cost and distance to the target pass the limit
    private boolean prune;
    private int pruneTargetX;
    private int pruneTargetY;
    private double pruneLimit;
    private double pruneScale;
    // the chunk-local column and row of the cell being expanded
    private int ux;
    private int uy;

    // the chunk of the current run
    private int x0;
    private int y0;
    private int cw;
    private int ch;

    ChunkDijkstra(HpaMoves moves, int chunkSize) {
        this.moves = moves;
        this.chunkSize = chunkSize;
        int n = chunkSize * chunkSize;
        this.arena = Arena.ofShared();
        this.records = arena.allocate(n * RECORD_BYTES, 8);
        this.targetMarks = arena.allocate(n * HpaLayout.CELL_INT_BYTES, HpaLayout.CELL_INT_BYTES);
        this.heap = arena.allocate(n * QuadHeapLayout.PACKED_SLOT_BYTES, 64);
        this.heapPositions = arena.allocate(n * HpaLayout.CELL_INT_BYTES, HpaLayout.CELL_INT_BYTES);
    }

    /**
     * Runs from {@code source} (a cell of the chunk whose top-left cell is (x0, y0)) until every
     * one of {@code targets[0..count)} is settled or nothing is left.
     *
     * @param multiplier the one multiplier of the chunk's walkable cells, NaN when they differ
     */
    void run(int chunkX0, int chunkY0, double multiplier, int source, int[] targets, int count) {
        prune = false;
        search(chunkX0, chunkY0, multiplier, source, targets, count);
    }

    /**
     * Runs from {@code source} until {@code target} is settled, knowing the cost the full run
     * gives it: a cell whose cost plus the empty-grid distance to the target (times
     * {@code scale}, at most the smallest multiplier of the chunk's cells) passes that cost by
     * more than {@link #PRUNE_MARGIN} of it is not queued. Such a cell is on no cheapest path to
     * the target; every cell on one keeps its cost, and the order in which those cells are
     * settled is the full run's, so the target's cost and the chain of parents back to the
     * source are the full run's (docs/hpa.md, "Refinement").
     *
     * @param cost  the target's cost in a full run, finite
     * @param scale a lower bound of the chunk's multipliers, at least 0
     */
    void runTo(int chunkX0, int chunkY0, double multiplier, int source, int target, double cost, double scale) {
        prune = true;
        pruneTargetX = target % moves.width - chunkX0;
        pruneTargetY = target / moves.width - chunkY0;
        pruneLimit = cost + cost * PRUNE_MARGIN;
        pruneScale = scale;
        single[0] = target;
        search(chunkX0, chunkY0, multiplier, source, single, 1);
    }

    private void search(int chunkX0, int chunkY0, double multiplier, int source, int[] targets, int count) {
        final HpaMoves mv = moves;
        final int w = mv.width;
        x0 = chunkX0;
        y0 = chunkY0;
        cw = Math.min(chunkSize, mv.width - chunkX0);
        ch = Math.min(chunkSize, mv.height - chunkY0);
        if (generation == MAX_GENERATION) {
            records.fill((byte) 0);
            targetMarks.fill((byte) 0);
            generation = 0;
        }
        final int gen = ++generation;
        int remaining = 0;
        for (int i = 0; i < count; i++) {
            int local = local(targets[i]);
            if (targetMarks.get(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(local)) != gen) {
                targetMarks.set(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(local), gen);
                remaining++;
            }
        }
        int src = local(source);
        long so = src * RECORD_BYTES;
        records.set(G, so + G_OFFSET, 0.0);
        records.set(INT, so + PARENT_OFFSET, -1);
        records.set(INT, so + MARK_OFFSET, gen << GENERATION_SHIFT);
        heapSize = 0;
        push(src, 0.0);
        final boolean uniform = !Double.isNaN(multiplier);
        final double straight = (multiplier + multiplier) * 0.5;
        final double diagonal = GridMath.SQRT2 * straight;
        final int cwidth = cw;
        final int lastX = cw - 1;
        final int lastY = ch - 1;
        final int closedMark = (gen << GENERATION_SHIFT) | CLOSED_BIT;
        while (remaining > 0 && heapSize > 0) {
            final int u = pop();
            final long uo = u * RECORD_BYTES;
            records.set(INT, uo + MARK_OFFSET, closedMark);
            if (targetMarks.get(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(u)) == gen) {
                remaining--;
                if (remaining == 0) {
                    break;
                }
            }
            final double gu = records.get(G, uo + G_OFFSET);
            final int ly = u / cwidth;
            final int lx = u - ly * cwidth;
            ux = lx;
            uy = ly;
            final int uc = (y0 + ly) * w + x0 + lx;
            int bits = mv.moveBits(uc);
            if (ly == 0) {
                bits &= ~(N | NE | NW);
            }
            if (ly == lastY) {
                bits &= ~(S | SE | SW);
            }
            if (lx == 0) {
                bits &= ~(W | SW | NW);
            }
            if (lx == lastX) {
                bits &= ~(E | NE | SE);
            }
            if (uniform) {
                if ((bits & N) != 0) {
                    relax(u, gu, u - cwidth, 0, straight, gen);
                }
                if ((bits & E) != 0) {
                    relax(u, gu, u + 1, 1, straight, gen);
                }
                if ((bits & S) != 0) {
                    relax(u, gu, u + cwidth, 2, straight, gen);
                }
                if ((bits & W) != 0) {
                    relax(u, gu, u - 1, 3, straight, gen);
                }
                if ((bits & NE) != 0) {
                    relax(u, gu, u - cwidth + 1, 4, diagonal, gen);
                }
                if ((bits & SE) != 0) {
                    relax(u, gu, u + cwidth + 1, 5, diagonal, gen);
                }
                if ((bits & SW) != 0) {
                    relax(u, gu, u + cwidth - 1, 6, diagonal, gen);
                }
                if ((bits & NW) != 0) {
                    relax(u, gu, u - cwidth - 1, 7, diagonal, gen);
                }
            } else {
                final double mu = mv.multiplier(uc);
                if ((bits & N) != 0) {
                    relax(u, gu, u - cwidth, 0, (mu + mv.multiplier(uc - w)) * 0.5, gen);
                }
                if ((bits & E) != 0) {
                    relax(u, gu, u + 1, 1, (mu + mv.multiplier(uc + 1)) * 0.5, gen);
                }
                if ((bits & S) != 0) {
                    relax(u, gu, u + cwidth, 2, (mu + mv.multiplier(uc + w)) * 0.5, gen);
                }
                if ((bits & W) != 0) {
                    relax(u, gu, u - 1, 3, (mu + mv.multiplier(uc - 1)) * 0.5, gen);
                }
                if ((bits & NE) != 0) {
                    relax(u, gu, u - cwidth + 1, 4, GridMath.SQRT2 * ((mu + mv.multiplier(uc - w + 1)) * 0.5), gen);
                }
                if ((bits & SE) != 0) {
                    relax(u, gu, u + cwidth + 1, 5, GridMath.SQRT2 * ((mu + mv.multiplier(uc + w + 1)) * 0.5), gen);
                }
                if ((bits & SW) != 0) {
                    relax(u, gu, u + cwidth - 1, 6, GridMath.SQRT2 * ((mu + mv.multiplier(uc + w - 1)) * 0.5), gen);
                }
                if ((bits & NW) != 0) {
                    relax(u, gu, u - cwidth - 1, 7, GridMath.SQRT2 * ((mu + mv.multiplier(uc - w - 1)) * 0.5), gen);
                }
            }
        }
    }

    /** Offers cell v, the neighbour of u in direction d, the route through u at cost gu + step. */
    private void relax(int u, double gu, int v, int d, double step, int gen) {
        if (!(step >= 0) || step == Double.POSITIVE_INFINITY) {
            return;
        }
        final double g2 = gu + step;
        final long vo = v * RECORD_BYTES;
        final int mark = records.get(INT, vo + MARK_OFFSET);
        if ((mark >>> GENERATION_SHIFT) != gen) {
            if (prune && g2 + distanceToTarget(ux + HpaMoves.DX[d], uy + HpaMoves.DY[d]) > pruneLimit) {
                return;
            }
            records.set(G, vo + G_OFFSET, g2);
            records.set(INT, vo + PARENT_OFFSET, u);
            records.set(INT, vo + MARK_OFFSET, gen << GENERATION_SHIFT);
            push(v, g2);
        } else if ((mark & CLOSED_BIT) == 0 && g2 < records.get(G, vo + G_OFFSET)) {
            // a settled cell is never improved: steps are not negative
            records.set(G, vo + G_OFFSET, g2);
            records.set(INT, vo + PARENT_OFFSET, u);
            PackedQuadHeap.siftUp(
                    heap,
                    heapPositions.get(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(v)),
                    g2,
                    PackedQuadHeap.tie(g2, v),
                    heapPositions,
                    HpaLayout.CELL_INT_BYTES,
                    0);
        }
    }

    /** The empty-grid distance from chunk-local (lx, ly) to the target of {@link #runTo}, times its scale. */
    private double distanceToTarget(int lx, int ly) {
        int dx = Math.abs(lx - pruneTargetX);
        int dy = Math.abs(ly - pruneTargetY);
        if (moves.directions == 4) {
            return pruneScale * (dx + dy);
        }
        int min = Math.min(dx, dy);
        return pruneScale * ((Math.max(dx, dy) - min) + min * GridMath.SQRT2);
    }

    private void push(int local, double g) {
        final int pos = heapSize++;
        PackedQuadHeap.siftUp(heap, pos, g, PackedQuadHeap.tie(g, local), heapPositions, HpaLayout.CELL_INT_BYTES, 0);
    }

    private int pop() {
        final MemorySegment h = heap;
        final int top = PackedQuadHeap.idAt(h, 0);
        final int last = --heapSize;
        if (last > 0) {
            PackedQuadHeap.siftDown(
                    h,
                    last,
                    0,
                    PackedQuadHeap.keyAt(h, last),
                    PackedQuadHeap.tieAt(h, last),
                    heapPositions,
                    HpaLayout.CELL_INT_BYTES,
                    0);
        }
        return top;
    }

    /** Cost of a cell settled by the last run, +infinity if it was not settled. */
    double cost(int cell) {
        long o = local(cell) * RECORD_BYTES;
        int mark = records.get(INT, o + MARK_OFFSET);
        if (mark != ((generation << GENERATION_SHIFT) | CLOSED_BIT)) {
            return Double.POSITIVE_INFINITY;
        }
        return records.get(G, o + G_OFFSET);
    }

    /** Number of cells from the source to a settled cell, both included. */
    int pathLength(int cell) {
        int n = 0;
        for (int u = local(cell); u != -1; u = records.get(INT, u * RECORD_BYTES + PARENT_OFFSET)) {
            n++;
        }
        return n;
    }

    /**
     * Writes the cells from the source to a settled cell into {@code out[at..at + n)}, source
     * first, or reversed (the cell first) when {@code reversed}; n is {@link #pathLength}, which
     * the caller has made room for.
     */
    void copyPath(int cell, int n, int[] out, int at, boolean reversed) {
        int w = moves.width;
        int i = 0;
        for (int u = local(cell); u != -1; u = records.get(INT, u * RECORD_BYTES + PARENT_OFFSET)) {
            int ly = u / cw;
            int c = (y0 + ly) * w + (x0 + u - ly * cw);
            out[reversed ? at + i : at + n - 1 - i] = c;
            i++;
        }
    }

    private int local(int cell) {
        int w = moves.width;
        return (cell / w - y0) * cw + (cell % w - x0);
    }

    @Override
    public void close() {
        arena.close();
    }
}
