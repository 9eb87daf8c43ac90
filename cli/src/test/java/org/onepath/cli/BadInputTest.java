package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.onepath.cli.Fixtures.MAP_A_PROBLEMS;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.cli.Fixtures.Problem;

/**
 * Bad input: exit status 2, exactly one line on stderr naming the file and the problem, nothing
 * on stdout, no stack trace.
 */
class BadInputTest {
    @TempDir
    Path dir;

    private static void assertMentions(String line, String... parts) {
        for (String p : parts) {
            assertTrue(line.contains(p), () -> "'" + p + "' missing from: " + line);
        }
    }

    @Test
    void missingPath() {
        Path ghost = dir.resolve("nowhere.map.scen");
        String line = CliRun.of("scen", ghost.toString()).assertBadInput();
        assertMentions(line, "nowhere.map.scen", "no such file");
    }

    @Test
    void missingPathAfterAGoodOne() {
        Path good = Fixtures.mapA(dir, "a.map");
        String line = CliRun.of("scen", good.toString(), dir.resolve("gone").toString())
                .assertBadInput();
        assertMentions(line, "gone", "no such file");
    }

    @Test
    void folderWithoutScenarios() {
        Fixtures.write(dir.resolve("maps/a.map"), Fixtures.MAP_A);
        String line = CliRun.of("scen", dir.resolve("maps").toString()).assertBadInput();
        assertMentions(line, "maps", ".scen");
    }

    @Test
    void unknownAlgorithm() {
        Path scen = Fixtures.mapA(dir, "a.map");
        String line =
                CliRun.of("scen", "--alg", "astar,dijkstra", scen.toString()).assertBadInput();
        assertMentions(line, "dijkstra", "astar", "generic-astar");
    }

    @Test
    void emptyAlgorithmList() {
        Path scen = Fixtures.mapA(dir, "a.map");
        String line = CliRun.of("scen", "--alg", ",", scen.toString()).assertBadInput();
        assertMentions(line, "algorithm");
    }

