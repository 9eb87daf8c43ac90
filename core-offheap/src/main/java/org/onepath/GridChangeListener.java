package org.onepath;

/**
 * Told about every cell edit of a {@link Grid}, after the grid holds the new value. Called on the
 * editing thread; keep it short.
 */
@FunctionalInterface
public interface GridChangeListener {
    void cellChanged(Grid grid, int x, int y);
}
