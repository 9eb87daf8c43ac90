package org.onepath.graphs;

import static org.onepath.layout.CsrLayout.INT;
import static org.onepath.layout.CsrLayout.OFFSET_BYTES;
import static org.onepath.layout.CsrLayout.TARGET_BYTES;
import static org.onepath.layout.CsrLayout.WEIGHT;
import static org.onepath.layout.CsrLayout.WEIGHT_BYTES;
import static org.onepath.layout.LandmarkLayout.DISTANCE;
import static org.onepath.layout.LandmarkLayout.DISTANCE_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.Heuristic;
import org.onepath.grids.OpenSet;
import org.onepath.layout.LandmarkLayout;
import org.onepath.memory.OwnerState;

/**
 * ALT preprocessing (A*, landmarks, triangle inequality; Goldberg and Harrelson 2005) over one
 * {@link CsrGraph}: for each landmark L, the shortest distances d(L, v) from it and d(v, L) to it
 * for every node, in an off-heap table laid out by {@link LandmarkLayout}.
 *
 * <p>The bound at a node v for a goal t is the largest of 0 and, over the landmarks,
 * {@code d(L,t) - d(L,v)} and {@code d(v,L) - d(t,L)} where both distances are finite; it is
 * +infinity when a landmark proves that v cannot reach t (L reaches v but not t, or t reaches L
 * but v does not). Every term follows from the triangle inequality along arcs, so the bound is
 * admissible and consistent: exactly so when the distances are exact (integer weights below
 * 2^53), up to rounding otherwise.
 *
 * <p>Selection ({@link #select}): farthest points. Starting from the smallest node with an arc,
 * the first landmark is the node farthest from it, and each next one the node whose separation
 * from the chosen landmarks is largest, where the separation of v from L is
 * {@code d(L,v) + d(v,L)} (+infinity when either is) and from a set its minimum. Only nodes with
 * an arc in or out are candidates; ties go to the smaller node. A graph not strongly connected thus
 * gets landmarks in each part first. Immutable after construction and safe to share between
 * threads; each search takes its own {@link #heuristic()}. Owns its memory: {@link #close()}.
 */
public final class Landmarks implements AutoCloseable {
    /** Most landmarks one table holds. */
    public static final int MAX_COUNT = 64;

    private final CsrGraph graph;
    private final int[] nodes;
    private final int count;
    private final long recordBytes;
    private final Arena arena;
    private final MemorySegment table;
    private final OwnerState state = new OwnerState("Landmarks");

    private Landmarks(CsrGraph graph, int[] nodes) {
        this.graph = graph;
        this.nodes = nodes;
        this.count = nodes.length;
        this.recordBytes = LandmarkLayout.recordBytes(count);
        this.arena = Arena.ofShared();
        this.table = arena.allocate(Math.max(1, graph.nodeCount() * recordBytes), DISTANCE_BYTES);
    }

