package org.onepath.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.onepath.Grid;
import org.onepath.VoxelAlgorithm;
import org.onepath.cells.GridFormatException;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;
import org.onepath.io.ScenarioRules;
import org.onepath.io.VoxelScenario;
import org.onepath.io.VoxelScenarios;
import org.onepath.store.GridStore;

/**
 * Runs algorithms over Moving AI scenario files and compares every cost with the published
 * optimum. Map loading and each algorithm's preparation are timed apart from the searches.
 */
final class ScenarioRun {
    /** Untimed queries run before each timed pass, so the searches run compiled code. */
    static final int DEFAULT_WARMUP = 40;

    /**
     * Results of one algorithm on one scenario file. {@code searchSeconds} is the fastest timed
     * pass and {@code queryTimes} that pass's time of each query ({@link QueryTimes.BestPass}).
     * For an any-angle or suboptimal algorithm, {@code ratios} holds {@code cost / optimum} of
     * each problem with a positive optimum and a path; otherwise it is empty. {@code fallbacks}
     * problems were answered by another
     * algorithm than the one asked for, {@code fallback} (its {@code --alg} name; null when none
     * fell back).
     */
    record MapResult(
            String map,
            int problems,
            int mismatches,
            long expanded,
            double searchSeconds,
            QueryTimes queryTimes,
            double preprocessSeconds,
            Ratios ratios,
            long preparedBytes,
            int fallbacks,
            String fallback) {
        /** A result without ratios, prepared bytes or fallbacks. */
        MapResult(
                String map,
                int problems,
                int mismatches,
                long expanded,
                double searchSeconds,
                QueryTimes queryTimes,
                double preprocessSeconds) {
            this(
                    map,
                    problems,
                    mismatches,
                    expanded,
                    searchSeconds,
                    queryTimes,
                    preprocessSeconds,
                    Ratios.NONE,
                    0,
                    0,
                    null);
        }

        /** Problems with a positive optimum and a path, whose cost / optimum the ratios hold. */
        int ratioCount() {
            return ratios.count();
        }

        /** Mean of cost / optimum, NaN without ratios. */
        double ratioMean() {
            return ratios.mean();
        }

        /** Largest cost / optimum, NaN without ratios. */
        double ratioMax() {
            return ratios.max();
        }
    }

    /**
     * Results of one algorithm over every scenario file; {@code queryTimes} holds the times of
     * every map's queries together (merged once here, as the table, the JSON and the plot read
     * them).
     */
    record AlgorithmResult(
            String alg, List<MapResult> maps, boolean anyAngle, boolean suboptimal, QueryTimes queryTimes) {
        AlgorithmResult(String alg, List<MapResult> maps, boolean anyAngle, boolean suboptimal) {
            this(
                    alg,
                    maps,
                    anyAngle,
                    suboptimal,
                    QueryTimes.merge(maps.stream().map(MapResult::queryTimes).toList()));
        }

        AlgorithmResult(String alg, List<MapResult> maps) {
            this(alg, maps, false, false);
        }

        /** Mean of cost / optimum over every map's problems, NaN without ratios. */
        double ratioMean() {
            int n = maps.stream().mapToInt(MapResult::ratioCount).sum();
            return n == 0
                    ? Double.NaN
                    : maps.stream().mapToDouble(m -> m.ratios().sum()).sum() / n;
        }

        /** The nearest-rank percentile of cost / optimum over every map's problems, NaN without ratios. */
        double ratioPercentile(int percent) {
            return Ratios.merge(maps.stream().map(MapResult::ratios).toList()).percentile(percent);
        }

        /** Largest cost / optimum over every map, NaN without ratios. */
        double ratioMax() {
            return maps.stream()
                    .filter(m -> m.ratioCount() > 0)
                    .mapToDouble(MapResult::ratioMax)
                    .max()
                    .orElse(Double.NaN);
        }

        int problems() {
            return maps.stream().mapToInt(MapResult::problems).sum();
        }

        int mismatches() {
            return maps.stream().mapToInt(MapResult::mismatches).sum();
        }

        long expanded() {
            return maps.stream().mapToLong(MapResult::expanded).sum();
        }

        double searchSeconds() {
            return maps.stream().mapToDouble(MapResult::searchSeconds).sum();
        }

        double preprocessSeconds() {
            return maps.stream().mapToDouble(MapResult::preprocessSeconds).sum();
        }

        /** Problems another algorithm answered (a fallback), over every map. */
        int fallbacks() {
            return maps.stream().mapToInt(MapResult::fallbacks).sum();
        }

        /** The algorithms that answered instead, by name, or empty when none did. */
        String fallbackNames() {
            return String.join(
                    ",",
                    maps.stream()
                            .map(MapResult::fallback)
                            .filter(java.util.Objects::nonNull)
                            .distinct()
                            .toList());
        }

        /**
         * The name a report shows: the algorithm asked for when it answered every problem, else
         * what answered ({@code jpsplus for jpsplus-bounded}), so a fallback never passes for it.
         */
        String shownName() {
            int f = fallbacks();
            if (f == 0) {
                return alg;
            }
            if (f == problems()) {
                return fallbackNames() + " for " + alg;
            }
            return alg + " (" + f + " by " + fallbackNames() + ")";
        }
    }

