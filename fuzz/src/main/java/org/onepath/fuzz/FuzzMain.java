package org.onepath.fuzz;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Command line of the hostile-bytes fuzzer: runs the targets of {@link Targets#NAMES} (the
 * restores {@code grid}, {@code voxel}, {@code astar}, {@code jps}, {@code gridsearch},
 * {@code store}, {@code theta}, {@code flow}, {@code graph}, {@code graphastar}, {@code gridhpa},
 * {@code replan}; the readers {@code movingai-map}, {@code movingai-scen}, {@code voxel-map},
 * {@code voxel-scen}, {@code dimacs}; the queries {@code grid-query}, {@code grid-jps},
 * {@code grid-theta}, {@code grid-flow}, {@code voxel-query}; {@code grid-hpa} names
 * {@code gridhpa}) one after another on seeded mutants of their checked-in corpus and prints one
 * summary line per target:
 *
 * <pre>
 * target grid: 1234567 inputs in 600 s (2057/s), 0 failures, 23 distinct rejections
 * </pre>
 *
 * <p>Build and run from the repository root:
 *
 * <pre>
 * mvn -q -pl fuzz -am package -DskipTests
 * java -cp "fuzz/target/onepath-fuzz.jar:fuzz/target/lib/*" org.onepath.fuzz.FuzzMain --target all --seconds 600
 * </pre>
 *
 * <p>Arguments:
 * <dl>
 *   <dt>{@code --target NAME|all}</dt><dd>one target, or all of them in turn (required)</dd>
 *   <dt>{@code --seconds N}</dt><dd>run each target for N seconds</dd>
 *   <dt>{@code --inputs N}</dt><dd>run each target for N inputs (the seeds count); with
 *       {@code --seconds}, whichever comes first. One of the two is required.</dd>
 *   <dt>{@code --seed S}</dt><dd>seed of the mutations (default 1): the same seed, corpus and
 *       input count give the same inputs; pass a new one to explore elsewhere</dd>
 *   <dt>{@code --findings DIR}</dt><dd>where failing inputs go (default {@code findings}):
 *       {@code <target>-<hash>.bin} and a {@code .txt} with the outcome, stack trace and hex</dd>
 *   <dt>{@code --timeout-ms N}</dt><dd>per-input limit before an input counts as a hang
 *       (default 2000); a hang stops that target's run</dd>
 *   <dt>{@code --verbose}</dt><dd>after each summary, the count of each distinct rejection (the
 *       field the format exception names) with an example message, and each failure</dd>
 *   <dt>{@code --replay FILE...}</dt><dd>instead of fuzzing, run these inputs (findings) through
 *       the one target and print each outcome with its stack trace; writes nothing</dd>
 * </dl>
 *
 * <p>Exit status: 0 when no input failed, 1 when one did (an exception other than the target's
 * rejection, a broken check of the target, a hang or an OutOfMemoryError), 2 on bad arguments (with one
 * line naming the argument).
 */
public final class FuzzMain {
    private FuzzMain() {}

    /** Bad command line: the message names the argument. */
    static final class BadArgument extends Exception {
        private static final long serialVersionUID = 1L;

        BadArgument(String argument, String problem) {
            super("bad argument " + argument + ": " + problem);
        }
    }

