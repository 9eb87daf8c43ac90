package org.onepath.spark;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.onepath.GoalBoundsSummary;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;
import org.onepath.grids.BakeMonitor;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;
import org.onepath.io.ScenarioRules;
import org.onepath.store.GridStore;

/**
 * Evaluates every problem of a set of Moving AI {@code .scen} files with tier-1 algorithms, a row
 * per problem and algorithm, grouped by map so each task reads one map or opens one store once.
 * A cost is checked by {@link ScenarioRules}, the rules {@code onepath scen} applies, so "a
 * mismatch" means the same in both; the totals per algorithm (problems, mismatches, expanded
 * nodes) are those {@code onepath scen} prints for the same files. The rows are written as Parquet
 * ({@link #SCHEMA}) and the totals are read back from what was written.
 *
 * <pre>
 * java @spark/jdk25.args -cp ... org.onepath.spark.ScenarioJob SCEN_OR_FOLDER... --out PARQUET
 *     [--alg JPS_PLUS,ASTAR,...] [--store FOLDER] [--master URL] [--force]
 * </pre>
 */
public final class ScenarioJob {
    private ScenarioJob() {}

    /** The algorithms the job runs: the tier-1 one-line queries. */
    public static final Set<GridAlgorithm> ALGORITHMS = java.util.Collections.unmodifiableSet(java.util.EnumSet.of(
            GridAlgorithm.ASTAR,
            GridAlgorithm.JPS,
            GridAlgorithm.JPS_PLUS,
            GridAlgorithm.JPS_PLUS_BOUNDED,
            GridAlgorithm.THETA_STAR,
            GridAlgorithm.LAZY_THETA_STAR));

    /**
     * The rows: {@code map} (file name), {@code scenario} (the file), {@code problem} (its number
     * in the file, from 0), {@code algorithm} (asked), {@code ran} (what answered: another one when
     * a bounded query fell back to JPS+), {@code cost} (null for no path), {@code optimum}
     * (published), {@code mismatch}, {@code expansions}, {@code nanos} (the query's wall time, one
     * pass after one warm-up query per map and algorithm).
     */
    public static final StructType SCHEMA = new StructType()
            .add("map", DataTypes.StringType, false)
            .add("scenario", DataTypes.StringType, false)
            .add("problem", DataTypes.IntegerType, false)
            .add("algorithm", DataTypes.StringType, false)
            .add("ran", DataTypes.StringType, false)
            .add("cost", DataTypes.DoubleType, true)
            .add("optimum", DataTypes.DoubleType, false)
            .add("mismatch", DataTypes.BooleanType, false)
            .add("expansions", DataTypes.LongType, false)
            .add("nanos", DataTypes.LongType, false);

    /**
     * The totals of one algorithm over every problem.
     *
     * @param algorithm     the algorithm asked for
     * @param problems      problems run
     * @param mismatches    problems whose cost does not match ({@link ScenarioRules})
     * @param expansions    expanded nodes, summed
     * @param searchSeconds query time, summed
     * @param fallbacks     problems another algorithm answered
     */
    public record Totals(
            String algorithm, long problems, long mismatches, long expansions, double searchSeconds, long fallbacks)
            implements Serializable {}

    /**
     * What a run produced.
     *
     * @param totals  per algorithm, in the order asked
     * @param maps    maps (tasks) evaluated
     * @param parquet where the rows are
     */
    public record Result(List<Totals> totals, int maps, String parquet) {}