    /**
     * A problem whose cost did not match.
     *
     * @param ends the start and goal as text, e.g. {@code (1,2)->(3,4)}
     */
    record Mismatch(String alg, String scenario, int index, String ends, double optimal, double cost) {}

    /** Everything a run produced. */
    record Report(List<AlgorithmResult> results, List<Mismatch> mismatches, double loadSeconds) {
        int totalMismatches() {
            return results.stream().mapToInt(AlgorithmResult::mismatches).sum();
        }
    }

    private final List<Algorithm> algorithms;
    private final int passes;
    private final ProblemSelection selection;
    private final int warmup;
    private final PrintStream progress;
    private final Path store;
    private final PrintWriter notes;
    private final java.util.Set<Path> warnedStores = new java.util.HashSet<>();

    /**
     * @param passes    timed passes per map and algorithm; the best is kept, with its time of
     *                  each query
     * @param selection which problems of each scenario file run; mismatches keep their numbers
     *                  in the file
     * @param warmup    untimed queries before the timed passes
     * @param progress  where progress lines go, or null
     * @param store     a store file, or a folder of them named after the maps, that answers the
     *                  scenarios instead of the maps beside them; null for the maps
     */
    ScenarioRun(
            List<Algorithm> algorithms,
            int passes,
            ProblemSelection selection,
            int warmup,
            PrintStream progress,
            Path store) {
        this(algorithms, passes, selection, warmup, progress, store, new PrintWriter(System.err, true));
    }

    /**
     * As the constructor above, with {@code notes} where a note about the run goes once (a store
     * without the goal bounds an algorithm asked for): the command's error stream.
     */
    ScenarioRun(
            List<Algorithm> algorithms,
            int passes,
            ProblemSelection selection,
            int warmup,
            PrintStream progress,
            Path store,
            PrintWriter notes) {
        this.notes = notes;
        this.selection = selection;
        this.algorithms = algorithms;
        this.passes = passes;
        this.warmup = warmup;
        this.progress = progress;
        this.store = store;
    }

