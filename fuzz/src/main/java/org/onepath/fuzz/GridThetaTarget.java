package org.onepath.fuzz;

import java.util.Arrays;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.HeuristicKind;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;

/**
 * {@code grid-theta}: Theta* and Lazy Theta* (with re-queue) on grids of up to 12 x 12 cells of
 * the shape they serve (eight moves, no corner cutting, agent size 1, one cost m), three queries
 * each. Checks, from spec 001 "Any-angle search" and docs/theta.md: found exactly when Dijkstra
 * reaches the goal; waypoints from start to goal, every segment a line of sight by the exact
 * closed-square test of {@link #sees}; the cost the segment costs m * sqrt(dx^2 + dy^2) added in
 * order, bit for bit; never below the visibility-graph optimum (a true bound) and, as docs/theta.md
 * reports for every check so far, never above the eight-connected optimum; sliced (1-7 iterations
 * a slice) equals whole.
 */
final class GridThetaTarget implements Target {
    @Override
    public String name() {
        return "grid-theta";
    }

    @Override
    public boolean acceptsEveryInput() {
        return true;
    }

    @Override
    public void run(byte[] input) {
        InputBytes in = new InputBytes(input);
        try (QuerySetup q = QuerySetup.make(in, 12, true)) {
            GridAlgorithm algorithm = in.flag() ? GridAlgorithm.THETA_STAR : GridAlgorithm.LAZY_THETA_STAR;
            GridOptions options = GridOptions.builder()
                    .algorithm(algorithm)
                    .heuristic(in.flag() ? HeuristicKind.AUTO : HeuristicKind.ZERO)
                    .build();
            RefGrid r = q.ref;
            int cells = r.width * r.height;
            for (int k = 0; k < 3; k++) {
                int s = in.below(cells);
                int g = in.below(cells);
                String where = algorithm + " " + q.describe(s, g);
                GridPath whole = q.grid.findPath(q.cell(s), q.cell(g), options);
                double[] d = r.dijkstra(s);
                PathStatus expected = q.expected(s, g, d);
                if (whole.status() != expected) {
                    throw new AssertionError(whole.status() + " where Dijkstra says " + expected + ": " + where);
                }
                if (expected == PathStatus.FOUND) {
                    int[] p = whole.cellIndices();
                    if (p[0] != s || p[p.length - 1] != g) {
                        throw new AssertionError("the waypoints do not join the ends: " + Arrays.toString(p) + where);
                    }
                    double m = r.multiplier[0];
                    double sum = 0;
                    for (int i = 0; i + 1 < p.length; i++) {
                        if (p[i] == p[i + 1] || !sees(r, p[i], p[i + 1])) {
                            throw new AssertionError(
                                    "segment " + i + " " + p[i] + " -> " + p[i + 1] + " is no line of sight: " + where);
                        }
                        sum += segment(r, p[i], p[i + 1], m);
                    }
                    if (Double.doubleToRawLongBits(sum) != Double.doubleToRawLongBits(whole.cost())) {
                        throw new AssertionError(
                                "cost " + whole.cost() + " is not the segments' sum " + sum + ": " + where);
                    }
                    double lower = visibilityOptimum(r, s, m)[g];
                    if (whole.cost() < lower * (1 - 1e-12)) {
                        throw new AssertionError(
                                "cost " + whole.cost() + " below the visibility-graph optimum " + lower + ": " + where);
                    }
                    if (whole.cost() > d[g] * (1 + 1e-12)) {
                        throw new AssertionError(
                                "cost " + whole.cost() + " above the eight-connected optimum " + d[g] + ": " + where);
                    }
                }
                int slice = 1 + in.below(7);
                GridPath sliced = q.grid.findPath(
                        q.cell(s),
                        q.cell(g),
                        options.toBuilder().iterationsPerSlice(slice).build(),
                        new Cancellation());
                QuerySetup.sameResult(sliced, whole, "slices of " + slice + ", " + where);
            }
        }
    }

    static double segment(RefGrid r, int a, int b, double m) {
        long dx = b % r.width - a % r.width;
        long dy = b / r.width - a / r.width;
        return m * Math.sqrt((double) (dx * dx + dy * dy));
    }

    /**
     * Whether the closed segment between the centres of cells a and b touches no wall, a wall
     * being the closed unit square: for every wall in the segment's bounding box, the separating
     * axis test in doubled integer coordinates (centres odd, square corners even).
     */
    static boolean sees(RefGrid r, int a, int b) {
        long x0 = 2L * (a % r.width) + 1;
        long y0 = 2L * (a / r.width) + 1;
        long x1 = 2L * (b % r.width) + 1;
        long y1 = 2L * (b / r.width) + 1;
        long nx = -(y1 - y0);
        long ny = x1 - x0;
        long c = nx * x0 + ny * y0;
        for (int y = (int) (Math.min(y0, y1) / 2) - 1; y <= Math.max(y0, y1) / 2 + 1; y++) {
            for (int x = (int) (Math.min(x0, x1) / 2) - 1; x <= Math.max(x0, x1) / 2 + 1; x++) {
                boolean wall =
                        x < 0 || y < 0 || x >= r.width || y >= r.height || r.area[y * r.width + x] == RefGrid.WALL;
                if (!wall) {
                    continue;
                }
                long sx0 = 2L * x;
                long sy0 = 2L * y;
                long sx1 = sx0 + 2;
                long sy1 = sy0 + 2;
                if (Math.max(x0, x1) < sx0
                        || Math.min(x0, x1) > sx1
                        || Math.max(y0, y1) < sy0
                        || Math.min(y0, y1) > sy1) {
                    continue;
                }
                long lo = Long.MAX_VALUE;
                long hi = Long.MIN_VALUE;
                for (long[] corner : new long[][] {{sx0, sy0}, {sx1, sy0}, {sx0, sy1}, {sx1, sy1}}) {
                    long v = nx * corner[0] + ny * corner[1];
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                if (lo <= c && c <= hi) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Dijkstra over every line of sight between walkable centres. */
    static double[] visibilityOptimum(RefGrid r, int s, double m) {
        int n = r.width * r.height;
        double[] d = new double[n];
        boolean[] done = new boolean[n];
        Arrays.fill(d, Double.POSITIVE_INFINITY);
        d[s] = 0;
        while (true) {
            int u = -1;
            for (int i = 0; i < n; i++) {
                if (!done[i] && d[i] < Double.POSITIVE_INFINITY && (u < 0 || d[i] < d[u])) {
                    u = i;
                }
            }
            if (u < 0) {
                return d;
            }
            done[u] = true;
            for (int v = 0; v < n; v++) {
                if (!done[v] && r.area[v] != RefGrid.WALL && sees(r, u, v)) {
                    d[v] = Math.min(d[v], d[u] + segment(r, u, v, m));
                }
            }
        }
    }
}
