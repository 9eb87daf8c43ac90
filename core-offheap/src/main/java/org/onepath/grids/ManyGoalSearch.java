package org.onepath.grids;

import java.util.Arrays;
import java.util.Objects;
import org.onepath.memory.GrowableSegment;
import org.onepath.memory.QuadHeap;
import org.onepath.memory.QuadHeapLayout;

/**
 * A best-first search from one start towards a set of goals that settles the cheapest goal and
 * every goal whose cost is within {@link #TIE_TOLERANCE} of it (tier 2). Two engines share the
 * code: with a heuristic it is A* whose estimate at a node is the minimum of the heuristic's
 * estimates towards each goal (admissible and consistent when the heuristic is, at the price of
 * one estimate per goal at every push); without one it is Dijkstra's wave, which pays nothing per
 * goal but settles every node cheaper than the best goal. {@code org.onepath.query.ManyGoalsQuery}
 * chooses between them by the number of goals (see {@code docs/many-goals.md}).
 *
 * <p>Normative behaviour: {@code g[start] = 0}; one iteration pops the open entry with the
 * smallest f (then larger g, then smaller node, as {@link OpenSet#before}), skips it when the node
 * is already closed or the entry is stale, and closes the node; a goal records its g; then the
 * node's moves are relaxed as {@link AStar} does (a NaN, negative or +infinity step is no move; a
 * strictly lower g replaces the node's and pushes a new entry). Goals are expanded too, since a
 * step may cost 0. The search ends when the open set is empty or its smallest f exceeds
 * {@code best + TIE_TOLERANCE * best}, so every goal tied with the best (within rounding of sums
 * taken in different orders) is settled. {@link #bestGoal()} is the index, in the order given to
 * {@link #begin}, of the first goal of the smallest recorded cost.
 *
 * <p>Node records are kept in an open-addressing table that grows with the nodes reached, so the
 * memory follows the search, not the topology (a voxel world of 2^30 nodes is fine). Once the
 * tables have grown, a search allocates nothing. Not thread-safe.
 */
public final class ManyGoalSearch implements AutoCloseable {
    /** Relative tolerance within which a goal counts as tied with the cheapest one. */
    public static final double TIE_TOLERANCE = 1e-9;

    private static final int EMPTY = -1;

    private final GridTopology topology;
    private final StepCost stepCost;
    private final Heuristic heuristic;
    private final int[] neighborNodes;
    private final double[] neighborCosts;

    // node -> record slot, open addressing with linear probing
    private int[] tableNodes = new int[1 << 10];
    private int[] tableSlots = new int[1 << 10];
    private int tableMask = (1 << 10) - 1;
    // records, one per reached node
    private double[] recordCosts = new double[1 << 9];
    private boolean[] recordClosed = new boolean[1 << 9];
    private int recordCount;
    // the shared 4-ary heap of (f, g, node) entries; stale entries are skipped when popped
    private final Entries heap = new Entries();

    // goals: the distinct nodes sorted, the first index each has in the given order
    private int[] goalNodes = new int[0];
    private int[] goalFirstIndex = new int[0];
    private double[] goalCosts = new double[0];
    private int[] givenGoals = new int[0];
    private int distinctGoals;

    private SearchStatus status = SearchStatus.NOT_STARTED;
    private double best;
    private int iterations;
    private int expanded;

    /**
     * A search over a topology.
     *
     * @param topology  the moves and base costs
     * @param stepCost  the hook that prices each move from its base cost, or null for the base cost
     * @param heuristic the estimate towards one goal, aimed with {@link Heuristic#setGoal} at each
     *                  goal in turn; null runs Dijkstra's wave (no estimate)
     */
    public ManyGoalSearch(GridTopology topology, StepCost stepCost, Heuristic heuristic) {
        this.topology = Objects.requireNonNull(topology, "topology");
        this.stepCost = stepCost;
        this.heuristic = heuristic;
        this.neighborNodes = new int[topology.maxDegree()];
        this.neighborCosts = new double[topology.maxDegree()];
        Arrays.fill(tableNodes, EMPTY);
    }

    /**
     * Whether this search runs A* with the minimum estimate (true) or Dijkstra's wave (false).
     *
     * @return true when a heuristic was given
     */
    public boolean usesEstimate() {
        return heuristic != null;
    }

