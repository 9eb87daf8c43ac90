package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.CellBlocker;
import org.onepath.cells.CellStepCost;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.HexLayout;

/** The tier-1 flow field: goals, delegates, directions, staleness, edits, close and bad input. */
class GridFlowFieldTest {
    private static final double SQRT2 = Math.sqrt(2);

    @Test
    void costsAreTheCheapestWayToTheNearestGoal() {
        try (Grid grid = Grid.fromText("""
                .....
                .###.
                .....
                """);
                GridFlowField f =
                        grid.createFlowField(List.of(new Cell(0, 0), new Cell(4, 2)), GridOptions.FOUR_CONNECTED)) {
            assertEquals(0.0, f.cost(0, 0));
            assertEquals(0.0, f.cost(new Cell(4, 2)));
            assertEquals(2.0, f.cost(2, 0), "two steps from either goal");
            assertEquals(Double.POSITIVE_INFINITY, f.cost(2, 1), "a wall");
            assertEquals(1.0, f.cost(4, 1));
            assertEquals(12, f.settled(), "every open cell settles once");
            assertEquals(
                    List.of(new Cell(2, 0), new Cell(1, 0), new Cell(0, 0)),
                    f.pathFrom(new Cell(2, 0)),
                    "west (cost 1 + 1) beats east (cost 3 + 1)");
            assertEquals(List.of(new Cell(4, 2)), f.pathFrom(new Cell(4, 2)), "a goal's path is the goal");
            assertTrue(f.pathFrom(new Cell(1, 1)).isEmpty(), "no path from a wall");
            assertNull(f.next(new Cell(0, 0)));
            assertEquals(new Cell(4, 2), f.next(new Cell(4, 1)));
        }
    }

    @Test
    void goalsTheAgentCannotStandOnAreInactive() {
        try (Grid grid = Grid.fromText("""
                ....
                ..#.
                ....
                """);
                GridFlowField f =
                        grid.createFlowField(List.of(new Cell(2, 1), new Cell(0, 0)), GridOptions.forAgentSize(2))) {
            assertEquals(Double.POSITIVE_INFINITY, f.cost(2, 1), "a wall goal is inactive");
            assertEquals(0.0, f.cost(0, 0), "(0, 0) fits a 2 x 2 agent");
            assertEquals(Double.POSITIVE_INFINITY, f.cost(1, 0), "(1, 0)'s 2 x 2 block holds the wall");
            assertEquals(Double.POSITIVE_INFINITY, f.cost(3, 0), "(3, 0)'s block leaves the grid");
            assertEquals(1.0, f.cost(0, 1));
        }
        try (Grid grid = Grid.fromText("#.");
                GridFlowField f = grid.createFlowField(new Cell(0, 0))) {
            assertEquals(Double.POSITIVE_INFINITY, f.cost(1, 0), "the only goal is a wall: nothing is reachable");
            assertEquals(0, f.settled());
            assertTrue(f.isCurrent());
        }
    }

    @Test
    void theBlockedDelegateIsolatesACellAndTheStepCostSeesTheMoveOut() {
        CellBlocker blocked = (x, y) -> x == 2;
        GridOptions options = GridOptions.builder().blocked(blocked).build();
        try (Grid grid = Grid.create(5, 1);
                GridFlowField f = grid.createFlowField(List.of(new Cell(4, 0)), options)) {
            assertEquals(1.0, f.cost(3, 0));
            assertEquals(Double.POSITIVE_INFINITY, f.cost(2, 0), "no move out of a blocked cell");
            assertEquals(Double.POSITIVE_INFINITY, f.cost(1, 0), "no move into it");
        }
        try (Grid grid = Grid.create(5, 1);
                GridFlowField f = grid.createFlowField(List.of(new Cell(2, 0)), options)) {
            assertEquals(0.0, f.cost(2, 0), "a blocked goal keeps cost 0 but reaches nobody");
            assertEquals(Double.POSITIVE_INFINITY, f.cost(1, 0));
        }
        // moves out of the left half cost triple; the delegate sees (from, to)
        CellStepCost leftDear = (fx, fy, tx, ty, cost) -> fx < 2 ? 3 * cost : cost;
        GridOptions dear = GridOptions.builder().stepCost(leftDear).build();
        try (Grid grid = Grid.create(5, 1);
                GridFlowField f = grid.createFlowField(List.of(new Cell(4, 0)), dear)) {
            assertEquals(2.0, f.cost(2, 0));
            assertEquals(5.0, f.cost(1, 0), "the move out of (1, 0) costs 3");
            assertEquals(8.0, f.cost(0, 0));
        }
    }

