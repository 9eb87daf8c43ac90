package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;

/** {@code onepath demo} and the seeded map it runs on. */
class DemoCommandTest {

    /** Columns of a demo table row. */
    record Row(String alg, int queries, int found, double meanUs, double meanExpanded, double preprocessMs) {}

    private static Row row(CliRun run, String alg) {
        List<Row> rows = run.outLines().stream()
                .map(l -> l.strip().split("\\s+"))
                .filter(f -> f.length == 6 && f[0].equals(alg))
                .map(f -> new Row(
                        f[0],
                        Integer.parseInt(f[1]),
                        Integer.parseInt(f[2]),
                        Double.parseDouble(f[3]),
                        Double.parseDouble(f[4]),
                        Double.parseDouble(f[5])))
                .toList();
        assertEquals(1, rows.size(), () -> "one row for " + alg + " in\n" + run);
        return rows.getFirst();
    }

    @Test
    void demoRunsEveryAlgorithmAndTheyAgree() {
        CliRun run = CliRun.of("demo", "--size", "64", "--queries", "20", "--seed", "3");
        assertEquals(0, run.status(), run::toString);
        assertEquals("", run.err());
        assertTrue(run.outLines().getFirst().contains("64 x 64"), run::toString);
        assertTrue(run.outLines().getFirst().contains("seed 3"), run::toString);
        List<String> names = Algorithms.demo().stream().map(Algorithm::name).toList();
        assertTrue(names.containsAll(List.of("astar", "generic-astar")), names::toString);
        for (String alg : names) {
            Row r = row(run, alg);
            assertEquals(20, r.queries());
            // Every open cell of the generated map is reachable (see oneConnectedRegion), so
            // every query between open cells has a path.
            assertEquals(20, r.found(), alg);
            assertTrue(r.meanExpanded() >= 0 && r.meanUs() >= 0 && r.preprocessMs() >= 0, run::toString);
        }
        // the hex grid holds the same cells; every open cell is reachable there too
        Row hex = row(run, DemoCommand.HEX_ROW);
        assertEquals(20, hex.queries());
        assertEquals(20, hex.found());
        assertTrue(hex.meanExpanded() > 0 && hex.meanUs() >= 0 && hex.preprocessMs() >= 0, run::toString);
        assertTrue(
                run.out().contains(DemoCommand.HEX_ROW + ": the same cells as a hex grid (pointy odd row)"),
                run::toString);
        // the voxel rows: A*, jump point search and the hierarchy on the same voxel queries; a
        // disagreement (another cost, or the hierarchy missing a path or undercutting A*) would be
        // printed and would fail the run
        assertTrue(run.out().contains("voxel world: 32 x 48 x 32 pillars and decks"), run::toString);
        Row voxelAStar = row(run, DemoCommand.VOXEL_ROWS.get(0));
        Row voxelJps = row(run, DemoCommand.VOXEL_ROWS.get(1));
        Row voxelHpa = row(run, "voxel-hpa");
        assertEquals(20, voxelAStar.queries());
        assertEquals(20, voxelJps.queries());
        assertEquals(20, voxelHpa.queries());
        assertTrue(voxelAStar.found() > 0, run::toString);
        assertEquals(voxelAStar.found(), voxelJps.found(), run::toString);
        assertEquals(voxelAStar.found(), voxelHpa.found(), run::toString);
        assertTrue(voxelJps.meanExpanded() < voxelAStar.meanExpanded(), run::toString);
        assertTrue(voxelHpa.meanExpanded() < voxelAStar.meanExpanded(), run::toString);
        assertTrue(voxelHpa.preprocessMs() > 0, "the first query builds the hierarchy: " + run);
        assertTrue(run.out().contains("voxel-hpa: the chunk hierarchy"), run::toString);
        assertEquals(
                "All " + names.size() + " algorithms agree on every cost.",
                run.outLines().getLast());
        assertTrue(run.outLines().stream().noneMatch(l -> l.startsWith("disagreement")), run::toString);
    }

    @Test
    void voxelQueriesAreCappedWhateverTheQueryCount() {
        CliRun run = CliRun.of("demo", "--size", "32", "--queries", "80", "--seed", "2");
        assertEquals(0, run.status(), run::toString);
        assertEquals(80, row(run, "astar").queries());
        for (String voxel : DemoCommand.VOXEL_ROWS) {
            assertEquals(DemoCommand.MAX_VOXEL_QUERIES, row(run, voxel).queries(), voxel);
        }
    }