    /**
     * Evaluates the problems.
     *
     * @param spark      the session
     * @param scenarios  {@code .scen} files or folders searched for them, any Hadoop paths
     * @param store      a folder of stores named after the maps ({@code onepath bake --out-dir},
     *                   {@link StoreBakeJob}) that answer instead of the maps beside the scenario
     *                   files; null for the maps
     * @param algorithms what to run, from {@link #ALGORITHMS}
     * @param parquet    where the rows go, any Hadoop path
     * @param force      whether to replace existing rows at {@code parquet}
     * @return the totals and where the rows are
     * @throws IllegalArgumentException for a missing or malformed file (named with its line), an
     *                                  algorithm the job does not run, existing rows without {@code
     *                                  force}, problems for another map size
     * @throws IOException              if a file cannot be read
     */
    public static Result run(
            SparkSession spark,
            List<String> scenarios,
            String store,
            List<GridAlgorithm> algorithms,
            String parquet,
            boolean force)
            throws IOException {
        if (algorithms.isEmpty()) {
            throw new IllegalArgumentException("no algorithm given; expected some of " + ALGORITHMS);
        }
        for (GridAlgorithm a : algorithms) {
            if (!ALGORITHMS.contains(a)) {
                throw new IllegalArgumentException(
                        "algorithm " + a + " is not run by this job; expected some of " + ALGORITHMS);
            }
        }
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Configuration conf = sc.hadoopConfiguration();
        Path out = HadoopFiles.qualified(conf, parquet);
        if (!force && HadoopFiles.fs(conf, out).exists(out)) {
            throw new IllegalArgumentException(parquet + ": exists; give --force to replace it");
        }
        String storeDir =
                store == null ? null : HadoopFiles.qualified(conf, store).toString();
        // Group the files by the map they are for: by the map beside them, or by name in a store.
        Map<String, List<String>> groups = new LinkedHashMap<>();
        Map<String, String> mapNames = new LinkedHashMap<>();
        for (Path scen : HadoopFiles.files(conf, scenarios, n -> n.endsWith(".scen"), ".scen file")) {
            List<MovingAiScenario> problems = parse(conf, scen);
            if (problems.isEmpty()) {
                continue;
            }
            String mapName = problems.getFirst().mapFileName();
            String key = storeDir == null
                    ? new Path(scen.getParent(), mapName).toString()
                    : new Path(storeDir, GridStore.fileNameFor(mapName)).toString();
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(scen.toString());
            mapNames.put(key, mapName);
        }
        List<String[]> tasks = new ArrayList<>();
        for (Map.Entry<String, List<String>> g : groups.entrySet()) {
            List<String> row = new ArrayList<>();
            row.add(g.getKey());
            row.add(mapNames.get(g.getKey()));
            row.addAll(g.getValue());
            tasks.add(row.toArray(String[]::new));
        }
        List<String> names = algorithms.stream().map(GridAlgorithm::name).toList();
        boolean fromStore = storeDir != null;
        SerializableConfiguration wire = new SerializableConfiguration(conf);
        SparkJobs.TaskProgress progress = new SparkJobs.TaskProgress("maps", tasks.size(), System.err);
        spark.sparkContext().addSparkListener(progress);
        try {
            JavaRDD<Row> rows =
                    sc.parallelize(tasks, Math.max(1, tasks.size())).flatMap(t -> evaluate(t, fromStore, names, wire));
            Dataset<Row> frame = spark.createDataFrame(rows, SCHEMA);
            frame.write()
                    .mode(force ? SaveMode.Overwrite : SaveMode.ErrorIfExists)
                    .parquet(out.toString());
        } catch (Exception e) {
            throw SparkJobs.taskFailure(e);
        } finally {
            spark.sparkContext().removeSparkListener(progress);
        }
        return new Result(totals(spark, out.toString(), names), tasks.size(), out.toString());
    }

    /** The totals of the rows written, per algorithm in the order asked. */
    static List<Totals> totals(SparkSession spark, String parquet, List<String> algorithms) {
        Dataset<Row> rows = spark.read().parquet(parquet);
        Map<String, Totals> byName = new LinkedHashMap<>();
        for (Row r : rows.groupBy("algorithm")
                .agg(
                        functions.count("*"),
                        functions.sum(
                                functions.when(functions.col("mismatch"), 1).otherwise(0)),
                        functions.sum("expansions"),
                        functions.sum("nanos"),
                        functions.sum(functions
                                .when(functions.col("ran").notEqual(functions.col("algorithm")), 1)
                                .otherwise(0)))
                .collectAsList()) {
            byName.put(
                    r.getString(0),
                    new Totals(
                            r.getString(0),
                            r.getLong(1),
                            r.getLong(2),
                            r.getLong(3),
                            r.getLong(4) / 1e9,
                            r.getLong(5)));
        }
        List<Totals> out = new ArrayList<>();
        for (String a : algorithms) {
            out.add(byName.getOrDefault(a, new Totals(a, 0, 0, 0, 0, 0)));
        }
        return out;
    }

