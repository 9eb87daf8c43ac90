package org.onepath.spark;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apache.spark.sql.SparkSession;

/** The tests' one Spark session and data. */
final class TestSpark {
    private static SparkSession session;

    private TestSpark() {}

    /**
     * One session for every test class of the module (a JVM holds one Spark context): two worker
     * threads, and a failed task is retried once ({@code local[2,2]}), which the retry test needs;
     * plain {@code local[2]} gives no task a second attempt.
     */
    static synchronized SparkSession session() {
        if (session == null) {
            session = SparkSession.builder()
                    .master("local[2,2]")
                    .appName("onepath-spark tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "4")
                    .getOrCreate();
            session.sparkContext().setLogLevel("WARN");
        }
        return session;
    }

    /** A Moving AI folder or file under the shared data, or the test is skipped saying so. */
    static Path data(String relative) {
        String property = System.getProperty("onepath.data");
        Path root = property == null || property.isBlank() ? Path.of("../../shared/data") : Path.of(property);
        Path p = root.resolve(relative);
        assumeTrue(
                Files.exists(p),
                () -> "Moving AI data not found: " + p.toAbsolutePath().normalize()
                        + " is missing (set -Donepath.data to the shared data root); skipping");
        return p;
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
