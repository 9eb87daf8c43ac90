package org.onepath.cells;



/**
 * A {@link HexChangeListener} that hears a rectangle edit ({@link CellStore#setRect}) as one call
 * instead of one call per changed cell. The grid already holds the final state. Other edits
 * (single cells, restores) still arrive through {@link #cellChanged}.
 */
public interface HexBatchListener extends HexChangeListener {
    /**
     * The smallest rectangle of offset cells holding every cell the edit changed (cells inside it
     * may be unchanged): columns {@code x .. x + width - 1}, rows {@code y .. y + height - 1}.
     */
    void rectChanged(HexCells grid, int x, int y, int width, int height);
}
