package org.onepath.cells;

/**
 * Told about every cell edit of a cell store of type {@code S}, after the store holds the new
 * value: the one callback the square and hex listeners share ({@link GridChangeListener},
 * {@link HexChangeListener}). Called on the editing thread; keep it short.
 *
 * @param <S> the cells type the listener hears
 */
@FunctionalInterface
public interface CellChangeListener<S extends CellStore<S>> {
    /**
     * Cell (x, y) changed; for a hex store x is the column and y the row.
     *
     * @param cells the store that was edited
     * @param x     the column, 0..width-1
     * @param y     the row, 0..height-1
     */
    void cellChanged(S cells, int x, int y);
}
