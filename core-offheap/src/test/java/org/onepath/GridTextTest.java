package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.onepath.cells.GridFormatException;

/** Rule 14: the picture format of {@link Grid#fromText}. */
class GridTextTest {

    @Test
    void dotIsOpenHashIsWallDigitsAreAreas() {
        try (Grid grid = Grid.fromText("..#\n123\n9.#")) {
            assertEquals(3, grid.width());
            assertEquals(3, grid.height());
            int[][] expected = {{0, 0, 255}, {1, 2, 3}, {9, 0, 255}};
            for (int y = 0; y < 3; y++) {
                for (int x = 0; x < 3; x++) {
                    assertEquals(expected[y][x], grid.area(x, y), "cell " + x + "," + y);
                }
            }
        }
    }

    @Test
    void crlfAndOneFinalLineBreakAreAccepted() {
        try (Grid lf = Grid.fromText(".#\n#.\n");
                Grid crlf = Grid.fromText(".#\r\n#.\r\n");
                Grid bare = Grid.fromText(".#\r\n#.")) {
            for (Grid g : new Grid[] {lf, crlf, bare}) {
                assertEquals(2, g.width());
                assertEquals(2, g.height());
                assertEquals(0, g.area(0, 0));
                assertEquals(255, g.area(1, 0));
                assertEquals(255, g.area(0, 1));
                assertEquals(0, g.area(1, 1));
            }
        }
    }

    @Test
    void badCharacterIsReportedWithItsLineAndTheCharacter() {
        GridFormatException e = assertThrows(GridFormatException.class, () -> Grid.fromText("...\n..x\n..."));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("2"), e.getMessage());
        assertTrue(e.getMessage().contains("'x'"), "message names the bad character: " + e.getMessage());
        assertTrue(e.getMessage().contains("3"), "message names the column: " + e.getMessage());

        GridFormatException zero = assertThrows(GridFormatException.class, () -> Grid.fromText("0.."));
        assertEquals(1, zero.line());
        assertTrue(zero.getMessage().contains("'0'"), zero.getMessage());

        GridFormatException space = assertThrows(GridFormatException.class, () -> Grid.fromText("...\n...\n. ."));
        assertEquals(3, space.line());
        assertTrue(space.getMessage().contains("' '"), space.getMessage());
    }

    @Test
    void raggedRowsAreRejectedNamingTheLine() {
        GridFormatException shorter = assertThrows(GridFormatException.class, () -> Grid.fromText("...\n..\n..."));
        assertEquals(2, shorter.line());
        assertTrue(shorter.getMessage().contains(":2"), shorter.getMessage());
        GridFormatException longer = assertThrows(GridFormatException.class, () -> Grid.fromText("..\n..\n..."));
        assertEquals(3, longer.line());
        // an empty line in the middle is a ragged row too
        GridFormatException blank = assertThrows(GridFormatException.class, () -> Grid.fromText("..\n\n.."));
        assertEquals(2, blank.line());
    }

    @Test
    void emptyPictureIsRejected() {
        assertThrows(GridFormatException.class, () -> Grid.fromText(""));
        assertThrows(GridFormatException.class, () -> Grid.fromText("\n"));
        assertThrows(NullPointerException.class, () -> Grid.fromText(null));
    }

    @Test
    void gridFormatExceptionIsAnIllegalArgumentException() {
        assertThrows(IllegalArgumentException.class, () -> Grid.fromText("?"));
        GridFormatException e = new GridFormatException("maps/a.map", 7, "bad");
        assertEquals("maps/a.map", e.source());
        assertEquals(7, e.line());
        assertEquals("maps/a.map:7: bad", e.getMessage());
        assertEquals("x: y", new GridFormatException("x", 0, "y").getMessage());
    }
}
