package org.onepath.cells;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CellListTest {
    @Test
    void readsRowMajorIndicesAsCells() {
        int[] cells = {0, 4, 5, 11};
        List<Cell> list = Cell.listOf(cells, 4);
        assertEquals(List.of(new Cell(0, 0), new Cell(0, 1), new Cell(1, 1), new Cell(3, 2)), list);
        cells[0] = 3;
        assertEquals(new Cell(3, 0), list.get(0), "a view over the array, not a copy");
    }

    @Test
    void isReadOnly() {
        List<Cell> list = Cell.listOf(new int[] {1}, 2);
        assertThrows(UnsupportedOperationException.class, () -> list.set(0, new Cell(0, 0)));
        assertThrows(UnsupportedOperationException.class, () -> list.add(new Cell(0, 0)));
    }

    @Test
    void refusesAWidthBelowOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Cell.listOf(new int[0], 0));
        assertTrue(e.getMessage().contains("width 0"), e.getMessage());
        assertThrows(NullPointerException.class, () -> Cell.listOf(null, 1));
    }
}
