package org.onepath.cells;

/**
 * A {@link GridChangeListener} that hears a rectangle edit ({@link CellStore#setRect}) as one call
 * instead of one call per changed cell ({@link CellBatchListener#rectChanged}). The grid already
 * holds the final state.
 */
public interface GridBatchListener extends GridChangeListener, CellBatchListener<SquareCells> {}
