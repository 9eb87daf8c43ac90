package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.io.MovingAiMap;

/** {@code onepath render} and the picture {@code onepath demo} writes, read back pixel by pixel. */
class RenderCommandTest {
    @TempDir
    Path dir;

    private static Path movingAi(String relative) {
        String property = System.getProperty("onepath.data");
        Path root = property == null || property.isBlank() ? Path.of("../../shared/data") : Path.of(property);
        Path file = root.resolve("movingai").resolve(relative);
        assumeTrue(
                Files.isRegularFile(file),
                () -> "Moving AI data not found: " + file.toAbsolutePath().normalize()
                        + " is missing (set -Donepath.data to the shared data root); skipping the Moving AI picture");
        return file;
    }

    private static int rgb(BufferedImage img, int x, int y) {
        return img.getRGB(x, y) & 0xFFFFFF;
    }

    private static boolean dark(int rgb) {
        return ((rgb >> 16) & 255) < 64 && ((rgb >> 8) & 255) < 64 && (rgb & 255) < 64;
    }

    @Test
    void aJpsPictureOfAMovingAiMapShowsThePathOnItsCellsAndDarkWalls() throws IOException {
        Path map = movingAi("dao/den101d.map");
        // The last problem of the map's scenario file: (59, 3) -> (3, 33).
        Path png = dir.resolve("den.png");
        CliRun run = CliRun.of(
                "render", map.toString(), "--from", "59,3", "--to", "3,33", "--alg", "jps", "--out", png.toString());
        assertEquals(0, run.status(), run::toString);
        assertTrue(run.out().contains(png.toString()), run::toString);
        BufferedImage img = ImageIO.read(png.toFile());
        try (Grid grid = MovingAiMap.read(map).toGrid()) {
            int w = grid.width();
            int h = grid.height();
            int s = Math.min(16, 1024 / Math.max(w, h)); // whole pixels per cell, within 1024
            assertEquals(w * s, img.getWidth());
            assertEquals(h * s, img.getHeight());
            GridPath jps = grid.findPath(
                    new Cell(59, 3),
                    new Cell(3, 33),
                    GridOptions.builder()
                            .algorithm(GridAlgorithm.JPS)
                            .recordExpansions(true)
                            .build());
            assertTrue(jps.found());
            Set<Cell> onPath = new HashSet<>(jps.cells());
            List<Cell> cells = jps.cells();
            // The ends are discs several cells wide: their centres carry the end's colour, and
            // the cells they cover are left out of the checks below.
            int r = Math.max(6, s + s / 2) + 1;
            Cell start = cells.getFirst();
            Cell goal = cells.getLast();
            assertEquals(MapPicture.START_RGB, rgb(img, start.x() * s + s / 2, start.y() * s + s / 2));
            assertEquals(MapPicture.GOAL_RGB, rgb(img, goal.x() * s + s / 2, goal.y() * s + s / 2));
            java.util.function.BiPredicate<Integer, Integer> underMark = (px, py) -> {
                for (Cell e : List.of(start, goal)) {
                    int dx = px - (e.x() * s + s / 2);
                    int dy = py - (e.y() * s + s / 2);
                    if (dx * dx + dy * dy <= r * r) {
                        return true;
                    }
                }
                return false;
            };
            for (Cell c : cells) {
                for (int dy = 0; dy < s; dy++) {
                    for (int dx = 0; dx < s; dx++) {
                        int px = c.x() * s + dx;
                        int py = c.y() * s + dy;
                        if (!underMark.test(px, py)) {
                            assertEquals(MapPicture.PATH_RGB, rgb(img, px, py), "path cell " + c);
                        }
                    }
                }
            }
            int walls = 0;
            int expandedSeen = 0;
            Set<Cell> expanded = new HashSet<>(jps.expandedCells());
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    int p = rgb(img, x * s + s / 2, y * s + s / 2);
                    Cell c = new Cell(x, y);
                    if (underMark.test(x * s + s / 2, y * s + s / 2)) {
                        continue;
                    }
                    if (!grid.isWalkable(x, y)) {
                        assertTrue(dark(p), "wall " + c + " is dark, was " + Integer.toHexString(p));
                        walls++;
                    } else if (onPath.contains(c)) {
                        assertTrue(p == MapPicture.PATH_RGB || p == MapPicture.START_RGB || p == MapPicture.GOAL_RGB);
                    } else if (expanded.contains(c)) {
                        assertTrue(p != MapPicture.OPEN_RGB && !dark(p), "expanded " + c);
                        expandedSeen++;
                    } else {
                        assertEquals(MapPicture.OPEN_RGB, p, "open cell " + c);
                    }
                }
            }
            assertTrue(walls > 100, "walls " + walls);
            assertTrue(expandedSeen > 0);
            // Shading follows expansion order: the first expanded jump point off the path is lighter than the last.
            Cell first = null;
            Cell last = null;
            for (Cell c : jps.expandedCells()) {
                if (!onPath.contains(c)) {
                    first = first == null ? c : first;
                    last = c;
                }
            }
            if (first != null && !first.equals(last)) {
                assertTrue(luminance(rgb(img, first.x() * s, first.y() * s))
                        > luminance(rgb(img, last.x() * s, last.y() * s)));
            }
        }
    }

    private static int luminance(int rgb) {
        return 3 * ((rgb >> 16) & 255) + 6 * ((rgb >> 8) & 255) + (rgb & 255);
    }

    private Path writeMap(String name, int w, int h, String rows) throws IOException {
        StringBuilder b = new StringBuilder("type octile\nheight " + h + "\nwidth " + w + "\nmap\n");
        b.append(rows);
        Path file = dir.resolve(name);
        Files.writeString(file, b.toString());
        return file;
    }

    @Test
    void largeMapsGetWholeCellsPerPixel() throws IOException {
        int w = 2100;
        int h = 9;
        StringBuilder rows = new StringBuilder();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                rows.append(y >= 3 && y <= 5 && x > 0 && x < w - 1 && x % 500 != 0 ? '@' : '.');
            }
            rows.append('\n');
        }
        Path map = writeMap("wide.map", w, h, rows.toString());
        Path png = dir.resolve("wide.png");
        CliRun run = CliRun.of("render", map.toString(), "--from", "0,0", "--to", "2099,8", "--out", png.toString());
        assertEquals(0, run.status(), run::toString);
        BufferedImage img = ImageIO.read(png.toFile());
        int k = (w + 1023) / 1024; // 3 cells per pixel
        assertEquals((w + k - 1) / k, img.getWidth());
        assertEquals((h + k - 1) / k, img.getHeight());
        assertTrue(run.out().contains(k + " cells per pixel"), run::toString);
        assertEquals(MapPicture.START_RGB, rgb(img, 0, 0));
        assertEquals(MapPicture.GOAL_RGB, rgb(img, 2099 / k, 8 / k));
        assertTrue(dark(rgb(img, 100, 4 / k)), "a block of wall cells (rows 3-5) is dark");
        assertTrue(!dark(rgb(img, 100, 0)), "a block of open cells is not dark");
    }

    @Test
    void svgPicturesAndEveryAlgorithm() throws IOException {
        Path map = writeMap("small.map", 12, 6, """
                ............
                ....@@@@....
                ....@..@....
                ....@..@....
                ............
                ............
                """);
        for (String alg : List.of(
                "astar",
                "generic-astar",
                "jps",
                "generic-jps",
                "jpsplus",
                "generic-jpsplus",
                "jps-improved",
                "jpsplus-improved",
                "theta",
                "lazytheta")) {
            Path svg = dir.resolve(alg + ".svg");
            CliRun run = CliRun.of(
                    "render", map.toString(), "--from", "0,2", "--to", "11,3", "--alg", alg, "--out", svg.toString());
            assertEquals(0, run.status(), run::toString);
            String text = Files.readString(svg);
            assertTrue(text.startsWith("<svg") && text.strip().endsWith("</svg>"), alg);
            assertTrue(
                    text.contains("<polyline points=\"0.5,2.5 "),
                    alg + ": the path starts at the start's centre\n" + text);
            assertTrue(text.contains("11.5,3.5\""), alg + ": and ends at the goal's");
            assertTrue(text.contains("fill=\"#202020\""), alg + ": walls");
            Path png = dir.resolve(alg + ".png");
            assertEquals(
                    0,
                    CliRun.of(
                                    "render",
                                    map.toString(),
                                    "--from",
                                    "0,2",
                                    "--to",
                                    "11,3",
                                    "--alg",
                                    alg,
                                    "--out",
                                    png.toString())
                            .status());
            assertEquals(12 * 16, ImageIO.read(png.toFile()).getWidth());
        }
    }

    @Test
    void badInputIsOneLineNamingTheValue() throws IOException {
        Path map = writeMap("tiny.map", 4, 3, "....\n.@..\n....\n");
        String m = map.toString();
        String out = dir.resolve("x.png").toString();
        assertTrue(CliRun.of("render", m, "--from", "1;2", "--to", "3,2", "--out", out)
                .assertBadInput()
                .contains("'1;2'"));
        assertTrue(CliRun.of("render", m, "--from", "0,0", "--to", "x,2", "--out", out)
                .assertBadInput()
                .contains("'x,2'"));
        assertTrue(CliRun.of("render", m, "--from", "9,0", "--to", "3,2", "--out", out)
                .assertBadInput()
                .contains("(9, 0)"));
        assertTrue(CliRun.of("render", m, "--from", "1,1", "--to", "3,2", "--out", out)
                .assertBadInput()
                .contains("wall"));
        assertTrue(CliRun.of("render", m, "--from", "0,0", "--to", "3,2", "--alg", "dijkstra", "--out", out)
                .assertBadInput()
                .contains("'dijkstra'"));
        assertTrue(CliRun.of("render", m, "--from", "0,0", "--to", "3,2", "--alg", "flow", "--out", out)
                .assertBadInput()
                .contains("flow"));
        assertTrue(CliRun.of("render", m, "--from", "0,0", "--to", "3,2", "--alg", "astar,jps", "--out", out)
                .assertBadInput()
                .contains("astar,jps"));
        assertTrue(CliRun.of(
                        "render",
                        m,
                        "--from",
                        "0,0",
                        "--to",
                        "3,2",
                        "--out",
                        dir.resolve("x.gif").toString())
                .assertBadInput()
                .contains("x.gif"));
        assertTrue(CliRun.of("render", dir.resolve("none.map").toString(), "--from", "0,0", "--to", "3,2")
                .assertBadInput()
                .contains("none.map"));
        Path broken = dir.resolve("broken.map");
        Files.writeString(broken, "type octile\nheight 2\nwidth 2\nmap\n..\n");
        assertTrue(CliRun.of("render", broken.toString(), "--from", "0,0", "--to", "1,1", "--out", out)
                .assertBadInput()
                .contains("broken.map"));
        assertTrue(CliRun.of("render", m, "--to", "3,2").assertBadInput().contains("--from"));
    }

    @Test
    void demoWritesAPictureAndSaysWhere() throws IOException {
        Path png = dir.resolve("demo.png");
        CliRun run = CliRun.of("demo", "--size", "64", "--queries", "5", "--seed", "2", "--picture", png.toString());
        assertEquals(0, run.status(), run::toString);
        assertTrue(
                run.outLines().stream()
                        .anyMatch(l -> l.startsWith("picture: ")
                                && l.contains(png.toAbsolutePath().toString())),
                run::toString);
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(64 * 16, img.getWidth());
        assertEquals(64 * 16, img.getHeight());
    }
}
