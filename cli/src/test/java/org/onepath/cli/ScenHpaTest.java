package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.onepath.cli.Fixtures.MAP_A_PROBLEMS;

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

    /** A row of the suboptimality table: algorithm, map, problems, paths, mean %, max %, build s, KiB. */
    record Row(String alg, String map, int problems, int paths, double mean, double max, double build, double kib) {}

    static List<Row> rows(CliRun run) {
        List<Row> rows = new ArrayList<>();
        boolean inTable = false;
        for (String line : run.outLines()) {
            if (line.startsWith("suboptimal length")) {
                inTable = true;
                continue;
            }
            String[] f = line.strip().split("\\s+");
            if (inTable && f.length == 8 && !f[0].equals("algorithm")) {
                rows.add(new Row(
                        f[0],
                        f[1],
                        Integer.parseInt(f[2]),
                        Integer.parseInt(f[3]),
                        Double.parseDouble(f[4]),
                        Double.parseDouble(f[5]),
                        Double.parseDouble(f[6]),
                        Double.parseDouble(f[7])));
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
}
