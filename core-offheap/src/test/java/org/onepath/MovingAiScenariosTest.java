package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.onepath.cells.Cell;
import org.onepath.cells.GridFormatException;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;

/** The Moving AI scenario reader. */
class MovingAiScenariosTest {

    private static List<MovingAiScenario> parse(String text) {
        return MovingAiScenarios.parse("test.scen", text);
    }

    @Test
    void versionOneWithTabs() {
        List<MovingAiScenario> s = parse("version 1\n"
                + "0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1.00000000\n"
                + "3\tmaps/dao/arena.map\t49\t49\t20\t3\t44\t40\t46.97056275\n");
        assertEquals(2, s.size());
        assertEquals(new MovingAiScenario(0, "maps/dao/arena.map", 49, 49, 1, 11, 1, 12, 1.0), s.get(0));
        MovingAiScenario b = s.get(1);
        assertEquals(3, b.bucket());
        assertEquals(new Cell(20, 3), b.start());
        assertEquals(new Cell(44, 40), b.goal());
        assertEquals(46.97056275, b.optimalLength());
        assertEquals("arena.map", b.mapFileName());
    }

    @Test
    void versionOnePointZeroWithSpacesCrlfAndBlankLines() {
        String text = "version 1.0\r\n"
                + "\r\n"
                + "1   a.map 10 8  0 0   9 7 11.24264069\r\n"
                + "  \r\n"
                + "2 a.map\t10 8 9 7 0 0 11.24264069\r\n";
        List<MovingAiScenario> s = parse(text);
        assertEquals(2, s.size());
        assertEquals(new MovingAiScenario(1, "a.map", 10, 8, 0, 0, 9, 7, 11.24264069), s.get(0));
        assertEquals(new MovingAiScenario(2, "a.map", 10, 8, 9, 7, 0, 0, 11.24264069), s.get(1));
        assertEquals("a.map", s.get(0).mapFileName());
    }

    @Test
    void theLengthKeepsItsDecimalPlacesThroughTheCanonicalText() {
        List<MovingAiScenario> s = parse("version 1\n"
                + "0\ta.map\t9\t9\t1\t1\t2\t2\t1.41421356\n"
                + "0\ta.map\t9\t9\t1\t1\t3\t1\t2.00\n"
                + "0\ta.map\t9\t9\t1\t1\t1\t1\t0\n"
                + "0\ta.map\t9\t9\t1\t1\t8\t8\t9.899494936611665\n"
                + "0\ta.map\t9\t9\t1\t1\t8\t1\t7.0e0\n");
        assertEquals(
                List.of(8, 2, 0, 15, 1),
                s.stream().map(MovingAiScenario::lengthDecimals).toList());
        String text = MovingAiScenarios.toText(s);
        assertTrue(text.contains("\t2.00\n") && text.contains("\t0\n") && text.contains("\t1.41421356\n"), text);
        assertTrue(text.contains("\t7.0\n"), text);
        assertEquals(s, MovingAiScenarios.parse("canonical", text));
        // the decimal places decide the match tolerance
        assertEquals(1e-6 * 1.41421356, s.get(0).matchTolerance());
        assertEquals(0.005 + 2e-9 * 2, s.get(1).matchTolerance(), 1e-18);
    }

    @Test
    void aRecordRefusesDecimalPlacesNoLengthCanBePrintedWith() {
        for (int bad : new int[] {-309, 1075, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> new MovingAiScenario(0, "a.map", 9, 9, 1, 1, 2, 2, 1.5, bad));
            assertTrue(e.getMessage().contains("lengthDecimals " + bad), e.getMessage());
        }
        assertEquals(-308, new MovingAiScenario(0, "a.map", 9, 9, 1, 1, 2, 2, 0, -308).lengthDecimals());
        assertEquals(1074, new MovingAiScenario(0, "a.map", 9, 9, 1, 1, 2, 2, 0, 1074).lengthDecimals());
    }

