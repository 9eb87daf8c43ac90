package org.onepath.cells;



/**
 * A {@link GridChangeListener} that hears a rectangle edit ({@link CellStore#setRect}) as one call
 * instead of one call per changed cell. The grid already holds the final state.
 */
public interface GridBatchListener extends GridChangeListener {
    /**
     * The smallest rectangle holding every cell the edit changed (cells inside it may be
     * unchanged): columns {@code x .. x + width - 1}, rows {@code y .. y + height - 1}.
     */
    void rectChanged(SquareCells grid, int x, int y, int width, int height);
}
