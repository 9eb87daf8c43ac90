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
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.GridMath;
import org.onepath.grids.OpenSet;
import org.onepath.layout.HpaLayout;

/**
 * Dijkstra restricted to one chunk: the moves of {@link HpaMoves} in direction order whose target
 * lies in the chunk, the {@link OpenSet} order (smaller g, then the smaller chunk-local cell index,
 * row-major inside the chunk), strict improvement keeps the first parent, and the search stops
 * once every target is settled. It prices intra-edges and the insertion edges, and, run again
 * with the same source, gives the cells of an edge.
 *
 * <p>Working memory: one {@link org.onepath.layout.NodeRecordLayout} record and one target mark
 * per cell of a full chunk, reused with a generation number.
 */
final class ChunkDijkstra implements AutoCloseable {
    private final HpaMoves moves;
    private final int chunkSize;
    private final Arena arena;
    private final MemorySegment records;
    private final MemorySegment targetMarks;
    private final OpenSet open;
    private int generation;
    /** Eight moves with NO_CORNER_CUTTING (else NO_SQUEEZING; four moves have no diagonal). */
    private final boolean noCornerCutting;

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
        this.open = new OpenSet(n);
        this.noCornerCutting = moves.rule == DiagonalRule.NO_CORNER_CUTTING;
    }

    /**
     * Runs from {@code source} (a cell of the chunk whose top-left cell is (x0, y0)) until every
     * one of {@code targets[0..count)} is settled or nothing is left.
     */
    void run(int chunkX0, int chunkY0, int source, int[] targets, int count) {
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
        open.clear();
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
        open.push(src, 0.0, 0.0);
        final int dirs = mv.directions;
        final int xEnd = x0 + cw;
        final int yEnd = y0 + ch;
        while (remaining > 0 && !open.isEmpty()) {
            int u = open.pop();
            long uo = u * RECORD_BYTES;
            records.set(INT, uo + MARK_OFFSET, (gen << GENERATION_SHIFT) | CLOSED_BIT);
            if (targetMarks.get(HpaLayout.CELL_INT, HpaLayout.cellIntOffset(u)) == gen) {
                remaining--;
                if (remaining == 0) {
                    break;
                }
            }
            double gu = records.get(G, uo + G_OFFSET);
            int ux = x0 + u % cw;
            int uy = y0 + u / cw;
            int uc = uy * w + ux;
            double mu = mv.multiplier(uc);
            // the four straight targets inside the chunk; a diagonal's beside cells are then
            // inside too, since its target is
            boolean hasN = uy > y0;
            boolean hasE = ux < xEnd - 1;
            boolean hasS = uy < yEnd - 1;
            boolean hasW = ux > x0;
            boolean n = hasN && mv.walkable(uc - w);
            boolean e = hasE && mv.walkable(uc + 1);
            boolean s = hasS && mv.walkable(uc + w);
            boolean wv = hasW && mv.walkable(uc - 1);
            if (n) {
                relax(u, gu, u - cw, (mu + mv.multiplier(uc - w)) * 0.5, gen);
            }
            if (e) {
                relax(u, gu, u + 1, (mu + mv.multiplier(uc + 1)) * 0.5, gen);
            }
            if (s) {
                relax(u, gu, u + cw, (mu + mv.multiplier(uc + w)) * 0.5, gen);
            }
            if (wv) {
                relax(u, gu, u - 1, (mu + mv.multiplier(uc - 1)) * 0.5, gen);
            }
            if (dirs == 8) {
                if (hasN && hasE && allowed(n, e) && mv.walkable(uc - w + 1)) {
                    relax(u, gu, u - cw + 1, GridMath.SQRT2 * ((mu + mv.multiplier(uc - w + 1)) * 0.5), gen);
                }
                if (hasS && hasE && allowed(s, e) && mv.walkable(uc + w + 1)) {
                    relax(u, gu, u + cw + 1, GridMath.SQRT2 * ((mu + mv.multiplier(uc + w + 1)) * 0.5), gen);
                }
                if (hasS && hasW && allowed(s, wv) && mv.walkable(uc + w - 1)) {
                    relax(u, gu, u + cw - 1, GridMath.SQRT2 * ((mu + mv.multiplier(uc + w - 1)) * 0.5), gen);
                }
                if (hasN && hasW && allowed(n, wv) && mv.walkable(uc - w - 1)) {
                    relax(u, gu, u - cw - 1, GridMath.SQRT2 * ((mu + mv.multiplier(uc - w - 1)) * 0.5), gen);
                }
            }
        }
    }

    private boolean allowed(boolean side1, boolean side2) {
        return noCornerCutting ? side1 && side2 : side1 || side2;
    }

    private void relax(int u, double gu, int v, double step, int gen) {
        if (!(step >= 0) || step == Double.POSITIVE_INFINITY) {
            return;
        }
        double g2 = gu + step;
        long vo = v * RECORD_BYTES;
        int mark = records.get(INT, vo + MARK_OFFSET);
        if ((mark >>> GENERATION_SHIFT) != gen || g2 < records.get(G, vo + G_OFFSET)) {
            records.set(G, vo + G_OFFSET, g2);
            records.set(INT, vo + PARENT_OFFSET, u);
            records.set(INT, vo + MARK_OFFSET, gen << GENERATION_SHIFT);
            open.push(v, g2, g2);
        }
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
     * Writes the cells from the source to a settled cell into {@code out[at..at + pathLength)},
     * source first, or reversed (the cell first) when {@code reversed}.
     */
    void copyPath(int cell, int[] out, int at, boolean reversed) {
        int n = pathLength(cell);
        int w = moves.width;
        int i = 0;
        for (int u = local(cell); u != -1; u = records.get(INT, u * RECORD_BYTES + PARENT_OFFSET)) {
            int c = (y0 + u / cw) * w + (x0 + u % cw);
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
        open.close();
        arena.close();
    }
}
