package org.onepath.fuzz;

import java.util.Arrays;
import org.onepath.Grid;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;

/**
 * A small square grid made from a query target's input, with its {@link RefGrid} twin: sides
 * 1..{@code maxSide}, walls up to about half the cells (the share from the input), area ids
 * 0..3 with multipliers 0.25..4.15 unless the costs are uniform, moves, rule and agent size
 * from the input (the target says which it lets vary).
 */
final class QuerySetup implements AutoCloseable {
    final Grid grid;
    final RefGrid ref;
    final Connectivity connectivity;
    final DiagonalRule rule;

    private QuerySetup(Grid grid, RefGrid ref, Connectivity connectivity, DiagonalRule rule) {
        this.grid = grid;
        this.ref = ref;
        this.connectivity = connectivity;
        this.rule = rule;
    }

    /**
     * @param jumpShaped eight moves, no corner cutting, agent size 1 and one cost for every area
     *                   (the queries jump point and any-angle searches serve); otherwise each varies
     */
    static QuerySetup make(InputBytes in, int maxSide, boolean jumpShaped) {
        int w = 1 + in.below(maxSide);
        int h = 1 + in.below(maxSide);
        boolean eight = jumpShaped || in.flag();
        int rule = jumpShaped ? 0 : in.below(3);
        int size = jumpShaped ? 1 : 1 + (in.below(4) == 0 ? 1 + in.below(2) : 0);
        boolean areas = !jumpShaped && in.flag();
        double[] multipliers = new double[255];
        Arrays.fill(multipliers, 1.0);
        if (jumpShaped) {
            multipliers[0] = in.flag() ? 1.0 : 0.5 + in.below(8) * 0.25;
        } else if (areas) {
            for (int a = 0; a < 4; a++) {
                multipliers[a] = 0.25 + in.below(40) * 0.1;
            }
        }
        int density = in.next() / 2;
        int[] area = new int[w * h];
        for (int i = 0; i < area.length; i++) {
            int b = in.next();
            area[i] = b < density ? RefGrid.WALL : areas ? b & 3 : 0;
        }
        Grid grid = Grid.create(w, h);
        try {
            for (int a = 0; a < 4; a++) {
                grid.areas().set(a, multipliers[a]);
            }
            for (int i = 0; i < area.length; i++) {
                grid.setArea(i % w, i / w, area[i]);
            }
        } catch (RuntimeException e) {
            grid.close();
            throw e;
        }
        return new QuerySetup(
                grid,
                new RefGrid(w, h, area, multipliers, eight, rule, size),
                eight ? Connectivity.EIGHT : Connectivity.FOUR,
                DiagonalRule.values()[rule]);
    }

    Cell cell(int index) {
        return new Cell(index % ref.width, index / ref.width);
    }

    /** What a query from s to g must answer: START_INVALID, GOAL_INVALID, FOUND or NO_PATH. */
    PathStatus expected(int s, int g, double[] fromStart) {
        if (!ref.fits(s % ref.width, s / ref.width)) {
            return PathStatus.START_INVALID;
        }
        if (!ref.fits(g % ref.width, g / ref.width)) {
            return PathStatus.GOAL_INVALID;
        }
        return fromStart[g] < Double.POSITIVE_INFINITY ? PathStatus.FOUND : PathStatus.NO_PATH;
    }

    /** A found path checked move by move: start to goal, each step a legal move, the cost the sum of its steps. */
    void checkCellPath(int[] path, double cost, int s, int g, String where) {
        if (path.length == 0 || path[0] != s || path[path.length - 1] != g) {
            throw new AssertionError("the path does not run from " + s + " to " + g + ": " + where);
        }
        double sum = 0;
        for (int i = 0; i + 1 < path.length; i++) {
            if (!ref.move(path[i], path[i + 1])) {
                throw new AssertionError(
                        "step " + i + " " + path[i] + " -> " + path[i + 1] + " is not a legal move: " + where);
            }
            sum += ref.step(path[i], path[i + 1]);
        }
        if (!RefGrid.close(sum, cost)) {
            throw new AssertionError("the cost " + cost + " is not the sum of the steps " + sum + ": " + where);
        }
    }

    static void sameResult(GridPath a, GridPath b, String where) {
        if (a.status() != b.status()
                || Double.doubleToRawLongBits(a.cost()) != Double.doubleToRawLongBits(b.cost())
                || !Arrays.equals(a.cellIndices(), b.cellIndices())
                || a.expandedCount() != b.expandedCount()
                || a.iterations() != b.iterations()) {
            throw new AssertionError("sliced and whole differ: " + a + " vs " + b + ": " + where);
        }
    }

    String describe(int s, int g) {
        return s + " -> " + g + " on " + ref.width + " x " + ref.height + " " + connectivity + " " + rule + " size "
                + ref.size + " costs " + Arrays.toString(Arrays.copyOf(ref.multiplier, 4));
    }

    @Override
    public void close() {
        grid.close();
    }
}
