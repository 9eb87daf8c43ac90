package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.store.StoreLayout;

/**
 * {@code onepath bake --bounds} and {@code onepath scen --alg jpsplus-bounded}: a store baked
 * with goal bounds answers the scenarios with the bounded search and no mismatch; from a map the
 * bounds are baked as preparation; a store without them runs JPS+, says so once on stderr and
 * reports JPS+; bad {@code --threads} values are one line naming the option; {@code store inspect}
 * shows the section.
 */
class BakeBoundsTest {
    private static final int W = 64;
    private static final int H = 48;
    private static final int PROBLEMS = 60;

    @TempDir
    Path dir;

    private Path map;

    private static void assertMentions(String line, String... parts) {
        for (String p : parts) {
            assertTrue(line.contains(p), () -> "'" + p + "' missing from: " + line);
        }
    }

    /** A random map and its scenarios, their lengths from the plain Dijkstra below. */
    @BeforeEach
    void writeMapAndScenarios() {
        Random rnd = new Random(0xB0_0D_0001L);
        boolean[] open = new boolean[W * H];
        StringBuilder text = new StringBuilder("type octile\nheight " + H + "\nwidth " + W + "\nmap\n");
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                open[y * W + x] = rnd.nextInt(100) >= 22;
                text.append(open[y * W + x] ? '.' : '@');
            }
            text.append('\n');
        }
        List<Fixtures.Problem> problems = new ArrayList<>();
        while (problems.size() < PROBLEMS) {
            int s = rnd.nextInt(W * H);
            int g = rnd.nextInt(W * H);
            if (!open[s] || !open[g]) {
                continue;
            }
            double d = dijkstra(open, s)[g];
            if (d == Double.POSITIVE_INFINITY) {
                continue;
            }
            problems.add(new Fixtures.Problem(s % W, s / W, g % W, g / W, d, String.format(Locale.ROOT, "%.8f", d)));
        }
        map = Fixtures.write(dir.resolve("maps/r.map"), text.toString());
        Fixtures.write(dir.resolve("maps/r.map.scen"), Fixtures.scen("r.map", W, H, problems));
    }

    /** Eight moves, no corner cutting, straight 1 and diagonal sqrt 2: the published costs' rule. */
    private static double[] dijkstra(boolean[] open, int start) {
        double[] dist = new double[W * H];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        dist[start] = 0;
        PriorityQueue<double[]> queue = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
        queue.add(new double[] {0, start});
        while (!queue.isEmpty()) {
            double[] top = queue.poll();
            int c = (int) top[1];
            if (top[0] > dist[c]) {
                continue;
            }
            int x = c % W;
            int y = c / W;
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    int nx = x + dx;
                    int ny = y + dy;
                    if ((dx == 0 && dy == 0) || nx < 0 || ny < 0 || nx >= W || ny >= H || !open[ny * W + nx]) {
                        continue;
                    }
                    if (dx != 0 && dy != 0 && (!open[y * W + nx] || !open[ny * W + x])) {
                        continue;
                    }
                    double nd = dist[c] + (dx != 0 && dy != 0 ? Fixtures.SQRT2 : 1);
                    if (nd < dist[ny * W + nx]) {
                        dist[ny * W + nx] = nd;
                        queue.add(new double[] {nd, ny * W + nx});
                    }
                }
            }
        }
        return dist;
    }

    private Path scenFolder() {
        return dir.resolve("maps");
    }

    private static Map<String, Object> onlyResult(CliRun run) {
        List<Object> results = MiniJson.array(ScenCommandTest.json(run).get("results"));
        assertEquals(1, results.size(), run::toString);
        return MiniJson.object(results.getFirst());
    }

    @Test
    void aStoreBakedWithBoundsAnswersBoundedWithNoMismatch() {
        Path store = dir.resolve("r.opstore");
        CliRun bake = CliRun.of("bake", map.toString(), "--bounds", "--threads", "2", "--out", store.toString());
        assertEquals(0, bake.status(), bake::toString);
        assertEquals("", bake.err(), "no progress off a terminal: " + bake);
        assertMentions(bake.out(), "goal bounds", "jump points", "2 threads");
        assertTrue(
                StoreFixtures.sections(store).stream().anyMatch(s -> s.id() == StoreLayout.SECTION_GOAL_BOUNDS),
                "the store holds section 7");

        CliRun scen = CliRun.of(
                "scen",
                "--json",
                "--warmup",
                "0",
                "--alg",
                "jpsplus-bounded",
                "--store",
                store.toString(),
                scenFolder().toString());
        assertEquals(0, scen.status(), scen::toString);
        assertEquals("", scen.err(), scen::toString);
        Map<String, Object> r = onlyResult(scen);
        assertEquals("jpsplus-bounded", r.get("alg"));
        assertEquals("jpsplus-bounded", r.get("ran"), "every problem ran bounded");
        assertEquals(0L, MiniJson.integer(r.get("fallbacks")));
        assertEquals((long) PROBLEMS, MiniJson.integer(r.get("problems")));
        assertEquals(0L, MiniJson.integer(r.get("mismatches")));

        CliRun table = CliRun.of(
                "scen",
                "--warmup",
                "0",
                "--alg",
                "jpsplus-bounded",
                "--store",
                store.toString(),
                scenFolder().toString());
        assertEquals(0, table.status(), table::toString);
        assertTrue(table.outLines().stream().anyMatch(l -> l.startsWith("jpsplus-bounded ")), table::toString);
        assertFalse(table.out().contains("answered by"), table::toString);
    }

    @Test
    void fromAMapTheBoundsAreBakedAsPreparation() {
        CliRun scen = CliRun.of(
                "scen",
                "--json",
                "--warmup",
                "0",
                "--alg",
                "jpsplus,jpsplus-bounded",
                scenFolder().toString());
        assertEquals(0, scen.status(), scen::toString);
        List<Object> results = MiniJson.array(ScenCommandTest.json(scen).get("results"));
        Map<String, Object> plus = MiniJson.object(results.get(0));
        Map<String, Object> bounded = MiniJson.object(results.get(1));
        assertEquals("jpsplus-bounded", bounded.get("ran"));
        assertEquals(0L, MiniJson.integer(bounded.get("mismatches")));
        assertTrue(
                MiniJson.number(bounded.get("preprocessSeconds")) > MiniJson.number(plus.get("preprocessSeconds")),
                "the bake is preparation: " + bounded + " against " + plus);
    }

    @Test
    void aStoreWithoutBoundsRunsJpsPlusSaysSoOnceAndReportsIt() {
        Path store = dir.resolve("plain.opstore");
        StoreFixtures.bake(map, store);
        // The scenarios twice over, so the note must not repeat per file.
        try {
            Files.createDirectories(dir.resolve("maps/again"));
            Files.copy(dir.resolve("maps/r.map.scen"), dir.resolve("maps/again/r.map.scen"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        CliRun scen = CliRun.of(
                "scen",
                "--json",
                "--warmup",
                "0",
                "--alg",
                "jpsplus-bounded",
                "--store",
                store.toString(),
                scenFolder().toString());
        assertEquals(0, scen.status(), scen::toString);
        assertEquals(1, scen.errLines().size(), scen::toString);
        assertMentions(scen.errLines().getFirst(), store.toString(), "no goal bounds", "jpsplus");
        Map<String, Object> r = onlyResult(scen);
        assertEquals("jpsplus for jpsplus-bounded", r.get("ran"));
        assertEquals(MiniJson.integer(r.get("problems")), MiniJson.integer(r.get("fallbacks")));

        CliRun table = CliRun.of(
                "scen",
                "--warmup",
                "0",
                "--alg",
                "jpsplus-bounded",
                "--store",
                store.toString(),
                scenFolder().toString());
        assertTrue(table.out().contains("jpsplus for jpsplus-bounded"), table::toString);
        assertTrue(table.out().contains("were answered by jpsplus, not jpsplus-bounded"), table::toString);
    }

    @Test
    void badThreadsAreOneLineNamingTheOptionAndValue() {
        Path out = dir.resolve("x.opstore");
        for (String bad : new String[] {"0", "-3", "many"}) {
            String line = CliRun.of("bake", map.toString(), "--bounds", "--threads", bad, "--out", out.toString())
                    .assertBadInput();
            assertMentions(line, "--threads", bad);
            assertFalse(Files.exists(out), "nothing written for --threads " + bad);
        }
        String line = CliRun.of("bake", map.toString(), "--threads", "2", "--out", out.toString())
                .assertBadInput();
        assertMentions(line, "--threads", "--bounds");
        assertFalse(Files.exists(out));
    }

    @Test
    void inspectShowsTheGoalBoundsSection() {
        Path store = dir.resolve("r.opstore");
        CliRun bake = CliRun.of("bake", map.toString(), "--bounds", "--out", store.toString());
        assertEquals(0, bake.status(), bake::toString);
        CliRun inspect = CliRun.of("store", "inspect", store.toString());
        assertEquals(0, inspect.status(), inspect::toString);
        assertTrue(
                inspect.outLines().stream().anyMatch(l -> l.strip().startsWith("7") && l.contains("goal bounds")),
                inspect::toString);
        assertMentions(inspect.out(), "jumpPoints", "storedBoxes", "boxSteps", "1 x 1", "goalBoundsBytes");
        Map<String, Object> json = MiniJson.object(MiniJson.parse(
                CliRun.of("store", "inspect", "--json", store.toString()).out()));
        long bytes = MiniJson.integer(json.get("goalBoundsBytes"));
        assertTrue(bytes > StoreLayout.ALIGNMENT, "goal bounds bytes " + bytes);
        assertEquals((double) bytes / (W * H), MiniJson.number(json.get("boundsBytesPerCell")), 1e-9);
        assertTrue(MiniJson.integer(json.get("jumpPoints")) > 0);

        Path plain = StoreFixtures.bake(map, dir.resolve("plain.opstore"));
        CliRun without = CliRun.of("store", "inspect", plain.toString());
        assertFalse(without.out().contains("goal bounds"), without::toString);
    }

    @Test
    void theProgressLineGivesDoneTotalPercentElapsedAndTimeLeft() {
        assertEquals(
                "m.map goal bounds 120/480 jump points  25% 3.0 s, 9.0 s left",
                BakeCommand.boundsProgress("m.map", 120, 480, 3.0));
        assertEquals(
                "m.map goal bounds 0/480 jump points   0% 0.1 s, time left unknown",
                BakeCommand.boundsProgress("m.map", 0, 480, 0.1));
        assertEquals(
                "m.map goal bounds 480/480 jump points 100% 12.0 s, 0.0 s left",
                BakeCommand.boundsProgress("m.map", 480, 480, 12.0));
    }
}
