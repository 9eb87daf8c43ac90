package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.onepath.cli.Fixtures.MAP_A_PROBLEMS;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.cli.Fixtures.Problem;

/**
 * {@code onepath scen --alg hpa}: a path shorter than the published optimum or a missing one is
 * a mismatch, a longer one is not; a table gives per map the mean and maximum percentage over the
 * optimum, the build time and the hierarchy's bytes.
 */
class ScenHpaTest {
    @TempDir
    Path dir;

    /** A row of the suboptimality table: algorithm, map, problems, paths, mean %, p99 %, max %, build s, KiB. */
    record Row(
            String alg,
            String map,
            int problems,
            int paths,
            double mean,
            double p99,
            double max,
            double build,
            double kib) {}

    static List<Row> rows(CliRun run) {
        return rows(run.outLines());
    }

    /** The rows of the suboptimality table among printed lines. */
    static List<Row> rows(List<String> lines) {
        List<Row> rows = new ArrayList<>();
        boolean inTable = false;
        for (String line : lines) {
            if (line.startsWith("suboptimal length")) {
                inTable = true;
                continue;
            }
            String[] f = line.strip().split("\\s+");
            if (inTable && f.length == 9 && !f[0].equals("algorithm")) {
                rows.add(new Row(
                        f[0],
                        f[1],
                        Integer.parseInt(f[2]),
                        Integer.parseInt(f[3]),
                        Double.parseDouble(f[4]),
                        Double.parseDouble(f[5]),
                        Double.parseDouble(f[6]),
                        Double.parseDouble(f[7]),
                        Double.parseDouble(f[8])));
            }
        }
        return rows;
    }

