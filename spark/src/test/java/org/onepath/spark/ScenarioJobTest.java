package org.onepath.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.GridAlgorithm;
import org.onepath.cli.CliInProcess;
import org.onepath.store.GridStore;

/**
 * The scenario job's totals are {@code onepath scen}'s for the same files (problems, mismatches,
 * expanded nodes), from maps and from stores the many-maps job baked, which are the stores {@code
 * onepath bake} writes.
 */
class ScenarioJobTest {
    private static final List<String> MAPS = List.of("arena.map", "den201d.map", "hrt201n.map");

    @TempDir
    Path dir;

    /** problems, mismatches, expanded of one algorithm in {@code onepath scen --json}'s output. */
    private static long[] cliTotals(String json, String alg) {
        Matcher m = Pattern.compile("\"alg\":\"" + Pattern.quote(alg)
                        + "\",\"problems\":(\\d+),\"mismatches\":(\\d+),\"expanded\":(\\d+)")
                .matcher(json);
        assertTrue(m.find(), () -> "no totals of " + alg + " in " + json);
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))};
    }

    private static void assertSameTotals(long[] cli, ScenarioJob.Totals job) {
        assertEquals(cli[0], job.problems(), job.algorithm() + " problems");
        assertEquals(cli[1], job.mismatches(), job.algorithm() + " mismatches");
        assertEquals(cli[2], job.expansions(), job.algorithm() + " expanded nodes");
    }

    @Test
    void everyDaoProblemTotalsAsOnepathScen() throws IOException {
        Path dao = TestSpark.data("movingai/dao");
        String json = CliInProcess.run(
                "scen", "--alg", "jpsplus", "--json", "--passes", "1", "--warmup", "0", dao.toString());
        Path out = dir.resolve("dao.parquet");
        ScenarioJob.Result r = ScenarioJob.run(
                TestSpark.session(),
                List.of(dao.toString()),
                null,
                List.of(GridAlgorithm.JPS_PLUS),
                out.toString(),
                false);
        long[] cli = cliTotals(json, "jpsplus");
        assertTrue(cli[0] > 100_000, "every dao problem ran: " + cli[0]);
        assertEquals(1, r.totals().size());
        assertSameTotals(cli, r.totals().getFirst());
        assertEquals(0, r.totals().getFirst().mismatches());
        try (Stream rows = new Stream(out)) {
            assertEquals(cli[0], rows.frame().count(), "a row per problem");
            assertEquals(r.maps(), rows.frame().select("map").distinct().count(), "a task per map");
        }
    }

    @Test
    void storesOfTheManyMapsJobAnswerAsOnepathScenOnThem() throws IOException {
        Path dao = TestSpark.data("movingai/dao");
        List<String> maps = new ArrayList<>();
        List<String> scens = new ArrayList<>();
        for (String m : MAPS) {
            maps.add(dao.resolve(m).toString());
            scens.add(dao.resolve(m + ".scen").toString());
        }
        Path stores = dir.resolve("stores");
        List<StoreBakeJob.Baked> baked = StoreBakeJob.run(TestSpark.session(), maps, stores.toString(), true, false);
        assertEquals(MAPS.size(), baked.size());
        Path local = Files.createDirectory(dir.resolve("local"));
        List<String> bake = new ArrayList<>(List.of("bake"));
        bake.addAll(maps);
        bake.addAll(List.of("--bounds", "--out-dir", local.toString()));
        CliInProcess.run(bake.toArray(String[]::new));
        for (String m : MAPS) {
            String name = GridStore.fileNameFor(m);
            assertEquals(
                    TestSpark.sha256(local.resolve(name)),
                    TestSpark.sha256(stores.resolve(name)),
                    m + ": the many-maps job's store differs from onepath bake's");
        }
        IllegalArgumentException exists = assertThrows(
                IllegalArgumentException.class,
                () -> StoreBakeJob.run(TestSpark.session(), maps, stores.toString(), true, false));
        assertTrue(exists.getMessage().contains("exists; give --force"), exists.getMessage());

        List<String> scen = new ArrayList<>(List.of(
                "scen",
                "--alg",
                "jpsplus-bounded,astar,theta",
                "--json",
                "--passes",
                "1",
                "--warmup",
                "0",
                "--store",
                stores.toString()));
        scen.addAll(scens);
        String json = CliInProcess.run(scen.toArray(String[]::new));
        ScenarioJob.Result r = ScenarioJob.run(
                TestSpark.session(),
                scens,
                stores.toString(),
                List.of(GridAlgorithm.JPS_PLUS_BOUNDED, GridAlgorithm.ASTAR, GridAlgorithm.THETA_STAR),
                dir.resolve("stores.parquet").toString(),
                false);
        assertEquals(MAPS.size(), r.maps());
        assertSameTotals(cliTotals(json, "jpsplus-bounded"), r.totals().get(0));
        assertSameTotals(cliTotals(json, "astar"), r.totals().get(1));
        assertSameTotals(cliTotals(json, "theta"), r.totals().get(2));
        assertEquals(0, r.totals().get(0).fallbacks(), "the stores' bounds answered");
    }

    @Test
    void badRequestsAreRefusedNamingWhatIsWrong() throws IOException {
        Path scen = TestSpark.data("movingai/dao/arena.map.scen");
        IllegalArgumentException hpa = assertThrows(
                IllegalArgumentException.class,
                () -> ScenarioJob.run(
                        TestSpark.session(), List.of(scen.toString()), null, List.of(GridAlgorithm.HPA), "x", false));
        assertTrue(hpa.getMessage().contains("HPA is not run"), hpa.getMessage());
        Path out = Files.createDirectory(dir.resolve("taken.parquet"));
        IllegalArgumentException taken = assertThrows(
                IllegalArgumentException.class,
                () -> ScenarioJob.run(
                        TestSpark.session(),
                        List.of(scen.toString()),
                        null,
                        List.of(GridAlgorithm.ASTAR),
                        out.toString(),
                        false));
        assertTrue(taken.getMessage().contains("exists; give --force"), taken.getMessage());
        IllegalArgumentException missing = assertThrows(
                IllegalArgumentException.class,
                () -> ScenarioJob.run(
                        TestSpark.session(),
                        List.of(dir.resolve("none.scen").toString()),
                        null,
                        List.of(GridAlgorithm.ASTAR),
                        dir.resolve("o").toString(),
                        false));
        assertTrue(missing.getMessage().contains("none.scen: no such file"), missing.getMessage());
        // a scenario file whose problems are for another size of its map: the task's error names it
        Path wrong = dir.resolve("wrong.scen");
        Files.writeString(wrong, "version 1\n0\tarena.map\t50\t49\t1\t1\t2\t2\t1.00000000\n");
        Files.copy(scen.resolveSibling("arena.map"), dir.resolve("arena.map"));
        IllegalArgumentException size = assertThrows(
                IllegalArgumentException.class,
                () -> ScenarioJob.run(
                        TestSpark.session(),
                        List.of(wrong.toString()),
                        null,
                        List.of(GridAlgorithm.ASTAR),
                        dir.resolve("w").toString(),
                        false));
        assertTrue(size.getMessage().contains("wrong.scen: problem 1 is for a 50 x 49 map"), size.getMessage());
    }

    /** The rows a run wrote. */
    private record Stream(Dataset<Row> frame) implements AutoCloseable {
        Stream(Path parquet) {
            this(TestSpark.session().read().parquet(parquet.toString()));
        }

        @Override
        public void close() {}
    }
}
