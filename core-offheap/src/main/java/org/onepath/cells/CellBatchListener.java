package org.onepath.cells;

/**
 * A {@link CellChangeListener} that hears a rectangle edit ({@link CellStore#setRect}) as one
 * call instead of one call per changed cell; the store already holds the final state. Single-cell
 * edits and restores still arrive through {@link #cellChanged}.
 *
 * @param <S> the cells type the listener hears
 */
public interface CellBatchListener<S extends CellStore<S>> extends CellChangeListener<S> {
    /**
     * The smallest rectangle holding every cell the edit changed (cells inside it may be
     * unchanged): columns {@code x .. x + width - 1}, rows {@code y .. y + height - 1}.
     *
     * @param cells  the store that was edited
     * @param x      the rectangle's first column
     * @param y      the rectangle's first row
     * @param width  the rectangle's width in cells, at least 1
     * @param height the rectangle's height in cells, at least 1
     */
    void rectChanged(S cells, int x, int y, int width, int height);
}
