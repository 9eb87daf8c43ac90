package org.onepath.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The flow-field search piece and the GridFlowField state (kind 7): a round trip, the bytes at
 * their documented offsets, each rule broken alone (the reader names the field and its offset,
 * the writer refuses the same value), and hostile bytes that only ever raise the format's
 * exception.
 */
class FlowFieldPieceTest {

    /**
     * A complete field over a 3 x 2 grid with goal 5 and wall 1: costs 0 at the goal, 1 next to it,
     * 2 at node 3 (row-major; node 0 reaches node 3 at 2, sqrt 2 would not be dyadic).
     */
    static FlowFieldPiece.Field complete() {
        return new FlowFieldPiece.Field(
                6,
                FlowFieldPieceLayout.STATUS_COMPLETE,
                5,
                false,
                new int[] {5},
                new int[] {0, 2, 3, 4, 5},
                new double[] {3, 1, 2, 1, 0},
                new int[] {0, 2, 3, 4},
                new int[] {3, 5, 4, 5},
                OpenSetPiece.Heap.EMPTY,
                new int[0]);
    }

    /** The same grid mid-repair: node 3 open at 2, node 0 touched and unreached. */
    static FlowFieldPiece.Field repairing() {
        return new FlowFieldPiece.Field(
                6,
                FlowFieldPieceLayout.STATUS_RUNNING,
                1,
                true,
                new int[] {5},
                new int[] {2, 3, 4, 5},
                new double[] {1, 2, 1, 0},
                new int[] {2, 4},
                new int[] {5, 5},
                new OpenSetPiece.Heap(new int[] {3}, new double[] {2}, new double[] {2}),
                new int[] {3, 0});
    }

    private static byte[] write(FlowFieldPiece.Field f) {
        try (StateWriter w = new StateWriter(16)) {
            FlowFieldPiece.write(w, f);
            assertEquals(FlowFieldPiece.length(f), w.length(), "length() is what write() emits");
            return w.toByteArray();
        }
    }

    /** Writes a field without any check, as hostile bytes would look. */
    private static byte[] raw(FlowFieldPiece.Field f) {
        try (StateWriter w = new StateWriter(16)) {
            w.i32(f.nodeCount())
                    .u8(f.status())
                    .i32(f.settled())
                    .flag(f.repairing())
                    .i32(f.goals().length);
            for (int g : f.goals()) {
                w.i32(g);
            }
            w.i32(f.reachedNodes().length);
            for (int i = 0; i < f.reachedNodes().length; i++) {
                w.i32(f.reachedNodes()[i]).f64(f.reachedCosts()[i]);
            }
            w.i32(f.stepNodes().length);
            for (int i = 0; i < f.stepNodes().length; i++) {
                w.i32(f.stepNodes()[i]).i32(f.stepNext()[i]);
            }
            HeapSlots.write(w, f.open().nodes(), f.open().f(), f.open().g());
            if (f.repairing()) {
                w.i32(f.touched().length);
                for (int t : f.touched()) {
                    w.i32(t);
                }
            }
            return w.toByteArray();
        }
    }

    @Test
    void roundTripsKeepEveryValue() {
        for (FlowFieldPiece.Field f : new FlowFieldPiece.Field[] {complete(), repairing()}) {
            byte[] bytes = write(f);
            StateReader r = new StateReader(bytes);
            assertEquals(f, FlowFieldPiece.read(r, 6));
            r.expectEnd();
        }
    }

    @Test
    void bytesSitAtTheDocumentedOffsets() {
        byte[] bytes = write(repairing());
        // nodeCount 6, status 1, settled 1, repairing 1, one goal: 5
        assertArrayEquals(
                Hex.bytes("06 00 00 00  01  01 00 00 00  01  01 00 00 00  05 00 00 00"),
                java.util.Arrays.copyOf(bytes, 18));
        assertEquals(18, FlowFieldPieceLayout.reachedCountOffset(1));
        assertEquals(4, bytes[18], "reached count");
        long step0 = FlowFieldPieceLayout.stepOffset(1, 4, 0);
        assertEquals(18 + 4 + 4 * 12 + 4, step0);
        assertEquals(2, bytes[(int) step0], "first step node");
        assertEquals(5, bytes[(int) step0 + 4], "its next");
        long open = FlowFieldPieceLayout.openSetOffset(1, 4, 2);
        assertEquals(1, bytes[(int) open], "one open slot");
        long touched = FlowFieldPieceLayout.touchedCountOffset(1, 4, 2, 1);
        assertEquals(2, bytes[(int) touched], "two touched nodes");
        assertEquals(FlowFieldPieceLayout.pieceBytes(1, 4, 2, 1, true, 2), bytes.length);
        assertEquals(touched + 4 + 8, bytes.length);
    }

