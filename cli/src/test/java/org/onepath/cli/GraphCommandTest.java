package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code onepath graph}: the three rows, agreement, JSON, and bad input as one line. */
class GraphCommandTest {
    @TempDir
    Path dir;

    /**
     * A w x h jittered lattice with 4-neighbour roads (some missing), integer coordinates and
     * integer weights at least the straight-line length, as a DIMACS .gr and .co pair.
     */
    static Path roadGrid(Path dir, String name, int w, int h, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        long[] x = new long[w * h];
        long[] y = new long[w * h];
        for (int i = 0; i < w * h; i++) {
            x[i] = (i % w) * 1000L + r.nextInt(300);
            y[i] = (i / w) * 1000L + r.nextInt(300);
        }
        StringBuilder arcs = new StringBuilder();
        int count = 0;
        for (int i = 0; i < w * h; i++) {
            for (int j : new int[] {i + 1, i + w}) {
                boolean inside = j < w * h && (j != i + 1 || (i + 1) % w != 0);
                if (!inside || r.nextInt(10) == 0) {
                    continue;
                }
                long len = (long) Math.ceil(Math.hypot(x[i] - x[j], y[i] - y[j]) * (1 + r.nextDouble() * 0.3));
                arcs.append(
                        String.format(Locale.ROOT, "a %d %d %d%na %d %d %d%n", i + 1, j + 1, len, j + 1, i + 1, len));
                count += 2;
            }
        }
        Path gr = dir.resolve(name + ".gr");
        Files.writeString(gr, "c generated\np sp " + w * h + " " + count + "\n" + arcs);
        StringBuilder co = new StringBuilder("p aux sp co " + w * h + "\n");
        for (int i = 0; i < w * h; i++) {
            co.append("v ")
                    .append(i + 1)
                    .append(' ')
                    .append(x[i])
                    .append(' ')
                    .append(y[i])
                    .append('\n');
        }
        Files.writeString(dir.resolve(name + ".co"), co);
        return gr;
    }

    @Test
    void reportsDijkstraAStarAndAltThatAgree() throws IOException {
        Path gr = roadGrid(dir, "road", 30, 20, 7);
        CliRun run = CliRun.of("graph", "--queries", "40", "--landmarks", "4", gr.toString());
        assertEquals(0, run.status(), run::toString);
        run.assertNoStackTrace();
        List<String> lines = run.outLines();
        assertTrue(lines.getFirst().contains("600 nodes"), run::toString);
        String dijkstra = row(lines, "dijkstra");
        String astar = row(lines, "astar");
        String alt = row(lines, "alt");
        long settledDijkstra = settled(dijkstra);
        assertTrue(settled(astar) < settledDijkstra, "the Euclidean estimate settles fewer nodes\n" + run);
        assertTrue(settled(alt) < settledDijkstra, "landmarks settle fewer nodes\n" + run);
        for (String row : List.of(dijkstra, astar, alt)) {
            assertTrue(row.trim().endsWith(" 0"), "no disagreement: " + row);
        }
    }

    private static String row(List<String> lines, String alg) {
        return lines.stream()
                .filter(l -> l.startsWith(alg + " "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + alg + " row in " + lines));
    }

    /** The settled column (the sixth field). */
    private static long settled(String row) {
        return Long.parseLong(row.trim().split("\\s+")[5]);
    }

    @Test
    void withoutCoordinatesThereIsNoAStarRow() throws IOException {
        Path gr = roadGrid(dir, "road", 10, 10, 3);
        Files.delete(dir.resolve("road.co"));
        CliRun run = CliRun.of("graph", "--queries", "10", gr.toString());
        assertEquals(0, run.status(), run::toString);
        assertTrue(run.out().contains("no coordinates"), run::toString);
        assertFalse(run.outLines().stream().anyMatch(l -> l.startsWith("astar ")), run::toString);
        row(run.outLines(), "alt");
    }

    @Test
    void jsonHasOneObjectPerAlgorithm() throws IOException {
        Path gr = roadGrid(dir, "road", 8, 8, 5);
        CliRun run = CliRun.of("graph", "--json", "--queries", "12", "--seed", "9", gr.toString());
        assertEquals(0, run.status(), run::toString);
        Object parsed = MiniJson.parse(run.out().strip());
        assertTrue(parsed instanceof java.util.Map<?, ?>, run::toString);
        java.util.Map<?, ?> m = (java.util.Map<?, ?>) parsed;
        assertEquals(64.0, ((Number) m.get("nodes")).doubleValue());
        List<?> results = (List<?>) m.get("results");
        assertEquals(3, results.size());
        for (Object o : results) {
            java.util.Map<?, ?> r = (java.util.Map<?, ?>) o;
            assertEquals(12.0, ((Number) r.get("queries")).doubleValue());
            assertEquals(0.0, ((Number) r.get("disagreements")).doubleValue());
        }
    }

    @Test
    void badInputIsOneLineNamingTheFile() throws IOException {
        Path gr = dir.resolve("bad.gr");
        Files.writeString(gr, "p sp 3 1\na 1 4 2\n");
        String line = CliRun.of("graph", gr.toString()).assertBadInput();
        assertTrue(line.contains("bad.gr:2") && line.contains("head node 4"), line);
        String missing = CliRun.of("graph", dir.resolve("none.gr").toString()).assertBadInput();
        assertTrue(missing.contains("none.gr") && missing.contains("no such file"), missing);
        Path good = roadGrid(dir, "ok", 4, 4, 1);
        String queries = CliRun.of("graph", "--queries", "0", good.toString()).assertBadInput();
        assertTrue(queries.contains("--queries"), queries);
        String lm = CliRun.of("graph", "--landmarks", "65", good.toString()).assertBadInput();
        assertTrue(lm.contains("--landmarks") && lm.contains("65"), lm);
    }
}