    @ParameterizedTest
    @ValueSource(strings = {"1e-99999999999", "1e-2000", "5e400000", "0.5e-1100"})
    void lengthsPrintedWithImpossibleDecimalPlacesAreRefusedWithTheLine(String length) {
        GridFormatException e = assertThrows(
                GridFormatException.class,
                () -> parse(
                        "version 1\n0\ta.map\t9\t9\t1\t1\t2\t2\t1.5\n0\ta.map\t9\t9\t1\t1\t2\t2\t" + length + "\n"));
        assertTrue(e.getMessage().contains(":3:"), e.getMessage());
        assertTrue(e.getMessage().contains("optimal length"), e.getMessage());
    }

    @Test
    void versionLineOnlyGivesNoProblems() {
        assertEquals(List.of(), parse("version 1\n"));
        assertEquals(List.of(), parse("version 1.0"));
    }

    @Test
    void mapFileNameDropsDirectoriesOfEitherSeparator() {
        assertEquals("b.map", new MovingAiScenario(0, "maps\\sub\\b.map", 1, 1, 0, 0, 0, 0, 0).mapFileName());
        assertEquals("c.map", new MovingAiScenario(0, "x/y\\c.map", 1, 1, 0, 0, 0, 0, 0).mapFileName());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"", "version 2\n", "version\n", "0 a.map 4 4 0 0 1 1 1.0\n", "\nversion 1\n", "Version 1\n"})
    void missingOrWrongVersionIsRejectedOnLineOne(String text) {
        GridFormatException e = assertThrows(GridFormatException.class, () -> parse(text));
        assertEquals(1, e.line(), e.getMessage());
        assertTrue(e.getMessage().startsWith("test.scen:1:"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "eight fields           | 0 a.map 4 4 0 0 1 1",
                "ten fields             | 0 a.map 4 4 0 0 1 1 1.0 7",
                "bucket not a number    | x a.map 4 4 0 0 1 1 1.0",
                "negative bucket        | -1 a.map 4 4 0 0 1 1 1.0",
                "width zero             | 0 a.map 0 4 0 0 1 1 1.0",
                "start x beyond width   | 0 a.map 4 4 4 0 1 1 1.0",
                "start y beyond height  | 0 a.map 4 3 0 3 1 1 1.0",
                "goal x negative        | 0 a.map 4 4 0 0 -1 1 1.0",
                "goal y not a number    | 0 a.map 4 4 0 0 1 1.5 1.0",
                "length not a number    | 0 a.map 4 4 0 0 1 1 long",
                "negative length        | 0 a.map 4 4 0 0 1 1 -2.0",
                "NaN length             | 0 a.map 4 4 0 0 1 1 NaN",
                "infinite length        | 0 a.map 4 4 0 0 1 1 Infinity",
            })
    void malformedProblemLinesNameTheLine(String name, String line) {
        String text = "version 1\n0 a.map 4 4 0 0 3 3 4.24264069\n\n" + line.strip() + "\n";
        GridFormatException e = assertThrows(GridFormatException.class, () -> parse(text));
        assertEquals(4, e.line(), name + ": " + e.getMessage());
        assertTrue(e.getMessage().startsWith("test.scen:4:"), e.getMessage());
    }

    @Test
    void readNamesTheFile(@TempDir Path dir) throws IOException {
        Path good = dir.resolve("a.map.scen");
        Files.writeString(good, "version 1\n0\ta.map\t4\t4\t0\t0\t3\t3\t4.24264069\n", StandardCharsets.ISO_8859_1);
        List<MovingAiScenario> s = MovingAiScenarios.read(good);
        assertEquals(1, s.size());
        assertEquals(4.24264069, s.get(0).optimalLength());

        Path bad = dir.resolve("bad.scen");
        Files.writeString(bad, "version 1\n0\ta.map\t4\t4\t0\t0\t3\n", StandardCharsets.ISO_8859_1);
        GridFormatException e = assertThrows(GridFormatException.class, () -> MovingAiScenarios.read(bad));
        assertEquals(2, e.line());
        assertEquals(bad.toString(), e.source());

        assertThrows(UncheckedIOException.class, () -> MovingAiScenarios.read(dir.resolve("missing.scen")));
    }
}
