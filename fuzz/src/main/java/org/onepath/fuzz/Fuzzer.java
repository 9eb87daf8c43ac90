package org.onepath.fuzz;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one {@link Target} on seeded mutants of its corpus and classifies every input.
 *
 * <p>The first inputs are the seeds themselves, unchanged; then each input is a {@link Mutator}
 * mutant of a pool input: a seed (most of the time), a mutant the target accepted, or the first
 * mutant that reached a rejection not seen before. Per input:
 * <ul>
 *   <li>the target returns: <b>accepted</b>, fine;</li>
 *   <li>it throws what the target declares its rejection ({@link Target#rejectionKey}: a
 *       state restore's {@code OnePathFormatException}, a store's {@code StoreException}, a
 *       reader's format exception): <b>rejected</b>, fine, counted by the key the target gives
 *       (the field or check it names, values folded), so a run shows which checks it reached;</li>
 *   <li>any other {@link Throwable} (OutOfMemoryError and StackOverflowError included) is a
 *       <b>failure</b>; the fuzzer goes on;</li>
 *   <li>an input still running after the per-input limit (2 s unless set) is a <b>hang</b>
 *       failure: the target runs on a daemon worker thread watched by the calling thread, which
 *       reports the input with the worker's stack and stops the run (the worker is interrupted and
 *       left behind if it does not end). An input that ends but took longer than the limit is a
 *       failure of the same kind.</li>
 * </ul>
 *
 * <p>The first input of each distinct failure (exception class and top frames, or hang) is
 * written to the findings folder as {@code <target>-<hash>.bin} with a {@code .txt} beside it
 * holding the outcome, the stack trace and the hex of the input. With the same seed, corpus and
 * input count a run makes the same inputs in the same order.
 */
public final class Fuzzer {
    /** Default per-input limit. */
    public static final Duration DEFAULT_INPUT_LIMIT = Duration.ofSeconds(2);
    /** Largest input the mutator makes, at most. */
    private static final int MAX_INPUT_BYTES = 1 << 20;
    /** Accepted mutants kept to mutate further (reservoir). */
    private static final int ACCEPTED_POOL = 256;
    /** Distinct failures written to the findings folder, at most. */
    private static final int MAX_FINDING_FILES = 50;
    /** Inputs shown as hex in a finding's text file up to this many bytes. */
    private static final int HEX_BYTES = 4096;

    private final Target target;
    private long seed = 1;
    private long maxInputs = Long.MAX_VALUE;
    private Duration duration;
    private Duration inputLimit = DEFAULT_INPUT_LIMIT;
    private Path findings = Path.of("findings");
    private List<byte[]> seeds;

    public Fuzzer(Target target) {
        this.target = Objects.requireNonNull(target, "target");
    }

    /** Seed of every random choice (default 1). */
    public Fuzzer seed(long seed) {
        this.seed = seed;
        return this;
    }

    /** Stop after this many inputs (seeds included). */
    public Fuzzer inputs(long maxInputs) {
        if (maxInputs < 1) {
            throw new IllegalArgumentException("maxInputs must be at least 1, was " + maxInputs);
        }
        this.maxInputs = maxInputs;
        return this;
    }

    /** Stop after this long (whichever of inputs and duration comes first). */
    public Fuzzer duration(Duration duration) {
        this.duration = Objects.requireNonNull(duration, "duration");
        return this;
    }

    /** Longest one input may take before it counts as a hang (default 2 s). */
    public Fuzzer inputLimit(Duration limit) {
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("input limit must be positive, was " + limit);
        }
        this.inputLimit = limit;
        return this;
    }

    /**
     * Folder the failing inputs go to, made on the first failure (default {@code findings}); null
     * writes nothing (replaying a finding).
     */
    public Fuzzer findings(Path folder) {
        this.findings = folder;
        return this;
    }

    /** Inputs to start from instead of {@link Target#seeds()}. */
    public Fuzzer seeds(List<byte[]> seeds) {
        this.seeds = List.copyOf(seeds);
        return this;
    }

    /** A failing input. */
    public record Failure(
            Kind kind,
            String signature,
            long inputIndex,
            byte[] input,
            String description,
            String stackTrace,
            Path file) {
        public enum Kind {
            /** The target threw something other than a format exception. */
            EXCEPTION,
            /** The input ran past the per-input limit. */
            HANG
        }
    }

    /** What a run did. */
    public record Report(
            String target,
            long inputs,
            long accepted,
            long rejected,
            long elapsedNanos,
            Map<String, Long> rejections,
            Map<String, String> rejectionExamples,
            long failureCount,
            List<Failure> failures,
            boolean hung) {
        public double inputsPerSecond() {
            return elapsedNanos == 0 ? 0 : inputs * 1e9 / elapsedNanos;
        }

        /** {@code target grid: 1234567 inputs in 600 s (2057/s), 0 failures, 41 distinct rejections}. */
        public String summaryLine() {
            double seconds = elapsedNanos / 1e9;
            String time =
                    seconds >= 10 ? Long.toString(Math.round(seconds)) : String.format(Locale.ROOT, "%.1f", seconds);
            return "target " + target + ": " + inputs + " inputs in " + time + " s (" + Math.round(inputsPerSecond())
                    + "/s), "
                    + failureCount + (failureCount == 1 ? " failure" : " failures") + (hung ? " (hang)" : "") + ", "
                    + rejections.size() + " distinct rejections";
        }

        /** The summary, the counts by rejection and each distinct failure, one per line. */
        public String details() {
            StringBuilder s = new StringBuilder(summaryLine()).append('\n');
            s.append("  accepted ")
                    .append(accepted)
                    .append(", rejected ")
                    .append(rejected)
                    .append('\n');
            rejections.forEach((k, v) ->
                    s.append(String.format(Locale.ROOT, "  %9d  %s  e.g. %s%n", v, k, rejectionExamples.get(k))));
            for (Failure f : failures) {
                s.append("  FAILURE ")
                        .append(f.kind())
                        .append(" at input #")
                        .append(f.inputIndex())
                        .append(": ")
                        .append(f.description())
                        .append(f.file() == null ? "" : " -> " + f.file())
                        .append('\n');
            }
            return s.toString();
        }
    }

    /** The input in flight; whoever claims it (the worker when it ends, the watchdog on a hang) reports it. */
    private record Attempt(long index, byte[] input, long startNanos, AtomicBoolean claimed) {
        boolean claim() {
            return claimed.compareAndSet(false, true);
        }
    }

    // Written by the worker (and, on a hang, the watchdog) under `this`; read after the run.
    private long inputs;
    private long accepted;
    private long rejected;
    private long failureCount;
    private boolean hung;
    private final Map<String, Long> rejectionCounts = new HashMap<>();
    private final Map<String, String> rejectionExamples = new HashMap<>();
    private final Map<String, Failure> failures = new LinkedHashMap<>();
    private volatile Attempt current;
    private volatile boolean stop;
    private volatile Throwable internalError;

    /**
     * Runs until the input count or the duration is reached, or a hang. Call once.
     *
     * @throws IllegalStateException if neither a count nor a duration was set, or the fuzzer
     *                               itself broke (not the target)
     */
    public Report run() {
        if (maxInputs == Long.MAX_VALUE && duration == null) {
            throw new IllegalStateException("set an input count or a duration");
        }
        List<byte[]> start = seeds != null ? seeds : target.seeds();
        long limitNanos = inputLimit.toNanos();
        long began = System.nanoTime();
        long deadline = duration == null ? Long.MAX_VALUE : began + duration.toNanos();
        Thread worker = Thread.ofPlatform()
                .daemon()
                .name("fuzz-" + target.name())
                .unstarted(() -> {
                    try {
                        work(start, deadline, limitNanos);
                    } catch (Throwable t) {
                        internalError = t;
                    }
                });
        worker.start();
        long poll = Math.max(1, Math.min(50, inputLimit.toMillis() / 4));
        long ended;
        try {
            while (true) {
                worker.join(poll);
                if (!worker.isAlive()) {
                    ended = System.nanoTime();
                    break;
                }
                Attempt a = current;
                long now = System.nanoTime();
                if (a != null && now - a.startNanos() > limitNanos && a.claim()) {
                    ended = now;
                    StackTraceElement[] stack = worker.getStackTrace();
                    stop = true;
                    worker.interrupt();
                    hang(a, (now - a.startNanos()) / 1_000_000, limitNanos / 1_000_000, stack, true);
                    worker.join(1000);
                    break;
                }
            }
        } catch (InterruptedException e) {
            stop = true;
            Thread.currentThread().interrupt();
            ended = System.nanoTime();
        }
        if (internalError != null) {
            throw new IllegalStateException("the fuzzer broke (not the target): " + internalError, internalError);
        }
        synchronized (this) {
            Map<String, Long> byCount = new LinkedHashMap<>();
            rejectionCounts.entrySet().stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                            .thenComparing(Map.Entry.comparingByKey()))
                    .forEach(e -> byCount.put(e.getKey(), e.getValue()));
            return new Report(
                    target.name(),
                    inputs,
                    accepted,
                    rejected,
                    ended - began,
                    byCount,
                    Map.copyOf(rejectionExamples),
                    failureCount,
                    List.copyOf(failures.values()),
                    hung);
        }
    }

    private void work(List<byte[]> start, long deadline, long limitNanos) {
        SplittableRandom random = new SplittableRandom(seed);
        int longest = start.stream().mapToInt(b -> b.length).max().orElse(0);
        Mutator mutator = new Mutator(random.split(), (int) Math.min(MAX_INPUT_BYTES, 2L * longest + 4096));
        List<byte[]> acceptedPool = new ArrayList<>();
        List<byte[]> novelPool = new ArrayList<>();
        for (long i = 0; i < maxInputs && !stop; i++) {
            if (deadline != Long.MAX_VALUE && System.nanoTime() >= deadline) {
                break;
            }
            byte[] input;
            if (i < start.size()) {
                input = start.get((int) i);
            } else {
                int pick = random.nextInt(10);
                List<byte[]> from = pick < 2 && !acceptedPool.isEmpty()
                        ? acceptedPool
                        : pick < 4 && !novelPool.isEmpty() ? novelPool : start;
                List<byte[]> spliceWith = random.nextBoolean() || acceptedPool.isEmpty() ? start : acceptedPool;
                input = mutator.mutate(from.get(random.nextInt(from.size())), spliceWith);
            }
            Attempt a = new Attempt(i, input, System.nanoTime(), new AtomicBoolean());
            current = a;
            Outcome outcome = Outcome.run(target, input);
            Throwable thrown = outcome.thrown();
            long took = System.nanoTime() - a.startNanos();
            current = null;
            if (!a.claim()) {
                return; // the watchdog reported it as a hang
            }
            synchronized (this) {
                inputs++;
            }
            if (took > limitNanos) {
                hang(
                        a,
                        took / 1_000_000,
                        limitNanos / 1_000_000,
                        thrown == null ? null : thrown.getStackTrace(),
                        false);
                return;
            }
            if (outcome.kind() == Outcome.Kind.ACCEPTED) {
                synchronized (this) {
                    accepted++;
                }
                if (i >= start.size()) {
                    if (acceptedPool.size() < ACCEPTED_POOL) {
                        acceptedPool.add(input);
                    } else {
                        acceptedPool.set(random.nextInt(ACCEPTED_POOL), input);
                    }
                }
            } else if (outcome.kind() == Outcome.Kind.REJECTED) {
                if (rejected(outcome.rejectionKey(), String.valueOf(thrown.getMessage())) && i >= start.size()) {
                    novelPool.add(input);
                }
            } else {
                failure(a, thrown);
            }
        }
    }

    /** Counts a rejection; returns whether its key is new. */
    private synchronized boolean rejected(String key, String message) {
        rejected++;
        Long before = rejectionCounts.merge(key, 1L, Long::sum);
        if (before == 1L) {
            rejectionExamples.put(key, message);
            return true;
        }
        return false;
    }

    private synchronized void failure(Attempt a, Throwable t) {
        failureCount++;
        String signature = signature(t);
        if (failures.containsKey(signature)) {
            return;
        }
        String description = "threw " + t;
        String trace = stackTrace(t);
        Path file = failures.size() < MAX_FINDING_FILES ? write(a, Failure.Kind.EXCEPTION, description, trace) : null;
        failures.put(
                signature,
                new Failure(Failure.Kind.EXCEPTION, signature, a.index(), a.input(), description, trace, file));
    }

    private synchronized void hang(
            Attempt a, long tookMillis, long limitMillis, StackTraceElement[] stack, boolean stillRunning) {
        failureCount++;
        hung = true;
        String description = stillRunning
                ? "no result after " + tookMillis + " ms (limit " + limitMillis + " ms): a hang; the run stopped"
                : "took " + tookMillis + " ms (limit " + limitMillis + " ms); the run stopped";
        StringBuilder trace = new StringBuilder(stillRunning ? "worker thread when the limit passed:\n" : "");
        if (stack != null) {
            for (StackTraceElement e : stack) {
                trace.append("\tat ").append(e).append('\n');
            }
        }
        Path file = write(a, Failure.Kind.HANG, description, trace.toString());
        failures.put(
                "hang",
                new Failure(Failure.Kind.HANG, "hang", a.index(), a.input(), description, trace.toString(), file));
    }

    /** Exception class and the first frames: inputs failing the same way count as one failure. */
    private static String signature(Throwable t) {
        StringBuilder s = new StringBuilder(t.getClass().getName());
        StackTraceElement[] stack = t.getStackTrace();
        for (int i = 0; i < Math.min(4, stack.length); i++) {
            s.append(" | ")
                    .append(stack[i].getClassName())
                    .append('.')
                    .append(stack[i].getMethodName())
                    .append(':')
                    .append(stack[i].getLineNumber());
        }
        return s.toString();
    }

    private static String stackTrace(Throwable t) {
        StringWriter out = new StringWriter();
        try (PrintWriter w = new PrintWriter(out)) {
            t.printStackTrace(w);
        }
        String s = out.toString();
        return s.length() > 200_000 ? s.substring(0, 200_000) + "\n... (cut)\n" : s;
    }

    private Path write(Attempt a, Failure.Kind kind, String description, String trace) {
        if (findings == null) {
            return null;
        }
        byte[] input = a.input();
        String base = target.name() + "-" + Bytes.hash(input);
        try {
            Files.createDirectories(findings);
            Path bin = findings.resolve(base + ".bin");
            Files.write(bin, input);
            StringBuilder text = new StringBuilder();
            text.append("target: ").append(target.name()).append('\n');
            text.append("outcome: ")
                    .append(kind)
                    .append(", ")
                    .append(description)
                    .append('\n');
            text.append("fuzz seed: ")
                    .append(seed)
                    .append(", input #")
                    .append(a.index())
                    .append(", ")
                    .append(input.length)
                    .append(" bytes\n");
            text.append(
                            "replay: java -cp \"fuzz/target/onepath-fuzz.jar:fuzz/target/lib/*\" org.onepath.fuzz.FuzzMain --target ")
                    .append(target.name())
                    .append(" --replay ")
                    .append(bin)
                    .append('\n');
            if (input.length <= HEX_BYTES) {
                text.append("hex: ").append(Bytes.hex(input)).append('\n');
            }
            text.append("\n").append(trace);
            Files.writeString(findings.resolve(base + ".txt"), text, StandardCharsets.UTF_8);
            return bin;
        } catch (IOException e) {
            throw new UncheckedIOException("writing a finding to " + findings, e);
        }
    }
}
