package org.onepath.grids.theta;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.onepath.ReferenceGrid;
import org.onepath.SightReference;
import org.onepath.cells.DiagonalRule;

/**
 * Plain models of the any-angle rules, written from the definitions and sharing no code with the
 * library: an exact segment-versus-closed-square sight test in integers, the segment cost, the
 * three search variants over a linear-scan open list, and the visibility-graph optimum.
 *
 * <p>The grid has one cost multiplier {@code m} for every walkable cell.
 */
final class AnyAngleReference {
    private final ReferenceGrid grid;
    private final int width;
    private final int height;
    private final double m;
    /** Pairs tested so far: 0 not yet, 1 in sight, 2 not (the grid does not change); null: not kept. */
    private final byte[] sight;

    AnyAngleReference(ReferenceGrid grid, double m) {
        this(grid, m, true);
    }

    /** @param remember keep every pair's answer (cells^2 bytes: small grids only) */
    AnyAngleReference(ReferenceGrid grid, double m, boolean remember) {
        this.grid = grid;
        this.width = grid.width();
        this.height = grid.height();
        this.m = m;
        this.sight = remember ? new byte[width * height * width * height] : null;
    }

    // ---- sight ----

    /**
     * Whether the closed segment between the centres of two cells touches no closed wall square
     * (cells outside the grid are walls): the exact test of {@link SightReference}.
     */
    static boolean sees(ReferenceGrid g, int x0, int y0, int x1, int y1) {
        return SightReference.sees(g::open, x0, y0, x1, y1);
    }

    /** {@link #sees(ReferenceGrid, int, int, int, int)} between two cells, remembered per pair. */
    boolean sees(int a, int b) {
        if (sight == null) {
            return sees(grid, a % width, a / width, b % width, b / width);
        }
        int key = a * width * height + b;
        if (sight[key] == 0) {
            sight[key] = (byte) (sees(grid, a % width, a / width, b % width, b / width) ? 1 : 2);
        }
        return sight[key] == 1;
    }

    /** m * sqrt(dx^2 + dy^2), the definition of a segment's cost. */
    double segment(int a, int b) {
        int dx = a % width - b % width;
        int dy = a / width - b / width;
        return m * Math.sqrt(dx * dx + dy * dy);
    }

    /** The cost of a waypoint list: segment costs added in path order from 0. */
    double pathCost(int[] waypoints) {
        double sum = 0.0;
        for (int i = 1; i < waypoints.length; i++) {
            sum += segment(waypoints[i - 1], waypoints[i]);
        }
        return sum;
    }

    // ---- the searches ----

    /** What a reference search produced. */
    record Result(boolean found, double cost, int[] path, int iterations, int expanded, int[] expansions) {
        @Override
        public String toString() {
            return (found ? "found " + cost + " " + Arrays.toString(path) : "no path") + ", " + iterations
                    + " iterations, " + expanded + " expanded, expansions " + Arrays.toString(expansions);
        }
    }

