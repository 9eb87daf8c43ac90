package org.onepath.cells;



/**
 * Told about every cell edit of a {@link SquareCells}, after the grid holds the new value. Called on the
 * editing thread; keep it short.
 */
@FunctionalInterface
public interface GridChangeListener {
    void cellChanged(SquareCells grid, int x, int y);
}
