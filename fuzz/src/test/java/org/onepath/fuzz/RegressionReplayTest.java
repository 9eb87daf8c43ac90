package org.onepath.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays every input of {@code src/test/resources/regressions/<target>/} through its target:
 * inputs that once failed it (a planted or a real bug) must now be accepted or rejected, never
 * fail. docs/fuzzing.md says where each came from.
 */
class RegressionReplayTest {
    /** Surefire runs in the module folder. */
    private static final Path REGRESSIONS = Path.of("src", "test", "resources", "regressions");

    static Stream<Arguments> inputs() throws IOException {
        List<Arguments> out = new ArrayList<>();
        try (Stream<Path> folders = Files.list(REGRESSIONS)) {
            for (Path folder : folders.sorted().toList()) {
                String target = folder.getFileName().toString();
                assertTrue(Targets.NAMES.contains(target), "regressions/" + target + " names no target");
                try (Stream<Path> files = Files.list(folder)) {
                    files.filter(p -> p.toString().endsWith(".bin"))
                            .sorted()
                            .forEach(p ->
                                    out.add(Arguments.of(target, p.getFileName().toString())));
                }
            }
        }
        assertFalse(out.isEmpty(), "no regression inputs under " + REGRESSIONS.toAbsolutePath());
        return out.stream();
    }

    @ParameterizedTest(name = "{0}/{1}")
    @MethodSource("inputs")
    void theInputNoLongerFails(String targetName, String file) throws Throwable {
        byte[] input = Files.readAllBytes(REGRESSIONS.resolve(targetName).resolve(file));
        try (Target target = Targets.create(targetName)) {
            Outcome outcome = Outcome.run(target, input);
            if (outcome.kind() == Outcome.Kind.FAILED) {
                throw outcome.thrown();
            }
        }
    }
}