    /**
     * Free moves (a step-cost delegate returning 0) tie costs across cells, the one case where a
     * node's direction cannot be settled when it pops: the field must still name the first
     * neighbour attaining the minimum over its final costs, and the costs must be the shortest.
     */
    @Test
    void freeMovesStillFollowTheFirstMinimumRule() {
        CellStepCost freeColumns = (fx, fy, tx, ty, cost) -> fx >= 2 && fx <= 4 && tx >= 2 && tx <= 4 ? 0.0 : cost;
        for (Connectivity connectivity : Connectivity.values()) {
            GridOptions options = GridOptions.builder()
                    .connectivity(connectivity)
                    .stepCost(freeColumns)
                    .build();
            ReferenceGrid ref = ReferenceGrid.parse("""
                    ........
                    ..#..#..
                    ...2....
                    .#...#1.
                    ........""");
            ref.setMultiplier(2, 3.0);
            ref.setMultiplier(1, 0.5);
            boolean eight = connectivity == Connectivity.EIGHT;
            int w = ref.width();
            int n = w * ref.height();
            try (Grid grid = ref.toGrid();
                    GridFlowField f = grid.createFlowField(List.of(new Cell(7, 0)), options)) {
                // Bellman-Ford over the moves with the delegate's costs
                double[] cost = new double[n];
                java.util.Arrays.fill(cost, Double.POSITIVE_INFINITY);
                cost[7] = 0;
                for (boolean changed = true; changed; ) {
                    changed = false;
                    for (int i = 0; i < n; i++) {
                        if (!ref.open(i % w, i / w)) {
                            continue;
                        }
                        for (ReferenceGrid.Move m : ref.moves(i % w, i / w, eight, DiagonalRule.NO_CORNER_CUTTING, 1)) {
                            double c = cost[m.y() * w + m.x()] + freeColumns.cost(i % w, i / w, m.x(), m.y(), m.cost());
                            if (c < cost[i]) {
                                cost[i] = c;
                                changed = true;
                            }
                        }
                    }
                }
                for (int i = 0; i < n; i++) {
                    assertEquals(
                            cost[i], f.cost(i % w, i / w), connectivity + " cost of (" + i % w + ", " + i / w + ")");
                    int expected = -1;
                    if (cost[i] < Double.POSITIVE_INFINITY && i != 7) {
                        double min = Double.POSITIVE_INFINITY;
                        for (ReferenceGrid.Move m : ref.moves(i % w, i / w, eight, DiagonalRule.NO_CORNER_CUTTING, 1)) {
                            double c = f.cost(m.x(), m.y()) + freeColumns.cost(i % w, i / w, m.x(), m.y(), m.cost());
                            if (c < min) {
                                min = c;
                                expected = m.y() * w + m.x();
                            }
                        }
                    }
                    assertEquals(
                            expected,
                            f.nextIndex(i % w, i / w),
                            connectivity + " next of (" + i % w + ", " + i / w + ")");
                }
            }
        }
    }