    @Test
    void voxelWorldIsSeededWithSolidGroundAndOpenAir() {
        try (org.onepath.VoxelGrid a = PillarsAndDecks.generate(64, 9);
                org.onepath.VoxelGrid b = PillarsAndDecks.generate(64, 9);
                org.onepath.VoxelGrid c = PillarsAndDecks.generate(64, 10)) {
            assertEquals(64, a.sizeX());
            assertEquals(PillarsAndDecks.HEIGHT, a.sizeY());
            assertEquals(64, a.sizeZ());
            int differFromC = 0;
            int solidAbove = 0;
            for (int z = 0; z < 64; z++) {
                for (int x = 0; x < 64; x++) {
                    assertFalse(a.isWalkable(x, 0, z), "ground at (" + x + ", 0, " + z + ")");
                    // the top layers are open air: pillars stop 8 below it, decks 8, walls 4
                    assertTrue(a.isWalkable(x, PillarsAndDecks.HEIGHT - 1, z), "air at (" + x + ", top, " + z + ")");
                    for (int y = 1; y < PillarsAndDecks.HEIGHT; y++) {
                        assertEquals(a.isWalkable(x, y, z), b.isWalkable(x, y, z));
                        if (a.isWalkable(x, y, z) != c.isWalkable(x, y, z)) {
                            differFromC++;
                        }
                        if (!a.isWalkable(x, y, z)) {
                            solidAbove++;
                        }
                    }
                }
            }
            assertTrue(differFromC > 0, "seeds 9 and 10 give different worlds");
            assertTrue(solidAbove > 1000, "pillars, decks and walls: " + solidAbove + " solid voxels");
        }
        assertThrows(IllegalArgumentException.class, () -> PillarsAndDecks.generate(31, 1));
    }

    @Test
    void demoQueriesDependOnlyOnTheSeed() {
        CliRun a = CliRun.of("demo", "--size", "96", "--queries", "15", "--seed", "11");
        CliRun b = CliRun.of("demo", "--size", "96", "--queries", "15", "--seed", "11");
        assertEquals(0, a.status(), a::toString);
        assertEquals(0, b.status(), b::toString);
        for (Algorithm alg0 : Algorithms.demo()) {
            String alg = alg0.name();
            assertEquals(row(a, alg).meanExpanded(), row(b, alg).meanExpanded(), "expansions of " + alg);
        }
        assertEquals(
                row(a, DemoCommand.HEX_ROW).meanExpanded(),
                row(b, DemoCommand.HEX_ROW).meanExpanded());
        for (String voxel : DemoCommand.VOXEL_ROWS) {
            assertEquals(row(a, voxel).meanExpanded(), row(b, voxel).meanExpanded(), "expansions of " + voxel);
        }
    }

    @Test
    void demoRejectsBadSizesAndQueryCounts() {
        assertTrue(CliRun.of("demo", "--size", "10").assertBadInput().contains("--size"));
        assertTrue(CliRun.of("demo", "--size", "31").assertBadInput().contains("--size"));
        assertTrue(CliRun.of("demo", "--size", "16385").assertBadInput().contains("--size"));
        assertTrue(CliRun.of("demo", "--size", "64", "--queries", "0")
                .assertBadInput()
                .contains("--queries"));
        assertTrue(CliRun.of("demo", "--size", "64", "--queries", "100001")
                .assertBadInput()
                .contains("--queries"));
    }

    @Test
    void smallestSizeWorks() {
        CliRun run = CliRun.of("demo", "--size", "32", "--queries", "5", "--seed", "0");
        assertEquals(0, run.status(), run::toString);
        assertEquals(5, row(run, "astar").found());
    }

    @Test
    void sameSeedGivesTheSameMap() {
        try (Grid a = RoomsAndCorridors.generate(128, 5);
                Grid b = RoomsAndCorridors.generate(128, 5);
                Grid c = RoomsAndCorridors.generate(128, 6)) {
            assertEquals(128, a.width());
            assertEquals(128, a.height());
            int differFromC = 0;
            int open = 0;
            for (int y = 0; y < 128; y++) {
                for (int x = 0; x < 128; x++) {
                    assertEquals(a.area(x, y), b.area(x, y), "cell (" + x + "," + y + ")");
                    assertEquals(a.isWalkable(x, y), b.isWalkable(x, y), "cell (" + x + "," + y + ")");
                    if (a.isWalkable(x, y) != c.isWalkable(x, y)) {
                        differFromC++;
                    }
                    if (a.isWalkable(x, y)) {
                        open++;
                    }
                }
            }
            assertTrue(differFromC > 0, "seeds 5 and 6 give different maps");
            // 16 rooms of at least 10 x 10 cells, less at most 3 pillars of 2 cells each.
            assertTrue(open >= 16 * (100 - 6), "open cells " + open);
        }
    }

    @Test
    void oneConnectedRegion() {
        // Every room is joined to its east neighbour and the first column to the south, by
        // corridors carved after the pillars, so all open cells form one 4-connected region.
        for (long seed : new long[] {1, 3, 5, 42}) {
            for (int size : new int[] {32, 64, 100, 128}) {
                try (Grid g = RoomsAndCorridors.generate(size, seed)) {
                    assertEquals(1, regions(g), "size " + size + " seed " + seed);
                    for (int i = 0; i < size; i++) {
                        assertFalse(
                                g.isWalkable(i, 0) || g.isWalkable(0, i),
                                "border open, size " + size + " seed " + seed);
                    }
                }
            }
        }
    }

