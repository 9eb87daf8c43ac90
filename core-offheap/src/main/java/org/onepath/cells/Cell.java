package org.onepath.cells;

import java.util.List;
import java.util.Objects;

/**
 * A square-grid cell: {@code x} is the column (0 at the left), {@code y} the row (0 at the top).
 *
 * @param x the column, 0 at the left; 0..width-1 inside a grid
 * @param y the row, 0 at the top; 0..height-1 inside a grid
 */
public record Cell(int x, int y) {
    /**
     * Row-major cell indices of a grid {@code width} cells wide seen as a read-only list of cells
     * (a path's cells, its expanded cells): a view over the array, each cell made when read.
     *
     * @param rowMajor the indices {@code y * width + x}; the list reads this array, not a copy
     * @param width    the grid's width in cells, at least 1
     * @return an unmodifiable list view, one cell per index
     * @throws IllegalArgumentException if {@code width} is below 1
     */
    public static List<Cell> listOf(int[] rowMajor, int width) {
        Objects.requireNonNull(rowMajor, "rowMajor");
        if (width < 1) {
            throw new IllegalArgumentException("width " + width + ": expected at least 1");
        }
        return new RowMajorCells(rowMajor, width);
    }

    @Override
    public String toString() {
        return "(" + x + ", " + y + ")";
    }
}
