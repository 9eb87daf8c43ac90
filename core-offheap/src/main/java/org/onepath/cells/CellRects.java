package org.onepath.cells;

import java.lang.foreign.MemorySegment;
import org.onepath.memory.NativeIntList;

/** The write of a rectangle edit over a row-major cell segment, shared by the square and hex cells ({@link CellStore}). */
final class CellRects {
    private CellRects() {}

    /** The smallest rectangle holding every changed cell, corners inclusive. */
    record Changed(int x0, int y0, int x1, int y1) {
        int width() {
            return x1 - x0 + 1;
        }

        int height() {
            return y1 - y0 + 1;
        }
    }

    /**
     * Writes a checked rectangle row-major from {@code source} ({@code w * h} ids), or
     * {@code fill} when it is null, skipping cells that already hold their value.
     *
     * @param changed receives the index of every changed cell in row-major order, or null when no
     *                listener wants them one by one
     * @return the changed cells' bounding rectangle, or null when nothing changed
     */
    static Changed write(
            MemorySegment cells,
            int width,
            int x,
            int y,
            int w,
            int h,
            byte[] source,
            byte fill,
            NativeIntList changed) {
        int x0 = Integer.MAX_VALUE;
        int y0 = -1;
        int x1 = -1;
        int y1 = -1;
        int i = 0;
        for (int row = y; row < y + h; row++) {
            long base = (long) row * width;
            for (int col = x; col < x + w; col++) {
                byte v = source == null ? fill : source[i++];
                long at = base + col;
                if (cells.get(GridCellsLayout.CELL, at) == v) {
                    continue;
                }
                cells.set(GridCellsLayout.CELL, at, v);
                if (y0 < 0) {
                    y0 = row;
                }
                y1 = row;
                x0 = Math.min(x0, col);
                x1 = Math.max(x1, col);
                if (changed != null) {
                    changed.add((int) at);
                }
            }
        }
        return y1 < 0 ? null : new Changed(x0, y0, x1, y1);
    }
}
