package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.GridMath;
import org.onepath.cells.PathStatus;

/** Rules 4 and 5 through tier-1 queries: diagonal rules and the step-cost formula. */
class MovementRulesTest {
    private static final double DIAGONAL = Math.sqrt(2.0);

    private static GridOptions rule(DiagonalRule rule) {
        return GridOptions.builder().diagonalRule(rule).build();
    }

    @Test
    void sqrt2IsTheCorrectlyRoundedSquareRootOfTwo() {
        assertEquals(1.4142135623730951, GridMath.SQRT2);
        assertEquals(0x3FF6A09E667F3BCDL, Double.doubleToRawLongBits(GridMath.SQRT2));
        assertEquals(Double.doubleToRawLongBits(Math.sqrt(2.0)), Double.doubleToRawLongBits(GridMath.SQRT2));
    }

    @Test
    void noCornerCuttingNeedsBothBesideCellsOpen() {
        // start (0, 1), goal (1, 0): the beside cells are (0, 0), a wall, and (1, 1), open
        try (Grid grid = Grid.fromText("#.\n..")) {
            GridPath ncc = grid.findPath(new Cell(0, 1), new Cell(1, 0), rule(DiagonalRule.NO_CORNER_CUTTING));
            assertEquals(List.of(new Cell(0, 1), new Cell(1, 1), new Cell(1, 0)), ncc.cells());
            assertEquals(2.0, ncc.cost());
        }
    }

    @Test
    void noSqueezingNeedsOneBesideCellOpen() {
        try (Grid oneOpen = Grid.fromText("#.\n..");
                Grid noneOpen = Grid.fromText("#.\n.#")) {
            GridPath squeeze = oneOpen.findPath(new Cell(0, 1), new Cell(1, 0), rule(DiagonalRule.NO_SQUEEZING));
            assertEquals(List.of(new Cell(0, 1), new Cell(1, 0)), squeeze.cells());
            assertEquals(DIAGONAL, squeeze.cost());
            assertEquals(
                    PathStatus.NO_PATH,
                    noneOpen.findPath(new Cell(0, 1), new Cell(1, 0), rule(DiagonalRule.NO_SQUEEZING))
                            .status());
            assertEquals(
                    PathStatus.NO_PATH,
                    noneOpen.findPath(new Cell(0, 1), new Cell(1, 0), rule(DiagonalRule.NO_CORNER_CUTTING))
                            .status());
        }
    }

    @Test
    void allowAllNeedsOnlyAnOpenTarget() {
        try (Grid grid = Grid.fromText("#.\n.#")) {
            GridPath path = grid.findPath(new Cell(0, 1), new Cell(1, 0), rule(DiagonalRule.ALLOW_ALL));
            assertEquals(List.of(new Cell(0, 1), new Cell(1, 0)), path.cells());
            assertEquals(DIAGONAL, path.cost());
        }
        try (Grid grid = Grid.fromText(".#\n..")) {
            // the target itself must be open under every rule
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new Cell(0, 1), new Cell(1, 0), rule(DiagonalRule.ALLOW_ALL))
                            .status());
        }
    }

    @Test
    void besideCellsAreTheEdgeNeighboursOfBothEnds() {
        // one diagonal per direction around a centre wall; each has the wall as exactly one beside
        // cell, e.g. (0,1) -> (1,0) has the beside cells (0,0) and (1,1)
        try (Grid grid = Grid.fromText("...\n.#.\n...")) {
            for (int[] move : new int[][] {{0, 1, 1, 0}, {1, 0, 2, 1}, {2, 1, 1, 2}, {1, 2, 0, 1}}) {
                Cell a = new Cell(move[0], move[1]);
                Cell b = new Cell(move[2], move[3]);
                GridPath ncc = grid.findPath(a, b, rule(DiagonalRule.NO_CORNER_CUTTING));
                assertEquals(2.0, ncc.cost(), a + " -> " + b);
                GridPath ns = grid.findPath(a, b, rule(DiagonalRule.NO_SQUEEZING));
                assertEquals(List.of(a, b), ns.cells(), a + " -> " + b);
            }
        }
    }

    @Test
    void fourConnectedQueriesNeverMoveDiagonally() {
        try (Grid grid = Grid.create(3, 3)) {
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(2, 2), GridOptions.FOUR_CONNECTED);
            assertEquals(4.0, path.cost());
            List<Cell> cells = path.cells();
            for (int i = 1; i < cells.size(); i++) {
                int d = Math.abs(cells.get(i).x() - cells.get(i - 1).x())
                        + Math.abs(cells.get(i).y() - cells.get(i - 1).y());
                assertEquals(1, d);
            }
        }
    }

    @Test
    void straightStepCostsTheMeanOfTheTwoMultipliers() {
        try (Grid grid = Grid.fromText("123")) {
            grid.areas().set(1, 3.0);
            grid.areas().set(2, 0.1);
            grid.areas().set(3, 7.3);
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(2, 0));
            double expected = 0.0;
            expected += 1.0 * ((3.0 + 0.1) * 0.5);
            expected += 1.0 * ((0.1 + 7.3) * 0.5);
            assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(path.cost()));
            GridPath back = grid.findPath(new Cell(2, 0), new Cell(0, 0));
            double expectedBack = 0.0;
            expectedBack += 1.0 * ((7.3 + 0.1) * 0.5);
            expectedBack += 1.0 * ((0.1 + 3.0) * 0.5);
            assertEquals(Double.doubleToLongBits(expectedBack), Double.doubleToLongBits(back.cost()));
        }
    }

    @Test
    void diagonalStepCostsSqrt2TimesTheMean() {
        try (Grid grid = Grid.fromText("4#\n#5")) {
            grid.areas().set(4, 0.3);
            grid.areas().set(5, 2.9);
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(1, 1), rule(DiagonalRule.ALLOW_ALL));
            double expected = 0.0 + DIAGONAL * ((0.3 + 2.9) * 0.5);
            assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(path.cost()));
        }
    }

    @Test
    void pathCostIsTheStepCostsSummedInPathOrderFromZero() {
        // multipliers whose sums round differently depending on the order of addition
        ReferenceGrid ref = ReferenceGrid.parse("1234567\n#######".strip());
        double[] m = {0.1, 0.7, 1e-3, 3.3, 0.2, 1.1, 9.7};
        for (int a = 1; a <= 7; a++) {
            ref.setMultiplier(a, m[a - 1]);
        }
        try (Grid grid = ref.toGrid()) {
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(6, 0));
            double sum = 0.0;
            for (int x = 1; x < 7; x++) {
                sum += 1.0 * ((m[x - 1] + m[x]) * 0.5);
            }
            assertEquals(Double.doubleToLongBits(sum), Double.doubleToLongBits(path.cost()));
            GridPath back = grid.findPath(new Cell(6, 0), new Cell(0, 0));
            double backSum = 0.0;
            for (int x = 5; x >= 0; x--) {
                backSum += 1.0 * ((m[x + 1] + m[x]) * 0.5);
            }
            assertEquals(Double.doubleToLongBits(backSum), Double.doubleToLongBits(back.cost()));
        }
    }
}