    @Test
    void directionsAreUnitVectorsTowardsTheNextCentre() {
        try (Grid grid = Grid.create(9, 9)) {
            grid.space(new GridSpace(-3.5, 10, 2.5));
            try (GridFlowField f = grid.createFlowField(new Cell(4, 4))) {
                assertEquals(FlowDirection.NONE, f.direction(new Cell(4, 4)), "no direction at the goal");
                FlowDirection se = f.direction(new Cell(0, 0));
                assertEquals(1 / SQRT2, se.x(), 1e-15);
                assertEquals(1 / SQRT2, se.y(), 1e-15);
                assertEquals(new FlowDirection(-1, 0), f.direction(new Cell(8, 4)), "straight west");
                for (int y = 0; y < 9; y++) {
                    for (int x = 0; x < 9; x++) {
                        Cell next = f.next(new Cell(x, y));
                        if (next == null) {
                            continue;
                        }
                        WorldPoint a = grid.space().centerOf(x, y);
                        WorldPoint b = grid.space().centerOf(next.x(), next.y());
                        double dx = b.x() - a.x();
                        double dy = b.y() - a.y();
                        double length = Math.hypot(dx, dy);
                        assertEquals(dx / length, f.directionX(x, y), 1e-12);
                        assertEquals(dy / length, f.directionY(x, y), 1e-12);
                    }
                }
            }
        }
        for (HexLayout layout : HexLayout.values()) {
            try (HexGrid hex = HexGrid.create(7, 6, layout)) {
                hex.space(new HexSpace(1.5, -2, 3));
                try (GridFlowField f = hex.createFlowField(new Cell(3, 3))) {
                    int directions = 0;
                    for (int row = 0; row < 6; row++) {
                        for (int col = 0; col < 7; col++) {
                            Cell next = f.next(new Cell(col, row));
                            if (next == null) {
                                continue;
                            }
                            WorldPoint a = hex.centerOf(col, row);
                            WorldPoint b = hex.centerOf(next);
                            double length = Math.hypot(b.x() - a.x(), b.y() - a.y());
                            assertEquals(3.0, length, 1e-9, "adjacent hex centres are one cell size apart");
                            FlowDirection d = f.direction(new Cell(col, row));
                            assertEquals(
                                    (b.x() - a.x()) / length, d.x(), 1e-12, layout + " (" + col + ", " + row + ")");
                            assertEquals(
                                    (b.y() - a.y()) / length, d.y(), 1e-12, layout + " (" + col + ", " + row + ")");
                            assertEquals(1.0, Math.hypot(d.x(), d.y()), 1e-15);
                            directions++;
                        }
                    }
                    assertEquals(41, directions, "every cell but the goal has a direction");
                }
            }
        }
    }

