package org.onepath.grids.jps;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import org.onepath.Grid;

/**
 * A plain model of the jump point search rules, written from their definitions and sharing no
 * code with the library: open cells (outside the grid is a wall), pruned successors, the
 * cell-by-cell jump, the JPS+ table by memoised recursion, goal bounding, a best-first search
 * over jump points with its own open list, and a Dijkstra over single moves.
 */
final class JpsModel {
    /** N, E, S, W, NE, SE, SW, NW. */
    static final int[] DX = {0, 1, 0, -1, 1, 1, -1, -1};

    static final int[] DY = {-1, 0, 1, 0, -1, 1, 1, -1};
    static final String[] NAMES = {"N", "E", "S", "W", "NE", "SE", "SW", "NW"};
    static final double SQRT2 = Math.sqrt(2.0);

    final int width;
    final int height;
    final boolean[] open;

    JpsModel(int width, int height) {
        this.width = width;
        this.height = height;
        this.open = new boolean[width * height];
    }

    /** '.' open, '#' wall, one line per row. */
    static JpsModel parse(String picture) {
        String[] rows = picture.strip().split("\n");
        JpsModel m = new JpsModel(rows[0].strip().length(), rows.length);
        for (int y = 0; y < rows.length; y++) {
            String row = rows[y].strip();
            if (row.length() != m.width) {
                throw new IllegalArgumentException("ragged row " + y);
            }
            for (int x = 0; x < m.width; x++) {
                m.open[y * m.width + x] = row.charAt(x) != '#';
            }
        }
        return m;
    }

    /** The walkability of a library grid's cells. */
    static JpsModel of(Grid grid) {
        JpsModel m = new JpsModel(grid.width(), grid.height());
        for (int y = 0; y < m.height; y++) {
            for (int x = 0; x < m.width; x++) {
                m.open[y * m.width + x] = grid.isWalkable(x, y);
            }
        }
        return m;
    }

    /**
     * Random cells: independent walls with the given percentage, then a few wall rectangles and
     * open rectangles, so that the grid has both clutter and long open runs.
     */
    static JpsModel random(int width, int height, int wallPercent, int rectangles, long seed) {
        Random r = new Random(seed);
        JpsModel m = new JpsModel(width, height);
        for (int i = 0; i < m.open.length; i++) {
            m.open[i] = r.nextInt(100) >= wallPercent;
        }
        for (int k = 0; k < rectangles; k++) {
            int x0 = r.nextInt(width);
            int y0 = r.nextInt(height);
            int x1 = Math.min(width - 1, x0 + r.nextInt(Math.max(1, width / 2)));
            int y1 = Math.min(height - 1, y0 + r.nextInt(Math.max(1, height / 2)));
            boolean value = r.nextBoolean();
            for (int y = y0; y <= y1; y++) {
                for (int x = x0; x <= x1; x++) {
                    m.open[y * width + x] = value;
                }
            }
        }
        return m;
    }

