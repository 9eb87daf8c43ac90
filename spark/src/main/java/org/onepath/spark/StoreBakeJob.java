package org.onepath.spark;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.onepath.GoalBoundsSummary;
import org.onepath.Grid;
import org.onepath.grids.BakeMonitor;
import org.onepath.io.MovingAiMap;
import org.onepath.store.GridStore;

/**
 * Bakes many maps into a folder of stores, one task per map: each store holds what {@code
 * onepath bake MAP --out-dir DIR} writes (cells, clearance, block map, the JPS+ table where the
 * map's sides allow) and, with {@code bounds}, the goal bounds, baked on the task's cores
 * ({@code spark.task.cpus}). A task writes its store on local disk, copies it to the folder under
 * a temporary name and renames it, so a failed or retried task never leaves half a store.
 *
 * <pre>
 * java @spark/jdk25.args -cp ... org.onepath.spark.StoreBakeJob MAP_OR_FOLDER... --out-dir DIR
 *     [--bounds] [--master URL] [--force]
 * </pre>
 */
public final class StoreBakeJob {
    private StoreBakeJob() {}

    /**
     * One map baked.
     *
     * @param map        the map file
     * @param store      the store written
     * @param width      the map's width
     * @param height     the map's height
     * @param jumpPoints jump points with goal bounds, 0 without bounds
     * @param bytes      size of the store file
     * @param seconds    the task's time for this map
     */
    public record Baked(String map, String store, int width, int height, int jumpPoints, long bytes, double seconds)
            implements Serializable {}

    /**
     * Bakes every map the paths name ({@code .map} files, folders searched for them) into stores
     * named {@code MAPNAME.opstore} in {@code outDir}.
     *
     * @param spark  the session
     * @param maps   map files or folders, any Hadoop paths
     * @param outDir the folder of the stores, any Hadoop path; created when missing
     * @param bounds whether the stores hold goal bounds
     * @param force  whether to replace existing stores
     * @return a row per map, in the order of the paths
     * @throws IllegalArgumentException for a missing path, two maps of one name, an existing store
     *                                  without {@code force}, a bad map (named with its line)
     * @throws IOException              if a file cannot be read or written
     */
    public static List<Baked> run(SparkSession spark, List<String> maps, String outDir, boolean bounds, boolean force)
            throws IOException {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Configuration conf = sc.hadoopConfiguration();
        List<Path> files = HadoopFiles.files(conf, maps, n -> n.endsWith(".map"), ".map file");
        Path out = HadoopFiles.qualified(conf, outDir);
        FileSystem fs = HadoopFiles.fs(conf, out);
        Map<String, Path> byStore = new HashMap<>();
        List<String[]> work = new ArrayList<>();
        for (Path f : files) {
            String store = GridStore.fileNameFor(f.getName());
            Path earlier = byStore.put(store, f);
            if (earlier != null) {
                throw new IllegalArgumentException(f + ": has the store name " + store + " of " + earlier
                        + "; bake maps of one name into different folders");
            }
            Path target = new Path(out, store);
            if (!force && fs.exists(target)) {
                throw new IllegalArgumentException(target + ": exists; give --force to replace it");
            }
            work.add(new String[] {f.toString(), target.toString()});
        }
        fs.mkdirs(out);
        SerializableConfiguration wire = new SerializableConfiguration(conf);
        SparkJobs.TaskProgress progress = new SparkJobs.TaskProgress("stores", work.size(), System.err);
        spark.sparkContext().addSparkListener(progress);
        try {
            return sc.parallelize(work, Math.max(1, work.size()))
                    .map(w -> bakeOne(w[0], w[1], bounds, wire))
                    .collect();
        } catch (Exception e) {
            throw SparkJobs.taskFailure(e);
        } finally {
            spark.sparkContext().removeSparkListener(progress);
        }
    }

    /** A task: reads one map, bakes its store locally and commits it to the folder. */
    private static Baked bakeOne(String map, String store, boolean bounds, SerializableConfiguration wire)
            throws IOException {
        long t0 = System.nanoTime();
        Configuration conf = wire.value();
        Path mapPath = new Path(map);
        Path target = new Path(store);
        TaskContext task = TaskContext.get();
        MovingAiMap parsed = MovingAiMap.parse(map, HadoopFiles.read(conf, mapPath));
        java.nio.file.Path local = Files.createTempFile("onepath-", GridStore.EXTENSION);
        try (Grid grid = parsed.toGrid()) {
            int jumpPoints = 0;
            if (bounds) {
                if (grid.tables().jpsPlus() == null) {
                    throw new IllegalArgumentException(map + ": " + grid.width() + " x " + grid.height()
                            + " is too large for the JPS+ table the goal bounds are baked from");
                }
                int threads = task == null ? 1 : Math.max(1, task.cpus());
                GoalBoundsSummary s = grid.bakeGoalBounds(threads, new BakeMonitor() {
                    @Override
                    public void progress(long done, long total) {}

                    @Override
                    public boolean isCancelled() {
                        return task != null && task.isInterrupted();
                    }
                });
                jumpPoints = s.jumpPoints();
            }
            GridStore.bake(grid, mapPath.getName(), local);
            long bytes = Files.size(local);
            HadoopFiles.uploadCommitted(conf, local, target, "attempt-" + (task == null ? 0 : task.taskAttemptId()));
            return new Baked(
                    map, store, grid.width(), grid.height(), jumpPoints, bytes, (System.nanoTime() - t0) / 1e9);
        } finally {
            Files.deleteIfExists(local);
        }
    }

    /**
     * {@code MAP_OR_FOLDER... --out-dir DIR [--bounds] [--master URL] [--force]}: bakes every map
     * into a store, a task per map.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        SparkJobs.main("StoreBakeJob", () -> {
            JobArgs a =
                    new JobArgs("StoreBakeJob", args, Set.of("--out-dir", "--master"), Set.of("--bounds", "--force"));
            if (a.plain().isEmpty()) {
                throw new IllegalArgumentException(
                        "no map given; usage: MAP_OR_FOLDER... --out-dir DIR [--bounds] [--master URL] [--force]");
            }
            String outDir = a.required("--out-dir");
            try (SparkSession spark = SparkJobs.session("onepath stores", a.get("--master", null))) {
                List<Baked> baked = run(spark, a.plain(), outDir, a.has("--bounds"), a.has("--force"));
                long bytes = 0;
                for (Baked b : baked) {
                    bytes += b.bytes();
                    System.out.println(String.format(
                            Locale.ROOT,
                            "%s: %d x %d%s, %d bytes, %.1f s",
                            b.store(),
                            b.width(),
                            b.height(),
                            a.has("--bounds") ? ", goal bounds of " + b.jumpPoints() + " jump points" : "",
                            b.bytes(),
                            b.seconds()));
                }
                System.out.println(baked.size() + " stores, " + bytes + " bytes, in " + outDir);
            }
        });
    }
}
