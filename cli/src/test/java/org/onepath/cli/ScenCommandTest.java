package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.onepath.cli.Fixtures.MAP_A_PROBLEMS;
import static org.onepath.cli.Fixtures.MAP_B_PROBLEMS;
import static org.onepath.cli.Fixtures.SQRT2;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.cli.Fixtures.Problem;

/** {@code onepath scen} on small hand-made Moving AI files. */
class ScenCommandTest {
    private static final Pattern MISMATCH = Pattern.compile(
            "mismatch: (\\S+) (.+) problem (\\d+) \\((\\d+),(\\d+)\\)->\\((\\d+),(\\d+)\\): expected (\\S+), got (.+)");

    /** Columns of a row of the table whose algorithm name has no space. */
    static final int TABLE_COLUMNS = 10;

    @TempDir
    Path dir;

    /**
     * A row of the human table: algorithm, problems, mismatches, expanded (then search s,
     * preprocess s, us/query, median us, p99 us, max us).
     */
    record Row(String alg, int problems, int mismatches, long expanded) {}

    record MismatchLine(
            String alg, String scenario, int problem, int sx, int sy, int gx, int gy, double expected, String got) {
        double gotCost() {
            return got.equals("no path") ? Double.POSITIVE_INFINITY : Double.parseDouble(got);
        }
    }

    static Row row(CliRun run, String alg) {
        List<Row> rows = new ArrayList<>();
        for (String line : run.outLines()) {
            String[] f = line.strip().split("\\s+");
            if (f.length == TABLE_COLUMNS && f[0].equals(alg)) {
                rows.add(new Row(f[0], Integer.parseInt(f[1]), Integer.parseInt(f[2]), Long.parseLong(f[3])));
            }
        }
        assertEquals(1, rows.size(), () -> "one table row for " + alg + " in\n" + run);
        return rows.getFirst();
    }

    static List<MismatchLine> mismatches(CliRun run) {
        List<MismatchLine> out = new ArrayList<>();
        for (String line : run.outLines()) {
            if (line.startsWith("mismatch")) {
                Matcher m = MISMATCH.matcher(line);
                assertTrue(m.matches(), () -> "mismatch line format: " + line);
                out.add(new MismatchLine(
                        m.group(1),
                        m.group(2),
                        Integer.parseInt(m.group(3)),
                        Integer.parseInt(m.group(4)),
                        Integer.parseInt(m.group(5)),
                        Integer.parseInt(m.group(6)),
                        Integer.parseInt(m.group(7)),
                        Double.parseDouble(m.group(8)),
                        m.group(9)));
            }
        }
        return out;
    }

    static Map<String, Object> json(CliRun run) {
        List<String> lines = run.outLines();
        assertEquals(1, lines.size(), () -> "--json prints one line:\n" + run);
        return MiniJson.object(MiniJson.parse(lines.getFirst()));
    }

    static void assertCost(double expected, double actual, String what) {
        if (expected == Double.POSITIVE_INFINITY) {
            assertEquals(expected, actual, what);
        } else {
            assertEquals(expected, actual, 1e-9, what);
        }
    }

    @Test
    void helpNamesEveryAlgorithmThatAlgAccepts() {
        CliRun help = CliRun.of("scen", "--help");
        assertEquals(0, help.status(), help::toString);
        String text = help.out().replaceAll("\\s+", " ");
        for (String name : Algorithms.names().split(",")) {
            assertTrue(
                    text.contains(" " + name + ",") || text.contains(" " + name + "."),
                    () -> name + " missing from:\n" + help.out());
            assertEquals(
                    List.of(name),
                    Algorithms.parse(name).stream().map(Algorithm::name).toList());
        }
    }

