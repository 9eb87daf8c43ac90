package org.onepath.cells;



/**
 * Told about every cell edit of a {@link HexCells}, after the grid holds the new value. Cells are
 * offset cells (column, row). Called on the editing thread; keep it short.
 */
@FunctionalInterface
public interface HexChangeListener {
    void cellChanged(HexCells grid, int col, int row);
}
