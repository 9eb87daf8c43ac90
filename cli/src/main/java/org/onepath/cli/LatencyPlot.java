package org.onepath.cli;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * The cumulative distribution of query times, one curve per algorithm, as {@code onepath scen
 * --plot} draws it: x the time of one query on a log scale with a tick per decade labelled in
 * us, ms or s, y the fraction of the algorithm's queries that took at most that long, from 0 to
 * 1. Each curve is a step function through the sorted times; its median is marked with a disc and
 * its 99th percentile (nearest rank, {@link QueryTimes}) with a diamond, both drawn on the curve's
 * rise at that time. A legend right of the plot names each curve.
 *
 * <p>One layout draws both formats: SVG written as text, PNG through {@link BufferedImage} and
 * {@link ImageIO} with the text in {@link PixelFont}. The file appears whole or not at all
 * ({@link StateGridCommand#writeAtomically}).
 */
final class LatencyPlot {
    static final int DEFAULT_WIDTH = 960;
    static final int DEFAULT_HEIGHT = 600;
    static final int MIN_WIDTH = 480;
    static final int MIN_HEIGHT = 320;
    static final int MAX_SIDE = 8192;

    /** Curve colours, distinct for the eye and for colour-blind readers first; dashed on the second round. */
    static final int[] PALETTE = {
        0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0xE69F00, 0x56B4E9, 0x7F3C8D, 0x8C564B, 0x17BECF, 0x999933
    };

    private static final int BACKGROUND_RGB = 0xFFFFFF;
    private static final int AXIS_RGB = 0x202020;
    private static final int GRID_RGB = 0xDDDDDD;
    private static final int MINOR_GRID_RGB = 0xF0F0F0;
    private static final int TEXT_RGB = 0x202020;

    /** What the disc marks; in the legend. */
    static final String MEDIAN_LEGEND = "median";

    /** What the diamond marks; in the SVG's title. */
    static final String P99_DESCRIPTION = "99th percentile (nearest rank)";

    /** What the diamond marks, in the legend. */
    static final String P99_NOTE = "p99, nearest rank";

    /** The two file formats, by extension. */
    enum Format {
        SVG,
        PNG
    }

    /** One curve: the legend's name and every query time of the algorithm. */
    record Series(String name, QueryTimes times) {}

    private final List<Series> series;
    private final int width;
    private final int height;
    private final String title;

    /** The picture size that takes one pixel per font pixel; text, strokes and marks grow in whole steps beyond it. */
    private static final int UNIT_WIDTH = 480;

    private static final int UNIT_HEIGHT = 300;

    /** Whole pixels per font pixel. */
    private final int scale;

    LatencyPlot(List<Series> series, int width, int height, String title) {
        this.series = List.copyOf(series);
        this.width = width;
        this.height = height;
        this.title = title;
        this.scale = Math.max(1, Math.min(width / UNIT_WIDTH, height / UNIT_HEIGHT));
    }

    /**
     * The format of a plot file by its extension, checked with its folder before a run so that a
     * mistyped name costs nothing: a one-line error naming the file and what was expected.
     */
    static Format checkTarget(Path file) {
        Path name = file.getFileName();
        String lower = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
        Format format;
        if (lower.endsWith(".svg")) {
            format = Format.SVG;
        } else if (lower.endsWith(".png")) {
            format = Format.PNG;
        } else {
            throw new IllegalArgumentException("--plot " + file + ": expected a file name ending in .svg or .png");
        }
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(
                    "--plot " + file + ": is a folder; expected a .svg or .png file to write the plot to");
        }
        Path folder = file.toAbsolutePath().getParent();
        if (!Files.exists(folder)) {
            throw new IllegalArgumentException(
                    "--plot " + file + ": folder " + folder + " does not exist; expected an existing folder");
        }
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException(
                    "--plot " + file + ": " + folder + " is not a folder; expected an existing folder");
        }
        if (!Files.isWritable(folder)) {
            throw new IllegalArgumentException("--plot " + file + ": folder " + folder
                    + " is not writable; expected a folder the plot can be written in");
        }
        return format;
    }

    /** {@code WIDTHxHEIGHT} in pixels, each side within its bounds; a one-line error otherwise. */
    static int[] parseSize(String text) {
        String[] parts = text.strip().split("[xX]", -1);
        int w;
        int h;
        try {
            if (parts.length != 2) {
                throw new NumberFormatException();
            }
            w = Integer.parseInt(parts[0]);
            h = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--plot-size '" + text
                    + "' is not WIDTHxHEIGHT in pixels; expected two whole numbers, e.g. " + DEFAULT_WIDTH + "x"
                    + DEFAULT_HEIGHT);
        }
        if (w < MIN_WIDTH || w > MAX_SIDE || h < MIN_HEIGHT || h > MAX_SIDE) {
            throw new IllegalArgumentException("--plot-size " + text + ": expected a width of " + MIN_WIDTH + " to "
                    + MAX_SIDE + " and a height of " + MIN_HEIGHT + " to " + MAX_SIDE + " pixels");
        }
        return new int[] {w, h};
    }

    /** Writes the plot in {@code format} to {@code file} through a temporary file beside it. */
    void write(Path file, Format format) {
        byte[] bytes = format == Format.SVG ? svg().getBytes(StandardCharsets.UTF_8) : png();
        StateGridCommand.writeAtomically(file, bytes, true);
    }

    /** The plot as an SVG document. */
    String svg() {
        SvgCanvas canvas = new SvgCanvas();
        draw(canvas);
        return canvas.finish();
    }

    /** The plot as PNG bytes. */
    byte[] png() {
        BufferedImage image = image();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(image, "png", bytes)) {
                throw new IllegalStateException("no PNG writer in this Java runtime");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode the plot as PNG: " + e.getMessage(), e);
        }
        return bytes.toByteArray();
    }

    BufferedImage image() {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            draw(new PngCanvas(g, scale));
        } finally {
            g.dispose();
        }
        return image;
    }

    // ---- layout, shared by both formats ----

    /** Where text hangs from its point. */
    enum Anchor {
        START,
        MIDDLE,
        END
    }

    /** What the layout draws on; coordinates in pixels, y down. */
    interface Canvas {
        void background(int width, int height, String description);

        void line(double x1, double y1, double x2, double y2, int rgb, double strokeWidth, boolean dashed);

        /** One algorithm's curve through the points, as one path. */
        void curve(String name, double[] xs, double[] ys, int count, int rgb, double strokeWidth, boolean dashed);

        /** A median mark (a disc) or, with {@code p99}, a 99th-percentile mark (a diamond); null name in the legend. */
        void mark(String name, boolean p99, double x, double y, double size, int rgb);

        void text(double x, double baseline, String text, Anchor anchor);
    }

    private int lineHeight() {
        return (PixelFont.ASCENT + PixelFont.DESCENT + 3) * scale;
    }

    private int textWidth(String text) {
        return PixelFont.width(text, scale);
    }

    void draw(Canvas c) {
        int line = lineHeight();
        Legend legend = legend();
        double left = textWidth("0.75") + 14 * scale;
        // the last decade's label is centred on the axis's end, so half of it must fit before the legend
        double right = width - legend.width() - textWidth("100 ms") / 2.0 - 12 * scale;
        double top = 2.6 * line;
        double bottom = height - 2.8 * line;

        c.background(width, height, title + "; disc: median, diamond: " + P99_DESCRIPTION);
        c.text(width / 2.0, line, title, Anchor.MIDDLE);
        c.text(left, top - 0.6 * line, "fraction of queries taking at most x", Anchor.START);
        c.text((left + right) / 2, height - 0.5 * line, "x: time per query (log scale)", Anchor.MIDDLE);

        long fastest = Long.MAX_VALUE;
        long slowest = 0;
        for (Series s : series) {
            if (s.times().count() > 0) {
                fastest = Math.min(fastest, s.times().nanosAtRank(1));
                slowest = Math.max(slowest, s.times().nanosAtRank(s.times().count()));
            }
        }
        int lo = fastest == Long.MAX_VALUE ? -6 : decadeBelow(fastest);
        int hi = Math.max(lo + 1, fastest == Long.MAX_VALUE ? -3 : decadeAbove(slowest));
        TimeAxis axis = new TimeAxis(lo, hi, left, right);

        // grid: minor lines at 2..9 of each decade, major ones at the decades and quarters
        for (int e = lo; e < hi; e++) {
            for (int m = 2; m <= 9; m++) {
                double x = axis.x(Math.log10(m) + e);
                c.line(x, top, x, bottom, MINOR_GRID_RGB, scale * 0.5, false);
            }
        }
        // every decade gets a tick; labels skip decades when a wide range on a narrow plot would crowd them
        int widestLabel = 0;
        for (int e = lo; e <= hi; e++) {
            widestLabel = Math.max(widestLabel, textWidth(decadeLabel(e)));
        }
        int labelStep = (int) Math.ceil((widestLabel + 8.0 * scale) / (axis.x(lo + 1) - axis.x(lo)));
        for (int e = lo; e <= hi; e++) {
            double x = axis.x(e);
            c.line(x, top, x, bottom, GRID_RGB, scale * 0.5, false);
            c.line(x, bottom, x, bottom + 4 * scale, AXIS_RGB, scale * 0.75, false);
            if ((e - lo) % labelStep == 0) {
                c.text(x, bottom + 4 * scale + line * 0.9, decadeLabel(e), Anchor.MIDDLE);
            }
        }
        String[] fractions = {"0", "0.25", "0.5", "0.75", "1"};
        for (int q = 0; q <= 4; q++) {
            double y = bottom - (bottom - top) * q / 4.0;
            c.line(left, y, right, y, GRID_RGB, scale * 0.5, false);
            c.line(left - 4 * scale, y, left, y, AXIS_RGB, scale * 0.75, false);
            c.text(left - 6 * scale, y + PixelFont.ASCENT * scale / 2.0, fractions[q], Anchor.END);
        }
        c.line(left, bottom, right, bottom, AXIS_RGB, scale * 0.75, false);
        c.line(left, top, left, bottom, AXIS_RGB, scale * 0.75, false);

        double markSize = 4.5 * scale;
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            QueryTimes t = s.times();
            int n = t.count();
            if (n == 0) {
                continue;
            }
            drawCurve(c, s.name(), t, axis, top, bottom, colour(i), dashed(i));
            int median = QueryTimes.nearestRank(n, 50);
            int p99 = QueryTimes.nearestRank(n, 99);
            c.mark(
                    s.name(),
                    false,
                    axis.xOfNanos(t.nanosAtRank(median)),
                    fractionY((double) median / n, top, bottom),
                    markSize,
                    colour(i));
            c.mark(
                    s.name(),
                    true,
                    axis.xOfNanos(t.nanosAtRank(p99)),
                    fractionY((double) p99 / n, top, bottom),
                    markSize,
                    colour(i));
        }
        drawLegend(c, legend, width - legend.width() - 6 * scale, top, markSize);
    }

    private static int colour(int series) {
        return PALETTE[series % PALETTE.length];
    }

    private static boolean dashed(int series) {
        return series / PALETTE.length % 2 == 1;
    }

    private static double fractionY(double fraction, double top, double bottom) {
        return bottom - (bottom - top) * fraction;
    }

    /**
     * The step function of the sorted times: at each time the curve rises by 1/n per query that
     * took it. Queries whose times fall within a quarter pixel of each other share one rise, so a
     * path has at most a few points per pixel column however many queries ran.
     */
    private void drawCurve(
            Canvas c, String name, QueryTimes t, TimeAxis axis, double top, double bottom, int rgb, boolean dashed) {
        int n = t.count();
        int capacity = 2 * (int) Math.min(n, 4L * width + 8);
        double[] xs = new double[capacity];
        double[] ys = new double[capacity];
        int points = 0;
        double previousY = bottom;
        int k = 1;
        while (k <= n) {
            double x = axis.xOfNanos(t.nanosAtRank(k));
            long column = Math.round(x * 4);
            int last = k;
            while (last < n && Math.round(axis.xOfNanos(t.nanosAtRank(last + 1)) * 4) == column) {
                last++;
            }
            double y = fractionY((double) last / n, top, bottom);
            xs[points] = x;
            ys[points++] = previousY;
            xs[points] = x;
            ys[points++] = y;
            previousY = y;
            k = last + 1;
        }
        c.curve(name, xs, ys, points, rgb, 1.5 * scale, dashed);
    }

    /** The legend: a line per curve, its name beside a stroke of its colour, then what the marks mean. */
    private record Legend(List<String> names, double width) {}

    private Legend legend() {
        List<String> names = series.stream()
                .map(s -> s.times().count() == 0 ? s.name() + " (no queries)" : s.name())
                .toList();
        double text = Math.max(textWidth(MEDIAN_LEGEND), textWidth(P99_NOTE));
        for (String n : names) {
            text = Math.max(text, textWidth(n));
        }
        return new Legend(names, legendIndent() + text);
    }

    /** Where a legend line's text starts, after the colour stroke. */
    private double legendIndent() {
        return 26 * scale;
    }

    private void drawLegend(Canvas c, Legend legend, double x0, double top, double markSize) {
        int line = lineHeight();
        double textX = x0 + legendIndent();
        double baseline = top + PixelFont.ASCENT * scale;
        for (int i = 0; i < legend.names().size(); i++) {
            double mid = baseline - PixelFont.ASCENT * scale / 2.0;
            if (series.get(i).times().count() > 0) {
                c.line(x0, mid, x0 + 20 * scale, mid, colour(i), 2 * scale, dashed(i));
            }
            c.text(textX, baseline, legend.names().get(i), Anchor.START);
            baseline += line;
        }
        baseline += line / 2.0;
        int grey = 0x808080;
        double mid = baseline - PixelFont.ASCENT * scale / 2.0;
        c.mark(null, false, x0 + 10 * scale, mid, markSize, grey);
        c.text(textX, baseline, MEDIAN_LEGEND, Anchor.START);
        baseline += line;
        mid = baseline - PixelFont.ASCENT * scale / 2.0;
        c.mark(null, true, x0 + 10 * scale, mid, markSize, grey);
        c.text(textX, baseline, P99_NOTE, Anchor.START);
    }

    /** The decade at or below {@code nanos} (at least 1 ns), as a power of ten of seconds. */
    static int decadeBelow(long nanos) {
        return (int) Math.floor(Math.log10(Math.max(1, nanos))) - 9;
    }

    /** The decade at or above {@code nanos}, as a power of ten of seconds. */
    static int decadeAbove(long nanos) {
        return (int) Math.ceil(Math.log10(Math.max(1, nanos))) - 9;
    }

    /** A decade's tick label: 1, 10 or 100 of us, ms or s; below a microsecond 0.1 us and so on. */
    static String decadeLabel(int exponent) {
        if (exponent >= 0) {
            return "1" + "0".repeat(exponent) + " s";
        }
        if (exponent >= -3) {
            return "1" + "0".repeat(exponent + 3) + " ms";
        }
        if (exponent >= -6) {
            return "1" + "0".repeat(exponent + 6) + " us";
        }
        return "0." + "0".repeat(-exponent - 7) + "1 us";
    }

    /** The log time axis: decades {@code lo..hi} of seconds across {@code left..right}. */
    private record TimeAxis(int lo, int hi, double left, double right) {
        double x(double log10Seconds) {
            return left + (log10Seconds - lo) / (hi - lo) * (right - left);
        }

        /** A time's x, a time below the axis (a 0 ns reading) at its left end. */
        double xOfNanos(long nanos) {
            double log = Math.log10(Math.max(nanos, 1)) - 9;
            return x(Math.max(log, lo));
        }
    }

    // ---- the two formats ----

    /** SVG text; every number in pixels with one decimal. */
    private final class SvgCanvas implements Canvas {
        private final StringBuilder b = new StringBuilder();

        @Override
        public void background(int w, int h, String description) {
            b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
            b.append(String.format(
                    Locale.ROOT,
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                            + " font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"%d\" fill=\"%s\">\n",
                    w,
                    h,
                    w,
                    h,
                    10 * scale,
                    hex(TEXT_RGB)));
            b.append("<title>").append(escape(description)).append("</title>\n");
            b.append(String.format(
                    Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", w, h, hex(BACKGROUND_RGB)));
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, int rgb, double strokeWidth, boolean dashed) {
            b.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.2f\"%s/>\n",
                    x1,
                    y1,
                    x2,
                    y2,
                    hex(rgb),
                    strokeWidth,
                    dash(dashed)));
        }

        @Override
        public void curve(
                String name, double[] xs, double[] ys, int count, int rgb, double strokeWidth, boolean dashed) {
            b.append("<path class=\"cdf\" data-alg=\"").append(escape(name)).append("\" d=\"");
            for (int i = 0; i < count; i++) {
                b.append(i == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.2f %.2f", xs[i], ys[i]));
            }
            b.append(String.format(
                    Locale.ROOT,
                    "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\" stroke-linejoin=\"round\"%s/>\n",
                    hex(rgb),
                    strokeWidth,
                    dash(dashed)));
        }

        @Override
        public void mark(String name, boolean p99, double x, double y, double size, int rgb) {
            String cls = name == null ? "legend" : p99 ? "p99" : "median";
            String alg = name == null ? "" : " data-alg=\"" + escape(name) + "\"";
            String style = String.format(
                    Locale.ROOT,
                    " fill=\"%s\" stroke=\"%s\" stroke-width=\"%.2f\"",
                    hex(rgb),
                    hex(AXIS_RGB),
                    scale * 0.6);
            if (p99) {
                double r = size * 1.25;
                b.append(String.format(
                        Locale.ROOT,
                        "<polygon class=\"%s\"%s points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f %.2f,%.2f\"%s/>\n",
                        cls,
                        alg,
                        x,
                        y - r,
                        x + r,
                        y,
                        x,
                        y + r,
                        x - r,
                        y,
                        style));
            } else {
                b.append(String.format(
                        Locale.ROOT,
                        "<circle class=\"%s\"%s cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\"%s/>\n",
                        cls,
                        alg,
                        x,
                        y,
                        size,
                        style));
            }
        }

        @Override
        public void text(double x, double baseline, String text, Anchor anchor) {
            String a = switch (anchor) {
                case START -> "start";
                case MIDDLE -> "middle";
                case END -> "end";
            };
            b.append(String.format(
                            Locale.ROOT,
                            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" xml:space=\"preserve\">",
                            x,
                            baseline,
                            a))
                    .append(escape(text))
                    .append("</text>\n");
        }

        String finish() {
            return b.append("</svg>\n").toString();
        }

        private static String dash(boolean dashed) {
            return dashed ? " stroke-dasharray=\"6 3\"" : "";
        }

        private static String hex(int rgb) {
            return String.format(Locale.ROOT, "#%06x", rgb);
        }

        private static String escape(String s) {
            return s.replace("&", "&amp;")
                    .replace("<", "&lt;")
                    .replace(">", "&gt;")
                    .replace("\"", "&quot;");
        }
    }

    /** Java 2D on an image, antialiased; text in {@link PixelFont}. */
    private static final class PngCanvas implements Canvas {
        private final Graphics2D g;
        private final int scale;

        PngCanvas(Graphics2D g, int scale) {
            this.g = g;
            this.scale = scale;
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        }

        @Override
        public void background(int w, int h, String description) {
            g.setColor(new Color(BACKGROUND_RGB));
            g.fillRect(0, 0, w, h);
        }

        private void stroke(int rgb, double strokeWidth, boolean dashed) {
            g.setColor(new Color(rgb));
            g.setStroke(
                    dashed
                            ? new BasicStroke(
                                    (float) strokeWidth,
                                    BasicStroke.CAP_BUTT,
                                    BasicStroke.JOIN_ROUND,
                                    10f,
                                    new float[] {6f * scale, 3f * scale},
                                    0f)
                            : new BasicStroke((float) strokeWidth, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND));
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, int rgb, double strokeWidth, boolean dashed) {
            stroke(rgb, strokeWidth, dashed);
            g.draw(new Line2D.Double(x1, y1, x2, y2));
        }

        @Override
        public void curve(
                String name, double[] xs, double[] ys, int count, int rgb, double strokeWidth, boolean dashed) {
            Path2D.Double p = new Path2D.Double();
            for (int i = 0; i < count; i++) {
                if (i == 0) {
                    p.moveTo(xs[i], ys[i]);
                } else {
                    p.lineTo(xs[i], ys[i]);
                }
            }
            stroke(rgb, strokeWidth, dashed);
            g.draw(p);
        }

        @Override
        public void mark(String name, boolean p99, double x, double y, double size, int rgb) {
            java.awt.Shape shape;
            if (p99) {
                double r = size * 1.25;
                Path2D.Double d = new Path2D.Double();
                d.moveTo(x, y - r);
                d.lineTo(x + r, y);
                d.lineTo(x, y + r);
                d.lineTo(x - r, y);
                d.closePath();
                shape = d;
            } else {
                shape = new Ellipse2D.Double(x - size, y - size, 2 * size, 2 * size);
            }
            g.setColor(new Color(rgb));
            g.fill(shape);
            stroke(AXIS_RGB, scale * 0.6, false);
            g.draw(shape);
        }

        @Override
        public void text(double x, double baseline, String text, Anchor anchor) {
            int w = PixelFont.width(text, scale);
            double left = switch (anchor) {
                case START -> x;
                case MIDDLE -> x - w / 2.0;
                case END -> x - w;
            };
            // whole-pixel squares: crisp with or without antialiasing
            PixelFont.draw(g, text, (int) Math.round(left), (int) Math.round(baseline), scale, TEXT_RGB);
        }
    }
}
