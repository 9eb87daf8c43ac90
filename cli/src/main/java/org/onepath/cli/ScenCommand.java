package org.onepath.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code onepath scen}: run algorithms over Moving AI scenarios and check every cost. */
@Command(
        name = "scen",
        mixinStandardHelpOptions = true,
        description = {
            "Runs algorithms over Moving AI .scen and .3dscen files and compares each cost with the published optimum.",
            "A match is |cost - optimal| <= 1e-6 * optimal where the file prints the length with 8 decimal places, and "
                    + "within half a unit of the last printed digit where it prints fewer (0.005 for 2 places, plus 2e-9 * "
                    + "optimal for the published sums' own rounding); a length of 0 with start != goal must give no path.",
            "Voxel (.3dscen) problems run 26 moves without corner cutting: --alg astar as astar-3d, --alg jps (jump point "
                    + "search) as jps-3d, --alg hpa (the voxel chunk hierarchy, 3 face samples) as hpa-3d, several side by "
                    + "side over one loaded map; a match there is |cost - optimal| <= 1e-6 (for hpa-3d: a path not shorter "
                    + "than that). hpa-3d reads the hierarchy of a --store store baked with --hierarchy, else builds it as "
                    + "its preparation.",
            "Any-angle algorithms (theta, lazytheta) may beat the eight-connected optimum: their mismatch is a path longer "
                    + "than it (relative 1e-6) or a missing one, and a second table gives per map the mean and maximum of "
                    + "length / optimum.",
            "Suboptimal algorithms (hpa) may be longer than the optimum: their mismatch is a path shorter than it (beyond the "
                    + "tolerance above) or a missing one, and a table gives per map the mean and maximum percentage over the optimum "
                    + "and the bytes of the hierarchy; building it is the preprocessing time.",
            "Beside the mean time per query, the median, 99th percentile and slowest query: percentiles are nearest-rank "
                    + "(the p-th of n times is the ceil(p/100 * n)-th smallest), over the best pass's time of each query.",
            "Maps are found by base name beside each scenario file. Exit status 0 exactly when nothing mismatches."
        })
