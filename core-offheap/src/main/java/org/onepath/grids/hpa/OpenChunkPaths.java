package org.onepath.grids.hpa;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.onepath.cells.GridMath;
import org.onepath.layout.HpaLayout;

/**
 * What a {@link ChunkDijkstra} would find inside an open chunk (every cell walkable for the
 * agent, one multiplier m), computed instead of searched: the cost between two of its cells and
 * the chain of parents from one back to the other (docs/hpa.md, "Open chunks"). The same holds for
 * two cells of any chunk whose walkable cells share one multiplier when every cell of the box
 * they span is walkable: the routes below stay in that box, and no route elsewhere is cheaper.
 *
 * <p>In such a chunk every move between two of its cells is legal and costs {@code S = (m + m) *
 * 0.5} (straight) or {@code D = sqrt2 * S} (diagonal). A cheapest path from a source to a cell
 * offset by (dx, dy) takes {@code a = min(|dx|, |dy|)} diagonal and {@code b = ||dx| - |dy||}
 * straight moves (four moves: |dx| + |dy| straight ones) and stays in the box of its ends; every
 * other route costs at least (sqrt2 - 1) m more (four moves: 2m), far beyond rounding. The chunk
 * search's cost is the least of the rounded running sums over those routes, which depends on
 * (a, b) alone:
 * {@code G(a, b) = min(G(a, b - 1) + S, G(a - 1, b) + D)} from {@code G(0, 0) = 0}, as the search
 * adds them. Its parent of a cell is the predecessor whose sum is that least one, on a tie the one
 * it settled first (smaller cost, then smaller chunk-local index): with eight moves the two
 * candidates are the straight predecessor along the longer axis and the diagonal one, and on a tie
 * the diagonal one (its real cost is lower by sqrt2 - 1 steps); with four moves both
 * predecessors have the same cost and the one in the smaller row-major position wins (the row
 * above when the cell lies below the source, else the one beside it in its row).
 *
 * <p>The table of G for one multiplier is C x C f64 (four moves: 2C entries); a few multipliers
 * are kept, the least recently computed replaced. A multiplier whose table overflows, or below
 * the smallest normal double, is refused ({@link #select}), and the caller searches instead.
 * Owns native memory.
 */
final class OpenChunkPaths implements AutoCloseable {
    /** Tables kept at once (the start's, the goal's and the chunks of a path rarely need more). */
    private static final int SLOTS = 4;

    private final int chunkSize;
    private final boolean eight;
    private final int width;
    private final Arena arena;
    private final MemorySegment tables;
    private final double[] slotMultiplier = new double[SLOTS];
    private final boolean[] slotUsable = new boolean[SLOTS];
    private int nextSlot;

    // the selected table
    private long base;
    private double straight;
    private double diagonal;

    OpenChunkPaths(int chunkSize, boolean eight, int width) {
        this.chunkSize = chunkSize;
        this.eight = eight;
        this.width = width;
        this.arena = Arena.ofShared();
        this.tables = arena.allocate((long) SLOTS * chunkSize * chunkSize * HpaLayout.COST_BYTES, 8);
        java.util.Arrays.fill(slotMultiplier, Double.NaN);
    }

    /**
     * Selects the table of multiplier m, computed now unless it is kept.
     *
     * @return false when the table cannot stand for the chunk search (a sum overflows, or m is
     *         below the smallest normal double, where rounding is no longer relative)
     */
    boolean select(double m) {
        int slot = -1;
        for (int s = 0; s < SLOTS; s++) {
            if (Double.doubleToRawLongBits(slotMultiplier[s]) == Double.doubleToRawLongBits(m)) {
                slot = s;
                break;
            }
        }
        if (slot < 0) {
            slot = nextSlot;
            nextSlot = (nextSlot + 1) % SLOTS;
            slotMultiplier[slot] = m;
            slotUsable[slot] = fill(slot, m);
        }
        base = (long) slot * chunkSize * chunkSize * HpaLayout.COST_BYTES;
        straight = (m + m) * 0.5;
        diagonal = GridMath.SQRT2 * straight;
        return slotUsable[slot];
    }