    /**
     * Begins a search. The caller has checked that the start and the goals may be stood on.
     *
     * @param start the start node, 0..nodeCount-1
     * @param goals the goal nodes, at least one, each 0..nodeCount-1; repeats are allowed
     * @throws IllegalArgumentException if there is no goal or a node is outside the topology
     */
    public void begin(int start, int[] goals) {
        Objects.requireNonNull(goals, "goals");
        int n = topology.nodeCount();
        if (goals.length == 0) {
            throw new IllegalArgumentException("goals must hold at least one node, was empty");
        }
        if (start < 0 || start >= n) {
            throw new IllegalArgumentException("start must be 0.." + (n - 1) + ", was " + start);
        }
        for (int i = 0; i < goals.length; i++) {
            if (goals[i] < 0 || goals[i] >= n) {
                throw new IllegalArgumentException("goals[" + i + "] must be 0.." + (n - 1) + ", was " + goals[i]);
            }
        }
        prepareGoals(goals);
        Arrays.fill(tableNodes, EMPTY);
        recordCount = 0;
        heap.clear();
        best = Double.POSITIVE_INFINITY;
        iterations = 0;
        expanded = 0;
        int slot = slotFor(start);
        recordCosts[slot] = 0.0;
        push(estimate(start), 0.0, start);
        status = SearchStatus.RUNNING;
    }

    private void prepareGoals(int[] goals) {
        givenGoals = goals.clone();
        long[] keyed = new long[goals.length];
        for (int i = 0; i < goals.length; i++) {
            keyed[i] = ((long) goals[i] << 32) | i; // sorted by node, then by index
        }
        Arrays.sort(keyed);
        int[] nodes = new int[goals.length];
        int[] first = new int[goals.length];
        int d = 0;
        for (long k : keyed) {
            int node = (int) (k >>> 32);
            if (d == 0 || nodes[d - 1] != node) {
                nodes[d] = node;
                first[d] = (int) k;
                d++;
            }
        }
        goalNodes = nodes;
        goalFirstIndex = first;
        distinctGoals = d;
        goalCosts = new double[d];
        Arrays.fill(goalCosts, Double.POSITIVE_INFINITY);
    }

