package org.onepath.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A short deterministic fuzz run of every target (seed 1, 3000 inputs): no failure; a target that
 * reads a format reaches both outcomes and a spread of the format's checks, one that accepts every
 * input (a query target) rejects none.
 */
class ShortFuzzRunTest {
    static final long SEED = 1;
    static final int INPUTS = 3000;

    static Iterable<String> targets() {
        return Targets.NAMES;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    @Timeout(60)
    void noFailureIn3000Inputs(String name, @TempDir Path findings) throws Exception {
        Fuzzer.Report r;
        boolean acceptsEveryInput;
        try (Target target = Targets.create(name)) {
            acceptsEveryInput = target.acceptsEveryInput();
            r = new Fuzzer(target).seed(SEED).inputs(INPUTS).findings(findings).run();
        }
        assertEquals(
                0,
                r.failureCount(),
                () -> "failures (inputs kept in " + findings + "):\n" + r.details()
                        + String.join(
                                "\n",
                                r.failures().stream()
                                        .map(Fuzzer.Failure::stackTrace)
                                        .toList()));
        assertFalse(r.hung());
        assertEquals(INPUTS, r.inputs());
        assertEquals(INPUTS, r.accepted() + r.rejected());
        if (acceptsEveryInput) {
            assertEquals(INPUTS, r.accepted(), "a query target builds its grid from any bytes");
            assertEquals(0, r.rejected());
        } else {
            assertTrue(
                    r.accepted() >= Corpus.load(name).size(),
                    "every seed is accepted, and then some mutants: " + r.accepted());
            assertTrue(r.rejected() > INPUTS / 4, "most mutants are rejected: " + r.rejected());
            assertTrue(
                    r.rejections().size() >= 8,
                    "the run reaches many checks, only " + r.rejections().keySet());
        }
        try (var files = Files.list(findings)) {
            assertEquals(0, files.count(), "nothing written to the findings folder");
        }
    }
}
