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
import org.onepath.VoxelGrid;
import org.onepath.grids.BakeMonitor;
import org.onepath.io.MovingAiMap;
import org.onepath.io.VoxelMap;
import org.onepath.store.GridStore;
import org.onepath.store.HierarchyOptions;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;
import org.onepath.store.StoreProgress;
import org.onepath.store.VoxelWorldStore;

/**
 * Bakes many maps into a folder of stores, one task per map: each store holds what {@code
 * onepath bake MAP --out-dir DIR} writes, byte for byte. A grid map ({@code .map}) gives a grid
 * store (cells, clearance, block map, the JPS+ table where the map's sides allow) and, with
 * {@code bounds}, the goal bounds, baked on the task's cores ({@code spark.task.cpus}); a voxel
 * world ({@code .3dmap}) gives a world store and, with {@code hierarchy}, its voxel chunk
 * hierarchy for {@link HierarchyOptions#DEFAULT}. Each option applies to the maps of its kind, so
 * a folder may mix both. A task writes its store on local disk, copies it to the folder under a
 * temporary name and renames it, so a failed or retried task never leaves half a store.
 *
 * <pre>
 * java @spark/jdk25.args -cp ... org.onepath.spark.StoreBakeJob MAP_OR_FOLDER... --out-dir DIR
 *     [--bounds] [--hierarchy] [--master URL] [--force]
 * </pre>
 */
public final class StoreBakeJob {
    private StoreBakeJob() {}

    /**
     * One map baked.
     *
     * @param map            the map file
     * @param store          the store written
     * @param world          whether it is a voxel world store (else a grid store)
     * @param width          the map's width (a world's size along x)
     * @param height         the map's height (a world's size along y)
     * @param depth          a world's size along z, 1 for a grid
     * @param jumpPoints     jump points with goal bounds, 0 without bounds
     * @param hierarchyBytes the bytes of a world's voxel hierarchy section, 0 without one
     * @param bytes          size of the store file
     * @param seconds        the task's time for this map
     */
    public record Baked(
            String map,
            String store,
            boolean world,
            int width,
            int height,
            int depth,
            int jumpPoints,
            long hierarchyBytes,
            long bytes,
            double seconds)
            implements Serializable {}

    /**
     * {@link #run(SparkSession, List, String, boolean, boolean, boolean)} without voxel hierarchies.
     *
     * @param spark  the session
     * @param maps   map files or folders, any Hadoop paths
     * @param outDir the folder of the stores, any Hadoop path; created when missing
     * @param bounds whether the grid stores hold goal bounds
     * @param force  whether to replace existing stores
     * @return a row per map, in the order of the paths
     * @throws IllegalArgumentException for a missing path, two maps of one name, an existing store
     *                                  without {@code force}, a bad map (named with its line)
     * @throws IOException              if a file cannot be read or written
     */
    public static List<Baked> run(SparkSession spark, List<String> maps, String outDir, boolean bounds, boolean force)
            throws IOException {
        return run(spark, maps, outDir, bounds, false, force);
    }

