package org.onepath.cells;

import java.util.Objects;
import org.onepath.memory.ListenerArrays;
import org.onepath.memory.NativeIntList;

/**
 * The cells of a hex grid (tier 3): the {@link CellStore} in offset coordinates (column, row)
 * with the grid's {@link HexLayout} and its listeners ({@link HexChangeListener},
 * {@link HexBatchListener}). Every hex engine takes this type; {@code org.onepath.HexGrid} is the
 * facade that adds queries, world mapping and snapshots.
 */
public abstract class HexCells extends CellStore {
    /** Largest number of cells, 2^28. */
    public static final int MAX_CELLS = org.onepath.state.HexGridStateFormat.MAX_CELLS;

    private static final HexChangeListener[] NO_LISTENERS = new HexChangeListener[0];

    private final HexLayout layout;
    private volatile HexChangeListener[] listeners = NO_LISTENERS;

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
    public final synchronized void addChangeListener(HexChangeListener listener) {
        listeners = ListenerArrays.with(listeners, listener);
    }

    /** Removes a listener; returns whether it was registered. */
    public final synchronized boolean removeChangeListener(HexChangeListener listener) {
        HexChangeListener[] current = listeners;
        listeners = ListenerArrays.without(current, listener);
        return listeners != current;
    }

    /** Whether any listener is registered (a restore then lists the cells that differ). */
    protected final boolean hasListeners() {
        return listeners.length > 0;
    }

    @Override
    protected final boolean wantsCellByCell() {
        for (HexChangeListener listener : listeners) {
            if (!(listener instanceof HexBatchListener)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected final void cellEdited(int col, int row) {
        for (HexChangeListener listener : listeners) {
            listener.cellChanged(this, col, row);
        }
    }

    @Override
    protected final void rectEdited(int x, int y, int w, int h, NativeIntList changed) {
        int width = width();
        for (HexChangeListener listener : listeners) {
            if (listener instanceof HexBatchListener batch) {
                batch.rectChanged(this, x, y, w, h);
            } else {
                for (int k = 0; k < changed.size(); k++) {
                    int index = changed.get(k);
                    listener.cellChanged(this, index % width, index / width);
                }
            }
        }
    }
}
