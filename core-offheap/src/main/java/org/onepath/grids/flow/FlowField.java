package org.onepath.grids.flow;

import static org.onepath.layout.FlowFieldLayout.COST;
import static org.onepath.layout.FlowFieldLayout.COST_BYTES;
import static org.onepath.layout.FlowFieldLayout.MARK;
import static org.onepath.layout.FlowFieldLayout.NEXT;
import static org.onepath.layout.FlowFieldLayout.NEXT_BYTES;
import static org.onepath.layout.FlowFieldLayout.NO_NEXT;
import static org.onepath.layout.FlowFieldLayout.TOUCHED;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;
import org.onepath.grids.GridTopology;
import org.onepath.grids.OpenSet;
import org.onepath.grids.StepCost;
import org.onepath.layout.FlowFieldLayout;
import org.onepath.memory.LeakGuard;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;
import org.onepath.state.FlowFieldPiece;
import org.onepath.state.FlowFieldPieceLayout;
import org.onepath.state.GridStateException;
import org.onepath.state.OpenSetPiece;

/**
 * A flow field (tiers 2 and 3): Dijkstra's algorithm run outwards from a set of goals over a
 * topology and a step cost, giving every node its cost to the nearest goal (the integration
 * field) and the neighbour to move to (the direction field). Many agents with one goal set read
 * one field instead of searching each.
 *
 * <p>Normative behaviour:
 * <ul>
 *   <li>Goals are sorted and deduplicated; a goal the agent cannot stand on
 *       ({@link GridTopology#isWalkable} false) is inactive. Active goals cost 0.</li>
 *   <li>Every other node costs the minimum over its neighbours u of {@code cost[u] + move(n, u)},
 *       move(n, u) being the cost of the move out of n: the step-cost hook called as
 *       {@code hook(n, u, base)} with the topology's base cost, a NaN, negative or +infinite
 *       result removing the move. The wave runs backwards along the neighbour lists (it relaxes
 *       the neighbours of the node it pops), so moves must cost the same in both directions, as
 *       they do on the square and hex topologies. Sums are IEEE doubles formed as
 *       {@code cost[u] + move}; unreachable nodes cost +infinity.</li>
 *   <li>The open list is {@link OpenSet} with f = g = cost, so ties pop by smaller node index; the
 *       field itself does not depend on that order (rounding is monotone and moves cost &gt;= 0,
 *       so a neighbour settled later never beats one settled earlier).</li>
 *   <li>{@code next[n]} is the first neighbour in the topology's order attaining that minimum
 *       over the final costs, -1 for goals and unreachable nodes. A whole field sets it when the
 *       node pops, which gives the same neighbour (see the note at {@code finish}); a node with a
 *       free or vanishing move, and a repair's nodes, get theirs when the wave ends.</li>
 *   <li>One iteration pops one node and relaxes its neighbours; {@link #step(int)} does at most n,
 *       and any sequence of budgets gives the same field and the same {@link #settled()} count.</li>
 * </ul>
 *
 * <p>Incremental repair ({@link #markDirty} then {@link #repair()}, after cells changed): the
 * dirty nodes, and every node whose next node is invalid, are invalidated; each invalid node is
 * seeded from its still-valid neighbours and the wave refills the region, improvements spreading
 * beyond it; directions are recomputed for every node whose cost changed and its neighbours. The
 * result is bit-identical to a field computed from scratch (cost bits and next) when the dirty
 * nodes include both ends of every move whose existence or cost changed (the callers of this
 * class, {@code GridFlowField}, mark exactly such a region).
 *
 * <p>Memory ({@link FlowFieldLayout}): cost, next and mark arrays off-heap, the open set and the
 * repair's list; nothing is allocated per iteration. Owns its memory: {@link #close()} frees it.
 * Not thread-safe: one field is computed on one thread; fields over one topology's grid may be
 * computed on different threads at once while the grid is not edited.
 *
 * @param <T> topology
 * @param <C> step cost hook
 */