    @Test
    void readsRefuseAStaleFieldUntilRefreshed() {
        try (Grid grid = Grid.create(6, 6);
                GridFlowField f = grid.createFlowField(new Cell(0, 0))) {
            assertTrue(f.isCurrent());
            grid.setWalkable(3, 3, false);
            assertEquals(1, f.pendingEdits());
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> f.cost(5, 5));
            assertTrue(e.getMessage().contains("refresh()"), e.getMessage());
            assertTrue(f.refresh());
            assertEquals(0, f.pendingEdits());
            assertEquals(Double.POSITIVE_INFINITY, f.cost(3, 3));
            assertEquals(1, f.repairCount(), "one edit: a repair");

            grid.areas().set(0, 2.0);
            assertFalse(f.isCurrent(), "a multiplier change is heard through the area version");
            assertThrows(IllegalStateException.class, () -> f.nextIndex(1, 1));
            assertTrue(f.refresh());
            assertEquals(1, f.repairCount(), "a multiplier change recomputes everything");
            assertEquals(2.0, f.cost(1, 0));

            byte[] saved = grid.saveState();
            grid.setWalkable(0, 5, false);
            f.refresh();
            assertEquals(2, f.repairCount());
            grid.restoreState(saved);
            assertFalse(f.isCurrent(), "a grid restore makes derived data stale");
            assertTrue(f.refresh());
            assertEquals(2, f.repairCount(), "after a restore the field recomputes");
            try (GridFlowField fresh = grid.createFlowField(new Cell(0, 0))) {
                FlowFieldRepairTest.assertSame(fresh, f, "after restore", -1, List.of());
            }
        }
    }

    @Test
    void rectangleEditsAreRepairedAsOne() {
        try (Grid grid = Grid.create(30, 30);
                GridFlowField f = grid.createFlowField(List.of(new Cell(0, 0)), GridOptions.forAgentSize(2))) {
            grid.setRect(10, 10, 5, 3, Grid.WALL);
            assertEquals(15, f.pendingEdits(), "a rectangle's cells become pending");
            assertTrue(f.refresh());
            assertEquals(1, f.repairCount());
            try (GridFlowField fresh = grid.createFlowField(List.of(new Cell(0, 0)), GridOptions.forAgentSize(2))) {
                FlowFieldRepairTest.assertSame(fresh, f, "rect", -1, List.of("rect"));
            }
            assertEquals(Double.POSITIVE_INFINITY, f.cost(9, 9), "a 2 x 2 agent at (9, 9) overlaps the wall");
        }
    }

    @Test
    void badInputIsRefusedWithTheValueNamed() {
        try (Grid grid = Grid.create(4, 3)) {
            IllegalArgumentException outside = assertThrows(
                    IllegalArgumentException.class,
                    () -> grid.createFlowField(List.of(new Cell(1, 1), new Cell(4, 0)), GridOptions.DEFAULT));
            assertTrue(outside.getMessage().contains("(4, 0)"), outside.getMessage());
            IllegalArgumentException none = assertThrows(
                    IllegalArgumentException.class, () -> grid.createFlowField(List.of(), GridOptions.DEFAULT));
            assertTrue(none.getMessage().contains("at least one goal"), none.getMessage());
            try (GridFlowField f = grid.createFlowField(new Cell(0, 0))) {
                IllegalArgumentException cell = assertThrows(IllegalArgumentException.class, () -> f.cost(-1, 2));
                assertTrue(cell.getMessage().contains("(-1, 2)"), cell.getMessage());
                assertThrows(IllegalArgumentException.class, () -> f.pathFrom(new Cell(0, 3)));
                assertThrows(IllegalArgumentException.class, () -> f.direction(new Cell(4, 0)));
                assertThrows(IllegalArgumentException.class, () -> f.step(-1));
            }
        }
        try (HexGrid hex = HexGrid.create(3, 3)) {
            assertThrows(IllegalArgumentException.class, () -> hex.createFlowField(new Cell(3, 3)));
        }
    }

    @Test
    void closingFreesTheFieldAndStopsListening() {
        Grid grid = Grid.create(5, 5);
        GridFlowField f = grid.createFlowField(new Cell(2, 2));
        f.close();
        f.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> f.cost(0, 0));
        assertTrue(e.getMessage().contains("GridFlowField"), e.getMessage());
        grid.setWalkable(1, 1, false); // heard by no one: the closed field is unregistered
        GridFlowField other = grid.createFlowField(new Cell(2, 2));
        grid.close();
        assertThrows(IllegalStateException.class, () -> other.cost(0, 0), "a closed grid's field refuses reads");
        other.close();
    }

    @Test
    void hexFieldsRepairEditsToo() {
        try (HexGrid hex = HexGrid.fromText("""
                ......
                .##...
                ...#..
                ......
                """, HexLayout.FLAT_ODD_COLUMN);
                GridFlowField f = hex.createFlowField(new Cell(0, 0))) {
            assertTrue(f.isHex());
            hex.setWalkable(1, 0, false);
            hex.setRect(4, 2, 2, 2, 3);
            assertTrue(f.refresh());
            assertEquals(1, f.repairCount());
            try (GridFlowField fresh = hex.createFlowField(new Cell(0, 0))) {
                FlowFieldRepairTest.assertSame(fresh, f, "hex", -1, List.of("hex edits"));
            }
        }
    }
}
