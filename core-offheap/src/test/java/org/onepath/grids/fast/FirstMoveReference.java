package org.onepath.grids.fast;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * A brute-force model of goal bounding at jump points, written from {@code docs/jps.md} and
 * sharing no code with the bake: all-pairs distances by a plain Dijkstra over doubles from every
 * cell; optimal first moves by definition (move d out of s is optimal towards t when its cost
 * plus the distance from the next cell to t equals the distance from s to t); canonical first
 * moves by a pass over (cell, last step) states in order of distance, a state reached from the
 * state one step back when the step keeps the distance and the pruning rules allow it after that
 * state's last step; the cells that keep boxes from the pruning rules and a walk back along each
 * diagonal; and the one-box rule applied to the targets in a given order. Grids are small (at
 * most 40 x 40), where distances differ by far more than 1e-9.
 */
final class FirstMoveReference {
    private static final double EPS = 1e-9;

    final OctileModel model;
    /** distance[s][t], +infinity when unreachable. */
    final double[][] distance;

    FirstMoveReference(OctileModel model) {
        this.model = model;
        int n = model.cellCount();
        distance = new double[n][];
        for (int s = 0; s < n; s++) {
            distance[s] = model.openCell(s) ? dijkstra(model, s) : null;
        }
    }

    /** Distances from {@code source} to every cell, +infinity when unreachable. */
    static double[] dijkstra(OctileModel model, int source) {
        int n = model.cellCount();
        double[] dist = new double[n];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        dist[source] = 0;
        PriorityQueue<double[]> queue = new PriorityQueue<>((p, q) -> Double.compare(p[0], q[0]));
        queue.add(new double[] {0, source});
        while (!queue.isEmpty()) {
            double[] e = queue.poll();
            int c = (int) e[1];
            if (e[0] > dist[c]) {
                continue;
            }
            int x = c % model.width;
            int y = c / model.width;
            for (int d = 0; d < 8; d++) {
                if (model.canStep(x, y, d)) {
                    int q = (y + OctileModel.DY[d]) * model.width + x + OctileModel.DX[d];
                    double nd = e[0] + (d < 4 ? 1.0 : OctileModel.SQRT2);
                    if (nd < dist[q] - EPS) {
                        dist[q] = nd;
                        queue.add(new double[] {nd, q});
                    }
                }
            }
        }
        return dist;
    }

    /** The moves out of s that start an optimal path to t (t != s, reachable), as a bit mask; 0 otherwise. */
    int firstMoves(int s, int t) {
        if (s == t || distance[s] == null || distance[s][t] == Double.POSITIVE_INFINITY) {
            return 0;
        }
        int x = s % model.width;
        int y = s / model.width;
        int mask = 0;
        for (int d = 0; d < 8; d++) {
            if (!model.canStep(x, y, d)) {
                continue;
            }
            int q = (y + OctileModel.DY[d]) * model.width + x + OctileModel.DX[d];
            double via = (d < 4 ? 1.0 : OctileModel.SQRT2) + distance[q][t];
            if (Math.abs(via - distance[s][t]) < EPS) {
                mask |= 1 << d;
            }
        }
        return mask;
    }

    /**
     * The box of move d out of s, {minX, minY, maxX, maxY}, or null when no target has it, with
     * each target in the box of its lowest-numbered optimal move only (one recorded first move
     * per target, canonical or not: a rule that loses paths).
     */
    int[] lowestOptimalMoveBox(int s, int d) {
        int[] box = null;
        for (int t = 0; t < model.cellCount(); t++) {
            if ((Integer.lowestOneBit(firstMoves(s, t)) >>> d & 1) != 0) {
                box = grow(box, t);
            }
        }
        return box;
    }

