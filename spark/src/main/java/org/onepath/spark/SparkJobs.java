package org.onepath.spark;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkConf;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;

/** What the jobs' {@code main} methods share: the session, one-line errors and progress. */
final class SparkJobs {
    /** Exit status of a run refused for bad input (a bad option, a missing or malformed file). */
    static final int BAD_INPUT = 2;
    /** Exit status of a run that failed otherwise (I/O, a task that kept failing). */
    static final int FAILED = 1;

    private SparkJobs() {}

    /**
     * The session of a job's {@code main}: the master {@code spark-submit} set, else the one of
     * {@code --master}, else {@code local[*]}, so a plain {@code java -cp} runs on this machine's
     * cores.
     */
    static SparkSession session(String appName, String master) {
        SparkConf conf = new SparkConf();
        if (!conf.contains("spark.master") && System.getProperty("log4j2.configurationFile") == null) {
            // A plain 'java -cp' run has no log configuration: Spark's default prints every INFO
            // line of its start. A cluster's spark-submit brings its own, which stays untouched.
            org.apache.logging.log4j.core.config.Configurator.setRootLevel(org.apache.logging.log4j.Level.WARN);
        }
        SparkSession.Builder b = SparkSession.builder().appName(appName);
        if (master != null) {
            b.master(master);
        } else if (!conf.contains("spark.master")) {
            b.master("local[*]");
        }
        if (!conf.contains("spark.ui.enabled")) {
            b.config("spark.ui.enabled", "false");
        }
        SparkSession spark = b.getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        return spark;
    }

    /** A job's body, which may throw what {@link #main} reports as one line. */
    @FunctionalInterface
    interface Body {
        void run() throws IOException;
    }

    /**
     * Runs a job's body and exits: 0 when it finished, {@value #BAD_INPUT} with one line for bad
     * input, {@value #FAILED} with one line for any other failure; no stack trace.
     */
    static void main(String job, Body body) {
        int status = 0;
        try {
            body.run();
        } catch (IllegalArgumentException e) {
            System.err.println(job + ": " + e.getMessage());
            status = BAD_INPUT;
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            System.err.println(job + ": " + e.getMessage());
            status = FAILED;
        } catch (RuntimeException e) {
            System.err.println(job + ": " + rootMessage(e));
            status = FAILED;
        }
        System.exit(status);
    }

    /**
     * What a failed Spark action reports to the caller: the task's own bad-input or I/O error (as
     * an {@link IllegalArgumentException} or {@link IOException} with its message, naming the file
     * and the value), else the failure as it came. Spark wraps a task's exception in its own
     * (checked) exception, so callers would otherwise see neither the type nor the message first.
     */
    static IOException taskFailure(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IllegalArgumentException bad) {
                throw new IllegalArgumentException(bad.getMessage(), e);
            }
            if (t instanceof IOException io) {
                return new IOException(io.getMessage(), e);
            }
        }
        if (e instanceof RuntimeException r) {
            throw r;
        }
        throw new IllegalStateException(rootMessage(e), e);
    }

    /** The message of the deepest cause that has one: what a failed task's exception says. */
    static String rootMessage(Throwable e) {
        String message = e.toString();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null) {
                message = t.getMessage();
            }
        }
        return message;
    }

    /** Task attempts that failed (and were retried) in the jobs of a job group. */
    static int failedAttempts(org.apache.spark.api.java.JavaSparkContext sc, String group) {
        int failed = 0;
        for (int job : sc.statusTracker().getJobIdsForGroup(group)) {
            org.apache.spark.SparkJobInfo info = sc.statusTracker().getJobInfo(job);
            if (info == null) {
                continue;
            }
            for (int stage : info.stageIds()) {
                org.apache.spark.SparkStageInfo s = sc.statusTracker().getStageInfo(stage);
                if (s != null) {
                    failed += s.numFailedTasks();
                }
            }
        }
        return failed;
    }

    /**
     * Counts finished tasks of the session's jobs and prints {@code label k/total tasks, s, left}
     * lines to {@code out}; remove it with {@code spark.sparkContext().removeSparkListener}.
     */
    static final class TaskProgress extends SparkListener {
        private final String label;
        private final int total;
        private final PrintStream out;
        private final long start = System.nanoTime();
        private final AtomicInteger done = new AtomicInteger();

        TaskProgress(String label, int total, PrintStream out) {
            this.label = label;
            this.total = total;
            this.out = out;
        }

        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
            if (!end.taskInfo().successful()) {
                return;
            }
            int k = done.incrementAndGet();
            double elapsed = (System.nanoTime() - start) / 1e9;
            double left = k == 0 ? Double.NaN : elapsed / k * (total - k);
            out.println(String.format(
                    Locale.ROOT, "%s %d/%d tasks %.1f s, %.0f s left", label, k, total, elapsed, Math.max(0, left)));
        }
    }
}
