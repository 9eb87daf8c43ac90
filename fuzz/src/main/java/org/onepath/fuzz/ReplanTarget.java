package org.onepath.fuzz;

import java.util.Arrays;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridReplanner;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;

/**
 * {@code replan}: {@link GridReplanner#restoreState(byte[])} into one of two replanners over the
 * 16 x 12 search grid from {@link #START} to {@link #GOAL} (eight moves without corner cutting),
 * LPA* when the input's algorithm byte says 5, D* Lite otherwise (so acceptance depends only on
 * the bytes). Rejected: the replanner must be unchanged (it saves the same bytes as before).
 * Accepted: it saves the input back, and bounded replans (at most 20 x 500 iterations) throw
 * nothing but IllegalStateException (a restored cost field is trusted, not proven); a found path
 * runs from the replanner's start to its goal in moves of one cell.
 */
public final class ReplanTarget implements Target {
    static final Cell START = new Cell(0, 0);
    static final Cell GOAL = new Cell(12, 11);
    /** Offset of the algorithm byte in a kind 5 state. */
    private static final int ALGORITHM_OFFSET = 16;

    private final Grid grid = Fixtures.searchGrid();
    private final GridReplanner lpa = grid.createReplanner(
            START, GOAL, GridOptions.builder().algorithm(GridAlgorithm.LPA_STAR).build());
    private final GridReplanner dstar = grid.createReplanner(
            START,
            GOAL,
            GridOptions.builder().algorithm(GridAlgorithm.D_STAR_LITE).build());
    private final int[] path = new int[grid.cellCount()];

    @Override
    public String name() {
        return "replan";
    }

    @Override
    public void run(byte[] input) {
        GridReplanner r = input.length > ALGORITHM_OFFSET && input[ALGORITHM_OFFSET] == 5 ? lpa : dstar;
        RestoreChecks.restoreOrUnchanged("the " + r.algorithm() + " replanner", r, input);
        byte[] again = r.saveState();
        if (!Arrays.equals(input, again)) {
            throw new AssertionError("an accepted state saves back different bytes (first difference at offset "
                    + Arrays.mismatch(input, again) + ")");
        }
        PathStatus status = PathStatus.BUDGET_EXHAUSTED;
        try {
            for (int call = 0; call < 20 && status == PathStatus.BUDGET_EXHAUSTED; call++) {
                status = r.tryReplan(500);
            }
        } catch (IllegalStateException allowed) {
            return;
        }
        if (status == PathStatus.FOUND) {
            int n = r.copyPath(path);
            int w = grid.width();
            Cell start = r.start();
            Cell goal = r.goal();
            if (path[0] != start.y() * w + start.x() || path[n - 1] != goal.y() * w + goal.x()) {
                throw new AssertionError("a found path runs from " + path[0] + " to " + path[n - 1]
                        + ", not from the start " + start + " to the goal " + goal);
            }
            for (int i = 1; i < n; i++) {
                int dx = Math.abs(path[i] % w - path[i - 1] % w);
                int dy = Math.abs(path[i] / w - path[i - 1] / w);
                if (Math.max(dx, dy) != 1) {
                    throw new AssertionError("a found path jumps from " + path[i - 1] + " to " + path[i]);
                }
            }
        }
    }

    @Override
    public void close() {
        lpa.close();
        dstar.close();
        grid.close();
    }
}
