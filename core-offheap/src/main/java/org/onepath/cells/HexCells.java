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

    /** Hex cells of their own memory in {@code layout}. */
    protected HexCells(int width, int height, HexLayout layout) {
        super(width, height, MAX_CELLS, "hex grid", "HexGrid", null);
        this.layout = Objects.requireNonNull(layout, "layout");
    }

    /** The offset layout: which rows or columns are shifted, and whether hexes point up. */
    public final HexLayout layout() {
        return layout;
    }

    /** Whether the offset cell lies inside. */
    public final boolean contains(Cell cell) {
        return contains(cell.x(), cell.y());
    }

    // ---- listeners ----

    /** Registers a listener for cell edits; a {@link HexBatchListener} hears rectangle edits as one call. */
    public final void addChangeListener(HexChangeListener listener) {
        addListener(listener);
    }

    /** Removes a listener; returns whether it was registered. */
    public final boolean removeChangeListener(HexChangeListener listener) {
        return removeListener(listener);
    }
}
