package org.onepath;

/**
 * Told about every cell edit of a {@link HexGrid}, after the grid holds the new value. Cells are
 * offset cells (column, row). Called on the editing thread; keep it short.
 */
@FunctionalInterface
public interface HexChangeListener {
    void cellChanged(HexGrid grid, int col, int row);
}
