package org.onepath.grids.jps;

import java.lang.foreign.MemorySegment;
import org.onepath.cells.GridCellsLayout;
import org.onepath.cells.SquareCells;

/** Walkability of a grid's live cells for agent size 1; cells outside the grid are walls. */
final class WalkableCells {
    private final MemorySegment cells;
    final int width;
    final int height;

    WalkableCells(SquareCells grid) {
        this.cells = grid.cells();
        this.width = grid.width();
        this.height = grid.height();
    }

    boolean at(int x, int y) {
        return x >= 0
                && y >= 0
                && x < width
                && y < height
                && cells.get(GridCellsLayout.CELL, (long) y * width + x) != GridCellsLayout.WALL_BYTE;
    }
}
