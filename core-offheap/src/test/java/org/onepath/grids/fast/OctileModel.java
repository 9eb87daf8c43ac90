package org.onepath.grids.fast;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.TreeSet;
import org.onepath.Grid;
import org.onepath.grids.jps.JumpRules;
import org.onepath.grids.jps.Jumper;

/**
 * A plain model of an eight-connected map without corner cutting, written from the rules of
 * {@code docs/octile.md} and sharing no search code with the library: walls, legal moves, the
 * exact integer-pair keys, a reference A* with the specialised open-list order, a reference jump
 * point search with the heap-plus-stack open list, and a plain Dijkstra.
 */
final class OctileModel {
    static final double SQRT2 = Math.sqrt(2.0);
    /** N, E, S, W, NE, SE, SW, NW; rows grow southwards. */
    static final int[] DX = {0, 1, 0, -1, 1, 1, -1, -1};

    static final int[] DY = {-1, 0, 1, 0, -1, 1, 1, -1};
    /** Arrival "direction" of the start. */
    static final int NONE = -1;

    final int width;
    final int height;
    final boolean[] open;

    OctileModel(int width, int height, boolean[] open) {
        this.width = width;
        this.height = height;
        this.open = open.clone();
    }

    /** A map of minSide..maxSide per side; the wall share is 0 a quarter of the time, else 0..54 %. */
    static OctileModel random(Random random, int minSide, int maxSide) {
        int w = minSide + random.nextInt(maxSide - minSide + 1);
        int h = minSide + random.nextInt(maxSide - minSide + 1);
        int percent = random.nextInt(4) == 0 ? 0 : random.nextInt(55);
        boolean[] open = new boolean[w * h];
        for (int i = 0; i < open.length; i++) {
            open[i] = random.nextInt(100) >= percent;
        }
        return new OctileModel(w, h, open);
    }

