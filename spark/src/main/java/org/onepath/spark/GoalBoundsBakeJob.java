package org.onepath.spark;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.onepath.GoalBoundsPieces;
import org.onepath.GoalBoundsSummary;
import org.onepath.Grid;
import org.onepath.grids.BakeMonitor;
import org.onepath.io.MovingAiMap;
import org.onepath.store.GridStore;

/**
 * Bakes one map's goal bounds across a cluster: the jump points split into ranges, a task per
 * range, then the store assembled on the driver, byte for byte the store {@code onepath bake MAP
 * --bounds} writes.
 *
 * <p>The driver reads the map and broadcasts the grid's state once. Each task rebuilds the grid
 * from it, lists its jump points ({@link Grid#goalBoundsPieces()}), bakes its range with the code
 * of the local bake's workers and writes the piece ({@link GoalBoundsPieceLayout}) through
 * Hadoop's file-system API to the folder {@code STORE.pieces}, under a temporary name renamed once
 * whole: a task that fails and is retried writes the same bytes again, and a half-written attempt
 * is never taken. The driver then checks every planned range is there exactly once, checks each
 * piece's header (cells' SHA-256, range, checksums), puts the pieces together, installs them and
 * bakes the store, and deletes the pieces.
 *
 * <pre>
 * java @spark/jdk25.args -cp ... org.onepath.spark.GoalBoundsBakeJob --map MAP --out STORE
 *     [--ranges N] [--master URL] [--force]
 * </pre>
 */
public final class GoalBoundsBakeJob {
    private GoalBoundsBakeJob() {}

    /**
     * What a bake made.
     *
     * @param store        the store written
     * @param jumpPoints   jump points baked
     * @param ranges       tasks (ranges of jump points) it was split into
     * @param bounds       what the goal bounds hold
     * @param storeBytes   size of the store file
     * @param bakeSeconds  wall time of the tasks' stage
     * @param totalSeconds wall time of the whole job, reading and assembly included
     * @param failedAttempts task attempts that failed and were retried
     */
    public record Result(
            String store,
            int jumpPoints,
            int ranges,
            GoalBoundsSummary bounds,
            long storeBytes,
            double bakeSeconds,
            double totalSeconds,
            int failedAttempts) {}

    /**
     * Bakes a map's goal bounds on the session's cluster and writes its store.
     *
     * @param spark            the session
     * @param map              a Moving AI {@code .map} file, any Hadoop path
     * @param store            the store to write, any Hadoop path; refused if it exists unless
     *                         {@code force}
     * @param ranges           tasks to split the jump points into, at least 1 (fewer when the map
     *                         has fewer jump points)
     * @param force            whether to replace an existing store
     * @param failFirstAttempt range numbers whose first attempt fails after writing half its
     *                         piece (to prove a retry changes no byte); empty in real runs
     * @return what was made
     * @throws IllegalArgumentException for a bad map, an existing store without {@code force}, a
     *                                  map too large for goal bounds
     * @throws IOException              if a file cannot be read or written
     */
    public static Result run(
            SparkSession spark, String map, String store, int ranges, boolean force, Set<Integer> failFirstAttempt)
            throws IOException {
        if (ranges < 1) {
            throw new IllegalArgumentException("ranges must be at least 1, was " + ranges);
        }
        long t0 = System.nanoTime();
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Configuration conf = sc.hadoopConfiguration();
        Path mapPath = HadoopFiles.qualified(conf, map);
        Path storePath = HadoopFiles.qualified(conf, store);
        FileSystem fs = HadoopFiles.fs(conf, storePath);
        if (fs.exists(storePath) && !force) {
            throw new IllegalArgumentException(store + ": exists; give --force to replace it");
        }
        Path pieces = new Path(storePath.getParent(), storePath.getName() + ".pieces");
        clearPieces(fs, pieces);
        MovingAiMap parsed = MovingAiMap.parse(mapPath.toString(), HadoopFiles.read(conf, mapPath));
        byte[] state;
        try (Grid grid = parsed.toGrid()) {
            state = grid.saveState();
        }
        byte[] digest = sha256(state);
        try (Grid grid = Grid.fromState(state);
                GoalBoundsPieces assembly = grid.goalBoundsPieces()) {
            int n = assembly.jumpPointCount();
            List<int[]> planned = plan(n, ranges);
            Broadcast<byte[]> cells = sc.broadcast(state);
            SerializableConfiguration wire = new SerializableConfiguration(conf);
            String folder = pieces.toString();
            Set<Integer> failing = Set.copyOf(failFirstAttempt);
            long b0 = System.nanoTime();
            SparkJobs.TaskProgress progress =
                    new SparkJobs.TaskProgress(mapPath.getName() + " goal bounds", planned.size(), System.err);
            spark.sparkContext().addSparkListener(progress);
            String group = "onepath-goal-bounds-" + java.util.UUID.randomUUID();
            // interruptOnCancel: a cancelled job interrupts its tasks, which stop within a chunk
            sc.setJobGroup(group, "goal bounds of " + mapPath.getName(), true);
            try {
                if (!planned.isEmpty()) {
                    sc.parallelize(planned, planned.size())
                            .foreachPartition(it -> bakeRanges(it, cells, digest, n, folder, wire, failing));
                }
            } catch (Exception e) {
                throw SparkJobs.taskFailure(e);
            } finally {
                sc.clearJobGroup();
                spark.sparkContext().removeSparkListener(progress);
                cells.destroy();
            }
            double bakeSeconds = (System.nanoTime() - b0) / 1e9;
            assemble(fs, pieces, planned, n, digest, assembly);
            GoalBoundsSummary bounds = assembly.install();
            long bytes = writeStore(conf, grid, mapPath.getName(), storePath);
            clearPieces(fs, pieces);
            fs.delete(pieces, false);
            return new Result(
                    storePath.toString(),
                    n,
                    planned.size(),
                    bounds,
                    bytes,
                    bakeSeconds,
                    (System.nanoTime() - t0) / 1e9,
                    SparkJobs.failedAttempts(sc, group));
        }
    }

