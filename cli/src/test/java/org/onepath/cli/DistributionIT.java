package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution as a user gets it: the {@code tar.gz} that {@code package} built is unpacked
 * into a temporary folder and its {@code bin/onepath} run with {@code JAVA_HOME} set to a JDK 25
 * and a {@code PATH} that holds only the few shell tools the launcher uses, so neither Maven nor
 * the checkout can be reached. Runs after {@code package} (failsafe), on what ships.
 */
final class DistributionIT {
    /** The tools bin/onepath calls; everything else, Maven included, is off the PATH. */
    private static final List<String> TOOLS = List.of("sh", "sed", "dirname", "ls", "readlink");

    @TempDir
    static Path unpacked;

    static Path home;
    static Path toolsDir;

    @BeforeAll
    static void unpack() throws Exception {
        Path tarball = Path.of(System.getProperty("onepath.distribution", "target/missing.tar.gz"));
        assertTrue(Files.isRegularFile(tarball), tarball + ": the distribution was not built by package");
        run(List.of("tar", "-xzf", tarball.toString(), "-C", unpacked.toString()), Map.of(), 60);
        home = unpacked.resolve("onepath-" + System.getProperty("onepath.version"));
        assertTrue(Files.isExecutable(home.resolve("bin/onepath")), home + "/bin/onepath is missing or not executable");
        assertTrue(Files.isRegularFile(home.resolve("completion/onepath_completion")), "completion script shipped");
        assertTrue(Files.isRegularFile(home.resolve("LICENSE")), "LICENSE shipped");

        toolsDir = Files.createDirectory(unpacked.resolve("path"));
        for (String tool : TOOLS) {
            Path real = which(tool);
            Files.createSymbolicLink(toolsDir.resolve(tool), real);
        }
    }

    @Test
    void versionPrintsThePomVersionWithNoMavenOnThePath() throws Exception {
        Result r = onepath("--version");
        assertEquals(0, r.status, r.toString());
        assertTrue(r.out.startsWith("onepath " + System.getProperty("onepath.version")), r.toString());
    }

    @Test
    void scenRunsOneSharedScenarioFile() throws Exception {
        String data = System.getProperty("onepath.data");
        Path scen = Path.of(data == null || data.isBlank() ? "../../shared/data" : data)
                .resolve("movingai/room/8room_000.map.scen");
        assumeTrue(
                Files.isRegularFile(scen),
                () -> "Moving AI file " + scen.toAbsolutePath().normalize()
                        + " is missing (set -Donepath.data to the shared data root); skipping the distribution's scen run");
        // the plot is drawn by java.desktop, which the shipped launcher's module path must resolve
        Path plot = unpacked.resolve("latency.png");
        Result r = onepath(
                "scen",
                "--alg",
                "astar,jps",
                "--limit",
                "50",
                "--json",
                "--plot",
                plot.toString(),
                scen.toAbsolutePath().toString());
        assertEquals(0, r.status, r.toString());
        assertTrue(r.out.contains("\"mismatches\":0"), r.toString());
        assertFalse(r.out.contains("\"mismatches\":1"), r.toString());
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(plot.toFile());
        assertEquals(LatencyPlot.DEFAULT_WIDTH, image.getWidth(), r.toString());
        assertEquals(LatencyPlot.DEFAULT_HEIGHT, image.getHeight(), r.toString());
    }

    private Result onepath(String... args) throws Exception {
        Path java = Path.of(System.getProperty("java.home"));
        for (String dir : List.of(toolsDir.toString())) {
            assertFalse(Files.exists(Path.of(dir, "mvn")), "mvn must not be on the PATH");
        }
        List<String> command =
                new java.util.ArrayList<>(List.of(home.resolve("bin/onepath").toString()));
        command.addAll(List.of(args));
        return run(command, Map.of("JAVA_HOME", java.toString(), "PATH", toolsDir.toString()), 120);
    }

    private static Path which(String tool) {
        for (String dir : List.of("/usr/bin", "/bin", "/usr/local/bin")) {
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        throw new IllegalStateException(tool + ": not found in /usr/bin, /bin or /usr/local/bin");
    }

    record Result(int status, String out, String err) {
        @Override
        public String toString() {
            return "exit " + status + "\nstdout:\n" + out + "\nstderr:\n" + err;
        }
    }

    private static Result run(List<String> command, Map<String, String> env, int seconds) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(unpacked.toFile());
        if (!env.isEmpty()) {
            pb.environment().clear();
            pb.environment().putAll(env);
        }
        Path out = Files.createTempFile(unpacked, "out", ".txt");
        Path err = Files.createTempFile(unpacked, "err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(command + ": still running after " + seconds + " s");
        }
        Result r = new Result(
                p.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        if (env.isEmpty()) {
            assertEquals(0, r.status, command + ": " + r);
        }
        return r;
    }
}
