package org.onepath.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.state.GraphStateException;
import org.onepath.state.GridStateException;

/** The fuzzer's own behaviour, with fake targets. */
class FuzzerTest {
    private static final List<byte[]> SEEDS = List.of(
            "OPGS-seed-one-with-some-bytes".getBytes(StandardCharsets.US_ASCII),
            new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});

    /** A target made of a lambda. */
    private record Fake(String name, Body body) implements Target {
        @FunctionalInterface
        interface Body {
            void run(byte[] input) throws Exception;
        }

        @Override
        public List<byte[]> seeds() {
            return SEEDS;
        }

        @Override
        public void run(byte[] input) throws Exception {
            body.run(input);
        }
    }

    @Test
    void anIllegalArgumentExceptionIsAFailureAndItsInputIsWritten(@TempDir Path findings) throws Exception {
        Fake target = new Fake("fake", input -> {
            if (input.length > 20) {
                throw new IllegalArgumentException("not a format exception");
            }
        });
        Fuzzer.Report r =
                new Fuzzer(target).seed(3).inputs(200).findings(findings).run();

        assertTrue(r.failureCount() >= 1, r.details());
        assertEquals(200, r.inputs());
        assertEquals(200, r.accepted() + r.failureCount());
        assertFalse(r.hung());
        assertEquals(1, r.failures().size(), "one distinct failure, counted " + r.failureCount() + " times");
        Fuzzer.Failure f = r.failures().getFirst();
        assertEquals(Fuzzer.Failure.Kind.EXCEPTION, f.kind());
        assertEquals(0, f.inputIndex(), "the first seed fails as it is");
        assertArrayEquals(SEEDS.getFirst(), Files.readAllBytes(f.file()));
        assertEquals(findings.resolve("fake-" + Bytes.hash(SEEDS.getFirst()) + ".bin"), f.file());
        String text = Files.readString(findings.resolve("fake-" + Bytes.hash(SEEDS.getFirst()) + ".txt"));
        assertTrue(text.contains("java.lang.IllegalArgumentException: not a format exception"), text);
        assertTrue(text.contains("hex: " + Bytes.hex(SEEDS.getFirst())), text);
        assertTrue(r.summaryLine().startsWith("target fake: 200 inputs in "), r.summaryLine());
        assertTrue(r.summaryLine().endsWith(r.failureCount() + " failures, 0 distinct rejections"), r.summaryLine());
    }

    @Test
    @Timeout(20)
    void aTargetThatRunsPastTheLimitIsReportedAsAHangAndStopsTheRun(@TempDir Path findings) throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Fake target = new Fake("sleepy", input -> {
            if (calls.incrementAndGet() == 5) {
                Thread.sleep(30_000);
            }
        });
        long t0 = System.nanoTime();
        Fuzzer.Report r = new Fuzzer(target)
                .seed(1)
                .inputs(1_000)
                .inputLimit(Duration.ofMillis(300))
                .findings(findings)
                .run();
        long took = (System.nanoTime() - t0) / 1_000_000;

        assertTrue(took < 10_000, "the watchdog stops the run soon after the limit, took " + took + " ms");
        assertTrue(r.hung(), r.details());
        assertEquals(1, r.failureCount());
        assertEquals(4, r.inputs(), "the inputs before the hang completed");
        Fuzzer.Failure f = r.failures().getFirst();
        assertEquals(Fuzzer.Failure.Kind.HANG, f.kind());
        assertEquals(4, f.inputIndex());
        assertTrue(f.description().contains("limit 300 ms"), f.description());
        assertTrue(
                f.stackTrace().contains("Thread.sleep"), "the worker's stack shows where it hung:\n" + f.stackTrace());
        assertNotNull(f.file());
        assertArrayEquals(f.input(), Files.readAllBytes(f.file()));
        assertTrue(r.summaryLine().contains("1 failure (hang)"), r.summaryLine());
    }

    @Test
    void formatExceptionsAreFineAndCountedByField(@TempDir Path findings) throws Exception {
        Fake target = new Fake("strict", input -> {
            if (input.length % 3 == 0) {
                throw new GridStateException("visited[" + input.length + "].parent", input.length, "something else", 4);
            }
            if (input.length % 3 == 1) {
                throw new GraphStateException("open.count", -1, "0..10", 8);
            }
        });
        Fuzzer.Report r =
                new Fuzzer(target).seed(5).inputs(500).findings(findings).run();

        assertEquals(0, r.failureCount(), r.details());
        assertEquals(500, r.accepted() + r.rejected());
        assertTrue(r.rejected() > 0 && r.accepted() > 0, r.details());
        assertEquals(
                List.of("GraphStateException open.count", "visited[].parent").stream()
                        .sorted()
                        .toList(),
                r.rejections().keySet().stream().sorted().toList(),
                "indices fold; graph rejections are named");
        assertEquals(
                r.rejected(),
                r.rejections().values().stream().mapToLong(Long::longValue).sum());
        assertFalse(Files.exists(findings.resolve("strict")), "nothing written");
        try (var files = Files.list(findings)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void errorsAreFailuresToo(@TempDir Path findings) throws Exception {
        Fake target = new Fake("errors", input -> {
            switch (input.length % 3) {
                case 0 -> throw new OutOfMemoryError("fake: Java heap space");
                case 1 -> recurse(0);
                default -> {}
            }
        });
        Fuzzer.Report r =
                new Fuzzer(target).seed(7).inputs(60).findings(findings).run();

        assertEquals(60, r.accepted() + r.failureCount(), r.details());
        List<String> kinds = r.failures().stream()
                .map(f -> f.description().split(":")[0])
                .sorted()
                .distinct()
                .toList();
        assertEquals(List.of("threw java.lang.OutOfMemoryError", "threw java.lang.StackOverflowError"), kinds);
        for (Fuzzer.Failure f : r.failures()) {
            assertTrue(Files.exists(f.file()), f.file().toString());
        }
    }

    private static int recurse(int depth) {
        return recurse(depth + 1) + 1;
    }

    @Test
    void theSameSeedMakesTheSameInputsAndAnotherSeedOthers() {
        assertEquals(inputsOf(11), inputsOf(11));
        assertNotEquals(inputsOf(11), inputsOf(12));
        List<Integer> first = inputsOf(11);
        assertEquals(
                SEEDS.stream().map(Arrays::hashCode).toList(),
                first.subList(0, SEEDS.size()),
                "the seeds come first, unchanged");
        assertTrue(first.stream().distinct().count() > first.size() * 9 / 10, "mutants are mostly different");
    }

    private static List<Integer> inputsOf(long seed) {
        List<Integer> seen = new ArrayList<>();
        Fake target = new Fake("recording", input -> {
            seen.add(Arrays.hashCode(input));
            if ((input.length & 1) == 0) {
                throw new GridStateException("f", 0, "x", 0);
            }
        });
        new Fuzzer(target).seed(seed).inputs(500).findings(null).run();
        return seen;
    }

    @Test
    void aTimedRunStopsOnTime() {
        Fake target = new Fake("timed", input -> {});
        long t0 = System.nanoTime();
        Fuzzer.Report r = new Fuzzer(target)
                .duration(Duration.ofMillis(300))
                .findings(null)
                .run();
        long took = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(took >= 300 && took < 5_000, took + " ms");
        assertTrue(r.inputs() > 100, r.summaryLine());
    }

    @Test
    void aRunNeedsACountOrADuration() {
        assertThrows(IllegalStateException.class, () -> new Fuzzer(new Fake("x", input -> {})).run());
        assertThrows(IllegalArgumentException.class, () -> new Fuzzer(new Fake("x", input -> {})).inputs(0));
        assertThrows(
                IllegalArgumentException.class, () -> new Fuzzer(new Fake("x", input -> {})).inputLimit(Duration.ZERO));
    }

    @Test
    void theDetailsListRejectionsWithAnExample() {
        Fake target = new Fake("d", input -> {
            throw new GridStateException("width", input.length, "1..16", 8);
        });
        Fuzzer.Report r = new Fuzzer(target).inputs(50).findings(null).run();
        Map<String, Long> counts = r.rejections();
        assertEquals(Map.of("width", 50L), counts);
        assertTrue(r.details().contains("field 'width' = "), r.details());
    }
}
