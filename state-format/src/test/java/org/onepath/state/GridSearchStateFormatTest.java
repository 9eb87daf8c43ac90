package org.onepath.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The GridSearch state (kind 12) without an engine: every mode's head and fixed fields round
 * trip through {@link GridSearchStateFormat}, and a bad field is refused by name and offset, by
 * the reader as a {@link GridStateException} and by the writer as an argument error.
 */
class GridSearchStateFormatTest {
    private static final int W = 4;
    private static final int H = 3;

    private static byte[] written(Consumer<StateWriter> body) {
        try (StateWriter w = new StateWriter()) {
            body.accept(w);
            return w.toByteArray();
        }
    }

    /** A mode 1 or 3 state of a found search from cell 0 to cell 5 (pair 0, 1): two visited cells. */
    private static byte[] specialised(int mode) {
        return written(w -> {
            GridSearchStateFormat.writeHead(w, mode, W, H);
            if (mode == GridSearchStateLayout.MODE_SPECIALISED_JUMP) {
                GridSearchStateFormat.writeFinder(w, GridSearchStateLayout.FINDER_JPS_PLUS_TABLES);
            }
            GridSearchStateFormat.writeFixed(w, W * H, SearchStateFormat.FOUND, true, 0, 5, 1, 2, 0, 1, 2);
            for (int cell : new int[] {0, 5}) {
                w.i32(cell).i32(0).i32(cell == 0 ? 0 : 1);
                if (mode == GridSearchStateLayout.MODE_SPECIALISED_JUMP) {
                    w.i32(cell == 0 ? -1 : 0);
                }
                w.u8(1);
            }
            if (mode == GridSearchStateLayout.MODE_SPECIALISED_JUMP) {
                w.f64(2.5).i32(1).f64(2.5).u64(5).i32(1).i32(5);
            }
        });
    }

    private static byte[] embeddedAStar() {
        return written(w -> SearchStateFormat.write(
                w,
                StateKind.A_STAR,
                new SearchStateFormat.State(
                        W * H, SearchStateFormat.NOT_STARTED, 1.0, 1, 6, 0, 0, Double.POSITIVE_INFINITY, null)));
    }

    /** A mode 2 state from (1, 0) to (2, 1) around an A* state not started, with the same ends. */
    private static byte[] generic(byte[] embedded) {
        try (StateWriter inner = new StateWriter()) {
            inner.bytes(MemorySegment.ofArray(embedded));
            return written(w -> {
                GridSearchStateFormat.writeHead(w, GridSearchStateLayout.MODE_GENERIC, W, H);
                GridSearchStateFormat.writeGeneric(w, W, H, 1, 6, inner);
            });
        }
    }

