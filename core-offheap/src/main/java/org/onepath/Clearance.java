package org.onepath;

import java.lang.foreign.MemorySegment;

/**
 * True clearance, from the bottom-right corner: c(x,y) = 0 for a wall, else
 * 1 + min(c(x+1,y), c(x,y+1), c(x+1,y+1)), cells outside the grid counting as walls, capped at 255.
 */
final class Clearance {
    private Clearance() {
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