    /**
     * The scenario files named by the paths: a file as given, a folder searched recursively
     * for {@code *.scen} and {@code *.3dscen}, sorted by path.
     *
     * @throws IllegalArgumentException for a path that does not exist or a folder without scenarios
     */
    static List<Path> scenarioFiles(List<Path> paths) {
        List<Path> out = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> walk = Files.walk(p)) {
                    List<Path> found = walk.filter(f -> Files.isRegularFile(f)
                                    && (f.getFileName().toString().endsWith(".scen")
                                            || VoxelScenarioRun.isVoxelScenario(f)))
                            .sorted()
                            .toList();
                    if (found.isEmpty()) {
                        throw new IllegalArgumentException(p + ": folder holds no .scen or .3dscen file");
                    }
                    out.addAll(found);
                } catch (IOException e) {
                    throw new UncheckedIOException(p + ": cannot list folder: " + e.getMessage(), e);
                }
            } else if (Files.isRegularFile(p)) {
                out.add(p);
            } else {
                throw new IllegalArgumentException(p + ": no such file or folder");
            }
        }
        return out;
    }

    Report run(List<Path> scenarioFiles) {
        List<List<MapResult>> perAlg = new ArrayList<>();
        for (int a = 0; a < algorithms.size(); a++) {
            perAlg.add(new ArrayList<>());
        }
        List<Mismatch> mismatches = new ArrayList<>();
        // A row per requested algorithm when square-grid files were given, even without problems;
        // the voxel row when voxel files were.
        boolean anyGridFile = scenarioFiles.stream().anyMatch(f -> !VoxelScenarioRun.isVoxelScenario(f));
        boolean anyVoxelFile = scenarioFiles.stream().anyMatch(VoxelScenarioRun::isVoxelScenario);
        List<VoxelAlgorithm> voxelSearches =
                anyVoxelFile ? VoxelScenarioRun.searchesFor(algorithms, scenarioFiles) : List.of();
        VoxelScenarioRun voxels = new VoxelScenarioRun(passes, selection, warmup, store, voxelSearches, notes);
        List<List<MapResult>> voxelResults = new ArrayList<>();
        for (int v = 0; v < voxelSearches.size(); v++) {
            voxelResults.add(new ArrayList<>());
        }
        double loadSeconds = 0;
        int fileIndex = 0;
        Kept kept = new Kept(selection);
        for (Path scen : scenarioFiles) {
            fileIndex++;
            if (VoxelScenarioRun.isVoxelScenario(scen)) {
                if (progress != null) {
                    progress.print("\r[" + fileIndex + "/" + scenarioFiles.size() + "] " + scen.getFileName() + " "
                            + voxelSearches.stream()
                                    .map(VoxelScenarioRun::rowName)
                                    .collect(java.util.stream.Collectors.joining(","))
                            + "          ");
                    progress.flush();
                }
                List<VoxelScenario> problems = kept.of(VoxelScenarios.read(scen));
                if (problems.isEmpty()) {
                    continue;
                }
                VoxelScenarioRun.FileResult r = voxels.run(scen, problems, mismatches);
                for (int v = 0; v < voxelSearches.size(); v++) {
                    voxelResults.get(v).add(r.results().get(v));
                }
                loadSeconds += r.loadSeconds();
                continue;
            }
            List<MovingAiScenario> problems = kept.of(MovingAiScenarios.read(scen));
            if (problems.isEmpty()) {
                continue;
            }
            long t0 = System.nanoTime();
            String mapName = problems.getFirst().mapFileName();
            Grid grid;
            Runnable close;
            GridStore fromStore = null;
            if (store == null) {
                MovingAiMap map = MovingAiMap.read(mapBeside(scen, problems.getFirst()));
                checkSizes(scen, problems, selection, map.width(), map.height(), map.source());
                grid = map.toGrid();
                close = grid::close;
            } else {
                GridStore opened = Stores.openGrid(store, mapName);
                grid = opened.grid();
                close = opened::close;
                fromStore = opened;
                try {
                    checkSizes(
                            scen,
                            problems,
                            selection,
                            grid.width(),
                            grid.height(),
                            opened.path().toString());
                } catch (RuntimeException e) {
                    opened.close();
                    throw e;
                }
            }
            try {
                loadSeconds += (System.nanoTime() - t0) / 1e9;
                for (int a = 0; a < algorithms.size(); a++) {
                    Algorithm alg = algorithms.get(a);
                    if (progress != null) {
                        progress.print("\r[" + fileIndex + "/" + scenarioFiles.size() + "] " + mapName + " "
                                + alg.name() + "          ");
                        progress.flush();
                    }
                    if (fromStore != null && alg.usesGoalBounds() && grid.goalBounds() == null) {
                        noteNoBounds(fromStore.path(), alg);
                    }
                    if (fromStore == null) {
                        perAlg.get(a).add(runOne(alg, grid, false, mapName, scen, problems, mismatches));
                    } else {
                        // Through the store's query entry point, so a file truncated or rewritten
                        // under the run is one line naming it (docs/reliability.md).
                        GridStore s = fromStore;
                        perAlg.get(a)
                                .add(Stores.guarded(
                                        s.path(),
                                        () -> s.query(g -> runOne(alg, g, true, mapName, scen, problems, mismatches))));
                    }
                }
            } finally {
                close.run();
            }
        }
        if (progress != null) {
            progress.print("\r" + " ".repeat(60) + "\r");
            progress.flush();
        }
        kept.checkAnyKept();
        List<AlgorithmResult> results = new ArrayList<>();
        for (int a = 0; a < algorithms.size(); a++) {
            if (anyGridFile) {
                results.add(new AlgorithmResult(
                        algorithms.get(a).name(),
                        perAlg.get(a),
                        algorithms.get(a).anyAngle(),
                        algorithms.get(a).suboptimal()));
            }
        }
        for (int v = 0; v < voxelSearches.size(); v++) {
            results.add(new AlgorithmResult(
                    VoxelScenarioRun.rowName(voxelSearches.get(v)),
                    voxelResults.get(v),
                    false,
                    voxelSearches.get(v) == VoxelAlgorithm.HPA));
        }
        return new Report(results, mismatches, loadSeconds);
    }

    /** Says once per store file that it holds no goal bounds, so the bounded search cannot run on it. */
    private void noteNoBounds(Path file, Algorithm alg) {
        if (warnedStores.add(file.toAbsolutePath().normalize())) {
            notes.println(file + ": holds no goal bounds (section 7); " + alg.name() + " runs "
                    + Algorithms.nameOf(org.onepath.GridAlgorithm.JPS_PLUS) + " on it and the report says so"
                    + " (bake the store with 'onepath bake MAP --bounds')");
            notes.flush();
        }
    }

    /** The problems a run keeps of each file, remembering whether any file kept one. */
    private static final class Kept {
        private final ProblemSelection selection;
        private int largestFile;
        private boolean any;

        Kept(ProblemSelection selection) {
            this.selection = selection;
        }

        <T> List<T> of(List<T> all) {
            largestFile = Math.max(largestFile, all.size());
            List<T> kept = selection.select(all);
            any |= !kept.isEmpty();
            return kept;
        }

        /** Refuses a run that had problems and kept none: it would check nothing and pass. */
        void checkAnyKept() {
            if (!any && largestFile > 0) {
                // Only --from can skip everything: every >= 1 and a limit >= 1 keep problem 'from'.
                throw new IllegalArgumentException(
                        "--from " + selection.from() + " is past the last problem of every scenario file "
                                + "(the largest holds " + largestFile + "); expected below " + largestFile);
            }
        }
    }

    private MapResult runOne(
            Algorithm alg,
            Grid grid,
            boolean stored,
            String mapName,
            Path scen,
            List<MovingAiScenario> problems,
            List<Mismatch> mismatches) {
        long p0 = System.nanoTime();
        try (Algorithm.Solver solver = stored ? alg.prepareStored(grid) : alg.prepare(grid)) {
            double preprocess = (System.nanoTime() - p0) / 1e9;
            int n = problems.size();
            for (int i = 0; i < Math.min(warmup, n); i++) {
                MovingAiScenario p = problems.get(i);
                solver.solve(p.startX(), p.startY(), p.goalX(), p.goalY());
            }
            double[] costs = new double[n];
            long[] expanded = new long[n];
            org.onepath.GridAlgorithm[] ran = new org.onepath.GridAlgorithm[n];
            QueryTimes.BestPass times = new QueryTimes.BestPass(n);
            for (int pass = 0; pass < passes; pass++) {
                // One clock read per query: each query's time runs from the previous read to its
                // own, so the times add up to the pass exactly as one read before and one after
                // it would measure, and recording one is a store into a preallocated array.
                long[] nanos = times.pass();
                long before = System.nanoTime();
                for (int i = 0; i < n; i++) {
                    MovingAiScenario p = problems.get(i);
                    costs[i] = solver.solve(p.startX(), p.startY(), p.goalX(), p.goalY());
                    expanded[i] = solver.lastExpanded();
                    ran[i] = solver.lastAlgorithm();
                    long after = System.nanoTime();
                    nanos[i] = after - before;
                    before = after;
                }
                times.endPass();
            }
            int bad = 0;
            long totalExpanded = 0;
            boolean anyAngle = alg.anyAngle();
            boolean suboptimal = alg.suboptimal();
            ScenarioRules.Rule rule = alg.rule();
            double[] ratios = new double[n];
            int ratioCount = 0;
            int fallbacks = 0;
            String fallback = null;
            for (int i = 0; i < n; i++) {
                if (ran[i] != null && ran[i] != alg.reported()) {
                    fallbacks++;
                    fallback = fallback == null ? Algorithms.nameOf(ran[i]) : fallback;
                }
            }
            for (int i = 0; i < n; i++) {
                totalExpanded += expanded[i];
                double optimal = problems.get(i).optimalLength();
                if ((anyAngle || suboptimal) && optimal > 0 && costs[i] < Double.POSITIVE_INFINITY) {
                    ratios[ratioCount++] = costs[i] / optimal;
                }
                boolean ok = ScenarioRules.matches(problems.get(i), costs[i], rule);
                if (!ok) {
                    bad++;
                    MovingAiScenario p = problems.get(i);
                    String ends = "(" + p.startX() + "," + p.startY() + ")->(" + p.goalX() + "," + p.goalY() + ")";
                    mismatches.add(new Mismatch(
                            alg.name(), scen.toString(), selection.numberInFile(i), ends, p.optimalLength(), costs[i]));
                }
            }
            return new MapResult(
                    mapName,
                    n,
                    bad,
                    totalExpanded,
                    times.bestSeconds(),
                    times.bestTimes(),
                    preprocess,
                    Ratios.of(ratios, ratioCount),
                    solver.preparedBytes(),
                    fallbacks,
                    fallback);
        }
    }

    private static Path mapBeside(Path scen, MovingAiScenario first) {
        Path dir = scen.toAbsolutePath().getParent();
        Path map = dir.resolve(first.mapFileName());
        if (!Files.isRegularFile(map)) {
            throw new IllegalArgumentException(scen + ": map '" + first.mapFileName()
                    + "' not found beside the scenario file (looked for " + map + ")");
        }
        return map;
    }

    /** Refuses problems for another map size or map; the message numbers a problem as in the file (from 1). */
    private static void checkSizes(
            Path scen,
            List<MovingAiScenario> problems,
            ProblemSelection selection,
            int width,
            int height,
            String source) {
        for (int i = 0; i < problems.size(); i++) {
            MovingAiScenario p = problems.get(i);
            int number = selection.numberInFile(i) + 1;
            if (p.mapWidth() != width || p.mapHeight() != height) {
                throw new GridFormatException(
                        scen.toString(),
                        0,
                        "problem " + number + " is for a " + p.mapWidth() + " x " + p.mapHeight() + " map, but "
                                + source + " is " + width + " x " + height);
            }
            if (!p.mapFileName().equals(problems.getFirst().mapFileName())) {
                throw new GridFormatException(
                        scen.toString(),
                        0,
                        "problem " + number + " names map '" + p.map()
                                + "', problem " + (selection.numberInFile(0) + 1) + " names '"
                                + problems.getFirst().map()
                                + "'; expected one map per file");
            }
        }
    }
}