    /**
     * The variant's search from start to goal run to its end, with the Euclidean estimate (times
     * m) or zero, weight w.
     */
    Result search(ThetaVariant variant, int start, int goal, double weight, boolean zeroEstimate) {
        int n = width * height;
        double[] g = new double[n];
        double[] f = new double[n];
        int[] parent = new int[n];
        boolean[] reached = new boolean[n];
        boolean[] open = new boolean[n];
        boolean[] closed = new boolean[n];
        boolean lazy = variant != ThetaVariant.THETA;
        List<Integer> expansions = new ArrayList<>();
        reached[start] = true;
        open[start] = true;
        parent[start] = -1;
        f[start] = weight * estimate(start, goal, zeroEstimate);
        int iterations = 0;
        while (true) {
            int s = -1;
            for (int i = 0; i < n; i++) {
                if (open[i] && (s < 0 || f[i] < f[s] || (f[i] == f[s] && (g[i] > g[s] || (g[i] == g[s] && i < s))))) {
                    s = i;
                }
            }
            if (s < 0) {
                return new Result(
                        false,
                        Double.POSITIVE_INFINITY,
                        new int[0],
                        iterations,
                        expansions.size(),
                        expansions.stream().mapToInt(Integer::intValue).toArray());
            }
            open[s] = false;
            closed[s] = true;
            iterations++;
            if (lazy && parent[s] >= 0 && !sees(parent[s], s)) {
                int bestParent = -1;
                double best = Double.POSITIVE_INFINITY;
                for (int u : moves(s)) {
                    if (closed[u] && g[u] + segment(u, s) < best) {
                        best = g[u] + segment(u, s);
                        bestParent = u;
                    }
                }
                parent[s] = bestParent;
                g[s] = best;
                if (variant == ThetaVariant.LAZY_REQUEUE) {
                    closed[s] = false;
                    open[s] = true;
                    f[s] = best + weight * estimate(s, goal, zeroEstimate);
                    continue;
                }
            }
            if (s == goal) {
                List<Integer> path = new ArrayList<>();
                for (int v = goal; v != -1; v = parent[v]) {
                    path.addFirst(v);
                }
                return new Result(
                        true,
                        g[goal],
                        path.stream().mapToInt(Integer::intValue).toArray(),
                        iterations,
                        expansions.size(),
                        expansions.stream().mapToInt(Integer::intValue).toArray());
            }
            expansions.add(s);
            int p = parent[s];
            for (int t : moves(s)) {
                if (closed[t]) {
                    continue;
                }
                double candidate;
                int via;
                if (p >= 0 && (lazy || sees(p, t))) {
                    candidate = g[p] + segment(p, t);
                    via = p;
                } else {
                    candidate = g[s] + segment(s, t);
                    via = s;
                }
                if (!reached[t] || candidate < g[t]) {
                    reached[t] = true;
                    g[t] = candidate;
                    parent[t] = via;
                    open[t] = true;
                    f[t] = candidate + weight * estimate(t, goal, zeroEstimate);
                }
            }
        }
    }

    private double estimate(int node, int goal, boolean zero) {
        return zero ? 0.0 : segment(node, goal);
    }

    /** The legal moves out of a cell in the normative order (eight moves, no corner cutting). */
    List<Integer> moves(int node) {
        List<Integer> out = new ArrayList<>();
        for (ReferenceGrid.Move mv : grid.moves(node % width, node / width, true, DiagonalRule.NO_CORNER_CUTTING, 1)) {
            out.add(mv.y() * width + mv.x());
        }
        return out;
    }

    // ---- bounds ----

    /**
     * The visibility-graph optimum from {@code start}: Dijkstra over every pair of walkable cells
     * that see each other, each link costing its segment. No path that turns only at cell
     * centres is shorter.
     */
    double[] visibilityGraphFrom(int start) {
        int n = width * height;
        double[] dist = new double[n];
        boolean[] done = new boolean[n];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        dist[start] = 0.0;
        while (true) {
            int best = -1;
            for (int i = 0; i < n; i++) {
                if (!done[i] && dist[i] < Double.POSITIVE_INFINITY && (best < 0 || dist[i] < dist[best])) {
                    best = i;
                }
            }
            if (best < 0) {
                return dist;
            }
            done[best] = true;
            for (int t = 0; t < n; t++) {
                if (!done[t] && sees(best, t)) {
                    dist[t] = Math.min(dist[t], dist[best] + segment(best, t));
                }
            }
        }
    }

    /**
     * Eight-connected, corner-cutting-free shortest distances from {@code start} (the A* optimum),
     * by the plain Dijkstra of {@link ReferenceGrid}, whose walkable cells all cost m.
     */
    double[] octileFrom(int start) {
        return grid.distancesFrom(start % width, start / width, true, DiagonalRule.NO_CORNER_CUTTING, 1);
    }
}
