package org.onepath.grids.replan;

import static org.onepath.layout.ReplanNodeLayout.COST;
import static org.onepath.layout.ReplanNodeLayout.G_OFFSET;
import static org.onepath.layout.ReplanNodeLayout.MARK;
import static org.onepath.layout.ReplanNodeLayout.PENDING;
import static org.onepath.layout.ReplanNodeLayout.PENDING_WITH_NEIGHBORS;
import static org.onepath.layout.ReplanNodeLayout.RECORD_BYTES;
import static org.onepath.layout.ReplanNodeLayout.RHS_OFFSET;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.GridTopology;
import org.onepath.grids.Heuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.StepCost;
import org.onepath.layout.ReplanNodeLayout;
import org.onepath.layout.ReplanOpenSetLayout;
import org.onepath.memory.LeakGuard;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;
import org.onepath.state.ReplanOpenSetPiece;
import org.onepath.state.ReplanSearchPiece;

/**
 * Incremental replanning (tiers 2 and 3): Lifelong Planning A* (Koenig, Likhachev and Furcy 2004)
 * and D* Lite (Koenig and Likhachev 2002, the version with the key modifier km) in one engine,
 * over a topology, a step cost and a consistent, symmetric heuristic.
 *
 * <p>Normative behaviour:
 * <ul>
 *   <li>The search runs from a root (LPA*: the start; D* Lite: the goal) towards a focus (LPA*:
 *       the goal; D* Lite: the start). g is the cost from the root, rhs the one-step lookahead:
 *       rhs(root) = 0, otherwise the minimum over the neighbours v of g(v) + cost, the cost being
 *       the move v -&gt; node (LPA*) or node -&gt; v (D* Lite) through the step-cost hook (NaN,
 *       negative or +infinity removes the move). Nodes the agent cannot stand on have
 *       rhs = +infinity.</li>
 *   <li>Nodes whose g and rhs differ are queued ({@link ReplanOpenSet}) with key
 *       [min(g, rhs) + h(focus, node) + km, min(g, rhs)], summed in that order.</li>
 *   <li>Loop: while the top key is smaller than the focus's key or the focus is inconsistent,
 *       look at the top node u: if its stored key is smaller than its current key it is
 *       re-queued with the current key; else if g(u) &gt; rhs(u), g(u) = rhs(u), u leaves the
 *       queue and the rhs of its neighbours is recomputed; else g(u) = +infinity and the rhs of u
 *       and of its neighbours is recomputed. A recompute is a full minimum over the node's
 *       neighbours, after which the node is queued if inconsistent and removed if consistent.
 *       One such step is one iteration; the steps that change a g are expansions.</li>
 *   <li>"Smaller", "equal" and "consistent" follow {@link ReplanKeys} (relative 1e-11).</li>
 *   <li>Changes: {@link #markChanged} and {@link #markChangedWithNeighbors} note nodes whose rhs
 *       must be recomputed; the next {@link #replan} recomputes them before the loop. More pending
 *       entries than nodes set the overflow flag, and the next replan restarts.
 *       {@link #invalidateAll()} restarts outright.</li>
 *   <li>D* Lite moving the start ({@link #moveStart}): km += h(old start, new start) and the
 *       heuristic aims at the new start; the queue keeps its work. Under LPA* a moved start, and
 *       under both a changed goal, restart the search.</li>
 *   <li>Path: from the focus, step to the neighbour minimising g + move cost, among the settled
 *       neighbours (g equal to rhs) when one offers a finite value, ties to the first in the
 *       topology's order; LPA* walks goal to start and reverses. The cost is the exact sum of the
 *       moves in start-to-goal order.</li>
 *   <li>{@link #replan(int)} does at most budget iterations; any sequence of budgets ends with the
 *       result, expansion count and path of one unsliced call.</li>
 * </ul>
 * Requirements: moves undirected in structure (true for the square and hex topologies), a
 * consistent and symmetric heuristic (octile, Manhattan, hex distance, zero) with weight 1.
 *
 * <p>Counters: {@link #iterations()} and {@link #expandedCount()} count since the search was last
 * initialized (restarts reset them); {@link #lastExpanded()} counts the expansions since the last
 * change was taken in (initialization, pending changes, a moved start), which is what a replan
 * call that ends reports, however it was sliced.
 *
 * <p>Memory ({@link ReplanNodeLayout}, {@link ReplanOpenSetLayout}): 21 bytes per node off-heap,
 * the pending list and the path; nothing is allocated per iteration or per replan once the lists
 * have grown. Owns its memory: {@link #close()} frees it. Not thread-safe.
 *
 * @param <T> topology
 * @param <C> step cost hook
 * @param <H> heuristic
 */