    @Test
    void theHexGridHoldsTheSameCells() {
        try (Grid g = RoomsAndCorridors.generate(96, 7);
                org.onepath.HexGrid hex = DemoCommand.toHex(g)) {
            assertEquals(96, hex.width());
            assertEquals(96, hex.height());
            assertEquals(DemoCommand.HEX_LAYOUT, hex.layout());
            for (int y = 0; y < 96; y++) {
                for (int x = 0; x < 96; x++) {
                    assertEquals(g.area(x, y), hex.area(x, y), "cell (" + x + "," + y + ")");
                }
            }
            assertEquals(96, hex.version(), "one rectangle edit per row");
        }
    }

    @Test
    void generateRejectsSmallSizes() {
        assertThrows(IllegalArgumentException.class, () -> RoomsAndCorridors.generate(31, 1));
    }

    /** Number of 4-connected regions of open cells. */
    private static int regions(Grid g) {
        int w = g.width();
        int h = g.height();
        boolean[] seen = new boolean[w * h];
        int regions = 0;
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        for (int y0 = 0; y0 < h; y0++) {
            for (int x0 = 0; x0 < w; x0++) {
                if (!g.isWalkable(x0, y0) || seen[y0 * w + x0]) {
                    continue;
                }
                regions++;
                seen[y0 * w + x0] = true;
                queue.add(new int[] {x0, y0});
                while (!queue.isEmpty()) {
                    int[] c = queue.poll();
                    int[][] next = {{c[0] + 1, c[1]}, {c[0] - 1, c[1]}, {c[0], c[1] + 1}, {c[0], c[1] - 1}};
                    for (int[] n : next) {
                        if (g.contains(n[0], n[1]) && g.isWalkable(n[0], n[1]) && !seen[n[1] * w + n[0]]) {
                            seen[n[1] * w + n[0]] = true;
                            queue.add(n);
                        }
                    }
                }
            }
        }
        return regions;
    }

    @Test
    void thePictureShowsTheSmoothedPath(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path svg = dir.resolve("demo.svg");
        CliRun run = CliRun.of("demo", "--size", "64", "--queries", "5", "--seed", "3", "--picture", svg.toString());
        assertEquals(0, run.status(), run::toString);
        String line = run.outLines().stream()
                .filter(l -> l.startsWith("smoothed: "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no smoothed line in\n" + run));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "smoothed: (\\d+) cells -> (\\d+) waypoints, cost ([0-9.]+) -> ([0-9.]+)")
                .matcher(line);
        assertTrue(m.matches(), line);
        int cells = Integer.parseInt(m.group(1));
        int waypoints = Integer.parseInt(m.group(2));
        assertTrue(waypoints >= 2 && waypoints < cells, line);
        assertTrue(Double.parseDouble(m.group(4)) <= Double.parseDouble(m.group(3)), line);
        assertTrue(run.out().contains(MapPicture.SMOOTHED_LEGEND), run::toString);
        String text = java.nio.file.Files.readString(svg);
        assertTrue(text.contains("<polyline id=\"smoothed\""), "the smoothed line is drawn");
        assertEquals(waypoints, text.split("class=\"waypoint\"", -1).length - 1, "one mark per waypoint");
        assertTrue(text.contains(MapPicture.SMOOTHED_LEGEND), "the title names the smoothed line");
    }

    @Test
    void smoothedWaypointsAreMarkedInTheImage() {
        try (Grid grid = Grid.create(20, 20)) {
            int w = grid.width();
            int[] path = new int[11];
            for (int i = 0; i <= 10; i++) {
                path[i] = i * w + i; // the diagonal (0,0) .. (10,10)
            }
            int[] smoothed = {0, 5 * w + 5, 10 * w + 10};
            MapPicture with = new MapPicture(grid, path, false, new int[0], smoothed);
            MapPicture without = new MapPicture(grid, path, false, new int[0]);
            // (5,5) is a waypoint: teal over the red path; a cell of the line between, (3,3), too
            java.awt.image.BufferedImage img = with.image();
            assertEquals(MapPicture.SMOOTHED_RGB, img.getRGB(with.centrePixel(5), with.centrePixel(5)) & 0xFFFFFF);
            assertEquals(MapPicture.SMOOTHED_RGB, img.getRGB(with.centrePixel(3), with.centrePixel(3)) & 0xFFFFFF);
            java.awt.image.BufferedImage plain = without.image();
            assertEquals(MapPicture.PATH_RGB, plain.getRGB(without.centrePixel(5), without.centrePixel(5)) & 0xFFFFFF);
            // off the path nothing changes
            assertEquals(
                    plain.getRGB(without.centrePixel(15), without.centrePixel(2)),
                    img.getRGB(with.centrePixel(15), with.centrePixel(2)));
        }
    }
}
