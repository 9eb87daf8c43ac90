package org.onepath.grids.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.GridFlowField;
import org.onepath.GridOptions;
import org.onepath.HexGrid;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridTopology;
import org.onepath.grids.HexTopology;
import org.onepath.grids.SquareTopology;

/**
 * A field computed in slices of 1..50 iterations equals the unsliced field: the same cost bytes,
 * the same directions and the same settled count, each slice doing exactly its budget until the
 * last; the same for a repair, for hex grids, and through the tier-1 iteration budget.
 */
class FlowFieldSlicingTest {

    private static Grid randomGrid(long seed, int w, int h) {
        SplittableRandom random = new SplittableRandom(seed);
        Grid grid = Grid.create(w, h);
        grid.areas().set(1, 2.5);
        grid.areas().set(2, 0.7);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int r = random.nextInt(10);
                grid.setArea(x, y, r < 2 ? 255 : r < 4 ? 1 : r < 5 ? 2 : 0);
            }
        }
        return grid;
    }

    private static void assertSameField(FlowField<?, ?> expected, FlowField<?, ?> actual, String what) {
        assertEquals(FlowStatus.COMPLETE, actual.status(), what);
        assertEquals(-1, expected.costs().mismatch(actual.costs()), what + ": cost bytes");
        assertEquals(-1, expected.directions().mismatch(actual.directions()), what + ": directions");
        assertEquals(expected.settled(), actual.settled(), what + ": settled");
    }

    /** Steps in slices of {@code budget}, checking each slice's count; returns the number of slices. */
    private static int sliced(FlowField<?, ?> field, int budget) {
        int slices = 0;
        while (field.status() == FlowStatus.RUNNING) {
            int before = field.settled();
            FlowStatus s = field.step(budget);
            slices++;
            int done = field.settled() - before;
            if (s == FlowStatus.RUNNING) {
                assertEquals(budget, done, "a slice that leaves work does its whole budget");
            } else {
                assertTrue(done <= budget, "a slice never exceeds its budget");
            }
        }
        return slices;
    }

    @Test
    void slicedFieldsEqualTheUnslicedField() {
        try (Grid grid = randomGrid(3, 23, 19)) {
            SquareTopology topology = grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_SQUEEZING);
            int[] goals = {grid.indexOf(3, 4), grid.indexOf(20, 15)};
            try (FlowField<SquareTopology, DefaultStepCost> whole =
                    new FlowField<>(topology, DefaultStepCost.INSTANCE, goals)) {
                whole.begin();
                assertEquals(FlowStatus.COMPLETE, whole.run());
                for (int budget = 1; budget <= 50; budget++) {
                    try (FlowField<SquareTopology, DefaultStepCost> f =
                            new FlowField<>(topology, DefaultStepCost.INSTANCE, goals)) {
                        f.begin();
                        int slices = sliced(f, budget);
                        assertTrue(
                                slices >= whole.settled() / budget, "budget " + budget + " took " + slices + " slices");
                        assertSameField(whole, f, "budget " + budget);
                    }
                }
            }
        }
    }

    @Test
    void slicedRepairsEqualTheUnslicedRepair() {
        try (Grid grid = randomGrid(11, 21, 17)) {
            grid.setArea(10, 8, 0);
            int[] goals = {grid.indexOf(10, 8)};
            int area = grid.area(4, 3) == 0 ? 1 : 0;
            SquareTopology topology = grid.createTopology(1, Connectivity.FOUR, DiagonalRule.NO_CORNER_CUTTING);
            try (FlowField<GridTopology, DefaultStepCost> whole =
                    editedAndRepaired(grid, topology, goals, area, Integer.MAX_VALUE)) {
                for (int budget = 1; budget <= 50; budget++) {
                    try (FlowField<GridTopology, DefaultStepCost> f =
                            editedAndRepaired(grid, topology, goals, area, budget)) {
                        assertSameField(whole, f, "repair with budget " + budget);
                    }
                }
            }
        }
    }

    /**
     * A field computed on the grid as it was, then two edits, marked and repaired in slices of
     * {@code budget}; the grid is put back before the field is built, so every call starts alike.
     */
    private static FlowField<GridTopology, DefaultStepCost> editedAndRepaired(
            Grid grid, SquareTopology topology, int[] goals, int area, int budget) {
        grid.setWalkable(9, 8, true);
        grid.setArea(4, 3, area == 0 ? 1 : 0);
        FlowField<GridTopology, DefaultStepCost> f = new FlowField<>(topology, DefaultStepCost.INSTANCE, goals);
        f.begin();
        f.run();
        grid.setWalkable(9, 8, false);
        grid.setArea(4, 3, area);
        markAround(f, grid, 9, 8);
        markAround(f, grid, 4, 3);
        f.repair();
        assertTrue(f.isRepairing(), "the wall next to the goal invalidates cells: the repair runs");
        sliced(f, budget);
        assertFalse(f.isRepairing());
        return f;
    }

    @Test
    void slicedHexFieldsEqualTheUnslicedField() {
        try (HexGrid grid = HexGrid.fromText("""
                ..1....#..
                .##.2..#..
                ...#....1.
                .2...##...
                ....1.....
                """)) {
            HexTopology topology = grid.createTopology();
            try (FlowField<HexTopology, DefaultStepCost> whole =
                    new FlowField<>(topology, DefaultStepCost.INSTANCE, 0, 49)) {
                whole.begin();
                whole.run();
                for (int budget = 1; budget <= 50; budget++) {
                    try (FlowField<HexTopology, DefaultStepCost> f =
                            new FlowField<>(topology, DefaultStepCost.INSTANCE, 49, 0)) {
                        f.begin();
                        sliced(f, budget);
                        assertSameField(whole, f, "hex budget " + budget);
                    }
                }
            }
        }
    }

    @Test
    void theTierOneBudgetBoundsTheConstructorAndStepFinishes() {
        try (Grid grid = randomGrid(5, 30, 30)) {
            Cell goal = new Cell(15, 15);
            try (GridFlowField whole = grid.createFlowField(java.util.List.of(goal), GridOptions.DEFAULT)) {
                for (int budget = 1; budget <= 50; budget += 7) {
                    GridOptions options =
                            GridOptions.builder().iterationBudget(budget).build();
                    try (GridFlowField f = grid.createFlowField(java.util.List.of(goal), options)) {
                        assertFalse(f.isComplete(), "budget " + budget + " is too small for a 30 x 30 field");
                        assertEquals(budget, f.settled(), "the constructor does exactly its budget");
                        assertThrows(IllegalStateException.class, () -> f.cost(goal), "reads wait for completion");
                        while (!f.step(budget)) {
                            assertTrue(f.settled() % budget == 0);
                        }
                        assertEquals(whole.settled(), f.settled());
                        assertSameField(whole.flowField(), f.flowField(), "tier 1 budget " + budget);
                        assertEquals(whole.cost(new Cell(0, 0)), f.cost(new Cell(0, 0)));
                    }
                }
            }
        }
    }

    private static void markAround(FlowField<?, ?> f, Grid grid, int x, int y) {
        for (int yy = Math.max(0, y - 1); yy <= Math.min(grid.height() - 1, y + 1); yy++) {
            for (int xx = Math.max(0, x - 1); xx <= Math.min(grid.width() - 1, x + 1); xx++) {
                f.markDirty(grid.indexOf(xx, yy));
            }
        }
    }
}
