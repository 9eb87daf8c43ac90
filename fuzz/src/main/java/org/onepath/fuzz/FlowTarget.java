package org.onepath.fuzz;

import java.util.List;
import org.onepath.Grid;
import org.onepath.GridFlowField;
import org.onepath.GridOptions;
import org.onepath.cells.Cell;
import org.onepath.grids.flow.FlowField;
import org.onepath.state.OnePathFormatException;

/**
 * {@code flow}: {@link GridFlowField#restoreState(byte[])} into a field over the 16 x 12 search
 * grid towards {@link #GOALS} (eight moves without corner cutting). Accepted: the field runs to
 * the end ({@code step(10_000)}), is refreshed (its pending edits repaired), and every cell's path
 * is followed; only IllegalStateException may come out of those calls (an inconsistent restored
 * field reports a cycle or a dead end so). Rejected: the field must refuse reads until it is
 * restored or recomputed.
 */
public final class FlowTarget implements Target {
    /** The goals of the target's field and of every seed, in this order. */
    static final List<Cell> GOALS = List.of(new Cell(12, 11), new Cell(1, 9), new Cell(12, 11));

    private final Grid grid = Fixtures.searchGrid();
    private final GridFlowField field = grid.createFlowField(GOALS, GridOptions.DEFAULT);

    @Override
    public String name() {
        return "flow";
    }

    @Override
    public void run(byte[] input) {
        try {
            field.restoreState(input);
        } catch (OnePathFormatException e) {
            try {
                field.cost(0, 0);
                throw new AssertionError(
                        "after a rejected restore the flow field still answers reads, documented:"
                                + " unusable until restored or recomputed (" + e.getMessage() + ")",
                        e);
            } catch (IllegalStateException documented) {
                // unusable, as documented
            }
            throw e;
        }
        try {
            field.step(SearchChecks.STEP_BUDGET);
            field.refresh();
            field.step(SearchChecks.STEP_BUDGET);
        } catch (IllegalStateException allowed) {
            return;
        }
        FlowField<?, ?> f = field.flowField();
        for (int node = 0; node < f.nodeCount(); node++) {
            try {
                f.pathLength(node);
            } catch (IllegalStateException allowed) {
                // a restored cost field is trusted, not proven: a cycle or a dead end is reported so
            }
        }
    }

    @Override
    public void close() {
        field.close();
        grid.close();
    }
}
