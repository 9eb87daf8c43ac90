package org.onepath.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every job's {@code main} runs in {@code local[*]} from the module's jar and its dependencies
 * with a plain {@code java -cp} (no Spark installation, no Hadoop cluster), prints its result and
 * exits 0; bad input exits 2 with a line naming it.
 */
class JobMainsIT {
    @TempDir
    Path dir;

    private record Run(int status, String out, String err) {}

    private static Run java(Path dir, String main, String... args) throws IOException, InterruptedException {
        Path launcher = Path.of(System.getProperty("java.home"), "bin", "java");
        String classpath = System.getProperty("onepath.spark.jar")
                + java.io.File.pathSeparator
                + Files.readString(Path.of(System.getProperty("onepath.spark.classpath")))
                        .strip();
        List<String> command = new ArrayList<>(List.of(
                launcher.toString(), "@" + System.getProperty("onepath.spark.args"), "-Xmx1g", "-cp", classpath, main));
        command.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), main + " did not finish in 5 minutes");
        return new Run(
                p.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void eachJobsMainRunsFromTheJarWithPlainJava() throws IOException, InterruptedException {
        Path dao = TestSpark.data("movingai/dao");
        Run bounds = java(
                dir,
                "org.onepath.spark.GoalBoundsBakeJob",
                "--map",
                dao.resolve("den201d.map").toString(),
                "--out",
                dir.resolve("den201d.opstore").toString());
        assertEquals(0, bounds.status(), bounds::toString);
        assertTrue(bounds.out().contains("den201d.opstore: 111 jump points in"), bounds::toString);

        Run stores = java(
                dir,
                "org.onepath.spark.StoreBakeJob",
                dao.resolve("arena.map").toString(),
                dao.resolve("den201d.map").toString(),
                "--bounds",
                "--out-dir",
                dir.resolve("stores").toString());
        assertEquals(0, stores.status(), stores::toString);
        assertTrue(stores.out().contains("2 stores"), stores::toString);
        assertTrue(Files.isRegularFile(dir.resolve("stores/arena.opstore")));

        Run scen = java(
                dir,
                "org.onepath.spark.ScenarioJob",
                dao.resolve("arena.map.scen").toString(),
                dao.resolve("den201d.map.scen").toString(),
                "--store",
                dir.resolve("stores").toString(),
                "--alg",
                "jps_plus_bounded,astar",
                "--out",
                dir.resolve("rows.parquet").toString());
        assertEquals(0, scen.status(), scen::toString);
        assertTrue(scen.out().matches("(?s).*JPS_PLUS_BOUNDED +230 +0 .*"), scen::toString);
        assertTrue(scen.out().matches("(?s).*ASTAR +230 +0 .*"), scen::toString);
        assertTrue(Files.isDirectory(dir.resolve("rows.parquet")));

        Run bad = java(dir, "org.onepath.spark.ScenarioJob", "x.scen", "--out", "o", "--alg", "hpa");
        assertEquals(SparkJobs.BAD_INPUT, bad.status(), bad::toString);
        assertTrue(bad.err().contains("ScenarioJob: --alg: algorithm HPA is not run by this job"), bad::toString);
        assertTrue(!bad.err().contains("\tat "), "no stack trace: " + bad.err());
    }
}
