package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.HexLayout;
import org.onepath.grids.flow.FlowStatus;
import org.onepath.state.GridStateException;

/**
 * Snapshots of flow fields (kind 7): a restored field goes on exactly as the saved one would have
 * (mid-computation, mid-repair, with edits pending), a rollback of grid then field gives the field
 * of the earlier timeline, a failed restore leaves the field unusable until restored or
 * recomputed, and mismatches are named.
 */
class GridFlowFieldStateTest {

    @Test
    void theGoldenFieldsSitAtTheirDocumentedOffsets() {
        ByteBuffer b = ByteBuffer.wrap(StateGoldens.FLOW_FIELD.readBin()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(10, b.getInt(8), "width");
        assertEquals(7, b.getInt(12), "height");
        assertEquals(3, b.getInt(16), "areaVersion: three multipliers set");
        assertEquals(3, b.getInt(20), "goals as created, the repeat kept");
        assertEquals(11, b.getInt(24));
        assertEquals(58, b.getInt(28));
        assertEquals(11, b.getInt(32));
        assertEquals(1, b.getInt(36), "one pending edit");
        assertEquals(6 * 10 + 2, b.getInt(40), "the pending cell (2, 6)");
        int piece = 44;
        assertEquals(70, b.getInt(piece), "nodeCount");
        assertEquals(FlowStatus.RUNNING.code(), b.get(piece + 4));
        assertEquals(StateGoldens.FLOW_BUDGET, b.getInt(piece + 5), "settled: the repair's budget");
        assertEquals(1, b.get(piece + 9), "repairing");
        assertEquals(2, b.getInt(piece + 10), "goals sorted without repeats");
        int reached = b.getInt(piece + 22);
        int at = piece + 26;
        for (int i = 0; i < reached; i++, at += 12) {
            if (b.getInt(at) == 58 || b.getInt(at) == 11) {
                assertEquals(0.0, b.getDouble(at + 4), "a goal costs 0");
            }
        }
        int steps = b.getInt(at);
        at += 4 + 8 * steps;
        int open = b.getInt(at);
        assertTrue(open > 0, "a running repair has open cells");
        at += 4 + 20 * open;
        int touched = b.getInt(at);
        assertEquals(at + 4 + 4 * touched, b.capacity(), "the touched list ends the state");
        assertEquals(5 * 10 + 7, b.getInt(at + 4 + 4 * 4), "the wall (7, 5) is among the dirty cells");
    }

    @Test
    void theRestoredGoldenRunsOnToTheFieldOfTheEditedGrid() {
        try (StateGoldens.Subject s = StateGoldens.FLOW_FIELD.fresh()) {
            StateGoldens.FlowFieldSubject f = (StateGoldens.FlowFieldSubject) s;
            f.restore(StateGoldens.FLOW_FIELD.readBin());
            assertFalse(f.field.isCurrent(), "a restored running repair with an edit pending");
            assertEquals(1, f.field.pendingEdits());
            f.field.run();
            f.field.refresh();
            f.field.run();
            try (GridFlowField fresh = f.grid.createFlowField(
                    StateGoldens.FLOW_GOALS,
                    GridOptions.DEFAULT.toBuilder()
                            .diagonalRule(DiagonalRule.NO_SQUEEZING)
                            .build())) {
                FlowFieldRepairTest.assertSame(fresh, f.field, "golden", -1, List.of("golden, then run and refresh"));
            }
        }
    }

    /** Saved at every point of a budgeted computation and repair, a restored copy ends where the original ends. */
    @Test
    void aFieldRestoredAtAnyPointEndsAsTheOriginal() {
        GridOptions options =
                GridOptions.builder().agentSize(2).iterationBudget(5).build();
        try (Grid grid = FlowReference.randomGrid(new java.util.SplittableRandom(8), 14, 11, false)
                        .toGrid();
                Grid copyGrid = Grid.fromState(grid.saveState());
                GridFlowField original = grid.createFlowField(List.of(new Cell(1, 1), new Cell(12, 9)), options);
                GridFlowField copy = copyGrid.createFlowField(List.of(new Cell(1, 1), new Cell(12, 9)), options)) {
            int saves = 0;
            for (int phase = 0; phase < 2; phase++) {
                if (phase == 1) {
                    grid.setWalkable(5, 5, false);
                    copyGrid.setWalkable(5, 5, false);
                    original.refresh();
                }
                while (true) {
                    byte[] state = original.saveState();
                    assertEquals(state.length, original.stateLength(), "stateLength at save " + saves);
                    copy.restoreState(state);
                    assertArrayEquals(state, copy.saveState(), "save, restore, save");
                    saves++;
                    if (original.step(3)) {
                        break;
                    }
                }
                copy.run();
                FlowFieldRepairTest.assertSame(original, copy, "restored", -1, List.of("phase " + phase));
            }
            assertTrue(saves > 10, "saved at many points: " + saves);
        }
    }

    @Test
    void rollingBackGridThenFieldGivesTheEarlierField() {
        try (Grid grid = Grid.create(12, 12);
                GridFlowField field = grid.createFlowField(new Cell(6, 6))) {
            grid.setRect(2, 2, 3, 3, Grid.WALL);
            field.refresh();
            byte[] gridAt = grid.saveState();
            byte[] fieldAt = field.saveState();
            double[] costs = costs(field);

            grid.setRect(7, 3, 2, 6, Grid.WALL);
            grid.areas().set(0, 3.0);
            field.refresh();
            assertFalse(Arrays.equals(costs, costs(field)));

            grid.restoreState(gridAt);
            assertFalse(field.isCurrent(), "restoring the grid makes the field stale");
            field.restoreState(fieldAt);
            assertTrue(field.isCurrent(), "restoring the field afterwards makes it current again");
            assertArrayEquals(costs, costs(field));
            assertArrayEquals(fieldAt, field.saveState());
        }
    }

    @Test
    void aFailedRestoreLeavesTheFieldUnusableUntilRestoredOrRecomputed() {
        try (Grid grid = Grid.create(8, 8);
                GridFlowField field = grid.createFlowField(new Cell(0, 0))) {
            byte[] good = field.saveState();
            byte[] bad = Arrays.copyOf(good, good.length - 1);
            assertThrows(GridStateException.class, () -> field.restoreState(bad));
            IllegalStateException read = assertThrows(IllegalStateException.class, () -> field.cost(1, 1));
            assertTrue(read.getMessage().contains("failed restore"), read.getMessage());
            assertThrows(IllegalStateException.class, field::refresh);
            assertThrows(IllegalStateException.class, () -> field.step(1));
            assertEquals(FlowStatus.NOT_STARTED, field.flowField().status());
            field.restoreState(good);
            assertArrayEquals(good, field.saveState());
            assertEquals(1.0, field.cost(1, 0));

            assertThrows(GridStateException.class, () -> field.restoreState(bad));
            assertTrue(field.recompute(), "recompute makes it usable again");
            assertEquals(Math.sqrt(2), field.cost(1, 1));
        }
    }

    @Test
    void mismatchesAreNamed() {
        try (Grid grid = Grid.create(8, 8);
                Grid other = Grid.create(8, 9);
                GridFlowField a = grid.createFlowField(new Cell(0, 0));
                GridFlowField b = grid.createFlowField(List.of(new Cell(0, 0), new Cell(0, 0)), GridOptions.DEFAULT);
                GridFlowField c = other.createFlowField(new Cell(0, 0))) {
            byte[] state = a.saveState();
            assertEquals(
                    "goals",
                    assertThrows(GridStateException.class, () -> b.restoreState(state))
                            .field(),
                    "the goals as created, repeats included, must match");
            assertEquals(
                    "height",
                    assertThrows(GridStateException.class, () -> c.restoreState(state))
                            .field());
            byte[] wrongKind = grid.saveState();
            assertEquals(
                    "kind",
                    assertThrows(GridStateException.class, () -> a.restoreState(wrongKind))
                            .field());
        }
        // a next cell the topology does not move to is refused: four moves cannot restore an eight-move field
        try (Grid grid = Grid.create(8, 8);
                GridFlowField eight = grid.createFlowField(new Cell(0, 0));
                GridFlowField four = grid.createFlowField(List.of(new Cell(0, 0)), GridOptions.FOUR_CONNECTED)) {
            GridStateException e = assertThrows(GridStateException.class, () -> four.restoreState(eight.saveState()));
            assertTrue(e.field().startsWith("flow.step["), e.field());
        }
    }

    @Test
    void savesGoIntoACallersSegmentAndHexFieldsRoundTrip() {
        try (HexGrid hex = HexGrid.fromText(".#..\n....\n.#.#\n", HexLayout.POINTY_EVEN_ROW);
                GridFlowField field = hex.createFlowField(new Cell(3, 1));
                GridFlowField other = hex.createFlowField(new Cell(3, 1));
                Arena arena = Arena.ofConfined()) {
            byte[] state = field.saveState();
            assertEquals(state.length, field.stateLength());
            MemorySegment into = arena.allocate(state.length + 5);
            assertEquals(state.length, field.saveState(into, 5));
            assertArrayEquals(state, into.asSlice(5).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            assertThrows(IllegalArgumentException.class, () -> field.saveState(into, 6));
            other.recompute();
            other.restoreState(into.asSlice(5));
            assertArrayEquals(state, other.saveState());
        }
    }

    private static double[] costs(GridFlowField f) {
        double[] out = new double[f.width() * f.height()];
        for (int i = 0; i < out.length; i++) {
            out[i] = f.cost(i % f.width(), i / f.width());
        }
        return out;
    }
}
