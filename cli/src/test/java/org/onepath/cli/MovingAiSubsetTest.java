package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code onepath scen} on part of the published Moving AI benchmark data. The data root is the
 * system property {@code onepath.data}, else {@code ../../shared/data} from the module folder.
 * Every cost of both algorithms must match the published optimum.
 */
class MovingAiSubsetTest {
    /** Three small Dragon Age: Origins scenario files, run whole. */
    static final List<String> DAO_FILES = List.of("arena.map.scen", "den101d.map.scen", "den312d.map.scen");

    static final int LIMIT = 100;

    static Path root;

    @BeforeAll
    static void findRoot() {
        String property = System.getProperty("onepath.data");
        root = property == null || property.isBlank() ? Path.of("../../shared/data") : Path.of(property);
    }

    /** Checked before each test, so every skipped test reports why. */
    @BeforeEach
    void requireData() {
        Path dao = root.resolve("movingai/dao");
        assumeTrue(
                Files.isDirectory(dao),
                () -> "Moving AI data not found: folder " + dao.toAbsolutePath().normalize()
                        + " is missing (set -Donepath.data to the shared data root); skipping the benchmark subset");
    }

    private static Path existing(String relative) {
        Path p = root.resolve("movingai").resolve(relative);
        assumeTrue(
                Files.isRegularFile(p),
                () -> "Moving AI file " + p.toAbsolutePath().normalize() + " is missing; skipping");
        return p;
    }

    /** Problems in a scenario file: its non-blank lines after the version line. */
    private static int problemCount(Path scen) throws IOException {
        List<String> lines = Files.readAllLines(scen, StandardCharsets.ISO_8859_1);
        return (int) lines.stream().skip(1).filter(l -> !l.isBlank()).count();
    }

    private static Map<String, Object> runJson(List<String> args) {
        List<String> all = new ArrayList<>(List.of("scen", "--json", "--alg", "astar,generic-astar"));
        all.addAll(args);
        CliRun run = CliRun.of(all.toArray(String[]::new));
        assertEquals(0, run.status(), run::toString);
        return ScenCommandTest.json(run);
    }

    private static void assertAllMatch(Map<String, Object> report, List<String> maps, List<Integer> problems) {
        List<Object> results = MiniJson.array(report.get("results"));
        assertEquals(
                List.of("astar", "generic-astar"),
                results.stream().map(o -> MiniJson.object(o).get("alg")).toList());
        int total = problems.stream().mapToInt(Integer::intValue).sum();
        for (Object o : results) {
            Map<String, Object> r = MiniJson.object(o);
            assertEquals(0, MiniJson.integer(r.get("mismatches")), () -> r.get("alg") + " mismatches");
            assertEquals(total, MiniJson.integer(r.get("problems")));
            List<Object> perMap = MiniJson.array(r.get("maps"));
            assertEquals(
                    maps,
                    perMap.stream().map(m -> MiniJson.object(m).get("map")).toList());
            for (int i = 0; i < perMap.size(); i++) {
                Map<String, Object> m = MiniJson.object(perMap.get(i));
                assertEquals(
                        problems.get(i).longValue(),
                        MiniJson.integer(m.get("problems")),
                        () -> m.get("map") + " problems");
                assertEquals(0, MiniJson.integer(m.get("mismatches")), () -> r.get("alg") + " on " + m.get("map"));
            }
        }
    }

    @Test
    void daoFilesMatchPublishedLengths() throws IOException {
        List<String> args = new ArrayList<>();
        List<String> maps = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (String name : DAO_FILES) {
            Path scen = existing("dao/" + name);
            args.add(scen.toString());
            maps.add(name.substring(0, name.length() - ".scen".length()));
            counts.add(problemCount(scen));
        }
        assertAllMatch(runJson(args), maps, counts);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "sc1/Aftershock.map.scen",
                "street/Berlin_0_256.map.scen",
                "room/8room_000.map.scen",
                "bg512/AR0011SR.map.scen"
            })
    void firstProblemsOfOtherSetsMatch(String relative) throws IOException {
        Path scen = existing(relative);
        int expected = Math.min(LIMIT, problemCount(scen));
        String map = scen.getFileName().toString().replace(".scen", "");
        assertAllMatch(
                runJson(List.of("--limit", Integer.toString(LIMIT), scen.toString())), List.of(map), List.of(expected));
    }
}
