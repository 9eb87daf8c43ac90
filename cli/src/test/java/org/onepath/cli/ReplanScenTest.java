package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code onepath scen --alg lpa,dstar}: each problem planned by a replanner, then a wall on the
 * path repaired (checked against a fresh A*) and taken away again (checked against the first
 * plan); the first plan's cost is checked against the published optimum.
 */
class ReplanScenTest {
    @TempDir
    Path dir;

    @Test
    void replannersMatchTheHandMadeProblems() {
        Path scen = Fixtures.mapA(dir, "a.map");
        CliRun run = CliRun.of("scen", "--json", "--alg", "lpa,dstar,astar", scen.toString());
        assertEquals(0, run.status(), run::toString);
        for (Object o : MiniJson.array(ScenCommandTest.json(run).get("results"))) {
            Map<String, Object> r = MiniJson.object(o);
            assertEquals(0, MiniJson.integer(r.get("mismatches")), () -> r.get("alg") + ": " + run);
            assertEquals(Fixtures.MAP_A_PROBLEMS.size(), MiniJson.integer(r.get("problems")));
        }
    }

    @Test
    void replannersMatchThePublishedLengthsOnADaoSubset() {
        String property = System.getProperty("onepath.data");
        Path root = property == null || property.isBlank() ? Path.of("../../shared/data") : Path.of(property);
        Path scen = root.resolve("movingai/dao/den101d.map.scen");
        assumeTrue(
                Files.isRegularFile(scen),
                () -> "Moving AI file " + scen.toAbsolutePath().normalize()
                        + " is missing (set -Donepath.data); skipping the replanning subset");
        CliRun run =
                CliRun.of("scen", "--json", "--alg", "lpa,dstar", "--limit", "40", "--warmup", "0", scen.toString());
        assertEquals(0, run.status(), run::toString);
        for (Object o : MiniJson.array(ScenCommandTest.json(run).get("results"))) {
            Map<String, Object> r = MiniJson.object(o);
            assertEquals(40, MiniJson.integer(r.get("problems")));
            assertEquals(0, MiniJson.integer(r.get("mismatches")), () -> r.get("alg") + ": " + run);
            assertTrue(MiniJson.integer(r.get("expanded")) > 40, "plans expand cells: " + r);
        }
    }
}
