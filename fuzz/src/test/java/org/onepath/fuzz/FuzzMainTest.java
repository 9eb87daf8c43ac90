package org.onepath.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FuzzMainTest {
    private record Result(int status, String out, String err) {}

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = FuzzMain.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--seconds 5                     | --target",
                "--target nope --seconds 5       | --target",
                "--target grid                   | --seconds",
                "--target grid --seconds x       | --seconds",
                "--target grid --seconds 0       | --seconds",
                "--target grid --inputs -3       | --inputs",
                "--target grid --seconds 1 --seed z | --seed",
                "--target grid --seconds         | --seconds",
                "--target grid --seconds 1 --bogus | --bogus",
                "--target all --replay x.bin     | --target",
                "--target grid --replay          | --replay",
                "--target grid --seconds 1 --timeout-ms 0 | --timeout-ms",
            })
    void badArgumentsExitWith2AndOneLineNamingTheArgument(String args, String named) {
        Result r = run(args.strip().split("\\s+"));
        assertEquals(2, r.status(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("bad argument " + named + ":"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void aShortRunPrintsOneSummaryLineAndExits0(@TempDir Path findings) {
        Result r = run("--target", "grid", "--inputs", "300", "--seed", "9", "--findings", findings.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(
                r.out()
                        .matches(
                                "target grid: 300 inputs in [0-9.]+ s \\([0-9]+/s\\), 0 failures, [0-9]+ distinct rejections\\R"),
                r.out());
    }

    @Test
    void verboseListsTheRejections(@TempDir Path findings) {
        Result r = run("--target", "astar", "--inputs", "300", "--verbose", "--findings", findings.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("accepted "), r.out());
        assertTrue(r.out().contains("e.g. field '"), r.out());
    }

    @Test
    void replayReportsEachFile(@TempDir Path dir) throws Exception {
        Path seed = dir.resolve("seed.bin");
        Files.write(seed, Corpus.load("jps").getFirst());
        Path junk = dir.resolve("junk.bin");
        Files.write(junk, new byte[] {1, 2, 3});
        Result r = run("--target", "jps", "--replay", seed.toString(), junk.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains(seed + ": accepted"), r.out());
        assertTrue(r.out().contains(junk + ": rejected: field 'magic'"), r.out());
    }

    @Test
    void helpPrintsTheUsage() {
        Result r = run("--help");
        assertEquals(0, r.status());
        assertTrue(r.out().startsWith("usage: FuzzMain --target"), r.out());
    }
}
