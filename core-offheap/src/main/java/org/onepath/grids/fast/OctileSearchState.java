package org.onepath.grids.fast;

import java.util.Arrays;
import java.util.function.IntPredicate;
import org.onepath.grids.SearchStatus;
import org.onepath.layout.OctileNodeLayout;
import org.onepath.state.GridSearchStateFormat;
import org.onepath.state.GridSearchStateLayout;
import org.onepath.state.SearchStateFormat;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * What modes 1 (specialised A*) and 3 (specialised jump point search) of the GridSearch state
 * share: the fixed fields u8 status, u8 zeroEstimate, i32 start, goal, expanded, iterations,
 * pathA, pathB, visited (read and written by {@link GridSearchStateFormat}), the checks on the
 * visited cells' indices, and the checks that tie the counters to the visited cells once they
 * are read.
 */
final class OctileSearchState {
    private OctileSearchState() {}

    private static final long START_AT = GridSearchStateLayout.START_OFFSET;
    private static final long GOAL_AT = GridSearchStateLayout.GOAL_OFFSET;
    private static final long EXPANDED_AT = GridSearchStateLayout.EXPANDED_OFFSET;
    private static final long ITERATIONS_AT = GridSearchStateLayout.ITERATIONS_OFFSET;
    private static final long PAIR_AT = GridSearchStateLayout.PATH_A_OFFSET;

    /**
     * The fixed fields, up to and including the visited count; {@code base} is the offset of the
     * status byte, for error offsets.
     */
    record Fixed(
            SearchStatus status,
            int start,
            int goal,
            int expanded,
            int iterations,
            int pathA,
            int pathB,
            int visitedCount,
            long base) {}

    /** Writes the fixed fields, up to and including the visited count. Allocates nothing. */
    static void writeFixed(
            StateWriter w,
            int cellCount,
            SearchStatus status,
            boolean zeroEstimate,
            int start,
            int goal,
            int expanded,
            int iterations,
            int pathA,
            int pathB,
            int visitedCount) {
        GridSearchStateFormat.writeFixed(
                w,
                cellCount,
                status.code(),
                zeroEstimate,
                start,
                goal,
                expanded,
                iterations,
                pathA,
                pathB,
                visitedCount);
    }

    /** Reads the fixed fields of {@code mode}; the estimate must be the restoring search's. */
    static Fixed readFixed(StateReader r, int mode, int cellCount, boolean zeroEstimate) {
        GridSearchStateFormat.Fixed f = GridSearchStateFormat.readFixed(r, mode, cellCount);
        if (f.zeroEstimate() != zeroEstimate) {
            throw r.error(
                    "zeroEstimate",
                    f.zeroEstimate() ? 1 : 0,
                    (zeroEstimate ? 1 : 0) + " (the restoring search's estimate)",
                    f.offset() + GridSearchStateLayout.ZERO_ESTIMATE_OFFSET);
        }
        SearchStatus status = switch (f.status()) {
            case SearchStateFormat.RUNNING -> SearchStatus.RUNNING;
            case SearchStateFormat.FOUND -> SearchStatus.FOUND;
            default -> SearchStatus.NO_PATH;
        };
        return new Fixed(
                status,
                f.start(),
                f.goal(),
                f.expanded(),
                f.iterations(),
                f.pathA(),
                f.pathB(),
                f.visitedCount(),
                f.offset());
    }

    /**
     * The visited records of a snapshot as read: cell, pair, parent (mode 3 only, else null) and
     * flags, and each record's offset for error messages.
     */
    record Visited(int[] cells, int[] as, int[] bs, int[] parents, int[] flags, long[] offsets) {}

