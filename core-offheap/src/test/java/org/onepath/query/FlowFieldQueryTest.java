package org.onepath.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.GridOptions;
import org.onepath.HexGrid;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;

/** The flow-field driver over square and hex cells, without the tier-1 field on top. */
class FlowFieldQueryTest {
    private static final SquareQueryOptions EIGHT = new SquareQueryOptions(
            SquareEngine.ASTAR,
            Connectivity.EIGHT,
            DiagonalRule.NO_CORNER_CUTTING,
            1,
            SquareEstimate.AUTO,
            1.0,
            null,
            null,
            true,
            16,
            true,
            false,
            false);

    @Test
    void aSquareFieldRepairsAnEditLocallyAndPointsAlongTheMoves() {
        try (Grid grid = Grid.create(6, 5);
                FlowFieldQuery field = FlowFieldQuery.square(grid, List.of(new Cell(5, 4)), EIGHT, 0)) {
            assertFalse(field.isHex());
            assertTrue(field.isCurrent());
            assertEquals(0.0, field.flowField().cost(field.indexOf(5, 4)));
            int next = field.flowField().next(field.indexOf(0, 0));
            assertEquals(1 * 6 + 1, next, "the diagonal towards the goal");
            assertEquals(Math.sqrt(0.5), field.vectorX(0, 0, next), 1e-15);
            assertEquals(Math.sqrt(0.5), field.vectorY(0, 0, next), 1e-15);
            grid.setArea(2, 2, Grid.WALL);
            assertFalse(field.isCurrent());
            assertEquals(1, field.pendingEdits());
            assertThrows(IllegalStateException.class, field::ensureCurrent);
            assertTrue(field.refresh());
            assertEquals(1, field.repairCount());
            assertEquals(Double.POSITIVE_INFINITY, field.flowField().cost(field.indexOf(2, 2)));
        }
    }

    @Test
    void aHexFieldNamesItsGridInErrorsAndStopsListeningWhenClosed() {
        try (HexGrid grid = HexGrid.create(4, 3)) {
            FlowFieldQuery field = FlowFieldQuery.hex(grid, List.of(new Cell(0, 0)), 0);
            assertTrue(field.isHex());
            IllegalArgumentException outside = assertThrows(IllegalArgumentException.class, () -> field.indexOf(4, 0));
            assertEquals("cell (4, 0) is outside the 4 x 3 hex grid", outside.getMessage());
            IllegalArgumentException goal = assertThrows(
                    IllegalArgumentException.class, () -> FlowFieldQuery.hex(grid, List.of(new Cell(0, 3)), 0));
            assertEquals("goal (0, 3) is outside the 4 x 3 hex grid", goal.getMessage());
            field.close();
            assertTrue(field.isClosed());
            grid.setArea(1, 1, 255); // heard by nobody: the closed field unregistered
            assertThrows(IllegalStateException.class, field::pendingEdits);
        }
    }

    @Test
    void theTierOneFieldDelegatesToTheDriver() {
        try (Grid grid = Grid.create(3, 3);
                var field = grid.createFlowField(List.of(new Cell(2, 2)), GridOptions.DEFAULT)) {
            assertEquals(new Cell(1, 1), field.next(new Cell(0, 0)));
            assertEquals("GridFlowField[3 x 3, 1 goals]", field.toString());
        }
    }
}
