package org.onepath;

import org.onepath.cells.AreaCosts;

/**
 * A square or a hex grid, exactly one of them set, edited and closed through one set of calls:
 * for the tests that run the same edit sequences on both kinds (flow field repair, replanning).
 */
interface SquareOrHexGrid extends AutoCloseable {
    /** The square grid, or null for a hex one. */
    Grid grid();

    /** The hex grid, or null for a square one. */
    HexGrid hex();

    default int width() {
        return grid() != null ? grid().width() : hex().width();
    }

    default int height() {
        return grid() != null ? grid().height() : hex().height();
    }

    default AreaCosts areas() {
        return grid() != null ? grid().areas() : hex().areas();
    }

    default void setArea(int x, int y, int area) {
        if (grid() != null) {
            grid().setArea(x, y, area);
        } else {
            hex().setArea(x, y, area);
        }
    }

    default void setRect(int x, int y, int w, int h, byte[] areas) {
        if (grid() != null) {
            grid().setRect(x, y, w, h, areas);
        } else {
            hex().setRect(x, y, w, h, areas);
        }
    }

    @Override
    default void close() {
        if (grid() != null) {
            grid().close();
        } else {
            hex().close();
        }
    }
}
