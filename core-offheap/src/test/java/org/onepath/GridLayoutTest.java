package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.cells.GridChangeListener;

/** Rule 1: cell layout, size bound, area ids, edits, versions and change listeners. */
class GridLayoutTest {

    @Test
    void cellIndexIsRowTimesWidthPlusColumn() {
        try (Grid grid = Grid.create(5, 3)) {
            assertEquals(15, grid.cellCount());
            for (int y = 0; y < 3; y++) {
                for (int x = 0; x < 5; x++) {
                    assertEquals(y * 5 + x, grid.indexOf(x, y));
                }
            }
            // a write through the API lands at byte y * width + x of the cell memory
            grid.setArea(3, 2, 42);
            MemorySegment cells = grid.cells();
            assertEquals(15, cells.byteSize());
            for (int i = 0; i < 15; i++) {
                int expected = i == 2 * 5 + 3 ? 42 : 0;
                assertEquals(expected, cells.get(ValueLayout.JAVA_BYTE, i) & 0xFF, "byte " + i);
            }
            assertTrue(cells.isReadOnly(), "cells() is a read-only view");
        }
    }

    @Test
    void indexOfRejectsCellsOutsideTheGrid() {
        try (Grid grid = Grid.create(4, 2)) {
            assertThrows(IllegalArgumentException.class, () -> grid.indexOf(4, 0));
            assertThrows(IllegalArgumentException.class, () -> grid.indexOf(0, 2));
            assertThrows(IllegalArgumentException.class, () -> grid.indexOf(-1, 0));
            assertThrows(IllegalArgumentException.class, () -> grid.area(0, -1));
            assertThrows(IllegalArgumentException.class, () -> grid.setArea(4, 1, 0));
        }
    }

    @Test
    void atMostTwoToThe28CellsAreAllowed() {
        assertEquals(1 << 28, Grid.MAX_CELLS);
        try (Grid grid = Grid.create(1 << 14, 1 << 14)) {
            assertEquals(1 << 28, grid.cellCount());
        }
        assertThrows(IllegalArgumentException.class, () -> Grid.create(1 << 14, (1 << 14) + 1));
        assertThrows(IllegalArgumentException.class, () -> Grid.create((1 << 28) + 1, 1));
        assertThrows(IllegalArgumentException.class, () -> Grid.create(1 << 16, 1 << 16));
        assertThrows(IllegalArgumentException.class, () -> Grid.create(Integer.MAX_VALUE, Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> Grid.create(0, 4));
        assertThrows(IllegalArgumentException.class, () -> Grid.create(4, -1));
    }

    @Test
    void areaIdsZeroTo254AreWalkableAnd255IsAWall() {
        try (Grid grid = Grid.create(256, 1)) {
            for (int a = 0; a <= 255; a++) {
                grid.setArea(a, 0, a);
            }
            for (int a = 0; a <= 255; a++) {
                assertEquals(a, grid.area(a, 0));
                assertEquals(a != 255, grid.isWalkable(a, 0), "area " + a);
            }
            assertEquals(255, Grid.WALL);
            assertThrows(IllegalArgumentException.class, () -> grid.setArea(0, 0, 256));
            assertThrows(IllegalArgumentException.class, () -> grid.setArea(0, 0, -1));
        }
    }

    @Test
    void createWithAreaFillsEveryCell() {
        try (Grid walls = Grid.create(3, 2, 255);
                Grid seven = Grid.create(3, 2, 7)) {
            for (int y = 0; y < 2; y++) {
                for (int x = 0; x < 3; x++) {
                    assertFalse(walls.isWalkable(x, y));
                    assertEquals(7, seven.area(x, y));
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Grid.create(2, 2, 256));
    }

    @Test
    void fromBooleansMapsTrueToOpenAndFalseToWall() {
        boolean[][] rows = {
            {true, false, true},
            {false, true, true},
        };
        try (Grid grid = Grid.from(rows)) {
            assertEquals(3, grid.width());
            assertEquals(2, grid.height());
            for (int y = 0; y < 2; y++) {
                for (int x = 0; x < 3; x++) {
                    assertEquals(rows[y][x] ? 0 : 255, grid.area(x, y), "cell " + x + "," + y);
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Grid.from(new boolean[][] {{true, true}, {true}}));
        assertThrows(IllegalArgumentException.class, () -> Grid.from(new boolean[0][]));
    }

    @Test
    void setAreaBumpsVersionAndNotifiesListenersWithTheChangedCell() {
        try (Grid grid = Grid.create(4, 4)) {
            List<String> events = new ArrayList<>();
            GridChangeListener listener = (g, x, y) -> events.add(x + "," + y + "=" + g.area(x, y) + "@" + g.version());
            grid.addChangeListener(listener);
            int v0 = grid.version();

            grid.setArea(1, 2, 9);
            assertEquals(v0 + 1, grid.version());
            grid.setWalkable(3, 0, false);
            assertEquals(v0 + 2, grid.version());
            // the listener sees the new value, after the grid holds it
            assertEquals(List.of("1,2=9@" + (v0 + 1), "3,0=255@" + (v0 + 2)), events);

            // writing the value a cell already has does nothing
            grid.setArea(1, 2, 9);
            grid.setWalkable(3, 0, false);
            grid.setArea(0, 0, 0);
            assertEquals(v0 + 2, grid.version());
            assertEquals(2, events.size());

            assertTrue(grid.removeChangeListener(listener));
            assertFalse(grid.removeChangeListener(listener));
            grid.setArea(1, 2, 10);
            assertEquals(v0 + 3, grid.version());
            assertEquals(2, events.size(), "a removed listener is not told");
        }
    }

    @Test
    void newGridsStartAtVersionZero() {
        try (Grid a = Grid.create(3, 3);
                Grid b = Grid.fromText("#.\n.1");
                Grid c = Grid.from(new boolean[][] {{false, true}})) {
            assertEquals(0, a.version());
            assertEquals(0, b.version());
            assertEquals(0, c.version());
        }
    }

    @Test
    void everyRegisteredListenerIsTold() {
        try (Grid grid = Grid.create(2, 2)) {
            int[] a = new int[1];
            int[] b = new int[1];
            grid.addChangeListener((g, x, y) -> a[0]++);
            grid.addChangeListener((g, x, y) -> b[0]++);
            grid.setArea(1, 1, 3);
            grid.setArea(1, 1, 3);
            grid.setArea(0, 1, 255);
            assertArrayEquals(new int[] {2}, a);
            assertArrayEquals(new int[] {2}, b);
        }
    }
}