    /**
     * Runs at most {@code maxIterations} iterations (pops of an entry, stale ones included).
     *
     * @param maxIterations iterations to run, at least 1
     * @return RUNNING, FOUND (at least one goal settled and nothing cheaper can follow) or
     *         NO_PATH (no goal reachable)
     * @throws IllegalStateException if the search was not begun
     * @throws IllegalArgumentException if {@code maxIterations} is below 1
     */
    public SearchStatus step(int maxIterations) {
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be at least 1, was " + maxIterations);
        }
        if (status == SearchStatus.NOT_STARTED) {
            throw new IllegalStateException("ManyGoalSearch has not been begun");
        }
        if (status != SearchStatus.RUNNING) {
            return status;
        }
        final GridTopology topo = topology;
        final StepCost cost = stepCost;
        final int[] nb = neighborNodes;
        final double[] nc = neighborCosts;
        for (int it = 0; it < maxIterations; it++) {
            if (heap.isEmpty()) {
                status = best == Double.POSITIVE_INFINITY ? SearchStatus.NO_PATH : SearchStatus.FOUND;
                return status;
            }
            if (heap.key1(0) > best + TIE_TOLERANCE * best) {
                status = SearchStatus.FOUND;
                return status;
            }
            final double gEntry = heap.key2(0);
            final int n = heap.id(0);
            heap.removeTop();
            iterations++;
            final int slot = slotOf(n);
            if (recordClosed[slot] || gEntry != recordCosts[slot]) {
                continue; // stale entry
            }
            recordClosed[slot] = true;
            final double gn = gEntry;
            final int goal = Arrays.binarySearch(goalNodes, 0, distinctGoals, n);
            if (goal >= 0) {
                goalCosts[goal] = gn;
                if (gn < best) {
                    best = gn;
                }
            }
            expanded++;
            final int k = topo.neighbors(n, nb, nc);
            for (int j = 0; j < k; j++) {
                final int m = nb[j];
                final double step = cost == null ? nc[j] : cost.cost(n, m, nc[j]);
                if (!(step >= 0.0) || step == Double.POSITIVE_INFINITY) {
                    continue;
                }
                final double g2 = gn + step;
                int ms = slotOf(m);
                if (ms < 0) {
                    ms = slotFor(m);
                    recordCosts[ms] = g2;
                    push(g2 + estimate(m), g2, m);
                } else if (g2 < recordCosts[ms]) {
                    recordCosts[ms] = g2;
                    recordClosed[ms] = false;
                    push(g2 + estimate(m), g2, m);
                }
            }
        }
        if (heap.isEmpty()) {
            status = best == Double.POSITIVE_INFINITY ? SearchStatus.NO_PATH : SearchStatus.FOUND;
        }
        return status;
    }

    /**
     * How the search stands.
     *
     * @return NOT_STARTED before {@link #begin}, then RUNNING, FOUND or NO_PATH
     */
    public SearchStatus status() {
        return status;
    }

    /**
     * The cheapest settled goal: its index in the array given to {@link #begin}, the first such
     * index among goals of equal cost.
     *
     * @return the index, or -1 when no goal has been settled
     */
    public int bestGoal() {
        int bestIndex = -1;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int d = 0; d < distinctGoals; d++) {
            double c = goalCosts[d];
            if (c < bestCost || (c == bestCost && c != Double.POSITIVE_INFINITY && goalFirstIndex[d] < bestIndex)) {
                bestCost = c;
                bestIndex = goalFirstIndex[d];
            }
        }
        return bestIndex;
    }

    /**
     * The smallest cost of a settled goal.
     *
     * @return the cost, or +infinity when no goal has been settled
     */
    public double bestCost() {
        return best;
    }

    /**
     * The cost this search settled for a goal.
     *
     * @param index an index into the array given to {@link #begin}
     * @return the goal's cost, or +infinity when it was not settled (unreachable, or dearer than
     *         the best beyond the tolerance)
     * @throws IndexOutOfBoundsException if the index is outside the goals
     */
    public double goalCost(int index) {
        Objects.checkIndex(index, givenGoals.length);
        int d = Arrays.binarySearch(goalNodes, 0, distinctGoals, givenGoals[index]);
        return goalCosts[d];
    }

    /**
     * Iterations run (entries popped, stale ones included).
     *
     * @return the count since {@link #begin}
     */
    public int iterations() {
        return iterations;
    }

    /**
     * Nodes expanded (closed).
     *
     * @return the count since {@link #begin}
     */
    public int expandedCount() {
        return expanded;
    }

    // ---- estimate, records, heap ----

    /** The minimum over the goals of the heuristic's estimate, or 0 for the wave. */
    private double estimate(int node) {
        final Heuristic h = heuristic;
        if (h == null) {
            return 0.0;
        }
        final int[] goals = goalNodes;
        double min = Double.POSITIVE_INFINITY;
        for (int d = 0, n = distinctGoals; d < n; d++) {
            h.setGoal(goals[d]);
            double e = h.estimate(node);
            if (e < min) {
                min = e;
            }
        }
        return min;
    }

    private static int hash(int node) {
        int h = node * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** The record slot of a reached node, or -1. */
    private int slotOf(int node) {
        final int[] keys = tableNodes;
        final int mask = tableMask;
        for (int i = hash(node) & mask; ; i = (i + 1) & mask) {
            int k = keys[i];
            if (k == node) {
                return tableSlots[i];
            }
            if (k == EMPTY) {
                return -1;
            }
        }
    }

    /** A new record for a node not yet reached, open with no cost yet. */
    private int slotFor(int node) {
        if ((recordCount + 1) * 2 > tableNodes.length) {
            growTable();
        }
        if (recordCount == recordCosts.length) {
            recordCosts = Arrays.copyOf(recordCosts, recordCount * 2);
            recordClosed = Arrays.copyOf(recordClosed, recordCount * 2);
        }
        int slot = recordCount++;
        recordClosed[slot] = false;
        insert(node, slot);
        return slot;
    }

    private void insert(int node, int slot) {
        final int[] keys = tableNodes;
        final int mask = tableMask;
        int i = hash(node) & mask;
        while (keys[i] != EMPTY) {
            i = (i + 1) & mask;
        }
        keys[i] = node;
        tableSlots[i] = slot;
    }

    private void growTable() {
        int[] oldNodes = tableNodes;
        int[] oldSlots = tableSlots;
        tableNodes = new int[oldNodes.length * 2];
        tableSlots = new int[oldNodes.length * 2];
        tableMask = tableNodes.length - 1;
        Arrays.fill(tableNodes, EMPTY);
        for (int i = 0; i < oldNodes.length; i++) {
            if (oldNodes[i] != EMPTY) {
                insert(oldNodes[i], oldSlots[i]);
            }
        }
    }

    /** Frees the open list's memory; the search cannot be used after. */
    @Override
    public void close() {
        heap.close();
    }

    private void push(double f, double g, int node) {
        heap.insert(f, g, node, 0);
    }

    /**
     * The open entries in {@link OpenSet}'s order (f as key1, then larger g, then smaller node).
     * Every entry is distinct in (g, node): a node is pushed again only with a strictly smaller
     * g. So the order is strict and total over the entries, and the 4-ary heap pops them in the
     * same sequence as any other heap would. {@link ManyGoalSearch#close()} frees its memory.
     */
    private static final class Entries extends QuadHeap {
        Entries() {
            super(new GrowableSegment((1 << 9) * QuadHeapLayout.SLOT_BYTES, Double.BYTES));
        }

        @Override
        protected boolean tie(double a1, double b1) {
            return a1 == b1;
        }

        @Override
        protected boolean tieBefore(double a2, int aId, double b2, int bId) {
            return OpenSet.tieBefore(a2, aId, b2, bId);
        }

        @Override
        protected void placed(int id, int aux, int pos) {
            // no position table: stale entries stay and are skipped when popped
        }
    }
}
