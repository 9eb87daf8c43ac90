package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.onepath.cells.Cell;
import org.onepath.cells.GridFormatException;
import org.onepath.cells.PathStatus;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiOptions;

/** The Moving AI map reader. */
class MovingAiMapTest {
    private static final String SMALL = """
            type octile
            height 3
            width 5
            map
            .GS@O
            TW...
            ..S.G
            """;

    private static MovingAiMap parse(String text) {
        return MovingAiMap.parse("test.map", text.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static GridFormatException parseError(String text) {
        return assertThrows(GridFormatException.class, () -> parse(text));
    }

    @Test
    void parsesHeaderAndRows() {
        MovingAiMap map = parse(SMALL);
        assertEquals("octile", map.type());
        assertEquals(5, map.width());
        assertEquals(3, map.height());
        assertEquals("test.map", map.source());
    }

    @Test
    void dotGAndSwampAreOpenTheRestAreWallsByDefault() {
        String[] rows = {".GS@O", "TW...", "..S.G"};
        try (Grid grid = parse(SMALL).toGrid()) {
            assertEquals(5, grid.width());
            assertEquals(3, grid.height());
            for (int y = 0; y < 3; y++) {
                for (int x = 0; x < 5; x++) {
                    char c = rows[y].charAt(x);
                    boolean open = c == '.' || c == 'G' || c == 'S';
                    assertEquals(open ? 0 : 255, grid.area(x, y), "'" + c + "' at " + x + "," + y);
                }
            }
        }
    }

    @Test
    void optionsDecideSwampAndWater() {
        MovingAiMap map = parse(SMALL);
        try (Grid grid = map.toGrid(new MovingAiOptions(false, true))) {
            assertEquals(255, grid.area(2, 0), "swamp blocked");
            assertEquals(0, grid.area(1, 1), "water open");
            assertEquals(0, grid.area(1, 0), "G always open");
            assertEquals(255, grid.area(0, 1), "T always blocked");
            assertEquals(255, grid.area(3, 0), "@ always blocked");
            assertEquals(255, grid.area(4, 0), "O always blocked");
        }
        assertEquals(new MovingAiOptions(true, false), MovingAiOptions.DEFAULT);
    }

    @Test
    void crlfLinesAndHeaderFieldsInAnyOrder() {
        String text = "type octile\r\nwidth 2\r\nheight 2\r\nmap\r\n.@\r\nG.\r\n";
        MovingAiMap map = parse(text);
        assertEquals(2, map.width());
        assertEquals(2, map.height());
        try (Grid grid = map.toGrid()) {
            assertEquals(0, grid.area(0, 0));
            assertEquals(255, grid.area(1, 0));
            assertEquals(0, grid.area(0, 1));
            assertEquals(0, grid.area(1, 1));
        }
        // no final line break, trailing blank lines
        assertEquals(1, parse("type octile\nheight 1\nwidth 3\nmap\n...").height());
        assertEquals(1, parse("type octile\nheight 1\nwidth 3\nmap\n...\n\n\n").height());
    }

    @Test
    void aParsedMapIsSearchable() {
        String text = """
                type octile
                height 4
                width 6
                map
                ......
                .@@@T.
                .S..W.
                ......
                """;
        try (Grid grid = parse(text).toGrid()) {
            // (0, 2) -> (3, 2) through the swamp cell (1, 2); (4, 2) water is a wall
            GridPath path = grid.findPath(new Cell(0, 2), new Cell(3, 2), GridOptions.FOUR_CONNECTED);
            assertEquals(3.0, path.cost());
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new Cell(0, 2), new Cell(4, 2)).status());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "missing type          | height 2\\nwidth 2\\nmap\\n..\\n..                        | 3",
                "missing width         | type octile\\nheight 2\\nmap\\n..\\n..                    | 3",
                "missing height        | type octile\\nwidth 2\\nmap\\n..\\n..                     | 3",
                "height not a number   | type octile\\nheight two\\nwidth 2\\nmap\\n..\\n..        | 2",
                "width zero            | type octile\\nheight 2\\nwidth 0\\nmap\\n..\\n..          | 3",
                "height too large      | type octile\\nheight 65537\\nwidth 2\\nmap\\n..\\n..      | 2",
                "negative width        | type octile\\nheight 2\\nwidth -2\\nmap\\n..\\n..         | 3",
                "second height         | type octile\\nheight 2\\nheight 2\\nwidth 2\\nmap\\n..\\n.. | 3",
                "second type           | type octile\\ntype octile\\nheight 2\\nwidth 2\\nmap\\n..  | 2",
                "unknown field         | type octile\\ndepth 2\\nheight 2\\nwidth 2\\nmap\\n..\\n.. | 2",
                "three words           | type octile\\nheight 2 3\\nwidth 2\\nmap\\n..\\n..        | 2",
                "map with a value      | type octile\\nheight 1\\nwidth 2\\nmap 1\\n..               | 4",
                "ends in the header    | type octile\\nheight 2\\nwidth 2                        | 3",
            })
    void headerErrorsNameTheLine(String name, String text, int line) {
        GridFormatException e = parseError(text.strip().replace("\\n", "\n"));
        assertEquals(line, e.line(), name + ": " + e.getMessage());
        assertTrue(e.getMessage().startsWith("test.map:" + line + ":"), e.getMessage());
    }

