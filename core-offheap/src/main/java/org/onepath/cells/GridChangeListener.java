package org.onepath.cells;

/**
 * Told about every cell edit of a square grid ({@link SquareCells}), after the grid holds the new
 * value. Called on the editing thread; keep it short.
 */
@FunctionalInterface
public interface GridChangeListener extends CellChangeListener<SquareCells> {}
