package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.onepath.cells.Cell;
import org.onepath.cells.HexLayout;
import org.onepath.state.GridStateException;

/**
 * Snapshot kind 2: save, restore and fromState of a {@link HexGrid}; a restore checks everything
 * (size, layout, pieces, length) before it changes anything and then tells the listeners each
 * changed cell; the golden file {@code hexgrid-kind2.bin} and its dump (also swept by the
 * {@code State*} tests through {@link StateGoldens#HEX_GRID}).
 */
class HexGridStateTest {
    /** Offsets of kind 2 (docs/formats/state-v1.md). */
    private static final int WIDTH_AT = 8;

    private static final int HEIGHT_AT = 12;
    private static final int LAYOUT_AT = 16;
    private static final int VERSION_AT = 20;
    private static final int SPACE_AT = 24;
    private static final int AREAS_AT = 48;
    private static final int CELLS_AT = 2092;

    private static HexGrid edited(HexLayout layout) {
        HexGrid grid = HexGrid.create(9, 6, layout);
        grid.areas().set(2, 3.25);
        grid.areas().set(200, 0.5);
        grid.space(new HexSpace(-4, 8.5, 0.75));
        grid.setRect(1, 1, 4, 3, 2);
        grid.setWalkable(8, 5, false);
        grid.setArea(0, 5, 200);
        return grid;
    }

    private static byte[] cells(HexGrid grid) {
        return grid.cells().toArray(ValueLayout.JAVA_BYTE);
    }

    @ParameterizedTest
    @EnumSource(HexLayout.class)
    void saveRestoreAndFromStateRoundTrip(HexLayout layout) {
        try (HexGrid original = edited(layout);
                HexGrid other = HexGrid.create(9, 6, layout, 7)) {
            byte[] saved = original.saveState();
            assertEquals(original.stateLength(), saved.length);
            assertEquals(CELLS_AT + 54, saved.length);
            assertArrayEquals(saved, original.saveState(), "saving twice gives the same bytes");
            other.areas().set(9, 0.125);
            other.restoreState(saved);
            assertArrayEquals(saved, other.saveState());
            assertEquals(3, other.version());
            assertEquals(original.space(), other.space());
            assertEquals(3.25, other.areas().get(2));
            assertEquals(1.0, other.areas().get(9), "multipliers come back with the state");
            assertEquals(0.5, other.areas().minCost());
            assertArrayEquals(cells(original), cells(other));
            assertEquals(1, other.restoreCount());
            try (HexGrid made = HexGrid.fromState(saved)) {
                assertEquals(layout, made.layout());
                assertEquals(0, made.restoreCount());
                assertArrayEquals(saved, made.saveState());
                HexPath a = original.findPath(new Cell(0, 0), new Cell(7, 5));
                HexPath b = made.findPath(new Cell(0, 0), new Cell(7, 5));
                assertEquals(a.cells(), b.cells());
                assertEquals(a.cost(), b.cost());
            }
            other.restoreState(MemorySegment.ofArray(saved));
            assertArrayEquals(saved, other.saveState());
        }
    }

