package org.onepath.cli;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.onepath.Grid;

/**
 * A picture of a grid and one search: walls dark, open cells light (other areas a little
 * darker), the expanded cells shaded from light to deep blue by expansion order, the path red,
 * start and goal marked. Written as PNG (javax.imageio) or SVG (text).
 *
 * <p>Scale: a map up to {@link #TARGET_PIXELS} cells a side gets whole pixels per cell, the most
 * that keep the picture within {@link #TARGET_PIXELS} (at most {@link #MAX_PIXELS_PER_CELL});
 * a larger map gets whole cells per pixel, the fewest that fit, and a pixel shows the most
 * telling thing of its block: path, then expansion (the earliest), then wall when most of the
 * block is wall.
 */
final class MapPicture {
    /** The side the scale aims for, in pixels. */
    static final int TARGET_PIXELS = 1024;
    /** Largest number of pixels per cell. */
    static final int MAX_PIXELS_PER_CELL = 16;

    static final int WALL_RGB = 0x202020;
    static final int OPEN_RGB = 0xF4F4EE;
    static final int AREA_RGB = 0xD9D2B8;
    static final int PATH_RGB = 0xE0201C;
    static final int START_RGB = 0x10A040;
    static final int GOAL_RGB = 0xF0A000;
    /** The smoothed path's line and waypoint marks. */
    static final int SMOOTHED_RGB = 0x00A0B0;
    /** The outline of the start and goal marks. */
    static final int MARK_OUTLINE_RGB = 0x000000;

    private static final int EARLY_RGB = 0xC8E2FF;
    private static final int LATE_RGB = 0x2A1E8C;

    /** What the colours mean; printed beside every picture and written into the SVG. */
    static final String LEGEND = "legend: walls dark grey, open cells light, other areas beige, expanded cells"
            + " light blue (first) to deep blue (last), path red, start green disc, goal amber disc";
    /** What the smoothed path looks like, when one is drawn. */
    static final String SMOOTHED_LEGEND = "smoothed path teal line, its waypoints teal squares";

    private final Grid grid;
    private final int[] path;
    private final boolean anyAngle;
    /** Row-major waypoints of a smoothed path drawn over the path, or empty. */
    private final int[] smoothed;
    /** Expansion order per cell, or -1. */
    private final int[] order;

    private final int expandedCount;
    /** Pixels per cell when &gt;= 1; else cells per pixel is {@link #cellsPerPixel}. */
    final int pixelsPerCell;

    final int cellsPerPixel;

    /**
     * @param path     row-major cells of the path (waypoints when {@code anyAngle}); may be empty
     * @param expanded row-major expanded cells in order; may be empty
     */
    MapPicture(Grid grid, int[] path, boolean anyAngle, int[] expanded) {
        this(grid, path, anyAngle, expanded, new int[0]);
    }

    /**
     * @param path     row-major cells of the path (waypoints when {@code anyAngle}); may be empty
     * @param expanded row-major expanded cells in order; may be empty
     * @param smoothed row-major waypoints of the smoothed path, drawn as a teal line over the path
     *                 with a square at each waypoint; may be empty
     */
    MapPicture(Grid grid, int[] path, boolean anyAngle, int[] expanded, int[] smoothed) {
        this.grid = grid;
        this.path = path.clone();
        this.anyAngle = anyAngle;
        this.smoothed = smoothed.clone();
        this.order = new int[grid.cellCount()];
        java.util.Arrays.fill(order, -1);
        for (int i = 0; i < expanded.length; i++) {
            if (order[expanded[i]] < 0) {
                order[expanded[i]] = i;
            }
        }
        this.expandedCount = expanded.length;
        int side = Math.max(grid.width(), grid.height());
        if (side <= TARGET_PIXELS) {
            pixelsPerCell = Math.max(1, Math.min(MAX_PIXELS_PER_CELL, TARGET_PIXELS / side));
            cellsPerPixel = 1;
        } else {
            pixelsPerCell = 1;
            cellsPerPixel = (side + TARGET_PIXELS - 1) / TARGET_PIXELS;
        }
    }

    int pixelWidth() {
        return cellsPerPixel > 1 ? (grid.width() + cellsPerPixel - 1) / cellsPerPixel : grid.width() * pixelsPerCell;
    }

    int pixelHeight() {
        return cellsPerPixel > 1 ? (grid.height() + cellsPerPixel - 1) / cellsPerPixel : grid.height() * pixelsPerCell;
    }

    /** The colour of an expansion: light early, deep late. */
    int expansionRgb(int index) {
        double t = expandedCount <= 1 ? 0 : (double) index / (expandedCount - 1);
        return mix(EARLY_RGB, LATE_RGB, t);
    }

    private static int mix(int a, int b, double t) {
        int r = (int) Math.round(((a >> 16) & 255) * (1 - t) + ((b >> 16) & 255) * t);
        int g = (int) Math.round(((a >> 8) & 255) * (1 - t) + ((b >> 8) & 255) * t);
        int bl = (int) Math.round((a & 255) * (1 - t) + (b & 255) * t);
        return r << 16 | g << 8 | bl;
    }