    private static GridStateException refused(byte[] bytes, Consumer<StateReader> read, String field, long offset) {
        GridStateException e = assertThrows(GridStateException.class, () -> read.accept(new StateReader(bytes)));
        assertEquals(field, e.field(), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
        return e;
    }

    private static void readSpecialised(StateReader r) {
        GridSearchStateFormat.Head head = GridSearchStateFormat.readHead(r);
        if (head.mode() == GridSearchStateLayout.MODE_SPECIALISED_JUMP) {
            GridSearchStateFormat.readFinder(r);
        }
        GridSearchStateFormat.readFixed(r, head.mode(), head.cellCount());
    }

    @Test
    void aNotBegunStateIsTheHeadAlone() {
        byte[] bytes = written(w -> GridSearchStateFormat.writeHead(w, GridSearchStateLayout.MODE_NOT_BEGUN, W, H));
        assertArrayEquals(Hex.bytes("4F 50 47 53 01 00 0C 00  00  04 00 00 00  03 00 00 00"), bytes, Hex.of(bytes));
        StateReader r = new StateReader(bytes);
        assertEquals(
                new GridSearchStateFormat.Head(GridSearchStateLayout.MODE_NOT_BEGUN, W, H),
                GridSearchStateFormat.readHead(r));
        assertEquals(GridSearchStateLayout.MODE_FIELDS_OFFSET, r.offset());
        r.expectEnd();
    }

    @Test
    void theSpecialisedModesRoundTripTheirFixedFields() {
        for (int mode :
                new int[] {GridSearchStateLayout.MODE_SPECIALISED_ASTAR, GridSearchStateLayout.MODE_SPECIALISED_JUMP}) {
            StateReader r = new StateReader(specialised(mode));
            GridSearchStateFormat.Head head = GridSearchStateFormat.readHead(r);
            assertEquals(new GridSearchStateFormat.Head(mode, W, H), head);
            long fixedAt = GridSearchStateLayout.MODE_FIELDS_OFFSET;
            if (mode == GridSearchStateLayout.MODE_SPECIALISED_JUMP) {
                assertEquals(GridSearchStateLayout.FINDER_JPS_PLUS_TABLES, GridSearchStateFormat.readFinder(r));
                fixedAt += StateLayout.U8_BYTES;
            }
            GridSearchStateFormat.Fixed f = GridSearchStateFormat.readFixed(r, mode, head.cellCount());
            assertEquals(
                    new GridSearchStateFormat.Fixed(mode, SearchStateFormat.FOUND, true, 0, 5, 1, 2, 0, 1, 2, fixedAt),
                    f);
            assertEquals(fixedAt + GridSearchStateLayout.VISITED_COUNT_OFFSET + StateLayout.I32_BYTES, r.offset());
            GridSearchStateFormat.skipVisited(r, f);
            if (mode == GridSearchStateLayout.MODE_SPECIALISED_JUMP) {
                assertEquals(new GridSearchStateFormat.OpenList(2.5, 1, 1), GridSearchStateFormat.skipOpenList(r));
            }
            r.expectEnd();
        }
    }

    @Test
    void theGenericModeRoundTripsItsEndsAndEmbedsTheStateAsItLies() {
        byte[] embedded = embeddedAStar();
        byte[] bytes = generic(embedded);
        StateReader r = new StateReader(bytes);
        GridSearchStateFormat.Head head = GridSearchStateFormat.readHead(r);
        GridSearchStateFormat.Generic g = GridSearchStateFormat.readGeneric(r, head);
        long innerAt = GridSearchStateLayout.MODE_FIELDS_OFFSET + GridSearchStateLayout.GENERIC_HEAD_BYTES;
        assertEquals(new GridSearchStateFormat.Generic(1, 0, 2, 1, innerAt, embedded.length), g);
        MemorySegment inner = MemorySegment.ofArray(bytes).asSlice(g.embeddedOffset(), g.embeddedLength());
        assertEquals(StateKind.A_STAR, GridSearchStateFormat.embeddedKind(inner));
        SearchStateFormat.State s = SearchStateFormat.read(StateReader.ofGrid(inner), StateKind.A_STAR, W * H);
        GridSearchStateFormat.checkEnds(r, head, g, s.start(), s.goal());

        GridStateException start =
                assertThrows(GridStateException.class, () -> GridSearchStateFormat.checkEnds(r, head, g, 2, 6));
        assertEquals("startX", start.field(), start.getMessage());
        assertEquals(
                GridSearchStateLayout.MODE_FIELDS_OFFSET + GridSearchStateLayout.GENERIC_START_X_OFFSET,
                start.offset());
        GridStateException goal =
                assertThrows(GridStateException.class, () -> GridSearchStateFormat.checkEnds(r, head, g, 1, 7));
        assertEquals("goalX", goal.field(), goal.getMessage());
        assertEquals(
                GridSearchStateLayout.MODE_FIELDS_OFFSET + GridSearchStateLayout.GENERIC_GOAL_X_OFFSET, goal.offset());
    }

    @Test
    void aBadModeFinderOrSizeIsRefusedByNameAndOffset() {
        byte[] bytes = specialised(GridSearchStateLayout.MODE_SPECIALISED_JUMP);
        byte[] mode = bytes.clone();
        mode[(int) GridSearchStateLayout.MODE_OFFSET] = 4;
        refused(mode, GridSearchStateFormat::readHead, "mode", GridSearchStateLayout.MODE_OFFSET);
        byte[] finder = bytes.clone();
        finder[(int) GridSearchStateLayout.FINDER_OFFSET] = 2;
        refused(finder, GridSearchStateFormatTest::readSpecialised, "finder", GridSearchStateLayout.FINDER_OFFSET);
        byte[] width = bytes.clone();
        width[(int) GridSearchStateLayout.WIDTH_OFFSET] = 0;
        refused(width, GridSearchStateFormat::readHead, "width", GridSearchStateLayout.WIDTH_OFFSET);
        // 2^14 x 2^15 cells: each side in range, the product over 2^28
        byte[] huge =
                written(w -> w.header(StateKind.GRID_SEARCH).u8(0).i32(1 << 14).i32(1 << 15));
        refused(huge, GridSearchStateFormat::readHead, "height", GridSearchStateLayout.HEIGHT_OFFSET);
    }

    @Test
    void aBadFixedFieldIsRefusedByNameAndOffset() {
        byte[] bytes = specialised(GridSearchStateLayout.MODE_SPECIALISED_ASTAR);
        long base = GridSearchStateLayout.MODE_FIELDS_OFFSET;
        byte[] status = bytes.clone();
        status[(int) (base + GridSearchStateLayout.STATUS_OFFSET)] = (byte) SearchStateFormat.NOT_STARTED;
        refused(
                status,
                GridSearchStateFormatTest::readSpecialised,
                "status",
                base + GridSearchStateLayout.STATUS_OFFSET);
        byte[] flag = bytes.clone();
        flag[(int) (base + GridSearchStateLayout.ZERO_ESTIMATE_OFFSET)] = 2;
        refused(
                flag,
                GridSearchStateFormatTest::readSpecialised,
                "zeroEstimate",
                base + GridSearchStateLayout.ZERO_ESTIMATE_OFFSET);
        byte[] goal = bytes.clone();
        goal[(int) (base + GridSearchStateLayout.GOAL_OFFSET)] = W * H;
        refused(goal, GridSearchStateFormatTest::readSpecialised, "goal", base + GridSearchStateLayout.GOAL_OFFSET);
        byte[] visited = bytes.clone();
        visited[(int) (base + GridSearchStateLayout.VISITED_COUNT_OFFSET)] = 3; // one record more than the bytes hold
        GridStateException e = refused(
                visited,
                GridSearchStateFormatTest::readSpecialised,
                "visited",
                base + GridSearchStateLayout.VISITED_COUNT_OFFSET);
        assertTrue(e.expected().contains(GridSearchStateLayout.ASTAR_RECORD_BYTES + " per item"), e.getMessage());
    }

    @Test
    void anEmbeddedStateOfAnotherKindIsNamedAtItsOffsetInTheWholeState() {
        byte[] embedded = embeddedAStar();
        embedded[(int) StateLayout.KIND_OFFSET] = (byte) StateKind.THETA_STAR.code();
        byte[] bytes = generic(embedded);
        StateReader r = new StateReader(bytes);
        GridSearchStateFormat.Generic g = GridSearchStateFormat.readGeneric(r, GridSearchStateFormat.readHead(r));
        MemorySegment inner = MemorySegment.ofArray(bytes).asSlice(g.embeddedOffset(), g.embeddedLength());
        OnePathFormatException inside =
                assertThrows(OnePathFormatException.class, () -> GridSearchStateFormat.embeddedKind(inner));
        GridStateException whole = GridSearchStateFormat.embeddedError(inside, g);
        assertEquals("kind", whole.field(), whole.getMessage());
        assertEquals(g.embeddedOffset() + StateLayout.KIND_OFFSET, whole.offset());
    }

    @Test
    void theGenericEndsAndLengthAreChecked() {
        byte[] bytes = generic(embeddedAStar());
        long fields = GridSearchStateLayout.MODE_FIELDS_OFFSET;
        byte[] goalY = bytes.clone();
        goalY[(int) (fields + GridSearchStateLayout.GENERIC_GOAL_Y_OFFSET)] = H;
        refused(
                goalY,
                r -> GridSearchStateFormat.readGeneric(r, GridSearchStateFormat.readHead(r)),
                "goalY",
                fields + GridSearchStateLayout.GENERIC_GOAL_Y_OFFSET);
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        refused(
                longer,
                r -> GridSearchStateFormat.readGeneric(r, GridSearchStateFormat.readHead(r)),
                "end",
                bytes.length);
    }

    @Test
    void writersRefuseWhatReadersReject() {
        try (StateWriter w = new StateWriter()) {
            assertThrows(IllegalArgumentException.class, () -> GridSearchStateFormat.writeHead(w, 4, W, H));
            assertThrows(IllegalArgumentException.class, () -> GridSearchStateFormat.writeHead(w, 0, 0, H));
            assertThrows(IllegalArgumentException.class, () -> GridSearchStateFormat.writeFinder(w, 2));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> GridSearchStateFormat.writeFixed(
                            w, W * H, SearchStateFormat.NOT_STARTED, false, 0, 5, 0, 0, 0, 0, 1));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> GridSearchStateFormat.writeFixed(
                            w, W * H, SearchStateFormat.RUNNING, false, 0, W * H, 0, 0, 0, 0, 1));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> GridSearchStateFormat.writeFixed(
                            w, W * H, SearchStateFormat.RUNNING, false, 0, 5, 0, 0, -1, 0, 1));
            assertEquals(0, w.length(), "a refused value writes nothing");
            assertThrows(
                    IllegalArgumentException.class,
                    () -> GridSearchStateFormat.readFixed(
                            new StateReader(new byte[64]), GridSearchStateLayout.MODE_GENERIC, W * H));
        }
    }
}