    @Test
    void tooManyCellsAreRejectedBeforeTheRows() {
        GridFormatException e = parseError("type octile\nheight 65536\nwidth 65536\nmap\n");
        assertEquals(4, e.line());
        assertTrue(e.getMessage().contains("65536"), e.getMessage());
        // 2^28 cells exactly are within the bound: the error is then the missing rows
        GridFormatException rows = parseError("type octile\nheight 4096\nwidth 65536\nmap\n");
        assertTrue(rows.getMessage().contains("0 of 4096"), rows.getMessage());
    }

    @Test
    void rowErrorsNameTheLine() {
        String header = "type octile\nheight 3\nwidth 4\nmap\n";
        GridFormatException shortRow = parseError(header + "....\n...\n....\n");
        assertEquals(6, shortRow.line());
        GridFormatException longRow = parseError(header + "....\n....\n.....\n");
        assertEquals(7, longRow.line());
        GridFormatException badChar = parseError(header + "....\n..x.\n....\n");
        assertEquals(6, badChar.line());
        assertTrue(badChar.getMessage().contains("'x'"), badChar.getMessage());
        assertTrue(badChar.getMessage().contains("3"), "names the column: " + badChar.getMessage());
        GridFormatException missingRow = parseError(header + "....\n....\n");
        assertTrue(missingRow.getMessage().contains("2 of 3"), missingRow.getMessage());
        GridFormatException trailing = parseError(header + "....\n....\n....\nextra\n");
        assertEquals(8, trailing.line());
        GridFormatException lowercase = parseError(header + "....\n....\n...g\n");
        assertEquals(7, lowercase.line());
        GridFormatException control = parseError(header + "....\n.\t..\n....\n");
        assertEquals(6, control.line());
    }

    @Test
    void readNamesTheFileInErrors(@TempDir Path dir) throws IOException {
        Path good = dir.resolve("good.map");
        Files.writeString(good, SMALL, StandardCharsets.ISO_8859_1);
        MovingAiMap map = MovingAiMap.read(good);
        assertEquals(5, map.width());
        assertEquals(good.toString(), map.source());

        Path bad = dir.resolve("bad.map");
        Files.writeString(bad, "type octile\nheight 1\nwidth 2\nmap\n.#\n", StandardCharsets.ISO_8859_1);
        GridFormatException e = assertThrows(GridFormatException.class, () -> MovingAiMap.read(bad));
        assertEquals(bad.toString(), e.source());
        assertEquals(5, e.line());
        assertTrue(e.getMessage().contains(bad.toString()), e.getMessage());

        assertThrows(UncheckedIOException.class, () -> MovingAiMap.read(dir.resolve("missing.map")));
    }
}