    /**
     * Selects up to {@code count} landmarks by farthest points and computes their distances:
     * fewer when the graph has fewer nodes with arcs. Costs about 2 * count + 2 runs of
     * Dijkstra's algorithm over the graph and a reversed copy of it.
     *
     * @param graph the graph to preprocess; it must stay open while the landmarks are used, and
     *              they do not close it
     * @param count how many landmarks to select, 1..{@link #MAX_COUNT}
     * @return new landmarks owning an off-heap table of {@link #tableBytes()} bytes; the caller
     *         closes them. Their count is 0 when no node has an arc.
     * @throws NullPointerException     if {@code graph} is null
     * @throws IllegalArgumentException if the count is outside 1..{@link #MAX_COUNT}
     * @throws IllegalStateException    if the graph has been closed
     */
    public static Landmarks select(CsrGraph graph, int count) {
        Objects.requireNonNull(graph, "graph");
        checkCount(count);
        graph.ensureOpen();
        int n = graph.nodeCount();
        try (CsrGraph reverse = graph.reverse();
                Arena temp = Arena.ofConfined();
                OpenSet open = new OpenSet(Math.max(1, n))) {
            MemorySegment fwd = temp.allocate(Math.max(1, n) * DISTANCE_BYTES, DISTANCE_BYTES);
            MemorySegment bwd = temp.allocate(Math.max(1, n) * DISTANCE_BYTES, DISTANCE_BYTES);
            MemorySegment separation = temp.allocate(Math.max(1, n) * DISTANCE_BYTES, DISTANCE_BYTES);
            int seed = -1;
            for (int v = 0; v < n && seed < 0; v++) {
                if (graph.outDegree(v) > 0 || reverse.outDegree(v) > 0) {
                    seed = v;
                }
            }
            int[] chosen = new int[Math.min(count, n)];
            // Filled as landmarks are chosen; replaced by a smaller table in the rare case that
            // fewer nodes than asked for have arcs.
            Landmarks l = new Landmarks(graph, chosen);
            int k = 0;
            try {
                if (seed >= 0) {
                    // Separation from the seed picks the first landmark; the seed itself is not one.
                    dijkstra(graph, seed, open, fwd);
                    dijkstra(reverse, seed, open, bwd);
                    separate(separation, fwd, bwd, n, true);
                    while (k < chosen.length) {
                        int next = farthest(graph, reverse, separation, chosen, k);
                        if (next < 0) {
                            break;
                        }
                        chosen[k] = next;
                        dijkstra(graph, next, open, fwd);
                        l.storeColumn(fwd, LandmarkLayout.forwardOffset(k));
                        dijkstra(reverse, next, open, bwd);
                        l.storeColumn(bwd, LandmarkLayout.backwardOffset(chosen.length, k));
                        separate(separation, fwd, bwd, n, k == 0);
                        k++;
                    }
                }
            } catch (RuntimeException | Error e) {
                l.close();
                throw e;
            }
            if (k == chosen.length) {
                return l;
            }
            l.close();
            if (k == 0) {
                return new Landmarks(graph, new int[0]);
            }
            return of(graph, java.util.Arrays.copyOf(chosen, k));
        }
    }

    /** separation[v] = d(L,v) + d(v,L), or its minimum with the value there unless {@code first}. */
    private static void separate(MemorySegment separation, MemorySegment fwd, MemorySegment bwd, int n, boolean first) {
        for (int v = 0; v < n; v++) {
            long at = v * DISTANCE_BYTES;
            double s = fwd.get(DISTANCE, at) + bwd.get(DISTANCE, at);
            separation.set(DISTANCE, at, first ? s : Math.min(separation.get(DISTANCE, at), s));
        }
    }

    /**
     * Landmarks at the given nodes (distinct, in the graph), in that order. Costs two runs of
     * Dijkstra's algorithm per landmark.
     *
     * @param graph         the graph to preprocess; it must stay open while the landmarks are
     *                      used, and they do not close it
     * @param landmarkNodes the landmark nodes, distinct, each in 0..nodeCount-1; copied
     * @return new landmarks owning an off-heap table; the caller closes them
     * @throws NullPointerException     if an argument is null
     * @throws IllegalStateException    if the graph has been closed
     * @throws IllegalArgumentException naming a node outside the graph, a repeated node, or a
     *                                  count outside 1..{@link #MAX_COUNT}
     */
    public static Landmarks of(CsrGraph graph, int... landmarkNodes) {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(landmarkNodes, "landmarkNodes");
        checkCount(landmarkNodes.length);
        graph.ensureOpen();
        int n = graph.nodeCount();
        for (int i = 0; i < landmarkNodes.length; i++) {
            CsrGraph.checkNode("landmark " + i, landmarkNodes[i], n);
            for (int j = 0; j < i; j++) {
                if (landmarkNodes[j] == landmarkNodes[i]) {
                    throw new IllegalArgumentException(
                            "landmark " + i + " = node " + landmarkNodes[i] + " repeats landmark " + j);
                }
            }
        }
        int[] picked = landmarkNodes.clone();
        Landmarks l = new Landmarks(graph, picked);
        try (CsrGraph reverse = graph.reverse();
                Arena temp = Arena.ofConfined();
                OpenSet open = new OpenSet(n)) {
            MemorySegment dist = temp.allocate(n * DISTANCE_BYTES, DISTANCE_BYTES);
            for (int i = 0; i < picked.length; i++) {
                dijkstra(graph, picked[i], open, dist);
                l.storeColumn(dist, LandmarkLayout.forwardOffset(i));
                dijkstra(reverse, picked[i], open, dist);
                l.storeColumn(dist, LandmarkLayout.backwardOffset(picked.length, i));
            }
        } catch (RuntimeException | Error e) {
            l.close();
            throw e;
        }
        return l;
    }