    private static List<MovingAiScenario> parse(Configuration conf, Path scen) throws IOException {
        return MovingAiScenarios.parse(
                scen.toString(), new String(HadoopFiles.read(conf, scen), StandardCharsets.UTF_8));
    }

    /**
     * A task: one map (or store) and its scenario files; every problem by every algorithm.
     *
     * @param task the map's path (or its store's), the map's file name, then the scenario files
     */
    private static Iterator<Row> evaluate(
            String[] task, boolean fromStore, List<String> algorithms, SerializableConfiguration wire)
            throws IOException {
        Configuration conf = wire.value();
        Path source = new Path(task[0]);
        String mapName = task[1];
        List<Row> rows = new ArrayList<>();
        if (fromStore) {
            try (HadoopFiles.LocalCopy local = HadoopFiles.local(conf, source);
                    GridStore store = open(local, source, mapName)) {
                evaluate(store.grid(), true, task, algorithms, conf, rows);
            }
        } else {
            MovingAiMap map = MovingAiMap.parse(source.toString(), HadoopFiles.read(conf, source));
            try (Grid grid = map.toGrid()) {
                evaluate(grid, false, task, algorithms, conf, rows);
            }
        }
        return rows.iterator();
    }

    private static GridStore open(HadoopFiles.LocalCopy local, Path source, String mapName) throws IOException {
        GridStore store;
        try {
            store = GridStore.open(local.path());
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException(source + ": no such store; the scenarios need one for " + mapName);
        }
        if (!store.name().equals(mapName)) {
            store.close();
            throw new IllegalArgumentException(
                    source + ": holds map '" + store.name() + "', the scenarios need '" + mapName + "'");
        }
        return store;
    }

    private static void evaluate(
            Grid grid, boolean stored, String[] task, List<String> algorithms, Configuration conf, List<Row> rows)
            throws IOException {
        String mapName = task[1];
        List<List<MovingAiScenario>> files = new ArrayList<>();
        for (int f = 2; f < task.length; f++) {
            List<MovingAiScenario> problems = parse(conf, new Path(task[f]));
            checkSizes(task[f], problems, grid, mapName);
            files.add(problems);
        }
        for (String name : algorithms) {
            GridAlgorithm algorithm = GridAlgorithm.valueOf(name);
            GridOptions options =
                    GridOptions.DEFAULT.toBuilder().algorithm(algorithm).build();
            if (algorithm == GridAlgorithm.JPS_PLUS_BOUNDED
                    && !stored
                    && grid.tables().jpsPlus() != null) {
                // From a map the bounds are baked as preparation, as 'onepath scen' does.
                GoalBoundsSummary bounds = grid.goalBounds();
                if (bounds == null || !bounds.current()) {
                    TaskContext t = TaskContext.get();
                    grid.bakeGoalBounds(t == null ? 1 : Math.max(1, t.cpus()), BakeMonitor.NONE);
                }
            }
            warm(grid, options);
            ScenarioRules.Rule rule = ScenarioRules.ruleOf(algorithm);
            for (int f = 0; f < files.size(); f++) {
                List<MovingAiScenario> problems = files.get(f);
                for (int i = 0; i < problems.size(); i++) {
                    MovingAiScenario p = problems.get(i);
                    long t0 = System.nanoTime();
                    GridPath path =
                            grid.findPath(new Cell(p.startX(), p.startY()), new Cell(p.goalX(), p.goalY()), options);
                    long nanos = System.nanoTime() - t0;
                    boolean found = path.status() == PathStatus.FOUND;
                    double cost = found ? path.cost() : Double.POSITIVE_INFINITY;
                    GridAlgorithm ran = path.algorithm() == null ? algorithm : path.algorithm();
                    rows.add(RowFactory.create(
                            mapName,
                            task[f + 2],
                            i,
                            name,
                            ran.name(),
                            found ? cost : null,
                            p.optimalLength(),
                            !ScenarioRules.matches(p, cost, rule),
                            (long) path.expandedCount(),
                            nanos));
                }
            }
        }
    }