    private boolean fill(int slot, double m) {
        if (!(m >= Double.MIN_NORMAL) || m == Double.POSITIVE_INFINITY) {
            return false;
        }
        final long at = (long) slot * chunkSize * chunkSize * HpaLayout.COST_BYTES;
        final double s = (m + m) * 0.5;
        final double d = GridMath.SQRT2 * s;
        final int c = chunkSize;
        double largest = 0;
        if (!eight) {
            double g = 0;
            for (int k = 0; k <= 2 * (c - 1); k++) {
                if (k > 0) {
                    g = g + s;
                }
                tables.set(HpaLayout.DOUBLE, at + k * HpaLayout.COST_BYTES, g);
                largest = g;
            }
            return largest < Double.POSITIVE_INFINITY;
        }
        for (int a = 0; a < c; a++) {
            for (int b = 0; a + b < c; b++) {
                double g;
                if (a == 0 && b == 0) {
                    g = 0;
                } else if (a == 0) {
                    g = get(at, 0, b - 1) + s;
                } else if (b == 0) {
                    g = get(at, a - 1, 0) + d;
                } else {
                    g = Math.min(get(at, a, b - 1) + s, get(at, a - 1, b) + d);
                }
                tables.set(HpaLayout.DOUBLE, at + ((long) a * c + b) * HpaLayout.COST_BYTES, g);
                largest = Math.max(largest, g);
            }
        }
        return largest < Double.POSITIVE_INFINITY;
    }

    private double get(long at, int a, int b) {
        return tables.get(HpaLayout.DOUBLE, at + ((long) a * chunkSize + b) * HpaLayout.COST_BYTES);
    }

    /** G(a, b) of the selected table (eight moves), or G(k) (four moves, k in a). */
    private double g(int a, int b) {
        return tables.get(HpaLayout.DOUBLE, base + ((long) a * chunkSize + b) * HpaLayout.COST_BYTES);
    }

    /** The chunk search's cost from one cell of an open chunk to another (the selected multiplier's). */
    double cost(int from, int to) {
        int ax = Math.abs(to % width - from % width);
        int ay = Math.abs(to / width - from / width);
        if (!eight) {
            return g(0, ax + ay);
        }
        return g(Math.min(ax, ay), Math.abs(ax - ay));
    }

    /** Cells from one cell of an open chunk to another on the chunk search's path, both included. */
    int pathLength(int from, int to) {
        int ax = Math.abs(to % width - from % width);
        int ay = Math.abs(to / width - from / width);
        return (eight ? Math.max(ax, ay) : ax + ay) + 1;
    }

    /**
     * Writes the chunk search's path from {@code source} to {@code target} into {@code
     * out[at..at + n)}, n its {@link #pathLength}: source first, or target first when {@code
     * reversed}. Walks the parents back from the target.
     */
    void copyPath(int source, int target, int n, int[] out, int at, boolean reversed) {
        final int sx = source % width;
        final int sy = source / width;
        int x = target % width;
        int y = target / width;
        for (int i = 0; i < n; i++) {
            out[reversed ? at + i : at + n - 1 - i] = y * width + x;
            int dx = x - sx;
            int dy = y - sy;
            int ax = Math.abs(dx);
            int ay = Math.abs(dy);
            if (ax == 0 && ay == 0) {
                break;
            }
            int stepX = Integer.signum(dx);
            int stepY = Integer.signum(dy);
            if (!eight) {
                // both predecessors cost the same: the smaller row-major index was settled first
                if (ax == 0 || (ay != 0 && dy > 0)) {
                    y -= stepY;
                } else {
                    x -= stepX;
                }
                continue;
            }
            if (ax == ay) {
                x -= stepX;
                y -= stepY;
                continue;
            }
            int a = Math.min(ax, ay);
            int b = Math.abs(ax - ay);
            // the straight predecessor steps back along the longer axis
            boolean straightFirst = a == 0 || g(a, b - 1) + straight < g(a - 1, b) + diagonal;
            if (straightFirst) {
                if (ax > ay) {
                    x -= stepX;
                } else {
                    y -= stepY;
                }
            } else {
                x -= stepX;
                y -= stepY;
            }
        }
    }

    @Override
    public void close() {
        arena.close();
    }
}