    /** Parsed arguments. */
    record Options(
            List<String> targets,
            long seconds,
            long inputs,
            long seed,
            Path findings,
            long timeoutMillis,
            boolean verbose,
            List<Path> replay) {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; returns the exit status (0, 1 or 2). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = parse(args);
        } catch (BadArgument e) {
            err.println(e.getMessage());
            return 2;
        }
        if (o == null) {
            out.println(usage());
            return 0;
        }
        return o.replay().isEmpty() ? fuzz(o, out) : replay(o, out);
    }

    private static int fuzz(Options o, PrintStream out) {
        boolean failed = false;
        for (String name : o.targets()) {
            Target target = Targets.create(name);
            Fuzzer.Report report;
            try {
                Fuzzer fuzzer = new Fuzzer(target)
                        .seed(o.seed())
                        .findings(o.findings())
                        .inputLimit(Duration.ofMillis(o.timeoutMillis()));
                if (o.seconds() > 0) {
                    fuzzer.duration(Duration.ofSeconds(o.seconds()));
                }
                if (o.inputs() > 0) {
                    fuzzer.inputs(o.inputs());
                }
                report = fuzzer.run();
            } catch (RuntimeException | Error e) {
                target.close();
                throw e;
            }
            // A hung worker may still be inside the target: leave its memory alone.
            if (!report.hung()) {
                target.close();
            }
            out.println(report.summaryLine());
            if (o.verbose()) {
                String details = report.details();
                out.print(details.substring(details.indexOf('\n') + 1));
            } else {
                for (Fuzzer.Failure f : report.failures()) {
                    out.println("  FAILURE " + f.kind() + " at input #" + f.inputIndex() + ": " + f.description()
                            + (f.file() == null ? "" : " -> " + f.file()));
                }
            }
            out.flush();
            failed |= report.failureCount() > 0;
        }
        return failed ? 1 : 0;
    }

    private static int replay(Options o, PrintStream out) {
        boolean failed = false;
        boolean hung = false;
        Target target = Targets.create(o.targets().getFirst());
        try {
            for (Path file : o.replay()) {
                byte[] input;
                try {
                    input = Files.readAllBytes(file);
                } catch (IOException e) {
                    out.println("replay " + file + ": cannot read: " + e.getMessage());
                    failed = true;
                    continue;
                }
                Fuzzer.Report r = new Fuzzer(target)
                        .seeds(List.of(input))
                        .inputs(1)
                        .findings(null)
                        .inputLimit(Duration.ofMillis(o.timeoutMillis()))
                        .run();
                if (r.accepted() == 1) {
                    out.println("replay " + file + ": accepted");
                } else if (r.rejected() == 1) {
                    out.println("replay " + file + ": rejected: "
                            + r.rejectionExamples().values().iterator().next());
                } else {
                    failed = true;
                    for (Fuzzer.Failure f : r.failures()) {
                        out.println("replay " + file + ": FAILURE " + f.kind() + ", " + f.description());
                        out.print(f.stackTrace());
                    }
                }
                if (r.hung()) {
                    hung = true;
                    break;
                }
            }
        } finally {
            // A hung worker may still be inside the target: leave its memory alone.
            if (!hung) {
                target.close();
            }
        }
        return failed ? 1 : 0;
    }

    static String usage() {
        return "usage: FuzzMain --target NAME|all (--seconds N | --inputs N) [--seed S] [--findings DIR]"
                + " [--timeout-ms N] [--verbose]\n       FuzzMain --target NAME --replay FILE...\n"
                + "targets: " + String.join(", ", Targets.NAMES);
    }

    /** Null for {@code --help}. */
    static Options parse(String[] args) throws BadArgument {
        String target = null;
        long seconds = 0;
        long inputs = 0;
        long seed = 1;
        Path findings = Path.of("findings");
        long timeout = Fuzzer.DEFAULT_INPUT_LIMIT.toMillis();
        boolean verbose = false;
        List<Path> replay = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--help", "-h" -> {
                    return null;
                }
                case "--target" -> target = value(args, ++i, a);
                case "--seconds" -> seconds = positive(value(args, ++i, a), a);
                case "--inputs" -> inputs = positive(value(args, ++i, a), a);
                case "--seed" -> {
                    String v = value(args, ++i, a);
                    try {
                        seed = Long.decode(v);
                    } catch (NumberFormatException e) {
                        throw new BadArgument(a, "'" + v + "' is not a whole number");
                    }
                }
                case "--findings" -> findings = Path.of(value(args, ++i, a));
                case "--timeout-ms" -> timeout = positive(value(args, ++i, a), a);
                case "--verbose" -> verbose = true;
                case "--replay" -> {
                    while (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                        replay.add(Path.of(args[++i]));
                    }
                    if (replay.isEmpty()) {
                        throw new BadArgument(a, "expected one or more files");
                    }
                }
                default ->
                    throw new BadArgument(
                            a,
                            "unknown argument (" + usage().lines().findFirst().orElse("") + ")");
            }
        }
        if (target == null) {
            throw new BadArgument(
                    "--target", "missing; expected one of " + String.join(", ", Targets.NAMES) + " or all");
        }
        List<String> targets;
        if (target.equals("all")) {
            targets = Targets.NAMES;
        } else if (Targets.NAMES.contains(target) || Targets.ALIASES.containsKey(target)) {
            targets = List.of(Targets.ALIASES.getOrDefault(target, target));
        } else {
            throw new BadArgument(
                    "--target",
                    "unknown target '" + target + "'; expected one of " + String.join(", ", Targets.NAMES) + " or all");
        }
        if (!replay.isEmpty()) {
            if (targets.size() != 1) {
                throw new BadArgument("--target", "--replay needs one target, not all");
            }
        } else if (seconds == 0 && inputs == 0) {
            throw new BadArgument("--seconds", "missing; give --seconds N or --inputs N");
        }
        return new Options(targets, seconds, inputs, seed, findings, timeout, verbose, List.copyOf(replay));
    }

    private static String value(String[] args, int i, String argument) throws BadArgument {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new BadArgument(argument, "expected a value");
        }
        return args[i];
    }

    private static long positive(String v, String argument) throws BadArgument {
        try {
            long n = Long.parseLong(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadArgument(argument, "'" + v + "' is not a whole number >= 1");
    }
}
