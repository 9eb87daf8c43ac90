package org.onepath.fuzz;

import java.util.Arrays;

/**
 * The square-grid rules of spec 001 ("Movement", "Clearance and agent sizes") as plain code, and
 * an O(n^2) Dijkstra over them: a cell is walkable for an agent of size s when the s x s block
 * from it lies inside the grid on walkable cells; a diagonal move needs both beside cells
 * (no corner cutting), one of them (no squeezing) or neither (allow all) walkable for s; a step
 * costs length * ((m[a] + m[b]) * 0.5).
 */
final class RefGrid {
    static final int WALL = 255;
    static final int[] DX = {0, 1, 0, -1, 1, 1, -1, -1};
    static final int[] DY = {-1, 0, 1, 0, -1, 1, 1, -1};

    final int width;
    final int height;
    final int[] area;
    final double[] multiplier = new double[255];
    final boolean eight;
    final int rule; // 0 no corner cutting, 1 no squeezing, 2 allow all
    final int size;

    RefGrid(int width, int height, int[] area, double[] multipliers, boolean eight, int rule, int size) {
        this.width = width;
        this.height = height;
        this.area = area;
        System.arraycopy(multipliers, 0, multiplier, 0, 255);
        this.eight = eight;
        this.rule = rule;
        this.size = size;
    }

    boolean fits(int x, int y) {
        if (x < 0 || y < 0 || x + size > width || y + size > height) {
            return false;
        }
        for (int j = y; j < y + size; j++) {
            for (int i = x; i < x + size; i++) {
                if (area[j * width + i] == WALL) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether the move from cell a to cell b is legal (b one of a's eight neighbours). */
    boolean move(int a, int b) {
        int ax = a % width;
        int ay = a / width;
        int dx = b % width - ax;
        int dy = b / width - ay;
        if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || dx == 0 && dy == 0 || !fits(ax, ay) || !fits(ax + dx, ay + dy)) {
            return false;
        }
        if (dx != 0 && dy != 0) {
            if (!eight) {
                return false;
            }
            int beside = (fits(ax + dx, ay) ? 1 : 0) + (fits(ax, ay + dy) ? 1 : 0);
            return rule == 2 || rule == 1 && beside >= 1 || beside == 2;
        }
        return true;
    }

    double step(int a, int b) {
        boolean diagonal = a % width != b % width && a / width != b / width;
        double mean = (multiplier[area[a]] + multiplier[area[b]]) * 0.5;
        return (diagonal ? Math.sqrt(2.0) : 1.0) * mean;
    }

    /** Cost from the nearest source to every cell (+infinity where none reaches). */
    double[] dijkstra(int... sources) {
        int n = width * height;
        double[] d = new double[n];
        boolean[] done = new boolean[n];
        Arrays.fill(d, Double.POSITIVE_INFINITY);
        for (int s : sources) {
            if (fits(s % width, s / width)) {
                d[s] = 0;
            }
        }
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
            for (int k = 0; k < 8; k++) {
                int x = u % width + DX[k];
                int y = u / width + DY[k];
                if (x < 0 || y < 0 || x >= width || y >= height) {
                    continue;
                }
                int v = y * width + x;
                if (move(u, v)) {
                    double c = d[u] + step(u, v);
                    if (c < d[v]) {
                        d[v] = c;
                    }
                }
            }
        }
    }

    static boolean close(double a, double b) {
        return a == b || Math.abs(a - b) <= 1e-9 * Math.max(1.0, Math.max(Math.abs(a), Math.abs(b)));
    }
}
