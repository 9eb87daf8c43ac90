package org.onepath.cells;

/**
 * A {@link HexChangeListener} that hears a rectangle edit ({@link CellStore#setRect}) as one call
 * instead of one call per changed cell ({@link CellBatchListener#rectChanged}), in offset cells.
 * The grid already holds the final state. Other edits (single cells, restores) still arrive
 * through {@link #cellChanged}.
 */
public interface HexBatchListener extends HexChangeListener, CellBatchListener<HexCells> {}
