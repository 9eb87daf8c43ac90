package org.onepath.cells;

import java.util.Objects;

/**
 * The cells of a hex grid (tier 3): the {@link CellStore} in offset coordinates (column, row)
 * with the grid's {@link HexLayout} and its listeners ({@link HexChangeListener},
 * {@link HexBatchListener}). Every hex engine takes this type; {@code org.onepath.HexGrid} is the
 * facade that adds queries, world mapping and snapshots.
 */
public abstract class HexCells extends CellStore<HexCells> {
    /** Largest number of cells, 2^28. */
    public static final int MAX_CELLS = org.onepath.state.HexGridStateFormat.MAX_CELLS;

    private final HexLayout layout;

    /**
     * Hex cells of their own memory in {@code layout}.
     *
     * @param width  columns, at least 1
     * @param height rows, at least 1; width times height at most {@link #MAX_CELLS}
     * @param layout which rows or columns are shifted
     * @throws IllegalArgumentException if the size is out of range
     */
    protected HexCells(int width, int height, HexLayout layout) {
        super(width, height, MAX_CELLS, "hex grid", "HexGrid", null);
        this.layout = Objects.requireNonNull(layout, "layout");
    }

    /**
     * The offset layout: which rows or columns are shifted, and whether hexes point up.
     *
     * @return the layout, not null
     */
    public final HexLayout layout() {
        return layout;
    }

    // ---- listeners ----

    /**
     * Registers a listener for cell edits; a {@link HexBatchListener} hears rectangle edits as one
     * call.
     *
     * @param listener told of every cell edit after it happens, on the editing thread
     */
    public final void addChangeListener(HexChangeListener listener) {
        addListener(listener);
    }

    /**
     * Removes a listener; returns whether it was registered.
     *
     * @param listener a listener added before
     * @return whether it was registered
     */
    public final boolean removeChangeListener(HexChangeListener listener) {
        return removeListener(listener);
    }
}