    @Test
    void theHandMadeMapsHaveNoMismatchAndNoNegativePercentage() {
        Fixtures.mapA(dir.resolve("a"), "a.map");
        Fixtures.mapB(dir.resolve("b"), "b.map");
        Fixtures.mapC(dir.resolve("c"), "c.map");
        CliRun run = CliRun.of("scen", "--alg", "astar,hpa", "--chunk", "2", dir.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals(0, ScenCommandTest.row(run, "hpa").mismatches());
        List<Row> rows = rows(run);
        assertEquals(4, rows.size(), () -> "three maps and (all):\n" + run);
        for (Row r : rows) {
            assertEquals("hpa", r.alg());
            assertTrue(r.mean() >= -1e-6 && r.max() >= r.mean() - 1e-9 && r.kib() > 0, r.toString());
            assertTrue(r.p99() >= -1e-6 && r.p99() <= r.max(), r.toString());
        }
    }

    @Test
    void aShorterPathIsAMismatchALongerOneIsNot() {
        // Problem 1 claims 3.5 for (0,0)->(4,0) (really 4): longer, fine for hpa. Problem 3
        // claims 7.5 (really 5 + sqrt 2 = 6.41): hpa's path is shorter, a mismatch.
        List<Problem> problems = new ArrayList<>(MAP_A_PROBLEMS);
        problems.set(0, problems.get(0).withWritten("3.5"));
        problems.set(2, problems.get(2).withWritten("7.5"));
        Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path scen = Fixtures.write(dir.resolve("a.map.scen"), Fixtures.scen("a.map", 5, 4, problems));
        CliRun run = CliRun.of("scen", "--alg", "hpa", "--chunk", "2", scen.toString());
        assertEquals(OnePathCli.FAILED, run.status(), run::toString);
        run.assertNoStackTrace();
        assertEquals(1, ScenCommandTest.row(run, "hpa").mismatches());
        List<ScenCommandTest.MismatchLine> listed = ScenCommandTest.mismatches(run);
        assertEquals(3, listed.getFirst().problem());
        Row a = rows(run).getFirst();
        assertEquals((4 / 3.5 - 1) * 100, a.max(), 1e-3, "the largest percentage is the longer problem's");
    }

    @Test
    void aPathWhereThePublishedLengthSaysNoneIsAMismatch() {
        List<Problem> problems = List.of(new Problem(0, 0, 1, 0, 1, "0"));
        Fixtures.write(dir.resolve("b.map"), Fixtures.MAP_B);
        Path scen = Fixtures.write(dir.resolve("b.map.scen"), Fixtures.scen("b.map", 5, 4, problems));
        CliRun run = CliRun.of("scen", "--alg", "hpa", scen.toString());
        assertEquals(OnePathCli.FAILED, run.status(), run::toString);
        assertEquals(1, ScenCommandTest.row(run, "hpa").mismatches(), "(0,0)->(1,0) has a path, the file says none");
    }

    @Test
    void jsonCarriesThePercentagesAndBytesAndBadOptionsAreRefused() {
        Path scen = Fixtures.mapA(dir, "a.map");
        CliRun run =
                CliRun.of("scen", "--json", "--alg", "astar,hpa", "--chunk", "3", "--smooth", "0", scen.toString());
        assertEquals(0, run.status(), run::toString);
        List<Object> results = MiniJson.array(ScenCommandTest.json(run).get("results"));
        Map<String, Object> astar = MiniJson.object(results.get(0));
        Map<String, Object> hpa = MiniJson.object(results.get(1));
        assertFalse(astar.containsKey("suboptimal"));
        assertEquals(Boolean.TRUE, hpa.get("suboptimal"));
        Map<String, Object> map =
                MiniJson.object(MiniJson.array(hpa.get("maps")).getFirst());
        assertEquals(9L, MiniJson.integer(map.get("paths")));
        assertTrue(MiniJson.integer(map.get("preparedBytes")) > 0);
        assertTrue(MiniJson.number(hpa.get("meanPercent")) >= -1e-6);
        CliRun bad = CliRun.of("scen", "--alg", "hpa", "--chunk", "1", scen.toString());
        assertEquals(true, bad.status() != 0);
        bad.assertNoStackTrace();
        assertTrue(bad.toString().contains("--chunk must be in 2..256, was 1"), bad::toString);
        CliRun badSmooth = CliRun.of("scen", "--alg", "hpa", "--smooth", "2", scen.toString());
        assertTrue(
                badSmooth.status() != 0 && badSmooth.toString().contains("--smooth must be 0 or 1, was 2"),
                badSmooth::toString);
    }

    /**
     * A hand-made report: on one map the ratios 1.000, 1.001, ..., 1.149 in a shuffled problem
     * order, on another 1.5 and 1.0. The 99th percentile of the excess is the nearest rank, the
     * ceil(0.99 n)-th smallest: 149th of 150 on the first map (14.8 %), 150th of 152 over both
     * (14.9 %); the largest is 14.9 % and 50 %.
     */
    @Test
    void theP99OfTheExcessIsTheNearestRankPerMapAndOverAll() {
        double[] first = new double[150];
        for (int i = 0; i < first.length; i++) {
            first[(i * 37) % 150] = 1.0 + i / 1000.0;
        }
        ScenarioRun.MapResult a = map("a.map", Ratios.of(first, first.length));
        ScenarioRun.MapResult b = map("b.map", Ratios.of(new double[] {1.5, 1.0}, 2));
        ScenarioRun.Report report = new ScenarioRun.Report(
                List.of(new ScenarioRun.AlgorithmResult("hpa", List.of(a, b), false, true)), List.of(), 0);

        Map<String, Object> hpa =
                MiniJson.object(MiniJson.array(MiniJson.object(MiniJson.parse(ScenCommand.toJson(report, null)))
                                .get("results"))
                        .getFirst());
        assertEquals((1.149 - 1) * 100, MiniJson.number(hpa.get("p99Percent")), 1e-9);
        assertEquals(50.0, MiniJson.number(hpa.get("maxPercent")), 1e-9);
        List<Object> maps = MiniJson.array(hpa.get("maps"));
        assertEquals(
                (1.148 - 1) * 100, MiniJson.number(MiniJson.object(maps.get(0)).get("p99Percent")), 1e-9);
        assertEquals(
                (1.149 - 1) * 100, MiniJson.number(MiniJson.object(maps.get(0)).get("maxPercent")), 1e-9);
        assertEquals(50.0, MiniJson.number(MiniJson.object(maps.get(1)).get("p99Percent")), 1e-9);

        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            ScenCommand.printSuboptimality(out, report);
        }
        List<Row> rows = rows(text.toString().lines().toList());
        assertEquals(3, rows.size(), text::toString);
        assertEquals(14.8, rows.get(0).p99(), 1e-9);
        assertEquals(14.9, rows.get(0).max(), 1e-9);
        assertEquals(50.0, rows.get(1).p99(), 1e-9);
        assertEquals("(all)", rows.get(2).map());
        assertEquals(14.9, rows.get(2).p99(), 1e-9);
        assertEquals(50.0, rows.get(2).max(), 1e-9);
    }

    private static ScenarioRun.MapResult map(String name, Ratios ratios) {
        return new ScenarioRun.MapResult(
                name, ratios.count(), 0, 0, 0.001, QueryTimes.NONE, 0.01, ratios, 1024, 0, null);
    }
}