final class ScenCommand implements Callable<Integer> {
    private static final int SHOWN_MISMATCHES = 20;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--alg",
            paramLabel = "LIST",
            completionCandidates = Algorithms.Names.class,
            description = "Comma-separated algorithms (default: ${DEFAULT-VALUE}). Known: ${COMPLETION-CANDIDATES}.")
    String algorithms = "astar";

    @Option(names = "--chunk", paramLabel = "N", description = "Chunk side of hpa, 2..256 (default: ${DEFAULT-VALUE}).")
    int chunk = 16;

    @Option(
            names = "--smooth",
            paramLabel = "0|1",
            description = "Whether hpa smooths its paths (default: ${DEFAULT-VALUE}).")
    int smooth = 1;

    @Option(names = "--json", description = "Print one JSON object instead of tables.")
    boolean json;

    @Option(
            names = "--passes",
            paramLabel = "N",
            description = "Timed passes per map; the best is reported (default: ${DEFAULT-VALUE}).")
    int passes = 1;

    @Option(
            names = "--limit",
            paramLabel = "N",
            description = "At most N problems from each scenario file (default: all).")
    int limit;

    @Option(
            names = "--every",
            paramLabel = "N",
            description =
                    "Only every Nth problem of each scenario file: 1, 1+N, 1+2N, ... counted from --from (default: ${DEFAULT-VALUE}, all).")
    int every = 1;

    @Option(
            names = "--from",
            paramLabel = "N",
            description = {
                "Skip the first N problems of each scenario file (default: ${DEFAULT-VALUE}); "
                        + "with --limit a long set runs in pieces. Mismatches keep their numbers in the file."
            })
    int from;

    @Option(
            names = "--warmup",
            paramLabel = "N",
            description = "Untimed queries before the timed passes of each map (default: ${DEFAULT-VALUE}).")
    int warmup = ScenarioRun.DEFAULT_WARMUP;

    @Option(
            names = "--store",
            paramLabel = "STORE",
            description = {
                "Answer from baked stores instead of the maps: a store file, " + "or a folder of MAPNAME"
                        + Stores.EXTENSION + " files ('onepath bake --out-dir')."
            })
    Path store;

    @Option(
            names = "--plot",
            paramLabel = "FILE",
            description = {
                "Draw per algorithm the cumulative distribution of the query times (log time axis, median and 99th "
                        + "percentile marked) over every query of the run, as FILE.svg or FILE.png."
            })
    Path plot;

    @Option(
            names = "--plot-size",
            paramLabel = "WxH",
            description = "Pixel size of --plot (default: ${DEFAULT-VALUE}).")
    String plotSize = LatencyPlot.DEFAULT_WIDTH + "x" + LatencyPlot.DEFAULT_HEIGHT;

    @Parameters(
            paramLabel = "PATH",
            arity = "1..*",
            description = "A .scen or .3dscen file, or a folder searched recursively for them.")
    List<Path> paths;

    @Override
    public Integer call() {
        if (passes < 1) {
            throw new IllegalArgumentException("--passes must be at least 1, was " + passes);
        }
        ProblemSelection selection = new ProblemSelection(from, every, limit);
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup must be >= 0, was " + warmup);
        }
        if (store != null && !java.nio.file.Files.exists(store)) {
            throw new IllegalArgumentException(store + ": --store names no file or folder");
        }
        if (smooth != 0 && smooth != 1) {
            throw new IllegalArgumentException("--smooth must be 0 or 1, was " + smooth);
        }
        int[] size = LatencyPlot.parseSize(plotSize);
        // Before the run, so a mistyped plot name or folder costs no search time.
        LatencyPlot.Format plotFormat = plot == null ? null : LatencyPlot.checkTarget(plot);
        List<Algorithm> algs = Algorithms.parse(algorithms, chunk, smooth == 1);
        List<Path> files = ScenarioRun.scenarioFiles(paths);
        PrintStream progress = isTerminal() ? System.err : null;
        ScenarioRun.Report report = new ScenarioRun(
                        algs,
                        passes,
                        selection,
                        warmup,
                        progress,
                        store,
                        spec.commandLine().getErr())
                .run(files);
        if (plot != null) {
            // Written before anything is printed: a plot that cannot be written is the run's one
            // error line, not a report followed by one.
            plot(report, files.size(), size[0], size[1]).write(plot, plotFormat);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(toJson(report, plot));
        } else {
            printTable(out, report, files.size());
            if (plot != null) {
                out.printf(Locale.ROOT, "plot: %s (%d x %d pixels)%n", plot, size[0], size[1]);
            }
        }
        out.flush();
        return report.totalMismatches() == 0 ? 0 : OnePathCli.FAILED;
    }

    /** Each result's every query time as one curve, named as its table row. */
    static LatencyPlot plot(ScenarioRun.Report report, int files, int width, int height) {
        List<LatencyPlot.Series> series = report.results().stream()
                .map(r -> new LatencyPlot.Series(r.shownName(), r.queryTimes()))
                .toList();
        return new LatencyPlot(
                series, width, height, "time per query, cumulative, over " + files + " scenario file(s)");
    }

    private static boolean isTerminal() {
        java.io.Console console = System.console();
        return console != null && console.isTerminal();
    }

    static void printTable(PrintWriter out, ScenarioRun.Report report, int files) {
        out.printf(
                Locale.ROOT,
                "%d scenario file(s); map loading %.3f s (not in the times below)%n",
                files,
                report.loadSeconds());
        out.printf(
                Locale.ROOT,
                "%-16s %10s %10s %15s %11s %13s %12s %10s %10s %10s%n",
                "algorithm",
                "problems",
                "mismatches",
                "expanded",
                "search s",
                "preprocess s",
                "us/query",
                "median us",
                "p99 us",
                "max us");
        for (ScenarioRun.AlgorithmResult r : report.results()) {
            double perQuery = r.problems() == 0 ? 0 : r.searchSeconds() * 1e6 / r.problems();
            QueryTimes t = r.queryTimes();
            out.printf(
                    Locale.ROOT,
                    "%-16s %10d %10d %15d %11.3f %13.3f %12.2f %10s %10s %10s%n",
                    r.shownName(),
                    r.problems(),
                    r.mismatches(),
                    r.expanded(),
                    r.searchSeconds(),
                    r.preprocessSeconds(),
                    perQuery,
                    micros(t.medianSeconds()),
                    micros(t.p99Seconds()),
                    micros(t.maxSeconds()));
        }
        for (ScenarioRun.AlgorithmResult r : report.results()) {
            if (r.fallbacks() > 0) {
                out.printf(
                        Locale.ROOT,
                        "%s: %d of %d problems were answered by %s, not %s%n",
                        r.alg(),
                        r.fallbacks(),
                        r.problems(),
                        r.fallbackNames(),
                        r.alg());
            }
        }
        printRatios(out, report);
        printSuboptimality(out, report);
        List<ScenarioRun.Mismatch> mismatches = report.mismatches();
        for (int i = 0; i < Math.min(SHOWN_MISMATCHES, mismatches.size()); i++) {
            ScenarioRun.Mismatch m = mismatches.get(i);
            out.printf(
                    Locale.ROOT,
                    "mismatch: %s %s problem %d %s: expected %s, got %s%n",
                    m.alg(),
                    m.scenario(),
                    m.index() + 1,
                    m.ends(),
                    m.optimal(),
                    m.cost() == Double.POSITIVE_INFINITY ? "no path" : Double.toString(m.cost()));
        }
        if (mismatches.size() > SHOWN_MISMATCHES) {
            out.println("... and " + (mismatches.size() - SHOWN_MISMATCHES) + " more mismatches");
        }
    }

    /** Per map and in all, the any-angle lengths over the published optimum; nothing without an any-angle algorithm. */
    static void printRatios(PrintWriter out, ScenarioRun.Report report) {
        if (report.results().stream().noneMatch(ScenarioRun.AlgorithmResult::anyAngle)) {
            return;
        }
        out.println(
                "any-angle length / published octile optimum (mismatch: longer than the optimum, or no path where it has one):");
        out.printf(Locale.ROOT, "%-16s %-24s %8s %12s %12s%n", "algorithm", "map", "ratios", "mean ratio", "max ratio");
        for (ScenarioRun.AlgorithmResult r : report.results()) {
            if (!r.anyAngle()) {
                continue;
            }
            for (ScenarioRun.MapResult m : r.maps()) {
                out.printf(
                        Locale.ROOT,
                        "%-16s %-24s %8d %12.6f %12.6f%n",
                        r.alg(),
                        m.map(),
                        m.ratioCount(),
                        m.ratioMean(),
                        m.ratioMax());
            }
            out.printf(
                    Locale.ROOT,
                    "%-16s %-24s %8d %12.6f %12.6f%n",
                    r.alg(),
                    "(all)",
                    r.maps().stream()
                            .mapToInt(ScenarioRun.MapResult::ratioCount)
                            .sum(),
                    r.ratioMean(),
                    r.ratioMax());
        }
    }

    /** Per map and in all, the suboptimal lengths' percentage over the published optimum and the prepared bytes. */
    static void printSuboptimality(PrintWriter out, ScenarioRun.Report report) {
        if (report.results().stream().noneMatch(ScenarioRun.AlgorithmResult::suboptimal)) {
            return;
        }
        out.println(
                "suboptimal length over the published optimum, % (mismatch: shorter than the optimum, or no path where it has one):");
        out.printf(
                Locale.ROOT,
                "%-16s %-24s %8s %8s %10s %10s %10s %11s %12s%n",
                "algorithm",
                "map",
                "problems",
                "paths",
                "mean %",
                "p99 %",
                "max %",
                "build s",
                "memory KiB");
        for (ScenarioRun.AlgorithmResult r : report.results()) {
            if (!r.suboptimal()) {
                continue;
            }
            long bytes = 0;
            for (ScenarioRun.MapResult m : r.maps()) {
                out.printf(
                        Locale.ROOT,
                        "%-16s %-24s %8d %8d %10.3f %10.3f %10.3f %11.4f %12.1f%n",
                        r.alg(),
                        m.map(),
                        m.problems(),
                        m.ratioCount(),
                        percent(m.ratioMean()),
                        percent(m.ratios().percentile(99)),
                        percent(m.ratioMax()),
                        m.preprocessSeconds(),
                        m.preparedBytes() / 1024.0);
                bytes += m.preparedBytes();
            }
            out.printf(
                    Locale.ROOT,
                    "%-16s %-24s %8d %8d %10.3f %10.3f %10.3f %11.4f %12.1f%n",
                    r.alg(),
                    "(all)",
                    r.problems(),
                    r.maps().stream()
                            .mapToInt(ScenarioRun.MapResult::ratioCount)
                            .sum(),
                    percent(r.ratioMean()),
                    percent(r.ratioPercentile(99)),
                    percent(r.ratioMax()),
                    r.preprocessSeconds(),
                    bytes / 1024.0);
        }
    }

    /** Seconds as microseconds with two decimals, or "-" for a row without queries. */
    private static String micros(double seconds) {
        return Double.isNaN(seconds) ? "-" : String.format(Locale.ROOT, "%.2f", seconds * 1e6);
    }

    /** The latency fields of a result or a map: median, 99th percentile, slowest and fastest query. */
    private static void appendLatency(StringBuilder b, QueryTimes t) {
        b.append(",\"medianSeconds\":")
                .append(Json.number(t.medianSeconds()))
                .append(",\"p99Seconds\":")
                .append(Json.number(t.p99Seconds()))
                .append(",\"maxSeconds\":")
                .append(Json.number(t.maxSeconds()))
                .append(",\"minSeconds\":")
                .append(Json.number(t.minSeconds()));
    }

    private static double percent(double ratio) {
        return (ratio - 1) * 100;
    }

    /** The report as one JSON object; {@code plot} the plot file written, or null. */
    static String toJson(ScenarioRun.Report report, Path plot) {
        StringBuilder b = new StringBuilder("{\"results\":[");
        List<ScenarioRun.AlgorithmResult> results = report.results();
        for (int i = 0; i < results.size(); i++) {
            ScenarioRun.AlgorithmResult r = results.get(i);
            if (i > 0) {
                b.append(',');
            }
            b.append("{\"alg\":")
                    .append(Json.string(r.alg()))
                    .append(",\"problems\":")
                    .append(r.problems())
                    .append(",\"mismatches\":")
                    .append(r.mismatches())
                    .append(",\"expanded\":")
                    .append(r.expanded())
                    .append(",\"searchSeconds\":")
                    .append(Json.number(r.searchSeconds()));
            appendLatency(b, r.queryTimes());
            b.append(",\"preprocessSeconds\":")
                    .append(Json.number(r.preprocessSeconds()))
                    .append(",\"ran\":")
                    .append(Json.string(r.shownName()))
                    .append(",\"fallbacks\":")
                    .append(r.fallbacks());
            if (r.anyAngle()) {
                b.append(",\"anyAngle\":true,\"ratioMean\":")
                        .append(Json.number(r.ratioMean()))
                        .append(",\"ratioMax\":")
                        .append(Json.number(r.ratioMax()));
            }
            if (r.suboptimal()) {
                b.append(",\"suboptimal\":true,\"meanPercent\":")
                        .append(Json.number(percent(r.ratioMean())))
                        .append(",\"p99Percent\":")
                        .append(Json.number(percent(r.ratioPercentile(99))))
                        .append(",\"maxPercent\":")
                        .append(Json.number(percent(r.ratioMax())));
            }
            b.append(",\"maps\":[");
            for (int j = 0; j < r.maps().size(); j++) {
                ScenarioRun.MapResult m = r.maps().get(j);
                if (j > 0) {
                    b.append(',');
                }
                b.append("{\"map\":")
                        .append(Json.string(m.map()))
                        .append(",\"problems\":")
                        .append(m.problems())
                        .append(",\"mismatches\":")
                        .append(m.mismatches())
                        .append(",\"expanded\":")
                        .append(m.expanded())
                        .append(",\"searchSeconds\":")
                        .append(Json.number(m.searchSeconds()));
                appendLatency(b, m.queryTimes());
                if (r.anyAngle()) {
                    b.append(",\"ratioCount\":")
                            .append(m.ratioCount())
                            .append(",\"ratioMean\":")
                            .append(Json.number(m.ratioMean()))
                            .append(",\"ratioMax\":")
                            .append(Json.number(m.ratioMax()));
                }
                if (r.suboptimal()) {
                    b.append(",\"paths\":")
                            .append(m.ratioCount())
                            .append(",\"meanPercent\":")
                            .append(Json.number(percent(m.ratioMean())))
                            .append(",\"p99Percent\":")
                            .append(Json.number(percent(m.ratios().percentile(99))))
                            .append(",\"maxPercent\":")
                            .append(Json.number(percent(m.ratioMax())))
                            .append(",\"preprocessSeconds\":")
                            .append(Json.number(m.preprocessSeconds()))
                            .append(",\"preparedBytes\":")
                            .append(m.preparedBytes());
                }
                b.append('}');
            }
            b.append("]}");
        }
        b.append("],\"loadSeconds\":").append(Json.number(report.loadSeconds()));
        if (plot != null) {
            b.append(",\"plot\":").append(Json.string(plot.toString()));
        }
        b.append('}');
        return b.toString();
    }
}
