package org.onepath.fuzz;

import java.util.ArrayList;
import java.util.List;
import org.onepath.GridFlowField;
import org.onepath.GridOptions;
import org.onepath.cells.Cell;

/**
 * {@code grid-flow}: a flow field towards 1-3 goals (repeats allowed) over a grid of up to
 * 16 x 16 cells from the input (moves, rule, agent size, area costs all vary). Checks, from spec
 * 001 "Flow fields": every cell's cost equals {@link RefGrid}'s multi-source Dijkstra (+infinity
 * exactly where it is unreachable, else within 1e-9 relative); every next cell is a legal move
 * whose cost plus the step gives the cell's cost, and following next from any reachable cell ends
 * on a goal; the field computed in slices of 1-7 iterations equals the whole one bit for bit;
 * after one cell edit {@code refresh()} equals a field computed from scratch, bit for bit.
 */
final class GridFlowQueryTarget implements Target {
    @Override
    public String name() {
        return "grid-flow";
    }

    @Override
    public boolean acceptsEveryInput() {
        return true;
    }

    @Override
    public void run(byte[] input) {
        InputBytes in = new InputBytes(input);
        try (QuerySetup q = QuerySetup.make(in, 16, false)) {
            RefGrid r = q.ref;
            int cells = r.width * r.height;
            int count = 1 + in.below(3);
            List<Cell> goals = new ArrayList<>();
            int[] goalIndex = new int[count];
            for (int i = 0; i < count; i++) {
                goalIndex[i] = in.below(cells);
                goals.add(q.cell(goalIndex[i]));
            }
            GridOptions options = GridOptions.builder()
                    .connectivity(q.connectivity)
                    .diagonalRule(q.rule)
                    .agentSize(r.size)
                    .build();
            String where = "goals " + goals + " " + q.describe(goalIndex[0], goalIndex[0]);
            try (GridFlowField whole = q.grid.createFlowField(goals, options)) {
                double[] d = r.dijkstra(goalIndex);
                for (int c = 0; c < cells; c++) {
                    int x = c % r.width;
                    int y = c / r.width;
                    double cost = whole.cost(x, y);
                    boolean reachable = d[c] < Double.POSITIVE_INFINITY;
                    if (reachable ? !RefGrid.close(cost, d[c]) : cost != Double.POSITIVE_INFINITY) {
                        throw new AssertionError("cell " + c + " costs " + cost + ", Dijkstra " + d[c] + ": " + where);
                    }
                    int next = whole.nextIndex(x, y);
                    if (!reachable || d[c] == 0) {
                        if (next != -1) {
                            throw new AssertionError(
                                    "goal or unreachable cell " + c + " points to " + next + ": " + where);
                        }
                        continue;
                    }
                    if (next < 0 || !r.move(c, next)) {
                        throw new AssertionError("cell " + c + " points to " + next + ", no legal move: " + where);
                    }
                    double via = whole.cost(next % r.width, next / r.width) + r.step(c, next);
                    if (!RefGrid.close(via, cost)) {
                        throw new AssertionError(
                                "cell " + c + " costs " + cost + " but its next cell gives " + via + ": " + where);
                    }
                    int at = c;
                    for (int steps = 0; whole.cost(at % r.width, at / r.width) != 0; steps++) {
                        if (steps > cells) {
                            throw new AssertionError("following next from " + c + " loops: " + where);
                        }
                        at = whole.nextIndex(at % r.width, at / r.width);
                    }
                }
                int budget = 1 + in.below(7);
                try (GridFlowField sliced = q.grid.createFlowField(
                        goals, options.toBuilder().iterationBudget(budget).build())) {
                    while (!sliced.step(budget)) {
                        // slices of `budget` pops
                    }
                    same(sliced, whole, cells, "sliced by " + budget + ", " + where);
                }
                int edit = in.below(cells);
                int area = in.flag() ? RefGrid.WALL : in.below(4);
                q.grid.setArea(edit % r.width, edit / r.width, area);
                whole.refresh();
                whole.run();
                try (GridFlowField fresh = q.grid.createFlowField(goals, options)) {
                    same(whole, fresh, cells, "refreshed after cell " + edit + " became " + area + ", " + where);
                }
            }
        }
    }

    private static void same(GridFlowField a, GridFlowField b, int cells, String where) {
        int w = a.width();
        for (int c = 0; c < cells; c++) {
            if (Double.doubleToRawLongBits(a.cost(c % w, c / w)) != Double.doubleToRawLongBits(b.cost(c % w, c / w))
                    || a.nextIndex(c % w, c / w) != b.nextIndex(c % w, c / w)) {
                throw new AssertionError("cell " + c + ": " + a.cost(c % w, c / w) + " -> " + a.nextIndex(c % w, c / w)
                        + " against " + b.cost(c % w, c / w) + " -> " + b.nextIndex(c % w, c / w) + ", " + where);
            }
        }
    }
}