    /** The colour of one cell without the path. */
    private int cellRgb(MemorySegment cells, int index) {
        int area = cells.get(ValueLayout.JAVA_BYTE, index) & 0xFF;
        if (area == Grid.WALL) {
            return WALL_RGB;
        }
        if (order[index] >= 0) {
            return expansionRgb(order[index]);
        }
        return area == 0 ? OPEN_RGB : AREA_RGB;
    }

    BufferedImage image() {
        int w = grid.width();
        int h = grid.height();
        BufferedImage img = new BufferedImage(pixelWidth(), pixelHeight(), BufferedImage.TYPE_INT_RGB);
        MemorySegment cells = grid.cells();
        if (cellsPerPixel == 1) {
            int s = pixelsPerCell;
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    fill(img, x * s, y * s, s, cellRgb(cells, y * w + x));
                }
            }
        } else {
            int k = cellsPerPixel;
            for (int py = 0; py < img.getHeight(); py++) {
                for (int px = 0; px < img.getWidth(); px++) {
                    int walls = 0;
                    int total = 0;
                    int earliest = Integer.MAX_VALUE;
                    boolean area = false;
                    for (int y = py * k; y < Math.min(h, py * k + k); y++) {
                        for (int x = px * k; x < Math.min(w, px * k + k); x++) {
                            int i = y * w + x;
                            int a = cells.get(ValueLayout.JAVA_BYTE, i) & 0xFF;
                            total++;
                            walls += a == Grid.WALL ? 1 : 0;
                            area |= a != 0 && a != Grid.WALL;
                            if (order[i] >= 0) {
                                earliest = Math.min(earliest, order[i]);
                            }
                        }
                    }
                    int rgb = earliest != Integer.MAX_VALUE
                            ? expansionRgb(earliest)
                            : 2 * walls > total ? WALL_RGB : area ? AREA_RGB : OPEN_RGB;
                    img.setRGB(px, py, rgb);
                }
            }
        }
        drawPath(img);
        return img;
    }

    private void drawPath(BufferedImage img) {
        if (path.length == 0) {
            return;
        }
        int w = grid.width();
        if (anyAngle && path.length > 1) {
            Graphics2D g = img.createGraphics();
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
            g.setColor(new java.awt.Color(PATH_RGB));
            g.setStroke(new BasicStroke(Math.max(1f, pixelsPerCell / 3f)));
            for (int i = 1; i < path.length; i++) {
                g.drawLine(
                        centrePixel(path[i - 1] % w),
                        centrePixel(path[i - 1] / w),
                        centrePixel(path[i] % w),
                        centrePixel(path[i] / w));
            }
            g.dispose();
        } else {
            for (int c : path) {
                markCell(img, c % w, c / w, PATH_RGB);
            }
        }
        drawSmoothed(img);
        markEnd(img, path[0] % w, path[0] / w, START_RGB);
        markEnd(img, path[path.length - 1] % w, path[path.length - 1] / w, GOAL_RGB);
    }

    /** The smoothed path: a teal line through the waypoints' centres and a teal square on each. */
    private void drawSmoothed(BufferedImage img) {
        if (smoothed.length < 2) {
            return;
        }
        int w = grid.width();
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
        g.setColor(new java.awt.Color(SMOOTHED_RGB));
        g.setStroke(new BasicStroke(Math.max(1f, pixelsPerCell / 3f)));
        for (int i = 1; i < smoothed.length; i++) {
            g.drawLine(
                    centrePixel(smoothed[i - 1] % w),
                    centrePixel(smoothed[i - 1] / w),
                    centrePixel(smoothed[i] % w),
                    centrePixel(smoothed[i] / w));
        }
        int r = Math.max(1, markRadius() / 2);
        for (int c : smoothed) {
            g.fillRect(centrePixel(c % w) - r, centrePixel(c / w) - r, 2 * r + 1, 2 * r + 1);
        }
        g.dispose();
    }

    /**
     * Radius in pixels of the start and goal marks: a disc several cells wide, so the ends show at
     * a glance on a large map where one cell is a pixel or less.
     */
    int markRadius() {
        return Math.max(6, cellsPerPixel > 1 ? 6 : pixelsPerCell + pixelsPerCell / 2);
    }

    /** The pixel at the centre of a cell (of its block when several cells share a pixel). */
    int centrePixel(int cell) {
        return cellsPerPixel > 1 ? cell / cellsPerPixel : cell * pixelsPerCell + pixelsPerCell / 2;
    }

    /** A disc of {@code rgb} with a one-pixel dark outline, centred on the cell. */
    private void markEnd(BufferedImage img, int x, int y, int rgb) {
        int cx = centrePixel(x);
        int cy = centrePixel(y);
        int r = markRadius();
        for (int py = Math.max(0, cy - r); py <= Math.min(img.getHeight() - 1, cy + r); py++) {
            for (int px = Math.max(0, cx - r); px <= Math.min(img.getWidth() - 1, cx + r); px++) {
                int d2 = (px - cx) * (px - cx) + (py - cy) * (py - cy);
                if (d2 <= r * r) {
                    img.setRGB(px, py, d2 > (r - 1) * (r - 1) ? MARK_OUTLINE_RGB : rgb);
                }
            }
        }
    }

    private void markCell(BufferedImage img, int x, int y, int rgb) {
        if (cellsPerPixel > 1) {
            img.setRGB(x / cellsPerPixel, y / cellsPerPixel, rgb);
        } else {
            fill(img, x * pixelsPerCell, y * pixelsPerCell, pixelsPerCell, rgb);
        }
    }

    private static void fill(BufferedImage img, int x0, int y0, int s, int rgb) {
        for (int y = y0; y < y0 + s; y++) {
            for (int x = x0; x < x0 + s; x++) {
                img.setRGB(x, y, rgb);
            }
        }
    }

    /** Writes PNG or SVG by the file's extension. */
    void write(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        try {
            if (name.endsWith(".png")) {
                if (!ImageIO.write(image(), "png", file.toFile())) {
                    throw new IllegalStateException("no PNG writer in this Java runtime");
                }
            } else if (name.endsWith(".svg")) {
                try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                    writeSvg(out);
                }
            } else {
                throw new IllegalArgumentException("--out '" + file + "' must end in .png or .svg");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * SVG in cell units (one unit per cell, scaled by the view box): the background, each row's
     * runs of one colour as one rectangle, and the path as a polyline through cell centres.
     */
    void writeSvg(Writer out) throws IOException {
        int w = grid.width();
        int h = grid.height();
        int pw = cellsPerPixel > 1 ? pixelWidth() : w * pixelsPerCell;
        int ph = cellsPerPixel > 1 ? pixelHeight() : h * pixelsPerCell;
        out.write(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" shape-rendering=\"crispEdges\">%n",
                pw,
                ph,
                w,
                h));
        out.write(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#%06x\"/>%n", w, h, OPEN_RGB));
        MemorySegment cells = grid.cells();
        for (int y = 0; y < h; y++) {
            int x = 0;
            while (x < w) {
                int rgb = cellRgb(cells, y * w + x);
                int end = x + 1;
                while (end < w && cellRgb(cells, y * w + end) == rgb) {
                    end++;
                }
                if (rgb != OPEN_RGB) {
                    out.write(String.format(
                            Locale.ROOT,
                            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"1\" fill=\"#%06x\"/>%n",
                            x,
                            y,
                            end - x,
                            rgb));
                }
                x = end;
            }
        }
        if (path.length > 0) {
            StringBuilder points = new StringBuilder();
            for (int c : path) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", c % w + 0.5, c / w + 0.5));
            }
            out.write(String.format(
                    Locale.ROOT,
                    "<polyline points=\"%s\" fill=\"none\" stroke=\"#%06x\" stroke-width=\"0.5\" stroke-linejoin=\"round\"/>%n",
                    points.toString().strip(),
                    PATH_RGB));
            if (smoothed.length > 1) {
                StringBuilder line = new StringBuilder();
                for (int c : smoothed) {
                    line.append(String.format(Locale.ROOT, "%.1f,%.1f ", c % w + 0.5, c / w + 0.5));
                }
                out.write(String.format(
                        Locale.ROOT,
                        "<polyline id=\"smoothed\" points=\"%s\" fill=\"none\" stroke=\"#%06x\" stroke-width=\"0.4\"/>%n",
                        line.toString().strip(),
                        SMOOTHED_RGB));
                double half = Math.max(0.75, Math.max(w, h) / 200.0);
                for (int c : smoothed) {
                    out.write(String.format(
                            Locale.ROOT,
                            "<rect class=\"waypoint\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#%06x\"/>%n",
                            c % w + 0.5 - half,
                            c / w + 0.5 - half,
                            2 * half,
                            2 * half,
                            SMOOTHED_RGB));
                }
            }
            // The ends as discs a few cells wide (at least 1% of the longer side), outlined.
            double r = Math.max(1.5, Math.max(w, h) / 100.0);
            for (int end : new int[] {path[0], path[path.length - 1]}) {
                out.write(String.format(
                        Locale.ROOT,
                        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#%06x\" stroke=\"#%06x\" stroke-width=\"%.2f\"/>%n",
                        end % w + 0.5,
                        end / w + 0.5,
                        r,
                        end == path[0] ? START_RGB : GOAL_RGB,
                        MARK_OUTLINE_RGB,
                        r / 5));
            }
        }
        out.write("<title>" + LEGEND + (smoothed.length > 1 ? "; " + SMOOTHED_LEGEND : "") + "</title>\n");
        out.write("</svg>\n");
    }
}
