package org.onepath.grids.hpa;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A plain model of the HPA* query of docs/hpa.md ("The query"), written from its text over the
 * grid model of {@link HpaReference} and the tier-3 tables of a hierarchy: chunk Dijkstras with
 * the spec's order (smaller g, then the smaller chunk-local index; a strictly better cost replaces
 * a parent) run over the whole chunk, the abstract A* with a lazily pruned priority queue, the
 * refinement from those Dijkstras' parents, and smoothing walks that go on until a move is
 * illegal (no early stop). {@link HpaSearch} must give the same path cell for cell, the same cost
 * bits and the same expansion count, however it gets there.
 */
final class HpaQueryReference {
    private static final double MARGIN = 1e-9;

    /** One query's answer. */
    record Answer(boolean found, int[] path, double cost, int expanded, int[] expandedNodes) {}

    private final HpaReference ref;
    private final HpaHierarchy h;
    private final int chunk;

    HpaQueryReference(HpaReference ref, HpaHierarchy hierarchy) {
        this.ref = ref;
        this.h = hierarchy;
        this.chunk = hierarchy.chunkSize();
    }

    /** A chunk Dijkstra run to the end: g and parent per grid cell (+infinity and -1 outside or unreached). */
    private record Run(double[] g, int[] parent) {}

    private Run chunkDijkstra(int k, int source) {
        int x0 = (k % h.chunksX()) * chunk;
        int y0 = (k / h.chunksX()) * chunk;
        int x1 = Math.min(ref.w, x0 + chunk);
        int y1 = Math.min(ref.h, y0 + chunk);
        int cw = x1 - x0;
        double[] g = new double[ref.w * ref.h];
        int[] parent = new int[ref.w * ref.h];
        boolean[] settled = new boolean[ref.w * ref.h];
        Arrays.fill(g, Double.POSITIVE_INFINITY);
        Arrays.fill(parent, -1);
        g[source] = 0;
        // entries (g, local index, cell); popped in (g, local index) order, stale ones skipped
        PriorityQueue<double[]> queue = new PriorityQueue<>(
                Comparator.<double[]>comparingDouble(e -> e[0]).thenComparingDouble(e -> e[1]));
        queue.add(new double[] {0, (source / ref.w - y0) * cw + (source % ref.w - x0), source});
        while (!queue.isEmpty()) {
            double[] top = queue.poll();
            int u = (int) top[2];
            if (settled[u] || top[0] != g[u]) {
                continue;
            }
            settled[u] = true;
            for (int d = 0; d < (ref.eight ? 8 : 4); d++) {
                int vx = u % ref.w + HpaReference.DX[d];
                int vy = u / ref.w + HpaReference.DY[d];
                if (vx < x0 || vy < y0 || vx >= x1 || vy >= y1) {
                    continue;
                }
                int v = vy * ref.w + vx;
                if (!ref.legal(u, v)) {
                    continue;
                }
                double step = ref.cost(u, v);
                if (!(step >= 0) || step == Double.POSITIVE_INFINITY) {
                    continue;
                }
                double g2 = g[u] + step;
                if (g2 < g[v]) {
                    g[v] = g2;
                    parent[v] = u;
                    queue.add(new double[] {g2, (vy - y0) * cw + (vx - x0), v});
                }
            }
        }
        for (int c = 0; c < g.length; c++) {
            if (!settled[c]) {
                g[c] = Double.POSITIVE_INFINITY;
            }
        }
        return new Run(g, parent);
    }

    private double estimate(int cell, int goal) {
        double scale = Double.POSITIVE_INFINITY;
        for (int a = 0; a < 255; a++) {
            scale = Math.min(scale, ref.mult[a]);
        }
        int dx = Math.abs(cell % ref.w - goal % ref.w);
        int dy = Math.abs(cell / ref.w - goal / ref.w);
        if (!ref.eight) {
            return scale * (dx + dy);
        }
        int min = Math.min(dx, dy);
        int max = Math.max(dx, dy);
        return scale * ((max - min) + min * HpaReference.SQRT2);
    }