    private static void checkCount(int count) {
        if (count < 1 || count > MAX_COUNT) {
            throw new IllegalArgumentException("landmark count " + count + " is outside 1.." + MAX_COUNT);
        }
    }

    /** The candidate with the largest separation (+infinity first), smaller node on ties; -1 if none is left. */
    private static int farthest(CsrGraph graph, CsrGraph reverse, MemorySegment separation, int[] chosen, int k) {
        int best = -1;
        double bestSeparation = -1;
        for (int v = 0; v < graph.nodeCount(); v++) {
            if (graph.outDegree(v) == 0 && reverse.outDegree(v) == 0) {
                continue;
            }
            double s = separation.get(DISTANCE, v * DISTANCE_BYTES);
            if (s > bestSeparation && !contains(chosen, k, v)) {
                best = v;
                bestSeparation = s;
            }
        }
        return best;
    }

    private static boolean contains(int[] a, int k, int v) {
        for (int i = 0; i < k; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }

    /**
     * Dijkstra's algorithm from {@code source} over every node: writes each node's distance into
     * {@code dist} (+infinity when unreachable). A node is final when popped; weights are >= 0.
     */
    static void dijkstra(CsrGraph g, int source, OpenSet open, MemorySegment dist) {
        final int n = g.nodeCount();
        for (int v = 0; v < n; v++) {
            dist.set(DISTANCE, v * DISTANCE_BYTES, Double.POSITIVE_INFINITY);
        }
        final MemorySegment off = g.offsets;
        final MemorySegment heads = g.targets;
        final MemorySegment costs = g.weights;
        open.clear();
        dist.set(DISTANCE, (long) source * DISTANCE_BYTES, 0.0);
        open.push(source, 0.0, 0.0);
        while (!open.isEmpty()) {
            final int u = open.pop();
            final double du = dist.get(DISTANCE, u * DISTANCE_BYTES);
            final int end = off.get(INT, (u + 1L) * OFFSET_BYTES);
            for (int a = off.get(INT, (long) u * OFFSET_BYTES); a < end; a++) {
                final int v = heads.get(INT, a * TARGET_BYTES);
                final double d = du + costs.get(WEIGHT, a * WEIGHT_BYTES);
                if (d < dist.get(DISTANCE, v * DISTANCE_BYTES)) {
                    dist.set(DISTANCE, v * DISTANCE_BYTES, d);
                    open.push(v, d, d);
                }
            }
        }
    }

    private void storeColumn(MemorySegment dist, long within) {
        final int n = graph.nodeCount();
        for (int v = 0; v < n; v++) {
            table.set(DISTANCE, v * recordBytes + within, dist.get(DISTANCE, v * DISTANCE_BYTES));
        }
    }

    // ---- reading ----

    /**
     * The graph the distances belong to.
     *
     * @return the graph given at construction; not owned by the landmarks
     */
    public CsrGraph graph() {
        return graph;
    }

    /**
     * The number of landmarks.
     *
     * @return the count, 0..{@link #MAX_COUNT}
     */
    public int count() {
        return count;
    }

    /**
     * The landmark nodes, in selection order.
     *
     * @return a new array of {@link #count()} nodes
     */
    public int[] nodes() {
        return nodes.clone();
    }

    /**
     * The shortest distance d(L, node) from a landmark to a node.
     *
     * @param landmark the landmark's index, 0..count-1 (not its node)
     * @param node     a node, 0..nodeCount-1
     * @return the distance in weight units; +infinity when the node is unreachable from L
     * @throws IllegalStateException    if the landmarks have been closed
     * @throws IllegalArgumentException if the landmark or the node is out of range
     */
    public double distanceFrom(int landmark, int node) {
        check(landmark, node);
        return table.get(DISTANCE, node * recordBytes + LandmarkLayout.forwardOffset(landmark));
    }

    /**
     * The shortest distance d(node, L) from a node to a landmark.
     *
     * @param landmark the landmark's index, 0..count-1 (not its node)
     * @param node     a node, 0..nodeCount-1
     * @return the distance in weight units; +infinity when L is unreachable from the node
     * @throws IllegalStateException    if the landmarks have been closed
     * @throws IllegalArgumentException if the landmark or the node is out of range
     */
    public double distanceTo(int landmark, int node) {
        check(landmark, node);
        return table.get(DISTANCE, node * recordBytes + LandmarkLayout.backwardOffset(count, landmark));
    }

    /**
     * The size of the distance table, to account for memory.
     *
     * @return the table's size in bytes: nodeCount * count * 2 distances of 8 bytes
     */
    public long tableBytes() {
        return (long) graph.nodeCount() * recordBytes;
    }

    /**
     * A new estimate over these landmarks for one search (it keeps its goal's distances, so it is
     * not shared between searches that run at once).
     *
     * @return a new heuristic that reads this table; valid until the landmarks are closed
     * @throws IllegalStateException if the landmarks have been closed
     */
    public Heuristic heuristic() {
        state.ensureOpen();
        return new LandmarkHeuristic(this);
    }

    /**
     * The bound at a node for a goal, as {@link #heuristic()} computes it; allocates a heuristic
     * per call, so searches use {@link #heuristic()} instead.
     *
     * @param node a node, 0..nodeCount-1
     * @param goal the goal node, 0..nodeCount-1
     * @return a lower bound on the node's distance to the goal, &gt;= 0, or +infinity when a
     *         landmark proves the goal unreachable
     * @throws IllegalStateException    if the landmarks have been closed
     * @throws IllegalArgumentException if the goal is outside the graph
     */
    public double bound(int node, int goal) {
        Heuristic h = heuristic();
        h.setGoal(goal);
        return h.estimate(node);
    }

    /**
     * Whether the landmarks have been closed.
     *
     * @return true after {@link #close()}
     */
    public boolean isClosed() {
        return state.isClosed();
    }

    /**
     * Frees the distance table; heuristics made from it must not be used afterwards. Closing twice
     * does nothing, and the graph stays open.
     */
    @Override
    public void close() {
        if (state.markClosed()) {
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "Landmarks[" + count + " over " + graph + "]";
    }

    private void check(int landmark, int node) {
        state.ensureOpen();
        if (landmark < 0 || landmark >= count) {
            throw new IllegalArgumentException("landmark " + landmark + " is outside 0.." + (count - 1));
        }
        CsrGraph.checkNode("node", node, graph.nodeCount());
    }

    /** The ALT estimate of one search: the goal's distances are copied on {@link #setGoal}. */
    static final class LandmarkHeuristic implements Heuristic {
        private final Landmarks landmarks;
        private final MemorySegment table;
        private final int count;
        private final long recordBytes;
        private final double[] fromLandmarkToGoal;
        private final double[] goalToLandmark;

        LandmarkHeuristic(Landmarks landmarks) {
            this.landmarks = landmarks;
            this.table = landmarks.table;
            this.count = landmarks.count;
            this.recordBytes = landmarks.recordBytes;
            this.fromLandmarkToGoal = new double[count];
            this.goalToLandmark = new double[count];
        }

        @Override
        public void setGoal(int goal) {
            landmarks.state.ensureOpen();
            CsrGraph.checkNode("goal", goal, landmarks.graph.nodeCount());
            long at = goal * recordBytes;
            for (int l = 0; l < count; l++) {
                fromLandmarkToGoal[l] = table.get(DISTANCE, at + LandmarkLayout.forwardOffset(l));
                goalToLandmark[l] = table.get(DISTANCE, at + LandmarkLayout.backwardOffset(count, l));
            }
        }

        @Override
        public double estimate(int node) {
            final long at = node * recordBytes;
            final int k = count;
            double h = 0.0;
            for (int l = 0; l < k; l++) {
                final double lv = table.get(DISTANCE, at + l * DISTANCE_BYTES);
                if (lv != Double.POSITIVE_INFINITY) {
                    final double lt = fromLandmarkToGoal[l];
                    if (lt == Double.POSITIVE_INFINITY) {
                        return Double.POSITIVE_INFINITY; // L reaches v but not t: v cannot reach t
                    }
                    h = Math.max(h, lt - lv);
                }
                final double tl = goalToLandmark[l];
                if (tl != Double.POSITIVE_INFINITY) {
                    final double vl = table.get(DISTANCE, at + (k + l) * DISTANCE_BYTES);
                    if (vl == Double.POSITIVE_INFINITY) {
                        return Double.POSITIVE_INFINITY; // t reaches L but v does not: v cannot reach t
                    }
                    h = Math.max(h, vl - tl);
                }
            }
            return h;
        }
    }
}
