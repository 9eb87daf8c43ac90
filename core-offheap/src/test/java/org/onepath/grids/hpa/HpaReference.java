package org.onepath.grids.hpa;

import java.util.Arrays;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * A plain model of a square grid written from the spec's definitions, for the HPA* tests: areas
 * and multipliers in arrays, walkability for an agent size by testing the whole s x s block,
 * moves by the diagonal rules, and Dijkstra with a priority queue of (cost, cell) entries.
 */
final class HpaReference {
    static final int WALL = 255;
    static final double SQRT2 = Math.sqrt(2.0);
    static final int[] DX = {0, 1, 0, -1, 1, 1, -1, -1};
    static final int[] DY = {-1, 0, 1, 0, -1, 1, 1, -1};

    final int w;
    final int h;
    final int[] area;
    final double[] mult = new double[256];
    int size = 1;
    boolean eight = true;
    /** 0 no corner cutting, 1 no squeezing, 2 allow all. */
    int rule;

    HpaReference(int w, int h) {
        this.w = w;
        this.h = h;
        this.area = new int[w * h];
        Arrays.fill(mult, 1.0);
    }

    /** A random grid: noise walls, sometimes wall lines with gaps, up to three areas. */
    static HpaReference random(Random rnd, int maxSide) {
        int w = 2 + rnd.nextInt(maxSide - 1);
        int h = 2 + rnd.nextInt(maxSide - 1);
        HpaReference r = new HpaReference(w, h);
        int walls = rnd.nextInt(36);
        int[] palette = {0, 1 + rnd.nextInt(200), 201 + rnd.nextInt(54)};
        double[] costs = {1.0, 0.5, 2.5, 1.7, 4.0};
        boolean uniform = rnd.nextInt(3) == 0;
        for (int a : palette) {
            r.mult[a] = uniform ? 1.0 : costs[rnd.nextInt(costs.length)];
        }
        for (int i = 0; i < w * h; i++) {
            r.area[i] = rnd.nextInt(100) < walls ? WALL : palette[rnd.nextInt(uniform ? 1 : 3)];
        }
        if (rnd.nextBoolean()) {
            // a few wall lines with one or two gaps
            for (int k = rnd.nextInt(4); k > 0; k--) {
                if (rnd.nextBoolean()) {
                    int x = rnd.nextInt(w);
                    for (int y = 0; y < h; y++) {
                        r.area[y * w + x] = WALL;
                    }
                    for (int g = 1 + rnd.nextInt(2); g > 0; g--) {
                        r.area[rnd.nextInt(h) * w + x] = palette[0];
                    }
                } else {
                    int y = rnd.nextInt(h);
                    for (int x = 0; x < w; x++) {
                        r.area[y * w + x] = WALL;
                    }
                    for (int g = 1 + rnd.nextInt(2); g > 0; g--) {
                        r.area[y * w + rnd.nextInt(w)] = palette[0];
                    }
                }
            }
        }
        return r;
    }

    boolean walkable(int x, int y) {
        if (x < 0 || y < 0 || x >= w || y >= h) {
            return false;
        }
        for (int j = 0; j < size; j++) {
            for (int i = 0; i < size; i++) {
                int xx = x + i;
                int yy = y + j;
                if (xx >= w || yy >= h || area[yy * w + xx] == WALL) {
                    return false;
                }
            }
        }
        return true;
    }

    boolean walkable(int cell) {
        return walkable(cell % w, cell / w);
    }

    /** Whether a -> b is one legal move (any direction of the connectivity). */
    boolean legal(int a, int b) {
        int ax = a % w;
        int ay = a / w;
        int dx = b % w - ax;
        int dy = b / w - ay;
        if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx == 0 && dy == 0)) {
            return false;
        }
        if (!walkable(ax, ay) || !walkable(ax + dx, ay + dy)) {
            return false;
        }
        if (dx == 0 || dy == 0) {
            return true;
        }
        if (!eight) {
            return false;
        }
        boolean s1 = walkable(ax + dx, ay);
        boolean s2 = walkable(ax, ay + dy);
        return switch (rule) {
            case 0 -> s1 && s2;
            case 1 -> s1 || s2;
            default -> true;
        };
    }

    double cost(int a, int b) {
        double mean = (mult[area[a]] + mult[area[b]]) * 0.5;
        boolean diagonal = a % w != b % w && a / w != b / w;
        return diagonal ? SQRT2 * mean : mean;
    }

    /** Costs from source to every cell through cells inside [x0, x1) x [y0, y1); +infinity unreached. */
    double[] dijkstra(int source, int x0, int y0, int x1, int y1) {
        double[] dist = new double[w * h];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        boolean[] done = new boolean[w * h];
        dist[source] = 0;
        PriorityQueue<double[]> queue = new PriorityQueue<>((p, q) -> Double.compare(p[0], q[0]));
        queue.add(new double[] {0, source});
        while (!queue.isEmpty()) {
            double[] top = queue.poll();
            int u = (int) top[1];
            if (done[u]) {
                continue;
            }
            done[u] = true;
            for (int d = 0; d < (eight ? 8 : 4); d++) {
                int vx = u % w + DX[d];
                int vy = u / w + DY[d];
                if (vx < x0 || vy < y0 || vx >= x1 || vy >= y1) {
                    continue;
                }
                int v = vy * w + vx;
                if (!legal(u, v)) {
                    continue;
                }
                double nd = dist[u] + cost(u, v);
                if (nd < dist[v]) {
                    dist[v] = nd;
                    queue.add(new double[] {nd, v});
                }
            }
        }
        return dist;
    }

    double[] dijkstra(int source) {
        return dijkstra(source, 0, 0, w, h);
    }
}
