package org.onepath.cells;

import java.lang.foreign.MemorySegment;

/**
 * True clearance, from the bottom-right corner: c(x,y) = 0 for a wall, else
 * 1 + min(c(x+1,y), c(x,y+1), c(x+1,y+1)), cells outside the grid counting as walls, capped at 255.
 *
 * <p>{@link #repair} brings clearance up to date after edits inside known rectangles without a
 * full pass: a cell's value reads only the cells right of, below and below-right of it, so it can
 * change only if the cell was edited or one of those three changed.
 */
final class Clearance {
    /** Edited rectangles kept before they are merged into their bounding box. */
    static final int MAX_RECTS = 32;

    private Clearance() {}

    /**
     * Repairs clearance after edits inside {@code count} rectangles, each four ints
     * {@code x0, y0, x1, y1} (inclusive) in {@code rects}: rows from the lowest edited row
     * upwards, each row right to left over the cells of the row inside an edited rectangle plus
     * the cells one step left of and below the changed interval of the row below, continuing left
     * past that range only while values keep changing. The result equals {@link #compute}.
     */
    static void repair(MemorySegment cells, MemorySegment out, int width, int height, int[] rects, int count) {
        int bottom = -1;
        int top = height;
        for (int i = 0; i < count; i++) {
            bottom = Math.max(bottom, rects[4 * i + 3]);
            top = Math.min(top, rects[4 * i + 1]);
        }
        int belowLo = Integer.MAX_VALUE; // changed interval of the row below, empty when lo > hi
        int belowHi = Integer.MIN_VALUE;
        for (int y = bottom; y >= 0; y--) {
            int lo = belowLo <= belowHi ? Math.max(0, belowLo - 1) : Integer.MAX_VALUE;
            int hi = belowLo <= belowHi ? belowHi : Integer.MIN_VALUE;
            for (int i = 0; i < count; i++) {
                if (rects[4 * i + 1] <= y && y <= rects[4 * i + 3]) {
                    lo = Math.min(lo, rects[4 * i]);
                    hi = Math.max(hi, rects[4 * i + 2]);
                }
            }
            if (lo > hi) {
                if (y < top) {
                    return; // above every edit and nothing changed below: done
                }
                belowLo = Integer.MAX_VALUE;
                belowHi = Integer.MIN_VALUE;
                continue;
            }
            long row = (long) y * width;
            boolean lastRow = y == height - 1;
            int right = hi + 1 < width ? out.get(GridCellsLayout.CELL, row + hi + 1) & 0xFF : 0;
            int downRight = hi + 1 < width && !lastRow ? out.get(GridCellsLayout.CELL, row + width + hi + 1) & 0xFF : 0;
            int changedLo = Integer.MAX_VALUE;
            int changedHi = Integer.MIN_VALUE;
            for (int x = hi; x >= 0; x--) {
                long i = row + x;
                int down = lastRow ? 0 : out.get(GridCellsLayout.CELL, i + width) & 0xFF;
                int c = (cells.get(GridCellsLayout.CELL, i) & 0xFF) == AreaCosts.WALL
                        ? 0
                        : Math.min(255, 1 + Math.min(right, Math.min(down, downRight)));
                boolean changed = (out.get(GridCellsLayout.CELL, i) & 0xFF) != c;
                if (changed) {
                    out.set(GridCellsLayout.CELL, i, (byte) c);
                    changedLo = x;
                    changedHi = Math.max(changedHi, x);
                } else if (x < lo) {
                    break; // left of the range and unchanged: the cells further left read the same values
                }
                right = c;
                downRight = down;
            }
            belowLo = changedLo;
            belowHi = changedHi;
        }
    }

    static void compute(MemorySegment cells, MemorySegment out, int width, int height) {
        for (int y = height - 1; y >= 0; y--) {
            long row = (long) y * width;
            boolean lastRow = y == height - 1;
            int right = 0; // c(x+1, y)
            int downRight = 0; // c(x+1, y+1)
            for (int x = width - 1; x >= 0; x--) {
                long i = row + x;
                int down = lastRow ? 0 : out.get(GridCellsLayout.CELL, i + width) & 0xFF;
                int c;
                if ((cells.get(GridCellsLayout.CELL, i) & 0xFF) == AreaCosts.WALL) {
                    c = 0;
                } else {
                    c = Math.min(255, 1 + Math.min(right, Math.min(down, downRight)));
                }
                out.set(GridCellsLayout.CELL, i, (byte) c);
                right = c;
                downRight = down;
            }
        }
    }
}