    @Test
    void savingIntoASegment() {
        try (HexGrid grid = edited(HexLayout.FLAT_ODD_COLUMN);
                Arena arena = Arena.ofConfined()) {
            byte[] expected = grid.saveState();
            int n = expected.length;
            MemorySegment dest = arena.allocate(n + 10);
            dest.fill((byte) 0x5A);
            assertEquals(n, grid.saveState(dest, 6));
            assertArrayEquals(expected, dest.asSlice(6, n).toArray(ValueLayout.JAVA_BYTE));
            assertEquals((byte) 0x5A, dest.get(ValueLayout.JAVA_BYTE, 5));
            assertEquals((byte) 0x5A, dest.get(ValueLayout.JAVA_BYTE, 6 + n));
            grid.restoreState(dest.asSlice(6, n));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> grid.saveState(dest, 11));
            assertTrue(e.getMessage().contains(Long.toString(n)), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> grid.saveState(dest, -1));
            assertArrayEquals(expected, grid.saveState());
        }
    }

    @Test
    void restoreTellsListenersEachChangedCellAfterTheWholeStateIsIn() {
        try (HexGrid source = edited(HexLayout.POINTY_ODD_ROW);
                HexGrid target = HexGrid.create(9, 6)) {
            byte[] saved = source.saveState();
            target.setArea(8, 5, 255); // already as in the state: not reported
            target.setArea(4, 4, 9); // differs: reported
            List<String> calls = new ArrayList<>();
            target.addChangeListener((g, col, row) -> calls.add(col + "," + row + " v" + g.version() + " a"
                    + g.area(col, row) + " m" + g.areas().get(2)));
            target.restoreState(saved);
            List<String> expected = new ArrayList<>();
            for (int row = 0; row < 6; row++) {
                for (int col = 0; col < 9; col++) {
                    int was = col == 8 && row == 5 ? 255 : col == 4 && row == 4 ? 9 : 0;
                    int now = source.area(col, row);
                    if (was != now) {
                        expected.add(col + "," + row + " v3 a" + now + " m3.25");
                    }
                }
            }
            assertEquals(expected, calls);
            assertTrue(calls.contains("4,4 v3 a0 m3.25"));
            calls.clear();
            target.restoreState(saved);
            assertEquals(List.of(), calls, "restoring the same cells again changes none");
        }
    }

    @Test
    void aFailedRestoreChangesNothing() {
        try (HexGrid target = edited(HexLayout.FLAT_EVEN_COLUMN);
                HexGrid source = edited(HexLayout.FLAT_EVEN_COLUMN)) {
            source.setRect(0, 0, 9, 6, 1);
            byte[] good = source.saveState();
            byte[] before = target.saveState();
            int[] events = {0};
            target.addChangeListener((g, c, r) -> events[0]++);
            List<byte[]> bad = new ArrayList<>();
            bad.add(patchI32(good, WIDTH_AT, 10));
            bad.add(patchI32(good, HEIGHT_AT, 5));
            bad.add(patchI32(good, LAYOUT_AT, HexLayout.FLAT_ODD_COLUMN.code()));
            bad.add(patchI32(good, LAYOUT_AT, 4));
            bad.add(patchI32(good, LAYOUT_AT, -1));
            bad.add(patchI32(good, VERSION_AT, -5));
            bad.add(patchF64(good, SPACE_AT + 16, Double.NaN));
            bad.add(patchF64(good, AREAS_AT + 4 + 8 * 7, -1.0));
            bad.add(Arrays.copyOf(good, good.length - 1));
            bad.add(Arrays.copyOf(good, good.length + 1));
            bad.add(Arrays.copyOf(good, 7));
            byte[] kind = good.clone();
            kind[6] = 1;
            bad.add(kind);
            for (byte[] b : bad) {
                assertThrows(GridStateException.class, () -> target.restoreState(b));
                assertArrayEquals(before, target.saveState(), "unchanged after a failed restore");
                assertEquals(0, events[0], "no listener called");
                assertEquals(0, target.restoreCount());
            }
            GridStateException layout =
                    assertThrows(GridStateException.class, () -> target.restoreState(patchI32(good, LAYOUT_AT, 0)));
            assertEquals("layout", layout.field());
            assertEquals(LAYOUT_AT, layout.offset());
            assertTrue(
                    layout.value().contains("pointy odd row")
                            && layout.expected().contains("flat even column"),
                    layout.getMessage());
            // 6 x 9 has as many cells as 9 x 6, so the bytes are well formed and only the size is wrong
            GridStateException width = assertThrows(
                    GridStateException.class,
                    () -> target.restoreState(patchI32(patchI32(good, WIDTH_AT, 6), HEIGHT_AT, 9)));
            assertEquals("width", width.field());
            assertTrue(width.expected().startsWith("9"), width.getMessage());
            assertEquals(WIDTH_AT, width.offset());
            GridStateException code =
                    assertThrows(GridStateException.class, () -> HexGrid.fromState(patchI32(good, LAYOUT_AT, 4)));
            assertEquals("layout", code.field());
            assertTrue(code.expected().contains("0..3"), code.getMessage());
            // any layout code 0..3 makes a grid of that layout
            try (HexGrid made = HexGrid.fromState(patchI32(good, LAYOUT_AT, 1))) {
                assertEquals(HexLayout.POINTY_EVEN_ROW, made.layout());
            }
            target.restoreState(good);
            assertEquals(54, events[0]);
        }
    }

    @Test
    void aGridStateIsNotAHexGridStateNorTheReverse() {
        try (HexGrid hex = HexGrid.create(7, 5);
                Grid square = Grid.create(7, 5)) {
            byte[] hexState = hex.saveState();
            byte[] squareState = square.saveState();
            assertEquals(
                    "kind",
                    assertThrows(GridStateException.class, () -> hex.restoreState(squareState))
                            .field());
            assertEquals(
                    "kind",
                    assertThrows(GridStateException.class, () -> square.restoreState(hexState))
                            .field());
            assertEquals(
                    "kind",
                    assertThrows(GridStateException.class, () -> HexGrid.fromState(squareState))
                            .field());
        }
    }

    /** The committed golden bytes, the fields at their documented offsets, and the dump. */
    @Test
    void goldenFile() throws IOException {
        StateGoldens golden = StateGoldens.HEX_GRID;
        byte[] actual;
        try (StateGoldens.Subject s = golden.build()) {
            actual = s.save();
        }
        if (Boolean.getBoolean(StateGoldens.WRITE_PROPERTY)) {
            // written by StateGoldenTest; nothing to compare here
            return;
        }
        byte[] expected = golden.readBin();
        assertArrayEquals(expected, actual, "saveState() of the rebuilt golden grid");
        assertEquals(StateDump.of(expected), Files.readString(golden.hexFile(), StandardCharsets.UTF_8));
        ByteBuffer b = ByteBuffer.wrap(expected).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(CELLS_AT + 30, b.capacity());
        assertEquals(0x5347504F, b.getInt(0));
        assertEquals(2, b.getShort(6), "kind 2");
        assertEquals(6, b.getInt(WIDTH_AT));
        assertEquals(5, b.getInt(HEIGHT_AT));
        assertEquals(3, b.getInt(LAYOUT_AT), "flat even column");
        assertEquals(3, b.getInt(VERSION_AT), "two cell edits and one rectangle edit");
        assertEquals(2.5, b.getDouble(SPACE_AT));
        assertEquals(-7.25, b.getDouble(SPACE_AT + 8));
        assertEquals(1.5, b.getDouble(SPACE_AT + 16));
        assertEquals(2, b.getInt(AREAS_AT), "areas.version after two cost changes");
        assertEquals(1.5, b.getDouble(AREAS_AT + 4 + 8));
        assertEquals(0.25, b.getDouble(AREAS_AT + 4 + 3 * 8));
        assertEquals(2, b.get(CELLS_AT + 5), "cell (5, 0) edited to area 2");
        assertEquals((byte) 0xFF, b.get(CELLS_AT + 4 * 6), "cell (0, 4) edited to a wall");
        assertEquals(3, b.get(CELLS_AT + 2 * 6 + 3), "setRect wrote (3, 2)");
        assertEquals(3, b.get(CELLS_AT + 2 * 6 + 4), "setRect wrote (4, 2)");
        assertEquals(0, b.get(CELLS_AT + 3 * 6 + 3), "setRect wrote (3, 3)");
        assertEquals(1, b.get(CELLS_AT + 3 * 6 + 4), "setRect wrote (4, 3)");
        try (HexGrid fresh = HexGrid.create(6, 5, StateGoldens.HEX_LAYOUT)) {
            fresh.restoreState(expected);
            assertArrayEquals(expected, fresh.saveState());
        }
    }

    private static byte[] patchI32(byte[] state, int at, int value) {
        byte[] out = state.clone();
        ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(at, value);
        return out;
    }

    private static byte[] patchF64(byte[] state, int at, double value) {
        byte[] out = state.clone();
        ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putDouble(at, value);
        return out;
    }
}