    /**
     * Bakes every map the paths name ({@code .map} and {@code .3dmap} files, folders searched for
     * them) into stores named {@code MAPNAME.opstore} in {@code outDir}.
     *
     * @param spark     the session
     * @param maps      map files or folders, any Hadoop paths
     * @param outDir    the folder of the stores, any Hadoop path; created when missing
     * @param bounds    whether the grid stores hold goal bounds
     * @param hierarchy whether the world stores hold the voxel hierarchy
     * @param force     whether to replace existing stores
     * @return a row per map, in the order of the paths
     * @throws IllegalArgumentException for a missing path, two maps of one name, an existing store
     *                                  without {@code force}, a bad map (named with its line)
     * @throws IOException              if a file cannot be read or written
     */
    public static List<Baked> run(
            SparkSession spark, List<String> maps, String outDir, boolean bounds, boolean hierarchy, boolean force)
            throws IOException {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Configuration conf = sc.hadoopConfiguration();
        List<Path> files = HadoopFiles.files(conf, maps, n -> n.endsWith(".map") || isWorld(n), ".map or .3dmap file");
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
                    .map(w ->
                            isWorld(w[0]) ? bakeWorld(w[0], w[1], hierarchy, wire) : bakeOne(w[0], w[1], bounds, wire))
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
                GoalBoundsSummary s = grid.bakeGoalBounds(threads, stoppedWith(task));
                jumpPoints = s.jumpPoints();
            }
            GridStore.bake(grid, mapPath.getName(), local);
            long bytes = Files.size(local);
            HadoopFiles.uploadCommitted(conf, local, target, "attempt-" + (task == null ? 0 : task.taskAttemptId()));
            return new Baked(
                    map,
                    store,
                    false,
                    grid.width(),
                    grid.height(),
                    1,
                    jumpPoints,
                    0,
                    bytes,
                    (System.nanoTime() - t0) / 1e9);
        } finally {
            Files.deleteIfExists(local);
        }
    }

    /** A bake's monitor that hears no progress and cancels the bake when the task is killed. */
    private static BakeMonitor stoppedWith(TaskContext task) {
        return new BakeMonitor() {
            @Override
            public void progress(long done, long total) {}

            @Override
            public boolean isCancelled() {
                return task != null && task.isInterrupted();
            }
        };
    }

    /** Whether a file name is a voxel world's ({@code .3dmap}), as {@code onepath bake} tells them. */
    static boolean isWorld(String name) {
        return name.toLowerCase(Locale.ROOT).endsWith(".3dmap");
    }

    /**
     * A task: reads one voxel world, writes its store locally (with the hierarchy, built on the
     * task's thread and stopped when the task is killed) and commits it to the folder.
     */
    private static Baked bakeWorld(String map, String store, boolean hierarchy, SerializableConfiguration wire)
            throws IOException {
        long t0 = System.nanoTime();
        Configuration conf = wire.value();
        Path mapPath = new Path(map);
        Path target = new Path(store);
        TaskContext task = TaskContext.get();
        VoxelMap parsed = VoxelMap.parse(map, HadoopFiles.read(conf, mapPath));
        java.nio.file.Path local = Files.createTempFile("onepath-", GridStore.EXTENSION);
        try (VoxelGrid world = parsed.toGrid()) {
            long hierarchyBytes = 0;
            if (hierarchy) {
                VoxelWorldStore.write(
                        world,
                        mapPath.getName(),
                        local,
                        StoreProgress.NONE,
                        HierarchyOptions.DEFAULT,
                        stoppedWith(task));
                try (StoreFile f = StoreFile.open(local)) {
                    hierarchyBytes =
                            f.section(StoreLayout.SECTION_VOXEL_HIERARCHY).length();
                }
            } else {
                VoxelWorldStore.write(world, mapPath.getName(), local);
            }
            long bytes = Files.size(local);
            HadoopFiles.uploadCommitted(conf, local, target, "attempt-" + (task == null ? 0 : task.taskAttemptId()));
            return new Baked(
                    map,
                    store,
                    true,
                    world.sizeX(),
                    world.sizeY(),
                    world.sizeZ(),
                    0,
                    hierarchyBytes,
                    bytes,
                    (System.nanoTime() - t0) / 1e9);
        } finally {
            Files.deleteIfExists(local);
        }
    }

    /**
     * {@code MAP_OR_FOLDER... --out-dir DIR [--bounds] [--hierarchy] [--master URL] [--force]}:
     * bakes every map into a store, a task per map.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        SparkJobs.main("StoreBakeJob", () -> {
            JobArgs a = new JobArgs(
                    "StoreBakeJob",
                    args,
                    Set.of("--out-dir", "--master"),
                    Set.of("--bounds", "--hierarchy", "--force"));
            if (a.plain().isEmpty()) {
                throw new IllegalArgumentException("no map given; usage: MAP_OR_FOLDER... --out-dir DIR [--bounds]"
                        + " [--hierarchy] [--master URL] [--force]");
            }
            String outDir = a.required("--out-dir");
            try (SparkSession spark = SparkJobs.session("onepath stores", a.get("--master", null))) {
                List<Baked> baked =
                        run(spark, a.plain(), outDir, a.has("--bounds"), a.has("--hierarchy"), a.has("--force"));
                long bytes = 0;
                for (Baked b : baked) {
                    bytes += b.bytes();
                    String holds = b.world()
                            ? b.width() + " x " + b.height() + " x " + b.depth()
                                    + (a.has("--hierarchy")
                                            ? ", voxel hierarchy of " + b.hierarchyBytes() + " bytes"
                                            : "")
                            : b.width() + " x " + b.height()
                                    + (a.has("--bounds") ? ", goal bounds of " + b.jumpPoints() + " jump points" : "");
                    System.out.println(String.format(
                            Locale.ROOT, "%s: %s, %d bytes, %.1f s", b.store(), holds, b.bytes(), b.seconds()));
                }
                System.out.println(baked.size() + " stores, " + bytes + " bytes, in " + outDir);
            }
        });
    }
}