    /** Ranges of near-equal size covering [0, n), at most {@code ranges} and none empty. */
    static List<int[]> plan(int n, int ranges) {
        int count = Math.min(ranges, n);
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int first = (int) ((long) i * n / count);
            int end = (int) ((long) (i + 1) * n / count);
            out.add(new int[] {i, first, end});
        }
        return out;
    }

    /** A task: bakes each range of its partition and commits its piece file. */
    private static void bakeRanges(
            Iterator<int[]> ranges,
            Broadcast<byte[]> cells,
            byte[] digest,
            int jumpPoints,
            String folder,
            SerializableConfiguration conf,
            Set<Integer> failFirstAttempt)
            throws IOException {
        TaskContext task = TaskContext.get();
        BakeMonitor monitor = new BakeMonitor() {
            @Override
            public void progress(long done, long total) {}

            @Override
            public boolean isCancelled() {
                return task != null && task.isInterrupted();
            }
        };
        try (Grid grid = Grid.fromState(cells.value());
                GoalBoundsPieces pieces = grid.goalBoundsPieces()) {
            if (pieces.jumpPointCount() != jumpPoints) {
                throw new IllegalStateException("the task listed " + pieces.jumpPointCount()
                        + " jump points, the driver " + jumpPoints + "; the executors run another OnePath version");
            }
            while (ranges.hasNext()) {
                int[] r = ranges.next();
                byte[] payload = pieces.bakePiece(r[1], r[2], monitor);
                byte[] file = GoalBoundsPieceFile.encode(r[1], r[2], jumpPoints, digest, payload);
                Path target = new Path(folder, GoalBoundsPieceLayout.fileName(r[1], r[2]));
                String tag = "attempt-" + (task == null ? 0 : task.taskAttemptId());
                if (task != null && task.attemptNumber() == 0 && failFirstAttempt.contains(r[0])) {
                    // As a task killed mid-write: half a piece under the temporary name, no rename.
                    Path temp = HadoopFiles.temporary(target, tag);
                    try (OutputStream out = HadoopFiles.fs(conf.value(), temp).create(temp, true)) {
                        out.write(file, 0, file.length / 2);
                    }
                    throw new IllegalStateException("range " + r[0] + " failed on its first attempt, as asked");
                }
                HadoopFiles.writeCommitted(conf.value(), target, file, tag);
            }
        }
    }

    /** Checks every planned range has its one piece, checks each piece and puts it. */
    static void assemble(
            FileSystem fs, Path folder, List<int[]> planned, int n, byte[] digest, GoalBoundsPieces assembly)
            throws IOException {
        Set<String> expected = new java.util.HashSet<>();
        for (int[] r : planned) {
            expected.add(GoalBoundsPieceLayout.fileName(r[1], r[2]));
        }
        if (fs.exists(folder)) {
            for (FileStatus f : fs.listStatus(folder)) {
                String name = f.getPath().getName();
                if (GoalBoundsPieceLayout.FILE_NAME.matcher(name).matches() && !expected.contains(name)) {
                    throw new IllegalStateException(f.getPath() + ": a piece no range of this bake planned");
                }
            }
        }
        // Every file is checked to be there before any is put, so a refused assembly puts nothing.
        for (int[] r : planned) {
            Path file = new Path(folder, GoalBoundsPieceLayout.fileName(r[1], r[2]));
            if (!fs.exists(file)) {
                throw new IllegalStateException(file + ": missing; range " + r[0] + " (jump points [" + r[1] + ", "
                        + r[2] + ")) wrote no piece");
            }
        }
        for (int[] r : planned) {
            Path file = new Path(folder, GoalBoundsPieceLayout.fileName(r[1], r[2]));
            byte[] payload = GoalBoundsPieceFile.check(
                    file.toString(), HadoopFiles.read(fs.getConf(), file), r[1], r[2], n, digest);
            assembly.putPiece(r[1], r[2], payload);
        }
        if (assembly.firstMissing() != n) {
            throw new IllegalStateException("jump point " + assembly.firstMissing() + " of " + n + " has no piece");
        }
    }

    /** Bakes the store locally and commits it to its path; returns its size. */
    private static long writeStore(Configuration conf, Grid grid, String name, Path store) throws IOException {
        if ("file".equals(store.toUri().getScheme())) {
            java.nio.file.Path local = java.nio.file.Path.of(store.toUri());
            GridStore.bake(grid, name, local);
            return Files.size(local);
        }
        java.nio.file.Path local = Files.createTempFile("onepath-", GridStore.EXTENSION);
        try {
            GridStore.bake(grid, name, local);
            HadoopFiles.replace(conf, local, store);
            return Files.size(local);
        } finally {
            Files.deleteIfExists(local);
        }
    }

    /**
     * Deletes the pieces and temporary files a bake leaves in its folder; refuses a folder that
     * holds anything else, so a folder of the user's is never emptied.
     */
    private static void clearPieces(FileSystem fs, Path folder) throws IOException {
        if (!fs.exists(folder)) {
            return;
        }
        if (!fs.getFileStatus(folder).isDirectory()) {
            throw new IllegalArgumentException(folder + ": exists and is not a folder of goal-bounds pieces");
        }
        for (FileStatus f : fs.listStatus(folder)) {
            String name = f.getPath().getName();
            Matcher m = GoalBoundsPieceLayout.FILE_NAME.matcher(name);
            boolean ours = f.isFile()
                    && (m.matches() || (name.startsWith(".piece-") && name.endsWith(".tmp")) || name.endsWith(".crc"));
            if (!ours) {
                throw new IllegalArgumentException(folder + ": holds " + name
                        + ", which is not a goal-bounds piece; expected a folder of pieces only");
            }
        }
        for (FileStatus f : fs.listStatus(folder)) {
            fs.delete(f.getPath(), false);
        }
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    /**
     * {@code --map MAP --out STORE [--ranges N] [--master URL] [--force]}: bakes the map's goal
     * bounds across the session's executors and writes the store.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        SparkJobs.main("GoalBoundsBakeJob", () -> {
            JobArgs a = new JobArgs(
                    "GoalBoundsBakeJob", args, Set.of("--map", "--out", "--ranges", "--master"), Set.of("--force"));
            if (!a.plain().isEmpty()) {
                throw new IllegalArgumentException(
                        "unexpected argument '" + a.plain().getFirst()
                                + "'; usage: --map MAP --out STORE [--ranges N] [--master URL] [--force]");
            }
            String map = a.required("--map");
            String out = a.required("--out");
            try (SparkSession spark = SparkJobs.session("onepath goal bounds " + map, a.get("--master", null))) {
                int ranges = a.intIn("--ranges", 4 * spark.sparkContext().defaultParallelism(), 1, 1 << 20);
                Result r = run(spark, map, out, ranges, a.has("--force"), Set.of());
                System.out.println(String.format(
                        Locale.ROOT,
                        "%s: %d jump points in %d ranges, %d boxes, %d bytes; bake %.1f s, total %.1f s%s",
                        r.store(),
                        r.jumpPoints(),
                        r.ranges(),
                        r.bounds().storedBoxes(),
                        r.storeBytes(),
                        r.bakeSeconds(),
                        r.totalSeconds(),
                        r.failedAttempts() == 0 ? "" : "; " + r.failedAttempts() + " failed task attempts retried"));
            }
        });
    }
}