    /** One query from the first open cell to itself, so the grid builds the tables it keeps. */
    private static void warm(Grid grid, GridOptions options) {
        for (int i = 0; i < grid.cellCount(); i++) {
            int x = i % grid.width();
            int y = i / grid.width();
            if (grid.isWalkable(x, y)) {
                grid.findPath(new Cell(x, y), new Cell(x, y), options);
                return;
            }
        }
    }

    /** Refuses problems for another map size or map; numbers a problem as in the file, from 1. */
    private static void checkSizes(String scen, List<MovingAiScenario> problems, Grid grid, String mapName) {
        for (int i = 0; i < problems.size(); i++) {
            MovingAiScenario p = problems.get(i);
            if (p.mapWidth() != grid.width() || p.mapHeight() != grid.height()) {
                throw new IllegalArgumentException(scen + ": problem " + (i + 1) + " is for a " + p.mapWidth() + " x "
                        + p.mapHeight() + " map, but " + mapName + " is " + grid.width() + " x " + grid.height());
            }
            if (!p.mapFileName().equals(mapName)) {
                throw new IllegalArgumentException(scen + ": problem " + (i + 1) + " names map '" + p.map()
                        + "', problem 1 names '" + mapName + "'; expected one map per file");
            }
        }
    }

    /** Prints the totals as {@code onepath scen} prints its table. */
    static void print(PrintStream out, Result r) {
        out.printf(Locale.ROOT, "%d map(s); rows in %s%n", r.maps(), r.parquet());
        out.printf(
                Locale.ROOT,
                "%-16s %10s %10s %15s %11s %12s%n",
                "algorithm",
                "problems",
                "mismatches",
                "expanded",
                "search s",
                "us/query");
        for (Totals t : r.totals()) {
            out.printf(
                    Locale.ROOT,
                    "%-16s %10d %10d %15d %11.3f %12.2f%n",
                    t.algorithm(),
                    t.problems(),
                    t.mismatches(),
                    t.expansions(),
                    t.searchSeconds(),
                    t.problems() == 0 ? 0 : t.searchSeconds() * 1e6 / t.problems());
        }
        for (Totals t : r.totals()) {
            if (t.fallbacks() > 0) {
                out.printf(
                        Locale.ROOT,
                        "%s: %d of %d problems were answered by another algorithm%n",
                        t.algorithm(),
                        t.fallbacks(),
                        t.problems());
            }
        }
    }

    /**
     * {@code SCEN_OR_FOLDER... --out PARQUET [--alg A,B] [--store FOLDER] [--master URL]
     * [--force]}: evaluates the problems and prints the totals; exits 1 when a cost mismatched.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        SparkJobs.main("ScenarioJob", () -> {
            JobArgs a = new JobArgs(
                    "ScenarioJob", args, Set.of("--out", "--alg", "--store", "--master"), Set.of("--force"));
            if (a.plain().isEmpty()) {
                throw new IllegalArgumentException("no scenario file given; usage: SCEN_OR_FOLDER... --out PARQUET"
                        + " [--alg JPS_PLUS,...] [--store FOLDER] [--master URL] [--force]");
            }
            List<GridAlgorithm> algorithms = new ArrayList<>();
            for (String raw : a.get("--alg", "JPS_PLUS").split(",")) {
                String name = raw.strip().toUpperCase(Locale.ROOT).replace('-', '_');
                try {
                    algorithms.add(GridAlgorithm.valueOf(name));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "--alg: unknown algorithm '" + raw.strip() + "'; expected some of " + ALGORITHMS);
                }
            }
            for (GridAlgorithm g : algorithms) {
                if (!ALGORITHMS.contains(g)) {
                    throw new IllegalArgumentException(
                            "--alg: algorithm " + g + " is not run by this job; expected some of " + ALGORITHMS);
                }
            }
            Result r;
            try (SparkSession spark = SparkJobs.session("onepath scenarios", a.get("--master", null))) {
                r = run(spark, a.plain(), a.get("--store", null), algorithms, a.required("--out"), a.has("--force"));
                print(System.out, r);
            }
            if (r.totals().stream().anyMatch(t -> t.mismatches() > 0)) {
                throw new IllegalStateException("costs mismatched the published optima; the rows say which");
            }
        });
    }
}