public final class ReplanSearch<T extends GridTopology, C extends StepCost, H extends Heuristic>
        implements AutoCloseable {
    private static final double INF = Double.POSITIVE_INFINITY;

    private final T topology;
    private final C stepCost;
    private final H heuristic;
    private final ReplanMode mode;
    private final boolean lpa;
    private final int nodeCount;
    private final Arena arena;
    private final MemorySegment records;
    private final MemorySegment marks;
    private final ReplanOpenSet open;
    private final NativeIntList pending = new NativeIntList();
    /** The last extracted path, in walk order (focus first). */
    private final NativeIntList path = new NativeIntList();

    private final NativeIntList recorded = new NativeIntList();
    private final OwnerState state = new OwnerState("ReplanSearch");
    private final int[] outerNodes;
    private final double[] outerCosts;
    private final int[] innerNodes;
    private final double[] innerCosts;

    private int start;
    private int goal;
    private boolean initialized;
    private boolean found;
    private boolean overflow;
    private double km;
    private long iterations;
    private long expanded;
    private int lastExpanded;
    private boolean recordExpansions;
    /** Whether {@link #path} holds the path of the current state (set when a replan ends). */
    private boolean pathReady;

    private double pathCost = INF;

    /**
     * A search from {@code start} to {@code goal}, not yet planned: the first {@link #replan}
     * plans from scratch. Allocates 21 bytes per node off-heap and the queue; the caller closes
     * the search.
     *
     * @param topology  the nodes and moves, with at least 1 node; read on every replan, not owned
     * @param stepCost  the step-cost hook called per move; NaN, negative or +infinity removes a move
     * @param heuristic a consistent, symmetric estimate with weight 1, used by this search alone
     *                  (the search aims it at the focus with {@code setGoal})
     * @param mode      LPA* or D* Lite
     * @param start     the start node, 0..nodeCount-1
     * @param goal      the goal node, 0..nodeCount-1
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the topology has no node, or start or goal is outside
     *                                  0..nodeCount-1
     */
    public ReplanSearch(T topology, C stepCost, H heuristic, ReplanMode mode, int start, int goal) {
        this.topology = Objects.requireNonNull(topology, "topology");
        this.stepCost = Objects.requireNonNull(stepCost, "stepCost");
        this.heuristic = Objects.requireNonNull(heuristic, "heuristic");
        this.mode = Objects.requireNonNull(mode, "mode");
        this.lpa = mode == ReplanMode.LPA_STAR;
        this.nodeCount = topology.nodeCount();
        if (nodeCount < 1) {
            throw new IllegalArgumentException(
                    "the topology has " + nodeCount + " nodes; a replan search needs at least 1");
        }
        checkNode(start, "start");
        checkNode(goal, "goal");
        this.start = start;
        this.goal = goal;
        int degree = topology.maxDegree();
        this.outerNodes = new int[degree];
        this.outerCosts = new double[degree];
        this.innerNodes = new int[degree];
        this.innerCosts = new double[degree];
        this.arena = LeakGuard.sharedArena(this);
        try {
            this.records = arena.allocate(nodeCount * RECORD_BYTES, 8);
            this.marks = arena.allocate(nodeCount, 8); // zeroed
            this.open = new ReplanOpenSet(nodeCount);
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /**
     * The topology the search runs over.
     *
     * @return the topology given to the constructor
     */
    public T topology() {
        return topology;
    }

    /**
     * The step-cost hook the search calls per move.
     *
     * @return the hook given to the constructor
     */
    public C stepCost() {
        return stepCost;
    }

    /**
     * The estimate the search uses.
     *
     * @return the heuristic given to the constructor
     */
    public H heuristic() {
        return heuristic;
    }

    /**
     * The algorithm the search runs, fixed at construction.
     *
     * @return LPA* or D* Lite
     */
    public ReplanMode mode() {
        return mode;
    }

    /**
     * The number of nodes, fixed at construction.
     *
     * @return the topology's node count, &gt;= 1
     */
    public int nodeCount() {
        return nodeCount;
    }

    /**
     * The current start.
     *
     * @return the start node, 0..nodeCount-1
     */
    public int start() {
        return start;
    }

    /**
     * The current goal.
     *
     * @return the goal node, 0..nodeCount-1
     */
    public int goal() {
        return goal;
    }

    /**
     * The node the search grows from.
     *
     * @return the start under LPA*, the goal under D* Lite
     */
    public int root() {
        return lpa ? start : goal;
    }

    /**
     * The node the search grows towards.
     *
     * @return the goal under LPA*, the start under D* Lite
     */
    public int focus() {
        return lpa ? goal : start;
    }

    /**
     * Whether the search holds a plan to repair.
     *
     * @return false before the first replan and after a restart, true once a replan has begun
     */
    public boolean isInitialized() {
        return initialized;
    }

    /**
     * Whether the last replan that ended found a path.
     *
     * @return true when it ended FOUND; false before any replan ended and after a restart
     */
    public boolean found() {
        return found;
    }

    /**
     * The key modifier of D* Lite: the sum of h(old start, new start) over the start's moves
     * since the search was initialized.
     *
     * @return km, finite and &gt;= 0; 0 under LPA*
     */
    public double km() {
        return km;
    }

    /**
     * Iterations since the search was last initialized.
     *
     * @return the count of queue steps, &gt;= 0
     */
    public long iterations() {
        return iterations;
    }

    /**
     * Expansions (iterations that changed a g) since the search was last initialized.
     *
     * @return the count, 0..{@link #iterations()}
     */
    public long expandedCount() {
        return expanded;
    }

    /**
     * Expansions since the last change was taken in: what the current (or last) replan reports.
     *
     * @return the count, 0..{@link #expandedCount()}
     */
    public int lastExpanded() {
        return lastExpanded;
    }

    /**
     * How many changes wait for the next replan.
     *
     * @return the pending entries, 0..nodeCount (0 when overflowed)
     */
    public int pendingCount() {
        return pending.size();
    }

    /**
     * Whether more changes came than the pending list holds: the next replan restarts.
     *
     * @return true until the next replan or restart
     */
    public boolean pendingOverflow() {
        return overflow;
    }

    /**
     * The queue, for inspection (tier 3, read only by convention: changing it breaks the search).
     *
     * @return the search's own open set, closed with the search
     */
    public ReplanOpenSet openSet() {
        return open;
    }

    /**
     * g of a node: its cost from the root as planned.
     *
     * @param node a node of the topology, 0..nodeCount-1
     * @return the cost from the root, &gt;= 0, or +infinity if not reached or not initialized
     * @throws IllegalArgumentException if the node is out of range
     * @throws IllegalStateException    if the search has been closed
     */
    public double g(int node) {
        checkNode(node, "node");
        state.ensureOpen();
        return initialized ? records.get(COST, node * RECORD_BYTES + G_OFFSET) : INF;
    }

    /**
     * rhs of a node: its one-step lookahead cost.
     *
     * @param node a node of the topology, 0..nodeCount-1
     * @return 0 for the root, otherwise the best g of a neighbour plus the move, or +infinity
     *         (also when not initialized)
     * @throws IllegalArgumentException if the node is out of range
     * @throws IllegalStateException    if the search has been closed
     */
    public double rhs(int node) {
        checkNode(node, "node");
        state.ensureOpen();
        return initialized ? records.get(COST, node * RECORD_BYTES + RHS_OFFSET) : INF;
    }

    /**
     * Records the nodes each replan expands (in order, from the last change taken in); off by
     * default. Either way the nodes recorded so far are dropped.
     *
     * @param on whether to record from now on
     */
    public void recordExpansions(boolean on) {
        recordExpansions = on;
        recorded.clear();
    }

    /**
     * The nodes expanded since the last change was taken in, when recording is on.
     *
     * @return a new array of the recorded nodes in expansion order; empty when recording is off
     */
    public int[] expandedNodes() {
        return recorded.toArray();
    }

    // ---- changes ----

    /**
     * Notes that the node's rhs may have changed (its moves or costs changed): the next
     * {@link #replan} recomputes it. Nothing is noted before the first plan or after an overflow,
     * since the next replan plans from scratch anyway.
     *
     * @param node a node of the topology, 0..nodeCount-1
     * @throws IllegalArgumentException if the node is out of range
     * @throws IllegalStateException    if the search has been closed
     */
    public void markChanged(int node) {
        checkNode(node, "node");
        state.ensureOpen();
        mark(node, PENDING, node);
    }

    /**
     * As {@link #markChanged}, for the node and each of its neighbours (as the topology lists
     * them at the next replan).
     *
     * @param node a node of the topology, 0..nodeCount-1
     * @throws IllegalArgumentException if the node is out of range
     * @throws IllegalStateException    if the search has been closed
     */
    public void markChangedWithNeighbors(int node) {
        checkNode(node, "node");
        state.ensureOpen();
        mark(node, PENDING_WITH_NEIGHBORS, ~node);
    }

    private void mark(int node, byte bit, int entry) {
        if (!initialized || overflow) {
            return;
        }
        int m = marks.get(MARK, node);
        if ((m & (bit | PENDING_WITH_NEIGHBORS)) != 0) {
            return; // already pending at least as widely
        }
        if (pending.size() >= nodeCount) {
            clearPending();
            overflow = true;
            pathReady = false;
            return;
        }
        marks.set(MARK, node, (byte) (m | bit));
        pending.add(entry);
        pathReady = false;
    }

    /**
     * Drops the plan: the next {@link #replan} plans from scratch. The memory is kept.
     *
     * @throws IllegalStateException if the search has been closed
     */
    public void invalidateAll() {
        state.ensureOpen();
        clearPending();
        open.clear();
        initialized = false;
        overflow = false;
        found = false;
        pathReady = false;
    }

    /**
     * Moves the start. D* Lite keeps its work (km grows by h(old start, new start)); LPA*
     * restarts. Nothing happens when the start is unchanged.
     *
     * @param newStart the new start node, 0..nodeCount-1
     * @throws IllegalArgumentException if the node is out of range
     * @throws IllegalStateException    if the search has been closed
     */
    public void moveStart(int newStart) {
        checkNode(newStart, "start");
        state.ensureOpen();
        if (newStart == start) {
            return;
        }
        if (lpa || !initialized) {
            start = newStart;
            invalidateAll();
            return;
        }
        int old = start;
        start = newStart;
        heuristic.setGoal(newStart);
        km += heuristic.estimate(old);
        lastExpanded = 0;
        recorded.clear();
        pathReady = false;
    }

    /**
     * Changes the goal; the search restarts. Nothing happens when the goal is unchanged.
     *
     * @param newGoal the new goal node, 0..nodeCount-1
     * @throws IllegalArgumentException if the node is out of range
     * @throws IllegalStateException    if the search has been closed
     */
    public void setGoal(int newGoal) {
        checkNode(newGoal, "goal");
        state.ensureOpen();
        if (newGoal == goal) {
            return;
        }
        goal = newGoal;
        invalidateAll();
    }

    // ---- planning ----

    /**
     * Replans to the end, as {@code replan(Integer.MAX_VALUE)}.
     *
     * @return FOUND or NO_PATH
     * @throws IllegalStateException if the search has been closed
     */
    public SearchStatus replan() {
        return replan(Integer.MAX_VALUE);
    }

    /**
     * Takes in the pending changes (or plans from scratch), then does at most {@code budget}
     * iterations.
     *
     * @param budget the most iterations in this call, &gt;= 1
     * @return RUNNING while work remains (the next call resumes), else FOUND or NO_PATH
     * @throws IllegalArgumentException if budget &lt; 1
     * @throws IllegalStateException    if the search has been closed
     */
    public SearchStatus replan(int budget) {
        if (budget < 1) {
            throw new IllegalArgumentException("budget must be at least 1, was " + budget);
        }
        state.ensureOpen();
        if (!initialized || overflow) {
            initialize();
        } else if (pending.size() > 0) {
            applyPending();
        }
        final MemorySegment rec = records;
        final ReplanOpenSet q = open;
        final H h = heuristic;
        final int focus = focus();
        int done = 0;
        while (true) {
            if (q.isEmpty()) {
                break;
            }
            final double fg = rec.get(COST, focus * RECORD_BYTES + G_OFFSET);
            final double fr = rec.get(COST, focus * RECORD_BYTES + RHS_OFFSET);
            final double fm = Math.min(fg, fr);
            final double top1 = q.topKey1();
            final double top2 = q.topKey2();
            if (!ReplanKeys.keyLess(top1, top2, fm + h.estimate(focus) + km, fm) && ReplanKeys.equal(fg, fr)) {
                break;
            }
            if (done == budget) {
                return SearchStatus.RUNNING;
            }
            done++;
            iterations++;
            final int u = q.topNode();
            final long off = u * RECORD_BYTES;
            final double gu = rec.get(COST, off + G_OFFSET);
            final double ru = rec.get(COST, off + RHS_OFFSET);
            final double mu = Math.min(gu, ru);
            final double new1 = mu + h.estimate(u) + km;
            if (ReplanKeys.keyLess(top1, top2, new1, mu)) {
                q.push(u, new1, mu);
                continue;
            }
            expanded++;
            lastExpanded++;
            if (recordExpansions) {
                recorded.add(u);
            }
            if (gu > ru) {
                rec.set(COST, off + G_OFFSET, ru);
                q.remove(u);
            } else {
                rec.set(COST, off + G_OFFSET, INF);
                updateVertex(u);
            }
            final int[] nb = outerNodes;
            final int k = topology.neighbors(u, nb, outerCosts);
            for (int j = 0; j < k; j++) {
                updateVertex(nb[j]);
            }
        }
        finish();
        return found ? SearchStatus.FOUND : SearchStatus.NO_PATH;
    }

    private void initialize() {
        final MemorySegment rec = records;
        final int n = nodeCount;
        for (int i = 0; i < n; i++) {
            long off = i * RECORD_BYTES;
            rec.set(COST, off + G_OFFSET, INF);
            rec.set(COST, off + RHS_OFFSET, INF);
        }
        clearPending();
        open.clear();
        overflow = false;
        km = 0;
        iterations = 0;
        expanded = 0;
        lastExpanded = 0;
        recorded.clear();
        found = false;
        pathReady = false;
        initialized = true;
        heuristic.setGoal(focus());
        updateVertex(root());
    }

    private void applyPending() {
        lastExpanded = 0;
        recorded.clear();
        final NativeIntList list = pending;
        final int count = list.size();
        for (int i = 0; i < count; i++) {
            int entry = list.get(i);
            if (entry >= 0) {
                updateVertex(entry);
            } else {
                int node = ~entry;
                updateVertex(node);
                final int[] nb = outerNodes;
                final int k = topology.neighbors(node, nb, outerCosts);
                for (int j = 0; j < k; j++) {
                    updateVertex(nb[j]);
                }
            }
        }
        clearPending();
    }

    /** Recomputes rhs(v) as a full minimum, then queues v if inconsistent and removes it if consistent. */
    private void updateVertex(int v) {
        final MemorySegment rec = records;
        final long off = v * RECORD_BYTES;
        double rhs;
        if (!topology.isWalkable(v)) {
            rhs = INF;
        } else if (v == root()) {
            rhs = 0.0;
        } else {
            rhs = INF;
            final int[] nb = innerNodes;
            final double[] nc = innerCosts;
            final C cost = stepCost;
            final int k = topology.neighbors(v, nb, nc);
            for (int j = 0; j < k; j++) {
                final int w = nb[j];
                final double step = lpa ? cost.cost(w, v, nc[j]) : cost.cost(v, w, nc[j]);
                if (!(step >= 0.0) || step == INF) {
                    continue;
                }
                final double value = rec.get(COST, w * RECORD_BYTES + G_OFFSET) + step;
                if (value < rhs) {
                    rhs = value;
                }
            }
        }
        rec.set(COST, off + RHS_OFFSET, rhs);
        final double g = rec.get(COST, off + G_OFFSET);
        if (ReplanKeys.equal(g, rhs)) {
            open.remove(v);
        } else {
            final double m = Math.min(g, rhs);
            open.push(v, m + heuristic.estimate(v) + km, m);
        }
    }

    /** The loop has ended: extracts the path from the focus. */
    private void finish() {
        path.clear();
        pathCost = INF;
        found = false;
        final int focus = focus();
        final int root = root();
        if (records.get(COST, focus * RECORD_BYTES + G_OFFSET) == INF) {
            pathReady = true;
            return;
        }
        int cur = focus;
        path.add(cur);
        final int[] nb = outerNodes;
        final double[] nc = outerCosts;
        final C cost = stepCost;
        final MemorySegment rec = records;
        while (cur != root) {
            if (path.size() > nodeCount) {
                throw new IllegalStateException("replan search has a cost at node " + focus
                        + " but its g values contain a cycle (an inconsistent restored state?)");
            }
            int best = -1;
            double bestValue = INF;
            int any = -1;
            double anyValue = INF;
            final int k = topology.neighbors(cur, nb, nc);
            for (int j = 0; j < k; j++) {
                final int v = nb[j];
                final double step = lpa ? cost.cost(v, cur, nc[j]) : cost.cost(cur, v, nc[j]);
                if (!(step >= 0.0) || step == INF) {
                    continue;
                }
                final long off = v * RECORD_BYTES;
                final double gv = rec.get(COST, off + G_OFFSET);
                final double value = gv + step;
                if (value < anyValue) {
                    anyValue = value;
                    any = v;
                }
                if (value < bestValue && ReplanKeys.equal(gv, rec.get(COST, off + RHS_OFFSET))) {
                    bestValue = value;
                    best = v;
                }
            }
            int next = best >= 0 ? best : any;
            if (next < 0) {
                throw new IllegalStateException("replan search has a cost at node " + focus + " but no path from node "
                        + cur + " (an inconsistent restored state?)");
            }
            cur = next;
            path.add(cur);
        }
        found = true;
        pathReady = true;
        pathCost = sumPath();
    }

    /** The exact sum of the moves in start-to-goal order. */
    private double sumPath() {
        final int len = path.size();
        double sum = 0.0;
        int prev = pathNode(0, len);
        for (int i = 1; i < len; i++) {
            int next = pathNode(i, len);
            sum += moveCost(prev, next);
            prev = next;
        }
        return sum;
    }

    private double moveCost(int from, int to) {
        final int k = topology.neighbors(from, outerNodes, outerCosts);
        for (int j = 0; j < k; j++) {
            if (outerNodes[j] == to) {
                return stepCost.cost(from, to, outerCosts[j]);
            }
        }
        throw new IllegalStateException("no move from node " + from + " to node " + to);
    }

    /** The i-th node of the path in start-to-goal order. */
    private int pathNode(int i, int len) {
        return lpa ? path.get(len - 1 - i) : path.get(i);
    }

    // ---- the path ----

    /**
     * Whether the last replan ended and nothing changed since, so the path below is current.
     *
     * @return true from the end of a replan until the next change, move or restart
     */
    public boolean hasResult() {
        return pathReady;
    }

    /**
     * The length of the current path.
     *
     * @return the nodes on the path, start and goal included; 0 without one (see
     *         {@link #hasResult()})
     */
    public int pathLength() {
        return pathReady ? path.size() : 0;
    }

    /**
     * The cost of the current path.
     *
     * @return the exact sum of the moves in start-to-goal order; +infinity without a current path
     */
    public double pathCost() {
        return pathReady ? pathCost : INF;
    }

    /**
     * Writes the path, start first, into {@code out}; allocates nothing.
     *
     * @param out the array to fill from index 0, at least {@link #pathLength()} long
     * @return the number of nodes written
     * @throws NullPointerException     if {@code out} is null
     * @throws IllegalStateException    unless the last replan ended with a path and nothing changed since
     * @throws IllegalArgumentException if {@code out} is shorter than {@link #pathLength()}
     */
    public int copyPath(int[] out) {
        Objects.requireNonNull(out, "out");
        if (!pathReady || !found) {
            throw new IllegalStateException("replan search has no current path: replan first");
        }
        int len = path.size();
        if (out.length < len) {
            throw new IllegalArgumentException(
                    "path buffer of " + out.length + " nodes is shorter than the path (" + len + ")");
        }
        for (int i = 0; i < len; i++) {
            out[i] = pathNode(i, len);
        }
        return len;
    }

    /**
     * The path, start first, as a new array.
     *
     * @return the current path's nodes, or an empty array without a current path
     */
    public int[] path() {
        if (!pathReady || !found) {
            return new int[0];
        }
        int[] out = new int[path.size()];
        copyPath(out);
        return out;
    }

    // ---- snapshots ----

    /**
     * The search's state as the replan search piece of the state format. O(nodeCount).
     *
     * @return a new piece with arrays the caller owns, for {@link ReplanSearchPiece#write}
     * @throws IllegalStateException if the search has been closed
     */
    public ReplanSearchPiece.Search toPiece() {
        state.ensureOpen();
        if (!initialized) {
            return new ReplanSearchPiece.Search(
                    nodeCount,
                    mode.code(),
                    start,
                    goal,
                    false,
                    found,
                    iterations,
                    expanded,
                    lastExpanded,
                    0.0,
                    false,
                    new int[0],
                    new int[0],
                    new double[0],
                    new double[0],
                    ReplanOpenSetPiece.Heap.EMPTY);
        }
        int planned = 0;
        final MemorySegment rec = records;
        for (int i = 0; i < nodeCount; i++) {
            long off = i * RECORD_BYTES;
            if (rec.get(COST, off + G_OFFSET) != INF || rec.get(COST, off + RHS_OFFSET) != INF) {
                planned++;
            }
        }
        int[] nodes = new int[planned];
        double[] g = new double[planned];
        double[] rhs = new double[planned];
        int p = 0;
        for (int i = 0; i < nodeCount; i++) {
            long off = i * RECORD_BYTES;
            double gi = rec.get(COST, off + G_OFFSET);
            double ri = rec.get(COST, off + RHS_OFFSET);
            if (gi != INF || ri != INF) {
                nodes[p] = i;
                g[p] = gi;
                rhs[p] = ri;
                p++;
            }
        }
        return new ReplanSearchPiece.Search(
                nodeCount,
                mode.code(),
                start,
                goal,
                true,
                found,
                iterations,
                expanded,
                lastExpanded,
                km,
                overflow,
                pending.toArray(),
                nodes,
                g,
                rhs,
                open.toPiece());
    }

    /**
     * Puts back a checked piece ({@link ReplanSearchPiece#read}). The node count and mode must be
     * this search's; the caller checks them first (so that a failed restore leaves the search
     * unchanged), as {@code GridReplanner} does.
     *
     * @param s the piece, as read and checked by {@link ReplanSearchPiece#read}
     * @throws NullPointerException     if {@code s} is null
     * @throws IllegalArgumentException if the node count or mode differ (nothing changes then)
     * @throws IllegalStateException    if the search has been closed
     */
    public void restore(ReplanSearchPiece.Search s) {
        Objects.requireNonNull(s, "search");
        state.ensureOpen();
        if (s.nodeCount() != nodeCount || s.mode() != mode.code()) {
            throw new IllegalArgumentException("replan search piece over " + s.nodeCount() + " nodes in mode "
                    + s.mode() + ": expected " + nodeCount + " nodes in mode " + mode.code());
        }
        clearPending();
        open.clear();
        recorded.clear();
        start = s.start();
        goal = s.goal();
        initialized = s.initialized();
        found = s.found();
        iterations = s.iterations();
        expanded = s.expanded();
        lastExpanded = s.lastExpanded();
        overflow = false;
        km = 0;
        pathReady = false;
        pathCost = INF;
        path.clear();
        if (!initialized) {
            return;
        }
        final MemorySegment rec = records;
        for (int i = 0; i < nodeCount; i++) {
            long off = i * RECORD_BYTES;
            rec.set(COST, off + G_OFFSET, INF);
            rec.set(COST, off + RHS_OFFSET, INF);
        }
        int[] nodes = s.plannedNodes();
        for (int i = 0; i < nodes.length; i++) {
            long off = nodes[i] * RECORD_BYTES;
            rec.set(COST, off + G_OFFSET, s.plannedG()[i]);
            rec.set(COST, off + RHS_OFFSET, s.plannedRhs()[i]);
        }
        km = s.km();
        overflow = s.overflow();
        for (int entry : s.pending()) {
            int node = ReplanSearchPiece.pendingNode(entry);
            byte bit = entry >= 0 ? PENDING : PENDING_WITH_NEIGHBORS;
            marks.set(MARK, node, (byte) (marks.get(MARK, node) | bit));
            pending.add(entry);
        }
        open.load(s.open());
        heuristic.setGoal(focus());
    }

    /**
     * Frees the search's memory, its queue included; later calls that touch it throw
     * {@link IllegalStateException}. Closing twice does nothing; the topology is left alone.
     */
    @Override
    public void close() {
        if (state.markClosed()) {
            open.close();
            pending.close();
            path.close();
            recorded.close();
            arena.close();
        }
    }

    private void clearPending() {
        final NativeIntList list = pending;
        for (int i = 0; i < list.size(); i++) {
            marks.set(MARK, ReplanSearchPiece.pendingNode(list.get(i)), (byte) 0);
        }
        list.clear();
    }

    private void checkNode(int node, String what) {
        if (node < 0 || node >= nodeCount) {
            throw new IllegalArgumentException(what + " " + node + " is outside 0.." + (nodeCount - 1));
        }
    }
}