    /**
     * A maze of one-cell corridors (depth-first carving on odd coordinates) with a percentage of
     * extra walls knocked out, so that it has both dead ends and loops.
     */
    static JpsModel maze(int width, int height, int extraOpenPercent, long seed) {
        Random r = new Random(seed);
        JpsModel m = new JpsModel(width, height);
        int cw = (width + 1) / 2;
        int ch = (height + 1) / 2;
        boolean[] seen = new boolean[cw * ch];
        int[] stack = new int[cw * ch];
        int top = 0;
        stack[top++] = 0;
        seen[0] = true;
        m.open[0] = true;
        int[][] steps = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
        while (top > 0) {
            int c = stack[top - 1];
            int cx = c % cw;
            int cy = c / cw;
            int[] order = {0, 1, 2, 3};
            for (int i = 3; i > 0; i--) {
                int j = r.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            boolean moved = false;
            for (int k : order) {
                int nx = cx + steps[k][0];
                int ny = cy + steps[k][1];
                if (nx < 0
                        || ny < 0
                        || nx >= cw
                        || ny >= ch
                        || seen[ny * cw + nx]
                        || 2 * nx >= width
                        || 2 * ny >= height) {
                    continue;
                }
                seen[ny * cw + nx] = true;
                m.open[(2 * ny) * width + 2 * nx] = true;
                m.open[(cy + ny) * width + (cx + nx)] = true; // the wall between the two cells
                stack[top++] = ny * cw + nx;
                moved = true;
                break;
            }
            if (!moved) {
                top--;
            }
        }
        for (int i = 0; i < m.open.length; i++) {
            if (!m.open[i] && r.nextInt(100) < extraOpenPercent) {
                m.open[i] = true;
            }
        }
        return m;
    }

    JpsModel copy() {
        JpsModel m = new JpsModel(width, height);
        System.arraycopy(open, 0, m.open, 0, open.length);
        return m;
    }

    /** A new library grid with these cells (area 0 or wall); the caller closes it. */
    Grid toGrid() {
        boolean[][] rows = new boolean[height][width];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                rows[y][x] = open[y * width + x];
            }
        }
        return Grid.from(rows);
    }

    int cellCount() {
        return width * height;
    }

    boolean open(int x, int y) {
        return x >= 0 && y >= 0 && x < width && y < height && open[y * width + x];
    }

    boolean openCell(int cell) {
        return open[cell];
    }

    List<Integer> openCells() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < open.length; i++) {
            if (open[i]) {
                out.add(i);
            }
        }
        return out;
    }

    static int direction(int sx, int sy) {
        for (int d = 0; d < 8; d++) {
            if (DX[d] == sx && DY[d] == sy) {
                return d;
            }
        }
        throw new IllegalArgumentException(sx + "," + sy);
    }

    static boolean diagonal(int d) {
        return DX[d] != 0 && DY[d] != 0;
    }

    // ---- pruning ----

    /** Pruned successor mask of (x, y) reached by a step in direction {@code arrival}, -1 for the start. */
    int successors(int x, int y, int arrival) {
        if (arrival < 0) {
            return 0xFF;
        }
        int dx = DX[arrival];
        int dy = DY[arrival];
        if (dx != 0 && dy != 0) {
            return 1 << arrival | 1 << direction(dx, 0) | 1 << direction(0, dy);
        }
        int mask = 1 << arrival;
        int px = x - dx;
        int py = y - dy;
        // the two sides perpendicular to the step
        int[][] sides = dx != 0 ? new int[][] {{0, -1}, {0, 1}} : new int[][] {{-1, 0}, {1, 0}};
        for (int[] s : sides) {
            if (open(x + s[0], y + s[1]) && !open(px + s[0], py + s[1])) {
                mask |= 1 << direction(s[0], s[1]);
                mask |= 1 << direction(dx + s[0], dy + s[1]);
            }
        }
        return mask;
    }

    /** Straight arrival with a forced neighbour. */
    boolean forced(int x, int y, int straightDir) {
        return successors(x, y, straightDir) != 1 << straightDir;
    }

    /** Whether a single step from (x, y) in direction d is legal without corner cutting. */
    boolean legalStep(int x, int y, int d) {
        int dx = DX[d];
        int dy = DY[d];
        if (!open(x + dx, y + dy)) {
            return false;
        }
        return dx == 0 || dy == 0 || (open(x + dx, y) && open(x, y + dy));
    }

    // ---- the cell-by-cell jump ----

    int scan(int x, int y, int d, int gx, int gy) {
        int steps = 0;
        while (true) {
            x += DX[d];
            y += DY[d];
            steps++;
            if (!open(x, y)) {
                return 0;
            }
            if (x == gx && y == gy) {
                return steps;
            }
            if (forced(x, y, d)) {
                return steps;
            }
        }
    }

    /** Steps to the next jump point from cell in direction d with this goal; 0 for none. */
    int jump(int cell, int d, int goal) {
        int x = cell % width;
        int y = cell / width;
        int gx = goal % width;
        int gy = goal / width;
        if (!diagonal(d)) {
            return scan(x, y, d, gx, gy);
        }
        int h = direction(DX[d], 0);
        int v = direction(0, DY[d]);
        int steps = 0;
        while (true) {
            if (!legalStep(x, y, d)) {
                return 0;
            }
            x += DX[d];
            y += DY[d];
            steps++;
            if (x == gx && y == gy) {
                return steps;
            }
            if (scan(x, y, h, gx, gy) > 0 || scan(x, y, v, gx, gy) > 0) {
                return steps;
            }
        }
    }

    // ---- JPS+ table ----

    /** The JPS+ table from its definition, cell-major [cell * 8 + dir]. */
    short[] table() {
        short[] t = new short[cellCount() * 8];
        boolean[] done = new boolean[t.length];
        for (int c = 0; c < cellCount(); c++) {
            for (int d = 0; d < 8; d++) {
                entry(t, done, c % width, c / width, d);
            }
        }
        return t;
    }

    private int entry(short[] t, boolean[] done, int x, int y, int d) {
        int i = (y * width + x) * 8 + d;
        if (done[i]) {
            return t[i];
        }
        int value;
        int qx = x + DX[d];
        int qy = y + DY[d];
        if (!open(x, y)) {
            value = 0;
        } else if (!diagonal(d)) {
            if (!open(qx, qy)) {
                value = 0;
            } else if (forced(qx, qy, d)) {
                value = 1;
            } else {
                value = chain(entry(t, done, qx, qy, d));
            }
        } else {
            if (!legalStep(x, y, d)) {
                value = 0;
            } else if (entry(t, done, qx, qy, direction(DX[d], 0)) > 0
                    || entry(t, done, qx, qy, direction(0, DY[d])) > 0) {
                value = 1;
            } else {
                value = chain(entry(t, done, qx, qy, d));
            }
        }
        t[i] = (short) value;
        done[i] = true;
        return value;
    }

    private static int chain(int v) {
        return v > 0 ? v + 1 : v - 1;
    }

    /** The table as the bytes of the cell-major little-endian i16 layout. */
    static byte[] bytes(short[] t) {
        byte[] out = new byte[t.length * 2];
        for (int i = 0; i < t.length; i++) {
            out[2 * i] = (byte) t[i];
            out[2 * i + 1] = (byte) (t[i] >> 8);
        }
        return out;
    }

    /**
     * The goal-bounded table jump, walking cell by cell: straight, the goal met within |v| steps
     * along the line; diagonal, with the goal strictly inside the quadrant, the first step within
     * |v| that is level with the goal on either axis; otherwise v when positive, else 0.
     */
    int tableJump(short[] t, int cell, int d, int goal) {
        int v = t[cell * 8 + d];
        int reach = Math.abs(v);
        int x = cell % width;
        int y = cell / width;
        int gx = goal % width;
        int gy = goal / width;
        boolean inQuadrant = diagonal(d) && Integer.signum(gx - x) == DX[d] && Integer.signum(gy - y) == DY[d];
        for (int i = 1; i <= reach; i++) {
            int cx = x + i * DX[d];
            int cy = y + i * DY[d];
            if (!diagonal(d)) {
                if (cx == gx && cy == gy) {
                    return i;
                }
            } else if (inQuadrant && (cx == gx || cy == gy)) {
                return i;
            }
        }
        return v > 0 ? v : 0;
    }

    // ---- searches ----

    @FunctionalInterface
    interface JumpFunction {
        int jump(int cell, int direction, int goal);
    }

    /** Outcome of a search: null path when none. */
    record Outcome(boolean found, int[] path, double cost, int iterations, int expanded, int[] expansions) {}

    /**
     * Best-first search over jump points as specified: open order smaller f, larger g, smaller
     * cell; successors in direction order; a jump costs steps * m straight and steps * (m * sqrt2)
     * diagonally; strict improvement (re)opens; the goal is tested when popped.
     */
    Outcome jumpSearch(JumpFunction jumper, int start, int goal, double m, boolean octile) {
        int n = cellCount();
        double[] g = new double[n];
        double[] f = new double[n];
        int[] parent = new int[n];
        int[] state = new int[n]; // 0 unseen, 1 open, 2 closed
        double straight = m;
        double diag = m * SQRT2;
        int gx = goal % width;
        int gy = goal / width;
        g[start] = 0.0;
        parent[start] = -1;
        f[start] = octile ? octile(start % width, start / width, gx, gy, m) : 0.0;
        state[start] = 1;
        int iterations = 0;
        int expanded = 0;
        List<Integer> expansions = new ArrayList<>();
        while (true) {
            int best = -1;
            for (int c = 0; c < n; c++) {
                if (state[c] == 1
                        && (best < 0
                                || f[c] < f[best]
                                || (f[c] == f[best] && (g[c] > g[best] || (g[c] == g[best] && c < best))))) {
                    best = c;
                }
            }
            if (best < 0) {
                return new Outcome(false, null, Double.POSITIVE_INFINITY, iterations, expanded, toArray(expansions));
            }
            state[best] = 2;
            iterations++;
            if (best == goal) {
                return new Outcome(
                        true, unfold(parent, start, goal), g[goal], iterations, expanded, toArray(expansions));
            }
            expanded++;
            expansions.add(best);
            int x = best % width;
            int y = best / width;
            int arrival = -1;
            if (parent[best] >= 0) {
                int p = parent[best];
                arrival = direction(Integer.signum(x - p % width), Integer.signum(y - p / width));
            }
            int mask = successors(x, y, arrival);
            for (int d = 0; d < 8; d++) {
                if ((mask >> d & 1) == 0) {
                    continue;
                }
                int steps = jumper.jump(best, d, goal);
                if (steps == 0) {
                    continue;
                }
                int tx = x + steps * DX[d];
                int ty = y + steps * DY[d];
                int t = ty * width + tx;
                double g2 = g[best] + steps * (diagonal(d) ? diag : straight);
                if (state[t] == 0 || g2 < g[t]) {
                    g[t] = g2;
                    parent[t] = best;
                    f[t] = g2 + (octile ? octile(tx, ty, gx, gy, m) : 0.0);
                    state[t] = 1;
                }
            }
        }
    }

    static double octile(int x, int y, int gx, int gy, double m) {
        int dx = Math.abs(x - gx);
        int dy = Math.abs(y - gy);
        int min = Math.min(dx, dy);
        int max = Math.max(dx, dy);
        return m * ((max - min) + min * SQRT2);
    }

    private int[] unfold(int[] parent, int start, int goal) {
        List<Integer> rev = new ArrayList<>();
        int c = goal;
        rev.add(c);
        while (c != start) {
            int p = parent[c];
            int sx = Integer.signum(p % width - c % width);
            int sy = Integer.signum(p / width - c / width);
            int cx = c % width;
            int cy = c / width;
            while (cy * width + cx != p) {
                cx += sx;
                cy += sy;
                rev.add(cy * width + cx);
            }
            c = p;
        }
        int[] out = new int[rev.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = rev.get(out.length - 1 - i);
        }
        return out;
    }

    private static int[] toArray(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Shortest distances over single legal moves (cost m straight, m * sqrt2 diagonal). */
    double[] dijkstra(int start, double m) {
        double[] dist = new double[cellCount()];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        dist[start] = 0.0;
        PriorityQueue<double[]> queue = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
        queue.add(new double[] {0.0, start});
        while (!queue.isEmpty()) {
            double[] top = queue.poll();
            int c = (int) top[1];
            if (top[0] > dist[c]) {
                continue;
            }
            int x = c % width;
            int y = c / width;
            for (int d = 0; d < 8; d++) {
                if (legalStep(x, y, d)) {
                    int t = (y + DY[d]) * width + x + DX[d];
                    double alt = dist[c] + (diagonal(d) ? SQRT2 * m : m);
                    if (alt < dist[t]) {
                        dist[t] = alt;
                        queue.add(new double[] {alt, t});
                    }
                }
            }
        }
        return dist;
    }

    /**
     * Null when the cells form a chain of legal single moves from start to goal, else what is
     * wrong; {@code cost[0]} receives the summed step costs (m per straight, m * sqrt2 per diagonal).
     */
    String chainProblem(int[] path, int start, int goal, double m, double[] cost) {
        if (path.length == 0) {
            return "empty path";
        }
        if (path[0] != start) {
            return "path starts at " + path[0] + ", not " + start;
        }
        if (path[path.length - 1] != goal) {
            return "path ends at " + path[path.length - 1] + ", not " + goal;
        }
        double sum = 0.0;
        for (int i = 0; i < path.length; i++) {
            int c = path[i];
            if (c < 0 || c >= cellCount() || !open[c]) {
                return "cell " + i + " (" + c + ") is not an open cell";
            }
            if (i > 0) {
                int p = path[i - 1];
                int dx = c % width - p % width;
                int dy = c / width - p / width;
                if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx == 0 && dy == 0)) {
                    return "cells " + (i - 1) + " and " + i + " are not neighbours";
                }
                int d = direction(dx, dy);
                if (!legalStep(p % width, p / width, d)) {
                    return "step " + (i - 1) + " -> " + i + " cuts a corner";
                }
                sum += diagonal(d) ? SQRT2 * m : m;
            }
        }
        cost[0] = sum;
        return null;
    }

    String picture() {
        StringBuilder sb = new StringBuilder();
        sb.append(width).append(" x ").append(height).append('\n');
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                sb.append(open[y * width + x] ? '.' : '#');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return picture();
    }

    static boolean closeEnough(double expected, double actual) {
        if (expected == actual) {
            return true;
        }
        return Math.abs(expected - actual) <= 1e-9 * Math.max(Math.abs(expected), Math.abs(actual));
    }

    // ---- Moving AI data ----

    /** The benchmark data root: property onepath.data, else ../../shared/data or ../shared/data. */
    static Path dataRoot() {
        String property = System.getProperty("onepath.data");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        Path a = Path.of("../../shared/data");
        return Files.isDirectory(a) ? a : Path.of("../shared/data");
    }

    /** A Moving AI map file under the data root, the test skipped when it is absent. */
    static Path movingAiMap(String folder, String name) {
        Path dir = dataRoot().resolve("movingai").resolve(folder);
        assumeTrue(Files.isDirectory(dir), "Moving AI folder " + dir.toAbsolutePath() + " not found; skipping");
        Path file = dir.resolve(name);
        assumeTrue(Files.isRegularFile(file), "Moving AI map " + file.toAbsolutePath() + " not found; skipping");
        return file;
    }
}
