package org.onepath.grids.hpa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;
import org.onepath.grids.SearchStatus;

/**
 * Area multipliers may be any positive finite double, so near the top of the range costs
 * overflow, and there HPA* can miss a path A* finds (docs/hpa.md, "Costs near the top of the
 * double range"): a path whose finite steps add up to +infinity, which A* reports with that cost
 * and HPA* reads as "no route inside the chunk"; and a step whose own cost is +infinity, which is
 * no move, inside an entrance. Without an overflow both find the path.
 */
class HpaCostOverflowTest {
    private static final GridOptions EIGHT_NCC = GridOptions.builder()
            .connectivity(Connectivity.EIGHT)
            .diagonalRule(DiagonalRule.NO_CORNER_CUTTING)
            .build();

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
    void aStepCostingInfinityCanCutAnEntranceOffFromTheStart() {
        // Chunks of 4 over 8 x 2, four moves: the border 3 | 4 is open in both rows, narrower than
        // the threshold, so its one transition is row 0: (3, 0) | (4, 0). The start (4, 1) and the
        // node (4, 0) are both area 1 at Double.MAX_VALUE: the step between them costs
        // (MAX + MAX) * 0.5 = +infinity and is no move, and (5, 0) is a wall, so inside chunk 1 the
        // start reaches no node. A* crosses in row 1 at a finite cost.
        try (Grid grid = Grid.create(8, 2)) {
            grid.areas().set(1, Double.MAX_VALUE);
            grid.setArea(4, 0, 1);
            grid.setArea(4, 1, 1);
            grid.setArea(5, 0, Grid.WALL);
            GridOptions four =
                    GridOptions.builder().connectivity(Connectivity.FOUR).build();
            GridPath exact = grid.findPath(new Cell(4, 1), new Cell(0, 0), four);
            assertEquals(PathStatus.FOUND, exact.status());
            assertTrue(Double.isFinite(exact.cost()), "A* cost " + exact.cost());
            try (HpaHierarchy h = new HpaHierarchy(grid, 4, 1, Connectivity.FOUR, DiagonalRule.NO_CORNER_CUTTING);
                    HpaSearch search = new HpaSearch(h, true)) {
                assertEquals(PathStatus.IN_PROGRESS, search.tryBegin(8 + 4, 0));
                assertEquals(SearchStatus.NO_PATH, search.step(Integer.MAX_VALUE));
            }
        }
    }

    @Test
    void withoutAnOverflowBothFindThePath() {
        try (Grid grid = Grid.create(8, 4)) {
            grid.areas().set(0, 1e307); // seven steps of 1e307: finite
            GridPath exact = grid.findPath(new Cell(0, 0), new Cell(7, 0), EIGHT_NCC);
            assertEquals(PathStatus.FOUND, exact.status());
            assertTrue(Double.isFinite(exact.cost()), "A* cost " + exact.cost());
            assertEquals(SearchStatus.FOUND, hpa(grid));
        }
    }
}
