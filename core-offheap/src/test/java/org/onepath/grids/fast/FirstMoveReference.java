package org.onepath.grids.fast;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * A brute-force model of goal bounding at jump points, written from {@code docs/jps.md} and
 * sharing no code with the bake: all-pairs distances by a plain Dijkstra over doubles from every
 * cell, first-move sets by definition (move d out of s is optimal towards t when its cost plus
 * the distance from the next cell to t equals the distance from s to t; no propagation), boxes
 * as the bounding boxes of those sets, and the jump point set from the pruning rules (a cell is a
 * jump point when a straight step onto it meets a forced neighbour, or a legal diagonal step onto
 * it is followed by a straight scan along one of the diagonal's components that meets one).
 * Grids are small (at most 20 x 20), where distances differ by far more than 1e-9.
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
     * The box of move d out of s, {minX, minY, maxX, maxY}, or null when no target has it.
     * {@code onlyLowest} keeps each target in the box of its lowest-numbered optimal move only
     * (one recorded first move per target, the rule that loses paths on ties).
     */
    int[] box(int s, int d, boolean onlyLowest) {
        int[] box = null;
        for (int t = 0; t < model.cellCount(); t++) {
            int moves = firstMoves(s, t);
            if (onlyLowest) {
                moves = Integer.lowestOneBit(moves);
            }
            if ((moves >>> d & 1) == 0) {
                continue;
            }
            int x = t % model.width;
            int y = t / model.width;
            if (box == null) {
                box = new int[] {x, y, x, y};
            } else {
                box[0] = Math.min(box[0], x);
                box[1] = Math.min(box[1], y);
                box[2] = Math.max(box[2], x);
                box[3] = Math.max(box[3], y);
            }
        }
        return box;
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

    /** Whether a jump can end at cell q: a straight step onto it meets a forced neighbour, or a diagonal step onto it is followed by a stopping scan. */
    boolean isJumpPoint(int q) {
        int x = q % model.width;
        int y = q / model.width;
        if (!model.openCell(q)) {
            return false;
        }
        for (int d = 0; d < 8; d++) {
            int px = x - OctileModel.DX[d];
            int py = y - OctileModel.DY[d];
            if (!model.open(px, py) || !model.canStep(px, py, d)) {
                continue;
            }
            if (d < 4) {
                if (forced(x, y, d)) {
                    return true;
                }
            } else {
                int horizontal = OctileModel.DX[d] > 0 ? 1 : 3;
                int vertical = OctileModel.DY[d] > 0 ? 2 : 0;
                if (scanStops(x, y, horizontal) || scanStops(x, y, vertical)) {
                    return true;
                }
            }
        }
        return false;
    }
}