public final class FlowField<T extends GridTopology, C extends StepCost> implements AutoCloseable {
    private final T topology;
    private final C stepCost;
    private final int nodeCount;
    private final Arena arena;
    private final MemorySegment costs;
    private final MemorySegment nexts;
    private final MemorySegment marks;
    private final OpenSet open;
    /** The repair's list: dirty and invalidated nodes, then nodes the wave improved. */
    private final NativeIntList touched = new NativeIntList();

    private final OwnerState state = new OwnerState("FlowField");
    private final int[] neighborNodes;
    private final double[] neighborCosts;
    private final int[] directionNodes;
    private final double[] directionCosts;

    private int[] goals;
    private FlowStatus status = FlowStatus.NOT_STARTED;
    private int settled;
    private boolean repairing;

    /**
     * A field over the topology's nodes towards {@code goals} (sorted and deduplicated here), not
     * yet computed: call {@link #begin()}. Allocates the field's off-heap arrays (about 13 bytes
     * per node) and its open set; the caller closes the field.
     *
     * @param topology the nodes and moves, with at least 1 node; the field reads it on every
     *                 computation but does not own it
     * @param stepCost the step-cost hook called per move; NaN, negative or +infinity removes a move
     * @param goals    the goal nodes, each in 0..nodeCount-1, in any order and with repeats; the
     *                 array is not kept
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the topology has no node or a goal is outside
     *                                  0..nodeCount-1
     */
    public FlowField(T topology, C stepCost, int... goals) {
        this.topology = Objects.requireNonNull(topology, "topology");
        this.stepCost = Objects.requireNonNull(stepCost, "stepCost");
        this.nodeCount = topology.nodeCount();
        if (nodeCount < 1) {
            throw new IllegalArgumentException(
                    "the topology has " + nodeCount + " nodes; a flow field needs at least 1");
        }
        this.goals = sortedGoals(goals, nodeCount);
        this.arena = LeakGuard.sharedArena(this);
        this.costs = arena.allocate(nodeCount * COST_BYTES, COST_BYTES);
        this.nexts = arena.allocate(nodeCount * NEXT_BYTES, NEXT_BYTES);
        this.marks = arena.allocate(nodeCount, 8); // zeroed
        this.open = new OpenSet(nodeCount);
        int degree = topology.maxDegree();
        this.neighborNodes = new int[degree];
        this.neighborCosts = new double[degree];
        this.directionNodes = new int[degree];
        this.directionCosts = new double[degree];
    }

    /**
     * The topology the field runs over.
     *
     * @return the topology given to the constructor
     */
    public T topology() {
        return topology;
    }