    /** Picture rows: '.' open, '#' wall. */
    static OctileModel parse(String... rows) {
        int h = rows.length;
        int w = rows[0].length();
        boolean[] open = new boolean[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                open[y * w + x] = rows[y].charAt(x) == '.';
            }
        }
        return new OctileModel(w, h, open);
    }

    int cellCount() {
        return width * height;
    }

    boolean open(int x, int y) {
        return x >= 0 && y >= 0 && x < width && y < height && open[y * width + x];
    }

    boolean openCell(int cell) {
        return cell >= 0 && cell < open.length && open[cell];
    }

    /** A library grid with these walls (area 0 elsewhere); the caller closes it. */
    Grid toGrid() {
        Grid grid = Grid.create(width, height);
        for (int i = 0; i < open.length; i++) {
            if (!open[i]) {
                grid.setWalkable(i % width, i / width, false);
            }
        }
        return grid;
    }

    /** A random open cell, or -1 when every cell is a wall. */
    int randomOpenCell(Random random) {
        int count = 0;
        for (boolean b : open) {
            if (b) {
                count++;
            }
        }
        if (count == 0) {
            return -1;
        }
        int k = random.nextInt(count);
        for (int i = 0; i < open.length; i++) {
            if (open[i] && k-- == 0) {
                return i;
            }
        }
        throw new AssertionError();
    }

    /** A random wall cell, or -1 when there is none. */
    int randomWall(Random random) {
        List<Integer> walls = new ArrayList<>();
        for (int i = 0; i < open.length; i++) {
            if (!open[i]) {
                walls.add(i);
            }
        }
        return walls.isEmpty() ? -1 : walls.get(random.nextInt(walls.size()));
    }

    /** A legal move from (x, y) in direction d: target open, and for a diagonal both side cells open. */
    boolean canStep(int x, int y, int d) {
        if (!open(x + DX[d], y + DY[d])) {
            return false;
        }
        return d < 4 || (open(x + DX[d], y) && open(x, y + DY[d]));
    }

    /** g of a pair. */
    static double g(int a, int b) {
        return a + b * SQRT2;
    }

    /** f of pair (a, b) at (x, y) for a goal at (gx, gy): integer sums first, then one product and one sum. */
    static double key(int a, int b, int x, int y, int gx, int gy, boolean zero) {
        if (zero) {
            return a + b * SQRT2;
        }
        int dx = Math.abs(x - gx);
        int dy = Math.abs(y - gy);
        int min = Math.min(dx, dy);
        int max = Math.max(dx, dy);
        int straight = a + (max - min);
        int diagonal = b + min;
        return straight + diagonal * SQRT2;
    }

    /** Outcome of a reference search. */
    record Result(boolean found, int iterations, int expanded, int[] expansions, int[] path, int a, int b) {
        double cost(double m) {
            return found ? m * (a + b * SQRT2) : Double.POSITIVE_INFINITY;
        }
    }

    private static int[] toArray(List<Integer> list) {
        int[] out = new int[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }

    // ---- reference A* ----

    /**
     * A* with the specialised order: smaller f, then larger float32 g, then smaller cell; a
     * strictly cheaper pair replaces (decrease-key), closed cells are final.
     */
    Result aStar(int start, int goal, boolean zero) {
        final int n = cellCount();
        final int gx = goal % width;
        final int gy = goal / width;
        final int[] a = new int[n];
        final int[] b = new int[n];
        final int[] parent = new int[n];
        final boolean[] seen = new boolean[n];
        final boolean[] closed = new boolean[n];
        final double[] f = new double[n];
        final float[] gf = new float[n];
        TreeSet<Integer> openSet = new TreeSet<>((p, q) -> {
            if (f[p] != f[q]) {
                return f[p] < f[q] ? -1 : 1;
            }
            if (gf[p] != gf[q]) {
                return gf[p] > gf[q] ? -1 : 1;
            }
            return Integer.compare(p, q);
        });
        seen[start] = true;
        parent[start] = -1;
        f[start] = key(0, 0, start % width, start / width, gx, gy, zero);
        gf[start] = 0f;
        openSet.add(start);
        List<Integer> expansions = new ArrayList<>();
        int iterations = 0;
        while (!openSet.isEmpty()) {
            int c = openSet.pollFirst();
            closed[c] = true;
            iterations++;
            if (c == goal) {
                List<Integer> path = new ArrayList<>();
                for (int p = goal; p != -1; p = parent[p]) {
                    path.add(0, p);
                }
                return new Result(
                        true, iterations, iterations - 1, toArray(expansions), toArray(path), a[goal], b[goal]);
            }
            expansions.add(c);
            int x = c % width;
            int y = c / width;
            for (int d = 0; d < 8; d++) {
                if (!canStep(x, y, d)) {
                    continue;
                }
                int qx = x + DX[d];
                int qy = y + DY[d];
                int q = qy * width + qx;
                if (closed[q]) {
                    continue;
                }
                int na = a[c] + (d < 4 ? 1 : 0);
                int nb = b[c] + (d < 4 ? 0 : 1);
                double gNew = g(na, nb);
                if (seen[q]) {
                    if (!(gNew < g(a[q], b[q]))) {
                        continue;
                    }
                    openSet.remove(q);
                }
                seen[q] = true;
                a[q] = na;
                b[q] = nb;
                parent[q] = c;
                f[q] = key(na, nb, qx, qy, gx, gy, zero);
                gf[q] = (float) gNew;
                openSet.add(q);
            }
        }
        return new Result(false, iterations, iterations, toArray(expansions), new int[0], 0, 0);
    }

    // ---- reference jump point search ----

    /** The tie key of the jump open list: ~floatBits((float) g) in the high half, the cell in the low half. */
    static long tieKey(double g, int cell) {
        long high = ~Float.floatToIntBits((float) g) & 0xFFFFFFFFL;
        return high << 32 | (cell & 0xFFFFFFFFL);
    }

    private record HeapEntry(double f, long t, int cell) {}

    /**
     * Jump point search with the heap-plus-stack open list; {@code finder} jumps, {@code rules}
     * prunes. With {@code improved}, diagonal runs push only the goal and offer the straight stops
     * seen from each of their cells.
     */
    Result jump(Jumper finder, JumpRules rules, boolean improved, int start, int goal, boolean zero) {
        return new JumpRun(finder, rules, improved, start, goal, zero).run();
    }

    private final class JumpRun {
        final Jumper finder;
        final JumpRules rules;
        final boolean improved;
        final int start;
        final int goal;
        final int gx;
        final int gy;
        final boolean zero;
        final int[] a;
        final int[] b;
        final int[] parent;
        final int[] arrival;
        final boolean[] seen;
        final boolean[] closed;
        final PriorityQueue<HeapEntry> heap = new PriorityQueue<>((p, q) -> {
            if (p.f() != q.f()) {
                return p.f() < q.f() ? -1 : 1;
            }
            return Long.compareUnsigned(p.t(), q.t());
        });
        final ArrayDeque<Integer> stack = new ArrayDeque<>();
        double level = Double.NaN;

        JumpRun(Jumper finder, JumpRules rules, boolean improved, int start, int goal, boolean zero) {
            this.finder = finder;
            this.rules = rules;
            this.improved = improved;
            this.start = start;
            this.goal = goal;
            this.gx = goal % width;
            this.gy = goal / width;
            this.zero = zero;
            int n = cellCount();
            a = new int[n];
            b = new int[n];
            parent = new int[n];
            arrival = new int[n];
            seen = new boolean[n];
            closed = new boolean[n];
        }

        void push(int cell, int pa, int pb) {
            double g = g(pa, pb);
            double f = key(pa, pb, cell % width, cell / width, gx, gy, zero);
            if (f == level) {
                stack.push(cell);
            } else {
                heap.add(new HeapEntry(f, tieKey(g, cell), cell));
            }
        }

        int pop() {
            if (!stack.isEmpty() && !(!heap.isEmpty() && heap.peek().f() < level)) {
                return stack.pop();
            }
            HeapEntry e = heap.poll();
            level = e.f();
            return e.cell();
        }

        void offer(int q, int from, int dir, int na, int nb) {
            if (seen[q]) {
                if (closed[q] || !(g(na, nb) < g(a[q], b[q]))) {
                    return;
                }
            }
            seen[q] = true;
            a[q] = na;
            b[q] = nb;
            parent[q] = from;
            arrival[q] = dir;
            push(q, na, nb);
        }

        Result run() {
            seen[start] = true;
            parent[start] = -1;
            arrival[start] = NONE;
            push(start, 0, 0);
            List<Integer> expansions = new ArrayList<>();
            int iterations = 0;
            while (!stack.isEmpty() || !heap.isEmpty()) {
                int c = pop();
                if (closed[c]) {
                    continue;
                }
                closed[c] = true;
                iterations++;
                if (c == goal) {
                    return new Result(true, iterations, iterations - 1, toArray(expansions), path(), a[goal], b[goal]);
                }
                expansions.add(c);
                expand(c);
            }
            return new Result(false, iterations, iterations, toArray(expansions), new int[0], 0, 0);
        }

        void expand(int c) {
            int x = c % width;
            int y = c / width;
            int mask = rules.successors(x, y, c == start ? NONE : arrival[c]);
            for (int d = 0; d < 8; d++) {
                if ((mask & 1 << d) == 0) {
                    continue;
                }
                if (improved && d >= 4) {
                    run(c, x, y, d);
                    continue;
                }
                int k = finder.jump(c, d, goal);
                if (k == 0) {
                    continue;
                }
                int q = (y + k * DY[d]) * width + x + k * DX[d];
                if (d >= 4) {
                    offer(q, c, d, a[c], b[c] + k);
                } else {
                    offer(q, c, d, a[c] + k, b[c]);
                }
            }
        }

        /** A diagonal run of improved pruning from origin (x, y) in direction d. */
        void run(int origin, int x, int y, int d) {
            int dx = DX[d];
            int dy = DY[d];
            int horizontal = dx > 0 ? 1 : 3;
            int vertical = dy < 0 ? 0 : 2;
            int first = Math.min(horizontal, vertical);
            int second = Math.max(horizontal, vertical);
            int oa = a[origin];
            int ob = b[origin];
            for (int k = 1; ; k++) {
                if (!open(x + dx, y) || !open(x, y + dy) || !open(x + dx, y + dy)) {
                    return;
                }
                x += dx;
                y += dy;
                int c = y * width + x;
                if (c == goal) {
                    offer(c, origin, d, oa, ob + k);
                    return;
                }
                for (int s : new int[] {first, second}) {
                    int t = finder.jump(c, s, goal);
                    if (t > 0) {
                        int q = (y + t * DY[s]) * width + x + t * DX[s];
                        offer(q, origin, s, oa + t, ob + k);
                    }
                }
            }
        }

        /** The path through the jump points, each hop walked diagonally first, then straight. */
        int[] path() {
            List<Integer> points = new ArrayList<>();
            for (int p = goal; p != -1; p = parent[p]) {
                points.add(0, p);
            }
            List<Integer> cells = new ArrayList<>();
            cells.add(points.get(0));
            for (int i = 1; i < points.size(); i++) {
                int from = points.get(i - 1);
                int to = points.get(i);
                int x = from % width;
                int y = from / width;
                int ox = to % width - x;
                int oy = to / width - y;
                int sx = Integer.signum(ox);
                int sy = Integer.signum(oy);
                int diagonal = Math.min(Math.abs(ox), Math.abs(oy));
                for (int s = 0; s < diagonal; s++) {
                    x += sx;
                    y += sy;
                    cells.add(y * width + x);
                }
                int tx = to % width;
                int ty = to / width;
                while (x != tx || y != ty) {
                    x += Integer.signum(tx - x);
                    y += Integer.signum(ty - y);
                    cells.add(y * width + x);
                }
            }
            return toArray(cells);
        }
    }

    // ---- plain Dijkstra ----

    /** Octile distance without corner cutting by a plain Dijkstra over doubles; +infinity when unreachable. */
    double dijkstra(int start, int goal) {
        double[] dist = new double[cellCount()];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        dist[start] = 0;
        PriorityQueue<double[]> queue = new PriorityQueue<>((p, q) -> Double.compare(p[0], q[0]));
        queue.add(new double[] {0, start});
        while (!queue.isEmpty()) {
            double[] e = queue.poll();
            int c = (int) e[1];
            if (e[0] > dist[c]) {
                continue;
            }
            if (c == goal) {
                return e[0];
            }
            int x = c % width;
            int y = c / width;
            for (int d = 0; d < 8; d++) {
                if (!canStep(x, y, d)) {
                    continue;
                }
                int q = (y + DY[d]) * width + x + DX[d];
                double nd = e[0] + (d < 4 ? 1.0 : SQRT2);
                if (nd < dist[q]) {
                    dist[q] = nd;
                    queue.add(new double[] {nd, q});
                }
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    /**
     * Checks that {@code path} is a chain of legal moves from start to goal with the given numbers
     * of straight and diagonal steps; returns null when it is, else what is wrong.
     */
    String checkPath(int[] path, int start, int goal, int straight, int diagonal) {
        if (path.length == 0) {
            return "empty path";
        }
        if (path[0] != start || path[path.length - 1] != goal) {
            return "path runs " + path[0] + " -> " + path[path.length - 1] + ", not " + start + " -> " + goal;
        }
        int s = 0;
        int dg = 0;
        for (int i = 1; i < path.length; i++) {
            int x = path[i - 1] % width;
            int y = path[i - 1] / width;
            int d = -1;
            for (int k = 0; k < 8; k++) {
                if ((y + DY[k]) * width + x + DX[k] == path[i] && x + DX[k] >= 0 && x + DX[k] < width) {
                    d = k;
                }
            }
            if (d < 0) {
                return "cells " + path[i - 1] + " and " + path[i] + " are not neighbours";
            }
            if (!canStep(x, y, d)) {
                return "illegal move " + path[i - 1] + " -> " + path[i];
            }
            if (d < 4) {
                s++;
            } else {
                dg++;
            }
        }
        if (s != straight || dg != diagonal) {
            return "path has " + s + " straight and " + dg + " diagonal steps, reported " + straight + " and "
                    + diagonal;
        }
        return null;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(width + " x " + height + "\n");
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                sb.append(open[y * width + x] ? '.' : '#');
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