    // ---- each rule broken alone ----

    private static void broken(UnaryOperator<FlowFieldPiece.Field> change, String field, long offset) {
        FlowFieldPiece.Field bad = change.apply(repairing());
        GridStateException e =
                assertThrows(GridStateException.class, () -> FlowFieldPiece.read(new StateReader(raw(bad)), 6));
        assertEquals(field, e.field(), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
        try (StateWriter w = new StateWriter(16)) {
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> FlowFieldPiece.write(w, bad));
            assertTrue(refused.getMessage().startsWith(field + " = "), refused.getMessage());
            assertEquals(0, w.length(), "a refused piece writes nothing");
        }
    }

    private static FlowFieldPiece.Field with(
            FlowFieldPiece.Field f,
            int status,
            boolean repairing,
            int[] goals,
            int[] reached,
            double[] costs,
            int[] steps,
            int[] next,
            OpenSetPiece.Heap open,
            int[] touched) {
        return new FlowFieldPiece.Field(
                f.nodeCount(), status, f.settled(), repairing, goals, reached, costs, steps, next, open, touched);
    }

    @Test
    void goalsMustIncreaseAndLieInRange() {
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        new int[] {6},
                        f.reachedNodes(),
                        f.reachedCosts(),
                        f.stepNodes(),
                        f.stepNext(),
                        f.open(),
                        f.touched()),
                "flow.goal[0]",
                FlowFieldPieceLayout.goalOffset(0));
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        new int[] {5, 5},
                        f.reachedNodes(),
                        f.reachedCosts(),
                        f.stepNodes(),
                        f.stepNext(),
                        f.open(),
                        f.touched()),
                "flow.goal[1]",
                FlowFieldPieceLayout.goalOffset(1));
    }

    @Test
    void costsMustBeFiniteNonNegativeAndZeroAtGoals() {
        long cost3 = FlowFieldPieceLayout.reachedOffset(1, 3) + FlowFieldPieceLayout.REACHED_COST_OFFSET;
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        new double[] {1, 2, 1, 0.5},
                        f.stepNodes(),
                        f.stepNext(),
                        f.open(),
                        f.touched()),
                "flow.reached[3].cost",
                cost3);
        long cost0 = FlowFieldPieceLayout.reachedOffset(1, 0) + FlowFieldPieceLayout.REACHED_COST_OFFSET;
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        new double[] {Double.NaN, 2, 1, 0},
                        f.stepNodes(),
                        f.stepNext(),
                        f.open(),
                        f.touched()),
                "flow.reached[0].cost",
                cost0);
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        new double[] {-1, 2, 1, 0},
                        f.stepNodes(),
                        f.stepNext(),
                        f.open(),
                        f.touched()),
                "flow.reached[0].cost",
                cost0);
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        new double[] {Double.POSITIVE_INFINITY, 2, 1, 0},
                        f.stepNodes(),
                        f.stepNext(),
                        f.open(),
                        f.touched()),
                "flow.reached[0].cost",
                cost0);
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        new int[] {2, 2, 4, 5},
                        f.reachedCosts(),
                        f.stepNodes(),
                        f.stepNext(),
                        f.open(),
                        f.touched()),
                "flow.reached[1].node",
                FlowFieldPieceLayout.reachedOffset(1, 1));
    }

    @Test
    void aStepLeadsFromAReachedNodeToACheaperOrEqualReachedNode() {
        long step0 = FlowFieldPieceLayout.stepOffset(1, 4, 0);
        // next to an unreached node
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        new int[] {2, 4},
                        new int[] {0, 5},
                        f.open(),
                        f.touched()),
                "flow.step[0].next",
                step0 + FlowFieldPieceLayout.STEP_NEXT_OFFSET);
        // next costs more (node 2 costs 1, node 3 costs 2)
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        new int[] {2, 4},
                        new int[] {3, 5},
                        f.open(),
                        f.touched()),
                "flow.step[0].next",
                step0 + FlowFieldPieceLayout.STEP_NEXT_OFFSET);
        // a step to itself
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        new int[] {2, 4},
                        new int[] {2, 5},
                        f.open(),
                        f.touched()),
                "flow.step[0].next",
                step0 + FlowFieldPieceLayout.STEP_NEXT_OFFSET);
        // a step from an unreached node
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        new int[] {1, 4},
                        new int[] {5, 5},
                        f.open(),
                        f.touched()),
                "flow.step[0].node",
                step0);
        // a goal with a step
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        new int[] {2, 5},
                        new int[] {4, 4},
                        f.open(),
                        f.touched()),
                "flow.step[1].node",
                FlowFieldPieceLayout.stepOffset(1, 4, 1));
    }

    @Test
    void openNodesAreReachedWithTheirCostAsKeys() {
        long slot0 = FlowFieldPieceLayout.openSetOffset(1, 4, 2) + OpenSetPieceLayout.slotOffset(0);
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        f.stepNodes(),
                        f.stepNext(),
                        new OpenSetPiece.Heap(new int[] {0}, new double[] {2}, new double[] {2}),
                        f.touched()),
                "open[0].node",
                slot0 + OpenSetPieceLayout.NODE_OFFSET);
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        f.stepNodes(),
                        f.stepNext(),
                        new OpenSetPiece.Heap(new int[] {3}, new double[] {2.5}, new double[] {2}),
                        f.touched()),
                "open[0].f",
                slot0 + OpenSetPieceLayout.F_OFFSET);
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        f.stepNodes(),
                        f.stepNext(),
                        new OpenSetPiece.Heap(new int[] {3}, new double[] {2}, new double[] {1}),
                        f.touched()),
                "open[0].g",
                slot0 + OpenSetPieceLayout.G_OFFSET);
    }

    @Test
    void theStatusDecidesWhatMayBeStored() {
        long open = FlowFieldPieceLayout.openSetOffset(1, 4, 2);
        // running without open nodes
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        f.stepNodes(),
                        f.stepNext(),
                        OpenSetPiece.Heap.EMPTY,
                        f.touched()),
                "open.count",
                open);
        // complete with open nodes
        broken(
                f -> with(
                        f,
                        2,
                        false,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        f.stepNodes(),
                        f.stepNext(),
                        f.open(),
                        new int[0]),
                "open.count",
                open);
        // repairing while complete
        broken(
                f -> with(
                        f,
                        2,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        f.stepNodes(),
                        f.stepNext(),
                        OpenSetPiece.Heap.EMPTY,
                        f.touched()),
                "flow.repairing",
                FlowFieldPieceLayout.REPAIRING_OFFSET);
        // not started with costs
        broken(
                f -> new FlowFieldPiece.Field(
                        6,
                        0,
                        0,
                        false,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        new int[0],
                        new int[0],
                        OpenSetPiece.Heap.EMPTY,
                        new int[0]),
                "flow.reached.count",
                FlowFieldPieceLayout.reachedCountOffset(1));
        // touched nodes repeat
        broken(
                f -> with(
                        f,
                        1,
                        true,
                        f.goals(),
                        f.reachedNodes(),
                        f.reachedCosts(),
                        f.stepNodes(),
                        f.stepNext(),
                        f.open(),
                        new int[] {3, 0, 3}),
                "flow.touched[2]",
                FlowFieldPieceLayout.touchedOffset(1, 4, 2, 1, 2));
        // an unknown status code
        FlowFieldPiece.Field bad = with(
                repairing(),
                3,
                false,
                new int[] {5},
                new int[0],
                new double[0],
                new int[0],
                new int[0],
                OpenSetPiece.Heap.EMPTY,
                new int[0]);
        GridStateException e =
                assertThrows(GridStateException.class, () -> FlowFieldPiece.read(new StateReader(raw(bad)), 6));
        assertEquals("flow.status", e.field());
        assertEquals(FlowFieldPieceLayout.STATUS_OFFSET, e.offset());
    }

    // ---- kind 7 ----

    private static GridFlowFieldStateFormat.State kind7() {
        return new GridFlowFieldStateFormat.State(3, 2, 4, new int[] {5, 5}, new int[] {1}, repairing());
    }

    private static byte[] kind7Bytes(GridFlowFieldStateFormat.State s) {
        try (StateWriter w = new StateWriter(16)) {
            GridFlowFieldStateFormat.write(w, s);
            assertEquals(GridFlowFieldStateFormat.length(s), w.length());
            return w.toByteArray();
        }
    }

    @Test
    void kindSevenRoundTripsAndStartsWithItsHeader() {
        byte[] bytes = kind7Bytes(kind7());
        assertArrayEquals(
                Hex.bytes("4F 50 47 53 01 00 07 00  03 00 00 00  02 00 00 00  04 00 00 00  02 00 00 00"
                        + "  05 00 00 00  05 00 00 00  01 00 00 00  01 00 00 00"),
                java.util.Arrays.copyOf(bytes, 40));
        assertEquals(40, GridFlowFieldStateFormat.fieldOffset(2, 1));
        assertEquals(kind7(), GridFlowFieldStateFormat.read(new StateReader(bytes)));
    }

    @Test
    void kindSevenChecksGoalsPendingCellsAndTheNodeCount() {
        assertKind7Rejected(
                new GridFlowFieldStateFormat.State(3, 2, 4, new int[0], new int[] {1}, repairing()),
                "goals.count",
                GridFlowFieldStateFormat.GOAL_COUNT_OFFSET);
        assertKind7Rejected(
                new GridFlowFieldStateFormat.State(3, 2, 4, new int[] {5, 6}, new int[] {1}, repairing()),
                "goal[1]",
                GridFlowFieldStateFormat.GOALS_OFFSET + 4);
        assertKind7Rejected(
                new GridFlowFieldStateFormat.State(3, 2, 4, new int[] {4}, new int[] {1}, repairing()),
                "flow.goals",
                GridFlowFieldStateFormat.fieldOffset(1, 1) + FlowFieldPieceLayout.GOAL_COUNT_OFFSET);
        assertKind7Rejected(
                new GridFlowFieldStateFormat.State(3, 2, 4, new int[] {5}, new int[] {1, 0, 1}, repairing()),
                "pending[2]",
                GridFlowFieldStateFormat.pendingCountOffset(1) + 4 + 8);
        assertKind7Rejected(
                new GridFlowFieldStateFormat.State(3, 2, 4, new int[] {5}, new int[] {6}, repairing()),
                "pending[0]",
                GridFlowFieldStateFormat.pendingCountOffset(1) + 4);
        assertKind7Rejected(
                new GridFlowFieldStateFormat.State(2, 2, 4, new int[] {3}, new int[0], repairing()),
                "flow.nodeCount",
                GridFlowFieldStateFormat.fieldOffset(1, 0));
    }

    private static void assertKind7Rejected(GridFlowFieldStateFormat.State s, String field, long offset) {
        byte[] bytes;
        try (StateWriter w = new StateWriter(16)) {
            w.header(StateKind.GRID_FLOW_FIELD)
                    .i32(s.width())
                    .i32(s.height())
                    .i32(s.areaVersion())
                    .i32(s.goals().length);
            for (int g : s.goals()) {
                w.i32(g);
            }
            w.i32(s.pending().length);
            for (int p : s.pending()) {
                w.i32(p);
            }
            bytes = w.toByteArray();
        }
        byte[] piece = raw(s.field());
        byte[] all = java.util.Arrays.copyOf(bytes, bytes.length + piece.length);
        System.arraycopy(piece, 0, all, bytes.length, piece.length);
        GridStateException e =
                assertThrows(GridStateException.class, () -> GridFlowFieldStateFormat.read(new StateReader(all)));
        assertEquals(field, e.field(), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> {
            try (StateWriter w = new StateWriter(16)) {
                GridFlowFieldStateFormat.write(w, s);
            }
        });
    }

    @Test
    void hostileBytesOnlyRaiseTheFormatException() {
        byte[] good = kind7Bytes(kind7());
        for (int n = 0; n < good.length; n++) {
            byte[] cut = java.util.Arrays.copyOf(good, n);
            assertThrows(
                    GridStateException.class,
                    () -> GridFlowFieldStateFormat.read(new StateReader(cut)),
                    "truncated to " + n);
        }
        Random random = new Random(7);
        for (int trial = 0; trial < 4000; trial++) {
            byte[] bad = good.clone();
            int flips = 1 + random.nextInt(3);
            for (int k = 0; k < flips; k++) {
                int bit = random.nextInt(bad.length * 8);
                bad[bit >>> 3] ^= (byte) (1 << (bit & 7));
            }
            try {
                GridFlowFieldStateFormat.read(new StateReader(bad));
            } catch (OnePathFormatException expected) {
                // the only exception bad bytes may raise
            }
        }
    }
}