    private int[] grow(int[] box, int t) {
        int x = t % model.width;
        int y = t / model.width;
        if (box == null) {
            return new int[] {x, y, x, y};
        }
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x);
        box[3] = Math.max(box[3], y);
        return box;
    }

    // ---- canonical routes ----

    /** The moves the pruning rules keep after a last step in direction {@code arrival} at (x, y), legal ones only. */
    int canonical(int x, int y, int arrival) {
        int keep = 0;
        if (arrival >= 4) {
            keep = 1 << arrival
                    | 1 << direction(OctileModel.DX[arrival], 0)
                    | 1 << direction(0, OctileModel.DY[arrival]);
        } else {
            keep = 1 << arrival;
            int dx = OctileModel.DX[arrival];
            int dy = OctileModel.DY[arrival];
            for (int side = -1; side <= 1; side += 2) {
                int sx = dx == 0 ? side : 0;
                int sy = dx == 0 ? 0 : side;
                if (model.open(x + sx, y + sy) && !model.open(x + sx - dx, y + sy - dy)) {
                    keep |= 1 << direction(sx, sy) | 1 << direction(sx + dx, sy + dy);
                }
            }
        }
        int legal = 0;
        for (int d = 0; d < 8; d++) {
            if ((keep >>> d & 1) != 0 && model.canStep(x, y, d)) {
                legal |= 1 << d;
            }
        }
        return legal;
    }

    static int direction(int dx, int dy) {
        for (int d = 0; d < 8; d++) {
            if (OctileModel.DX[d] == dx && OctileModel.DY[d] == dy) {
                return d;
            }
        }
        throw new IllegalArgumentException(dx + ", " + dy);
    }

    /**
     * For every cell t, the first moves out of s of the canonical shortest routes to t: routes
     * whose every step after the first is one the pruning rules keep after the step before.
     * 0 for s and for unreachable cells.
     */
    int[] canonicalFirstMoves(int s) {
        int n = model.cellCount();
        int[][] byArrival = new int[n][8];
        Integer[] order = new Integer[n];
        for (int c = 0; c < n; c++) {
            order[c] = c;
        }
        double[] dist = distance[s];
        Arrays.sort(order, (p, q) -> Double.compare(dist[p], dist[q]));
        int[] result = new int[n];
        for (int v : order) {
            if (v == s || dist[v] == Double.POSITIVE_INFINITY) {
                continue;
            }
            int vx = v % model.width;
            int vy = v / model.width;
            for (int a = 0; a < 8; a++) {
                int ux = vx - OctileModel.DX[a];
                int uy = vy - OctileModel.DY[a];
                if (!model.open(ux, uy) || !model.canStep(ux, uy, a)) {
                    continue;
                }
                int u = uy * model.width + ux;
                if (Math.abs(dist[u] + (a < 4 ? 1.0 : OctileModel.SQRT2) - dist[v]) > EPS) {
                    continue;
                }
                if (u == s) {
                    byArrival[v][a] |= 1 << a;
                    continue;
                }
                for (int b = 0; b < 8; b++) {
                    if (byArrival[u][b] != 0 && (canonical(ux, uy, b) >>> a & 1) != 0) {
                        byArrival[v][a] |= byArrival[u][b];
                    }
                }
            }
            for (int a = 0; a < 8; a++) {
                result[v] |= byArrival[v][a];
            }
        }
        return result;
    }

    /**
     * The eight boxes of cell s (each {minX, minY, maxX, maxY} or null), the targets taken in
     * {@code order} (s itself skipped): a target from which no arrival of s has a canonical
     * successor among its canonical first moves goes nowhere; else it joins the box, of the first
     * moves that every such arrival has as a canonical successor (all of its first moves when none
     * is), that grows least (ties: the lower move).
     */
    int[][] boxes(int s, int[] order, int count) {
        int[] first = canonicalFirstMoves(s);
        int arrivals = jumpEnds(s);
        int sx = s % model.width;
        int sy = s / model.width;
        int[][] boxes = new int[8][];
        for (int i = 0; i < count; i++) {
            int t = order[i];
            int moves = first[t];
            if (t == s || moves == 0) {
                continue;
            }
            int all = moves;
            boolean open = false;
            for (int a = 0; a < 8; a++) {
                if ((arrivals >>> a & 1) == 0) {
                    continue;
                }
                int next = canonical(sx, sy, a);
                if ((next & moves) != 0) {
                    open = true;
                    all &= next;
                }
            }
            if (!open) {
                continue;
            }
            int d = leastGrowth(boxes, all != 0 ? all : moves, t);
            boxes[d] = grow(boxes[d], t);
        }
        return boxes;
    }

    /**
     * The box of move d out of s, or null, with each target in the box of one of its canonical
     * first moves, the lowest-numbered or the highest, whatever the arrivals of s.
     */
    int[] oneCanonicalMoveBox(int s, int d, boolean highest) {
        int[] first = canonicalFirstMoves(s);
        int[] box = null;
        for (int t = 0; t < model.cellCount(); t++) {
            int one = highest ? Integer.highestOneBit(first[t]) : Integer.lowestOneBit(first[t]);
            if ((one >>> d & 1) != 0) {
                box = grow(box, t);
            }
        }
        return box;
    }

    private int leastGrowth(int[][] boxes, int candidates, int t) {
        int x = t % model.width;
        int y = t / model.width;
        int best = -1;
        long bestGrowth = Long.MAX_VALUE;
        for (int d = 0; d < 8; d++) {
            if ((candidates >>> d & 1) == 0) {
                continue;
            }
            int[] b = boxes[d];
            long growth = b == null
                    ? 1
                    : (long) (Math.max(b[2], x) - Math.min(b[0], x) + 1) * (Math.max(b[3], y) - Math.min(b[1], y) + 1)
                            - (long) (b[2] - b[0] + 1) * (b[3] - b[1] + 1);
            if (growth < bestGrowth) {
                bestGrowth = growth;
                best = d;
            }
        }
        return best;
    }

    // ---- the jump point set, from the pruning rules ----

    /** Whether (x, y), entered by a straight step in direction d, has a forced neighbour. */
    boolean forced(int x, int y, int d) {
        int dx = OctileModel.DX[d];
        int dy = OctileModel.DY[d];
        for (int side = -1; side <= 1; side += 2) {
            int sx = dx == 0 ? side : 0;
            int sy = dx == 0 ? 0 : side;
            if (model.open(x + sx, y + sy) && !model.open(x + sx - dx, y + sy - dy)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a straight scan from (x, y) in direction d meets a cell with a forced neighbour before a wall. */
    boolean scanStops(int x, int y, int d) {
        while (true) {
            x += OctileModel.DX[d];
            y += OctileModel.DY[d];
            if (!model.open(x, y)) {
                return false;
            }
            if (forced(x, y, d)) {
                return true;
            }
        }
    }

    /** The directions d in which a jump can end at cell q: a straight step onto it meets a forced neighbour, or a diagonal step onto it is followed by a stopping scan. */
    int jumpEnds(int q) {
        int x = q % model.width;
        int y = q / model.width;
        if (!model.openCell(q)) {
            return 0;
        }
        int ends = 0;
        for (int d = 0; d < 8; d++) {
            int px = x - OctileModel.DX[d];
            int py = y - OctileModel.DY[d];
            if (!model.open(px, py) || !model.canStep(px, py, d)) {
                continue;
            }
            if (d < 4) {
                if (forced(x, y, d)) {
                    ends |= 1 << d;
                }
            } else {
                int horizontal = OctileModel.DX[d] > 0 ? 1 : 3;
                int vertical = OctileModel.DY[d] > 0 ? 2 : 0;
                if (scanStops(x, y, horizontal) || scanStops(x, y, vertical)) {
                    ends |= 1 << d;
                }
            }
        }
        return ends;
    }

    /**
     * Whether cell q keeps boxes: a straight jump ends at it, or a diagonal jump in some
     * direction d ends at it and, walking back along d over legal steps, some cell is met where a
     * straight jump along one of d's components ends.
     */
    boolean keepsBoxes(int q) {
        int ends = jumpEnds(q);
        if ((ends & 0x0F) != 0) {
            return true;
        }
        for (int d = 4; d < 8; d++) {
            if ((ends >>> d & 1) == 0) {
                continue;
            }
            int horizontal = OctileModel.DX[d] > 0 ? 1 : 3;
            int vertical = OctileModel.DY[d] > 0 ? 2 : 0;
            int x = q % model.width;
            int y = q / model.width;
            while (true) {
                int px = x - OctileModel.DX[d];
                int py = y - OctileModel.DY[d];
                if (!model.open(px, py) || !model.canStep(px, py, d)) {
                    break;
                }
                int back = jumpEnds(py * model.width + px);
                if ((back >>> horizontal & 1) != 0 || (back >>> vertical & 1) != 0) {
                    return true;
                }
                x = px;
                y = py;
            }
        }
        return false;
    }
}
