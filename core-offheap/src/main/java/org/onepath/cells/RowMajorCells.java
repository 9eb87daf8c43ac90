package org.onepath.cells;

import java.util.AbstractList;

/**
 * Row-major cell indices of a square or hex grid seen as a read-only list of {@link Cell}s (a
 * path's cells, its expanded cells): a cell is made when read, so the list holds nothing else.
 */
final class RowMajorCells extends AbstractList<Cell> {
    private final int[] cells;
    private final int width;

    RowMajorCells(int[] cells, int width) {
        this.cells = cells;
        this.width = width;
    }

    @Override
    public Cell get(int i) {
        int c = cells[i];
        return new Cell(c % width, c / width);
    }

    @Override
    public int size() {
        return cells.length;
    }
}
