package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stopping {@code onepath bake --bounds} while the goal bounds bake (the signal Ctrl-C or a
 * service manager sends) cancels the bake: the command says so and leaves no store and no
 * temporary file.
 */
class BakeCancelTest {
    private static final int SIDE = 400;

    @TempDir
    Path dir;

    @Test
    void stoppingTheBakeLeavesNoFile() throws IOException, InterruptedException {
        Random rnd = new Random(0xCA_0CE1L);
        StringBuilder text = new StringBuilder("type octile\nheight " + SIDE + "\nwidth " + SIDE + "\nmap\n");
        for (int y = 0; y < SIDE; y++) {
            for (int x = 0; x < SIDE; x++) {
                text.append(rnd.nextInt(100) < 20 ? '@' : '.');
            }
            text.append('\n');
        }
        Path map = Fixtures.write(dir.resolve("big.map"), text.toString());
        Path out = dir.resolve("big.opstore");
        Path err = dir.resolve("err.txt");
        Process child = new ProcessBuilder(
                        CliRun.javaCommand(),
                        "-Xmx512m",
                        "-cp",
                        CliRun.classPath(),
                        OnePathCli.class.getName(),
                        "bake",
                        map.toString(),
                        "--bounds",
                        "--threads",
                        "1",
                        "--out",
                        out.toString())
                .redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(err.toFile())
                .start();
        try {
            awaitBaking(child);
            assertTrue(child.isAlive(), () -> "the bake ended before it was stopped: " + read(err));
            child.destroy();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the stopped bake did not end");
        } finally {
            child.destroyForcibly();
        }
        assertFalse(Files.exists(out), "a store was written");
        try (Stream<Path> files = Files.list(dir)) {
            List<String> left = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".tmp"))
                    .toList();
            assertEquals(List.of(), left, "temporary files left");
        }
        String said = read(err);
        assertTrue(said.contains("bake cancelled") && said.contains(out.toString()), said);
    }

    /**
     * Waits until the child has spent {@link #BAKING_CPU} of processor time, by then in the goal
     * bounds' bake: its start, the map and the JPS+ table it bakes them from take a few seconds of
     * it (measured 2 to 9 s on a loaded machine), the bake of 160,000 cells far more. A signal
     * before the bake sets the flag the bake reads, and the command's hook waits only 2 s for it,
     * so the child ends saying nothing; a wait in wall time ran out before the bake on a machine
     * loaded ten times over. Where the platform does not report processor time, 5 s of wall time.
     */
    private static void awaitBaking(Process child) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (child.isAlive() && System.nanoTime() < deadline) {
            Optional<Duration> used = child.info().totalCpuDuration();
            if (used.isEmpty()) {
                Thread.sleep(5000);
                return;
            }
            if (used.get().compareTo(BAKING_CPU) >= 0) {
                return;
            }
            Thread.sleep(50);
        }
    }

    private static final Duration BAKING_CPU = Duration.ofSeconds(15);

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}
