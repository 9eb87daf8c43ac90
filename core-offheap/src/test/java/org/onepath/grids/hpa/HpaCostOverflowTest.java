package org.onepath.grids.hpa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.onepath.Cell;
import org.onepath.Connectivity;
import org.onepath.DiagonalRule;
import org.onepath.Grid;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.PathStatus;
import org.onepath.grids.SearchStatus;
import org.junit.jupiter.api.Test;

/**
 * Area multipliers may be any positive finite double, so near the top of the range the sum of
 * finite step costs overflows to +infinity. A* still reports such a path, with cost +infinity;
 * HPA*'s intra-edges use +infinity for "no route inside the chunk", so it reports no path
 * (docs/hpa.md, "Costs that overflow"). Just below the overflow both find the path.
 */
class HpaCostOverflowTest {
    private static final GridOptions EIGHT_NCC = GridOptions.builder()
            .connectivity(Connectivity.EIGHT).diagonalRule(DiagonalRule.NO_CORNER_CUTTING).build();

    private static SearchStatus hpa(Grid grid) {
        try (HpaHierarchy h = new HpaHierarchy(grid, 4, 1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
             HpaSearch search = new HpaSearch(h, true)) {
            assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(0, 7));
            return search.step(Integer.MAX_VALUE);
        }
    }

    @Test
    void aPathWhoseCostOverflowsIsFoundByAStarButNotByHpa() {
        try (Grid grid = Grid.create(8, 4)) {
            grid.areas().set(0, 6e307); // each step 6e307, finite; the third one takes the sum past the range
            GridPath exact = grid.findPath(new Cell(0, 0), new Cell(7, 0), EIGHT_NCC);
            assertEquals(PathStatus.FOUND, exact.status());
            assertEquals(Double.POSITIVE_INFINITY, exact.cost());
            assertEquals(SearchStatus.NO_PATH, hpa(grid));
        }
    }

    @Test
    void justBelowTheOverflowBothFindThePath() {
        try (Grid grid = Grid.create(8, 4)) {
            grid.areas().set(0, 1e307); // seven steps of 1e307: finite
            GridPath exact = grid.findPath(new Cell(0, 0), new Cell(7, 0), EIGHT_NCC);
            assertEquals(PathStatus.FOUND, exact.status());
            assertTrue(Double.isFinite(exact.cost()), "A* cost " + exact.cost());
            assertEquals(SearchStatus.FOUND, hpa(grid));
        }
    }
}
