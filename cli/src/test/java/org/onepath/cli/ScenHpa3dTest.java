package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;

/**
 * {@code onepath scen --alg hpa} on {@code .3dscen} files: the row {@code hpa-3d} runs the voxel
 * chunk hierarchy, a mismatch is a missing path or one shorter than the optimum (a longer one is
 * not), the row gives the mean, 99th percentile and largest excess over the optimum and the
 * latency columns; from a store baked with {@code --hierarchy} it reads the section (nothing built,
 * the section's bytes), from any other store or a map it builds the hierarchy as its preparation.
 */
class ScenHpa3dTest {
    @TempDir
    Path dir;

    private static Map<String, Object> result(CliRun run, String alg) {
        for (Object o : MiniJson.array(ScenCommandTest.json(run).get("results"))) {
            Map<String, Object> r = MiniJson.object(o);
            if (alg.equals(r.get("alg"))) {
                return r;
            }
        }
        throw new AssertionError("no result " + alg + " in " + run);
    }

    private static double number(Map<String, Object> r, String field) {
        return MiniJson.number(r.get(field));
    }

    @Test
    void theRowRunsTheHierarchyWithItsExcessAndLatency() {
        Path scen = StoreFixtures.voxelWorld(dir.resolve("world"), "w.3dmap");
        int total = StoreFixtures.WORLD_PROBLEMS.length;
        CliRun run = CliRun.of("scen", "--json", "--warmup", "0", "--alg", "astar,hpa", scen.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals("", run.err(), run::toString);
        Map<String, Object> hpa = result(run, VoxelScenarioRun.HPA_ROW);
        assertEquals((long) total, MiniJson.integer(hpa.get("problems")));
        assertEquals(0L, MiniJson.integer(hpa.get("mismatches")));
        assertEquals(Boolean.TRUE, hpa.get("suboptimal"));
        double mean = number(hpa, "meanPercent");
        double p99 = number(hpa, "p99Percent");
        double max = number(hpa, "maxPercent");
        assertTrue(mean >= -1e-6 && p99 >= mean - 1e-9 && max >= p99, mean + " " + p99 + " " + max);
        for (String latency : List.of("medianSeconds", "p99Seconds", "maxSeconds", "minSeconds")) {
            assertTrue(number(hpa, latency) > 0, latency + " in " + hpa);
        }
        Map<String, Object> map =
                MiniJson.object(MiniJson.array(hpa.get("maps")).getFirst());
        assertEquals((long) total - 1, MiniJson.integer(map.get("paths")), "every problem but start = goal");
        assertTrue(MiniJson.integer(map.get("preparedBytes")) > 0);
        assertTrue(number(map, "preprocessSeconds") > 0, "built as the preparation");
        assertEquals(p99, number(map, "p99Percent"), 1e-12, "one map: its figures are the row's");
        assertFalse(result(run, VoxelScenarioRun.ALGORITHM).containsKey("suboptimal"));

        CliRun text = CliRun.of("scen", "--warmup", "0", "--alg", "hpa", scen.toString());
        assertEquals(0, text.status(), text::toString);
        assertEquals(total, ScenCommandTest.row(text, VoxelScenarioRun.HPA_ROW).problems(), text::toString);
        List<ScenHpaTest.Row> rows = ScenHpaTest.rows(text);
        assertEquals(2, rows.size(), text::toString);
        assertEquals(VoxelScenarioRun.HPA_ROW, rows.getFirst().alg());
        assertEquals("w.3dmap", rows.getFirst().map());
        assertEquals(total - 1, rows.getFirst().paths());
        assertEquals(max, rows.getFirst().max(), 1e-3);
    }

    @Test
    void aShorterPathOrNoneIsAMismatchALongerOneIsNot() throws IOException {
        Path scen = StoreFixtures.voxelWorld(dir.resolve("world"), "w.3dmap");
        List<String> lines = new ArrayList<>(List.of(Files.readString(scen).split("\n")));
        // problem 1 (line 3) claimed at half its length: longer is fine for the hierarchy, not for A*;
        // problem 2 (line 4) claimed at twice its length: the hierarchy's path is shorter, a mismatch.
        for (int[] change : new int[][] {{2, 1}, {3, 4}}) {
            String[] f = lines.get(change[0]).split(" ");
            f[6] = String.format(Locale.ROOT, "%.8f", Double.parseDouble(f[6]) * change[1] / 2);
            lines.set(change[0], String.join(" ", f));
        }
        Fixtures.write(scen, String.join("\n", lines) + "\n");
        CliRun run = CliRun.of("scen", "--warmup", "0", "--alg", "astar,hpa", scen.toString());
        assertEquals(OnePathCli.FAILED, run.status(), run::toString);
        run.assertNoStackTrace();
        assertEquals(1, ScenCommandTest.row(run, VoxelScenarioRun.HPA_ROW).mismatches(), run::toString);
        assertEquals(2, ScenCommandTest.row(run, VoxelScenarioRun.ALGORITHM).mismatches(), run::toString);
        assertTrue(
                run.outLines().stream().anyMatch(l -> l.startsWith("mismatch: hpa-3d ") && l.contains(" problem 2 ")),
                run::toString);
        assertTrue(ScenHpaTest.rows(run).getFirst().max() >= 99, "the halved problem is about 100 % over: " + run);
    }

    @Test
    void fromAStoreWithTheSectionNothingIsBuiltAndTheAnswersAreABuildsOnTheSameChunks() throws IOException {
        Path scen = StoreFixtures.voxelWorld(dir.resolve("world"), "w.3dmap");
        Path map = scen.resolveSibling("w.3dmap");
        Path with = dir.resolve("with.opstore");
        CliRun bake = CliRun.of("bake", map.toString(), "--hierarchy", "--out", with.toString());
        assertEquals(0, bake.status(), bake::toString);
        Path without = StoreFixtures.bake(map, dir.resolve("without.opstore"));

        CliRun fromSection = CliRun.of(
                "scen", "--json", "--warmup", "0", "--alg", "hpa", "--store", with.toString(), scen.toString());
        assertEquals(0, fromSection.status(), fromSection::toString);
        assertEquals("", fromSection.err(), "no note: the store holds the hierarchy");
        CliRun built = CliRun.of(
                "scen", "--json", "--warmup", "0", "--alg", "hpa", "--store", without.toString(), scen.toString());
        assertEquals(0, built.status(), built::toString);
        assertEquals(1, built.errLines().size(), built::toString);
        assertTrue(
                built.err().contains(without + ": holds no voxel hierarchy (section 18); hpa-3d builds one in memory"),
                built::toString);

        Map<String, Object> a = MiniJson.object(
                MiniJson.array(result(fromSection, VoxelScenarioRun.HPA_ROW).get("maps"))
                        .getFirst());
        Map<String, Object> b = MiniJson.object(
                MiniJson.array(result(built, VoxelScenarioRun.HPA_ROW).get("maps"))
                        .getFirst());
        for (String same : List.of("meanPercent", "p99Percent", "maxPercent")) {
            assertEquals(number(b, same), number(a, same), 0.0, same + ": the same paths, bit for bit");
        }
        assertEquals(MiniJson.integer(b.get("expanded")), MiniJson.integer(a.get("expanded")));
        try (StoreFile f = StoreFile.open(with)) {
            assertEquals(
                    f.section(StoreLayout.SECTION_VOXEL_HIERARCHY).length(),
                    MiniJson.integer(a.get("preparedBytes")),
                    "the section's bytes");
        }
        assertTrue(
                number(a, "preprocessSeconds") < number(b, "preprocessSeconds"),
                "reading the section costs less than building: " + a + " " + b);
    }

    /** Moving AI's Simple world, when the data is there: a sample of its problems, from the map and from a store. */
    @Test
    void simpleHasNoMismatchFromTheMapOrTheStore() throws IOException {
        Path data = Path.of(System.getProperty("onepath.data", "../../shared/data"), "movingai3d");
        Path map = data.resolve("Simple.3dmap");
        Assumptions.assumeTrue(
                Files.isRegularFile(map),
                () -> "Moving AI voxel data not found: " + map.toAbsolutePath().normalize()
                        + " is missing (set -Donepath.data to the shared data root); skipping");
        Path scen = data.resolve("Simple.3dmap.3dscen");
        Path store = dir.resolve("Simple.opstore");
        assertEquals(
                0,
                CliRun.of("bake", map.toString(), "--hierarchy", "--out", store.toString())
                        .status());
        for (List<String> extra : List.of(List.<String>of(), List.of("--store", store.toString()))) {
            List<String> args = new ArrayList<>(List.of("scen", "--json", "--alg", "hpa", "--every", "40"));
            args.addAll(extra);
            args.add(scen.toString());
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(0, run.status(), run::toString);
            Map<String, Object> hpa = result(run, VoxelScenarioRun.HPA_ROW);
            assertTrue(MiniJson.integer(hpa.get("problems")) > 50, hpa::toString);
            assertEquals(0L, MiniJson.integer(hpa.get("mismatches")), hpa::toString);
            assertTrue(number(hpa, "meanPercent") >= 0 && number(hpa, "maxPercent") < 100, hpa::toString);
        }
    }
}