    @Test
    void raggedMapRow() {
        // Row 1 (the sixth line of the file) is one character short.
        String map = "type octile\nheight 4\nwidth 5\nmap\n.....\n.@.@\n...@.\n@....\n";
        Fixtures.write(dir.resolve("ragged.map"), map);
        Path scen = Fixtures.write(dir.resolve("ragged.map.scen"), Fixtures.scen("ragged.map", 5, 4, MAP_A_PROBLEMS));
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "ragged.map:6:", "4", "5");
    }

    @Test
    void longMapRow() {
        String map = "type octile\nheight 4\nwidth 5\nmap\n.....\n.@.@.\n...@.\n@.....\n";
        Fixtures.write(dir.resolve("long.map"), map);
        Path scen = Fixtures.write(dir.resolve("long.map.scen"), Fixtures.scen("long.map", 5, 4, MAP_A_PROBLEMS));
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "long.map:8:", "6");
    }

    @Test
    void badMapCharacter() {
        // Row 2 is line 7; its third character is 'x'.
        String map = "type octile\nheight 4\nwidth 5\nmap\n.....\n.@.@.\n..x@.\n@....\n";
        Fixtures.write(dir.resolve("odd.map"), map);
        Path scen = Fixtures.write(dir.resolve("odd.map.scen"), Fixtures.scen("odd.map", 5, 4, MAP_A_PROBLEMS));
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "odd.map:7:", "'x'", "column 3");
    }

    @Test
    void mapWithTooFewRows() {
        String map = "type octile\nheight 4\nwidth 5\nmap\n.....\n.@.@.\n";
        Fixtures.write(dir.resolve("short.map"), map);
        Path scen = Fixtures.write(dir.resolve("short.map.scen"), Fixtures.scen("short.map", 5, 4, MAP_A_PROBLEMS));
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "short.map:", "2 of 4");
    }

    @Test
    void mapHeaderWithoutMapLine() {
        Fixtures.write(dir.resolve("head.map"), "type octile\nheight 4\nwidth 5\n");
        Path scen = Fixtures.write(dir.resolve("head.map.scen"), Fixtures.scen("head.map", 5, 4, MAP_A_PROBLEMS));
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "head.map:", "'map'");
    }

    @Test
    void scenarioLineWithEightFields() {
        // The second problem (line 3) lacks its length.
        List<String> lines = new ArrayList<>(
                Fixtures.scen("a.map", 5, 4, MAP_A_PROBLEMS).lines().toList());
        lines.set(2, lines.get(2).substring(0, lines.get(2).lastIndexOf('\t')));
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path scen = Fixtures.write(dir.resolve("a.map.scen"), String.join("\n", lines) + "\n");
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "a.map.scen:3:", "8 fields");
    }

    @Test
    void scenarioWithoutVersionLine() {
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        String text = Fixtures.scen("a.map", 5, 4, MAP_A_PROBLEMS).replace("version 1\n", "version 2\n");
        Path scen = Fixtures.write(dir.resolve("a.map.scen"), text);
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "a.map.scen:1:", "version");
    }

    @Test
    void scenarioLengthNotANumber() {
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        List<Problem> problems = new ArrayList<>(MAP_A_PROBLEMS);
        problems.set(3, problems.get(3).withWritten("five"));
        Path scen = Fixtures.write(dir.resolve("a.map.scen"), Fixtures.scen("a.map", 5, 4, problems));
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "a.map.scen:5:", "five");
    }

    @Test
    void scenarioSizeDiffersFromMapHeader() {
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path scen = Fixtures.write(dir.resolve("a.map.scen"), Fixtures.scen("a.map", 6, 4, MAP_A_PROBLEMS));
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "a.map.scen", "6 x 4", "5 x 4");
    }

    @Test
    void scenarioHeightDiffersFromMapHeaderOnALaterLine() {
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        StringBuilder text = new StringBuilder(Fixtures.scen("a.map", 5, 4, MAP_A_PROBLEMS));
        text.append(new Problem(0, 0, 1, 0, 1, "1").line("a.map", 5, 9, "\t")).append('\n');
        Path scen = Fixtures.write(dir.resolve("a.map.scen"), text.toString());
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "a.map.scen", "problem 11", "5 x 9", "5 x 4");
    }

    @Test
    void mapNamedInScenarioIsNotBesideIt() {
        Fixtures.write(dir.resolve("maps/ghost.map"), Fixtures.MAP_A); // in another folder: does not count
        Path scen =
                Fixtures.write(dir.resolve("scen/ghost.map.scen"), Fixtures.scen("ghost.map", 5, 4, MAP_A_PROBLEMS));
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "ghost.map.scen", "'ghost.map'", "not found");
    }

    @Test
    void scenarioNamingTwoMaps() {
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Fixtures.write(dir.resolve("b.map"), Fixtures.MAP_B);
        StringBuilder text = new StringBuilder(Fixtures.scen("a.map", 5, 4, MAP_A_PROBLEMS));
        text.append(new Problem(0, 0, 1, 0, 1, "1").line("b.map", 5, 4, "\t")).append('\n');
        Path scen = Fixtures.write(dir.resolve("a.map.scen"), text.toString());
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "a.map.scen", "b.map");
    }

    @Test
    void passesZero() {
        Path scen = Fixtures.mapA(dir, "a.map");
        String line = CliRun.of("scen", "--passes", "0", scen.toString()).assertBadInput();
        assertMentions(line, "--passes", "0");
    }

    @Test
    void negativeLimitAndWarmup() {
        Path scen = Fixtures.mapA(dir, "a.map");
        assertMentions(CliRun.of("scen", "--limit", "-1", scen.toString()).assertBadInput(), "--limit", "-1");
        assertMentions(CliRun.of("scen", "--warmup", "-1", scen.toString()).assertBadInput(), "--warmup", "-1");
    }

    @Test
    void usageErrorsExitTwoWithoutStackTrace() {
        for (String[] args : List.of(
                new String[] {"scen"},
                new String[] {"scen", "--passes", "many", "x.scen"},
                new String[] {"nosuchcommand"},
                new String[] {},
                new String[] {"demo", "--size"})) {
            CliRun run = CliRun.of(args);
            assertEquals(OnePathCli.BAD_INPUT, run.status(), () -> String.join(" ", args) + "\n" + run);
            run.assertNoStackTrace();
            assertTrue(run.errLines().getFirst().startsWith("onepath: "), run::toString);
        }
    }

    @Test
    void emptyScenarioFile() {
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path scen = Fixtures.write(dir.resolve("a.map.scen"), "");
        String line = CliRun.of("scen", scen.toString()).assertBadInput();
        assertMentions(line, "a.map.scen", "version");
    }

    @Test
    void mapSizesOutOfRange() {
        // 65536 x 65536 cells is far above the cell limit; the rows are never read.
        Fixtures.write(dir.resolve("huge.map"), "type octile\nheight 65536\nwidth 65536\nmap\n");
        Path huge = Fixtures.write(
                dir.resolve("huge.map.scen"),
                "version 1\n" + new Problem(0, 0, 1, 0, 1, "1").line("huge.map", 65536, 65536, "\t") + "\n");
        assertMentions(CliRun.of("scen", huge.toString()).assertBadInput(), "huge.map:", "65536");

        Fixtures.write(dir.resolve("zero.map"), "type octile\nheight 0\nwidth 5\nmap\n");
        Path zero = Fixtures.write(dir.resolve("zero.map.scen"), Fixtures.scen("zero.map", 5, 4, MAP_A_PROBLEMS));
        assertMentions(CliRun.of("scen", zero.toString()).assertBadInput(), "zero.map:2:", "height");
    }

    @Test
    void startOutsideTheMap() {
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        List<Problem> problems = new ArrayList<>(MAP_A_PROBLEMS);
        problems.add(new Problem(5, 0, 0, 0, 5, "5"));
        Path scen = Fixtures.write(dir.resolve("a.map.scen"), Fixtures.scen("a.map", 5, 4, problems));
        assertMentions(CliRun.of("scen", scen.toString()).assertBadInput(), "a.map.scen:12:", "start x");
    }
}
