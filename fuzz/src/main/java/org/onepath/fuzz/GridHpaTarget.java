package org.onepath.fuzz;

import java.util.Arrays;
import java.util.Random;
import org.onepath.Grid;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.hpa.HpaHierarchy;
import org.onepath.grids.hpa.HpaSearch;

/**
 * {@code gridhpa}: {@link Grid#fromState(byte[])}, then HPA* on the grid read. Options and queries
 * come from the input's hash (moves, a supported rule, agent size 1-2, chunk 2-16), so a finding
 * replays. Checks: HPA* finds a path exactly when A* does, never cheaper (unless costs may pass the
 * double range, {@link #costsMayOverflow}), start to goal through neighbouring cells the agent fits,
 * with the cost the sum of its steps; after one edit the refreshed hierarchy equals a fresh build.
 * Seeds: the grid states of the {@code grid} target.
 */
public final class GridHpaTarget implements Target {
    /** Grids above this many cells are read but not searched, to keep an input fast. */
    private static final int MAX_SEARCHED_CELLS = 1 << 14;

    @Override
    public String name() {
        return "gridhpa";
    }

    @Override
    public void run(byte[] input) {
        try (Grid grid = Grid.fromState(input)) {
            if (grid.cellCount() > MAX_SEARCHED_CELLS) {
                return;
            }
            Random rnd = new Random(Arrays.hashCode(input));
            boolean eight = rnd.nextBoolean();
            DiagonalRule rule = eight
                    ? (rnd.nextBoolean() ? DiagonalRule.NO_CORNER_CUTTING : DiagonalRule.NO_SQUEEZING)
                    : DiagonalRule.values()[rnd.nextInt(3)];
            Connectivity moves = eight ? Connectivity.EIGHT : Connectivity.FOUR;
            int size = 1 + rnd.nextInt(2);
            int chunk = 2 + rnd.nextInt(15);
            GridOptions astar = GridOptions.builder()
                    .connectivity(moves)
                    .diagonalRule(rule)
                    .agentSize(size)
                    .build();
            int[] open = new int[grid.cellCount()];
            int count = 0;
            for (int i = 0; i < grid.cellCount(); i++) {
                if (grid.canFit(i % grid.width(), i / grid.width(), size)) {
                    open[count++] = i;
                }
            }
            try (HpaHierarchy hierarchy = new HpaHierarchy(grid, chunk, size, moves, rule);
                    HpaSearch search = new HpaSearch(hierarchy, rnd.nextBoolean())) {
                double largest = 0;
                for (int area = 0; area < Grid.WALL; area++) {
                    largest = Math.max(largest, grid.areas().get(area));
                }
                boolean mayOverflow = costsMayOverflow(largest, grid.cellCount());
                for (int q = 0; q < 3 && count > 0; q++) {
                    int s = open[rnd.nextInt(count)];
                    int g = open[rnd.nextInt(count)];
                    check(grid, search, astar, s, g, size, mayOverflow);
                }
                int w = grid.width();
                int at = rnd.nextInt(grid.cellCount());
                grid.setArea(at % w, at / w, rnd.nextBoolean() ? Grid.WALL : rnd.nextInt(4));
                try (HpaHierarchy fresh = new HpaHierarchy(grid, chunk, size, moves, rule)) {
                    if (!hierarchy.contentEquals(fresh) || hierarchy.contentHash() != fresh.contentHash()) {
                        throw new AssertionError("after an edit of cell " + at + " the refreshed " + hierarchy
                                + " differs from a fresh build");
                    }
                }
            }
        }
    }

    /**
     * Whether some cost HPA* or A* adds up may pass the double range: a step costs at most
     * {@code largest * sqrt2}, and a refined path has fewer than {@code cells^2} steps. Beyond that
     * HPA* can miss a path A* finds (docs/hpa.md, "Costs near the top of the double range"), so
     * only the path's own checks apply.
     */
    static boolean costsMayOverflow(double largestMultiplier, int cells) {
        return largestMultiplier * Math.sqrt(2.0) * cells * cells >= Double.MAX_VALUE;
    }

    private static void check(
            Grid grid, HpaSearch search, GridOptions astar, int s, int g, int size, boolean mayOverflow) {
        int w = grid.width();
        GridPath exact = grid.findPath(new Cell(s % w, s / w), new Cell(g % w, g / w), astar);
        if (search.tryBegin(s, g) != PathStatus.IN_PROGRESS) {
            throw new AssertionError("HPA* refused ends A* accepted: " + s + " -> " + g);
        }
        SearchStatus status = search.step(Integer.MAX_VALUE);
        String where = s + " -> " + g + " on " + search.hierarchy();
        if (!mayOverflow) {
            if ((status == SearchStatus.FOUND) != exact.found()) {
                throw new AssertionError("HPA* " + status + " where A* " + exact.status() + ": " + where);
            }
            if (exact.found() && search.pathCost() < exact.cost() - 1e-9 * Math.max(1, exact.cost())) {
                throw new AssertionError(
                        "HPA* cost " + search.pathCost() + " below A*'s " + exact.cost() + ": " + where);
            }
        }
        if (status != SearchStatus.FOUND) {
            return;
        }
        int[] path = search.path();
        if (path[0] != s || path[path.length - 1] != g) {
            throw new AssertionError("HPA* path does not join its ends: " + where);
        }
        double m = 0;
        for (int i = 0; i + 1 < path.length; i++) {
            int dx = Math.abs(path[i] % w - path[i + 1] % w);
            int dy = Math.abs(path[i] / w - path[i + 1] / w);
            if (dx > 1 || dy > 1 || dx + dy == 0 || !grid.canFit(path[i + 1] % w, path[i + 1] / w, size)) {
                throw new AssertionError(
                        "HPA* step " + i + " " + path[i] + " -> " + path[i + 1] + " is not a move: " + where);
            }
            double mean = (grid.areas().multiplierOf(grid.area(path[i] % w, path[i] / w))
                            + grid.areas().multiplierOf(grid.area(path[i + 1] % w, path[i + 1] / w)))
                    * 0.5;
            m += dx + dy == 2 ? Math.sqrt(2.0) * mean : mean;
        }
        if (m != search.pathCost()) {
            throw new AssertionError(
                    "HPA* cost " + search.pathCost() + " is not the sum of its steps " + m + ": " + where);
        }
    }
}
