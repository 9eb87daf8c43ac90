package org.onepath.cells;

/**
 * The host-side queries of a square grid's cells: the nearest cell an agent may stand on, and exact
 * Q31.32 path prices. Plain loops over the cells; nothing here allocates.
 */
final class CellQueries {
    /** Query cells farther than this from the origin are refused, so squared distances fit a long. */
    static final int MAX_QUERY_COORDINATE = 1 << 30;
    /** 2^32, the scale of Q31.32. */
    private static final double ONE = 4294967296.0;
    /** 2^63: a step priced at this or more does not fit a long. */
    private static final double LONG_LIMIT = 9.223372036854775807E18;

    private CellQueries() {}

    /**
     * The row-major index of the nearest cell (squared Euclidean distance between cell indexes,
     * ties to the smaller row, then the smaller column) that fits the options' agent size and is
     * not refused by the blocking delegate, within {@code radius} Chebyshev rings of (qx, qy);
     * -1 if there is none. The query cell may lie outside the grid.
     *
     * @param blocked may be null
     */
    static int nearestWalkable(SquareCells grid, int qx, int qy, int agentSize, int radius, CellBlocker blocked) {
        if (Math.abs((long) qx) > MAX_QUERY_COORDINATE || Math.abs((long) qy) > MAX_QUERY_COORDINATE) {
            throw new IllegalArgumentException(
                    "query cell (" + qx + ", " + qy + ") is more than 2^30 cells from the origin");
        }
        int w = grid.width();
        int h = grid.height();
        int size = agentSize;
        // The grid's read-only views are made once, so reading them allocates nothing.
        java.lang.foreign.MemorySegment fit = size == 1 ? grid.cells() : grid.clearance();
        // Rings closer than the grid's rectangle are empty; rings past its far corner too.
        long first = Math.max(Math.max(-(long) qx, (long) qx - (w - 1)), Math.max(-(long) qy, (long) qy - (h - 1)));
        first = Math.max(first, 0);
        long last = Math.max(
                Math.max(Math.abs((long) qx), Math.abs((long) qx - (w - 1))),
                Math.max(Math.abs((long) qy), Math.abs((long) qy - (h - 1))));
        last = Math.min(last, radius);
        long best = Long.MAX_VALUE;
        int bestIndex = -1;
        for (long r = first; r <= last; r++) {
            if (r * r > best) {
                break;
            }
            long y0 = qy - r;
            long y1 = qy + r;
            long x0 = Math.max(qx - r, 0);
            long x1 = Math.min(qx + r, w - 1);
            // Rows in increasing order; within a row columns in increasing order, so the first
            // cell met at a distance is the tie winner and only a strictly nearer one replaces it.
            for (long y = Math.max(y0, 0); y <= Math.min(y1, h - 1); y++) {
                boolean edgeRow = y == y0 || y == y1;
                long dy = y - qy;
                for (long x = x0; x <= x1; x++) {
                    if (!edgeRow && x != qx - r && x != qx + r) {
                        if (x < qx + r) {
                            x = qx + r - 1; // jump to the right edge of the ring
                        }
                        continue;
                    }
                    long dx = x - qx;
                    long d = dx * dx + dy * dy;
                    if (d < best || (d == best && (y * w + x) < bestIndex)) {
                        int index = (int) (y * w + x);
                        if (fits(fit, index, size) && (blocked == null || !blocked.isBlocked((int) x, (int) y))) {
                            best = d;
                            bestIndex = index;
                        }
                    }
                }
            }
        }
        return bestIndex;
    }

    private static boolean fits(java.lang.foreign.MemorySegment fit, int index, int size) {
        int v = fit.get(GridCellsLayout.CELL, index) & 0xFF;
        return size == 1 ? v != GridCellsLayout.WALL : v >= size;
    }

    /** The price of a list of cells (see {@link #fixedCost(SquareCells, int[], int)}), or empty. */
    static java.util.OptionalLong fixedCost(SquareCells grid, java.util.List<Cell> cells) {
        java.util.Objects.requireNonNull(cells, "cells");
        int width = grid.width();
        int[] indices = new int[cells.size()];
        for (int i = 0; i < indices.length; i++) {
            Cell c = java.util.Objects.requireNonNull(cells.get(i), "cell");
            if (!grid.contains(c.x(), c.y())) {
                throw new IllegalArgumentException(
                        "path cell " + i + " " + c + " is outside the " + width + " x " + grid.height() + " grid");
            }
            indices[i] = c.y() * width + c.x();
        }
        long cost = fixedCost(grid, indices, indices.length);
        return cost < 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(cost);
    }

    /**
     * The Q31.32 price of the path {@code cells[0..count)} (row-major indices), or -1 when it
     * cannot be priced: a step between cells that are not neighbours (or the same cell), a wall
     * on the path, or a price that does not fit a long. Every step is the double the default
     * search charges (the mean of the two cells' multipliers, times sqrt 2 for a diagonal),
     * multiplied by 2^32 and rounded half to even; the integers are added.
     *
     * @throws IllegalArgumentException naming an index outside the grid
     */
    static long fixedCost(SquareCells grid, int[] cells, int count) {
        java.util.Objects.requireNonNull(cells, "cells");
        if (count < 0 || count > cells.length) {
            throw new IllegalArgumentException(
                    "count " + count + " is outside 0.." + cells.length + " (the array length)");
        }
        grid.ensureOpen();
        int w = grid.width();
        int n = grid.cellCount();
        AreaCosts areas = grid.areas();
        long total = 0;
        for (int i = 0; i < count; i++) {
            int c = cells[i];
            if (c < 0 || c >= n) {
                throw new IllegalArgumentException("path cell " + i + " has index " + c + ", outside 0.." + (n - 1)
                        + " of the " + w + " x " + grid.height() + " grid");
            }
        }
        for (int i = 0; i < count; i++) {
            if (grid.areaAt(cells[i]) == GridCellsLayout.WALL) {
                return -1;
            }
        }
        for (int i = 1; i < count; i++) {
            int a = cells[i - 1];
            int b = cells[i];
            int dx = Math.abs(a % w - b % w);
            int dy = Math.abs(a / w - b / w);
            if (dx > 1 || dy > 1 || (dx == 0 && dy == 0)) {
                return -1;
            }
            double mean = (areas.multiplierOf(grid.areaAt(a)) + areas.multiplierOf(grid.areaAt(b))) * 0.5;
            double step = dx + dy == 2 ? GridMath.SQRT2 * mean : mean;
            double scaled = Math.rint(step * ONE);
            if (!(scaled < LONG_LIMIT)) {
                return -1;
            }
            long q = (long) scaled;
            if (total > Long.MAX_VALUE - q) {
                return -1;
            }
            total += q;
        }
        return total;
    }
}
