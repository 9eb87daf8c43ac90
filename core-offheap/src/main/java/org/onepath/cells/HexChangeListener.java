package org.onepath.cells;

/**
 * Told about every cell edit of a hex grid ({@link HexCells}), after the grid holds the new value.
 * Cells are offset cells: x is the column, y the row. Called on the editing thread; keep it short.
 */
@FunctionalInterface
public interface HexChangeListener extends CellChangeListener<HexCells> {}
