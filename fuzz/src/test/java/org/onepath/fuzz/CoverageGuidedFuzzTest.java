package org.onepath.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;

/**
 * The reader, query and store targets under Jazzer: coverage-guided fuzzing (libFuzzer over the
 * instrumented library) with the same targets and the same rule as the mutation {@link Fuzzer}:
 * each input must be accepted or rejected as its target declares ({@link Outcome#require}, with
 * five times the fuzzer's per-input limit); anything else fails the test and is a finding.
 *
 * <p>A plain {@code mvn test} runs Jazzer's regression mode: every method replays its seeds, the
 * checked-in corpus of its target ({@code src/test/resources/corpus/<target>/}, which the build
 * puts on the test class path as {@code CoverageGuidedFuzzTestInputs/<method>/}) and the empty
 * input, and libFuzzer never starts. With {@code JAZZER_FUZZ=1} the one method selected with
 * {@code -Dtest} fuzzes from those seeds; docs/fuzzing.md gives the commands.
 */
class CoverageGuidedFuzzTest {
    /** Targets by name, made on first use and kept between inputs (one thread drives them). */
    private static final Map<String, Target> TARGETS = new HashMap<>();

    /**
     * Per-input limit: five times the fuzzer's default, since under Jazzer's agent the classes an
     * input first reaches are instrumented as they load (a store seed touching every algorithm
     * took 2.2 s in regression mode).
     */
    private static final long INPUT_LIMIT_NANOS = 5 * Fuzzer.DEFAULT_INPUT_LIMIT.toNanos();

    private static void check(String targetName, byte[] input) throws Throwable {
        Target target = TARGETS.computeIfAbsent(targetName, Targets::create);
        Outcome.require(target, input, INPUT_LIMIT_NANOS);
    }

    @AfterAll
    static void closeTargets() {
        TARGETS.values().forEach(Target::close);
        TARGETS.clear();
    }

    @FuzzTest
    void movingAiMap(byte[] input) throws Throwable {
        check("movingai-map", input);
    }

    @FuzzTest
    void movingAiScen(byte[] input) throws Throwable {
        check("movingai-scen", input);
    }

    @FuzzTest
    void voxelMap(byte[] input) throws Throwable {
        check("voxel-map", input);
    }

    @FuzzTest
    void voxelScen(byte[] input) throws Throwable {
        check("voxel-scen", input);
    }

    @FuzzTest
    void dimacs(byte[] input) throws Throwable {
        check("dimacs", input);
    }

    @FuzzTest
    void gridQuery(byte[] input) throws Throwable {
        check("grid-query", input);
    }

    @FuzzTest
    void gridJps(byte[] input) throws Throwable {
        check("grid-jps", input);
    }

    @FuzzTest
    void gridTheta(byte[] input) throws Throwable {
        check("grid-theta", input);
    }

    @FuzzTest
    void gridFlow(byte[] input) throws Throwable {
        check("grid-flow", input);
    }

    /** The spec's {@code grid-hpa}: the {@code gridhpa} target, seeded with grid states. */
    @FuzzTest
    void gridHpa(byte[] input) throws Throwable {
        check("grid-hpa", input);
    }

    @FuzzTest
    void voxelQuery(byte[] input) throws Throwable {
        check("voxel-query", input);
    }

    @FuzzTest
    void store(byte[] input) throws Throwable {
        check("store", input);
    }
}