    Answer query(int start, int goal, boolean smoothing) {
        int startChunk = h.chunkOf(start);
        int goalChunk = h.chunkOf(goal);
        Run fromStart = chunkDijkstra(startChunk, start);
        Run fromGoal = chunkDijkstra(goalChunk, goal);
        double startToGoal = startChunk == goalChunk ? fromStart.g[goal] : Double.POSITIVE_INFINITY;

        int cells = ref.w * ref.h;
        double[] g = new double[cells];
        int[] parent = new int[cells];
        boolean[] seen = new boolean[cells];
        boolean[] queued = new boolean[cells];
        double[] queuedF = new double[cells];
        // entries (f, g, cell): smaller f, then larger g, then smaller cell; valid while the cell
        // is queued with those keys
        PriorityQueue<double[]> open = new PriorityQueue<>(Comparator.<double[]>comparingDouble(e -> e[0])
                .thenComparing(e -> -e[1])
                .thenComparingDouble(e -> e[2]));
        g[start] = 0;
        parent[start] = -1;
        seen[start] = true;
        queued[start] = true;
        queuedF[start] = estimate(start, goal);
        open.add(new double[] {queuedF[start], 0, start});
        List<Integer> expanded = new ArrayList<>();
        int pops = 0;
        while (true) {
            double[] top = open.poll();
            if (top == null) {
                return new Answer(false, new int[0], Double.POSITIVE_INFINITY, pops, toArray(expanded));
            }
            int c = (int) top[2];
            if (!queued[c] || top[0] != queuedF[c] || top[1] != g[c]) {
                continue;
            }
            queued[c] = false;
            pops++;
            if (c == goal) {
                break;
            }
            expanded.add(c);
            double gc = g[c];
            int k = h.chunkOf(c);
            int node = h.nodeIndex(k, c);
            List<double[]> edges = new ArrayList<>(); // (target, cost) in relaxation order
            if (c == start) {
                for (int j = 0; j < h.nodeCount(k); j++) {
                    edges.add(new double[] {h.nodeCell(k, j), fromStart.g[h.nodeCell(k, j)]});
                }
                edges.add(new double[] {goal, startToGoal});
            } else {
                for (int j = 0; j < h.nodeCount(k); j++) {
                    if (j != node) {
                        edges.add(new double[] {h.nodeCell(k, j), h.intraCost(k, node, j)});
                    }
                }
                if (k == goalChunk) {
                    edges.add(new double[] {goal, fromGoal.g[c]});
                }
            }
            if (node >= 0) {
                for (int e = 0; e < h.interEdgeCount(k); e++) {
                    if (h.interEdgeNode(k, e) == node) {
                        edges.add(new double[] {h.interEdgeTarget(k, e), h.interEdgeCost(k, e)});
                    }
                }
            }
            for (double[] edge : edges) {
                int to = (int) edge[0];
                double step = edge[1];
                if (!(step >= 0) || step == Double.POSITIVE_INFINITY) {
                    continue;
                }
                double g2 = gc + step;
                if (!seen[to] || g2 < g[to]) {
                    seen[to] = true;
                    g[to] = g2;
                    parent[to] = c;
                    queued[to] = true;
                    queuedF[to] = g2 + estimate(to, goal);
                    open.add(new double[] {queuedF[to], g2, to});
                }
            }
        }

        List<Integer> abs = new ArrayList<>();
        for (int c = goal; c != -1; c = parent[c]) {
            abs.addFirst(c);
        }
        List<Integer> cellsOut = new ArrayList<>();
        cellsOut.add(abs.getFirst());
        for (int i = 0; i + 1 < abs.size(); i++) {
            int a = abs.get(i);
            int b = abs.get(i + 1);
            if (h.chunkOf(a) != h.chunkOf(b)) {
                cellsOut.add(b);
                continue;
            }
            boolean reversed = a != start && b == goal;
            int source = reversed ? b : a;
            int target = reversed ? a : b;
            Run run = chunkDijkstra(h.chunkOf(a), source);
            List<Integer> chain = new ArrayList<>(); // target back to source
            for (int c = target; c != -1; c = run.parent[c]) {
                chain.add(c);
            }
            if (!reversed) {
                chain = chain.reversed();
            }
            cellsOut.addAll(chain.subList(1, chain.size()));
        }
        int[] path = toArray(cellsOut);
        if (smoothing && path.length > 2) {
            path = smooth(path);
        }
        double cost = 0;
        for (int i = 0; i + 1 < path.length; i++) {
            cost += ref.cost(path[i], path[i + 1]);
        }
        return new Answer(true, path, cost, pops - 1, toArray(expanded));
    }

    /** docs/hpa.md, "The query", step 4, with every walk going on while its moves are legal. */
    private int[] smooth(int[] p) {
        int n = p.length;
        int[] last = new int[ref.w * ref.h];
        Arrays.fill(last, -1);
        double[] prefix = new double[n];
        for (int i = 0; i < n; i++) {
            last[p[i]] = i;
            if (i > 0) {
                prefix[i] = prefix[i - 1] + ref.cost(p[i - 1], p[i]);
            }
        }
        List<Integer> out = new ArrayList<>();
        int i = 0;
        while (i < n - 1) {
            out.add(p[i]);
            if (i + 2 >= n) {
                i++;
                continue;
            }
            int bestJ = -1;
            double bestCost = 0;
            int bestDir = -1;
            int bestSteps = 0;
            for (int d = 0; d < (ref.eight ? 8 : 4); d++) {
                int cell = p[i];
                double walk = 0;
                int steps = 0;
                while (true) {
                    int nx = cell % ref.w + HpaReference.DX[d];
                    int ny = cell / ref.w + HpaReference.DY[d];
                    if (nx < 0 || ny < 0 || nx >= ref.w || ny >= ref.h || !ref.legal(cell, ny * ref.w + nx)) {
                        break;
                    }
                    int next = ny * ref.w + nx;
                    walk += ref.cost(cell, next);
                    cell = next;
                    steps++;
                    int j = last[next];
                    if (j > i + 1
                            && walk < prefix[j] - prefix[i] - MARGIN
                            && (j > bestJ || (j == bestJ && walk < bestCost))) {
                        bestJ = j;
                        bestCost = walk;
                        bestDir = d;
                        bestSteps = steps;
                    }
                }
            }
            if (bestJ < 0) {
                i++;
                continue;
            }
            int cell = p[i];
            for (int s = 1; s < bestSteps; s++) {
                cell += HpaReference.DY[bestDir] * ref.w + HpaReference.DX[bestDir];
                out.add(cell);
            }
            i = bestJ;
        }
        out.add(p[n - 1]);
        return toArray(out);
    }

    private static int[] toArray(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).toArray();
    }
}
