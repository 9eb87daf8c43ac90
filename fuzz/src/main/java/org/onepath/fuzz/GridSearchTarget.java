package org.onepath.fuzz;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import org.onepath.Grid;
import org.onepath.GridSearch;
import org.onepath.fuzz.Fixtures.Handle;
import org.onepath.state.GridSearchStateLayout;
import org.onepath.state.OnePathFormatException;
import org.onepath.state.StateKind;
import org.onepath.state.StateLayout;

/**
 * {@code gridsearch}: {@link GridSearch#restoreState(byte[])} into handles on the 16 x 12 search
 * grid made with {@code grid.createSearch(options)}: default options (specialised A*, mode 1),
 * JPS (mode 3, finder 0), JPS+ (mode 3, finder 1), {@code specializedEngines(false)} (mode 2, an
 * embedded A* state) and, beyond those, generic JPS and JPS+ (mode 2, an embedded jump point
 * search state).
 *
 * <p>The input goes to the handle its mode (and finder, or embedded kind) names, so mutants reach
 * the engine's own checks; then, to exercise the mode and finder checks, also to a second handle
 * picked by the input's hash. Accepted: an IN_PROGRESS search steps on ({@code step(10_000)}), a
 * FOUND one copies its path; only IllegalStateException may come out. Rejected: the handle must
 * be left not begun. The outcome reported is the first handle's.
 */
public final class GridSearchTarget implements Target {
    /** Offsets after the 8-byte header: u8 mode, i32 width, i32 height, then the mode's fields. */
    private static final int MODE_AT = (int) GridSearchStateLayout.MODE_OFFSET;

    private static final int FINDER_AT = (int) GridSearchStateLayout.FINDER_OFFSET;
    /** Mode 2: four i32 ends and an i32 length, then the embedded state and its u16 kind. */
    private static final int EMBEDDED_KIND_AT = (int) (GridSearchStateLayout.MODE_FIELDS_OFFSET
            + GridSearchStateLayout.GENERIC_HEAD_BYTES
            + StateLayout.KIND_OFFSET);

    private final Grid grid = Fixtures.searchGrid();
    private final Map<Handle, GridSearch> handles = new EnumMap<>(Handle.class);

    public GridSearchTarget() {
        for (Handle h : Handle.values()) {
            handles.put(h, grid.createSearch(h.options));
        }
    }

    @Override
    public String name() {
        return "gridsearch";
    }

    /** The handle an input's mode names: the one a valid state of that mode restores into. */
    static Handle route(byte[] input) {
        int hash = Arrays.hashCode(input);
        Handle[] all = Handle.values();
        return switch (Bytes.u8(input, MODE_AT, -1)) {
            case GridSearchStateLayout.MODE_SPECIALISED_ASTAR -> Handle.ASTAR_FAST;
            case GridSearchStateLayout.MODE_GENERIC ->
                Bytes.u16(input, EMBEDDED_KIND_AT, -1) == StateKind.JUMP_POINT_SEARCH.code()
                        ? ((hash & 1) == 0 ? Handle.JPS_GENERIC : Handle.JPS_PLUS_GENERIC)
                        : Handle.ASTAR_GENERIC;
            case GridSearchStateLayout.MODE_SPECIALISED_JUMP ->
                Bytes.u8(input, FINDER_AT, -1) == GridSearchStateLayout.FINDER_BLOCK_SCANS
                        ? Handle.JPS_FAST
                        : Handle.JPS_PLUS_FAST;
            default -> all[Math.floorMod(hash, all.length)];
        };
    }

    @Override
    public void run(byte[] input) {
        Handle first = route(input);
        RuntimeException outcome = restore(handles.get(first), input);
        Handle[] all = Handle.values();
        Handle second = all[Math.floorMod(Arrays.hashCode(input) >>> 8, all.length)];
        if (second != first) {
            restore(handles.get(second), input);
        }
        if (outcome != null) {
            throw outcome;
        }
    }

    /** Restores and exercises; returns the rejection, if any. */
    private static OnePathFormatException restore(GridSearch search, byte[] input) {
        try {
            search.restoreState(input);
        } catch (OnePathFormatException e) {
            SearchChecks.expectNotBegun(search, e);
            return e;
        }
        SearchChecks.exercise(search);
        return null;
    }

    @Override
    public void close() {
        handles.values().forEach(GridSearch::close);
        grid.close();
    }
}