    @Test
    void allLengthsMatchGivesExitZero() {
        Path scen = Fixtures.mapA(dir, "a.map");
        CliRun run = CliRun.of("scen", scen.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals("", run.err(), "nothing on stderr");
        assertTrue(run.out().startsWith("1 scenario file(s)"), run::toString);
        Row astar = row(run, "astar");
        assertEquals(10, astar.problems());
        assertEquals(0, astar.mismatches());
        assertTrue(astar.expanded() >= Fixtures.MAP_A_PATH_STEPS, () -> "expanded " + astar.expanded());
        assertTrue(mismatches(run).isEmpty());
    }

    @Test
    void wrongLengthGivesExitOneAndIsListed() {
        // Problem 3 really costs 5 + sqrt 2; the file claims 7 (the cost of the top route).
        List<Problem> problems = new ArrayList<>(MAP_A_PROBLEMS);
        problems.set(2, problems.get(2).withWritten("7.00000000"));
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path scen = Fixtures.write(dir.resolve("a.map.scen"), Fixtures.scen("a.map", 5, 4, problems));

        CliRun run = CliRun.of("scen", scen.toString());
        assertEquals(OnePathCli.FAILED, run.status(), run::toString);
        run.assertNoStackTrace();
        Row astar = row(run, "astar");
        assertEquals(10, astar.problems());
        assertEquals(1, astar.mismatches());
        List<MismatchLine> listed = mismatches(run);
        assertEquals(1, listed.size(), run::toString);
        MismatchLine m = listed.getFirst();
        assertEquals("astar", m.alg());
        assertTrue(m.scenario().endsWith("a.map.scen"), m.scenario());
        assertEquals(3, m.problem(), "problems are numbered from 1");
        assertEquals(List.of(0, 0, 4, 3), List.of(m.sx(), m.sy(), m.gx(), m.gy()));
        assertEquals(7.0, m.expected());
        assertEquals(5 + SQRT2, m.gotCost(), 1e-9);
    }

    @Test
    void lengthZeroBetweenDisconnectedCellsMatchesOnlyWithoutPath() {
        // Every length-0 problem of map B joins parts that touch only at a corner.
        Path scen = Fixtures.mapB(dir, "b.map");
        CliRun ok = CliRun.of("scen", "--alg", "astar,generic-astar", scen.toString());
        assertEquals(0, ok.status(), ok::toString);
        assertEquals(MAP_B_PROBLEMS.size(), row(ok, "astar").problems());
        assertEquals(0, row(ok, "astar").mismatches());
        assertEquals(0, row(ok, "generic-astar").mismatches());

        // (0,0)->(1,0) has a path of cost 1, so a length of 0 is a mismatch ...
        // ... and (1,1)->(2,2) is only a corner-cutting diagonal, so a length of sqrt 2 is one too.
        List<Problem> wrong = List.of(
                new Problem(0, 0, 1, 0, 1, "0"),
                new Problem(1, 1, 2, 2, Double.POSITIVE_INFINITY, "1.41421356"),
                new Problem(2, 2, 2, 2, 0, "0"));
        Path bad = Fixtures.write(dir.resolve("sub/b.map.scen"), Fixtures.scen("b.map", 5, 4, wrong));
        Fixtures.write(dir.resolve("sub/b.map"), Fixtures.MAP_B);
        CliRun run = CliRun.of("scen", "--alg", "astar,generic-astar", bad.toString());
        assertEquals(OnePathCli.FAILED, run.status(), run::toString);
        for (String alg : List.of("astar", "generic-astar")) {
            assertEquals(3, row(run, alg).problems());
            assertEquals(2, row(run, alg).mismatches(), alg);
            List<MismatchLine> listed =
                    mismatches(run).stream().filter(m -> m.alg().equals(alg)).toList();
            assertEquals(
                    List.of(1, 2), listed.stream().map(MismatchLine::problem).toList(), alg);
            assertEquals(1.0, listed.get(0).gotCost(), 1e-12);
            assertEquals(0.0, listed.get(0).expected());
            assertEquals("no path", listed.get(1).got());
        }
    }

    @Test
    void jsonReportHasTheDocumentedShapeAndValues() {
        Path scen = Fixtures.mapA(dir, "a.map");
        CliRun run = CliRun.of("scen", "--json", scen.toString());
        assertEquals(0, run.status(), run::toString);
        Map<String, Object> report = json(run);
        List<Object> results = MiniJson.array(report.get("results"));
        assertEquals(1, results.size());
        Map<String, Object> r = MiniJson.object(results.getFirst());
        assertEquals("astar", r.get("alg"));
        assertEquals(10, MiniJson.integer(r.get("problems")));
        assertEquals(0, MiniJson.integer(r.get("mismatches")));
        long expanded = MiniJson.integer(r.get("expanded"));
        assertTrue(
                expanded >= Fixtures.MAP_A_PATH_STEPS && expanded <= 10L * Fixtures.MAP_A_OPEN_CELLS,
                () -> "expanded " + expanded);
        double search = MiniJson.number(r.get("searchSeconds"));
        double preprocess = MiniJson.number(r.get("preprocessSeconds"));
        assertTrue(search >= 0 && search < 60, "searchSeconds " + search);
        assertTrue(preprocess >= 0 && preprocess < 60, "preprocessSeconds " + preprocess);
        List<Object> maps = MiniJson.array(r.get("maps"));
        assertEquals(1, maps.size());
        Map<String, Object> m = MiniJson.object(maps.getFirst());
        assertEquals("a.map", m.get("map"));
        assertEquals(10, MiniJson.integer(m.get("problems")));
        assertEquals(0, MiniJson.integer(m.get("mismatches")));
        assertEquals(expanded, MiniJson.integer(m.get("expanded")));
        assertEquals(search, MiniJson.number(m.get("searchSeconds")), 1e-12);
        assertTrue(MiniJson.number(report.get("loadSeconds")) >= 0);
    }

    @Test
    void jsonCountsMismatchesPerMapAndInTotal() {
        Fixtures.mapA(dir.resolve("one"), "a.map");
        Fixtures.write(dir.resolve("two/a.map"), Fixtures.MAP_A);
        Fixtures.write(
                dir.resolve("two/a.map.scen"), Fixtures.scen("a.map", 5, 4, Fixtures.mapAWithWrongLengths(0, 4, 9)));
        Fixtures.mapB(dir.resolve("three"), "b.map");
        CliRun run = CliRun.of("scen", "--json", "--alg", "generic-astar", dir.toString());
        assertEquals(OnePathCli.FAILED, run.status(), run::toString);
        Map<String, Object> r =
                MiniJson.object(MiniJson.array(json(run).get("results")).getFirst());
        assertEquals("generic-astar", r.get("alg"));
        assertEquals(10 + 10 + MAP_B_PROBLEMS.size(), MiniJson.integer(r.get("problems")));
        assertEquals(3, MiniJson.integer(r.get("mismatches")));
        List<Object> maps = MiniJson.array(r.get("maps"));
        // Sorted by scenario path: one/, three/, two/.
        assertEquals(
                List.of("a.map", "b.map", "a.map"),
                maps.stream().map(o -> MiniJson.object(o).get("map")).toList());
        assertEquals(
                List.of(0L, 0L, 3L),
                maps.stream()
                        .map(o -> MiniJson.integer(MiniJson.object(o).get("mismatches")))
                        .toList());
        assertEquals(
                List.of(10L, (long) MAP_B_PROBLEMS.size(), 10L),
                maps.stream()
                        .map(o -> MiniJson.integer(MiniJson.object(o).get("problems")))
                        .toList());
        long sum = maps.stream()
                .mapToLong(o -> MiniJson.integer(MiniJson.object(o).get("expanded")))
                .sum();
        assertEquals(sum, MiniJson.integer(r.get("expanded")));
    }

    @Test
    void bothAlgorithmsReportEqualMismatchesAndEqualCosts() {
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        int[] all = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        Path scen = Fixtures.write(
                dir.resolve("a.map.scen"), Fixtures.scen("a.map", 5, 4, Fixtures.mapAWithWrongLengths(all)));
        CliRun run = CliRun.of("scen", "--alg", "astar,generic-astar", scen.toString());
        assertEquals(OnePathCli.FAILED, run.status(), run::toString);
        assertEquals(10, row(run, "astar").mismatches());
        assertEquals(10, row(run, "generic-astar").mismatches());
        List<MismatchLine> listed = mismatches(run);
        assertEquals(20, listed.size(), run::toString);
        List<MismatchLine> a =
                listed.stream().filter(m -> m.alg().equals("astar")).toList();
        List<MismatchLine> g =
                listed.stream().filter(m -> m.alg().equals("generic-astar")).toList();
        assertEquals(10, a.size());
        assertEquals(10, g.size());
        for (int i = 0; i < 10; i++) {
            Problem p = MAP_A_PROBLEMS.get(i);
            assertEquals(i + 1, a.get(i).problem());
            assertEquals(i + 1, g.get(i).problem());
            assertCost(p.exact(), a.get(i).gotCost(), "astar problem " + (i + 1));
            assertCost(p.exact(), g.get(i).gotCost(), "generic-astar problem " + (i + 1));
            assertEquals(a.get(i).gotCost(), g.get(i).gotCost(), 1e-9, "same cost for problem " + (i + 1));
        }

        CliRun good = CliRun.of(
                "scen",
                "--json",
                "--alg",
                "astar,generic-astar",
                Fixtures.mapA(dir.resolve("ok"), "a.map").toString());
        assertEquals(0, good.status(), good::toString);
        List<Object> results = MiniJson.array(json(good).get("results"));
        assertEquals(
                List.of("astar", "generic-astar"),
                results.stream().map(o -> MiniJson.object(o).get("alg")).toList());
        for (Object o : results) {
            assertEquals(10, MiniJson.integer(MiniJson.object(o).get("problems")));
            assertEquals(0, MiniJson.integer(MiniJson.object(o).get("mismatches")));
        }
    }

    @Test
    void folderIsSearchedRecursively() {
        Fixtures.mapA(dir.resolve("x"), "a.map");
        Fixtures.mapB(dir.resolve("x/y/z"), "b.map");
        Fixtures.write(dir.resolve("x/y/notes.txt"), "not a scenario\n");
        Fixtures.write(dir.resolve("x/y/z/other.map"), Fixtures.MAP_A); // a map no scenario names
        CliRun run = CliRun.of("scen", dir.toString());
        assertEquals(0, run.status(), run::toString);
        assertTrue(run.out().startsWith("2 scenario file(s)"), run::toString);
        assertEquals(10 + MAP_B_PROBLEMS.size(), row(run, "astar").problems());

        CliRun js = CliRun.of("scen", "--json", dir.resolve("x").toString());
        List<Object> maps = MiniJson.array(
                MiniJson.object(MiniJson.array(json(js).get("results")).getFirst())
                        .get("maps"));
        assertEquals(
                List.of("a.map", "b.map"),
                maps.stream().map(o -> MiniJson.object(o).get("map")).toList());
    }

    @Test
    void fileAndFolderArgumentsCombine() {
        Path a = Fixtures.mapA(dir.resolve("p"), "a.map");
        Fixtures.mapB(dir.resolve("q/r"), "b.map");
        CliRun run = CliRun.of("scen", a.toString(), dir.resolve("q").toString());
        assertEquals(0, run.status(), run::toString);
        assertTrue(run.out().startsWith("2 scenario file(s)"), run::toString);
        assertEquals(10 + MAP_B_PROBLEMS.size(), row(run, "astar").problems());
    }

    @Test
    void everyKeepsEveryNthProblemWithItsNumberInTheFile() {
        // Problems 4 and 10 (0-based 3 and 9) have wrong lengths; every third problem is 1, 4, 7, 10.
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path scen = Fixtures.write(
                dir.resolve("a.map.scen"), Fixtures.scen("a.map", 5, 4, Fixtures.mapAWithWrongLengths(3, 9)));
        CliRun third = CliRun.of("scen", "--every", "3", scen.toString());
        assertEquals(OnePathCli.FAILED, third.status(), third::toString);
        assertEquals(4, row(third, "astar").problems());
        assertEquals(2, row(third, "astar").mismatches());
        assertEquals(
                List.of(4, 10),
                mismatches(third).stream().map(MismatchLine::problem).toList(),
                "numbered as in the file");

        CliRun second = CliRun.of("scen", "--every", "2", scen.toString());
        assertEquals(0, second.status(), "problems 1, 3, 5, 7, 9 skip the wrong ones: " + second);
        assertEquals(5, row(second, "astar").problems());

        CliRun limited = CliRun.of("scen", "--every", "3", "--limit", "1", scen.toString());
        assertEquals(0, limited.status(), limited::toString);
        assertEquals(1, row(limited, "astar").problems(), "the limit counts the kept problems");
        assertTrue(CliRun.of("scen", "--every", "0", scen.toString())
                .assertBadInput()
                .contains("--every"));
    }

    @Test
    void fromSkipsTheFirstProblemsAndPiecesCoverTheFile() {
        // Problems 4 and 10 (0-based 3 and 9) have wrong lengths.
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path scen = Fixtures.write(
                dir.resolve("a.map.scen"), Fixtures.scen("a.map", 5, 4, Fixtures.mapAWithWrongLengths(3, 9)));
        CliRun first = CliRun.of("scen", "--from", "0", "--limit", "4", scen.toString());
        CliRun second = CliRun.of("scen", "--from", "4", "--limit", "4", scen.toString());
        CliRun third = CliRun.of("scen", "--from", "8", "--limit", "4", scen.toString());
        assertEquals(
                List.of(4, 4, 2),
                List.of(
                        row(first, "astar").problems(),
                        row(second, "astar").problems(),
                        row(third, "astar").problems()),
                "three pieces cover the ten problems");
        assertEquals(
                List.of(4),
                mismatches(first).stream().map(MismatchLine::problem).toList());
        assertEquals(0, second.status(), second::toString);
        assertEquals(
                List.of(10),
                mismatches(third).stream().map(MismatchLine::problem).toList(),
                "numbered as in the file");

        CliRun everyOther = CliRun.of("scen", "--from", "1", "--every", "2", scen.toString());
        assertEquals(5, row(everyOther, "astar").problems());
        assertEquals(
                List.of(4, 10),
                mismatches(everyOther).stream().map(MismatchLine::problem).toList(),
                "problems 2, 4, 6, 8, 10 of the file");

        // Skipping every problem checks nothing, which must not pass for a clean run.
        String past = CliRun.of("scen", "--from", "10", scen.toString()).assertBadInput();
        assertTrue(past.contains("--from 10") && past.contains("holds 10") && past.contains("expected below 10"), past);
        assertTrue(CliRun.of("scen", "--from", "-1", scen.toString())
                .assertBadInput()
                .contains("--from"));
    }

    @Test
    void fromPastOneFileRunsTheOthers() {
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Fixtures.write(dir.resolve("short/a.map"), Fixtures.MAP_A);
        Fixtures.write(dir.resolve("a.map.scen"), Fixtures.scen("a.map", 5, 4, Fixtures.MAP_A_PROBLEMS));
        Fixtures.write(
                dir.resolve("short/a.map.scen"), Fixtures.scen("a.map", 5, 4, Fixtures.MAP_A_PROBLEMS.subList(0, 3)));
        CliRun run = CliRun.of("scen", "--from", "5", dir.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals(Fixtures.MAP_A_PROBLEMS.size() - 5, row(run, "astar").problems(), run::toString);
    }

    /** a.map beside a.map.scen of its problems, the problem at {@code odd} (0-based) written by {@code line}. */
    private Path mapAScenWithOneOddLine(int odd, java.util.function.Function<Fixtures.Problem, String> line) {
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        List<Fixtures.Problem> problems = Fixtures.MAP_A_PROBLEMS;
        StringBuilder text = new StringBuilder("version 1\n");
        for (int i = 0; i < problems.size(); i++) {
            text.append(i == odd ? line.apply(problems.get(i)) : problems.get(i).line("a.map", 5, 4, "\t"))
                    .append('\n');
        }
        return Fixtures.write(dir.resolve("a.map.scen"), text.toString());
    }

    @Test
    void aFileNamingTwoMapsIsRefusedNamingBothProblems() {
        Path scen = mapAScenWithOneOddLine(5, p -> p.line("b.map", 5, 4, "\t"));
        String line = CliRun.of("scen", "--from", "3", scen.toString()).assertBadInput();
        assertTrue(
                line.contains("problem 6 names map 'b.map', problem 4 names 'a.map'; expected one map per file"), line);
    }

    @Test
    void aProblemForAnotherMapSizeIsNamedByItsNumberInTheFile() {
        Path scen = mapAScenWithOneOddLine(6, p -> p.line("a.map", 5, 7, "\t"));
        String line = CliRun.of("scen", "--from", "4", "--every", "2", scen.toString())
                .assertBadInput();
        assertTrue(line.contains("problem 7 is for a 5 x 7 map"), line);
    }

    @Test
    void voxelScenariosRunAStarAndJumpPointsSideBySide() {
        Path scen = StoreFixtures.voxelWorld(dir.resolve("world"), "w.3dmap");
        int total = StoreFixtures.WORLD_PROBLEMS.length;
        CliRun both = CliRun.of("scen", "--alg", "astar,jps", scen.toString());
        assertEquals(0, both.status(), both::toString);
        Row astar = row(both, VoxelScenarioRun.ALGORITHM);
        Row jps = row(both, VoxelScenarioRun.JPS_ROW);
        assertEquals(total, astar.problems(), both::toString);
        assertEquals(total, jps.problems(), both::toString);
        assertEquals(0, jps.mismatches(), both::toString);
        assertTrue(jps.expanded() < astar.expanded(), "jump points expand fewer nodes: " + both);
        String refused =
                CliRun.of("scen", "--alg", "jps-improved", scen.toString()).assertBadInput();
        assertTrue(refused.contains("--alg jps-improved does not run on voxel scenarios"), refused);
        assertTrue(refused.contains("astar, jps, hpa or several of them"), refused);
    }

    @Test
    void fromAndEveryApplyToVoxelScenarios() throws java.io.IOException {
        Path scen = StoreFixtures.voxelWorld(dir.resolve("world"), "w.3dmap");
        int total = StoreFixtures.WORLD_PROBLEMS.length;
        CliRun all = CliRun.of("scen", scen.toString());
        CliRun rest = CliRun.of("scen", "--from", "2", scen.toString());
        CliRun sampled = CliRun.of("scen", "--every", "3", scen.toString());
        assertEquals(total, row(all, VoxelScenarioRun.ALGORITHM).problems(), all::toString);
        assertEquals(total - 2, row(rest, VoxelScenarioRun.ALGORITHM).problems(), rest::toString);
        assertEquals((total + 2) / 3, row(sampled, VoxelScenarioRun.ALGORITHM).problems(), sampled::toString);

        // A wrong length on the third problem is reported with its number in the file.
        List<String> lines =
                new ArrayList<>(List.of(java.nio.file.Files.readString(scen).split("\n")));
        String[] third = lines.get(4).split(" ");
        third[6] = "1.00000000";
        lines.set(4, String.join(" ", third));
        Fixtures.write(scen, String.join("\n", lines) + "\n");
        CliRun wrong = CliRun.of("scen", "--from", "1", scen.toString());
        assertEquals(OnePathCli.FAILED, wrong.status(), wrong::toString);
        assertTrue(wrong.out().contains(" problem 3 "), wrong::toString);

        // So is a problem with an end outside the map.
        third[0] = "100000";
        lines.set(4, String.join(" ", third));
        Fixtures.write(scen, String.join("\n", lines) + "\n");
        String outside = CliRun.of("scen", "--from", "2", scen.toString()).assertBadInput();
        assertTrue(outside.contains("problem 3 has an end outside"), outside);
    }

    @Test
    void limitRestrictsProblemsPerFile() {
        // Problems 4..10 have wrong lengths; only a limit of 3 or less leaves them out.
        Fixtures.write(dir.resolve("a/a.map"), Fixtures.MAP_A);
        Path scen = Fixtures.write(
                dir.resolve("a/a.map.scen"),
                Fixtures.scen("a.map", 5, 4, Fixtures.mapAWithWrongLengths(3, 4, 5, 6, 7, 8, 9)));
        CliRun three = CliRun.of("scen", "--limit", "3", scen.toString());
        assertEquals(0, three.status(), three::toString);
        assertEquals(3, row(three, "astar").problems());

        CliRun four = CliRun.of("scen", "--limit", "4", scen.toString());
        assertEquals(OnePathCli.FAILED, four.status(), four::toString);
        assertEquals(4, row(four, "astar").problems());
        assertEquals(1, row(four, "astar").mismatches());

        CliRun none = CliRun.of("scen", "--limit", "0", scen.toString());
        assertEquals(OnePathCli.FAILED, none.status(), "--limit 0 means all problems");
        assertEquals(10, row(none, "astar").problems());
        assertEquals(7, row(none, "astar").mismatches());

        // The limit applies to each file: map B has 7 problems, map A 10.
        Fixtures.mapB(dir.resolve("b"), "b.map");
        CliRun both = CliRun.of("scen", "--json", "--limit", "2", dir.toString());
        assertEquals(0, both.status(), both::toString);
        Map<String, Object> r =
                MiniJson.object(MiniJson.array(json(both).get("results")).getFirst());
        assertEquals(4, MiniJson.integer(r.get("problems")));
        for (Object m : MiniJson.array(r.get("maps"))) {
            assertEquals(2, MiniJson.integer(MiniJson.object(m).get("problems")));
        }
        CliRun big =
                CliRun.of("scen", "--json", "--limit", "8", dir.resolve("b").toString());
        assertEquals(
                MAP_B_PROBLEMS.size(),
                MiniJson.integer(
                        MiniJson.object(MiniJson.array(json(big).get("results")).getFirst())
                                .get("problems")),
                "a limit above the file's count keeps all its problems");
    }

    @Test
    void versionOneDotZeroSpacesAndCrlfAreRead() {
        // The bg512 layout: 'version 1.0', space-separated fields, a map field with folders,
        // lengths with two decimals; CRLF endings in both files.
        StringBuilder scen = new StringBuilder("version 1.0\r\n");
        for (Problem p : MAP_A_PROBLEMS) {
            String twoDecimals = String.format(java.util.Locale.ROOT, "%.2f", p.exact());
            scen.append(p.withWritten(twoDecimals).line("maps/bgmaps/a.map", 5, 4, " "))
                    .append("\r\n");
        }
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A.replace("\n", "\r\n"));
        Path file = Fixtures.write(dir.resolve("a.map.scen"), scen.toString());
        CliRun run = CliRun.of("scen", "--alg", "astar,generic-astar", file.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals(10, row(run, "astar").problems());
        assertEquals(0, row(run, "astar").mismatches());
        assertEquals(0, row(run, "generic-astar").mismatches());
    }

    @Test
    void tabsAndSpacesMixAndBlankLinesAreSkipped() {
        StringBuilder scen = new StringBuilder("version 1\n\n");
        for (Problem p : MAP_A_PROBLEMS) {
            scen.append(p.line("a.map", 5, 4, " \t")).append("\n\n");
        }
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path file = Fixtures.write(dir.resolve("a.map.scen"), scen.toString());
        CliRun run = CliRun.of("scen", file.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals(10, row(run, "astar").problems());
    }

    @Test
    void severalPassesStillCheckEveryCost() {
        Path scen = Fixtures.mapA(dir, "a.map");
        CliRun run =
                CliRun.of("scen", "--passes", "3", "--warmup", "0", "--alg", "astar,generic-astar", scen.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals(10, row(run, "astar").problems());
        assertEquals(10, row(run, "generic-astar").problems());
    }

    @Test
    void scenarioFileWithoutProblemsIsFine() {
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path scen = Fixtures.write(dir.resolve("a.map.scen"), "version 1\n");
        CliRun run = CliRun.of("scen", scen.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals(0, row(run, "astar").problems());
    }

    @Test
    void mapCharactersFollowTheMovingAiRules() {
        Path scen = Fixtures.mapC(dir, "c.map");
        CliRun run = CliRun.of("scen", "--alg", "astar,generic-astar", scen.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals(Fixtures.MAP_C_PROBLEMS.size(), row(run, "astar").problems());
        assertEquals(0, row(run, "astar").mismatches());
        assertEquals(0, row(run, "generic-astar").mismatches());
    }

    @Test
    void algorithmListToleratesSpacesAndRepeats() {
        Path scen = Fixtures.mapA(dir, "a.map");
        CliRun run = CliRun.of("scen", "--json", "--alg", "generic-astar, astar,generic-astar,", scen.toString());
        assertEquals(0, run.status(), run::toString);
        List<Object> results = MiniJson.array(json(run).get("results"));
        assertEquals(
                List.of("generic-astar", "astar"),
                results.stream().map(o -> MiniJson.object(o).get("alg")).toList());
    }

    @Test
    void jsonEscapesMapNames() {
        String name = "q\"uote.map";
        Path scen = Fixtures.mapA(dir, name);
        CliRun run = CliRun.of("scen", "--json", scen.toString());
        assertEquals(0, run.status(), run::toString);
        Map<String, Object> r =
                MiniJson.object(MiniJson.array(json(run).get("results")).getFirst());
        assertEquals(
                name, MiniJson.object(MiniJson.array(r.get("maps")).getFirst()).get("map"));
    }

    @Test
    void everyKnownAlgorithmMatchesTheHandMadeMaps() {
        Fixtures.mapA(dir.resolve("a"), "a.map");
        Fixtures.mapB(dir.resolve("b"), "b.map");
        Fixtures.mapC(dir.resolve("c"), "c.map");
        CliRun run = CliRun.of("scen", "--json", "--alg", Algorithms.names(), dir.toString());
        assertEquals(0, run.status(), run::toString);
        List<Object> results = MiniJson.array(json(run).get("results"));
        assertEquals(
                Algorithms.all().stream().map(Algorithm::name).toList(),
                results.stream().map(o -> MiniJson.object(o).get("alg")).toList());
        for (Object o : results) {
            Map<String, Object> r = MiniJson.object(o);
            assertEquals(
                    10 + MAP_B_PROBLEMS.size() + Fixtures.MAP_C_PROBLEMS.size(),
                    MiniJson.integer(r.get("problems")),
                    () -> String.valueOf(r.get("alg")));
            assertEquals(0, MiniJson.integer(r.get("mismatches")), () -> String.valueOf(r.get("alg")));
        }
    }

    @Test
    void atMostTwentyMismatchesAreListed() {
        int[] all = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        for (String sub : List.of("p", "q", "r")) {
            Fixtures.write(dir.resolve(sub + "/a.map"), Fixtures.MAP_A);
            Fixtures.write(
                    dir.resolve(sub + "/a.map.scen"), Fixtures.scen("a.map", 5, 4, Fixtures.mapAWithWrongLengths(all)));
        }
        CliRun run = CliRun.of("scen", dir.toString());
        assertEquals(OnePathCli.FAILED, run.status(), run::toString);
        assertEquals(30, row(run, "astar").mismatches());
        assertEquals(20, mismatches(run).size());
        assertEquals("... and 10 more mismatches", run.outLines().getLast());
    }
}