    /**
     * Reads {@code count} visited records of i32 cell, a, b, then (with parents) i32 parent, then
     * u8 flags: each cell checked by {@link #readCell}, the pair 0..cellCount, the parent
     * -1..cellCount-1 and the flags at most {@link OctileNodeLayout#FLAGS_MASK}.
     */
    static Visited readVisited(StateReader r, int count, int cellCount, boolean withParents, IntPredicate walkable) {
        int[] cells = new int[count];
        int[] as = new int[count];
        int[] bs = new int[count];
        int[] parents = withParents ? new int[count] : null;
        int[] flags = new int[count];
        long[] offsets = new long[count];
        for (int i = 0; i < count; i++) {
            offsets[i] = r.offset();
            cells[i] = readCell(r, i, cellCount, cells, walkable);
            as[i] = r.i32InRange("visited[" + i + "].a", 0, cellCount);
            bs[i] = r.i32InRange("visited[" + i + "].b", 0, cellCount);
            if (withParents) {
                parents[i] = r.i32InRange("visited[" + i + "].parent", -1, cellCount - 1);
            }
            long flagsAt = r.offset();
            flags[i] = r.u8("visited[" + i + "].flags");
            if (flags[i] > OctileNodeLayout.FLAGS_MASK) {
                throw r.error("visited[" + i + "].flags", flags[i], "0..15 (closed bit and a direction)", flagsAt);
            }
        }
        return new Visited(cells, as, bs, parents, flags, offsets);
    }

    /** Reads visited record i's cell: inside the grid, above the previous one and walkable. */
    static int readCell(StateReader r, int i, int cellCount, int[] cells, IntPredicate walkable) {
        long at = r.offset();
        int cell = r.index("visited[" + i + "].cell", cellCount);
        if (i > 0 && cell <= cells[i - 1]) {
            throw r.error("visited[" + i + "].cell", cell, "above " + cells[i - 1] + " (increasing order)", at);
        }
        if (!walkable.test(cell)) {
            throw r.error("visited[" + i + "].cell", cell, "a walkable cell of the grid", at);
        }
        return cell;
    }

    /**
     * The checks that tie the fixed fields to the visited cells: the start visited and closed
     * exactly when something has popped; the goal walkable; the iterations equal to the closed
     * cells and the expansions to the iterations less the goal's pop when found; the goal closed
     * exactly when found, with the reported pair; open entries while running, none when the
     * search ran out of cells.
     */
    static void checkCounters(
            StateReader r,
            Fixed f,
            int[] cells,
            int[] as,
            int[] bs,
            int[] flags,
            boolean anyOpen,
            IntPredicate walkable) {
        int closed = 0;
        for (int flag : flags) {
            closed += flag & OctileNodeLayout.CLOSED_BIT;
        }
        int si = Arrays.binarySearch(cells, f.start());
        if (si < 0 || ((flags[si] & OctileNodeLayout.CLOSED_BIT) != 0) != (f.iterations() > 0)) {
            throw r.error(
                    "start",
                    f.start(),
                    "a visited cell, closed exactly when something has popped",
                    f.base() + START_AT);
        }
        if (!walkable.test(f.goal())) {
            throw r.error("goal", f.goal(), "a walkable cell of the grid", f.base() + GOAL_AT);
        }
        if (f.iterations() != closed) {
            throw r.error("iterations", f.iterations(), closed + " (the closed cells)", f.base() + ITERATIONS_AT);
        }
        boolean found = f.status() == SearchStatus.FOUND;
        if (f.expanded() != (found ? f.iterations() - 1 : f.iterations())) {
            throw r.error("expanded", f.expanded(), "iterations" + (found ? " - 1" : ""), f.base() + EXPANDED_AT);
        }
        int gi = Arrays.binarySearch(cells, f.goal());
        boolean goalClosed = gi >= 0 && (flags[gi] & OctileNodeLayout.CLOSED_BIT) != 0;
        if (found) {
            if (!goalClosed || as[gi] != f.pathA() || bs[gi] != f.pathB()) {
                throw r.error("pathA", f.pathA(), "the pair of the closed goal (a found search)", f.base() + PAIR_AT);
            }
        } else {
            if (goalClosed) {
                throw r.error("goal", f.goal(), "not closed unless found", f.base() + GOAL_AT);
            }
            if (f.pathA() != 0 || f.pathB() != 0) {
                throw r.error("pathA", f.pathA(), "0 (no path yet)", f.base() + PAIR_AT);
            }
        }
        if (f.status() == SearchStatus.RUNNING && !anyOpen) {
            throw r.error("visited", cells.length, "open entries (a running search)", f.base());
        }
        if (f.status() == SearchStatus.NO_PATH && anyOpen) {
            throw r.error("visited", cells.length, "no open entry (a search that ran out of cells)", f.base());
        }
    }
}
