package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * {@code onepath scen}'s latency report: the median, 99th percentile and slowest query of each
 * result and map in the table and the JSON, and the {@code --plot} of their distributions.
 */
class ScenLatencyTest {
    private static final Pattern DECADE = Pattern.compile("(0\\.0*1|1|10|100|10+) (us|ms|s)");

    /**
     * How closely a time is read back off the SVG, in decades: the labels' x are written to a
     * tenth of a pixel and the marks' to a hundredth, on a few hundred pixels per decade.
     */
    private static final double AXIS_READING = 3e-3;

    @TempDir
    Path dir;

    // ---- the percentile definition ----

    /**
     * The nearest-rank percentile written plainly: the least measured value that at least
     * {@code percent}% of the values do not exceed, found by counting over a sorted copy.
     */
    private static long plainPercentile(long[] values, int percent) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        for (int k = 1; k <= n; k++) {
            // k values of n are <= sorted[k-1]: enough once k / n >= percent / 100
            if (100L * k >= (long) percent * n) {
                return sorted[k - 1];
            }
        }
        throw new AssertionError("unreachable for n >= 1");
    }

    @Test
    void percentilesAreTheNearestRankOfASortedCopy() {
        Random random = new Random(7);
        for (int round = 0; round < 400; round++) {
            int n = round < 250 ? 1 + round : 1 + random.nextInt(5000);
            long[] nanos = new long[n];
            for (int i = 0; i < n; i++) {
                // few distinct values in some rounds, so ties are exercised
                nanos[i] = round % 3 == 0 ? random.nextInt(5) * 1000L : 1 + random.nextInt(10_000_000);
            }
            long[] before = nanos.clone();
            QueryTimes t = QueryTimes.of(nanos, n);
            assertArrayEquals(before, nanos, "QueryTimes.of leaves its input alone");
            assertEquals(n, t.count());
            for (int p : new int[] {1, 25, 50, 90, 99, 100}) {
                assertEquals(plainPercentile(nanos, p) / 1e9, t.percentileSeconds(p), "p" + p + " of " + n);
            }
            assertEquals(plainPercentile(nanos, 50) / 1e9, t.medianSeconds());
            assertEquals(plainPercentile(nanos, 99) / 1e9, t.p99Seconds());
            assertEquals(Arrays.stream(nanos).max().orElseThrow() / 1e9, t.maxSeconds());
            assertEquals(Arrays.stream(nanos).min().orElseThrow() / 1e9, t.minSeconds());
        }
    }

    @Test
    void nearestRankIsTheCeilingOfTheShareAndRejectsWhatHasNone() {
        assertEquals(1, QueryTimes.nearestRank(1, 50));
        assertEquals(1, QueryTimes.nearestRank(1, 99));
        assertEquals(1, QueryTimes.nearestRank(2, 50), "the lower middle of an even count");
        assertEquals(2, QueryTimes.nearestRank(3, 50));
        assertEquals(99, QueryTimes.nearestRank(100, 99));
        assertEquals(100, QueryTimes.nearestRank(101, 99), "99.99 rounds up");
        assertEquals(198, QueryTimes.nearestRank(200, 99));
        assertEquals(2_000_000_000, QueryTimes.nearestRank(2_000_000_000, 100), "no int overflow");
        assertThrows(IllegalArgumentException.class, () -> QueryTimes.nearestRank(0, 50));
        assertThrows(IllegalArgumentException.class, () -> QueryTimes.nearestRank(10, 0));
        assertThrows(IllegalArgumentException.class, () -> QueryTimes.nearestRank(10, 101));
        assertTrue(Double.isNaN(QueryTimes.NONE.medianSeconds()));
        assertTrue(Double.isNaN(QueryTimes.NONE.maxSeconds()));
    }

    @Test
    void mergedTimesAreEveryPartsTimesTogether() {
        Random random = new Random(11);
        List<QueryTimes> parts = new ArrayList<>();
        List<Long> all = new ArrayList<>();
        for (int part = 0; part < 5; part++) {
            long[] nanos = new long[part * 37];
            for (int i = 0; i < nanos.length; i++) {
                nanos[i] = random.nextInt(1_000_000);
                all.add(nanos[i]);
            }
            parts.add(QueryTimes.of(nanos, nanos.length));
        }
        QueryTimes merged = QueryTimes.merge(parts);
        long[] expected = all.stream().mapToLong(Long::longValue).sorted().toArray();
        assertEquals(expected.length, merged.count());
        for (int k = 1; k <= expected.length; k++) {
            assertEquals(expected[k - 1], merged.nanosAtRank(k), "rank " + k);
        }
    }

    @Test
    void theBestPassKeepsTheQueryTimesOfTheFastestPass() {
        QueryTimes.BestPass best = new QueryTimes.BestPass(3);
        assertEquals(Double.POSITIVE_INFINITY, best.bestSeconds());
        assertEquals(0, best.bestTimes().count());
        long[][] passes = {{500, 100, 400}, {300, 300, 300}, {100, 900, 100}, {700, 700, 700}};
        for (long[] pass : passes) {
            // later, slower passes write into the array that is not kept; a wrong swap would show below
            System.arraycopy(pass, 0, best.pass(), 0, 3);
            best.endPass();
        }
        // totals 1000, 900, 1100, 2100: the second pass is the fastest, and its times are kept
        assertEquals(900e-9, best.bestSeconds(), 1e-18);
        QueryTimes t = best.bestTimes();
        assertEquals(3, t.count());
        for (int k = 1; k <= 3; k++) {
            assertEquals(300, t.nanosAtRank(k));
        }
    }

    // ---- the table and the JSON ----

    /** A hand-made report: known query times on two maps and an algorithm that ran nothing. */
    private static ScenarioRun.Report handMadeReport() {
        long[] first = {4_000, 1_000, 3_000, 2_000};
        long[] second = new long[100];
        for (int i = 0; i < 100; i++) {
            second[i] = 10_000L * (i + 1);
        }
        ScenarioRun.MapResult a = new ScenarioRun.MapResult(
                "a.map", 4, 0, 40, Arrays.stream(first).sum() / 1e9, QueryTimes.of(first, 4), 0.5);
        ScenarioRun.MapResult b = new ScenarioRun.MapResult(
                "b.map", 100, 0, 900, Arrays.stream(second).sum() / 1e9, QueryTimes.of(second, 100), 0.25);
        return new ScenarioRun.Report(
                List.of(
                        new ScenarioRun.AlgorithmResult("astar", List.of(a, b)),
                        new ScenarioRun.AlgorithmResult("jps", List.of())),
                List.of(),
                0.1);
    }

    @Test
    void theTableShowsMedianP99AndMaxInMicrosecondsAfterTheMean() {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            ScenCommand.printTable(out, handMadeReport(), 2);
        }
        List<String> lines = text.toString().lines().toList();
        assertTrue(
                lines.get(1).matches(".*us/query\\s+median us\\s+p99 us\\s+max us\\s*"),
                () -> "the latency columns follow the mean: " + lines.get(1));
        String[] astar = lines.get(2).strip().split("\\s+");
        assertEquals(ScenCommandTest.TABLE_COLUMNS, astar.length, lines.get(2));
        assertEquals("astar", astar[0]);
        assertEquals("104", astar[1]);
        // 104 times: 1..4 us and 10..1000 us; the mean is their sum over 104
        double sum = 10 + 10 * 5050;
        assertEquals(String.format(java.util.Locale.ROOT, "%.2f", sum / 104), astar[6], "us/query");
        // rank ceil(104 / 2) = 52: the 48th of the second map's, 480 us
        assertEquals("480.00", astar[7], "median us");
        // rank ceil(0.99 * 104) = 103: the 99th of the second map's, 990 us
        assertEquals("990.00", astar[8], "p99 us");
        assertEquals("1000.00", astar[9], "max us");
        String[] jps = lines.get(3).strip().split("\\s+");
        assertEquals(ScenCommandTest.TABLE_COLUMNS, jps.length, lines.get(3));
        assertEquals(List.of("-", "-", "-"), List.of(jps[7], jps[8], jps[9]), "no queries, no latency");
        // every line of the table is as wide as the header, so the columns line up
        assertEquals(lines.get(1).length(), lines.get(2).length(), text::toString);
    }

    @Test
    void theJsonGivesTheLatencyOfEachResultAndMap() {
        Map<String, Object> json = MiniJson.object(MiniJson.parse(ScenCommand.toJson(handMadeReport(), null)));
        List<Object> results = MiniJson.array(json.get("results"));
        Map<String, Object> astar = MiniJson.object(results.get(0));
        assertEquals(480e-6, MiniJson.number(astar.get("medianSeconds")), 1e-15);
        assertEquals(990e-6, MiniJson.number(astar.get("p99Seconds")), 1e-15);
        assertEquals(1000e-6, MiniJson.number(astar.get("maxSeconds")), 1e-15);
        assertEquals(1e-6, MiniJson.number(astar.get("minSeconds")), 1e-15);
        List<Object> maps = MiniJson.array(astar.get("maps"));
        Map<String, Object> a = MiniJson.object(maps.get(0));
        // four times 1..4 us: the median is the 2nd, p99 and max the 4th
        assertEquals(2e-6, MiniJson.number(a.get("medianSeconds")), 1e-15);
        assertEquals(4e-6, MiniJson.number(a.get("p99Seconds")), 1e-15);
        assertEquals(4e-6, MiniJson.number(a.get("maxSeconds")), 1e-15);
        Map<String, Object> b = MiniJson.object(maps.get(1));
        assertEquals(500e-6, MiniJson.number(b.get("medianSeconds")), 1e-15);
        assertEquals(990e-6, MiniJson.number(b.get("p99Seconds")), 1e-15);
        Map<String, Object> jps = MiniJson.object(results.get(1));
        for (String field : List.of("medianSeconds", "p99Seconds", "maxSeconds", "minSeconds")) {
            assertTrue(jps.containsKey(field), field);
            assertNull(jps.get(field), field + " is null without queries");
        }
        assertFalse(json.containsKey("plot"), "no plot asked for");
    }

    private static Path movingAi(String relative) {
        String property = System.getProperty("onepath.data");
        Path root = property == null || property.isBlank() ? Path.of("../../shared/data") : Path.of(property);
        Path file = root.resolve("movingai").resolve(relative);
        assumeTrue(
                Files.isRegularFile(file),
                () -> "Moving AI data not found: " + file.toAbsolutePath().normalize()
                        + " is missing (set -Donepath.data to the shared data root); skipping the latency run on it");
        return file;
    }

    /** The fields of a result or map, with its mean (search time over problems) inside its range. */
    private static void assertConsistentLatency(Map<String, Object> m, String what) {
        for (String field : List.of("medianSeconds", "p99Seconds", "maxSeconds", "minSeconds")) {
            assertTrue(m.get(field) instanceof Double, () -> what + ": " + field + " is a number in " + m);
        }
        double min = MiniJson.number(m.get("minSeconds"));
        double median = MiniJson.number(m.get("medianSeconds"));
        double p99 = MiniJson.number(m.get("p99Seconds"));
        double max = MiniJson.number(m.get("maxSeconds"));
        double mean = MiniJson.number(m.get("searchSeconds")) / MiniJson.number(m.get("problems"));
        assertTrue(0 <= min && min <= median && median <= p99 && p99 <= max, () -> what + ": order of " + m);
        // the mean is the best pass's total over its queries, the times those statistics come from
        double slack = 1e-12 * max;
        assertTrue(min - slack <= mean && mean <= max + slack, () -> what + ": mean " + mean + " outside " + m);
    }

    @Test
    void squareAndVoxelRunsReportConsistentLatencyPerResultAndMap() {
        Path room = movingAi("room/8room_000.map.scen");
        Path handMade = Fixtures.mapA(dir.resolve("a"), "a.map");
        Path voxels = StoreFixtures.voxelWorld(dir.resolve("world"), "w.3dmap");
        CliRun run = CliRun.of(
                "scen",
                "--alg",
                "astar,jps",
                "--limit",
                "40",
                "--passes",
                "2",
                "--json",
                room.toString(),
                handMade.toString(),
                voxels.toString());
        assertEquals(0, run.status(), run::toString);
        Map<String, Object> json = ScenCommandTest.json(run);
        List<Object> results = MiniJson.array(json.get("results"));
        assertEquals(
                List.of("astar", "jps", VoxelScenarioRun.ALGORITHM, VoxelScenarioRun.JPS_ROW),
                results.stream().map(r -> MiniJson.object(r).get("alg")).toList());
        for (Object o : results) {
            Map<String, Object> r = MiniJson.object(o);
            assertConsistentLatency(r, (String) r.get("alg"));
            List<Object> maps = MiniJson.array(r.get("maps"));
            double lowestMedian = Double.POSITIVE_INFINITY;
            double highestMedian = 0;
            double slowest = 0;
            double fastest = Double.POSITIVE_INFINITY;
            for (Object mo : maps) {
                Map<String, Object> m = MiniJson.object(mo);
                assertConsistentLatency(m, r.get("alg") + " on " + m.get("map"));
                lowestMedian = Math.min(lowestMedian, MiniJson.number(m.get("medianSeconds")));
                highestMedian = Math.max(highestMedian, MiniJson.number(m.get("medianSeconds")));
                slowest = Math.max(slowest, MiniJson.number(m.get("maxSeconds")));
                fastest = Math.min(fastest, MiniJson.number(m.get("minSeconds")));
            }
            // the result's figures are over every map's queries together
            assertEquals(slowest, MiniJson.number(r.get("maxSeconds")), r::toString);
            assertEquals(fastest, MiniJson.number(r.get("minSeconds")), r::toString);
            double median = MiniJson.number(r.get("medianSeconds"));
            assertTrue(lowestMedian <= median && median <= highestMedian, r::toString);
        }
        assertEquals(
                2, MiniJson.array(MiniJson.object(results.get(0)).get("maps")).size());
    }

    // ---- the plot ----

    /** The hand-made square maps, each in its own folder, as one folder to run. */
    private Path threeMaps() {
        Fixtures.mapA(dir.resolve("maps/a"), "a.map");
        Fixtures.mapB(dir.resolve("maps/b"), "b.map");
        Fixtures.mapC(dir.resolve("maps/c"), "c.map");
        return dir.resolve("maps");
    }

    private static Document xml(Path svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new InputSource(new StringReader(Files.readString(svg))));
    }

    private static List<Element> elements(Document doc, String tag) {
        NodeList nodes = doc.getElementsByTagNameNS("*", tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add((Element) nodes.item(i));
        }
        return out;
    }

    private static double attr(Element e, String name) {
        return Double.parseDouble(e.getAttribute(name));
    }

    /** The exponent of ten (of seconds) a decade label stands for. */
    private static int exponentOf(String label) {
        Matcher m = DECADE.matcher(label);
        assertTrue(m.matches(), label);
        String digits = m.group(1);
        int e = digits.startsWith("0.") ? -(digits.length() - 2) : digits.length() - 1;
        return e
                + switch (m.group(2)) {
                    case "us" -> -6;
                    case "ms" -> -3;
                    default -> 0;
                };
    }

    /** A path's points, from its {@code d} of M and L commands. */
    private static double[][] points(Element path) {
        String[] tokens = path.getAttribute("d")
                .replace("M", " ")
                .replace("L", " ")
                .strip()
                .split("\\s+");
        double[][] p = new double[tokens.length / 2][];
        for (int i = 0; i < p.length; i++) {
            p[i] = new double[] {Double.parseDouble(tokens[2 * i]), Double.parseDouble(tokens[2 * i + 1])};
        }
        return p;
    }

    @Test
    void theSvgPlotHasACurvePerAlgorithmWithItsMedianAndP99MarkedWhereTheJsonPutsThem() throws Exception {
        Path svg = dir.resolve("latency.svg");
        List<String> algs = List.of("astar", "jps", "jpsplus", "theta");
        CliRun run = CliRun.of(
                "scen",
                "--alg",
                String.join(",", algs),
                "--json",
                "--plot",
                svg.toString(),
                threeMaps().toString());
        assertEquals(0, run.status(), run::toString);
        Map<String, Object> json = ScenCommandTest.json(run);
        assertEquals(svg.toString(), json.get("plot"));
        Document doc = xml(svg);
        Element root = doc.getDocumentElement();
        assertEquals("svg", root.getLocalName());
        assertEquals(LatencyPlot.DEFAULT_WIDTH, (int) attr(root, "width"));
        assertEquals(LatencyPlot.DEFAULT_HEIGHT, (int) attr(root, "height"));

        List<Element> paths = elements(doc, "path");
        assertEquals(algs, paths.stream().map(p -> p.getAttribute("data-alg")).toList(), "one path per algorithm");
        assertEquals(
                algs.size(),
                paths.stream().map(p -> p.getAttribute("stroke")).distinct().count(),
                "distinct colours");
        Map<String, Element> medians = new HashMap<>();
        Map<String, Element> p99s = new HashMap<>();
        for (Element c : elements(doc, "circle")) {
            if (c.getAttribute("class").equals("median")) {
                medians.put(c.getAttribute("data-alg"), c);
            }
        }
        for (Element c : elements(doc, "polygon")) {
            if (c.getAttribute("class").equals("p99")) {
                p99s.put(c.getAttribute("data-alg"), c);
            }
        }
        assertEquals(algs.size(), medians.size(), "a median mark per curve");
        assertEquals(algs.size(), p99s.size(), "a p99 mark per curve");

        // the time axis from its decade labels: log10(seconds) = e0 + (x - x0) / perDecade
        List<double[]> ticks = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (Element t : elements(doc, "text")) {
            texts.add(t.getTextContent());
            if (DECADE.matcher(t.getTextContent()).matches()) {
                ticks.add(new double[] {attr(t, "x"), exponentOf(t.getTextContent())});
            }
        }
        assertTrue(ticks.size() >= 2, () -> "decade labels in " + texts);
        double x0 = ticks.getFirst()[0];
        double e0 = ticks.getFirst()[1];
        // from the first and last labels, whose x (written to a tenth of a pixel) err least relatively
        double perDecade = (ticks.getLast()[0] - x0) / (ticks.getLast()[1] - e0);
        for (int i = 1; i < ticks.size(); i++) {
            assertTrue(ticks.get(i)[1] > ticks.get(i - 1)[1], "decade labels ascend: " + texts);
            assertEquals(x0 + (ticks.get(i)[1] - e0) * perDecade, ticks.get(i)[0], 0.15, "a log scale: " + texts);
        }
        assertTrue(texts.containsAll(algs), () -> "the legend names every algorithm: " + texts);

        for (Object o : MiniJson.array(json.get("results"))) {
            Map<String, Object> r = MiniJson.object(o);
            String alg = (String) r.get("alg");
            int n = (int) MiniJson.number(r.get("problems"));
            assertEquals(
                    10 + Fixtures.MAP_B_PROBLEMS.size() + Fixtures.MAP_C_PROBLEMS.size(), n, "every query of the run");
            double[][] curve = points(paths.get(algs.indexOf(alg)));
            double bottom = curve[0][1];
            double top = curve[curve.length - 1][1];
            assertTrue(top < bottom, "the curve rises");
            // the curve starts at the fastest query and ends at the slowest
            assertEquals(
                    Math.log10(MiniJson.number(r.get("minSeconds"))),
                    e0 + (curve[0][0] - x0) / perDecade,
                    AXIS_READING);
            // the last rise is drawn at the first time within its quarter pixel
            assertEquals(
                    Math.log10(MiniJson.number(r.get("maxSeconds"))),
                    e0 + (curve[curve.length - 1][0] - x0) / perDecade,
                    0.26 / perDecade + AXIS_READING);
            for (int i = 1; i < curve.length; i++) {
                assertTrue(curve[i][0] >= curve[i - 1][0] && curve[i][1] <= curve[i - 1][1], "a cumulative step curve");
            }
            Element median = medians.get(alg);
            double mx = attr(median, "cx");
            double my = attr(median, "cy");
            assertEquals(
                    Math.log10(MiniJson.number(r.get("medianSeconds"))), e0 + (mx - x0) / perDecade, AXIS_READING, alg);
            assertEquals((double) QueryTimes.nearestRank(n, 50) / n, (bottom - my) / (bottom - top), 1e-3, alg);
            assertOnCurve(curve, mx, my, alg + " median");
            String[] corners = p99s.get(alg).getAttribute("points").split("[ ,]");
            // the diamond's top and bottom corners share the mark's x; its left and right its y
            double px = Double.parseDouble(corners[0]);
            double py = Double.parseDouble(corners[3]);
            assertEquals(
                    Math.log10(MiniJson.number(r.get("p99Seconds"))), e0 + (px - x0) / perDecade, AXIS_READING, alg);
            assertEquals((double) QueryTimes.nearestRank(n, 99) / n, (bottom - py) / (bottom - top), 1e-3, alg);
            assertOnCurve(curve, px, py, alg + " p99");
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(
                    List.of(),
                    files.filter(f -> f.getFileName().toString().endsWith(".tmp"))
                            .toList(),
                    "no temp file left");
        }
    }

    /** Whether a rise of the step curve at {@code x} (within a pixel's quarter) passes through {@code y}. */
    private static void assertOnCurve(double[][] curve, double x, double y, String what) {
        for (int i = 1; i < curve.length; i++) {
            boolean rise = curve[i][0] == curve[i - 1][0];
            if (rise && Math.abs(curve[i][0] - x) <= 0.26 && y <= curve[i - 1][1] + 0.01 && y >= curve[i][1] - 0.01) {
                return;
            }
        }
        throw new AssertionError(what + " mark (" + x + ", " + y + ") is on no rise of its curve");
    }

    @Test
    void thePngPlotDecodesAtTheRequestedSizeWithEveryCurvesColour() throws IOException {
        Path png = dir.resolve("latency.png");
        CliRun run = CliRun.of(
                "scen",
                "--alg",
                "astar,jps,theta",
                "--plot",
                png.toString(),
                "--plot-size",
                "640x400",
                threeMaps().toString());
        assertEquals(0, run.status(), run::toString);
        assertTrue(run.out().contains("plot: " + png + " (640 x 400 pixels)"), run::toString);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(640, image.getWidth());
        assertEquals(400, image.getHeight());
        for (int i = 0; i < 3; i++) {
            int rgb = LatencyPlot.PALETTE[i];
            int near = 0;
            for (int y = 0; y < image.getHeight(); y++) {
                for (int x = 0; x < image.getWidth(); x++) {
                    if (close(image.getRGB(x, y), rgb)) {
                        near++;
                    }
                }
            }
            assertTrue(near >= 20, "curve and legend in colour " + i + ": " + near + " pixels");
        }
    }

    @Test
    void aPlotIsDrawnWhenDisplayNamesNoReachableScreen() throws Exception {
        Path scen = Fixtures.mapA(dir.resolve("a"), "a.map");
        Path png = dir.resolve("headless.png");
        ProcessBuilder pb = new ProcessBuilder(
                        CliRun.javaCommand(),
                        "-cp",
                        CliRun.classPath(),
                        OnePathCli.class.getName(),
                        "scen",
                        "--plot",
                        png.toString(),
                        scen.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.txt").toFile());
        // an X display no server listens on: drawing must not try to reach it
        pb.environment().put("DISPLAY", "127.0.0.1:97");
        Process child = pb.start();
        assertTrue(child.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "the run ended");
        String out = Files.readString(dir.resolve("out.txt"));
        assertEquals(0, child.exitValue(), out);
        assertEquals(LatencyPlot.DEFAULT_WIDTH, ImageIO.read(png.toFile()).getWidth(), out);
    }

    private static boolean close(int a, int b) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs((a >> shift & 255) - (b >> shift & 255)) > 24) {
                return false;
            }
        }
        return true;
    }

    @Test
    void everyDecadeLabelIsInMicroMilliOrWholeSeconds() {
        assertEquals("0.001 us", LatencyPlot.decadeLabel(-9));
        assertEquals("0.1 us", LatencyPlot.decadeLabel(-7));
        assertEquals("1 us", LatencyPlot.decadeLabel(-6));
        assertEquals("100 us", LatencyPlot.decadeLabel(-4));
        assertEquals("1 ms", LatencyPlot.decadeLabel(-3));
        assertEquals("10 ms", LatencyPlot.decadeLabel(-2));
        assertEquals("1 s", LatencyPlot.decadeLabel(0));
        assertEquals("10 s", LatencyPlot.decadeLabel(1));
        for (int e = -9; e <= 2; e++) {
            assertEquals(e, exponentOf(LatencyPlot.decadeLabel(e)), LatencyPlot.decadeLabel(e));
        }
    }

    // ---- bad plot requests ----

    @Test
    void aPlotNameWithAnotherExtensionIsOneLineAndWritesNothing() throws IOException {
        Path scen = Fixtures.mapA(dir.resolve("a"), "a.map");
        Path jpg = dir.resolve("latency.jpg");
        String line =
                CliRun.of("scen", "--plot", jpg.toString(), scen.toString()).assertBadInput();
        assertTrue(line.contains(jpg.toString()) && line.contains("expected a file name ending in .svg or .png"), line);
        assertFalse(Files.exists(jpg));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(dir.resolve("a")), files.toList(), "nothing written beside it");
        }
    }

    @Test
    void anUnwritablePlotPathIsOneLineNamingItAndTheFolderAndWritesNothing() throws IOException {
        Path scen = Fixtures.mapA(dir.resolve("a"), "a.map");
        Path missing = dir.resolve("no/such/folder/latency.svg");
        String noFolder =
                CliRun.of("scen", "--plot", missing.toString(), scen.toString()).assertBadInput();
        assertTrue(noFolder.contains(missing.toString()) && noFolder.contains("does not exist"), noFolder);
        assertFalse(Files.exists(dir.resolve("no")));

        Path file = Fixtures.write(dir.resolve("plain.txt"), "not a folder\n");
        Path under = file.resolve("latency.png");
        String notFolder =
                CliRun.of("scen", "--plot", under.toString(), scen.toString()).assertBadInput();
        assertTrue(notFolder.contains(under.toString()) && notFolder.contains("is not a folder"), notFolder);
        assertEquals("not a folder\n", Files.readString(file));

        Path folder = Files.createDirectory(dir.resolve("taken.svg"));
        String isFolder =
                CliRun.of("scen", "--plot", folder.toString(), scen.toString()).assertBadInput();
        assertTrue(isFolder.contains(folder.toString()) && isFolder.contains("is a folder"), isFolder);
        try (Stream<Path> inside = Files.list(folder)) {
            assertEquals(0, inside.count());
        }
    }

    @Test
    void aFailedRunLeavesAnOldPlotAsItWas() throws IOException {
        Path old = Fixtures.write(dir.resolve("latency.svg"), "<svg/>\n");
        String line = CliRun.of(
                        "scen",
                        "--plot",
                        old.toString(),
                        dir.resolve("missing.scen").toString())
                .assertBadInput();
        assertTrue(line.contains("missing.scen"), line);
        assertEquals("<svg/>\n", Files.readString(old));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(old), files.toList(), "no temporary file left");
        }
    }

    @Test
    void aBadPlotSizeIsOneLineNamingItAndTheBounds() {
        Path scen = Fixtures.mapA(dir.resolve("a"), "a.map");
        for (String size : List.of("960", "960x", "x600", "wide", "960x600x2")) {
            String line =
                    CliRun.of("scen", "--plot-size", size, scen.toString()).assertBadInput();
            assertTrue(line.contains("'" + size + "'") && line.contains("WIDTHxHEIGHT"), line);
        }
        for (String size : List.of("100x600", "960x100", "9000x600")) {
            String line =
                    CliRun.of("scen", "--plot-size", size, scen.toString()).assertBadInput();
            assertTrue(line.contains(size) && line.contains("480 to 8192"), line);
        }
    }
}