    /**
     * The step-cost hook the field calls per move.
     *
     * @return the hook given to the constructor
     */
    public C stepCost() {
        return stepCost;
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
     * The goals, active or not.
     *
     * @return a new array of the goals, sorted and without repeats
     */
    public int[] goals() {
        return goals.clone();
    }

    /**
     * Whether the node is one of the goals (active or not).
     *
     * @param node any int; a node outside the topology is not a goal
     * @return true when the node is among {@link #goals()}
     */
    public boolean isGoal(int node) {
        return Arrays.binarySearch(goals, node) >= 0;
    }

    /**
     * Where the current computation stands.
     *
     * @return NOT_STARTED, RUNNING or COMPLETE
     */
    public FlowStatus status() {
        return status;
    }

    /**
     * How much work the current computation has done.
     *
     * @return the nodes popped by the current computation (the whole field, or the repair running
     *         or last run), &gt;= 0
     */
    public int settled() {
        return settled;
    }

    /**
     * Whether the current computation is an incremental repair.
     *
     * @return true from {@link #repair()} until the next {@link #begin()}, goal change or
     *         invalidation
     */
    public boolean isRepairing() {
        return repairing;
    }

    /**
     * Replaces the goal set; the field is then not started ({@link #begin()} computes it). The
     * memory is kept, so one field can serve goal set after goal set.
     *
     * @param goals the new goal nodes, each in 0..nodeCount-1, in any order and with repeats; the
     *              array is not kept
     * @throws NullPointerException     if {@code goals} is null
     * @throws IllegalArgumentException if a goal is outside 0..nodeCount-1 (nothing changes then)
     * @throws IllegalStateException    if the field has been closed
     */
    public void setGoals(int... goals) {
        int[] sorted = sortedGoals(goals, nodeCount);
        state.ensureOpen();
        clearRepairList();
        open.clear();
        this.goals = sorted;
        notStarted();
    }

    // ---- computing ----

    /**
     * Starts computing the whole field: every cost +infinity, every next -1, active goals open at
     * 0. Any computation under way, and any dirty mark, is dropped. With no active goal the field
     * is COMPLETE at once, every node unreachable.
     *
     * @throws IllegalStateException if the field has been closed
     */
    public void begin() {
        state.ensureOpen();
        final MemorySegment c = costs;
        final int n = nodeCount;
        for (int i = 0; i < n; i++) {
            c.set(COST, i * COST_BYTES, Double.POSITIVE_INFINITY);
        }
        nexts.fill((byte) 0xFF); // every next -1
        clearRepairList();
        open.clear();
        for (int g : goals) {
            if (topology.isWalkable(g)) {
                c.set(COST, g * COST_BYTES, 0.0);
                open.push(g, 0.0, 0.0);
            }
        }
        settled = 0;
        repairing = false;
        status = FlowStatus.RUNNING;
        if (open.isEmpty()) {
            finish();
        }
    }

    /**
     * Runs the current computation to the end, as {@code step(Integer.MAX_VALUE)}.
     *
     * @return COMPLETE
     * @throws IllegalStateException if the field was never begun (or a restore failed), or has
     *                               been closed
     */
    public FlowStatus run() {
        return step(Integer.MAX_VALUE);
    }

    /**
     * Performs at most {@code maxIterations} iterations (pops) of the current computation; when the
     * open set runs empty the direction field is brought up to date and the field is COMPLETE.
     *
     * @param maxIterations the most nodes to pop in this call, &gt;= 0 (0 does nothing)
     * @return RUNNING while work remains, else COMPLETE
     * @throws IllegalArgumentException if {@code maxIterations} is negative
     * @throws IllegalStateException    if the field was never begun (or a restore failed)
     */
    public FlowStatus step(int maxIterations) {
        if (maxIterations < 0) {
            throw new IllegalArgumentException("maxIterations must be >= 0, was " + maxIterations);
        }
        state.ensureOpen();
        if (status == FlowStatus.NOT_STARTED) {
            throw new IllegalStateException("FlowField.step called before begin (or after a failed restore)");
        }
        if (status == FlowStatus.COMPLETE) {
            return status;
        }
        final T topo = topology;
        final C hook = stepCost;
        final MemorySegment c = costs;
        final OpenSet o = open;
        final int[] nb = neighborNodes;
        final double[] nc = neighborCosts;
        final boolean repair = repairing;
        final MemorySegment nx = nexts;
        int done = 0;
        while (done < maxIterations && !o.isEmpty()) {
            final int u = o.pop();
            done++;
            final double cu = c.get(COST, u * COST_BYTES);
            final int k = topo.neighbors(u, nb, nc);
            // A whole field sets the popped node's direction now (a repair recomputes its
            // directions when the wave ends): see directionAtPop.
            final boolean direct = !repair && !(cu == 0.0 && isGoal(u));
            double min = Double.POSITIVE_INFINITY;
            int best = NO_NEXT;
            boolean absorbed = false;
            for (int j = 0; j < k; j++) {
                final int v = nb[j];
                // the move out of v into u: the wave runs backwards along the neighbour lists
                final double step = hook.cost(v, u, nc[j]);
                if (step >= 0.0 && step != Double.POSITIVE_INFINITY) {
                    final double cv = cu + step;
                    if (cv < c.get(COST, v * COST_BYTES)) {
                        c.set(COST, v * COST_BYTES, cv);
                        if (repair) {
                            improved(v);
                        }
                        o.push(v, cv, cv);
                    }
                }
                if (direct) {
                    // the move out of u into v, for u's own direction
                    final double out = hook.cost(u, v, nc[j]);
                    if (!(out >= 0.0) || out == Double.POSITIVE_INFINITY) {
                        continue;
                    }
                    final double offer = c.get(COST, v * COST_BYTES) + out;
                    if (offer < min) {
                        min = offer;
                        best = v;
                    }
                    absorbed |= cu + out == cu;
                }
            }
            if (direct && !absorbed && min <= cu) {
                nx.set(NEXT, u * NEXT_BYTES, best);
            }
        }
        settled += done;
        if (o.isEmpty()) {
            finish();
        }
        return status;
    }

    /**
     * Marks a node dirty for the next {@link #repair()}: a node one of whose moves, or whose own
     * walkability, changed. Repeats are ignored.
     *
     * @param node a node of the topology, 0..nodeCount-1
     * @throws IllegalArgumentException if the node is out of range
     * @throws IllegalStateException    unless the field is COMPLETE
     */
    public void markDirty(int node) {
        checkNode(node);
        state.ensureOpen();
        if (status != FlowStatus.COMPLETE) {
            throw new IllegalStateException("FlowField.markDirty needs a complete field, the field is " + status
                    + " (a running computation is begun again with begin())");
        }
        touch(node);
    }

    /**
     * How many nodes wait for the next {@link #repair()}.
     *
     * @return the nodes marked dirty since the last computation began; 0 while a repair runs
     */
    public int dirtyCount() {
        return repairing ? 0 : touched.size();
    }

    /**
     * Begins the incremental repair of the nodes marked dirty: invalidates them and every node
     * whose next node is invalid, seeds each invalid node from its valid neighbours and runs the
     * wave under {@link #step(int)}. With no dirty node the field stays COMPLETE.
     *
     * @throws IllegalStateException unless the field is COMPLETE
     */
    public void repair() {
        state.ensureOpen();
        if (status != FlowStatus.COMPLETE) {
            throw new IllegalStateException("FlowField.repair needs a complete field, the field is " + status);
        }
        if (touched.size() == 0) {
            return;
        }
        final T topo = topology;
        final MemorySegment c = costs;
        final MemorySegment nx = nexts;
        final int[] nb = neighborNodes;
        final double[] nc = neighborCosts;
        // Invalidation: every node whose chosen next node is invalid. Such a node is a neighbour of
        // its next node (moves are symmetric), so a walk over the list finds them all.
        for (int i = 0; i < touched.size(); i++) {
            final int v = touched.get(i);
            final int k = topo.neighbors(v, nb, nc);
            for (int j = 0; j < k; j++) {
                final int n = nb[j];
                if (nx.get(NEXT, n * NEXT_BYTES) == v) {
                    touch(n);
                }
            }
        }
        final int invalid = touched.size();
        for (int i = 0; i < invalid; i++) {
            final int v = touched.get(i);
            c.set(COST, v * COST_BYTES, Double.POSITIVE_INFINITY);
            nx.set(NEXT, v * NEXT_BYTES, NO_NEXT);
        }
        // Seeding: each invalid node from its still-valid neighbours (goals at 0).
        open.clear();
        final C hook = stepCost;
        for (int i = 0; i < invalid; i++) {
            final int v = touched.get(i);
            if (!topo.isWalkable(v)) {
                continue;
            }
            if (isGoal(v)) {
                c.set(COST, v * COST_BYTES, 0.0);
                open.push(v, 0.0, 0.0);
                continue;
            }
            double best = Double.POSITIVE_INFINITY;
            final int k = topo.neighbors(v, nb, nc);
            for (int j = 0; j < k; j++) {
                final int u = nb[j];
                if (marks.get(MARK, u) != 0) {
                    continue;
                }
                final double step = hook.cost(v, u, nc[j]);
                if (!(step >= 0.0) || step == Double.POSITIVE_INFINITY) {
                    continue;
                }
                final double s = c.get(COST, u * COST_BYTES) + step;
                if (s < best) {
                    best = s;
                }
            }
            if (best < Double.POSITIVE_INFINITY) {
                c.set(COST, v * COST_BYTES, best);
                open.push(v, best, best);
            }
        }
        settled = 0;
        repairing = true;
        status = FlowStatus.RUNNING;
        if (open.isEmpty()) {
            finish();
        }
    }

    // ---- reading ----

    /**
     * Cost of the node: 0 for an active goal, +infinity when unreachable. While the field runs
     * this is the value found so far.
     *
     * @param node a node of the topology, 0..nodeCount-1
     * @return the cost to the nearest active goal, in the step costs' units, &gt;= 0 or +infinity
     * @throws IllegalArgumentException if the node is out of range
     * @throws IllegalStateException    if the field was never computed, or has been closed
     */
    public double cost(int node) {
        checkNode(node);
        checkComputed();
        return costs.get(COST, node * COST_BYTES);
    }

    /**
     * The node to move to from this one, -1 for a goal or an unreachable node (and, while the
     * field runs, for nodes whose direction is not computed yet).
     *
     * @param node a node of the topology, 0..nodeCount-1
     * @return a neighbour of the node, or -1
     * @throws IllegalArgumentException if the node is out of range
     * @throws IllegalStateException    if the field was never computed, or has been closed
     */
    public int next(int node) {
        checkNode(node);
        checkComputed();
        return nexts.get(NEXT, node * NEXT_BYTES);
    }

    /**
     * Nodes on the path from {@code node} along the direction field, both ends included: 0 when
     * the node is unreachable, 1 for an active goal.
     *
     * @param node a node of the topology, 0..nodeCount-1
     * @return the number of nodes on the path, 0..nodeCount
     * @throws IllegalArgumentException if the node is out of range
     * @throws IllegalStateException unless the field is COMPLETE, or when the direction field is
     *                               inconsistent (a restored state): "contains a cycle", "has a
     *                               cost but no path"
     */
    public int pathLength(int node) {
        checkNode(node);
        checkComplete();
        if (costs.get(COST, node * COST_BYTES) == Double.POSITIVE_INFINITY) {
            return 0;
        }
        int length = 1;
        int n = node;
        while (!isGoal(n)) {
            int m = nexts.get(NEXT, n * NEXT_BYTES);
            if (m < 0) {
                throw new IllegalStateException("node " + n + " has a cost (" + costs.get(COST, n * COST_BYTES)
                        + ") but no path: the direction field gives no next node");
            }
            n = m;
            if (++length > nodeCount) {
                throw new IllegalStateException("direction field contains a cycle on the path from node " + node);
            }
        }
        return length;
    }

    /**
     * Writes the path from {@code node} to a goal, {@code node} first, into {@code out}; allocates
     * nothing.
     *
     * @param node the node to start from, 0..nodeCount-1
     * @param out  the array to fill from index 0, at least {@link #pathLength(int)} long
     * @return the number of nodes written ({@link #pathLength(int)})
     * @throws IllegalArgumentException if the node is out of range or {@code out} is too short
     * @throws IllegalStateException    as {@link #pathLength(int)}
     */
    public int copyPath(int node, int[] out) {
        int length = pathLength(node);
        if (out.length < length) {
            throw new IllegalArgumentException("path buffer holds " + out.length + " nodes, the path has " + length);
        }
        int n = node;
        for (int i = 0; i < length; i++) {
            out[i] = n;
            n = nexts.get(NEXT, n * NEXT_BYTES);
        }
        return length;
    }

    /**
     * The integration field itself, for readers that scan it without a call per node (tier 3).
     *
     * @return a read-only view of the costs, one native-order f64 per node, indexed by node; valid
     *         until close, and changed in place by later computations
     * @throws IllegalStateException if the field has been closed
     */
    public MemorySegment costs() {
        state.ensureOpen();
        return costs.asReadOnly();
    }

    /**
     * The direction field itself, for readers that scan it without a call per node (tier 3).
     *
     * @return a read-only view of the next nodes, one native-order i32 per node (-1 for none);
     *         valid until close, and changed in place by later computations
     * @throws IllegalStateException if the field has been closed
     */
    public MemorySegment directions() {
        state.ensureOpen();
        return nexts.asReadOnly();
    }

    // ---- snapshots ----

    /**
     * The field's state as the state format stores it (the flow field search piece): every node
     * with a finite cost, every node with a next node, the open set as its heap lies, and the
     * repair's list while a repair runs. O(nodeCount).
     *
     * @return a new piece with arrays the caller owns, for {@link FlowFieldPiece#write}
     * @throws IllegalStateException if nodes are marked dirty for a repair not yet begun, or the
     *                               field has been closed
     */
    public FlowFieldPiece.Field toPiece() {
        ensureSavable();
        if (status == FlowStatus.NOT_STARTED) {
            return new FlowFieldPiece.Field(
                    nodeCount,
                    status.code(),
                    0,
                    false,
                    goals.clone(),
                    new int[0],
                    new double[0],
                    new int[0],
                    new int[0],
                    OpenSetPiece.Heap.EMPTY,
                    new int[0]);
        }
        final long counts = savedCounts();
        final int reached = (int) (counts >>> 32);
        final int steps = (int) counts;
        final MemorySegment c = costs;
        final MemorySegment nx = nexts;
        int[] reachedNodes = new int[reached];
        double[] reachedCosts = new double[reached];
        int[] stepNodes = new int[steps];
        int[] stepNext = new int[steps];
        int r = 0;
        int s = 0;
        for (int i = 0; i < nodeCount; i++) {
            double v = c.get(COST, i * COST_BYTES);
            if (v < Double.POSITIVE_INFINITY) {
                reachedNodes[r] = i;
                reachedCosts[r++] = v;
            }
            int m = nx.get(NEXT, i * NEXT_BYTES);
            if (m != NO_NEXT) {
                stepNodes[s] = i;
                stepNext[s++] = m;
            }
        }
        int[] list = repairing ? touched.toArray() : new int[0];
        return new FlowFieldPiece.Field(
                nodeCount,
                status.code(),
                settled,
                repairing,
                goals.clone(),
                reachedNodes,
                reachedCosts,
                stepNodes,
                stepNext,
                open.toPiece(),
                list);
    }

    /**
     * Bytes of the piece {@link #toPiece()} gives now, counted over the nodes without copying them.
     *
     * @return the piece's size in bytes, as {@link FlowFieldPiece#length} gives it
     * @throws IllegalStateException if nodes are marked dirty for a repair not yet begun, or the
     *                               field has been closed
     */
    public long pieceLength() {
        ensureSavable();
        if (status == FlowStatus.NOT_STARTED) {
            return FlowFieldPieceLayout.pieceBytes(goals.length, 0, 0, 0, false, 0);
        }
        final long counts = savedCounts();
        return FlowFieldPieceLayout.pieceBytes(
                goals.length, (int) (counts >>> 32), (int) counts, open.size(), repairing, touched.size());
    }

    /** Nodes with a finite cost (high half) and nodes with a next node (low half), packed so counting allocates nothing. */
    private long savedCounts() {
        final MemorySegment c = costs;
        final MemorySegment nx = nexts;
        int reached = 0;
        int steps = 0;
        for (int i = 0; i < nodeCount; i++) {
            if (c.get(COST, i * COST_BYTES) < Double.POSITIVE_INFINITY) {
                reached++;
            }
            if (nx.get(NEXT, i * NEXT_BYTES) != NO_NEXT) {
                steps++;
            }
        }
        return (long) reached << 32 | steps;
    }

    private void ensureSavable() {
        state.ensureOpen();
        if (!repairing && touched.size() > 0) {
            throw new IllegalStateException(touched.size() + " nodes are marked dirty: call repair() before saving");
        }
    }

    /**
     * Puts back a state read by {@link FlowFieldPiece#read} (which checked its structure), after
     * the checks only this field can make: its node count, its goals, and that every next node is
     * a neighbour the topology moves to. On {@link GridStateException} the field is left not
     * started, unusable until restored again or begun.
     *
     * @param f           the piece, as read and checked by {@link FlowFieldPiece#read}
     * @param pieceOffset offset of the piece in the state, for the exception's offset
     * @throws GridStateException naming the field, value, bound and offset of a mismatch
     */
    public void restore(FlowFieldPiece.Field f, long pieceOffset) {
        Objects.requireNonNull(f, "field");
        state.ensureOpen();
        try {
            check(f, pieceOffset);
        } catch (RuntimeException e) {
            clearRepairList();
            open.clear();
            notStarted();
            throw e;
        }
        clearRepairList();
        open.clear();
        if (f.status() == FlowStatus.NOT_STARTED.code()) {
            notStarted();
            return;
        }
        final MemorySegment c = costs;
        for (int i = 0; i < nodeCount; i++) {
            c.set(COST, i * COST_BYTES, Double.POSITIVE_INFINITY);
        }
        nexts.fill((byte) 0xFF);
        for (int i = 0; i < f.reachedNodes().length; i++) {
            c.set(COST, f.reachedNodes()[i] * COST_BYTES, f.reachedCosts()[i]);
        }
        for (int i = 0; i < f.stepNodes().length; i++) {
            nexts.set(NEXT, f.stepNodes()[i] * NEXT_BYTES, f.stepNext()[i]);
        }
        open.load(f.open());
        for (int t : f.touched()) {
            touch(t);
        }
        status = FlowStatus.ofCode(f.status());
        settled = f.settled();
        repairing = f.repairing();
    }

    /**
     * Leaves the field not started: unusable until begun or restored. The memory is kept.
     *
     * @throws IllegalStateException if the field has been closed
     */
    public void invalidate() {
        state.ensureOpen();
        clearRepairList();
        open.clear();
        notStarted();
    }

    /**
     * Frees the field's memory; views from {@link #costs()} and {@link #directions()} become
     * invalid and later calls throw {@link IllegalStateException}. Closing twice does nothing;
     * the topology is left alone.
     */
    @Override
    public void close() {
        if (state.markClosed()) {
            open.close();
            touched.close();
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "FlowField[" + nodeCount + " nodes, " + goals.length + " goals, " + status
                + (repairing ? ", repairing" : "") + (state.isClosed() ? ", closed]" : "]");
    }

    // ---- internals ----

    /** The wave is over: directions for every reached node (whole field) or around the repair. */
    private void finish() {
        if (repairing) {
            final T topo = topology;
            final int[] nb = neighborNodes;
            final double[] nc = neighborCosts;
            final int count = touched.size();
            for (int i = 0; i < count; i++) {
                final int t = touched.get(i);
                direction(t);
                final int k = topo.neighbors(t, nb, nc);
                for (int j = 0; j < k; j++) {
                    direction(nb[j]);
                }
            }
            clearRepairList();
            repairing = false;
        } else {
            // Nodes whose direction waited (an absorbed move at their pop, or a wave restored
            // from a snapshot) are the reached ones still without a next: one pass over two arrays.
            final MemorySegment c = costs;
            final MemorySegment nx = nexts;
            for (int n = 0; n < nodeCount; n++) {
                if (nx.get(NEXT, n * NEXT_BYTES) == NO_NEXT && c.get(COST, n * COST_BYTES) < Double.POSITIVE_INFINITY) {
                    direction(n);
                }
            }
        }
        status = FlowStatus.COMPLETE;
    }

    /*
     * directionAtPop: why a whole field may set a node's direction when it pops. At the pop of n
     * (cost c, final) every neighbour u whose final cost is below c has popped already, so its
     * value is final. A neighbour attains the minimum c only if its final cost plus the move is
     * c, which needs its final cost below c, unless the move is absorbed (c + move == c: a zero
     * move, or one below half an ulp of c). Every other neighbour offers more than c now and
     * later (costs only fall to their final value, and rounding is monotone). So without an
     * absorbed move the first neighbour attaining the minimum now is the one the definition
     * names over the final costs; with one, the node's direction waits for the end of the wave.
     * A minimum above c (possible only with a step-cost hook that prices a move differently in
     * its two directions) names no next node, so a next node never costs more than its node.
     */

    /** next[n]: the first neighbour attaining the minimum of cost[u] + move(n, u); -1 for goals and unreachable nodes. */
    private void direction(int n) {
        final MemorySegment c = costs;
        final double cn = c.get(COST, n * COST_BYTES);
        int best = NO_NEXT;
        if (cn < Double.POSITIVE_INFINITY && !(cn == 0.0 && isGoal(n))) {
            final int[] nb = directionNodes;
            final double[] nc = directionCosts;
            final C hook = stepCost;
            final int k = topology.neighbors(n, nb, nc);
            double min = Double.POSITIVE_INFINITY;
            for (int j = 0; j < k; j++) {
                final int u = nb[j];
                final double step = hook.cost(n, u, nc[j]);
                if (!(step >= 0.0) || step == Double.POSITIVE_INFINITY) {
                    continue;
                }
                final double s = c.get(COST, u * COST_BYTES) + step;
                if (s < min) {
                    min = s;
                    best = u;
                }
            }
            if (min > cn) {
                best = NO_NEXT;
            }
        }
        nexts.set(NEXT, n * NEXT_BYTES, best);
    }

    /** Puts a node on the repair's list once. */
    private void touch(int node) {
        if (marks.get(MARK, node) == 0) {
            marks.set(MARK, node, TOUCHED);
            touched.add(node);
        }
    }

    /** A node whose cost the repair's wave lowered: its direction is stale until the wave ends. */
    private void improved(int node) {
        touch(node);
        nexts.set(NEXT, node * NEXT_BYTES, NO_NEXT);
    }

    private void clearRepairList() {
        for (int i = 0; i < touched.size(); i++) {
            marks.set(MARK, touched.get(i), (byte) 0);
        }
        touched.clear();
    }

    private void notStarted() {
        status = FlowStatus.NOT_STARTED;
        settled = 0;
        repairing = false;
    }

    private void check(FlowFieldPiece.Field f, long at) {
        if (f.nodeCount() != nodeCount) {
            throw new GridStateException(
                    "flow.nodeCount",
                    Integer.toString(f.nodeCount()),
                    nodeCount + " (the restoring field's node count)",
                    at + FlowFieldPieceLayout.NODE_COUNT_OFFSET);
        }
        if (!Arrays.equals(f.goals(), goals)) {
            throw new GridStateException(
                    "flow.goals",
                    Arrays.toString(f.goals()),
                    Arrays.toString(goals) + " (the restoring field's goals)",
                    at + FlowFieldPieceLayout.GOAL_COUNT_OFFSET);
        }
        final int[] nb = neighborNodes;
        final double[] nc = neighborCosts;
        int goalCount = f.goals().length;
        int reached = f.reachedNodes().length;
        for (int i = 0; i < f.stepNodes().length; i++) {
            int node = f.stepNodes()[i];
            int next = f.stepNext()[i];
            int k = topology.neighbors(node, nb, nc);
            boolean neighbour = false;
            for (int j = 0; j < k && !neighbour; j++) {
                neighbour = nb[j] == next;
            }
            if (!neighbour) {
                throw new GridStateException(
                        "flow.step[" + i + "].next",
                        Integer.toString(next),
                        "a node the topology moves to from node " + node,
                        at
                                + FlowFieldPieceLayout.stepOffset(goalCount, reached, i)
                                + FlowFieldPieceLayout.STEP_NEXT_OFFSET);
            }
        }
    }

    private void checkComputed() {
        state.ensureOpen();
        if (status == FlowStatus.NOT_STARTED) {
            throw new IllegalStateException("the flow field is not computed: call begin() (or restore a state)");
        }
    }

    private void checkComplete() {
        state.ensureOpen();
        if (status != FlowStatus.COMPLETE) {
            throw new IllegalStateException("the flow field is " + status + ": run it to COMPLETE before following it");
        }
    }

    private void checkNode(int node) {
        if (node < 0 || node >= nodeCount) {
            throw new IllegalArgumentException("node " + node + " is outside 0.." + (nodeCount - 1));
        }
    }

    private static int[] sortedGoals(int[] goals, int nodeCount) {
        Objects.requireNonNull(goals, "goals");
        for (int g : goals) {
            if (g < 0 || g >= nodeCount) {
                throw new IllegalArgumentException("goal node " + g + " is outside 0.." + (nodeCount - 1));
            }
        }
        int[] sorted = goals.clone();
        Arrays.sort(sorted);
        int k = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[k++] = sorted[i];
            }
        }
        return Arrays.copyOf(sorted, k);
    }
}
